#include "tvlab/core/tiling/cute_print.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <sstream>

#include "../test_support.hpp"
#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;

std::string recorded(const std::string& rel) {
  std::ifstream f(std::string(TVLAB_TEST_DATA) + "/cute/prints/" + rel);
  EXPECT_TRUE(f) << rel;
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

PrintedMma one_mma(const std::string& text) {
  auto b = parse_cute_prints(text);
  EXPECT_EQ(b.size(), 1u);
  EXPECT_TRUE(b[0].mma);
  return *b[0].mma;
}
PrintedCopy one_copy(const std::string& text) {
  auto b = parse_cute_prints(text);
  EXPECT_EQ(b.size(), 1u);
  EXPECT_TRUE(b[0].copy);
  return *b[0].copy;
}
// Two layouts equal as functions of (thread, value) with the same thread count.
bool same_values(const Layout& x, const Layout& y) {
  if (size(x) != size(y) || size(mode(x, 0)) != size(mode(y, 0))) return false;
  for (int64_t i = 0; i < size(x); ++i)
    if (x(i) != y(i)) return false;
  return true;
}
Tiler evaluate_tiler(const std::string& text) {
  if (text.find(':') == std::string::npos && text.find('_') == std::string::npos)
    return Tiler::from_shape(parse_int_tuple(text));
  const Value v = evaluate(text);
  if (const Tiler* t = std::get_if<Tiler>(&v)) return *t;
  return Tiler::from_shape(std::get<IntTuple>(v));
}
std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const PrintError& e) {
    return e.what();
  }
  return "(no error)";
}

// The TiledMMAs recorded in tests/data/cute/prints (C++ and DSL), with the make_tiled_mma call they came
// from.
struct MmaCase {
  std::string file, atom, atom_layout, permutation;
  bool dsl;
};
const std::vector<MmaCase> kMmaCases = {
    {"mma_sm80_16x8x16_f32f16_2x2_32x32x16", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "(32,32,16)", true},
    {"mma_sm80_16x8x16_f16_2x2_permuted", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)",
     "(32,(8,2,2):(1,16,8),16)", true},
    {"mma_sm90_64x128x16_f32f16_ss_2x1", "SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
     "(2,1,1)", "", true},
    {"mma_sm70_8x8x4_f32f16_nt_2x2", "SM70_8x8x4_F32F16F16F32_NT", "(2,2,1)", "", false},
    {"mma_sm75_16x8x8_f32f16_2x1", "SM75_16x8x8_F32F16F16F32_TN", "(2,1,1)", "", false},
    {"mma_universal_fma_f32_16x16", "UniversalFMA<float,float,float,float>", "(16,16,1)", "", true},
    {"mma_sm80_16x8x32_s8_2x2_32x32x32", "SM80_16x8x32_S32S8S8S32_TN", "(2,2,1)", "(32,32,32)", false},
};

TiledMMA named(const MmaCase& c) {
  const Tiler perm = c.permutation.empty() ? Tiler(Underscore{}) : evaluate_tiler(c.permutation);
  return make_tiled_mma(find_mma_atom(c.atom), L(c.atom_layout), perm);
}

void expect_same_mma(const TiledMMA& got, const TiledMMA& want, const std::string& what) {
  EXPECT_EQ(S(got.thr_layout_vmnk), S(want.thr_layout_vmnk)) << what;
  for (int i = 0; i < 3; ++i) EXPECT_EQ(got.tile_mnk[i], want.tile_mnk[i]) << what;
  EXPECT_EQ(S(got.get_layoutA_TV()), S(want.get_layoutA_TV())) << what;
  EXPECT_EQ(S(got.get_layoutB_TV()), S(want.get_layoutB_TV())) << what;
  EXPECT_EQ(S(got.get_layoutC_TV()), S(want.get_layoutC_TV())) << what;
}

