// Throughput of the layout algebra on a mix of rank-1..4 layouts (issue 16: >= 15 million compositions/s
// on one core). The BM_Mix_* benchmarks run every operation on the mix of algebra_mix.hpp; the others are
// kept as they were for before/after comparisons. Instruction counts: bench/algebra_icount.sh.
// Run: taskset -c 1 build/bench/algebra_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include "algebra_mix.hpp"
#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/complement.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/product.hpp"

namespace {
using namespace tvlab;

using bench::pairs;

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

// Every operation on the mix: element k of the mix on iteration k.
template <class F>
void run_mix(benchmark::State& state, F f) {
  std::size_t k = 0;
  for (auto _ : state) benchmark::DoNotOptimize(f(k++ % bench::pairs().size()));
  state.SetItemsProcessed(state.iterations());
}

void BM_Mix_Composition(benchmark::State& s) {
  run_mix(s, [](std::size_t k) { return composition(pairs()[k].first, pairs()[k].second); });
}
void BM_Mix_Complement(benchmark::State& s) {
  run_mix(s, [](std::size_t k) { return complement(pairs()[k].second, IntTuple(4096)); });
}
void BM_Mix_LogicalDivide(benchmark::State& s) {
  run_mix(s, [](std::size_t k) { return logical_divide(pairs()[k].first, Tiler(pairs()[k].second)); });
}
void BM_Mix_ZippedDivide(benchmark::State& s) {
  run_mix(s, [](std::size_t k) { return zipped_divide(pairs()[k].first, bench::mode_tilers()[k]); });
}
void BM_Mix_LogicalProduct(benchmark::State& s) {
  run_mix(s, [](std::size_t k) {
    const auto& [block, t] = bench::product_pairs()[k];
    return logical_product(block, Tiler(t));
  });
}
void BM_Mix_RightInverse(benchmark::State& s) {
  run_mix(s, [](std::size_t k) { return right_inverse(pairs()[k].first); });
}
void BM_Mix_Coalesce(benchmark::State& s) {
  run_mix(s, [](std::size_t k) { return coalesce(pairs()[k].first); });
}
void BM_Mix_Parse(benchmark::State& s) {
  run_mix(s, [](std::size_t k) { return parse_layout(bench::layout_texts()[2 * k + k % 2]); });
}
void BM_Mix_Print(benchmark::State& s) {
  run_mix(s, [](std::size_t k) { return to_string(bench::layouts()[2 * k + k % 2]); });
}
BENCHMARK(BM_Mix_Composition);
BENCHMARK(BM_Mix_Complement);
BENCHMARK(BM_Mix_LogicalDivide);
BENCHMARK(BM_Mix_ZippedDivide);
BENCHMARK(BM_Mix_LogicalProduct);
BENCHMARK(BM_Mix_RightInverse);
BENCHMARK(BM_Mix_Coalesce);
BENCHMARK(BM_Mix_Parse);
BENCHMARK(BM_Mix_Print);

}  // namespace

BENCHMARK_MAIN();
