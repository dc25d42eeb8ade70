// sycl-tla's examples/02_bmg_gemm_mixed_dtype/02_bmg_gemm_bf16_s8_bf16.cpp (intel/sycl-tla 6601377d): the
// mixed-input mainloop MainloopIntelXeXMX16MixedPrecision<3>, int8 quantized operand converted to bf16 in
// registers for XE_8x16x16_F32BF16BF16F32_TT over 8x4 subgroups, a 256x256x32 work-group tile, A and B
// row-major, and the legacy block 2D loads the example names (XE_2D_U8x32x32_LD_N for the int8 operand,
// XE_2D_U16x32x32_LD_V for the bf16 one). The example's helpers::MixedCollectiveMmaBuilder template is
// written out as the two ConvertOnly CollectiveMma aliases it instantiates (GemmMode::ConvertOnly):
//
//   bf16_s8_a_narrower  options.a_narrower: A = cute::tuple<int8_t> with GmemTiledCopyA, B bf16 with GmemTiledCopyB
//   bf16_s8_b_narrower  otherwise: A bf16 with the example's GmemTiledCopyB (U16, VNNI) and B =
//                       cute::tuple<int8_t> with its GmemTiledCopyA (U8), the copies passed swapped as upstream
//                       passes them
#pragma once
#include <cute/tensor.hpp>
#include <cutlass/gemm/collective/collective_mma.hpp>

namespace bmg_gemm_mixed {
using namespace cute;

using MmaType = bfloat16_t;
using QuantType = cutlass::int8_t;
using ElementInputA = QuantType;
using ElementInputB = MmaType;
using LayoutA = cutlass::layout::RowMajor;
using LayoutB = cutlass::layout::RowMajor;

using GmemTiledCopyA = XE_2D_U8x32x32_LD_N;   // U8  (1-byte) block copy for A (narrower type)
using GmemTiledCopyB = XE_2D_U16x32x32_LD_V;  // U16 (2-byte) block copy for B (wider type)

using TileShape = Shape<_256, _256, _32>;
using TiledMma = typename TiledMMAHelper<MMA_Atom<XE_8x16x16_F32BF16BF16F32_TT>, Layout<TileShape>,
                                         Layout<Shape<_8, _4, _1>, Stride<_4, _1, _0>>>::TiledMMA;
constexpr int PipelineStages = 3;
using GEMMDispatchPolicy = cutlass::gemm::MainloopIntelXeXMX16MixedPrecision<PipelineStages>;

namespace bf16_s8_a_narrower {
using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    GEMMDispatchPolicy, TileShape,
    cute::tuple<ElementInputA>, cutlass::gemm::TagToStrideA_t<LayoutA>,
    ElementInputB, cutlass::gemm::TagToStrideB_t<LayoutB>,
    TiledMma,
    GmemTiledCopyA, void, void, cute::identity,
    GmemTiledCopyB, void, void, cute::identity>;
}  // namespace bf16_s8_a_narrower

namespace bf16_s8_b_narrower {
using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    GEMMDispatchPolicy, TileShape,
    ElementInputB, cutlass::gemm::TagToStrideA_t<LayoutA>,
    cute::tuple<ElementInputA>, cutlass::gemm::TagToStrideB_t<LayoutB>,
    TiledMma,
    GmemTiledCopyB, void, void, cute::identity,
    GmemTiledCopyA, void, void, cute::identity>;
}  // namespace bf16_s8_b_narrower
}  // namespace bmg_gemm_mixed
