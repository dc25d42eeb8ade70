#include "tvlab/verify/report/bank_views.hpp"

#include <gtest/gtest.h>

#include <string>

#include "../verify_test_support.hpp"
#include "tvlab/verify/checks/ownership.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/readers/load.hpp"

namespace tvlab {
namespace {

using test::check;

Plan plan_of(const std::string& spec) {
  return build_plan_from_text(test::read_data("specs/" + spec));
}

// operand_banks over the operand's tile as the explore page takes it (operand_map's rows x cols).
OperandBanks views(const Plan& plan, const std::string& x) {
  const OperandMap m = operand_map(plan, x);
  return operand_banks(plan, x, m.rows, m.cols);
}

// The view of copy `name` (a failure when there is none).
const BankCopyView& copy(const OperandBanks& b, const std::string& name) {
  for (const BankCopyView& c : b.copies)
    if (c.name == name) return c;
  ADD_FAILURE() << "no copy " << name;
  static const BankCopyView none;
  return none;
}

// "warp W, instruction K:": how verify's witnesses name an instruction.
std::string where(const BankInstructionView& in) {
  return "warp " + std::to_string(in.warp) + ", instruction " + std::to_string(in.block) + ":";
}

// Each copy's views agree with verify's banks.X.<copy>: instruction count and wavefront totals (the
// instructions' sum), the first of the worst-first order is verify's witness, the suggestion is verify's.
TEST(BankViews, CopyTotalsAreVerifysBanksChecks) {
  const struct {
    const char* spec;
    const char* x;
    std::size_t copies;
  } cases[] = {{"sm80_ldsm_x4_rm64.json", "A", 2},
               {"sm80_ldsm_x4_pad72_sw333.json", "A", 2},
               {"sm90_d_stsm_rm64_sw333.json", "D", 1},
               {"xe_bf16_a_slm_colmajor_sw417.json", "A", 2}};
  for (const auto& k : cases) {
    SCOPED_TRACE(k.spec);
    const Plan plan = plan_of(k.spec);
    const Report r = verify_plan(plan);
    const OperandBanks b = views(plan, k.x);
    ASSERT_TRUE(b.staged) << b.why;
    ASSERT_EQ(b.copies.size(), k.copies);
    for (const BankCopyView& c : b.copies) {
      SCOPED_TRACE(c.name);
      const CheckResult& v = check(r, "banks." + std::string(k.x) + "." + c.name);
      EXPECT_TRUE(c.error.empty()) << c.error;
      EXPECT_TRUE(c.not_modeled.empty()) << c.not_modeled;
      EXPECT_EQ(static_cast<int64_t>(c.insts.size()), v.data["instructions"].get<int64_t>());
      EXPECT_EQ(c.wavefronts, v.data["wavefronts"].get<int>());
      EXPECT_EQ(c.ideal_wavefronts, v.data["ideal_wavefronts"].get<int>());
      int sum = 0, ideal = 0;
      for (const BankInstructionView& in : c.insts)
        sum += in.analysis.wavefronts, ideal += in.analysis.ideal_wavefronts;
      EXPECT_EQ(sum, c.wavefronts);
      EXPECT_EQ(ideal, c.ideal_wavefronts);
      ASSERT_EQ(c.order.size(), c.insts.size());
      if (v.verdict == Verdict::Refuted) {
        ASSERT_FALSE(v.witnesses.empty());
        const BankInstructionView& worst = c.insts[static_cast<std::size_t>(c.order[0])];
        EXPECT_EQ(v.witnesses[0].rfind(where(worst), 0), 0u) << v.witnesses[0] << " vs " << where(worst);
      } else {
        EXPECT_EQ(v.verdict, Verdict::Proved);
      }
      // The suggestion is verify's (none for cp.async, whose layouts are not searched).
      EXPECT_EQ(c.suggest.has_value(), v.summary.find("; suggest ") != std::string::npos) << v.summary;
      if (c.suggest) {
        EXPECT_NE(v.summary.find("suggest " + c.suggest->text()), std::string::npos) << v.summary;
      }
    }
  }
}

// The cells: (32,64):(64,1) of half_t puts cell r + 32 c at byte 2 (64 r + c), in bank (byte / 4) mod 32;
// ldmatrix.x4 lane 1 of the first instruction reads row 1 from byte 128, bank 0, where lanes 0-7 meet.
TEST(BankViews, CellsAndLanes) {
  const OperandBanks b = views(plan_of("sm80_ldsm_x4_rm64.json"), "A");
  ASSERT_TRUE(b.staged) << b.why;
  EXPECT_EQ(b.layout, "(32,64):(64,1)");
  EXPECT_EQ(b.type, "half_t");
  ASSERT_EQ(b.address.size(), 32u * 64u);
  for (int64_t r : {0, 1, 7, 31})
    for (int64_t c : {0, 1, 9, 63}) {
      const auto i = static_cast<std::size_t>(r + 32 * c);
      EXPECT_EQ(b.address[i], 2 * (64 * r + c));
      EXPECT_EQ(b.bank[i], static_cast<int>((2 * (64 * r + c) / 4) % 32));
    }
  const BankCopyView& s2r = copy(b, "s2r");
  EXPECT_EQ(s2r.atom, "SM75_U32x4_LDSM_N");
  EXPECT_EQ(s2r.bytes, 16);
  EXPECT_EQ(s2r.wavefronts, 512);
  EXPECT_EQ(s2r.ideal_wavefronts, 64);
  const BankInstructionView& first = s2r.insts.at(0);
  EXPECT_EQ(first.analysis.wavefronts, 32);
  const BankLaneView& lane1 = first.lanes.at(1);
  EXPECT_EQ(lane1.lane, 1);
  EXPECT_EQ(lane1.address, 128);
  EXPECT_EQ(lane1.bank, 0);
  EXPECT_EQ(lane1.phase, 0);
  EXPECT_FALSE(lane1.clash.empty());
  ASSERT_TRUE(s2r.suggest.has_value());
  EXPECT_EQ(s2r.suggest->wavefronts, 64);
}

// A kernel model ("cta_tile"): the smem stage holds the CTA tile of one stage, (BLK_M,BLK_K) = 128x32 or
// 128x64, not the MMA's 32x16 operand tile the caller passes; the views cover the stage, as verify's
// banks.X checks do, and their totals are verify's (banks.A.s2r: 128 wavefronts for the 128x128x32 one).
TEST(BankViews, KernelModelCoversTheStage) {
  const struct {
    const char* spec;
    int64_t rows, cols;
  } cases[] = {{"cutlass_sm80_f16_tn_128x128x32.json", 128, 32},
               {"cutlass_sm80_f16_tn_128x128x64.json", 128, 64}};
  for (const auto& k : cases) {
    SCOPED_TRACE(k.spec);
    const Plan plan = plan_of(k.spec);
    const Report r = verify_plan(plan);
    for (const char* x : {"A", "B"}) {
      SCOPED_TRACE(x);
      const OperandMap m = operand_map(plan, x);
      const OperandBanks b = operand_banks(plan, x, m.rows, m.cols);
      ASSERT_TRUE(b.staged) << b.why;
      EXPECT_NE(m.rows * m.cols, k.rows * k.cols);  // the operand map's tile is the MMA's
      EXPECT_EQ(b.rows, k.rows);
      EXPECT_EQ(b.cols, k.cols);
      ASSERT_EQ(b.address.size(), static_cast<std::size_t>(k.rows * k.cols));
      ASSERT_EQ(b.bank.size(), b.address.size());
      const BankCopyView& s2r = copy(b, "s2r");
      EXPECT_TRUE(s2r.error.empty()) << s2r.error;
      const CheckResult& v = check(r, "banks." + std::string(x) + ".s2r");
      EXPECT_EQ(v.verdict, Verdict::Proved);
      EXPECT_EQ(static_cast<int64_t>(s2r.insts.size()), v.data["instructions"].get<int64_t>());
      EXPECT_EQ(s2r.wavefronts, v.data["wavefronts"].get<int>());
      EXPECT_EQ(s2r.ideal_wavefronts, v.data["ideal_wavefronts"].get<int>());
      int sum = 0;
      for (const BankInstructionView& in : s2r.insts) {
        sum += in.analysis.wavefronts;
        for (const BankLaneView& l : in.lanes)
          for (int64_t c : l.cells) {
            EXPECT_GE(c, 0);
            EXPECT_LT(c, k.rows * k.cols);
          }
      }
      EXPECT_EQ(sum, s2r.wavefronts);
      const BankCopyView& g2s = copy(b, "g2s");
      const CheckResult& vg = check(r, "banks." + std::string(x) + ".g2s");
      EXPECT_EQ(g2s.wavefronts, vg.data["wavefronts"].get<int>());
    }
    if (std::string(k.spec) == "cutlass_sm80_f16_tn_128x128x32.json") {
      const OperandMap m = operand_map(plan, "A");
      EXPECT_EQ(copy(operand_banks(plan, "A", m.rows, m.cols), "s2r").wavefronts, 128);
    }
  }
}

// cp.async whose sources the bank model does not cover: the view is marked (not_modeled, verify's reason)
// and its wavefronts are verify's lower bound, some instruction inexact.
TEST(BankViews, NotModeledCpAsyncIsABound) {
  for (const auto& [spec, x] :
       {std::pair{"sm80_f16_a_colmajor_cp_async_k.json", "A"}, {"sm80_c_float_padded.json", "C"}}) {
    SCOPED_TRACE(spec);
    const Plan plan = plan_of(spec);
    const Report r = verify_plan(plan);
    const OperandBanks b = views(plan, x);
    ASSERT_TRUE(b.staged) << b.why;
    const BankCopyView& g2s = copy(b, "g2s");
    const CheckResult& v = check(r, "banks." + std::string(x) + ".g2s");
    EXPECT_EQ(v.verdict, Verdict::Unknown);
    EXPECT_FALSE(g2s.not_modeled.empty());
    EXPECT_EQ(g2s.not_modeled, v.data["not_modeled"].get<std::string>());
    EXPECT_EQ(g2s.wavefronts, v.data["wavefronts"].get<int>());
    bool inexact = false;
    for (const BankInstructionView& in : g2s.insts) inexact = inexact || !in.analysis.exact;
    EXPECT_TRUE(inexact);
    EXPECT_FALSE(g2s.suggest.has_value());  // a bound is no conflict to fix
  }
}

// A copy that cannot be analysed (a lane's values are not contiguous in shared memory): the view carries
// verify's witness as its error and no instructions; the operand is still staged.
TEST(BankViews, CopyThatCannotBeAnalysed) {
  std::string text = test::read_data("specs/sm80_ldsm_x4_rm64.json");
  const std::string row_major = "\"(32,64):(64,1)\"";
  text.replace(text.find(row_major), row_major.size(), "\"(32,64):(1,32)\"");
  const Plan plan = build_plan_from_text(text);
  const Report r = verify_plan(plan);
  const OperandBanks b = views(plan, "A");
  ASSERT_TRUE(b.staged) << b.why;
  ASSERT_EQ(b.copies.size(), 2u);
  for (const BankCopyView& c : b.copies) {
    SCOPED_TRACE(c.name);
    EXPECT_TRUE(c.insts.empty());
    EXPECT_EQ(c.wavefronts, 0);
    EXPECT_NE(c.error.find("a lane's values must be contiguous in shared memory"), std::string::npos)
        << c.error;
    const CheckResult& v = check(r, "vector.A." + c.name);
    EXPECT_EQ(v.verdict, Verdict::Refuted);
    ASSERT_FALSE(v.witnesses.empty());
    EXPECT_EQ(c.error, v.witnesses[0]);
  }
}

// Operands the views cannot draw say why, in one sentence.
TEST(BankViews, NotStagedSaysWhy) {
  const Plan xe = plan_of("xe_f16_a_col_major.json");
  const OperandBanks a = views(xe, "A");
  EXPECT_FALSE(a.staged);
  EXPECT_TRUE(a.copies.empty());
  EXPECT_NE(a.why.find("operand A"), std::string::npos) << a.why;

  const Plan ldsm = plan_of("sm80_ldsm_x4_rm64.json");
  // A layout over fewer coordinates than the stage's 32x64 tile: verify's smem.A.layout refutes it.
  std::string text = test::read_data("specs/sm80_ldsm_x4_rm64.json");
  const std::string row_major = "\"(32,64):(64,1)\"";
  text.replace(text.find(row_major), row_major.size(), "\"(32,32):(64,1)\"");
  const OperandBanks wrong = views(build_plan_from_text(text), "A");
  EXPECT_FALSE(wrong.staged);
  EXPECT_EQ(
      wrong.why,
      "the smem layout (32,32):(64,1) has 1024 coordinates, the 32x64 tile 2048 (verify's smem.A.layout)");
  EXPECT_TRUE(wrong.address.empty());

  const OperandBanks none = operand_banks(ldsm, "B", 32, 64);  // B has no copy in this spec
  EXPECT_FALSE(none.staged);
  EXPECT_EQ(none.why, "the spec has no copy and MMA for operand B");
}

}  // namespace
}  // namespace tvlab
