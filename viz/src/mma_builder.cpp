#include "tvlab/viz/mma_builder.hpp"

#include <algorithm>

#include "tvlab/core/notation.hpp"

namespace tvlab::viz {

int group_size_of(const std::string& arch) {
  return arch.rfind("xe", 0) == 0 ? 16 : 32;
}

Scene build_mma_scene(const TiledMMA& mma, const Options& opt, bool atom_only) {
  const int64_t M = mma.tile_mnk[0], N = mma.tile_mnk[1], K = mma.tile_mnk[2];
  constexpr int64_t kCap = INT64_MAX / 4;  // three capped terms cannot overflow
  check_cells(
      std::min(kCap, cells_mul(M, K)) + std::min(kCap, cells_mul(K, N)) + std::min(kCap, cells_mul(M, N)),
      opt.max_cells, "the MMA picture");
  const OwnerGrid a = owner_grid(mma.get_layoutA_TV(), M, K, opt.max_cells);
  const OwnerGrid b = owner_grid(mma.get_layoutB_TV(), N, K, opt.max_cells);
  const OwnerGrid c = owner_grid(mma.get_layoutC_TV(), M, N, opt.max_cells);
  const std::string mnk = "(" + std::to_string(M) + "," + std::to_string(N) + "," + std::to_string(K) + ")";
  Scene s;
  s.colorblind = opt.colorblind;
  std::string perm;
  for (int i = 0; i < 3; ++i)
    perm += (i ? "," : "") + to_string(mma.permutation[static_cast<std::size_t>(i)]);
  if (atom_only) {
    s.provenance.push_back("tvlab render: MMA atom " + mma.atom.name);
    s.title.push_back("MMA atom " + mma.atom.name + "  shape_mnk " + mnk);
    s.title.push_back("types D " + mma.atom.d_type.name + ", A " + mma.atom.a_type.name + ", B " +
                      mma.atom.b_type.name + ", C " + mma.atom.c_type.name + "; " +
                      std::to_string(mma.num_threads()) + " threads");
  } else {
    s.provenance.push_back("tvlab render: TiledMMA " + mma.atom.name + " thr_layout_vmnk " +
                           to_string(mma.thr_layout_vmnk) + " permutation (" + perm + ")");
    s.title.push_back("TiledMMA " + mma.atom.name + "  tile_mnk " + mnk);
    s.title.push_back("thr_layout_vmnk " + to_string(mma.thr_layout_vmnk) + ", permutation (" + perm + "), " +
                      std::to_string(mma.num_threads()) + " threads");
  }
  for (const std::string& p : opt.provenance) s.provenance.push_back(p);
  const int gs = group_size_of(mma.atom.arch);
  const int xA = 1, xC = xA + static_cast<int>(K) + 2, yB = 2, yC = yB + static_cast<int>(K) + 3;
  PanelStyle st;
  st.group_size = gs;
  st.heading = "B (K x N = " + std::to_string(K) + " x " + std::to_string(N) + ")";
  st.corner = "k\\n";
  st.transpose = true;
  add_tv_panel(s, b, xC, yB, st);
  st.transpose = false;
  st.heading = "A (M x K = " + std::to_string(M) + " x " + std::to_string(K) + ")";
  st.corner = "m\\k";
  add_tv_panel(s, a, xA, yC, st);
  st.heading = "C (M x N = " + std::to_string(M) + " x " + std::to_string(N) + ")";
  st.corner = "m\\n";
  add_tv_panel(s, c, xC, yC, st);
  add_color_legend(s, mma.num_threads(), ColorBy::Thread, gs);
  add_outside_notes(s, a, "A");
  add_outside_notes(s, b, "B");
  add_outside_notes(s, c, "C");
  return s;
}

}  // namespace tvlab::viz
