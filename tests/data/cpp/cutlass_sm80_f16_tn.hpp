// CUTLASS's SM80 f16 tensor-op default configuration, TN (A row-major, B column-major), 128x128x32,
// MainloopSm80CpAsync<3>: the values of DefaultGemmConfigurationToCutlass3Types<OpClassTensorOp, Sm80,
// half_t, RowMajor, half_t, ColumnMajor, float, ..., float> and DefaultGemm_TensorOpSm80_OperandA<half_t,
// RowMajor, 8, 32> in test/unit/gemm/device/default_gemm_configuration.hpp (NVIDIA/cutlass 7107b05; the
// file last changed in 0d2b201), written out as concrete aliases. tvlab reads it (tvlab verify FILE) and the
// oracle test compiles it against CuTe.
#pragma once
#include <cute/tensor.hpp>
#include <cutlass/gemm/collective/collective_mma.hpp>

namespace sm80_f16_tn {
using namespace cute;

using TileShape = Shape<_128, _128, _32>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>,
                          Layout<Shape<_2, _2, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _16>>;       // 32x32x16 MMA for LDSM, 1x2x1 value group

// A and B (K-major): Swizzle<2,3,3> over 8x32 halves, 16-byte cp.async along K, ldmatrix x4.
using SmemLayoutAtomA = decltype(composition(Swizzle<2, 3, 3>{}, Layout<Shape<_8, _32>, Stride<_32, _1>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_32, _4>, Stride<_4, _1>>{},
                                                Layout<Shape<_1, _8>>{}));
using SmemLayoutAtomB = SmemLayoutAtomA;
using SmemCopyAtomB = SmemCopyAtomA;
using GmemTiledCopyB = GmemTiledCopyA;

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::half_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    cutlass::half_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_f16_tn
