#include "tvlab/viz/tv_panel.hpp"

#include <algorithm>

#include "tvlab/core/notation.hpp"
#include "tvlab/core/tuple_algorithms.hpp"

namespace tvlab::viz {

std::string owner_name(const Owner& o) {
  return "T" + std::to_string(o.t) + "V" + std::to_string(o.v);
}

std::vector<std::string> owner_labels(std::vector<Owner> os) {
  // Runs of consecutive threads holding the same value index: T0-15V0 (a proxy copy's source).
  std::stable_sort(os.begin(), os.end(),
                   [](const Owner& a, const Owner& b) { return a.v != b.v ? a.v < b.v : a.t < b.t; });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < os.size();) {
    std::size_t j = i + 1;
    while (j < os.size() && os[j].v == os[i].v && os[j].t == os[j - 1].t + 1) ++j;
    if (j - i >= 3)
      out.push_back("T" + std::to_string(os[i].t) + "-" + std::to_string(os[j - 1].t) + "V" +
                    std::to_string(os[i].v));
    else
      for (std::size_t k = i; k < j; ++k) out.push_back(owner_name(os[k]));
    i = j;
  }
  return out;
}

void check_cells(int64_t cells, int64_t max, const std::string& what) {
  if (cells > max)
    throw VizError(what + " has " + std::to_string(cells) + " cells, more than the " + std::to_string(max) +
                   " a picture may have" +
                   (max < kForceMaxCells ? " (pass --force to draw it anyway)" : ", even with --force"));
}

namespace {

bool coordinate_valued(const Layout& l) {
  for (const Scalar& s : leaves(l.stride))
    if (s.is_basis()) return true;
  return false;
}

// A coordinate result (tuple or scaled-basis leaf) as (row, col); false when it has another form.
bool as_row_col(const IntTuple& x, int64_t& r, int64_t& c) {
  r = c = 0;
  if (x.is_leaf()) {
    const Scalar& s = x.value();
    if (!s.is_basis() || s.depth() != 1 || s.path(0) > 1) return false;
    (s.path(0) == 0 ? r : c) = s.value;
    return true;
  }
  if (x.size() < 1 || x.size() > 2) return false;
  for (int i = 0; i < x.size(); ++i) {
    const IntTuple e = x[i];
    if (!e.is_leaf() || e.value().is_basis()) return false;
    (i == 0 ? r : c) = e.value().value;
  }
  return true;
}

}  // namespace

std::pair<int64_t, int64_t> coordinate_tile(const Layout& tv) {
  if (!coordinate_valued(tv)) return {0, 0};
  const IntTuple cs = coshape(tv);
  if (cs.is_leaf()) return {cs.ival(), 1};
  int64_t rows = product(cs[0]), cols = 1;
  for (int i = 1; i < cs.size(); ++i) cols *= product(cs[i]);
  return {rows, cols};
}

OwnerGrid owner_grid(const Layout& tv, int64_t rows, int64_t cols, int64_t max_cells) {
  if (rows <= 0 || cols <= 0) throw VizError("the tile must not be empty");
  check_cells(cells_mul(rows, cols), max_cells,
              "the tile (" + std::to_string(rows) + "," + std::to_string(cols) + ")");
  OwnerGrid g;
  g.rows = rows, g.cols = cols;
  g.threads = rank(tv) >= 1 ? size(mode(tv, 0)) : 1;
  const int64_t n = size(tv);
  check_cells(n, max_cells * 4, "the TV layout " + to_string(tv));
  g.values = std::max<int64_t>(1, n / std::max<int64_t>(1, g.threads));
  g.cells.resize(static_cast<std::size_t>(rows * cols));
  const bool coords = coordinate_valued(tv);
  for (int64_t i = 0; i < n; ++i) {
    const Owner o{i % g.threads, i / g.threads};
    int64_t r = 0, c = 0;
    bool inside = true;
    std::string where;
    if (coords) {
      const IntTuple x = tv(IntTuple(i));
      if (!as_row_col(x, r, c))
        throw VizError("the TV layout " + to_string(tv) + " maps (T,V) to " + to_string(x) +
                       ", not a 2-D coordinate");
      inside = r >= 0 && r < rows && c >= 0 && c < cols;
      if (!inside) where = to_string(x);
    } else {
      const int64_t idx = tv(i);
      inside = idx >= 0 && idx < rows * cols;
      r = inside ? idx % rows : 0, c = inside ? idx / rows : 0;
      if (!inside) where = std::to_string(idx);
    }
    if (inside)
      g.cells[static_cast<std::size_t>(r * cols + c)].push_back(o);
    else
      g.outside.emplace_back(o, where);
  }
  return g;
}

