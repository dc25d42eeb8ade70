// The k residue of CUTLASS's SM80 collectives (sm80_mma_multistage.hpp, CUTLASS 4.2.0): the shifted global
// views and their predicates as CuTe prints them (literal), against an independent formula of the problem's
// addresses and bounds over every generated configuration, thread and residue (postcondition), and verify's
// residue.X / gmem.X.problem checks: proved for CUTLASS's own configurations, refuted with a witness for the
// unpredicated mainloop over a residue and for a vector that straddles it.
#include "tvlab/verify/checks/residue.hpp"

#include <gtest/gtest.h>

#include "../verify_test_support.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/report/partition_format.hpp"

namespace tvlab {
namespace {

using test::named;

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

Plan tn(const std::string& problem, bool unpredicated = false) {
  std::string text = test::read_data("cpp/cutlass_sm80_f16_tn.hpp");
  if (unpredicated) text = replaced(text, "MainloopSm80CpAsync<", "MainloopSm80CpAsyncUnpredicated<");
  return load_plan(text, "", "cutlass_sm80_f16_tn.hpp", parse_bindings({"problem=" + problem}));
}

// CuTe (tests/cute_oracle, CUTLASS 4.2.0) prints for thread 5 of cutlass_sm80_f16_tn.hpp over the problem
// (1088, 104, 720, 2): part.5.A.tAgA = ((_8,_1),_4,_1,23):((_1,_0),23040,_0,_32), offset 712 (728 - 16: the
// k residue 720 - 32 * 23 = -16), masked = 0..31 (k-tile 0: the thread's k = 8 < 16).
TEST(Residue, Sm80F16TnThread5AsCuTePrintsIt) {
  const ThreadPartitions p = thread_partitions(tn("make_shape(1088, 104, 720, 2)"), "A", 5);
  const ThreadTensor& a = named(p, "tAgA");
  EXPECT_EQ(to_string(a.layout), "((8,1),4,1,23):((1,0),23040,0,32)");
  EXPECT_EQ(to_string(a.offset), "712");
  ASSERT_EQ(a.masked.size(), 4u * 8 * 23);
  for (std::size_t i = 0; i < a.masked.size(); ++i) EXPECT_EQ(a.masked[i], i < 32) << i;
  EXPECT_NE(a.predicate.find("k_residue = K - BLK_K * ceil(K/BLK_K) = 720 - 32 * 23 = -16"),
            std::string::npos)
      << a.predicate;
  // The JSON and the table carry the mask.
  const auto j = partitions_to_json(p);
  EXPECT_EQ(j["tensors"][0]["values"][0]["masked"], true);
  EXPECT_EQ(j["tensors"][0]["values"][32]["masked"], false);
  EXPECT_NE(partitions_to_text(p).find("masked"), std::string::npos);
  // Without a residue nothing is masked and nothing moves (K = 704 = 22 * 32).
  const ThreadPartitions pb = thread_partitions(tn("make_shape(1088, 832, 704, 2)"), "A", 5);
  const ThreadTensor& b = named(pb, "tAgA");
  EXPECT_EQ(to_string(b.offset), "712");
  for (bool m : b.masked) EXPECT_FALSE(m);
}

// The unpredicated mainloop neither shifts nor predicates (`(void) residue_mnk;`): verify refutes a residue.
TEST(Residue, UnpredicatedMainloopIsRefutedOverAResidue) {
  const Plan plan = tn("make_shape(1088, 104, 720, 2)", true);
  const ThreadPartitions p = thread_partitions(plan, "A", 5);
  const ThreadTensor& a = named(p, "tAgA");
  EXPECT_EQ(to_string(a.offset), "728");
  EXPECT_TRUE(a.masked.empty());
  const Report rep = verify_plan(plan);
  const CheckResult& c = test::check(rep, "residue.A");
  EXPECT_EQ(c.verdict, Verdict::Refuted);
  EXPECT_EQ(c.severity, Severity::Error);
  ASSERT_FALSE(c.witnesses.empty());
  EXPECT_NE(c.witnesses[0].find("K = 720 is not a multiple of BLK_K = 32"), std::string::npos)
      << c.witnesses[0];
  // B: N = 104 < BLK_N = 128 as well.
  EXPECT_EQ(test::check(rep, "residue.B").witnesses.size(), 2u);
  // Whole tiles: proved, and the unshifted vectors aligned.
  const Report ok = verify_plan(tn("make_shape(1024, 1024, 704, 1)", true));
  EXPECT_EQ(test::check(ok, "residue.A").verdict, Verdict::Proved);
  EXPECT_EQ(test::check(ok, "residue.B").verdict, Verdict::Proved);
  EXPECT_EQ(test::check(ok, "gmem.A.problem").verdict, Verdict::Proved);
  // The unpredicated mainloop's vectors are checked at the problem's addresses too: rows of 1004 halves.
  const Report mis = verify_plan(tn("make_shape(1024, 1024, 1004, 1)", true));
  EXPECT_EQ(test::check(mis, "gmem.A.problem").verdict, Verdict::Refuted);
}

// K = 716: the residue (-20) cuts thread 2's 8-value vector k = 16..23 of k-tile 0; the collective decides by
// its first value (16 < 20: masked), so A's k = 0..3 are never loaded; and rows of 716 halves misalign the
// 16-byte cp.async of row 1.
TEST(Residue, StraddlingVectorAndMisalignedRowsAreRefuted) {
  const Report rep = verify_plan(tn("make_shape(1088, 104, 716, 1)"));
  const CheckResult& c = test::check(rep, "residue.A");
  EXPECT_EQ(c.verdict, Verdict::Refuted);
  ASSERT_FALSE(c.witnesses.empty());
  EXPECT_NE(c.witnesses[0].find("never loaded"), std::string::npos) << c.witnesses[0];
  const CheckResult& g = test::check(rep, "gmem.A.problem");
  EXPECT_EQ(g.verdict, Verdict::Refuted);
  ASSERT_FALSE(g.witnesses.empty());
  EXPECT_NE(g.witnesses[0].find("not a multiple of its 8-value vector"), std::string::npos) << g.witnesses[0];
  // K = 720: both proved.
  const Report ok = verify_plan(tn("make_shape(1088, 104, 720, 2)"));
  for (const char* code : {"residue.A", "residue.B", "gmem.A.problem", "gmem.B.problem"})
    EXPECT_EQ(test::check(ok, code).verdict, Verdict::Proved)
        << code << ": " << test::check(ok, code).summary;
}

// Every generated configuration, thread and value over problems with and without residues: the view's element
// offset is the problem's address of its coordinate (m * stride_MN + (k_tile * BLK_K + k + k_residue) *
// stride_K, from the formula, not the layout), and a value is masked exactly when the collective's rule says:
// its row's first value is at m >= M, or k-tile 0's iteration starts below -k_residue.
TEST(Residue, GeneratedConfigurationsShiftAndMaskAsTheCollective) {
  const std::string text = test::read_data("cpp/generated_sm80.hpp");
  for (const char* problem : {"make_shape(1088, 104, 720, 2)", "make_shape(40, 1024, 1008, 1)"}) {
    const auto plans =
        load_plans(text, "", "generated_sm80.hpp", parse_bindings({std::string("problem=") + problem}));
    ASSERT_GE(plans.size(), 12u);
    for (const NamedPlan& np : plans) {
      SCOPED_TRACE(np.config + " " + problem);
      for (const PlannedCopy& pc : np.plan.copies) {
        const auto r = operand_residue(np.plan, pc);
        ASSERT_TRUE(r.has_value());
        ASSERT_TRUE(r->predicated);
        const PartitionQuery q(np.plan, pc.name);
        for (int64_t t = 0; t < q.threads(); t += 3) {
          const ThreadTensor g = q.global_view(t);
          if (t == 0) {  // the same view as the thread's partitions hold
            const ThreadPartitions p = q.at(t);
            const ThreadTensor& full = named(p, g.name);
            EXPECT_EQ(full.to_string(), g.to_string());
            EXPECT_EQ(full.masked, g.masked);
          }
          const IntTuple s = product_each(std::get<Layout>(g.layout).shape);
          const int64_t vals = s[0].ival(), per_tile = vals * s[1].ival() * s[2].ival();
          for (int64_t i = 0; i < g.size(); ++i) {
            const auto& c = g.coordinates[size_t(i)];
            const int64_t gk = c[2] * r->blk_k + c[1] + r->k_residue;
            ASSERT_EQ(g.element(i), c[0] * r->stride_mn + gk * r->stride_k)
                << "thread " << t << " value " << i;
            // The iteration's first value decides: value (0, m, 0, 0) for the row, (0, 0, k, 0) for k.
            const int64_t mi = (i / vals) % s[1].ival(), ki = (i / (vals * s[1].ival())) % s[2].ival();
            const auto& row0 = g.coordinates[size_t(vals * mi)];
            const auto& k0 = g.coordinates[size_t(vals * s[1].ival() * ki)];
            const bool want = row0[0] >= r->rows || (i < per_tile && k0[1] < -r->k_residue);
            ASSERT_EQ(g.masked[size_t(i)], want) << "thread " << t << " value " << i;
          }
        }
      }
      // CUTLASS's generated configurations handle both residues exactly.
      Report rep;
      add_residue_checks(rep, np.plan);
      for (const char* code : {"residue.A", "residue.B"})
        EXPECT_EQ(test::check(rep, code).verdict, Verdict::Proved)
            << code << ": " << test::check(rep, code).summary;
    }
  }
}

}  // namespace
}  // namespace tvlab
