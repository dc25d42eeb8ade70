// NVIDIA CuTe MMA and copy atoms (CUTLASS 7107b05535f8), as data: the spec nvidia-atoms.md
// sections 1-3. Every layout below is written in CuTe notation exactly as CuTe prints it.
//
// Families:
//   MMA   UniversalFMA<D,A=D,B=A,C=D>; SM61 DP4A/DP2A; SM70 8x8x4 (8 variants); SM75 16x8x8, 8x8x16;
//         SM80 f16/bf16/tf32/f64/c64/s8/u8/s4/u4/u1 (with _SATURATE); SM90 16x8x{4,8,16} f64;
//         SM90 GMMA 64xNxK: f16/bf16 (K=16, <tA,tB> majors), tf32 (K=8), s8/u8 and e4m3/e5m2 (K=32).
//   Copy  UniversalCopy<S,D=S>; DefaultCopy, AutoVectorizingCopy, AutoVectorizingCopyWithAssumedAlignment<N>;
//         SM75 LDSM N/T; SM90 STSM N/T; SM80 cp.async CACHEALWAYS/CACHEGLOBAL (+ZFILL); the SM90/SM100 TMA op
//         names (known, but not atoms by themselves: make_tma_copy builds their atom for a box).
#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "nvidia_support.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

using namespace nv;

// Layouts shared by several rows of section 2a.
constexpr const char* kThr32 = "32:1";
constexpr const char* kSm70Thr = "(4,2):(1,16)";
constexpr const char* kSm70Row = "(8,4):(1,8)";
constexpr const char* kSm70Col = "((4,2),4):((8,4),1)";
constexpr const char* kSm70C16 = "(8,8):(1,8)";
constexpr const char* kSm70C32 = "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))";
constexpr const char* kC16x8 = "((4,8),(2,2)):((32,1),(16,8))";  // 16x8 accumulators
constexpr const char* kC8x8 = "((4,8),2):((16,1),8)";            // 8x8 accumulators

void register_fma_family(Registry& r) {
  AtomFamily f;
  f.arch = "universal";
  f.kind = "mma";
  f.base = "UniversalFMA";
  f.signature = "UniversalFMA<D, A = D, B = A, C = D>";
  f.ranges = "D, A, B, C: any value type (one multiply-add by one thread: shape (1,1,1))";
  f.make = [](const AtomName& n) -> Atom {
    expect_arg_count(n, 1, 4, "UniversalFMA<D[, A[, B[, C]]]>");
    const ValueType d = type_arg(n, 0, "D");
    const ValueType a = n.args.size() > 1 ? type_arg(n, 1, "A") : d;
    const ValueType b = n.args.size() > 2 ? type_arg(n, 2, "B") : a;
    const ValueType c = n.args.size() > 3 ? type_arg(n, 3, "C") : d;
    // Canonical: trailing arguments equal to their defaults are left out.
    std::vector<std::string> args = {d.name, a.name, b.name, c.name};
    std::size_t keep = 4;
    if (c == d) keep = 3;
    if (keep == 3 && b == a) keep = 2;
    if (keep == 2 && a == d) keep = 1;
    args.resize(keep);
    MmaSpec s{"UniversalFMA<" + join(args) + ">",
              "universal",
              1,
              1,
              1,
              "1:0",
              "(1,1):(0,0)",
              "(1,1):(0,0)",
              "(1,1):(0,0)",
              d.name,
              a.name,
              b.name,
              c.name};
    return build_mma(s);
  };
  f.instances = [] { return std::vector<std::string>{}; };  // any value types: unbounded
  r.add(std::move(f));
}

