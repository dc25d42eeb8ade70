#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "../verify_test_support.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/readers/load.hpp"
#include "tvlab/verify/report/plan_format.hpp"
#include "tvlab/verify/writers/spec_json.hpp"

namespace tvlab {
namespace {

using test::read_data;
std::string read(const std::string& path) {
  return read_data(path);
}

// A CUTLASS SM80 f16 TN configuration in the collective's form; `a_layout` replaces RowMajor.
std::string tn(const std::string& a_layout = "cutlass::layout::RowMajor", const std::string& extra = "") {
  return R"(#include <cute/tensor.hpp>
using namespace cute;
namespace cfg {
using TileShape = Shape<_128, _128, _32>;
using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_2,_2,_1>>, Tile<_32,_32,_16>>;
using SmemLayoutAtom = decltype(composition(Swizzle<2,3,3>{}, Layout<Shape<_8,_32>, Stride<_32,_1>>{}));
using GmemTiledCopy = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>{},
                                               Layout<Shape<_32,_4>, Stride<_4,_1>>{}, Layout<Shape<_1,_8>>{}));
)" + extra +
         R"(
using Mainloop = cutlass::gemm::collective::CollectiveMma<cutlass::gemm::MainloopSm80CpAsync<3>, TileShape,
    cutlass::half_t, cutlass::gemm::TagToStrideA_t<)" +
         a_layout + R"(>,
    cutlass::half_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>, TiledMma,
    GmemTiledCopy, SmemLayoutAtom, Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>, cute::identity,
    GmemTiledCopy, SmemLayoutAtom, Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>, cute::identity>;
}
)";
}

std::string error_of(const std::string& text) {
  try {
    for (const CppConfig& c : read_cpp_configs(text)) (void)build_plan_from_cpp(c);
  } catch (const CppConfigError& e) {
    return e.path() + ": " + e.what();
  }
  return "";
}

TEST(CppConfig, CollectiveBecomesTheSpec) {
  const auto configs = read_cpp_configs(tn());
  ASSERT_EQ(configs.size(), 1u);
  const CppConfig& c = configs[0];
  EXPECT_EQ(c.name, "cfg::Mainloop");
  EXPECT_EQ(c.line, 10);
  const nlohmann::json want = nlohmann::json::parse(R"J({
    "mainloop": "MainloopSm80CpAsync", "stages": 3, "cta_tile": [128,128,32],
    "mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN", "atom_layout": "(2,2,1):(1,2,0)", "permutation": "(32,32,16)"},
    "operands": {
      "A": {"type": "half_t", "gmem": {"layout": "RowMajor"},
            "smem": {"atom": "Sw<2,3,3> o 0 o (8,32):(32,1)",
                     "g2s": {"atom": "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "thr_layout": "(32,4):(4,1)", "val_layout": "(1,8):(0,1)"},
                     "s2r": "SM75_U32x4_LDSM_N"}},
      "B": {"type": "half_t", "gmem": {"layout": "ColumnMajor"},
            "smem": {"atom": "Sw<2,3,3> o 0 o (8,32):(32,1)",
                     "g2s": {"atom": "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "thr_layout": "(32,4):(4,1)", "val_layout": "(1,8):(0,1)"},
                     "s2r": "SM75_U32x4_LDSM_N"}}},
    "name": "cfg::Mainloop"})J");
  EXPECT_EQ(c.config.name, c.name);
  const nlohmann::json got(config_to_json(c.config));
  EXPECT_EQ(got, want) << got.dump(1);
}

// Cross-check of two paths: every C++ configuration's KernelConfig, written as a JSON spec (config_to_json)
// and built from that JSON, gives the plan build_plan_from_cpp gives; where one refuses, both refuse for the
// same reason at the same spec path (the C++ path names the line that produced it).
TEST(CppConfig, ConfigThroughJsonBuildsTheSamePlan) {
  std::vector<std::pair<std::string, std::string>> texts;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(std::string(TVLAB_TEST_DATA) + "/cpp"))
    files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) texts.push_back({f.filename().string(), read("cpp/" + f.filename().string())});
  texts.push_back({"shared_storage/cutlass_kernels.hpp", read("specs/shared_storage/cutlass_kernels.hpp")});
  std::string bad_tile = tn();
  bad_tile.replace(bad_tile.find("Shape<_128, _128, _32>"), 22, "Shape<_128, _128, _48>");
  texts.push_back({"tn, BLK_K 48", bad_tile});
  std::string one_stage = tn();
  one_stage.replace(one_stage.find("MainloopSm80CpAsync<3>"), 22, "MainloopSm80CpAsync<1>");
  texts.push_back({"tn, 1 stage", one_stage});
  std::string bad_permutation = tn();
  bad_permutation.replace(bad_permutation.find("Tile<_32,_32,_16>"), 17, "Tile<_32,_32,_12>");
  texts.push_back({"tn, K permutation 12", bad_permutation});
  int plans = 0, refused = 0, epilogues = 0;
  for (const auto& [name, text] : texts) {
    std::vector<CppConfig> configs;
    try {
      configs = read_cpp_configs(text);
    } catch (const CppConfigError&) {
      continue;  // no collective (CuTe's tutorial: --bind)
    }
    for (const CppConfig& c : configs) {
      SCOPED_TRACE(name + ": " + c.name);
      const nlohmann::json spec(config_to_json(c.config));
      std::string from_cpp, from_json, cpp_error, json_error;
      try {
        from_cpp = plan_to_json(build_plan_from_cpp(c)).dump();
      } catch (const SpecError& e) {
        cpp_error = e.what();
      }
      try {
        from_json = plan_to_json(build_plan(read_json_value(spec))).dump();
      } catch (const SpecError& e) {
        json_error = e.what() + (e.path().empty() ? "" : " (spec " + e.path() + ")");
      }
      EXPECT_EQ(from_cpp, from_json) << spec.dump(1);
      EXPECT_EQ(cpp_error.empty(), json_error.empty()) << cpp_error << "\n" << json_error;
      if (!json_error.empty()) {
        EXPECT_TRUE(cpp_error.ends_with(": " + json_error)) << cpp_error << "\n" << json_error;
      }
      (json_error.empty() ? plans : refused) += 1;
      epilogues += c.config.kernel.epilogue.has_value();
    }
  }
  EXPECT_GE(plans, 15);
  EXPECT_GE(refused, 3);
  EXPECT_GE(epilogues, 3);
}

// The C++ file and the hand-written JSON spec of the same configuration build the same plan and verdicts.
void expect_same(const std::string& cpp_file, const std::string& json_file,
                 const std::vector<CppBinding>& bind = {}) {
  SCOPED_TRACE(cpp_file);
  const auto cpp = load_plans(read(cpp_file), "", "", bind);
  ASSERT_EQ(cpp.size(), 1u);
  const Plan json = build_plan_from_text(read(json_file));
  nlohmann::ordered_json a = plan_to_json(cpp[0].plan), b = plan_to_json(json);
  a.erase("name"), b.erase("name");
  EXPECT_EQ(a, b);
  const Report ra = verify_plan(cpp[0].plan), rb = verify_plan(json);
  ASSERT_EQ(ra.checks.size(), rb.checks.size());
  for (std::size_t i = 0; i < ra.checks.size(); ++i) {
    EXPECT_EQ(ra.checks[i].code, rb.checks[i].code);
    EXPECT_EQ(ra.checks[i].verdict, rb.checks[i].verdict) << ra.checks[i].code;
    EXPECT_EQ(ra.checks[i].summary, rb.checks[i].summary);
  }
}

TEST(CppConfig, SameAsTheJsonSpec) {
  expect_same("cpp/cutlass_sm80_f16_tn.hpp", "specs/cutlass_sm80_f16_tn_128x128x32.json");
  // sycl-tla: TiledMMAHelper<...>::TiledMMA, MainloopXeL1Staged, GmemTiledCopy void (block 2D copies picked).
  expect_same("cpp/sycl_tla_00_bmg_gemm.hpp", "specs/sycl_tla_00_bmg_gemm.json");
}

