#include "tvlab/core/atoms/smem_tile.hpp"

#include <string>

#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {
int log2_exact(int64_t v) {
  int l = 0;
  while ((int64_t(1) << l) < v) ++l;
  return l;
}

void require_bits(int bits) {
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    throw LayoutError("smem element width", "element width " + std::to_string(bits) +
                                                " bits is not supported here (8, 16, 32 or 64 bits)");
}

bool has_basis(const IntTuple& t) {
  if (t.is_leaf()) return t.value().is_basis();
  for (const auto& c : t.children())
    if (has_basis(c)) return true;
  return false;
}

void require_integer_layout(const Layout& l) {
  validate(l);
  if (has_basis(l.stride))
    throw LayoutError("smem layout", to_string(l) + " is coordinate-valued; an smem layout maps to offsets");
}
}  // namespace

int64_t SmemTile::byte_address(const IntTuple& coord) const {
  const int64_t off = layout(coord).ival();
  return byte_swizzle(checked_add(start_byte, checked_mul(off, bits / 8)));
}

SmemTile smem_tile(const Layout& l, int bits) {
  require_bits(bits);
  require_integer_layout(l);
  SmemTile t;
  t.layout = l;
  t.bits = bits;
  return t;
}

SmemTile smem_tile(const ComposedLayout& c, int bits) {
  require_bits(bits);
  require_integer_layout(c.layout);
  if (!c.offset.is_leaf() || c.offset.value().is_basis())
    throw LayoutError("smem layout", "the offset of " + to_string(c) + " is not an integer");
  SmemTile t;
  t.layout = c.layout;
  t.bits = bits;
  if (c.is_smem_flagged()) {  // Sw o smem_ptr[Wb](unset) o L: the swizzle already acts on byte addresses
    if (c.smem_ptr_bits != bits)
      throw LayoutError("smem_ptr width", "smem_ptr[" + std::to_string(c.smem_ptr_bits) +
                                              "b] does not match the element type's " + std::to_string(bits) +
                                              " bits");
    t.byte_swizzle = c.swizzle.bits == 0 ? Swizzle(0, 4, 3) : c.swizzle;
    return t;
  }
  t.start_byte = checked_mul(c.offset.ival(), bits / 8);
  // Sw<B,M,S> on element offsets is Sw<B,M+log2(bytes),S> on byte addresses; B = 0 is no swizzle at all.
  t.byte_swizzle = c.swizzle.bits == 0
                       ? Swizzle(0, 4, 3)
                       : Swizzle(c.swizzle.bits, c.swizzle.base + log2_exact(bits / 8), c.swizzle.shift);
  return t;
}

SmemTile parse_smem_tile(std::string_view text, int bits) {
  require_bits(bits);
  const Value v = evaluate(text);
  if (const auto* l = std::get_if<Layout>(&v)) return smem_tile(*l, bits);
  if (const auto* c = std::get_if<ComposedLayout>(&v)) return smem_tile(*c, bits);
  if (const auto* t = std::get_if<IntTuple>(&v)) return smem_tile(make_layout(*t), bits);
  throw LayoutError("smem layout", "`" + printable(text) + "` is not a layout");
}

}  // namespace tvlab
