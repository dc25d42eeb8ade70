// CuTe's slice_and_offset of a swizzled composed layout (cute/swizzle_layout.hpp): the projections of the
// swizzle's bit groups, composed with the fixed and the kept parts of the layout, decide whether the
// swizzle folds into +/- strides or stays.
#include <cstdlib>

#include "tvlab/core/composed_layout.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

int64_t bit(int i) {
  return int64_t{1} << i;
}

// The layout (2^M, 2^B, 2^(|S|-B), 2^B, 1) with the given strides: CuTe's projections of an index onto
// the swizzle's unswizzled bits (anti_zy) or its two swizzled groups (only_zy).
Layout projection(const Swizzle& sw, bool only_zy) {
  const int m = sw.base, b = sw.bits, s = std::abs(sw.shift);
  const IntTuple shape = IntTuple::tuple({bit(m), bit(b), bit(s - b), bit(b), 1});
  const IntTuple stride = only_zy ? IntTuple::tuple({0, bit(m), 0, bit(m + s), 0})
                                  : IntTuple::tuple({1, 0, bit(m + b), 0, bit(m + b + s)});
  return make_layout(shape, stride);
}

int64_t value_at(const Layout& l, const IntTuple& coord) {
  return l(coord).ival();
}

// Stand-ins for run-time strides: consecutive integers above 2^32 (pairwise coprime up to a factor < 8,
// so no quotient below 2^29 makes one a multiple of another, nor of a power of two times such a quotient).
constexpr int64_t kMarker = (int64_t{1} << 32) + 1;

template <class F>
IntTuple transform_leaves(const IntTuple& t, F f) {
  if (t.is_leaf()) return IntTuple(f(t.ival()));
  std::vector<IntTuple> c;
  for (int i = 0; i < t.size(); ++i) c.push_back(transform_leaves(t[i], f));
  return IntTuple::tuple(std::span<const IntTuple>(c));
}

IntTuple zeros_like(const IntTuple& t) {
  return transform_leaves(t, [](int64_t) { return int64_t{0}; });
}

}  // namespace

ComposedSlice slice_and_offset(const ComposedLayout& c, const Layout& diced, const IntTuple& diced_coord,
                               const Layout& sliced) {
  if (c.is_smem_flagged())
    throw LayoutError("slice_and_offset",
                      "a smem_ptr-flagged layout's swizzle rides on the pointer: slice its inner layout");
  const Swizzle& sw = c.swizzle;
  const int64_t k = c.offset.ival();
  const int64_t fixed = value_at(diced, diced_coord);
  ComposedSlice out;
  if (sw.bits == 0) {  // the identity swizzle: a plain slice
    out = ComposedSlice{sliced, k + fixed, zeros_like(sliced.stride)};
  } else {
    const Layout only_zy = projection(sw, true), anti_zy = projection(sw, false);
    // The fixed part's swizzled bits join the offset; its other bits pass through.
    const int64_t offset_only_zy = k ^ value_at(composition(only_zy, diced), diced_coord);
    const int64_t offset_anti_zy = value_at(composition(anti_zy, diced), diced_coord);
    // The swizzled bits the kept modes can reach: (P o sliced)(size - 1).
    const Layout reach = composition(only_zy, sliced);
    const int64_t active = reach(size(reach) - 1);
    if ((active & ~sw(active)) != 0) {
      // The kept modes hit both bits of a swizzled pair: not reducible.
      out = ComposedSlice{composition(sw, IntTuple(offset_only_zy), sliced), offset_anti_zy,
                          zeros_like(sliced.stride)};
    } else {
      const int64_t zzz = sw.zzz_mask(), yyy = sw.yyy_mask();
      const int64_t z = zzz & -zzz, y = yyy & -yyy;
      // Per bit i of the low and the high group: the stride that adding 2^i there has after the swizzle.
      auto strides = [&](bool z_group) {
        std::vector<IntTuple> st;
        for (int i = 0; i < sw.bits; ++i) {
          if (z_group)  // a z bit: +z or -z, by the y partner fixed in the offset
            st.emplace_back((offset_only_zy & (y << i)) == 0 ? (z << i) : -(z << i));
          else  // a y bit: flips its z partner, which the offset fixes
            st.emplace_back((offset_only_zy & (z << i)) == 0 ? ((y + z) << i) : ((y - z) << i));
        }
        return st;
      };
      const bool z_low = z < y;
      const std::vector<IntTuple> lo = strides(z_low), hi = strides(!z_low);
      const std::vector<IntTuple> twos(static_cast<size_t>(sw.bits), IntTuple(2));
      const int m = sw.base, s = std::abs(sw.shift);
      // CuTe's lo/hi strides are run-time values: composed with markers in their place (distinct, coprime
      // to everything else the composition multiplies), the result shows which strides stem from which,
      // and nothing coalesces across them, as CuTe cannot with run-time strides.
      std::vector<IntTuple> lo_mark, hi_mark;
      std::vector<int64_t> real;
      for (int i = 0; i < sw.bits; ++i) {
        lo_mark.emplace_back(kMarker + int64_t(real.size()));
        real.push_back(lo[static_cast<size_t>(i)].ival());
      }
      for (int i = 0; i < sw.bits; ++i) {
        hi_mark.emplace_back(kMarker + int64_t(real.size()));
        real.push_back(hi[static_cast<size_t>(i)].ival());
      }
      const Layout marked(
          IntTuple::tuple({bit(m), IntTuple::tuple(twos), bit(s - sw.bits), IntTuple::tuple(twos), 1}),
          IntTuple::tuple({1, IntTuple::tuple(lo_mark), bit(m + sw.bits), IntTuple::tuple(hi_mark),
                           bit(m + sw.bits + s)}));
      const Layout composed = composition(marked, sliced);
      const IntTuple stride = transform_leaves(composed.stride, [&](int64_t r) {
        for (size_t j = 0; j < real.size(); ++j)
          if (r != 0 && r % (kMarker + int64_t(j)) == 0) return real[j] * (r / (kMarker + int64_t(j)));
        return r;
      });
      const IntTuple dyn = transform_leaves(composed.stride, [&](int64_t r) -> int64_t {
        for (size_t j = 0; j < real.size(); ++j)
          if (r != 0 && r % (kMarker + int64_t(j)) == 0) return 1;
        return 0;
      });
      out = ComposedSlice{Layout(composed.shape, stride), sw(offset_only_zy) + offset_anti_zy, dyn};
    }
  }
  // The folded form is CuTe's only where the fixed part's bits and the kept modes' bits do not carry
  // into each other; say so where they do rather than print a layout that is not the slice.
  const int64_t n = size(sliced);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t want = sw(k + fixed + sliced(i));
    const int64_t got = std::visit(
        [&](const auto& l) -> int64_t {
          if constexpr (std::is_same_v<std::decay_t<decltype(l)>, Layout>)
            return l(i);
          else
            return l(IntTuple(i));
        },
        out.layout);
    if (got + out.offset != want)
      throw LayoutError("slice_and_offset", "CuTe's slice of " + to_string(AnyLayout(c)) +
                                                " is not the swizzled layout at index " + std::to_string(i) +
                                                " (" + std::to_string(got + out.offset) + ", not " +
                                                std::to_string(want) + "): not modelled");
  }
  return out;
}

}  // namespace tvlab