// The SM90 TMA + GMMA collective and sycl-tla's mixed-input one, from C++.
TEST(CppConfig, Sm90AndMixedInputCollectives) {
  const std::string sm90 = read("cpp/cutlass_sm90_tf32_tma_gmma.hpp");
  const auto plans = load_plans(sm90);
  ASSERT_EQ(plans.size(), 3u);
  EXPECT_EQ(plans[1].plan.kernel->cluster, (std::array<int64_t, 3>{1, 2, 1}));
  EXPECT_EQ(plans[1].plan.smem.at(0).tma_op, "SM90_TMA_LOAD_MULTICAST");
  // A non-void SmemCopyAtom, and a copy that is not a TMA op: the collective's static_asserts, at the
  // argument.
  std::string s2r = sm90;
  s2r.replace(s2r.find("    void,\n    cute::identity,\n    cute::SM90_TMA_LOAD,"), 8,
              "    Copy_Atom<SM75_U32x4_LDSM_N, tfloat32_t>");
  EXPECT_NE(error_of(s2r).find("SmemCopyAtomA: SM90 GMMA mainloops cannot have a non-void copy atom"),
            std::string::npos)
      << error_of(s2r);
  std::string cp = sm90;
  cp.replace(cp.find("cute::SM90_TMA_LOAD,"), 19, "cute::SM80_CP_ASYNC_CACHEALWAYS<uint128_t>");
  EXPECT_NE(error_of(cp).find("GmemTiledCopyA: GmemTiledCopy - invalid SM90 TMA copy atom specified"),
            std::string::npos)
      << error_of(cp);

  // --bind problem=EXPR: the tensor maps of that problem (CuTe's, recorded by cute.oracle for this one).
  const auto bound = load_plans(sm90, "sm90_f16_nt_128x128x64_cluster2x1", "",
                                {{"problem", "make_shape(1088, 832, 704, 2)"}});
  const TmaFacts& ta = *bound.at(0).plan.smem.at(0).tma;
  EXPECT_EQ(ta.box, (std::vector<int64_t>{64, 64, 1}));
  EXPECT_EQ(ta.global_dim, (std::vector<int64_t>{1088, 704, 2}));
  EXPECT_EQ(ta.global_stride_bytes, (std::vector<int64_t>{2176, 1531904}));
  auto bind_error = [&](const std::string& file, const std::string& expr) {
    try {
      (void)load_plans(file, "", "", {{"problem", expr}});
    } catch (const CppConfigError& e) {
      return e.path() + ": " + e.what();
    }
    return std::string();
  };
  // The binding named once, at its own text (issue 34: it said "line 1", the file's).
  EXPECT_EQ(bind_error(sm90, "_8"),
            "--bind problem=_8, column 1: expected a problem shape (M, N, K) or (M, N, K, L), e.g. "
            "make_shape(4096, 4096, 4096, 1), got a layout value");
  // A syntax error of the expression: its column in the binding's text.
  EXPECT_EQ(bind_error(sm90, "make_shape(1,").substr(0, 40), "--bind problem=make_shape(1,, column 14:");
  // The SM80 collectives take a bound problem too: it sizes the global tensors of `plan --thread`.
  EXPECT_EQ(bind_error(read("cpp/cutlass_sm80_f16_tn.hpp"), "make_shape(64, 64, 64)"), "");

  const std::string mixed = read("cpp/sycl_tla_02_bmg_gemm_bf16_s8.hpp");
  const auto m = load_plans(mixed);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].plan.copies.at(0).mem_type.name, "int8_t");
  EXPECT_TRUE(m[0].plan.copies.at(0).fragment_from_copy);
  // Scale and zero-point tensors are loaded by copies tvlab does not model: refused, never dropped.
  std::string scaled = mixed;
  scaled.replace(scaled.find("cute::tuple<ElementInputA>"), 26,
                 "cute::tuple<ElementInputA, bfloat16_t, cute::Stride<_1, int64_t, int64_t>>");
  EXPECT_NE(error_of(scaled).find("ElementA: the scale and zero-point tensors"), std::string::npos)
      << error_of(scaled);
  std::string both = mixed;
  both.replace(both.find("    ElementInputB, cutlass::gemm::TagToStrideB_t"), 17,
               "    cute::tuple<ElementInputB>");
  EXPECT_NE(error_of(both).find("Either A OR B must be a tuple"), std::string::npos) << error_of(both);
}

// CuTe's tutorial: no collective; the user names the local variables that form the configuration.
TEST(CppConfig, BoundTutorialConfiguration) {
  const std::vector<CppBinding> tn =
      parse_bindings({"scope=gemm_tn", "cta_tile=cta_tiler", "stages=bP", "mma=mmaC", "A.type=cute::half_t",
                      "A.gmem=dA", "A.smem=sA", "A.g2s=copyA", "A.s2r=s2r_atom_A", "B.type=cute::half_t",
                      "B.gmem=dB", "B.smem=sB", "B.g2s=copyB", "B.s2r=s2r_atom_B"});
  expect_same("cpp/cute_tutorial_sgemm_sm80.cu", "specs/cute_tutorial_sgemm_sm80_tn.json", tn);
  const auto plans = load_plans(read("cpp/cute_tutorial_sgemm_sm80.cu"), "", "", tn);
  EXPECT_EQ(plans[0].config, "gemm_tn");
  EXPECT_FALSE(verify_plan(plans[0].plan).failed(true));
  // gemm_nt: float, UniversalFMA; its kernel call passes Copy_Atom<AutoVectorizingCopy, TA>{} as s2r atoms.
  std::vector<std::string> nt_words = {"scope=gemm_nt", "cta_tile=cta_tiler", "stages=bP", "mma=mmaC",
                                       "A.type=TA",     "A.gmem=dA",          "A.smem=sA", "A.g2s=copyA",
                                       "B.type=TB",     "B.gmem=dB",          "B.smem=sB", "B.g2s=copyB"};
  const std::vector<CppBinding> nt_g2s_only = parse_bindings(nt_words);
  nt_words.push_back("A.s2r=Copy_Atom<AutoVectorizingCopy, TA>");
  nt_words.push_back("B.s2r=Copy_Atom<AutoVectorizingCopy, TB>");
  const std::vector<CppBinding> nt = parse_bindings(nt_words);
  expect_same("cpp/cute_tutorial_sgemm_sm80.cu", "specs/cute_tutorial_sgemm_sm80_nt.json", nt);
  // Without the s2r atoms the MMA reads shared memory itself: no register copy, but the g2s copy and the
  // staged layout are still checked (they were dropped, silently, before).
  const Plan g2s_only = load_plans(read("cpp/cute_tutorial_sgemm_sm80.cu"), "", "", nt_g2s_only)[0].plan;
  EXPECT_TRUE(g2s_only.copies.empty());
  ASSERT_EQ(g2s_only.smem_only.size(), 2u);
  EXPECT_EQ(g2s_only.smem_only[0].name, "A");
  EXPECT_EQ(g2s_only.smem_only[0].how, "smem");
  const Report r = verify_plan(g2s_only);
  EXPECT_FALSE(r.failed(true));
  std::map<std::string, std::string> got;
  for (const CheckResult& c : r.checks) got[c.code] = c.summary;
  EXPECT_EQ(
      got["banks.A.g2s"],
      "32 wavefronts (4 per instruction): ideal where rows start 128-byte aligned (base, leading dimension)");
  EXPECT_EQ(got["smem.B.g2s"], "g2s writes all 1024 elements once");
  EXPECT_EQ(
      got["gmem.A.g2s"],
      "4 x float (16 bytes) a call, along M of M-major A, within its 4-element alignment; 16 "
      "sectors/request, "
      "100% of each sector used where rows start 32-byte aligned (16..17 where only 16-byte aligned: base "
      "pointer, ld)");
  EXPECT_EQ(got["cta.B.g2s"], "each thread repeats it 1 x 1 times");
  EXPECT_EQ(got.count("fragment.A"), 0u);
  EXPECT_EQ(got.count("banks.A.s2r"), 0u);
  // A run-time value (a function parameter) where a constant is needed is an error, never a guess.
  auto error = [](const std::vector<std::string>& b) -> std::string {
    try {
      (void)load_plans(read("cpp/cute_tutorial_sgemm_sm80.cu"), "", "", parse_bindings(b));
    } catch (const SpecError& e) {
      return e.path() + ": " + e.what();
    }
    return "";
  };
  EXPECT_EQ(error({"scope=gemm_tn", "stages=ldA"}),
            "--bind stages=ldA, column 1: ldA: a parameter of gemm_tn: a run-time value, which tvlab "
            "cannot know (use a compile-time constant)");
  EXPECT_EQ(error({"scope=gemm_tn", "mma=copyA"}),
            "--bind mma=copyA, column 1: expected a TiledMMA, got a TiledCopy");
  EXPECT_EQ(error({"scope=gemm_tn", "C.type=float"}).substr(0, 42),
            "--bind C.type=float, column 1: unknown key");
  EXPECT_NE(error({"stages"}).find("expected KEY=EXPR"), std::string::npos);
  // AlignmentX without StrideX: no layout to align; no binding set it (issue 34: it blamed A.type, the
  // operand's first binding), and the message names the key that would.
  EXPECT_EQ(error({"scope=gemm_tn", "cta_tile=cta_tiler", "mma=mmaC", "A.type=cute::half_t", "A.smem=sA",
                   "A.alignment=8"}),
            "operands.A.gmem.layout: missing: RowMajor or ColumnMajor (cutlass::layout tags, as "
            "TagToStrideA_t reads them), or the contiguous mode (the configuration the --bind values form; "
            "--bind A.gmem=EXPR gives it)");
  EXPECT_NE(error({"scope=gemm_tn", "mma=nothere"}).find("nothere"), std::string::npos);
}

