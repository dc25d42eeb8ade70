// CUTLASS's SM80 tf32 tensor-op default configurations (F32TF32: tfloat32_t A and B, float accumulator), written out
// as concrete aliases, one namespace per A/B layout combination and k-block.
//
// Upstream: NVIDIA/cutlass test/unit/gemm/device/default_gemm_configuration.hpp at 7107b05535f8977f5ecb9d01ee203205b1fd9bc4
// (the file last changed in 0d2b201e8c1c4a03efa6e9c468161916e2334725, "v4.3.5 update"). The configuration is
//
//   DefaultGemmConfigurationToCutlass3Types<arch::OpClassTensorOp, arch::Sm80, tfloat32_t, LayoutA, tfloat32_t,
//                                           LayoutB, float, LayoutC, float>
//
// (TileShape 128x128x32, MainloopSm80CpAsync<3>, SM80_16x8x8_F32TF32TF32F32_TN over Layout<Shape<_2,_2,_1>,
// Stride<_2,_1,_1>> with Tile<_32,_32,_8>, kAlignmentA = kAlignmentB = 4), whose operands are
// detail::DefaultGemm_TensorOpSm80_OperandA<tfloat32_t, LayoutA, 4, 32> and
// detail::DefaultGemm_TensorOpSm80_OperandB<tfloat32_t, LayoutB, 4, 32>; OperandB<ColumnMajor> is
// OperandA<RowMajor> and OperandB<RowMajor> is OperandA<ColumnMajor> (A-B symmetric). T is row-major, N
// column-major (BLAS letters): TN is A RowMajor (K-major), B ColumnMajor (K-major).
//
//   sm80_tf32_tn_128x128x32  A <tfloat32_t, RowMajor, 4, 32>      B = OperandA<RowMajor, 4, 32>
//   sm80_tf32_nt_128x128x32  A <tfloat32_t, ColumnMajor, 4, 32>   B = OperandA<ColumnMajor, 4, 32>
//   sm80_tf32_nn_128x128x32  A <tfloat32_t, ColumnMajor, 4, 32>   B = OperandA<RowMajor, 4, 32>
//   sm80_tf32_tt_128x128x32  A <tfloat32_t, RowMajor, 4, 32>      B = OperandA<ColumnMajor, 4, 32>
//
// The M/N-major operand (ColumnMajor A, RowMajor B) reads shared memory with Copy_Atom<UniversalCopy<tfloat32_t>>
// (no ldmatrix.trans for 32-bit types). The file also defines the small k-block operand,
// DefaultGemm_TensorOpSm80_OperandA<tfloat32_t, RowMajor, 4, 16> ("kBlock = 16"; the ColumnMajor operand is the same
// for every SizeK), which no configuration of the file instantiates: the *_128x128x16 namespaces below are the
// F32TF32 configuration above with TileShape 128x128x16 and SizeK = 16 in place of 32 (everything else as upstream).
//
//   sm80_tf32_tn_128x128x16  A <tfloat32_t, RowMajor, 4, 16>      B = OperandA<RowMajor, 4, 16>
//   sm80_tf32_nt_128x128x16  A <tfloat32_t, ColumnMajor, 4, 16>   B = OperandA<ColumnMajor, 4, 16>
//   sm80_tf32_nn_128x128x16  A <tfloat32_t, ColumnMajor, 4, 16>   B = OperandA<RowMajor, 4, 16>
//   sm80_tf32_tt_128x128x16  A <tfloat32_t, RowMajor, 4, 16>      B = OperandA<ColumnMajor, 4, 16>
//
// The hand-written JSON twins are tests/data/specs/cutlass_sm80_tf32_<ab>_<tile>.json; tests/cli/cpp_configs_test.sh
// compares them. tvlab reads this file (tvlab verify FILE, --config NAME); it also compiles against CUTLASS.
#pragma once
#include <cute/tensor.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cutlass/gemm/collective/collective_mma.hpp>
#include <cutlass/gemm/dispatch_policy.hpp>

