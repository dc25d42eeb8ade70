// A copy kernel's checks (a standalone copy with "block", CuTe's tiled_copy.cu copy_kernel_vectorized): CTA
// (bx, by) copies tile (bx, by) of tiled_divide(S, block) into D's, each thread its partition_S /
// partition_D, with no predicate.
//
//   block.NAME         the tensor is a whole number of blocks and the block a whole number of the copy's
//                      tiles: the kernel touches each element of the tensor once, none outside it
//   vector.NAME.src    each atom call's values are one vector of the global tensor: consecutive elements
//   vector.NAME.dst    starting on a multiple of the vector, in every block (UniversalCopy<uint128_t> over
//                      float: 4 elements, 16 bytes), the tensor's base pointer aligned to the vector
#pragma once

#include "tvlab/verify/check/check.hpp"
#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

// The checks of p (nothing when p has no kernel).
void add_copy_kernel_checks(Report& rep, const PlannedCopy& p);

}  // namespace tvlab