// --config FUNCTION (issue 34 item 2): the configuration a host function passes to its kernel launch.
// A tutorial-style function whose launch passes `args` (C++ text) to a kernel whose parameters are `params`.
std::string tutorial(const std::string& params, const std::string& args, const std::string& caller = "") {
  return "__global__ void kern(" + params + R"() {}
template <class TA, class TB, class TC>
void gemm_nt(int m, int n, int k, TA const* A, int ldA, TB const* B, int ldB, TC* C, int ldC) {
  auto prob_shape = make_shape(m, n, k);
  auto dA = make_stride(Int<1>{}, ldA);
  auto dB = make_stride(Int<1>{}, ldB);
  auto dC = make_stride(Int<1>{}, ldC);
  auto bM = Int<128>{};
  auto bN = Int<128>{};
  auto bK = Int<8>{};
  auto cta_tiler = make_shape(bM, bN, bK);
  auto bP = Int<3>{};
  auto sA = make_layout(make_shape(bM, bK, bP));
  auto sB = make_layout(make_shape(bN, bK, bP));
  auto sC = make_layout(make_shape(bM, bN));
  TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TA>{},
                                    Layout<Shape<_32,_8>>{}, Layout<Shape<_4,_1>>{});
  TiledCopy copyB = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TB>{},
                                    Layout<Shape<_32,_8>>{}, Layout<Shape<_4,_1>>{});
  TiledMMA mmaC = make_tiled_mma(UniversalFMA<TC,TA,TB>{}, Layout<Shape<_16,_16,_1>>{});
  kern<<<1, 256, 0>>>()" +
         args + R"();
}
)" + caller;
}

nlohmann::ordered_json plan_json(const std::string& text, const std::string& only,
                                 const std::vector<std::string>& bind = {}) {
  nlohmann::ordered_json j = plan_to_json(load_plans(text, only, "t.cu", parse_bindings(bind)).at(0).plan);
  j.erase("name");
  return j;
}

std::string tutorial_error(const std::string& text, const std::string& only) {
  try {
    (void)load_plans(text, only, "t.cu");
  } catch (const SpecError& e) {
    return e.path() + ": " + e.what();
  }
  return "";
}

TEST(CppConfig, TutorialFunctionsByTheirLaunch) {
  // The launch's arguments in the kernel's order, each group (before A's pointer, A's, B's, C's) shuffled:
  // every order reads to the same plan, which is the --bind form's (postcondition over generated orders, and
  // the cross-check with the other path).
  std::vector<std::string> pre = {"prob_shape", "cta_tiler"};
  std::vector<std::string> a = {"dA", "sA", "copyA", "Copy_Atom<AutoVectorizingCopy, TA>{}"};
  std::vector<std::string> b = {"dB", "sB", "copyB", "Copy_Atom<AutoVectorizingCopy, TB>{}"};
  std::vector<std::string> c = {"dC", "sC", "mmaC"};
  const auto form = [&](std::vector<std::string>& params) {
    std::string ps, as;
    int i = 0;
    auto put = [&](const std::string& arg, const std::string& param) {
      as += (as.empty() ? "" : ", ") + arg;
      ps += (ps.empty() ? "" : ", ") + param;
      params.push_back(param);
    };
    for (const auto& x : pre) put(x, "P" + std::to_string(i) + " p" + std::to_string(i)), ++i;
    put("A", "TA const* A");
    for (const auto& x : a) put(x, "P" + std::to_string(i) + " p" + std::to_string(i)), ++i;
    put("B", "TB const* B");
    for (const auto& x : b) put(x, "P" + std::to_string(i) + " p" + std::to_string(i)), ++i;
    put("C", "TC* C");
    for (const auto& x : c) put(x, "P" + std::to_string(i) + " p" + std::to_string(i)), ++i;
    return tutorial(ps, as);
  };
  std::vector<std::string> unused;
  const std::string base = form(unused);
  const auto want = plan_json(base, "gemm_nt<float, float, float>");
  const auto bound = plan_json(
      base, "",
      {"scope=gemm_nt", "TA=float", "TB=float", "TC=float", "cta_tile=cta_tiler", "stages=bP", "mma=mmaC",
       "A.type=TA", "A.gmem=dA", "A.smem=sA", "A.g2s=copyA", "A.s2r=Copy_Atom<AutoVectorizingCopy, TA>",
       "B.type=TB", "B.gmem=dB", "B.smem=sB", "B.g2s=copyB", "B.s2r=Copy_Atom<AutoVectorizingCopy, TB>"});
  EXPECT_EQ(want, bound);
  std::mt19937 rng(34);
  for (int trial = 0; trial < 12; ++trial) {
    std::shuffle(pre.begin(), pre.end(), rng);
    std::shuffle(a.begin(), a.end(), rng);
    std::shuffle(b.begin(), b.end(), rng);
    std::shuffle(c.begin(), c.end(), rng);
    const std::string text = form(unused);
    SCOPED_TRACE(text);
    EXPECT_EQ(plan_json(text, "gemm_nt<float, float, float>"), want);
  }
  // The types from the callers: main's thrust::device_vector<T> storage, through a dispatch function.
  const std::string dispatch = R"(
template <class TA, class TB, class TC>
void gemm(int m, TA const* A, TB const* B, TC* C) { gemm_nt(m, m, m, A, m, B, m, C, m); }
int main() {
  using TA = float;
  thrust::device_vector<TA> d_A;
  thrust::device_vector<float> d_B;
  thrust::host_vector<float> d_C;
  gemm(1, d_A.data().get(), d_B.data().get(), d_C.data().get());
)";
  const std::string args =
      "prob_shape, cta_tiler, A, dA, sA, copyA, Copy_Atom<AutoVectorizingCopy, TA>{}, B, dB, "
      "sB, copyB, Copy_Atom<AutoVectorizingCopy, TB>{}, C, dC, sC, mmaC";
  const std::string params =
      "int s, int t, TA const* A, int a1, int a2, int a3, int a4, TB const* B, int b1, "
      "int b2, int b3, int b4, TC* C, int c1, int c2, int c3";
  EXPECT_EQ(plan_json(tutorial(params, args, dispatch + "}\n"), "gemm_nt"), want);
  // Two calls of other types: no single type, an error naming the flag (never the first call's guess).
  const std::string two = dispatch +
                          "  thrust::device_vector<double> d_D;\n"
                          "  gemm(1, d_D.data().get(), d_B.data().get(), d_C.data().get());\n}\n";
  EXPECT_NE(tutorial_error(tutorial(params, args, two), "gemm_nt")
                .find("line 3, column 6: TA: template parameter of gemm_nt that no call in the file gives a "
                      "concrete type (tvlab does not guess them); write --config 'gemm_nt<TA, TB, TC>'"),
            std::string::npos)
      << tutorial_error(tutorial(params, args, two), "gemm_nt");
  // A launch argument that does not read is an error at its line and column, in A's group as in C's (C is not
  // modelled, but only a run-time value is left unread there).
  for (const char* where : {"A", "C"}) {
    const std::string wrong =
        where[0] == 'A'
            ? "prob_shape, cta_tiler, A, dA, sA, nothere, mmaC, B, dB, sB, copyB, "
              "Copy_Atom<AutoVectorizingCopy, TB>{}, C, dC, sC, mmaC"
            : "prob_shape, cta_tiler, A, dA, sA, copyA, Copy_Atom<AutoVectorizingCopy, TA>{}, B, dB, "
              "sB, copyB, Copy_Atom<AutoVectorizingCopy, TB>{}, C, nothere, sC, mmaC";
    const std::string e = tutorial_error(tutorial(params, wrong), "gemm_nt<float, float, float>");
    EXPECT_EQ(e.rfind(std::string("line 21, column ") + (where[0] == 'A' ? "57" : "161") +
                          ": nothere: cannot read 'nothere': unknown name",
                      0),
              0u)
        << e;
  }
}

