#include "tvlab/core/tiling/tiled_copy.hpp"

#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/complement.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/product.hpp"
#include "tvlab/core/recast.hpp"

namespace tvlab {

namespace {
const Tiler kKeep{Underscore{}};
Tiler tile(std::initializer_list<Tiler> modes) {
  return Tiler(Tiler::Modes(modes));
}
// A Shape as a tiler: (32,64) tiles mode 0 by 32 and mode 1 by 64.
Tiler shape_tiler(const IntTuple& shape) {
  return Tiler::from_shape(shape);
}
Layout pad_to_rank(Layout l, int r) {
  if (!l.shape.is_tuple()) l = make_layout({l});
  while (rank(l) < r) l = append(l, make_layout(IntTuple(1), IntTuple(0)));
  return l;
}
// The (thread, value) sizes of the atom's reference value layout.
std::pair<int64_t, int64_t> atom_thr_val(const TiledCopy& c) {
  const Layout ref = c.atom_values().ref;
  return {size(mode(ref, 0)), size(mode(ref, 1))};
}
}  // namespace

IntTuple TiledCopy::tile_shape() const {
  if (!tiler.is_tuple()) return tiler.is_layout() ? tiler.layout().shape : IntTuple(tiler.integer());
  TupleBuilder b;
  for (const Tiler& m : tiler.modes()) {
    if (m.is_layout())
      b.push(m.layout().shape);
    else if (m.is_integer())
      b.push(IntTuple(m.integer()));
    else
      throw LayoutError("TiledCopy", "a tiler mode '_' has no shape");
  }
  return b.build();
}

TiledCopy make_tiled_copy_impl(const CopyAtom& atom, const ValueType& vt, const Layout& tv,
                               const Tiler& tiler) {
  TiledCopy c{with_value_bits(atom, vt.bits), vt, tv, tiler};
  const auto [athr, aval] = atom_thr_val(c);
  if (rank(tv) != 2)
    throw LayoutError("TiledCopy", "TiledLayout_TV " + to_string(tv) + " must be (thread, value)");
  if (size(mode(tv, 0)) % athr != 0)
    throw LayoutError("TiledCopy: size(thr) % AtomNumThr == 0",
                      std::to_string(size(mode(tv, 0))) + " threads are not a multiple of the atom's " +
                          std::to_string(athr));
  if (size(mode(tv, 1)) % aval != 0)
    throw LayoutError("TiledCopy: size(val) % AtomNumVal == 0",
                      std::to_string(size(mode(tv, 1))) +
                          " values per thread are not a multiple of the atom's " + std::to_string(aval) +
                          " (" + atom.name + " with " + vt.name + ")");
  return c;
}

TiledCopy make_tiled_copy(const CopyAtom& atom, const ValueType& vt, const Layout& thr_layout,
                          const Layout& val_layout) {
  const int r = std::max(rank(thr_layout), rank(val_layout));
  const Layout thr = pad_to_rank(thr_layout, r), val = pad_to_rank(val_layout, r);
  const Layout layout_mn = raked_product(thr, val);
  const Layout layout_tv = with_shape(right_inverse(layout_mn), make_shape(size(thr), size(val)));
  return make_tiled_copy_impl(atom, vt, layout_tv, shape_tiler(product_each(layout_mn.shape)));
}

TiledCopy make_tiled_copy_A(const CopyAtom& atom, const ValueType& vt, const TiledMMA& mma) {
  return make_tiled_copy_impl(atom, vt, mma.get_layoutA_TV(),
                              shape_tiler(make_shape(mma.tile_mnk[0], mma.tile_mnk[2])));
}
TiledCopy make_tiled_copy_B(const CopyAtom& atom, const ValueType& vt, const TiledMMA& mma) {
  return make_tiled_copy_impl(atom, vt, mma.get_layoutB_TV(),
                              shape_tiler(make_shape(mma.tile_mnk[1], mma.tile_mnk[2])));
}
TiledCopy make_tiled_copy_C(const CopyAtom& atom, const ValueType& vt, const TiledMMA& mma) {
  return make_tiled_copy_impl(atom, vt, mma.get_layoutC_TV(),
                              shape_tiler(make_shape(mma.tile_mnk[0], mma.tile_mnk[1])));
}

TiledCopy make_tiled_copy_C_atom(const CopyAtom& atom, const ValueType& vt, const TiledMMA& mma) {
  // Truncate the value mode to one atom's worth, keeping the value order.
  const Layout c_tv = mma.get_layoutC_TV();
  const int64_t copy_v = size(mode(value_layouts(with_value_bits(atom, vt.bits), vt.bits).src, 1));
  if (copy_v > size(mode(c_tv, 1)))
    throw LayoutError("make_tiled_copy_C_atom: copy_V <= size<1>(layoutC_TV)",
                      atom.name + " moves " + std::to_string(copy_v) + " values per thread, C holds " +
                          std::to_string(size(mode(c_tv, 1))));
  const Layout layout_tv = composition(c_tv, make_layout(make_shape(size(mode(c_tv, 0)), copy_v)));
  // Per mode of the MMA's (M, N) tile, the coordinates the truncated layout touches.
  const IntTuple mma_tiler = make_shape(mma.tile_mnk[0], mma.tile_mnk[1]);
  Tiler::Modes modes;
  for (int i = 0; i < 2; ++i)
    modes.push_back(Tiler(filter(
        composition(make_layout(mma_tiler, i == 0 ? make_stride(1, 0) : make_stride(0, 1)), layout_tv))));
  const Tiler tiler(modes);
  // (tid, vid) -> tile coordinate, through tile coordinate -> MMA coordinate.
  const Layout tile2mma = composition(make_layout(mma_tiler), tiler);
  return make_tiled_copy_impl(atom, vt, composition(left_inverse(tile2mma), layout_tv), tiler);
}

Layout TiledCopy::tile2thrfrg(const Layout& x, const Layout& ref2trg) const {
  const auto [athr, aval] = atom_thr_val(*this);
  // ((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)
  const Layout atom_tv = zipped_divide(tv, shape_tiler(make_shape(athr, aval)));
  // ((trg_tid,trg_val),(rest_tid,rest_val)) -> (m,n)
  const Layout trg_tv = composition(atom_tv, tile({ref2trg, kKeep}));
  // ((trg_tid,rest_tid),(trg_val,rest_val)) -> (m,n)
  const Layout thrval2mn = coalesce(zip(trg_tv), make_shape(1, make_shape(1, 1)));
  const Layout tv_x = composition(x, tile({thrval2mn, kKeep}));
  // Unfold ((thr,val),rest) -> (thr,val,rest).
  const Layout tv_mode = mode(tv_x, 0);
  return make_layout({mode(tv_mode, 0), mode(tv_mode, 1), mode(tv_x, 1)});
}

Layout TiledCopy::tidfrg_S(const Layout& x) const {
  const ValueLayouts v = atom_values();
  return tile2thrfrg(zipped_divide(x, tiler), composition(right_inverse(v.ref), v.src));
}

Layout TiledCopy::tidfrg_D(const Layout& x) const {
  const ValueLayouts v = atom_values();
  return tile2thrfrg(zipped_divide(x, tiler), composition(right_inverse(v.ref), v.dst));
}

namespace {
Layout first_two(const Layout& l) {
  return make_layout({mode(l, 0), mode(l, 1)});
}
}  // namespace

Layout TiledCopy::get_layoutS_TV() const {
  const ValueLayouts v = atom_values();
  const Layout ref = make_layout(make_shape(tile_shape(), 1));
  return first_two(tile2thrfrg(ref, composition(right_inverse(v.ref), v.src)));
}

Layout TiledCopy::get_layoutD_TV() const {
  const ValueLayouts v = atom_values();
  const Layout ref = make_layout(make_shape(tile_shape(), 1));
  return first_two(tile2thrfrg(ref, composition(right_inverse(v.ref), v.dst)));
}

namespace {
LayoutSlice thread_slice(const Layout& frg, int64_t thread) {
  const Layout thr = mode(frg, 0);
  if (thread < 0 || thread >= size(thr))
    throw LayoutError("partition", "thread " + std::to_string(thread) + " outside the copy's " +
                                       std::to_string(size(thr)) + " threads");
  // (CPY, CPY_M, CPY_N, ...): the rest modes one level up, as CuTe's slice (thread, _, repeat<R>(_)).
  std::vector<Layout> modes{mode(frg, 1)};
  const Layout rest = mode(frg, 2);
  if (rest.shape.is_tuple())
    for (int i = 0; i < rank(rest); ++i) modes.push_back(mode(rest, i));
  else
    modes.push_back(rest);
  return LayoutSlice{thr(IntTuple(thread)), make_layout(std::span<const Layout>(modes))};
}
}  // namespace

Layout TiledCopy::retile(const Layout& frag) const {
  const Layout t = frag.shape.is_tuple() ? frag : make_layout({frag});
  const int64_t v = size(mode(t, 0));
  const auto [athr, aval] = atom_thr_val(*this);
  (void)athr;
  // (m,n) -> v_idx: the shape and order of the values inside TiledLayout_TV.
  const Layout frg_mn = upcast(with_shape(right_inverse(tv), tile_shape()), checked_mul(num_threads(), v));
  // (atom_vals, rest_vals) -> (v, m, n)
  const Layout frg_v = zipped_divide(logical_product(make_layout(IntTuple(v)), Tiler(right_inverse(frg_mn))),
                                     Tiler(make_layout(IntTuple(aval))));
  // ((TileV,TileM,TileN,...),(1,RestM,RestN,...))
  const Layout tiled = zipped_divide(t, shape_tiler(prepend(product_each(frg_mn.shape), IntTuple(v))));
  const Layout v_tensor = composition(tiled, tile({frg_v, kKeep}));
  // Slice the rest mode at (0, _, _, ...): keep RestM, RestN, ... as modes after the values.
  std::vector<Layout> modes{mode(v_tensor, 0)};
  const Layout rest = mode(v_tensor, 1);
  for (int i = 1; i < rank(rest); ++i) modes.push_back(mode(rest, i));
  return make_layout(std::span<const Layout>(modes));
}

LayoutSlice TiledCopy::partition_S(const Layout& x, int64_t thread) const {
  return thread_slice(tidfrg_S(x), thread);
}
LayoutSlice TiledCopy::partition_D(const Layout& x, int64_t thread) const {
  return thread_slice(tidfrg_D(x), thread);
}

}  // namespace tvlab