void register_sm61_to_sm90_mma(Registry& r) {
  add_mma(r, {"SM61_DP4A", "sm61", 1, 1, 4, "1:0", "(1,4):(0,1)", "(1,4):(0,1)", "(1,1):(0,0)", "s32", "s8",
              "s8", "s32"});
  add_mma(r, {"SM61_DP2A", "sm61", 1, 1, 2, "1:0", "(1,2):(0,1)", "(1,2):(0,1)", "(1,1):(0,0)", "s32", "s16",
              "s16", "s32"});

  // SM70 quad-pair atoms: TN = Row,Row; NT = Col,Col; NN = Col,Row; TT = Row,Col.
  const std::array<std::array<const char*, 3>, 4> sm70_majors = {{{"TN", kSm70Row, kSm70Row},
                                                                  {"NT", kSm70Col, kSm70Col},
                                                                  {"NN", kSm70Col, kSm70Row},
                                                                  {"TT", kSm70Row, kSm70Col}}};
  for (const auto& [suffix, a, b] : sm70_majors) {
    add_mma(r, {std::string("SM70_8x8x4_F16F16F16F16_") + suffix, "sm70", 8, 8, 4, kSm70Thr, a, b, kSm70C16,
                "f16", "f16", "f16", "f16"});
    add_mma(r, {std::string("SM70_8x8x4_F32F16F16F32_") + suffix, "sm70", 8, 8, 4, kSm70Thr, a, b, kSm70C32,
                "f32", "f16", "f16", "f32"});
  }

  // 16x8x8 half/bf16 (SM75 and SM80).
  {
    const char* a = "((4,8),(2,2)):((32,1),(16,8))";
    const char* b = "((4,8),2):((16,1),8)";
    add_mma(r, {"SM75_16x8x8_F32F16F16F32_TN", "sm75", 16, 8, 8, kThr32, a, b, kC16x8, "f32", "f16", "f16",
                "f32"});
    add_mma(r, {"SM75_16x8x8_F16F16F16F16_TN", "sm75", 16, 8, 8, kThr32, a, b, kC16x8, "f16", "f16", "f16",
                "f16"});
    add_mma(r, {"SM80_16x8x8_F16F16F16F16_TN", "sm80", 16, 8, 8, kThr32, a, b, kC16x8, "f16", "f16", "f16",
                "f16"});
    add_mma(r, {"SM80_16x8x8_F32F16F16F32_TN", "sm80", 16, 8, 8, kThr32, a, b, kC16x8, "f32", "f16", "f16",
                "f32"});
    add_mma(r, {"SM80_16x8x8_F32BF16BF16F32_TN", "sm80", 16, 8, 8, kThr32, a, b, kC16x8, "f32", "bf16",
                "bf16", "f32"});
  }
  // 16x8x16 half/bf16.
  {
    const char* a = "((4,8),(2,2,2)):((32,1),(16,8,128))";
    const char* b = "((4,8),(2,2)):((16,1),(8,64))";
    add_mma(r, {"SM80_16x8x16_F16F16F16F16_TN", "sm80", 16, 8, 16, kThr32, a, b, kC16x8, "f16", "f16", "f16",
                "f16"});
    add_mma(r, {"SM80_16x8x16_F32F16F16F32_TN", "sm80", 16, 8, 16, kThr32, a, b, kC16x8, "f32", "f16", "f16",
                "f32"});
    add_mma(r, {"SM80_16x8x16_F32BF16BF16F32_TN", "sm80", 16, 8, 16, kThr32, a, b, kC16x8, "f32", "bf16",
                "bf16", "f32"});
  }
  // tf32 (SM80) and the same layouts for f64 (SM90).
  {
    const char* a4 = "((4,8),2):((16,1),8)";
    const char* b4 = "((4,8),1):((8,1),0)";
    const char* a8 = "((4,8),(2,2)):((16,1),(8,64))";
    const char* b8 = "((4,8),2):((8,1),32)";
    add_mma(r, {"SM80_16x8x4_F32TF32TF32F32_TN", "sm80", 16, 8, 4, kThr32, a4, b4, kC16x8, "f32", "tf32",
                "tf32", "f32"});
    add_mma(r, {"SM90_16x8x4_F64F64F64F64_TN", "sm90", 16, 8, 4, kThr32, a4, b4, kC16x8, "f64", "f64", "f64",
                "f64"});
    add_mma(r, {"SM80_16x8x8_F32TF32TF32F32_TN", "sm80", 16, 8, 8, kThr32, a8, b8, kC16x8, "f32", "tf32",
                "tf32", "f32"});
    add_mma(r, {"SM90_16x8x8_F64F64F64F64_TN", "sm90", 16, 8, 8, kThr32, a8, b8, kC16x8, "f64", "f64", "f64",
                "f64"});
    add_mma(r, {"SM90_16x8x16_F64F64F64F64_TN", "sm90", 16, 8, 16, kThr32, "((4,8),(2,4)):((16,1),(8,64))",
                "((4,8),4):((8,1),32)", kC16x8, "f64", "f64", "f64", "f64"});
  }
  // 8-bit integer atoms.
  {
    const char* a8x8x16 = "((4,8),4):((32,1),8)";
    add_mma(r, {"SM75_8x8x16_S32S8S8S32_TN", "sm75", 8, 8, 16, kThr32, a8x8x16, a8x8x16, kC8x8, "s32", "s8",
                "s8", "s32"});
    struct Shape {
      const char* mnk;
      int64_t m, n, k;
      const char *a, *b, *c;
    };
    const std::array<Shape, 3> shapes = {{
        {"8x8x16", 8, 8, 16, a8x8x16, a8x8x16, kC8x8},
        {"16x8x16", 16, 8, 16, "((4,8),(4,2)):((64,1),(16,8))", "((4,8),4):((32,1),8)", kC16x8},
        {"16x8x32", 16, 8, 32, "((4,8),(4,2,2)):((64,1),(16,8,256))", "((4,8),(4,2)):((32,1),(8,128))",
         kC16x8},
    }};
    for (const Shape& s : shapes)
      for (const char* ta : {"S8", "U8"})
        for (const char* tb : {"S8", "U8"})
          for (const char* sat : {"", "_SATURATE"})
            add_mma(r, {std::string("SM80_") + s.mnk + "_S32" + ta + tb + "S32_TN" + sat, "sm80", s.m, s.n,
                        s.k, kThr32, s.a, s.b, s.c, "s32", ta[0] == 'S' ? "s8" : "u8",
                        tb[0] == 'S' ? "s8" : "u8", "s32"});
  }
  // f64 and complex<double> 8x8x4.
  {
    const char* ab = "((4,8),1):((8,1),0)";
    add_mma(r, {"SM80_8x8x4_F64F64F64F64_TN", "sm80", 8, 8, 4, kThr32, ab, ab, kC8x8, "f64", "f64", "f64",
                "f64"});
    add_mma(r, {"SM80_8x8x4_C64C64C64C64_TN", "sm80", 8, 8, 4, kThr32, ab, ab, kC8x8, "c64", "c64", "c64",
                "c64"});
  }
  // 4-bit integer atoms. The spec's table lists _SATURATE only for 16x8x64; CUTLASS defines it for all
  // three shapes (identical traits), so all three get it here.
  {
    struct Shape {
      const char* mnk;
      int64_t m, n, k;
      const char *a, *b, *c;
    };
    const std::array<Shape, 3> shapes = {{
        {"8x8x32", 8, 8, 32, "((4,8),(8)):((64,1),(8))", "((4,8),(8)):((64,1),(8))", kC8x8},
        {"16x8x32", 16, 8, 32, "((4,8),(8,2)):((128,1),(16,8))", "((4,8),(8)):((64,1),(8))", kC16x8},
        {"16x8x64", 16, 8, 64, "((4,8),(8,2,2)):((128,1),(16,8,512))", "((4,8),(8,2)):((64,1),(8,256))",
         kC16x8},
    }};
    for (const Shape& s : shapes)
      for (const char* ta : {"S4", "U4"})
        for (const char* tb : {"S4", "U4"})
          for (const char* sat : {"", "_SATURATE"})
            add_mma(r, {std::string("SM80_") + s.mnk + "_S32" + ta + tb + "S32_TN" + sat, "sm80", s.m, s.n,
                        s.k, kThr32, s.a, s.b, s.c, "s32", ta[0] == 'S' ? "s4" : "u4",
                        tb[0] == 'S' ? "s4" : "u4", "s32"});
  }
  // 1-bit atoms.
  for (const char* op : {"XORPOPC", "ANDPOPC"})
    add_mma(r, {std::string("SM80_16x8x256_S32U1U1S32_TN_") + op, "sm80", 16, 8, 256, kThr32,
                "((4,8),(32,2,2)):((512,1),(16,8,2048))", "((4,8),(32,2)):((256,1),(8,1024))", kC16x8, "s32",
                "u1", "u1", "s32"});
}

