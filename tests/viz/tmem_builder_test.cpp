// The tensor-memory pictures (viz/tmem_builder.hpp): the accumulator drawn lanes x columns with each cell's
// (m,n), holes where an M = 64 accumulator leaves lanes empty, subpartition boundaries, the 2-CTA note; the
// epilogue copy drawn element by element with its thread and register; the cell cap.
#include "tvlab/viz/tmem_builder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tvlab/core/atoms/registry.hpp"

namespace tvlab::viz {
namespace {

const std::string kK = ",UMMA::Major::K,UMMA::Major::K>";

const Cell& cell_at(const Scene& s, int x, int y) {
  for (const Cell& c : s.cells)
    if (c.x == x && c.y == y) return c;
  throw std::runtime_error("no cell at " + std::to_string(x) + "," + std::to_string(y));
}

TEST(TmemBuilder, AccumulatorM64) {
  const TmemAccumulator acc =
      tmem_accumulator(find_mma_atom("SM100_MMA_F16BF16_SS<half_t,half_t,float,64,8" + kK), 64, 8);
  const Scene s = build_tmem_acc_scene(acc);
  EXPECT_EQ(s.width, 1 + 8);
  EXPECT_EQ(s.height, 2 + 128);
  EXPECT_EQ(s.cells.size(), 128u * 8u);
  // Grid slot (x0 + column, y0 + lane), x0 = 1, y0 = 2.
  EXPECT_EQ(cell_at(s, 1, 2).label, std::vector<std::string>{"0,0"});
  EXPECT_TRUE(cell_at(s, 1, 2 + 16).hole);                                       // lanes 16-31: nothing
  EXPECT_EQ(cell_at(s, 1 + 7, 2 + 32).label, std::vector<std::string>{"16,7"});  // rows 16-31 in lanes 32-47
  EXPECT_EQ(cell_at(s, 1, 2 + 32).colors, std::vector<int>{1});  // the second quarter of the rows
  EXPECT_EQ(cell_at(s, 1, 2 + 32).tooltip, "lane 32, column 0: (16,0)");
  EXPECT_EQ(s.lines.size(), 3u);  // subpartition boundaries at lanes 32, 64, 96
  ASSERT_FALSE(s.legend.empty());
  EXPECT_EQ(s.legend.front().text, "rows 0..15");
  EXPECT_EQ(s.title.front(),
            "Tensor memory: the accumulator of SM100_MMA_F16BF16_SS<half_t,half_t,float,64,8" + kK);
}

TEST(TmemBuilder, AccumulatorTwoCtas) {
  const TmemAccumulator acc =
      tmem_accumulator(find_mma_atom("SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,128,16" + kK), 128, 16);
  const Scene s = build_tmem_acc_scene(acc);
  EXPECT_EQ(s.width, 1 + 8);  // the "2x2" atom: N/2 columns, the second half of N in lanes 64-127
  EXPECT_EQ(cell_at(s, 1, 2 + 64).label, std::vector<std::string>{"0,8"});
  bool note = false;
  for (const std::string& n : s.notes) note |= n.find("a 2-CTA UMMA: each CTA of the pair holds 64") == 0;
  EXPECT_TRUE(note);
  Options small;
  small.max_cells = 100;
  EXPECT_THROW(build_tmem_acc_scene(acc, small), VizError);
}

TEST(TmemBuilder, EpilogueLoad) {
  const TmemAccumulator acc =
      tmem_accumulator(find_mma_atom("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,8" + kK), 128, 8);
  const TmemEpilogue e = make_tmem_epilogue(acc, find_copy_atom("SM100_TMEM_LOAD_32dp32b8x"));
  const Scene s = build_tmem_copy_scene(e);
  EXPECT_EQ(s.cells.size(), 128u * 8u);
  // 32dp32b: thread t holds row t (lane t % 32 of warp t / 32), register v column v.
  EXPECT_EQ(cell_at(s, 1 + 3, 2 + 37).label, std::vector<std::string>{"T37V3"});
  for (const Cell& c : s.cells) EXPECT_FALSE(c.hole);
  EXPECT_EQ(
      s.notes.front(),
      "1 tcgen05.ld per thread for this epilogue tile, 1 epilogue tile(s) (EPI_M x EPI_N); warp w reaches "
      "only lanes 32*(w%4)..32*(w%4)+31");
  // Twice the threads: every element has two owners.
  const Scene twice =
      build_tmem_copy_scene(make_tmem_epilogue(acc, find_copy_atom("SM100_TMEM_LOAD_32dp32b8x"), 0, 0, 256));
  EXPECT_EQ(cell_at(twice, 1, 2).label.size(), 2u);
}

// CUTLASS's strided N tile of a 2-CTA M = 128 accumulator: columns j = 0..15 are n = 0..15 (lanes 0-63, warps
// 0-1), j = 16..31 are n = 64..79 (lanes 64-127, warps 2-3).
TEST(TmemBuilder, StridedEpilogueTile) {
  const TmemAccumulator acc = tmem_accumulator(
      find_mma_atom("SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,128,128" + kK), 128, 128);
  const Tiler tile(Tiler::Modes{Tiler(64), Tiler(Layout(make_shape(16, 2), make_shape(1, 64)))});
  const Scene s =
      build_tmem_copy_scene(make_tmem_epilogue(acc, find_copy_atom("SM100_TMEM_LOAD_32dp32b8x"), tile));
  EXPECT_EQ(s.cells.size(), 64u * 32u);
  for (const Cell& c : s.cells) EXPECT_EQ(c.label.size(), 1u);
  EXPECT_EQ(cell_at(s, 1 + 0, 2 + 0).label, std::vector<std::string>{"T0V0"});
  EXPECT_EQ(cell_at(s, 1 + 16, 2 + 0).label, std::vector<std::string>{"T64V0"});  // n = 64: lane 64
  EXPECT_EQ(cell_at(s, 1 + 17, 2 + 5).label, std::vector<std::string>{"T69V1"});
  EXPECT_EQ(cell_at(s, 1 + 9, 2 + 40).label, std::vector<std::string>{"T40V9"});  // n = 9: the second call
  const auto has = [&](const std::string& note) {
    return std::find(s.notes.begin(), s.notes.end(), note) != s.notes.end();
  };
  EXPECT_TRUE(has("the tile's column j is accumulator column n = (16,2):(1,64)(j): 0..15, 64..79"));
  EXPECT_EQ(s.notes.size(), 2u);  // M is plain: rows are m
}

}  // namespace
}  // namespace tvlab::viz
