// CUTLASS's SM80 fp64 tensor-op default configurations (F64F64F64F64: double A, B, C and accumulator), written out
// as concrete aliases, one namespace per A/B layout combination (the file specialises all four, each with
// LayoutC = ColumnMajor).
//
// Upstream: NVIDIA/cutlass test/unit/gemm/device/default_gemm_configuration.hpp at 7107b05535f8977f5ecb9d01ee203205b1fd9bc4
// (the file last changed in 0d2b201e8c1c4a03efa6e9c468161916e2334725, "v4.3.5 update"):
//
//   sm80_f64_tn_128x64x16  "Ampere fp64 MMA TN (K-Major A and K-Major B)"
//       DefaultGemmConfigurationToCutlass3Types<OpClassTensorOp, Sm80, double, RowMajor, double, ColumnMajor, double, ColumnMajor, double>
//   sm80_f64_nn_128x64x16  "Ampere fp64 MMA NN (M-Major A and K-Major B)"
//       DefaultGemmConfigurationToCutlass3Types<OpClassTensorOp, Sm80, double, ColumnMajor, double, ColumnMajor, double, ColumnMajor, double>
//   sm80_f64_nt_128x64x16  "Ampere fp64 MMA NT (M-Major A and N-Major B)"
//       DefaultGemmConfigurationToCutlass3Types<OpClassTensorOp, Sm80, double, ColumnMajor, double, RowMajor, double, ColumnMajor, double>
//   sm80_f64_tt_128x64x16  "Ampere fp64 MMA TT (K-Major A and N-Major B)"
//       DefaultGemmConfigurationToCutlass3Types<OpClassTensorOp, Sm80, double, RowMajor, double, RowMajor, double, ColumnMajor, double>
//
// Each: TileShape 128x64x16, MainloopSm80CpAsync<3>, 2x2x1 SM80_8x8x4_F64F64F64F64_TN with the M and N permutation
// Layout<Shape<_16,_2>,Stride<_2,_1>> (32x32x4 MMA with perm for load vectorization); a K-major operand stages
// through Swizzle<2,0,4> o (4,16):(1,4) with one double per cp.async (kAlignment 1), an M/N-major one through
// Swizzle<2,2,2> o (16,4):(1,16) with two doubles per 16-byte cp.async (kAlignment 2); shared memory is read with
// Copy_Atom<DefaultCopy, double>. The kAlignmentX constants are the configuration's, not CollectiveMma arguments.
// (The file's "Hopper fp64 MMA TN" is Sm90 with an SM90 atom and is not mirrored here.)
//
// The hand-written JSON twins are tests/data/specs/cutlass_sm80_f64_<ab>_128x64x16.json; tests/cli/cpp_configs_test.sh
// compares them. tvlab reads this file (tvlab verify FILE, --config NAME); it also compiles against CUTLASS.
#pragma once
#include <cute/tensor.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cutlass/gemm/collective/collective_mma.hpp>
#include <cutlass/gemm/dispatch_policy.hpp>

// Ampere fp64 MMA TN (K-Major A and K-Major B)
namespace sm80_f64_tn_128x64x16 {
using namespace cute;

using TileShape = Shape<_128, _64, _16>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>,      // Atom
                          Layout<Shape<_2, _2, _1>>,                 // Atom layout
                          Tile<Layout<Shape<_16, _2>, Stride<_2, _1>>,  // 32x32x4 MMA with perm for load vectorization
                               Layout<Shape<_16, _2>, Stride<_2, _1>>,
                               Underscore>>;

// A (M,K) K-Major
using SmemLayoutAtomA = decltype(composition(Swizzle<2, 0, 4>{},
                                             Layout<Shape<_4, _16>,
                                                    Stride<_1, _4>>{}));  // M, K
using SmemCopyAtomA = Copy_Atom<DefaultCopy, double>;
static constexpr int kAlignmentA = 1;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<double>, double>{},  // CopyAtom
                                                Layout<Shape<_8, _16>,
                                                       Stride<_16, _1>>{},  // ThrLayout for CopyAtom
                                                Layout<Shape<_1, _1>>{}));  // Value layout: 1x1 doubles

// B (N,K) K-Major
using SmemLayoutAtomB = decltype(composition(Swizzle<2, 0, 4>{},
                                             Layout<Shape<_4, _16>,
                                                    Stride<_1, _4>>{}));  // N, K
using SmemCopyAtomB = Copy_Atom<DefaultCopy, double>;
static constexpr int kAlignmentB = 1;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<double>, double>{},  // CopyAtom
                                                Layout<Shape<_8, _16>,
                                                       Stride<_16, _1>>{},  // ThrLayout for CopyAtom
                                                Layout<Shape<_1, _1>>{}));  // Value layout: 1x1 doubles

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    double, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    double, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_f64_tn_128x64x16

