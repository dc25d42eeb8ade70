// The verify engines' performance goals: GF(2) decisions in time independent of the layout's size
// (a 2^30-point TV layout: to_f2 + composition + injectivity well under 1 ms), and enumeration at
// >= 100 million points per second on one core.
// Run: build/bench/verify_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include <vector>

#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/layout/enumerate.hpp"
#include "tvlab/verify/layout/f2.hpp"
#include "tvlab/verify/layout/layout_facts.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/readers/json_spec.hpp"
#include "tvlab/verify/readers/load.hpp"
#include "tvlab/verify/writers/spec_json.hpp"

namespace {
using namespace tvlab;

// A 2^30-point TV layout ((T0,T1),(V0,V1,V2,V3)) -> (m,n) over a 32768 x 32768 tile, and the tile's
// row-major memory layout.
const char* kTv30 = "((64,256),(8,4,16,128)):((1@1,8@0),(1@0,64@1,2048@0,256@1))";
const char* kMem30 = "(32768,32768):(32768,1)";

void BM_F2_ToF2ComposeInjective_2p30(benchmark::State& state) {
  const Layout tv = parse_layout(kTv30), mem = parse_layout(kMem30);
  for (auto _ : state) {
    const auto f = to_f2(tv);
    const auto g = to_f2(mem);
    const F2Layout addr = compose(*g, *f);
    benchmark::DoNotOptimize(addr.injective());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_F2_ToF2ComposeInjective_2p30)->Unit(benchmark::kMicrosecond);

// The same decision with the inverse and a collision witness of a broadcast variant.
void BM_F2_InverseAndWitness_2p30(benchmark::State& state) {
  const auto f = to_f2(parse_layout(kTv30));
  const auto b = to_f2(parse_layout("((64,256),(8,4,16,128)):((1@1,8@0),(1@0,64@1,0,256@1))"));
  for (auto _ : state) {
    benchmark::DoNotOptimize(f->left_inverse());
    benchmark::DoNotOptimize(b->collision());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_F2_InverseAndWitness_2p30)->Unit(benchmark::kMicrosecond);

// Enumeration in 64K-point chunks (as coverage() consumes it): integer-valued and coordinate-valued
// (folded over the tile) TV layouts of 2^24 and 2^26 points.
void enumerate_chunks(benchmark::State& state, const Layout& l, const EnumerateOptions& o) {
  const Enumerator e(l, o);
  std::vector<int64_t> buf(1 << 16);
  for (auto _ : state) {
    for (int64_t first = 0; first < e.size(); first += static_cast<int64_t>(buf.size())) {
      e.run(first, buf);
      benchmark::DoNotOptimize(buf.data());
      benchmark::ClobberMemory();
    }
  }
  state.SetItemsProcessed(state.iterations() * e.size());
}

void BM_Enumerate_Int_2p24(benchmark::State& state) {
  enumerate_chunks(state, parse_layout("((16,64),(8,4,8,64)):((64,1024),(1,8,65536,524288))"), {});
}
BENCHMARK(BM_Enumerate_Int_2p24)->Unit(benchmark::kMillisecond);

void BM_Enumerate_Coord_2p26(benchmark::State& state) {
  EnumerateOptions o;
  o.tile = parse_int_tuple("(4096,16384)");
  enumerate_chunks(state, parse_layout("((32,64),(8,4,8,128)):((1@1,8@0),(1@0,32@1,512@0,128@1))"), o);
}
BENCHMARK(BM_Enumerate_Coord_2p26)->Unit(benchmark::kMillisecond);

// A tile too small for the layout: every point checks its coordinates (the slow path).
void BM_Enumerate_CoordChecked_2p24(benchmark::State& state) {
  EnumerateOptions o;
  o.tile = parse_int_tuple("(4096,2048)");
  enumerate_chunks(state, parse_layout("((32,64),(8,4,8,32)):((1@1,8@0),(1@0,32@1,512@0,128@1))"), o);
}
BENCHMARK(BM_Enumerate_CoordChecked_2p24)->Unit(benchmark::kMillisecond);

// Coverage (owners per tile element) of TV layouts over their tiles: 2^16 points over 256 x 256 (a
// GEMM tile: the counters stay in cache), 2^20 over 1024 x 1024 and 2^24 over 4096 x 4096 (a scatter
// over 320 MB of counters and owners: memory-latency bound).
void BM_Coverage(benchmark::State& state) {
  const char* tv[] = {"((32,8),(8,4,8)):((1@1,8@0),(1@0,32@1,64@0))",
                      "((32,64),(8,4,8,2)):((1@1,8@0),(1@0,32@1,512@0,128@1))",
                      "((32,64),(8,4,8,32)):((1@1,8@0),(1@0,32@1,512@0,128@1))"};
  const char* tile[] = {"(256,256)", "(4096,256)", "(4096,4096)"};
  const Layout l = parse_layout(tv[state.range(0)]);
  const IntTuple t = parse_int_tuple(tile[state.range(0)]);
  for (auto _ : state) benchmark::DoNotOptimize(coverage(l, t).exact());
  state.SetItemsProcessed(state.iterations() * size(l));
}
BENCHMARK(BM_Coverage)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

}  // namespace

// The whole default spec (interface.md's bf16 256x256x32, 8x4 subgroups): build the plan and run every
// check, in process (the CLI adds process start-up and printing).
void BM_Verify_DefaultXeSpec(benchmark::State& state) {
  const std::string spec = R"J({"mma": {"atom": "XE_DPAS_TT<8,float,bfloat16_t>", "tile": [256, 256, 32],
    "sg_layout": "(8,4,1):(4,1,0)"}, "operands": {"A": {"type": "bfloat16_t", "contiguous": "K"},
    "B": {"type": "bfloat16_t", "contiguous": "N"}, "C": {"type": "float", "contiguous": "N"},
    "D": {"type": "float", "contiguous": "N"}}})J";
  for (auto _ : state) {
    const Report r = verify_plan(build_plan_from_text(spec), "default");
    benchmark::DoNotOptimize(r.checks.size());
  }
}
BENCHMARK(BM_Verify_DefaultXeSpec)->Unit(benchmark::kMillisecond);

