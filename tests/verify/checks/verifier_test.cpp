#include "tvlab/verify/checks/verifier.hpp"
#include "../verify_test_support.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <utility>

#include "tvlab/core/notation.hpp"
#include "tvlab/verify/layout/reorder_plan.hpp"
#include "tvlab/verify/readers/load.hpp"
#include "tvlab/verify/report/plan_format.hpp"

namespace tvlab {
namespace {

Report verify_file(const std::string& name) {
  std::ifstream in(std::string(TVLAB_TEST_DATA) + "/specs/" + name);
  std::ostringstream s;
  s << in.rdbuf();
  return verify_plan(build_plan_from_text(s.str()), name);
}
Report verify_gallery(const std::string& name) {
  std::ifstream in(std::string(TVLAB_TEST_DATA) + "/../../gallery/specs/" + name);
  std::ostringstream s;
  s << in.rdbuf();
  return verify_plan(build_plan_from_text(s.str()), name);
}
using test::check;

// Every make_block_2d_copy_{A,B,C,D} choice of the default tile against its MMA: all no-ops.
TEST(Verifier, DefaultXeTileProvesEverything) {
  const Report r = verify_gallery("xe_bf16_256x256x32.json");
  EXPECT_FALSE(r.failed(true));
  for (const CheckResult& c : r.checks) EXPECT_EQ(c.verdict, Verdict::Proved) << c.code << ": " << c.summary;
  EXPECT_EQ(check(r, "reorder.A").data["rlayout"], "1024:1");
  EXPECT_EQ(check(r, "reorder.B").data["kind"], "UU");
  EXPECT_EQ(check(r, "coverage.A").data["replication"], 4);  // 4 subgroups along N load the same A
}

TEST(Verifier, SelectorChoicesAreNoOpsAcrossTypes) {
  for (const char* atom : {"XE_DPAS_TT<8,float,half_t>", "XE_DPAS_TT<8,int32_t,int8_t>",
                           "XE_DPAS_TT<4,float,tfloat32_t>", "XE_DPAS_TT<8,float,bfloat16_t>"}) {
    const std::string a(atom);
    const std::string t = a.find("int8") != std::string::npos     ? "int8_t"
                          : a.find("tfloat") != std::string::npos ? "tfloat32_t"
                          : a.find("half") != std::string::npos   ? "half_t"
                                                                  : "bfloat16_t";
    const std::string acc = a.find("int32") != std::string::npos ? "int32_t" : "float";
    const std::string spec =
        R"J({"mma":{"atom":")J" + a + R"J(","tile":[64,64,32],"sg_layout":"(2,2,1):(2,1,0)"},
      "operands":{"A":{"type":")J" +
        t + R"J(","contiguous":"K"},"B":{"type":")J" + t + R"J(","contiguous":"N"},
                  "C":{"type":")J" +
        acc + R"J(","contiguous":"N"},"D":{"type":")J" + acc + R"J(","contiguous":"N"}}})J";
    const Report r = verify_plan(build_plan_from_text(spec), atom);
    for (const CheckResult& c : r.checks)
      EXPECT_EQ(c.verdict, Verdict::Proved) << atom << " " << c.code << ": " << c.summary;
  }
}

TEST(Verifier, Int8BForF16MmaIsAConvertingVVReorder) {
  const Report r = verify_file("xe_s8_b_f16_mma.json");
  EXPECT_FALSE(r.failed(false));
  EXPECT_TRUE(r.failed(true));  // --strict: the reorder is a warning
  const CheckResult& re = check(r, "reorder.B");
  EXPECT_EQ(re.verdict, Verdict::Refuted);
  EXPECT_EQ(re.severity, Severity::Warning);
  EXPECT_EQ(re.data["kind"], "VV");
  EXPECT_EQ(re.data["converts"], true);
  EXPECT_EQ(re.data["route"], "Xe_Reorder<VV,int8_t,half_t> (hand-written)");
  EXPECT_EQ(check(r, "fragment.B").verdict, Verdict::Proved);
}

