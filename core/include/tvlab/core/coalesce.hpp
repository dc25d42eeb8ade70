// coalesce and filter: simplify a layout without changing it as a function on its domain.
//
//   coalesce((2,(1,6)):(1,(6,2)))   = 12:1       modes 2:1 and 6:2 merge since 2*1 == 2
//   coalesce((2,4):(1,6), (1,1))    = (2,4):(1,6)  by-mode: each mode coalesced on its own
//   filter((2,3,4):(0,1,3))         = 12:1       stride-0 and size-1 modes removed, then coalesced
//
// @post size(coalesce(L)) == size(L), depth(coalesce(L)) <= 1,
//       coalesce(L)(i) == L(i) for all 0 <= i < size(L).
#pragma once

#include "tvlab/core/layout.hpp"

namespace tvlab {

Layout coalesce(const Layout& l);
// Apply coalesce at the terminals of trg_profile (modes of l beyond its rank are kept as they are).
Layout coalesce(const Layout& l, const IntTuple& trg_profile);
// CuTe's coalesce on a shape: the product of its (static) modes.
IntTuple coalesce(const IntTuple& shape);
// Replace the modes with a 0 stride by size-1 modes.
Layout filter_zeros(const Layout& l);
Layout filter(const Layout& l);
Layout filter(const Layout& l, const IntTuple& trg_profile);

namespace detail {
// CuTe's detail::coalesce_x: also preserves the layout outside its domain (a trailing size-1 mode keeps
// its stride). Used by composition.
Layout coalesce_x(const Layout& l);
Layout coalesce_x(const Layout& l, const IntTuple& trg_profile);
}  // namespace detail

}  // namespace tvlab
