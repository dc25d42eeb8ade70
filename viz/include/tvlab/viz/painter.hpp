// The drawing shared by the vector and raster backends (SVG, TikZ, Cairo): one geometry (Metrics) and
// one painting routine over a small set of primitives each backend implements.
//
// Pixel geometry: a slot is cw x ch pixels, sized for the widest and tallest cell label; a grid wider
// or taller than max_px is shrunk to fit, and labels are drawn only while their font stays readable
// (>= kMinLabelFont px). Ticks are thinned to every 2^k-th index where they would collide.
#pragma once

#include <string>

#include "tvlab/viz/palette.hpp"
#include "tvlab/viz/scene.hpp"

namespace tvlab::viz {

inline constexpr double kMinLabelFont = 6.5;

struct Metrics {
  int cw = 0, ch = 0;  // slot size
  double font = 11;    // cell label font size
  bool labels = true;  // cell labels drawn
  double tick_font = 10;
  int row_step = 1, col_step = 1;  // ticks drawn at multiples of these
  int grid_x = 0, grid_y = 0;      // top-left of slot (0,0)
  int legend_y = 0, notes_y = 0;   // tops of the legend and notes blocks
  int width = 0, height = 0;       // canvas
};

Metrics compute_metrics(const Scene& s, int max_px);

class Painter {
 public:
  virtual ~Painter() = default;
  virtual void begin(const Scene& s, const Metrics& m) = 0;
  // A filled box; border: the thin grid line around a cell.
  virtual void fill(double x, double y, double w, double h, Rgb color, bool border) = 0;
  virtual void frame(double x, double y, double w, double h, Rgb color, double width) = 0;
  virtual void line(double x0, double y0, double x1, double y1, Rgb color, double width) = 0;
  // Text vertically centred on y; anchor: x is the left end, centre or right end.
  virtual void text(double x, double y, const std::string& s, double size, Rgb color, Anchor anchor,
                    bool bold) = 0;
  // One cell's drawing is bracketed by these (SVG: a group with a <title> tooltip).
  virtual void cell_begin(const Cell&) {}
  virtual void cell_end() {}
  virtual void end() = 0;
};

void paint(const Scene& s, const Metrics& m, Painter& p);

// Estimated advance of a text in the monospace font (DejaVu Sans Mono: 0.602 em per character).
double text_width(const std::string& s, double size);

}  // namespace tvlab::viz
