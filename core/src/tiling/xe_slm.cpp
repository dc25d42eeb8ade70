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

TiledCopy make_slm_copy(const SubgroupTensor& reg, const Layout& slm_layout,
                        const std::optional<ValueType>& smem_type) {
  if (rank(slm_layout) < 2)
    throw LayoutError("make_slm_copy: rank(smem) >= 2", to_string(slm_layout) + " is not a TV view");
  const Layout frg_layout = get(slm_layout, std::array{1, 0});
  const int64_t frg = size(composition(mode(reg.tv, 1), frg_layout));
  if (frg > 1024)
    throw LayoutError("make_slm_copy",
                      std::to_string(frg) + " values per work-item is too many for one copy");
  const ValueType& x = smem_type ? *smem_type : reg.value_type;
  const ValueType packed = aligned_array(x, int(frg));
  const CopyAtom atom = find_copy_atom("UniversalCopy<" + packed.name + ">");
  return make_tiled_copy(atom, x, make_layout(make_shape(1, 16)), make_layout(make_shape(frg, 1)));
}

TiledCopy make_slm_copy(const SubgroupTensor& reg, const Layout& slm_layout, const Layout& sv_layout,
                        const std::optional<ValueType>& smem_type) {
  const TiledCopy one = make_slm_copy(reg, slm_layout, smem_type);
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
  const IntTuple shape = make_shape(op.extent0, op.extent1);
  if (global_copy.tile_shape() != shape)
    throw LayoutError("make_slm_copies: the global copy tiles the operand",
                      "the global copy " + global_copy.atom.name + " tiles " +
                          to_string(global_copy.tile_shape()) + ", the MMA's " +
                          std::string(which == XeOperand::A ? "A" : "B") + " tile is " + to_string(shape));
  if (global_copy.num_threads() != mma.num_threads())
    throw LayoutError("make_slm_copies: the global copy has the MMA's threads",
                      "the global copy runs on " + std::to_string(global_copy.num_threads()) +
                          " work-items, the MMA on " + std::to_string(mma.num_threads()));
  // Both copies move one element per (thread, value): Copy_Atom<UniversalCopy<uint_bit_t<bits>>, T>
  // with T the MMA's operand type (after any up-conversion the registers hold the MMA type).
  const ValueType& vt = op.reg;
  if (vt.bits < 8)
    throw LayoutError("make_slm_copies: UniversalCopy<uint_bit_t<" + std::to_string(vt.bits) + ">>",
                      "the MMA's " + vt.name + " operand would be copied as single " +
                          std::to_string(vt.bits) +
                          "-bit values; tvlab's UniversalCopy copies whole values of 8 to 128 bits");
  const CopyAtom atom = find_copy_atom("UniversalCopy<" + uint_type(vt.bits).name + ">");
  // r2s: the cooperative copy's TiledLayout_TV (its thread and value modes) and Tiler_MN.
  const Layout coop_tv = make_layout({mode(global_copy.tv, 0), mode(global_copy.tv, 1)});
  TiledCopy r2s = make_tiled_copy_impl(atom, vt, coop_tv, global_copy.tiler);
  // s2r: thrfrg_X of the column-major tile, ((ThrV,(Thr0,ThrK)),(FrgV,(Rest0,RestK))), with the MMA
  // thread mode the operand does not depend on inserted into T at stride 0: (ThrV,ThrN,(ThrM,ThrK))
  // for A, (ThrV,(ThrN,ThrK),ThrM) for B.
  const Layout frg =
      which == XeOperand::A ? mma.thrfrg_A(make_layout(shape)) : mma.thrfrg_B(make_layout(shape));
  const Layout t = mode(frg, 0);
  const Layout redundant =
      make_layout(IntTuple(size(mode(mma.thr_layout_vmnk, which == XeOperand::A ? 2 : 1))), IntTuple(0));
  const Layout s2r_t = which == XeOperand::A ? make_layout({mode(t, 0), redundant, mode(t, 1)})
                                             : make_layout({mode(t, 0), mode(t, 1), redundant});
  TiledCopy s2r = make_tiled_copy_impl(atom, vt, make_layout({s2r_t, mode(frg, 1)}), global_copy.tiler);
  return {std::move(r2s), std::move(s2r)};
}

}  // namespace tvlab
