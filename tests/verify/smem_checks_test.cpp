#include "tvlab/verify/smem_checks.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/verify/verifier.hpp"

namespace tvlab {
namespace {

std::string read(const std::string& name) {
  std::ifstream in(std::string(TVLAB_TEST_DATA) + "/specs/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const CheckResult& check(const Report& r, const std::string& code) {
  for (const CheckResult& c : r.checks)
    if (c.code == code) return c;
  throw std::runtime_error("no check " + code);
}

TEST(SmemChecks, OpOfAtoms) {
  const Plan plan = build_plan_from_text(read("sm80_ldsm_x4_rm64.json"));
  const PlannedCopy& a = plan.copies.at(0);
  EXPECT_EQ(to_string(smem_op_of(*a.smem->s2r, true)), "ldmatrix.x4");
  EXPECT_EQ(to_string(smem_op_of(*a.smem->g2s, false)), "cp.async");
  for (auto [atom, op] : {std::pair{"SM75_U16x8_LDSM_T", "ldmatrix.x4.trans"},
                          {"SM75_U32x1_LDSM_N", "ldmatrix.x1"},
                          {"SM75_U16x4_LDSM_T", "ldmatrix.x2.trans"},
                          {"SM90_U32x2_STSM_N", "stmatrix.x2"}}) {
    TiledCopy c = a.copy;
    c.atom = find_copy_atom(atom);
    EXPECT_EQ(to_string(smem_op_of(c, true)), op) << atom;
  }
  TiledCopy u = a.copy;
  u.atom = find_copy_atom("UniversalCopy<uint128_t>");
  EXPECT_EQ(to_string(smem_op_of(u, true)), "ld");
  EXPECT_EQ(to_string(smem_op_of(u, false)), "st");
}

// The instructions of a tiled copy cover its tile: every index once per MMA replication, 32 lanes each.
TEST(SmemChecks, InstructionsCoverTheTile) {
  const Plan plan = build_plan_from_text(read("sm80_ldsm_x4_rm64.json"));
  const PlannedCopy& a = plan.copies.at(0);
  const IntTuple tile = make_shape(int64_t(32), int64_t(64));
  const auto s2r = copy_smem_instructions(*a.smem->s2r, true, tile);
  EXPECT_EQ(s2r.size(), 16u);  // 4 warps x 4 k-blocks of 16x16
  std::multiset<int64_t> seen;
  for (const auto& in : s2r)
    for (const auto& l : in.lanes) {
      ASSERT_EQ(l.size(), 8u);
      seen.insert(l.begin(), l.end());
    }
  for (int64_t i = 0; i < 2048; ++i) EXPECT_EQ(seen.count(i), 2u) << i;  // A replicated over the 2 N warps
  const auto g2s = copy_smem_instructions(*a.smem->g2s, false, tile);
  EXPECT_EQ(g2s.size(), 8u);  // 4 warps x 2 repeats of the (16,64) tiler
  std::set<int64_t> written;
  for (const auto& in : g2s)
    for (const auto& l : in.lanes) written.insert(l.begin(), l.end());
  EXPECT_EQ(written.size(), 2048u);
}

TEST(SmemChecks, VerdictsOfTheSpecs) {
  Report r = verify_plan(build_plan_from_text(read("sm80_ldsm_x4_rm64.json")));
  const CheckResult& b = check(r, "banks.A.s2r");
  EXPECT_EQ(b.verdict, Verdict::Refuted);
  EXPECT_EQ(b.severity, Severity::Warning);
  EXPECT_EQ(b.data["wavefronts"], 512);
  EXPECT_EQ(b.data["ideal_wavefronts"], 64);
  EXPECT_EQ(b.data["suggest"]["layout"], "Sw<3,3,3> o 0 o (32,64):(64,1)");
  EXPECT_FALSE(r.failed(false));
  EXPECT_TRUE(r.failed(true));
  for (const char* spec :
       {"sm80_ldsm_x4_rm64_sw333.json", "sm80_ldsm_x4_rm32_sw233.json", "sm90_k_sw128_atom_half.json",
        "sm90_k_sw128_elem_half.json", "sm80_c_float_padded.json"}) {
    r = verify_plan(build_plan_from_text(read(spec)));
    EXPECT_FALSE(r.failed(true)) << spec;
    EXPECT_EQ(
        check(r, "banks." + std::string(std::string(spec).find("_c_float") != std::string::npos ? "C" : "A") +
                     ".s2r")
            .verdict,
        Verdict::Proved)
        << spec;
  }
  r = verify_plan(build_plan_from_text(read("sm80_ldsm_x4_rm32.json")));
  EXPECT_EQ(check(r, "banks.A.s2r").data["wavefronts"], 128);
}

}  // namespace
}  // namespace tvlab