void add_tv_panel(Scene& s, const OwnerGrid& g, int x0, int y0, const PanelStyle& st) {
  const int w = static_cast<int>(st.transpose ? g.rows : g.cols);
  const int h = static_cast<int>(st.transpose ? g.cols : g.rows);
  s.texts.push_back({x0 - 1, y0 - 2, st.heading, TextKind::Heading, Anchor::Left, Axis::None, 0});
  s.texts.push_back({x0 - 1, y0 - 1, st.corner, TextKind::Axis, Anchor::Right, Axis::None, 0});
  for (int c = 0; c < w; ++c)
    s.texts.push_back({x0 + c, y0 - 1, std::to_string(c), TextKind::Tick, Anchor::Center, Axis::Col, c});
  for (int r = 0; r < h; ++r)
    s.texts.push_back({x0 - 1, y0 + r, std::to_string(r), TextKind::Tick, Anchor::Right, Axis::Row, r});
  std::vector<int64_t> group(static_cast<std::size_t>(w) * h, -1);
  s.cells.reserve(s.cells.size() + static_cast<std::size_t>(w) * h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const int64_t r = st.transpose ? x : y, c = st.transpose ? y : x;
      const std::vector<Owner>& os = g.at(r, c);
      Cell cell;
      cell.x = x0 + x, cell.y = y0 + y;
      cell.hole = os.empty();
      std::string tip = "(" + std::to_string(r) + "," + std::to_string(c) + "):";
      for (const Owner& o : os) {
        const int64_t sg = o.t / std::max(1, st.group_size);
        cell.colors.push_back(static_cast<int>(st.color == ColorBy::Thread ? o.t : sg));
        if (st.labels == Labels::RegisterIndex) cell.label.push_back(std::to_string(o.t + g.threads * o.v));
        tip += " " + owner_name(o);
        if (st.labels == Labels::RegisterIndex) tip += "=" + std::to_string(o.t + g.threads * o.v);
      }
      if (st.labels == Labels::ThreadValue) cell.label = owner_labels(os);
      if (cell.colors.size() > 16) cell.colors.resize(16);  // stripes beyond 16 would be sub-pixel
      if (os.empty()) tip += " no owner (hole)";
      cell.tooltip = std::move(tip);
      if (!os.empty()) group[static_cast<std::size_t>(y) * w + x] = os.front().t / std::max(1, st.group_size);
      s.cells.push_back(std::move(cell));
    }
  if (st.boundaries && (g.threads > st.group_size || st.color == ColorBy::Subgroup))
    add_boundaries(s, x0, y0, w, h, group);
  s.width = std::max(s.width, x0 + w);
  s.height = std::max(s.height, y0 + h);
}

void add_color_legend(Scene& s, int64_t threads, ColorBy by, int group_size) {
  bool holes = false, several = false;
  for (const Cell& c : s.cells) holes |= c.hole, several |= c.colors.size() > 1;
  const int64_t groups = (threads + group_size - 1) / std::max(1, group_size);
  const int64_t n = by == ColorBy::Thread ? threads : groups;
  const char* p = by == ColorBy::Thread ? "T" : "subgroup ";
  for (int64_t i = 0; i < std::min<int64_t>(n, 16); ++i) {
    std::string t = p + std::to_string(i);
    if (n > 16) t += " (+16k)";
    s.legend.push_back({Swatch::Color, static_cast<int>(i), t});
  }
  if (several) s.legend.push_back({Swatch::Several, 0, "several owners (one stripe each)"});
  if (holes) s.legend.push_back({Swatch::Hole, 0, "no owner (hole)"});
  bool bounds = false;
  for (const Line& l : s.lines) bounds |= l.kind == LineKind::Boundary;
  if (bounds)
    s.legend.push_back({Swatch::Boundary, 0,
                        by == ColorBy::Thread && group_size == 32
                            ? "warp boundary (32 threads)"
                            : "subgroup boundary (" + std::to_string(group_size) + " threads)"});
}

void add_outside_notes(Scene& s, const OwnerGrid& g, const std::string& panel) {
  if (g.outside.empty()) return;
  s.notes.push_back(panel + ": " + std::to_string(g.outside.size()) + " (T,V) map outside the " +
                    std::to_string(g.rows) + "x" + std::to_string(g.cols) + " tile:");
  std::string line;
  for (const auto& [o, where] : g.outside) {
    std::string item = owner_name(o) + "->" + where;
    if (line.size() + item.size() + 2 > 100) s.notes.push_back("  " + line), line.clear();
    line += (line.empty() ? "" : ", ") + item;
  }
  if (!line.empty()) s.notes.push_back("  " + line);
}

}  // namespace tvlab::viz
