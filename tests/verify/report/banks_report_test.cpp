#include "tvlab/verify/report/banks_report.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace tvlab {
namespace {

using ojson = nlohmann::ordered_json;

const char* kLdsm = "((8,4),8):((1,512),64)";  // ldmatrix.x4 over an 8x32 block of a 64-row tile

// `tvlab banks --json` of ldmatrix.x4 over (64,64):(64,1): phase 1 and the suggestion.
// clang-format off
const char* kPhase1Json = R"j({"lanes":[8,9,10,11,12,13,14,15],"addresses":[16,144,272,400,528,656,784,912],"banks":[4,4,4,4,4,4,4,4],"ways":8,"collisions":[{"bank":4,"ways":8,"lanes":[8,9,10,11,12,13,14,15],"words":[4,36,68,100,132,164,196,228]},{"bank":5,"ways":8,"lanes":[8,9,10,11,12,13,14,15],"words":[5,37,69,101,133,165,197,229]},{"bank":6,"ways":8,"lanes":[8,9,10,11,12,13,14,15],"words":[6,38,70,102,134,166,198,230]},{"bank":7,"ways":8,"lanes":[8,9,10,11,12,13,14,15],"words":[7,39,71,103,135,167,199,231]}]})j";
const char* kSuggestJson = R"j({"layout":"Sw<3,3,3> o 0 o (64,64):(64,1)","kind":"swizzle","wavefronts":4,"ideal_wavefronts":4,"vector":8,"padding":0,"text":"Sw<3,3,3> o 0 o (64,64):(64,1): 4 wavefronts (ideal), vector 8"})j";
// clang-format on

BanksRequest request(std::string smem, std::string tv, std::string type, std::string op,
                     std::optional<std::string> gmem = std::nullopt, std::string arch = "nvidia") {
  return BanksRequest{std::move(smem), std::move(tv),   std::move(type),
                      std::move(op),   std::move(gmem), std::move(arch)};
}

// The BanksInputError a request throws (a failure when it throws none).
BanksInputError banks_error(const BanksRequest& r) {
  try {
    analyze_banks_request(r);
  } catch (const BanksInputError& e) {
    return e;
  }
  ADD_FAILURE() << "no BanksInputError";
  return BanksInputError("", "");
}

TEST(BanksReport, ReadmeLdmatrixText) {
  const BanksResult r = analyze_banks_request(request("(64,64):(64,1)", kLdsm, "half_t", "ldmatrix.x4"));
  EXPECT_EQ(r.analysis.wavefronts, 32);
  EXPECT_EQ(r.analysis.ideal_wavefronts, 4);
  EXPECT_EQ(r.analysis.bank_conflicts, 28);
  ASSERT_TRUE(r.suggestion);
  EXPECT_EQ(banks_to_text(r),
            "ldmatrix.x4 of half_t over (64,64):(64,1), 16 bytes a lane\n"
            "wavefronts 32, ideal 4, bank conflicts 28\n"
            "  phase 0: lanes 0-7, 8 wavefronts; bank 0 serves 8 words to lanes 0-7 (and 3 more banks)\n"
            "  phase 1: lanes 8-15, 8 wavefronts; bank 4 serves 8 words to lanes 8-15 (and 3 more banks)\n"
            "  phase 2: lanes 16-23, 8 wavefronts; bank 8 serves 8 words to lanes 16-23 (and 3 more banks)\n"
            "  phase 3: lanes 24-31, 8 wavefronts; bank 12 serves 8 words to lanes 24-31 (and 3 more banks)\n"
            "suggest: Sw<3,3,3> o 0 o (64,64):(64,1): 4 wavefronts (ideal), vector 8\n");
  const ojson j = banks_to_json(r);
  std::vector<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  EXPECT_EQ(keys,
            (std::vector<std::string>{"op", "type", "smem", "tv", "model", "wavefronts", "ideal_wavefronts",
                                      "bank_conflicts", "bytes_per_lane", "phases", "suggest"}));
  EXPECT_EQ(j["model"], "nvidia");
  EXPECT_EQ(j["phases"][1].dump(), kPhase1Json);
  EXPECT_EQ(j["suggest"].dump(), kSuggestJson);
}

TEST(BanksReport, Literals) {
  // The suggestion, fed back: conflict-free, nothing to suggest.
  BanksResult r =
      analyze_banks_request(request("Sw<3,3,3> o (64,64):(64,1)", kLdsm, "half_t", "ldmatrix.x4"));
  EXPECT_EQ(r.analysis.bank_conflicts, 0);
  EXPECT_FALSE(r.suggestion);
  EXPECT_TRUE(banks_to_json(r)["suggest"].is_null());
  EXPECT_NE(banks_to_text(r).find("wavefronts 4, ideal 4, bank conflicts 0 (conflict-free)\n"),
            std::string::npos);

  // A padded float tile.
  r = analyze_banks_request(request("(32,32):(33,1)", "(32,1):(1,0)", "float", "ld"));
  EXPECT_EQ(banks_to_text(r),
            "ld of float over (32,32):(33,1), 4 bytes a lane\n"
            "wavefronts 1, ideal 1, bank conflicts 0 (conflict-free)\n"
            "  phase 0: lanes 0-31, 1 wavefront\n");

  // cp.async with its global sources: not searched for a suggestion.
  r = analyze_banks_request(
      request("(8,64):(64,1)", "((4,8),1):((1,8),8)", "float", "cp.async", std::string("(8,64):(1,4)")));
  EXPECT_EQ(banks_to_text(r),
            "cp.async of float over (8,64):(64,1), 4 bytes a lane\n"
            "wavefronts 4, ideal 1, bank conflicts 3\n"
            "  phase 0: lanes 0-31, 4 wavefronts; bank 0 serves 4 words to lanes 0-3 (and 7 more banks)\n"
            "global: 1 request, 4 sectors of 32 bytes, 128 of 128 bytes used (100%) (H200-measured LDGSTS "
            "cache_access counters; .cg reads them through the L1 bypass)\n"
            "suggest: not searched for cp.async (its wavefronts depend on the global sources)\n");
  EXPECT_TRUE(r.gmem);
  r = analyze_banks_request(
      request("(512,1):(1,0)", "(32,2):(2,1)", "float", "cp.async", std::string("512:1")));
  EXPECT_EQ(banks_to_json(r)["arrangement"], "runs");
  EXPECT_EQ(banks_to_text(r),
            "cp.async of float over (512,1):(1,0), 8 bytes a lane\n"
            "wavefronts 2, ideal 2, bank conflicts 0 (conflict-free)\n"
            "  phase 0: lanes 0-15, 1 wavefront\n"
            "  phase 1: lanes 16-31, 1 wavefront\n"
            "global: 1 request, 8 sectors of 32 bytes, 256 of 256 bytes used (100%) (H200-measured LDGSTS "
            "cache_access counters; .cg reads them through the L1 bypass)\n");
  EXPECT_EQ(banks_to_json(r)["gmem_sectors"]["sectors"], 8);

  // Xe SLM: the unvalidated model says so.
  r = analyze_banks_request(request("(16,16):(16,1)", "(16,1):(1,0)", "float", "ld", std::nullopt, "xe"));
  EXPECT_EQ(banks_to_text(r),
            "ld of float over (16,16):(16,1), 4 bytes a lane\n"
            "model: unvalidated (xe-slm: no public source states its banking)\n"
            "wavefronts 16, ideal 1, bank conflicts 15\n"
            "  phase 0: lanes 0-15, 16 wavefronts; bank 0 serves 16 words to lanes 0-15\n"
            "suggest: Sw<4,0,4> o 0 o (16,16):(16,1): 1 wavefront (ideal), vector 1\n");
  EXPECT_EQ(banks_to_json(r)["model"], "xe-slm (unvalidated)");
}

TEST(BanksReport, BadInput) {
  BanksInputError e = banks_error(request("(4,", kLdsm, "half_t", "ld"));
  EXPECT_EQ(e.where(), "--smem");
  EXPECT_FALSE(e.column());  // parse_smem_layout's BankError names the column in its message
  EXPECT_STREQ(e.what(), "column 4: syntax: expected a value, found the end of the text");

  e = banks_error(request("Sw<3,3,3>", "(32,1):(1,0)", "float", "ld"));
  EXPECT_EQ(e.where(), "--smem");
  EXPECT_STREQ(e.what(),
               "'Sw<3,3,3>' is Sw<3,3,3>, not a layout (expected SHAPE:STRIDE or Sw<B,M,S> o SHAPE:STRIDE)");

  e = banks_error(request("(64,64):(64,1)", "x", "half_t", "ld"));
  EXPECT_EQ(e.where(), "--tv");
  EXPECT_EQ(e.column(), std::optional<std::size_t>(1));
  EXPECT_STREQ(e.what(), "expected an integer or a tuple of integers");

  e = banks_error(request("(64,64):(64,1)", kLdsm, "halfish", "ld"));
  EXPECT_EQ(e.where(), "--type");
  EXPECT_EQ(std::string(e.what()).rfind("unknown value type: 'halfish' is not one of: ", 0), 0u);

  e = banks_error(request("(64,64):(64,1)", kLdsm, "half_t", "ldsm"));
  EXPECT_EQ(e.where(), "--op");
  EXPECT_STREQ(e.what(),
               "unknown shared-memory instruction 'ldsm': expected one of ld, st, cp.async, ldmatrix.x1, "
               "ldmatrix.x2, ldmatrix.x4, stmatrix.x1, stmatrix.x2, stmatrix.x4 (ldmatrix/stmatrix also with "
               ".trans)");

  // The instruction: a lane's values not contiguous, too many lanes.
  e = banks_error(request("(64,64):(1,64)", kLdsm, "half_t", "ldmatrix.x4"));
  EXPECT_EQ(e.where(), "--tv");
  EXPECT_STREQ(e.what(),
               "lane 0: value 1 (tile index 64) sits at element offset 64, not 1: a lane's values must be "
               "contiguous in shared memory");
  e = banks_error(request("(64,64):(64,1)", "(64,1):(1,0)", "float", "ld"));
  EXPECT_EQ(e.where(), "--tv");
  EXPECT_STREQ(
      e.what(),
      "the TV layout (64,1):(1,0) has 64 threads; one nvidia instruction has 32 lanes: give the warp "
      "(--warp W; warp=W in Python) to take threads 32W..32W+31, CuTe's per-warp view");

  // cp.async: without --gmem not modeled (at --op), with sources the model does not cover (at --gmem).
  e = banks_error(request("1024:1", "(32,1):(1,0)", "float", "cp.async"));
  EXPECT_EQ(e.where(), "--op");
  EXPECT_STREQ(e.what(),
               "cp.async: not modeled: the lanes' global source addresses are not known, and cp.async's "
               "shared-memory wavefronts depend on them; at least 1 wavefront (give --gmem)");
  e = banks_error(request("1024:1", "(32,1):(1,0)", "float", "cp.async", std::string("1024:4")));
  EXPECT_EQ(e.where(), "--gmem");
  EXPECT_STREQ(e.what(),
               "cp.async: not modeled: lanes 0-31 (one group of 32) read 4 128-byte lines of global memory "
               "that share source word positions; no rule found in the H200's recordings covers that "
               "(docs/banks.md); at least 4 wavefronts; global: 1 request, 16 sectors of 32 bytes, 128 bytes "
               "used");
  e = banks_error(request("1024:1", "(32,1):(1,0)", "float", "ld", std::string("1024:1")));
  EXPECT_EQ(e.where(), "--gmem");
  EXPECT_STREQ(e.what(), "only cp.async reads global memory");
  e = banks_error(request("1024:1", "(32,1):(1,0)", "float", "cp.async", std::string("(4,")));
  EXPECT_EQ(e.where(), "--gmem");
  EXPECT_STREQ(e.what(), "column 4: syntax: expected a value, found the end of the text");

  e = banks_error(request("(64,64):(64,1)", kLdsm, "half_t", "ldmatrix.x4", std::nullopt, "amd"));
  EXPECT_EQ(e.where(), "--arch");
  EXPECT_STREQ(e.what(), "unknown architecture 'amd'; allowed values: nvidia, xe");
}

// The text states the JSON's figures: the totals, each phase's lanes and ways, the first collision, the
// suggestion.
TEST(BanksReport, JsonAndTextAgree) {
  const std::vector<BanksRequest> requests = {
      request("(64,64):(64,1)", kLdsm, "half_t", "ldmatrix.x4"),
      request("Sw<3,3,3> o (64,64):(64,1)", kLdsm, "half_t", "ldmatrix.x4"),
      request("(64,32):(32,1)", kLdsm, "half_t", "ldmatrix.x4.trans"),
      request("(64,64):(64,1)", kLdsm, "half_t", "stmatrix.x4"),
      request("(32,32):(32,1)", "(32,1):(1,0)", "float", "ld"),
      request("(32,32):(32,1)", "(32,4):(1,32)", "float", "st"),
      request("(64,64):(64,1)", "((8,4),8):((512,1),64)", "half_t", "ld"),
      request("(8,64):(64,1)", "((4,8),1):((1,8),8)", "float", "cp.async", std::string("(8,64):(1,4)")),
      request("1024:1", "(32,1):(1,0)", "float", "cp.async", std::string("1024:0")),
      request("(16,16):(16,1)", "(16,1):(1,0)", "float", "ld", std::nullopt, "xe"),
  };
  auto lanes_text = [](const ojson& lanes) {
    std::string s;
    for (std::size_t i = 0; i < lanes.size(); ++i) {
      std::size_t k = i;
      while (k + 1 < lanes.size() && lanes[k + 1].get<int>() == lanes[k].get<int>() + 1) ++k;
      s += (s.empty() ? "" : " ") + lanes[i].dump() + (k > i ? "-" + lanes[k].dump() : "");
      i = k;
    }
    return s;
  };
  for (const BanksRequest& q : requests) {
    SCOPED_TRACE(q.smem + " " + q.op);
    const BanksResult r = analyze_banks_request(q);
    const ojson j = banks_to_json(r);
    std::istringstream text(banks_to_text(r));
    std::string line;
    std::getline(text, line);
    EXPECT_EQ(line, j["op"].get<std::string>() + " of " + j["type"].get<std::string>() + " over " +
                        j["smem"].get<std::string>() + ", " + j["bytes_per_lane"].dump() + " bytes a lane");
    std::getline(text, line);
    if (j["model"].get<std::string>().find("(unvalidated)") != std::string::npos) {
      EXPECT_EQ(line.rfind("model: unvalidated", 0), 0u);
      std::getline(text, line);
    }
    std::smatch m;
    ASSERT_TRUE(
        std::regex_match(line, m, std::regex(R"(wavefronts (\d+), ideal (\d+), bank conflicts (\d+).*)")));
    EXPECT_EQ(std::stoi(m[1]), j["wavefronts"].get<int>());
    EXPECT_EQ(std::stoi(m[2]), j["ideal_wavefronts"].get<int>());
    EXPECT_EQ(std::stoi(m[3]), j["bank_conflicts"].get<int>());
    int sum = 0;
    for (std::size_t p = 0; p < j["phases"].size(); ++p) {
      const ojson& ph = j["phases"][p];
      sum += ph["ways"].get<int>();
      if (ph["lanes"].empty()) continue;
      ASSERT_TRUE(std::getline(text, line));
      std::string want = "  phase " + std::to_string(p) + ": lanes " + lanes_text(ph["lanes"]) + ", " +
                         ph["ways"].dump() + (ph["ways"] == 1 ? " wavefront" : " wavefronts");
      if (!ph["collisions"].empty()) {
        const ojson& c = ph["collisions"][0];
        want += "; bank " + c["bank"].dump() + " serves " + c["ways"].dump() + " words to lanes " +
                lanes_text(c["lanes"]);
        if (ph["collisions"].size() > 1)
          want += " (and " + std::to_string(ph["collisions"].size() - 1) + " more banks)";
      }
      EXPECT_EQ(line, want);
    }
    if (j["op"] != "cp.async" && j["op"] != "ld") {
      EXPECT_EQ(sum, j["wavefronts"].get<int>());  // phases served one after another
    }
    if (j.contains("gmem_sectors")) {  // cp.async with --gmem: the global line
      const ojson& g = j["gmem_sectors"];
      ASSERT_TRUE(std::getline(text, line));
      EXPECT_EQ(
          line.rfind("global: " + g["requests"].dump() + " request, " + g["sectors"].dump() + " sector", 0),
          0u)
          << line;
      EXPECT_NE(line.find(g["used_bytes"].dump() + " of " + std::to_string(32 * g["sectors"].get<int>()) +
                          " bytes used"),
                std::string::npos)
          << line;
    }
    if (j["suggest"].is_null()) {
      if (std::getline(text, line)) {
        EXPECT_EQ(line.rfind("suggest: ", 0), 0u);
      }
    } else {
      ASSERT_TRUE(std::getline(text, line));
      EXPECT_EQ(line, "suggest: " + j["suggest"]["text"].get<std::string>());
    }
    EXPECT_FALSE(std::getline(text, line)) << line;
  }
}

}  // namespace
}  // namespace tvlab

