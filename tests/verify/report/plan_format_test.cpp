// A plan for people and programs: `tvlab plan`'s text and its --json, each field the plan's own value (the
// TiledMMA's TV layouts, each copy's op, tiler and TV layouts, stages and TMA), over every spec of tests/data
// that builds; and the text of one plan literally (CuTe's make_tiled_copy of UniversalCopy<uint64_t> over
// half_t, thread layout (32,4) and value layout (1,4), and SM80's 16x8x16 atom on 2x2 warps).
#include "tvlab/verify/report/plan_format.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "../verify_test_support.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/readers/load.hpp"

namespace tvlab {
namespace {

TEST(PlanFormat, JsonHoldsThePlansOwnValues) {
  int seen = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(TVLAB_TEST_DATA) + "/specs")) {
    if (entry.path().extension() != ".json") continue;
    Plan p;
    try {
      p = build_plan_from_text(test::read_data("specs/" + entry.path().filename().string()));
    } catch (const SpecError&) {
      continue;
    }
    SCOPED_TRACE(entry.path().filename().string());
    const nlohmann::ordered_json j = plan_to_json(p);
    if (p.mma) {
      EXPECT_EQ(j["mma"]["atom"], p.mma->atom.name);
      EXPECT_EQ(j["mma"]["a_tv"], to_string(p.mma->get_layoutA_TV()));
      EXPECT_EQ(j["mma"]["c_tv"], to_string(p.mma->get_layoutC_TV()));
    }
    ASSERT_EQ(j["copies"].size(), p.copies.size());
    for (const PlannedCopy& c : p.copies) {
      EXPECT_EQ(j["copies"][c.name]["op"], c.copy.atom.name);
      EXPECT_EQ(j["copies"][c.name]["how"], c.how);
      EXPECT_EQ(j["copies"][c.name]["tv_src"], to_string(c.copy.get_layoutS_TV()));
      if (c.smem && c.smem->staged) {
        EXPECT_EQ(j["copies"][c.name]["smem"]["stages"], c.smem->stages);
      }
    }
    for (const PlannedSmem& s : p.smem) EXPECT_EQ(j["smem"][s.name]["layout"], s.layout_text);
    if (p.kernel) {
      EXPECT_EQ(j["kernel"]["stages"], p.kernel->stages);
    }
    // The text names each copy's op.
    const std::string text = plan_to_text(p);
    for (const PlannedCopy& c : p.copies) EXPECT_NE(text.find(c.copy.atom.name), std::string::npos) << c.name;
    ++seen;
  }
  EXPECT_GE(seen, 40);
}

TEST(PlanFormat, TextOfOnePlan) {
  const std::string text =
      plan_to_text(build_plan_from_text(test::read_data("specs/sm80_f16_a_thr_val_copy.json")));
  EXPECT_EQ(text.substr(text.find("Copy A")), R"(Copy A (thr_val): UniversalCopy<uint64_t> of half_t
  tiler  (32,16)  (128 threads)
  tv     ((4,32),4):((128,1),32)
  tv_src ((4,32),(4,1)):((128,1),(32,0))
  tv_dst ((4,32),(4,1)):((128,1),(32,0))
)");
  EXPECT_NE(text.find("  A_TV            ((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))\n"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace tvlab