TEST(Verifier, Uint4BForF16MmaIsUV) {
  const Report r = verify_file("xe_u4_b_f16_mma.json");
  EXPECT_EQ(check(r, "reorder.B").data["kind"], "UV");
}

TEST(Verifier, ColumnMajorAIsARealReorder) {
  const Report r = verify_file("xe_f16_a_col_major.json");
  const CheckResult& re = check(r, "reorder.A");
  EXPECT_EQ(re.verdict, Verdict::Refuted);
  EXPECT_EQ(re.data["converts"], false);
  EXPECT_GT(re.data["movs"].get<int>(), 0);
  ASSERT_EQ(re.witnesses.size(), 1u);
  EXPECT_EQ(re.witnesses[0], "copy D (T1,V0) -> (1,0) but MMA A expects (1,0) in (T0,V1)");
}

TEST(Verifier, PlainLoadOverrideForBf16BIsUVAndFailsWhenNoneExpected) {
  const Report r = verify_file("xe_bf16_b_plain_override.json");
  const CheckResult& re = check(r, "reorder.B");
  EXPECT_EQ(re.data["kind"], "UV");
  EXPECT_EQ(re.severity, Severity::Error);  // "reorder": "none"
  EXPECT_TRUE(r.failed(false));
}

TEST(Verifier, WrongValueWidthOnNvidiaIsAnError) {
  const Report r = verify_file("sm80_copy_c_half_on_float.json");
  const CheckResult& w = check(r, "width.C");
  EXPECT_EQ(w.verdict, Verdict::Refuted);
  EXPECT_EQ(w.severity, Severity::Error);
  EXPECT_TRUE(r.failed(false));
}

TEST(Verifier, WidthWitnessNamesWhatDiffers) {
  // Widths that differ: the witness compares them.
  const Report half_on_float = verify_file("sm80_copy_c_half_on_float.json");
  const CheckResult& c = check(half_on_float, "width.C");
  ASSERT_EQ(c.witnesses.size(), 1u);
  EXPECT_EQ(c.witnesses[0], "sizeof_bits(half_t) = 16 != sizeof_bits(float) = 32");
  // One width, two types (issue 33: the witness read "16 != 16"): it names the types.
  for (const auto& [type, mma] :
       {std::pair<std::string, std::string>{"bfloat16_t", "half_t"}, {"int16_t", "half_t"}}) {
    const Report r = verify_plan(build_plan_from_text(
        R"J({"mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN", "atom_layout": "(2,2,1)"},
            "operands": {"A": {"type": ")J" +
        type + R"J(", "copy": {"atom": "UniversalCopy<uint32_t>", "from_mma": true}}}})J"));
    const CheckResult& w = check(r, "width.A");
    EXPECT_EQ(w.verdict, Verdict::Refuted);
    EXPECT_EQ(w.severity, Severity::Error);
    ASSERT_EQ(w.witnesses.size(), 1u);
    EXPECT_EQ(w.witnesses[0],
              "value type " + type + " != " + mma + " (both 16 bits: the same width, another type)");
    EXPECT_EQ(w.witnesses[0].find("16 != 16"), std::string::npos);
  }
}

TEST(Verifier, Cutlass1953DestinationMatchesSourceNeedsInterleavedRows) {
  const Report r = verify_file("cutlass_1953_ldsm_t_int8.json");
  EXPECT_EQ(check(r, "fragment.B").verdict, Verdict::Proved);
  const CheckResult& s = check(r, "source.B");
  EXPECT_EQ(s.data["access_values"], 16);
  EXPECT_NE(s.summary.find("2 along K, then 8 along N"), std::string::npos) << s.summary;
}

