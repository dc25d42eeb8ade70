// Scene selection (viz/render_request.hpp): what `tvlab render` and the Python module draw for a request --
// expressions, atoms, spec files and spec text; bad requests as RenderError naming what and where; warnings
// returned, not printed.
#include "tvlab/viz/render_request.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tvlab/viz/output.hpp"

namespace tvlab::viz {
namespace {

const std::string kSpec = std::string(TVLAB_TEST_DATA) + "/specs/cute_tutorial_sgemm_sm80_tn.json";
const std::string kCppSpec = std::string(TVLAB_TEST_DATA) + "/cpp/cutlass_sm80_f16_tn.hpp";

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string svg(const RenderRequest& r) {
  return render(build_scene(r), Format::Svg);
}

// The RenderError a request throws (a failure when it throws none).
RenderError error_of(const RenderRequest& r) {
  try {
    build_scene(r);
  } catch (const RenderError& e) {
    return e;
  }
  ADD_FAILURE() << "no RenderError for " << r.what;
  return RenderError("", "", "");
}

TEST(RenderRequest, ExpressionRendersItsLayout) {
  std::vector<RenderWarning> warnings;
  const Scene s = build_scene({.what = "(4,8):(8,1)"}, {}, &warnings);
  EXPECT_EQ(s.cells.size(), 32u);
  EXPECT_NE(render(s, Format::Svg).find("(4,8):(8,1)"), std::string::npos);
  EXPECT_TRUE(warnings.empty());
  // With a tile: a TV layout over it.
  EXPECT_EQ(build_scene({.what = "(16,2):(1,16)", .tile = "(8,4)"}).cells.size(), 32u);
}

TEST(RenderRequest, AtomNameRenders) {
  const std::string mma = svg({.what = "SM80_16x8x16_F32F16F16F32_TN"});
  EXPECT_NE(mma.find("SM80_16x8x16_F32F16F16F32_TN"), std::string::npos);
  const std::string ldsm = svg({.what = "SM75_U32x4_LDSM_N", .value_type = "half_t"});
  EXPECT_NE(ldsm.find("SM75_U32x4_LDSM_N"), std::string::npos);
}

TEST(RenderRequest, SpecFileRendersMmaAndCopy) {
  const Scene mma = build_scene({.what = kSpec, .view = "mma"});
  const Scene copy = build_scene({.what = kSpec, .view = "copy", .operand = "A"});
  EXPECT_FALSE(mma.cells.empty());
  EXPECT_FALSE(copy.cells.empty());
  EXPECT_NE(render(mma, Format::Svg), render(copy, Format::Svg));
  // The default view of a spec with an mma is mma.
  EXPECT_EQ(svg({.what = kSpec}), render(mma, Format::Svg));
}

TEST(RenderRequest, SpecTextDrawsWhatTheFileDraws) {
  const std::string json = read(kSpec);
  ASSERT_FALSE(json.empty());
  for (const char* view : {"mma", "copy"}) {
    EXPECT_EQ(svg({.what = kSpec, .spec_text = json, .view = view}), svg({.what = kSpec, .view = view}))
        << view;
  }
  // WHAT only names the text: no file of that name is read.
  EXPECT_FALSE(build_scene({.what = "no/such/spec.json", .spec_text = json}).cells.empty());
  // A C++ configuration as text.
  const std::string cpp = read(kCppSpec);
  ASSERT_FALSE(cpp.empty());
  EXPECT_EQ(svg({.what = kCppSpec, .spec_text = cpp}), svg({.what = kCppSpec}));
}

TEST(RenderRequest, BadRequestsNameWhatAndWhere) {
  RenderError e = error_of({.what = "(4,8):(8,1)", .view = "mma", .tile = "(4,8)"});
  EXPECT_EQ(e.subject(), "view");
  EXPECT_EQ(e.where(), "--view mma");
  EXPECT_EQ(e.why(), "a layout renders as layout, tv, subgroup or slm");
  EXPECT_EQ(std::string(e.what()), "view at --view mma: a layout renders as layout, tv, subgroup or slm");

  e = error_of({.what = "(4,8:(8,1)"});
  EXPECT_EQ(e.subject(), "expression");
  EXPECT_EQ(e.where(), "(4,8:(8,1), column 1");

  e = error_of({.what = "SM80_NOPE"});
  EXPECT_EQ(e.subject(), "unknown atom");
  EXPECT_EQ(e.where(), "SM80_NOPE");

  e = error_of({.what = "no/such/spec.json"});
  EXPECT_EQ(e.subject(), "unreadable spec");
  EXPECT_EQ(e.where(), "no/such/spec.json");

  e = error_of({.what = "spec.json", .spec_text = "{\"mma\": "});
  EXPECT_EQ(e.subject(), "invalid spec");

  // The builders' refusals too: a picture over the cell limit.
  e = error_of({.what = "(2048,2048):(1,2048)"});
  EXPECT_EQ(e.subject(), "unrenderable picture");
  EXPECT_EQ(e.where(), "(2048,2048):(1,2048)");
}

TEST(RenderRequest, WarningsAreReturnedNotPrinted) {
  std::vector<RenderWarning> warnings;
  testing::internal::CaptureStderr();
  const Scene s = build_scene({.what = "composition((3,2):(16,32),4:2)"}, {}, &warnings);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(s.cells.size(), 4u);  // CuTe's result (2,2):(32,32) is drawn
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].what, "composition");
  EXPECT_EQ(warnings[0].where, "composition((3,2):(16,32),4:2), column 1");
  EXPECT_EQ(warnings[0].why.rfind("CuTe's result (2,2):(32,32) is not the functional composition", 0), 0u)
      << warnings[0].why;

  // A spec's warnings, named by WHAT; without a vector they are dropped.
  const std::string json = "{\"colour\": 1," + read(kSpec).substr(read(kSpec).find('{') + 1);
  warnings.clear();
  build_scene({.what = "w.json", .spec_text = json}, {}, &warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].what, "unknown key");
  EXPECT_EQ(warnings[0].where, "w.json: colour");
  testing::internal::CaptureStderr();
  build_scene({.what = "w.json", .spec_text = json});
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");

  // A UMMA whose accumulator tvlab does not model: its MMA picture, saying so.
  const std::string umma =
      "SM100_MMA_TF32_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN<64,8,UMMA::Major::K,UMMA::Major::K>";
  warnings.clear();
  EXPECT_FALSE(build_scene({.what = umma}, {}, &warnings).cells.empty());
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].what, "tmem");
  EXPECT_EQ(warnings[0].where, umma);
  EXPECT_NE(warnings[0].why.find("; drawing --view mma"), std::string::npos) << warnings[0].why;
  // Asked for explicitly, the same problem is an error.
  EXPECT_EQ(error_of({.what = umma, .view = "tmem"}).where(), "--view tmem");
}

}  // namespace
}  // namespace tvlab::viz
