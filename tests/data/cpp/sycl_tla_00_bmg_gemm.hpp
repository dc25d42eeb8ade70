// sycl-tla's examples/00_bmg_gemm/00_bmg_gemm.cpp (intel/sycl-tla 6601377d): the bf16 GEMM mainloop, a
// 256x256x32 work-group tile of XE_DPAS_TT<8, float, bfloat16_t> over 8x4 subgroups, MainloopXeL1Staged<2>,
// A and B row-major, block 2D copies picked by the collective (GmemTiledCopyA/B = void). Written out as the
// example declares it inside main(); `tvlab verify` reads the CollectiveMma.
#pragma once
#include <cute/tensor.hpp>
#include <cutlass/gemm/collective/collective_mma.hpp>

namespace bmg_gemm {
using namespace cute;

using ElementAccumulator = float;
using ElementInputA = bfloat16_t;
using ElementInputB = bfloat16_t;
using LayoutA = cutlass::layout::RowMajor;
using LayoutB = cutlass::layout::RowMajor;

using GmemTiledCopyA = void;  // XE_LOAD_2D<16, 32, 32>;
using GmemTiledCopyB = void;  // XE_LOAD_2D_VNNI<16, 32, 32>;

using TileShape = Shape<_256, _256, _32>;
using TiledMma = typename TiledMMAHelper<MMA_Atom<XE_DPAS_TT<8, float, cute::bfloat16_t>>, Layout<TileShape>,
                                         Layout<Shape<_8, _4, _1>, Stride<_4, _1, _0>>>::TiledMMA;
constexpr int PipelineStages = 2;
using GEMMDispatchPolicy = cutlass::gemm::MainloopXeL1Staged<PipelineStages>;

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    GEMMDispatchPolicy, TileShape,
    ElementInputA, cutlass::gemm::TagToStrideA_t<LayoutA>,
    ElementInputB, cutlass::gemm::TagToStrideB_t<LayoutB>,
    TiledMma,
    GmemTiledCopyA, void, void, cute::identity,  // A
    GmemTiledCopyB, void, void, cute::identity   // B
    >;
}  // namespace bmg_gemm
