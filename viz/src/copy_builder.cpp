#include "tvlab/viz/copy_builder.hpp"

#include "tvlab/core/notation.hpp"
#include "tvlab/core/tiling/xe_copy.hpp"
#include "tvlab/core/tuple_algorithms.hpp"
#include "tvlab/viz/mma_builder.hpp"

namespace tvlab::viz {

TiledCopy tiled_copy_of(const CopyAtom& atom, const ValueType& vt) {
  if (atom.block2d) return make_block_2d_copy(*atom.block2d, vt, XeModes{1, 0});
  const ValueLayouts v = value_layouts(atom, vt.bits);
  const int64_t threads = size(atom.thr_id);
  const int64_t vals = std::max<int64_t>(1, size(v.ref) / std::max<int64_t>(1, threads));
  return make_tiled_copy(atom, vt, Layout(make_shape(threads, 1), make_stride(1, 0)),
                         Layout(make_shape(1, vals), make_stride(0, 1)));
}

std::pair<int64_t, int64_t> copy_tile(const TiledCopy& copy) {
  const IntTuple shape = copy.tile_shape();
  if (shape.is_leaf()) return {shape.ival(), 1};
  int64_t rows = product(shape[0]), cols = 1;
  for (int i = 1; i < shape.size(); ++i) cols *= product(shape[i]);
  return {rows, cols};
}

Scene build_copy_scene(const TiledCopy& copy, const Options& opt, bool atom_only) {
  const auto [rows, cols] = copy_tile(copy);
  check_cells(cells_mul(2, cells_mul(rows, cols)), opt.max_cells, "the copy picture");
  const OwnerGrid src = owner_grid(copy.get_layoutS_TV(), rows, cols, opt.max_cells);
  const OwnerGrid dst = owner_grid(copy.get_layoutD_TV(), rows, cols, opt.max_cells);
  const std::string tile = "(" + std::to_string(rows) + "," + std::to_string(cols) + ")";
  Scene s;
  s.colorblind = opt.colorblind;
  if (atom_only) {
    s.provenance.push_back("tvlab render: copy atom " + copy.atom.name + " value type " +
                           copy.value_type.name);
    s.title.push_back("copy atom " + copy.atom.name + "  value type " + copy.value_type.name);
  } else {
    s.provenance.push_back("tvlab render: TiledCopy " + copy.atom.name + " value type " +
                           copy.value_type.name + " TiledLayout_TV " + to_string(copy.tv) + " Tiler_MN " +
                           to_string(copy.tiler));
    s.title.push_back("TiledCopy " + copy.atom.name + "  value type " + copy.value_type.name);
  }
  for (const std::string& p : opt.provenance) s.provenance.push_back(p);
  s.title.push_back("Tiler_MN " + to_string(copy.tiler) + ", TiledLayout_TV " + to_string(copy.tv) + ", " +
                    std::to_string(copy.num_threads()) + " threads");
  const int gs = group_size_of(copy.atom.arch);
  PanelStyle st;
  st.group_size = gs;
  st.corner = "r\\c";
  s.title.push_back("S_TV " + to_string(copy.get_layoutS_TV()) + ", D_TV " +
                    to_string(copy.get_layoutD_TV()));
  st.heading = "source " + tile;
  add_tv_panel(s, src, 1, 2, st);
  st.heading = "destination " + tile;
  add_tv_panel(s, dst, 1 + static_cast<int>(cols) + 2, 2, st);
  add_color_legend(s, copy.num_threads(), ColorBy::Thread, gs);
  add_outside_notes(s, src, "source");
  add_outside_notes(s, dst, "destination");
  return s;
}

}  // namespace tvlab::viz