// ---------------------------------------------------------------------------------------------
// SM90 GMMA (warpgroup) atoms, spec section 2b: generic in N and K.

std::string gmma_ss_a(int64_t k) {
  return "(128,(64," + std::to_string(k) + ")):(0,(1,64))";
}
std::string gmma_b(int64_t n, int64_t k) {
  const std::string ns = std::to_string(n);
  return "(128,(" + ns + "," + std::to_string(k) + ")):(0,(1," + ns + "))";
}
std::string gmma_c(int64_t n) {
  return "((4,8,4),(2,2," + std::to_string(n / 8) + ")):((128,1,16),(64,8,512))";
}
std::string gmma_rs_a(int64_t k) {
  switch (k) {
    case 8:
      return "((4,8,4),(2,2)):((64,1,16),(8,256))";  // tf32
    case 16:
      return "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))";  // 16-bit
    default:
      return "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))";  // 8-bit, K = 32
  }
}

// GMMA::Major and GMMA::ScaleIn template arguments: `GMMA::Major::K`, `Major::K`, `K` (also with SM90::).
std::string enum_value(std::string a, const char* enum_name) {
  for (const std::string& prefix :
       {std::string("SM90::"), std::string("GMMA::"), std::string(enum_name) + "::"})
    if (a.rfind(prefix, 0) == 0) a.erase(0, prefix.size());
  return a;
}

struct GmmaTypes {
  std::string tag;  // name fragment, e.g. "F32BF16BF16"
  std::string td, ta, tb, tc;
};