// Literal: what the recorded C++ print holds, and what tvlab builds from it.
TEST(CutePrint, LiteralSm80TiledMma) {
  const PrintedMma p = one_mma(recorded("cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt"));
  EXPECT_EQ(p.format, PrintFormat::Cpp);
  EXPECT_TRUE(p.tiled);
  EXPECT_EQ(S(p.thr_layout_vmnk), "(32,2,2,1):(1,32,64,0)");
  EXPECT_EQ(S(p.shape_mnk), "(16,8,16)");
  EXPECT_EQ(S(p.a), "((4,8),(2,2,2)):((32,1),(16,8,128))");
  const TiledMMA t = printed_tiled_mma(p);
  EXPECT_TRUE(t.atom.printed);
  EXPECT_EQ(t.atom.name, "MMA_Atom (printed)");
  EXPECT_EQ(t.tile_mnk[0], 32);
  EXPECT_EQ(t.tile_mnk[1], 32);
  EXPECT_EQ(t.tile_mnk[2], 16);
  // CuTe's get_layoutC_TV() of this TiledMMA, as tests/data/cute/prints/cpp/layout_sm80_c_tv.txt records it.
  EXPECT_EQ(S(t.get_layoutC_TV()), "((4,8,2,2),((2,2),(1,2))):((64,1,16,256),((32,8),(0,512)))");
  std::string c_tv = recorded("cpp/layout_sm80_c_tv.txt");
  c_tv.erase(std::remove(c_tv.begin(), c_tv.end(), '\n'), c_tv.end());
  EXPECT_EQ(S(t.get_layoutC_TV()), S(parse_layout(c_tv)));
}

// Cross-check: every recorded TiledMMA print (C++ and DSL) builds the TiledMMA of the make_tiled_mma call it
// was printed from, with and without naming the atom.
TEST(CutePrint, RecordedMmasAreTheirNamedTiledMmas) {
  for (const MmaCase& c : kMmaCases) {
    const TiledMMA want = named(c);
    for (const char* dir : {"cpp", "dsl"}) {
      if (std::string(dir) == "dsl" && !c.dsl) continue;
      const PrintedMma p = one_mma(recorded(std::string(dir) + "/" + c.file + ".txt"));
      EXPECT_EQ(p.format, std::string(dir) == "cpp" ? PrintFormat::Cpp : PrintFormat::Dsl);
      expect_same_mma(printed_tiled_mma(p), want, std::string(dir) + "/" + c.file);
      const TiledMMA with_atom = printed_tiled_mma(p, want.atom);
      EXPECT_FALSE(with_atom.atom.printed);
      EXPECT_EQ(with_atom.atom.name, want.atom.name);
      expect_same_mma(with_atom, want, std::string(dir) + "/" + c.file + " with atom");
    }
  }
}

// A print of the wrong atom is refused, naming the first layout that differs.
TEST(CutePrint, AtomCrossCheckRefusesOtherAtom) {
  const PrintedMma p = one_mma(recorded("cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt"));
  EXPECT_EQ(error_of([&] { (void)printed_tiled_mma(p, find_mma_atom("SM80_16x8x8_F32F16F16F32_TN")); }),
            "line 1: the print's Shape_MNK (16,8,16) is not SM80_16x8x8_F32F16F16F32_TN's (16,8,8)");
  const std::string e =
      error_of([&] { (void)printed_tiled_mma(p, find_mma_atom("SM80_16x8x32_S32S8S8S32_TN")); });
  EXPECT_NE(e.find("Shape_MNK"), std::string::npos) << e;
  // Same shape, other layouts: SM90 GMMA vs a printed SM80 atom cannot agree; an SM75 16x8x8 print against
  // the SM80 16x8x8 atom agrees (the same layouts).
  const PrintedMma sm75 = one_mma(recorded("cpp/mma_sm75_16x8x8_f32f16_2x1.txt"));
  EXPECT_NO_THROW((void)printed_tiled_mma(sm75, find_mma_atom("SM80_16x8x8_F32F16F16F32_TN")));
  const PrintedMma sm70 = one_mma(recorded("cpp/mma_sm70_8x8x4_f32f16_nt_2x2.txt"));
  EXPECT_EQ(error_of([&] { (void)printed_tiled_mma(sm70, find_mma_atom("SM70_8x8x4_F32F16F16F32_TN")); }),
            "line 1: the print's LayoutA_TV ((4,2),4):((8,4),1) is not SM70_8x8x4_F32F16F16F32_TN's "
            "(8,4):(1,8): index 1 maps to 8 in the print, 1 in the atom");
}

// A copy case: the recorded TiledCopy print and how tvlab builds the same copy from the named atom.
struct CopyCase {
  std::string file;
  std::function<TiledCopy()> build;
  bool dsl;
  PrintedRef dsl_ref;
};

