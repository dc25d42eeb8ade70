// SM100 UMMA and TMEM atoms: CuTe's traits (mma_traits_sm100.hpp, copy_traits_sm100.hpp) as literal
// layouts checked as functions, the validity rules of mma_sm100_umma.hpp by name, and postconditions
// (bijections onto their tiles, sizes equal to the instruction shape, CTA-scoped thread modes).
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
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

// Equal at every index (the functional check), and equal in size.
void expect_same_function(const Layout& got, const Layout& want, const std::string& what) {
  ASSERT_EQ(size(got), size(want)) << what;
  for (int64_t i = 0; i < size(want); ++i) ASSERT_EQ(got(i), want(i)) << what << " index " << i;
}

// CuTe's 1-CTA UMMA traits written out for given M, N, K (the header's Int<M>, Int<N>, Int<K>).
std::string cute_1sm(int64_t rows, int64_t cols) {
  const std::string r = std::to_string(rows), c = std::to_string(cols);
  return "(1,(" + r + "," + c + ")):(0,(1," + r + "))";
}
std::string cute_2sm(int64_t rows, int64_t cols) {
  const std::string h = std::to_string(rows / 2), r = std::to_string(rows), c = std::to_string(cols);
  return "(2,(" + h + "," + c + ")):(" + h + ",(1," + r + "))";
}

struct UmmaCase {
  std::string name;
  int64_t m, n, k;
  int ctas;
};

const std::vector<UmmaCase> kCases = {
    {"SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>", 128, 256, 16, 1},
    {"SM100_MMA_F16BF16_SS<bfloat16_t,bfloat16_t,float,64,8,UMMA::Major::MN,UMMA::Major::K>", 64, 8, 16, 1},
    {"SM100_MMA_TF32_TS<tfloat32_t,tfloat32_t,float,128,16,UMMA::Major::K,UMMA::Major::MN>", 128, 16, 8, 1},
    {"SM100_MMA_S8_SS<int8_t,uint8_t,int32_t,64,8,UMMA::Major::K,UMMA::Major::K>", 64, 8, 32, 1},
    {"SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e2m1_t,float,128,64,UMMA::Major::K,UMMA::Major::K>", 128, 64, 32,
     1},
    {"SM100_MMA_MXF8F6F4_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,128,128,UMMA::Major::K,UMMA::Major:"
     ":K>",
     128, 128, 32, 1},
    {"SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,256,16,UMMA::Major::K,UMMA::Major::"
     "K>",
     128, 256, 64, 1},
    {"SM100_MMA_F16BF16_SS_SPARSE<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::K>", 128, 64, 32, 1},
    {"SM100_MMA_S8_SS_SPARSE<int8_t,int8_t,int32_t,64,16,UMMA::Major::K,UMMA::Major::K>", 64, 16, 64, 1},
    {"SM100_MMA_F8F6F4_SS_SPARSE<float_e5m2_t,float_e5m2_t,half_t,64,8,UMMA::Major::K,UMMA::Major::K>", 64, 8,
     64, 1},
    {"SM100_MMA_MXF4NVF4_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,8,64,UMMA::Major::K,"
     "UMMA::"
     "Major::K>",
     128, 8, 128, 1},
    {"SM100_MMA_TF32_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN<64,8,UMMA::Major::K,UMMA::Major::K>", 64, 8, 4, 1},
    {"SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,UMMA::Major::K,UMMA::Major::K>", 256, 256, 16,
     2},
    {"SM100_MMA_F16BF16_2x1SM_TS<half_t,half_t,half_t,128,32,UMMA::Major::K,UMMA::Major::K>", 128, 32, 16, 2},
    {"SM100_MMA_S8_2x1SM_SS<uint8_t,uint8_t,int32_t,256,32,UMMA::Major::MN,UMMA::Major::MN>", 256, 32, 32, 2},
    {"SM100_MMA_F8F6F4_2x1SM_SS<float_e3m2_t,float_e2m3_t,float,128,16,UMMA::Major::K,UMMA::Major::K>", 128,
     16, 32, 2},
    {"SM100_MMA_MXF8F6F4_2x1SM_SS<float_e4m3_t,float_e5m2_t,float,float_ue8m0_t,256,16,UMMA::Major::K,UMMA::"
     "Major::"
     "K>",
     256, 16, 32, 2},
    {"SM100_MMA_MXF4_2x1SM_SS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,256,256,32,UMMA::Major::K,UMMA::"
     "Major::"
     "K>",
     256, 256, 64, 2},
    {"SM100_MMA_TF32_2x1SM_SS_SPARSE<tfloat32_t,tfloat32_t,float,256,16,UMMA::Major::K,UMMA::Major::K>", 256,
     16, 16, 2},
    {"SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,256,128,32,UMMA::"
     "Major::K,"
     "UMMA::Major::K>",
     256, 128, 128, 2},
};