TEST(Verifier, SyclTla357) {
  // FP8 GEMM: the U8 load puts the right columns in each lane but in block-fastest register order;
  // legacy mainloops convert element-wise without a reorder.
  const Report fp8 = verify_file("sycl_tla_357_u8_a_fp8.json");
  const CheckResult& re = check(fp8, "reorder.A");
  EXPECT_EQ(re.verdict, Verdict::Refuted);
  EXPECT_EQ(re.severity, Severity::Error);
  EXPECT_EQ(re.witnesses[0], "copy D (T0,V1) -> (0,16) but MMA A expects (0,16) in (T0,V32)");
  EXPECT_EQ(check(fp8, "fragment.A").verdict, Verdict::Proved);
  // The legacy int8 DPAS wants packed k pairs: the plain U8 load is wrong there, the packed one right.
  EXPECT_TRUE(verify_file("sycl_tla_357_u8_a_int8.json").failed(false));
  EXPECT_FALSE(verify_file("sycl_tla_357_packed_u8_a_int8.json").failed(true));
}

TEST(Verifier, Block2DRuntimeRules) {
  const Report r = verify_file("xe_block2d_runtime_bad.json");
  EXPECT_EQ(check(r, "block2d.A.width").verdict, Verdict::Refuted);  // 4095 x 2 bytes
  EXPECT_EQ(check(r, "block2d.A.pitch").verdict, Verdict::Refuted);
  EXPECT_EQ(check(r, "block2d.A.base").verdict, Verdict::Refuted);
  EXPECT_EQ(check(r, "block2d.A.height").verdict, Verdict::Proved);
}

TEST(Verifier, SlmPipelineWritesOnceAndReadsWritten) {
  const Report r = verify_gallery("xe_bf16_256x256x32_slm.json");
  for (const char* c : {"slm.A.r2s", "slm.A.s2r", "slm.B.r2s", "slm.B.s2r", "coverage.A", "coverage.B"})
    EXPECT_EQ(check(r, c).verdict, Verdict::Proved) << c;
  EXPECT_EQ(check(r, "coverage.A").data["replication"], 1);  // cooperative: no redundant loads
}

// sycl-tla e45955935: s2r delivers the MMA's fragments, so A (K-major) and B (N-major) reach the MMA
// through SLM with no reorder, for 16-bit, 8-bit and fp8-up-converted pipelines, 32 or 4 subgroups.
TEST(Verifier, SlmReordersAreNoOpsAsUpstreamBuildsThem) {
  struct Case {
    const char* atom;
    const char* tile;
    const char* sg;
    const char* type;
  };
  for (const Case& c :
       {Case{"XE_DPAS_TT<8,float,bfloat16_t>", "[256,256,32]", "(8,4,1):(4,1,0)", "bfloat16_t"},
        Case{"XE_DPAS_TT<8,float,half_t>", "[256,256,32]", "(8,4,1):(4,1,0)", "half_t"},
        Case{"XE_DPAS_TT<8,float,bfloat16_t>", "[64,64,32]", "(2,2,1):(2,1,0)", "bfloat16_t"},
        Case{"XE_DPAS_TT<8,float,half_t>", "[32,64,32]", "(1,4,1):(4,1,0)", "half_t"},
        Case{"XE_DPAS_TT<8,int32_t,int8_t>", "[256,256,64]", "(8,4,1):(4,1,0)", "int8_t"},
        Case{"XE_DPAS_TT<8,float,half_t>", "[64,64,32]", "(2,2,1):(2,1,0)", "float_e4m3_t"}}) {
    const std::string spec = std::string(R"J({"mma":{"atom":")J") + c.atom + R"J(","tile":)J" + c.tile +
                             R"J(,"sg_layout":")J" + c.sg + R"J("},"operands":{"A":{"type":")J" + c.type +
                             R"J(","contiguous":"K","copy":"coop"},"B":{"type":")J" + c.type +
                             R"J(","contiguous":"N","copy":"coop"}}})J";
    const Report r = verify_plan(build_plan_from_text(spec), "slm");
    for (const char* code : {"slm.A.r2s", "slm.A.s2r", "slm.B.r2s", "slm.B.s2r", "fragment.A", "fragment.B",
                             "reorder.A", "reorder.B"})
      EXPECT_EQ(check(r, code).verdict, Verdict::Proved)
          << c.atom << " " << c.tile << " " << c.type << " " << code << ": " << check(r, code).summary;
  }
}