TEST(CutePrint, RecordedCopiesAreTheirNamedTiledCopies) {
  const ValueType half = value_type("half_t"), f32 = value_type("float");
  const MmaCase sm80_case = kMmaCases[0];
  const TiledMMA sm80 = named(sm80_case);
  const TiledMMA fma = named(kMmaCases[5]);
  const std::vector<CopyCase> cases = {
      {"copy_sm80_cp_async_128b_f16_32x4",
       [&] {
         return make_tiled_copy(find_copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>"), half,
                                L("(32,4):(4,1)"), L("(1,8)"));
       },
       true, PrintedRef::Given},
      {"copy_ldsm_n_a_sm80",
       [&] { return make_tiled_copy_A(find_copy_atom("SM75_U32x4_LDSM_N"), half, sm80); }, true,
       PrintedRef::Dst},
      {"copy_ldsm_t_b_sm80",
       [&] { return make_tiled_copy_B(find_copy_atom("SM75_U16x8_LDSM_T"), half, sm80); }, true,
       PrintedRef::Dst},
      {"copy_ldsm_n_b_sm80",
       [&] { return make_tiled_copy_B(find_copy_atom("SM75_U32x2_LDSM_N"), half, sm80); }, false,
       PrintedRef::Dst},
      {"copy_universal_u64_f16_4x32",
       [&] {
         return make_tiled_copy(find_copy_atom("UniversalCopy<uint64_t>"), half, L("(4,32):(32,1)"),
                                L("(1,4)"));
       },
       true, PrintedRef::Given},
      {"copy_stsm_n_c_sm80",
       [&] { return make_tiled_copy_C(find_copy_atom("SM90_U32x4_STSM_N"), half, sm80); }, true,
       PrintedRef::Src},
      {"copy_universal_f32_c_fma",
       [&] { return make_tiled_copy_C(find_copy_atom("UniversalCopy<float>"), f32, fma); }, false,
       PrintedRef::Given},
  };
  for (const CopyCase& c : cases) {
    const TiledCopy want = c.build();
    for (const char* dir : {"cpp", "dsl"}) {
      if (std::string(dir) == "dsl" && !c.dsl) continue;
      const std::string what = std::string(dir) + "/" + c.file;
      const PrintedCopy p = one_copy(recorded(what + ".txt"));
      const PrintedRef ref = std::string(dir) == "dsl" ? c.dsl_ref : PrintedRef::Given;
      const TiledCopy got = printed_tiled_copy(p, want.value_type, ref);
      EXPECT_TRUE(got.atom.printed) << what;
      EXPECT_EQ(S(got.tile_shape()), S(want.tile_shape())) << what;
      EXPECT_EQ(S(got.tv), S(want.tv)) << what;
      EXPECT_EQ(S(got.get_layoutS_TV()), S(want.get_layoutS_TV())) << what;
      EXPECT_EQ(S(got.get_layoutD_TV()), S(want.get_layoutD_TV())) << what;
      // The atom's bit layouts (Copy_Traits' SrcLayout ...) are the named atom's as functions, thread for
      // thread.
      EXPECT_TRUE(same_values(got.atom.src, want.atom.src))
          << what << " " << S(got.atom.src) << " " << S(want.atom.src);
      EXPECT_TRUE(same_values(got.atom.dst, want.atom.dst))
          << what << " " << S(got.atom.dst) << " " << S(want.atom.dst);
      EXPECT_TRUE(same_values(got.atom.ref, want.atom.ref))
          << what << " " << S(got.atom.ref) << " " << S(want.atom.ref);
      EXPECT_EQ(size(mode(got.atom.src, 0)), size(got.atom.thr_id)) << what;
      const ValueLayouts gv = got.atom_values(), wv = want.atom_values();
      EXPECT_EQ(S(gv.src), S(wv.src)) << what;
      EXPECT_EQ(S(gv.dst), S(wv.dst)) << what;
      EXPECT_EQ(S(gv.ref), S(wv.ref)) << what;
      // Named: the printed layouts are the atom's; the copy is then that atom's.
      const TiledCopy with_atom = printed_tiled_copy(p, want.value_type, ref, want.atom);
      EXPECT_FALSE(with_atom.atom.printed) << what;
      EXPECT_EQ(with_atom.atom.name, want.atom.name) << what;
    }
  }
}