// One GMMA family: base SM90_64x<N>x<K>_<tag>_<SS|RS>[_TN].
struct GmmaSpec {
  int64_t n, k;
  GmmaTypes types;
  bool rs;      // A in registers
  bool majors;  // template <tA, tB, scaleA = One, scaleB = One> (f16/bf16); else <scaleA = One, scaleB = One>
  std::string suffix;  // "" or "_SATURATE" (integer variants)
  std::string base() const {
    return "SM90_64x" + std::to_string(n) + "x" + std::to_string(k) + "_" + types.tag + (rs ? "_RS" : "_SS") +
           (majors ? "" : "_TN") + suffix;
  }
};

MmaAtom build_gmma(const GmmaSpec& g, const std::string& name) {
  MmaSpec s{name,
            "sm90",
            64,
            g.n,
            g.k,
            "128:1",
            g.rs ? gmma_rs_a(g.k) : gmma_ss_a(g.k),
            gmma_b(g.n, g.k),
            gmma_c(g.n),
            g.types.td,
            g.types.ta,
            g.types.tb,
            g.types.tc};
  return build_mma(s);
}

std::string gmma_scale_arg(const AtomName& n, std::size_t i, const char* what) {
  const std::string v = enum_value(n.args[i], "ScaleIn");
  if (v != "One" && v != "Neg")
    throw AtomError(n.base + ": " + what + " in {GMMA::ScaleIn::One, GMMA::ScaleIn::Neg}",
                    "'" + n.args[i] + "' is not a GMMA::ScaleIn value (One or Neg)");
  return "GMMA::ScaleIn::" + v;
}

void add_gmma(Registry& r, const GmmaSpec& g, const std::string& ranges) {
  AtomFamily f;
  f.arch = "sm90";
  f.kind = "mma";
  f.base = g.base();
  f.signature =
      g.majors ? f.base + "<tA, tB, scaleA = One, scaleB = One>" : f.base + "<scaleA = One, scaleB = One>";
  f.ranges = ranges;
  f.make = [g](const AtomName& n) -> Atom {
    std::vector<std::string> args;  // canonical spelling
    std::size_t next = 0;
    if (g.majors) {
      // <tA, tB> may be left out entirely: <K, K>.
      if (n.args.size() == 1 || n.args.size() > 4)
        throw AtomError(n.base + ": parameters", "expected " + n.base + "<tA, tB[, scaleA[, scaleB]]>, got " +
                                                     std::to_string(n.args.size()) + " template arguments");
      for (std::size_t i = 0; i < 2; ++i) {
        std::string v = i < n.args.size() ? enum_value(n.args[i], "Major") : "K";
        const char* what = i == 0 ? "tA" : "tB";
        if (v != "K" && v != "MN")
          throw AtomError(n.base + ": " + what + " in {GMMA::Major::K, GMMA::Major::MN}",
                          "'" + n.args[i] + "' is not a GMMA::Major value (K or MN)");
        if (i == 0 && g.rs && v != "K")
          throw AtomError(n.base + ": tA == GMMA::Major::K",
                          "an RS atom reads A from registers, which must be K-major; got tA = GMMA::Major::" +
                              v + " (use the SS atom for an MN-major A)");
        args.push_back("GMMA::Major::" + v);
      }
      next = 2;
    } else if (n.args.size() > 2) {
      throw AtomError(n.base + ": parameters", "expected " + n.base + "[<scaleA[, scaleB]>], got " +
                                                   std::to_string(n.args.size()) + " template arguments");
    }
    std::vector<std::string> scales;
    for (std::size_t i = next; i < n.args.size(); ++i)
      scales.push_back(gmma_scale_arg(n, i, i == next ? "scaleA" : "scaleB"));
    while (!scales.empty() && scales.back() == "GMMA::ScaleIn::One") scales.pop_back();
    args.insert(args.end(), scales.begin(), scales.end());
    return build_gmma(g, args.empty() ? n.base : n.base + "<" + join(args) + ">");
  };
  f.instances = [g, base = f.base] {
    if (!g.majors) return one(base);
    std::vector<std::string> v;
    for (const char* ta : {"K", "MN"})
      for (const char* tb : {"K", "MN"})
        if (!g.rs || std::string(ta) == "K")
          v.push_back(base + "<GMMA::Major::" + ta + ",GMMA::Major::" + tb + ">");
    return v;
  };
  r.add(std::move(f));
}

