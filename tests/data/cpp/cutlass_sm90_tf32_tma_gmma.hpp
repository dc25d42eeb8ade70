// CUTLASS's SM90 TMA + GMMA collective spelled out (no CollectiveBuilder): f32 A and B read as tf32, TN,
// 128x128x32 CTA tile, 5 stages, cluster 1x1x1, the cooperative warp-specialized schedule, two 64x64x8
// warpgroup MMAs along M, and 128B-swizzled K-major smem atoms loaded by TMA.
//
// Upstream: NVIDIA/cutlass test/unit/gemm/device/sm90_gemm_f32_f32_f32_tensor_op_f32.cu at
// 7107b05535f8977f5ecb9d01ee203205b1fd9bc4 (TEST SM90_Device_Gemm_f32t_f32n_f32n_tensor_op_gmma_f32,
// 128x128x32_1x1x1_cooperative_narrow_wgmma... the CollectiveMma declared without a builder), whose
// CollectiveMainloop is written out here in a namespace, with the same template arguments. The mainloop is
// include/cutlass/gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized.hpp (same commit).
//
//   sm90_tf32_tn_128x128x32           as upstream: A RowMajor, B ColumnMajor (both K-major), SM90_TMA_LOAD
//   sm90_tf32_tn_128x128x32_cluster2  the same on a 1x2x1 cluster, A multicast with SM90_TMA_LOAD_MULTICAST
//                                     (how CollectiveBuilder picks A's op when the cluster's N is 2)
#pragma once
#include <cute/tensor.hpp>
#include <cutlass/gemm/collective/collective_mma.hpp>
#include <cutlass/gemm/dispatch_policy.hpp>

namespace sm90_tf32_tn_128x128x32 {
using namespace cute;
using LayoutA = cutlass::layout::RowMajor;
using LayoutB = cutlass::layout::ColumnMajor;

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<5, Shape<_1, _1, _1>,
                                                      cutlass::gemm::KernelTmaWarpSpecializedCooperative>,
    Shape<_128, _128, _32>,
    float,
    cutlass::detail::TagToStrideA_t<LayoutA>,
    float,
    cutlass::detail::TagToStrideB_t<LayoutB>,
    decltype(cute::make_tiled_mma(cute::SM90_64x64x8_F32TF32TF32_SS_TN<>{}, Layout<Shape<_2, _1, _1>>{})),
    cute::SM90_TMA_LOAD,
    GMMA::Layout_K_SW128_Atom<tfloat32_t>,
    void,
    cute::identity,
    cute::SM90_TMA_LOAD,
    GMMA::Layout_K_SW128_Atom<tfloat32_t>,
    void,
    cute::identity>;
}  // namespace sm90_tf32_tn_128x128x32

namespace sm90_tf32_tn_128x128x32_cluster2 {
using namespace cute;
using LayoutA = cutlass::layout::RowMajor;
using LayoutB = cutlass::layout::ColumnMajor;
using ClusterShape = Shape<_1, _2, _1>;

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<5, ClusterShape,
                                                      cutlass::gemm::KernelTmaWarpSpecializedCooperative>,
    Shape<_128, _128, _32>,
    float,
    cutlass::detail::TagToStrideA_t<LayoutA>,
    float,
    cutlass::detail::TagToStrideB_t<LayoutB>,
    decltype(cute::make_tiled_mma(cute::SM90_64x64x8_F32TF32TF32_SS_TN<>{}, Layout<Shape<_2, _1, _1>>{})),
    cute::SM90_TMA_LOAD_MULTICAST,
    GMMA::Layout_K_SW128_Atom<tfloat32_t>,
    void,
    cute::identity,
    cute::SM90_TMA_LOAD,
    GMMA::Layout_K_SW128_Atom<tfloat32_t>,
    void,
    cute::identity>;
}  // namespace sm90_tf32_tn_128x128x32_cluster2

// Not upstream's values: the same collective for half_t NT (A ColumnMajor, B RowMajor: both MN-major), 128B
// MN-major atoms (tile_to_shape orders them Step<_2,_1,_3>), 4 stages, a 2x1x1 cluster multicasting B.
namespace sm90_f16_nt_128x128x64_cluster2x1 {
using namespace cute;
using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<4, Shape<_2, _1, _1>,
                                                      cutlass::gemm::KernelTmaWarpSpecializedPingpong>,
    Shape<_128, _128, _64>,
    cutlass::half_t,
    cutlass::detail::TagToStrideA_t<cutlass::layout::ColumnMajor>,
    cutlass::half_t,
    cutlass::detail::TagToStrideB_t<cutlass::layout::RowMajor>,
    decltype(cute::make_tiled_mma(cute::SM90_64x128x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::MN>{},
                                  Layout<Shape<_2, _1, _1>>{})),
    cute::SM90_TMA_LOAD,
    GMMA::Layout_MN_SW128_Atom<cutlass::half_t>,
    void,
    cute::identity,
    cute::SM90_TMA_LOAD_MULTICAST,
    GMMA::Layout_MN_SW128_Atom<cutlass::half_t>,
    void,
    cute::identity>;
}  // namespace sm90_f16_nt_128x128x64_cluster2x1
