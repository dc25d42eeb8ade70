#include "tvlab/core/tiling/xe_copy.hpp"

#include <numeric>

#include "tvlab/core/atoms/xe_block2d.hpp"
#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/product.hpp"

namespace tvlab {

namespace {
const Tiler kKeep{Underscore{}};
Tiler tile(std::initializer_list<Tiler> modes) {
  return Tiler(Tiler::Modes(modes));
}
using Kind = Block2D::Kind;

// A tuple of `rank` ones with the given values at modes y and then x (x wins when x == y).
IntTuple at_xy(int rank, XeModes m, int64_t vx, int64_t vy) {
  TupleBuilder b;
  for (int i = 0; i < rank; ++i) b.push(IntTuple(i == m.x ? vx : i == m.y ? vy : 1));
  return b.build();
}

// The basis dimension of a coordinate stride (plain integers count as dimension 0).
int basis_dim(const Scalar& s) {
  return s.is_basis() ? s.path(0) : 0;
}
}  // namespace

TiledMMA make_xe_tiled_mma(const MmaAtom& atom, const std::array<int64_t, 3>& tile_mnk,
                           const Layout& sg_layout) {
  if (rank(sg_layout) != 3)
    throw LayoutError("TiledMMAHelper",
                      "the subgroup layout " + to_string(sg_layout) + " must have 3 modes (M,N,K)");
  const int64_t atom_shape[3] = {atom.m, atom.n, atom.k};
  Tiler::Modes perm;
  for (int i = 0; i < 3; ++i) {
    const int64_t sg = size(mode(sg_layout, i)), block = checked_mul(atom_shape[i], sg);
    if (tile_mnk[i] <= 0 || tile_mnk[i] % block != 0)
      throw LayoutError("TiledMMAHelper: tile divisible by atom x subgroups",
                        std::string("tile ") + "MNK"[i] + " = " + std::to_string(tile_mnk[i]) +
                            " is not a multiple of atom " + std::to_string(atom_shape[i]) + " x " +
                            std::to_string(sg) + " subgroups = " + std::to_string(block));
    const int64_t iters = tile_mnk[i] / block;
    perm.push_back(
        Tiler(coalesce(make_ordered_layout(make_shape(atom_shape[i], sg, iters), make_shape(0, 2, 1)))));
  }
  return make_tiled_mma(atom, sg_layout, Tiler(perm));
}

TiledCopy make_block_2d_copy(const CopyAtom& xe_atom, const ValueType& vt, XeModes m, int rank) {
  if (!xe_atom.block2d)
    throw LayoutError("make_block_2d_copy", xe_atom.name + " is not a block 2D copy atom");
  const Block2D& op = *xe_atom.block2d;
  const CopyAtom atom = with_value_bits(xe_atom, vt.bits);
  const int64_t w = int64_t(op.width) * op.bits / vt.bits, h = op.height;
  const IntTuple tiler = at_xy(rank, m, w, h);
  const bool transpose_tv = m.y < m.x;
  const Layout maybe_transpose =
      make_layout(make_shape(w, h), make_stride(transpose_tv ? h : 1, transpose_tv ? 1 : w));
  const Layout tv = composition(maybe_transpose, value_layouts(atom, vt.bits).ref);
  return make_tiled_copy_impl(atom, vt, tv, Tiler::from_shape(tiler));
}

TiledCopy make_block_2d_copy(const Block2D& op, const ValueType& vt, XeModes m, int rank) {
  return make_block_2d_copy(make_xe_block2d(op, vt.bits), vt, m, rank);
}

TiledCopy make_block_2d_copy(const CopyAtom& atom, const ValueType& vt, XeModes m, const IntTuple& atom_shape,
                             const Layout& sv_layout) {
  const int r = std::max(2, rank(atom_shape));
  const TiledCopy one = make_block_2d_copy(atom, vt, m, r);
  const IntTuple tiler = one.tile_shape();
  TupleBuilder padded;
  for (int i = 0; i < r; ++i) padded.push(i < rank(atom_shape) ? IntTuple(atom_shape[i]) : IntTuple(1));
  const IntTuple x_shape = elem_scale(tiler, padded.build());
  const Layout x_tv1 = composition(make_layout(tiler, compact_col_major(x_shape)), one.tv);
  const Layout x_tv = blocked_product(x_tv1, sv_layout);
  return make_tiled_copy_impl(one.atom, vt, x_tv, Tiler::from_shape(x_shape));
}

TiledCopy make_block_2d_copy(const Block2D& op, const ValueType& vt, XeModes m, const IntTuple& atom_shape,
                             const Layout& sv_layout) {
  return make_block_2d_copy(make_xe_block2d(op, vt.bits), vt, m, atom_shape, sv_layout);
}

namespace {
// sycl-tla's atuple_coshape for 2-D coordinates: per dimension the largest shape*stride of the
// flattened, filtered layout (at least 1).
std::array<int64_t, 2> coord_extent(const Layout& l) {
  std::array<int64_t, 2> c{1, 1};
  const Layout f = filter(flatten(l));
  for (int i = 0; i < std::max(1, rank(f)); ++i) {
    const Layout md = rank(f) > 1 ? mode(f, i) : f;
    const Scalar d = md.stride.value();
    if (d.value == 0) continue;
    const int dim = basis_dim(d);
    if (dim < 2) c[dim] = std::max(c[dim], checked_mul(md.shape.ival(), d.value));
  }
  return c;
}

// get_block_size<N, min>(L): the scale of the first top-level mode with a basis stride along N of at
// least min_size, else the extent of L along N.
int64_t block_size(const Layout& l, int dim, int64_t min_size) {
  for (int i = 0; i < rank(l); ++i) {
    const Layout md = mode(l, i);
    if (!md.stride.is_leaf()) continue;
    const Scalar d = md.stride.value();
    if (d.is_basis() && d.depth() == 1 && d.path(0) == dim && d.value >= min_size) return d.value;
  }
  return coord_extent(l)[dim];
}

Layout layout_modes(const Layout& l) {
  return l.shape.is_tuple() ? l : make_layout({l});
}

// strip_vnni_subbyte<Bits>: element ownership for sub-byte types, then the VNNI mode merged into the
// next mode of the same dimension.
std::pair<Layout, bool> strip_vnni_subbyte(const Layout& in, int bits) {
  Layout l = layout_modes(in);
  if (bits < 8) {
    const int64_t values = size(l) / 16, per_byte = 8 / bits;
    l = layout_modes(coalesce(composition(
        l, make_layout(make_shape(per_byte, 16, values / per_byte), make_stride(16, 1, 16 * per_byte)))));
  }
  const int r = rank(l);
  const bool vnni = r >= 2 && bits < 32 && mode(l, 0).shape == IntTuple(32 / bits);
  if (!vnni) return {l, false};
  const Layout vmode = mode(l, 0);
  const int vdim = basis_dim(vmode.stride.value());
  for (int j = 1; j < r; ++j) {
    const Layout md = mode(l, j);
    if (md.stride.is_leaf() && md.stride.value().is_basis() && basis_dim(md.stride.value()) == vdim) {
      std::vector<Layout> modes;
      for (int i = 1; i < r; ++i) modes.push_back(i == j ? coalesce(make_layout({vmode, md})) : mode(l, i));
      return {make_layout(std::span<const Layout>(modes)), true};
    }
  }
  return {append(l, vmode), true};  // upstream keeps mode 0 and appends a copy of it
}
}  // namespace

Block2D block_2d_selector(const Layout& coord_layout, int mem_bits, int reg_bits, bool store, XeModes m) {
  const Layout layout = coalesce(coord_layout);
  const auto [slayout, vnni] = strip_vnni_subbyte(layout, reg_bits);
  Kind kind = Kind::Load;
  if (store) {
    kind = Kind::Store;
  } else {
    const bool transpose =
        basis_dim(mode(slayout, 0).stride.is_leaf() ? mode(slayout, 0).stride.value() : Scalar()) != m.x;
    if (vnni && !transpose)
      kind = (mem_bits == 8 || mem_bits == 16) ? Kind::LoadVnni : Kind::Load;
    else if (transpose && size(mode(slayout, 0)) * mem_bits >= 16)
      kind = Kind::LoadTranspose;
  }
  const int64_t min_large_block = std::min<int64_t>(256 / reg_bits, 16);
  const bool resize = mem_bits != reg_bits;
  const auto shape = coord_extent(layout);
  const int64_t sx = shape[m.x], sy = shape[m.y];
  if (kind != Kind::LoadTranspose) {
    const int copy_bits = std::max(8, std::min(64, mem_bits));
    const int64_t max_w = 512 / mem_bits;
    const int64_t block_width = std::gcd(max_w, block_size(slayout, m.x, min_large_block));
    const int64_t width = store ? block_width : std::gcd(std::min(max_w, 4 * block_width), sx);
    const int64_t height = std::gcd(resize ? sy : block_size(slayout, m.y, 2), int64_t(store ? 8 : 32));
    return Block2D{kind, copy_bits, int(height), int(width * mem_bits / copy_bits),
                   int(store ? width * mem_bits / copy_bits : block_width * mem_bits / copy_bits)};
  }
  const int copy_bits = std::max(32, std::min(64, mem_bits));
  const int64_t height = std::gcd(int64_t(32), block_size(slayout, m.y, min_large_block));
  const int64_t width = std::gcd(resize ? sx : block_size(slayout, m.x, 2), int64_t(256 / mem_bits));
  const int cw = int(width * mem_bits / copy_bits);
  return Block2D{Kind::LoadTranspose, copy_bits, int(height), cw, cw};
}

namespace {
struct OperandView {
  int i0, i1;  // modes of (M,N,K) the operand spans
  int64_t extent0, extent1;
};
OperandView view_of(XeOperand w, const TiledMMA& mma) {
  switch (w) {
    case XeOperand::A:
      return {0, 2, mma.tile_mnk[0], mma.tile_mnk[2]};
    case XeOperand::B:
      return {1, 2, mma.tile_mnk[1], mma.tile_mnk[2]};
    default:
      return {0, 1, mma.tile_mnk[0], mma.tile_mnk[1]};
  }
}
Layout thrfrg_of(XeOperand w, const TiledMMA& mma, const Layout& x) {
  switch (w) {
    case XeOperand::A:
      return mma.thrfrg_A(x);
    case XeOperand::B:
      return mma.thrfrg_B(x);
    default:
      return mma.thrfrg_C(x);
  }
}
const ValueType& reg_type(XeOperand w, const TiledMMA& mma) {
  switch (w) {
    case XeOperand::A:
      return mma.atom.a_type;
    case XeOperand::B:
      return mma.atom.b_type;
    case XeOperand::C:
      return mma.atom.c_type;
    default:
      return mma.atom.d_type;
  }
}
}  // namespace

IntTuple as_coordinate(const IntTuple& x, int r) {
  if (x.is_tuple() && rank(x) == r) return x;
  std::vector<int64_t> c(std::size_t(std::max(r, 1)), 0);
  std::vector<IntTuple> todo{x};
  while (!todo.empty()) {
    const IntTuple t = todo.back();
    todo.pop_back();
    if (t.is_tuple()) {
      for (int i = 0; i < rank(t); ++i) todo.push_back(t[i]);
      continue;
    }
    const Scalar v = t.value();
    const int d = v.is_basis() ? v.path(0) : 0;
    if (d >= int(c.size()) || (v.is_basis() && v.depth() != 1))
      throw LayoutError("subgroup origin", "subgroup origin " + to_string(x) +
                                               " is not a coordinate of a rank-" + std::to_string(r) +
                                               " tile");
    c[std::size_t(d)] += v.value;
  }
  TupleBuilder b;
  for (int64_t v : c) b.push(IntTuple(v));
  return b.build();
}

namespace {
// thrfrg_X of the operand's identity tile and subgroup sg's origin in it.
IntTuple subgroup_origin(const Layout& thrfrg, const OperandView& v, const TiledMMA& mma, int64_t sg) {
  const auto t = mma.thr_vmnk(16 * sg);
  return as_coordinate(mode(mode(thrfrg, 0), 1)(make_coord(t[v.i0 + 1], t[v.i1 + 1])), 2);
}
Layout identity_thrfrg(XeOperand which, const TiledMMA& mma, const OperandView& v) {
  return thrfrg_of(which, mma, make_identity_layout(make_shape(v.extent0, v.extent1)));
}
}  // namespace

LayoutSlice xe_atom_partition(XeOperand which, const TiledMMA& mma, int64_t sg) {
  const OperandView v = view_of(which, mma);
  if (sg < 0 || 16 * sg >= mma.num_threads())
    throw LayoutError("atom_partition", "subgroup " + std::to_string(sg) + " outside the MMA's " +
                                            std::to_string(mma.num_threads() / 16) + " subgroups");
  const Layout f = identity_thrfrg(which, mma, v);
  return {subgroup_origin(f, v, mma, sg), make_layout({mode(mode(f, 0), 0), mode(f, 1)})};
}

std::vector<IntTuple> xe_atom_partition_offsets(XeOperand which, const TiledMMA& mma) {
  const OperandView v = view_of(which, mma);
  const Layout f = identity_thrfrg(which, mma, v);
  std::vector<IntTuple> out;
  for (int64_t sg = 0; 16 * sg < mma.num_threads(); ++sg) out.push_back(subgroup_origin(f, v, mma, sg));
  return out;
}

LayoutSlice xe_thread_partition(XeOperand which, const TiledMMA& mma, int64_t thread) {
  const OperandView v = view_of(which, mma);
  const Layout id = make_identity_layout(make_shape(v.extent0, v.extent1));
  switch (which) {
    case XeOperand::A:
      return mma.partition_A(id, thread);
    case XeOperand::B:
      return mma.partition_B(id, thread);
    default:
      return mma.partition_C(id, thread);
  }
}

Layout xe_sg_value_layout(XeOperand which, const TiledMMA& mma) {
  const OperandView view = view_of(which, mma);
  // Subgroup s -> the (v, i0, i1) thread id of its lane 0, dropping the MMA thread mode the operand
  // does not depend on (N for A, M for B, K for C/D): those subgroups load the same data.
  const Layout& vmnk = mma.thr_layout_vmnk;
  int64_t s[4];
  for (int i = 0; i < 4; ++i) s[i] = size(mode(vmnk, i));
  IntTuple drop;
  switch (which) {
    case XeOperand::A:
      drop = make_stride(1, s[0], 0, s[0] * s[1]);
      break;
    case XeOperand::B:
      drop = make_stride(1, 0, s[0], s[0] * s[2]);
      break;
    default:
      drop = make_stride(1, s[0], s[0] * s[1], 0);
      break;
  }
  const Layout thr_to_id =
      composition(make_layout(make_shape(s[0], s[1], s[2], s[3]), drop), right_inverse(vmnk));
  const Layout sg_to_id = composition(thr_to_id, make_layout(IntTuple(s[1] * s[2] * s[3]), IntTuple(s[0])));
  return composition(thrfrg_of(which, mma, make_layout(make_shape(view.extent0, view.extent1))),
                     tile({sg_to_id, kKeep}));
}

Layout xe_sg_tile_layout(const Layout& sv, const IntTuple& shape, const IntTuple& op_tile) {
  const Layout by_block =
      zip(make_layout(op_tile, make_stride(0, 0)), make_layout(shape_div(shape, op_tile)));
  const Layout sv_t0 = composition(by_block, sv);
  return make_layout({mode(sv_t0, 0), filter(mode(sv_t0, 1))});
}

TiledCopy make_block_2d_copy_X(const CopyAtom& atom, const ValueType& mem, XeModes m, const IntTuple& shape,
                               const Layout& sv) {
  if (!atom.block2d) throw LayoutError("make_block_2d_copy", atom.name + " is not a block 2D copy atom");
  const Block2D& op = *atom.block2d;
  const int64_t w = int64_t(op.width) * op.bits / mem.bits, h = op.height;
  const IntTuple op_tile = at_xy(2, m, w, h);
  for (int i = 0; i < 2; ++i)
    if (shape[i].ival() % op_tile[i].ival() != 0)
      throw LayoutError("make_block_2d_copy: tile divisible by the copy op",
                        atom.name + " covers " + to_string(op_tile) +
                            " elements, which does not divide the " + to_string(shape) + " operand tile");
  return make_block_2d_copy(atom, mem, m, shape_div(shape, op_tile), xe_sg_tile_layout(sv, shape, op_tile));
}

TiledCopy make_block_2d_copy_X(const Block2D& op, const ValueType& mem, XeModes m, const IntTuple& shape,
                               const Layout& sv) {
  return make_block_2d_copy_X(make_xe_block2d(op, mem.bits), mem, m, shape, sv);
}

TiledCopy make_block_2d_copy_for(XeOperand which, const TiledMMA& mma, const ValueType& mem, XeModes m,
                                 const CopyAtom& atom) {
  const OperandView view = view_of(which, mma);
  return make_block_2d_copy_X(atom, mem, m, make_shape(view.extent0, view.extent1),
                              xe_sg_value_layout(which, mma));
}

TiledCopy make_block_2d_copy_for(XeOperand which, const TiledMMA& mma, const ValueType& mem, XeModes m,
                                 const std::optional<Block2D>& user_op) {
  const OperandView view = view_of(which, mma);
  const Block2D op = user_op ? *user_op
                             : block_2d_selector(xe_atom_partition(which, mma).layout, mem.bits,
                                                 reg_type(which, mma).bits, which == XeOperand::D, m);
  return make_block_2d_copy_X(op, mem, m, make_shape(view.extent0, view.extent1),
                              xe_sg_value_layout(which, mma));
}

TiledCopy make_block_2d_prefetch(const TiledCopy& copy, XeModes m) {
  const int64_t sg_count = copy.num_threads() / 16;
  const IntTuple shape = copy.tile_shape();
  const int r = rank(shape);
  const int vbits = copy.value_type.bits;
  const int64_t sx = shape[m.x].ival(), sy = shape[m.y].ival();
  const int64_t width = std::gcd(sx, int64_t(512 / vbits));
  int64_t n_sg_x = std::gcd(sg_count, ceil_div(sx, width));
  int64_t n_sg_y = sg_count / n_sg_x;
  const int64_t height = std::min<int64_t>(32, ceil_div(sy, n_sg_y));
  const int cbits = std::max(8, vbits);
  const int cw = int(ceil_div(width * vbits, cbits));
  const Block2D op{Kind::Prefetch, cbits, int(height), cw, cw};
  validate_block2d(op);
  const int64_t w = int64_t(cw) * cbits / vbits;
  const IntTuple atom_shape = shape_div(shape, at_xy(r, m, w, height));
  n_sg_x = std::gcd(sg_count, atom_shape[m.x].ival());
  n_sg_y = sg_count / n_sg_x;
  const Layout sv = zipped_divide(make_layout(atom_shape), Tiler::from_shape(at_xy(r, m, n_sg_x, n_sg_y)));
  return make_block_2d_copy(op, copy.value_type, m, atom_shape, sv);
}

}  // namespace tvlab
