// Intel Xe block 2D copy atoms (new API): XE_LOAD_2D, XE_LOAD_2D_VNNI, XE_LOAD_2D_TRANSPOSE,
// XE_STORE_2D, XE_PREFETCH_2D (xe-atoms.md section 2).
//
// A block 2D message moves a Height x Width tile (Width counted in Bits-sized elements along the
// memory-contiguous x dimension, Height rows along y) between memory and the 16 work-items of a
// subgroup. Where each element lands in registers is the op's register order In: e -> x + Width*y:
//   XE_LOAD_2D<B,H,W,BW>       In = (BW,H,W/BW):(1,W,BW)           blocks of BW columns, block-slowest
//   XE_LOAD_2D_VNNI<B,H,W,BW>  In = (BV,BW,H/BV,W/BW):(W,1,W*BV,BW)  BV = 32/B rows packed per 32 bits
//   XE_LOAD_2D_TRANSPOSE<B,H,W> In = (H,W):(W,1)                   y contiguous in registers
//   XE_STORE_2D / XE_PREFETCH_2D In = (W,H):(1,W)
// Register element e belongs to work-item e % 16 (per byte for sub-byte values), which gives the
// traits layouts (T, bit) -> bit offset in the row-major tile of Width*Bits bits by Height rows:
//   XE_LOAD_2D<16,8,16>        (16,(16,8)):(16,(1,256))
//   XE_LOAD_2D_VNNI<16,4,16>   ((2,8),(16,2,2)):((256,16),(1,128,512))
#pragma once

#include <string>

#include "tvlab/core/atoms/atom.hpp"

namespace tvlab {

// Throws AtomError naming the first violated hardware restriction and its allowed range.
void validate_block2d(const Block2D& op);
std::string block2d_name(const Block2D& op);
// The prefetch op with the same footprint: XE_PREFETCH_2D<Bits,Height,Width>.
Block2D block2d_prefetch(const Block2D& op);
// Register order In: register element index -> x + Width*y (in Bits-sized elements).
Layout block2d_register_order(const Block2D& op);
// sycl-tla's XeInterleavedLayout<In, CopyBits, ValBits>: (T, bit) -> bit offset.
Layout xe_interleaved_layout(const Layout& in, int copy_bits, int val_bits);
// The atom with its traits built for values of val_bits bits (validates op and val_bits).
CopyAtom make_xe_block2d(const Block2D& op, int val_bits);

}  // namespace tvlab