TEST(CppConfig, TutorialOverloads) {
  // The upstream tutorial: two gemm_tn, two gemm_nt (declared twice before issue 34 item 2).
  const std::string text = read("cpp/cute_tutorial/sgemm_sm80.cu");
  const std::string listed = tutorial_error(text, "gemm_tn");
  EXPECT_NE(listed.find("gemm_tn is overloaded (2 functions)"), std::string::npos) << listed;
  EXPECT_NE(listed.find("line 328, column 1"), std::string::npos) << listed;
  EXPECT_NE(listed.find("line 509, column 1"), std::string::npos) << listed;
  // Each overload by its types; the half_t one whether one type or three is given (partial ordering).
  EXPECT_EQ(plan_json(text, "gemm_tn<cute::half_t>"), plan_json(text, "gemm_tn<half_t, half_t, half_t>"));
  EXPECT_NE(plan_json(text, "gemm_tn<cute::half_t>"), plan_json(text, "gemm_tn<float, float, float>"));
  nlohmann::ordered_json twin =
      plan_to_json(build_plan_from_text(read("specs/cute_tutorial_sgemm_sm80_nt.json")));
  twin.erase("name");
  EXPECT_EQ(plan_json(text, "gemm_nt<float, float, float>"), twin);
}

TEST(CppConfig, ColumnMajorAIsRefutedFromCpp) {
  const auto plans = load_plans(tn("cutlass::layout::ColumnMajor"));
  const Report r = verify_plan(plans[0].plan);
  EXPECT_TRUE(r.failed(false));
  bool seen = false;
  for (const CheckResult& c : r.checks)
    if (c.code == "gmem.A.g2s") seen = c.verdict == Verdict::Refuted;
  EXPECT_TRUE(seen);
}

TEST(CppConfig, ReadsTheSubset) {
  // Aliases through structs and typename X::member, constants, sizeof_bits, explicit strides, make_tiled_mma
  // and a function body whose statements it does not need.
  const std::string text = R"C(
#include <cute/tensor.hpp>  // skipped
#define UNUSED(x) (void)(x)
using namespace cute;
/* a block comment with "quotes" and <brackets */
struct Types {
  using Element = cutlass::half_t;
  static constexpr int kBits = cutlass::sizeof_bits<Element>::value;
  static constexpr int kVec = 128 / kBits;  // 8
 public:
  using Atom = SM80_16x8x16_F32F16F16F32_TN;
};
void host_code(int m) {
  auto unused = m * 2;
  if (m > 0) { printf("%d\n", m); }
  constexpr int kStages = 2 + 1;
  using Policy = cutlass::gemm::MainloopSm80CpAsync<kStages>;
  using TiledMma = decltype(make_tiled_mma(typename Types::Atom{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{}));
  using G = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, Types::Element>{},
                                     Layout<Shape<Int<Types::kVec * (8 - 4)>, _4>, Stride<_4, _1>>{},
                                     Layout<Shape<_1, Int<Types::kVec>>>{}));
  using S = decltype(composition(Swizzle<2,3,3>{}, make_layout(make_shape(_8{}, _32{}), LayoutRight{})));
  using Main = cutlass::gemm::collective::CollectiveMma<Policy, Shape<_128,_128,_32>,
      Types::Element, cute::Stride<int64_t, cute::Int<1>, int64_t>, Types::Element, Stride<int64_t, _1, int64_t>,
      TiledMma, G, S, Copy_Atom<SM75_U32x4_LDSM_N, Types::Element>, cute::identity,
      G, S, Copy_Atom<SM75_U32x4_LDSM_N, Types::Element>, cute::identity>;
  UNUSED(unused);
}
)C";
  const auto configs = read_cpp_configs(text);
  ASSERT_EQ(configs.size(), 1u);
  const KernelConfig& s = configs[0].config;
  EXPECT_EQ(configs[0].name, "host_code::Main");
  EXPECT_EQ(s.kernel.stages, 3);
  ASSERT_TRUE(s.operand("A") && s.operand("A")->gmem && s.operand("B") && s.operand("B")->gmem);
  EXPECT_EQ(s.operand("A")->gmem->layout.value_or(""), "K");
  EXPECT_EQ(s.operand("B")->gmem->layout.value_or(""), "K");
  ASSERT_TRUE(s.operand("A")->smem && s.operand("A")->smem->g2s);
  EXPECT_EQ(s.operand("A")->smem->g2s->thr_layout, Notation("(32,4):(4,1)"));
  EXPECT_EQ(s.operand("A")->smem->g2s->val_layout, Notation("(1,8):(0,1)"));
  ASSERT_TRUE(s.mma);
  EXPECT_EQ(s.mma->atom, "SM80_16x8x16_F32F16F16F32_TN");
  const Report r = verify_plan(build_plan_from_cpp(configs[0]));
  EXPECT_FALSE(r.failed(true));
}

TEST(CppConfig, SeveralConfigurationsAndConfigNames) {
  const std::string two = tn() + R"(
namespace other {
using Mainloop = cfg::Mainloop;
using M2 = cutlass::gemm::collective::CollectiveMma<cutlass::gemm::MainloopSm80CpAsync<4>, cfg::TileShape,
    cutlass::half_t, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,
    cutlass::half_t, cutlass::gemm::TagToStrideB_t<cutlass::layout::ColumnMajor>, cfg::TiledMma,
    cfg::GmemTiledCopy, cfg::SmemLayoutAtom, Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>, cute::identity,
    cfg::GmemTiledCopy, cfg::SmemLayoutAtom, Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>, cute::identity>;
}
)";
  const auto all = load_plans(two);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].config, "cfg::Mainloop");
  EXPECT_EQ(all[1].config, "other::M2");
  EXPECT_EQ(load_plans(two, "M2").size(), 1u);
  EXPECT_EQ(load_plans(two, "cfg::Mainloop").size(), 1u);
  try {
    (void)load_plan(two);
    FAIL();
  } catch (const SpecError& e) {
    EXPECT_NE(
        std::string(e.what()).find("2 configurations (cfg::Mainloop, other::M2): name one with --config"),
        std::string::npos)
        << e.what();
  }
  try {
    (void)load_plans(two, "nope");
    FAIL();
  } catch (const SpecError& e) {
    EXPECT_EQ(std::string(e.what()), "no configuration named 'nope'; the file has cfg::Mainloop, other::M2");
  }
}

TEST(CppConfig, SpecErrorsPointAtTheCpp) {
  // An smem atom that does not divide the CTA tile: CollectiveMma's static_assert, at SmemLayoutAtomA's
  // argument.
  const std::string t = tn("cutlass::layout::RowMajor");
  std::string bad = t;
  bad.replace(bad.find("Shape<_128, _128, _32>"), 22, "Shape<_128, _128, _48>");
  EXPECT_EQ(error_of(bad),
            "line 13, column 20: SmemLayoutAtomA: SmemLayoutAtom must evenly divide tile shape: mode 1 of "
            "the atom Sw<2,3,3> "
            "o 0 o (8,32):(32,1) is 32, of the CTA's operand tile (128,48) 48 (spec operands.A.smem.atom)");
}

