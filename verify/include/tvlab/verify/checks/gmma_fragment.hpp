// What CUTLASS's SM90 TMA + GMMA collective hands the GMMA: its descriptor fragments.
// sm90_mma_tma_gmma_ss_warpspecialized.hpp (CUTLASS 4.2.0), mma():
//
//   Tensor tCsA = thread_mma.partition_A(sA);        // (MMA,MMA_M,MMA_K,PIPE)
//   Tensor tCrA = thread_mma.make_fragment_A(tCsA);  // (MMA,MMA_M,MMA_K,PIPE) of GMMA::DescriptorIterator
//
// and cute/atom/mma_traits_sm90_gmma.hpp's MakeTensor<smem_desc<Major>>: one descriptor made by
// make_gmma_desc<Major>(tensor<0>(tCsA)) -- the MMA mode FrgV, which a permutation of the TiledMMA reorders
// -- and the layout replace<0>(recast<uint128_t>(tCsA).layout(), Layout<_1,_0>{}): each (m, k, stage) block's
// descriptor is the first one advanced by that many 16-byte units.
//
// Example: tf32 SM90_64x64x8 SS_TN, (2,1,1) warpgroups, Layout_K_SW128_Atom over (128,32,2): tCsA =
// ((64,8),1,4,(1,2)):((32,1),0,8,(0,4096)), tCrA = (1,1,4,(1,2)):(0,0,2,(0,1024)) (CuTe's print).
#pragma once

#include <string>

#include "tvlab/core/atoms/smem_desc.hpp"
#include "tvlab/core/layout.hpp"
#include "tvlab/core/tiling/tiled_mma.hpp"
#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

// FrgV of thrfrg_A/B over stage 0 of `s` (s.tile.layout): the element offsets make_gmma_desc receives, and
// the same block over the tile's coordinates.
struct GmmaBlock {
  Layout layout;
  Layout coords;
};
GmmaBlock gmma_block(const TiledMMA& m, const PlannedSmem& s);

// "" when the descriptor of the block (built from its first element, walked in canonical order) reads what
// CuTe's partition says: row i of the block is the tile's row origin + i, and each row's k are the block's
// own K columns (in any order: A and B share the permutation, so the sum is the same). Otherwise the first
// atom value that differs, with the tile element the partition gives and the one the descriptor reads: CuTe
// compiles it, the GMMA computes with other elements (a permutation reordering M/N or moving K across
// blocks).
std::string gmma_block_order_witness(const GmmaBlock& b, const PlannedSmem& s);

// replace<0>(recast<uint128_t>(tCsX).layout(), Layout<_1,_0>{}) of a partition view `tcs` of `bits`-wide
// elements. LayoutError when a stride of the other modes is no whole number of 16-byte units.
Layout gmma_fragment_layout(const Layout& tcs, int bits);

}  // namespace tvlab