TEST(NvidiaUmma, LiteralTraitsAsFunctions) {
  for (const UmmaCase& c : kCases) {
    const MmaAtom a = find_mma_atom(c.name);
    EXPECT_EQ(a.name, c.name);
    EXPECT_EQ(a.arch, "sm100");
    EXPECT_EQ(a.scope, "cta") << c.name;
    EXPECT_EQ(a.m, c.m) << c.name;
    EXPECT_EQ(a.n, c.n) << c.name;
    EXPECT_EQ(a.k, c.k) << c.name;
    const bool one = c.ctas == 1;
    EXPECT_EQ(S(a.thr_id), one ? "1:0" : "2:1") << c.name;
    const std::string wa = one ? cute_1sm(c.m, c.k) : cute_2sm(c.m, c.k);
    const std::string wb = one ? cute_1sm(c.n, c.k) : cute_2sm(c.n, c.k);
    const std::string wc = one ? cute_1sm(c.m, c.n) : cute_2sm(c.m, c.n);
    EXPECT_EQ(S(a.a), wa) << c.name;
    EXPECT_EQ(S(a.b), wb) << c.name;
    EXPECT_EQ(S(a.c), wc) << c.name;
    expect_same_function(a.a, L(wa), c.name + " A");
    expect_same_function(a.b, L(wb), c.name + " B");
    expect_same_function(a.c, L(wc), c.name + " C");
  }
}

// Postconditions over every M, N and both majors of a few families: CTA c holds rows [c*M/ctas, ...)
// of A and C and [c*N/ctas, ...) of B; each TV layout is a bijection onto its tile.
void expect_cta_bijection(const Layout& l, int64_t rows, int64_t cols, int ctas, const std::string& what) {
  ASSERT_EQ(size(mode(l, 0)), ctas) << what;
  ASSERT_EQ(size(l), rows * cols) << what;
  std::vector<int> seen(static_cast<std::size_t>(rows * cols), 0);
  const int64_t per = size(mode(l, 1));
  for (int64_t c = 0; c < ctas; ++c)
    for (int64_t v = 0; v < per; ++v) {
      const int64_t x = l(c + ctas * v);
      ASSERT_TRUE(x >= 0 && x < rows * cols) << what;
      ++seen[static_cast<std::size_t>(x)];
      ASSERT_EQ((x % rows) / (rows / ctas), c) << what << ": row " << x % rows << " not in CTA " << c;
    }
  for (int s : seen) ASSERT_EQ(s, 1) << what;
}

TEST(NvidiaUmma, PostconditionsEveryValidShape) {
  int built = 0;
  for (const char* fam : {"SM100_MMA_F16BF16_SS", "SM100_MMA_F16BF16_2x1SM_SS", "SM100_MMA_F16BF16_TS",
                          "SM100_MMA_F16BF16_2x1SM_TS"})
    for (int64_t m : {32, 64, 128, 256, 512})
      for (int64_t n = 0; n <= 264; n += 8)
        for (const char* bm : {"K", "MN"}) {
          const std::string name = std::string(fam) + "<half_t,half_t,float," + std::to_string(m) + "," +
                                   std::to_string(n) + ",UMMA::Major::K,UMMA::Major::" + bm + ">";
          const bool two = std::string(fam).find("2x1SM") != std::string::npos;
          const bool ts = std::string(fam).find("_TS") != std::string::npos;
          const bool m_ok = two ? (m == 128 || m == 256) : (m == 64 || m == 128);
          const int64_t step = two ? (ts ? 32 : 16) : (ts && m == 128 ? 16 : 8);
          const bool n_ok = n % step == 0 && n >= step && n <= 256;
          if (!m_ok || !n_ok) {
            EXPECT_NE(rule_of(name), "") << name;
            continue;
          }
          const MmaAtom a = find_mma_atom(name);
          ++built;
          EXPECT_EQ(a.k, 16);
          const int ctas = two ? 2 : 1;
          expect_cta_bijection(a.a, m, 16, ctas, name + " A");
          expect_cta_bijection(a.b, n, 16, ctas, name + " B");
          expect_cta_bijection(a.c, m, n, ctas, name + " C");
        }
  // 1 CTA SS: 2 M x 32 N x 2 majors; 2 CTAs SS: 2 x 16 x 2; TS: M=64 32 N + M=128 16 N, x 2; 2 CTAs TS: 2 x 8
  // x 2.
  EXPECT_EQ(built, 128 + 64 + 96 + 32);
}