TEST(CppConfig, ErrorsNameLineColumnAndConstruct) {
  struct Case {
    std::string text, want;
  };
  const std::string head = "using namespace cute;\n";
  const Case cases[] = {
      {"int x = 1;", "line 1, column 1: no configuration found"},
      {head + "using T = UnknownThing<_1>;\nusing M = CollectiveMma<T,T,T,T,T,T,T,T,T,T,T,T,T,T,T>;",
       "line 2, column 11: UnknownThing: cannot read"},
      {head + "using M = CollectiveMma<int>;",
       "line 2, column 11: CollectiveMma: takes 15 template arguments, 1 given"},
      {head + "template <class TA> void f() { using M = "
              "CollectiveMma<MainloopSm80CpAsync<TA>,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1>; }",
       "line 2, column 76: TA: a template parameter of f: tvlab does not instantiate templates"},
      {head + "template <int N> struct P {};\nusing M = "
              "CollectiveMma<P<3>,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1>;",
       "line 3, column 25: P: a user template"},
      {head + "using M = CollectiveMma<MainloopSm80CpAsync<(3>;",
       "line 2, column 45: unbalanced '(': never closed"},
      {head + "using M = X;\nusing M = Y;\nusing C = "
              "CollectiveMma<M,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1>;",
       "line 3, column 7: M: declared twice (also at line 2, column 7)"},
      {head + "using A = B;\nusing B = A;\nusing C = "
              "CollectiveMma<A,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1>;",
       "refers to itself"},
      {head + "constexpr int K = 99999999999999999999;\nusing C = "
              "CollectiveMma<MainloopSm80CpAsync<K>,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1>;",
       "line 2, column 19: 99999999999999999999: integer literal out of range"},
      {head + "constexpr int K = 1 / 0;\nusing C = "
              "CollectiveMma<MainloopSm80CpAsync<K>,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1>;",
       "division by zero"},
      {std::string("using M = CollectiveMma<\x01>;"),
       "line 1, column 25: byte 0x01 outside comments and strings"},
      {head + "/* never closed", "line 2, column 1: unterminated /* comment"},
      {head + std::string(300, '(') + std::string(300, ')'), "brackets nested deeper than 256 levels"},
      {head + "using X = " + std::string(300, '-') +
           "1;\nusing C = CollectiveMma<MainloopSm80CpAsync<X>,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1>;",
       "nesting deeper than 256 levels"},
      {head + "using C = CollectiveMma<MainloopSm80CpAsync<3>,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1,_1>;",
       "line 2, column 48: TileShape: expected a shape (BLK_M, BLK_N, BLK_K)"},
  };
  for (const Case& c : cases) {
    std::string got;
    try {
      got = error_of(c.text);
    } catch (const SpecError& e) {
      got = std::string("SpecError ") + e.what();
    }
    EXPECT_NE(got.find(c.want), std::string::npos) << "input:\n"
                                                   << c.text << "\ngot: " << got << "\nwant: " << c.want;
  }
}

// A TiledMMA pasted as C++ (render's WHAT): the same TiledMMA as the JSON form builds.
TEST(CppConfig, TiledMmaExpression) {
  const auto m = read_cpp_tiled_mma(
      "cute::TiledMMA<cute::MMA_Atom<cute::SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_2,_2,_1>>, "
      "Tile<_32,_32,_16>>;");
  ASSERT_TRUE(m);
  const Plan p = build_plan(read_json_value(nlohmann::json::parse(
      R"J({"mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN", "atom_layout": "(2,2,1)", "permutation": "(32,32,16)"}})J")));
  EXPECT_EQ(to_string(m->get_layoutA_TV()), to_string(p.mma->get_layoutA_TV()));
  EXPECT_EQ(to_string(m->get_layoutC_TV()), to_string(p.mma->get_layoutC_TV()));
  const auto x = read_cpp_tiled_mma(
      "TiledMMAHelper<MMA_Atom<XE_DPAS_TT<8, float, cute::bfloat16_t>>, Layout<Shape<_256,_256,_32>>, "
      "Layout<Shape<_8,_4,_1>, Stride<_4,_1,_0>>>::TiledMMA");
  ASSERT_TRUE(x);
  EXPECT_EQ(x->tile_mnk[0], 256);
  EXPECT_FALSE(read_cpp_tiled_mma("(4,8):(8,1)"));
  EXPECT_FALSE(read_cpp_tiled_mma("SM75_U32x4_LDSM_N"));
  try {
    (void)read_cpp_tiled_mma("TiledMMA<MMA_Atom<Nope>>");
    FAIL();
  } catch (const CppConfigError& e) {
    EXPECT_EQ(e.column(), 19);
    EXPECT_NE(std::string(e.what()).find("no atom named 'Nope'"), std::string::npos) << e.what();
  }
}

// Issue 33: the reader names the real cause. An error inside a declaration that a caller catches to try
// another reading (a tuple's first element, a stride that may be 1) used to leave the declaration marked
// as being evaluated, so that its next use read "refers to itself".
TEST(CppConfig, ConstantExpressionsAsCxx) {
  const std::string base = tn();
  auto with_tile = [&](const std::string& decls, const std::string& m) {
    std::string t = base;
    const std::string from = "using TileShape = Shape<_128, _128, _32>;";
    t.replace(t.find(from), from.size(), decls + "\nusing TileShape = Shape<" + m + ", _128, _32>;");
    return t;
  };
  struct Case {
    std::string decls, m, want;  // want "" : reads, BLK_M = 128
  };
  const Case cases[] = {
      {"constexpr int kM = 1 << 7;", "Int<kM>", ""},
      {"constexpr int kM = (1024 >> 3);", "Int<kM>", ""},
      {"constexpr int kLog = 7;", "Int<1 << kLog>", ""},
      {"constexpr int kM = 0x80;", "Int<kM>", ""},
      {"constexpr int kM = 128 | 64 & 0;", "Int<kM>", ""},  // & binds tighter than |
      {"constexpr int kM = 1 << 6 + 1;", "Int<kM>", ""},    // + tighter than <<
      {"constexpr int kM = ~(-129) & 255;", "Int<kM>", ""},
      {"constexpr int kM = 384 ^ 256;", "Int<kM>", ""},
      {"", "Int<(256 >> 1)>", ""},
      {"constexpr int kM = 128;", "Int<(kM)>", ""},
      {"constexpr int kM = 1 == 1 ? 128 : 0;", "Int<kM>",
       "line 4, column 22: operator == is not read in a constant expression"},
      {"constexpr int kM = 128 && 1;", "Int<kM>", "operator && is not read"},
      {"constexpr int kM = 0200;", "Int<kM>", ""},  // octal
      {"constexpr int kM = 0b1000'0000;", "Int<kM>", ""},
      {"constexpr int64_t kM = 128;", "Int<kM>", ""},
      {"constexpr unsigned kM = 128u;", "Int<kM>", ""},
      {"constexpr int kM = 2147483647 * 2;", "Int<kM>",
       "line 4, column 20: 2147483647 * 2: integer overflow: 2147483647 * 2 = 4294967294 is beyond int (32 "
       "bits)"},
      {"constexpr int kM = 9223372036854775807 + 1;", "Int<kM>", "integer overflow: 9223372036854775807 + 1"},
      {"constexpr int kM = 1 << 32;", "Int<kM>", "1 << 32: shift count 32 is not below the width of int"},
      {"constexpr int kM = 1 << -1;", "Int<kM>", "1 << -1: shift by a negative count"},
      {"constexpr int kM = 4294967296;", "Int<kM>",
       "cfg::kM: declared int: the value 4294967296 does not fit"},
      {"constexpr short kM = 128;", "Int<kM>",
       "cfg::kM: declared short: tvlab reads integers of int's width"},
      {"constexpr long kM = 1l << 40;", "Int<kM>",
       "Int<kM>: Int<N> takes an int: the value 1099511627776 does not fit in int"},
  };
  for (const Case& c : cases) {
    const std::string text = with_tile(c.decls, c.m);
    std::string got;
    try {
      const auto configs = read_cpp_configs(text);
      got = "BLK_M " + std::to_string(configs.at(0).config.kernel.cta_tile.value().at(0));
    } catch (const CppConfigError& e) {
      got = e.path() + ": " + e.what();
    }
    if (c.want.empty())
      EXPECT_EQ(got, "BLK_M 128") << c.decls << " " << c.m;
    else
      EXPECT_NE(got.find(c.want), std::string::npos) << c.decls << "\ngot: " << got << "\nwant: " << c.want;
    EXPECT_EQ(got.find("refers to itself"), std::string::npos) << c.decls << ": " << got;
  }
}

