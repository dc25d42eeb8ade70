// CUTLASS's SM80 int8 tensor-op default configuration (S32S8S8S32: int8_t A and B, int32_t accumulator), written out
// as concrete aliases. The file defines it for TN only (A RowMajor, B ColumnMajor: both K-major).
//
// Upstream: NVIDIA/cutlass test/unit/gemm/device/default_gemm_configuration.hpp at 7107b05535f8977f5ecb9d01ee203205b1fd9bc4
// (the file last changed in 0d2b201e8c1c4a03efa6e9c468161916e2334725, "v4.3.5 update"):
//
//   sm80_s8_tn_128x128x64  DefaultGemmConfigurationToCutlass3Types<arch::OpClassTensorOp, arch::Sm80,
//                              int8_t, cutlass::layout::RowMajor, int8_t, cutlass::layout::ColumnMajor,
//                              int32_t, LayoutC, int32_t>
//
// kAlignmentA = kAlignmentB = 16 (the val layout's Int<kAlignmentA>). Upstream's SmemCopyAtomA/B are
// Copy_Atom<SM75_U32x4_LDSM_N, uint8_t> (ldmatrix moves bits: the value type is uint8_t, not the operand's int8_t).
//
// The hand-written JSON twin is tests/data/specs/cutlass_sm80_s8_tn_128x128x64.json; tests/cli/cpp_configs_test.sh
// compares them. tvlab reads this file (tvlab verify FILE); it also compiles against CUTLASS.
#pragma once
#include <cute/tensor.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cutlass/gemm/collective/collective_mma.hpp>
#include <cutlass/gemm/dispatch_policy.hpp>

// TN: A RowMajor (K-major), B ColumnMajor (K-major).
namespace sm80_s8_tn_128x128x64 {
using namespace cute;

using TileShape = Shape<_128, _128, _64>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x32_S32S8S8S32_TN>,
                          Layout<Shape<_2, _2, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _32>>;       // 16x16x32 MMA for LDSM, 1x2x1 value group

// A (M,K) K-major
using SmemLayoutAtomA = decltype(composition(Swizzle<2, 4, 3>{},
                                             Layout<Shape<_16, _64>,
                                                    Stride<_64, _1>>{}));
static constexpr int kAlignmentA = 16;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, int8_t>{},
                                                Layout<Shape<_32, _4>,
                                                       Stride<_4, _1>>{},
                                                Layout<Shape<_1, Int<kAlignmentA>>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U32x4_LDSM_N, uint8_t>;  // LDSM works

// B (N,K) K-major
using SmemLayoutAtomB = decltype(composition(Swizzle<2, 4, 3>{},
                                             Layout<Shape<_16, _64>,
                                                    Stride<_64, _1>>{}));
static constexpr int kAlignmentB = 16;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, int8_t>{},
                                                Layout<Shape<_32, _4>,
                                                       Stride<_4, _1>>{},
                                                Layout<Shape<_1, Int<kAlignmentB>>>{}));
using SmemCopyAtomB = Copy_Atom<SM75_U32x4_LDSM_N, uint8_t>;  // LDSM works

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    int8_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    int8_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_s8_tn_128x128x64