TEST(CutePrint, ValueTypes) {
  EXPECT_EQ(printed_value_type(one_copy(recorded("dsl/copy_ldsm_n_a_sm80.txt"))).name, "half_t");
  EXPECT_EQ(printed_value_type(one_copy(recorded("cpp/copy_ldsm_n_a_sm80.txt"))).name, "uint16_t");
  EXPECT_EQ(printed_value_type(one_copy(recorded("cpp/copy_universal_f32_c_fma.txt"))).name, "uint32_t");
  const PrintedCopy p = one_copy(recorded("cpp/copy_ldsm_n_a_sm80.txt"));
  EXPECT_EQ(error_of([&] { (void)printed_tiled_copy(p, value_type("float")); }),
            "line 1: the print's values are 16-bit, float is 32-bit");
  // The wrong named atom: U32x2 is not the printed U32x4.
  EXPECT_EQ(error_of([&] {
              (void)printed_tiled_copy(p, value_type("half_t"), PrintedRef::Given,
                                       find_copy_atom("SM75_U32x2_LDSM_N"));
            }),
            "line 1: the print's ValLayoutSrc (32,8):(8,1) is not SM75_U32x2_LDSM_N's ((16,2),8):((8,0),1) "
            "for half_t: "
            "index 16 maps to 128 in the print, 0 in the atom");
}

// The DSL prints no Ref layout: an atom whose Src and Dst differ needs the caller to say which, never a
// guess.
TEST(CutePrint, DslRefIsNeverGuessed) {
  const PrintedCopy p = one_copy(recorded("dsl/copy_ldsm_n_a_sm80.txt"));
  EXPECT_FALSE(p.ref);
  const std::string e = error_of([&] { (void)printed_copy_atom(p); });
  EXPECT_NE(e.find("prints no Ref layout and this atom's Src and Dst differ"), std::string::npos) << e;
  EXPECT_NO_THROW((void)printed_copy_atom(p, PrintedRef::Dst));
  // A DSL copy with Src == Dst needs none.
  EXPECT_NO_THROW((void)printed_copy_atom(one_copy(recorded("dsl/copy_universal_u64_f16_4x32.txt"))));
  // A C++ print's own Ref must agree with a "ref" that names the other layout.
  const PrintedCopy c = one_copy(recorded("cpp/copy_ldsm_n_a_sm80.txt"));
  EXPECT_EQ(error_of([&] { (void)printed_copy_atom(c, PrintedRef::Src); }),
            "line 1: the print's ValLayoutRef is not its Src layout, as \"ref\" says");
}

// sycl-tla's block 2D atoms print their operation: the copy is that atom (its printed layouts checked against
// tvlab's for the value type). The prints are written from sycl-tla's printing code
// (prints/sycl_tla/README.md).
TEST(CutePrint, SyclTlaBlock2dNamesItsOperation) {
  const ValueType bf16 = value_type("bfloat16_t");
  const PrintedCopy a = one_copy(recorded("sycl_tla/copy_xe_load_2d_a_bf16.txt"));
  EXPECT_EQ(a.op, "XE_LOAD_2D<16,32,32,16>");
  EXPECT_EQ(a.value_bits, 16);
  const TiledCopy c = printed_tiled_copy(a, bf16);
  EXPECT_FALSE(c.atom.printed);
  EXPECT_EQ(c.atom.name, "XE_LOAD_2D<16,32,32,16>");
  ASSERT_TRUE(c.atom.block2d);
  EXPECT_EQ(c.atom.block2d->block_width, 16);
  const PrintedCopy b = one_copy(recorded("sycl_tla/copy_xe_load_2d_vnni_b_bf16.txt"));
  EXPECT_EQ(b.op, "XE_LOAD_2D_VNNI<16,16,32,16>");
  EXPECT_EQ(printed_tiled_copy(b, bf16).atom.block2d->kind, Block2D::Kind::LoadVnni);
  // The TiledMMA of sycl-tla's TiledMMAHelper: the printed layouts are XE_DPAS_TT's.
  const PrintedMma m = one_mma(recorded("sycl_tla/mma_xe_dpas_bf16_256x256x32_8x4.txt"));
  const TiledMMA t = printed_tiled_mma(m, find_mma_atom("XE_DPAS_TT<8,float,bfloat16_t>"));
  EXPECT_EQ(S(t.get_layoutA_TV()), "((16,4,8),(8,(4,2))):((256,0,32),(1,(8,4096)))");
  // A layout that is not the named operation's, a BlockWidth missing, another atom named.
  std::string text = recorded("sycl_tla/copy_xe_load_2d_a_bf16.txt");
  std::string bad = text;
  bad.replace(bad.find("ValLayoutSrc: (_16,(_1,_32,_2)):(_0,"), 36, "ValLayoutSrc: (_16,(_1,_32,_2)):(_1,");
  EXPECT_NE(error_of([&] {
              (void)printed_tiled_copy(one_copy(bad), bf16);
            }).find("the print's ValLayoutSrc (16,(1,32,2)):(1,(1,32,16)) is not XE_LOAD_2D<16,32,32,16>'s"),
            std::string::npos)
      << error_of([&] { (void)printed_tiled_copy(one_copy(bad), bf16); });
  bad = text;
  bad.erase(bad.find("  BlockWidth:   16\n"), 19);
  EXPECT_EQ(error_of([&] { (void)parse_cute_prints(bad); }),
            "line 1: Copy_Atom (XE_LOAD_2D) has no BlockWidth line (a truncated print?)");
  EXPECT_EQ(error_of([&] {
              (void)printed_tiled_copy(a, bf16, PrintedRef::Given, find_copy_atom("XE_LOAD_2D<16,32,32>"));
            }),
            "line 1: the print names XE_LOAD_2D<16,32,32,16>, not XE_LOAD_2D<16,32,32>");
  bad = text;
  bad.replace(bad.find("Height:       32"), 16, "Height:       64");
  EXPECT_NE(error_of([&] {
              (void)printed_tiled_copy(one_copy(bad), bf16);
            }).find("the print names XE_LOAD_2D<16,64,32,16>: XE_LOAD_2D"),
            std::string::npos);
}

