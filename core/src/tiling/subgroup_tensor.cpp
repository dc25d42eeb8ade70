#include "tvlab/core/tiling/subgroup_tensor.hpp"

#include <algorithm>

#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/product.hpp"

namespace tvlab {

namespace {
bool coordinate_valued(const Layout& l) {
  return coprofile(l).is_tuple();
}
Layout as_modes(const Layout& l) {
  return l.shape.is_tuple() ? l : make_layout({l});
}
// CuTe's filter_zeros(stride, shape): the shape with 1 wherever the stride is 0.
IntTuple filter_zeros_shape(const IntTuple& stride, const IntTuple& shape) {
  if (shape.is_leaf()) return stride.value().value == 0 ? IntTuple(1) : shape;
  TupleBuilder b;
  for (int i = 0; i < rank(shape); ++i) b.push(filter_zeros_shape(stride[i], shape[i]));
  return b.build();
}
}  // namespace

IntTuple atuple_coshape(const Layout& l) {
  const Layout f = as_modes(filter(flatten(l)));
  std::vector<int64_t> extent(1, 1);
  bool tuple = false;
  for (int i = 0; i < rank(f); ++i) {
    const Layout md = mode(f, i);
    const Scalar d = md.stride.value();
    if (d.value == 0) continue;
    if (d.depth() > 1)
      throw LayoutError("atuple_coshape", "nested coordinate strides are not supported: " + to_string(l));
    const std::size_t dim = d.is_basis() ? d.path(0) : 0;
    tuple = tuple || d.is_basis();
    if (extent.size() <= dim) extent.resize(dim + 1, 1);
    extent[dim] = std::max(extent[dim], checked_mul(md.shape.ival(), std::abs(d.value)));
  }
  if (!tuple && !coordinate_valued(l)) return IntTuple(extent[0]);
  if (coordinate_valued(l)) extent.resize(std::max<std::size_t>(extent.size(), rank(coprofile(l))), 1);
  TupleBuilder b;
  for (int64_t e : extent) b.push(IntTuple(e));
  return b.build();
}

Layout project_strides(const Layout& l) {
  if (!coordinate_valued(l)) return l;
  return composition(make_layout(atuple_coshape(l)), l);
}

Layout make_fragment_like(const Layout& in) {
  return make_fragment_like(in, IntTuple(0));
}

namespace {
void flat_leaves(const IntTuple& t, std::vector<int64_t>& out) {
  if (t.is_leaf()) {
    out.push_back(t.ival());
    return;
  }
  for (int i = 0; i < t.size(); ++i) flat_leaves(t[i], out);
}
// The leaves of `like` replaced, in order, by `values`.
IntTuple rebuild(const IntTuple& like, const std::vector<int64_t>& values, size_t& at) {
  if (like.is_leaf()) return IntTuple(values[at++]);
  std::vector<IntTuple> c;
  for (int i = 0; i < like.size(); ++i) c.push_back(rebuild(like[i], values, at));
  return IntTuple::tuple(std::span<const IntTuple>(c));
}
}  // namespace

Layout make_fragment_like(const Layout& in, const IntTuple& dynamic) {
  const Layout l = project_strides(in);
  const bool any_dynamic = dynamic.is_tuple() || dynamic.ival() != 0;
  if (rank(l) <= 1 || !l.shape.is_tuple()) return make_layout(l.shape);
  // Mode 0: compact column-major over the modes that step (CuTe's compact_major(filter_zeros)).
  const Layout m0 = mode(l, 0);
  const Layout first(m0.shape, make_layout(filter_zeros_shape(m0.stride, m0.shape)).stride,
                     Layout::Trusted{});
  std::vector<Layout> rest_modes;
  for (int i = 1; i < rank(l); ++i) rest_modes.push_back(mode(l, i));
  const Layout rest = make_layout(std::span<const Layout>(rest_modes));
  IntTuple order = rest.stride;
  if (any_dynamic) {
    // CuTe's compact_order: a run-time stride at flat position i orders as max(static strides) + 1 + i.
    std::vector<int64_t> strides, dyn, all_dyn;
    flat_leaves(rest.stride, strides);
    flat_leaves(dynamic, all_dyn);
    std::vector<int64_t> first_dyn;
    flat_leaves(mode(Layout(l.shape, dynamic), 0).stride, first_dyn);
    dyn.assign(all_dyn.begin() + static_cast<std::ptrdiff_t>(first_dyn.size()), all_dyn.end());
    int64_t max_static = 0;
    for (size_t i = 0; i < strides.size(); ++i)
      if (!dyn[i]) max_static = std::max(max_static, strides[i]);
    for (size_t i = 0; i < strides.size(); ++i)
      if (dyn[i]) strides[i] = max_static + 1 + static_cast<int64_t>(i);
    size_t at = 0;
    order = rebuild(rest.stride, strides, at);
  }
  const Layout ordered = make_ordered_layout(rest.shape, order);
  return tiled_product(first, Tiler(ordered));
}

SubgroupTensor make_subgroup_tensor(const ValueType& vt, const Layout& sg_layout) {
  const int64_t n = size(sg_layout);
  if (n % 16 != 0)
    throw LayoutError("make_subgroup_tensor: size % 16 == 0", to_string(sg_layout) + " has " +
                                                                  std::to_string(n) +
                                                                  " elements, not a multiple of the 16 "
                                                                  "work-items of a subgroup");
  const Layout tv = composition(sg_layout, make_layout(make_shape(16, n / 16), make_stride(1, 16)));
  return {vt, make_fragment_like(mode(tv, 1)), tv, IntTuple(0)};
}

SubgroupTensor partition_sg_fragment(XeOperand which, const TiledMMA& mma, int64_t sg) {
  const LayoutSlice tv = xe_atom_partition(which, mma, sg);
  const LayoutSlice thr = xe_thread_partition(which, mma, 16 * sg);
  const ValueType& vt = which == XeOperand::A   ? mma.atom.a_type
                        : which == XeOperand::B ? mma.atom.b_type
                        : which == XeOperand::C ? mma.atom.c_type
                                                : mma.atom.d_type;
  return {vt, make_fragment_like(thr.layout), tv.layout, tv.offset};
}

namespace {
// tidfrg_S/D of the copy's identity tile, its thread mode divided into (16 lanes, subgroups).
struct CopyLanes {
  Layout tile, frg, lanes;
  int64_t subgroups;
};
CopyLanes copy_lanes(const TiledCopy& copy, bool src) {
  const Layout tile = make_identity_layout(copy.tile_shape());
  const Layout frg = src ? copy.tidfrg_S(tile) : copy.tidfrg_D(tile);
  if (size(mode(frg, 0)) % 16 != 0)
    throw LayoutError("partition_sg_fragment", "the copy's " + std::to_string(size(mode(frg, 0))) +
                                                   " threads are not whole subgroups of 16 work-items");
  // logical_divide(tidfrg, 16) on the thread mode.
  return {tile, frg, logical_divide(mode(frg, 0), Tiler(16)), size(mode(frg, 0)) / 16};
}

SubgroupTensor copy_sg_fragment(const TiledCopy& copy, int64_t sg, bool src) {
  const CopyLanes c = copy_lanes(copy, src);
  if (sg < 0 || sg >= c.subgroups)
    throw LayoutError("partition_sg_fragment", "subgroup " + std::to_string(sg) + " outside the copy's " +
                                                   std::to_string(c.subgroups) +
                                                   " subgroups of 16 work-items");
  // Sliced at ((_, sg), _, _).
  const IntTuple offset = as_coordinate(mode(c.lanes, 1)(IntTuple(sg)), rank(copy.tile_shape()));
  const Layout tv = make_layout({mode(c.lanes, 0), mode(c.frg, 1), mode(c.frg, 2)});
  // partition_fragment_S/D: lane 0's (CPY, CPY_M, CPY_N, ...) as a compact fragment.
  const LayoutSlice thr = src ? copy.partition_S(c.tile, 16 * sg) : copy.partition_D(c.tile, 16 * sg);
  return {copy.value_type, make_fragment_like(thr.layout), tv, offset};
}
}  // namespace

SubgroupTensor partition_sg_fragment_S(const TiledCopy& copy, int64_t sg) {
  return copy_sg_fragment(copy, sg, true);
}
SubgroupTensor partition_sg_fragment_D(const TiledCopy& copy, int64_t sg) {
  return copy_sg_fragment(copy, sg, false);
}

std::vector<IntTuple> subgroup_offsets(const TiledCopy& copy, bool src) {
  const CopyLanes c = copy_lanes(copy, src);
  std::vector<IntTuple> out;
  for (int64_t sg = 0; sg < c.subgroups; ++sg)
    out.push_back(as_coordinate(mode(c.lanes, 1)(IntTuple(sg)), rank(copy.tile_shape())));
  return out;
}

}  // namespace tvlab
