// Scene helpers and the palette: boundaries between groups, label sizing, 16 distinct colours.
#include "tvlab/viz/scene.hpp"

#include <gtest/gtest.h>

#include <set>

#include "tvlab/viz/palette.hpp"

namespace tvlab::viz {
namespace {

TEST(Scene, BoundariesOutlineEachGroup) {
  // 2x4 block: left half group 0, right half group 1 -> outline (4 merged segments) + one divider.
  Scene s;
  add_boundaries(s, 1, 2, 4, 2, {0, 0, 1, 1, 0, 0, 1, 1});
  ASSERT_EQ(s.lines.size(), 5u);
  int vertical = 0;
  for (const Line& l : s.lines)
    if (l.x0 == l.x1) {
      ++vertical;
      EXPECT_TRUE(l.x0 == 1 || l.x0 == 3 || l.x0 == 5);
      EXPECT_EQ(l.y0, 2);
      EXPECT_EQ(l.y1, 4);
    }
  EXPECT_EQ(vertical, 3);
}

TEST(Scene, LabelSizing) {
  Scene s;
  s.cells.push_back({0, 0, {1}, false, false, {"T0V0", "T16V0"}, ""});
  s.cells.push_back({1, 0, {2}, false, false, {"T123V45"}, ""});
  EXPECT_EQ(s.label_chars(), 7);
  EXPECT_EQ(s.label_lines(), 2);
}

TEST(Palette, SixteenDistinctColoursInBothPalettes) {
  for (bool cb : {false, true}) {
    const Palette& p = Palette::get(cb);
    std::set<std::string> seen;
    for (int i = 0; i < Palette::kColors; ++i) seen.insert(p.thread(i).hex());
    EXPECT_EQ(seen.size(), 16u) << p.name();
    EXPECT_EQ(p.thread(17), p.thread(1));  // cycles by 16
    EXPECT_FALSE(seen.count(p.hole().hex()));
  }
  EXPECT_NE(Palette::get(false).thread(0), Palette::get(true).thread(0));
  EXPECT_EQ(Palette::get(true).thread(12).hex(), "#0072b2");  // Okabe-Ito blue, full strength
}

TEST(Palette, InkContrastsWithFill) {
  EXPECT_EQ(Palette::text_on({31, 119, 180}), (Rgb{255, 255, 255}));
  EXPECT_EQ(Palette::text_on({255, 187, 120}), (Rgb{0, 0, 0}));
}

}  // namespace
}  // namespace tvlab::viz
