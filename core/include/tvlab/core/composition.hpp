// composition: functional composition of layouts, R = A o B with R(c) = A(B(c)).
//
//   composition((10,2):(16,4), (5,4):(1,5)) = (5,(2,2)):(16,(80,4))
//   composition((12,(4,8)):(59,(13,1)), (3:4,8:2)) = (3,(2,4)):(236,(26,1))   (a tiler, mode by mode)
//
// Algorithm (CuTe's): B distributes over its modes; for an integral mode s:d, "divide out" the stride d
// from the modes of the (coalesced) A, then "mod out" the shape s. Each division must be exact:
//   Stride Divisibility Condition: for each mode shape a_i of A met while dividing, d % a_i == 0 or d < a_i
//   Shape Divisibility Condition:  the remaining shape must divide evenly by what each mode contributes
// A scaled-basis stride in B picks the mode of A it names: A o s:(k@i) = get<i>(A) o s:k.
//
// @post compatible(shape(B), shape(R)); R(c) == A(B(c)) for every coordinate c of B where the conditions
//   hold in full. CuTe lets some inputs through its checks and returns a layout that is not A o B (tvlab
//   returns CuTe's layout): composition((3,2):(16,32),4:2) = (2,2):(32,32); divergence.hpp finds the
//   witness. CuTe's dynamic-integer path can even answer differently from its static one there:
//   composition((4,2,2):(6,24,3),(3,2,2):(1,6,3)) is (_3,_2,_2):(_6,_36,_18) with static integers (tvlab's)
//   and ((3,1,1),(1,1,2),(2,1,1)):((6,24,3),(36,48,3),(18,24,3)) with int (CUTLASS 4.2.0, host g++).
#pragma once

#include "tvlab/core/layout.hpp"
#include "tvlab/core/tiler.hpp"

namespace tvlab {

Layout composition(const Layout& lhs, const Layout& rhs);
// A tuple tiler composes mode by mode (modes of lhs beyond the tiler's rank are dropped), `_` keeps a
// mode, an integer n is n:1.
Layout composition(const Layout& lhs, const Tiler& rhs);
// with_shape(L, shape) = composition(L, make_layout(shape)).
Layout with_shape(const Layout& l, const IntTuple& shape);

}  // namespace tvlab
