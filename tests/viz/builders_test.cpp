// Builders: the pictures say what CuTe and the seed documents say.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tiling/xe_copy.hpp"
#include "tvlab/viz/copy_builder.hpp"
#include "tvlab/viz/desc_builder.hpp"
#include "tvlab/viz/layout_builder.hpp"
#include "tvlab/viz/mma_builder.hpp"
#include "tvlab/viz/reorder_builder.hpp"
#include "tvlab/viz/subgroup_builder.hpp"

namespace tvlab::viz {
namespace {

// Label of the cell at slot (x, y), lines joined by '/'.
std::string label_at(const Scene& s, int x, int y) {
  for (const Cell& c : s.cells)
    if (c.x == x && c.y == y) {
      std::string t;
      for (const std::string& l : c.label) t += (t.empty() ? "" : "/") + l;
      return t;
    }
  return "<none>";
}

TEST(LayoutScene, RowMajorLayout) {
  const Scene s = build_layout_scene(parse_layout("(4,8):(8,1)"));
  EXPECT_EQ(s.cells.size(), 32u);
  EXPECT_EQ(label_at(s, 1 + 2, 2 + 1), "10");  // L(1,2) = 10
  EXPECT_EQ(s.title[0], "layout (4,8):(8,1)");
}

TEST(LayoutScene, SwizzleApplied) {
  // swizzle.hpp: Sw<3,3,3> o (8,64):(64,1), column 0 rows 0..7 = 0 72 144 216 288 360 432 504.
  const ComposedLayout c(Swizzle(3, 3, 3), IntTuple(0), parse_layout("(8,64):(64,1)"));
  const Scene s = build_layout_scene(c);
  const char* want[] = {"0", "72", "144", "216", "288", "360", "432", "504"};
  for (int r = 0; r < 8; ++r) EXPECT_EQ(label_at(s, 1, 2 + r), want[r]);
}

TEST(LayoutScene, RankOneIsAColumnAndHugeIsRefused) {
  const Scene s = build_layout_scene(parse_layout("8:2"));
  EXPECT_EQ(s.width, 2);
  EXPECT_EQ(label_at(s, 1, 2 + 7), "14");
  EXPECT_THROW(build_layout_scene(parse_layout("(10000,1000):(1,10000)")), VizError);
}

// The bank of an element: floor(offset * bits / 32) mod 32, written out per type (NVIDIA: 32 banks of 4
// bytes).
int bank(int64_t offset, int bits) {
  return static_cast<int>((offset * bits / 32) % 32);
}

TEST(LayoutScene, BanksOfAnElementTypeColourTheCells) {
  // CuTe's 128-byte swizzle over 8 rows of 64 halves: every row's 8 chunks of 16 bytes permuted, so each
  // column of 8 rows meets 8 different 4-bank groups.
  const ComposedLayout sw(Swizzle(3, 3, 3), IntTuple(0), parse_layout("(8,64):(64,1)"));
  for (const char* type : {"half_t", "float", "int8_t", "double", "int4_t"}) {
    Options o;
    o.bank_type = value_type(type);
    const int bits = o.bank_type->bits;
    const Scene s = build_layout_scene(sw, o);
    ASSERT_EQ(s.cells.size(), 512u);
    for (const Cell& c : s.cells) {
      const int64_t r = c.y - 2, col = c.x - 1, off = sw(IntTuple(r + 8 * col));
      ASSERT_EQ(c.label.at(0), std::to_string(off));
      ASSERT_EQ(c.colors, std::vector<int>{bank(off, bits) % 16}) << type << " " << off;
      EXPECT_NE(c.tooltip.find(", bank " + std::to_string(bank(off, bits))), std::string::npos);
    }
    EXPECT_EQ(s.title.back(), "banks for " + std::to_string(bits) + "-bit elements (" + o.bank_type->name +
                                  "): bank = floor(offset * " + std::to_string(bits) + " / 32) mod 32");
    ASSERT_EQ(s.legend.size(), 16u);
    EXPECT_EQ(s.legend[3].text, "bank 3/19");
  }
  // half_t: in each row, the 8 columns 0, 8, ..., 56 (one 16-byte chunk each) sit in 8 distinct 4-bank
  // groups.
  Options o;
  o.bank_type = value_type("half_t");
  for (int64_t r = 0; r < 8; ++r) {
    std::set<int> groups;
    for (int64_t c = 0; c < 64; c += 8) groups.insert(bank(sw(IntTuple(r + 8 * c)), 16) / 4);
    EXPECT_EQ(groups.size(), 8u);
  }
  // Without a type nothing is guessed: the offset mod 16, as before.
  const Scene plain = build_layout_scene(sw);
  EXPECT_EQ(plain.notes.back(), "cell colour: the index mod 16 (palette default)");
  EXPECT_TRUE(plain.legend.empty());
  // Coordinates have no bank.
  EXPECT_THROW(build_layout_scene(parse_layout("(4,8):(1@1,1@0)"), o), VizError);
}

TEST(SubgroupScene, SeedBlockLoad8x4) {
  // Seed 000: an 8x4 16-bit block load, subgroup view element (r,c) = 4r + c, thread view T(i%16)V(i/16).
  const CopyAtom atom = find_copy_atom("XE_LOAD_2D<16,8,4>");
  const TiledCopy tc = tiled_copy_of(atom, uint_type(16));
  const auto [rows, cols] = copy_tile(tc);
  ASSERT_EQ(rows, 8);
  ASSERT_EQ(cols, 4);
  const Scene s = build_subgroup_scene(tc.get_layoutD_TV(), rows, cols, "seed");
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 4; ++c) {
      const int i = 4 * r + c;
      EXPECT_EQ(label_at(s, 1 + c, 2 + r), std::to_string(i));
      EXPECT_EQ(label_at(s, 1 + 4 + 2 + c, 2 + r),
                "T" + std::to_string(i % 16) + "V" + std::to_string(i / 16));
    }
}

TEST(SubgroupScene, SeedVnniLoad4x16) {
  // Seed 000: a 16-bit VNNI load, height 4, width 16: rows 0 2 4 .. 30 / 1 3 .. 31 / 32 34 .. / 33 35 ..
  const CopyAtom atom = find_copy_atom("XE_LOAD_2D_VNNI<16,4,16>");
  const TiledCopy tc = tiled_copy_of(atom, uint_type(16));
  const Scene s = build_subgroup_scene(tc.get_layoutD_TV(), 4, 16, "seed");
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 16; ++c)
      EXPECT_EQ(label_at(s, 1 + c, 2 + r), std::to_string(32 * (r / 2) + 2 * c + r % 2));
  EXPECT_EQ(label_at(s, 1 + 16 + 2 + 8, 2 + 0), "T0V1");
  EXPECT_EQ(label_at(s, 1 + 16 + 2 + 15, 2 + 3), "T15V3");
}

