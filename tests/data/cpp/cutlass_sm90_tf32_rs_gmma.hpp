// CUTLASS's SM90 register-A GMMA collective spelled out (no CollectiveBuilder):
// MainloopSm90TmaGmmaRmemAWarpSpecialized
// (include/cutlass/gemm/collective/sm90_mma_tma_gmma_rs_warpspecialized.hpp, CUTLASS 4.2.0), whose RS GMMA
// reads its A from registers, loaded from TMA-staged shared memory by make_tiled_copy_A(SmemCopyAtom,
// tiled_mma).
//
//   sm90_tf32_rs_tt_64x128x32   CUTLASS 4.2.0's test/unit/gemm/device/sm90_gemm_f32_f32_f32_tensor_op_f32.cu,
//                               its second TEST() (64x128x32_1x1x1_pingpong: f32 A RowMajor, B RowMajor),
//                               with the CollectiveBuilder's choices written out
//                               (cutlass/gemm/collective/builders/ sm90_gmma_builder.inl, GMMA_TMA_WS_RS) as
//                               nvcc's export of that TEST() records them
//                               (tests/data/cpp/upstream/recorded/sm90_f32_TEST2_CollectiveMainloop.json: 9
//                               stages): A K-major and B MN-major tf32 is SwapAB, so SmemCopyAtomA is void
//                               and SmemCopyAtomB Copy_Atom<AutoVectorizingCopy, float>: the collective reads
//                               B (as its A) into registers, A (as its B) through descriptors;
//                               rs_op_selector's SM90_64x128x8_F32TF32TF32_RS_TN; rs_smem_selector's atoms
//                               (K-major: Layout_K_SW128_Atom<tfloat32_t>; MN-major whole-word:
//                               Layout_MN_SW32_Atom)
//   sm90_tf32_rs_tt_128x128x32  its third TEST() (128x128x32_1x1x1_cooperative) the same way (7 stages, two
//                               warpgroups along M: sm90_f32_TEST3_CollectiveMainloop.json)
//   sm90_tf32_rs_tn_128x128x32  not a builder's: A RowMajor and B ColumnMajor (both K-major: no SwapAB), A in
//                               registers through the same copy, two warpgroups along M (cooperative)
#pragma once
#include <cute/tensor.hpp>
#include <cutlass/gemm/collective/collective_mma.hpp>
#include <cutlass/gemm/dispatch_policy.hpp>

namespace sm90_tf32_rs_tt_64x128x32 {
using namespace cute;
using LayoutA = cutlass::layout::RowMajor;
using LayoutB = cutlass::layout::RowMajor;

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    cutlass::gemm::MainloopSm90TmaGmmaRmemAWarpSpecialized<9, Shape<_1, _1, _1>,
                                                           cutlass::gemm::KernelTmaWarpSpecializedPingpong>,
    Shape<_64, _128, _32>, float, cutlass::detail::TagToStrideA_t<LayoutA>, float,
    cutlass::detail::TagToStrideB_t<LayoutB>,
    decltype(cute::make_tiled_mma(cute::SM90_64x128x8_F32TF32TF32_RS_TN<>{}, Layout<Shape<_1, _1, _1>>{})),
    cute::SM90_TMA_LOAD, GMMA::Layout_K_SW128_Atom<tfloat32_t>, void, cute::identity, cute::SM90_TMA_LOAD,
    GMMA::Layout_MN_SW32_Atom<tfloat32_t>, Copy_Atom<AutoVectorizingCopy, float>, cute::identity>;
}  // namespace sm90_tf32_rs_tt_64x128x32

namespace sm90_tf32_rs_tt_128x128x32 {
using namespace cute;
using LayoutA = cutlass::layout::RowMajor;
using LayoutB = cutlass::layout::RowMajor;

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    cutlass::gemm::MainloopSm90TmaGmmaRmemAWarpSpecialized<
        7, Shape<_1, _1, _1>, cutlass::gemm::KernelTmaWarpSpecializedCooperative>,
    Shape<_128, _128, _32>, float, cutlass::detail::TagToStrideA_t<LayoutA>, float,
    cutlass::detail::TagToStrideB_t<LayoutB>,
    decltype(cute::make_tiled_mma(cute::SM90_64x128x8_F32TF32TF32_RS_TN<>{}, Layout<Shape<_2, _1, _1>>{})),
    cute::SM90_TMA_LOAD, GMMA::Layout_K_SW128_Atom<tfloat32_t>, void, cute::identity, cute::SM90_TMA_LOAD,
    GMMA::Layout_MN_SW32_Atom<tfloat32_t>, Copy_Atom<AutoVectorizingCopy, float>, cute::identity>;
}  // namespace sm90_tf32_rs_tt_128x128x32

namespace sm90_tf32_rs_tn_128x128x32 {
using namespace cute;
using LayoutA = cutlass::layout::RowMajor;
using LayoutB = cutlass::layout::ColumnMajor;

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    cutlass::gemm::MainloopSm90TmaGmmaRmemAWarpSpecialized<
        4, Shape<_1, _1, _1>, cutlass::gemm::KernelTmaWarpSpecializedCooperative>,
    Shape<_128, _128, _32>, float, cutlass::detail::TagToStrideA_t<LayoutA>, float,
    cutlass::detail::TagToStrideB_t<LayoutB>,
    decltype(cute::make_tiled_mma(cute::SM90_64x128x8_F32TF32TF32_RS_TN<>{}, Layout<Shape<_2, _1, _1>>{})),
    cute::SM90_TMA_LOAD, GMMA::Layout_K_SW128_Atom<tfloat32_t>, Copy_Atom<AutoVectorizingCopy, float>,
    cute::identity, cute::SM90_TMA_LOAD, GMMA::Layout_K_SW128_Atom<tfloat32_t>, void, cute::identity>;
}  // namespace sm90_tf32_rs_tn_128x128x32
