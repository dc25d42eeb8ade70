// Intel Xe work-group tiling helpers, as sycl-tla builds them (xe-atoms.md sections 2 and 4):
// the work-group TiledMMA from a tile and a subgroup layout, block 2D TiledCopies for one subgroup or
// many, the heuristic that picks the block 2D op feeding an MMA operand, and prefetches.
//
//   make_xe_tiled_mma(XE_DPAS_TT<8,float,bfloat16_t>, tile (256,256,32), sg_layout (8,4,1):(4,1,0))
//     permutation M (8,8,4):(1,32,8), N (16,4,4):(1,64,16), K 32:1
//   make_block_2d_copy_A(mma, bf16, row-major A)   -> XE_LOAD_2D<16,32,32,16>, tiler (256,32)
//   make_block_2d_copy_B(mma, bf16, N-contiguous B) -> XE_LOAD_2D_VNNI<16,16,32,16>
//
// Upstream commits mirrored (sycl-tla main at 6601377d; tests/core/tiling/xe_upstream_test.cpp lists them):
//   TiledMMAHelper              0b2ef2989 (#212, include/cute/atom/mma_atom.hpp)
//   make_block_2d_copy          35e80e1bb (#549, batched tensors)
//   block_2d_selector           3ef685153 (native int4 compute)
//   make_block_2d_copy_X        dec36a9eb ("Copy fixes": no TiledMMA argument)
//   make_block_2d_copy_{A,B}    dec36a9eb ("Copy fixes": B's drop_m stride)
//   make_block_2d_copy_{C,D}    33cae048b (#572, C loads and D stores)
//   make_block_2d_prefetch      6df6dd153 (#613, width = gcd(shape_x, 512/bits); dec36a9eb: sv_layout)
//
// Memory strides are described by which mode is contiguous: x_mode is the memory-contiguous mode
// (width), y_mode the strided one (height), both indices into the operand's (rows, cols) modes.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "tvlab/core/atoms/atom.hpp"
#include "tvlab/core/tiling/tiled_copy.hpp"
#include "tvlab/core/tiling/tiled_mma.hpp"

namespace tvlab {

// sycl-tla's TiledMMAHelper<atom, tile_mnk, sg_layout>: per mode the permutation
// coalesce(make_ordered_layout((atom_size, sg_count, iters), (0,2,1))), iters = tile / (atom * sg).
TiledMMA make_xe_tiled_mma(const MmaAtom& atom, const std::array<int64_t, 3>& tile_mnk,
                           const Layout& sg_layout);

// Which operand modes are memory-contiguous (x, width) and strided (y, height).
struct XeModes {
  int x = 1, y = 0;
};

// make_block_2d_copy<T>(op, strides, x, y): one subgroup; tiler = Height' x Width' at (y, x).
TiledCopy make_block_2d_copy(const Block2D& op, const ValueType& vt, XeModes m, int rank = 2);
// The same with a block 2D copy atom (new or legacy: the legacy XE_2D_* atoms tile the same way).
TiledCopy make_block_2d_copy(const CopyAtom& atom, const ValueType& vt, XeModes m, int rank = 2);
// The multi-subgroup form: atom_shape copy blocks per mode, sv_layout (SG, SG value) -> block index.
TiledCopy make_block_2d_copy(const Block2D& op, const ValueType& vt, XeModes m, const IntTuple& atom_shape,
                             const Layout& sv_layout);
TiledCopy make_block_2d_copy(const CopyAtom& atom, const ValueType& vt, XeModes m, const IntTuple& atom_shape,
                             const Layout& sv_layout);

// block_2d_selector<Mem, Reg, Store>(coord_layout, strides): the op for a subgroup's (T,V) -> coordinate
// layout of an MMA operand (scaled-basis strides: @0 rows, @1 columns of the operand).
Block2D block_2d_selector(const Layout& coord_layout, int mem_bits, int reg_bits, bool store, XeModes m);

enum class XeOperand { A, B, C, D };
// make_block_2d_copy_{A,B,C,D}(mma, gmem): the op chosen by block_2d_selector (or `op` when given, the
// user-override form), tiled over the MMA's subgroups. `mem` is the element type in memory.
TiledCopy make_block_2d_copy_for(XeOperand which, const TiledMMA& mma, const ValueType& mem, XeModes m,
                                 const std::optional<Block2D>& op = std::nullopt);
// The same tiling with a given block 2D atom (e.g. a legacy XE_2D_* load) for the operand.
TiledCopy make_block_2d_copy_for(XeOperand which, const TiledMMA& mma, const ValueType& mem, XeModes m,
                                 const CopyAtom& atom);
// A coordinate-valued layout's value as a flat coordinate of `rank` integers: where stride-0 modes make
// it a plain 0 (subgroups that hold the same data as subgroup 0), the origin (0,...,0).
// @pre a flat tuple of `rank` integers, or leaves that are plain integers (dimension 0) or scaled bases
// k@d, d < rank, which are summed per dimension. Examples: as_coordinate((0), 2) = (0,0);
// as_coordinate((8,16), 2) = (8,16); as_coordinate(16@1, 2) = (0,16).
IntTuple as_coordinate(const IntTuple& x, int rank);
// A subgroup's (T, V) -> operand coordinate layout (ThrMMA::atom_partition_X on an identity tensor):
// (ThrV, (FrgV,(RestI,RestJ))), offset-free, with the subgroup's origin as the offset.
LayoutSlice xe_atom_partition(XeOperand which, const TiledMMA& mma, int64_t sg = 0);
// Every subgroup's origin (xe_atom_partition(which, mma, sg).offset for sg = 0, 1, ...), from one thrfrg.
std::vector<IntTuple> xe_atom_partition_offsets(XeOperand which, const TiledMMA& mma);
// One thread's (FrgV,(RestI,RestJ)) -> coordinate (ThrMMA::partition_X on an identity tensor).
LayoutSlice xe_thread_partition(XeOperand which, const TiledMMA& mma, int64_t thread);

// The MMA's (SG, V) -> column-major operand index (lane 0 of each subgroup), with the thread mode the
// operand does not depend on dropped (stride 0: those subgroups hold the same data).
Layout xe_sg_value_layout(XeOperand which, const TiledMMA& mma);
// sv divided into op_tile blocks of an operand tile of `shape`: (SG, V') -> block index, the value
// modes inside one block filtered out.
Layout xe_sg_tile_layout(const Layout& sv, const IntTuple& shape, const IntTuple& op_tile);
// make_block_2d_copy_X(op, strides, x, y, shape, sv): op tiled over an operand tile of `shape` as the
// subgroups of sv (SG, V) -> column-major index in that tile hold it.
TiledCopy make_block_2d_copy_X(const Block2D& op, const ValueType& mem, XeModes m, const IntTuple& shape,
                               const Layout& sv);
TiledCopy make_block_2d_copy_X(const CopyAtom& atom, const ValueType& mem, XeModes m, const IntTuple& shape,
                               const Layout& sv);
// make_block_2d_prefetch(copy): a prefetch of the copy's tile spread over its subgroups.
TiledCopy make_block_2d_prefetch(const TiledCopy& copy, XeModes m);

}  // namespace tvlab
