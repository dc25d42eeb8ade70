// tvlab search: the space is stated and bounded, every row verifies whole with its reported figures, the
// factorized search agrees with brute force over every combination, CUTLASS's and sycl-tla's defaults are in
// the space with the figures verify gives them, and the non-ideal ones have ideal alternatives.
#include "tvlab/verify/search/search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "../verify_test_support.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/readers/json_spec.hpp"
#include "tvlab/verify/report/plan_format.hpp"
#include "tvlab/verify/report/search_format.hpp"
#include "tvlab/verify/search/search_space.hpp"
#include "tvlab/verify/writers/spec_cpp.hpp"
#include "tvlab/verify/writers/spec_json.hpp"

namespace tvlab {
namespace {

using nlohmann::json;

auto key(const SearchFigures& f) {
  return std::make_tuple(!f.wavefronts_exact, f.excess_wavefronts, f.wavefronts_exact ? 0 : f.wavefronts,
                         f.gmem_sectors_per_byte(), f.gmem_sectors_max_per_byte(), f.smem_instructions,
                         f.reorder_movs, f.block2d_loads, f.smem_bytes, f.registers);
}

SearchRequest sm80(const std::string& t, const std::string& la, const std::string& lb,
                   std::array<int64_t, 3> tile) {
  SearchRequest r;
  r.arch = "sm80";
  r.type_a = r.type_b = t;
  r.layout_a = la;
  r.layout_b = lb;
  r.cta_tiles = {tile};
  r.threads = {128};
  return r;
}

// sycl-tla's 256x256x32 work-group tile with 32 subgroups, A and B row-major.
SearchRequest xe_256(const std::string& ta, const std::string& tb) {
  SearchRequest r;
  r.arch = "xe";
  r.type_a = ta;
  r.type_b = tb;
  r.layout_a = r.layout_b = "RowMajor";
  r.cta_tiles = {{256, 256, 32}};
  r.threads = {32};
  return r;
}

std::string dump(const KernelConfig& c) {
  return config_to_json(c).dump();
}

// The figures and verdicts of a row's whole configuration, again, from scratch.
void expect_row_verifies(const SearchRow& row) {
  const SearchRow again = search_row_of(row.config);
  EXPECT_FALSE(again.report.failed(false)) << dump(row.config);
  EXPECT_EQ(key(again.figures), key(row.figures)) << dump(row.config);
  EXPECT_EQ(again.figures.wavefronts, row.figures.wavefronts);
  // The typed path against the JSON one: the row's configuration written as its spec and built from JSON
  // gives the same plan.
  EXPECT_EQ(plan_to_json(build_plan(read_json_value(json(config_to_json(row.config))))),
            plan_to_json(build_plan(row.config)))
      << dump(row.config);
}

// The request that spans a CUTLASS default's architecture, types, layouts and tile, with every knob pinned
// to the default's values (its 16-row int8 atom as the 8-row one, equal on the tile).
SearchRequest pinned_to(const json& spec) {
  const json& a = spec["operands"]["A"];
  const json& b = spec["operands"]["B"];
  SearchRequest r = sm80(a["type"], a["gmem"]["layout"], b["gmem"]["layout"],
                         {spec["cta_tile"][0], spec["cta_tile"][1], spec["cta_tile"][2]});
  r.align_a = a["gmem"]["alignment"];
  r.align_b = b["gmem"]["alignment"];
  const json& m = spec["mma"];
  r.only.push_back("mma.warps=" + m["atom_layout"].get<std::string>());
  r.only.push_back("mma.tile=" + m["permutation"].get<std::string>());
  for (const char* x : {"A", "B"}) {
    const json& sm = spec["operands"][x]["smem"];
    std::string atom = sm["atom"];
    if (atom == "Sw<2,4,3> o (16,64):(64,1)") atom = "Sw<2,4,3> o (8,64):(64,1)";
    r.only.push_back(std::string(x) + ".smem.atom=" + atom);
    const int vb = sm["g2s"]["atom"].get<std::string>().find("uint128_t") != std::string::npos ? 16 : 0;
    r.only.push_back(std::string(x) + ".g2s=" + std::to_string(vb) + " B x " +
                     sm["g2s"]["thr_layout"].get<std::string>());
    // The s2r atom by name (the int8 default declares Copy_Atom<..., uint8_t>: {"atom", "value_type"}).
    const json& s2r = sm["s2r"].is_object() ? sm["s2r"]["atom"] : sm["s2r"];
    r.only.push_back(std::string(x) + ".s2r=" + s2r.get<std::string>());
  }
  return r;
}

const char* kDefaults[] = {
    "cutlass_sm80_f16_nn_128x128x32.json",  "cutlass_sm80_f16_nn_128x128x64.json",
    "cutlass_sm80_f16_nt_128x128x32.json",  "cutlass_sm80_f16_nt_128x128x64.json",
    "cutlass_sm80_f16_tn_128x128x32.json",  "cutlass_sm80_f16_tn_128x128x64.json",
    "cutlass_sm80_f16_tt_128x128x32.json",  "cutlass_sm80_f16_tt_128x128x64.json",
    "cutlass_sm80_tf32_nn_128x128x16.json", "cutlass_sm80_tf32_nn_128x128x32.json",
    "cutlass_sm80_tf32_nt_128x128x16.json", "cutlass_sm80_tf32_nt_128x128x32.json",
    "cutlass_sm80_tf32_tn_128x128x16.json", "cutlass_sm80_tf32_tn_128x128x32.json",
    "cutlass_sm80_tf32_tt_128x128x16.json", "cutlass_sm80_tf32_tt_128x128x32.json",
    "cutlass_sm80_s8_tn_128x128x64.json",
};

TEST(Search, SpaceIsStatedBeforeSearching) {
  SearchRequest r = sm80("half_t", "RowMajor", "ColumnMajor", {128, 128, 32});
  const SearchSpace sp = search_space(r);
  std::vector<std::string> names;
  double product = 0;
  for (const SearchKnob& k : sp.knobs) names.push_back(k.name);
  for (const char* n : {"mma.atom", "mma.warps", "mma.tile", "A.smem.atom", "A.g2s", "A.s2r", "B.smem.atom",
                        "B.g2s", "B.s2r"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
  EXPECT_GT(sp.evaluations, 100);
  // Pinning a knob to one value divides the candidates by its number of values.
  const auto& s2r =
      *std::find_if(sp.knobs.begin(), sp.knobs.end(), [](auto& k) { return k.name == "A.s2r"; });
  r.only = {"A.s2r=SM75_U32x4_LDSM_N"};
  product = search_space(r).candidates;
  EXPECT_DOUBLE_EQ(product * double(s2r.values.size()), sp.candidates);
  EXPECT_LT(search_space(r).evaluations, sp.evaluations);
}

// A candidate is built typed; written as its spec (what --emit json and --json print) its keys come in the
// order search has always printed them (tvlab 6abda16's `search --emit json --row 2` of this request).
TEST(Search, CandidateWrittenAsSpecInItsKeyOrder) {
  SearchRequest r = sm80("tfloat32_t", "ColumnMajor", "RowMajor", {64, 64, 16});
  r.only = {"mma.warps=(2,2,1):(2,1,1)",
            "mma.tile=(32,16,8)",
            "A.g2s=16 B x (16,8):(1,16)",
            "B.g2s=16 B x (8,16):(1,8)",
            "A.s2r=UniversalCopy<tfloat32_t>",
            "B.s2r=UniversalCopy<tfloat32_t>",
            "A.smem.atom=Sw<2,3,2> o (32,8):(1,32)",
            "B.smem.atom=Sw<2,3,2> o (32,8):(1,32)"};
  const SearchPlan plan = plan_search(r);
  ASSERT_EQ(plan.problems.size(), 1u);
  const SearchProblem& pb = plan.problems[0];
  ASSERT_EQ(pb.mmas.size(), 1u);
  const std::string whole =
      R"j({"name":"tvlab search: sm80 64x64x16, 128 threads","cta_tile":[64,64,16],"stages":3,)j"
      R"j("mainloop":"MainloopSm80CpAsync","mma":{"atom":"SM80_16x8x8_F32TF32TF32F32_TN",)j"
      R"j("atom_layout":"(2,2,1):(2,1,1)","permutation":"(32,16,8)"},"operands":{"A":{"type":"tfloat32_t",)j"
      R"j("gmem":{"layout":"ColumnMajor","alignment":4},"smem":{"atom":"Sw<2,3,2> o (32,8):(1,32)",)j"
      R"j("g2s":{"atom":"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>","thr_layout":"(16,8):(1,16)",)j"
      R"j("val_layout":"(4,1)"},"s2r":"UniversalCopy<tfloat32_t>"}},"B":{"type":"tfloat32_t",)j"
      R"j("gmem":{"layout":"RowMajor","alignment":4},"smem":{"atom":"Sw<2,3,2> o (32,8):(1,32)",)j"
      R"j("g2s":{"atom":"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>","thr_layout":"(8,16):(1,8)",)j"
      R"j("val_layout":"(4,1)"},"s2r":"UniversalCopy<tfloat32_t>"}}}})j";
  EXPECT_EQ(config_to_json(pb.whole_config(0, {{0, 0, 0}, {0, 0, 0}})).dump(), whole);
  // The partial configurations: the MMA alone has operands {}, one operand's part that operand alone.
  const std::string base =
      R"j({"cta_tile":[64,64,16],"stages":3,"mainloop":"MainloopSm80CpAsync","mma":{"atom":)j"
      R"j("SM80_16x8x8_F32TF32TF32F32_TN","atom_layout":"(2,2,1):(2,1,1)","permutation":"(32,16,8)"},)j"
      R"j("operands":{}})j";
  EXPECT_EQ(config_to_json(pb.base_config(0)).dump(), base);
  const KernelConfig part = pb.operand_config(0, 1, 0, std::nullopt, 0);
  ASSERT_EQ(part.operands.size(), 1u);
  EXPECT_EQ(part.operands[0].name, "B");
  EXPECT_FALSE(part.operands[0].smem->g2s.has_value());
}

TEST(Search, BoundNamesTheKnobToNarrow) {
  SearchRequest r = sm80("half_t", "RowMajor", "ColumnMajor", {128, 128, 32});
  r.max_evaluations = 50;
  try {
    search(r);
    FAIL() << "expected a SearchError";
  } catch (const SearchError& e) {
    EXPECT_NE(e.knob(), "");
    EXPECT_NE(std::string(e.what()).find("--only " + e.knob() + "="), std::string::npos) << e.what();
  }
  r.cta_tiles = {{128, 128, 32}, {128, 64, 32}, {64, 64, 32}};
  try {
    search_space(r);
    FAIL() << "expected a SearchError";
  } catch (const SearchError& e) {
    EXPECT_EQ(e.knob(), "tile");
  }
}

TEST(Search, MalformedRequestsAreErrors) {
  auto knob_of = [](SearchRequest r) {
    try {
      search_space(r);
    } catch (const SearchError& e) {
      return e.knob();
    }
    return std::string("(none)");
  };
  SearchRequest ok = sm80("half_t", "RowMajor", "ColumnMajor", {128, 128, 32});
  SearchRequest r = ok;
  r.arch = "sm90";
  EXPECT_EQ(knob_of(r), "arch");
  r = ok;
  r.type_a = "nosuch_t";
  EXPECT_EQ(knob_of(r), "A.type");
  r = ok;
  r.type_b = "float";
  EXPECT_EQ(knob_of(r), "types");
  r = ok;
  r.threads = {96};
  EXPECT_EQ(knob_of(r), "threads");
  r = ok;
  r.layout_a = "Diagonal";
  EXPECT_EQ(knob_of(r), "A.layout");
  r = ok;
  r.only = {"A.nosuch=1"};
  EXPECT_EQ(knob_of(r), "only");
  r.only = {"A.s2r=SM75_U16x8_LDSM_T"};  // not a value for a K-major operand
  EXPECT_EQ(knob_of(r), "only");
  r.only = {"noequals"};
  EXPECT_EQ(knob_of(r), "only");
}

// The factorized search (parts evaluated once, combined) against brute force: every combination of a small
// space verified whole, passing ones sorted by the same key.
TEST(Search, AgreesWithBruteForceOverEveryCombination) {
  // A: every atom and s2r; B: every g2s, over one atom that does not vectorize it for all (a 32-byte row).
  SearchRequest r = sm80("half_t", "RowMajor", "ColumnMajor", {64, 64, 32});
  r.only = {"mma.warps=(2,2,1)", "mma.tile=(32,32,16)", "A.g2s=16 B x (32,4):(4,1)",
            "B.smem.atom=Sw<1,3,3> o (8,16):(16,1)", "B.s2r=SM75_U32x4_LDSM_N"};
  r.top = 1000;
  const SearchPlan plan = plan_search(r);
  ASSERT_EQ(plan.problems.size(), 1u);
  const SearchProblem& pb = plan.problems[0];
  std::vector<SearchFigures> brute;
  for (size_t m = 0; m < pb.mmas.size(); ++m)
    for (size_t aa = 0; aa < pb.operands[0].atoms.size(); ++aa)
      for (size_t ag = 0; ag < pb.operands[0].g2ss.size(); ++ag)
        for (size_t as = 0; as < pb.operands[0].s2rs.size(); ++as)
          for (size_t ba = 0; ba < pb.operands[1].atoms.size(); ++ba)
            for (size_t bg = 0; bg < pb.operands[1].g2ss.size(); ++bg)
              for (size_t bs = 0; bs < pb.operands[1].s2rs.size(); ++bs) {
                const KernelConfig config = pb.whole_config(m, {{aa, ag, as}, {ba, bg, bs}});
                SearchRow row;
                try {
                  row = search_row_of(config);
                } catch (const SpecError&) {
                  continue;
                }
                if (!row.report.failed(false)) brute.push_back(row.figures);
              }
  ASSERT_GT(brute.size(), 10u);
  std::stable_sort(brute.begin(), brute.end(), [](auto& x, auto& y) { return key(x) < key(y); });
  const SearchResult res = search(r);
  EXPECT_EQ(res.valid, int64_t(brute.size()));
  // The search keeps the best rows: their figures are brute force's best, in order.
  ASSERT_EQ(res.rows.size(), std::min<size_t>(brute.size(), 1000));
  for (size_t i = 0; i < res.rows.size(); ++i) EXPECT_EQ(key(res.rows[i].figures), key(brute[i])) << i;
}

// Near the shared-memory limit (5 stages of a 128x128x64 f16 tile: a padded A atom pushes A + B past 163 KB)
// the search forms every combination: its rows are brute force's best among those that fit.
TEST(Search, RanksExactlyNearTheSharedMemoryLimit) {
  SearchRequest r = sm80("half_t", "RowMajor", "ColumnMajor", {128, 128, 64});
  r.stages = 5;
  r.only = {"mma.warps=(2,2,1)", "mma.tile=(32,32,16)", "B.smem.atom=Sw<3,3,3> o (8,64):(64,1)"};
  for (const char* x : {"A", "B"}) {
    r.only.push_back(std::string(x) + ".g2s=16 B x (16,8):(8,1)");
    r.only.push_back(std::string(x) + ".s2r=SM75_U32x4_LDSM_N");
  }
  r.top = 20;
  const SearchPlan plan = plan_search(r);
  const SearchProblem& pb = plan.problems[0];
  std::vector<SearchFigures> brute;
  int64_t over = 0;
  for (size_t a = 0; a < pb.operands[0].atoms.size(); ++a)
    for (size_t b = 0; b < pb.operands[1].atoms.size(); ++b) {
      const SearchRow row = search_row_of(pb.whole_config(0, {{a, 0, 0}, {b, 0, 0}}));
      if (!row.report.failed(false))
        brute.push_back(row.figures);
      else
        over += test::check(row.report, "smem.budget").verdict == Verdict::Refuted;
    }
  ASSERT_GT(over, 0) << "no combination past the limit: the test does not test the limit";
  std::stable_sort(brute.begin(), brute.end(), [](auto& x, auto& y) { return key(x) < key(y); });
  const SearchResult res = search(r);
  ASSERT_EQ(res.rows.size(), std::min<size_t>(brute.size(), 20));
  for (size_t i = 0; i < res.rows.size(); ++i) EXPECT_EQ(key(res.rows[i].figures), key(brute[i])) << i;
}

TEST(Search, EveryRowVerifiesWholeAndReadsBackFromCpp) {
  std::vector<SearchRequest> reqs;
  reqs.push_back(sm80("half_t", "RowMajor", "ColumnMajor", {64, 64, 32}));
  reqs.back().only = {"mma.warps=(2,2,1)"};
  reqs.push_back(sm80("tfloat32_t", "ColumnMajor", "RowMajor", {64, 64, 32}));
  reqs.back().only = {"mma.warps=(2,2,1):(2,1,1)", "mma.tile=(32,32,8)"};
  reqs.push_back(sm80("int8_t", "RowMajor", "ColumnMajor", {64, 64, 64}));
  reqs.back().only = {"mma.warps=(2,2,1)", "mma.tile=(32,32,32)"};
  reqs.push_back(xe_256("bfloat16_t", "int8_t"));
  for (SearchRequest& r : reqs) {
    r.top = 4;
    const SearchResult res = search(r);
    ASSERT_FALSE(res.rows.empty());
    for (size_t i = 0; i + 1 < res.rows.size(); ++i)
      EXPECT_LE(key(res.rows[i].figures), key(res.rows[i + 1].figures));
    for (const SearchRow& row : res.rows) {
      expect_row_verifies(row);
      // Emitted as C++ and read back: the same spec, the same figures.
      const std::string cpp = spec_to_cpp(row.config, "row");
      const auto cfgs = read_cpp_configs(cpp);
      ASSERT_EQ(cfgs.size(), 1u) << cpp;
      json back(config_to_json(cfgs[0].config));
      for (const char* x : {"A", "B"})
        if (const std::optional<int64_t> al = row.config.operand(x)->gmem->alignment)
          back["operands"][x]["gmem"]["alignment"] = *al;
      const SearchRow again = search_row_of(build_plan(read_json_value(back)));
      EXPECT_FALSE(again.report.failed(false)) << cpp;
      EXPECT_EQ(key(again.figures), key(row.figures)) << cpp;
      ASSERT_EQ(again.report.checks.size(), row.report.checks.size()) << cpp;
      for (size_t k = 0; k < again.report.checks.size(); ++k)
        EXPECT_EQ(again.report.checks[k].summary, row.report.checks[k].summary) << cpp;
    }
  }
}

// CUTLASS's SM80 tensor-op defaults (f16, tf32, int8; every layout): each is in the space, found with the
// figures verify gives it; varying its smem atoms finds one at least as good, and an ideal one where the
// default is not (tf32 with an MN-major operand: a swizzle that keeps its 4-byte loads conflict-free).
TEST(Search, CutlassDefaultsAreInTheSpaceAndNeverBeaten) {
  for (const char* file : kDefaults) {
    SCOPED_TRACE(file);
    const json spec = json::parse(test::read_data(std::string("specs/") + file));
    const SearchRow def = search_row_of(build_plan(read_json_value(spec)));
    ASSERT_FALSE(def.report.failed(false));
    SearchRequest r = pinned_to(spec);
    r.top = 1;
    const SearchResult pinned = search(r);
    ASSERT_EQ(pinned.rows.size(), 1u);
    EXPECT_EQ(key(pinned.rows[0].figures), key(def.figures));
    EXPECT_EQ(pinned.rows[0].figures.wavefronts, def.figures.wavefronts);
    // Free the smem atoms: the rest stays the default's.
    r.only.erase(
        std::remove_if(r.only.begin(), r.only.end(),
                       [](const std::string& o) { return o.find(".smem.atom=") != std::string::npos; }),
        r.only.end());
    r.top = 3;
    const SearchResult free_ops = search(r);
    ASSERT_FALSE(free_ops.rows.empty());
    const SearchFigures& best = free_ops.rows[0].figures;
    EXPECT_LE(key(best), key(def.figures));
    if (def.figures.excess_wavefronts > 0 && def.figures.wavefronts_exact) {
      EXPECT_EQ(best.excess_wavefronts, 0) << "no ideal alternative to " << file;
      EXPECT_TRUE(best.wavefronts_exact);
    }
  }
}

// The global sectors order rows whose bank figures tie, and only those. f16 TN 128x128x32 (the issue's case):
// A's g2s of 16 bytes a lane with threads (128,1) (one vector a row: 32 rows of 64 bytes an instruction, each
// row's 16 bytes a sector of its own) or (32,4) (8 rows, 4 lanes covering each 64-byte row: 2 sectors a row).
// Their shared-memory figures tie (the same lower bound, the same instructions); the space lists (128,1)
// first, so without the sector term it ranked first; with it (32,4) does: 256 sectors of A a k-tile against
// 512, 512 with rows only 16-byte aligned (AlignmentA 8 halves) against 384.
TEST(Search, GlobalSectorsBreakBankTies) {
  SearchRequest r = sm80("half_t", "RowMajor", "ColumnMajor", {128, 128, 32});
  r.only = {"mma.warps=(2,2,1)",
            "mma.tile=(32,32,16)",
            "A.smem.atom=Sw<2,3,3> o (8,32):(32,1)",
            "A.s2r=SM75_U32x4_LDSM_N",
            "B.smem.atom=Sw<2,3,3> o (8,32):(32,1)",
            "B.g2s=16 B x (32,4):(4,1)",
            "B.s2r=SM75_U32x4_LDSM_N",
            "A.g2s=16 B x (128,1):(1,1)"};
  r.top = 2;
  const SearchResult one_row = search(r);
  ASSERT_EQ(one_row.rows.size(), 1u);
  const SearchFigures wide = one_row.rows[0].figures;  // (128,1)
  r.only.back() = "A.g2s=16 B x (32,4):(4,1)";
  const SearchFigures cov = search(r).rows.at(0).figures;  // (32,4)
  // Tied bank figures and instructions; the sectors differ.
  EXPECT_EQ(wide.excess_wavefronts, cov.excess_wavefronts);
  EXPECT_EQ(wide.wavefronts_exact, cov.wavefronts_exact);
  EXPECT_EQ(wide.smem_instructions, cov.smem_instructions);
  EXPECT_EQ(wide.gmem_bytes, cov.gmem_bytes);
  EXPECT_EQ(wide.gmem_sectors - cov.gmem_sectors, 512 - 256);
  EXPECT_EQ(wide.gmem_sectors_max - cov.gmem_sectors_max, 512 - 384);
  // Both free: (32,4) ranks first though the space lists (128,1) first.
  r.only.pop_back();
  const SearchPlan plan = plan_search(r);
  const auto& values = plan.space.knobs;
  const auto g2s =
      std::find_if(values.begin(), values.end(), [](const SearchKnob& k) { return k.name == "A.g2s"; });
  ASSERT_NE(g2s, values.end());
  const auto pos = [&](const std::string& v) { return std::find(g2s->values.begin(), g2s->values.end(), v); };
  EXPECT_LT(pos("16 B x (128,1):(1,1)"), pos("16 B x (32,4):(4,1)"));
  r.top = 20;
  const SearchResult res = search(r);
  ASSERT_GE(res.rows.size(), 2u);
  const auto a_g2s = [](const SearchRow& row) {
    for (const auto& [k, v] : row.knobs)
      if (k == "A.g2s") return v;
    return std::string();
  };
  EXPECT_EQ(a_g2s(res.rows[0]), "16 B x (32,4):(4,1)");
  int wide_rank = 0;
  for (const SearchRow& row : res.rows)
    if (a_g2s(row) == "16 B x (128,1):(1,1)") wide_rank = wide_rank ? wide_rank : row.rank;
  EXPECT_GT(wide_rank, 1);
  // Never above the bank figures: along the rows, (lower bound or not, excess, a bound's wavefronts) never
  // decreases, and sectors per byte only decrease where the bank figures worsen.
  for (size_t i = 1; i < res.rows.size(); ++i) {
    const SearchFigures &p = res.rows[i - 1].figures, &q = res.rows[i].figures;
    const auto bank = [](const SearchFigures& f) {
      return std::make_tuple(!f.wavefronts_exact, f.excess_wavefronts, f.wavefronts_exact ? 0 : f.wavefronts);
    };
    const auto bank_p = bank(p), bank_q = bank(q);
    EXPECT_LE(bank_p, bank_q) << i;
    if (bank_p == bank_q) {
      EXPECT_LE(p.gmem_sectors_per_byte(), q.gmem_sectors_per_byte()) << i;
    }
  }
}

// sycl-tla's bf16 256x256x32 default with 8x4 subgroups (examples/00_bmg_gemm): the best row, reorder-free.
TEST(Search, SyclTlaBf16DefaultIsTheBestRow) {
  const json spec = json::parse(test::read_data("specs/sycl_tla_00_bmg_gemm.json"));
  const SearchRow def = search_row_of(build_plan(read_json_value(spec)));
  SearchRequest r = xe_256("bfloat16_t", "bfloat16_t");
  r.top = 3;
  const SearchResult res = search(r);
  ASSERT_FALSE(res.rows.empty());
  const SearchRow& best = res.rows[0];
  EXPECT_EQ(config_to_json(best.config)["mma"]["sg_layout"], "(8,4,1):(4,1,0)");
  EXPECT_EQ(best.config.operand("A")->copy->name.value_or(""), "auto");
  EXPECT_EQ(best.config.operand("B")->copy->name.value_or(""), "auto");
  EXPECT_EQ(best.figures.reorder_movs, 0);
  EXPECT_EQ(key(best.figures), key(def.figures));
  EXPECT_GT(res.reorder_free, 0);
}

// An int8 B feeding a bf16 DPAS: no configuration of the space is reorder-free; rows rank by the moves.
TEST(Search, Int8BForBf16DpasRanksReorders) {
  SearchRequest r = xe_256("bfloat16_t", "int8_t");
  r.top = 20;
  const SearchResult res = search(r);
  EXPECT_EQ(res.reorder_free, 0);
  ASSERT_GT(res.rows.size(), 2u);
  for (const SearchRow& row : res.rows) {
    EXPECT_GT(row.figures.reorder_movs, 0);
    EXPECT_EQ(test::check(row.report, "reorder.B").verdict, Verdict::Refuted);
  }
  EXPECT_LE(res.rows.front().figures.reorder_movs, res.rows.back().figures.reorder_movs);
}

// --explain's words name the first term of the ranking key where two rows differ, with both values; a row
// never "ranks below" the next one; every exact row comes before every bounded one (the issue's rule: a lower
// bound never ranks above an exact count), here over the f16 and tf32 spaces where both kinds occur.
TEST(Search, ExplainNamesTheFirstDifferingTerm) {
  SearchFigures a, b;
  a.wavefronts = a.ideal_wavefronts = b.ideal_wavefronts = 384;
  b.wavefronts = 640;
  b.excess_wavefronts = 256;
  a.smem_instructions = b.smem_instructions = 288;
  EXPECT_EQ(
      search_explain(a, b),
      "ranks above on excess wavefronts: 0 against 256 (shared-memory wavefronts over the ideal per k-tile, "
      "banks.X.g2s + banks.X.s2r)");
  EXPECT_EQ(search_explain(b, a).rfind("ranks below on excess wavefronts: 256 against 0", 0), 0u);
  b.wavefronts_exact = false;  // a bounded row with a larger excess: the bound decides first
  EXPECT_EQ(search_explain(b, a).rfind("ranks below on bounded: 1 against 0", 0), 0u);
  b = a;
  EXPECT_EQ(search_explain(a, b),
            "has the same figures (the space's listing order decides): smem instructions 288");
  b.registers = 4;
  EXPECT_EQ(search_explain(a, b).rfind("ranks above on registers: 0 against 4", 0), 0u);
  EXPECT_NE(search_explain(a, b).find("tied before it on smem instructions 288"), std::string::npos);
  ASSERT_EQ(search_rank_terms(a).size(), 10u);
  EXPECT_STREQ(search_rank_terms(a)[0].name, "bounded");

  SearchRequest r = sm80("half_t", "RowMajor", "ColumnMajor", {64, 64, 32});
  r.only = {"mma.warps=(2,2,1)", "mma.tile=(32,32,16)"};
  r.top = 100;
  const SearchResult res = search(r);
  ASSERT_GT(res.rows.size(), 20u);
  for (size_t i = 0; i + 1 < res.rows.size(); ++i)
    EXPECT_EQ(search_explain(res.rows[i].figures, res.rows[i + 1].figures).find("ranks below"),
              std::string::npos)
        << i + 1;
}

TEST(Search, DeterministicAndIndependentOfJobs) {
  SearchRequest r = sm80("half_t", "ColumnMajor", "RowMajor", {64, 64, 32});
  r.only = {"mma.warps=(2,2,1)", "mma.tile=(32,32,16)", "A.s2r=SM75_U16x8_LDSM_T", "B.s2r=SM75_U16x8_LDSM_T"};
  r.top = 5;
  const auto one = search_to_json(search(r)).dump();
  EXPECT_EQ(search_to_json(search(r)).dump(), one);
  r.jobs = 2;
  EXPECT_EQ(search_to_json(search(r)).dump(), one);
}

}  // namespace
}  // namespace tvlab