TEST(NvidiaUmma, RulesByName) {
  const std::string f16 = "SM100_MMA_F16BF16_SS<half_t,half_t,float,";
  EXPECT_EQ(rule_of(f16 + "96,64,K,K>"), "SM100_MMA_F16BF16_SS: M in {64, 128}");
  EXPECT_EQ(rule_of(f16 + "128,12,K,K>"), "SM100_MMA_F16BF16_SS: N % 8 == 0 and 8 <= N <= 256");
  EXPECT_EQ(rule_of(f16 + "128,64,K,Row>"),
            "SM100_MMA_F16BF16_SS: b_major in {UMMA::Major::K, UMMA::Major::MN}");
  EXPECT_EQ(rule_of("SM100_MMA_F16BF16_SS<half_t,bfloat16_t,float,128,64,K,K>"),
            "SM100_MMA_F16BF16_SS: a_type = b_type in {half_t, bfloat16_t}; c_type in {half_t, float}");
  EXPECT_EQ(rule_of("SM100_MMA_F16BF16_TS<half_t,half_t,float,128,64,MN,K>"),
            "SM100_MMA_F16BF16_TS: a_major == UMMA::Major::K");
  EXPECT_EQ(
      rule_of("SM100_MMA_F16BF16_TS<half_t,half_t,float,128,24,K,K>"),
      "SM100_MMA_F16BF16_TS: M = 64: N % 8 == 0 and 8 <= N <= 256; M = 128: N % 16 == 0 and 16 <= N <= 256");
  EXPECT_EQ(rule_of("SM100_MMA_F16BF16_TS<half_t,half_t,float,64,24,K,K>"), "");
  EXPECT_EQ(rule_of("SM100_MMA_S8_SS<int8_t,int8_t,float,128,64,K,K>"),
            "SM100_MMA_S8_SS: a_type, b_type in {int8_t, uint8_t}; c_type = int32_t");
  EXPECT_EQ(rule_of("SM100_MMA_S8_SS<int8_t,int8_t,int32_t,128,24,K,K>"),
            "SM100_MMA_S8_SS: N == 8 or N % 16 == 0 and 16 <= N <= 256");
  EXPECT_EQ(
      rule_of("SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e4m3_t,float,128,8,K,MN>"),
      "SM100_MMA_F8F6F4_SS: b_major = K: N % 8 == 0 and 8 <= N <= 256; b_major = MN: N % 16 == 0 and 16 <= N "
      "<= 256");
  EXPECT_EQ(rule_of("SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e4m3_t,float,128,8,K,K>"), "");
  EXPECT_EQ(rule_of("SM100_MMA_MXF8F6F4_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,64,64,K,K>"),
            "SM100_MMA_MXF8F6F4_SS: M == 128");
  EXPECT_EQ(rule_of("SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,64,32,K,K>"),
            "SM100_MMA_MXF4_SS: VS = 32 needs float_e2m1_t and float_ue8m0_t");
  EXPECT_EQ(rule_of("SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,64,64,K,K>"),
            "SM100_MMA_MXF4_SS: VS in {16, 32}");
  EXPECT_EQ(rule_of("SM100_MMA_MXF8F6F4_2x1SM_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,128,64,K,K>"),
            "SM100_MMA_MXF8F6F4_2x1SM_SS: M == 256");
  EXPECT_EQ(rule_of("SM100_MMA_F16BF16_SS_SCALED<half_t,half_t,float,128,64,K,K,16>"),
            "SM100_MMA_F16BF16_SS_SCALED: ScaleC in 0..15");
  EXPECT_EQ(rule_of("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,K,K,UMMA::ScaleIn::Half>"),
            "SM100_MMA_F16BF16_SS: a_neg in {UMMA::ScaleIn::One, UMMA::ScaleIn::Neg}");
  EXPECT_EQ(rule_of("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64>"), "SM100_MMA_F16BF16_SS: parameters");
  EXPECT_EQ(rule_of("SM100_MMA_F16BF16_SS<half_t,half_t,float,x,64,K,K>"), "SM100_MMA_F16BF16_SS: M");
}

