// Scalar: the leaf of an IntTuple. Either a plain integer (`4`, `-1`) or CuTe's ScaledBasis, an
// integer scaled onto a basis vector of a (nested) coordinate space: `2@1` is 2 in mode 1, i.e. the
// coordinate (0,2). Scaled bases are the strides of coordinate-valued layouts:
//
//   make_identity_layout((4,8)) = (4,8):(1@0,1@1)      maps (i,j) to the coordinate (i,j)
//
// The basis is a path of mode indices, outermost first (CuTe's ScaledBasis<T,Ns...>). CuTe prints the
// path innermost first, so the path {0,1} (mode 1 of mode 0) prints as `1@1@0`.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "tvlab/core/error.hpp"

namespace tvlab {

struct Scalar {
  static constexpr int kMaxBasisDepth = 7;

  int64_t value = 0;
  uint8_t depth = 0;                           // 0: a plain integer
  std::array<uint8_t, kMaxBasisDepth> path{};  // basis path, outermost first

  constexpr Scalar() = default;
  constexpr Scalar(int64_t v) : value(v) {}  // NOLINT: integers convert implicitly

  bool is_basis() const { return depth != 0; }
  bool same_basis(const Scalar& o) const {
    if (depth != o.depth) return false;
    for (int i = 0; i < depth; ++i)
      if (path[i] != o.path[i]) return false;
    return true;
  }
  Scalar with_value(int64_t v) const {
    Scalar s = *this;
    s.value = v;
    return s;
  }
  // The basis element with value v at the given path (outermost first).
  static Scalar basis(int64_t v, const int* path, int depth);

  // CuTe's is_constant<n, T>: a plain integer equal to n (a scaled basis is never a constant).
  bool is(int64_t n) const { return depth == 0 && value == n; }
  friend bool operator==(const Scalar& a, const Scalar& b) { return a.value == b.value && a.same_basis(b); }
  friend bool operator!=(const Scalar& a, const Scalar& b) { return !(a == b); }
};

[[noreturn]] void throw_basis_product();
[[noreturn]] void throw_basis_not_allowed(const char* what);

// Products with at most one scaled basis among the factors; two bases is a LayoutError.
inline Scalar operator*(const Scalar& a, const Scalar& b) {
  if (a.is_basis() && b.is_basis()) throw_basis_product();
  Scalar r = a.is_basis() ? a : b;
  r.value = checked_mul(a.value, b.value);
  return r;
}

// Plain integer value of a Scalar, or a LayoutError naming `what` when it is a scaled basis.
inline int64_t plain(const Scalar& s, const char* what) {
  if (s.is_basis()) throw_basis_not_allowed(what);
  return s.value;
}

}  // namespace tvlab
