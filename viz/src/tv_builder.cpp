#include "tvlab/viz/tv_builder.hpp"

#include "tvlab/core/notation.hpp"

namespace tvlab::viz {

namespace {
std::string tile_text(int64_t rows, int64_t cols) {
  return "(" + std::to_string(rows) + "," + std::to_string(cols) + ")";
}
}  // namespace

Scene build_tv_scene(const Layout& tv, int64_t rows, int64_t cols, const Options& opt, int group_size) {
  const OwnerGrid g = owner_grid(tv, rows, cols, opt.max_cells);
  Scene s;
  s.colorblind = opt.colorblind;
  s.provenance.push_back("tvlab render: TV layout " + to_string(tv) + " over tile " + tile_text(rows, cols));
  for (const std::string& p : opt.provenance) s.provenance.push_back(p);
  s.title.push_back("TV layout " + to_string(tv));
  s.title.push_back("over the tile " + tile_text(rows, cols) + ": " + std::to_string(g.threads) +
                    " threads x " + std::to_string(g.values) + " values; cell = the (T,V) holding it");
  PanelStyle st;
  st.heading = "tile " + tile_text(rows, cols);
  st.corner = "r\\c";
  st.group_size = group_size;
  add_tv_panel(s, g, 1, 2, st);
  add_color_legend(s, g.threads, ColorBy::Thread, group_size);
  add_outside_notes(s, g, "TV layout");
  return s;
}

}  // namespace tvlab::viz