TEST(NvidiaUmma, CanonicalNamesDropDefaults) {
  EXPECT_EQ(
      atom_name(find_atom("cute::SM100_MMA_F16BF16_TS<cute::half_t, half_t, float, 128, 64, UMMA::Major::K, "
                          "UMMA::Major::K, UMMA::ScaleIn::One, UMMA::ScaleIn::One, UMMA::Saturate::False>")),
      "SM100_MMA_F16BF16_TS<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::K>");
  const MmaAtom neg = find_mma_atom("SM100_MMA_S8_TS<int8_t,int8_t,int32_t,128,64,K,K,One,Neg,True>");
  EXPECT_EQ(
      neg.name,
      "SM100_MMA_S8_TS<int8_t,int8_t,int32_t,128,64,UMMA::Major::K,UMMA::Major::K,UMMA::ScaleIn::One,UMMA::"
      "ScaleIn::Neg,UMMA::Saturate::True>");
}

TEST(NvidiaUmma, RegistryFamilies) {
  std::set<std::string> bases;
  for (const AtomFamily& f : registry().families())
    if (f.arch == "sm100" && f.kind == "mma") bases.insert(f.base);
  // Every SM100 UMMA operation CuTe gives MMA_Traits (TF32_SS_SCALED and TF32_2x1SM_SS_SCALED have none).
  EXPECT_EQ(bases.size(), 40u);
  for (const char* b :
       {"SM100_MMA_TF32_SS", "SM100_MMA_F16BF16_2x1SM_TS_SCALED", "SM100_MMA_MXF4NVF4_SS_SPARSE",
        "SM100_MMA_S8_2x1SM_SS_SPARSE", "SM100_MMA_TF32_2x1SM_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN"})
    EXPECT_TRUE(bases.count(b)) << b;
}

// ---- TMEM copies ------------------------------------------------------------------------------

// Bit layouts of up to 2^17 bits: every index of the small ones; of the large ones the first and last
// bit of every 16 (every 16-bit half register, the finest packing), which keeps the test fast.
void expect_same_bits(const Layout& got, const Layout& want, const std::string& what) {
  ASSERT_EQ(size(got), size(want)) << what;
  const bool all = size(want) <= 8192;
  for (int64_t i = 0; i < size(want); i += (all || i % 16 == 15) ? 1 : 15) {
    ASSERT_EQ(got(i), want(i)) << what << " index " << i;
  }
}

struct TraitRow {
  std::string name, thr, val_id, src, dst, ref;
};

std::vector<TraitRow> cute_tmem_rows() {
  std::ifstream in(std::string(TVLAB_TEST_DATA) + "/cute/sm100_tmem_traits.txt");
  std::vector<TraitRow> rows;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, '|');) f.push_back(x);
    if (f.size() == 6) rows.push_back({f[0], f[1], f[2], f[3], f[4], f[5]});
  }
  return rows;
}

TEST(NvidiaTmem, EveryCuteTraitAsFunctions) {
  const std::vector<TraitRow> rows = cute_tmem_rows();
  ASSERT_EQ(rows.size(), 150u);
  for (const TraitRow& row : rows) {
    const CopyAtom a = find_copy_atom(row.name);
    EXPECT_EQ(a.arch, "sm100");
    EXPECT_EQ(S(a.thr_id), row.thr + ":1") << row.name;
    ASSERT_TRUE(a.val_id.has_value()) << row.name;
    EXPECT_EQ(S(*a.val_id), row.val_id) << row.name;
    EXPECT_EQ(S(a.src), row.src) << row.name;
    EXPECT_EQ(S(a.dst), row.dst) << row.name;
    EXPECT_EQ(S(a.ref), row.ref) << row.name;
    expect_same_bits(a.src, L(row.src), row.name + " src");
    expect_same_bits(a.dst, L(row.dst), row.name + " dst");
    expect_same_bits(*a.val_id, L(row.val_id), row.name + " val_id");
  }
}

