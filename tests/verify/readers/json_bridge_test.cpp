// config_from_json (interim, readers/json_bridge.hpp): every spec of tests/data reads into a configuration
// that config_to_json writes back as the same JSON (the keys outside the model aside), builds the same plan
// as the spec itself, and keeps an unknown key as a warning; a value of the wrong type is an error at its
// path.
#include "tvlab/verify/readers/json_bridge.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "tvlab/verify/spec.hpp"
#include "tvlab/verify/writers/spec_json.hpp"
#include "../verify_test_support.hpp"

namespace tvlab {
namespace {

using nlohmann::json;

TEST(JsonBridge, SpecsRoundTripThroughTheirConfigurations) {
  int read = 0;
  for (const char* dir : {"specs", "specs/shared_storage"})
    for (const auto& entry : std::filesystem::directory_iterator(std::string(TVLAB_TEST_DATA) + "/" + dir)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
      const std::string name = std::string(dir) + "/" + entry.path().filename().string();
      SCOPED_TRACE(name);
      json spec;
      try {
        spec = json::parse(test::read_data(name));
      } catch (const json::exception&) {
        continue;  // a file of malformed JSON (the reader's error tests)
      }
      if (!spec.is_object() || spec.dump().find("\"print\"") != std::string::npos) continue;
      Plan plan;
      try {
        plan = build_plan(spec);
      } catch (const SpecError&) {
        continue;  // a spec that does not build (its error is build_plan's)
      }
      const KernelConfig c = config_from_json(spec);
      EXPECT_TRUE(c.warnings.empty()) << c.warnings.front().path;
      json want = spec;
      for (const char* k : {"description", "checks", "$schema"}) want.erase(k);
      EXPECT_EQ(json(config_to_json(c)), want);
      EXPECT_EQ(plan_to_json(build_plan(c)), plan_to_json(plan));
      ++read;
    }
  EXPECT_GE(read, 40);
}

TEST(JsonBridge, UnknownKeysAreWarningsAndWrongTypesErrors) {
  json s = json::parse(test::read_data("specs/cutlass_sm80_f16_tn_128x128x32.json"));
  s["operands"]["A"]["smem"]["atomm"] = "(8,32):(32,1)";
  const KernelConfig c = config_from_json(s);
  ASSERT_EQ(c.warnings.size(), 1u);
  EXPECT_EQ(c.warnings[0].path, "operands.A.smem.atomm");
  auto path_of = [](const json& j) {
    try {
      config_from_json(j);
    } catch (const SpecError& e) {
      return e.path();
    }
    return std::string("(read)");
  };
  s["operands"]["A"]["smem"]["g2s"]["thr_layout"] = true;
  EXPECT_EQ(path_of(s), "operands.A.smem.g2s.thr_layout");
  EXPECT_EQ(path_of(json{{"cta_tile", {128, "x", 32}}}), "cta_tile[1]");
  EXPECT_EQ(path_of(json{{"mma", {{"print", "TiledMMA ..."}}}}), "mma.print");
  EXPECT_EQ(path_of(json::array()), "");
}

}  // namespace
}  // namespace tvlab