TEST(CppConfig, RawStringLiterals) {
  // Raw strings may hold quotes, backslashes, newlines and what looks like C++ or a closing bracket.
  for (const std::string& raw :
       {std::string(R"-(R"(a "quoted" \ text)")-"), std::string("R\"x(two\nlines )\" } > ; )x\""),
        std::string("u8R\"(utf-8)\""), std::string("LR\"d(wide)d\"")}) {
    const std::string text = tn("cutlass::layout::RowMajor", "inline const auto kNote = " + raw + ";\n");
    EXPECT_NO_THROW((void)read_cpp_configs(text)) << raw;
    EXPECT_EQ(read_cpp_configs(text).size(), 1u) << raw;
  }
  const std::string unterminated = "using namespace cute;\nauto s = R\"x(never closed)\";\n";
  EXPECT_NE(
      error_of(unterminated).find("line 2, column 10: unterminated raw string literal: no closing ')x\"'"),
      std::string::npos)
      << error_of(unterminated);
  const std::string long_delim = "auto s = R\"12345678901234567(x)12345678901234567\";";
  EXPECT_NE(error_of(long_delim).find("raw string literal: its delimiter"), std::string::npos)
      << error_of(long_delim);
}

TEST(CppConfig, EmptyFilesAreCppByName) {
  // An empty .hpp is C++ (its name says so), not "malformed JSON".
  for (const char* name : {"empty.hpp", "k.cu", "k.cuh", "c.cpp", "x.h"}) {
    try {
      (void)load_plans("", "", name, {});
      FAIL() << name;
    } catch (const CppConfigError& e) {
      EXPECT_EQ(std::string(e.what()), "no configuration found: the file is empty") << name;
    }
  }
  try {
    (void)load_plans("// a comment\n#include <cute/tensor.hpp>\n/* more */\n", "", "c.hpp", {});
    FAIL();
  } catch (const CppConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("no configuration found: the file holds no C++ declaration"),
              std::string::npos)
        << e.what();
  }
  for (const char* name : {"spec.json", "-", "spec"}) {
    try {
      (void)load_plans(" \n\t", "", name, {});
      FAIL() << name;
    } catch (const CppConfigError& e) {
      FAIL() << name << ": " << e.what();
    } catch (const SpecError& e) {
      EXPECT_NE(std::string(e.what()).find("malformed JSON: the file holds only whitespace"),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(CppConfig, JsonOrCpp) {
  EXPECT_TRUE(looks_like_cpp("", "config.hpp"));
  EXPECT_TRUE(looks_like_cpp("   ", "kernel.cu"));
  EXPECT_FALSE(looks_like_cpp("", "spec.json"));
  EXPECT_TRUE(cpp_file_name("a/b.cuh"));
  EXPECT_FALSE(cpp_file_name("a/b.hpp.json"));
  EXPECT_FALSE(looks_like_cpp("  {\"mma\": 1}"));
  EXPECT_FALSE(looks_like_cpp("[1]"));
  EXPECT_FALSE(looks_like_cpp("using X = int;", "spec.json"));
  EXPECT_TRUE(looks_like_cpp("// config\nusing X = int;"));
  EXPECT_TRUE(looks_like_cpp("#include <x>"));
}

// Issue 34: Shape, Stride, Step, Coord and Tile are all cute::tuple (cute/layout.hpp, CUTLASS 4.2.0:
// `template <class... Shapes> using Shape = cute::tuple<Shapes...>;` and likewise the others), so the
// compiler takes any of them where another is written; the reader does too, and builds the plan of the
// canonical spelling.
std::string plan_json_of(const std::string& text, const std::vector<CppBinding>& bind = {}) {
  nlohmann::ordered_json j = plan_to_json(load_plans(text, "", "", bind).at(0).plan);
  j.erase("name");
  return j.dump(1);
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  if (at == std::string::npos)
    ADD_FAILURE() << "no '" << from << "' in the text";
  else
    s.replace(at, from.size(), to);
  return s;
}

TEST(CppConfig, TupleAliasesAreOneType) {
  const std::string canon = tn();
  const std::string want = plan_json_of(canon);
  // Every alias in every place, one at a time and all together.
  const std::vector<std::pair<std::string, std::string>> swaps = {
      {"using TileShape = Shape<_128, _128, _32>", "using TileShape = Stride<_128, _128, _32>"},
      {"Layout<Shape<_8,_32>, Stride<_32,_1>>", "Layout<Step<_8,_32>, Shape<_32,_1>>"},
      {"Layout<Shape<_2,_2,_1>>, Tile<_32,_32,_16>>", "Layout<Tile<_2,_2,_1>>, Shape<_32,_32,_16>>"},
      {"Layout<Shape<_32,_4>, Stride<_4,_1>>", "Layout<cute::tuple<_32,_4>, Coord<_4,_1>>"},
      {"Layout<Shape<_1,_8>>", "Layout<Stride<_1,_8>>"},
  };
  std::string all = canon;
  for (const auto& [from, to] : swaps) {
    EXPECT_EQ(plan_json_of(replaced(canon, from, to)), want) << to;
    all = replaced(all, from, to);
  }
  EXPECT_EQ(plan_json_of(all), want);
  // Nested: a hierarchical mode spelled with another alias, as the compiler prints every one of them tuple.
  const std::string nested = replaced(canon, "Layout<Shape<_8,_32>, Stride<_32,_1>>",
                                      "Layout<Shape<Stride<_8>,Step<_32>>, Stride<Shape<_32>,Tile<_1>>>");
  const std::string nested_canon =
      replaced(canon, "Layout<Shape<_8,_32>, Stride<_32,_1>>",
               "Layout<Shape<Shape<_8>,Shape<_32>>, Stride<Stride<_32>,Stride<_1>>>");
  EXPECT_EQ(plan_json_of(nested), plan_json_of(nested_canon));
  // A declared alias of one kind used in another's place (it was spelled Shape<...> in a Stride's).
  const std::string declared = replaced(
      canon,
      "using SmemLayoutAtom = decltype(composition(Swizzle<2,3,3>{}, Layout<Shape<_8,_32>, "
      "Stride<_32,_1>>{}));",
      "using AtomStride = Shape<_32,_1>;\nusing SmemLayoutAtom = decltype(composition(Swizzle<2,3,3>{}, "
      "Layout<Stride<_8,_32>, AtomStride>{}));");
  EXPECT_EQ(plan_json_of(declared), want);
  // Strides with run-time modes in any alias, as g++ prints TagToStrideA_t<RowMajor> (recorded in
  // tests/data/cute/compiler_spellings.txt): the same plan as Stride<int64_t, _1, int64_t>.
  const std::string stride = replaced(canon, "cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>",
                                      "cute::Stride<int64_t, _1, int64_t>");
  EXPECT_EQ(plan_json_of(replaced(canon, "cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>",
                                  "cute::tuple<long int, cute::C<1>, long int>")),
            plan_json_of(stride));
  EXPECT_EQ(plan_json_of(replaced(canon, "cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>",
                                  "Shape<int64_t, _1, int64_t>")),
            plan_json_of(stride));
  // What stays refused: a layout where a shape's integer goes (the compiler's Layout<Shape, Stride> does
  // not take a Layout as an extent either), and Shape<int, int, int> with no unit stride, in a stride's
  // place.
  EXPECT_NE(error_of(replaced(canon, "Layout<Shape<_8,_32>, Stride<_32,_1>>",
                              "Layout<Shape<Layout<_8>,_32>, Stride<_32,_1>>")),
            "");
  EXPECT_NE(error_of(replaced(canon, "cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>",
                              "Shape<int64_t, int64_t, int64_t>")),
            "");
}

// g++'s spelling of a type: the recorded line `name<TAB>type` of tests/data/cute/compiler_spellings.txt
// (tests/cute_oracle/compiler_spellings.cpp, g++ 12.2, CUTLASS 4.2.0).
std::string spelling(const std::string& name, const std::string& file = "cute/compiler_spellings.txt") {
  std::istringstream in(read(file));
  for (std::string line; std::getline(in, line);)
    if (line.rfind(name + "\t", 0) == 0) return line.substr(name.size() + 1);
  ADD_FAILURE() << "no recorded spelling " << name;
  return "";
}

// Issue 34: the compilers' spelling of a TiledCopy, TiledCopy<Copy_Atom<Op, T>, LayoutCopy_TV, ShapeTiler_MN>
// (what make_tiled_copy and make_tiled_copy_A return), reads as the TiledCopy that built it; so does the
// TiledMMA's and a template parameter bound with --bind TA=half_t.
TEST(CppConfig, CompilerSpellings) {
  const std::string tut = read("cpp/cute_tutorial_sgemm_sm80.cu");
  const std::string text = R"(
template <class TA, class TB>
void gemm_tn(int m, int n, int k, TA const* A, int ldA, TB const* B, int ldB) {
  auto dA = make_stride(ldA, Int<1>{});
  auto dB = make_stride(ldB, Int<1>{});
  auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<32>{});
  auto bP = Int<3>{};
  auto sA = tile_to_shape(composition(Swizzle<2,3,3>{}, Layout<Shape<_8,_32>, Stride<_32,_1>>{}),
                          make_shape(Int<128>{}, Int<32>{}, bP));
  auto sB = sA;
  TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TA>{},
                                    Layout<Shape<_32,_4>, Stride<_4,_1>>{}, Layout<Shape<_1,_8>>{});
  TiledCopy copyB = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TB>{},
                                    Layout<Shape<_32,_4>, Stride<_4,_1>>{}, Layout<Shape<_1,_8>>{});
  TiledMMA mmaC = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{});
}
)";
  const std::vector<std::string> common = {"scope=gemm_tn", "cta_tile=cta_tiler", "stages=bP", "A.gmem=dA",
                                           "A.smem=sA",     "B.gmem=dB",          "B.smem=sB"};
  auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> b = common;
    b.insert(b.end(), more.begin(), more.end());
    return parse_bindings(b);
  };
  const std::string want = plan_json_of(
      text, with({"mma=mmaC", "A.type=half_t", "B.type=half_t", "TA=half_t", "TB=half_t", "A.g2s=copyA",
                  "B.g2s=copyB", "A.s2r=make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mmaC)"}));
  // The template parameters bound: the same plan as the types written out.
  EXPECT_EQ(plan_json_of(text, with({"mma=mmaC", "A.type=TA", "B.type=TB", "TA=cute::half_t", "TB=half_t",
                                     "A.g2s=copyA", "B.g2s=copyB",
                                     "A.s2r=make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, TA>{}, mmaC)"})),
            want);
  // The compiler's spellings in place of the expressions.
  EXPECT_EQ(plan_json_of(text, with({"mma=" + spelling("mma"), "A.type=half_t", "B.type=half_t", "TA=half_t",
                                     "TB=half_t", "A.g2s=" + spelling("g2s"), "B.g2s=" + spelling("g2s"),
                                     "A.s2r=" + spelling("s2r")})),
            want);
  // UniversalCopy<unsigned int, unsigned int> (g++'s uint32_t) of float: the TiledCopy of its
  // make_tiled_copy.
  const std::string f32 = R"(