// The register side is a bijection onto the logical bits; ValID sends them to distinct TMEM
// addresses in as many lanes as the name's datapath count, each lane carrying bits*N bits.
TEST(NvidiaTmem, Postconditions) {
  int n = 0;
  for (const AtomFamily& f : registry().families()) {
    if (f.arch != "sm100" || f.kind != "copy" || f.base.rfind("SM100_TMEM_", 0) != 0) continue;
    ++n;
    const CopyAtom a = find_copy_atom(f.base);
    const Layout& regs = f.base.find("STORE") != std::string::npos ? a.src : a.dst;
    const int64_t bits = size(*a.val_id);
    ASSERT_EQ(size(regs), bits) << f.base;
    EXPECT_EQ(size(mode(regs, 0)), 32) << f.base;
    // Per 16-bit half register (the finest packing): its first bit starts a run of 16 consecutive
    // logical bits, the runs are distinct and cover [0, bits); ValID sends each run to 16 consecutive
    // column bits of one lane, and distinct runs to distinct places.
    std::set<int64_t> logical, addrs, lanes;
    for (int64_t i = 0; i < bits; i += 16) {
      const int64_t t = (i / 16) % 32, bit = 16 * ((i / 16) / 32);  // (thread, first bit of a half)
      const int64_t first = regs(t + 32 * bit);
      EXPECT_EQ(first % 16, 0) << f.base;
      EXPECT_EQ(regs(t + 32 * (bit + 15)), first + 15) << f.base;
      logical.insert(first);
      const int64_t addr = (*a.val_id)(first);
      EXPECT_EQ((*a.val_id)(first + 15), addr + 15) << f.base;
      addrs.insert(addr);
      lanes.insert(addr >> 21);
    }
    EXPECT_EQ(static_cast<int64_t>(logical.size()) * 16, bits) << f.base;
    EXPECT_EQ(*logical.rbegin(), bits - 16) << f.base;
    EXPECT_EQ(addrs.size(), logical.size()) << f.base;
    const bool dp16 = f.base.find("_16dp") != std::string::npos;
    EXPECT_EQ(lanes.size(), dp16 ? 16u : 32u) << f.base;
    // 32 registers of 32 bits per thread at most x 128 = 4096 bits.
    EXPECT_LE(bits / 32, 128 * 32) << f.base;
  }
  EXPECT_EQ(n, 150);
}

// The 32dp32b shape as the PTX ISA describes tcgen05.ld.32x32b: thread t reads lane t, register r
// holds column r.
TEST(NvidiaTmem, ThirtyTwoLanesMatchPtx) {
  for (int reps : {1, 2, 4, 8, 16, 32, 64, 128}) {
    const CopyAtom a = find_copy_atom("SM100_TMEM_LOAD_32dp32b" + std::to_string(reps) + "x");
    for (int64_t t = 0; t < 32; ++t)
      for (int64_t r = 0; r < reps; ++r) {
        const int64_t addr = (*a.val_id)(a.dst(t + 32 * (32 * r)));
        EXPECT_EQ(addr >> 21, t);
        EXPECT_EQ((addr & ((1 << 21) - 1)) / 32, r);
      }
  }
}

// The lane/column map of 16dp256b1x (index lane + 16 * column, 32-bit columns) is the SM80 16x8
// accumulator layout: the gallery's TMEM picture draws it.
TEST(NvidiaTmem, SixteenLanes256bIsTheSm80AccumulatorLayout) {
  const CopyAtom a = find_copy_atom("SM100_TMEM_LOAD_16dp256b1x");
  const Layout c = L("((4,8),(2,2)):((32,1),(16,8))");
  for (int64_t t = 0; t < 32; ++t)
    for (int64_t r = 0; r < 4; ++r) {
      const int64_t addr = (*a.val_id)(a.dst(t + 32 * (32 * r)));
      EXPECT_EQ((addr >> 21) + 16 * ((addr & ((1 << 21) - 1)) / 32), c(t + 32 * r))
          << "t=" << t << " r=" << r;
    }
}

TEST(NvidiaTmem, Errors) {
  EXPECT_EQ(rule_of("SM100_TMEM_LOAD_16dp256b1x<float>"),
            "SM100_TMEM_LOAD_16dp256b1x: no template arguments");
  EXPECT_EQ(rule_of("SM100_TMEM_LOAD_16dp256b64x"), "unknown atom");  // 16dp256b stops at 32x
  EXPECT_EQ(rule_of("SM100_TMEM_STORE_STAT_32dp32b32x"), "unknown atom");
}

}  // namespace
}  // namespace tvlab
