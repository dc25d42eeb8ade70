// Page-sized pictures (Jupyter): the whole SVG up to kPageCells cells, a PNG of at most kPagePx of grid a
// side inside an SVG past that, with the provenance of every output.
#include <gtest/gtest.h>

#include <string>

#include "tvlab/core/notation.hpp"
#include "tvlab/viz/backends.hpp"
#include "tvlab/viz/layout_builder.hpp"
#include "tvlab/viz/painter.hpp"
#include "tvlab/viz/tv_builder.hpp"

namespace tvlab::viz {
namespace {

// Standard base64 (RFC 4648), written independently of the backend's encoder.
std::string unbase64(const std::string& s) {
  std::string out;
  int bits = 0, acc = 0;
  for (char c : s) {
    int v = -1;
    if (c >= 'A' && c <= 'Z') v = c - 'A';
    if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
    if (c >= '0' && c <= '9') v = c - '0' + 52;
    if (c == '+') v = 62;
    if (c == '/') v = 63;
    if (v < 0) continue;  // '=' padding
    acc = acc << 6 | v, bits += 6;
    if (bits >= 8) bits -= 8, out += static_cast<char>((acc >> bits) & 0xFF);
  }
  return out;
}

uint32_t be32(const std::string& s, std::size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(s[at + i]);
  return v;
}

std::string embedded_png(const std::string& svg) {
  const std::string head = "xlink:href=\"data:image/png;base64,";
  const std::size_t at = svg.find(head);
  if (at == std::string::npos) return "";
  const std::size_t begin = at + head.size();
  return unbase64(svg.substr(begin, svg.find('"', begin) - begin));
}

TEST(PageBackend, SmallScenesAreTheirSvg) {
  for (const char* l : {"(8,8):(8,1)", "(32,32):(32,1)", "(64,32):(1,64)"}) {
    const Scene s = build_layout_scene(parse_layout(l));
    ASSERT_LE(s.cells.size(), kPageCells) << l;
    EXPECT_FALSE(page_is_raster(s));
    EXPECT_EQ(to_page_svg(s), to_svg(s)) << l;
  }
}

TEST(PageBackend, LargeScenesAreOnePageSizedPng) {
  for (const char* l : {"(64,33):(33,1)", "(128,128):(128,1)", "(256,256):(1,256)"}) {
    const Scene s = build_layout_scene(parse_layout(l));
    ASSERT_GT(s.cells.size(), kPageCells) << l;
    EXPECT_TRUE(page_is_raster(s));
    const std::string page = to_page_svg(s), whole = to_svg(s);
    EXPECT_EQ(page.find("<text"), std::string::npos);
    EXPECT_EQ(page.find("<g>"), std::string::npos);
    EXPECT_NE(page.find("tvlab render: layout " + std::string(l)), std::string::npos);  // provenance
    const std::string png = embedded_png(page);
    ASSERT_GT(png.size(), 33u) << l;
    EXPECT_EQ(png.substr(1, 3), "PNG");
    EXPECT_EQ(png.substr(12, 4), "IHDR");
    // The PNG's canvas is the page geometry; its grid fits kPagePx a side.
    Scene unlabelled = s;
    for (Cell& c : unlabelled.cells) c.label.clear();
    unlabelled.notes.push_back("cell labels left out past 2048 cells (the whole picture as .svg has them)");
    const Metrics m = compute_metrics(unlabelled, kPagePx);
    EXPECT_EQ(be32(png, 16), static_cast<uint32_t>(m.width));
    EXPECT_EQ(be32(png, 20), static_cast<uint32_t>(m.height));
    EXPECT_LE(s.width * m.cw, kPagePx);
    EXPECT_LE(s.height * m.ch, kPagePx);
    EXPECT_NE(
        page.find("width=\"" + std::to_string(m.width) + "\" height=\"" + std::to_string(m.height) + "\""),
        std::string::npos);
    EXPECT_EQ(png, to_png_sized(unlabelled, kPagePx));
    EXPECT_LT(page.size() * 4, whole.size()) << l;
  }
}

TEST(PageBackend, ProvenanceCannotCloseTheComment) {
  Scene s = build_tv_scene(parse_layout("(64,64):(1,64)"), 64, 64);
  s.provenance.push_back("a --> b <c> & d");
  const std::string page = to_page_svg(s);
  EXPECT_NE(page.find("a - -&gt; b &lt;c&gt; &amp; d"), std::string::npos);
  EXPECT_EQ(page.find("-->", page.find("a - -")), page.find("-->\n<svg"));
}

}  // namespace
}  // namespace tvlab::viz
