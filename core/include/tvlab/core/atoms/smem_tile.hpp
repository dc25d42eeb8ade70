// SmemTile: a shared-memory tile as the descriptor and TMA code reads it -- the element layout, the swizzle
// on byte addresses, the byte offset of its first element, and the element width.
//
// This is the one place that turns a user's smem layout into that form (the swz branch's smem layout
// API plugs in here). Two spellings are accepted:
//
//   pointer swizzle (CuTe's smem atoms):  Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)
//       -> byte swizzle Sw<3,4,3>, start byte 0, layout (8,64):(64,1), 16-bit elements
//   element swizzle (on element offsets of a buffer aligned to the swizzle's period):
//       Sw<3,3,3> o (8,64):(64,1) with half_t -> byte swizzle Sw<3,4,3> (M grows by log2 of the element
//       bytes), start byte 0;  Sw<3,3,3> o 64 o L -> start byte 128
//   a plain layout is Sw<0,4,3> (no swizzle).
//
// The two describe the same bytes: Sw<B,M,S>(k + L(c)) * bytes == Sw<B,M+log2(bytes),S>((k + L(c)) * bytes).
#pragma once

#include <cstdint>
#include <string_view>

#include "tvlab/core/layout.hpp"
#include "tvlab/core/swizzle.hpp"

namespace tvlab {

struct SmemTile {
  Swizzle byte_swizzle{0, 4, 3};
  int64_t start_byte = 0;
  Layout layout;  // tile coordinate -> element offset from start (before the swizzle)
  int bits = 16;

  // The byte address of a coordinate: byte_swizzle(start_byte + layout(c) * bits / 8).
  int64_t byte_address(const IntTuple& coord) const;
};

// @pre bits in {8,16,32,64}; the layout integer-valued
SmemTile smem_tile(const Layout& l, int bits);
// Element-swizzle form. @pre the offset is an integer; bits in {8,16,32,64}
SmemTile smem_tile(const ComposedLayout& c, int bits);
// Parses either spelling (pointer form: `Sw<B,M,S> o smem_ptr[NNb](unset|ADDR) o LAYOUT`; otherwise any
// expression tvlab eval accepts that yields a layout or composed layout). A pointer width other than
// `bits` is an error. Throws ParseError / EvalError / LayoutError.
SmemTile parse_smem_tile(std::string_view text, int bits);

}  // namespace tvlab