// Upstream numbers s2r's subgroups with the redundant mode fastest; an MMA whose subgroups run M fastest
// gets another subgroup's A fragment through SLM, and verify says so.
TEST(Verifier, SlmWithMFastestSubgroupsIsRefuted) {
  const Report r = verify_plan(
      build_plan_from_text(R"J({"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[256,256,32],)J"
                           R"J("sg_layout":"(8,4,1):(1,8,0)"},"operands":{"A":{"type":"bf16",)J"
                           R"J("contiguous":"K","copy":"coop"}}})J"),
      "slm");
  EXPECT_EQ(check(r, "fragment.A").verdict, Verdict::Refuted) << check(r, "fragment.A").summary;
}

// make_block_2d_copy_D_subtiled (split-k): D covers the tile once, every subgroup stores one subtile of
// its C block; the subtile fragment ((n,m):(1@1,1@0), as FMHA's epilogue) needs an in-register reorder.
TEST(Verifier, SubtiledSplitKStoresOneSubtilePerSubgroup) {
  const Report r = verify_gallery("xe_bf16_64x64x64_splitk_subtiled.json");
  EXPECT_EQ(check(r, "coverage.D").verdict, Verdict::Proved);
  EXPECT_EQ(check(r, "coverage.D").data["replication"], 1);
  EXPECT_EQ(check(r, "subtile.D").verdict, Verdict::Proved) << check(r, "subtile.D").summary;
  // CuTe's get_layoutC_TV runs the K subgroups past the tile: reported, as a warning on Xe split-k.
  EXPECT_EQ(check(r, "coverage.mma.C").verdict, Verdict::Refuted);
  EXPECT_EQ(check(r, "coverage.mma.C").severity, Severity::Warning);
  EXPECT_FALSE(r.failed(false));
  const CheckResult& re = check(r, "reorder.D");
  EXPECT_NE(re.verdict, Verdict::Unknown) << re.summary;
  EXPECT_EQ(re.severity, Severity::Warning);
  // The same subtiles with the op given (make_block_2d_copy_CD_subtiled) and a subtile TV matching the
  // store's register order: a no-op.
  const Report same = verify_plan(
      build_plan_from_text(
          R"J({"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[64,64,64],"sg_layout":"(2,2,2):(2,1,4)"},)J"
          R"J("operands":{"D":{"type":"float","contiguous":"N","subtile":{"tv":"(16,(8,2,2)):(1@1,(1@0,8@0,16@1))",)J"
          R"J("sg_layout":"(2,1):(1@0,1@1)"}}}})J"),
      "subtiled");
  EXPECT_EQ(check(same, "subtile.D").verdict, Verdict::Proved) << check(same, "subtile.D").summary;
  EXPECT_EQ(check(same, "reorder.D").verdict, Verdict::Proved) << check(same, "reorder.D").summary;
  // More subtiles than K subgroups: the copy runs past the MMA's subgroups, refuted.
  const Report over = verify_plan(
      build_plan_from_text(
          R"J({"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[64,64,64],"sg_layout":"(2,2,2):(2,1,4)"},)J"
          R"J("operands":{"D":{"type":"float","contiguous":"N","subtile":{"tv":"(16,8):(1@1,1@0)",)J"
          R"J("sg_layout":"(4,2):(1@0,1@1)"}}}})J"),
      "subtiled");
  EXPECT_EQ(check(over, "subtile.D").verdict, Verdict::Refuted) << check(over, "subtile.D").summary;
}

