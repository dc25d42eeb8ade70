#include "format.hpp"
#include "tvlab/viz/backends.hpp"
#include "tvlab/viz/painter.hpp"

namespace tvlab::viz {

namespace {
using detail::append_num;

void escape(std::string& out, const std::string& s) {
  for (char c : s) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
}

class SvgPainter : public Painter {
 public:
  std::string out;

  // `prefix` then the number (the caller closes the quote).
  void attr(const char* prefix, double v) {
    out += prefix;
    append_num(out, v);
  }
  // <rect x=".." y=".." width=".." height=".. (quote left open)
  void rect(double x, double y, double w, double h) {
    out += "<rect";
    attr(" x=\"", x);
    attr("\" y=\"", y);
    attr("\" width=\"", w);
    attr("\" height=\"", h);
  }
  void stroke(Rgb c, double width) {
    out += "\" stroke=\"" + c.hex();
    attr("\" stroke-width=\"", width);
  }

  void begin(const Scene& s, const Metrics& m) override {
    out.reserve(s.cells.size() * 160 + 4096);
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!--\n";
    for (const std::string& p : s.provenance) {
      std::string line;
      escape(line, p);
      // "--" may not appear inside an XML comment.
      for (std::size_t i = 0; (i = line.find("--", i)) != std::string::npos;) line.replace(i, 2, "- -");
      out += "  " + line + "\n";
    }
    out += "-->\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(m.width) +
           "\" height=\"" + std::to_string(m.height) + "\" viewBox=\"0 0 " + std::to_string(m.width) + " " +
           std::to_string(m.height) +
           "\" font-family=\"DejaVu Sans Mono,Menlo,Consolas,monospace\">\n"
           "<style>.b{stroke:#6e6e6e;stroke-width:0.5}text{white-space:pre}.m{text-anchor:middle}"
           ".e{text-anchor:end}.l{text-anchor:middle;font-size:" +
           detail::num(m.font) +
           "px}.w{fill:#ffffff}</style>\n"
           "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  }
  void fill(double x, double y, double w, double h, Rgb c, bool border) override {
    rect(x, y, w, h);
    out += "\" fill=\"" + c.hex() + (border ? "\" class=\"b\"/>" : "\"/>");
  }
  void frame(double x, double y, double w, double h, Rgb c, double width) override {
    rect(x, y, w, h);
    out += "\" fill=\"none";
    stroke(c, width);
    out += "\"/>";
  }
  void line(double x0, double y0, double x1, double y1, Rgb c, double width) override {
    out += "<line";
    attr(" x1=\"", x0);
    attr("\" y1=\"", y0);
    attr("\" x2=\"", x1);
    attr("\" y2=\"", y1);
    stroke(c, width);
    out += "\"/>\n";
  }
  void text(double x, double y, const std::string& s, double size, Rgb c, Anchor a, bool bold) override {
    if (in_cell_) {
      // Cell labels: the class carries the font size and anchor (most of an SVG's bytes are labels).
      out += "<text x=\"";
      append_num(out, x);
      out += "\" y=\"";
      append_num(out, y + 0.36 * size);
      out += c == Rgb{255, 255, 255} ? "\" class=\"l w\">" : "\" class=\"l\">";
      escape(out, s);
      out += "</text>";
      return;
    }
    out += "<text x=\"";
    append_num(out, x);
    out += "\" y=\"";
    append_num(out, y + 0.36 * size);  // baseline of a vertically centred line
    out += "\" font-size=\"";
    append_num(out, size);
    out += '"';
    if (a == Anchor::Center) out += " class=\"m\"";
    if (a == Anchor::Right) out += " class=\"e\"";
    if (bold) out += " font-weight=\"bold\"";
    if (!(c == Rgb{0, 0, 0})) out += " fill=\"" + c.hex() + "\"";
    out += '>';
    escape(out, s);
    out += "</text>";
    if (!in_cell_) out += '\n';
  }
  void cell_begin(const Cell& c) override {
    in_cell_ = true;
    out += "<g><title>";
    escape(out, c.tooltip);
    out += "</title>";
  }
  void cell_end() override {
    in_cell_ = false;
    out += "</g>\n";
  }
  void end() override { out += "</svg>\n"; }

 private:
  bool in_cell_ = false;
};
}  // namespace

std::string to_svg(const Scene& s) {
  SvgPainter p;
  paint(s, compute_metrics(s, kMaxVectorPx), p);
  return std::move(p.out);
}

}  // namespace tvlab::viz
