// spec_to_cpp: kernel configurations written as CollectiveMma C++, read back by the C++ reader into the same
// spec; what it cannot express is an error naming the key. The specs of tests/data are read into their
// configurations by the JSON reader.
#include "tvlab/verify/writers/spec_cpp.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "../verify_test_support.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/readers/json_spec.hpp"
#include "tvlab/verify/writers/spec_json.hpp"

namespace tvlab {
namespace {

using nlohmann::json;

TEST(SpecCpp, LayoutsInCuteSpelling) {
  EXPECT_EQ(layout_to_cpp("(8,32):(32,1)"), "Layout<Shape<_8, _32>, Stride<_32, _1>>");
  EXPECT_EQ(layout_to_cpp("(2,2,1)"), "Layout<Shape<_2, _2, _1>>");
  EXPECT_EQ(layout_to_cpp("(2,2,1):(2,1,1)"), "Layout<Shape<_2, _2, _1>, Stride<_2, _1, _1>>");
  EXPECT_EQ(layout_to_cpp("((8,16),40):((1,320),8)"),
            "Layout<Shape<Shape<_8, _16>, Int<40>>, Stride<Stride<_1, Int<320>>, _8>>");
  EXPECT_EQ(layout_to_cpp("Sw<3,3,3> o (8,64):(64,1)"),
            "decltype(composition(Swizzle<3, 3, 3>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{}))");
  EXPECT_THROW(layout_to_cpp("Sw<3,3,3> o 8 o (8,64):(64,1)"), SpecError);  // an offset
  EXPECT_THROW(layout_to_cpp("(8,"), SpecError);
}

// Every kernel-model spec of tests/data the writer expresses reads back to the same report; the others are
// errors naming a key.
TEST(SpecCpp, SpecsReadBackToTheSameReport) {
  int written = 0, refused = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(TVLAB_TEST_DATA) + "/specs")) {
    if (!entry.is_regular_file()) continue;  // specs/shared_storage/: its own test (shared_storage_test)
    const json spec = json::parse(test::read_data("specs/" + entry.path().filename().string()));
    if (!spec.is_object() || !spec.contains("mainloop")) continue;
    SCOPED_TRACE(entry.path().filename().string());
    std::string cpp;
    try {
      cpp = spec_to_cpp(read_json_value(spec), "cfg");
    } catch (const SpecError& e) {
      EXPECT_FALSE(e.path().empty()) << e.what();
      ++refused;
      continue;
    }
    ++written;
    const auto cfgs = read_cpp_configs(cpp);
    ASSERT_EQ(cfgs.size(), 1u) << cpp;
    EXPECT_EQ(cfgs[0].name, "cfg::CollectiveMainloop");
    json back(config_to_json(cfgs[0].config));
    for (const char* x : {"A", "B"})
      if (spec["operands"][x].contains("gmem") && spec["operands"][x]["gmem"].contains("alignment"))
        back["operands"][x]["gmem"]["alignment"] = spec["operands"][x]["gmem"]["alignment"];
    const VerifyOptions fast{.suggest = false};
    const Report r1 = verify_plan(build_plan(read_json_value(spec)), "", fast),
                 r2 = verify_plan(build_plan(read_json_value(back)), "", fast);
    ASSERT_EQ(r1.checks.size(), r2.checks.size()) << cpp;
    for (size_t i = 0; i < r1.checks.size(); ++i) {
      EXPECT_EQ(r1.checks[i].code, r2.checks[i].code);
      EXPECT_EQ(r1.checks[i].summary, r2.checks[i].summary) << cpp;
    }
  }
  EXPECT_GE(written, 20);
  EXPECT_GE(refused, 1);  // the SM90 TMA collectives
}

