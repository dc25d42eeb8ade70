#include "format.hpp"
#include "tvlab/viz/backends.hpp"
#include "tvlab/viz/painter.hpp"

namespace tvlab::viz {

namespace {
using detail::num;

// Every text is set in \ttfamily (cmtt, OT1), whose ASCII glyphs sit at their ASCII codes: specials
// become \char<code> and need no extra package or font.
std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '\\':
      case '{':
      case '}':
      case '_':
      case '^':
      case '~':
      case '<':
      case '>':
      case '|':
      case '"':
        out += "\\char" + std::to_string(static_cast<int>(c)) + "{}";
        break;
      case '#':
      case '%':
      case '&':
      case '$':
        out += '\\';
        out += c;
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string color(Rgb c) {
  return "{rgb,255:red," + std::to_string(c.r) + ";green," + std::to_string(c.g) + ";blue," +
         std::to_string(c.b) + "}";
}

// TikZ in points, y up: a pixel of the shared geometry is 0.75pt and y flips about the canvas height.
class TikzPainter : public Painter {
 public:
  std::string out;

  void begin(const Scene& s, const Metrics& m) override {
    h_ = m.height;
    for (const std::string& p : s.provenance) out += "% " + p + "\n";
    out += "% Compile with: pdflatex FILE.tex\n";
    out += "\\RequirePackage{fix-cm}\n\\documentclass{article}\n\\usepackage{tikz}\n";
    out += "\\usepackage[paperwidth=" + num(m.width * 0.75) + "pt,paperheight=" + num(m.height * 0.75) +
           "pt,margin=0pt]{geometry}\n";
    out += "\\pagestyle{empty}\n\\setlength{\\parindent}{0pt}\n\\begin{document}\n";
    out += "\\begin{tikzpicture}[x=0.75pt,y=0.75pt,inner sep=0pt,outer sep=0pt,font=\\ttfamily]\n";
    out += "\\useasboundingbox (0,0) rectangle (" + num(m.width) + "," + num(m.height) + ");\n";
  }
  void fill(double x, double y, double w, double hh, Rgb c, bool border) override {
    out += border ? "\\filldraw[fill=" + color(c) +
                        ",draw={rgb,255:red,110;green,110;blue,110},line width=0.375pt]"
                  : "\\fill[" + color(c) + "]";
    out += " (" + num(x) + "," + num(h_ - y) + ") rectangle (" + num(x + w) + "," + num(h_ - y - hh) + ");\n";
  }
  void frame(double x, double y, double w, double hh, Rgb c, double width) override {
    out += "\\draw[draw=" + color(c) + ",line width=" + num(width * 0.75) + "pt] (" + num(x) + "," +
           num(h_ - y) + ") rectangle (" + num(x + w) + "," + num(h_ - y - hh) + ");\n";
  }
  void line(double x0, double y0, double x1, double y1, Rgb c, double width) override {
    out += "\\draw[draw=" + color(c) + ",line width=" + num(width * 0.75) + "pt] (" + num(x0) + "," +
           num(h_ - y0) + ") -- (" + num(x1) + "," + num(h_ - y1) + ");\n";
  }
  void text(double x, double y, const std::string& s, double size, Rgb c, Anchor a, bool bold) override {
    const char* anchor = a == Anchor::Left ? "west" : a == Anchor::Center ? "center" : "east";
    const std::string pt = num(size * 0.75);
    out += "\\node[anchor=" + std::string(anchor) + ",text=" + color(c) + ",font=\\fontsize{" + pt + "}{" +
           pt + "}\\selectfont\\ttfamily" + (bold ? "\\bfseries" : "") + "] at (" + num(x) + "," +
           num(h_ - y) + ") {" + escape(s) + "};\n";
  }
  void end() override { out += "\\end{tikzpicture}\n\\end{document}\n"; }

 private:
  double h_ = 0;
};
}  // namespace

std::string to_tikz(const Scene& s) {
  TikzPainter p;
  paint(s, compute_metrics(s, kMaxVectorPx), p);
  return std::move(p.out);
}

}  // namespace tvlab::viz
