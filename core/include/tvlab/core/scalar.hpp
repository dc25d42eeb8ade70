// Scalar: the leaf of an IntTuple. Either a plain integer (`4`, `-1`) or CuTe's ScaledBasis, an
// integer scaled onto a basis vector of a (nested) coordinate space: `2@1` is 2 in mode 1, i.e. the
// coordinate (0,2). Scaled bases are the strides of coordinate-valued layouts:
//
//   make_identity_layout((4,8)) = (4,8):(1@0,1@1)      maps (i,j) to the coordinate (i,j)
//
// The basis is a path of mode indices, outermost first (CuTe's ScaledBasis<T,Ns...>). CuTe prints the
// path innermost first, so the path {0,1} (mode 1 of mode 0) prints as `1@1@0`.
#pragma once

#include <cstdint>
#include <string>

#include "tvlab/core/error.hpp"

namespace tvlab {

struct Scalar {
  static constexpr int kMaxBasisDepth = 7;

  int64_t value = 0;

  constexpr Scalar() = default;
  constexpr Scalar(int64_t v) : value(v) {}  // NOLINT: integers convert implicitly

  // Depth of the basis path; 0 for a plain integer.
  int depth() const { return static_cast<int>(basis_ & 0xff); }
  // Mode index at level i of the basis path (outermost first), for i < depth().
  int path(int i) const { return static_cast<int>((basis_ >> (8 * (i + 1))) & 0xff); }
  bool is_basis() const { return basis_ != 0; }
  bool same_basis(const Scalar& o) const { return basis_ == o.basis_; }
  Scalar with_value(int64_t v) const {
    Scalar s = *this;
    s.value = v;
    return s;
  }
  // The basis element with value v at the given path (outermost first).
  static Scalar basis(int64_t v, const int* path, int depth);

  // CuTe's is_constant<n, T>: a plain integer equal to n (a scaled basis is never a constant).
  bool is(int64_t n) const { return basis_ == 0 && value == n; }
  friend bool operator==(const Scalar& a, const Scalar& b) {
    return a.value == b.value && a.basis_ == b.basis_;
  }
  friend bool operator!=(const Scalar& a, const Scalar& b) { return !(a == b); }

 private:
  // The basis path packed in one word: byte 0 the depth, byte i+1 the mode index at level i, unused
  // bytes 0. Two plain words (no arrays), so a Scalar lives in registers and is written with whole-word
  // stores: a wide copy never reads back a Scalar from narrower stores (a store-forwarding stall).
  uint64_t basis_ = 0;
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
