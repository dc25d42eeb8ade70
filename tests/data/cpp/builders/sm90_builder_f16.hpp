// An SM90 CollectiveBuilder (CUTLASS examples 48/49 style, CUTLASS 4.2.0) and, written out by hand
// (written_out::Mainloop), the CollectiveMma it builds: f16 TN 128x128x64 on a 2x1x1 cluster, the cooperative
// schedule, StageCountAuto. The text reader reads only the second; the compiler path (docs/spec.md, "Two readers") reads both, and ctest
// cli.compiled_config requires the same plan of both: the builder's choices (7 stages from the smem capacity,
// SM90_64x128x16 SS GMMA over 2 warpgroups, 128B-swizzled K-major atoms, TMA with B multicast over the
// cluster's 2 CTAs along M) are what include/cutlass/gemm/collective/builders/sm90_gmma_builder.inl picks.
#pragma once
#include <cute/tensor.hpp>
#include <cutlass/gemm/collective/collective_builder.hpp>

using namespace cute;

using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, cutlass::half_t, cutlass::layout::RowMajor, 8,
    cutlass::half_t, cutlass::layout::ColumnMajor, 8, float, Shape<_128, _128, _64>, Shape<_2, _1, _1>,
    cutlass::gemm::collective::StageCountAuto, cutlass::gemm::KernelTmaWarpSpecializedCooperative>::CollectiveOp;

namespace written_out {
using Mainloop = cutlass::gemm::collective::CollectiveMma<
    cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<7, Shape<_2, _1, _1>,
                                                      cutlass::gemm::KernelTmaWarpSpecializedCooperative>,
    Shape<_128, _128, _64>, cutlass::half_t, cutlass::detail::TagToStrideA_t<cutlass::layout::RowMajor>,
    cutlass::half_t, cutlass::detail::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    decltype(cute::make_tiled_mma(cute::SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{},
                                  Layout<Shape<_2, _1, _1>>{})),
    cute::SM90_TMA_LOAD, GMMA::Layout_K_SW128_Atom<cutlass::half_t>, void, cute::identity,
    cute::SM90_TMA_LOAD_MULTICAST, GMMA::Layout_K_SW128_Atom<cutlass::half_t>, void, cute::identity>;
}  // namespace written_out
