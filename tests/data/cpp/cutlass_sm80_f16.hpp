// CUTLASS's SM80 f16 tensor-op default configurations (F32F16: half_t A and B, float accumulator), written out as
// concrete aliases, one namespace per A/B layout combination and k-block.
//
// Upstream: NVIDIA/cutlass test/unit/gemm/device/default_gemm_configuration.hpp at 7107b05535f8977f5ecb9d01ee203205b1fd9bc4
// (the file last changed in 0d2b201e8c1c4a03efa6e9c468161916e2334725, "v4.3.5 update"). The configuration is
//
//   DefaultGemmConfigurationToCutlass3Types<arch::OpClassTensorOp, arch::Sm80, half_t, LayoutA, half_t, LayoutB,
//                                           float, LayoutC, float>
//
// (TileShape 128x128x32, MainloopSm80CpAsync<3>, 2x2x1 SM80_16x8x16_F32F16F16F32_TN with Tile<_32,_32,_16>,
// kAlignmentA = kAlignmentB = 8), whose operands are detail::DefaultGemm_TensorOpSm80_OperandA<half_t, LayoutA, 8, 32>
// and detail::DefaultGemm_TensorOpSm80_OperandB<half_t, LayoutB, 8, 32>; OperandB<ColumnMajor> is OperandA<RowMajor>
// and OperandB<RowMajor> is OperandA<ColumnMajor> (the F32F16 TiledMMA is A-B symmetric). In BLAS letters T is
// row-major, N column-major: TN is A RowMajor (K-major), B ColumnMajor (K-major).
//
//   sm80_f16_tn_128x128x32  A RowMajor    <half_t, RowMajor, 8, 32>      B ColumnMajor = OperandA<RowMajor, 8, 32>
//   sm80_f16_nt_128x128x32  A ColumnMajor <half_t, ColumnMajor, 8, 32>   B RowMajor    = OperandA<ColumnMajor, 8, 32>
//   sm80_f16_nn_128x128x32  A ColumnMajor <half_t, ColumnMajor, 8, 32>   B ColumnMajor = OperandA<RowMajor, 8, 32>
//   sm80_f16_tt_128x128x32  A RowMajor    <half_t, RowMajor, 8, 32>      B RowMajor    = OperandA<ColumnMajor, 8, 32>
//
// The file also defines the large k-block operand, DefaultGemm_TensorOpSm80_OperandA<half_t, RowMajor, 8, 64>
// ("F16: 128-by-128-by-64"; the ColumnMajor operand is the same for every SizeK), which no configuration of the file
// instantiates: the *_128x128x64 namespaces below are the F32F16 configuration above with TileShape 128x128x64 and
// SizeK = 64 in place of 32 (everything else as upstream).
//
//   sm80_f16_tn_128x128x64  A <half_t, RowMajor, 8, 64>      B = OperandA<RowMajor, 8, 64>
//   sm80_f16_nt_128x128x64  A <half_t, ColumnMajor, 8, 64>   B = OperandA<ColumnMajor, 8, 64>
//   sm80_f16_nn_128x128x64  A <half_t, ColumnMajor, 8, 64>   B = OperandA<RowMajor, 8, 64>
//   sm80_f16_tt_128x128x64  A <half_t, RowMajor, 8, 64>      B = OperandA<ColumnMajor, 8, 64>
//
// The hand-written JSON twins are tests/data/specs/cutlass_sm80_f16_<ab>_<tile>.json; tests/cli/cpp_configs_test.sh
// compares them. tvlab reads this file (tvlab verify FILE, --config NAME); it also compiles against CUTLASS.
#pragma once
#include <cute/tensor.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cutlass/gemm/collective/collective_mma.hpp>
#include <cutlass/gemm/dispatch_policy.hpp>

