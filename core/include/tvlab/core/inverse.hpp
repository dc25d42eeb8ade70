// Inverses and kernels of layouts.
//
//   right_inverse(((4,8),(2,2)):((32,1),(16,8))) = (8,2,2,4):(4,64,32,1)   L(R(i)) == i for i < size(R)
//   right_inverse((4,2):(1,0))                   = 4:1                     stride-0 modes are skipped
//   left_inverse((2,4):(1,4))                    = (4,4):(1,2)             R(L(i)) == i for injective L
//   max_common_vector((8,4):(1,8), 32:1)         = 32
//   nullspace((2,4,3):(0,1,0))                   = (2,3):(1,8)             L(R(i)) == 0
//
// right_inverse follows the strides from 1 upwards in sorted order (CuTe sorts with an exchange sort;
// tvlab sorts the same way so ties resolve identically).
#pragma once

#include "tvlab/core/layout.hpp"

namespace tvlab {

// @post layout(result(i)) == i for all i < size(result); the largest such contiguous result.
Layout right_inverse(const Layout& l);
// @post layout(result(layout(i))) == layout(i) for all i < size(layout) (result(layout(i)) == i if
// injective).
Layout left_inverse(const Layout& l);
// The number of contiguous elements that a and b map identically (>= 1).
int64_t max_common_vector(const Layout& a, const Layout& b);
// A layout R with a(R(i)) == i and b(R(i)) == i for the largest contiguous prefix.
Layout max_common_layout(const Layout& a, const Layout& b);
// @post layout(result(i)) == 0 for all i < size(result); size(result) == size(layout) / size(filter(layout)).
Layout nullspace(const Layout& l);

}  // namespace tvlab