namespace tvlab {
namespace {
// A TiledCopy's 128-thread TV cut to one warp (BanksRequest::warp): warp W is threads 32W..32W+31, CuTe's
// per-warp view. The recorded CuTe DSL layout_src_tv_tiled of the SM80 example's K-major ldmatrix copy of A
// (tests/data/cute/prints/dsl/gemm_sm80_tn_s2r_A_src_tv.txt) over its (32,16) tile of the staged smem.
TEST(BanksReport, WarpCut) {
  const std::string tv = "((16,2,2,2),(8,1)):((1,256,16,0),(32,0))";
  const std::string smem = "Sw<2,3,3> o ((8,4),16):((32,256),1)";
  BanksRequest r = request(smem, tv, "half_t", "ldmatrix.x4");
  EXPECT_EQ(banks_error(r).where(), "--tv");
  EXPECT_NE(std::string(banks_error(r).what()).find("give the warp"), std::string::npos);
  std::vector<std::string> phases;
  for (int64_t w = 0; w < 4; ++w) {
    r.warp = w;
    const BanksResult res = analyze_banks_request(r);
    EXPECT_EQ(res.analysis.bank_conflicts, 0);
    EXPECT_EQ(banks_to_json(res)["warp"], w);
    EXPECT_NE(banks_to_text(res).find("warp " + std::to_string(w) + " of 4"), std::string::npos);
    phases.push_back(banks_to_json(res)["phases"].dump());
  }
  // warp 0 = the first 32 threads as a layout of their own; the last thread mode has stride 0: warps 2, 3 =
  // 0, 1
  EXPECT_EQ(phases[0], banks_to_json(analyze_banks_request(request(smem, "((16,2),(8,1)):((1,256),(32,0))",
                                                                   "half_t", "ldmatrix.x4")))["phases"]
                           .dump());
  EXPECT_EQ(phases[2], phases[0]);
  EXPECT_EQ(phases[3], phases[1]);
  EXPECT_NE(phases[1], phases[0]);
  // unswizzled: conflicts, and no suggestion is searched for a cut (said so)
  BanksRequest plain = request("((8,4),16):((32,256),1)", tv, "half_t", "ldmatrix.x4");
  plain.warp = 1;
  const BanksResult res = analyze_banks_request(plain);
  EXPECT_GT(res.analysis.bank_conflicts, 0);
  EXPECT_FALSE(res.suggestion);
  EXPECT_NE(banks_to_text(res).find("not searched for a warp cut"), std::string::npos);
  for (int64_t bad : {int64_t(-1), int64_t(4)}) {
    r.warp = bad;
    EXPECT_EQ(banks_error(r).where(), "--warp");
    EXPECT_NE(std::string(banks_error(r).what()).find("warps 0..3"), std::string::npos);
  }
  BanksRequest one = request(smem, "((16,2),(8,1)):((1,256),(32,0))", "half_t", "ldmatrix.x4");
  one.warp = 0;
  EXPECT_NE(std::string(banks_error(one).what()).find("no warp to cut"), std::string::npos);
  BanksRequest odd = request(smem, "(48,8):(1,48)", "half_t", "ld");
  odd.warp = 0;
  EXPECT_NE(std::string(banks_error(odd).what()).find("not a whole number"), std::string::npos);
}
}  // namespace
}  // namespace tvlab
