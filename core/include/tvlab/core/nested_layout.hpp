// CuTe's nested composed layouts: a swizzled layout whose inner layout is itself swizzled,
//
//   Sw0 o k0 o Sw1 o k1 o ... o (Sw o k o L)      (ComposedLayout<Swizzle, Offset, ComposedLayout<...>>)
//
// what CuTe's composition of two composed layouts gives (include/cute/layout_composed.hpp):
//   composition(Sw o k o L, B) = composition(Sw, k, composition(L, B)), and composition(L, Sw' o 0 o L') =
//   composition(composition(L, Sw'), L') is itself composed, so composition(Sw, k, ...) nests. CuTe's own
//   test (test/unit/cute/core/composition.cpp) composes Sw<2,0,3> o (8,8):(8,1) with Sw<2,0,-3> o
//   (8,8):(8,1): Sw<2,0,3> o 0 o Sw<2,0,3> o 0 o (8,8):(1,8).
//
// A NestedLayout holds the outer stages (outermost first) and the innermost ComposedLayout. It is a value of
// its own type, not a ComposedLayout, so the consumers of swizzled shared-memory layouts (banks, descriptors,
// partitions, renders) never read only its innermost swizzle: they refuse it as "not a layout" instead.
//
// The functions follow CuTe's generic rules for ComposedLayout<A,O,B> with B composed:
//   * most act on the innermost layout and keep every stage: f(S o X) = composition(S, f(X)) (coalesce,
//     filter, composition with a tiler, with_shape, the divides, the products with a composed block,
//     tile_to_shape, get/take/flatten/append/group/zip);
//   * size, cosize, shape, rank, depth and complement look at the innermost layout;
//   * upcast/downcast scale every stage (swizzle and offset) and the inner layout;
//   * max_common_vector/max_common_layout truncate to 2^M of every stage, as CuTe's recursion does;
//   * composition(Layout, S o X) moves the outer stage's masks through the layout (offset 0 only).
// An outer stage over an smem_ptr-flagged inner layout (or a flagged layout over a composed one) is refused:
// CuTe would add a pointer flag and an integer, which has no meaning tvlab can evaluate. The inverses,
// slicing, logical_product(Layout, nested) and the rest CuTe defines only for Swizzle o k o Layout throw
// LayoutError.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "tvlab/core/composed_layout.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

// One outer stage: x -> swizzle(offset + x).
struct SwizzleStage {
  Swizzle swizzle;
  int64_t offset = 0;
  friend bool operator==(const SwizzleStage&, const SwizzleStage&) = default;
};

struct NestedLayout {
  std::vector<SwizzleStage> outer;  // outermost first; never empty
  ComposedLayout inner;             // the innermost Sw o k o L; never smem_ptr-flagged, integer offset

  // (outer[0] o ... o outer[n-1] o inner)(coord): inner(coord), then each stage from the innermost out.
  // @post equals CuTe's layout(coord).
  int64_t operator()(const IntTuple& coord) const;
  friend bool operator==(const NestedLayout&, const NestedLayout&) = default;
};

// A value of CuTe's functions on composed layouts once nesting is possible.
using SwizzledLayout = std::variant<Layout, ComposedLayout, NestedLayout>;

std::string to_string(const NestedLayout& n, Style style = Style::Plain);
std::string to_string(const SwizzledLayout& l, Style style = Style::Plain);
SwizzledLayout widen(const AnyLayout& l);

// CuTe's composition(Sw, k, X) for any X: a plain layout gives composition(Sw, k, L) (which decays to L for
// an identity swizzle and offset 0, as CuTe's identity overload); a composed or nested X gains an outer
// stage.
// @pre integer k where X is composed; X not smem_ptr-flagged where it is composed (LayoutError otherwise).
SwizzledLayout composition(const Swizzle& sw, int64_t offset, const SwizzledLayout& x);
// The stages of c (its own swizzle and offset, or its smem_ptr flag) wrapped around x: CuTe's
// composition(c.layout_a(), c.offset(), x).
// Example: wrap(Sw<2,0,3> o 0 o L, Sw<2,0,3> o 0 o (8,8):(1,8)) = Sw<2,0,3> o 0 o Sw<2,0,3> o 0 o
// (8,8):(1,8).
SwizzledLayout wrap(const ComposedLayout& c, const SwizzledLayout& x);
// n's outer stages wrapped around x (what f(n) = composition(outer, f(n.inner)) builds).
SwizzledLayout wrap(const NestedLayout& n, const SwizzledLayout& x);

// CuTe's composition(A, B) where A or B is composed or nested (a plain B is a tiler), recursively:
//   composition(S o X, B) = composition(S, composition(X, B)),
//   composition(L, Sw o 0 o X) = composition(composition(L, Sw), X).
// @pre the outer offset of a swizzled B is 0 (CuTe's static_assert "Require offset == 0.").
// @post result(i) == A(B(i)) for every i < size(B) where CuTe's composition(Layout, Swizzle) is exact
// (checked
//       there; a LayoutError otherwise).
// Example: composition(Sw<2,0,3> o 0 o (8,8):(8,1), Sw<2,0,-3> o 0 o (8,8):(8,1))
//            = Sw<2,0,3> o 0 o Sw<2,0,3> o 0 o (8,8):(1,8)
SwizzledLayout composition(const SwizzledLayout& a, const SwizzledLayout& b);
SwizzledLayout composition(const NestedLayout& a, const Tiler& t);

// upcast/downcast: every stage's swizzle (as upcast(Swizzle, n)) and offset (k/n, divisible; k*n) and the
// inner layout. Example: upcast(Sw<2,0,3> o 0 o Sw<2,0,3> o 0 o (8,8):(1,8), 2)
//   = Sw<1,0,3> o 0 o Sw<1,0,3> o 0 o (4,8):(1,4).
SwizzledLayout upcast(const NestedLayout& n, int64_t factor);
SwizzledLayout downcast(const NestedLayout& n, int64_t factor);
SwizzledLayout recast_layout(const NestedLayout& n, int64_t old_bits, int64_t new_bits);

// CuTe's recursion: min(max_common_vector(inner, b), 2^M of each stage); for two swizzled layouts, the
// inner vector, limited by both outer 2^M unless the outer swizzles are equal, at each level.
int64_t max_common_vector(const NestedLayout& a, const Layout& b);
int64_t max_common_vector(const SwizzledLayout& a, const SwizzledLayout& b);
// max_common_layout(inner, b) truncated to 2^M elements at each stage, innermost first; symmetric.
Layout max_common_layout(const NestedLayout& a, const Layout& b);

int64_t size(const NestedLayout& n);
int64_t cosize(const NestedLayout& n);
int rank(const NestedLayout& n);
int depth(const NestedLayout& n);
const IntTuple& shape(const NestedLayout& n);
Layout complement(const NestedLayout& n);
Layout complement(const NestedLayout& n, const IntTuple& cotarget);
// True when every offset (each stage's and the inner one) is 0: then the layout is L followed by bijections
// that fix 0, so it is 0 exactly where L is.
bool zero_offsets(const NestedLayout& n);

}  // namespace tvlab
