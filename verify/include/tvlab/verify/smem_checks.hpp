// verify's shared-memory checks for an NVIDIA operand staged in smem ("smem": {"layout", "g2s", "s2r"}):
//
//   smem.<X>.layout   the smem layout maps the operand tile one-to-one into shared memory
//   smem.<X>.g2s      g2s writes every element of the tile, and s2r reads only written elements
//   vector.<X>.<c>    every lane of every instruction of copy c accesses its atom's values as one contiguous,
//                     aligned vector in shared memory (max_common_vector >= the atom's vector width)
//   banks.<X>.<c>     the bank model over every instruction copy c issues (one warp, one atom call): total
//                     wavefronts, ideal, the worst instruction as witness and a suggested conflict-free
//                     layout; conflicts are a warning (fail with --strict)
//
// c is s2r (smem is the copy's source) or g2s (its destination).
#pragma once

#include "tvlab/verify/check.hpp"
#include "tvlab/verify/spec.hpp"

namespace tvlab {

// One instruction of a tiled copy: warp w, value block k (of the atom's smem-side values), tile repeat r.
struct CopyInstruction {
  int64_t warp = 0, block = 0, repeat = 0;
  LaneIndices lanes;  // 32 lanes; lane l's tile indices (empty past the copy's threads)
};

// The shared-memory side's instruction kind: ldmatrix/stmatrix for LDSM/STSM atoms, cp.async for SM80
// cp.async, else ld (smem the source) or st (smem the destination).
SmemOp smem_op_of(const TiledCopy& copy, bool smem_is_source);
// Every instruction the copy issues over a tile of `tile` shape (tidfrg_S / tidfrg_D of the tile).
// @pre the copy's tiler divides the tile (else LayoutError).
std::vector<CopyInstruction> copy_smem_instructions(const TiledCopy& copy, bool smem_is_source,
                                                    const IntTuple& tile);

void add_smem_checks(Report& rep, const PlannedCopy& p, const TiledMMA& m);

}  // namespace tvlab
