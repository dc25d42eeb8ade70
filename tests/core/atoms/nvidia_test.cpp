// NVIDIA atom families: every row of /work/shared/spec/nvidia-atoms.md sections 2a, 2b and 3 as literal
// expected layouts, the generic GMMA rules, value recasting, and postconditions over every family.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "../test_support.hpp"
#include "tvlab/core/atoms/registry.hpp"

namespace tvlab {
namespace {

using test::S;

const std::set<std::string> kNvidiaArchs = {"universal", "sm61", "sm70", "sm75", "sm80", "sm90"};

std::vector<const AtomFamily*> nvidia_families(const std::string& kind) {
  std::vector<const AtomFamily*> out;
  for (const AtomFamily& f : registry().families())
    if (f.kind == kind && kNvidiaArchs.count(f.arch)) out.push_back(&f);
  return out;
}

std::string shape_of(const MmaAtom& a) {
  return "(" + std::to_string(a.m) + "," + std::to_string(a.n) + "," + std::to_string(a.k) + ")";
}

std::string types_of(const MmaAtom& a) {
  return a.d_type.alias + "," + a.a_type.alias + "," + a.b_type.alias + "," + a.c_type.alias;
}

// The rule of the AtomError thrown by find_atom(name), or "" when nothing is thrown.
std::string rule_of(const std::string& name) {
  try {
    find_atom(name);
  } catch (const AtomError& e) {
    return e.rule();
  }
  return "";
}

// ---------------------------------------------------------------------------------------------
// Section 2a: thread- and warp-level MMA atoms

struct MmaRow {
  std::vector<std::string> names;
  const char* arch;
  const char *shape, *thr, *a, *b, *c, *types;
};

// names: every combination of prefix + {x,y} + {x,y} + suffix (+ each suffix variant).
std::vector<std::string> combos(const std::string& prefix, const std::vector<std::string>& xs,
                                const std::string& mid, const std::vector<std::string>& suffixes) {
  std::vector<std::string> out;
  for (const std::string& a : xs)
    for (const std::string& b : xs)
      for (const std::string& s : suffixes) out.push_back(prefix + a + b + mid + s);
  return out;
}

std::vector<MmaRow> table_2a() {
  const std::vector<std::string> sat = {"", "_SATURATE"};
  const std::vector<std::string> s8u8 = {"S8", "U8"}, s4u4 = {"S4", "U4"};
  return {
      {{"SM61_DP4A"}, "sm61", "(1,1,4)", "1:0", "(1,4):(0,1)", "(1,4):(0,1)", "(1,1):(0,0)", "s32,s8,s8,s32"},
      {{"SM61_DP2A"},
       "sm61",
       "(1,1,2)",
       "1:0",
       "(1,2):(0,1)",
       "(1,2):(0,1)",
       "(1,1):(0,0)",
       "s32,s16,s16,s32"},
      {{"SM70_8x8x4_F16F16F16F16_TN"},
       "sm70",
       "(8,8,4)",
       "(4,2):(1,16)",
       "(8,4):(1,8)",
       "(8,4):(1,8)",
       "(8,8):(1,8)",
       "f16,f16,f16,f16"},
      {{"SM70_8x8x4_F16F16F16F16_NT"},
       "sm70",
       "(8,8,4)",
       "(4,2):(1,16)",
       "((4,2),4):((8,4),1)",
       "((4,2),4):((8,4),1)",
       "(8,8):(1,8)",
       "f16,f16,f16,f16"},
      {{"SM70_8x8x4_F16F16F16F16_NN"},
       "sm70",
       "(8,8,4)",
       "(4,2):(1,16)",
       "((4,2),4):((8,4),1)",
       "(8,4):(1,8)",
       "(8,8):(1,8)",
       "f16,f16,f16,f16"},
      {{"SM70_8x8x4_F16F16F16F16_TT"},
       "sm70",
       "(8,8,4)",
       "(4,2):(1,16)",
       "(8,4):(1,8)",
       "((4,2),4):((8,4),1)",
       "(8,8):(1,8)",
       "f16,f16,f16,f16"},
      {{"SM70_8x8x4_F32F16F16F32_TN"},
       "sm70",
       "(8,8,4)",
       "(4,2):(1,16)",
       "(8,4):(1,8)",
       "(8,4):(1,8)",
       "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))",
       "f32,f16,f16,f32"},
      {{"SM70_8x8x4_F32F16F16F32_NT"},
       "sm70",
       "(8,8,4)",
       "(4,2):(1,16)",
       "((4,2),4):((8,4),1)",
       "((4,2),4):((8,4),1)",
       "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))",
       "f32,f16,f16,f32"},
      {{"SM70_8x8x4_F32F16F16F32_NN"},
       "sm70",
       "(8,8,4)",
       "(4,2):(1,16)",
       "((4,2),4):((8,4),1)",
       "(8,4):(1,8)",
       "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))",
       "f32,f16,f16,f32"},
      {{"SM70_8x8x4_F32F16F16F32_TT"},
       "sm70",
       "(8,8,4)",
       "(4,2):(1,16)",
       "(8,4):(1,8)",
       "((4,2),4):((8,4),1)",
       "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))",
       "f32,f16,f16,f32"},
      {{"SM75_16x8x8_F32F16F16F32_TN"},
       "sm75",
       "(16,8,8)",
       "32:1",
       "((4,8),(2,2)):((32,1),(16,8))",
       "((4,8),2):((16,1),8)",
       "((4,8),(2,2)):((32,1),(16,8))",
       "f32,f16,f16,f32"},
      {{"SM75_16x8x8_F16F16F16F16_TN", "SM80_16x8x8_F16F16F16F16_TN"},
       nullptr,
       "(16,8,8)",
       "32:1",
       "((4,8),(2,2)):((32,1),(16,8))",
       "((4,8),2):((16,1),8)",
       "((4,8),(2,2)):((32,1),(16,8))",
       "f16,f16,f16,f16"},
      {{"SM80_16x8x8_F32F16F16F32_TN"},
       "sm80",
       "(16,8,8)",
       "32:1",
       "((4,8),(2,2)):((32,1),(16,8))",
       "((4,8),2):((16,1),8)",
       "((4,8),(2,2)):((32,1),(16,8))",
       "f32,f16,f16,f32"},
      {{"SM80_16x8x8_F32BF16BF16F32_TN"},
       "sm80",
       "(16,8,8)",
       "32:1",
       "((4,8),(2,2)):((32,1),(16,8))",
       "((4,8),2):((16,1),8)",
       "((4,8),(2,2)):((32,1),(16,8))",
       "f32,bf16,bf16,f32"},
      {{"SM80_16x8x16_F16F16F16F16_TN"},
       "sm80",
       "(16,8,16)",
       "32:1",
       "((4,8),(2,2,2)):((32,1),(16,8,128))",
       "((4,8),(2,2)):((16,1),(8,64))",
       "((4,8),(2,2)):((32,1),(16,8))",
       "f16,f16,f16,f16"},
      {{"SM80_16x8x16_F32F16F16F32_TN"},
       "sm80",
       "(16,8,16)",
       "32:1",
       "((4,8),(2,2,2)):((32,1),(16,8,128))",
       "((4,8),(2,2)):((16,1),(8,64))",
       "((4,8),(2,2)):((32,1),(16,8))",
       "f32,f16,f16,f32"},
      {{"SM80_16x8x16_F32BF16BF16F32_TN"},
       "sm80",
       "(16,8,16)",
       "32:1",
       "((4,8),(2,2,2)):((32,1),(16,8,128))",
       "((4,8),(2,2)):((16,1),(8,64))",
       "((4,8),(2,2)):((32,1),(16,8))",
       "f32,bf16,bf16,f32"},
      {{"SM80_16x8x4_F32TF32TF32F32_TN"},
       "sm80",
       "(16,8,4)",
       "32:1",
       "((4,8),2):((16,1),8)",
       "((4,8),1):((8,1),0)",
       "((4,8),(2,2)):((32,1),(16,8))",
       "f32,tf32,tf32,f32"},
      {{"SM90_16x8x4_F64F64F64F64_TN"},
       "sm90",
       "(16,8,4)",
       "32:1",
       "((4,8),2):((16,1),8)",
       "((4,8),1):((8,1),0)",
       "((4,8),(2,2)):((32,1),(16,8))",
       "f64,f64,f64,f64"},
      {{"SM80_16x8x8_F32TF32TF32F32_TN"},
       "sm80",
       "(16,8,8)",
       "32:1",
       "((4,8),(2,2)):((16,1),(8,64))",
       "((4,8),2):((8,1),32)",
       "((4,8),(2,2)):((32,1),(16,8))",
       "f32,tf32,tf32,f32"},
      {{"SM90_16x8x8_F64F64F64F64_TN"},
       "sm90",
       "(16,8,8)",
       "32:1",
       "((4,8),(2,2)):((16,1),(8,64))",
       "((4,8),2):((8,1),32)",
       "((4,8),(2,2)):((32,1),(16,8))",
       "f64,f64,f64,f64"},
      {{"SM90_16x8x16_F64F64F64F64_TN"},
       "sm90",
       "(16,8,16)",
       "32:1",
       "((4,8),(2,4)):((16,1),(8,64))",
       "((4,8),4):((8,1),32)",
       "((4,8),(2,2)):((32,1),(16,8))",
       "f64,f64,f64,f64"},
      {{"SM75_8x8x16_S32S8S8S32_TN"},
       "sm75",
       "(8,8,16)",
       "32:1",
       "((4,8),4):((32,1),8)",
       "((4,8),4):((32,1),8)",
       "((4,8),2):((16,1),8)",
       "s32,s8,s8,s32"},
      {combos("SM80_8x8x16_S32", s8u8, "S32_TN", sat), "sm80", "(8,8,16)", "32:1", "((4,8),4):((32,1),8)",
       "((4,8),4):((32,1),8)", "((4,8),2):((16,1),8)", nullptr},
      {combos("SM80_16x8x16_S32", s8u8, "S32_TN", sat), "sm80", "(16,8,16)", "32:1",
       "((4,8),(4,2)):((64,1),(16,8))", "((4,8),4):((32,1),8)", "((4,8),(2,2)):((32,1),(16,8))", nullptr},
      {combos("SM80_16x8x32_S32", s8u8, "S32_TN", sat), "sm80", "(16,8,32)", "32:1",
       "((4,8),(4,2,2)):((64,1),(16,8,256))", "((4,8),(4,2)):((32,1),(8,128))",
       "((4,8),(2,2)):((32,1),(16,8))", nullptr},
      {{"SM80_8x8x4_F64F64F64F64_TN"},
       "sm80",
       "(8,8,4)",
       "32:1",
       "((4,8),1):((8,1),0)",
       "((4,8),1):((8,1),0)",
       "((4,8),2):((16,1),8)",
       "f64,f64,f64,f64"},
      {{"SM80_8x8x4_C64C64C64C64_TN"},
       "sm80",
       "(8,8,4)",
       "32:1",
       "((4,8),1):((8,1),0)",
       "((4,8),1):((8,1),0)",
       "((4,8),2):((16,1),8)",
       "c64,c64,c64,c64"},
      // The spec lists _SATURATE only for 16x8x64; CUTLASS has it for the two other 4-bit shapes too.
      {combos("SM80_8x8x32_S32", s4u4, "S32_TN", sat), "sm80", "(8,8,32)", "32:1", "((4,8),(8)):((64,1),(8))",
       "((4,8),(8)):((64,1),(8))", "((4,8),2):((16,1),8)", nullptr},
      {combos("SM80_16x8x32_S32", s4u4, "S32_TN", sat), "sm80", "(16,8,32)", "32:1",
       "((4,8),(8,2)):((128,1),(16,8))", "((4,8),(8)):((64,1),(8))", "((4,8),(2,2)):((32,1),(16,8))",
       nullptr},
      {combos("SM80_16x8x64_S32", s4u4, "S32_TN", sat), "sm80", "(16,8,64)", "32:1",
       "((4,8),(8,2,2)):((128,1),(16,8,512))", "((4,8),(8,2)):((64,1),(8,256))",
       "((4,8),(2,2)):((32,1),(16,8))", nullptr},
      {{"SM80_16x8x256_S32U1U1S32_TN_XORPOPC", "SM80_16x8x256_S32U1U1S32_TN_ANDPOPC"},
       "sm80",
       "(16,8,256)",
       "32:1",
       "((4,8),(32,2,2)):((512,1),(16,8,2048))",
       "((4,8),(32,2)):((256,1),(8,1024))",
       "((4,8),(2,2)):((32,1),(16,8))",
       "s32,u1,u1,s32"},
  };
}

TEST(NvidiaMma, Table2a) {
  int atoms = 0;
  for (const MmaRow& row : table_2a())
    for (const std::string& name : row.names) {
      SCOPED_TRACE(name);
      const MmaAtom a = find_mma_atom(name);
      EXPECT_EQ(a.name, name);
      EXPECT_EQ(a.arch, row.arch ? std::string(row.arch) : "sm" + name.substr(2, 2));
      EXPECT_EQ(shape_of(a), row.shape);
      EXPECT_EQ(S(a.thr_id), row.thr);
      EXPECT_EQ(S(a.a), row.a);
      EXPECT_EQ(S(a.b), row.b);
      EXPECT_EQ(S(a.c), row.c);
      if (row.types) {
        EXPECT_EQ(types_of(a), row.types);
      } else {
        // S32{X}{Y}S32: the A and B types are in the name.
        const std::size_t p = name.find("_S32") + 4;
        auto alias = [](const std::string& t) {
          return std::string(1, char(t[0] + 'a' - 'A')) + t.substr(1);
        };
        EXPECT_EQ(types_of(a),
                  "s32," + alias(name.substr(p, 2)) + "," + alias(name.substr(p + 2, 2)) + ",s32");
      }
      ++atoms;
    }
  EXPECT_EQ(atoms, 2 + 8 + 5 + 3 + 5 + 1 + 3 * 8 + 2 + 3 * 8 + 2);
}

TEST(NvidiaMma, UniversalFma) {
  const MmaAtom a = find_mma_atom("UniversalFMA<float,float,float,float>");
  EXPECT_EQ(a.name, "UniversalFMA<float>");
  EXPECT_EQ(a.arch, "universal");
  EXPECT_EQ(shape_of(a), "(1,1,1)");
  EXPECT_EQ(S(a.thr_id), "1:0");
  EXPECT_EQ(S(a.a), "(1,1):(0,0)");
  EXPECT_EQ(S(a.b), "(1,1):(0,0)");
  EXPECT_EQ(S(a.c), "(1,1):(0,0)");
  EXPECT_EQ(types_of(a), "f32,f32,f32,f32");
  EXPECT_EQ(types_of(find_mma_atom("UniversalFMA<double>")), "f64,f64,f64,f64");
  // Defaults: A = D, B = A, C = D.
  const MmaAtom m = find_mma_atom("UniversalFMA<float, half_t>");
  EXPECT_EQ(m.name, "UniversalFMA<float,half_t>");
  EXPECT_EQ(types_of(m), "f32,f16,f16,f32");
  EXPECT_EQ(find_mma_atom("UniversalFMA<float,half_t,half_t,float>").name, "UniversalFMA<float,half_t>");
  EXPECT_EQ(find_mma_atom("UniversalFMA<f32,f16,bf16>").name, "UniversalFMA<float,half_t,bfloat16_t>");
  EXPECT_EQ(find_mma_atom("UniversalFMA<float,float,float,double>").name,
            "UniversalFMA<float,float,float,double>");
  EXPECT_EQ(types_of(find_mma_atom("UniversalFMA<int32_t,int8_t,int8_t,int32_t>")), "s32,s8,s8,s32");
}

// ---------------------------------------------------------------------------------------------
// Section 2b: SM90 GMMA

const char* kGmmaF16Tags[] = {"F16F16F16", "F32F16F16", "F32BF16BF16"};

struct GmmaRow {
  int n;
  const char *kind, *a, *b, *c;
};

TEST(NvidiaGmma, Table2b) {
  const GmmaRow rows[] = {
      {8, "SS", "(128,(64,16)):(0,(1,64))", "(128,(8,16)):(0,(1,8))",
       "((4,8,4),(2,2,1)):((128,1,16),(64,8,512))"},
      {8, "RS", "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))", "(128,(8,16)):(0,(1,8))",
       "((4,8,4),(2,2,1)):((128,1,16),(64,8,512))"},
      {64, "SS", "(128,(64,16)):(0,(1,64))", "(128,(64,16)):(0,(1,64))",
       "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))"},
      {64, "RS", "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))", "(128,(64,16)):(0,(1,64))",
       "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))"},
      {128, "SS", "(128,(64,16)):(0,(1,64))", "(128,(128,16)):(0,(1,128))",
       "((4,8,4),(2,2,16)):((128,1,16),(64,8,512))"},
      {128, "RS", "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))", "(128,(128,16)):(0,(1,128))",
       "((4,8,4),(2,2,16)):((128,1,16),(64,8,512))"},
      {256, "SS", "(128,(64,16)):(0,(1,64))", "(128,(256,16)):(0,(1,256))",
       "((4,8,4),(2,2,32)):((128,1,16),(64,8,512))"},
      {256, "RS", "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))", "(128,(256,16)):(0,(1,256))",
       "((4,8,4),(2,2,32)):((128,1,16),(64,8,512))"},
  };
  const char* types[] = {"f16,f16,f16,f16", "f32,f16,f16,f32", "f32,bf16,bf16,f32"};
  for (int t = 0; t < 3; ++t)
    for (const GmmaRow& row : rows) {
      const std::string name = "SM90_64x" + std::to_string(row.n) + "x16_" + kGmmaF16Tags[t] + "_" +
                               row.kind + "<GMMA::Major::K,GMMA::Major::K>";
      SCOPED_TRACE(name);
      const MmaAtom a = find_mma_atom(name);
      EXPECT_EQ(a.name, name);
      EXPECT_EQ(a.arch, "sm90");
      EXPECT_EQ(shape_of(a), "(64," + std::to_string(row.n) + ",16)");
      EXPECT_EQ(S(a.thr_id), "128:1");
      EXPECT_EQ(S(a.a), row.a);
      EXPECT_EQ(S(a.b), row.b);
      EXPECT_EQ(S(a.c), row.c);
      EXPECT_EQ(types_of(a), types[t]);
    }
}

TEST(NvidiaGmma, GenericRuleEveryN) {
  const std::string rs_a = "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))";
  for (const char* tag : kGmmaF16Tags)
    for (int n = 8; n <= 256; n += 8) {
      const std::string ns = std::to_string(n);
      const std::string b = "(128,(" + ns + ",16)):(0,(1," + ns + "))";
      const std::string c = "((4,8,4),(2,2," + std::to_string(n / 8) + ")):((128,1,16),(64,8,512))";
      const std::string base = "SM90_64x" + ns + "x16_" + tag;
      SCOPED_TRACE(base);
      // tA/tB change no TV layout.
      for (const char* majors : {"<GMMA::Major::K,GMMA::Major::K>", "<GMMA::Major::MN,GMMA::Major::MN>",
                                 "<GMMA::Major::MN,GMMA::Major::K>", "<GMMA::Major::K,GMMA::Major::MN>"}) {
        const MmaAtom ss = find_mma_atom(base + "_SS" + majors);
        EXPECT_EQ(ss.name, base + "_SS" + majors);
        EXPECT_EQ(shape_of(ss), "(64," + ns + ",16)");
        EXPECT_EQ(S(ss.a), "(128,(64,16)):(0,(1,64))");
        EXPECT_EQ(S(ss.b), b);
        EXPECT_EQ(S(ss.c), c);
      }
      for (const char* majors : {"<GMMA::Major::K,GMMA::Major::K>", "<GMMA::Major::K,GMMA::Major::MN>"}) {
        const MmaAtom rs = find_mma_atom(base + "_RS" + majors);
        EXPECT_EQ(S(rs.a), rs_a);
        EXPECT_EQ(S(rs.b), b);
        EXPECT_EQ(S(rs.c), c);
        EXPECT_EQ(S(rs.thr_id), "128:1");
        EXPECT_EQ(rs.c.shape.size(), 2);
      }
    }
  // The RS A layout equals the N = 16 C layout.
  EXPECT_EQ(S(find_mma_atom("SM90_64x16x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>").c), rs_a);
}

TEST(NvidiaGmma, CFormulaMatchesCoordinates) {
  // C: m = t1 + 8*v1 + 16*t2, n = 2*t0 + v0 + 8*v2 with t = t0 + 4*t1 + 32*t2, v = v0 + 2*v1 + 4*v2.
  for (int n : {8, 24, 200, 256}) {
    const MmaAtom a =
        find_mma_atom("SM90_64x" + std::to_string(n) + "x16_F32F16F16_RS<GMMA::Major::K,GMMA::Major::K>");
    for (int64_t t = 0; t < 128; ++t)
      for (int64_t v = 0; v < n / 2; ++v) {
        const int64_t t0 = t % 4, t1 = t / 4 % 8, t2 = t / 32, v0 = v % 2, v1 = v / 2 % 2, v2 = v / 4;
        const int64_t m = t1 + 8 * v1 + 16 * t2, nn = 2 * t0 + v0 + 8 * v2;
        ASSERT_EQ(a.c(t + 128 * v), m + 64 * nn) << "N=" << n << " t=" << t << " v=" << v;
        if (v < 8) {  // A: k = 2*t0 + v0 + 8*v2
          ASSERT_EQ(a.a(t + 128 * v), m + 64 * (2 * t0 + v0 + 8 * v2));
        }
      }
  }
}

TEST(NvidiaGmma, OtherK) {
  // tf32, K = 8.
  const MmaAtom tf = find_mma_atom("SM90_64x64x8_F32TF32TF32_RS_TN");
  EXPECT_EQ(tf.name, "SM90_64x64x8_F32TF32TF32_RS_TN");
  EXPECT_EQ(shape_of(tf), "(64,64,8)");
  EXPECT_EQ(S(tf.a), "((4,8,4),(2,2)):((64,1,16),(8,256))");
  EXPECT_EQ(S(tf.b), "(128,(64,8)):(0,(1,64))");
  EXPECT_EQ(S(tf.c), "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))");
  EXPECT_EQ(types_of(tf), "f32,tf32,tf32,f32");
  const MmaAtom tfs = find_mma_atom("SM90_64x64x8_F32TF32TF32_SS_TN");
  EXPECT_EQ(S(tfs.a), "(128,(64,8)):(0,(1,64))");
  EXPECT_EQ(S(tfs.b), "(128,(64,8)):(0,(1,64))");
  // 8-bit, K = 32 (s8 and e4m3 printed).
  for (const char* tag : {"S32S8S8", "F32E4M3E4M3"}) {
    SCOPED_TRACE(tag);
    const MmaAtom rs = find_mma_atom(std::string("SM90_64x64x32_") + tag + "_RS_TN");
    EXPECT_EQ(shape_of(rs), "(64,64,32)");
    EXPECT_EQ(S(rs.a), "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))");
    EXPECT_EQ(S(rs.b), "(128,(64,32)):(0,(1,64))");
    EXPECT_EQ(S(rs.c), "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))");
    const MmaAtom ss = find_mma_atom(std::string("SM90_64x64x32_") + tag + "_SS_TN");
    EXPECT_EQ(S(ss.a), "(128,(64,32)):(0,(1,64))");
    EXPECT_EQ(S(ss.b), "(128,(64,32)):(0,(1,64))");
  }
  EXPECT_EQ(types_of(find_mma_atom("SM90_64x64x32_S32S8S8_SS_TN")), "s32,s8,s8,s32");
  EXPECT_EQ(types_of(find_mma_atom("SM90_64x64x32_S32U8S8_RS_TN_SATURATE")), "s32,u8,s8,s32");
  EXPECT_EQ(types_of(find_mma_atom("SM90_64x64x32_F32E4M3E4M3_SS_TN")), "f32,e4m3,e4m3,f32");
  EXPECT_EQ(types_of(find_mma_atom("SM90_64x8x32_F16E5M2E4M3_RS_TN")), "f16,e5m2,e4m3,f16");
  // Generic: C and B for every N of the tf32 and fp8 families.
  for (int n = 8; n <= 256; n += 8) {
    const std::string ns = std::to_string(n);
    const std::string c = "((4,8,4),(2,2," + std::to_string(n / 8) + ")):((128,1,16),(64,8,512))";
    const MmaAtom t = find_mma_atom("SM90_64x" + ns + "x8_F32TF32TF32_SS_TN");
    EXPECT_EQ(S(t.b), "(128,(" + ns + ",8)):(0,(1," + ns + "))");
    EXPECT_EQ(S(t.c), c);
    const MmaAtom f = find_mma_atom("SM90_64x" + ns + "x32_F32E5M2E5M2_RS_TN");
    EXPECT_EQ(S(f.b), "(128,(" + ns + ",32)):(0,(1," + ns + "))");
    EXPECT_EQ(S(f.c), c);
  }
  // Integer wgmma shapes: N in {8,16,24} or a multiple of 16.
  EXPECT_NE(registry().family("SM90_64x24x32_S32S8S8_SS_TN"), nullptr);
  EXPECT_NE(registry().family("SM90_64x240x32_S32U8U8_RS_TN_SATURATE"), nullptr);
  EXPECT_EQ(registry().family("SM90_64x40x32_S32S8S8_SS_TN"), nullptr);
  EXPECT_NE(registry().family("SM90_64x40x32_F32E4M3E5M2_SS_TN"), nullptr);
}

TEST(NvidiaGmma, MajorsAndScales) {
  // Short spellings and the default <K,K>.
  const std::string kk = "SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>";
  EXPECT_EQ(find_mma_atom("SM90_64x64x16_F16F16F16_SS").name, kk);
  EXPECT_EQ(find_mma_atom("SM90_64x64x16_F16F16F16_SS<>").name, kk);
  EXPECT_EQ(find_mma_atom("SM90_64x64x16_F16F16F16_SS<K,K>").name, kk);
  EXPECT_EQ(find_mma_atom("SM90_64x64x16_F16F16F16_SS<Major::K, SM90::GMMA::Major::K>").name, kk);
  EXPECT_EQ(find_mma_atom("cute::SM90_64x64x16_F16F16F16_SS< cute::GMMA::Major::MN , GMMA::Major::K >").name,
            "SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::K>");
  EXPECT_EQ(find_mma_atom("SM90_64x64x16_F16F16F16_SS<K,K,GMMA::ScaleIn::One,GMMA::ScaleIn::One>").name, kk);
  EXPECT_EQ(find_mma_atom("SM90_64x64x16_F16F16F16_RS<K,MN,GMMA::ScaleIn::Neg>").name,
            "SM90_64x64x16_F16F16F16_RS<GMMA::Major::K,GMMA::Major::MN,GMMA::ScaleIn::Neg>");
  EXPECT_EQ(find_mma_atom("SM90_64x64x8_F32TF32TF32_SS_TN<>").name, "SM90_64x64x8_F32TF32TF32_SS_TN");
  EXPECT_EQ(find_mma_atom("SM90_64x64x8_F32TF32TF32_SS_TN<GMMA::ScaleIn::One, Neg>").name,
            "SM90_64x64x8_F32TF32TF32_SS_TN<GMMA::ScaleIn::One,GMMA::ScaleIn::Neg>");
}

TEST(NvidiaGmma, RsNeedsKMajorA) {
  for (const char* tag : kGmmaF16Tags) {
    const std::string base = std::string("SM90_64x128x16_") + tag + "_RS";
    EXPECT_EQ(rule_of(base + "<GMMA::Major::MN,GMMA::Major::K>"), base + ": tA == GMMA::Major::K");
    EXPECT_EQ(rule_of(base + "<MN,MN>"), base + ": tA == GMMA::Major::K");
    EXPECT_EQ(rule_of(base + "<GMMA::Major::K,GMMA::Major::MN>"), "");
  }
  try {
    find_atom("SM90_64x8x16_F32BF16BF16_RS<GMMA::Major::MN,GMMA::Major::K>");
    FAIL();
  } catch (const AtomError& e) {
    EXPECT_NE(std::string(e.what()).find("K-major"), std::string::npos) << e.what();
  }
}

// ---------------------------------------------------------------------------------------------
// Section 3: copy atoms

struct CopyRow {
  const char* name;
  const char *thr, *src, *dst;
  bool ref_is_dst;
  const char *src16, *dst16;
};

TEST(NvidiaCopy, Table3) {
  const CopyRow rows[] = {
      {"SM75_U32x1_LDSM_N", "32:1", "((8,4),128):((128,0),1)", "(32,32):(32,1)", true, "((8,4),8):((8,0),1)",
       "(32,2):(2,1)"},
      {"SM75_U32x2_LDSM_N", "32:1", "((16,2),128):((128,0),1)", "(32,(32,2)):(32,(1,1024))", true,
       "((16,2),8):((8,0),1)", "(32,(2,2)):(2,(1,64))"},
      {"SM75_U32x4_LDSM_N", "32:1", "(32,128):(128,1)", "(32,(32,4)):(32,(1,1024))", true, "(32,8):(8,1)",
       "(32,(2,4)):(2,(1,64))"},
      {"SM75_U16x2_LDSM_T", "32:1", "((8,4),128):((128,0),1)", "((4,8),(16,2)):((256,16),(1,128))", true,
       "((8,4),8):((8,0),1)", "((4,8),(1,2)):((16,1),(1,8))"},
      {"SM75_U16x4_LDSM_T", "32:1", "((16,2),128):((128,0),1)", "((4,8),(16,2,2)):((256,16),(1,128,1024))",
       true, "((16,2),8):((8,0),1)", "((4,8),(1,2,2)):((16,1),(1,8,64))"},
      {"SM75_U16x8_LDSM_T", "32:1", "(32,128):(128,1)", "((4,8),(16,2,4)):((256,16),(1,128,1024))", true,
       "(32,8):(8,1)", "((4,8),(1,2,4)):((16,1),(1,8,64))"},
      {"SM90_U32x1_STSM_N", "32:1", "(32,32):(32,1)", "((8,4),128):((128,0),1)", false, "(32,2):(2,1)",
       "((8,4),8):((8,0),1)"},
      {"SM90_U32x2_STSM_N", "32:1", "(32,(32,2)):(32,(1,1024))", "((16,2),128):((128,0),1)", false,
       "(32,(2,2)):(2,(1,64))", "((16,2),8):((8,0),1)"},
      {"SM90_U32x4_STSM_N", "32:1", "(32,(32,4)):(32,(1,1024))", "(32,128):(128,1)", false,
       "(32,(2,4)):(2,(1,64))", "(32,8):(8,1)"},
      {"SM90_U16x2_STSM_T", "32:1", "((4,8),(16,2)):((256,16),(1,128))", "((8,4),128):((128,0),1)", false,
       "((4,8),(1,2)):((16,1),(1,8))", "((8,4),8):((8,0),1)"},
      {"SM90_U16x4_STSM_T", "32:1", "((4,8),(16,2,2)):((256,16),(1,128,1024))", "((16,2),128):((128,0),1)",
       false, "((4,8),(1,2,2)):((16,1),(1,8,64))", "((16,2),8):((8,0),1)"},
      {"SM90_U16x8_STSM_T", "32:1", "((4,8),(16,2,4)):((256,16),(1,128,1024))", "(32,128):(128,1)", false,
       "((4,8),(1,2,4)):((16,1),(1,8,64))", "(32,8):(8,1)"},
      {"UniversalCopy<uint128_t>", "1:0", "(1,128):(0,1)", "(1,128):(0,1)", false, "(1,8):(0,1)",
       "(1,8):(0,1)"},
      {"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "1:0", "(1,128):(0,1)", "(1,128):(0,1)", false, "(1,8):(0,1)",
       "(1,8):(0,1)"},
      {"SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", "1:0", "(1,128):(0,1)", "(1,128):(0,1)", false, "(1,8):(0,1)",
       "(1,8):(0,1)"},
      {"SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint128_t>", "1:0", "(1,128):(0,1)", "(1,128):(0,1)", false,
       "(1,8):(0,1)", "(1,8):(0,1)"},
      {"SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>", "1:0", "(1,128):(0,1)", "(1,128):(0,1)", false,
       "(1,8):(0,1)", "(1,8):(0,1)"},
  };
  for (const CopyRow& row : rows) {
    SCOPED_TRACE(row.name);
    const CopyAtom a = find_copy_atom(row.name);
    EXPECT_EQ(a.name, row.name);
    EXPECT_EQ(S(a.thr_id), row.thr);
    EXPECT_EQ(S(a.src), row.src);
    EXPECT_EQ(S(a.dst), row.dst);
    EXPECT_EQ(S(a.ref), row.ref_is_dst ? row.dst : row.src);
    const ValueLayouts v = value_layouts(a, 16);
    EXPECT_EQ(S(v.src), row.src16);
    EXPECT_EQ(S(v.dst), row.dst16);
    EXPECT_EQ(S(v.ref), row.ref_is_dst ? row.dst16 : row.src16);
  }
}

TEST(NvidiaCopy, ArchAndCopyBits) {
  const std::pair<const char*, std::pair<const char*, int>> cases[] = {
      {"UniversalCopy<uint128_t>", {"universal", 128}},
      {"UniversalCopy<uint8_t>", {"universal", 8}},
      {"SM75_U32x1_LDSM_N", {"sm75", 32}},
      {"SM75_U32x4_LDSM_N", {"sm75", 32}},
      {"SM75_U16x2_LDSM_T", {"sm75", 16}},
      {"SM75_U16x8_LDSM_T", {"sm75", 16}},
      {"SM90_U32x2_STSM_N", {"sm90", 32}},
      {"SM90_U16x4_STSM_T", {"sm90", 16}},
      {"SM80_CP_ASYNC_CACHEALWAYS<uint32_t>", {"sm80", 32}},
      {"SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", {"sm80", 128}},
  };
  for (const auto& [name, expected] : cases) {
    const CopyAtom a = find_copy_atom(name);
    EXPECT_EQ(a.arch, expected.first) << name;
    EXPECT_EQ(a.copy_bits, expected.second) << name;
  }
}

TEST(NvidiaCopy, Ldsm32BitValues) {
  const ValueLayouts v = value_layouts(find_copy_atom("SM75_U32x4_LDSM_N"), 32);
  EXPECT_EQ(S(v.src), "(32,4):(4,1)");
  EXPECT_EQ(S(v.dst), "(32,(1,4)):(1,(1,32))");
  EXPECT_EQ(S(v.ref), "(32,(1,4)):(1,(1,32))");
}

TEST(NvidiaCopy, UniversalCopyGeneric) {
  const std::pair<const char*, const char*> widths[] = {{"uint8_t", "(1,8):(0,1)"},
                                                        {"uint16_t", "(1,16):(0,1)"},
                                                        {"uint32_t", "(1,32):(0,1)"},
                                                        {"uint64_t", "(1,64):(0,1)"},
                                                        {"uint128_t", "(1,128):(0,1)"}};
  for (const auto& [t, l] : widths) {
    const CopyAtom a = find_copy_atom(std::string("UniversalCopy<") + t + ">");
    EXPECT_EQ(S(a.src), l);
    EXPECT_EQ(S(a.dst), l);
    EXPECT_EQ(S(a.ref), l);
  }
  const CopyAtom mixed = find_copy_atom("UniversalCopy<uint32_t,uint64_t>");
  EXPECT_EQ(mixed.name, "UniversalCopy<uint32_t,uint64_t>");
  EXPECT_EQ(S(mixed.src), "(1,32):(0,1)");
  EXPECT_EQ(S(mixed.dst), "(1,64):(0,1)");
  EXPECT_EQ(S(mixed.ref), "(1,32):(0,1)");
  // Recast examples: uint128 as f32, uint8 as u8.
  EXPECT_EQ(S(value_layouts(find_copy_atom("UniversalCopy<uint128_t>"), 32).src), "(1,4):(0,1)");
  EXPECT_EQ(S(value_layouts(find_copy_atom("UniversalCopy<uint8_t>"), 8).src), "(1,1):(0,1)");
  // Any value type of at least 8 bits, by C++ name or alias.
  EXPECT_EQ(find_copy_atom("UniversalCopy<half>").name, "UniversalCopy<half_t>");
  EXPECT_EQ(S(find_copy_atom("UniversalCopy<f16>").src), "(1,16):(0,1)");
  EXPECT_EQ(find_copy_atom("UniversalCopy<uint128_t,uint128_t>").name, "UniversalCopy<uint128_t>");
  EXPECT_EQ(S(find_copy_atom("UniversalCopy<complex<double>>").src), "(1,128):(0,1)");
  EXPECT_EQ(find_copy_atom("UniversalCopy<float_e4m3_t>").copy_bits, 8);
}

TEST(NvidiaCopy, CpAsync) {
  for (const char* base : {"SM80_CP_ASYNC_CACHEALWAYS", "SM80_CP_ASYNC_CACHEALWAYS_ZFILL"})
    for (const char* t : {"uint32_t", "uint64_t", "uint128_t", "float", "double"}) {
      const CopyAtom a = find_copy_atom(std::string(base) + "<" + t + ">");
      EXPECT_EQ(a.name, std::string(base) + "<" + t + ">");
      const int bits = value_type(t).bits;
      EXPECT_EQ(S(a.src), "(1," + std::to_string(bits) + "):(0,1)");
      EXPECT_EQ(S(a.dst), S(a.src));
      EXPECT_EQ(S(a.ref), S(a.src));
    }
  EXPECT_EQ(find_copy_atom("SM80_CP_ASYNC_CACHEALWAYS<float,uint32_t>").name,
            "SM80_CP_ASYNC_CACHEALWAYS<float,uint32_t>");
  EXPECT_EQ(find_copy_atom("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t,uint128_t>").name,
            "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>");
  EXPECT_EQ(S(value_layouts(find_copy_atom("SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>"), 16).src),
            "(1,8):(0,1)");
}

// CuTe 7107b05535f8, cute/arch/copy.hpp: DefaultCopy = AutoVectorizingCopyWithAssumedAlignment<8>,
// AutoVectorizingCopy = <128>, MaxVecBits in {8,16,32,64,128} (static_assert); cute/atom/copy_traits.hpp:
// Copy_Traits<AutoVectorizingCopyWithAssumedAlignment<N>> has ThrID Layout<_1> and Src = Dst = Ref =
// Layout<Shape<_1,_1>,Stride<_0,_0>>, which recast_layout<uint1_t, T> leaves as it is for every T.
TEST(NvidiaCopy, AutoVectorizingCopies) {
  const std::pair<const char*, int> rows[] = {
      {"DefaultCopy", 8},
      {"AutoVectorizingCopy", 128},
      {"AutoVectorizingCopyWithAssumedAlignment<8>", 8},
      {"AutoVectorizingCopyWithAssumedAlignment<16>", 16},
      {"AutoVectorizingCopyWithAssumedAlignment<32>", 32},
      {"AutoVectorizingCopyWithAssumedAlignment<64>", 64},
      {"AutoVectorizingCopyWithAssumedAlignment<128>", 128},
  };
  for (const auto& [name, n] : rows) {
    SCOPED_TRACE(name);
    const CopyAtom a = find_copy_atom(name);
    EXPECT_EQ(a.name, name);
    EXPECT_EQ(a.arch, "universal");
    EXPECT_EQ(S(a.thr_id), "1:0");
    EXPECT_EQ(S(a.src), "(1,1):(0,0)");
    EXPECT_EQ(S(a.dst), "(1,1):(0,0)");
    EXPECT_EQ(S(a.ref), "(1,1):(0,0)");
    EXPECT_EQ(a.max_vec_bits, n);
    EXPECT_EQ(a.copy_bits, n);  // the default value type: the op's register type uint_bit_t<N>
    // One value of any type per thread, sub-byte and wider-than-N types included.
    for (const char* t : {"uint1_t", "int4_t", "uint8_t", "half_t", "float", "double", "complex<double>"}) {
      const int bits = value_type(t).bits;
      const ValueLayouts v = value_layouts(a, bits);
      EXPECT_EQ(S(v.src), "(1,1):(0,0)") << t;
      EXPECT_EQ(S(v.dst), "(1,1):(0,0)") << t;
      EXPECT_EQ(S(v.ref), "(1,1):(0,0)") << t;
      EXPECT_EQ(with_value_bits(a, bits).val_bits, bits) << t;
    }
  }
  // The aliases say what they stand for, the template its alias.
  EXPECT_NE(find_copy_atom("DefaultCopy").note.find("= AutoVectorizingCopyWithAssumedAlignment<8>"),
            std::string::npos);
  EXPECT_NE(find_copy_atom("AutoVectorizingCopy").note.find("= AutoVectorizingCopyWithAssumedAlignment<128>"),
            std::string::npos);
  EXPECT_NE(find_copy_atom("AutoVectorizingCopyWithAssumedAlignment<8>").note.find("= DefaultCopy"),
            std::string::npos);
  EXPECT_NE(find_copy_atom("DefaultCopy").note.find("assumes no alignment"), std::string::npos);
  EXPECT_EQ(find_copy_atom("AutoVectorizingCopyWithAssumedAlignment<64>").note,
            "assumes 8-byte aligned pointers and dynamic strides");
  // Spellings: the default argument, cute::, whitespace, CuTe's _N.
  EXPECT_EQ(find_copy_atom("AutoVectorizingCopyWithAssumedAlignment<>").name,
            "AutoVectorizingCopyWithAssumedAlignment<128>");
  EXPECT_EQ(find_copy_atom("cute::AutoVectorizingCopyWithAssumedAlignment< 64 >").name,
            "AutoVectorizingCopyWithAssumedAlignment<64>");
  EXPECT_EQ(find_copy_atom("cute::DefaultCopy").name, "DefaultCopy");
  EXPECT_EQ(find_copy_atom(" cute :: AutoVectorizingCopy ").max_vec_bits, 128);
  // Every other copy atom has no vector width.
  EXPECT_EQ(find_copy_atom("UniversalCopy<uint128_t>").max_vec_bits, 0);
  EXPECT_EQ(find_copy_atom("SM75_U32x4_LDSM_N").max_vec_bits, 0);
}

// UniversalCopy<T> and cp.async as kernel code spells them: cute::, cutlass::, std::, CuTe's integer width
// templates.
TEST(NvidiaCopy, UniversalCopyAndCpAsyncSpellings) {
  struct Case {
    const char* name;
    const char* canonical;
    const char* bits;  // Src = Dst = Ref (1,bits):(0,1)
  };
  const Case cases[] = {
      {"cute::UniversalCopy<cute::uint128_t>", "UniversalCopy<uint128_t>", "128"},
      {"UniversalCopy<uint128_t>", "UniversalCopy<uint128_t>", "128"},
      {"UniversalCopy<cutlass::uint128_t>", "UniversalCopy<uint128_t>", "128"},
      {"cute::UniversalCopy<cutlass::uint128_t>", "UniversalCopy<uint128_t>", "128"},
      {"UniversalCopy<uint32_t,uint32_t>", "UniversalCopy<uint32_t>", "32"},
      {"UniversalCopy<uint32_t, uint32_t>", "UniversalCopy<uint32_t>", "32"},
      {"UniversalCopy<std::uint32_t>", "UniversalCopy<uint32_t>", "32"},
      {"UniversalCopy<uint_bit_t<128>>", "UniversalCopy<uint128_t>", "128"},
      {"cute::UniversalCopy<cute::uint_bit_t<64>>", "UniversalCopy<uint64_t>", "64"},
      {"UniversalCopy<uint_byte_t<16>>", "UniversalCopy<uint128_t>", "128"},
      {"UniversalCopy<int_bit_t<32>>", "UniversalCopy<int32_t>", "32"},
      {"UniversalCopy<cutlass::half_t>", "UniversalCopy<half_t>", "16"},
      {"UniversalCopy<half>", "UniversalCopy<half_t>", "16"},
      {"cute::SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>", "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "128"},
      {"SM80_CP_ASYNC_CACHEALWAYS<cutlass::uint128_t>", "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "128"},
      {"SM80_CP_ASYNC_CACHEGLOBAL<cute::uint128_t, cute::uint128_t>", "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>",
       "128"},
      {"SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint_bit_t<128>>", "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>",
       "128"},
      {"SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint32_t>", "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint32_t>", "32"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const CopyAtom a = find_copy_atom(c.name);
    EXPECT_EQ(a.name, c.canonical);
    const std::string l = std::string("(1,") + c.bits + "):(0,1)";
    EXPECT_EQ(S(a.src), l);
    EXPECT_EQ(S(a.dst), l);
    EXPECT_EQ(S(a.ref), l);
  }
  EXPECT_EQ(value_type("uint_bit_t<4>").name, "uint4_t");
  EXPECT_EQ(value_type("int_byte_t<8>").name, "int64_t");
  EXPECT_FALSE(parse_value_type("uint_bit_t<256>"));  // cutlass::uint256_t: no such type in tvlab
  EXPECT_FALSE(parse_value_type("uint_bit_t<3>"));
  EXPECT_FALSE(parse_value_type("uint_bit_t<x>"));
  EXPECT_EQ(rule_of("UniversalCopy<uint_bit_t<4>>"), "UniversalCopy: sizeof_bits(S) >= 8");
}

// The TMA ops (cute/arch/copy_sm90_tma.hpp, copy_sm100_tma.hpp) are known names, but CuTe has no
// Copy_Traits<Op> without the box make_tma_copy computes (Copy_Traits<Op, NumBitsPerTMA, AuxParams>):
// find_atom says so by rule, with the traits make_tma_copy gives.
TEST(NvidiaCopy, TmaOpsAreKnownButBuiltByMakeTmaCopy) {
  for (const char* op : {"SM90_TMA_LOAD", "SM90_TMA_LOAD_MULTICAST", "SM90_TMA_LOAD_IM2COL",
                         "SM90_TMA_LOAD_IM2COL_MULTICAST", "SM90_TMA_STORE", "SM90_TMA_STORE_IM2COL",
                         "SM90_TMA_REDUCE_ADD", "SM100_TMA_2SM_LOAD", "SM100_TMA_2SM_LOAD_MULTICAST"}) {
    SCOPED_TRACE(op);
    const AtomFamily* f = registry().family(op);
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->kind, "copy");
    EXPECT_TRUE(f->instances().empty());
    EXPECT_EQ(rule_of(op), std::string(op) + ": built by make_tma_copy");
    EXPECT_EQ(rule_of(std::string("cute::") + op), std::string(op) + ": built by make_tma_copy");
    EXPECT_EQ(rule_of(std::string(op) + "<half_t>"), std::string(op) + ": no template arguments");
  }
  try {
    find_atom("SM90_TMA_LOAD_MULTICAST");
    FAIL();
  } catch (const AtomError& e) {
    const std::string w = e.what();
    EXPECT_NE(w.find("Copy_Traits<SM90_TMA_LOAD_MULTICAST, NumBitsPerTMA>"), std::string::npos) << w;
    EXPECT_NE(w.find("ThrID 1:0"), std::string::npos) << w;
    EXPECT_NE(w.find("(1,NumBitsPerTMA):(0,1)"), std::string::npos) << w;
    EXPECT_NE(w.find("\"tma\""), std::string::npos) << w;
  }
  try {
    find_atom("SM100_TMA_2SM_LOAD");
    FAIL();
  } catch (const AtomError& e) {
    EXPECT_NE(
        std::string(e.what()).find("ThrID 2:1 = the CTA pair, bits (2,NumBitsPerTMA):(NumBitsPerTMA,1)"),
        std::string::npos)
        << e.what();
  }
  EXPECT_EQ(registry().family("SM90_TMA_LOAD")->arch, "sm90");
  EXPECT_EQ(registry().family("SM100_TMA_2SM_LOAD")->arch, "sm100");
}

// ---------------------------------------------------------------------------------------------
// Postconditions over every family

// Every index of the layout's domain, evaluated, sorted.
std::vector<int64_t> sorted_image(const Layout& l) {
  std::vector<int64_t> im = test::image(l);
  std::sort(im.begin(), im.end());
  return im;
}

std::vector<int64_t> iota_to(int64_t n) {
  std::vector<int64_t> v(n);
  std::iota(v.begin(), v.end(), 0);
  return v;
}

// A register layout (thr,val) -> index is a bijection onto [0,n). Shared-memory operands of SS GMMA
// (stride-0 thread mode) list the whole tile in their value mode instead. Each distinct (layout, n) is
// enumerated once: the GMMA families share a few dozen layouts.
void expect_operand(const Layout& l, int64_t n, const std::string& what) {
  static std::set<std::pair<std::string, int64_t>> checked;
  if (!checked.insert({S(l), n}).second) return;
  if (sorted_image(mode(l, 0)) == std::vector<int64_t>(size(mode(l, 0)), 0) && size(mode(l, 0)) > 1) {
    EXPECT_EQ(sorted_image(mode(l, 1)), iota_to(n)) << what << " " << S(l) << " (shared-memory operand)";
  } else {
    EXPECT_EQ(sorted_image(l), iota_to(n)) << what << " " << S(l);
  }
}

std::vector<std::string> all_instances(const std::string& kind) {
  std::vector<std::string> out;
  for (const AtomFamily* f : nvidia_families(kind))
    for (const std::string& name : f->instances()) out.push_back(name);
  return out;
}

TEST(NvidiaPostconditions, InstancesBuildUnderTheirCanonicalName) {
  int families = 0;
  for (const char* kind : {"mma", "copy"})
    for (const AtomFamily* f : nvidia_families(kind)) {
      ++families;
      EXPECT_FALSE(f->signature.empty()) << f->base;
      EXPECT_FALSE(f->ranges.empty()) << f->base;
      for (const std::string& name : f->instances()) {
        const Atom a = find_atom(name);
        EXPECT_EQ(atom_name(a), name);
        EXPECT_EQ(std::holds_alternative<MmaAtom>(a), std::string(kind) == "mma") << name;
        EXPECT_EQ(parse_atom_name(name).base, f->base);
      }
    }
  // 1 UniversalFMA + 76 fixed MMA atoms + GMMA (192 f16/bf16 + 64 tf32 + 512 fp8 + 288 s8/u8) + 27 copy
  // families (UniversalCopy, DefaultCopy, AutoVectorizingCopy[WithAssumedAlignment], 12 LDSM/STSM, 4
  // cp.async, 7 SM90 TMA ops).
  EXPECT_EQ(families, 1 + 76 + 192 + 64 + 512 + 288 + 1 + 3 + 12 + 4 + 7);
}

TEST(NvidiaPostconditions, MmaRegisterLayoutsAreBijections) {
  std::vector<std::string> names = all_instances("mma");
  for (const char* fma : {"UniversalFMA<float>", "UniversalFMA<double,half_t>"}) names.push_back(fma);
  ASSERT_GT(names.size(), 500u);
  for (const std::string& name : names) {
    const MmaAtom a = find_mma_atom(name);
    EXPECT_EQ(size(a.thr_id) * size(mode(a.c, 1)), a.m * a.n) << name;
    EXPECT_EQ(size(mode(a.a, 0)), size(a.thr_id)) << name;
    EXPECT_EQ(size(mode(a.b, 0)), size(a.thr_id)) << name;
    EXPECT_EQ(size(mode(a.c, 0)), size(a.thr_id)) << name;
    expect_operand(a.a, a.m * a.k, name + " A");
    expect_operand(a.b, a.n * a.k, name + " B");
    expect_operand(a.c, a.m * a.n, name + " C");
  }
}

TEST(NvidiaPostconditions, LdsmStsmSrcAndDstCoverTheSameBits) {
  int n = 0;
  for (const std::string& name : all_instances("copy")) {
    const CopyAtom a = find_copy_atom(name);
    std::vector<int64_t> src = sorted_image(a.src), dst = sorted_image(a.dst);
    src.erase(std::unique(src.begin(), src.end()), src.end());
    dst.erase(std::unique(dst.begin(), dst.end()), dst.end());
    if (name.find("LDSM") != std::string::npos || name.find("STSM") != std::string::npos) {
      EXPECT_EQ(src, dst) << name;
      EXPECT_EQ(src, iota_to(static_cast<int64_t>(src.size()))) << name;
      EXPECT_EQ(size(mode(a.src, 0)), 32) << name;
      EXPECT_EQ(size(mode(a.dst, 0)), 32) << name;
      ++n;
    }
    EXPECT_EQ(a.ref, name.find("LDSM") != std::string::npos ? a.dst : a.src) << name;
    // The default value type divides the copy and keeps every thread.
    const ValueLayouts v = value_layouts(a, a.copy_bits);
    EXPECT_EQ(size(mode(v.ref, 0)), size(mode(a.ref, 0))) << name;
  }
  EXPECT_EQ(n, 12);
}

// ---------------------------------------------------------------------------------------------
// Names and errors

TEST(NvidiaNames, WhitespaceAndCuteQualifier) {
  EXPECT_EQ(find_mma_atom("  cute::SM80_16x8x16_F32F16F16F32_TN ").name, "SM80_16x8x16_F32F16F16F32_TN");
  EXPECT_EQ(find_copy_atom("cute :: SM75_U32x4_LDSM_N").name, "SM75_U32x4_LDSM_N");
  EXPECT_EQ(find_copy_atom("cute::UniversalCopy< cute::uint128_t >").name, "UniversalCopy<uint128_t>");
  EXPECT_EQ(find_copy_atom("UniversalCopy<uint32_t , uint64_t>").name, "UniversalCopy<uint32_t,uint64_t>");
  EXPECT_EQ(find_copy_atom("cute::SM80_CP_ASYNC_CACHEALWAYS< cute::uint64_t >").name,
            "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>");
  EXPECT_EQ(find_mma_atom("cute::UniversalFMA<cute::half_t, cute::half_t>").name, "UniversalFMA<half_t>");
  EXPECT_EQ(
      find_mma_atom("cute::SM90_64x256x16_F32BF16BF16_RS< cute::GMMA::Major::K, cute::GMMA::Major::MN >")
          .name,
      "SM90_64x256x16_F32BF16BF16_RS<GMMA::Major::K,GMMA::Major::MN>");
  EXPECT_EQ(find_mma_atom("SM90_64x64x32_S32S8S8_RS_TN < >").name, "SM90_64x64x32_S32S8S8_RS_TN");
}

TEST(NvidiaErrors, InvalidParametersNameTheRule) {
  const std::pair<const char*, const char*> cases[] = {
      {"SM80_16x8x16_F32F16F16F32_TN<float>", "SM80_16x8x16_F32F16F16F32_TN: no template arguments"},
      {"SM75_U32x4_LDSM_N<>", "SM75_U32x4_LDSM_N: no template arguments"},
      {"UniversalCopy", "UniversalCopy: parameters"},
      {"UniversalCopy<uint8_t,uint8_t,uint8_t>", "UniversalCopy: parameters"},
      {"UniversalCopy<uint4_t>", "UniversalCopy: sizeof_bits(S) >= 8"},
      {"UniversalCopy<uint8_t,uint1_t>", "UniversalCopy: sizeof_bits(D) >= 8"},
      {"UniversalCopy<wide_t>", "UniversalCopy: S is a value type"},
      {"SM80_CP_ASYNC_CACHEALWAYS<uint16_t>", "SM80_CP_ASYNC_CACHEALWAYS: sizeof(S) in {4, 8, 16}"},
      {"SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint8_t>",
       "SM80_CP_ASYNC_CACHEALWAYS_ZFILL: sizeof(S) in {4, 8, 16}"},
      {"SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>", "SM80_CP_ASYNC_CACHEGLOBAL: sizeof(S) == 16"},
      {"SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<float>", "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL: sizeof(S) == 16"},
      {"SM80_CP_ASYNC_CACHEALWAYS<uint32_t,uint64_t>", "SM80_CP_ASYNC_CACHEALWAYS: sizeof(S) == sizeof(D)"},
      {"SM80_CP_ASYNC_CACHEGLOBAL", "SM80_CP_ASYNC_CACHEGLOBAL: parameters"},
      {"DefaultCopy<>", "DefaultCopy: no template arguments"},
      {"DefaultCopy<8>", "DefaultCopy: no template arguments"},
      {"AutoVectorizingCopy<128>", "AutoVectorizingCopy: no template arguments"},
      {"AutoVectorizingCopyWithAssumedAlignment", "AutoVectorizingCopyWithAssumedAlignment: parameters"},
      {"AutoVectorizingCopyWithAssumedAlignment<8,8>", "AutoVectorizingCopyWithAssumedAlignment: parameters"},
      {"AutoVectorizingCopyWithAssumedAlignment<4>",
       "AutoVectorizingCopyWithAssumedAlignment: MaxVecBits in {8, 16, 32, 64, 128}"},
      {"AutoVectorizingCopyWithAssumedAlignment<24>",
       "AutoVectorizingCopyWithAssumedAlignment: MaxVecBits in {8, 16, 32, 64, 128}"},
      {"AutoVectorizingCopyWithAssumedAlignment<256>",
       "AutoVectorizingCopyWithAssumedAlignment: MaxVecBits in {8, 16, 32, 64, 128}"},
      {"AutoVectorizingCopyWithAssumedAlignment<0>",
       "AutoVectorizingCopyWithAssumedAlignment: MaxVecBits in {8, 16, 32, 64, 128}"},
      {"AutoVectorizingCopyWithAssumedAlignment<half_t>",
       "AutoVectorizingCopyWithAssumedAlignment: MaxVecBits"},
      {"UniversalFMA", "UniversalFMA: parameters"},
      {"UniversalFMA<float,half,half,float,float>", "UniversalFMA: parameters"},
      {"UniversalFMA<float,quad>", "UniversalFMA: A is a value type"},
      {"SM90_64x64x16_F16F16F16_SS<GMMA::Major::T,GMMA::Major::K>",
       "SM90_64x64x16_F16F16F16_SS: tA in {GMMA::Major::K, GMMA::Major::MN}"},
      {"SM90_64x64x16_F16F16F16_SS<K,N>",
       "SM90_64x64x16_F16F16F16_SS: tB in {GMMA::Major::K, GMMA::Major::MN}"},
      {"SM90_64x64x16_F16F16F16_SS<K>", "SM90_64x64x16_F16F16F16_SS: parameters"},
      {"SM90_64x64x16_F16F16F16_RS<MN,K>", "SM90_64x64x16_F16F16F16_RS: tA == GMMA::Major::K"},
      {"SM90_64x64x16_F16F16F16_SS<K,K,Two>",
       "SM90_64x64x16_F16F16F16_SS: scaleA in {GMMA::ScaleIn::One, GMMA::ScaleIn::Neg}"},
      {"SM90_64x64x8_F32TF32TF32_SS_TN<One,One,One>", "SM90_64x64x8_F32TF32TF32_SS_TN: parameters"},
      {"SM90_64x64x8_F32TF32TF32_RS_TN<One,Zero>",
       "SM90_64x64x8_F32TF32TF32_RS_TN: scaleB in {GMMA::ScaleIn::One, GMMA::ScaleIn::Neg}"},
      {"SM90_64x264x16_F16F16F16_SS", "unknown atom"},
      {"SM90_64x12x16_F16F16F16_SS", "unknown atom"},
      {"SM90_64x40x32_S32S8S8_SS_TN", "unknown atom"},
      {"SM80_8x8x4_F16F16F16F16_TN", "unknown atom"},
  };
  for (const auto& [name, rule] : cases) EXPECT_EQ(rule_of(name), rule) << name;
  // The explanation names the allowed range.
  try {
    find_atom("SM80_CP_ASYNC_CACHEALWAYS<uint16_t>");
    FAIL();
  } catch (const AtomError& e) {
    EXPECT_NE(std::string(e.what()).find("4, 8 or 16 bytes"), std::string::npos) << e.what();
  }
  // Recasting to a width that does not divide the copy.
  EXPECT_THROW(value_layouts(find_copy_atom("SM75_U16x2_LDSM_T"), 32), AtomError);
  EXPECT_THROW(find_mma_atom("SM75_U32x4_LDSM_N"), AtomError);
  EXPECT_THROW(find_copy_atom("SM61_DP4A"), AtomError);
}

}  // namespace
}  // namespace tvlab
