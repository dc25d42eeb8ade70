#include "tvlab/viz/subgroup_builder.hpp"

#include "tvlab/core/notation.hpp"

namespace tvlab::viz {

namespace {
std::string tile_text(int64_t rows, int64_t cols) {
  return "(" + std::to_string(rows) + "," + std::to_string(cols) + ")";
}
}  // namespace

Scene build_subgroup_scene(const Layout& tv, int64_t rows, int64_t cols, const std::string& what,
                           const Options& opt, bool transpose) {
  check_cells(cells_mul(2, cells_mul(rows, cols)), opt.max_cells, "the subgroup picture");
  const OwnerGrid g = owner_grid(tv, rows, cols, opt.max_cells);
  Scene s;
  s.colorblind = opt.colorblind;
  s.provenance.push_back("tvlab render: subgroup view of " + what + " TV " + to_string(tv) + " over tile " +
                         tile_text(rows, cols));
  for (const std::string& p : opt.provenance) s.provenance.push_back(p);
  s.title.push_back("subgroup view and thread view of " + what);
  s.title.push_back("TV " + to_string(tv) + " over " + tile_text(rows, cols) +
                    (transpose ? " (drawn transposed)" : "") + "; work-item i owns register elements i, i+" +
                    std::to_string(g.threads) + ", ...");
  const int w = static_cast<int>(transpose ? rows : cols);
  PanelStyle st;
  st.corner = transpose ? "c\\r" : "r\\c";
  st.transpose = transpose;
  st.labels = Labels::RegisterIndex;
  st.heading = "subgroup view: element t + " + std::to_string(g.threads) + "v";
  add_tv_panel(s, g, 1, 2, st);
  st.labels = Labels::ThreadValue;
  st.heading = "thread view: TtVv";
  add_tv_panel(s, g, 1 + w + 2, 2, st);
  add_color_legend(s, g.threads, ColorBy::Thread, 16);
  add_outside_notes(s, g, "fragment");
  return s;
}

Scene build_slm_scene(const Layout& tv, int64_t rows, int64_t cols, const Options& opt) {
  const OwnerGrid g = owner_grid(tv, rows, cols, opt.max_cells);
  if (g.threads % 16 != 0 && g.threads > 16)
    throw VizError("an SLM TV layout's thread mode is (16 lanes, subgroups); " + to_string(tv) + " has " +
                   std::to_string(g.threads) + " threads");
  const int64_t groups = (g.threads + 15) / 16;
  Scene s;
  s.colorblind = opt.colorblind;
  s.provenance.push_back("tvlab render: SLM TV layout " + to_string(tv) + " over tile " +
                         tile_text(rows, cols));
  for (const std::string& p : opt.provenance) s.provenance.push_back(p);
  s.title.push_back("SLM tile " + tile_text(rows, cols) + " by subgroup: TV " + to_string(tv));
  s.title.push_back(std::to_string(groups) + " subgroups x 16 lanes, " + std::to_string(g.values) +
                    " values each; cell colour = subgroup, outline = each subgroup's region");
  PanelStyle st;
  st.corner = "r\\c";
  st.color = ColorBy::Subgroup;
  st.heading = "SLM " + tile_text(rows, cols);
  add_tv_panel(s, g, 1, 2, st);
  add_color_legend(s, g.threads, ColorBy::Subgroup, 16);
  add_outside_notes(s, g, "SLM");
  return s;
}

}  // namespace tvlab::viz
