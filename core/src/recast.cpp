#include "tvlab/core/recast.hpp"

#include <numeric>
#include <string>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

// CuTe's transform_layout over the leaves of (shape, stride): f maps one integral mode to a layout, and
// tuple modes are rebuilt around the results.
template <class F>
Layout transform_modes(const IntTuple& shape, const IntTuple& stride, F f) {
  if (shape.is_leaf()) return f(shape, stride.value());
  TupleBuilder s, d;
  for (int i = 0; i < shape.size(); ++i) {
    Layout m = transform_modes(shape[i], stride[i], f);
    s.push(m.shape), d.push(m.stride);
  }
  return Layout(s.build(), d.build());
}

Layout upcast_leaf(const IntTuple& shape, const Scalar& d, int64_t n) {
  if (d.is(0)) return Layout(shape, IntTuple(d));
  if (!(checked_mod(d.value, n) == 0 || checked_mod(n, d.value) == 0))
    throw LayoutError("Divisibility condition",
                      "upcast by " + std::to_string(n) + " of stride " + std::to_string(d.value));
  const int64_t ad = abs_value(d.value);
  const int64_t s = ceil_div(plain(shape.value(), "shape"), ceil_div(n, ad));
  return Layout(IntTuple(s), IntTuple(d.with_value(checked_mul(signum(d.value), ceil_div(ad, n)))));
}

Layout downcast_leaf(const IntTuple& shape, const Scalar& d, int64_t n) {
  if (d.is(1) || d.is(-1)) return Layout(IntTuple(checked_mul(shape.ival(), n)), IntTuple(d));
  return Layout(shape, IntTuple(d * Scalar(n)));
}

void check_factor(int64_t n, const char* op) {
  if (n <= 0)
    throw LayoutError("Invalid factor",
                      std::string(op) + " needs a positive factor, got " + std::to_string(n));
}

}  // namespace

Layout upcast(const Layout& l, int64_t n) {
  check_factor(n, "upcast");
  return transform_modes(l.shape, l.stride,
                         [n](const IntTuple& s, const Scalar& d) { return upcast_leaf(s, d, n); });
}

Layout downcast(const Layout& l, int64_t n) {
  check_factor(n, "downcast");
  bool has_int1 = false;
  for (const Scalar& d : leaves(l.stride)) has_int1 |= d.is(1);
  if (!has_int1)
    throw LayoutError("Downcast requires adjacent elements",
                      "downcast(" + to_string(l) + ", " + std::to_string(n) + ")");
  return transform_modes(l.shape, l.stride,
                         [n](const IntTuple& s, const Scalar& d) { return downcast_leaf(s, d, n); });
}

Layout recast_layout(const Layout& l, int64_t old_bits, int64_t new_bits) {
  const int64_t g = std::gcd(old_bits, new_bits);
  const int64_t num = new_bits / g, den = old_bits / g;
  if (num == 1 && den == 1) return l;
  if (num == 1) return downcast(l, den);
  if (den == 1) return upcast(l, num);
  return downcast(upcast(l, num), den);
}

}  // namespace tvlab
