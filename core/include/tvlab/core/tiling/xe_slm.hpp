// Xe SLM pipelines (seed 003, sycl-tla copy_traits_xe_2d.hpp): the cooperative global load that
// splits a work-group's A or B tile over all subgroups without redundancy, the SLM layout that
// matches what the MMA's subgroups read, and the register <-> SLM copies between them.
//
//   mma = make_xe_tiled_mma(XE_DPAS_TT<8,float,bfloat16_t>, (256,256,32), (8,4,1):(4,1,0))
//   make_coop_block_2d_copy(A, mma, bf16, K-contiguous)
//     32 subgroups, alongM = gcd(32, RestM 32) = 32, alongK = 1: subgroup s loads rows 8s..8s+7 of
//     K 0..31 with XE_LOAD_2D<16,8,32,16>, no two subgroups load the same element
//   make_slm_layout(A, mma)  ((ThrV,(ThrM',ThrK')),(FrgV,(FrgM,FrgK))) -> column-major (M,K) index
//   make_slm_copies(A, mma, coop)  -> (r2s, s2r): UniversalCopy<AlignedArray<T,frg>> per work-item,
//     r2s tiled as the SLM layout's subgroups (column-major over (alongM, alongK)), s2r as the MMA's
//
// The SLM layout is a TV view of the tile (upstream keeps the data column-major over the copies'
// tile); the cooperative split requires every subgroup to get the same number of atom blocks.
#pragma once

#include <utility>

#include "tvlab/core/tiling/subgroup_tensor.hpp"

namespace tvlab {

// make_coop_block_2d_copy_{A,B}(mma, gmem): `which` is A or B, `mem` the element type in memory.
TiledCopy make_coop_block_2d_copy(XeOperand which, const TiledMMA& mma, const ValueType& mem, XeModes m);
// make_{A,B}_slm_layout(mma): ((ThrV,(ThrM',ThrK')),(FrgV,(FrgM,FrgK))) -> column-major index.
Layout make_slm_layout(XeOperand which, const TiledMMA& mma);
// make_slm_copy(SubgroupTensor, smem[, sv_layout]) (either direction: the copy is the same):
// UniversalCopy<AlignedArray<T,frg>> with thr (1,16), val (frg,1), frg = size of the SLM layout's FrgV;
// with sv_layout ((SG, SG value) -> SLM block index) tiled over the subgroups.
TiledCopy make_slm_copy(const SubgroupTensor& reg, const Layout& slm_layout);
TiledCopy make_slm_copy(const SubgroupTensor& reg, const Layout& slm_layout, const Layout& sv_layout);
// make_{A,B}_slm_copies(mma, global_copy) -> (r2s, s2r).
std::pair<TiledCopy, TiledCopy> make_slm_copies(XeOperand which, const TiledMMA& mma,
                                                const TiledCopy& global_copy);

}  // namespace tvlab
