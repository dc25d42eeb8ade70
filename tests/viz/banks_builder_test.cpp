// The banks view: colours are the banks of each element's word, lanes sit where the instruction's
// addresses are, marks sit exactly on the lanes the bank model reports colliding, the title is analyze's.
#include "tvlab/viz/banks_builder.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "tvlab/core/notation.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/viz/backends.hpp"

namespace tvlab::viz {
namespace {

const char* kLdsm = "((8,4),8):((1,512),64)";  // ldmatrix.x4: lane (r,m) -> row r, columns 8m..8m+7

const Cell& cell_at(const Scene& s, int r, int c) {
  for (const Cell& cell : s.cells)
    if (cell.x == 1 + c && cell.y == 2 + r) return cell;
  throw std::runtime_error("no cell");
}

// Sw<B,M,S> on an integer, written out here rather than taken from core.
int64_t swz(int64_t x, int b, int m, int s) {
  const int64_t mask = ((int64_t{1} << b) - 1) << (m + s);
  return x ^ ((x & mask) >> s);
}

Scene ldsm_scene(const std::string& smem) {
  return build_banks_scene(parse_smem_layout(smem), parse_layout(kLdsm), value_type("half_t"),
                           parse_smem_op("ldmatrix.x4"));
}

TEST(BanksScene, ColoursAreTheBanksOfEachElementsWord) {
  for (int pad : {0, 8, 16, 24, 64}) {  // row-major 64 x 64 half tiles, rows padded by 16-byte rows
    const int ld = 64 + pad;
    const Scene s = ldsm_scene("(64,64):(" + std::to_string(ld) + ",1)");
    ASSERT_EQ(s.cells.size(), 64u * 64u);
    for (int r = 0; r < 64; ++r)
      for (int c = 0; c < 64; ++c) {
        const int bank = static_cast<int>((int64_t{r} * ld + c) * 2 / 4 % 32);
        const Cell& cell = cell_at(s, r, c);
        ASSERT_EQ(cell.colors, std::vector<int>{bank % 16}) << pad << " " << r << "," << c;
        const std::string& l = cell.label.at(0);
        ASSERT_EQ(l.substr(l.rfind('b')), "b" + std::to_string(bank));
      }
  }
  const Scene sw = ldsm_scene("Sw<3,3,3> o (64,64):(64,1)");
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 64; ++c) {
      const int bank = static_cast<int>(swz(int64_t{r} * 64 + c, 3, 3, 3) * 2 / 4 % 32);
      const std::string& l = cell_at(sw, r, c).label.at(0);
      ASSERT_EQ(l.substr(l.rfind('b')), "b" + std::to_string(bank)) << r << "," << c;
    }
}

TEST(BanksScene, LanesLabelledWhereTheirAddressesAre) {
  const Scene s = ldsm_scene("(64,64):(64,1)");
  int labelled = 0;
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 64; ++c) {
      const std::string& l = cell_at(s, r, c).label.at(0);
      if (r < 8 && c < 32) {
        ++labelled;
        EXPECT_EQ(l.substr(0, l.find(' ')), "L" + std::to_string(r + 8 * (c / 8))) << r << "," << c;
      } else {
        EXPECT_EQ(l[0], 'b') << r << "," << c;
      }
    }
  EXPECT_EQ(labelled, 32 * 8);
  // Lanes (r, m) and (r, m+1) meet at column 8: one outline runs down rows 0..7 there.
  bool split = false;
  for (const Line& ln : s.lines)
    split |= ln.kind == LineKind::Boundary && ln.x0 == 9 && ln.x1 == 9 && ln.y0 <= 2 && ln.y1 >= 10;
  EXPECT_TRUE(split);
}

