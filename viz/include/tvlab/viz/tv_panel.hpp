// TV panels: the grid of a tile whose cells list the (thread, value) pairs a TV layout maps onto them.
// Every TV diagram (tv, mma, copy, subgroup, slm, reorder) is made of these panels.
//
//   owner_grid((16,2):(1,16), 8, 4)      column-major index i -> (i % 8, i / 8):
//     cell (0,0) = {T0V0}, cell (0,2) = {T0V1}, ...
//   owner_grid((16,2):(1@1,...), 8, 4)   scaled-basis strides: the layout yields the (row, col) itself
//
// A cell nobody maps onto is a hole; (T,V) mapping outside the tile are kept in `outside`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tvlab/core/layout.hpp"
#include "tvlab/viz/scene.hpp"

namespace tvlab::viz {

struct Owner {
  int64_t t = 0, v = 0;
  friend bool operator==(const Owner&, const Owner&) = default;
};
std::string owner_name(const Owner& o);  // "T3V1"
// A cell's label lines: one per owner, runs of 3+ consecutive threads with one value index merged
// ("T0-15V0").
std::vector<std::string> owner_labels(std::vector<Owner> owners);

struct OwnerGrid {
  int64_t rows = 0, cols = 0;  // the tile
  int64_t threads = 1, values = 1;
  std::vector<std::vector<Owner>> cells;               // row-major: r * cols + c
  std::vector<std::pair<Owner, std::string>> outside;  // (T,V) and where it points, in CuTe notation
  const std::vector<Owner>& at(int64_t r, int64_t c) const {
    return cells[static_cast<std::size_t>(r * cols + c)];
  }
};

// The default cap on the cells of one picture (CLI --force lifts it).
inline constexpr int64_t kDefaultMaxCells = 1'000'000;
// The cap --force lifts it to: beyond it a picture would take gigabytes of memory and output.
inline constexpr int64_t kForceMaxCells = int64_t(1) << 22;
// a * b, saturating at INT64_MAX (cell counts of absurd tiles must not wrap around).
inline int64_t cells_mul(int64_t a, int64_t b) {
  int64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? INT64_MAX : r;
}
// Throws VizError when a picture would have more than max cells.
void check_cells(int64_t cells, int64_t max, const std::string& what);

// tv: (T,V) -> column-major index into the rows x cols tile, or (scaled-basis strides) -> (row, col).
// Throws VizError when rows * cols exceeds max_cells.
OwnerGrid owner_grid(const Layout& tv, int64_t rows, int64_t cols, int64_t max_cells = kDefaultMaxCells);
// The (rows, cols) tile of a coordinate-valued TV layout (its coshape folded to 2-D), or {0,0} when the
// layout is integer-valued.
std::pair<int64_t, int64_t> coordinate_tile(const Layout& tv);

enum class Labels { ThreadValue, RegisterIndex };  // "T3V1", or t + threads*v (Xe subgroup view)
enum class ColorBy { Thread, Subgroup };

struct PanelStyle {
  std::string heading;     // above the ticks
  std::string corner;      // e.g. "m\\k": row axis \ column axis
  bool transpose = false;  // draw tile row r, col c at slot (r, c) swapped: B drawn K x N
  Labels labels = Labels::ThreadValue;
  ColorBy color = ColorBy::Thread;
  int group_size = 16;  // threads per subgroup (warp): boundaries where threads exceed it
  bool boundaries = true;
};

// Draws the grid with its top-left cell at slot (x0, y0): heading at row y0-2, column ticks at y0-1, row
// ticks at x0-1. Grows s.width / s.height to fit.
void add_tv_panel(Scene& s, const OwnerGrid& g, int x0, int y0, const PanelStyle& st);
// Legend swatches for the thread (or subgroup) colours, holes and multiple owners present in s.
void add_color_legend(Scene& s, int64_t threads, ColorBy by, int group_size);
// Notes listing the owners outside the tile.
void add_outside_notes(Scene& s, const OwnerGrid& g, const std::string& panel);

}  // namespace tvlab::viz
