// Xe epilogue copies of a subdivided C/D tile, as sycl-tla builds them (copy_traits_xe_2d.hpp):
//   make_block_2d_copy_{C,D}_subtiled  48d82e87a ("make_block_2d_copy_{C,D} variants with subtiling")
//   make_block_2d_copy_CD_subtiled     27bb6550c (#799: its ThrK static_assert compares shape types; the
//                                      layouts are 48d82e87a's, e45955935 and 150ad3f61 reworded the assert)
//
// With subgroups along K (split-k: ThrK > 1) every K subgroup of an (M,N) block ends with partial sums
// of the same C block. After a reduction (through SLM, say) each of them owns one subtile of the block,
// and writes only that: the subtiled copy gives subgroup (m, n, k) the subtile ssg_layout(k) of
// subgroup (m, n)'s C block.
//
//   mma = make_xe_tiled_mma(XE_DPAS_TT<8,float,bfloat16_t>, (64,64,64), (2,2,2):(2,1,4))   ThrK = 2
//     subgroup s = n + 2m + 4k; the (m, n) C block is rows 32m.., columns 32n.. (32 x 32)
//   stv = (32,16):(1@1,1@0)            a 16x32 subtile's (T,V) -> (m,n), as make_subgroup_tensor makes it
//   ssg = make_identity_layout((2,1))  k -> subtile (k, 0): the two K subgroups split a block's rows
//   make_block_2d_copy_D_subtiled(mma, stv, ssg, float, N-contiguous)
//     op XE_STORE_2D<32,8,16> (block_2d_selector on stv, a store), tile (64,64), 128 work-items,
//     TV ((16,(2,2,(2,1))),((1,8),(2,2))):((64,(2048,32,(16,2048))),((64,1),(8,1024))):
//     subgroup (m, n, k) stores rows 32m + 16k .. +15, columns 32n .. 32n+31
//
// Arguments, as upstream:
//   sshape     the subtile's (m, n) shape (make_block_2d_copy_CD_subtiled); the C/D forms take
//              stv_layout, a subtile TV layout (T,V) -> (m,n) coordinate, and use atuple_coshape(stv)
//   ssg_layout SG_K -> (m_subtile, n_subtile): strides scaled bases @0 / @1 counting subtiles
//              (sycl-tla's FMHA epilogue passes make_identity_layout((Q,V)))
#pragma once

#include "tvlab/core/tiling/subgroup_tensor.hpp"

namespace tvlab {

// make_block_2d_copy_CD_subtiled(op, mma, sshape, ssg_layout, strides): the copy op tiled over
// tile_mn = round_up(MMA (M,N), atuple_coshape(xssg)), xssg = ssg_layout with its strides scaled by
// sshape (SG_K -> (M,N)); the (SG,V) layout is the MMA's C subgroups with the ThrK mode replaced by
// xssg (as column-major offsets) and every value folded into one subtile.
// @pre sshape = (m, n) positive; ssg_layout's strides are k@0 / k@1 (rank 2: one per mode, rank 1: one
//      scaled by m*n, as CuTe's elem_scale); the MMA has ThrK > 1 and its C subgroup layout keeps ThrK
//      in one mode ("ThrK split into multiple modes; unsupported"), and ssg_layout has ThrK subtiles
//      unless ThrK is the last subgroup mode ("Unsupported partially occupied ThrK scenario");
//      tile_mn divisible by sshape and by the op's block.
// @post every subgroup (m, n, k) copies the part of its C block in subtile k, each element once.
// Example: see the file comment; thread count = 16 x subgroups with a subtile (all 8 here).
TiledCopy make_block_2d_copy_CD_subtiled(const CopyAtom& atom, const TiledMMA& mma, const IntTuple& sshape,
                                         const Layout& ssg_layout, const ValueType& mem, XeModes m);
TiledCopy make_block_2d_copy_CD_subtiled(const Block2D& op, const TiledMMA& mma, const IntTuple& sshape,
                                         const Layout& ssg_layout, const ValueType& mem, XeModes m);
// make_block_2d_copy_{C,D}_subtiled(mma, stv_layout, ssg_layout, strides): the op is
// block_2d_selector<Mem, ValTypeC|D, store = D>(stv_layout, strides), sshape = atuple_coshape(stv).
// @pre which is C (a load) or D (a store); stv_layout is coordinate-valued (T,V) -> (m,n).
TiledCopy make_block_2d_copy_subtiled(XeOperand which, const TiledMMA& mma, const Layout& stv_layout,
                                      const Layout& ssg_layout, const ValueType& mem, XeModes m);
// The block 2D op make_block_2d_copy_{C,D}_subtiled picks for a subtile TV layout.
Block2D subtiled_copy_op(XeOperand which, const TiledMMA& mma, const Layout& stv_layout, const ValueType& mem,
                         XeModes m);

}  // namespace tvlab
