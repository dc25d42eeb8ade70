#include "tvlab/verify/checks/collective_checks.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <set>

#include "../verify_test_support.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/partition.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/report/plan_format.hpp"

namespace tvlab {
namespace {

using test::check;

// The CUTLASS SM80 f16 TN default (128x128x32, 128 threads, 3 stages), with `edit` applied to its JSON.
nlohmann::json tn(const std::function<void(nlohmann::json&)>& edit = {}) {
  nlohmann::json j = nlohmann::json::parse(test::read_data("specs/cutlass_sm80_f16_tn_128x128x32.json"));
  if (edit) edit(j);
  return j;
}

Report verify_json(const nlohmann::json& j) {
  return verify_plan(build_plan(read_json_value(j)));
}

TEST(CollectiveChecks, CutlassDefaultProves) {
  const Report r = verify_json(tn());
  for (const char* code : {"threads.A", "threads.B", "partition.A", "partition.B"}) {
    EXPECT_EQ(check(r, code).verdict, Verdict::Proved) << code << ": " << check(r, code).summary;
    EXPECT_EQ(check(r, code).severity, Severity::Error);
  }
  EXPECT_EQ(check(r, "threads.A").summary, "2 copies of 128 threads");
  // No declared type other than the operand's: no type check.
  for (const CheckResult& c : r.checks) EXPECT_FALSE(c.code.starts_with("type.")) << c.code;
  EXPECT_EQ(check(r, "smem.A.g2s").summary, "g2s writes all 4096 elements once; s2r reads 4096 of them");
}

// A g2s copy of 256 threads under a 128-thread TiledMMA: threads 128..255 never run. The witness is the
// first element only they copy: thr (64,4):(4,1) x val (1,8) makes a (64,32) tile; rows 32..63 belong to
// T128.. (brute force below).
TEST(CollectiveChecks, MoreCopyThreadsThanTheKernelRefutes) {
  const Report r = verify_json(
      tn([](nlohmann::json& j) { j["operands"]["A"]["smem"]["g2s"]["thr_layout"] = "(64,4):(4,1)"; }));
  const CheckResult& t = check(r, "threads.A");
  EXPECT_EQ(t.verdict, Verdict::Refuted);
  EXPECT_EQ(t.severity, Severity::Error);
  ASSERT_EQ(t.witnesses.size(), 1u);
  EXPECT_NE(t.witnesses[0].find("T128..T255 of the copy never run"), std::string::npos) << t.witnesses[0];
  EXPECT_NE(t.witnesses[0].find("element (32,0) of the copy's (64,32) tile"), std::string::npos)
      << t.witnesses[0];
  EXPECT_EQ(check(r, "threads.B").verdict, Verdict::Proved);
  // The stage is not written whole by the threads that run.
  const CheckResult& w = check(r, "smem.A.g2s");
  EXPECT_EQ(w.verdict, Verdict::Refuted);
  EXPECT_EQ(w.witnesses.at(0),
            "element (32,0) is never written by the kernel's 128 threads but s2r reads it");
  EXPECT_TRUE(r.failed(false));
}

// A 64-thread g2s copy: threads 64..127 slice the copy past its last thread. CuTe (4.2.0, compiled on the
// host: get_slice(t).partition_D(sB) of this configuration, &v(i,r,0,0) - sB over t = 64..127 and stage 0's
// repeats) puts the farthest value at element 4607, T124's, past stage 0's 4096 elements; its swizzle-free
// offset is 4583 (Sw<2,3,3>(4583) = 4607).
TEST(CollectiveChecks, FewerCopyThreadsThanTheKernelRefutes) {
  const Report r = verify_json(
      tn([](nlohmann::json& j) { j["operands"]["B"]["smem"]["g2s"]["thr_layout"] = "(16,4):(4,1)"; }));
  const CheckResult& t = check(r, "threads.B");
  EXPECT_EQ(t.verdict, Verdict::Refuted);
  ASSERT_EQ(t.witnesses.size(), 1u);
  EXPECT_NE(t.witnesses[0].find("T64..T127 slice the copy past its last thread: T124's value 7 of repeat 7 "
                                "goes to element offset 4607 (4583 before the swizzle) of sB, past stage 0 "
                                "(its cosize is 4096 elements)"),
            std::string::npos)
      << t.witnesses[0];
}

// The unpredicated mainloop static_asserts the thread counts (sm80_mma_multistage.hpp).
TEST(CollectiveChecks, UnpredicatedMainloopNamesItsStaticAssert) {
  const Report r = verify_json(tn([](nlohmann::json& j) {
    j["mainloop"] = "MainloopSm80CpAsyncUnpredicated";
    j["operands"]["A"]["smem"]["g2s"]["thr_layout"] = "(16,4):(4,1)";
  }));
  EXPECT_NE(
      check(r, "threads.A").witnesses.at(0).find("static_asserts size(gmem_tiled_copy_A) == size(tiled_mma)"),
      std::string::npos);
}

// Postcondition over generated thread layouts: threads.X is proved exactly when the copy's threads are the
// TiledMMA's, and a refutation's witness names the right range of threads.
TEST(CollectiveChecks, ThreadCountsOverGeneratedLayouts) {
  std::mt19937 rng(33);
  const int64_t shapes[][2] = {{8, 4}, {16, 4}, {32, 4}, {64, 4}, {16, 8}, {32, 8}, {8, 8}, {128, 4}};
  for (int trial = 0; trial < 12; ++trial) {
    const auto& s = shapes[rng() % std::size(shapes)];
    const std::string thr =
        "(" + std::to_string(s[0]) + "," + std::to_string(s[1]) + "):(" + std::to_string(s[1]) + ",1)";
    const std::string val = s[1] == 8 ? "(1,4)" : "(1,8)";
    Report r;
    try {
      r = verify_json(tn([&](nlohmann::json& j) {
        j["operands"]["A"]["smem"]["g2s"]["thr_layout"] = thr;
        j["operands"]["A"]["smem"]["g2s"]["val_layout"] = val;
      }));
    } catch (const SpecError&) {
      continue;  // a copy tile that does not divide (128,32): refused when the plan is built
    }
    const int64_t threads = s[0] * s[1];
    const CheckResult& c = check(r, "threads.A");
    EXPECT_EQ(c.verdict == Verdict::Proved, threads == 128) << thr << ": " << c.summary;
    if (threads > 128) {
      EXPECT_NE(c.witnesses.at(0).find("T128..T" + std::to_string(threads - 1) + " of the copy never run"),
                std::string::npos)
          << c.witnesses.at(0);
    } else if (threads < 128) {
      EXPECT_NE(c.witnesses.at(0).find("T" + std::to_string(threads) + "..T127 slice the copy"),
                std::string::npos)
          << c.witnesses.at(0);
    }
  }
}

// A declared value type: the copy's Copy_Atom says float over half data: refuted, naming both; one of the
// same width (uint16_t) moves the same bits: proved.
TEST(CollectiveChecks, DeclaredValueTypes) {
  const Report bad = verify_json(tn([](nlohmann::json& j) {
    j["operands"]["A"]["smem"]["s2r"] = {
        {"atom", "SM75_U32x4_LDSM_N"}, {"from_mma", true}, {"value_type", "float"}};
    j["operands"]["B"]["smem"]["g2s"]["value_type"] = "float";
  }));
  const CheckResult& s = check(bad, "type.A.s2r");
  EXPECT_EQ(s.verdict, Verdict::Refuted);
  EXPECT_EQ(s.severity, Severity::Error);
  EXPECT_NE(s.witnesses.at(0).find("Copy_Atom<SM75_U32x4_LDSM_N, float> over A's half_t (32 != 16 bits)"),
            std::string::npos)
      << s.witnesses.at(0);
  const CheckResult& g = check(bad, "type.B.g2s");
  EXPECT_EQ(g.verdict, Verdict::Refuted);
  EXPECT_NE(g.witnesses.at(0).find("4 x float"), std::string::npos) << g.witnesses.at(0);
  // The plan says what the file declares.
  EXPECT_NE(plan_to_text(build_plan(read_json_value(tn([](nlohmann::json& j) {
              j["operands"]["B"]["smem"]["g2s"]["value_type"] = "float";
            }))))
                .find("Operand B's g2s declares Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, float>, over "
                      "B's half_t"),
            std::string::npos);
  const Report same = verify_json(tn([](nlohmann::json& j) {
    j["operands"]["A"]["smem"]["s2r"] = {
        {"atom", "SM75_U32x4_LDSM_N"}, {"from_mma", true}, {"value_type", "uint16_t"}};
  }));
  EXPECT_EQ(check(same, "type.A.s2r").verdict, Verdict::Proved);
}

// The C++ reader keeps a Copy_Atom's declared type (it used to stop with exit 2, or, with --bind, replace
// it).
TEST(CollectiveChecks, CppReaderKeepsTheDeclaredType) {
  std::string text = test::read_data("cpp/cutlass_sm80_f16_tn.hpp");
  const std::string from = "Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>";
  text.replace(text.find(from), from.size(), "Copy_Atom<SM75_U32x4_LDSM_N, float>");
  const std::vector<CppConfig> cfgs = read_cpp_configs(text);
  ASSERT_EQ(cfgs.size(), 1u);
  const Report r = verify_plan(build_plan_from_cpp(cfgs[0]));
  EXPECT_EQ(check(r, "type.A.s2r").verdict, Verdict::Refuted);
  EXPECT_EQ(check(r, "type.B.s2r").verdict, Verdict::Refuted);
}

// The collective's CUTE_STATIC_ASSERT_V(size<1>(tCsA) == size<1>(tCrA_copy_view)) (CPY_M): with the
// TiledMMA's M tile 16 under 2 warps along M, ldmatrix.x4's s2r copy covers 16 rows a repeat and the MMA
// fragment 32. CuTe 4.2.0 compiled on the host (make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, mma),
// thread 0): tCsA ((_8,_1),_8,_2,(_1,_3)), tCrA_copy_view ((_8,_1),_4,_2): 8 != 4, so the collective does not
// compile. Every other check passes: before partition.X, tvlab said "passed".
TEST(CollectiveChecks, CopyViewModesDisagreeAsCuteAsserts) {
  const Report r = verify_json(tn([](nlohmann::json& j) { j["mma"]["permutation"] = "(16,32,16)"; }));
  const CheckResult& c = check(r, "partition.A");
  EXPECT_EQ(c.verdict, Verdict::Refuted);
  EXPECT_EQ(c.severity, Severity::Error);
  ASSERT_EQ(c.witnesses.size(), 1u);
  EXPECT_EQ(c.witnesses[0],
            "CPY_M: size<1>(tCsA) is 8, size<1>(tCrA_copy_view) 4 (the collective's CUTE_STATIC_ASSERT_V)");
  int errors = 0;
  for (const CheckResult& x : r.checks) errors += x.failed(false);
  EXPECT_EQ(errors, 1);  // partition.A alone
}

// A TiledMMA whose 4 warps along M overlap its 32-row tile: the views fail tvlab's own cross-check, so
// partition.A decides nothing (unknown, never an internal error); the overlap itself is coverage.mma.A's.
TEST(CollectiveChecks, ViewsFailingTheirCrossCheckAreUnknown) {
  nlohmann::json j = nlohmann::json::parse(test::read_data("specs/cutlass_sm80_f16_nt_128x128x32.json"));
  j["mma"]["atom_layout"] = "(4,1,1)";
  j["mma"]["permutation"] = "((8,4):(4,1),32,16)";
  j["operands"]["A"]["smem"]["s2r"] = "SM75_U32x2_LDSM_N";
  const Report r = verify_json(j);
  const CheckResult& c = check(r, "partition.A");
  EXPECT_EQ(c.verdict, Verdict::Unknown);
  EXPECT_NE(c.summary.find("fail tvlab's own cross-check"), std::string::npos) << c.summary;
  EXPECT_EQ(check(r, "coverage.mma.A").verdict, Verdict::Refuted);
}

// partition.X computes the views `plan --thread 0` shows (the same PartitionQuery).
TEST(CollectiveChecks, PartitionCheckMatchesThreadViews) {
  const Plan plan = build_plan(read_json_value(tn()));
  const Report r = verify_plan(plan);
  const CheckResult& c = check(r, "partition.A");
  ASSERT_EQ(c.verdict, Verdict::Proved);
  const ThreadPartitions t0 = thread_partitions(plan, "A", 0);
  std::string names;
  for (const ThreadTensor& t : t0.tensors) names += (names.empty() ? "" : ", ") + t.name;
  EXPECT_EQ(c.steps.at(0).result, names);
  EXPECT_EQ(c.steps.at(0).text, "thread 0's views");
  EXPECT_EQ(c.summary, "4 views of thread 0, as CuTe computes them");
}

}  // namespace
}  // namespace tvlab