// tf32 DPAS A with odd M: padding lanes alias earlier elements; coverage reports it, nothing crashes.
TEST(Verifier, Tf32OddMReportsReplicationOrHoles) {
  const Report r = verify_plan(
      build_plan_from_text(R"J({"mma":{"atom":"XE_DPAS_TT<3,float,tfloat32_t>","tile":[3,16,8]}})J"), "tf32");
  const CheckResult& a = check(r, "coverage.mma.A");
  EXPECT_NE(a.verdict, Verdict::Unknown) << a.summary;
}

TEST(ReorderPlan, Classification) {
  EXPECT_EQ(classify_xe_reorder(Layout(IntTuple(1024), IntTuple(1)), 2, 2), "UU");
  EXPECT_EQ(classify_xe_reorder(Layout(IntTuple(16), IntTuple(1)), 4, 2), "UU_Universal");
  const ReorderPlan same = plan_xe_reorder(parse_layout("(16,8):(1@1,1@0)"), parse_layout("(16,8):(1@1,1@0)"),
                                           value_type("bf16"), value_type("bf16"));
  EXPECT_TRUE(same.noop);
  EXPECT_EQ(to_string(same.rlayout), "128:1");
  EXPECT_EQ(same.movs, 0);
  EXPECT_THROW(plan_xe_reorder(parse_layout("(16,8):(1@1,1@0)"), parse_layout("(16,4):(1@1,1@0)"),
                               value_type("bf16"), value_type("bf16")),
               LayoutError);
}

// Spec loading of hostile JSON: duplicate keys and deep nesting are errors naming the JSON path; unknown
// keys are warnings with their path (not silently ignored); a width overflowing 64 bits is a refuted rule.
std::string spec_error_path(const std::string& text) {
  try {
    build_plan_from_text(text);
  } catch (const SpecError& e) {
    return e.path() + ": " + e.what();
  }
  return "no error";
}

TEST(Spec, DuplicateKeysAndDeepNestingAreErrors) {
  const std::string mma = R"("mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[8,16,16]})";
  EXPECT_EQ(spec_error_path("{" + mma + "," + mma + "}").substr(0, 18), "mma: duplicate key");
  EXPECT_EQ(spec_error_path("{" + mma + R"(,"operands":{"A":{"type":"bf16","type":"f16"}}})").substr(0, 31),
            "operands.A.type: duplicate key;");
  EXPECT_EQ(spec_error_path(R"({"copies":{"x":[1,{"a":1,"a":2}]}})").substr(0, 16), "copies.x[1].a: d");
  EXPECT_NE(spec_error_path(std::string(100000, '[') + std::string(100000, ']')).find("deeper than 64"),
            std::string::npos);
  EXPECT_NE(spec_error_path("{\"name\":\"\xff\"}").find("malformed JSON at byte"), std::string::npos);
}

TEST(Spec, UnknownKeysAreWarningsWithTheirPath) {
  const Plan p = build_plan_from_text(
      R"({"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[8,16,16],"tiel":1},"chekcs":[],)"
      R"("operands":{"A":{"type":"bf16","copy":{"atom":"XE_LOAD_2D<16,8,16>","from_mma":true,"x":0}}}})");
  ASSERT_EQ(p.warnings.size(), 3u);
  EXPECT_EQ(p.warnings[0].path, "chekcs");
  EXPECT_EQ(p.warnings[1].path, "mma.tiel");
  EXPECT_EQ(p.warnings[2].path, "operands.A.copy.x");
  EXPECT_EQ(p.warnings[1].what, "unknown key");
}

TEST(Verify, OperandWidthOverflowingInt64IsARefutedRule) {
  const Plan p = build_plan_from_text(
      R"({"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[8,16,16]},"operands":{"A":{"type":"bf16",)"
      R"("shape":[9223372036854775807,9223372036854775807],"pitch_bytes":9223372036854775807}}})");
  const Report r = verify_plan(p);
  bool seen = false;
  for (const CheckResult& c : r.checks)
    if (c.code == "block2d.A.width") {
      seen = true;
      EXPECT_EQ(c.verdict, Verdict::Refuted);
      EXPECT_NE(c.summary.find("more than 2^60 bytes"), std::string::npos) << c.summary;
    }
  EXPECT_TRUE(seen);
}

