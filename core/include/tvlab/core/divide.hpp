// Divides: split a layout into tiles and the layout of the tiles.
//
//   logical_divide((4,2,3):(2,1,8), 4:2)   = ((2,2),(2,3)):((4,1),(2,8))     (tile, rest)
//   zipped_divide((9,(4,8)):(59,(13,1)), (3:3,(2,4):(1,8)))
//                                          = ((3,(2,4)),(3,(2,4))):((177,(13,2)),(59,(26,1)))
//   tiled_divide(L, T)  = ((tile), rest0, rest1, ...)      flat_divide(L, T) = (tile0, tile1, ..., rest...)
//
// logical_divide(L, T) = composition(L, make_layout(T, complement(T, shape(coalesce(L))))) for a layout
// T; a tuple tiler divides mode by mode, `_` keeps a mode, an integer n means n:1.
#pragma once

#include "tvlab/core/layout.hpp"
#include "tvlab/core/tiler.hpp"

namespace tvlab {

Layout logical_divide(const Layout& l, const Tiler& tiler);
Layout zipped_divide(const Layout& l, const Tiler& tiler);
Layout tiled_divide(const Layout& l, const Tiler& tiler);
Layout flat_divide(const Layout& l, const Tiler& tiler);

namespace detail {
// result(_, repeat<rank<1>>(_)) and result(repeat<rank<0>>(_), repeat<rank<1>>(_)): unpack the modes of
// mode 1 (and of mode 0) of a rank-2 layout into the top level.
Layout unpack_rest(const Layout& zipped);
Layout unpack_both(const Layout& zipped);
// CuTe's tile_unzip(r, tiler) of r = logical_divide(l, tiler) (or logical_product): ((tiles), (rests)).
// A `_` in the tiler keeps its mode whole, and CuTe's zip2_by accepts that only for a mode of rank 2 (it is
// then split as if it were (tile, rest)); any other rank is LayoutError "Mismatched ranks" naming the
// tiler's mode, as `fn` (zipped_divide, ...) of l, and `logical_fn` (which accepts it).
//   zipped_divide(((2,4),8):((1,2),8), (_,2)) = ((2,2),(4,4)):((1,8),(2,16))       (CUTLASS 4.2.0)
//   zipped_divide((4,8):(8,1), (2,_))          -> Mismatched ranks (mode 1, 8:1, has rank 1)
Layout tile_unzip(const Layout& l, const Layout& r, const Tiler& tiler, const char* fn,
                  const char* logical_fn);
}  // namespace detail

}  // namespace tvlab
