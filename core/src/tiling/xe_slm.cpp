#include "tvlab/core/tiling/xe_slm.hpp"

#include <numeric>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/atoms/xe_block2d.hpp"
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

struct OperandAtom {
  int64_t extent0, extent1;  // the operand tile: (M or N, K)
  int64_t atom0, atom1;      // the atom's (M or N, K)
  Layout tv;                 // AtomLayoutX_TV: (thread, value) -> column-major atom index
  ValueType reg;             // the MMA's operand type
};
OperandAtom operand_atom(XeOperand which, const TiledMMA& mma) {
  const MmaAtom& a = mma.atom;
  if (which == XeOperand::A) return {mma.tile_mnk[0], mma.tile_mnk[2], a.m, a.k, a.a, a.a_type};
  if (which == XeOperand::B) return {mma.tile_mnk[1], mma.tile_mnk[2], a.n, a.k, a.b, a.b_type};
  throw LayoutError("cooperative copy", "only the A and B operands are loaded cooperatively into SLM");
}

// The (alongM, alongK) split of the (RestM, RestK) atom blocks over the MMA's subgroups.
struct CoopSplit {
  int64_t along0, along1, rest0, rest1;
  Tiler tiler() const {
    return tile({kKeep, tile({Tiler(make_layout(IntTuple(along0), IntTuple(rest0 / along0))),
                              Tiler(make_layout(IntTuple(along1), IntTuple(rest1 / along1)))})});
  }
};
CoopSplit coop_split(const OperandAtom& op, const TiledMMA& mma, const char* what) {
  const int64_t nsg = mma.num_threads() / size(mode(mma.thr_layout_vmnk, 0));
  const int64_t rest0 = op.extent0 / op.atom0, rest1 = op.extent1 / op.atom1;
  if (rest0 * rest1 < nsg)
    throw LayoutError(std::string(what) + ": block size should not be less than sg size",
                      std::to_string(rest0 * rest1) + " atom blocks of the " + std::to_string(op.extent0) +
                          "x" + std::to_string(op.extent1) + " tile cannot be spread over " +
                          std::to_string(nsg) + " subgroups");
  const int64_t along0 = std::gcd(nsg, rest0), along1 = ceil_div(nsg, along0);
  if (rest1 % along1 != 0)
    throw LayoutError(std::string(what) + ": even split over subgroups",
                      std::to_string(rest1) + " atom blocks along K do not divide evenly over " +
                          std::to_string(along1) + " subgroups (" + std::to_string(nsg) + " subgroups, " +
                          std::to_string(along0) + " along the other mode)");
  return {along0, along1, rest0, rest1};
}

// ((ThrV,FrgV),(Rest0,Rest1)) -> x: the operand tile x divided into atoms, each by the atom's TV layout.
Layout atom_tv_tensor(const OperandAtom& op, const Layout& x) {
  const Layout blocks = zipped_divide(x, Tiler::from_shape(make_shape(op.atom0, op.atom1)));
  return composition(blocks, tile({op.tv, kKeep}));
}
}  // namespace

TiledCopy make_coop_block_2d_copy(XeOperand which, const TiledMMA& mma, const ValueType& mem, XeModes m) {
  const OperandAtom op = operand_atom(which, mma);
  const IntTuple shape = make_shape(op.extent0, op.extent1);
  const CoopSplit split = coop_split(op, mma, "make_coop_block_2d_copy");
  // Step 1: the op, chosen from subgroup 0's sub-block ((ThrV,FrgV),(FrgM,FrgK)) -> coordinate.
  const Layout pre = logical_divide(atom_tv_tensor(op, make_identity_layout(shape)), split.tiler());
  const Layout rest = mode(pre, 1);
  const Layout sub =
      make_layout({mode(pre, 0), make_layout({mode(mode(rest, 0), 1), mode(mode(rest, 1), 1)})});
  const Block2D copy_op = block_2d_selector(sub, mem.bits, op.reg.bits, false, m);
  // Step 2: subgroup s -> (ThrM', ThrK') = (s % alongM, s / alongM), whatever the MMA's subgroup order.
  const Layout& vmnk = mma.thr_layout_vmnk;
  const int64_t lanes = size(mode(vmnk, 0)), nsg = size(vmnk) / lanes;
  const Layout copy_thr = right_inverse(
      tiled_product(make_layout(IntTuple(16)), Tiler(make_layout(make_shape(split.along0, split.along1)))));
  const Layout sg_to_id = composition(copy_thr, make_layout(IntTuple(nsg), IntTuple(lanes)));
  const Layout thr = zipped_divide(atom_tv_tensor(op, make_layout(shape)), split.tiler());
  const Layout sv = composition(thr, tile({sg_to_id, kKeep}));
  return make_block_2d_copy_X(copy_op, mem, m, shape, sv);
}