void register_gmma(Registry& r) {
  // f16/bf16, K = 16: every N multiple of 8 in 8..256 (main header and the opt-in extension header).
  const std::array<GmmaTypes, 3> k16 = {{{"F16F16F16", "f16", "f16", "f16", "f16"},
                                         {"F32F16F16", "f32", "f16", "f16", "f32"},
                                         {"F32BF16BF16", "f32", "bf16", "bf16", "f32"}}};
  const std::string ranges16 =
      "tA, tB in {GMMA::Major::K, GMMA::Major::MN} (default <K,K>); RS: tA = K; scaleA, scaleB in "
      "{GMMA::ScaleIn::One, GMMA::ScaleIn::Neg}";
  const std::string ranges_tn = "scaleA, scaleB in {GMMA::ScaleIn::One, GMMA::ScaleIn::Neg} (default One)";
  for (const GmmaTypes& t : k16)
    for (int64_t n = 8; n <= 256; n += 8)
      for (bool rs : {false, true}) add_gmma(r, {n, 16, t, rs, true, ""}, ranges16);
  // tf32, K = 8: N multiple of 8 in 8..256.
  for (int64_t n = 8; n <= 256; n += 8)
    for (bool rs : {false, true})
      add_gmma(r, {n, 8, {"F32TF32TF32", "f32", "tf32", "tf32", "f32"}, rs, false, ""}, ranges_tn);
  // fp8, K = 32: N multiple of 8 in 8..256; D/C f16 or f32, A/B e4m3 or e5m2.
  for (const char* acc : {"F16", "F32"})
    for (const char* ta : {"E4M3", "E5M2"})
      for (const char* tb : {"E4M3", "E5M2"}) {
        const std::string d = acc[2] == '6' ? "f16" : "f32";
        const GmmaTypes t{std::string(acc) + ta + tb, d, ta[3] == '3' ? "e4m3" : "e5m2",
                          tb[3] == '3' ? "e4m3" : "e5m2", d};
        for (int64_t n = 8; n <= 256; n += 8)
          for (bool rs : {false, true}) add_gmma(r, {n, 32, t, rs, false, ""}, ranges_tn);
      }
  // s8/u8, K = 32: N in {8, 16, 24} or a multiple of 16 in 32..256 (PTX wgmma integer shapes), with and
  // without _SATURATE.
  for (const char* ta : {"S8", "U8"})
    for (const char* tb : {"S8", "U8"}) {
      const GmmaTypes t{std::string("S32") + ta + tb, "s32", ta[0] == 'S' ? "s8" : "u8",
                        tb[0] == 'S' ? "s8" : "u8", "s32"};
      for (int64_t n = 8; n <= 256; n += 8)
        if (n <= 24 || n % 16 == 0)
          for (bool rs : {false, true})
            for (const char* sat : {"", "_SATURATE"}) add_gmma(r, {n, 32, t, rs, false, sat}, ranges_tn);
    }
}

// ---------------------------------------------------------------------------------------------
// Copy atoms, spec section 3 (layouts in bits: (thr, bit) -> bit)

struct CopySpec {
  std::string name, arch;
  std::string thr, src, dst;
  bool ref_is_dst;  // RefLayout = DstLayout (LDSM) or SrcLayout (STSM, per-thread copies)
  int copy_bits;    // the default value type's width
};

CopyAtom build_copy(const CopySpec& s) {
  CopyAtom atom;
  atom.name = s.name;
  atom.arch = s.arch;
  atom.thr_id = parse_layout(s.thr);
  atom.src = parse_layout(s.src);
  atom.dst = parse_layout(s.dst);
  atom.ref = s.ref_is_dst ? atom.dst : atom.src;
  atom.copy_bits = s.copy_bits;
  return atom;
}

void add_copy(Registry& r, CopySpec s) {
  AtomFamily f;
  f.arch = s.arch;
  f.kind = "copy";
  f.base = s.name;
  f.signature = s.name;
  f.ranges = "no parameters";
  f.make = [s](const AtomName& n) -> Atom {
    expect_no_args(n);
    return build_copy(s);
  };
  f.instances = [name = s.name] { return one(name); };
  r.add(std::move(f));
}

void register_ldsm_stsm(Registry& r) {
  // Per count: the row-address side (one 128-bit row per addressing thread; shared memory) and the
  // register side. N forms move 32-bit values, T forms 16-bit values transposed.
  struct Shape {
    const char* count;
    const char* rows;
    const char* regs;
  };
  const std::array<Shape, 3> n_shapes = {{
      {"1", "((8,4),128):((128,0),1)", "(32,32):(32,1)"},
      {"2", "((16,2),128):((128,0),1)", "(32,(32,2)):(32,(1,1024))"},
      {"4", "(32,128):(128,1)", "(32,(32,4)):(32,(1,1024))"},
  }};
  const std::array<Shape, 3> t_shapes = {{
      {"2", "((8,4),128):((128,0),1)", "((4,8),(16,2)):((256,16),(1,128))"},
      {"4", "((16,2),128):((128,0),1)", "((4,8),(16,2,2)):((256,16),(1,128,1024))"},
      {"8", "(32,128):(128,1)", "((4,8),(16,2,4)):((256,16),(1,128,1024))"},
  }};
  for (const Shape& s : n_shapes) {
    add_copy(r, {std::string("SM75_U32x") + s.count + "_LDSM_N", "sm75", "32:1", s.rows, s.regs, true, 32});
    add_copy(r, {std::string("SM90_U32x") + s.count + "_STSM_N", "sm90", "32:1", s.regs, s.rows, false, 32});
  }
  for (const Shape& s : t_shapes) {
    add_copy(r, {std::string("SM75_U16x") + s.count + "_LDSM_T", "sm75", "32:1", s.rows, s.regs, true, 16});
    add_copy(r, {std::string("SM90_U16x") + s.count + "_STSM_T", "sm90", "32:1", s.regs, s.rows, false, 16});
  }
}

