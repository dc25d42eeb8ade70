// MainloopSm90TmaGmmaRmemAWarpSpecialized (verify/src/model/rmem_a.cpp): the collective's operands under
// SwapAB, the static_asserts of sm90_mma_tma_gmma_rs_warpspecialized.hpp (CUTLASS 4.2.0) at their keys,
// literal plans against CuTe's own prints, and the swapped plan against the same collective written with the
// operands the collective uses (two paths to one plan), over a family of tiles.
#include <gtest/gtest.h>

#include "../verify_test_support.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"
#include "tvlab/verify/report/plan_format.hpp"

namespace tvlab {
namespace {

using test::check;

nlohmann::json spec(const std::string& file, const std::function<void(nlohmann::json&)>& edit = {}) {
  nlohmann::json j = nlohmann::json::parse(test::read_data("specs/" + file));
  if (edit) edit(j);
  return j;
}
nlohmann::json tt(const std::function<void(nlohmann::json&)>& edit = {}) {
  return spec("cutlass_sm90_tf32_rs_tt_64x128x32.json", edit);
}
nlohmann::json tn(const std::function<void(nlohmann::json&)>& edit = {}) {
  return spec("cutlass_sm90_tf32_rs_tn_128x128x32.json", edit);
}

Plan plan_of(const nlohmann::json& j) {
  return build_plan(read_json_spec(j.dump()));
}

std::string error_of(const nlohmann::json& j) {
  try {
    plan_of(j);
  } catch (const SpecError& e) {
    return e.path() + ": " + e.what();
  }
  return "(built)";
}

const PlannedSmem& smem(const Plan& p, const std::string& x) {
  for (const PlannedSmem& s : p.smem)
    if (s.name == x) return s;
  throw std::runtime_error("no smem " + x);
}

TEST(RmemA, SwapABPlanIsCutes) {
  // 4 stages, as the g++ program that printed these layouts instantiated it.
  const Plan p = plan_of(tt([](nlohmann::json& j) { j["stages"] = 4; }));
  ASSERT_TRUE(p.kernel);
  EXPECT_TRUE(p.kernel->swap_ab);
  // The collective's A is B as given: its SmemLayoutA, CuTe's print of
  // tile_to_shape(Layout_MN_SW32_Atom<tfloat32_t>, (64, 32, 4), Step<_2,_1,_3>) (g++ against CUTLASS 4.2.0).
  ASSERT_EQ(p.copies.size(), 1u);
  const PlannedCopy& a = p.copies[0];
  EXPECT_EQ(a.name, "A");
  EXPECT_EQ(a.how, "s2r");
  ASSERT_TRUE(a.smem && a.smem->staged);
  EXPECT_EQ(to_string(*a.smem->staged),
            "Sw<1,4,3> o smem_ptr[32b](unset) o ((8,8),(8,4),(1,4)):((1,256),(8,64),(0,2048))");
  // make_tiled_copy_A(Copy_Atom<AutoVectorizingCopy, float>, TiledMMA<SM90_64x128x8_F32TF32TF32_RS_TN>),
  // CuTe's print(): Tiler_MN (_64,_8), TiledLayout_TV
  // ((_4,_8,_4),((_2,_2),(_1,_1))):((_64,_1,_16),((_8,_256),(_0,_0))).
  EXPECT_EQ(to_string(a.copy.tv), "((4,8,4),((2,2),(1,1))):((64,1,16),((8,256),(0,0)))");
  // Its B is A as given, read through a descriptor: (_8,_16),(_32,_1),(_1,_4) as CuTe prints SmemLayoutB.
  const PlannedSmem& b = smem(p, "B");
  EXPECT_TRUE(b.descriptor);
  ASSERT_TRUE(b.staged);
  EXPECT_EQ(to_string(*b.staged),
            "Sw<3,4,3> o smem_ptr[32b](unset) o ((8,16),(32,1),(1,4)):((32,256),(1,0),(0,4096))");
  EXPECT_FALSE(smem(p, "A").descriptor);
}

TEST(RmemA, SwapABVerifies) {
  const Report r = verify_plan(plan_of(tt()));
  EXPECT_FALSE(r.failed(true));
  const CheckResult& k = check(r, "rs.k_blocks");
  EXPECT_EQ(k.verdict, Verdict::Proved);
  EXPECT_EQ(k.data["k_blocks"], 4);
  EXPECT_EQ(k.data["swap_ab"], true);
  for (const char* code : {"fragment.A", "partition.A", "desc.B", "tma.A.box", "tma.B.box"})
    EXPECT_EQ(check(r, code).verdict, Verdict::Proved) << code;
  // No descriptor is made of the register operand.
  EXPECT_THROW(check(r, "desc.A"), std::runtime_error);
  // sizeof(TensorStorage) + sizeof(PipelineStorage) as nvcc laid them out for the 9 stages of TEST#2 (its
  // recording's mainloop_tensor_storage_bytes and mainloop_pipeline_storage_bytes), and g++ for 4 stages.
  EXPECT_EQ(check(r, "smem.budget").data["bytes"], 221184 + 144);
  const Report r4 = verify_plan(plan_of(tt([](nlohmann::json& j) { j["stages"] = 4; })));
  EXPECT_EQ(check(r4, "smem.budget").data["bytes"], 98304 + 64);
  // TEST#3's (7 stages, two warpgroups): 229376 + 112.
  const Report r3 = verify_plan(plan_of(spec("cutlass_sm90_tf32_rs_tt_128x128x32.json")));
  EXPECT_FALSE(r3.failed(true));
  EXPECT_EQ(check(r3, "smem.budget").data["bytes"], 229376 + 112);
}

// The collective's operands written directly (no SwapAB: A MN-major in registers, B K-major): the same plan.
TEST(RmemA, SwapABEqualsTheCollectivesOperands) {
  for (int64_t m : {64, 128})
    for (int64_t n : {64, 128, 256})
      for (int64_t k : {32, 64}) {
        const std::string atom_n = "SM90_64x" + std::to_string(n) + "x8_F32TF32TF32_RS_TN";
        auto common = [&](nlohmann::json& j) {
          j["cta_tile"] = {m, n, k};
          j["mma"]["atom"] = atom_n;
          j["mma"]["atom_layout"] = m == 128 ? "(2,1,1)" : "(1,1,1)";
        };
        const nlohmann::json swapped = tt(common);
        const nlohmann::json direct = tt([&](nlohmann::json& j) {
          common(j);
          std::swap(j["operands"]["A"], j["operands"]["B"]);
          j["operands"]["A"]["gmem"]["layout"] = "ColumnMajor";  // B RowMajor (N-major) seen as an A: M-major
          j["operands"]["B"]["gmem"]["layout"] = "ColumnMajor";  // A RowMajor (K-major) seen as a B
        });
        const Plan ps = plan_of(swapped), pd = plan_of(direct);
        EXPECT_TRUE(ps.kernel->swap_ab);
        EXPECT_FALSE(pd.kernel->swap_ab);
        nlohmann::ordered_json js = plan_to_json(ps), jd = plan_to_json(pd);
        EXPECT_EQ(js.dump(), jd.dump()) << m << "x" << n << "x" << k;
        const Report r = verify_plan(ps);
        EXPECT_EQ(check(r, "fragment.A").verdict, Verdict::Proved) << m << "x" << n << "x" << k;
        EXPECT_EQ(check(r, "partition.A").verdict, Verdict::Proved) << m << "x" << n << "x" << k;
        EXPECT_EQ(check(r, "rs.k_blocks").data["k_blocks"], k / 8);
      }
}

TEST(RmemA, KIterationsRefuted) {
  // BLK_K 16 over the MMA's K 8: two k-iterations (64B-swizzled K atoms, 16 tf32 along K).
  const Report r = verify_plan(plan_of(tn([](nlohmann::json& j) {
    j["cta_tile"] = {128, 128, 16};
    for (const char* x : {"A", "B"})
      j["operands"][x]["smem"]["atom"] = "GMMA::Layout_K_SW64_Atom<tfloat32_t>";
  })));
  const CheckResult& k = check(r, "rs.k_blocks");
  EXPECT_EQ(k.verdict, Verdict::Refuted);
  EXPECT_EQ(k.severity, Severity::Error);
  EXPECT_EQ(k.witnesses.at(0),
            "size<2>(tCrA) = BLK_K 16 / TiledMMA K 8 = 2: RS loops require more than 2 MMA k-iterations for "
            "correctness (the collective's CUTE_STATIC_ASSERT_V)");
  EXPECT_TRUE(r.failed(false));
  // Without SwapAB (both K-major) A stays in registers.
  const Report n = verify_plan(plan_of(tn()));
  EXPECT_FALSE(n.failed(true));
  EXPECT_EQ(check(n, "rs.k_blocks").data["swap_ab"], false);
  EXPECT_EQ(check(n, "rs.k_blocks").data["k_blocks"], 4);
}

// 16-bit values: the RS A fragment holds (k, k+1) pairs, which CuTe's AutoVectorizingCopy may move as one
// vector (max_common_vector over the thread's k-block): the per-atom vector and bank checks decide nothing.
TEST(RmemA, NarrowAutoVectorizingCopyIsUnknown) {
  const Report r = verify_plan(plan_of(tn([](nlohmann::json& j) {
    j["cta_tile"] = {128, 128, 64};
    j["mma"]["atom"] = "SM90_64x128x16_F32F16F16_RS<GMMA::Major::K, GMMA::Major::K>";
    for (const char* x : {"A", "B"}) {
      j["operands"][x]["type"] = "half_t";
      j["operands"][x]["smem"]["atom"] = "GMMA::Layout_K_SW128_Atom<half_t>";
    }
  })));
  for (const char* code : {"vector.A.s2r", "banks.A.s2r"}) {
    EXPECT_EQ(check(r, code).verdict, Verdict::Unknown) << code;
    EXPECT_NE(check(r, code).summary.find("vectorizes over the thread's whole k-block"), std::string::npos);
  }
  EXPECT_EQ(check(r, "width.A").verdict, Verdict::Proved);    // half_t in shared memory, half_t in the MMA
  EXPECT_EQ(check(r, "rs.k_blocks").data["swap_ab"], false);  // 2-byte types never swap
  // tf32: the per-atom checks hold (CuTe's max_common_vector is 1 for these fragments).
  EXPECT_EQ(check(verify_plan(plan_of(tn())), "vector.A.s2r").verdict, Verdict::Proved);
  // A bf16 MMA reading half_t bits: misread.
  const Report b = verify_plan(plan_of(tn([](nlohmann::json& j) {
    j["cta_tile"] = {128, 128, 64};
    j["mma"]["atom"] = "SM90_64x128x16_F32BF16BF16_RS<GMMA::Major::K, GMMA::Major::K>";
    for (const char* x : {"A", "B"}) {
      j["operands"][x]["type"] = "half_t";
      j["operands"][x]["smem"]["atom"] = "GMMA::Layout_K_SW128_Atom<half_t>";
    }
  })));
  EXPECT_EQ(check(b, "width.A").verdict, Verdict::Refuted);
  EXPECT_EQ(check(b, "width.A").severity, Severity::Error);
}

TEST(RmemA, StaticAssertsAtTheirKeys) {
  // SwapAB: B's copy atom is the collective's InternalSmemCopyAtomA; A's must be void.
  EXPECT_EQ(error_of(tt([](nlohmann::json& j) {
              j["operands"]["B"]["smem"].erase("s2r");
            })).rfind("operands.B.smem.s2r: SM90 GMMA mainloops must specify a non-void copy atom", 0),
            0u);
  EXPECT_EQ(error_of(tt([](nlohmann::json& j) {
              j["operands"]["A"]["smem"]["s2r"] = "AutoVectorizingCopy";
            })).rfind("operands.A.smem.s2r: SM90 GMMA mainloops cannot have a non-void copy atom", 0),
            0u);
  EXPECT_EQ(error_of(tn([](nlohmann::json& j) {
              j["operands"]["A"]["smem"].erase("s2r");
            })).rfind("operands.A.smem.s2r: SM90 GMMA mainloops must specify", 0),
            0u);
  EXPECT_EQ(error_of(tn([](nlohmann::json& j) {
              j["mma"]["atom"] = "SM90_64x128x8_F32TF32TF32_SS_TN";
            })).rfind("mma.atom: MMA atom must source A from rmem and B operand from smem_desc", 0),
            0u);
  // The SS mainloop refuses the RS atom.
  EXPECT_EQ(error_of(spec("cutlass_sm90_tf32_tn_128x128x32.json",
                          [](nlohmann::json& j) { j["mma"]["atom"] = "SM90_64x64x8_F32TF32TF32_RS_TN"; }))
                .rfind("mma.atom: MMA atom must source both A and B operand from smem_desc", 0),
            0u);
  // TransposeB (both MN-major tf32) is not modelled: exit 2 at B's gmem.
  EXPECT_NE(error_of(tn([](nlohmann::json& j) {
              j["operands"]["A"]["gmem"]["layout"] = "ColumnMajor";
              j["operands"]["B"]["gmem"]["layout"] = "RowMajor";
            })).find("operands.B.gmem: MainloopSm90TmaGmmaRmemAWarpSpecialized with A and B both MN-major"),
            std::string::npos);
  EXPECT_EQ(error_of(tt([](nlohmann::json& j) {
              j["operands"]["A"].erase("gmem");
            })).rfind("operands.A.gmem: MainloopSm90TmaGmmaRmemAWarpSpecialized decides SwapAB", 0),
            0u);
  EXPECT_EQ(error_of(tt([](nlohmann::json& j) {
              j["epilogue"] = {{"collective", "DefaultEpilogue"}};
            })).rfind("epilogue: with SwapAB", 0),
            0u);
  EXPECT_EQ(error_of(tt([](nlohmann::json& j) {
              j["operands"]["C"] = {{"type", "float"},
                                    {"copy", {{"atom", "UniversalCopy<float>"}, {"from_mma", true}}}};
            })).rfind("operands.C: with SwapAB the collective's accumulator", 0),
            0u);
  EXPECT_EQ(
      error_of(tt([](nlohmann::json& j) { j["stages"] = 1; })).rfind("stages: Specialization requires", 0),
      0u);
}

}  // namespace
}  // namespace tvlab