Layout make_slm_layout(XeOperand which, const TiledMMA& mma) {
  const OperandAtom op = operand_atom(which, mma);
  const CoopSplit split = coop_split(op, mma, "make_slm_layout");
  const Layout pre =
      logical_divide(atom_tv_tensor(op, make_layout(make_shape(op.extent0, op.extent1))), split.tiler());
  const Layout blocks = zip(mode(mode(pre, 1), 0), mode(mode(pre, 1), 1));
  return zip(mode(pre, 0), blocks);
}

TiledCopy make_slm_copy(const SubgroupTensor& reg, const Layout& slm_layout) {
  if (rank(slm_layout) < 2)
    throw LayoutError("make_slm_copy: rank(smem) >= 2", to_string(slm_layout) + " is not a TV view");
  const Layout frg_layout = get(slm_layout, std::array{1, 0});
  const int64_t frg = size(composition(mode(reg.tv, 1), frg_layout));
  if (frg > 1024)
    throw LayoutError("make_slm_copy",
                      std::to_string(frg) + " values per work-item is too many for one copy");
  const ValueType packed = aligned_array(reg.value_type, int(frg));
  const CopyAtom atom = find_copy_atom("UniversalCopy<" + packed.name + ">");
  return make_tiled_copy(atom, reg.value_type, make_layout(make_shape(1, 16)),
                         make_layout(make_shape(frg, 1)));
}

TiledCopy make_slm_copy(const SubgroupTensor& reg, const Layout& slm_layout, const Layout& sv_layout) {
  const TiledCopy one = make_slm_copy(reg, slm_layout);
  const IntTuple tiler = one.tile_shape();
  const IntTuple sg_shape = get(slm_layout.shape, std::array{0, 1});
  const IntTuple val_shape = get(slm_layout.shape, std::array{1, 1});
  const IntTuple tile_shape = elem_scale(tiler, zip(make_shape(sg_shape, val_shape)));
  const Layout tv1 = composition(make_layout(tiler, make_layout(tile_shape).stride), one.tv);
  return make_tiled_copy_impl(one.atom, one.value_type, blocked_product(tv1, sv_layout),
                              Tiler::from_shape(tile_shape));
}

std::pair<TiledCopy, TiledCopy> make_slm_copies(XeOperand which, const TiledMMA& mma,
                                                const TiledCopy& global_copy) {
  const OperandAtom op = operand_atom(which, mma);
  const Layout slm = make_slm_layout(which, mma);
  const IntTuple shape = make_shape(op.extent0, op.extent1);
  // SLM side: subgroup s -> lane 0 of its (ThrM', ThrK') block.
  const IntTuple sh = slm.shape;
  const Layout thr_ =
      right_inverse(make_layout(make_shape(get(sh, std::array{0, 0}), get(sh, std::array{1, 1}))));
  const Layout sg_ = composition(thr_, make_layout(IntTuple(product(get(sh, std::array{0, 1}))),
                                                   IntTuple(product(get(sh, std::array{0, 0})))));
  const Layout sv_slm = composition(slm, tile({sg_, kKeep}));
  const Layout sv_mma = xe_sg_value_layout(which, mma);
  const IntTuple op_tile = make_shape(op.atom0, op.atom1);
  const SubgroupTensor mma_frag = partition_sg_fragment(which, mma, 0);
  const SubgroupTensor copy_frag = partition_sg_fragment_D(global_copy, 0);
  return {make_slm_copy(copy_frag, slm, xe_sg_tile_layout(sv_slm, shape, op_tile)),
          make_slm_copy(mma_frag, slm, xe_sg_tile_layout(sv_mma, shape, op_tile))};
}

}  // namespace tvlab