// Per-thread copies of one S into one D: Src (1,bits(S)):(0,1), Dst (1,bits(D)):(0,1), Ref = Src.
CopyAtom per_thread_copy(const std::string& name, const std::string& arch, const ValueType& s,
                         const ValueType& d) {
  return build_copy({name, arch, "1:0", "(1," + std::to_string(s.bits) + "):(0,1)",
                     "(1," + std::to_string(d.bits) + "):(0,1)", false, s.bits});
}

std::string copy_name(const std::string& base, const ValueType& s, const ValueType& d) {
  return base + "<" + s.name + (d == s ? "" : "," + d.name) + ">";
}

std::string type_and_bytes(const ValueType& t) {
  return t.name + " (" + std::to_string(t.bits) + " bits)";
}

void register_universal_copy(Registry& r) {
  AtomFamily f;
  f.arch = "universal";
  f.kind = "copy";
  f.base = "UniversalCopy";
  f.signature = "UniversalCopy<S, D = S>";
  f.ranges = "S, D: value types of at least 8 bits (uint8_t..uint128_t, float, half_t, ...)";
  f.make = [](const AtomName& n) -> Atom {
    expect_arg_count(n, 1, 2, "UniversalCopy<S[, D]>");
    const ValueType s = type_arg(n, 0, "S");
    const ValueType d = n.args.size() > 1 ? type_arg(n, 1, "D") : s;
    for (const auto& [what, t] : {std::pair<const char*, ValueType>{"S", s}, {"D", d}})
      if (t.bits < 8)
        throw AtomError(std::string("UniversalCopy: sizeof_bits(") + what + ") >= 8",
                        std::string(what) + " = " + type_and_bytes(t) +
                            " is narrower than a byte; UniversalCopy copies whole values of 8 to 128 bits");
    return per_thread_copy(copy_name("UniversalCopy", s, d), "universal", s, d);
  };
  f.instances = [] {
    std::vector<std::string> v;
    for (int bits : {8, 16, 32, 64, 128})
      v.push_back(copy_name("UniversalCopy", uint_type(bits), uint_type(bits)));
    return v;
  };
  r.add(std::move(f));
}

// CuTe's auto-vectorizing copies (cute/arch/copy.hpp, cute/atom/copy_traits.hpp, cute/algorithm/copy.hpp):
//
//   template <int MaxVecBits = 128>
//   struct AutoVectorizingCopyWithAssumedAlignment : UniversalCopy<uint_bit_t<MaxVecBits>>
//     { static_assert(MaxVecBits == 8 || 16 || 32 || 64 || 128); };
//   using AutoVectorizingCopy = AutoVectorizingCopyWithAssumedAlignment<128>;
//   using DefaultCopy         = AutoVectorizingCopyWithAssumedAlignment<8>;
//
// Copy_Traits<AutoVectorizingCopyWithAssumedAlignment<N>>: ThrID Layout<_1>, SrcLayout = DstLayout =
// Layout<Shape<_1,_1>,Stride<_0,_0>> (one bit, stride 0), RefLayout = SrcLayout: unlike UniversalCopy<T>'s
// (1,bits(T)):(0,1), the stride-0 layout recasts to (1,1):(0,0) for every value type, so Copy_Atom<Op, T> is
// one value of any T per thread. cute::copy(atom, src, dst) then calls copy(Op{}, src, dst), which recasts
// the max_common_vector of src and dst to uint_bit_t<gcd(common * bits(T), gcd(max_alignment(src),
// max_alignment(dst), N))> when that is a whole number of bytes wider than T: vectors of up to N bits.
// The atom is named as written (DefaultCopy, AutoVectorizingCopy or the template, `<>` meaning <128>); its
// default value type is the op's register type uint_bit_t<N>.
constexpr std::array<int, 5> kVecBits = {8, 16, 32, 64, 128};

