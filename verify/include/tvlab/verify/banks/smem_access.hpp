// From layouts to the accesses of one shared-memory instruction: what `tvlab banks`, verify's banks.*
// checks, the swizzle suggestion and the banks picture feed to the bank model (banks.hpp).
//
//   smem  LAYOUT  tile coordinate (column-major tile index) -> element offset in shared memory; any
//                 layout: plain, padded (64,32):(40,1), swizzled Sw<3,3,3> o (64,64):(64,1)
//   tv    TV      (lane, v) -> tile index of ONE instruction: lane l's values v = 0..V-1 must sit at
//                 consecutive element offsets (one vector access of V elements), else an error naming l
//   type          element width (half_t: 16 bits), op: ld, st, cp.async, ldmatrix/stmatrix.xN[.trans]
//
//   smem (8,64):(64,1), tv (32,8):(8,... ) ... -> lane l's byte address = smem(tv(l,0)) * bits / 8,
//   width V * bits / 8.  For ldmatrix/stmatrix the lane mode holds the 8, 16 or 32 address lanes (each
//   gives one 16-byte row: V * bits == 128); x1/x2 given 32 lanes ignore lanes 8N..31 as the hardware does.
//
// smem_element_offset() is the ONE place a layout becomes an element offset, so that pointer swizzles
// (GMMA/UMMA atoms, which swizzle byte addresses) change exactly one function.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/composed_layout.hpp"
#include "tvlab/core/layout.hpp"
#include "tvlab/core/swizzle.hpp"
#include "tvlab/verify/banks/banks.hpp"

namespace tvlab {

// A shared-memory layout, swizzled or not (core's AnyLayout; to_string prints it).
using SmemLayout = AnyLayout;

// Parses LAYOUT notation (a bare shape is column-major; Sw<B,M,S> o L composed); BankError naming the
// column otherwise, or when the text is not a layout (a tiler, a swizzle alone).
SmemLayout parse_smem_layout(std::string_view text);
// The tile's size (the domain of the layout).
int64_t smem_tile_size(const SmemLayout& l);

// The element offset of tile index i.
// @pre 0 <= i < smem_tile_size(l); integer-valued layout.
// @post plain layouts: l(i); Sw o k o L: Sw(k + L(i)) (a swizzle on element indices); a pointer swizzle
//       Sw o smem_ptr[Wb](unset) o L acts on byte addresses (core's element_offset).
// Example: smem_element_offset(Sw<3,3,3> o (8,64):(64,1), 1 (row 1, column 0), 16) = 72.
int64_t smem_element_offset(const SmemLayout& l, int64_t i, int value_bits);
// The element offsets of tile indices 0..n-1 (the layout flattened once).
std::vector<int64_t> smem_element_offsets(const SmemLayout& l, int64_t n, int value_bits);

// One instruction's accesses.
// @pre tv has rank 2 (lanes, values); lanes <= model.lanes (ldmatrix/stmatrix.xN: 8N or 32); every
//      tv value in [0, tile size); each lane's run contiguous and increasing in shared memory, 1..16 bytes
//      a power of two (16 for ldmatrix/stmatrix); else BankError naming the lane (and value).
// @post result.addresses[l] = byte address of lane l's first element; result.bytes = its run's bytes.
// Example: smem (8,8):(8,1), tv (8,8):(8,1) of half_t, ldmatrix.x1 -> lane l at 16*l, 16 bytes.
// `base` is added to every tile index: the same TV pattern at another place of the tile (the instructions
// of a tiled copy differ by such offsets).
SmemInstruction smem_instruction(const SmemLayout& smem, const Layout& tv, const ValueType& type,
                                 const SmemOp& op, const BankModel& model = nvidia_bank_model(),
                                 int64_t base = 0);

// cp.async: each lane's global source from `gmem` (tile index -> element offset from a 128-byte-aligned
// base, like smem): in.sources[l] = gmem(tv(l,0)) * bytes for every lane with an address.
// @pre in built from tv (above) with op cp.async; each lane's values consecutive in gmem; tile indices
//      inside gmem's domain; else BankError naming the lane ("only cp.async reads global memory" for
//      another op).
// Example: gmem 1024:1, tv (32,1):(1,0) of float -> lane l's source at byte 4*l.
void set_cp_async_sources(SmemInstruction& in, const SmemLayout& gmem, const Layout& tv,
                          const ValueType& type);

// Tile indices of one instruction given lane by lane (the instructions of a tiled copy): lanes[l] holds
// lane l's value indices in order, or nothing (a lane that gives no address). Same rules as above.
using LaneIndices = std::vector<std::vector<int64_t>>;
SmemInstruction smem_instruction(const SmemLayout& smem, const LaneIndices& lanes, const ValueType& type,
                                 const SmemOp& op, const BankModel& model = nvidia_bank_model());
// The same over the layout's element offsets of every tile index (smem_element_offsets of the whole tile):
// the instructions of one copy share the table instead of evaluating the layout again for each.
SmemInstruction smem_instruction(const std::vector<int64_t>& offsets, const LaneIndices& lanes,
                                 const ValueType& type, const SmemOp& op,
                                 const BankModel& model = nvidia_bank_model());

// cutlass::detail::alignment_for_swizzle (include/cutlass/detail/layout.hpp): 1 << (B + M + |S|) of the
// layout's swizzle, 128 for a layout without one (CuTe's get_swizzle_portion: Swizzle<0,4,3>).
int64_t alignment_for_swizzle(const SmemLayout& l);

}  // namespace tvlab
