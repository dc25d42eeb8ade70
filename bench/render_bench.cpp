// Renderer benchmarks (the targets): a 128x128x32 TiledMMA (XE_DPAS_TT<8,float,bfloat16_t>,
// 4x4 subgroups, 24576 cells) as SVG under 0.5 s and PNG under 2 s, and SVG bytes linear in cells.
//
//   cmake --build build --target render_bench && build/bench/render_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tiling/xe_copy.hpp"
#include "tvlab/viz/backends.hpp"
#include "tvlab/viz/mma_builder.hpp"
#include "tvlab/viz/tv_builder.hpp"

namespace {

using namespace tvlab;

const TiledMMA& mma_128x128x32() {
  static const TiledMMA mma = make_xe_tiled_mma(find_mma_atom("XE_DPAS_TT<8,float,bfloat16_t>"),
                                                {128, 128, 32}, parse_layout("(4,4,1):(4,1,0)"));
  return mma;
}

void BM_Scene_TiledMMA_128x128x32(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(viz::build_mma_scene(mma_128x128x32()));
}
BENCHMARK(BM_Scene_TiledMMA_128x128x32)->Unit(benchmark::kMillisecond);

// Scene + backend, as `tvlab render spec.json -o x.svg` does (minus process start and file write).
template <std::string (*Backend)(const viz::Scene&)>
void BM_Render_TiledMMA_128x128x32(benchmark::State& state) {
  std::size_t bytes = 0, cells = 0;
  for (auto _ : state) {
    const viz::Scene s = viz::build_mma_scene(mma_128x128x32());
    const std::string out = Backend(s);
    bytes = out.size(), cells = s.cells.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes);
  state.counters["cells"] = static_cast<double>(cells);
  state.counters["bytes_per_cell"] = static_cast<double>(bytes) / static_cast<double>(cells);
}
BENCHMARK(BM_Render_TiledMMA_128x128x32<viz::to_svg>)
    ->Name("BM_Svg_TiledMMA_128x128x32")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Render_TiledMMA_128x128x32<viz::to_png>)
    ->Name("BM_Png_TiledMMA_128x128x32")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Render_TiledMMA_128x128x32<viz::to_pdf>)
    ->Name("BM_Pdf_TiledMMA_128x128x32")
    ->Unit(benchmark::kMillisecond);

// SVG size against the number of cells: an n x n TV layout of 16 threads (n = 32 .. 256).
void BM_Svg_TV_Square(benchmark::State& state) {
  const int64_t n = state.range(0);
  const Layout tv(make_shape(16, n * n / 16), make_stride(1, 16));
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string out = viz::to_svg(viz::build_tv_scene(tv, n, n));
    bytes = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["cells"] = static_cast<double>(n * n);
  state.counters["bytes_per_cell"] = static_cast<double>(bytes) / static_cast<double>(n * n);
}
BENCHMARK(BM_Svg_TV_Square)->Arg(32)->Arg(64)->Arg(128)->Arg(256)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
