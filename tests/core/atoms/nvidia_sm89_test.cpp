// SM89 FP8 mma.sync atoms: CuTe's traits (mma_traits_sm89.hpp) as literal layouts, checked as functions
// against the PTX ISA's fragment formulas for mma.m16n8k32 with .e4m3/.e5m2 operands, plus
// postconditions (bijections onto their tiles) and the registry's names and errors.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "../test_support.hpp"
#include "tvlab/core/atoms/registry.hpp"

namespace tvlab {
namespace {

using test::L;
using test::S;

// Every (thread, value) of `l` maps where `f` says.
void expect_function(const Layout& l, int64_t threads, int64_t values,
                     const std::function<int64_t(int64_t, int64_t)>& f, const std::string& what) {
  ASSERT_EQ(size(l), threads * values) << what;
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t v = 0; v < values; ++v)
      ASSERT_EQ(l(t + threads * v), f(t, v)) << what << " t=" << t << " v=" << v;
}

void expect_bijection(const Layout& l, int64_t n, const std::string& what) {
  std::vector<int> seen(static_cast<std::size_t>(n), 0);
  ASSERT_EQ(size(l), n) << what;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t x = l(i);
    ASSERT_TRUE(x >= 0 && x < n) << what << " index " << i << " -> " << x;
    ++seen[static_cast<std::size_t>(x)];
  }
  for (int64_t x = 0; x < n; ++x) EXPECT_EQ(seen[static_cast<std::size_t>(x)], 1) << what << " element " << x;
}

struct Sm89Row {
  const char* name;
  const char *d, *a, *b;
};

const std::vector<Sm89Row> kRows = {
    {"SM89_16x8x32_F32E4M3E4M3F32_TN", "float", "float_e4m3_t", "float_e4m3_t"},
    {"SM89_16x8x32_F32E4M3E5M2F32_TN", "float", "float_e4m3_t", "float_e5m2_t"},
    {"SM89_16x8x32_F32E5M2E5M2F32_TN", "float", "float_e5m2_t", "float_e5m2_t"},
    {"SM89_16x8x32_F32E5M2E4M3F32_TN", "float", "float_e5m2_t", "float_e4m3_t"},
    {"SM89_16x8x32_F16E4M3E4M3F16_TN", "half_t", "float_e4m3_t", "float_e4m3_t"},
    {"SM89_16x8x32_F16E4M3E5M2F16_TN", "half_t", "float_e4m3_t", "float_e5m2_t"},
    {"SM89_16x8x32_F16E5M2E5M2F16_TN", "half_t", "float_e5m2_t", "float_e5m2_t"},
    {"SM89_16x8x32_F16E5M2E4M3F16_TN", "half_t", "float_e5m2_t", "float_e4m3_t"},
};

// The literal traits, as CuTe writes them (MMA_Traits<SM89_16x8x32_F32E4M3E4M3F32_TN>; the other
// seven inherit them).
TEST(NvidiaSm89, LiteralTraits) {
  for (const Sm89Row& row : kRows) {
    const MmaAtom a = find_mma_atom(row.name);
    EXPECT_EQ(a.name, row.name);
    EXPECT_EQ(a.arch, "sm89");
    EXPECT_EQ(a.m, 16);
    EXPECT_EQ(a.n, 8);
    EXPECT_EQ(a.k, 32);
    EXPECT_EQ(S(a.thr_id), "32:1");
    EXPECT_EQ(S(a.a), "((4,8),(4,2,2)):((64,1),(16,8,256))");
    EXPECT_EQ(S(a.b), "((4,8),(4,2)):((32,1),(8,128))");
    EXPECT_EQ(S(a.c), "((4,8),(2,2)):((32,1),(16,8))");
    EXPECT_EQ(a.d_type.name, row.d);
    EXPECT_EQ(a.c_type.name, row.d);
    EXPECT_EQ(a.a_type.name, row.a);
    EXPECT_EQ(a.b_type.name, row.b);
  }
}

