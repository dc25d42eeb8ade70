#include "tvlab/core/swizzle.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

Swizzle::Swizzle(int b, int m, int s) : bits(b), base(m), shift(s) {
  const std::string sw = "Sw<" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) + ">";
  if (m < 0) throw LayoutError("MBase must be positive.", sw);
  if (b < 0) throw LayoutError("BBits must be positive.", sw);
  if (std::abs(s) < b) throw LayoutError("abs(SShift) must be more than BBits.", sw);
  if (b + m + std::max(0, s) > 62 || b + m - std::min(0, s) > 62)
    throw LayoutError("Swizzle out of range", sw + " reaches beyond bit 62 of an index");
}

int64_t Swizzle::yyy_mask() const {
  return ((int64_t(1) << bits) - 1) << (base + std::max(0, shift));
}
int64_t Swizzle::zzz_mask() const {
  return ((int64_t(1) << bits) - 1) << (base - std::min(0, shift));
}

int64_t Swizzle::operator()(int64_t offset) const {
  const int64_t y = offset & yyy_mask();
  return offset ^ (shift >= 0 ? (y >> shift) : (y << -shift));
}

Swizzle make_swizzle(int64_t y, int64_t z) {
  const std::string what = "make_swizzle<" + std::to_string(y) + "," + std::to_string(z) + ">";
  if (y < 0 || z < 0) throw LayoutError("Swizzle masks must be non-negative", what);
  const int by = std::popcount(static_cast<uint64_t>(y)), bz = std::popcount(static_cast<uint64_t>(z));
  if (by != bz) throw LayoutError("Number of bits in Y and Z don't match", what);
  if (by == 0) return Swizzle(0, 0, 0);
  const int ty = std::countr_zero(static_cast<uint64_t>(y)), tz = std::countr_zero(static_cast<uint64_t>(z));
  const int m = std::min(ty, tz), s = ty - tz;
  if (std::abs(s) < by)
    throw LayoutError("The swizzle's Y and Z bits overlap", what + " has no Swizzle<B,M,S> form");
  Swizzle sw(by, m, s);
  if ((sw.yyy_mask() | sw.zzz_mask()) != (y | z))
    throw LayoutError("Y and Z are not a swizzle's contiguous masks", what + " has no Swizzle<B,M,S> form");
  return sw;
}

ComposedLayout ComposedLayout::smem(Swizzle sw, int bits, Layout l) {
  if (bits <= 0)
    throw LayoutError("smem_ptr_flag_bits needs a positive width", "smem_ptr[" + std::to_string(bits) + "b]");
  ComposedLayout c(sw, IntTuple(0), std::move(l));
  c.smem_ptr_bits = bits;
  return c;
}

int64_t ComposedLayout::operator()(const IntTuple& coord) const {
  return element_offset(*this, coord, is_smem_flagged() ? smem_ptr_bits : 8);
}

namespace {
int64_t integer_index(const IntTuple& t, const char* what) {
  if (t.is_tuple() || t.value().is_basis())
    throw LayoutError("Integer-valued layout required",
                      std::string(what) + " gives the coordinate " + to_string(t));
  return t.value().value;
}
}  // namespace

int64_t element_offset(const ComposedLayout& c, const IntTuple& coord, int value_bits) {
  if (value_bits <= 0)
    throw LayoutError("element_offset needs a positive element width", std::to_string(value_bits) + " bits");
  return swizzle_element_offset(
      c, integer_index(add_coords(c.offset, c.layout(coord)), "the composed layout's inner layout"),
      value_bits);
}

int64_t swizzle_element_offset(const ComposedLayout& c, int64_t e, int value_bits) {
  if (value_bits <= 0)
    throw LayoutError("element_offset needs a positive element width", std::to_string(value_bits) + " bits");
  if (!c.is_smem_flagged()) return c.swizzle(e);
  const int64_t w = c.smem_ptr_bits;
  if (e < 0 || (e > 0 && e > (int64_t(1) << 58) / w))
    throw LayoutError("Address out of range",
                      "element " + std::to_string(e) + " of " + std::to_string(w) + " bits");
  const int64_t p = e * w;  // bit address
  const int64_t bit = c.swizzle(p >> 3) * 8 + (p & 7);
  if (bit % value_bits != 0)
    throw LayoutError("Misaligned element", "the swizzled bit address " + std::to_string(bit) + " of " +
                                                to_string(c) + " is not a multiple of " +
                                                std::to_string(value_bits) + " bits");
  return bit / value_bits;
}

int64_t element_offset(const ComposedLayout& c, int64_t idx, int value_bits) {
  return element_offset(c, IntTuple(idx), value_bits);
}

int64_t element_offset(const Layout& l, int64_t idx, int value_bits) {
  if (value_bits <= 0)
    throw LayoutError("element_offset needs a positive element width", std::to_string(value_bits) + " bits");
  return integer_index(l(IntTuple(idx)), "the layout");
}

}  // namespace tvlab
