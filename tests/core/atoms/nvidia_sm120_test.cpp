// SM120 mma.sync atoms: CuTe's traits (mma_traits_sm120.hpp, mma_traits_sm120_sparse.hpp) as literal
// layouts checked as functions, the scale-factor and metadata layouts, postconditions and the
// type/VS rules by name.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "../test_support.hpp"
#include "tvlab/core/atoms/registry.hpp"

namespace tvlab {
namespace {

using test::L;
using test::S;

std::string rule_of(const std::string& name) {
  try {
    find_atom(name);
  } catch (const AtomError& e) {
    return e.rule();
  }
  return "";
}

void expect_same_function(const Layout& got, const std::string& want, const std::string& what) {
  const Layout w = L(want);
  EXPECT_EQ(S(got), want) << what;
  ASSERT_EQ(size(got), size(w)) << what;
  for (int64_t i = 0; i < size(w); ++i) ASSERT_EQ(got(i), w(i)) << what << " index " << i;
}

// Each element of [0, n) is hit exactly `times` times.
void expect_cover(const Layout& l, int64_t n, int times, const std::string& what) {
  std::vector<int> seen(static_cast<std::size_t>(n), 0);
  for (int64_t i = 0; i < size(l); ++i) {
    const int64_t x = l(i);
    ASSERT_TRUE(x >= 0 && x < n) << what << " -> " << x;
    ++seen[static_cast<std::size_t>(x)];
  }
  for (int64_t x = 0; x < n; ++x)
    ASSERT_EQ(seen[static_cast<std::size_t>(x)], times) << what << " element " << x;
}

struct Case {
  std::string name;
  int64_t k;
  const char *a, *b, *sfa, *sfb, *e;
  const char *ta, *tb;
};

const char* kC = "((4,8),(2,2)):((32,1),(16,8))";

const std::vector<Case> kCases = {
    {"SM120_16x8x32_TN<float_e2m1_t,float_e4m3_t,half_t>", 32, "((4,8),(4,2,2)):((64,1),(16,8,256))",
     "((4,8),(4,2)):((32,1),(8,128))", nullptr, nullptr, nullptr, "uint8_t", "uint8_t"},
    {"SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e5m2_t,float_e3m2_t,float,float_ue8m0_t,32>", 32,
     "((4,8),(4,2,2)):((64,1),(16,8,256))", "((4,8),(4,2)):((32,1),(8,128))", "((2,2,8),32):((8,0,1),16)",
     "((4,8),32):((0,1),8)", nullptr, "uint8_t", "uint8_t"},
    {"SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,16>", 64,
     "((4,8),(8,2,2)):((128,1),(16,8,512))", "((4,8),(8,2)):((64,1),(8,256))", "((2,2,8),64):((8,0,1),16)",
     "((4,8),64):((0,1),8)", nullptr, "uint4_t", "uint4_t"},
    {"SM120::SPARSE::SM120_SPARSE_16x8x64_TN<float_e4m3_t,float_e4m3_t,float>", 64,
     "((4,8),(8,2,2)):((128,1),(16,8,512))", "((4,8),(4,4)):((32,1),(8,128))", nullptr, nullptr,
     "((2,2,8),32):((8,512,1),16)", "uint8_t", "uint8_t"},
    {"SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x64_TN_VS<float_e2m3_t,float_e2m1_t,float,float_ue8m0_t,"
     "64>",
     64, "((4,8),(8,2,2)):((128,1),(16,8,512))", "((4,8),(4,4)):((32,1),(8,128))",
     "((2,2,8),64):((8,0,1),16)", "((4,8),64):((0,1),8)", "((2,2,8),32):((8,512,1),16)", "uint8_t",
     "uint8_t"},
    {"SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,"
     "64>",
     128, "((4,8),(16,2,2)):((256,1),(16,8,1024))", "((4,8),(8,4)):((64,1),(8,256))",
     "((2,2,8),128):((8,0,1),16)", "((4,8),128):((0,1),8)", "((2,2,8),(64)):((8,1024,1),(16))", "uint8_t",
     "uint4_t"},
};

TEST(NvidiaSm120, LiteralTraitsAsFunctions) {
  for (const Case& c : kCases) {
    const MmaAtom a = find_mma_atom(c.name);
    EXPECT_EQ(a.name, c.name);
    EXPECT_EQ(a.arch, "sm120");
    EXPECT_EQ(a.m, 16);
    EXPECT_EQ(a.n, 8);
    EXPECT_EQ(a.k, c.k);
    EXPECT_EQ(S(a.thr_id), "32:1");
    EXPECT_TRUE(a.scope.empty());
    expect_same_function(a.a, c.a, c.name + " A");
    expect_same_function(a.b, c.b, c.name + " B");
    expect_same_function(a.c, kC, c.name + " C");
    EXPECT_EQ(a.a_type.name, c.ta) << c.name;
    EXPECT_EQ(a.b_type.name, c.tb) << c.name;
    std::map<std::string, Layout> extra(a.extra.begin(), a.extra.end());
    EXPECT_EQ(extra.size(), (c.sfa ? 2u : 0u) + (c.e ? 1u : 0u)) << c.name;
    if (c.sfa) {
      expect_same_function(extra.at("sfa"), c.sfa, c.name + " SFA");
      expect_same_function(extra.at("sfb"), c.sfb, c.name + " SFB");
    }
    if (c.e) expect_same_function(extra.at("e"), c.e, c.name + " E");
  }
}

// A, B and C are bijections onto their tiles (sparse A too: CuTe indexes the logical 16 x K tile, its
// value type sparse_elem<2, T> packing two logical elements per stored one); the SF layouts
// cover the M x K and N x K tiles, SFA twice (thread pairs share a row's factors), SFB four times.
TEST(NvidiaSm120, Postconditions) {
  for (const Case& c : kCases) {
    const MmaAtom a = find_mma_atom(c.name);
    expect_cover(a.a, 16 * c.k, 1, c.name + " A");
    expect_cover(a.b, 8 * c.k, 1, c.name + " B");
    expect_cover(a.c, 16 * 8, 1, c.name + " C");
    std::map<std::string, Layout> extra(a.extra.begin(), a.extra.end());
    if (c.sfa) {
      expect_cover(extra.at("sfa"), 16 * c.k, 2, c.name + " SFA");
      expect_cover(extra.at("sfb"), 8 * c.k, 4, c.name + " SFB");
    }
  }
}

TEST(NvidiaSm120, Instances) {
  int n = 0;
  for (const AtomFamily& f : registry().families())
    if (f.arch == "sm120") {
      ++n;
      for (const std::string& name : f.instances()) EXPECT_EQ(atom_name(find_atom(name)), name);
    }
  EXPECT_EQ(n, 6);
  EXPECT_EQ(registry().family("SM120_16x8x32_TN")->instances().size(), 50u);
}

TEST(NvidiaSm120, RulesByName) {
  EXPECT_EQ(rule_of("SM120_16x8x32_TN<half_t,float_e4m3_t,float>"),
            "SM120_16x8x32_TN: a_type, b_type in {float_e2m1_t, float_e3m2_t, float_e2m3_t, float_e4m3_t, "
            "float_e5m2_t}; c_type in {float, half_t}");
  EXPECT_NE(rule_of("SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t,int32_t>"), "");
  EXPECT_EQ(
      rule_of("SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,16>"),
      "SM120_16x8x32_TN_VS: VS == 32");
  EXPECT_EQ(rule_of("SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue4m3_t,32>"),
            "SM120_16x8x32_TN_VS: sf_type = float_ue8m0_t");
  EXPECT_EQ(rule_of("SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,32>"),
            "SM120_16x8x64_TN_VS: float_ue4m3_t: VS == 16");
  EXPECT_EQ(rule_of("SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,32>"), "");
  EXPECT_EQ(rule_of("SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,64>"),
            "SM120_SPARSE_16x8x128_TN_VS: float_ue4m3_t: VS == 32");
  EXPECT_EQ(rule_of("SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t>"), "SM120_16x8x32_TN: parameters");
}

}  // namespace
}  // namespace tvlab