// print(tensor): the pointer (width, memory, address) and the tensor's layout after it.
TEST(CutePrint, TensorPrints) {
  const auto smem = read_tensor_print(recorded("cpp/tensor_smem_sw.txt"));
  ASSERT_TRUE(smem);
  EXPECT_EQ(smem->bits, 16);
  EXPECT_EQ(smem->memory, "smem");
  EXPECT_EQ(smem->layout, "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
  const auto gmem = read_tensor_print(recorded("cpp/tensor_gmem_dynamic.txt"));
  ASSERT_TRUE(gmem);
  EXPECT_EQ(gmem->bits, 32);
  EXPECT_EQ(gmem->memory, "gmem");
  EXPECT_EQ(S(parse_layout(gmem->layout)), "(128,64):(64,1)");
  const auto rmem = read_tensor_print(recorded("cpp/tensor_rmem_frag.txt"));
  ASSERT_TRUE(rmem);
  EXPECT_EQ(rmem->memory, "");
  EXPECT_EQ(rmem->layout, "(_4,_2):(_1,_4)");
  EXPECT_TRUE(read_tensor_print("ptr[8b]((nil)) o 4:1"));  // printf's %p of a null pointer
  EXPECT_TRUE(read_tensor_print("ptr[8b](nil) o 4:1") == std::nullopt);
  EXPECT_FALSE(read_tensor_print("ptr[8b]((nil) o 4:1"));
  // Notation, not tensors: a layout's smem_ptr flag, a plain layout, a pointer without a layout.
  EXPECT_FALSE(read_tensor_print(recorded("cpp/layout_sw128_k_f16.txt")));
  EXPECT_FALSE(read_tensor_print("smem_ptr[16b](unset) o (8,64):(64,1)"));
  EXPECT_FALSE(read_tensor_print("(8,64):(64,1)"));
  EXPECT_FALSE(read_tensor_print("gmem_ptr[32b](0x10)"));
  EXPECT_FALSE(read_tensor_print("gmem_ptr[0b](0x10) o 4:1"));
}

// CuTe DSL's print(tensor): "tensor<ptr<f16, smem, align<1024>, S<3,4,3>> o L>", the SM90 example's smem
// tensor (get_tensor(outer, swizzle=inner): the swizzle on the pointer, acting on bytes as C++'s smem_ptr
// flag does).
TEST(CutePrint, DslTensorPrints) {
  const auto sw = read_tensor_print(recorded("dsl/gemm_sm90_sA_tensor.txt"));
  ASSERT_TRUE(sw);
  EXPECT_EQ(sw->bits, 16);
  EXPECT_EQ(sw->memory, "smem");
  EXPECT_EQ(sw->layout, "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1),(1,7)):((64,512),(1,0),(0,8192))");
  // C++ CuTe's GMMA::Layout_K_SW128_Atom<half_t> has the same swizzle and pointer flag
  const std::string cpp = recorded("cpp/layout_sw128_k_f16.txt");
  EXPECT_EQ(cpp.substr(0, cpp.find(" o (")), sw->layout.substr(0, sw->layout.find(" o (")));
  const auto plain = read_tensor_print(" tensor<ptr<f32, gmem, align<16>> o (4,8):(8,1)>\n");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->bits, 32);
  EXPECT_EQ(plain->memory, "gmem");
  EXPECT_EQ(plain->layout, "(4,8):(8,1)");
  for (const char* bad :
       {"tensor<ptr<q7, smem, align<16>> o 4:1>", "tensor<ptr<f16, smem, align<16>, X<1>> o 4:1>",
        "tensor<ptr<f16, smem, align<16>> o 4:1", "tensor<ptr<f16> o 4:1>",
        "tensor<ptr<f16, smem, align<16>>>", "tensor<(4,8):(8,1)>"})
    EXPECT_FALSE(read_tensor_print(bad)) << bad;
}

