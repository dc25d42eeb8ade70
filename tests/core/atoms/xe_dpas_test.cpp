#include "tvlab/core/atoms/xe_dpas.hpp"

#include <gtest/gtest.h>

#include <set>

#include "../test_support.hpp"
#include "tvlab/core/atoms/registry.hpp"

namespace tvlab {
namespace {
using test::S;

MmaAtom dpas(const char* name) {
  return find_mma_atom(name);
}

TEST(XeDpas, SpecExamples) {
  for (const char* n : {"XE_DPAS_TT<8,float,bfloat16_t>", "XE_DPAS_TT<8,float,half_t>"}) {
    MmaAtom a = dpas(n);
    EXPECT_EQ(a.m, 8);
    EXPECT_EQ(a.n, 16);
    EXPECT_EQ(a.k, 16);
    EXPECT_EQ(S(a.thr_id), "16:1");
    EXPECT_EQ(S(a.a), "(16,8):(8,1)") << n;
    EXPECT_EQ(S(a.b), "((2,8),(2,8)):((16,1),(8,32))") << n;
    EXPECT_EQ(S(a.c), "(16,8):(8,1)") << n;
  }
  MmaAtom s8 = dpas("XE_DPAS_TT<8,int32_t,int8_t>");
  EXPECT_EQ(s8.k, 32);
  EXPECT_EQ(S(s8.a), "(16,(2,8)):(8,(128,1))");
  EXPECT_EQ(S(s8.b), "((4,4),(4,8)):((16,1),(4,64))");
  EXPECT_EQ(dpas("XE_DPAS_TT<4,float,tfloat32_t>").k, 8);
  EXPECT_EQ(dpas("XE_DPAS_TT<4,int32_t,uint8_t,uint4_t>").k, 32);
  EXPECT_EQ(dpas("XE_DPAS_TT<4,int32_t,int4_t,int4_t>").k, 64);
}

TEST(XeDpas, NamesAreCanonicalAndTolerant) {
  EXPECT_EQ(dpas(" XE_DPAS_TT < 8, float, cute::bfloat16_t > ").name, "XE_DPAS_TT<8,float,bfloat16_t>");
  EXPECT_EQ(dpas("XE_DPAS_TT<8,f32,bf16,bf16,f32>").name, "XE_DPAS_TT<8,float,bfloat16_t>");
  EXPECT_EQ(dpas("XE_DPAS_TT<2,f32,f16,f16,f16>").name, "XE_DPAS_TT<2,float,half_t,half_t,half_t>");
  EXPECT_EQ(dpas("XE_DPAS_TT<1,s32,u8,s4>").name, "XE_DPAS_TT<1,int32_t,uint8_t,int4_t>");
}

TEST(XeDpas, InvalidParametersNameTheRule) {
  auto rule = [](const char* n) {
    try {
      find_atom(n);
    } catch (const AtomError& e) {
      return e.rule();
    }
    return std::string("accepted");
  };
  EXPECT_EQ(rule("XE_DPAS_TT<9,float,bfloat16_t>"), "XE_DPAS_TT: 1 <= M <= 8");
  EXPECT_EQ(rule("XE_DPAS_TT<0,float,bfloat16_t>"), "XE_DPAS_TT: 1 <= M <= 8");
  EXPECT_EQ(rule("XE_DPAS_TT<8,float,float_e4m3_t>"), "XE_DPAS_TT: supported types");
  EXPECT_EQ(rule("XE_DPAS_TT<8,half_t,bfloat16_t>"), "XE_DPAS_TT: supported types");
  EXPECT_EQ(rule("XE_DPAS_TT<8,float,nosuchtype>"), "unknown value type");
  EXPECT_EQ(rule("XE_DPAS_TT<8>"), "XE_DPAS_TT: parameters");
  EXPECT_EQ(rule("XE_DPAS_TT<x,float,half_t>"), "XE_DPAS_TT: M");
}

// Elements of the subgroup array are dealt round-robin: register element e to (T, V) = (e % 16, e / 16),
// per byte for 4-bit types. A is row-major (e = k + K*m), B is VNNI (BV consecutive k per 32 bits).
TEST(XeDpas, AllAtomsFollowTheRoundRobinRule) {
  const AtomFamily* f = registry().family("XE_DPAS_TT");
  ASSERT_NE(f, nullptr);
  const auto names = f->instances();
  EXPECT_EQ(names.size(), 232u);  // 29 type combinations x M = 1..8
  for (const std::string& name : names) {
    MmaAtom a = dpas(name.c_str());
    const int64_t M = a.m, K = a.k;
    auto check = [&](const Layout& l, int bits, int64_t tile, auto element_to_index) {
      const int64_t pb = bits < 8 ? 2 : 1;
      std::set<int64_t> seen;
      for (int64_t t = 0; t < 16; ++t)
        for (int64_t v = 0; v < size(l) / 16; ++v) {
          const int64_t e = (t + 16 * (v / pb)) * pb + v % pb;  // byte t + 16*(v/pb), nibble v%pb
          const int64_t got = l(t + 16 * v);
          if (e < tile) {
            ASSERT_EQ(got, element_to_index(e)) << name << " (T" << t << ",V" << v << ") " << S(l);
            seen.insert(got);
          }
        }
      EXPECT_EQ(static_cast<int64_t>(seen.size()), tile) << name;
    };
    if (!(a.a_type.name == "tfloat32_t" && M % 2 == 1)) {
      check(a.a, a.a_type.bits, M * K, [&](int64_t e) { return e / K + M * (e % K); });
    }
    const int64_t bv = 32 / a.b_type.bits;
    check(a.b, a.b_type.bits, 16 * K, [&](int64_t e) {
      const int64_t k = e % bv + bv * (e / (16 * bv)), n = (e / bv) % 16;
      return n + 16 * k;
    });
    check(a.c, 32, M * 16, [&](int64_t e) { return e / 16 + M * (e % 16); });
  }
}

// tf32 A with odd M: 16 lanes x (M*8/16 rounded up) values cover M*8 elements; the padding lanes fall
// outside the tile or alias earlier elements. Modeled as computed, for verify to report.
TEST(XeDpas, Tf32OddMHasPaddingLanes) {
  MmaAtom a = dpas("XE_DPAS_TT<1,float,tfloat32_t>");
  EXPECT_EQ(size(a.a), 16);
  std::set<int64_t> in_tile;
  int64_t outside_or_repeated = 0;
  for (int64_t i = 0; i < size(a.a); ++i) {
    const int64_t x = a.a(i);
    if (x >= 8 || !in_tile.insert(x).second) ++outside_or_repeated;
  }
  EXPECT_EQ(in_tile.size(), 8u);
  EXPECT_EQ(outside_or_repeated, 8);
}

}  // namespace
}  // namespace tvlab
