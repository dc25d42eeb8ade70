// Scene: the plain data every diagram is built into and every backend draws.
//
// Builders (layout, tv, mma, copy, subgroup, slm, reorder) turn engine objects into a Scene; backends
// (SVG, TikZ, text, Cairo PNG/PDF) see only Scenes. Geometry is an integer grid of unit slots, rows
// down: a Cell fills one slot, a Text sits in a slot (or a run of slots), a Line runs between grid
// points (slot corners). Titles above and the legend and notes below are drawn by each backend around
// the grid.
//
//   TV layout (16,2):(1,16) over (8,4), 16 threads:     cell (x=1,y=0) label "T4V0", colours {4}
//
// Nothing is dropped: a cell owned by several (T,V) lists every owner (one colour stripe and label line
// each); a cell without owner is a hole; owners mapping outside the tile are listed in `notes`.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace tvlab::viz {

// A picture that cannot or should not be drawn (too large, malformed input for a builder).
class VizError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Cell {
  int x = 0, y = 0;                // grid slot
  std::vector<int> colors;         // palette colour indices, one stripe each; empty = plain (white)
  bool hole = false;               // no owner: drawn hatched
  bool marked = false;             // a moved value (reorder): red outline
  std::vector<std::string> label;  // one line each (backends show them where the cell is large enough)
  std::string tooltip;             // the whole story of the cell (SVG <title>)
};

enum class TextKind { Heading, Axis, Tick };
enum class Anchor { Left, Center, Right };
enum class Axis { None, Row, Col };

struct Text {
  int x = 0, y = 0;  // slot
  std::string text;
  TextKind kind = TextKind::Heading;
  Anchor anchor = Anchor::Left;
  Axis axis = Axis::None;  // Tick: which axis it numbers (backends thin out ticks on dense axes)
  int64_t value = 0;       // Tick: the index it shows
};

enum class LineKind { Boundary, Mark };

struct Line {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // grid points
  LineKind kind = LineKind::Boundary;
};

enum class Swatch { Color, Hole, Several, Marked, Boundary };

struct LegendEntry {
  Swatch swatch = Swatch::Color;
  int color = 0;  // Swatch::Color: palette colour index
  std::string text;
};

// Graphical backends draw at most this many label lines per cell (the last saying how many more); the
// tooltip and the text backend keep every line.
inline constexpr std::size_t kMaxLabelLines = 4;

struct Scene {
  std::vector<std::string> provenance;  // inputs in CuTe notation, written as a comment by every backend
  std::vector<std::string> title;       // lines above the grid
  int width = 0, height = 0;            // grid extent in slots
  std::vector<Cell> cells;
  std::vector<Text> texts;
  std::vector<Line> lines;
  std::vector<LegendEntry> legend;
  std::vector<std::string> notes;                // lines under the picture
  bool colorblind = false;                       // which palette the colour indices refer to
  std::string marked_meaning = "a moved value";  // what a marked cell means (the text backend's key)

  // Widest label line and most label lines (at most kMaxLabelLines) among the cells (slot sizing).
  int label_chars() const;
  int label_lines() const;
};

// Thick lines between 4-neighbouring slots of a w x h block at (x0,y0) whose group ids differ (and
// around the block's outside), e.g. subgroup regions. group[r*w+c]; -1 = no group (holes).
void add_boundaries(Scene& s, int x0, int y0, int w, int h, const std::vector<int64_t>& group);

}  // namespace tvlab::viz