// TN: A RowMajor (K-major), B ColumnMajor (K-major), SizeK 32.
namespace sm80_tf32_tn_128x128x32 {
using namespace cute;

using TileShape = Shape<_128, _128, _32>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>,
                          Layout<Shape<_2, _2, _1>, Stride<_2, _1, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _8>>;                            // 32x32x8 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<tfloat32_t, layout::RowMajor, 4, 32>
using SmemLayoutAtomA = decltype(composition(Swizzle<3, 2, 3>{},
                                             Layout<Shape<_8, _32>,
                                                    Stride<_32, _1>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::tfloat32_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_8, _1>>{},
                                                Layout<Shape<_1, _4>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<tfloat32_t, layout::ColumnMajor, 4, 32> = OperandA<tfloat32_t, RowMajor, 4, 32>
using SmemLayoutAtomB = decltype(composition(Swizzle<3, 2, 3>{},
                                             Layout<Shape<_8, _32>,
                                                    Stride<_32, _1>>{}));
using SmemCopyAtomB = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::tfloat32_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_8, _1>>{},
                                                Layout<Shape<_1, _4>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_tf32_tn_128x128x32

// NT: A ColumnMajor (M-major), B RowMajor (N-major), SizeK 32.
namespace sm80_tf32_nt_128x128x32 {
using namespace cute;

using TileShape = Shape<_128, _128, _32>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>,
                          Layout<Shape<_2, _2, _1>, Stride<_2, _1, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _8>>;                            // 32x32x8 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<tfloat32_t, layout::ColumnMajor, 4, SizeK = 32>
using SmemLayoutAtomA = decltype(composition(Swizzle<3, 2, 3>{},
                                             Layout<Shape<_32, _8>,
                                                    Stride<_1, _32>>{}));
using SmemCopyAtomA = Copy_Atom<UniversalCopy<cutlass::tfloat32_t>, cutlass::tfloat32_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_4, _1>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<tfloat32_t, layout::RowMajor, 4, 32> = OperandA<tfloat32_t, ColumnMajor, 4, 32>
using SmemLayoutAtomB = decltype(composition(Swizzle<3, 2, 3>{},
                                             Layout<Shape<_32, _8>,
                                                    Stride<_1, _32>>{}));
using SmemCopyAtomB = Copy_Atom<UniversalCopy<cutlass::tfloat32_t>, cutlass::tfloat32_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_4, _1>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::ColumnMajor>,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::RowMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_tf32_nt_128x128x32

// NN: A ColumnMajor (M-major), B ColumnMajor (K-major), SizeK 32.
namespace sm80_tf32_nn_128x128x32 {
using namespace cute;

using TileShape = Shape<_128, _128, _32>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>,
                          Layout<Shape<_2, _2, _1>, Stride<_2, _1, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _8>>;                            // 32x32x8 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<tfloat32_t, layout::ColumnMajor, 4, SizeK = 32>
using SmemLayoutAtomA = decltype(composition(Swizzle<3, 2, 3>{},
                                             Layout<Shape<_32, _8>,
                                                    Stride<_1, _32>>{}));
using SmemCopyAtomA = Copy_Atom<UniversalCopy<cutlass::tfloat32_t>, cutlass::tfloat32_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_4, _1>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<tfloat32_t, layout::ColumnMajor, 4, 32> = OperandA<tfloat32_t, RowMajor, 4, 32>
using SmemLayoutAtomB = decltype(composition(Swizzle<3, 2, 3>{},
                                             Layout<Shape<_8, _32>,
                                                    Stride<_32, _1>>{}));
using SmemCopyAtomB = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::tfloat32_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_8, _1>>{},
                                                Layout<Shape<_1, _4>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::ColumnMajor>,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_tf32_nn_128x128x32

// TT: A RowMajor (K-major), B RowMajor (N-major), SizeK 32.
namespace sm80_tf32_tt_128x128x32 {
using namespace cute;

using TileShape = Shape<_128, _128, _32>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>,
                          Layout<Shape<_2, _2, _1>, Stride<_2, _1, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _8>>;                            // 32x32x8 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<tfloat32_t, layout::RowMajor, 4, 32>
using SmemLayoutAtomA = decltype(composition(Swizzle<3, 2, 3>{},
                                             Layout<Shape<_8, _32>,
                                                    Stride<_32, _1>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::tfloat32_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_8, _1>>{},
                                                Layout<Shape<_1, _4>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<tfloat32_t, layout::RowMajor, 4, 32> = OperandA<tfloat32_t, ColumnMajor, 4, 32>
using SmemLayoutAtomB = decltype(composition(Swizzle<3, 2, 3>{},
                                             Layout<Shape<_32, _8>,
                                                    Stride<_1, _32>>{}));
using SmemCopyAtomB = Copy_Atom<UniversalCopy<cutlass::tfloat32_t>, cutlass::tfloat32_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_4, _1>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::RowMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_tf32_tt_128x128x32

// TN, k-block 16: A RowMajor (K-major), B ColumnMajor (K-major), SizeK 16, TileShape 128x128x16.
namespace sm80_tf32_tn_128x128x16 {
using namespace cute;

using TileShape = Shape<_128, _128, _16>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>,
                          Layout<Shape<_2, _2, _1>, Stride<_2, _1, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _8>>;                            // 32x32x8 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<tfloat32_t, layout::RowMajor, 4, 16>
using SmemLayoutAtomA = decltype(composition(Swizzle<2, 2, 3>{},
                                             Layout<Shape<_8, _16>,
                                                    Stride<_16, _1>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::tfloat32_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_32, _4>,
                                                       Stride<_4, _1>>{},
                                                Layout<Shape<_1, _4>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<tfloat32_t, layout::ColumnMajor, 4, 16> = OperandA<tfloat32_t, RowMajor, 4, 16>
using SmemLayoutAtomB = decltype(composition(Swizzle<2, 2, 3>{},
                                             Layout<Shape<_8, _16>,
                                                    Stride<_16, _1>>{}));
using SmemCopyAtomB = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::tfloat32_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_32, _4>,
                                                       Stride<_4, _1>>{},
                                                Layout<Shape<_1, _4>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_tf32_tn_128x128x16

// NT, k-block 16: A ColumnMajor (M-major), B RowMajor (N-major), SizeK 16, TileShape 128x128x16.
namespace sm80_tf32_nt_128x128x16 {
using namespace cute;

using TileShape = Shape<_128, _128, _16>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>,
                          Layout<Shape<_2, _2, _1>, Stride<_2, _1, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _8>>;                            // 32x32x8 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<tfloat32_t, layout::ColumnMajor, 4, SizeK = 16>
using SmemLayoutAtomA = decltype(composition(Swizzle<3, 2, 3>{},
                                             Layout<Shape<_32, _8>,
                                                    Stride<_1, _32>>{}));
using SmemCopyAtomA = Copy_Atom<UniversalCopy<cutlass::tfloat32_t>, cutlass::tfloat32_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_4, _1>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<tfloat32_t, layout::RowMajor, 4, 16> = OperandA<tfloat32_t, ColumnMajor, 4, 16>
using SmemLayoutAtomB = decltype(composition(Swizzle<3, 2, 3>{},
                                             Layout<Shape<_32, _8>,
                                                    Stride<_1, _32>>{}));
using SmemCopyAtomB = Copy_Atom<UniversalCopy<cutlass::tfloat32_t>, cutlass::tfloat32_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_4, _1>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::ColumnMajor>,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::RowMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_tf32_nt_128x128x16

// NN, k-block 16: A ColumnMajor (M-major), B ColumnMajor (K-major), SizeK 16, TileShape 128x128x16.
namespace sm80_tf32_nn_128x128x16 {
using namespace cute;

using TileShape = Shape<_128, _128, _16>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>,
                          Layout<Shape<_2, _2, _1>, Stride<_2, _1, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _8>>;                            // 32x32x8 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<tfloat32_t, layout::ColumnMajor, 4, SizeK = 16>
using SmemLayoutAtomA = decltype(composition(Swizzle<3, 2, 3>{},
                                             Layout<Shape<_32, _8>,
                                                    Stride<_1, _32>>{}));
using SmemCopyAtomA = Copy_Atom<UniversalCopy<cutlass::tfloat32_t>, cutlass::tfloat32_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_4, _1>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<tfloat32_t, layout::ColumnMajor, 4, 16> = OperandA<tfloat32_t, RowMajor, 4, 16>
using SmemLayoutAtomB = decltype(composition(Swizzle<2, 2, 3>{},
                                             Layout<Shape<_8, _16>,
                                                    Stride<_16, _1>>{}));
using SmemCopyAtomB = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::tfloat32_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_32, _4>,
                                                       Stride<_4, _1>>{},
                                                Layout<Shape<_1, _4>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::ColumnMajor>,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_tf32_nn_128x128x16

// TT, k-block 16: A RowMajor (K-major), B RowMajor (N-major), SizeK 16, TileShape 128x128x16.
namespace sm80_tf32_tt_128x128x16 {
using namespace cute;

using TileShape = Shape<_128, _128, _16>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x8_F32TF32TF32F32_TN>,
                          Layout<Shape<_2, _2, _1>, Stride<_2, _1, _1>>,  // 2x2x1 thread group
                          Tile<_32, _32, _8>>;                            // 32x32x8 MMA for LDSM, 1x2x1 value group

// A: DefaultGemm_TensorOpSm80_OperandA<tfloat32_t, layout::RowMajor, 4, 16>
using SmemLayoutAtomA = decltype(composition(Swizzle<2, 2, 3>{},
                                             Layout<Shape<_8, _16>,
                                                    Stride<_16, _1>>{}));
using SmemCopyAtomA = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::tfloat32_t>;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_32, _4>,
                                                       Stride<_4, _1>>{},
                                                Layout<Shape<_1, _4>>{}));

// B: DefaultGemm_TensorOpSm80_OperandB<tfloat32_t, layout::RowMajor, 4, 16> = OperandA<tfloat32_t, ColumnMajor, 4, 16>
using SmemLayoutAtomB = decltype(composition(Swizzle<3, 2, 3>{},
                                             Layout<Shape<_32, _8>,
                                                    Stride<_1, _32>>{}));
using SmemCopyAtomB = Copy_Atom<UniversalCopy<cutlass::tfloat32_t>, cutlass::tfloat32_t>;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::tfloat32_t>{},
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},
                                                Layout<Shape<_4, _1>>{}));

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    cutlass::tfloat32_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::RowMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_tf32_tt_128x128x16