TEST(SpecCpp, WhatItCannotWriteIsAnErrorAtTheKey) {
  const json base = json::parse(test::read_data("specs/cutlass_sm80_f16_tn_128x128x32.json"));
  auto path_of = [](const json& s) {
    try {
      spec_to_cpp(read_json_value(s), "cfg");
    } catch (const SpecError& e) {
      return e.path();
    }
    return std::string("(written)");
  };
  EXPECT_EQ(path_of(base), "(written)");
  json s = base;
  s["mainloop"] = "MainloopSm90TmaGmma";
  EXPECT_EQ(path_of(s), "mainloop");
  s = base;
  s.erase("cta_tile");
  EXPECT_EQ(path_of(s), "cta_tile");
  s = base;
  s["operands"]["A"]["smem"]["layout"] = "(128,32):(32,1)";
  EXPECT_EQ(path_of(s), "operands.A.smem.layout");
  s = base;
  s["operands"]["C"] = {{"type", "float"}};
  EXPECT_EQ(path_of(s), "operands.C");
  s = base;
  s["operands"].erase("B");
  EXPECT_EQ(path_of(s), "operands.B");
  s = base;
  s["operands"]["A"]["smem"]["atom"] = "Sw<2,3,3> o 8 o (8,32):(32,1)";
  EXPECT_EQ(path_of(s), "operands.A.smem.atom");
  // Keys of the model the collective has no place for, and an unknown key (a reader's warning): never
  // dropped.
  s = base;
  s["arch"] = "sm80";
  EXPECT_EQ(path_of(s), "arch");
  s["problem"] = {256, 256, 64, 1};
  EXPECT_EQ(path_of(s), "arch");  // the first in key order
  s = base;
  s["operands"]["A"]["contiguous"] = "K";
  EXPECT_EQ(path_of(s), "operands.A.contiguous");
  s = base;
  s["operands"]["B"]["smem"]["s2r"] = {{"atom", "SM75_U32x4_LDSM_N"}, {"thr_layout", "(32,1)"}};
  EXPECT_EQ(path_of(s), "operands.B.smem.s2r.thr_layout");
  s = base;
  s["operands"]["B"]["smem"]["g2s"]["from_mma"] = true;
  EXPECT_EQ(path_of(s), "operands.B.smem.g2s.from_mma");
  s = base;
  s["operands"]["A"]["smem"]["atomm"] = "(8,32):(32,1)";
  EXPECT_EQ(path_of(s), "operands.A.smem.atomm");
  s = base;
  s["mma"]["sg_layout"] = "(2,2,1)";
  EXPECT_EQ(path_of(s), "mma.sg_layout");
  s = base;
  s["operands"]["A"]["smem"].erase("g2s");
  EXPECT_EQ(path_of(s), "operands.A.smem.g2s");
  s = base;
  s["operands"]["A"]["smem"].erase("s2r");
  EXPECT_EQ(path_of(s), "operands.A.smem.s2r");
  json xe = json::parse(test::read_data("specs/sycl_tla_00_bmg_gemm.json"));
  EXPECT_EQ(path_of(xe), "(written)");
  xe["mma"]["tile"] = {128, 256, 32};
  EXPECT_EQ(path_of(xe), "mma.tile");
  xe = json::parse(test::read_data("specs/sycl_tla_00_bmg_gemm.json"));
  xe["operands"]["A"]["copy"] = "coop";
  EXPECT_EQ(path_of(xe), "operands.A.copy");
}

// The typed writer against literal C++: a configuration built in C++ (no JSON), as CUTLASS spells it.
TEST(SpecCpp, TypedConfigurationAsCpp) {
  KernelConfig c;
  c.name = "f16 TN";
  c.kernel.cta_tile = std::vector<int64_t>{128, 128, 32};
  c.kernel.stages = 3;
  c.kernel.mainloop = "MainloopSm80CpAsync";
  MmaConfig& m = c.mma.emplace();
  m.atom = "SM80_16x8x16_F32F16F16F32_TN";
  m.atom_layout = Notation("(2,2,1)");
  m.permutation =
      TilerConfig(std::vector<Notation>{int64_t(32), std::string("(16,2):(2,1)"), std::string("_")});
  for (const char* x : {"A", "B"}) {
    OperandConfig& o = c.operand_or_add(x);
    o.type = "half_t";
    o.gmem = GmemConfig{.layout = x[0] == 'A' ? "RowMajor" : "ColumnMajor", .alignment = 8};
    SmemConfig& sm = o.smem.emplace();
    sm.atom = "Sw<2,3,3> o (8,32):(32,1)";
    sm.s2r = CopyConfig::named("SM75_U32x4_LDSM_N");
    CopyConfig& g = sm.g2s.emplace();
    g.atom = "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>";
    g.thr_layout = Notation("(32,4):(4,1)");
    g.val_layout = Notation("(1,8)");
  }
  const std::string cpp = spec_to_cpp(c, "cfg");
  EXPECT_EQ(cpp.substr(0, cpp.find("\nusing ElementA")),
            "// f16 TN\nnamespace cfg {\nusing namespace cute;\n\nusing TileShape = Shape<_128, _128, _32>;\n"
            "using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_2, _2, _1>>, "
            "Tile<_32, Layout<Shape<_16, _2>, Stride<_2, _1>>, Underscore>>;\n");
  EXPECT_NE(
      cpp.find("using GmemTiledCopyA = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::"
               "uint128_t>, ElementA>{},\n    Layout<Shape<_32, _4>, Stride<_4, _1>>{},\n    "
               "Layout<Shape<_1, _8>>{}));\n"),
      std::string::npos)
      << cpp;
  EXPECT_NE(cpp.find("cutlass::gemm::MainloopSm80CpAsync<3>, TileShape,\n    ElementA, "
                     "cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>,"),
            std::string::npos)
      << cpp;
  // The same configuration through its JSON spec writes the same C++.
  EXPECT_EQ(spec_to_cpp(read_json_value(json(config_to_json(c))), "cfg"), cpp);
  // A reader's unknown key is refused at its path.
  c.warnings.push_back({"unknown key", "operands.B.gmem.aligment", "ignored"});
  try {
    spec_to_cpp(c, "cfg");
    ADD_FAILURE() << "wrote a configuration with an unknown key";
  } catch (const SpecError& e) {
    EXPECT_EQ(e.path(), "operands.B.gmem.aligment");
  }
}

}  // namespace
}  // namespace tvlab
