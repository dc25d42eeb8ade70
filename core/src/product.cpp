#include "tvlab/core/product.hpp"

#include <algorithm>
#include <string>

#include "tvlab/core/complement.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

Layout logical_product(const Layout& block, const Tiler& tiler) {
  if (tiler.is_layout()) {
    const Layout& t = tiler.layout();
    return make_layout(
        {block, composition(complement(block, IntTuple(checked_mul(size(block), cosize(t)))), t)});
  }
  if (tiler.is_underscore()) return block;
  if (tiler.is_integer()) return logical_product(block, Tiler(make_layout(IntTuple(tiler.integer()))));
  if (tiler.rank() > rank(block))
    throw LayoutError("logical_product: Too many modes in tiler.",
                      "logical_product(" + to_string(block) + ", " + to_string(tiler) + ")");
  std::vector<Layout> modes;
  for (int i = 0; i < rank(block); ++i)
    modes.push_back(i < tiler.rank() ? logical_product(mode(block, i), tiler.modes()[i]) : mode(block, i));
  return make_layout(modes);
}

Layout zipped_product(const Layout& block, const Tiler& tiler) {
  return detail::tile_unzip(block, logical_product(block, tiler), tiler, "zipped_product", "logical_product");
}

Layout tiled_product(const Layout& block, const Tiler& tiler) {
  return detail::unpack_rest(zipped_product(block, tiler));
}

Layout flat_product(const Layout& block, const Tiler& tiler) {
  return detail::unpack_both(zipped_product(block, tiler));
}

namespace {
Layout rank_sensitive_product(const Layout& block, const Layout& tiler, bool raked) {
  const int r = std::max(rank(block), rank(tiler));
  Layout result = logical_product(append_n(block, r), Tiler(append_n(tiler, r)));
  return raked ? zip(mode(result, 1), mode(result, 0)) : zip(mode(result, 0), mode(result, 1));
}
}  // namespace

Layout blocked_product(const Layout& block, const Layout& tiler) {
  return rank_sensitive_product(block, tiler, false);
}

Layout raked_product(const Layout& block, const Layout& tiler) {
  return rank_sensitive_product(block, tiler, true);
}

Layout tile_to_shape(const Layout& block, const IntTuple& trg_shape, const ModeOrder& order) {
  if (rank(block) > rank(trg_shape))
    throw LayoutError("Rank of layout must be <= rank of target shape.",
                      "the block " + to_string(block) + " has rank " + std::to_string(rank(block)) +
                          ", the target shape " + to_string(trg_shape) + " " +
                          std::to_string(rank(trg_shape)));
  const int r = rank(trg_shape);
  Layout padded = append_n(block, r);
  IntTuple block_shape = product_each(padded.shape);
  IntTuple target_shape = product_each(trg_shape);
  if (!evenly_divides(target_shape, block_shape))
    throw LayoutError("tile_to_shape: block shape does not divide the target shape.",
                      "the block " + to_string(block) + " has shape " + to_string(block_shape) +
                          ", the target shape is " + to_string(target_shape));
  IntTuple product_shape = ceil_div(target_shape, block_shape);
  Layout ordered = std::holds_alternative<Major>(order)
                       ? make_layout(product_shape, std::get<Major>(order))
                       : make_ordered_layout(product_shape, std::get<IntTuple>(order));
  return blocked_product(padded, ordered);
}

}  // namespace tvlab
