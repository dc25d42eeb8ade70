#include "tvlab/core/tiling/tiled_mma.hpp"

#include "tvlab/core/complement.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/product.hpp"

namespace tvlab {

namespace {
Tiler tile(std::initializer_list<Tiler> modes) {
  return Tiler(Tiler::Modes(modes));
}
const Tiler kKeep{Underscore{}};

// make_layout(n): n:1, or 1:0 for n == 1 (CuTe's static size-1 stride).
Layout vector_layout(int64_t n) {
  return make_layout(IntTuple(n));
}

Layout sub_layout(const Layout& l, int i) {
  return mode(l, i);
}
}  // namespace

TiledMMA make_tiled_mma(const MmaAtom& atom, const Layout& atom_layout, const Tiler& permutation) {
  if (rank(atom_layout) > 3)
    throw LayoutError("make_tiled_mma",
                      "the atom layout " + std::to_string(rank(atom_layout)) + " modes; at most 3 (M,N,K)");
  if (permutation.is_tuple() && permutation.rank() > 3)
    throw LayoutError("make_tiled_mma", "the permutation has more than 3 modes (M,N,K)");
  TiledMMA t;
  t.atom = atom;
  // Pad the atom layout to (M,N,K) with 1:0 and tile the atom's threads by it.
  Layout l = atom_layout.shape.is_tuple() ? atom_layout : make_layout({atom_layout});
  while (rank(l) < 3) l = append(l, make_layout(IntTuple(1), IntTuple(0)));
  t.thr_layout_vmnk = tiled_product(atom.thr_id, Tiler(l));
  const int64_t atom_shape[3] = {atom.m, atom.n, atom.k};
  for (int i = 0; i < 3; ++i) {
    Tiler p = permutation.is_tuple() ? (i < permutation.rank() ? permutation.modes()[i] : kKeep)
                                     : (i == 0 ? permutation : kKeep);
    if (p.is_integer()) p = Tiler(make_layout(IntTuple(p.integer()), IntTuple(1)));
    if (p.is_tuple())
      throw LayoutError("make_tiled_mma", "each permutation mode must be a layout, an integer or _");
    t.permutation[i] = p;
    t.tile_mnk[i] = p.is_underscore() ? checked_mul(atom_shape[i], size(sub_layout(t.thr_layout_vmnk, i + 1)))
                                      : size(p.layout());
  }
  return t;
}

Layout TiledMMA::thrfrg(const Layout& x, int i0, int i1, const Layout& atom_layout) const {
  const int64_t atom_shape[3] = {atom.m, atom.n, atom.k};
  const Layout permuted = logical_divide(x, tile({permutation[i0], permutation[i1]}));
  const Layout atom_tiles =
      zipped_divide(permuted, tile({vector_layout(atom_shape[i0]), vector_layout(atom_shape[i1])}));
  const Layout tv = composition(atom_tiles, tile({atom_layout, kKeep}));
  const Tiler thr_tile = tile({kKeep, tile({vector_layout(size(sub_layout(thr_layout_vmnk, i0 + 1))),
                                            vector_layout(size(sub_layout(thr_layout_vmnk, i1 + 1)))})});
  return zipped_divide(tv, thr_tile);
}

Layout TiledMMA::thrfrg_A(const Layout& x) const {
  return thrfrg(x, 0, 2, atom.a);
}
Layout TiledMMA::thrfrg_B(const Layout& x) const {
  return thrfrg(x, 1, 2, atom.b);
}
Layout TiledMMA::thrfrg_C(const Layout& x) const {
  return thrfrg(x, 0, 1, atom.c);
}

// thread index -> (v,m,n,k) thread id: the right inverse of (VMNK, complement(VMNK)), with indices
// outside VMNK's image folded back onto it.
Layout TiledMMA::thread_index_to_id() const {
  const Layout full = make_layout({thr_layout_vmnk, complement(thr_layout_vmnk)});
  return composition(make_layout(make_shape(size(thr_layout_vmnk), 1), make_stride(1, 0)),
                     right_inverse(full));
}

Layout TiledMMA::get_layoutC_TV() const {
  const Layout c = thrfrg_C(make_layout(make_shape(tile_mnk[0], tile_mnk[1])));
  return composition(c, tile({thread_index_to_id(), kKeep}));
}

Layout TiledMMA::get_layoutA_TV() const {
  const Layout a = thrfrg_A(make_layout(make_shape(tile_mnk[0], tile_mnk[2])));
  // (ThrV,(ThrM,ThrK)) -> (ThrV,((ThrM,ThrN),ThrK)): threads along N hold the same A.
  const Layout mn =
      make_layout(make_shape(size(sub_layout(thr_layout_vmnk, 1)), size(sub_layout(thr_layout_vmnk, 2))),
                  make_stride(1, 0));
  const Layout widened = composition(a, tile({tile({kKeep, tile({mn, kKeep})}), kKeep}));
  return composition(widened, tile({thread_index_to_id(), kKeep}));
}

Layout TiledMMA::get_layoutB_TV() const {
  const Layout b = thrfrg_B(make_layout(make_shape(tile_mnk[1], tile_mnk[2])));
  const Layout mn =
      make_layout(make_shape(size(sub_layout(thr_layout_vmnk, 1)), size(sub_layout(thr_layout_vmnk, 2))),
                  make_stride(0, 1));
  const Layout widened = composition(b, tile({tile({kKeep, tile({mn, kKeep})}), kKeep}));
  return composition(widened, tile({thread_index_to_id(), kKeep}));
}

std::array<int64_t, 4> TiledMMA::thr_vmnk(int64_t thread) const {
  std::array<int64_t, 4> c{};
  for (int i = 0; i < 4; ++i) {
    const Layout m = sub_layout(thr_layout_vmnk, i);
    const IntTuple hier = idx2crd(IntTuple(thread), m.shape, m.stride);
    c[i] = crd2idx(hier, m.shape, compact_col_major(m.shape)).ival();
  }
  return c;
}

namespace {
// (FrgV, RestM, RestN) of a thrfrg result ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN))).
IntTuple frg_shape(const Layout& thrfrg) {
  const IntTuple s = thrfrg.shape[1];
  return make_shape(s[0], s[1][0], s[1][1]);
}
}  // namespace

IntTuple TiledMMA::partition_shape_A(const IntTuple& shape_mk) const {
  return frg_shape(thrfrg_A(make_layout(shape_mk)));
}
IntTuple TiledMMA::partition_shape_B(const IntTuple& shape_nk) const {
  return frg_shape(thrfrg_B(make_layout(shape_nk)));
}
IntTuple TiledMMA::partition_shape_C(const IntTuple& shape_mn) const {
  return frg_shape(thrfrg_C(make_layout(shape_mn)));
}

// Slice ((ThrV,(ThrI0,ThrI1)),(FrgV,(Rest...))) at the thread's (v,(i0,i1)) coordinate.
LayoutSlice TiledMMA::partition(const Layout& frg, int64_t thread, int i0, int i1) const {
  const auto vmnk = thr_vmnk(thread);
  const IntTuple coord = make_coord(vmnk[0], make_coord(vmnk[i0], vmnk[i1]));
  // Slicing with (_, (_, _, ...)) keeps (FrgV, RestI0, RestI1, ...): the rest modes one level up, a
  // tensor's modes beyond the two tiled ones (a pipeline's stages) included.
  const Layout v = sub_layout(frg, 1);
  std::vector<Layout> modes{mode(v, 0)};
  const Layout rest = mode(v, 1);
  for (int i = 0; i < rank(rest); ++i) modes.push_back(mode(rest, i));
  return LayoutSlice{sub_layout(frg, 0)(coord), make_layout(std::span<const Layout>(modes))};
}

LayoutSlice TiledMMA::partition_A(const Layout& x, int64_t thread) const {
  return partition(thrfrg_A(x), thread, 1, 3);
}
LayoutSlice TiledMMA::partition_B(const Layout& x, int64_t thread) const {
  return partition(thrfrg_B(x), thread, 2, 3);
}
LayoutSlice TiledMMA::partition_C(const Layout& x, int64_t thread) const {
  return partition(thrfrg_C(x), thread, 1, 2);
}

}  // namespace tvlab
