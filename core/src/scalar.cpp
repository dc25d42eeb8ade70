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

void throw_basis_product() {
  throw LayoutError("Invalid product", "two scaled bases cannot be multiplied");
}

void throw_basis_not_allowed(const char* what) {
  throw LayoutError("Scaled basis not allowed", std::string(what) + " needs integers");
}

}  // namespace tvlab
