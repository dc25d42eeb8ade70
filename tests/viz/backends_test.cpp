// Backends: golden files (SVG, TikZ, text byte for byte), determinism, provenance first, PNG size and
// PDF page count. Set TVLAB_UPDATE_GOLDEN=1 to rewrite the goldens after an intended change, then
// look at the pictures (tvlab render ... -o x.png) before committing them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/viz/backends.hpp"
#include "tvlab/viz/copy_builder.hpp"
#include "tvlab/viz/layout_builder.hpp"
#include "tvlab/viz/mma_builder.hpp"
#include "tvlab/viz/output.hpp"
#include "tvlab/viz/painter.hpp"
#include "tvlab/viz/reorder_builder.hpp"
#include "tvlab/viz/subgroup_builder.hpp"
#include "tvlab/viz/tv_builder.hpp"

namespace tvlab::viz {
namespace {

struct Case {
  const char* name;
  std::function<Scene()> build;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> v = {
      {"layout_swizzle",
       [] {
         return build_layout_scene(
             ComposedLayout(Swizzle(2, 1, 2), IntTuple(0), parse_layout("(8,8):(8,1)")));
       }},
      {"tv_holes_owners", [] { return build_tv_scene(parse_layout("((2,4),4):((0,1),5)"), 4, 4); }},
      {"mma_xe_dpas_m2",
       [] {
         return build_mma_scene(make_tiled_mma(find_mma_atom("XE_DPAS_TT<2,float,bfloat16_t>")), {}, true);
       }},
      {"copy_xe_load_8x4",
       [] {
         return build_copy_scene(tiled_copy_of(find_copy_atom("XE_LOAD_2D<16,8,4>"), uint_type(16)), {},
                                 true);
       }},
      {"subgroup_vnni_4x16",
       [] {
         const TiledCopy tc = tiled_copy_of(find_copy_atom("XE_LOAD_2D_VNNI<16,4,16>"), uint_type(16));
         return build_subgroup_scene(tc.get_layoutD_TV(), 4, 16, "XE_LOAD_2D_VNNI<16,4,16>");
       }},
      {"reorder_8x4",
       [] { return build_reorder_scene(parse_layout("(16,2):(1,16)"), parse_layout("(16,2):(2,1)"), 8, 4); }},
      {"slm_2sg_16x8",
       [] {
         Options o;
         o.colorblind = true;
         return build_slm_scene(parse_layout("((16,2),4):((4,64),1)"), 16, 8, o);
       }},
  };
  return v;
}

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class Golden : public ::testing::TestWithParam<std::size_t> {};

TEST_P(Golden, SvgTikzTextMatchByteForByte) {
  const Case& c = cases()[GetParam()];
  const Scene s = c.build();
  const bool update = std::getenv("TVLAB_UPDATE_GOLDEN") != nullptr;
  for (const auto& [ext, text] :
       {std::pair<std::string, std::string>{"svg", to_svg(s)}, {"tex", to_tikz(s)}, {"txt", to_text(s)}}) {
    const std::string path = std::string(TVLAB_GOLDEN_DIR) + "/" + c.name + "." + ext;
    if (update) {
      write_file_atomic(path, text);
      continue;
    }
    const std::string want = read(path);
    ASSERT_FALSE(want.empty()) << "missing golden " << path << " (TVLAB_UPDATE_GOLDEN=1 writes it)";
    EXPECT_TRUE(text == want) << path << " differs; rerun with TVLAB_UPDATE_GOLDEN=1 and review the diff";
  }
}

INSTANTIATE_TEST_SUITE_P(Viz, Golden, ::testing::Range<std::size_t>(0, 7),
                         [](const ::testing::TestParamInfo<std::size_t>& i) {
                           return cases()[i.param].name;
                         });

TEST(Backends, DeterministicWithProvenanceFirst) {
  const Scene s = cases()[1].build();
  EXPECT_EQ(to_svg(s), to_svg(s));
  EXPECT_EQ(to_tikz(s), to_tikz(s));
  const std::string svg = to_svg(s), tex = to_tikz(s), txt = to_text(s);
  EXPECT_EQ(svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!--\n  tvlab render: TV layout", 0), 0u);
  EXPECT_EQ(tex.rfind("% tvlab render: TV layout ((2,4),4):((0,1),5) over tile (4,4)\n", 0), 0u);
  EXPECT_EQ(txt.rfind("# tvlab render: TV layout ((2,4),4):((0,1),5) over tile (4,4)\n", 0), 0u);
  // Every cell carries its whole story as an SVG tooltip.
  EXPECT_NE(svg.find("<title>(0,0): T0V0 T1V0</title>"), std::string::npos);
  EXPECT_NE(svg.find("<title>(0,1): no owner (hole)</title>"), std::string::npos);
}

uint32_t be32(const std::string& s, std::size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(s[at + i]);
  return v;
}

TEST(Backends, PngHasTheComputedSizeAndProvenance) {
  const Scene s = cases()[2].build();
  const std::string png = to_png(s);
  ASSERT_GT(png.size(), 33u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  const Metrics m = compute_metrics(s, kMaxRasterPx);
  EXPECT_EQ(be32(png, 16), static_cast<uint32_t>(m.width));
  EXPECT_EQ(be32(png, 20), static_cast<uint32_t>(m.height));
  EXPECT_GT(m.width, 500);
  EXPECT_NE(png.find("tEXtComment"), std::string::npos);
  EXPECT_NE(png.find("tvlab render: MMA atom XE_DPAS_TT<2,float,bfloat16_t>"), std::string::npos);
}

TEST(Backends, PdfIsOnePage) {
  const std::string pdf = to_pdf(cases()[3].build());
  EXPECT_EQ(pdf.rfind("%PDF-", 0), 0u);
  std::size_t pages = 0;
  for (std::size_t i = 0; (i = pdf.find("/Type /Page", i)) != std::string::npos; ++i)
    pages += pdf.compare(i, 12, "/Type /Pages") != 0;
  EXPECT_EQ(pages, 1u);
}

TEST(Backends, LargeGridsDropLabelsNotCells) {
  // 256x256 TV layout: every cell is drawn (a <g> each), labels only if the slot is large enough.
  const Scene s = build_tv_scene(parse_layout("(256,256):(1,256)"), 256, 256);
  const Metrics m = compute_metrics(s, kMaxRasterPx);
  EXPECT_FALSE(m.labels);
  EXPECT_LE(m.width, kMaxRasterPx + 100);
  EXPECT_GT(m.col_step, 1);  // 3-digit column numbers thinned out
  const std::string svg = to_svg(s);
  std::size_t groups = 0;
  for (std::size_t i = 0; (i = svg.find("<g><title>", i)) != std::string::npos; ++i) ++groups;
  EXPECT_EQ(groups, 65536u);
}

TEST(Output, FormatByExtensionAndAtomicWrite) {
  EXPECT_EQ(format_of("a/b.SVG"), Format::Svg);
  EXPECT_EQ(format_of("x.tex"), Format::Tikz);
  EXPECT_THROW(format_of("x.html"), VizError);
  EXPECT_THROW(format_of("x.svg.bak"), VizError);
  EXPECT_THROW(format_of("dir.svg/x"), VizError);
  EXPECT_THROW(write_file_atomic("/nonexistent-dir/x.svg", "data"), VizError);
}

}  // namespace
}  // namespace tvlab::viz
