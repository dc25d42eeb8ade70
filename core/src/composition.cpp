#include "tvlab/core/composition.hpp"

#include <algorithm>
#include <string>

#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

using Flat = boost::container::small_vector<Scalar, 8>;

// lhs o s:d for an integral s and a non-zero integral d, lhs a flat tuple (CuTe's general case).
Layout compose_flat(const IntTuple& lhs_shape, const IntTuple& lhs_stride, int64_t rest_shape,
                    int64_t rest_stride) {
  if (lhs_shape.nodes().size() != static_cast<std::size_t>(lhs_shape.size()) + 1)
    throw LayoutError("Unsupported composition", "the left layout is not flat after coalescing");
  Flat ls = leaves(lhs_shape), ld = leaves(lhs_stride);
  const int r = static_cast<int>(ls.size());
  Flat result_shape, result_stride;
  for (int i = 0; i + 1 < r; ++i) {
    const int64_t curr_shape = plain(ls[i], "shape");
    if (!(checked_mod(rest_stride, curr_shape) == 0 || rest_stride < curr_shape))
      throw LayoutError("Stride Divisibility Condition",
                        "stride " + std::to_string(rest_stride) +
                            " is neither a multiple of nor less than shape " + std::to_string(curr_shape));
    const int64_t abs_stride = abs_value(rest_stride);
    const int64_t next_shape = ceil_div(curr_shape, abs_stride);
    const int64_t next_stride = checked_mul(ceil_div(abs_stride, curr_shape), signum(rest_stride));
    if (next_shape == 1 || rest_shape == 1) {
      rest_stride = next_stride;
      continue;
    }
    const int64_t new_shape = std::min(next_shape, rest_shape);
    if (checked_mod(rest_shape, new_shape) != 0)
      throw LayoutError(
          "Shape Divisibility Condition",
          "shape " + std::to_string(rest_shape) + " is not divisible by " + std::to_string(new_shape));
    result_shape.push_back(Scalar(new_shape));
    result_stride.push_back(Scalar(rest_stride) * ld[i]);
    rest_shape = checked_div(rest_shape, new_shape);
    rest_stride = next_stride;
  }
  if (result_shape.empty()) return Layout(IntTuple(rest_shape), IntTuple(Scalar(rest_stride) * ld[r - 1]));
  if (rest_shape != 1) {
    result_shape.push_back(Scalar(rest_shape));
    result_stride.push_back(Scalar(rest_stride) * ld[r - 1]);
  }
  if (result_shape.size() == 1) return Layout(IntTuple(result_shape[0]), IntTuple(result_stride[0]));
  TupleBuilder s, d;
  for (std::size_t k = 0; k < result_shape.size(); ++k) s.push(result_shape[k]), d.push(result_stride[k]);
  return Layout(s.build(), d.build());
}

// CuTe's detail::composition_impl.
Layout composition_impl(const IntTuple& lhs_shape, const IntTuple& lhs_stride, const IntTuple& rhs_shape,
                        const IntTuple& rhs_stride) {
  if (rhs_shape.is_tuple()) {  // right-distributivity over the modes of rhs
    TupleBuilder s, d;
    for (int i = 0; i < rhs_shape.size(); ++i) {
      Layout m = composition_impl(lhs_shape, lhs_stride, rhs_shape[i], rhs_stride[i]);
      s.push(m.shape), d.push(m.stride);
    }
    return Layout(s.build(), d.build());
  }
  const Scalar& d = rhs_stride.value();
  if (d.is_basis()) {  // a scaled basis selects the mode of lhs it names
    std::vector<int> path(d.path.begin(), d.path.begin() + d.depth);
    return composition_impl(get(lhs_shape, path), get(lhs_stride, path), rhs_shape, IntTuple(d.value));
  }
  if (d.is(0)) return Layout(rhs_shape, rhs_stride);
  if (lhs_shape.is_leaf()) return Layout(rhs_shape, IntTuple(d * lhs_stride.value()));
  return compose_flat(lhs_shape, lhs_stride, plain(rhs_shape.value(), "shape"), d.value);
}

template <class F>
Layout with_operands(const char* op, const Layout& lhs, const std::string& rhs, F f) {
  try {
    return f();
  } catch (const LayoutError& e) {
    const std::string& w = e.what();
    const std::string why = w.size() > e.condition().size() + 2 ? w.substr(e.condition().size() + 2) : "";
    throw LayoutError(e.condition(), std::string(op) + "(" + to_string(lhs) + ", " + rhs + ")" +
                                         (why.empty() ? "" : ": " + why));
  }
}

}  // namespace

Layout composition(const Layout& lhs, const Layout& rhs) {
  return with_operands("composition", lhs, to_string(rhs), [&] {
    Layout flat = detail::coalesce_x(lhs, coprofile(rhs));
    return composition_impl(flat.shape, flat.stride, rhs.shape, rhs.stride);
  });
}

Layout composition(const Layout& lhs, const Tiler& rhs) {
  if (rhs.is_layout()) return composition(lhs, rhs.layout());
  if (rhs.is_underscore()) return lhs;
  if (rhs.is_integer()) {
    return with_operands("composition", lhs, std::to_string(rhs.integer()), [&] {
      Layout flat = detail::coalesce_x(lhs);
      return composition_impl(flat.shape, flat.stride, IntTuple(rhs.integer()), IntTuple(1));
    });
  }
  if (rhs.rank() > rank(lhs))
    throw LayoutError("Mismatched ranks", "composition(" + to_string(lhs) + ", " + to_string(rhs) +
                                              "): the tiler has more modes than the layout");
  std::vector<Layout> modes;
  for (int i = 0; i < rhs.rank(); ++i) modes.push_back(composition(mode(lhs, i), rhs.modes()[i]));
  return make_layout(modes);
}

Layout with_shape(const Layout& l, const IntTuple& shape) {
  return composition(l, make_layout(shape));
}

}  // namespace tvlab
