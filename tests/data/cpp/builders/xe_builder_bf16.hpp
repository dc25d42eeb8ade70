// sycl-tla's Xe CollectiveBuilder as examples/01_bmg_gemm_with_collective_builder/01_bmg_gemm_with_collective_builder.cpp
// (intel/sycl-tla 6601377d) declares it inside main(), here at global scope (a function's local alias cannot be
// named from outside it, so the example itself is not read with --config): bf16 A and B row-major, float
// accumulators, a 256x256x32 tile, StageCountAuto, KernelScheduleAuto. The text reader does not read a builder;
// the compiler path (docs/spec.md, "Two readers") does, and ctest cli.compiled_config.xe requires its plan to
// be sycl_tla_00_bmg_gemm.hpp's hand-written CollectiveMma's but for the stages: the builder picks
// MainloopXeL1Staged<3> (PipelineStages = IsGroup ? 2 : 3, cutlass/gemm/collective/builders/xe_mma_builder.inl
// line 108), example 00 writes 2.
#pragma once
#include <cute/tensor.hpp>
#include <cutlass/gemm/collective/collective_builder.hpp>

using namespace cute;

using XeBuilderMainloop = cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::IntelXe, cutlass::arch::OpClassTensorOp,
    bfloat16_t, cutlass::layout::RowMajor, sizeof(bfloat16_t),
    bfloat16_t, cutlass::layout::RowMajor, sizeof(bfloat16_t),
    float,
    Shape<_256, _256, _32>, Shape<_1, _1, _1>,
    cutlass::gemm::collective::StageCountAuto,
    cutlass::gemm::collective::KernelScheduleAuto>::CollectiveOp;
