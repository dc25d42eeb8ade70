// What the divergence check costs per call, from 64 to 2^20 result elements (issue 36: flat in the size,
// small calls under 3 us). BM_Eval* run what `tvlab eval` and the Python module run: evaluate(text, notices),
// CuTe's algorithm plus the check (the same source builds against an older libtvlab_core for before/after).
// BM_Check* time the check alone (check_composition / check_logical_divide on CuTe's result).
// Run: taskset -c 1 build/bench/divergence_bench --benchmark_min_time=0.2
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "tvlab/core/composition.hpp"
#include "tvlab/core/divergence.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/notation.hpp"

namespace {
using namespace tvlab;

// A row-major (2048,2048) tensor composed with an (s,s) column-major tile: s*s result elements.
std::string composition_text(int64_t elements) {
  int64_t s = 1;
  while (s * s < elements) s *= 2;
  const std::string t = std::to_string(s);
  return "composition((2048,2048):(2048,1),(" + t + "," + std::to_string(elements / s) + "):(1,2048))";
}
// An (s,s) row-major tensor divided by an (8,8) tile: s*s result elements.
std::string divide_text(int64_t elements) {
  int64_t s = 1;
  while (s * s < elements) s *= 2;
  return "logical_divide((" + std::to_string(s) + "," + std::to_string(elements / s) + "):(" +
         std::to_string(elements / s) + ",1),(8,8))";
}

void BM_EvalComposition(benchmark::State& state) {
  const std::string text = composition_text(state.range(0));
  std::vector<EvalNotice> notices;
  for (auto _ : state) {
    notices.clear();
    benchmark::DoNotOptimize(evaluate(text, notices));
  }
  state.SetLabel(text);
}
BENCHMARK(BM_EvalComposition)->Arg(64)->Arg(4096)->Arg(16384)->Arg(1 << 20);

void BM_EvalCompositionUnchecked(benchmark::State& state) {
  const std::string text = composition_text(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(evaluate(text));
}
BENCHMARK(BM_EvalCompositionUnchecked)->Arg(64)->Arg(1 << 20);

void BM_EvalLogicalDivide(benchmark::State& state) {
  const std::string text = divide_text(state.range(0));
  std::vector<EvalNotice> notices;
  for (auto _ : state) {
    notices.clear();
    benchmark::DoNotOptimize(evaluate(text, notices));
  }
  state.SetLabel(text);
}
BENCHMARK(BM_EvalLogicalDivide)->Arg(64)->Arg(4096)->Arg(16384)->Arg(1 << 20);

void BM_EvalLogicalDivideUnchecked(benchmark::State& state) {
  const std::string text = divide_text(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(evaluate(text));
}
BENCHMARK(BM_EvalLogicalDivideUnchecked)->Arg(64)->Arg(1 << 20);

#ifdef TVLAB_BENCH_CHECK_API
void BM_CheckComposition(benchmark::State& state) {
  const Layout a = parse_layout("(2048,2048):(2048,1)");
  int64_t s = 1;
  while (s * s < state.range(0)) s *= 2;
  const Layout b(IntTuple::tuple({s, state.range(0) / s}), IntTuple::tuple({1, 2048}));
  const Layout r = composition(a, b);
  for (auto _ : state) benchmark::DoNotOptimize(check_composition(a, Tiler(b), r));
}
BENCHMARK(BM_CheckComposition)->Arg(64)->Arg(4096)->Arg(16384)->Arg(1 << 20);

void BM_CheckLogicalDivide(benchmark::State& state) {
  int64_t s = 1;
  while (s * s < state.range(0)) s *= 2;
  const int64_t t = state.range(0) / s;
  const Layout a(IntTuple::tuple({s, t}), IntTuple::tuple({t, 1}));
  const Tiler tiler = Tiler::from_shape(IntTuple::tuple({8, 8}));
  const Layout r = logical_divide(a, tiler);
  for (auto _ : state) benchmark::DoNotOptimize(check_logical_divide(a, tiler, r));
}
BENCHMARK(BM_CheckLogicalDivide)->Arg(64)->Arg(1 << 20);

// The non-functional composition, scaled: not decided by the structure, refuted at a sampled index.
void BM_CheckRefutedLarge(benchmark::State& state) {
  const Layout a(IntTuple::tuple({3, state.range(0)}), IntTuple::tuple({16, 32}));
  const Layout b(IntTuple(2 * state.range(0)), IntTuple(2));
  const Layout r = composition(a, b);
  for (auto _ : state) benchmark::DoNotOptimize(check_composition(a, Tiler(b), r));
}
BENCHMARK(BM_CheckRefutedLarge)->Arg(32)->Arg(1 << 19);
#endif

}  // namespace

BENCHMARK_MAIN();