using Uni = decltype(make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_16,_8>>{}));
using Printed = )" + spelling("uni") +
                          ";\n";
  const std::vector<std::string> uni = {
      "cta_tile=make_shape(Int<16>{}, Int<8>{}, Int<8>{})",
      "mma=make_tiled_mma(UniversalFMA<float,float,float,float>{}, Layout<Shape<_16,_8,_1>>{})",
      "A.type=float", "A.gmem=cutlass::layout::ColumnMajor", "A.smem=Layout<Shape<_16,_8>>{}"};
  auto uni_plan = [&](const std::string& copy) {
    std::vector<std::string> b = uni;
    b.push_back("A.g2s=" + copy);
    return plan_json_of(f32, parse_bindings(b));
  };
  EXPECT_EQ(uni_plan("Printed"), uni_plan("Uni"));
  // nvcc's spellings (its "incomplete type" errors, tests/data/cute/compiler_spellings_nvcc.txt): the type as
  // written (Shape<C<128>, Int<1>>, uint32_t) and its "aka" read as the same copy; those with type
  // computations (std::conditional_t, tuple_element_t, LayoutLeft::Apply) are refused, never read another
  // way.
  const std::string nv = "cute/compiler_spellings_nvcc.txt";
  EXPECT_EQ(uni_plan(spelling("nvcc_uni", nv)), uni_plan("Uni"));
  EXPECT_EQ(uni_plan(spelling("nvcc_uni_aka", nv)), uni_plan("Uni"));
  for (const char* name : {"nvcc_g2s", "nvcc_g2s_aka"}) {
    std::vector<std::string> b = uni;
    b.push_back(std::string("A.g2s=") + spelling(name, nv));
    EXPECT_THROW((void)plan_json_of(f32, parse_bindings(b)), CppConfigError) << name;
  }
  for (const char* name : {"nvcc_mma", "nvcc_mma_aka"}) {
    std::vector<std::string> b = {"cta_tile=make_shape(Int<16>{}, Int<8>{}, Int<8>{})", "A.type=float"};
    b.push_back(std::string("mma=") + spelling(name, nv));
    EXPECT_THROW((void)plan_json_of(f32, parse_bindings(b)), CppConfigError) << name;
  }
  EXPECT_NE(uni_plan("Uni").find("\"tv\": \"(128,1):(1,0)\""), std::string::npos) << uni_plan("Uni");
  // A spelling whose parts disagree is refused with its place, never read another way.
  auto refused = [&](const std::string& copy) {
    try {
      (void)uni_plan(copy);
    } catch (const SpecError& e) {
      return e.path() + ": " + e.what();
    }
    return std::string();
  };
  EXPECT_NE(refused("TiledCopy<Copy_Atom<UniversalCopy<uint32_t>, float>, Layout<Shape<_128>>>")
                .find("takes 3 template arguments"),
            std::string::npos);
  EXPECT_NE(
      refused("TiledCopy<UniversalCopy<uint32_t>, Layout<Shape<_128>>, Shape<_16,_8>>").find("Copy_Atom"),
      std::string::npos);
  EXPECT_NE(refused("TiledCopy<Copy_Atom<UniversalCopy<uint32_t>, float>, Shape<_128>, Shape<_16,_8>>")
                .find("expected the TV layout"),
            std::string::npos);
  // The TV layout reaching past the tiler's 128 elements.
  EXPECT_NE(
      refused("TiledCopy<Copy_Atom<UniversalCopy<uint32_t>, float>, Layout<Shape<_128,_1>, Stride<_2,_0>>, "
              "Shape<_16,_8>>"),
      "");
  (void)tut;
}

