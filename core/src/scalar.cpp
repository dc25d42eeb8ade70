#include "tvlab/core/scalar.hpp"

#include <string>

namespace tvlab {

Scalar Scalar::basis(int64_t v, const int* p, int d) {
  if (d < 0 || d > kMaxBasisDepth)
    throw LayoutError("Scaled basis too deep",
                      "at most " + std::to_string(kMaxBasisDepth) + " levels, got " + std::to_string(d));
  Scalar s(v);
  s.basis_ = static_cast<uint64_t>(d);
  for (int i = 0; i < d; ++i) {
    if (p[i] < 0 || p[i] > 255) throw LayoutError("Scaled basis index out of range", std::to_string(p[i]));
    s.basis_ |= static_cast<uint64_t>(p[i]) << (8 * (i + 1));
  }
  return s;
}

void throw_basis_product() {
  throw LayoutError("Invalid product", "two scaled bases cannot be multiplied");
}

void throw_basis_not_allowed(const char* what) {
  throw LayoutError("Scaled basis not allowed", std::string(what) + " needs integers");
}

}  // namespace tvlab