// The atoms a print's layouts may have come from: every registry atom with these layouts, which a print alone
// cannot tell apart (F32 / F16 accumulators, F16 / BF16 inputs).
TEST(CutePrint, AtomsWithThePrintedLayouts) {
  const MmaAtom sm80 = printed_mma_atom(one_mma(recorded("cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt")));
  EXPECT_EQ(mma_atoms_with_layouts(sm80),
            (std::vector<std::string>{"SM80_16x8x16_F16F16F16F16_TN", "SM80_16x8x16_F32F16F16F32_TN",
                                      "SM80_16x8x16_F32BF16BF16F32_TN"}));
  const MmaAtom sm70 = printed_mma_atom(one_mma(recorded("cpp/mma_sm70_8x8x4_f32f16_nt_2x2.txt")));
  EXPECT_EQ(mma_atoms_with_layouts(sm70), std::vector<std::string>{"SM70_8x8x4_F32F16F16F32_NT"});
  // Every name found has the printed layouts (cross-check through the registry's own atoms).
  for (const std::string& n : mma_atoms_with_layouts(sm80))
    EXPECT_NO_THROW((void)printed_tiled_mma(one_mma(recorded("cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt")),
                                            find_mma_atom(n)))
        << n;
  // UniversalFMA is listed by its parameters, not searched.
  EXPECT_TRUE(
      mma_atoms_with_layouts(printed_mma_atom(one_mma(recorded("cpp/mma_universal_fma_f32_16x16.txt"))))
          .empty());
}

// Blocks, labels, comments, print(thr_mma), and the bare atoms.
TEST(CutePrint, BlocksAndLabels) {
  const std::string text = "# a kernel's prints\n=== mma ===\n" +
                           recorded("cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt") + "\n=== A ===\n" +
                           recorded("cpp/copy_ldsm_n_a_sm80.txt");
  const auto b = parse_cute_prints(text);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0].label, "mma");
  EXPECT_TRUE(b[0].mma);
  EXPECT_EQ(b[1].label, "A");
  EXPECT_EQ(b[1].copy->line, 14);
  EXPECT_TRUE(looks_like_cute_print(text));
  EXPECT_FALSE(looks_like_cute_print("using X = int;"));
  EXPECT_FALSE(looks_like_cute_print("{\"mma\": 1}"));
  const PrintedMma atom = one_mma(recorded("cpp/atom_mma_sm80_16x8x16_f32f16.txt"));
  EXPECT_FALSE(atom.tiled);
  const TiledMMA one = printed_tiled_mma(atom);
  EXPECT_EQ(S(one.thr_layout_vmnk), "(32,1,1,1):(1,0,0,0)");
  EXPECT_EQ(S(one.get_layoutA_TV()),
            S(make_tiled_mma(find_mma_atom("SM80_16x8x16_F32F16F16F32_TN")).get_layoutA_TV()));
  const std::string thr = "ThrMMA\n  Thr VMNK: (1,0,0,0)\n" + recorded("cpp/mma_sm75_16x8x8_f32f16_2x1.txt");
  EXPECT_TRUE(one_mma(thr).tiled);
}

// Generated: TiledMMAs of registry atoms over atom layouts and permutations, printed in C++ CuTe's format by
// this test (the format checked against the recorded print above), read back: the same TV layouts.
std::string cute_print(const TiledMMA& t, const Tiler& perm) {
  std::string s = "TiledMMA\n  ThrLayoutVMNK:  " + to_string(t.thr_layout_vmnk, Style::Cute) +
                  "\n  PermutationMNK: " + to_string(perm, Style::Cute) +
                  "\nMMA_Atom\n  ThrID:      " + to_string(t.atom.thr_id, Style::Cute) +
                  "\n  Shape_MNK:  (_" + std::to_string(t.atom.m) + ",_" + std::to_string(t.atom.n) + ",_" +
                  std::to_string(t.atom.k) + ")\n  LayoutA_TV: " + to_string(t.atom.a, Style::Cute) +
                  "\n  LayoutB_TV: " + to_string(t.atom.b, Style::Cute) +
                  "\n  LayoutC_TV: " + to_string(t.atom.c, Style::Cute) + "\n";
  return s;
}

