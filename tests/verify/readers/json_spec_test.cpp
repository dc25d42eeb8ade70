// The JSON reader: every spec of tests/data reads into a configuration that config_to_json (the writer)
// writes back as the same JSON (the keys outside the model aside) and that, read again, builds the same plan;
// an unknown key is a warning; a value of the wrong JSON kind, a duplicate key, nesting past kMaxSpecNesting
// and malformed JSON are errors at their paths.
#include "tvlab/verify/readers/json_spec.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "../verify_test_support.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/report/plan_format.hpp"
#include "tvlab/verify/writers/spec_json.hpp"

namespace tvlab {
namespace {

using nlohmann::json;

TEST(JsonSpec, SpecsRoundTripThroughTheirConfigurations) {
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
      const KernelConfig c = read_json_value(spec);
      Plan plan;
      try {
        plan = build_plan(c);
      } catch (const SpecError&) {
        continue;  // a spec that does not build (its error is build_plan's)
      }
      EXPECT_TRUE(c.warnings.empty()) << c.warnings.front().path;
      json want = spec;
      for (const char* k : {"description", "checks", "$schema"}) want.erase(k);
      EXPECT_EQ(json(config_to_json(c)), want);
      EXPECT_EQ(plan_to_json(build_plan(read_json_value(json(config_to_json(c))))), plan_to_json(plan));
      EXPECT_EQ(plan_to_text(build_plan(read_json_spec(test::read_data(name)))), plan_to_text(plan));
      ++read;
    }
  EXPECT_GE(read, 40);
}

TEST(JsonSpec, UnknownKeysAreWarningsAndWrongTypesErrors) {
  json s = json::parse(test::read_data("specs/cutlass_sm80_f16_tn_128x128x32.json"));
  s["operands"]["A"]["smem"]["atomm"] = "(8,32):(32,1)";
  const KernelConfig c = read_json_value(s);
  ASSERT_EQ(c.warnings.size(), 1u);
  EXPECT_EQ(c.warnings[0].path, "operands.A.smem.atomm");
  auto path_of = [](const json& j) {
    try {
      read_json_value(j);
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
  EXPECT_EQ(path_of(json{{"operands", {{"A", {{"copy", 3}}}}}}), "operands.A.copy");
  EXPECT_EQ(path_of(json{{"operands", {{"E", json::object()}}}}), "operands.E");
  EXPECT_EQ(path_of(json{{"epilogue", {{"collective", "DefaultEpilogue"}, {"tiles", 1}}}}), "epilogue.tiles");
}

TEST(JsonSpec, TextErrorsNameTheirPlace) {
  auto error_of = [](const std::string& text) {
    try {
      read_json_spec(text);
    } catch (const SpecError& e) {
      return e.path() + ": " + e.what();
    }
    return std::string("(read)");
  };
  EXPECT_EQ(error_of(R"({"mma": {"atom": "a", "atom": "b"}})"),
            "mma.atom: duplicate key; each key may appear once in an object");
  std::string deep;
  for (int i = 0; i < kMaxSpecNesting; ++i) deep += "[0]";
  EXPECT_EQ(error_of(std::string(70, '[') + std::string(70, ']')),
            deep + ": nesting deeper than 64 levels");  // the 65th array, at [0] x 64
  EXPECT_NE(error_of("{\"mma\": ").find("malformed JSON at byte"), std::string::npos);
  // The typed configuration of a spec, field by field.
  const KernelConfig c = read_json_spec(
      R"json({"cta_tile": [128, 128, 32], "mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN", "atom_layout": 4,
          "permutation": [32, "(8,4):(4,1)", "_"]},
          "operands": {"B": {"type": "half_t", "smem": {"atom": "(8,32):(32,1)", "s2r": "SM75_U32x4_LDSM_N"}},
                       "A": {"type": "half_t", "gmem": {"layout": "RowMajor", "alignment": 8}}}})json");
  ASSERT_EQ(c.operands.size(), 2u);
  EXPECT_EQ(c.operands[0].name, "A");  // A, B, C, D order, whatever the text's
  EXPECT_EQ(*c.operands[0].gmem->alignment, 8);
  EXPECT_EQ(*c.operands[1].smem->s2r->name, "SM75_U32x4_LDSM_N");
  EXPECT_EQ(std::get<int64_t>(*c.mma->atom_layout), 4);
  const auto& perm = std::get<std::vector<Notation>>(*c.mma->permutation);
  ASSERT_EQ(perm.size(), 3u);
  EXPECT_EQ(std::get<std::string>(perm[1]), "(8,4):(4,1)");
  EXPECT_EQ(*c.kernel.cta_tile, (std::vector<int64_t>{128, 128, 32}));
}

}  // namespace
}  // namespace tvlab
