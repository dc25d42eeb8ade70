#include "tvlab/core/tiling/xe_subtiled.hpp"

#include "tvlab/core/atoms/xe_block2d.hpp"
#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/stride.hpp"

namespace tvlab {

namespace {
const char* const kWhat = "make_block_2d_copy_CD_subtiled";

// The (M,N) dimension of a stride: a scaled basis @0 or @1 (nested no deeper).
int dim_of(const Scalar& s) {
  if (!s.is_basis() || s.depth() != 1 || s.path(0) > 1)
    throw LayoutError(std::string(kWhat) + ": ssg_layout strides are k@0 / k@1",
                      "a subtile subgroup layout maps SG_K to an (m_subtile, n_subtile) coordinate; stride " +
                          to_string(IntTuple(s)) + " is not a scaled basis along m (@0) or n (@1)");
  return s.path(0);
}

// xssg = make_layout(shape(ssg), elem_scale(stride(ssg), sshape)) as (shape, column-major stride in the
// (M,N) tile, coordinate stride) per flattened mode.
struct SubtileSteps {
  Layout coord;  // SG_K -> (M,N) coordinate
  IntTuple coshape;
};
SubtileSteps expand(const Layout& ssg, const IntTuple& sshape) {
  std::vector<Layout> modes;
  auto scaled = [&](const Layout& md, int64_t factor) {
    const Layout f = flatten(md);
    std::vector<Layout> leaves;
    for (int i = 0; i < std::max(1, rank(f)); ++i) {
      const Layout leaf = rank(f) > 1 ? mode(f, i) : f;
      const Scalar s = leaf.stride.value();
      if (s.value == 0 && !s.is_basis()) {
        leaves.push_back(leaf);
        continue;
      }
      dim_of(s);
      leaves.push_back(make_layout(leaf.shape, IntTuple(s.with_value(checked_mul(s.value, factor)))));
    }
    return leaves.size() == 1 ? leaves[0] : make_layout(std::span<const Layout>(leaves));
  };
  if (!ssg.stride.is_tuple()) {
    modes.push_back(scaled(ssg, checked_mul(sshape[0].ival(), sshape[1].ival())));
  } else if (rank(ssg) == 2) {
    for (int i = 0; i < 2; ++i) modes.push_back(scaled(mode(ssg, i), sshape[i].ival()));
  } else {
    throw LayoutError(std::string(kWhat) + ": elem_scale(stride(ssg_layout), sshape)",
                      "ssg_layout " + to_string(ssg) + " has rank " + std::to_string(rank(ssg)) +
                          "; elem_scale needs one mode per subtile dimension (m, n) or a single mode");
  }
  const Layout coord = modes.size() == 1 ? modes[0] : make_layout(std::span<const Layout>(modes));
  IntTuple co = atuple_coshape(coord);
  if (!co.is_tuple()) co = make_shape(co.ival(), 1);
  if (rank(co) < 2) co = make_shape(co[0].ival(), 1);
  return {coord, co};
}

// A coordinate-valued layout (strides k@0 / k@1) as column-major offsets into a tile of `rows` rows:
// composition(make_layout(tile_mn), xssg).
IntTuple offset_strides(const IntTuple& st, int64_t rows) {
  if (st.is_leaf()) {
    const Scalar s = st.value();
    return IntTuple(!s.is_basis() || s.path(0) == 0 ? s.value : checked_mul(s.value, rows));
  }
  TupleBuilder b;
  for (int i = 0; i < rank(st); ++i) b.push(offset_strides(st[i], rows));
  return b.build();
}
Layout to_offsets(const Layout& coord, int64_t rows) {
  return make_layout(coord.shape, offset_strides(coord.stride, rows));
}
}  // namespace

TiledCopy make_block_2d_copy_CD_subtiled(const CopyAtom& atom, const TiledMMA& mma, const IntTuple& sshape,
                                         const Layout& ssg_layout, const ValueType& mem, XeModes m) {
  if (!sshape.is_tuple() || rank(sshape) != 2 || !sshape[0].is_leaf() || !sshape[1].is_leaf() ||
      sshape[0].ival() <= 0 || sshape[1].ival() <= 0)
    throw LayoutError(std::string(kWhat) + ": subtile shape (m,n)",
                      "the subtile shape " + to_string(sshape) + " is not two positive integers");
  const SubtileSteps x = expand(ssg_layout, sshape);
  // tile_mn = round_up(MMA (M,N), atuple_coshape(xssg)): cross-MMA tiling is allowed.
  auto round_up = [](int64_t a, int64_t b) { return ceil_div(a, b) * b; };
  const int64_t tm = round_up(mma.tile_mnk[0], x.coshape[0].ival());
  const int64_t tn = round_up(mma.tile_mnk[1], x.coshape[1].ival());
  if (tm > (int64_t(1) << 24) || tn > (int64_t(1) << 24))
    throw LayoutError(std::string(kWhat) + ": tile_mn up to 2^24 per mode",
                      "round_up(MMA (M,N), atuple_coshape(xssg) = " + to_string(x.coshape) + ") = (" +
                          std::to_string(tm) + "," + std::to_string(tn) + ") is beyond tvlab's 2^24 limit");
  const IntTuple tile_mn = make_shape(tm, tn);
  // svC: the MMA's (SG, V) -> column-major (M,N) offset, subgroups along K at stride 0.
  const Layout& vmnk = mma.thr_layout_vmnk;
  int64_t s[4];
  for (int i = 0; i < 4; ++i) s[i] = size(mode(vmnk, i));
  const Layout thr_to_vmn =
      composition(make_layout(make_shape(s[0], s[1], s[2], s[3]), make_stride(1, s[0], s[0] * s[1], 0)),
                  right_inverse(vmnk));
  const Layout sg_to_vmn = composition(thr_to_vmn, make_layout(IntTuple(s[1] * s[2] * s[3]), IntTuple(s[0])));
  const Layout svC = composition(mma.thrfrg_C(make_layout(tile_mn)),
                                 Tiler(Tiler::Modes{Tiler(sg_to_vmn), Tiler(Underscore{})}));
  // The ThrK mode: the first stride-0 mode of the coalesced subgroup layout.
  Layout sC = coalesce(mode(svC, 0));
  std::vector<Layout> sc_modes;
  for (int i = 0; i < (sC.shape.is_tuple() ? rank(sC) : 1); ++i)
    sc_modes.push_back(sC.shape.is_tuple() ? mode(sC, i) : sC);
  int thr_k = -1;
  for (int i = 0; i < int(sc_modes.size()); ++i)
    if (sc_modes[i].stride.is_leaf() && sc_modes[i].stride.value().is(0) && size(sc_modes[i]) > 1) {
      thr_k = i;
      break;
    }
  if (thr_k < 0)
    throw LayoutError(std::string(kWhat) + ": subgroups along K",
                      "the MMA's C subgroup layout " + to_string(sC) +
                          " has no ThrK mode (ThrK = " + std::to_string(s[3]) +
                          "): the subtiled copies split a C block among its K subgroups; use "
                          "make_block_2d_copy_C/D");
  if (size(sc_modes[thr_k]) != s[3])
    throw LayoutError("ThrK split into multiple modes; unsupported",
                      "the C subgroup layout " + to_string(sC) + " holds ThrK = " + std::to_string(s[3]) +
                          " in a mode of size " + std::to_string(size(sc_modes[thr_k])));
  if (size(ssg_layout) != s[3] && thr_k + 1 < int(sc_modes.size()))
    throw LayoutError("Unsupported partially occupied ThrK scenario",
                      "ssg_layout " + to_string(ssg_layout) + " gives " + std::to_string(size(ssg_layout)) +
                          " subtiles for ThrK = " + std::to_string(s[3]) +
                          " subgroups, and ThrK is not the last subgroup mode of " + to_string(sC));
  sc_modes[thr_k] = to_offsets(x.coord, tm);
  // Every value folded into its place inside a subtile (the other subtiles' positions at stride 0).
  const IntTuple rest = shape_div(tile_mn, sshape);
  const Layout drop = make_layout(
      make_shape(make_shape(sshape[0].ival(), rest[0].ival()), make_shape(sshape[1].ival(), rest[1].ival())),
      make_stride(make_stride(1, 0), make_stride(tm, 0)));
  const Layout values = coalesce(composition(drop, mode(svC, 1)));
  const Layout sv = make_layout({make_layout(std::span<const Layout>(sc_modes)), values});
  return make_block_2d_copy_X(atom, mem, m, tile_mn, sv);
}

TiledCopy make_block_2d_copy_CD_subtiled(const Block2D& op, const TiledMMA& mma, const IntTuple& sshape,
                                         const Layout& ssg_layout, const ValueType& mem, XeModes m) {
  return make_block_2d_copy_CD_subtiled(make_xe_block2d(op, mem.bits), mma, sshape, ssg_layout, mem, m);
}

Block2D subtiled_copy_op(XeOperand which, const TiledMMA& mma, const Layout& stv_layout, const ValueType& mem,
                         XeModes m) {
  if (which != XeOperand::C && which != XeOperand::D)
    throw LayoutError("make_block_2d_copy_{C,D}_subtiled",
                      "only the C (load) and D (store) tiles are subtiled");
  const ValueType& reg = which == XeOperand::C ? mma.atom.c_type : mma.atom.d_type;
  return block_2d_selector(stv_layout, mem.bits, reg.bits, which == XeOperand::D, m);
}

TiledCopy make_block_2d_copy_subtiled(XeOperand which, const TiledMMA& mma, const Layout& stv_layout,
                                      const Layout& ssg_layout, const ValueType& mem, XeModes m) {
  const Block2D op = subtiled_copy_op(which, mma, stv_layout, mem, m);
  IntTuple sshape = atuple_coshape(stv_layout);
  if (!sshape.is_tuple()) sshape = make_shape(sshape.ival(), 1);
  return make_block_2d_copy_CD_subtiled(op, mma, sshape, ssg_layout, mem, m);
}

}  // namespace tvlab