// SM90 operands in shared memory: the GMMA descriptor (desc.X) and the TMA restrictions (tma.X.<rule>).
std::string gmma_spec(const std::string& a_layout, const std::string& a_tma,
                      const std::string& atom_majors = "K,K", const std::string& contiguous = "K") {
  return R"({"mma":{"atom":"SM90_64x64x16_F32F16F16_SS<GMMA::Major::)" +
         atom_majors.substr(0, atom_majors.find(',')) +
         ",GMMA::Major::" + atom_majors.substr(atom_majors.find(',') + 1) +
         R"(>"},"operands":{"A":{"type":"half_t","contiguous":")" + contiguous + R"(","smem":{"layout":")" +
         a_layout + R"("})" + (a_tma.empty() ? "" : R"(,"copy":{"tma":)" + a_tma + "}") + "}}}";
}

TEST(Verify, GmmaDescriptorAndTmaChecks) {
  const Report ok = verify_gallery("sm90_f16_gmma_tma_128x128x64.json");
  EXPECT_FALSE(ok.failed(true));
  EXPECT_EQ(check(ok, "desc.A").data["value"], "0x4000004000010000");
  EXPECT_EQ(check(ok, "desc.A").data["block_offsets"].size(), 8u);  // 2 M blocks x 4 K blocks
  EXPECT_EQ(check(ok, "tma.B.box").data["box"].dump(), "[64,64]");  // multicast 2 halves 128
  // Rows of 64 bytes under a 128B swizzle: not canonical, the rule is named.
  const Report bad = verify_plan(build_plan_from_text(gmma_spec("Sw<3,3,3> o (64,16):(32,1)", "")), "bad");
  EXPECT_EQ(check(bad, "desc.A").verdict, Verdict::Refuted);
  EXPECT_EQ(check(bad, "desc.A").data["rule"], "GMMA_K.stride_00");
  // The atom reads A MN-major, the operand is K-major.
  const Report mism =
      verify_plan(build_plan_from_text(gmma_spec("Sw<3,3,3> o (64,16):(64,1)", "", "MN,K")), "mism");
  EXPECT_EQ(check(mism, "desc.A").verdict, Verdict::Refuted);
  // A pitch of 1004 half = 2008 bytes is not a multiple of 16.
  const Report pitch =
      verify_plan(build_plan_from_text(
                      gmma_spec("Sw<1,3,3> o (64,16):(16,1)", R"({"shape":[512,1004],"stride":[1004,1]})")),
                  "pitch");
  EXPECT_EQ(check(pitch, "tma.A.global_stride").verdict, Verdict::Refuted);
  EXPECT_EQ(check(pitch, "tma.A.box").verdict, Verdict::Proved);
  EXPECT_EQ(check(pitch, "desc.A").verdict, Verdict::Proved);  // SW32 K-major: canonical
  EXPECT_TRUE(pitch.failed(false));
  // A run-time leading dimension (copy.tma.ld_alignment): the stride rule holds for every ld that is a
  // multiple of 8 halfs (proved), is the caller's precondition for a bare int (not decided, never refuted,
  // never proved), and the representative extents are not reported as the user's.
  const auto runtime = [&](const std::string& stride, int align) {
    return verify_plan(
        build_plan_from_text(gmma_spec("Sw<1,3,3> o (64,16):(16,1)", R"({"shape":[262336,65584],"stride":)" +
                                                                         stride + R"(,"ld_alignment":)" +
                                                                         std::to_string(align) + "}")),
        "runtime");
  };
  for (const int align : {1, 2, 4, 8, 16}) {
    SCOPED_TRACE(align);
    const Report r = runtime("[65584,1]", align);
    const CheckResult& c = check(r, "tma.A.global_stride");
    EXPECT_EQ(c.verdict, align % 8 == 0 ? Verdict::Proved : Verdict::Unknown) << c.summary;
    EXPECT_TRUE(c.witnesses.empty());
    EXPECT_FALSE(r.failed(false));
    EXPECT_TRUE(check(r, "tma.A.box").data["global_dim"].is_null());
    if (align % 8) {
      EXPECT_NE(
          c.summary.find("holds when ld is a multiple of 8 elements (16 bytes): the leading dimension of "
                         "(M,K):(ld,_1)"),
          std::string::npos)
          << c.summary;
    }
  }
  EXPECT_NE(check(runtime("[1,262336]", 1), "tma.A.global_stride").summary.find("(M,K):(_1,ld)"),
            std::string::npos);
  // Brute force over the alignments: the verdict is proved exactly when every multiple of the alignment (the
  // first 64 of them) is a 16-byte stride, as the rule says.
  for (int align = 1; align <= 32; ++align) {
    bool all = true;
    for (int64_t k = 1; k <= 64; ++k) all = all && (k * align * 2) % 16 == 0;
    EXPECT_EQ(check(runtime("[65584,1]", align), "tma.A.global_stride").verdict,
              all ? Verdict::Proved : Verdict::Unknown)
        << align;
  }
}

