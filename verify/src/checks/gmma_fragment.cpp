#include "tvlab/verify/checks/gmma_fragment.hpp"

#include <algorithm>
#include <functional>
#include <vector>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

GmmaBlock gmma_block(const TiledMMA& m, const PlannedSmem& s) {
  const Layout& in = s.tile.layout;
  const Layout id = make_identity_layout(product_each(in.shape));
  const auto frgv = [&](const Layout& x) {
    const Layout f = s.name == "A" ? m.thrfrg_A(x) : m.thrfrg_B(x);
    return mode(mode(f, 1), 0);
  };
  return GmmaBlock{frgv(in), frgv(id)};
}

std::string gmma_block_order_witness(const GmmaBlock& b, const PlannedSmem& s) {
  if (rank(b.coords) != 2) return "";
  const int64_t mn = size(mode(b.coords, 0)), kk = size(mode(b.coords, 1));
  // The identity's value: a sum of scaled bases (v@0, w@1) or a tuple of them, one integer per axis.
  const std::function<void(const IntTuple&, std::vector<int64_t>&, int)> add =
      [&](const IntTuple& x, std::vector<int64_t>& v, int pos) {
        if (x.is_leaf()) {
          const Scalar& sc = x.value();
          const int axis = sc.is_basis() ? sc.path(0) : pos;
          if (axis >= 0 && axis < 2) v[size_t(axis)] += sc.value;
          return;
        }
        for (int a = 0; a < x.size(); ++a) add(x[a], v, a);
      };
  const Layout along_mn = mode(b.coords, 0), along_k = mode(b.coords, 1);
  const auto crd = [&](int64_t i, int64_t j) {
    std::vector<int64_t> v{0, 0};
    add(along_mn(IntTuple(i)), v, -1);
    add(along_k(IntTuple(j)), v, -1);
    return v;
  };
  const std::vector<int64_t> o = crd(0, 0);
  int64_t k0 = o[1];
  for (int64_t i = 0; i < mn; ++i)
    for (int64_t j = 0; j < kk; ++j) k0 = std::min(k0, crd(i, j)[1]);
  const std::string mnx = s.name == "A" ? "m" : "n";
  for (int64_t i = 0; i < mn; ++i) {
    std::vector<bool> seen(size_t(kk), false);
    for (int64_t j = 0; j < kk; ++j) {
      const std::vector<int64_t> c = crd(i, j);
      const bool row_ok = c[0] == o[0] + i;
      const bool col_ok = c[1] >= k0 && c[1] < k0 + kk && !seen[size_t(c[1] - k0)];
      if (row_ok && col_ok) {
        seen[size_t(c[1] - k0)] = true;
        continue;
      }
      return "the atom's " + s.name + " value (" + mnx + ",k) = (" + std::to_string(i) + "," +
             std::to_string(j) + ") is tile element (" + std::to_string(c[0]) + "," + std::to_string(c[1]) +
             ") by CuTe's partition, but the descriptor walks the block from (" + std::to_string(o[0]) + "," +
             std::to_string(k0) + ") in canonical order: row " + std::to_string(o[0] + i) + " of columns " +
             std::to_string(k0) + ".." + std::to_string(k0 + kk - 1);
    }
  }
  return "";
}

Layout gmma_fragment_layout(const Layout& tcs, int bits) {
  const int64_t per = 128 / bits;
  const std::function<IntTuple(const IntTuple&)> div = [&](const IntTuple& d) -> IntTuple {
    if (d.is_leaf()) {
      const int64_t v = d.ival();
      if (v % per != 0)
        throw LayoutError("recast<uint128_t>", "a stride of " + std::to_string(v) + " elements of " +
                                                   std::to_string(bits) + " bits is no whole number of " +
                                                   "16-byte units in " + to_string(tcs));
      return IntTuple(v / per);
    }
    std::vector<IntTuple> out;
    for (int i = 0; i < d.size(); ++i) out.push_back(div(d[i]));
    return IntTuple::tuple(std::span<const IntTuple>(out));
  };
  std::vector<Layout> modes{make_layout(IntTuple(1), IntTuple(0))};
  for (int i = 1; i < rank(tcs); ++i) {
    const Layout md = mode(tcs, i);
    // A mode of size 1 keeps stride 0 under recast (CuTe's upcast of a 1:0 mode).
    modes.push_back(make_layout(md.shape, div(md.stride)));
  }
  return make_layout(std::span<const Layout>(modes));
}

}  // namespace tvlab
