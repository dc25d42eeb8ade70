// Reading a spec file whole: build_plan_from_text is the JSON reader then build_plan, and load_plans picks
// the reader a text calls for (JSON, C++, CuTe's print()), each giving the plan its own reader and build_plan
// give.
#include "tvlab/verify/readers/load.hpp"

#include <gtest/gtest.h>

#include "../verify_test_support.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/readers/json_spec.hpp"
#include "tvlab/verify/readers/print_spec.hpp"
#include "tvlab/verify/report/plan_format.hpp"

namespace tvlab {
namespace {

std::string error_of(const std::string& text, std::string_view file = "") {
  try {
    load_plans(text, "", file);
  } catch (const SpecError& e) {
    return e.path() + ": " + e.what();
  }
  return "(read)";
}

TEST(Load, EachTextItsReader) {
  const std::string json = test::read_data("specs/cutlass_sm80_f16_tn_128x128x32.json");
  EXPECT_EQ(plan_to_json(build_plan_from_text(json)), plan_to_json(build_plan(read_json_spec(json))));
  const auto from_json = load_plans(json, "", "spec.json");
  ASSERT_EQ(from_json.size(), 1u);
  EXPECT_EQ(from_json[0].config, "");
  EXPECT_EQ(plan_to_json(from_json[0].plan), plan_to_json(build_plan_from_text(json)));

  const std::string cpp = test::read_data("cpp/cutlass_sm80_f16_tn.hpp");
  const auto from_cpp = load_plans(cpp, "", "cutlass_sm80_f16_tn.hpp");
  const auto configs = read_cpp_configs(cpp);
  ASSERT_EQ(from_cpp.size(), configs.size());
  for (std::size_t i = 0; i < configs.size(); ++i) {
    EXPECT_EQ(from_cpp[i].config, configs[i].name);
    EXPECT_EQ(plan_to_json(from_cpp[i].plan), plan_to_json(build_plan(configs[i].config)));
  }

  const std::string print = test::read_data("cute/prints/cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt");
  const auto from_print = load_plans(print, "", "mma.txt");
  ASSERT_EQ(from_print.size(), 1u);
  EXPECT_EQ(plan_to_json(from_print[0].plan), plan_to_json(build_plan(read_print_spec(print))));
}

TEST(Load, NothingToRead) {
  EXPECT_EQ(error_of(""),
            ": malformed JSON: the file is empty (a spec is JSON, a C++ configuration or CuTe's "
            "print() output)");
  EXPECT_EQ(error_of("  \n"),
            ": malformed JSON: the file holds only whitespace (a spec is JSON, a C++ "
            "configuration or CuTe's print() output)");
  EXPECT_EQ(error_of("", "gemm.hpp"), "line 1, column 1: no configuration found: the file is empty");
  EXPECT_EQ(error_of("{\"mma\": 3}"), "mma: expected an object with \"atom\" (or \"print\")");
}

}  // namespace
}  // namespace tvlab
