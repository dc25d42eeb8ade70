// upcast / downcast: reinterpret a layout of elements as a layout of N-times wider (upcast) or
// narrower (downcast) elements.
//
//   upcast((4,8):(8,1), 2)   = (4,4):(4,1)     the stride-1 mode shrinks, other strides divide by N
//   downcast((4,4):(4,1), 2) = (4,8):(8,1)     the stride-1 mode grows, other strides multiply by N
//
// upcast requires each non-zero stride d to satisfy d % N == 0 or N % d == 0 ("Divisibility condition");
// downcast requires a stride-1 mode ("Downcast requires adjacent elements").
#pragma once

#include "tvlab/core/layout.hpp"

namespace tvlab {

Layout upcast(const Layout& l, int64_t n);
Layout downcast(const Layout& l, int64_t n);
// CuTe's recast_layout<Old,New>: from elements of old_bits to elements of new_bits.
Layout recast_layout(const Layout& l, int64_t old_bits, int64_t new_bits);

}  // namespace tvlab