TEST(MmaScene, PanelsPlacedAsCuTe) {
  // A (M x K) left, B (K x N) above C, C (M x N) bottom-right; XE_DPAS_TT<8,...>: M 8, N 16, K 16.
  const Scene s = build_mma_scene(make_tiled_mma(find_mma_atom("XE_DPAS_TT<8,float,bfloat16_t>")), {}, true);
  EXPECT_EQ(s.cells.size(), 8u * 16 + 16 * 16 + 8 * 16);
  const int xA = 1, xC = 1 + 16 + 2, yB = 2, yC = 2 + 16 + 3;
  EXPECT_EQ(label_at(s, xA, yC), "T0V0");          // A (0,0)
  EXPECT_EQ(label_at(s, xA + 1, yC), "T1V0");      // A (m0,k1): a (16,8):(8,1)
  EXPECT_EQ(label_at(s, xC + 5, yC + 3), "T5V3");  // C (3,5)
  EXPECT_EQ(label_at(s, xC + 1, yB), "T2V0");      // B (k0,n1): VNNI pairs along k
  EXPECT_EQ(label_at(s, xC, yB + 1), "T1V0");
  EXPECT_TRUE(s.lines.empty());  // one subgroup: no boundaries
  bool headings = false;
  for (const Text& t : s.texts) headings |= t.text == "A (M x K = 8 x 16)";
  EXPECT_TRUE(headings);
}