// A copy whose values the atom does not tile has no partitions (CuTe's partition_S fails to compile): a
// spec error at val_layout, not an internal error when the plan is printed (a spec fuzzer finding).
TEST(Spec, CopyTheAtomDoesNotTileIsAnErrorAtValLayout) {
  const auto spec = [](const std::string& val) {
    return R"J({"copies":{"g2s":{"atom":"UniversalCopy<uint128_t>","value_type":"half_t",)J"
           R"J("thr_layout":"(32,8):(8,1)","val_layout":")J" +
           val + R"J("}}})J";
  };
  const std::string e = spec_error_path(spec("(5,8)"));
  EXPECT_EQ(e.substr(0, 22), "copies.g2s.val_layout:") << e;
  EXPECT_NE(e.find("the atom's 8 values a thread per call"), std::string::npos) << e;
  // (8,5) holds each call's 8 values contiguously: a valid copy, printed.
  EXPECT_EQ(spec_error_path(spec("(8,5)")), "no error");
  EXPECT_NO_THROW(plan_to_json(build_plan_from_text(spec("(8,5)"))).dump());
}

TEST(Spec, SmemAndTmaErrorsNameTheJsonPath) {
  EXPECT_EQ(spec_error_path(gmma_spec("Sw<3,3,3> o (64,16", "")).substr(0, 27),
            "operands.A.smem.layout: col");
  EXPECT_EQ(spec_error_path(gmma_spec("(64,16):(16,1)", R"({"stride":[16,1]})")).substr(0, 28),
            "operands.A.copy.tma.shape: m");
  EXPECT_EQ(
      spec_error_path(gmma_spec("(64,16):(16,1)", R"({"shape":[64,16],"stride":[16,"x"]})")).substr(0, 30),
      "operands.A.copy.tma.stride[1]:");
  EXPECT_EQ(spec_error_path(gmma_spec("(64,16):(16,1)", R"({"shape":[64,16],"stride":[16,1],"box":1})"))
                .substr(0, 27),
            "operands.A.copy.tma.box: un");
  EXPECT_EQ(
      spec_error_path(gmma_spec("(64,16):(16,1)", R"({"shape":[64,16],"stride":[16,1],"ld_alignment":0})"))
          .substr(0, 40),
      "operands.A.copy.tma.ld_alignment[0]: exp");
  EXPECT_EQ(spec_error_path(
                gmma_spec("(64,16):(16,1)", R"({"shape":[64,16,2],"stride":[16,1,1024],"ld_alignment":8})"))
                .substr(0, 76),
            "operands.A.copy.tma.ld_alignment: a run-time leading dimension needs a 2-mod");
  EXPECT_EQ(spec_error_path(gmma_spec("Sw<2,4,2> o (64,16):(16,1)", R"({"shape":[64,16],"stride":[16,1]})"))
                .substr(0, 21),
            "operands.A.copy.tma: ");
  EXPECT_EQ(spec_error_path(R"J({"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[8,16,16]},)J"
                            R"J("operands":{"A":{"type":"bf16","smem":{"layout":"(8,16)"}}}})J")
                .substr(0, 17),
            "operands.A.smem: ");
}
}  // namespace
}  // namespace tvlab

