#include "tvlab/verify/checks/kernel_checks.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "../verify_test_support.hpp"
#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/partition.hpp"
#include "tvlab/verify/checks/smem_checks.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/readers/load.hpp"

namespace tvlab {
namespace {

using test::check;
std::string read(const std::string& name) {
  return test::read_data("specs/" + name);
}

bool has_check(const Report& r, const std::string& code) {
  for (const CheckResult& c : r.checks)
    if (c.code == code) return true;
  return false;
}

// The CUTLASS SM80 f16 TN default, with `edit` applied to its JSON.
nlohmann::json tn(const std::function<void(nlohmann::json&)>& edit = {}) {
  nlohmann::json j = nlohmann::json::parse(read("cutlass_sm80_f16_tn_128x128x32.json"));
  if (edit) edit(j);
  return j;
}

TEST(KernelChecks, CutlassSm80DefaultsProve) {
  for (const char* f : {"cutlass_sm80_f16_tn_128x128x32.json", "cutlass_sm80_f16_nt_128x128x32.json"}) {
    const Report r = verify_plan(build_plan_from_text(read(f)));
    EXPECT_FALSE(r.failed(true)) << f;
    for (const CheckResult& c : r.checks) {
      EXPECT_EQ(c.verdict, Verdict::Proved) << f << " " << c.code << ": " << c.summary;
      // TN, K = 32 halves: each 8-lane group of a 16-byte cp.async reads two rows of 64 bytes at the same
      // offsets, rows a run-time leading dimension apart: stacked lines, 2 a group, where rows start 128-byte
      // aligned (the H200: 8 an instruction at every ld a multiple of 128 bytes), and the check says so.
      if (std::string(f).find("_tn_") != std::string::npos && c.code.ends_with(".g2s") &&
          c.code.starts_with("banks.")) {
        EXPECT_EQ(
            c.summary,
            "128 wavefronts (8 per instruction): ideal where rows start 128-byte aligned (base, leading "
            "dimension)");
        EXPECT_TRUE(c.data.value("assumes_aligned_rows", false)) << c.code;
      }
    }
  }
  const Report r = verify_plan(build_plan(read_json_value(tn())));
  EXPECT_EQ(check(r, "cta.mma").data["repeat_mnk"], nlohmann::ordered_json({4, 4, 2}));
  // 2 operands x 3 stages x 128 x 32 halves.
  EXPECT_EQ(check(r, "smem.budget").data["bytes"], 2 * 3 * 128 * 32 * 2);
  EXPECT_EQ(check(r, "smem.budget").data["limit_bytes"], 163 * 1024);
  EXPECT_EQ(check(r, "gmem.A.g2s").data["vector_bytes"], 16);
  // ldmatrix.x4 over the (128,32) tile: 4 warps x 4 M-repeats x 2 k-blocks, 4 wavefronts each.
  EXPECT_EQ(check(r, "banks.A.s2r").data["instructions"], 32);
  EXPECT_EQ(check(r, "banks.A.s2r").data["k_blocks"], 2);
  EXPECT_EQ(check(r, "banks.A.s2r").data["wavefronts_per_k_block"], 64);
  EXPECT_EQ(check(r, "smem.A.layout").data["stages_bank_alike"], true);
  EXPECT_FALSE(has_check(r, "source.A"));  // the register copy reads smem: vector.A.s2r checks it
}

TEST(KernelChecks, ColumnMajorAUnderKMajorCpAsyncIsRefuted) {
  // Issue 21's false pass: CuTe refuses this at compile time (src failed to vectorize).
  const Report r = verify_plan(build_plan_from_text(read("sm80_f16_a_colmajor_cp_async_k.json")));
  const CheckResult& g = check(r, "gmem.A.g2s");
  EXPECT_EQ(g.verdict, Verdict::Refuted);
  ASSERT_EQ(g.witnesses.size(), 1u);
  EXPECT_EQ(
      g.witnesses[0],
      "T0 (warp 0, lane 0), call 0: its 8 values (0,0) (0,1) (0,2) (0,3) (0,4) (0,5) (0,6) (0,7) sit at "
      "element offsets 0, ld, 2*ld, 3*ld, 4*ld, 5*ld, 6*ld, 7*ld: not one vector of 8");
  EXPECT_TRUE(r.failed(false));
  // The same with "contiguous": "M" and no gmem (the spec form).
  const Report r2 = verify_plan(build_plan(read_json_value(tn([](nlohmann::json& j) {
    j["operands"]["A"].erase("gmem");
    j["operands"]["A"]["contiguous"] = "M";
  }))));
  EXPECT_EQ(check(r2, "gmem.A.g2s").verdict, Verdict::Refuted);
}

TEST(KernelChecks, AlignmentBelowTheVectorIsRefuted) {
  const Report r = verify_plan(build_plan(
      read_json_value(tn([](nlohmann::json& j) { j["operands"]["A"]["gmem"]["alignment"] = 4; }))));
  const CheckResult& g = check(r, "gmem.A.g2s");
  EXPECT_EQ(g.verdict, Verdict::Refuted);
  EXPECT_NE(g.witnesses.at(0).find("only 4-element aligned: with ld = 36"), std::string::npos)
      << g.witnesses[0];
  // 16 suffices (more alignment than the vector).
  const Report ok = verify_plan(build_plan(
      read_json_value(tn([](nlohmann::json& j) { j["operands"]["A"]["gmem"]["alignment"] = 16; }))));
  EXPECT_EQ(check(ok, "gmem.A.g2s").verdict, Verdict::Proved);
}

TEST(KernelChecks, UnstatedMemoryIsNotChecked) {
  const Report r = verify_plan(
      build_plan(read_json_value(tn([](nlohmann::json& j) { j["operands"]["A"].erase("gmem"); }))));
  const CheckResult& g = check(r, "gmem.A.g2s");
  EXPECT_EQ(g.verdict, Verdict::Unknown);
  EXPECT_NE(g.summary.find("not checked"), std::string::npos);
}

TEST(KernelChecks, GmemLayoutTags) {
  // TagToStrideA/B: A RowMajor K, ColumnMajor M; B ColumnMajor K, RowMajor N.
  struct Case {
    const char* op;
    const char* tag;
    int contiguous;
  };
  for (const Case& c : {Case{"A", "RowMajor", 1},
                        {"A", "ColumnMajor", 0},
                        {"B", "ColumnMajor", 1},
                        {"B", "cutlass::layout::RowMajor", 0},
                        {"A", "K", 1},
                        {"B", "N", 0}}) {
    const Plan p = build_plan(
        read_json_value(tn([&](nlohmann::json& j) { j["operands"][c.op]["gmem"]["layout"] = c.tag; })));
    for (const PlannedCopy& pc : p.copies)
      if (pc.name == c.op) {
        ASSERT_TRUE(pc.gmem);
        EXPECT_EQ(pc.gmem->contiguous, c.contiguous) << c.op << " " << c.tag;
        EXPECT_EQ(pc.modes.x, c.contiguous);
      }
  }
  try {
    build_plan(read_json_value(tn([](nlohmann::json& j) { j["operands"]["A"]["contiguous"] = "M"; })));
    FAIL() << "contradiction accepted";
  } catch (const SpecError& e) {
    EXPECT_EQ(e.path(), "operands.A.contiguous");
  }
  try {
    build_plan(
        read_json_value(tn([](nlohmann::json& j) { j["operands"]["A"]["gmem"]["layout"] = "Diagonal"; })));
    FAIL();
  } catch (const SpecError& e) {
    EXPECT_EQ(e.path(), "operands.A.gmem.layout");
  }
}

// The SpecError (path, message) building `spec` raises, or two empty strings.
std::pair<std::string, std::string> spec_error(const nlohmann::json& spec) {
  try {
    build_plan(read_json_value(spec));
  } catch (const SpecError& e) {
    return {e.path(), e.what()};
  }
  return {"", ""};
}

TEST(KernelChecks, CollectiveStaticAssertsAreSpecErrors) {
  auto error = [](const std::function<void(nlohmann::json&)>& edit) { return spec_error(tn(edit)); };
  auto [p1, w1] = error([](nlohmann::json& j) { j["cta_tile"] = {128, 128, 48}; });
  EXPECT_EQ(p1, "operands.A.smem.atom");
  EXPECT_NE(w1.find("SmemLayoutAtom must evenly divide tile shape"), std::string::npos) << w1;
  auto [p2, w2] = error([](nlohmann::json& j) { j["stages"] = 1; });
  EXPECT_EQ(p2, "stages");
  EXPECT_NE(w2.find("at least 2 stages"), std::string::npos);
  auto [p3, w3] = error([](nlohmann::json& j) { j["operands"]["A"]["smem"]["atom"] = "(8,32,2):(64,1,32)"; });
  EXPECT_NE(w3.find("SmemLayoutAtom must be rank 2"), std::string::npos) << w3;
  auto [p4, w4] = error([](nlohmann::json& j) { j.erase("cta_tile"); });
  EXPECT_EQ(p4, "stages");
  auto [p5, w5] = error([](nlohmann::json& j) { j["mainloop"] = "MainloopSm70TwoStage"; });
  EXPECT_EQ(p5, "mainloop");
}

TEST(KernelChecks, CtaTileNotAMultipleOfTheTiledMmaIsRefuted) {
  const Report r = verify_plan(build_plan(read_json_value(tn([](nlohmann::json& j) {
    j["cta_tile"] = {96, 128, 32};  // a multiple of the smem atom's 8 and the g2s copy's 32, not of 64
    j["mma"]["permutation"] = "(64,32,16)";
    j["mma"]["atom_layout"] = "(4,1,1)";
  }))));
  const CheckResult& c = check(r, "cta.mma");
  EXPECT_EQ(c.verdict, Verdict::Refuted);
  EXPECT_EQ(c.witnesses.at(0), "M: 96 is not a multiple of 64");
}

TEST(KernelChecks, SmemBudget) {
  const Report r = verify_plan(build_plan(read_json_value(tn([](nlohmann::json& j) { j["stages"] = 11; }))));
  const CheckResult& b = check(r, "smem.budget");
  EXPECT_EQ(b.verdict, Verdict::Refuted);  // 11 x 16 KiB = 176 KiB > 163 KiB
  EXPECT_EQ(b.data["bytes"], 11 * 16384);
  const Report h = verify_plan(build_plan(read_json_value(tn([](nlohmann::json& j) {
    j["stages"] = 11;
    j["arch"] = "sm90";
  }))));
  EXPECT_EQ(check(h, "smem.budget").verdict, Verdict::Proved);
  EXPECT_EQ(smem_limit_bytes("sm86"), 99 * 1024);
  EXPECT_EQ(smem_limit_bytes("xe"), 0);
}

// The SM90 tf32 TN collective (TMA + GMMA), with `edit` applied to its JSON.
nlohmann::json sm90(const std::function<void(nlohmann::json&)>& edit = {}) {
  nlohmann::json j = nlohmann::json::parse(read("cutlass_sm90_tf32_tn_128x128x32.json"));
  if (edit) edit(j);
  return j;
}

TEST(KernelChecks, Sm90CollectiveProves) {
  const Plan p = build_plan(read_json_value(sm90()));
  ASSERT_EQ(p.smem.size(), 2u);
  for (const PlannedSmem& s : p.smem) {
    EXPECT_EQ(s.tma_op, "SM90_TMA_LOAD");
    EXPECT_EQ(s.stages, 5);
    ASSERT_TRUE(s.tma);
    EXPECT_EQ(s.tma->box, (std::vector<int64_t>{32, 128}));  // 128 B of K by the whole 128-row tile
  }
  const Report r = verify_plan(p);
  EXPECT_FALSE(r.failed(true));
  // 5 stages x 2 x 128 x 32 x 4 bytes, and PipelineTmaAsync's 2 x 5 barriers of 8 bytes.
  EXPECT_EQ(check(r, "smem.budget").data["bytes"], 5 * 2 * 16384 + 80);
  EXPECT_EQ(check(r, "tma.A.global_stride").verdict, Verdict::Proved);
}

TEST(KernelChecks, Sm90MulticastNeedsTheMulticastOp) {
  // A on a 1x2x1 cluster: make_tma_copy_A_sm90 halves the box; SM90_TMA_LOAD ignores the mask.
  const Report r = verify_plan(build_plan(read_json_value(sm90([](nlohmann::json& j) {
    j["cluster_shape"] = {1, 2, 1};
  }))));
  const CheckResult& c = check(r, "tma.A.multicast_op");
  EXPECT_EQ(c.verdict, Verdict::Refuted);
  EXPECT_NE(c.witnesses.at(0).find("each CTA receives 8192 of 16384 bytes"), std::string::npos)
      << c.witnesses[0];
  EXPECT_EQ(check(r, "tma.B.multicast_op").verdict, Verdict::Proved);  // B is shared along M: 1 CTA
  const Report m = verify_plan(build_plan(read_json_value(sm90([](nlohmann::json& j) {
    j["cluster_shape"] = {1, 2, 1};
    j["operands"]["A"]["smem"]["g2s"] = "SM90_TMA_LOAD_MULTICAST";
  }))));
  EXPECT_FALSE(m.failed(true));
  EXPECT_EQ(check(m, "tma.A.box").data["box"], (std::vector<int64_t>{32, 64}));
}

TEST(KernelChecks, Sm90TmaStrideRuleOverEveryLeadingDimension) {
  // 2 floats (8 bytes) of alignment: ld = 4099 x 2 is legal for the operand and not a TMA stride.
  const Report r = verify_plan(build_plan(
      read_json_value(sm90([](nlohmann::json& j) { j["operands"]["A"]["gmem"]["alignment"] = 2; }))));
  const CheckResult& c = check(r, "tma.A.global_stride");
  EXPECT_EQ(c.verdict, Verdict::Refuted);
  EXPECT_NE(c.summary.find("ld = 4099 x 2 = 8198 elements"), std::string::npos) << c.summary;
  // The brute-force side: every ld that is a multiple of the alignment, up to 4 KiB, against the 16-byte
  // rule.
  for (int64_t align : {1, 2, 4, 8, 16}) {
    bool all = true;
    for (int64_t ld = align; ld <= 1024; ld += align) all = all && (ld * 4) % 16 == 0;
    const Report a = verify_plan(build_plan(
        read_json_value(sm90([&](nlohmann::json& j) { j["operands"]["B"]["gmem"]["alignment"] = align; }))));
    EXPECT_EQ(check(a, "tma.B.global_stride").verdict == Verdict::Proved, all) << align;
  }
  // With the problem given, the tensor map is the problem's: packed strides of (M,K,L) = (1000,200,3).
  const Plan p = build_plan(read_json_value(sm90([](nlohmann::json& j) {
    j["problem"] = {1000, 500, 200, 3};
  })));
  const TmaFacts& t = *p.smem.at(0).tma;
  EXPECT_EQ(t.global_dim, (std::vector<int64_t>{200, 1000, 3}));
  EXPECT_EQ(t.global_stride_bytes, (std::vector<int64_t>{800, 800000}));
  const Report bad = verify_plan(build_plan(read_json_value(sm90([](nlohmann::json& j) {
    j["problem"] = {1000, 500, 202, 1};
  }))));
  EXPECT_EQ(check(bad, "tma.A.global_stride").verdict, Verdict::Refuted);  // K = 202 floats: 808 bytes
}

TEST(KernelChecks, Sm90CollectiveStaticAsserts) {
  auto error = [](const std::function<void(nlohmann::json&)>& edit) { return spec_error(sm90(edit)); };
  auto [p1, w1] = error(
      [](nlohmann::json& j) { j["operands"]["A"]["smem"]["g2s"] = "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>"; });
  EXPECT_EQ(p1, "operands.A.smem.g2s");
  EXPECT_NE(w1.find("invalid SM90 TMA copy atom"), std::string::npos) << w1;
  auto [p2, w2] = error([](nlohmann::json& j) { j["operands"]["B"]["smem"]["s2r"] = "SM75_U32x4_LDSM_N"; });
  EXPECT_EQ(p2, "operands.B.smem.s2r");
  auto [p3, w3] = error([](nlohmann::json& j) { j["mma"]["atom"] = "SM80_16x8x8_F32TF32TF32F32_TN"; });
  EXPECT_EQ(p3, "mma.atom");
  EXPECT_NE(w3.find("must source both A and B operand from smem_desc"), std::string::npos) << w3;
  auto [p4, w4] = error([](nlohmann::json& j) { j["stages"] = 1; });
  EXPECT_EQ(p4, "stages");
  auto [p5, w5] = error([](nlohmann::json& j) { j["cluster_shape"] = {4, 4, 2}; });
  EXPECT_EQ(p5, "cluster_shape");
  auto [p6, w6] =
      error([](nlohmann::json& j) { j["mainloop"] = "MainloopSm90TmaGmmaWarpSpecializedPingpong"; });
  EXPECT_EQ(p6, "mainloop");  // a kernel schedule, not a dispatch policy
  auto [p7, w7] = error([](nlohmann::json& j) { j["operands"]["A"]["smem"].erase("g2s"); });
  EXPECT_EQ(p7, "operands.A.smem.g2s");
  // "problem" is no error under an SM80 mainloop (it sizes `plan --thread`'s global tensors): what this
  // SM90 spec gets wrong there is the TMA op in the g2s slot.
  EXPECT_EQ(error([](nlohmann::json& j) {
              j["mainloop"] = "MainloopSm80CpAsync";
              j["problem"] = {64, 64, 64};
            }).first,
            "operands.A.smem.g2s");
}

// memory_vector_witness against brute force: random thread/value layouts of a cp.async-like copy over a
// (32,32) half tile, either major, several alignments; the rule holds iff for every legal leading
// dimension ld (a multiple of the alignment, at least the contiguous extent) every lane's atom call sits at
// consecutive element offsets starting on a multiple of the vector.
TEST(KernelChecks, VectorRuleMatchesBruteForce) {
  std::mt19937 rng(21);
  const CopyAtom atom = find_copy_atom("UniversalCopy<uint64_t>");  // 4 halves a call
  const ValueType half = value_type("half_t");
  int refuted = 0, proved = 0;
  for (int trial = 0; trial < 300; ++trial) {
    // Threads (a,b) with a*b = 32 in either order of strides; values (v0,v1) with v0*v1 = 4 or 8.
    const int64_t a = int64_t(1) << (rng() % 6), b = 32 / a;
    const bool col = rng() % 2;
    const Layout thr = col ? make_layout(make_shape(a, b), make_stride(int64_t(1), a))
                           : make_layout(make_shape(a, b), make_stride(b, int64_t(1)));
    const int64_t nv = rng() % 2 ? 4 : 8;                                        // values a thread
    const int64_t v0 = int64_t(1) << (rng() % (nv == 4 ? 3 : 4)), v1 = nv / v0;  // (v0,v1) column-major
    const Layout val = make_layout(make_shape(v0, v1));
    TiledCopy c;
    try {
      c = make_tiled_copy(atom, half, thr, val);
      (void)c.get_layoutS_TV();
    } catch (const std::exception&) {
      continue;
    }
    const IntTuple ts = c.tile_shape();
    const IntTuple tile =
        make_shape(std::max<int64_t>(product(ts[0]), 32), std::max<int64_t>(product(ts[1]), 32));
    const int contiguous = rng() % 2;
    const int64_t alignment = int64_t(1) << (rng() % 5);
    int64_t n = 0;
    std::string why;
    try {
      why = memory_vector_witness(c, true, tile, MemoryMajor{contiguous, alignment}, n);
    } catch (const std::exception&) {
      continue;
    }
    // Brute force over legal leading dimensions, for this tile and the next one along the contiguous mode.
    const int64_t rows = tile[0].ival(), extent = contiguous == 0 ? rows : tile[1].ival();
    bool ok = true;
    for (int64_t ld = (extent + alignment - 1) / alignment * alignment; ld <= extent + 4 * alignment;
         ld += alignment)
      for (const CopyInstruction& s : copy_smem_instructions(c, true, tile, 32))
        for (const auto& run : s.lanes) {
          if (run.size() <= 1) continue;
          for (int64_t next = 0; next < 2; ++next) {
            auto off = [&](int64_t i) {
              const int64_t r = i % rows, col_ = i / rows;
              return (contiguous == 0 ? r + col_ * ld : r * ld + col_) + next * extent;
            };
            const int64_t len = static_cast<int64_t>(run.size());
            if (off(run[0]) % len != 0) ok = false;
            for (int64_t j = 1; j < len; ++j)
              if (off(run[j]) != off(run[0]) + j) ok = false;
          }
        }
    EXPECT_EQ(why.empty(), ok) << "thr " << to_string(thr) << " val " << to_string(val) << " tile "
                               << to_string(tile) << " contiguous " << contiguous << " alignment "
                               << alignment << ": " << why;
    (why.empty() ? proved : refuted)++;
  }
  EXPECT_GT(proved, 20);
  EXPECT_GT(refuted, 20);
}

// gmem.X.g2s's global side, literal: f16 TN 128x128x32, (32,4) threads of 16-byte cp.async along K: 8 rows of
// 64 bytes a warp instruction, 16 instructions a k-tile. Rows 16-byte aligned (AlignmentA 8 halves): 2
// sectors a row when it starts on a sector, 3 when it starts mid-sector.
TEST(KernelChecks, G2sSectorsLiteral) {
  Report r = verify_plan(build_plan(read_json_value(tn())));
  const CheckResult& g = check(r, "gmem.A.g2s");
  EXPECT_EQ(g.verdict, Verdict::Proved);
  EXPECT_EQ(g.summary,
            "8 x half_t (16 bytes) a call, along K of K-major A, within its 8-element alignment; 16 "
            "sectors/request, 100% of each sector used where rows start 32-byte aligned (16..24 where only "
            "16-byte aligned: base pointer, ld)");
  const auto& s = g.data["sectors"];
  EXPECT_EQ(s["op"], "cp.async.ca");
  EXPECT_EQ(s["measured"], true);
  EXPECT_EQ(s["instructions"], 16);
  EXPECT_EQ(s["requests"], 16);
  EXPECT_EQ(s["sectors"], 256);
  EXPECT_EQ(s["sectors_min"], 256);
  EXPECT_EQ(s["sectors_max"], 384);
  EXPECT_EQ(s["exact"], false);
  EXPECT_EQ(s["used_bytes"], 128 * 32 * 2);
  // AlignmentA 16 halves (32 bytes) and a 64-byte k-tile: every row starts on a sector, exact.
  r = verify_plan(build_plan(
      read_json_value(tn([](nlohmann::json& j) { j["operands"]["A"]["gmem"]["alignment"] = 16; }))));
  const CheckResult& e = check(r, "gmem.A.g2s");
  EXPECT_EQ(e.data["sectors"]["exact"], true);
  EXPECT_EQ(e.data["sectors"]["sectors"], 256);
  EXPECT_NE(e.summary.find("; 16 sectors/request, 100% of each sector used"), std::string::npos) << e.summary;
  EXPECT_EQ(e.summary.find("where"), std::string::npos) << e.summary;
  // A UniversalCopy g2s (LDG): the same figure on the op_ld counters (measured too).
  r = verify_plan(build_plan(read_json_value(tn(
      [](nlohmann::json& j) { j["operands"]["A"]["smem"]["g2s"]["atom"] = "UniversalCopy<uint128_t>"; }))));
  const CheckResult& u = check(r, "gmem.A.g2s");
  EXPECT_EQ(u.data["sectors"]["op"], "ld.global");
  EXPECT_EQ(u.data["sectors"]["measured"], true);
  EXPECT_EQ(u.data["sectors"]["sectors"], 256);
  EXPECT_EQ(u.summary.find("not measured"), std::string::npos) << u.summary;
  // CACHEGLOBAL: the same sectors, through the L1 bypass, whose counters were not recorded: said so.
  r = verify_plan(build_plan(read_json_value(tn([](nlohmann::json& j) {
    j["operands"]["A"]["smem"]["g2s"]["atom"] = "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>";
  }))));
  const CheckResult& cg = check(r, "gmem.A.g2s");
  EXPECT_EQ(cg.data["sectors"]["op"], "cp.async.cg");
  EXPECT_EQ(cg.data["sectors"]["measured"], false);
  EXPECT_NE(cg.summary.find("cp.async.cg: the sector rule is not measured for it"), std::string::npos)
      << cg.summary;
}

// Cross-check with an independent path: CuTe's own partition of the problem's global tensor (plan --thread's
// tAgA, PartitionQuery) at a packed leading dimension, each (warp, copy iteration) one instruction of
// absolute byte addresses, counted by count_gmem_sectors: base 0 gives the aligned figure, a base 16 bytes
// into a sector a count inside the bound, for every SM80 default spec and both operands.
TEST(KernelChecks, G2sSectorsEqualCuTesPartitionOfTheProblem) {
  int compared = 0;
  int moved = 0;
  for (const char* f : {"cutlass_sm80_f16_tn_128x128x32.json", "cutlass_sm80_f64_nt_128x64x16.json"}) {
    for (const int64_t k : {4096, 4104}) {
      nlohmann::json j = nlohmann::json::parse(read(f));
      j["problem"] = {4096, 4096, k};
      const Plan plan = build_plan(read_json_value(j));
      for (const char* x : {"A", "B"}) {
        const PlannedCopy* pc = nullptr;
        for (const PlannedCopy& p : plan.copies)
          if (p.name == x) pc = &p;
        ASSERT_TRUE(pc) << f;
        const auto fig = g2s_gmem_sectors(*pc, *plan.mma, plan.kernel);
        ASSERT_TRUE(fig) << f << " " << x;
        const PartitionQuery q(plan, x);
        // (warp, m, k) of k-tile 0 -> lanes' element offsets.
        std::map<std::tuple<int64_t, int64_t, int64_t>, std::vector<std::optional<int64_t>>> insts;
        int64_t bytes = 0;
        for (int64_t t = 0; t < q.threads(); ++t) {
          const ThreadTensor v = q.global_view(t);
          const auto* l = std::get_if<Layout>(&v.layout);
          ASSERT_TRUE(l);
          const IntTuple sh = product_each(l->shape);
          const int64_t n0 = sh[0].ival(), n1 = sh[1].ival(), n2 = sh[2].ival();
          bytes = n0 * v.bits / 8;
          for (int64_t m = 0; m < n1; ++m)
            for (int64_t kk = 0; kk < n2; ++kk) {
              auto& lanes = insts[{t / 32, m, kk}];
              lanes.resize(32);
              // A base 1 MiB in (a multiple of 32): the k-residue shift puts k-tile 0 before A's first
              // element.
              lanes[t % 32] = (int64_t(1) << 20) + v.element(n0 * (m + n1 * kk)) * v.bits / 8;
            }
        }
        int64_t aligned = 0, shifted = 0, requests = 0;
        for (const auto& [key, lanes] : insts) {
          GmemInstruction in;
          in.bytes = static_cast<int>(bytes);
          in.addresses = lanes;
          aligned += count_gmem_sectors(in).sectors;
          for (auto& a : in.addresses)
            if (a) *a += 16;
          shifted += count_gmem_sectors(in).sectors;
          ++requests;
        }
        const GmemSectorFigure& g = fig->figure;
        EXPECT_EQ(requests, g.requests) << f << " " << x;
        // K = 4104 halves (not a multiple of 16): rows at odd multiples of 16 bytes: not all aligned.
        if (k == 4096 || pc->gmem->contiguous == 0) {
          EXPECT_EQ(aligned, g.sectors_aligned) << f << " " << x;
        }
        EXPECT_GE(aligned, g.sectors_min) << f << " " << x;
        EXPECT_LE(aligned, g.sectors_max) << f << " " << x;
        EXPECT_GE(shifted, g.sectors_min) << f << " " << x;
        EXPECT_LE(shifted, g.sectors_max) << f << " " << x;
        moved += shifted != aligned;
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 8);
  EXPECT_GE(moved, 4);  // the base's placement changes the count: the comparison can fail
}

// An auto-vectorizing g2s (the tutorial's gemm_nt with make_tiled_copy(Copy_Atom<AutoVectorizingCopy, float>,
// (32,8), (4,1))): CuTe's copy() reads each thread's 4 consecutive floats as one 128-bit vector, so the
// global side's requests and sectors (gmem.A.g2s) are unknown, as vector/banks are; with one value a thread
// per tile row ((1,1): m = t + 32 i, never adjacent) one float an access is CuTe's access, and all three are
// counted.
TEST(KernelChecks, AutoVectorizingG2sCountedOnlyWhereOneElementIsCuTesAccess) {
  nlohmann::json j = nlohmann::json::parse(read("cute_tutorial_sgemm_sm80_nt.json"));
  for (const char* x : {"A", "B"})
    j["operands"][x]["smem"]["g2s"] = {
        {"atom", "AutoVectorizingCopy"}, {"thr_layout", "(32,8)"}, {"val_layout", "(4,1)"}};
  Report r = verify_plan(build_plan(read_json_value(j)));
  for (const char* c : {"gmem.A.g2s", "vector.A.g2s", "banks.A.g2s", "gmem.B.g2s"}) {
    EXPECT_EQ(check(r, c).verdict, Verdict::Unknown) << c;
    EXPECT_NE(check(r, c).summary.find("thread 0 holds (0,0) and (1,0) at adjacent element offsets 0 and 1"),
              std::string::npos)
        << check(r, c).summary;
  }
  EXPECT_EQ(check(r, "smem.A.g2s").verdict, Verdict::Proved);
  for (const char* x : {"A", "B"}) j["operands"][x]["smem"]["g2s"]["val_layout"] = "(1,1)";
  r = verify_plan(build_plan(read_json_value(j)));
  for (const char* c : {"gmem.A.g2s", "vector.A.g2s", "banks.A.g2s"})
    EXPECT_EQ(check(r, c).verdict, Verdict::Proved) << c << ": " << check(r, c).summary;
  EXPECT_EQ(check(r, "gmem.A.g2s").data["vector_bytes"], 4);
}

}  // namespace
}  // namespace tvlab