// TN: A RowMajor (K-major), B ColumnMajor (K-major), SizeK 32.
namespace sm80_f16_tn_128x128x32 {
using namespace cute;

using TileShape = Shape<_128, _128, _32>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>,
                          Layout<Shape<_2, _2, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _16>>;       // 32x32x16 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<half_t, layout::RowMajor, 8, 32>
using SmemLayoutAtomA = decltype(composition(Swizzle<2, 3, 3>{},
                                             Layout<Shape<_8, _32>,
                                                    Stride<_32, _1>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_32, _4>,
                                                       Stride<_4, _1>>{},
                                                Layout<Shape<_1, _8>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<half_t, layout::ColumnMajor, 8, 32> = OperandA<half_t, RowMajor, 8, 32>
using SmemLayoutAtomB = decltype(composition(Swizzle<2, 3, 3>{},
                                             Layout<Shape<_8, _32>,
                                                    Stride<_32, _1>>{}));
using SmemCopyAtomB = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_32, _4>,
                                                       Stride<_4, _1>>{},
                                                Layout<Shape<_1, _8>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::half_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    cutlass::half_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_f16_tn_128x128x32

// NT: A ColumnMajor (M-major), B RowMajor (N-major), SizeK 32.
namespace sm80_f16_nt_128x128x32 {
using namespace cute;

using TileShape = Shape<_128, _128, _32>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>,
                          Layout<Shape<_2, _2, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _16>>;       // 32x32x16 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<half_t, layout::ColumnMajor, 8, SizeK = 32>
using SmemLayoutAtomA = decltype(composition(Swizzle<3, 3, 3>{},
                                             Layout<Shape<_64, _8>,
                                                    Stride<_1, _64>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U16x8_LDSM_T, cutlass::half_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_8, _1>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<half_t, layout::RowMajor, 8, 32> = OperandA<half_t, ColumnMajor, 8, 32>
using SmemLayoutAtomB = decltype(composition(Swizzle<3, 3, 3>{},
                                             Layout<Shape<_64, _8>,
                                                    Stride<_1, _64>>{}));
using SmemCopyAtomB = Copy_Atom<SM75_U16x8_LDSM_T, cutlass::half_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_8, _1>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::half_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::ColumnMajor>,
    cutlass::half_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::RowMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_f16_nt_128x128x32

// NN: A ColumnMajor (M-major), B ColumnMajor (K-major), SizeK 32.
namespace sm80_f16_nn_128x128x32 {
using namespace cute;

using TileShape = Shape<_128, _128, _32>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>,
                          Layout<Shape<_2, _2, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _16>>;       // 32x32x16 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<half_t, layout::ColumnMajor, 8, SizeK = 32>
using SmemLayoutAtomA = decltype(composition(Swizzle<3, 3, 3>{},
                                             Layout<Shape<_64, _8>,
                                                    Stride<_1, _64>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U16x8_LDSM_T, cutlass::half_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_8, _1>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<half_t, layout::ColumnMajor, 8, 32> = OperandA<half_t, RowMajor, 8, 32>
using SmemLayoutAtomB = decltype(composition(Swizzle<2, 3, 3>{},
                                             Layout<Shape<_8, _32>,
                                                    Stride<_32, _1>>{}));
using SmemCopyAtomB = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_32, _4>,
                                                       Stride<_4, _1>>{},
                                                Layout<Shape<_1, _8>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::half_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::ColumnMajor>,
    cutlass::half_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_f16_nn_128x128x32

// TT: A RowMajor (K-major), B RowMajor (N-major), SizeK 32.
namespace sm80_f16_tt_128x128x32 {
using namespace cute;

using TileShape = Shape<_128, _128, _32>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>,
                          Layout<Shape<_2, _2, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _16>>;       // 32x32x16 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<half_t, layout::RowMajor, 8, 32>
using SmemLayoutAtomA = decltype(composition(Swizzle<2, 3, 3>{},
                                             Layout<Shape<_8, _32>,
                                                    Stride<_32, _1>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_32, _4>,
                                                       Stride<_4, _1>>{},
                                                Layout<Shape<_1, _8>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<half_t, layout::RowMajor, 8, 32> = OperandA<half_t, ColumnMajor, 8, 32>
using SmemLayoutAtomB = decltype(composition(Swizzle<3, 3, 3>{},
                                             Layout<Shape<_64, _8>,
                                                    Stride<_1, _64>>{}));
using SmemCopyAtomB = Copy_Atom<SM75_U16x8_LDSM_T, cutlass::half_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_8, _1>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::half_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    cutlass::half_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::RowMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_f16_tt_128x128x32

// TN, k-block 64: A RowMajor (K-major), B ColumnMajor (K-major), SizeK 64, TileShape 128x128x64.
namespace sm80_f16_tn_128x128x64 {
using namespace cute;

using TileShape = Shape<_128, _128, _64>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>,
                          Layout<Shape<_2, _2, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _16>>;       // 32x32x16 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<half_t, layout::RowMajor, 8, 64>
using SmemLayoutAtomA = decltype(composition(Swizzle<3, 3, 3>{},
                                             Layout<Shape<_8, _64>,
                                                    Stride<_64, _1>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_8, _1>>{},
                                                Layout<Shape<_1, _8>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<half_t, layout::ColumnMajor, 8, 64> = OperandA<half_t, RowMajor, 8, 64>
using SmemLayoutAtomB = decltype(composition(Swizzle<3, 3, 3>{},
                                             Layout<Shape<_8, _64>,
                                                    Stride<_64, _1>>{}));
using SmemCopyAtomB = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_8, _1>>{},
                                                Layout<Shape<_1, _8>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::half_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    cutlass::half_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_f16_tn_128x128x64

// NT, k-block 64: A ColumnMajor (M-major), B RowMajor (N-major), SizeK 64, TileShape 128x128x64.
namespace sm80_f16_nt_128x128x64 {
using namespace cute;

using TileShape = Shape<_128, _128, _64>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>,
                          Layout<Shape<_2, _2, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _16>>;       // 32x32x16 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<half_t, layout::ColumnMajor, 8, SizeK = 64>
using SmemLayoutAtomA = decltype(composition(Swizzle<3, 3, 3>{},
                                             Layout<Shape<_64, _8>,
                                                    Stride<_1, _64>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U16x8_LDSM_T, cutlass::half_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_8, _1>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<half_t, layout::RowMajor, 8, 64> = OperandA<half_t, ColumnMajor, 8, 64>
using SmemLayoutAtomB = decltype(composition(Swizzle<3, 3, 3>{},
                                             Layout<Shape<_64, _8>,
                                                    Stride<_1, _64>>{}));
using SmemCopyAtomB = Copy_Atom<SM75_U16x8_LDSM_T, cutlass::half_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_8, _1>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::half_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::ColumnMajor>,
    cutlass::half_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::RowMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_f16_nt_128x128x64

// NN, k-block 64: A ColumnMajor (M-major), B ColumnMajor (K-major), SizeK 64, TileShape 128x128x64.
namespace sm80_f16_nn_128x128x64 {
using namespace cute;

using TileShape = Shape<_128, _128, _64>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>,
                          Layout<Shape<_2, _2, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _16>>;       // 32x32x16 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<half_t, layout::ColumnMajor, 8, SizeK = 64>
using SmemLayoutAtomA = decltype(composition(Swizzle<3, 3, 3>{},
                                             Layout<Shape<_64, _8>,
                                                    Stride<_1, _64>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U16x8_LDSM_T, cutlass::half_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_8, _1>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<half_t, layout::ColumnMajor, 8, 64> = OperandA<half_t, RowMajor, 8, 64>
using SmemLayoutAtomB = decltype(composition(Swizzle<3, 3, 3>{},
                                             Layout<Shape<_8, _64>,
                                                    Stride<_64, _1>>{}));
using SmemCopyAtomB = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_8, _1>>{},
                                                Layout<Shape<_1, _8>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::half_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::ColumnMajor>,
    cutlass::half_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_f16_nn_128x128x64

// TT, k-block 64: A RowMajor (K-major), B RowMajor (N-major), SizeK 64, TileShape 128x128x64.
namespace sm80_f16_tt_128x128x64 {
using namespace cute;

using TileShape = Shape<_128, _128, _64>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>,
                          Layout<Shape<_2, _2, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _16>>;       // 32x32x16 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<half_t, layout::RowMajor, 8, 64>
using SmemLayoutAtomA = decltype(composition(Swizzle<3, 3, 3>{},
                                             Layout<Shape<_8, _64>,
                                                    Stride<_64, _1>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_8, _1>>{},
                                                Layout<Shape<_1, _8>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<half_t, layout::RowMajor, 8, 64> = OperandA<half_t, ColumnMajor, 8, 64>
using SmemLayoutAtomB = decltype(composition(Swizzle<3, 3, 3>{},
                                             Layout<Shape<_64, _8>,
                                                    Stride<_1, _64>>{}));
using SmemCopyAtomB = Copy_Atom<SM75_U16x8_LDSM_T, cutlass::half_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_8, _1>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::half_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    cutlass::half_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::RowMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_f16_tt_128x128x64
