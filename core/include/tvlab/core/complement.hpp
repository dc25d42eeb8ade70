// complement: the layout of the indices a layout does not reach, up to a cotarget.
//
//   complement(4:2, 24)        = (2,3):(1,8)    fills the gaps of stride 2, then repeats to 24
//   complement((2,2):(1,6))    = 3:2            cotarget defaults to cosize(filter(L)) = 8
//
// Algorithm (CuTe's): filter L, then repeatedly take the smallest remaining stride d with shape s; the
// gap below it has shape d / (previous d*s); a zero gap is "Non-injective Layout detected in complement."
// Finally a mode covering the cotarget beyond cosize is appended and the result coalesced.
//
// @post for all i in [1, size(R)), R(i-1) < R(i), and R(i) is never L(j) for any j (L injective).
#pragma once

#include "tvlab/core/layout.hpp"

namespace tvlab {

Layout complement(const Layout& l, const IntTuple& cotarget);
Layout complement(const Layout& l);

}  // namespace tvlab