CopyAtom auto_vectorizing_copy(const std::string& name, int n) {
  CopyAtom atom = build_copy({name, "universal", "1:0", "(1,1):(0,0)", "(1,1):(0,0)", false, n});
  atom.max_vec_bits = n;
  const std::string alias = n == 8 ? "DefaultCopy" : n == 128 ? "AutoVectorizingCopy" : "";
  const std::string full = "AutoVectorizingCopyWithAssumedAlignment<" + std::to_string(n) + ">";
  const std::string same = name != full ? "= " + full + "; " : alias.empty() ? "" : "= " + alias + "; ";
  atom.note =
      same + (n == 8 ? "assumes no alignment of pointers or dynamic strides (cute::copy only packs "
                       "sub-byte values into bytes)"
                     : "assumes " + std::to_string(n / 8) + "-byte aligned pointers and dynamic strides");
  return atom;
}

void register_auto_vectorizing_copy(Registry& r) {
  for (const auto& [alias, n] :
       {std::pair<const char*, int>{"DefaultCopy", 8}, {"AutoVectorizingCopy", 128}}) {
    AtomFamily f;
    f.arch = "universal";
    f.kind = "copy";
    f.base = alias;
    f.signature = alias;
    f.ranges = "no parameters; = AutoVectorizingCopyWithAssumedAlignment<" + std::to_string(n) +
               ">: one value of any type per thread, cute::copy vectorizes up to " + std::to_string(n) +
               " bits";
    f.make = [name = std::string(alias), bits = n](const AtomName& an) -> Atom {  // clang 14: no binding capture
      expect_no_args(an);
      return auto_vectorizing_copy(name, bits);
    };
    f.instances = [name = std::string(alias)] { return one(name); };
    r.add(std::move(f));
  }
  AtomFamily f;
  f.arch = "universal";
  f.kind = "copy";
  f.base = "AutoVectorizingCopyWithAssumedAlignment";
  f.signature = "AutoVectorizingCopyWithAssumedAlignment<MaxVecBits = 128>";
  f.ranges =
      "MaxVecBits in {8, 16, 32, 64, 128}; one value of any type per thread, cute::copy vectorizes up to "
      "MaxVecBits bits (DefaultCopy = <8>, AutoVectorizingCopy = <128>)";
  f.make = [](const AtomName& an) -> Atom {
    if (!an.templated)
      throw AtomError(
          an.base + ": parameters",
          "a class template: write AutoVectorizingCopyWithAssumedAlignment<MaxVecBits> (or <> for "
          "128, DefaultCopy for 8, AutoVectorizingCopy for 128)");
    expect_arg_count(an, 0, 1, "AutoVectorizingCopyWithAssumedAlignment<MaxVecBits = 128>");
    const int64_t n = an.args.empty() ? 128 : atom_int_arg(an, 0, "MaxVecBits");
    if (std::find(kVecBits.begin(), kVecBits.end(), n) == kVecBits.end())
      throw AtomError(
          an.base + ": MaxVecBits in {8, 16, 32, 64, 128}",
          "MaxVecBits = " + std::to_string(n) +
              "; CuTe's static_assert: \"Expected MaxVecBits to be 8 or 16 or 32 or 64 or 128 for "
              "alignment and performance.\"");
    return auto_vectorizing_copy("AutoVectorizingCopyWithAssumedAlignment<" + std::to_string(n) + ">",
                                 static_cast<int>(n));
  };
  f.instances = [] {
    std::vector<std::string> v;
    for (int n : kVecBits) v.push_back("AutoVectorizingCopyWithAssumedAlignment<" + std::to_string(n) + ">");
    return v;
  };
  r.add(std::move(f));
}

// The TMA ops collectives take (GmemTiledCopyA = SM90_TMA_LOAD_MULTICAST, ...): cute/arch/copy_sm90_tma.hpp,
// copy_sm100_tma.hpp. They are not atoms by themselves: CuTe's Copy_Traits<Op, NumBitsPerTMA, AuxParams>
// needs the box, which make_tma_copy(op, gmem, smem_layout, cta_tile[, multicast]) computes (SM100 2SM:
// make_tma_atom_{A,B}_sm100), and Copy_Atom<Op, T> does not compile (Copy_Traits<Op> is the primary
// template's static_assert). The names are known so that a reader learns what they are: find_atom throws
// AtomError with the rule "<op>: built by make_tma_copy", naming the builder and the traits it gives.
struct TmaOp {
  const char* name;
  const char* arch;
  const char* what;
  bool pair;  // SM100 2SM: ThrID Layout<_2> (the CTA pair), Src (2,NumBitsPerTMA):(NumBitsPerTMA,1)
};

