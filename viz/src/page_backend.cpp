// Pictures sized for a page: the SVG of a small scene, a PNG inside an SVG for a large one (backends.hpp).
#include <cstddef>
#include <string>

#include "tvlab/viz/backends.hpp"
#include "tvlab/viz/painter.hpp"

namespace tvlab::viz {

namespace {

std::string base64(const std::string& in) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < in.size(); i += 3) {
    const unsigned v = static_cast<unsigned char>(in[i]) << 16 | static_cast<unsigned char>(in[i + 1]) << 8 |
                       static_cast<unsigned char>(in[i + 2]);
    out += kDigits[v >> 18], out += kDigits[(v >> 12) & 63], out += kDigits[(v >> 6) & 63],
        out += kDigits[v & 63];
  }
  if (i < in.size()) {
    const bool two = i + 1 < in.size();
    const unsigned v =
        static_cast<unsigned char>(in[i]) << 16 | (two ? static_cast<unsigned char>(in[i + 1]) << 8 : 0);
    out += kDigits[v >> 18], out += kDigits[(v >> 12) & 63];
    out += two ? kDigits[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

// Text for an XML comment or element: markup escaped, "--" (not allowed in a comment) split.
std::string xml_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '-' && !out.empty() && out.back() == '-')
      out += " -";
    else
      out += c;
  }
  return out;
}

}  // namespace

bool page_is_raster(const Scene& s) {
  return s.cells.size() > kPageCells;
}

std::string to_page_svg(const Scene& s) {
  if (!page_is_raster(s)) return to_svg(s);
  // The cells' colours, without their labels: antialiased text in a raster costs more bytes than the SVG
  // it replaces (a 64x33 layout: 565 KB of PNG with labels, 344 KB of SVG).
  Scene page = s;
  for (Cell& c : page.cells) c.label.clear();
  page.notes.push_back("cell labels left out past " + std::to_string(kPageCells) +
                       " cells (the whole picture as .svg has them)");
  const std::string png = to_png_sized(page, kPagePx);
  const Metrics m = compute_metrics(page, kPagePx);  // the PNG's canvas
  const std::string w = std::to_string(m.width), h = std::to_string(m.height);
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!--\n";
  for (const std::string& p : s.provenance) out += "  " + xml_text(p) + "\n";
  out += "  page picture: " + std::to_string(s.cells.size()) + " cells as a " + w + "x" + h +
         " PNG (more than " + std::to_string(kPageCells) + " cells; the whole SVG: render to a .svg file)\n";
  out +=
      "-->\n<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"" +
      w + "\" height=\"" + h + "\" viewBox=\"0 0 " + w + " " + h + "\">\n<title>" +
      xml_text(s.title.empty() ? std::string("tvlab") : s.title[0]) + "</title>\n<image width=\"" + w +
      "\" height=\"" + h + "\" xlink:href=\"data:image/png;base64," + base64(png) + "\"/>\n</svg>\n";
  return out;
}

}  // namespace tvlab::viz
