// Swizzle<B,M,S> and composed layouts `Sw o offset o L`.
//
// A swizzle XORs B bits of an index, taken at bit M+max(0,S), into the B bits at M-min(0,S):
//
//   Sw<3,3,3>(i) = i ^ ((i & 0b111'000'000) >> 3)
//   Sw<3,3,3> o (8,64):(64,1), column 0, rows 0..7 = 0 72 144 216 288 360 432 504
//
// Shared-memory layouts use them to spread a column of a tile over all banks. A ComposedLayout applies
// its layout, adds the offset, then the swizzle: (Sw o k o L)(c) = Sw(k + L(c)).
//
// The offset may instead be CuTe's smem_ptr_flag_bits<W> (printed `smem_ptr[Wb](unset)`): a zero offset
// that says "the swizzle acts on the byte address of a W-bit element", as the GMMA/UMMA shared-memory
// atoms do. `Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)` maps (r,c) to the half_t element at byte
// address Sw<3,4,3>(2*(64r+c)), which is element Sw<3,3,3>(64r+c). element_offset() below is the one
// function that turns any of these into an element offset; the operations on composed layouts live in
// composed_layout.hpp.
#pragma once

#include <cstdint>

#include "tvlab/core/layout.hpp"

namespace tvlab {

struct Swizzle {
  int bits = 0, base = 0, shift = 0;  // B, M, S

  // Throws LayoutError unless B >= 0, M >= 0 and |S| >= B (CuTe's static_asserts), within 64-bit indices.
  Swizzle(int b, int m, int s);
  int64_t yyy_mask() const;
  int64_t zzz_mask() const;
  int64_t operator()(int64_t offset) const;
  friend bool operator==(const Swizzle& a, const Swizzle& b) {
    return a.bits == b.bits && a.base == b.base && a.shift == b.shift;
  }
};

// CuTe's make_swizzle<Y,Z>(): the swizzle whose yyy mask is y and zzz mask is z.
// @pre y and z have the same number of set bits and form a Swizzle's masks (else LayoutError naming them).
// Example: make_swizzle(0b111000000, 0b111000) = Sw<3,3,3>; make_swizzle(7, 448) = Sw<3,0,-6>;
// make_swizzle(0, 0) = Sw<0,0,0>.
Swizzle make_swizzle(int64_t y, int64_t z);

struct ComposedLayout {
  Swizzle swizzle;
  IntTuple offset;
  Layout layout;
  // 0: the offset is an integer and the swizzle acts on the index (a position-independent swizzle
  // layout). W > 0: the offset is smem_ptr_flag_bits<W> (value 0) and the swizzle acts on byte addresses
  // of W-bit elements (CuTe's stand-in for an unset shared-memory pointer).
  int smem_ptr_bits = 0;

  ComposedLayout(Swizzle sw, IntTuple off, Layout l)
      : swizzle(sw), offset(std::move(off)), layout(std::move(l)) {}
  // Sw o smem_ptr[bits b](unset) o L.  @pre bits > 0 (else LayoutError).
  static ComposedLayout smem(Swizzle sw, int bits, Layout l);
  bool is_smem_flagged() const { return smem_ptr_bits > 0; }
  // The element offset of a coordinate or 1-D index: element_offset(*this, coord, W) where W is the
  // flag's width (smem-flagged), or Sw(offset + L(coord)) (integer-valued inner layouts only).
  int64_t operator()(const IntTuple& coord) const;
  friend bool operator==(const ComposedLayout& a, const ComposedLayout& b) {
    return a.swizzle == b.swizzle && a.offset == b.offset && a.layout == b.layout &&
           a.smem_ptr_bits == b.smem_ptr_bits;
  }
};

// element_offset: where a coordinate / 1-D index of a (possibly swizzled, possibly pointer-swizzled)
// layout lands in memory, in elements of `value_bits` bits, counted from a suitably aligned base.
//
// Intent: the one mapping every consumer (bank-conflict analysis, GMMA/UMMA descriptors, renders) uses,
// so that none of them re-derives the byte-vs-element rule.
//   * Layout L:                       L(idx)                          (value_bits only checked > 0)
//   * Sw o k o L (integer offset k):  Sw(k + L(idx))                  (the swizzle acts on element indices)
//   * Sw o smem_ptr[Wb](unset) o L:   the swizzle acts on byte addresses, as CuTe's swizzle_ptr does on
//     a real smem_ptr: bit address p = L(idx)*W; byte = Sw(p / 8); result = (8*byte + p % 8) / value_bits.
// @pre value_bits > 0; the inner layout is integer-valued; for a flagged layout the swizzled bit address
//      is a multiple of value_bits (normally value_bits == W, CuTe's make_tensor requirement).
//      Violations throw LayoutError naming the problem.
// @post For unflagged layouts the result is exactly CuTe's layout(idx).
// Example: element_offset(Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1), 65, 16) = 64: index 65 is
//          (1,8), element 72, byte 144, Sw<3,4,3>(144) = 128, element 64 (= Sw<3,3,3>(72));
//          element_offset(Sw<3,3,3> o 0 o (8,64):(64,1), 1, 16) = 72.
int64_t element_offset(const ComposedLayout& c, const IntTuple& coord, int value_bits);
int64_t element_offset(const ComposedLayout& c, int64_t idx, int value_bits);
int64_t element_offset(const Layout& l, int64_t idx, int value_bits);
// The last step of element_offset: offset + L(idx) = e already evaluated (a caller with its own fast
// inner-layout evaluation), swizzled as above. swizzle_element_offset(c, c.offset + c.layout(i), W) ==
// element_offset(c, i, W).
int64_t swizzle_element_offset(const ComposedLayout& c, int64_t e, int value_bits);

}  // namespace tvlab