// Issue 34: a TiledCopy pasted as C++ (render's WHAT), as g++ spells it: the TiledCopy its make_tiled_copy
// builds.
TEST(CppConfig, TiledCopyExpression) {
  for (const char* name : {"uni", "g2s"}) {
    const auto spelled = read_cpp_tiled_copy(spelling(name));
    ASSERT_TRUE(spelled) << name;
    const auto made = read_cpp_tiled_copy(
        std::string(name) == "uni"
            ? "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_16,_8>>{});"
            : "decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{}, "
              "Layout<Shape<_32,_4>, Stride<_4,_1>>{}, Layout<Shape<_1,_8>>{}))");
    ASSERT_TRUE(made) << name;
    EXPECT_EQ(to_string(spelled->get_layoutS_TV()), to_string(made->get_layoutS_TV())) << name;
    EXPECT_EQ(to_string(spelled->get_layoutD_TV()), to_string(made->get_layoutD_TV())) << name;
    EXPECT_EQ(spelled->tile_shape(), made->tile_shape()) << name;
    EXPECT_EQ(spelled->atom.name, made->atom.name) << name;
  }
  // The literal: g++'s g2s spelling, TV ((4,32),8):((256,1),32) over a 32x32 tile (CuTe's print of it).
  EXPECT_EQ(to_string(read_cpp_tiled_copy(spelling("g2s"))->get_layoutS_TV()),
            "((4,32),(8,1)):((256,1),(32,0))");
  EXPECT_FALSE(read_cpp_tiled_copy("(4,8):(8,1)"));
  EXPECT_FALSE(read_cpp_tiled_copy("TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>>"));
  EXPECT_FALSE(read_cpp_tiled_copy("make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma)"));
  EXPECT_THROW((void)read_cpp_tiled_copy("TiledCopy<Copy_Atom<Nope, float>, Layout<_16>, Shape<_16>>"),
               CppConfigError);
}

// Issue 34: errors inside a --bind value are at the bind's own text and key; an error in a declaration the
// value names is at the file's line and column, saying which bind read it.
TEST(CppConfig, BindErrorsPointAtTheBind) {
  const std::string text =
      "template <class TA>\nvoid f() {\n  auto bad = Layout<Shape<_4>, Nope<_1>>{};\n}\n";
  auto error = [&](const std::vector<std::string>& b) -> std::string {
    try {
      (void)load_plans(text, "", "f.cu", parse_bindings(b));
    } catch (const SpecError& e) {
      return e.path() + ": " + e.what();
    }
    return "";
  };
  EXPECT_EQ(error({"scope=f", "stages=3 +"}).substr(0, 32), "--bind stages=3 +, column 4: exp");
  EXPECT_EQ(error({"scope=f", "A.type=half_t", "stages=Int<(1 << 40)>{}"}).substr(0, 47),
            "--bind stages=Int<(1 << 40)>{}, column 6: 1 << ");
  const std::string in_file = error({"scope=f", "A.smem=bad"});
  EXPECT_EQ(in_file.substr(0, 18), "line 3, column 14:") << in_file;
  EXPECT_NE(in_file.find("(read through --bind A.smem=bad)"), std::string::npos) << in_file;
  // A template parameter bound: an error in its value is at that bind, not at the one that used it.
  const std::string tparam = error({"scope=f", "TA=half_q", "A.type=TA"});
  EXPECT_EQ(tparam.substr(0, 28), "--bind TA=half_q, column 1: ") << tparam;
  // Unbound, it says how to bind it.
  EXPECT_NE(error({"scope=f", "A.type=TA"}).find("--bind TA=half_t (with --bind scope=f)"),
            std::string::npos);
  EXPECT_NE(error({"scope=f", "TA=half_t", "TA=float"}).find("twice"), std::string::npos);
  // A long value is shortened in the place, never in the message.
  const std::string long_value = "make_shape(" + std::string(80, '1') + ")";
  EXPECT_EQ(error({"scope=f", "cta_tile=" + long_value}).substr(0, 88),
            "--bind cta_tile=" + long_value.substr(0, 57) + "..., column 12:");
}

// Issue 34: "no configuration found" says what the file holds instead, and the flag that reads it.
TEST(CppConfig, NoConfigurationSaysWhatWasFound) {
  auto error = [](const std::string& text) -> std::string {
    try {
      (void)load_plans(text, "", "x.cu");
    } catch (const SpecError& e) {
      return e.what();
    }
    return "";
  };
  const std::string builder =
      "using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<\n"
      "    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, half_t, LayoutA, 8, half_t, LayoutB, 8, "
      "float,\n"
      "    TileShape, ClusterShape, StageCountAuto, KernelScheduleAuto>::CollectiveOp;\n";
  EXPECT_NE(error(builder).find("found instead: a CollectiveBuilder (line 1)"), std::string::npos)
      << error(builder);
  // The flag that reads it through the compiler: the alias's name at file scope, its function's scope and its
  // name inside a function body (the compiler path exports it from a copy of the file), none inside a
  // function template; the epilogue's builder is not the configuration.
  EXPECT_NE(error(builder).find("read it through the compiler: --config CollectiveMainloop (with"),
            std::string::npos)
      << error(builder);
  const std::string local = "void run() {\n" + builder + "}\n";
  EXPECT_NE(error(local).find("found instead: a CollectiveBuilder (line 2)"), std::string::npos)
      << error(local);
  EXPECT_NE(error(local).find("or read it through the compiler: --config 'run::CollectiveMainloop' (an alias "
                              "inside a function body"),
            std::string::npos)
      << error(local);
  // A CollectiveMma inside a function body that the text reader cannot evaluate: its error, then the flag.
  const std::string unreadable =
      "int main() {\n  using Mainloop = cutlass::gemm::collective::CollectiveMma<int>;\n}\n";
  EXPECT_NE(error(unreadable)
                .find("(main::Mainloop is an alias inside a function body: the compiler path reads it "
                      "as the compiler does, --config 'main::Mainloop' with"),
            std::string::npos)
      << error(unreadable);
  const std::string in_template = "template <class T> void run() {\n" + builder + "}\n";
  EXPECT_NE(error(in_template).find("it sits inside a function template, which neither reader reads"),
            std::string::npos)
      << error(in_template);
  const std::string epilogue =
      "using CollectiveEpilogue = typename "
      "cutlass::epilogue::collective::CollectiveBuilder<int>::CollectiveOp;\n" +
      builder;
  EXPECT_NE(error(epilogue).find("found instead: a CollectiveBuilder (line 2)"), std::string::npos)
      << error(epilogue);
  // A copy-only kernel (CuTe's tiled_copy.cu): --config FUNCTION reads it (its form: cli.tutorial).
  const std::string copy_only =
      "template <class S, class D, class C> __global__ void copy_kernel(S s, D d, C c) {}\n"
      "void run() {\n"
      "  auto copy = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{}, Layout<Shape<_32, "
      "_8>>{},\n"
      "                              Layout<Shape<_4, _1>>{});\n"
      "  copy_kernel<<<1, 256>>>(1, 2, copy);\n"
      "}\n";
  EXPECT_NE(
      error(copy_only).find("found instead: the function run (line 2) passes a TiledCopy and its tensors to "
                            "its copy_kernel launch, a copy-only kernel: read it with --config run"),
      std::string::npos)
      << error(copy_only);
  const std::string spec =
      "template <typename T> struct DefaultGemmConfigurationToCutlass3Types;\ntemplate <>\n"
      "struct DefaultGemmConfigurationToCutlass3Types<half_t> {\n"
      "  using CollectiveMainloop = collective::CollectiveMma<MainloopSm80CpAsync<3>, X>;\n};\n";
  EXPECT_NE(
      error(spec).find("a CollectiveMma<...> inside a template, a specialisation or a function (line 4)"),
      std::string::npos)
      << error(spec);
  const std::string test =
      "TEST(SM80_Device, f16) {\n  using Mma = TiledMMA<MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>>;\n}\n";
  EXPECT_NE(error(test).find("a TEST() body (line 1)"), std::string::npos) << error(test);
  const std::string fn =
      "void gemm_nt() {\n  TiledMMA mmaC = make_tiled_mma(UniversalFMA<float>{}, "
      "Layout<Shape<_16,_16,_1>>{});\n  TiledCopy copyA = make_tiled_copy(X{}, Y{});\n}\n";
  EXPECT_NE(error(fn).find("the function gemm_nt (line 2) builds CuTe objects (mma=mmaC, A.g2s=copyA): "
                           "name what forms its configuration with --bind scope=gemm_nt"),
            std::string::npos)
      << error(fn);
  // Nothing of these: the message as it was.
  EXPECT_EQ(error("int x = 1;\n").find("found instead"), std::string::npos);
}

}  // namespace
}  // namespace tvlab
