// spec_to_cpp: kernel-model specs written as CollectiveMma C++, read back by the C++ reader into the same
// spec; what it cannot express is an error naming the key.
#include "tvlab/verify/spec_cpp.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "tvlab/verify/cpp_config.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"
#include "tvlab/verify/readers/load.hpp"
#include "tvlab/verify/readers/print_spec.hpp"
#include "tvlab/verify/report/plan_format.hpp"
#include "tvlab/verify/verifier.hpp"
#include "tvlab/verify/writers/spec_json.hpp"
#include "verify_test_support.hpp"

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
      cpp = spec_to_cpp(spec, "cfg");
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
    const Report r1 = verify_plan(build_plan(read_json_value(spec)), "", fast), r2 = verify_plan(build_plan(read_json_value(back)), "", fast);
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
      spec_to_cpp(s, "cfg");
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
  json xe = json::parse(test::read_data("specs/sycl_tla_00_bmg_gemm.json"));
  EXPECT_EQ(path_of(xe), "(written)");
  xe["operands"]["A"]["copy"] = "coop";
  EXPECT_EQ(path_of(xe), "operands.A.copy");
}

}  // namespace
}  // namespace tvlab
