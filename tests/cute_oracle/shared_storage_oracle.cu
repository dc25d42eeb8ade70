// sizeof the shared storage of whole CUTLASS kernels (GemmUniversal<ProblemShape, CollectiveMainloop,
// CollectiveEpilogue>::SharedStorageSize), one line per case: "<case> <bytes>". Each case is the spec
// tests/data/specs/shared_storage/<case>.json written out as CUTLASS types (no CollectiveBuilder, so every
// argument tvlab reads is spelled here); tvlab's smem.budget must give the same figure (shared_storage.sh; ctest verify.SharedStorage.* against the recording).
//
// Host-only: nvcc -std=c++17 --expt-relaxed-constexpr -arch=sm_90a -x cu (g++ lacks the CUDA built-ins
// the SM80/SM90 collectives name). CUTLASS: the kernels include/cutlass/gemm/kernel/sm70_gemm.hpp,
// sm90_gemm_tma.hpp, sm90_gemm_tma_warpspecialized{,_pingpong,_cooperative}.hpp; the epilogues
// include/cutlass/epilogue/collective/{default_epilogue,sm70_epilogue_vectorized,
// sm90_epilogue_tma_warpspecialized,detail}.hpp.
#include <cstdio>

#include <cute/tensor.hpp>
#include <cutlass/epilogue/collective/collective_epilogue.hpp>
#include <cutlass/epilogue/collective/default_epilogue.hpp>
#include <cutlass/epilogue/collective/detail.hpp>
#include <cutlass/epilogue/fusion/callbacks.hpp>
#include <cutlass/epilogue/fusion/sm90_callbacks_tma_warpspecialized.hpp>
#include <cutlass/epilogue/thread/linear_combination.h>
#include <cutlass/gemm/collective/collective_mma.hpp>
#include <cutlass/gemm/dispatch_policy.hpp>
#include <cutlass/gemm/kernel/gemm_universal.hpp>
#include <cutlass/version.h>

#include "../data/specs/shared_storage/cutlass_kernels.hpp"

using namespace cute;
using cutlass::half_t;
using Problem = Shape<int, int, int, int>;
using RowC = cutlass::detail::TagToStrideC_t<cutlass::layout::RowMajor>;
using ColC = cutlass::detail::TagToStrideC_t<cutlass::layout::ColumnMajor>;

// The SM80 f16 TN mainloop of tests/data/specs/cutlass_sm80_f16_tn_128x128x32.json.
namespace sm80 {
using TileShape = Shape<_128, _128, _32>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_2, _2, _1>>, Tile<_32, _32, _16>>;
using SmemLayoutAtom = decltype(composition(Swizzle<2, 3, 3>{}, Layout<Shape<_8, _32>, Stride<_32, _1>>{}));
using SmemCopyAtom = Copy_Atom<SM75_U32x4_LDSM_N, half_t>;
using GmemTiledCopy = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                                               Layout<Shape<_32, _4>, Stride<_4, _1>>{}, Layout<Shape<_1, _8>>{}));
using Mainloop = cutlass::gemm::collective::CollectiveMma<
    cutlass::gemm::MainloopSm80CpAsync<3>, TileShape, half_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    half_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>, TiledMma, GmemTiledCopy, SmemLayoutAtom,
    SmemCopyAtom, identity, GmemTiledCopy, SmemLayoutAtom, SmemCopyAtom, identity>;
using LinComb = cutlass::epilogue::thread::LinearCombination<float, 1, float, float>;
using Default = cutlass::epilogue::collective::DefaultEpilogue<float, ColC, ColC, LinComb,
                                                               cutlass::gemm::EpilogueDefault>;
// Sm70EpilogueVectorized with a padded (128,128):(136,1) float staging tile.
using Vectorized = cutlass::epilogue::collective::Epilogue<
    ColC, ColC, LinComb, Layout<Shape<_128, _128>, Stride<_136, _1>>, Copy_Atom<DefaultCopy, float>,
    TiledCopy<Copy_Atom<DefaultCopy, float>, Layout<Shape<_128, _128>>, Shape<_128, _128>>,
    Copy_Atom<DefaultCopy, float>>;
}  // namespace sm80

// The SM90 f16 TN mainloop: 128x128x64, two 64x128x16 GMMAs along M, 128B-swizzled K-major atoms.
// (Pingpong: one GMMA, 128 threads: its static_assert.)
template <int Stages, class Schedule, class AtomLayout = Layout<Shape<_2, _1, _1>>,
          class Policy = cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<Stages, Shape<_1, _1, _1>, Schedule>>
using Sm90Mainloop = cutlass::gemm::collective::CollectiveMma<
    Policy, Shape<_128, _128, _64>, half_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>, half_t,
    cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>,
    decltype(make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{},
                            AtomLayout{})),
    SM90_TMA_LOAD, GMMA::Layout_K_SW128_Atom<half_t>, void, identity, SM90_TMA_LOAD,
    GMMA::Layout_K_SW128_Atom<half_t>, void, identity>;

