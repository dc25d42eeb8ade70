// Swizzle<B,M,S> and composed layouts `Sw o offset o L`.
//
// A swizzle XORs B bits of an index, taken at bit M+max(0,S), into the B bits at M-min(0,S):
//
//   Sw<3,3,3>(i) = i ^ ((i & 0b111'000'000) >> 3)
//   Sw<3,3,3> o (8,64):(64,1), column 0, rows 0..7 = 0 72 144 216 288 360 432 504
//
// Shared-memory layouts use them to spread a column of a tile over all banks. A ComposedLayout applies
// its layout, adds the offset, then the swizzle: (Sw o k o L)(c) = Sw(k + L(c)).
#pragma once

#include <cstdint>

#include "tvlab/core/layout.hpp"

namespace tvlab {

struct Swizzle {
  int bits = 0, base = 0, shift = 0;  // B, M, S

  // Throws LayoutError unless B >= 0, M >= 0 and |S| >= B (CuTe's static_asserts), within 64-bit indices.
  Swizzle(int b, int m, int s);
  int64_t yyy_mask() const;
  int64_t zzz_mask() const;
  int64_t operator()(int64_t offset) const;
  friend bool operator==(const Swizzle& a, const Swizzle& b) {
    return a.bits == b.bits && a.base == b.base && a.shift == b.shift;
  }
};

struct ComposedLayout {
  Swizzle swizzle;
  IntTuple offset;
  Layout layout;

  ComposedLayout(Swizzle sw, IntTuple off, Layout l)
      : swizzle(sw), offset(std::move(off)), layout(std::move(l)) {}
  // The swizzled index of a coordinate or 1-D index (integer-valued inner layouts only).
  int64_t operator()(const IntTuple& coord) const;
  friend bool operator==(const ComposedLayout& a, const ComposedLayout& b) {
    return a.swizzle == b.swizzle && a.offset == b.offset && a.layout == b.layout;
  }
};

}  // namespace tvlab
