// Owner grids: every (T,V) of a TV layout lands in its cell; several owners, holes and owners outside
// the tile are all kept.
#include "tvlab/viz/tv_panel.hpp"

#include <gtest/gtest.h>

#include "tvlab/core/notation.hpp"
#include "tvlab/viz/tv_builder.hpp"

namespace tvlab::viz {
namespace {

TEST(OwnerGrid, ColumnMajorIndices) {
  // (16,2):(1,16) over 8x4: index i = t + 16v -> (i % 8, i / 8).
  const OwnerGrid g = owner_grid(parse_layout("(16,2):(1,16)"), 8, 4);
  EXPECT_EQ(g.threads, 16);
  EXPECT_EQ(g.values, 2);
  EXPECT_EQ(g.at(1, 0), (std::vector<Owner>{{1, 0}}));
  EXPECT_EQ(g.at(0, 1), (std::vector<Owner>{{8, 0}}));
  EXPECT_EQ(g.at(7, 3), (std::vector<Owner>{{15, 1}}));
  EXPECT_TRUE(g.outside.empty());
}

TEST(OwnerGrid, SeveralOwnersHolesAndOutside) {
  // Threads (2,4):(0,1): T0 and T1 hold the same index; values step by 5 -> holes at 4, 9, 14 and
  // owners of 16, 17, 18 outside the 4x4 tile. Nothing is dropped: 32 (T,V) in all.
  const OwnerGrid g = owner_grid(parse_layout("((2,4),4):((0,1),5)"), 4, 4);
  EXPECT_EQ(g.at(0, 0), (std::vector<Owner>{{0, 0}, {1, 0}}));
  EXPECT_TRUE(g.at(0, 1).empty());  // index 4
  EXPECT_TRUE(g.at(1, 2).empty());  // index 9
  EXPECT_TRUE(g.at(2, 3).empty());  // index 14
  ASSERT_EQ(g.outside.size(), 6u);
  EXPECT_EQ(g.outside[0].second, "16");
  std::size_t held = g.outside.size();
  for (const auto& c : g.cells) held += c.size();
  EXPECT_EQ(held, 32u);
}

TEST(OwnerGrid, CoordinateValuedLayouts) {
  // Scaled-basis strides yield (row, col) directly; the tile defaults to the coshape.
  const Layout tv = parse_layout("(4,2):(1@1,1@0)");
  EXPECT_EQ(coordinate_tile(tv), (std::pair<int64_t, int64_t>{2, 4}));
  const OwnerGrid g = owner_grid(tv, 2, 4);
  EXPECT_EQ(g.at(1, 3), (std::vector<Owner>{{3, 1}}));
}

TEST(OwnerGrid, RefusesHugePictures) {
  EXPECT_THROW(owner_grid(parse_layout("(16,2):(1,16)"), 2000, 1000), VizError);
  EXPECT_NO_THROW(owner_grid(parse_layout("(16,2):(1,16)"), 2000, 1000, int64_t{1} << 40));
}

TEST(TvScene, LabelsColoursLegendAndNotes) {
  const Scene s = build_tv_scene(parse_layout("((2,4),4):((0,1),5)"), 4, 4);
  int holes = 0, several = 0;
  for (const Cell& c : s.cells) {
    holes += c.hole;
    several += c.colors.size() > 1;
    if (c.x == 1 && c.y == 2) {  // tile (0,0)
      EXPECT_EQ(c.label, (std::vector<std::string>{"T0V0", "T1V0"}));
      EXPECT_EQ(c.colors, (std::vector<int>{0, 1}));
    }
  }
  EXPECT_EQ(holes, 3);
  EXPECT_EQ(several, 13);
  ASSERT_GE(s.notes.size(), 2u);
  EXPECT_NE(s.notes[0].find("6 (T,V) map outside the 4x4 tile"), std::string::npos);
  EXPECT_NE(s.notes[1].find("T2V3->16"), std::string::npos);
  bool hole_key = false, several_key = false;
  for (const LegendEntry& e : s.legend)
    hole_key |= e.swatch == Swatch::Hole, several_key |= e.swatch == Swatch::Several;
  EXPECT_TRUE(hole_key && several_key);
  EXPECT_EQ(s.provenance[0], "tvlab render: TV layout ((2,4),4):((0,1),5) over tile (4,4)");
}

}  // namespace
}  // namespace tvlab::viz
