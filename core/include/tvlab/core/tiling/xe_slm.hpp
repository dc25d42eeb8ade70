// Xe SLM pipelines (seed 003, sycl-tla include/cute/atom/copy_traits_xe_2d.hpp): the cooperative global
// load that splits a work-group's A or B tile over all subgroups without redundancy, the SLM layout that
// matches what the MMA's subgroups read, and the register <-> SLM copies between them.
//
//   mma = make_xe_tiled_mma(XE_DPAS_TT<8,float,bfloat16_t>, (256,256,32), (8,4,1):(4,1,0))
//   make_coop_block_2d_copy(A, mma, bf16, K-contiguous)
//     32 subgroups, alongM = gcd(32, RestM 32) = 32, alongK = 1: subgroup s loads rows 8s..8s+7 of
//     K 0..31 with XE_LOAD_2D<16,8,32,16>, no two subgroups load the same element
//   make_slm_layout(A, mma)  ((ThrV,(ThrM',ThrK')),(FrgV,(FrgM,FrgK))) -> column-major (M,K) index
//   make_slm_copies(A, mma, coop) -> (r2s, s2r), both Copy_Atom<UniversalCopy<uint16_t>, bfloat16_t>
//     (one element per (thread, value)), both tiled (256,32) as the coop copy:
//     r2s TV = the coop copy's TV          ((16,32),((1,8,2),1)):((256,8),((256,1,4096),0))
//     s2r TV = thrfrg_A, ThrN at stride 0  ((16,4,(8,1)),(8,(4,2))):((256,0,(32,0)),(1,(8,4096)))
//     so a subgroup's s2r registers are exactly its MMA A fragment: the reorder into the MMA is a no-op.
//
// Upstream commits mirrored (tests/core/tiling/xe_upstream_test.cpp lists every Xe helper's):
//   make_coop_block_2d_copy_{A,B}   d7fb2518a (#673, "SLM copy helper functions")
//   make_{A,B}_slm_layout           d7fb2518a (#673)
//   make_slm_copy                   25ace5946 (#772, fp8 up-conversion: r2s packs the SLM element type)
//   make_{A,B}_slm_copies           e45955935 (#776, "Refactor SLM r2s/s2r to reuse UniversalCopy without
//                                   vectorization"; #772's r2s type change is subsumed, #799 left them alone)
#pragma once

#include <optional>
#include <utility>

#include "tvlab/core/tiling/subgroup_tensor.hpp"

namespace tvlab {

// make_coop_block_2d_copy_{A,B}(mma, gmem): `which` is A or B, `mem` the element type in memory.
TiledCopy make_coop_block_2d_copy(XeOperand which, const TiledMMA& mma, const ValueType& mem, XeModes m);
// make_{A,B}_slm_layout(mma): ((ThrV,(ThrM',ThrK')),(FrgV,(FrgM,FrgK))) -> column-major index.
Layout make_slm_layout(XeOperand which, const TiledMMA& mma);
// make_slm_copy(SubgroupTensor, smem[, sv_layout]): UniversalCopy<AlignedArray<T,frg>> with thr (1,16),
// val (frg,1), frg = size of the SLM layout's FrgV; with sv_layout ((SG, SG value) -> SLM block index)
// tiled over the subgroups. T is the register type reading SLM (smem -> SubgroupTensor) and, since
// #772, the SLM tensor's element type `smem_type` writing it (SubgroupTensor -> smem); without
// `smem_type` both directions use the register type.
// @pre rank(slm_layout) >= 2 (a TV view of the SLM tile), frg <= 1024.
// Example: the bf16 A fragment of XE_DPAS_TT<8,float,bfloat16_t> on the 256x256x32 SLM layout ->
//   UniversalCopy<AlignedArray<bfloat16_t,8>>, tiler (8,16), TV (16,8):(8,1).
TiledCopy make_slm_copy(const SubgroupTensor& reg, const Layout& slm_layout,
                        const std::optional<ValueType>& smem_type = std::nullopt);
TiledCopy make_slm_copy(const SubgroupTensor& reg, const Layout& slm_layout, const Layout& sv_layout,
                        const std::optional<ValueType>& smem_type = std::nullopt);
// make_{A,B}_slm_copies(mma, global_copy) -> (r2s, s2r), as sycl-tla main builds them (e45955935):
//   atom  Copy_Atom<UniversalCopy<uint_bit_t<bits(T)>>, T>, T = the MMA's A/B type (an fp8 load
//         up-converted to half/bf16 is written to and read from SLM as the MMA type);
//   r2s   TV = the global copy's TiledLayout_TV (T and V modes), tiler = its Tiler_MN;
//   s2r   TV = (T', V) with thrfrg_X(column-major tile) = ((ThrV,(Thr0,ThrK)),(FrgV,(Rest0,RestK))),
//         T' = (ThrV, ThrN:0, (ThrM,ThrK)) for A, (ThrV, (ThrN,ThrK), ThrM:0) for B; tiler = the global
//         copy's Tiler_MN.
// The s2r thread index runs ThrV, then the redundant mode, then the operand's own modes: it equals the
// MMA's thread index when the MMA numbers subgroups with the redundant mode fastest (N fastest for A,
// e.g. TiledMMAHelper's (8,4,1):(4,1,0)); verify's fragment check reports other subgroup orders.
// @pre which is A or B; global_copy tiles the operand tile with the MMA's threads; bits(T) >= 8.
// @post r2s.tv == global_copy.tv; each subgroup's s2r (T,V) -> index is its MMA fragment's.
// Example (256x256x32 bf16, 8x4 subgroups, B N-major): r2s UniversalCopy<uint16_t> TV = the coop
//   VNNI copy's; s2r TV (((2,8),(4,1),8),((2,8),(4,2))):(((256,1),(64,0),0),((8,512),(16,4096))).
std::pair<TiledCopy, TiledCopy> make_slm_copies(XeOperand which, const TiledMMA& mma,
                                                const TiledCopy& global_copy);

}  // namespace tvlab
