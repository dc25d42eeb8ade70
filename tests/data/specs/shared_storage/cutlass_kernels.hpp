// Whole CUTLASS kernels as C++ configurations: a CollectiveMainloop and the CollectiveEpilogue next to it, which
// tvlab reads into "epilogue" (and the SM90 policy's schedule into "kernel_schedule") for smem.budget.
// tests/cute_oracle/shared_storage_oracle.cu includes this file and prints each namespace's
// GemmUniversal<Shape<int,int,int,int>, CollectiveMainloop, CollectiveEpilogue>::SharedStorageSize as
// "cpp_<namespace> <bytes>" (tests/data/cute/shared_storage.txt); shared_storage_test compares tvlab with it.
//
//   kernel_sm90_coop_6stages   issue 33's trial: SM90 f16 TN 128x128x64, 6 stages, cooperative, the f32
//                              column-major TMA epilogue CUTLASS's builder picks (written out): 264192 B
//   kernel_sm90_coop_6stages_default  the same mainloop with DefaultEpilogue through Sm90TmaWarpSpecializedAdapter
//                              (what CUTLASS's SM90 builder does with a NoSmem epilogue schedule)
//   kernel_sm80_vectorized     CUTLASS's SM80 f16 TN mainloop with Sm70EpilogueVectorized (collective::Epilogue)
//                              staging float accumulators in a padded (128,128):(136,1) tile: 69600 B
#pragma once
#include <cute/tensor.hpp>
#include <cutlass/epilogue/collective/collective_epilogue.hpp>
#include <cutlass/epilogue/collective/default_epilogue.hpp>
#include <cutlass/epilogue/collective/detail.hpp>
#include <cutlass/epilogue/fusion/callbacks.hpp>
#include <cutlass/epilogue/fusion/sm90_callbacks_tma_warpspecialized.hpp>
#include <cutlass/epilogue/thread/linear_combination.h>
#include <cutlass/gemm/collective/collective_mma.hpp>
#include <cutlass/gemm/dispatch_policy.hpp>

namespace kernel_sm90_coop_6stages {
using namespace cute;
using TileShape = Shape<_128, _128, _64>;
using EpilogueTile = Shape<_128, _32>;
using EpiPolicy = cutlass::epilogue::Sm90TmaWarpSpecialized<4, 2, 16, true, false>;
// Sw<3,4,3> o smem_ptr[32b](unset) o (32,8):(1,32), the atom the builder picks.
using SmemLayoutAtomCD = GMMA::Layout_MN_SW128_Atom<float>;
using StrideCD = cutlass::detail::TagToStrideC_t<cutlass::layout::ColumnMajor>;

using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<6, Shape<_1, _1, _1>,
                                                      cutlass::gemm::KernelTmaWarpSpecializedCooperative>,
    TileShape, cutlass::half_t, cutlass::detail::TagToStrideA_t<cutlass::layout::RowMajor>, cutlass::half_t,
    cutlass::detail::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    decltype(make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{},
                            Layout<Shape<_2, _1, _1>>{})),
    SM90_TMA_LOAD, GMMA::Layout_K_SW128_Atom<cutlass::half_t>, void, identity, SM90_TMA_LOAD,
    GMMA::Layout_K_SW128_Atom<cutlass::half_t>, void, identity>;

using CollectiveEpilogue = cutlass::epilogue::collective::CollectiveEpilogue<
    EpiPolicy, TileShape, EpilogueTile, float, StrideCD, float, StrideCD,
    cutlass::epilogue::fusion::FusionCallbacks<
        EpiPolicy, cutlass::epilogue::fusion::LinearCombination<float, float, float, float>, TileShape, EpilogueTile>,
    SM90_TMA_LOAD, SmemLayoutAtomCD, AutoVectorizingCopyWithAssumedAlignment<128>, SM90_TMA_STORE, SmemLayoutAtomCD,
    AutoVectorizingCopyWithAssumedAlignment<128>, Copy_Atom<SM90_U32x4_STSM_N, cutlass::half_t>, void>;
}  // namespace kernel_sm90_coop_6stages

namespace kernel_sm90_coop_6stages_default {
using namespace cute;
using TileShape = Shape<_128, _128, _64>;
using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<6, Shape<_1, _1, _1>,
                                                      cutlass::gemm::KernelTmaWarpSpecializedCooperative>,
    TileShape, cutlass::half_t, cutlass::detail::TagToStrideA_t<cutlass::layout::RowMajor>, cutlass::half_t,
    cutlass::detail::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    decltype(make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{},
                            Layout<Shape<_2, _1, _1>>{})),
    SM90_TMA_LOAD, GMMA::Layout_K_SW128_Atom<cutlass::half_t>, void, identity, SM90_TMA_LOAD,
    GMMA::Layout_K_SW128_Atom<cutlass::half_t>, void, identity>;
using StrideC = cutlass::detail::TagToStrideC_t<cutlass::layout::RowMajor>;
using EpilogueOp = cutlass::epilogue::collective::DefaultEpilogue<
    float, StrideC, StrideC, cutlass::epilogue::thread::LinearCombination<float, 1, float, float>,
    cutlass::gemm::EpilogueDefault>;
using CollectiveEpilogue = cutlass::epilogue::collective::detail::Sm90TmaWarpSpecializedAdapter<EpilogueOp>;
}  // namespace kernel_sm90_coop_6stages_default

namespace kernel_sm80_vectorized {
using namespace cute;
using TileShape = Shape<_128, _128, _32>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_2, _2, _1>>, Tile<_32, _32, _16>>;
using SmemLayoutAtom = decltype(composition(Swizzle<2, 3, 3>{}, Layout<Shape<_8, _32>, Stride<_32, _1>>{}));
using SmemCopyAtom = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>;
using GmemTiledCopy = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                               Layout<Shape<_32, _4>, Stride<_4, _1>>{}, Layout<Shape<_1, _8>>{}));
using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<
    cutlass::gemm::MainloopSm80CpAsync<3>, TileShape, cutlass::half_t,
    cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>, cutlass::half_t,
    cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>, TiledMma, GmemTiledCopy, SmemLayoutAtom,
    SmemCopyAtom, cute::identity, GmemTiledCopy, SmemLayoutAtom, SmemCopyAtom, cute::identity>;
using StrideC = cutlass::detail::TagToStrideC_t<cutlass::layout::ColumnMajor>;
using CollectiveEpilogue = cutlass::epilogue::collective::Epilogue<
    StrideC, StrideC, cutlass::epilogue::thread::LinearCombination<float, 1, float, float>,
    Layout<Shape<_128, _128>, Stride<_136, _1>>, Copy_Atom<DefaultCopy, float>,
    TiledCopy<Copy_Atom<DefaultCopy, float>, Layout<Shape<_128, _128>>, Shape<_128, _128>>,
    Copy_Atom<DefaultCopy, float>>;
}  // namespace kernel_sm80_vectorized