// A CUTLASS SM80 configuration as C++ text (its f16 TN default, 128x128x32, 3 stages): read it, build the
// plan and run every check, in process. The whole process (start-up, reading the file, printing) is measured
// with `hyperfine 'build/cli/tvlab verify tests/data/cpp/cutlass_sm80_f16_tn.hpp'` (README, Tests and
// benchmarks).
void BM_Verify_CutlassSm80Cpp(benchmark::State& state) {
  const std::string text = R"C(
using namespace cute;
using TileShape = Shape<_128, _128, _32>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_2,_2,_1>>, Tile<_32,_32,_16>>;
using SmemLayoutAtom = decltype(composition(Swizzle<2,3,3>{}, Layout<Shape<_8,_32>, Stride<_32,_1>>{}));
using SmemCopyAtom = Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>;
using GmemTiledCopy = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                               Layout<Shape<_32,_4>, Stride<_4,_1>>{}, Layout<Shape<_1,_8>>{}));
using Mainloop = cutlass::gemm::collective::CollectiveMma<cutlass::gemm::MainloopSm80CpAsync<3>, TileShape,
    cutlass::half_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    cutlass::half_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>, TiledMma,
    GmemTiledCopy, SmemLayoutAtom, SmemCopyAtom, cute::identity, GmemTiledCopy, SmemLayoutAtom, SmemCopyAtom, cute::identity>;
)C";
  for (auto _ : state) {
    const Report r = verify_plan(load_plan(text), "sm80");
    benchmark::DoNotOptimize(r.checks.size());
  }
}
BENCHMARK(BM_Verify_CutlassSm80Cpp)->Unit(benchmark::kMillisecond);

// The configuration of BM_Verify_CutlassSm80Cpp's C++, built into its plan three ways: from the typed
// KernelConfig (what search does per candidate), from its JSON spec text (the JSON reader, then build_plan),
// and through the JSON round trip search used to make (config -> JSON -> config). The difference is what
// reading JSON costs a plan.
namespace {
// tests/data/specs/cutlass_sm80_f16_tn_128x128x32.json without its name and description.
std::string sm80_spec_text() {
  return R"J({"cta_tile": [128, 128, 32], "stages": 3, "mainloop": "MainloopSm80CpAsync",
    "mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN", "atom_layout": "(2,2,1)", "permutation": "(32,32,16)"},
    "operands": {
      "A": {"type": "half_t", "gmem": {"layout": "RowMajor", "alignment": 8},
            "smem": {"atom": "Sw<2,3,3> o (8,32):(32,1)", "g2s": {"atom": "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
                     "thr_layout": "(32,4):(4,1)", "val_layout": "(1,8)"}, "s2r": "SM75_U32x4_LDSM_N"}},
      "B": {"type": "half_t", "gmem": {"layout": "ColumnMajor", "alignment": 8},
            "smem": {"atom": "Sw<2,3,3> o (8,32):(32,1)", "g2s": {"atom": "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
                     "thr_layout": "(32,4):(4,1)", "val_layout": "(1,8)"}, "s2r": "SM75_U32x4_LDSM_N"}}}})J";
}
KernelConfig sm80_config() {
  return read_json_spec(sm80_spec_text());
}
}  // namespace
void BM_BuildPlan_Typed(benchmark::State& state) {
  const KernelConfig c = sm80_config();
  for (auto _ : state) benchmark::DoNotOptimize(build_plan(c).copies.size());
}
BENCHMARK(BM_BuildPlan_Typed)->Unit(benchmark::kMicrosecond);
void BM_BuildPlan_JsonText(benchmark::State& state) {
  const std::string text = sm80_spec_text();
  for (auto _ : state) benchmark::DoNotOptimize(build_plan(read_json_spec(text)).copies.size());
}
BENCHMARK(BM_BuildPlan_JsonText)->Unit(benchmark::kMicrosecond);
void BM_BuildPlan_JsonRoundTrip(benchmark::State& state) {
  const KernelConfig c = sm80_config();
  for (auto _ : state)
    benchmark::DoNotOptimize(build_plan(read_json_value(nlohmann::json(config_to_json(c)))).copies.size());
}
BENCHMARK(BM_BuildPlan_JsonRoundTrip)->Unit(benchmark::kMicrosecond);

// The algebraic coverage decision (filter, sort strides, cosize) on a 2^30-element TV layout.
void BM_DecideCompact_2p30(benchmark::State& state) {
  const Layout tv = parse_layout("((16,64),(64,64,256)):((64,262144),(1,16777216,1024))");
  for (auto _ : state) benchmark::DoNotOptimize(decide_compact(tv).verdict);
}
BENCHMARK(BM_DecideCompact_2p30)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