TEST(CutePrint, FormatterReproducesTheRecordedPrint) {
  const MmaCase& c = kMmaCases[3];  // SM70: a non-compact ThrID, (_,_,_)
  EXPECT_EQ(cute_print(named(c), evaluate_tiler("(_,_,_)")), recorded("cpp/" + c.file + ".txt"));
}

TEST(CutePrint, GeneratedRoundTrip) {
  const char* atoms[] = {
      "SM80_16x8x16_F32F16F16F32_TN", "SM70_8x8x4_F32F16F16F32_NT",
      "SM75_16x8x8_F32F16F16F32_TN",  "UniversalFMA<float,float,float,float>",
      "SM80_16x8x32_S32S8S8S32_TN",   "SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
      "SM80_8x8x4_F64F64F64F64_TN"};
  const char* layouts[] = {"(1,1,1)", "(2,2,1)", "(4,1,1)", "(1,2,1)", "(2,2,1):(2,1,0)", "(2,1,2)"};
  int n = 0;
  for (const char* a : atoms)
    for (const char* l : layouts)
      for (int p = 0; p < 2; ++p) {
        const MmaAtom atom = find_mma_atom(a);
        const TiledMMA t0 = make_tiled_mma(atom, L(l));
        // Permutation: none, or the tile doubled in M as an interleaving layout.
        const Tiler perm =
            p == 0 ? evaluate_tiler("(_,_,_)")
                   : Tiler(Tiler::Modes{Tiler(make_layout(make_shape(t0.tile_mnk[0], 2), make_stride(2, 1))),
                                        Tiler(Underscore{}), Tiler(Underscore{})});
        const TiledMMA want = make_tiled_mma(atom, L(l), perm);
        const TiledMMA got = printed_tiled_mma(one_mma(cute_print(want, perm)));
        expect_same_mma(got, want, std::string(a) + " " + l + " perm " + std::to_string(p));
        ++n;
      }
  EXPECT_EQ(n, 84);
}

