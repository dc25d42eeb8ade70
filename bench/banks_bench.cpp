// The bank model's performance goal: the banks analysis of every instruction of a 128x128 half tile's
// s2r copy (64 ldmatrix.x4, each 8 rows x 32 columns) in well under 10 ms.
// Run: build/bench/banks_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include "tvlab/core/notation.hpp"
#include "tvlab/verify/banks/smem_access.hpp"

namespace {
using namespace tvlab;

// ldmatrix.x4: lane (r, m) gives row r, columns 8m..8m+7 of an 8x32 block; tile index = row + 128*col.
void run_tile(benchmark::State& state, const char* smem_text) {
  const SmemLayout smem = parse_smem_layout(smem_text);
  const Layout tv = parse_layout("((8,4),8):((1,1024),128)");
  const ValueType half = value_type("half_t");
  const SmemOp op = parse_smem_op("ldmatrix.x4");
  int total = 0;
  for (auto _ : state) {
    total = 0;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 4; ++j)
        total +=
            analyze_banks(smem_instruction(smem, tv, half, op, nvidia_bank_model(), 8 * i + 128 * 32 * j))
                .wavefronts;
    benchmark::DoNotOptimize(total);
  }
  state.counters["wavefronts"] = total;
  state.counters["instructions"] = 64;
}

void BM_Banks_S2R_128x128_Half_RowMajor(benchmark::State& state) {
  run_tile(state, "(128,128):(128,1)");
}
void BM_Banks_S2R_128x128_Half_Swizzled(benchmark::State& state) {
  run_tile(state, "Sw<3,4,3> o (128,128):(128,1)");
}
BENCHMARK(BM_Banks_S2R_128x128_Half_RowMajor)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Banks_S2R_128x128_Half_Swizzled)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