namespace tvlab {
namespace {

// The SM90 collective's GMMA descriptors (desc.X) against CuTe's verdicts
// (tests/data/cute/gmma_canonical.txt, tests/cute_oracle/gmma_canonical.sh, CUTLASS 4.2.0): where
// make_fragment_A/B(partition_A/B(sX)) static_asserts, desc.X is refuted with the same rule; where it
// compiles, desc.X is proved, except cases 3 and 6, whose permutations (of M; of K across two atoms' columns)
// CuTe compiles into descriptors that read other tile elements than its partition says (refuted:
// fragment_order, a run-time misbehaviour, not a static_assert).
TEST(GmmaCanonical, DescriptorsAsCuTeBuildsThem) {
  std::istringstream rec(test::read_data("cute/gmma_canonical.txt"));
  std::string line;
  int cases = 0;
  while (std::getline(rec, line)) {
    if (line.empty() || line[0] == '#') continue;
    const int n = std::stoi(line.substr(5));
    const std::string verdict = line.substr(line.find(": ") + 2);
    SCOPED_TRACE(line);
    ++cases;
    const Plan plan = build_plan(read_json_value(
        nlohmann::json::parse(test::read_data("specs/gmma_canonical_" + std::to_string(n) + ".json"))));
    const Report rep = verify_plan(plan);
    const CheckResult& a = test::check(rep, "desc.A");
    const CheckResult& b = test::check(rep, "desc.B");
    if (verdict == "compiles") {
      // Compiles, but case 3's M permutation and case 6's K interleaving across blocks read other elements.
      if (n == 3 || n == 6) {
        EXPECT_EQ(a.verdict, Verdict::Refuted);
        EXPECT_EQ(a.data["rule"], "fragment_order");
        ASSERT_FALSE(a.witnesses.empty());
        const std::string want =
            n == 3 ? "(m,k) = (1,0) is tile element (8,0)" : "(m,k) = (0,4) is tile element (0,8)";
        EXPECT_NE(a.witnesses[0].find(want), std::string::npos) << a.witnesses[0];
      } else {
        EXPECT_EQ(a.verdict, Verdict::Proved) << a.summary;
      }
      EXPECT_EQ(b.verdict, n == 6 ? Verdict::Refuted : Verdict::Proved) << b.summary;
      continue;
    }
    // CuTe's static_assert text: "Not a canonical GMMA_K Layout: Expected K-size 2 ...".
    const std::size_t at = verdict.find("Not a canonical GMMA_");
    ASSERT_NE(at, std::string::npos);
    const std::string kind = verdict.substr(at + 21, verdict.find(' ', at + 21) - at - 21);  // K or MN
    EXPECT_EQ(a.verdict, Verdict::Refuted);
    EXPECT_EQ(a.severity, Severity::Error);
    const std::string rule = a.data["rule"].get<std::string>();
    EXPECT_EQ(rule.rfind("GMMA_" + kind + ".", 0), 0u) << rule;
    if (verdict.find("Expected K-size") != std::string::npos) {
      EXPECT_EQ(rule, "GMMA_" + kind + ".K-size");
    }
    EXPECT_NE(a.summary.find("Not a canonical GMMA_" + kind), std::string::npos) << a.summary;
  }
  EXPECT_EQ(cases, 6);
}

}  // namespace
}  // namespace tvlab