void register_tma_ops(Registry& r) {
  const TmaOp ops[] = {
      {"SM90_TMA_LOAD", "sm90", "TMA load, cp.async.bulk.tensor global -> shared", false},
      {"SM90_TMA_LOAD_MULTICAST", "sm90", "TMA load multicast to the CTAs of a cluster mask", false},
      {"SM90_TMA_LOAD_IM2COL", "sm90", "TMA im2col load", false},
      {"SM90_TMA_LOAD_IM2COL_MULTICAST", "sm90", "TMA im2col load, multicast", false},
      {"SM90_TMA_STORE", "sm90", "TMA store, shared -> global", false},
      {"SM90_TMA_STORE_IM2COL", "sm90", "TMA im2col store", false},
      {"SM90_TMA_REDUCE_ADD", "sm90", "TMA reduce-add store, shared -> global", false},
      {"SM100_TMA_2SM_LOAD", "sm100", "TMA load into the smem of a CTA pair", true},
      {"SM100_TMA_2SM_LOAD_MULTICAST", "sm100", "TMA load into the smem of a CTA pair, multicast", true},
  };
  for (const TmaOp& op : ops) {
    const std::string name = op.name;
    const std::string traits = op.pair ? "ThrID 2:1 = the CTA pair, bits (2,NumBitsPerTMA):(NumBitsPerTMA,1)"
                                       : "ThrID 1:0, bits (1,NumBitsPerTMA):(0,1)";
    const std::string builder =
        op.pair ? "make_tma_atom_A_sm100 / make_tma_atom_B_sm100(" + name +
                      "{}, gmem_tensor, smem_layout, mma_tiler, tiled_mma, cluster_shape)"
                : "make_tma_copy(" + name + "{}, gmem_tensor, smem_layout, cta_tile[, multicast])";
    AtomFamily f;
    f.arch = op.arch;
    f.kind = "copy";
    f.base = name;
    f.signature = name;
    f.ranges = std::string("no parameters; ") + op.what + ": make_tma_copy builds its atom (" + traits +
               ", NumBitsPerTMA = a box's bits); specs: operands.X.copy {\"tma\": ...}";
    f.make = [name, what = std::string(op.what), traits, builder](const AtomName& an) -> Atom {
      expect_no_args(an);
      throw AtomError(name + ": built by make_tma_copy",
                      name + " (" + what + ") is an op collectives take, not an atom by itself: " + builder +
                          " builds Copy_Atom<Copy_Traits<" + name + ", NumBitsPerTMA>, T> (" + traits +
                          ", NumBitsPerTMA = the bits of one TMA box); in a spec write operands.X.copy = "
                          "{\"tma\": {\"shape\": [...], \"stride\": [...]}} and `tvlab plan` prints the box");
    };
    f.instances = [] { return std::vector<std::string>{}; };  // no atom without a box
    r.add(std::move(f));
  }
}

void register_cp_async(Registry& r) {
  for (const char* cache : {"CACHEALWAYS", "CACHEGLOBAL"})
    for (const char* zfill : {"", "_ZFILL"}) {
      const std::string base = std::string("SM80_CP_ASYNC_") + cache + zfill;
      const bool global = cache[5] == 'G';
      const std::vector<int> bytes = global ? std::vector<int>{16} : std::vector<int>{4, 8, 16};
      AtomFamily f;
      f.arch = "sm80";
      f.kind = "copy";
      f.base = base;
      f.signature = base + "<S, D = S>";
      f.ranges = global ? "S, D: value types of 16 bytes, sizeof(S) == sizeof(D)"
                        : "S, D: value types of 4, 8 or 16 bytes, sizeof(S) == sizeof(D)";
      f.make = [base, global, bytes](const AtomName& n) -> Atom {
        expect_arg_count(n, 1, 2, base + "<S[, D]>");
        const ValueType s = type_arg(n, 0, "S");
        const ValueType d = n.args.size() > 1 ? type_arg(n, 1, "D") : s;
        bool ok = false;
        for (int b : bytes) ok |= s.bits == 8 * b;
        if (!ok)
          throw AtomError(base + (global ? ": sizeof(S) == 16" : ": sizeof(S) in {4, 8, 16}"),
                          "S = " + type_and_bytes(s) + "; cp.async." + (global ? "cg" : "ca") + " copies " +
                              (global ? "exactly 16 bytes" : "4, 8 or 16 bytes") + " per thread");
        if (s.bits != d.bits)
          throw AtomError(
              base + ": sizeof(S) == sizeof(D)",
              "S = " + type_and_bytes(s) + " and D = " + type_and_bytes(d) + " must have the same size");
        return per_thread_copy(copy_name(base, s, d), "sm80", s, d);
      };
      f.instances = [base, bytes] {
        std::vector<std::string> v;
        for (int b : bytes) v.push_back(copy_name(base, uint_type(8 * b), uint_type(8 * b)));
        return v;
      };
      r.add(std::move(f));
    }
}

}  // namespace

void register_nvidia(Registry& r) {
  register_fma_family(r);
  register_sm61_to_sm90_mma(r);
  register_gmma(r);
  register_universal_copy(r);
  register_auto_vectorizing_copy(r);
  register_ldsm_stsm(r);
  register_cp_async(r);
  register_tma_ops(r);
}

}  // namespace tvlab
