// CuTe's operations on composed (swizzled) layouts `Sw o k o L`, with CuTe's per-function rules
// (include/cute/layout_composed.hpp, swizzle_layout.hpp, pointer_flagged.hpp).
//
// The rules, in short:
//   * Most functions act on the inner layout and keep the swizzle and the offset (or smem_ptr flag):
//       f(Sw o k o L, ...) = composition(Sw, k, f(L, ...))
//     coalesce, filter, composition(A, tiler), with_shape, the divides, the products with a composed
//     block, tile_to_shape, get/take/flatten/append/group/zip.
//   * size, cosize, shape, rank, depth and complement look at L only; stride() is not defined.
//   * composition(Sw, 0, L) with B == 0 decays to the plain layout L (CuTe's identity overload), which
//     is why these functions return AnyLayout. A smem_ptr-flagged layout never decays.
//   * The swizzle itself changes in: upcast/downcast (M moves by log2 n; a flag's width is scaled
//     instead), right_inverse/left_inverse (the swizzle's masks move through the inverse),
//     composition(Layout, Swizzle) / composition(Layout, Sw o 0 o L) (masks move through the layout),
//     logical_product(Layout, Sw o 0 o L), and max_common_vector/max_common_layout truncate to 2^M.
//   * Everything CuTe does not define, or defines only for a different offset, throws LayoutError
//     naming the function and saying so. Nothing drops a swizzle, an offset or a flag silently.
//
// A smem_ptr-flagged layout's swizzle acts on byte addresses; where CuTe would carry on with it as an
// element-index swizzle (inverses, max_common_*, composition from the left) these throw and name
// as_position_independent_swizzle_layout(), which converts it exactly.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "tvlab/core/product.hpp"
#include "tvlab/core/swizzle.hpp"
#include "tvlab/core/tiler.hpp"