TEST(BanksScene, MarksExactlyOnCollidingLanesAndTitleIsAnalyze) {
  for (const char* smem : {"(64,64):(64,1)", "(64,32):(32,1)", "Sw<3,3,3> o (64,64):(64,1)",
                           "Sw<2,3,3> o (64,32):(32,1)", "(64,64):(72,1)", "(64,64):(96,1)"}) {
    const SmemLayout l = parse_smem_layout(smem);
    const BankAnalysis a = analyze_banks(
        smem_instruction(l, parse_layout(kLdsm), value_type("half_t"), parse_smem_op("ldmatrix.x4")));
    std::set<int> want;
    for (const BankPhase& ph : a.phases)
      for (const BankCollision& c : ph.collisions) want.insert(c.lanes.begin(), c.lanes.end());
    const Scene s = ldsm_scene(smem);
    std::set<int> got;
    for (const Cell& c : s.cells)
      if (c.marked) {
        ASSERT_EQ(c.label[0][0], 'L') << smem;  // only accessed cells are marked
        got.insert(std::stoi(c.label[0].substr(1)));
      }
    EXPECT_EQ(got, want) << smem;
    EXPECT_EQ(s.title.at(1), "wavefronts " + std::to_string(a.wavefronts) + " (ideal " +
                                 std::to_string(a.ideal_wavefronts) + "), " +
                                 std::to_string(a.bank_conflicts) + " bank conflicts" +
                                 (a.bank_conflicts ? "" : " (conflict-free)"))
        << smem;
    bool legend_mark = false;
    for (const LegendEntry& e : s.legend) legend_mark |= e.swatch == Swatch::Marked;
    EXPECT_EQ(legend_mark, !want.empty()) << smem;
  }
  EXPECT_EQ(ldsm_scene("(64,64):(64,1)").title.at(1), "wavefronts 32 (ideal 4), 28 bank conflicts");
  EXPECT_EQ(ldsm_scene("Sw<3,3,3> o (64,64):(64,1)").title.at(1),
            "wavefronts 4 (ideal 4), 0 bank conflicts (conflict-free)");
}

TEST(BanksScene, PaddedFloatColumnMarksOnlyItsOneBank) {
  // Lanes 0..31 read column 0 of a 32 x 32 float tile: unpadded all meet in bank 0 (32 ways).
  const Layout tv = parse_layout("(32,1):(1,0)");
  const Scene s =
      build_banks_scene(parse_smem_layout("(32,32):(32,1)"), tv, value_type("float"), parse_smem_op("ld"));
  EXPECT_EQ(s.title.at(1), "wavefronts 32 (ideal 1), 31 bank conflicts");
  for (int r = 0; r < 32; ++r) {
    EXPECT_TRUE(cell_at(s, r, 0).marked);
    EXPECT_EQ(cell_at(s, r, 0).label[0], "L" + std::to_string(r) + " b0");
    EXPECT_FALSE(cell_at(s, r, 1).marked);
  }
  const Scene p =
      build_banks_scene(parse_smem_layout("(32,32):(33,1)"), tv, value_type("float"), parse_smem_op("ld"));
  EXPECT_EQ(p.title.at(1), "wavefronts 1 (ideal 1), 0 bank conflicts (conflict-free)");
  for (int r = 0; r < 32; ++r)
    EXPECT_EQ(cell_at(p, r, 0).label[0], "L" + std::to_string(r) + " b" + std::to_string(r));
}

// cp.async without its global sources: the bank model's lower bound, titled "at least" (as tvlab banks and
// verify's unknown say it); with sources in a measured arrangement (the instruction as verify builds it),
// exact.
TEST(BanksScene, CpAsyncBoundSaysAtLeast) {
  const Layout tv = parse_layout("(32,1):(1,0)");
  const SmemLayout smem = parse_smem_layout("(32,32):(32,1)");
  const Scene s = build_banks_scene(smem, tv, value_type("float"), parse_smem_op("cp.async"));
  EXPECT_EQ(
      s.title.at(1),
      "at least 32 wavefronts (a lower bound; ideal and bank conflicts unknown): not modeled: the lanes' "
      "global source addresses are not known, and cp.async's shared-memory wavefronts depend on them");
  const std::string t = to_text(s);
  EXPECT_NE(
      t.find("phase 0: lanes 0-31, at least 32 wavefronts; bank 0 holds 32 words of lanes 0-31; a lower "
             "bound: the lanes' global source addresses are not known"),
      std::string::npos)
      << t.substr(0, 2000);
  EXPECT_EQ(t.find("ideal 1"), std::string::npos);
  EXPECT_EQ(t.find("conflict-free"), std::string::npos);
  // Lane l reads 4 bytes at 4*l of one row: the "runs" arrangement, exact.
  const SmemLayout row = parse_smem_layout("1024:1");
  SmemInstruction in = smem_instruction(row, tv, value_type("float"), parse_smem_op("cp.async"));
  set_cp_async_sources(in, parse_smem_layout("1024:1"), tv, value_type("float"));
  LaneIndices lanes(32);
  for (int l = 0; l < 32; ++l) lanes[static_cast<std::size_t>(l)].push_back(l);
  const Scene e = build_banks_scene(row, lanes, in, value_type("float"), "warp 0, instruction 0");
  EXPECT_EQ(e.title.at(1), "wavefronts 1 (ideal 1), 0 bank conflicts (conflict-free)");
  EXPECT_EQ(to_text(e).find("at least"), std::string::npos);
}

