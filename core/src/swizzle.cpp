#include "tvlab/core/swizzle.hpp"

#include <algorithm>
#include <string>

#include "tvlab/core/error.hpp"

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

int64_t ComposedLayout::operator()(const IntTuple& coord) const {
  IntTuple idx = add_coords(offset, layout(coord));
  return swizzle(idx.ival());
}

}  // namespace tvlab