namespace tvlab {

// A layout value that may be composed: what CuTe's functions on composed layouts return.
using AnyLayout = std::variant<Layout, ComposedLayout>;

std::string to_string(const AnyLayout& l);
// The layout L of `l` itself or of a composed `Sw o k o L` (what slicing and partitioning act on).
const Layout& inner_layout(const AnyLayout& l);

// CuTe's composition(Sw, offset, L): Sw o offset o L, or L itself when B == 0 and offset == 0.
// @post evaluating the result at i equals Sw(offset + L(i)).
// Example: composition(Sw<0,4,3>, 0, 8:1) = 8:1;  composition(Sw<3,3,3>, 0, 8:1) = Sw<3,3,3> o 0 o 8:1.
AnyLayout composition(const Swizzle& sw, const IntTuple& offset, const Layout& l);
// composition(Sw, L) = composition(Sw, 0, L).
AnyLayout composition(const Swizzle& sw, const Layout& l);
// CuTe's composition(Layout A, Swizzle): the swizzle whose masks are A(yyy), A(zzz), composed with A.
// @pre A integer-valued and its images of the masks form a swizzle (else LayoutError).
// @post result(i) == A(Sw(i)) for every i in [0,size(A)): checked, and where CuTe's rule ("works in simple
//       cases") does not give that, a LayoutError saying so instead of CuTe's result (size(A) <= 2^20).
// Example: composition((64,8):(8,1), Sw<3,0,3>) = Sw<3,3,3> o 0 o (64,8):(8,1).
AnyLayout composition(const Layout& a, const Swizzle& sw);
// composition(Sw o k o L, T) = composition(Sw, k, composition(L, T)).  Keeps a smem_ptr flag.
// @post result(i) == a(composition(L,T)-index i), i.e. a evaluated through T.
// Example: composition(Sw<3,3,3> o 0 o (8,64):(64,1), (8,8)) = Sw<3,3,3> o 0 o (8,8):(64,1).
AnyLayout composition(const ComposedLayout& a, const Tiler& t);
// composition(A, Sw o 0 o L) = composition(composition(A, Sw), L).
// @pre b's offset is 0 and b is not smem_ptr-flagged (LayoutError otherwise).
// Example: composition((64,8):(8,1), Sw<3,0,3> o 0 o (8,8):(8,1)) = Sw<3,3,3> o 0 o (8,8):(64,8).
AnyLayout composition(const Layout& a, const ComposedLayout& b);
// with_shape(C, shape) = composition(C, make_layout(shape)).
AnyLayout with_shape(const ComposedLayout& c, const IntTuple& shape);

// right_inverse(Sw o 0 o L) = composition(right_inverse(L), Sw); likewise left_inverse.
// @pre offset 0, not flagged (CuTe's other branch yields Layout o -k o Sw, which tvlab cannot hold).
// @post c(result(i)) == i on result's domain (right) / result(c(i)) == i on c's (left): checked; where the
//       swizzle reaches outside L's image CuTe's rule gives no inverse and this throws saying so.
// Example: right_inverse(Sw<3,3,3> o 0 o (8,64):(64,1)) = Sw<3,0,-6> o 0 o (64,8):(8,1).
AnyLayout right_inverse(const ComposedLayout& c);
AnyLayout left_inverse(const ComposedLayout& c);

// upcast / downcast of a swizzle (n a power of two): upcast(Sw<B,M,S>, n) = Sw<B,M-log2 n,S> when
// M >= log2 n, else Sw<max(B+M-log2 n,0),0,S>; downcast(Sw<B,M,S>, n) = Sw<B,M+log2 n,S>.
Swizzle upcast(const Swizzle& sw, int64_t n);
Swizzle downcast(const Swizzle& sw, int64_t n);
// upcast(Sw o k o L, n) = composition(upcast(Sw,n), k/n, upcast(L,n)); a flag smem_ptr[W] becomes
// smem_ptr[W*n] with the swizzle unchanged (it acts on bytes). downcast likewise (k*n, W/n).
// @pre n a power of two (swizzle) / n > 0 and W*n or W/n integral (flag); k divisible by n.
// Example: upcast(Sw<3,3,3> o 0 o (8,64):(64,1), 2) = Sw<3,2,3> o 0 o (8,32):(32,1)
//          upcast(Sw<3,4,3> o smem_ptr[1b](unset) o (8,1024):(1024,1), 16)
//            = Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)
AnyLayout upcast(const ComposedLayout& c, int64_t n);
AnyLayout downcast(const ComposedLayout& c, int64_t n);
// recast_layout<Old,New>: upcast/downcast by the ratio of the widths, as CuTe.
AnyLayout recast_layout(const ComposedLayout& c, int64_t old_bits, int64_t new_bits);
// CuTe's as_position_independent_swizzle_layout: Sw o smem_ptr[W] o L  ->  recast<uint8,uintW>(Sw) o 0 o L,
// an element-index swizzle equal to the byte-address one. Unflagged layouts are returned unchanged.
// @pre flagged: the recast swizzle is exact, i.e. element_offset agrees with it on every index of L
//      (checked; LayoutError otherwise).
// Example: Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1) -> Sw<3,3,3> o 0 o (8,64):(64,1).
AnyLayout as_position_independent_swizzle_layout(const ComposedLayout& c);

// CuTe's slice_and_offset(coord, Sw o k o L) (swizzle_layout.hpp), the step that slicing a tensor at a
// thread (partition_S/D, partition_A/B/C) takes: the coordinate fixes some modes of L (`diced`, at
// `diced_coord`) and keeps the others (`sliced`, L's modes that the coordinate leaves as `_`). Where the
// kept modes never touch both bits of a swizzled pair, CuTe folds the swizzle into the strides (each
// swizzled bit becomes a stride of +/-2^bit, its sign set by the fixed part's partner bit): a plain layout
// and an offset. Otherwise Sw o k' o sliced with the partner bits of the fixed part kept in k'.
// @pre c not smem_ptr-flagged (there the swizzle rides on the pointer and slicing is plain), integer k.
// @post for every i < size(sliced): value(layout, i) + offset == Sw(k + diced(diced_coord) + sliced(i))
//       (checked: a LayoutError names the first index where CuTe's folded form would differ).
// Example: Sw<3,3,3> o 0 o ((8,1),8,1,(1,3)) sliced out of the 128x64 tile's partition_D at thread 5
//          gives ((8,1),8,1,(1,3)):((1,0),1024,0,(0,8192)) at offset 40, the swizzle folded away.
// CuTe computes the folded strides at run time (the thread's offset picks their signs): `dynamic` marks
// them (1, congruent with the layout's strides; 0 elsewhere), since CuTe orders a fragment's run-time
// strides after its static ones (make_fragment_like) and never coalesces across them.
struct ComposedSlice {
  AnyLayout layout;
  int64_t offset = 0;
  IntTuple dynamic;
};
ComposedSlice slice_and_offset(const ComposedLayout& c, const Layout& diced, const IntTuple& diced_coord,
                               const Layout& sliced);

// max_common_vector(Sw o k o L, B) = min(max_common_vector(L, B), 2^M); symmetric; for two composed
// layouts: the inner vector, further limited by both 2^M unless the swizzles are equal.
// @pre not flagged (the 2^M bound is in bytes there).
// Example: max_common_vector(Sw<3,3,3> o 0 o (8,64):(64,1), (8,64):(64,1)) = 8.
int64_t max_common_vector(const ComposedLayout& a, const Layout& b);
int64_t max_common_vector(const Layout& a, const ComposedLayout& b);
int64_t max_common_vector(const ComposedLayout& a, const ComposedLayout& b);
// max_common_layout(Sw o k o L, B) = max_common_layout(L, B) truncated to 2^M elements; symmetric.
Layout max_common_layout(const ComposedLayout& a, const Layout& b);
Layout max_common_layout(const Layout& a, const ComposedLayout& b);

// The rest act on the inner layout and keep swizzle and offset/flag (see the top of this file).
AnyLayout coalesce(const ComposedLayout& c);
AnyLayout coalesce(const ComposedLayout& c, const IntTuple& trg_profile);
AnyLayout filter(const ComposedLayout& c, const IntTuple& trg_profile);
AnyLayout logical_divide(const ComposedLayout& c, const Tiler& t);
AnyLayout zipped_divide(const ComposedLayout& c, const Tiler& t);
AnyLayout tiled_divide(const ComposedLayout& c, const Tiler& t);
AnyLayout flat_divide(const ComposedLayout& c, const Tiler& t);
AnyLayout logical_product(const ComposedLayout& c, const Tiler& t);
AnyLayout zipped_product(const ComposedLayout& c, const Tiler& t);
AnyLayout tiled_product(const ComposedLayout& c, const Tiler& t);
AnyLayout flat_product(const ComposedLayout& c, const Tiler& t);
AnyLayout blocked_product(const ComposedLayout& c, const Layout& t);
AnyLayout raked_product(const ComposedLayout& c, const Layout& t);
// Example: tile_to_shape(Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1), (128,64))
//            = Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),64):((64,512),1)
AnyLayout tile_to_shape(const ComposedLayout& c, const IntTuple& trg_shape,
                        const ModeOrder& order = Major::Left);
// logical_product(A, Sw o 0 o L): the product of A with L under a swizzle whose masks are transferred
// through the product (CuTe's only product with a composed second argument).
AnyLayout logical_product(const Layout& a, const ComposedLayout& t);
AnyLayout get(const ComposedLayout& c, std::span<const int> path);
AnyLayout take(const ComposedLayout& c, int b, int e);
AnyLayout flatten(const ComposedLayout& c);
AnyLayout append(const ComposedLayout& c, const Layout& x = Layout());
AnyLayout group(const ComposedLayout& c, int b, int e);
AnyLayout zip(const ComposedLayout& c);
// complement(Sw o k o L[, cotarget]) = complement(L, cotarget = cosize(L)).
Layout complement(const ComposedLayout& c, const IntTuple& cotarget);
Layout complement(const ComposedLayout& c);

int64_t size(const ComposedLayout& c);    // size(L)
int64_t cosize(const ComposedLayout& c);  // cosize(L), as CuTe: the inner layout's codomain size
int rank(const ComposedLayout& c);
int depth(const ComposedLayout& c);
const IntTuple& shape(const ComposedLayout& c);

// Throws LayoutError("<function> is not defined for composed layouts", why) for the functions CuTe does
// not define on a composed argument (stride, coshape, nullspace, select, prepend, filter_zeros, ...).
[[noreturn]] void not_defined_for_composed(std::string_view function, std::string_view why = {});

}  // namespace tvlab