// The PTX ISA's fragment layout of mma.m16n8k32 (.e4m3/.e5m2, also .s8/.u8): groupID = lane / 4,
// tig = lane % 4. A (16x32, 16 values): row = groupID + 8 * ((i / 4) % 2), col = 4 * tig + i % 4 + 16 *
// (i / 8). B (32x8, 8 values): row k = 4 * tig + i % 4 + 16 * (i / 4), col n = groupID. C (16x8, 4
// values): row = groupID + 8 * (i / 2), col = 2 * tig + i % 2.
TEST(NvidiaSm89, LayoutsEqualThePtxFragmentsAsFunctions) {
  for (const Sm89Row& row : kRows) {
    const MmaAtom a = find_mma_atom(row.name);
    expect_function(
        a.a, 32, 16,
        [](int64_t t, int64_t i) {
          const int64_t m = t / 4 + 8 * ((i / 4) % 2), k = 4 * (t % 4) + i % 4 + 16 * (i / 8);
          return m + 16 * k;
        },
        std::string(row.name) + " A");
    expect_function(
        a.b, 32, 8,
        [](int64_t t, int64_t i) {
          const int64_t k = 4 * (t % 4) + i % 4 + 16 * (i / 4), n = t / 4;
          return n + 8 * k;
        },
        std::string(row.name) + " B");
    expect_function(
        a.c, 32, 4,
        [](int64_t t, int64_t i) {
          const int64_t m = t / 4 + 8 * (i / 2), n = 2 * (t % 4) + i % 2;
          return m + 16 * n;
        },
        std::string(row.name) + " C");
  }
}

// A mutated table fails the same check: the comparison can fail.
TEST(NvidiaSm89, FunctionCheckRejectsAPermutedLayout) {
  const Layout swapped = L("((4,8),(4,2,2)):((64,1),(16,256,8))");
  int64_t differences = 0;
  for (int64_t i = 0; i < size(swapped); ++i)
    differences += swapped(i) != find_mma_atom("SM89_16x8x32_F32E4M3E4M3F32_TN").a(i);
  EXPECT_GT(differences, 0);
}

TEST(NvidiaSm89, Postconditions) {
  for (const Sm89Row& row : kRows) {
    const MmaAtom a = find_mma_atom(row.name);
    expect_bijection(a.a, a.m * a.k, std::string(row.name) + " A");
    expect_bijection(a.b, a.n * a.k, std::string(row.name) + " B");
    expect_bijection(a.c, a.m * a.n, std::string(row.name) + " C");
    EXPECT_EQ(size(mode(a.a, 0)), size(a.thr_id));
    // 16 A values = four 32-bit registers of 8-bit values; 8 B values = two registers.
    EXPECT_EQ(size(mode(a.a, 1)) * a.a_type.bits, 4 * 32);
    EXPECT_EQ(size(mode(a.b, 1)) * a.b_type.bits, 2 * 32);
  }
}

TEST(NvidiaSm89, RegistryFamilies) {
  int n = 0;
  for (const AtomFamily& f : registry().families())
    if (f.arch == "sm89") {
      ++n;
      EXPECT_EQ(f.kind, "mma");
      EXPECT_EQ(f.instances(), std::vector<std::string>{f.base});
    }
  EXPECT_EQ(n, 8);
}

TEST(NvidiaSm89, Errors) {
  try {
    find_atom("SM89_16x8x32_F32E4M3E4M3F32_TN<float>");
    FAIL() << "template arguments accepted";
  } catch (const AtomError& e) {
    EXPECT_EQ(e.rule(), "SM89_16x8x32_F32E4M3E4M3F32_TN: no template arguments");
  }
  EXPECT_THROW(find_atom("SM89_16x8x32_F32E4M3E4M3F16_TN"), AtomError);  // no mixed accumulators
  EXPECT_THROW(find_atom("SM89_16x8x16_F32E4M3E4M3F32_TN"), AtomError);  // no K = 16 form in CuTe
}

}  // namespace
}  // namespace tvlab
