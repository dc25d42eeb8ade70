// TMA (cp.async.bulk.tensor) host-side facts, as CuTe's make_tma_copy computes them
// (cute/atom/copy_traits_sm90_tma.hpp: construct_tma_gbasis, fill_tma_gmem_shape_stride, make_tma_copy_desc;
// copy_traits_sm90_tma_swizzle.hpp: the swizzle mode), for a global tensor and a CTA's smem tile.
//
// The smem layout is inverted (smem offset -> tile coordinate -> global mode); its leading run of modes with
// unit strides into global modes becomes the TMA box, merged up to 256 elements per box dimension:
//
//   gmem (M,K) = (512,256):(256,1) half_t (K-major), smem GMMA::Layout_K_SW128_Atom<half_t> tiled to 64x64
//   = Sw<3,4,3> o ((8,8),64):((64,512),1)  ->  box {64,64}, global dims {256,512}, global strides {2,512}
//   bytes, swizzle 128B (CU_TENSOR_MAP_SWIZZLE_128B), one TMA call of 8192 bytes. The same smem tiled to
//   128x128 ((8,16),(64,2)):((64,512),(1,8192)) -> box {64,128} and 2 TMA calls: the second 64-column half of
//   K lies 8192 elements further in smem, not a unit step (CuTe's smem_rank stops there).
//
// The restrictions cuTensorMapEncodeTiled and CuTe assert are checked by name (tma_restrictions): a failed
// one is data (verify's tma.X checks); what CuTe refuses at compile time throws LayoutError("tma.<rule>").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tvlab/core/atoms/smem_tile.hpp"

namespace tvlab {

struct TmaFacts {
  int rank = 0;                              // tensor map rank (1..5)
  std::vector<int64_t> box;                  // boxDim[i], elements (after multicast truncation)
  std::vector<int64_t> element_strides;      // elementStrides[i] (CuTe: all 1)
  std::vector<int64_t> global_dim;           // globalDim[i]
  std::vector<int64_t> global_stride;        // gmem strides in elements, [0] must be 1
  std::vector<int64_t> global_stride_bytes;  // globalStrides[i-1] of the driver call, i >= 1
  std::vector<std::vector<int>> gmodes;      // the global modes each box dimension reads (CuTe's tma_gbasis)
  std::string swizzle;                       // none, 32B, 64B, 128B, 128B_atom_32B, 128B_atom_64B
  std::string cu_swizzle;                    // CU_TENSOR_MAP_SWIZZLE_...
  int swizzle_span_bytes = 0;                // 0 (none), 32, 64, 128
  std::string sidx2gmode;                    // smem offset -> global mode, coalesced (CuTe's sidx2gmode_full)
  int64_t box_bytes = 0;                     // bytes one TMA call moves into one CTA
  int64_t calls = 1;                         // TMA calls for the whole smem tile (size / box elements)
  int bits = 16;
  int multicast = 1;
  bool multicast_divides = true;
};

struct TmaRule {
  std::string code;   // e.g. "box", "global_stride", "swizzle_span"
  std::string claim;  // the restriction, in words
  bool ok = true;
  std::string why;  // the values
};

// make_tma_copy's facts for an SM90 (or SM100) TMA load/store of the whole smem tile from the global tensor
// (gshape, gstride) in elements of smem.bits, the CTA tile being product_each(shape(smem layout)) over the
// first rank(smem) global modes.
// @pre rank(smem.layout) <= gshape.size() == gstride.size() <= 8, sizes of the smem modes divide nothing in
//      particular (a tile may overhang the tensor), multicast >= 1
// Throws LayoutError "tma.<rule>": tma.swizzle (not a TMA swizzle; the 32B/64B-atom 128B modes need sm100),
//   tma.vectorization (no smem-contiguous run maps to a unit-stride global mode: "Does the Tile select out
//   major GMEM modes?"), tma.tile (smem size differs from the CTA tile's).
TmaFacts make_tma_copy_facts(const SmemTile& smem, const std::vector<int64_t>& gshape,
                             const std::vector<int64_t>& gstride, int multicast = 1, bool sm100 = false);

// The restrictions, every one listed (ok or not): rank, box, inner_box_bytes, swizzle_span, majorness,
// global_stride, global_dim, element_strides, base_align (the global address, base_align_bytes), multicast,
// smem_align (the smem start, 128 bytes; 1024 for 128B swizzle patterns to start at row 0).
std::vector<TmaRule> tma_restrictions(const TmaFacts& f, const SmemTile& smem, int64_t base_align_bytes = 16);

}  // namespace tvlab