// Sm90TmaWarpSpecialized<StagesC, StagesD, 16, ReuseSmemC, false> with LinearCombination, the copy ops
// CUTLASS's epilogue builder picks (sm90_builder.inl).
template <int StagesC, int StagesD, bool Reuse, class EpiTile, class ElementC, class StrideC, class ElementD,
          class StrideD, class AtomC, class AtomD>
using Sm90Epilogue = cutlass::epilogue::collective::CollectiveEpilogue<
    cutlass::epilogue::Sm90TmaWarpSpecialized<StagesC, StagesD, 16, Reuse, false>, Shape<_128, _128, _64>, EpiTile,
    ElementC, StrideC, ElementD, StrideD,
    cutlass::epilogue::fusion::FusionCallbacks<
        cutlass::epilogue::Sm90TmaWarpSpecialized<StagesC, StagesD, 16, Reuse, false>,
        cutlass::epilogue::fusion::LinearCombination<ElementD, float, ElementC, float>, Shape<_128, _128, _64>,
        EpiTile>,
    SM90_TMA_LOAD, AtomC, AutoVectorizingCopyWithAssumedAlignment<128>, SM90_TMA_STORE, AtomD,
    AutoVectorizingCopyWithAssumedAlignment<128>, Copy_Atom<SM90_U32x4_STSM_N, half_t>, void>;

using AtomF32M = ComposedLayout<Swizzle<3, 4, 3>, smem_ptr_flag_bits<32>, Layout<Shape<_32, _8>, Stride<_1, _32>>>;
using AtomF16N = ComposedLayout<Swizzle<2, 4, 3>, smem_ptr_flag_bits<16>, Layout<Shape<_8, _32>, Stride<_32, _1>>>;
using Coop = cutlass::gemm::KernelTmaWarpSpecializedCooperative;
using Ping = cutlass::gemm::KernelTmaWarpSpecializedPingpong;
using Ws = cutlass::gemm::KernelTmaWarpSpecialized;
using EpiF32 = Sm90Epilogue<4, 2, true, Shape<_128, _32>, float, ColC, float, ColC, AtomF32M, AtomF32M>;
using EpiF16 = Sm90Epilogue<2, 2, false, Shape<_64, _32>, half_t, RowC, half_t, RowC, AtomF16N, AtomF16N>;
using EpiF16NoC = Sm90Epilogue<2, 2, false, Shape<_64, _32>, void, RowC, half_t, RowC, AtomF16N, AtomF16N>;
using Adapted = cutlass::epilogue::collective::detail::Sm90TmaWarpSpecializedAdapter<sm80::Default>;

template <class Mainloop, class Epilogue>
using Kernel = cutlass::gemm::kernel::GemmUniversal<Problem, Mainloop, Epilogue>;

#define CASE(name, ...) std::printf("%s %d\n", name, int(__VA_ARGS__::SharedStorageSize))

int main() {
  std::printf("# CUTLASS %d.%d.%d\n", CUTLASS_MAJOR, CUTLASS_MINOR, CUTLASS_PATCH);
  CASE("sm80_f16_tn_default_epilogue", Kernel<sm80::Mainloop, sm80::Default>);
  CASE("sm80_f16_tn_vectorized_epilogue", Kernel<sm80::Mainloop, sm80::Vectorized>);
  CASE("sm90_f16_coop_6stages_f32_epilogue", Kernel<Sm90Mainloop<6, Coop>, EpiF32>);
  CASE("sm90_f16_coop_4stages_f16_epilogue", Kernel<Sm90Mainloop<4, Coop>, EpiF16>);
  CASE("sm90_f16_pingpong_4stages_f16_epilogue", Kernel<Sm90Mainloop<4, Ping, Layout<Shape<_1, _1, _1>>>, EpiF16>);
  CASE("sm90_f16_ws_4stages_f16_epilogue", Kernel<Sm90Mainloop<4, Ws>, EpiF16>);
  CASE("sm90_f16_coop_4stages_no_source", Kernel<Sm90Mainloop<4, Coop>, EpiF16NoC>);
  CASE("sm90_f16_coop_5stages_default_epilogue", Kernel<Sm90Mainloop<5, Coop>, Adapted>);
  CASE("sm90_f16_tma_4stages_default_epilogue",
       Kernel<Sm90Mainloop<4, void, Layout<Shape<_2, _1, _1>>, cutlass::gemm::MainloopSm90TmaGmma<4, Shape<_1, _1, _1>>>, sm80::Default>);
  // The C++ configurations tvlab reads (tests/data/specs/shared_storage/cutlass_kernels.hpp).
  CASE("cpp_kernel_sm90_coop_6stages",
       Kernel<kernel_sm90_coop_6stages::CollectiveMainloop, kernel_sm90_coop_6stages::CollectiveEpilogue>);
  CASE("cpp_kernel_sm90_coop_6stages_default", Kernel<kernel_sm90_coop_6stages_default::CollectiveMainloop,
                                                       kernel_sm90_coop_6stages_default::CollectiveEpilogue>);
  CASE("cpp_kernel_sm80_vectorized",
       Kernel<kernel_sm80_vectorized::CollectiveMainloop, kernel_sm80_vectorized::CollectiveEpilogue>);
  return 0;
}