// Malformed prints: each a PrintError naming the line and what is wrong.
TEST(CutePrint, MalformedPrints) {
  const std::string good = recorded("cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt");
  auto without_last = [](std::string s) {
    s.pop_back();
    return s.substr(0, s.rfind('\n') + 1);
  };
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    s.replace(s.find(from), from.size(), to);
    return s;
  };
  auto parse_build = [](const std::string& t) {
    for (const PrintBlock& b : parse_cute_prints(t))
      if (b.mma) (void)printed_tiled_mma(*b.mma);
  };
  EXPECT_EQ(error_of([&] { parse_build(without_last(good)); }),
            "line 1: the MMA_Atom print has no LayoutC_TV line (a truncated print?)");
  EXPECT_EQ(
      error_of([&] { parse_build(good.substr(0, good.find("MMA_Atom"))); }),
      "line 3: a TiledMMA print continues with its atom (MMA_Atom), the text ends (a truncated print?)");
  EXPECT_EQ(
      error_of([&] { parse_build("garbage\n"); }),
      "line 1: expected a print's heading (TiledMMA, MMA_Atom, TiledCopy, Copy_Atom or CuTe DSL's Tiled MMA, "
      "MMA Atom, Tiled Copy, Copy Atom), got 'garbage'");
  EXPECT_EQ(error_of([&] { parse_build(""); }),
            "no print in the text (expected TiledMMA, TiledCopy, MMA_Atom or Copy_Atom)");
  EXPECT_EQ(error_of([&] { parse_build(replaced("_32:_1", "_64:_1")); }),
            "line 1: LayoutA_TV ((4,8),(2,2,2)):((32,1),(16,8,128)) has 32 threads, ThrID 64:1 64");
  EXPECT_EQ(error_of([&] {
              parse_build(replaced("(_32,_2,_2,_1):(_1,_32,_64,_0)", "(_32,_2,_2,_1):(_1,_64,_32,_0)"));
            }),
            "(no error)");
  EXPECT_EQ(error_of([&] {
              parse_build(replaced("(_32,_2,_2,_1):(_1,_32,_64,_0)", "(_32,_2,_2,_1):(_1,_32,_32,_0)"));
            }),
            "line 1: CuTe cannot tile this TiledMMA: Non-injective Layout detected in complement.: "
            "complement((64,2):(1,32), 96)");
  // A thread layout no atom layout tiles the ThrID to: the threads of M overlap the ThrID's.
  EXPECT_EQ(error_of([&] {
              parse_build(replaced("(_32,_2,_2,_1):(_1,_32,_64,_0)", "(_32,_2,_2,_1):(_1,_16,_64,_0)"));
            }),
            "line 1: ThrLayoutVMNK (32,2,2,1):(1,16,64,0) is not tiled_product(ThrID 32:1, AtomLayout) for "
            "any atom "
            "layout: not one CuTe builds");
  EXPECT_EQ(error_of([&] {
              parse_build(replaced("(_32,_2,_2,_1):(_1,_32,_64,_0)", "(_16,_2,_2,_1):(_1,_32,_64,_0)"));
            }),
            "line 1: ThrLayoutVMNK's first mode 16:1 is not the atom's ThrID 32:1");
  EXPECT_EQ(
      error_of([&] { parse_build(replaced("(_16,_8,_16)", "(_16,_8,_8)")); }),
      "line 1: LayoutA_TV ((4,8),(2,2,2)):((32,1),(16,8,128)) reaches index 255, outside the M*K = 128 atom "
      "tile of Shape_MNK (16,8,8)");
  EXPECT_EQ(error_of([&] { parse_build(replaced("LayoutB_TV: ((_4,_8)", "LayoutB_TV: ((_4,_8")); }),
            "line 8: LayoutB_TV: column 1: unbalanced '(': no matching ')'");
  EXPECT_EQ(error_of([&] { parse_build(replaced("  LayoutC_TV:", "  LayoutA_TV:")); }),
            "line 9: LayoutA_TV given twice (also at line 7)");
  EXPECT_EQ(error_of([&] { parse_build(replaced("  Shape_MNK:", "  Shape_XYZ:")); }),
            "line 6: 'Shape_XYZ' is not a line of a MMA_Atom print; it has ThrID, Shape_MNK, LayoutA_TV, "
            "LayoutB_TV, "
            "LayoutC_TV");
  EXPECT_EQ(error_of([&] { parse_build(replaced("MMA_Atom", "Copy_Atom")); }),
            "line 4: a TiledMMA print continues with its atom (MMA_Atom), got 'Copy_Atom'");
  EXPECT_EQ(error_of([&] { parse_build(replaced("MMA_Atom", "MMA Atom")); }),
            "line 4: the atom's heading is CuTe DSL's, the TiledMMA's C++ CuTe's: two prints mixed?");
  EXPECT_EQ(error_of([&] { parse_build(replaced("ThrID:", std::string("Thr\x01ID:"))); }),
            "line 5: a control character (byte 0x01) in a print");
  EXPECT_EQ(error_of([&] { parse_build("=== A ===\n=== B ===\n"); }),
            "line 2: two labels with no print between them (the first at line 1)");
  const std::string copy = recorded("cpp/copy_ldsm_n_a_sm80.txt");
  std::string bad_bits = copy;
  bad_bits.replace(bad_bits.find("16b"), 3, "16 bits");
  EXPECT_EQ(error_of([&] { (void)parse_cute_prints(bad_bits); }),
            "line 9: ValueType: expected the value width in bits, e.g. 16b, got '16 bits'");
  std::string dsl = recorded("dsl/copy_ldsm_n_a_sm80.txt");
  dsl.replace(dsl.find("f16"), 3, "f17");
  EXPECT_EQ(
      error_of([&] { (void)parse_cute_prints(dsl); }),
      "line 8: Value type: 'f17' is not a CuTe DSL element type tvlab knows (f16, bf16, f32, tf32, f64, i8, "
      "ui8, i16, i32, i64, i4, f8E4M3FN, f8E5M2, ...)");
  // A TV layout past its tile.
  std::string wide = copy;
  wide.replace(wide.find("_256"), 4, "_512");
  EXPECT_NE(error_of([&] {
              (void)printed_tiled_copy(one_copy(wide), value_type("half_t"));
            }).find("outside the 512-element tile"),
            std::string::npos);
}

}  // namespace
}  // namespace tvlab
