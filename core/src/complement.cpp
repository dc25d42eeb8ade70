#include "tvlab/core/complement.hpp"

#include <string>

#include "flat_modes.hpp"
#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

Layout complement_impl(const Layout& filtered, const IntTuple& cotarget) {
  if (filtered.stride.is_leaf() && filtered.stride.value().is(0)) return make_layout(coalesce(cotarget));
  boost::container::small_vector<int64_t, 8> shape, stride;
  for (const Scalar& s : leaves(filtered.shape)) shape.push_back(plain(s, "complement"));
  for (const Scalar& d : leaves(filtered.stride)) stride.push_back(plain(d, "complement"));
  const int r = static_cast<int>(shape.size());
  detail::Scalars result_shape, result_stride;
  int64_t last_stride = 1;  // result_stride[i]
  result_stride.push_back(Scalar(1));
  auto non_injective = [&] {
    throw LayoutError("Non-injective Layout detected in complement.",
                      "complement(" + to_string(filtered) + ", " + to_string(cotarget) + ")");
  };
  for (int i = 0; i + 1 < r; ++i) {
    std::size_t min_idx = 0;
    for (std::size_t k = 1; k < stride.size(); ++k)
      if (stride[k] < stride[min_idx]) min_idx = k;
    const int64_t min_stride = stride[min_idx];
    const int64_t new_shape = checked_div(min_stride, last_stride);
    const int64_t new_stride = checked_mul(min_stride, shape[min_idx]);
    if (new_shape == 0) non_injective();
    shape.erase(shape.begin() + min_idx), stride.erase(stride.begin() + min_idx);
    result_shape.push_back(Scalar(new_shape)), result_stride.push_back(Scalar(new_stride));
    last_stride = new_stride;
  }
  const int64_t new_shape = checked_div(stride[0], last_stride);
  if (new_shape == 0) non_injective();
  result_shape.push_back(Scalar(new_shape));
  const int64_t new_stride = checked_mul(stride[0], shape[0]);
  const int64_t rest_shape = product(ceil_div(cotarget, IntTuple(new_stride)));
  const int64_t rest_stride = rest_shape == 1 ? 0 : new_stride;
  // coalesce((result_shape, rest_shape):(result_stride, rest_stride)) flattens first: build it flat.
  detail::FlatModes m;
  m.shape.assign(result_shape.begin(), result_shape.end());
  m.stride.assign(result_stride.begin(), result_stride.end());
  m.shape.push_back(Scalar(rest_shape)), m.stride.push_back(Scalar(rest_stride));
  detail::coalesce_flat(detail::make_flat_layout(m), false, m);
  return detail::make_flat_layout(m);
}

}  // namespace

Layout complement(const Layout& l, const IntTuple& cotarget) {
  return complement_impl(filter(l), cotarget);
}

Layout complement(const Layout& l) {
  Layout f = filter(l);
  return complement_impl(f, IntTuple(cosize(f)));
}

}  // namespace tvlab
