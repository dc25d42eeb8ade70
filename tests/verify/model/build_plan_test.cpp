// build_plan over typed configurations: built in C++ as search builds them, cross-checked against the same
// configuration written as a JSON spec and read back (writer and reader, an independent path), over a
// generated family of SM80 and Xe configurations; literal plans; and the errors of values only a typed
// configuration can hold (a reader of text refuses them earlier, or cannot write them), each at its spec
// path.
#include "tvlab/verify/model/build_plan.hpp"

#include <gtest/gtest.h>

#include "tvlab/verify/readers/json_spec.hpp"
#include "tvlab/verify/report/plan_format.hpp"
#include "tvlab/verify/writers/spec_json.hpp"

namespace tvlab {
namespace {

// CUTLASS's SM80 f16 TN default (tests/data/specs/cutlass_sm80_f16_tn_128x128x32.json), built field by field.
KernelConfig sm80_f16_tn() {
  KernelConfig c;
  c.kernel.cta_tile = std::vector<int64_t>{128, 128, 32};
  c.kernel.stages = 3;
  c.kernel.mainloop = "MainloopSm80CpAsync";
  c.mma = MmaConfig{};
  c.mma->atom = "SM80_16x8x16_F32F16F16F32_TN";
  c.mma->atom_layout = Notation("(2,2,1)");
  c.mma->permutation = TilerConfig("(32,32,16)");
  for (const char* x : {"A", "B"}) {
    OperandConfig& o = c.operand_or_add(x);
    o.type = "half_t";
    o.gmem = GmemConfig{std::string(x[0] == 'A' ? "RowMajor" : "ColumnMajor"), 8};
    o.smem = SmemConfig{};
    o.smem->atom = "Sw<2,3,3> o (8,32):(32,1)";
    CopyConfig g2s;
    g2s.atom = "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>";
    g2s.thr_layout = Notation("(32,4):(4,1)");
    g2s.val_layout = Notation("(1,8)");
    o.smem->g2s = g2s;
    o.smem->s2r = CopyConfig::named("SM75_U32x4_LDSM_N");
  }
  return c;
}

std::string built(const KernelConfig& c) {
  return plan_to_json(build_plan(c)).dump();
}

// The configuration through its JSON text: config_to_json, then the JSON reader.
std::string through_text(const KernelConfig& c) {
  return plan_to_json(build_plan(read_json_spec(config_to_json(c).dump()))).dump();
}

std::string error_of(const KernelConfig& c) {
  try {
    build_plan(c);
  } catch (const SpecError& e) {
    return e.path() + ": " + e.what();
  }
  return "(built)";
}

TEST(BuildPlan, TypedConfigurationBuildsAsItsSpec) {
  const KernelConfig c = sm80_f16_tn();
  const Plan p = build_plan(c);
  ASSERT_TRUE(p.kernel);
  EXPECT_EQ(p.kernel->stages, 3);
  EXPECT_EQ(p.kernel->arch, "sm80");
  ASSERT_EQ(p.copies.size(), 2u);
  EXPECT_EQ(p.copies[0].name, "A");
  EXPECT_EQ(p.copies[0].how, "s2r");
  EXPECT_EQ(p.copies[0].copy.atom.name, "SM75_U32x4_LDSM_N");
  ASSERT_TRUE(p.copies[0].smem && p.copies[0].smem->staged);
  // tile_to_shape(Sw<2,3,3> o (8,32):(32,1), (128,32,3)) in tvlab notation (CuTe prints _N for static ints).
  EXPECT_EQ(to_string(*p.copies[0].smem->staged),
            "Sw<2,3,3> o 0 o ((8,16),(32,1),(1,3)):((32,256),(1,0),(0,4096))");
  EXPECT_EQ(built(c), through_text(c));
  EXPECT_EQ(built(c), plan_to_json(build_plan(read_json_spec(R"J({"cta_tile": [128, 128, 32], "stages": 3,
      "mainloop": "MainloopSm80CpAsync", "mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN", "atom_layout": "(2,2,1)",
      "permutation": "(32,32,16)"}, "operands": {
      "A": {"type": "half_t", "gmem": {"layout": "RowMajor", "alignment": 8}, "smem": {"atom": "Sw<2,3,3> o (8,32):(32,1)",
            "g2s": {"atom": "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "thr_layout": "(32,4):(4,1)", "val_layout": "(1,8)"},
            "s2r": "SM75_U32x4_LDSM_N"}},
      "B": {"type": "half_t", "gmem": {"layout": "ColumnMajor", "alignment": 8}, "smem": {"atom": "Sw<2,3,3> o (8,32):(32,1)",
            "g2s": {"atom": "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "thr_layout": "(32,4):(4,1)", "val_layout": "(1,8)"},
            "s2r": "SM75_U32x4_LDSM_N"}}}})J")))
                          .dump());
}

// A generated family: warp arrangements, permutations as text or mode by mode, swizzles, stages, g2s thread
// layouts, plain and transposed ldmatrix. Each builds (or is refused) the same way through its JSON text.
TEST(BuildPlan, GeneratedConfigurationsAgreeWithTheirText) {
  int builtn = 0, refused = 0;
  for (const char* warps : {"(2,2,1)", "(4,1,1)", "(1,4,1)", "(2,2,1):(2,1,1)"})
    for (int perm = 0; perm < 3; ++perm)
      for (const char* atom : {"Sw<2,3,3> o (8,32):(32,1)", "(8,32):(32,1)", "Sw<3,3,3> o (8,64):(64,1)"})
        for (int64_t stages : {2, 3, 5})
          for (const char* thr : {"(32,4):(4,1)", "(16,8):(8,1)"})
            for (const char* s2r : {"SM75_U32x4_LDSM_N", "SM75_U16x8_LDSM_T", "UniversalCopy<half_t>"}) {
              KernelConfig c = sm80_f16_tn();
              c.kernel.stages = stages;
              c.mma->atom_layout = Notation(warps);
              if (perm == 1)
                c.mma->permutation = TilerConfig(std::vector<Notation>{int64_t(32), int64_t(32), "_"});
              if (perm == 2) c.mma->permutation.reset();
              for (OperandConfig& o : c.operands) {
                o.smem->atom = atom;
                o.smem->g2s->thr_layout = Notation(thr);
                o.smem->s2r = CopyConfig::named(s2r);
              }
              SCOPED_TRACE(config_to_json(c).dump());
              const std::string a = error_of(c);
              std::string b;
              try {
                build_plan(read_json_spec(config_to_json(c).dump()));
                b = "(built)";
              } catch (const SpecError& e) {
                b = e.path() + ": " + e.what();
              }
              ASSERT_EQ(a, b);
              if (a == "(built)") {
                ++builtn;
                EXPECT_EQ(built(c), through_text(c));
              } else {
                ++refused;
              }
            }
  EXPECT_GT(builtn, 100);
  EXPECT_GT(refused, 10);  // e.g. a 64-wide atom over the CTA's K of 32, an (8,64) g2s over it
}

TEST(BuildPlan, XeWorkGroupForm) {
  KernelConfig c;
  c.mma = MmaConfig{};
  c.mma->atom = "XE_DPAS_TT<8,float,bfloat16_t>";
  c.mma->tile = std::array<int64_t, 3>{256, 256, 32};
  c.mma->sg_layout = Notation("(8,4,1):(4,1,0)");
  for (auto [x, type, contiguous] :
       {std::tuple{"A", "bfloat16_t", "K"}, {"B", "bfloat16_t", "N"}, {"C", "float", "N"}}) {
    OperandConfig& o = c.operand_or_add(x);
    o.type = type;
    o.contiguous = contiguous;
  }
  const Plan p = build_plan(c);
  ASSERT_EQ(p.copies.size(), 3u);
  for (const PlannedCopy& copy : p.copies) EXPECT_EQ(copy.how, "auto") << copy.name;
  EXPECT_EQ(built(c), through_text(c));
}

// Values no JSON text reaches this way (the reader checks their kind first) or that only a program can build,
// refused at their paths with the words of the spec's errors.
TEST(BuildPlan, TypedValuesAreCheckedAtTheirPaths) {
  KernelConfig c = sm80_f16_tn();
  c.kernel.cta_tile = std::vector<int64_t>{128, 128};
  EXPECT_EQ(error_of(c), "cta_tile: expected [M, N, K], 3 positive integers");
  c.kernel.cta_tile = std::vector<int64_t>{128, 0, 32};
  EXPECT_EQ(error_of(c), "cta_tile[1]: expected an integer in [1, 2^48]");
  c = sm80_f16_tn();
  c.kernel.stages = 0;
  EXPECT_EQ(error_of(c), "stages: expected an integer from 1 to 64 (the pipeline's Stages)");
  c = sm80_f16_tn();
  c.mma->permutation = TilerConfig(std::vector<Notation>{int64_t(32), int64_t(32), int64_t(16), int64_t(1)});
  EXPECT_EQ(error_of(c), "mma.permutation: at most 3 modes (M,N,K)");
  c = sm80_f16_tn();
  c.operand("A")->gmem->alignment = 3;
  EXPECT_EQ(error_of(c), "operands.A.gmem.alignment: expected a power of two (elements), as AlignmentX");
  c = sm80_f16_tn();
  c.operand("B")->gmem->layout.reset();
  EXPECT_EQ(error_of(c).substr(0, 43), "operands.B.gmem.layout: missing: RowMajor o");
  c = sm80_f16_tn();
  c.operand("A")->type.reset();
  EXPECT_EQ(error_of(c), "operands.A.type: missing: the element type in memory, e.g. bfloat16_t");
  c = sm80_f16_tn();
  c.operand("A")->smem->layout = "(128,32):(32,1)";
  EXPECT_EQ(error_of(c).substr(0, 28), "operands.A.smem.atom: give \"");
  c = sm80_f16_tn();
  c.operand("A")->smem->s2r->name.reset();  // neither a name nor an atom
  EXPECT_EQ(error_of(c), "operands.A.smem.s2r.atom: missing: the copy atom's name");
  // An epilogue's parameter of another collective.
  c = sm80_f16_tn();
  c.kernel.epilogue = EpilogueConfig{};
  c.kernel.epilogue->collective = "DefaultEpilogue";
  c.kernel.epilogue->stages_c = 2;
  EXPECT_EQ(error_of(c), "epilogue.stages_c: not a parameter of DefaultEpilogue (collective)");
  // An SM90 TMA load given a thread layout: make_tma_copy tiles it from the smem layout.
  KernelConfig s;
  s.kernel.cta_tile = std::vector<int64_t>{128, 128, 32};
  s.kernel.stages = 4;
  s.kernel.mainloop = "MainloopSm90TmaGmma";
  s.mma = MmaConfig{};
  s.mma->atom = "SM90_64x64x8_F32TF32TF32_SS_TN";
  s.mma->atom_layout = Notation("(2,1,1)");
  for (const char* x : {"A", "B"}) {
    OperandConfig& o = s.operand_or_add(x);
    o.type = "float";
    o.gmem = GmemConfig{std::string(x[0] == 'A' ? "RowMajor" : "ColumnMajor"), std::nullopt};
    o.smem = SmemConfig{};
    o.smem->atom = "GMMA::Layout_K_SW128_Atom<tfloat32_t>";
    o.smem->g2s = CopyConfig::named("SM90_TMA_LOAD");
  }
  EXPECT_EQ(error_of(s), "(built)");
  s.operand("B")->smem->g2s = CopyConfig{};
  s.operand("B")->smem->g2s->atom = "SM90_TMA_LOAD";
  s.operand("B")->smem->g2s->thr_layout = Notation(int64_t(128));
  EXPECT_EQ(
      error_of(s),
      "operands.B.smem.g2s.thr_layout: a TMA load is tiled by make_tma_copy from the smem layout; give only "
      "its \"atom\"");
}

TEST(BuildPlan, NeitherMmaNorCopies) {
  EXPECT_EQ(error_of(KernelConfig{}), ": the spec has neither an \"mma\" nor \"copies\"");
}

}  // namespace
}  // namespace tvlab