TEST(BanksScene, LaneByLaneInstructionAndText) {
  LaneIndices lanes(32);
  for (int l = 0; l < 32; ++l)
    for (int v = 0; v < 8; ++v) lanes[l].push_back(l % 8 + 64 * (8 * (l / 8) + v));
  const Scene s = build_banks_scene(parse_smem_layout("(64,64):(64,1)"), lanes, value_type("half_t"),
                                    parse_smem_op("ldmatrix.x4"), "warp 0, instruction 0");
  EXPECT_EQ(s.title.at(1), "wavefronts 32 (ideal 4), 28 bank conflicts");
  const std::string t = to_text(s);
  EXPECT_NE(t.find("*L0 b0"), std::string::npos);
  EXPECT_NE(t.find("'*' lanes meeting in one bank in one phase"), std::string::npos);
  EXPECT_NE(t.find("phase 0: lanes 0-7, 8 wavefronts"), std::string::npos) << t.substr(0, 2000);
  for (auto* f : {&to_svg, &to_tikz, &to_png}) EXPECT_FALSE((*f)(s).empty());
}

// A spec's g2s copy drawn at its worst instruction (build_copy_banks_scene) over generated stagings of
// CUTLASS's SM80 f16 TN A (smem atoms swizzled or not, padded or not; threads along K or across it; 16- or
// 8-byte vectors): the phase lines add up to the instruction's count (the title's, exact or "at least"), each
// bound phase says why, the totals line lists every instruction's count in issue order adding up to the
// copy's, and the global panel's distinct sectors are gmem_row_sectors' count of that instruction.
TEST(BanksScene, CopySceneOverGeneratedStagings) {
  int drawn = 0, bounded = 0, exact = 0;
  struct Staging {
    const char* file;
    std::vector<const char*> atoms;
    std::vector<std::pair<const char*, const char*>> thr_val;
  };
  const std::vector<Staging> stagings = {
      {"cutlass_sm80_f16_tn_128x128x32.json",  // K-major A: 64-byte rows, each phase two rows (bounds)
       {"Sw<2,3,3> o (8,32):(32,1)", "(8,32):(32,1)", "(8,32):(40,1)", "Sw<3,3,3> o (8,64):(64,1)",
        "(8,32):(1,8)"},
       {{"(32,4):(4,1)", "(1,8)"},
        {"(64,2):(2,1)", "(1,8)"},
        {"(128,1):(1,1)", "(1,8)"},
        {"(16,8):(8,1)", "(1,4)"},
        {"(8,16):(1,8)", "(1,2)"}}},
      {"cutlass_sm80_f16_nt_128x128x32.json",  // M-major A: 256-byte rows, a phase one row (exact)
       {"Sw<3,3,3> o (64,8):(1,64)", "(64,8):(1,64)", "(64,8):(1,72)", "(64,8):(8,1)"},
       {{"(16,8):(1,16)", "(8,1)"},
        {"(8,16):(1,8)", "(8,1)"},
        {"(32,4):(1,32)", "(4,1)"},
        {"(64,2):(1,64)", "(2,1)"}}}};
  for (const Staging& st : stagings) {
    std::ifstream f(std::string(TVLAB_TEST_DATA) + "/specs/" + st.file);
    const nlohmann::json base = nlohmann::json::parse(f);
    for (const char* atom : st.atoms)
      for (const auto& [thr, val] : st.thr_val) {
        nlohmann::json spec = base;
        auto& a = spec["operands"]["A"]["smem"];
        a["atom"] = atom;
        a["g2s"]["thr_layout"] = thr;
        a["g2s"]["val_layout"] = val;
        if (std::string(val) != "(1,8)")
          a["g2s"]["atom"] = std::string(val) == "(1,4)" ? "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>"
                                                         : "SM80_CP_ASYNC_CACHEALWAYS<uint32_t>";
        Plan plan;
        try {
          plan = load_plan(spec.dump(), "", "gen.json");
        } catch (const SpecError&) {
          continue;  // a staging the spec reader refuses (the atom does not tile the stage)
        }
        const PlannedCopy* p = nullptr;
        for (const PlannedCopy& c : plan.copies)
          if (c.name == "A") p = &c;
        ASSERT_TRUE(p && p->smem && plan.mma) << atom << " " << thr;
        SmemCopyBanks b;
        try {
          b = analyze_smem_copy(*p, *plan.mma, "g2s");
        } catch (const std::exception&) {
          continue;  // not one vector access: verify refutes vector.A.g2s, nothing to draw
        }
        std::string why;
        const auto sec = g2s_gmem_sectors(*p, *plan.mma, plan.kernel, &why);
        ASSERT_TRUE(sec) << why;
        const Scene s =
            build_copy_banks_scene(p->smem->layout, b, b.worst, p->mem_type, "gen", "banks.A.g2s", sec, "");
        ++drawn;
        const BankAnalysis& w = b.analyses[static_cast<std::size_t>(b.worst)];
        (w.exact ? exact : bounded)++;
        const std::string t = to_text(s);
        const std::regex phase_re(R"(phase \d+: lanes [0-9 -]+, (at least )?(\d+) wavefronts?([^\n]*))");
        int sum = 0, bound_phases = 0;
        for (auto it = std::sregex_iterator(t.begin(), t.end(), phase_re); it != std::sregex_iterator();
             ++it) {
          sum += std::stoi((*it)[2]);
          const bool lb = (*it)[1].matched;
          bound_phases += lb;
          EXPECT_EQ(lb, (*it)[3].str().find("; a lower bound: ") != std::string::npos) << (*it)[0];
        }
        EXPECT_EQ(sum, w.wavefronts) << atom << " " << thr << "\n" << t.substr(0, 600);
        EXPECT_EQ(bound_phases > 0, !w.exact) << atom << " " << thr;
        EXPECT_EQ(s.title.at(1).starts_with("at least "), !w.exact) << s.title.at(1);
        std::string each;
        int total = 0;
        for (const BankAnalysis& x : b.analyses) {
          each += (each.empty() ? "" : " ") + std::string(x.exact ? "" : ">=") + std::to_string(x.wavefronts);
          total += x.wavefronts;
        }
        EXPECT_EQ(total, b.wavefronts);
        EXPECT_NE(t.find("g2s (banks.A.g2s): " + std::to_string(b.analyses.size()) + " cp.async instruction"),
                  std::string::npos);
        EXPECT_NE(t.find(std::to_string(b.wavefronts) + " wavefronts"), std::string::npos);
        EXPECT_NE(t.find("; in issue order " + each + "\n"), std::string::npos) << each;
        // The global panel: the cells right of the bank panel, labelled "L<l> s<k>".
        std::set<std::string> sectors;
        int read = 0;
        for (const Cell& c : s.cells)
          if (!c.label.empty() && c.label[0].find(" s") != std::string::npos) {
            sectors.insert(c.label[0].substr(c.label[0].rfind(" s") + 2));
            ++read;
          }
        const GmemSectorFigure g = gmem_row_sectors(sec->insts[static_cast<std::size_t>(b.worst)],
                                                    sec->row_align_bytes, sec->min_pitch_bytes);
        EXPECT_EQ(static_cast<int64_t>(sectors.size()), g.sectors_aligned) << atom << " " << thr;
        int64_t values = 0;
        for (const auto& lane : b.sites[static_cast<std::size_t>(b.worst)].lanes)
          values += static_cast<int64_t>(lane.size());
        EXPECT_EQ(read, values);
        EXPECT_NE(t.find(" " + std::to_string(g.sectors_aligned) +
                         (g.sectors_aligned == 1 ? " sector " : " sectors ") + "of 32 bytes"),
                  std::string::npos);
      }
  }
  EXPECT_GE(drawn, 12);
  EXPECT_GE(exact, 3);
  EXPECT_GE(bounded, 3);
}

TEST(BanksScene, BadInputThrows) {
  // Lane 0's values are not one contiguous run in shared memory.
  EXPECT_THROW(build_banks_scene(parse_smem_layout("(64,64):(64,1)"), parse_layout("(32,8):(1,32)"),
                                 value_type("half_t"), parse_smem_op("ldmatrix.x4")),
               BankError);
  Options small;
  small.max_cells = 1000;
  EXPECT_THROW(build_banks_scene(parse_smem_layout("(64,64):(64,1)"), parse_layout(kLdsm),
                                 value_type("half_t"), parse_smem_op("ldmatrix.x4"), small),
               VizError);
}

}  // namespace
}  // namespace tvlab::viz
