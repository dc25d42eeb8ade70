#include <map>

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

// PGF (TikZ's basic layer) in points, y up: a pixel of the shared geometry is 0.75pt and y flips about
// the canvas height. Colours and fonts are declared once in the preamble (\definecolor, TeX's \font
// primitive at each size) and every primitive is one short macro: TikZ's option parsing per path is
// what makes large pictures slow to compile.
class TikzPainter : public Painter {
 public:
  std::string head, body;

  void begin(const Scene& s, const Metrics& m) override {
    h_ = m.height;
    for (const std::string& p : s.provenance) head += "% " + p + "\n";
    head += "% Compile with: pdflatex FILE.tex (needs pgf: texlive-pictures)\n";
    head += "\\documentclass{article}\n\\usepackage{pgf}\n";
    head += "\\usepackage[paperwidth=" + pt(m.width) + ",paperheight=" + pt(m.height) +
            ",margin=0pt]{geometry}\n";
    head += "\\pagestyle{empty}\n\\setlength{\\parindent}{0pt}\n";
    head += "\\definecolor{tvgrid}{RGB}{110,110,110}\n";
    head +=
        "% \\tvR{colour}{x}{y}{w}{h}: a filled box; \\tvB: the same with the thin grid border;\n"
        "% \\tvF{colour}{width}{x}{y}{w}{h}: a frame; \\tvL{colour}{width}{x0}{y0}{x1}{y1}: a line;\n"
        "% \\tvT{anchor}{colour}{font}{x}{y}{text}: a text (all lengths in pt, y up).\n"
        "\\newcommand\\tvR[5]{\\pgfsetfillcolor{#1}\\pgfpathrectangle{\\pgfqpoint{#2pt}{#3pt}}"
        "{\\pgfqpoint{#4pt}{#5pt}}\\pgfusepath{fill}}\n"
        "\\newcommand\\tvB[5]{\\pgfsetfillcolor{#1}\\pgfsetstrokecolor{tvgrid}\\pgfsetlinewidth{0.375pt}"
        "\\pgfpathrectangle{\\pgfqpoint{#2pt}{#3pt}}{\\pgfqpoint{#4pt}{#5pt}}\\pgfusepath{fill,stroke}}\n"
        "\\newcommand\\tvF[6]{\\pgfsetstrokecolor{#1}\\pgfsetlinewidth{#2pt}"
        "\\pgfpathrectangle{\\pgfqpoint{#3pt}{#4pt}}{\\pgfqpoint{#5pt}{#6pt}}\\pgfusepath{stroke}}\n"
        "\\newcommand\\tvL[6]{\\pgfsetstrokecolor{#1}\\pgfsetlinewidth{#2pt}"
        "\\pgfpathmoveto{\\pgfqpoint{#3pt}{#4pt}}\\pgfpathlineto{\\pgfqpoint{#5pt}{#6pt}}\\pgfusepath{stroke}"
        "}\n"
        "\\newcommand\\tvT[6]{\\pgftext[#1,at=\\pgfqpoint{#4pt}{#5pt}]{\\color{#2}#3\\strut #6}}\n";
    body += "\\begin{document}\n\\begin{pgfpicture}\n";
    body += "\\pgfpathrectangle{\\pgfqpoint{0pt}{0pt}}{\\pgfqpoint{" + pt(m.width) + "}{" + pt(m.height) +
            "}}\\pgfusepath{use as bounding box}\n";
  }
  void fill(double x, double y, double w, double hh, Rgb c, bool border) override {
    body += border ? "\\tvB{" : "\\tvR{";
    body += color(c) + "}{" + num(x * 0.75) + "}{" + num((h_ - y - hh) * 0.75) + "}{" + num(w * 0.75) + "}{" +
            num(hh * 0.75) + "}\n";
  }
  void frame(double x, double y, double w, double hh, Rgb c, double width) override {
    body += "\\tvF{" + color(c) + "}{" + num(width * 0.75) + "}{" + num(x * 0.75) + "}{" +
            num((h_ - y - hh) * 0.75) + "}{" + num(w * 0.75) + "}{" + num(hh * 0.75) + "}\n";
  }
  void line(double x0, double y0, double x1, double y1, Rgb c, double width) override {
    body += "\\tvL{" + color(c) + "}{" + num(width * 0.75) + "}{" + num(x0 * 0.75) + "}{" +
            num((h_ - y0) * 0.75) + "}{" + num(x1 * 0.75) + "}{" + num((h_ - y1) * 0.75) + "}\n";
  }
  void text(double x, double y, const std::string& s, double size, Rgb c, Anchor a, bool bold) override {
    // font() and color() declare what they name on first use: call them in a fixed order (the operands of
    // one + chain are unsequenced; GCC and clang ordered the declarations differently).
    const std::string f = font(size, bold), col = color(c);
    // \strut makes every line the same height, so the vertical centre is the line's centre.
    body += std::string("\\tvT{") +
            (a == Anchor::Left     ? "left"
             : a == Anchor::Center ? ""
                                   : "right") +
            "}{" + col + "}{" + f + "}{" + num(x * 0.75) + "}{" + num((h_ - y) * 0.75) + "}{" + escape(s) +
            "}\n";
  }
  void end() override { body += "\\end{pgfpicture}\n\\end{document}\n"; }

 private:
  static std::string pt(double px) { return num(px * 0.75) + "pt"; }
  // A colour's name, declared in the preamble on first use.
  std::string color(Rgb c) {
    const uint32_t key = uint32_t{c.r} << 16 | uint32_t{c.g} << 8 | c.b;
    auto it = colors_.find(key);
    if (it != colors_.end()) return it->second;
    const std::string name = "tvc" + std::to_string(colors_.size());
    head += "\\definecolor{" + name + "}{RGB}{" + std::to_string(c.r) + "," + std::to_string(c.g) + "," +
            std::to_string(c.b) + "}\n";
    return colors_[key] = name;
  }
  // A font command for a size (typewriter; bold: Computer Modern bold), declared on first use; the
  // strut is scaled with it.
  std::string font(double size, bool bold) {
    const std::string p = num(size * 0.75);
    const std::string key = p + (bold ? "b" : "");
    auto it = fonts_.find(key);
    if (it != fonts_.end()) return it->second;
    std::string name = "\\tvf";
    for (std::size_t n = fonts_.size() + 1; n > 0; n /= 26) name += static_cast<char>('a' + n % 26);
    name += bold ? "b" : "n";
    head += "\\font" + name + "=" + (bold ? "cmbx10" : "cmtt10") + " at " + p + "pt\n";
    return fonts_[key] = name + "\\baselineskip=" + p + "pt";
  }
  double h_ = 0;
  std::map<uint32_t, std::string> colors_;
  std::map<std::string, std::string> fonts_;
};
}  // namespace

std::string to_tikz(const Scene& s) {
  TikzPainter p;
  paint(s, compute_metrics(s, kMaxVectorPx), p);
  return p.head + p.body;
}

}  // namespace tvlab::viz
