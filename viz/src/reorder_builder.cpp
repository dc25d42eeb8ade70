#include "tvlab/viz/reorder_builder.hpp"

#include "tvlab/core/notation.hpp"

namespace tvlab::viz {

namespace {

std::string tile_text(int64_t rows, int64_t cols) {
  return "(" + std::to_string(rows) + "," + std::to_string(cols) + ")";
}

ReorderStats stats(const OwnerGrid& a, const OwnerGrid& b) {
  ReorderStats st;
  for (std::size_t i = 0; i < a.cells.size(); ++i) {
    const auto &sa = a.cells[i], &sb = b.cells[i];
    if (sa.empty() != sb.empty()) ++st.uncovered;
    if (sa.empty() || sb.empty()) continue;
    if (!(sa.front() == sb.front())) ++st.moved, st.cross_thread += sa.front().t != sb.front().t;
  }
  return st;
}

}  // namespace

ReorderStats reorder_stats(const Layout& src, const Layout& dst, int64_t rows, int64_t cols) {
  return stats(owner_grid(src, rows, cols), owner_grid(dst, rows, cols));
}

Scene build_reorder_scene(const Layout& src, const Layout& dst, int64_t rows, int64_t cols,
                          const Options& opt) {
  check_cells(cells_mul(2, cells_mul(rows, cols)), opt.max_cells, "the reorder picture");
  const OwnerGrid a = owner_grid(src, rows, cols, opt.max_cells);
  const OwnerGrid b = owner_grid(dst, rows, cols, opt.max_cells);
  const ReorderStats st = stats(a, b);
  const int64_t held = static_cast<int64_t>(a.cells.size());
  Scene s;
  s.colorblind = opt.colorblind;
  s.provenance.push_back("tvlab render: reorder from " + to_string(src) + " to " + to_string(dst) +
                         " over tile " + tile_text(rows, cols));
  for (const std::string& p : opt.provenance) s.provenance.push_back(p);
  s.title.push_back("reorder over " + tile_text(rows, cols) + ": " + std::to_string(st.moved) + " of " +
                    std::to_string(held) + " values move (" + std::to_string(st.cross_thread) +
                    " change thread)");
  s.title.push_back("source TV " + to_string(src) + "  ->  destination TV " + to_string(dst));
  PanelStyle ps;
  ps.corner = "r\\c";
  ps.heading = "source fragment";
  const std::size_t first_src = s.cells.size();
  add_tv_panel(s, a, 1, 2, ps);
  ps.heading = "destination fragment (from: source owner)";
  const std::size_t first_dst = s.cells.size();
  add_tv_panel(s, b, 1 + static_cast<int>(cols) + 2, 2, ps);
  // Both panels list cells in the same (row-major) order: mark the moved ones and say where from.
  for (std::size_t i = 0; i < a.cells.size(); ++i) {
    const auto &sa = a.cells[i], &sb = b.cells[i];
    if (sa.empty() || sb.empty() || sa.front() == sb.front()) continue;
    Cell& cs = s.cells[first_src + i];
    Cell& cd = s.cells[first_dst + i];
    cs.marked = cd.marked = true;
    cd.label.push_back("<" + owner_name(sa.front()));
    cs.tooltip += " -> " + owner_name(sb.front());
    cd.tooltip += " <- " + owner_name(sa.front());
  }
  add_color_legend(s, std::max(a.threads, b.threads), ColorBy::Thread, 16);
  if (st.moved) s.legend.push_back({Swatch::Marked, 0, "moved value (<TtVv: its source owner)"});
  s.notes.push_back("mismatches: " + std::to_string(st.moved) + " moved values, " +
                    std::to_string(st.cross_thread) + " across threads, " +
                    std::to_string(st.moved - st.cross_thread) + " within a thread; " +
                    std::to_string(st.uncovered) + " coordinates held on one side only");
  add_outside_notes(s, a, "source");
  add_outside_notes(s, b, "destination");
  return s;
}

}  // namespace tvlab::viz
