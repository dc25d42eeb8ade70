// GMMA (SM90 wgmma) and UMMA (SM100 tcgen05.mma) shared-memory matrix descriptors, as CuTe's
// make_gmma_desc<Major> (cute/atom/mma_traits_sm90_gmma.hpp) and make_umma_desc<Major>
// (cute/arch/mma_sm100_desc.hpp) build them from an smem layout.
//
// A descriptor is 64 bits: a start address, two byte offsets and a swizzle mode, all counted in 16-byte
// units (uint128_t). The hardware reads an operand tile as 8-row "core matrices" of 16 bytes per row; the
// smem layout must be one of a few canonical forms, written here in uint128_t units (W = 1, 2, 4, 8 for
// INTERLEAVE, 32B, 64B and 128B swizzles; the swizzle acts on byte addresses: Sw<log2 W,4,3>):
//
//   K-major   ((8,n),2):((W,SBO),1)      swizzled    ((8,n),2):((1,SBO),LBO)     INTERLEAVE
//   MN-major  ((W,n),(8,k)):((1,LBO),(W,SBO))  swizzled    ((1,n),(8,k)):((X,SBO),(1,LBO))   INTERLEAVE
//
// Example: GMMA::Layout_K_SW128_Atom<half_t> tiled to 64x64, K-major, is `Sw<3,4,3> o smem_ptr[16b](unset)
// o ((8,8),64):((64,512),1)`; in uint128_t units its first k-block is ((8,8),2):((8,64),1), so SBO = 64
// (1024 bytes between 8-row groups), LBO = 1 (unused by swizzled K-major), layout type B128.
//
// Layouts are accepted in two spellings (smem_tile.hpp): CuTe's pointer swizzle (on byte addresses) and an
// element swizzle `Sw<3,3,3> o (8,64):(64,1)` (on element offsets of an aligned buffer); both become an
// SmemTile. A layout that is not canonical throws LayoutError whose condition() names the rule (e.g.
// "GMMA_K.stride_00") and whose message says, in words, what CuTe expects and which mode breaks it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tvlab/core/atoms/smem_tile.hpp"
#include "tvlab/core/layout.hpp"

namespace tvlab {

enum class OperandMajor { K, MN };
enum class DescArch { SM90, SM100 };

struct SmemDescriptor {
  DescArch arch = DescArch::SM90;
  OperandMajor major = OperandMajor::K;
  int layout_type = 0;  // the encoded field: GMMA 0 INTERLEAVE, 1 B128, 2 B64, 3 B32; UMMA 0, 1, 2, 4, 6
  std::string layout_type_name;      // CuTe's to_string: INTERLEAVE/B128/... or SWIZZLE_NONE/SWIZZLE_128B/...
  int swizzle_atom_mn = 1;           // W: uint128_t per swizzle row (1, 2, 4, 8)
  uint32_t start_address = 0;        // byte address >> 4 (14 bits)
  uint32_t leading_byte_offset = 0;  // LBO in 16-byte units (14 bits)
  uint32_t stride_byte_offset = 0;   // SBO in 16-byte units (14 bits)
  int base_offset = 0;               // CuTe always writes 0
  int version = 0;                   // UMMA: 1 (Blackwell)
  int lbo_mode = 0;                  // UMMA: 0 (legacy)
  Layout u128_layout;                // the described block in uint128_t units
  Layout canonical;                  // logical_divide of u128_layout by CuTe's canonical tiler
  // The 64-bit value as CuTe's bitfields place the fields.
  uint64_t value() const;
};

// make_gmma_desc<major>(tile): the SM90 descriptor of a rank-2 (MN,K) smem tile of one wgmma's K.
// @pre tile.bits in {8,16,32,64}; rank 2; a canonical form above (otherwise LayoutError naming the rule)
// @post value() == CuTe's GmmaDescriptor::desc_ for the same tensor (start address from tile.start_byte)
// Example: K-major SW128 half_t 64x16 -> start 0, LBO 1, SBO 64, B128, 0x4000004000010000.
SmemDescriptor make_gmma_desc(const SmemTile& tile, OperandMajor major);
// make_umma_desc<major>(tile): the SM100 descriptor (version 1, lbo_mode 0; Sw<2,5,2> is the MN-major
// SWIZZLE_128B_BASE32B mode). Same contract as make_gmma_desc.
SmemDescriptor make_umma_desc(const SmemTile& tile, OperandMajor major);

// The descriptor of an operand tile larger than one instruction, as CuTe's DescriptorIterator walks it:
// the block of mn x (256 bits of K) at the origin gets a descriptor; every further block adds its
// (unswizzled) offset in 16-byte units to the start address.
struct DescriptorTiling {
  SmemDescriptor desc;  // of the block at (0,0)
  int64_t block_mn = 0, block_k = 0;
  // start-address increments (16-byte units) of block (i,j), i over MN blocks, j over K blocks (row-major)
  int64_t blocks_mn = 1, blocks_k = 1;
  std::vector<int64_t> block_offsets;
};
// @pre size<0>(tile) % block_mn == 0, size<1>(tile) % (256/bits) == 0 (block_mn = 0: the whole MN extent)
DescriptorTiling make_desc_tiling(const SmemTile& tile, OperandMajor major, DescArch arch,
                                  int64_t block_mn = 0);

std::string to_string(OperandMajor m);
std::string to_string(DescArch a);

}  // namespace tvlab
