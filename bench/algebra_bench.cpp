// Throughput of the layout algebra on a mix of rank-2..4 layouts (issue: >= 5 million compositions/s).
// Run: build/bench/algebra_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/complement.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/notation.hpp"

namespace {
using namespace tvlab;

// (lhs, rhs) pairs of the shapes GEMM kernels compose: MMA/copy TV layouts, tiles and tilers.
const std::vector<std::pair<Layout, Layout>>& pairs() {
  static const std::vector<std::pair<Layout, Layout>> p = [] {
    const char* text[][2] = {
        {"(128,64):(64,1)", "(16,8):(1,16)"},
        {"((4,8),(2,2)):((32,1),(16,8))", "(32,4):(1,32)"},
        {"(8,16,2):(1,8,128)", "(4,(2,2)):(2,(1,8))"},
        {"((2,2,2),(4,8)):((1,16,32),(2,64))", "(8,(4,4)):(4,(1,32))"},
        {"(64,32):(1,64)", "((2,4),(4,2)):((1,8),(32,256))"},
        {"(16,(8,4)):(32,(1,8))", "(4,8):(8,1)"},
    };
    std::vector<std::pair<Layout, Layout>> out;
    for (auto& t : text) out.emplace_back(parse_layout(t[0]), parse_layout(t[1]));
    return out;
  }();
  return p;
}

void BM_Composition(benchmark::State& state) {
  const auto& ps = pairs();
  std::size_t k = 0;
  for (auto _ : state) {
    const auto& [a, b] = ps[k++ % ps.size()];
    benchmark::DoNotOptimize(composition(a, b));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Composition);

void BM_Complement(benchmark::State& state) {
  const auto& ps = pairs();
  std::size_t k = 0;
  for (auto _ : state) {
    const auto& [a, b] = ps[k++ % ps.size()];
    benchmark::DoNotOptimize(complement(b, IntTuple(4096)));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Complement);

void BM_LogicalDivide(benchmark::State& state) {
  const Layout l = parse_layout("(128,64):(64,1)");
  const Tiler t(Tiler::Modes{Tiler(parse_layout("(16,2):(1,64)")), Tiler(parse_layout("8:1"))});
  for (auto _ : state) benchmark::DoNotOptimize(logical_divide(l, t));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LogicalDivide);

void BM_RightInverse(benchmark::State& state) {
  const auto& ps = pairs();
  std::size_t k = 0;
  for (auto _ : state) benchmark::DoNotOptimize(right_inverse(ps[k++ % ps.size()].first));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RightInverse);

void BM_Coalesce(benchmark::State& state) {
  const auto& ps = pairs();
  std::size_t k = 0;
  for (auto _ : state) benchmark::DoNotOptimize(coalesce(ps[k++ % ps.size()].first));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Coalesce);

void BM_Parse(benchmark::State& state) {
  const std::string s = "((2,2,2),(4,8)):((1,16,32),(2,64))";
  for (auto _ : state) benchmark::DoNotOptimize(parse_layout(s));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Parse);

void BM_Print(benchmark::State& state) {
  const Layout l = parse_layout("((2,2,2),(4,8)):((1,16,32),(2,64))");
  for (auto _ : state) benchmark::DoNotOptimize(to_string(l));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Print);

}  // namespace

BENCHMARK_MAIN();
