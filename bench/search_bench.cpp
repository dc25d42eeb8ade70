// tvlab search: whole searches of the SM80 128x128x32 spaces and sycl-tla's Xe 256x256x32 one, on
// one core (jobs = 1). Counters: partial specs verified a second ("evals/s", each a verify_plan of a spec
// holding the MMA and one operand's part) and the space's candidate configurations.
#include <benchmark/benchmark.h>

#include "tvlab/verify/search/search.hpp"

namespace {

tvlab::SearchRequest request(const char* arch, const char* ta, const char* tb, const char* la, const char* lb,
                             std::array<int64_t, 3> tile, int64_t threads) {
  tvlab::SearchRequest r;
  r.arch = arch;
  r.type_a = ta;
  r.type_b = tb;
  r.layout_a = la;
  r.layout_b = lb;
  r.cta_tiles = {tile};
  r.threads = {threads};
  return r;
}

void run(benchmark::State& state, const tvlab::SearchRequest& r) {
  int64_t evals = 0;
  double candidates = 0;
  for (auto _ : state) {
    const tvlab::SearchResult res = tvlab::search(r);
    benchmark::DoNotOptimize(res.rows.data());
    evals += res.evaluated;
    candidates = res.space.candidates;
  }
  state.counters["evals/s"] = benchmark::Counter(double(evals), benchmark::Counter::kIsRate);
  state.counters["candidates"] = candidates;
}

void BM_Search_SM80_F16_TN_128x128x32(benchmark::State& state) {
  run(state, request("sm80", "half_t", "half_t", "RowMajor", "ColumnMajor", {128, 128, 32}, 128));
}
void BM_Search_SM80_TF32_NT_128x128x32(benchmark::State& state) {
  run(state, request("sm80", "tfloat32_t", "tfloat32_t", "ColumnMajor", "RowMajor", {128, 128, 32}, 128));
}
void BM_Search_SM80_S8_TN_128x128x64(benchmark::State& state) {
  run(state, request("sm80", "int8_t", "int8_t", "RowMajor", "ColumnMajor", {128, 128, 64}, 128));
}
void BM_Search_Xe_BF16_256x256x32(benchmark::State& state) {
  run(state, request("xe", "bfloat16_t", "bfloat16_t", "RowMajor", "RowMajor", {256, 256, 32}, 32));
}

}  // namespace

BENCHMARK(BM_Search_SM80_F16_TN_128x128x32)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_Search_SM80_TF32_NT_128x128x32)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_Search_SM80_S8_TN_128x128x64)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_Search_Xe_BF16_256x256x32)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_MAIN();