// Ampere fp64 MMA NN (M-Major A and K-Major B)
namespace sm80_f64_nn_128x64x16 {
using namespace cute;

using TileShape = Shape<_128, _64, _16>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>,      // Atom
                          Layout<Shape<_2, _2, _1>>,                 // Atom layout
                          Tile<Layout<Shape<_16, _2>, Stride<_2, _1>>,  // 32x32x4 MMA with perm for load vectorization
                               Layout<Shape<_16, _2>, Stride<_2, _1>>,
                               Underscore>>;

// A (M,K) M-Major
using SmemLayoutAtomA = decltype(composition(Swizzle<2, 2, 2>{},
                                             Layout<Shape<_16, _4>,
                                                    Stride<_1, _16>>{}));  // M, K
using SmemCopyAtomA = Copy_Atom<DefaultCopy, double>;
static constexpr int kAlignmentA = 2;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, double>{},  // CopyAtom
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},  // ThrLayout for CopyAtom
                                                Layout<Shape<_2, _1>>{}));  // Value layout: 2x1 doubles

// B (N,K) K-Major
using SmemLayoutAtomB = decltype(composition(Swizzle<2, 0, 4>{},
                                             Layout<Shape<_4, _16>,
                                                    Stride<_1, _4>>{}));  // N, K
using SmemCopyAtomB = Copy_Atom<DefaultCopy, double>;
static constexpr int kAlignmentB = 1;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<double>, double>{},  // CopyAtom
                                                Layout<Shape<_8, _16>,
                                                       Stride<_16, _1>>{},  // ThrLayout for CopyAtom
                                                Layout<Shape<_1, _1>>{}));  // Value layout: 1x1 doubles

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    double, cutlass::gemm::TagToStrideA_t<cutlass::layout::ColumnMajor>,
    double, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_f64_nn_128x64x16

// Ampere fp64 MMA NT (M-Major A and N-Major B)
namespace sm80_f64_nt_128x64x16 {
using namespace cute;

using TileShape = Shape<_128, _64, _16>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>,      // Atom
                          Layout<Shape<_2, _2, _1>>,                 // Atom layout
                          Tile<Layout<Shape<_16, _2>, Stride<_2, _1>>,  // 32x32x4 MMA with perm for load vectorization
                               Layout<Shape<_16, _2>, Stride<_2, _1>>,
                               Underscore>>;

// A (M,K) M-Major
using SmemLayoutAtomA = decltype(composition(Swizzle<2, 2, 2>{},
                                             Layout<Shape<_16, _4>,
                                                    Stride<_1, _16>>{}));  // M, K
using SmemCopyAtomA = Copy_Atom<DefaultCopy, double>;
static constexpr int kAlignmentA = 2;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, double>{},  // CopyAtom
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},  // ThrLayout for CopyAtom
                                                Layout<Shape<_2, _1>>{}));  // Value layout: 2x1 doubles

// B (N,K) N-Major
using SmemLayoutAtomB = decltype(composition(Swizzle<2, 2, 2>{},
                                             Layout<Shape<_16, _4>,
                                                    Stride<_1, _16>>{}));  // N, K
using SmemCopyAtomB = Copy_Atom<DefaultCopy, double>;
static constexpr int kAlignmentB = 2;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, double>{},  // CopyAtom
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},  // ThrLayout for CopyAtom
                                                Layout<Shape<_2, _1>>{}));  // Value layout: 2x1 doubles

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    double, cutlass::gemm::TagToStrideA_t<cutlass::layout::ColumnMajor>,
    double, cutlass::gemm::TagToStrideB_t<cutlass::layout::RowMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_f64_nt_128x64x16

// Ampere fp64 MMA TT (K-Major A and N-Major B)
namespace sm80_f64_tt_128x64x16 {
using namespace cute;

using TileShape = Shape<_128, _64, _16>;
using DispatchPolicy = cutlass::gemm::MainloopSm80CpAsync<3>;
using TiledMma = TiledMMA<MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>,      // Atom
                          Layout<Shape<_2, _2, _1>>,                 // Atom layout
                          Tile<Layout<Shape<_16, _2>, Stride<_2, _1>>,  // 32x32x4 MMA with perm for load vectorization
                               Layout<Shape<_16, _2>, Stride<_2, _1>>,
                               Underscore>>;

// A (M,K) K-Major
using SmemLayoutAtomA = decltype(composition(Swizzle<2, 0, 4>{},
                                             Layout<Shape<_4, _16>,
                                                    Stride<_1, _4>>{}));  // M, K
using SmemCopyAtomA = Copy_Atom<DefaultCopy, double>;
static constexpr int kAlignmentA = 1;
using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<double>, double>{},  // CopyAtom
                                                Layout<Shape<_8, _16>,
                                                       Stride<_16, _1>>{},  // ThrLayout for CopyAtom
                                                Layout<Shape<_1, _1>>{}));  // Value layout: 1x1 doubles

// B (N,K) N-Major
using SmemLayoutAtomB = decltype(composition(Swizzle<2, 2, 2>{},
                                             Layout<Shape<_16, _4>,
                                                    Stride<_1, _16>>{}));  // N, K
using SmemCopyAtomB = Copy_Atom<DefaultCopy, double>;
static constexpr int kAlignmentB = 2;
using GmemTiledCopyB = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, double>{},  // CopyAtom
                                                Layout<Shape<_16, _8>,
                                                       Stride<_1, _16>>{},  // ThrLayout for CopyAtom
                                                Layout<Shape<_2, _1>>{}));  // Value layout: 2x1 doubles

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape,
    double, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    double, cutlass::gemm::TagToStrideB_t<cutlass::layout::RowMajor>,
    TiledMma,
    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,  // A
    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity   // B
    >;
}  // namespace sm80_f64_tt_128x64x16