TEST(MmaScene, WorkGroupTileShowsEveryOwnerAndSubgroupBoundaries) {
  const TiledMMA mma = make_xe_tiled_mma(find_mma_atom("XE_DPAS_TT<8,float,bfloat16_t>"), {64, 64, 16},
                                         parse_layout("(2,2,1):(2,1,0)"));
  const Scene s = build_mma_scene(mma);
  // A is held by the 2 subgroups along N: every A cell lists 2 owners.
  const int yC = 2 + 16 + 3;
  const std::string a00 = label_at(s, 1, yC);
  EXPECT_EQ(std::count(a00.begin(), a00.end(), 'T'), 2) << a00;
  EXPECT_FALSE(s.lines.empty());
}

TEST(ReorderScene, CountsAndMarksMovedValues) {
  // (16,2):(1,16) -> (16,2):(2,1) over 8x4: only index 0 (T0V0) and 31 (T15V1) stay put.
  const Layout src = parse_layout("(16,2):(1,16)"), dst = parse_layout("(16,2):(2,1)");
  const ReorderStats st = reorder_stats(src, dst, 8, 4);
  EXPECT_EQ(st.moved, 30);
  EXPECT_EQ(st.cross_thread, 30);
  EXPECT_EQ(st.uncovered, 0);
  const Scene s = build_reorder_scene(src, dst, 8, 4);
  int marked = 0;
  for (const Cell& c : s.cells) marked += c.marked;
  EXPECT_EQ(marked, 60);  // both panels
  EXPECT_EQ(label_at(s, 1 + 4 + 2 + 1, 2), "T4V0/<T8V0");
  EXPECT_NE(s.title[0].find("30 of 32 values move"), std::string::npos);
  // Identical layouts written differently move nothing.
  EXPECT_EQ(reorder_stats(src, parse_layout("(16,(2)):(1,(16))"), 8, 4).moved, 0);
}

TEST(SlmScene, SubgroupsColouredAndOutlined) {
  const Scene s = build_slm_scene(parse_layout("((16,2),4):((4,64),1)"), 16, 8);
  std::map<int, int> per_colour;
  for (const Cell& c : s.cells) ++per_colour[c.colors.at(0)];
  EXPECT_EQ(per_colour, (std::map<int, int>{{0, 64}, {1, 64}}));
  EXPECT_FALSE(s.lines.empty());
  EXPECT_EQ(s.legend[0].text, "subgroup 0");
}

TEST(CopyScene, SourceBesideDestination) {
  const TiledCopy tc = tiled_copy_of(find_copy_atom("SM75_U32x4_LDSM_N"), value_type("half_t"));
  const Scene s = build_copy_scene(tc, {}, true);
  EXPECT_EQ(s.cells.size(), 2u * 32 * 8);
  EXPECT_EQ(label_at(s, 1 + 8 + 2, 2 + 1), "T1V0");  // destination (1,0)
  EXPECT_EQ(label_at(s, 1 + 2, 2), "T8V0");          // source (0,2): LDSM rows come from thread 8
}

// The descriptor picture: every cell's chunk is its element's byte address / 16 (cross-checked against the
// smem tile), the instruction block is outlined, the title carries CuTe's value and the fields.
TEST(DescScene, SwizzledKMajorTileAnnotated) {
  const SmemTile t = parse_smem_tile("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,2),64):((64,512),1)", 16);
  const DescriptorTiling dt = make_desc_tiling(t, OperandMajor::K, DescArch::SM90);
  const Scene s = viz::build_desc_scene(t, dt, "L");
  ASSERT_EQ(s.cells.size(), 16u * 64u);
  for (const Cell& c : s.cells) {
    const int64_t r = c.y - 2, k = c.x - 1;
    const int64_t chunk = t.byte_address(IntTuple::tuple({r, k})) / 16;
    EXPECT_EQ(c.label.at(0), std::to_string(chunk));
    EXPECT_EQ(c.colors.at(0), chunk % 8);
  }
  EXPECT_NE(s.title[0].find("0x4000004000010000"), std::string::npos);
  EXPECT_NE(s.title[1].find("SBO 64 (1024 B)"), std::string::npos);
  int marks = 0;
  for (const Line& l : s.lines) marks += l.kind == LineKind::Mark;
  EXPECT_EQ(marks, 4);
  EXPECT_NE(s.notes.back().find("chunk mod 8"), std::string::npos);
  EXPECT_NE(s.notes[s.notes.size() - 2].find("0 2 4 6"), std::string::npos);
}

}  // namespace
}  // namespace tvlab::viz
