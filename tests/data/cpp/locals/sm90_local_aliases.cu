// Configurations declared inside function bodies, as CUTLASS's unit tests and examples write them (test/unit/gemm/
// device/sm90_gemm_*.cu: a CollectiveBuilder inside a gtest TEST(); examples/50: a CollectiveMma inside main()).
// No program can name a function-local alias from outside: the compiler path reads them from a copy of this file
// (docs/spec.md, "Local aliases"): --config 'TEST::CollectiveMainloop' (the first TEST; TEST#1 also names it),
// --config 'TEST#2::CollectiveMainloop', --config 'main::Mainloop' (or --config Mainloop). ctest
// cli.compiled_config requires the builder's plan to be sm90_builder_f16.hpp's (the same builder at global
// scope) and main's CollectiveMma to give the same plan through both readers.
#include <gtest/gtest.h>

#include <cute/tensor.hpp>
#include <cutlass/gemm/collective/collective_builder.hpp>

using namespace cute;

TEST(SM90_local, f16_tn_128x128x64_2x1x1_cooperative) {
  using LayoutA = cutlass::layout::RowMajor;
  using LayoutB = cutlass::layout::ColumnMajor;

  using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, cutlass::half_t, LayoutA, 8, cutlass::half_t, LayoutB,
      8, float, Shape<_128, _128, _64>, Shape<_2, _1, _1>, cutlass::gemm::collective::StageCountAuto,
      cutlass::gemm::KernelTmaWarpSpecializedCooperative>::CollectiveOp;

  EXPECT_GT(sizeof(typename CollectiveMainloop::SharedStorage), 0u);
}

TEST(SM90_local, f16_nt_128x128x64_1x1x1_pingpong) {
  // Same names as the TEST above, another configuration: each TEST's own.
  using LayoutA = cutlass::layout::ColumnMajor;
  using LayoutB = cutlass::layout::RowMajor;
  {
    using LayoutA = cutlass::layout::RowMajor;  // a nested block's: not the alias's
  }

  using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, cutlass::half_t, LayoutA, 8, cutlass::half_t, LayoutB,
      8, float, Shape<_128, _128, _64>, Shape<_1, _1, _1>, cutlass::gemm::collective::StageCountAuto,
      cutlass::gemm::KernelTmaWarpSpecializedPingpong>::CollectiveOp;

  EXPECT_GT(sizeof(typename CollectiveMainloop::SharedStorage), 0u);
}

int main(int argc, char** argv) {
  if (argc > 99) {
    return 1;  // statements before the alias compile but never run
  }
  constexpr int Stages = 7;
  using ClusterShape = Shape<_2, _1, _1>;
  using Mainloop = cutlass::gemm::collective::CollectiveMma<
      cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<Stages, ClusterShape,
                                                        cutlass::gemm::KernelTmaWarpSpecializedCooperative>,
      Shape<_128, _128, _64>, cutlass::half_t, cutlass::detail::TagToStrideA_t<cutlass::layout::RowMajor>,
      cutlass::half_t, cutlass::detail::TagToStrideB_t<cutlass::layout::ColumnMajor>,
      decltype(cute::make_tiled_mma(cute::SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{},
                                    Layout<Shape<_2, _1, _1>>{})),
      cute::SM90_TMA_LOAD, GMMA::Layout_K_SW128_Atom<cutlass::half_t>, void, cute::identity,
      cute::SM90_TMA_LOAD_MULTICAST, GMMA::Layout_K_SW128_Atom<cutlass::half_t>, void, cute::identity>;
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
