#include "tvlab/core/scalar.hpp"

#include <string>

namespace tvlab {

Scalar Scalar::basis(int64_t v, const int* p, int d) {
  if (d > kMaxBasisDepth)
    throw LayoutError("Scaled basis too deep",
                      "at most " + std::to_string(kMaxBasisDepth) + " levels, got " + std::to_string(d));
  Scalar s(v);
  s.depth = static_cast<uint8_t>(d);
  for (int i = 0; i < d; ++i) {
    if (p[i] < 0 || p[i] > 255) throw LayoutError("Scaled basis index out of range", std::to_string(p[i]));
    s.path[i] = static_cast<uint8_t>(p[i]);
  }
  return s;
}

Scalar operator*(const Scalar& a, const Scalar& b) {
  if (a.is_basis() && b.is_basis())
    throw LayoutError("Invalid product", "two scaled bases cannot be multiplied");
  Scalar r = a.is_basis() ? a : b;
  r.value = checked_mul(a.value, b.value);
  return r;
}

int64_t plain(const Scalar& s, const char* what) {
  if (s.is_basis()) throw LayoutError("Scaled basis not allowed", std::string(what) + " needs integers");
  return s.value;
}

}  // namespace tvlab
