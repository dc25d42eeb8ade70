#include "tvlab/core/inverse.hpp"

#include <string>

#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

struct Modes {
  boost::container::small_vector<int64_t, 8> shape, stride, preprod;  // preprod: exclusive prefix products
  boost::container::small_vector<int, 8> order;                       // mode indices sorted by stride
};

// Coalesce, then sort the modes by stride with CuTe's exchange sort (detail::SortByKey).
Modes sorted_modes(const Layout& l, const char* op) {
  Layout c = coalesce(l);
  Modes m;
  int64_t p = 1;
  for (const Scalar& s : leaves(c.shape)) {
    m.shape.push_back(plain(s, op));
    m.preprod.push_back(p);
    p = checked_mul(p, m.shape.back());
  }
  m.preprod.push_back(p);
  for (const Scalar& d : leaves(c.stride)) m.stride.push_back(plain(d, op));
  const int n = static_cast<int>(m.stride.size());
  boost::container::small_vector<std::pair<int64_t, int>, 8> kv;
  for (int i = 0; i < n; ++i) kv.push_back({m.stride[i], i});
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (kv[j].first < kv[i].first) std::swap(kv[i], kv[j]);
  for (const auto& [key, idx] : kv) m.order.push_back(idx);
  return m;
}

Layout from_lists(const TupleBuilder& s, const TupleBuilder& d) {
  return coalesce(Layout(s.build(), d.build()));
}

}  // namespace

Layout right_inverse(const Layout& l) {
  Modes m = sorted_modes(l, "right_inverse");
  TupleBuilder rs, rd;
  rs.push(Scalar(1)), rd.push(Scalar(0));
  int64_t curr = 1;
  for (int i : m.order) {
    if (m.stride[i] != curr) continue;
    rs.push(Scalar(m.shape[i])), rd.push(Scalar(m.preprod[i]));
    curr = checked_mul(m.shape[i], m.stride[i]);
  }
  return from_lists(rs, rd);
}

Layout left_inverse(const Layout& l) {
  Modes m = sorted_modes(l, "left_inverse");
  TupleBuilder rs, rd;
  rd.push(Scalar(0));
  int64_t result_size = 1;
  for (int i : m.order) {
    const int64_t d = m.stride[i];
    if (d == 0) continue;
    if (checked_mod(d, result_size) != 0)
      throw LayoutError("Left inverse divisibility condition",
                        "left_inverse(" + to_string(l) + "): stride " + std::to_string(d) +
                            " is not a multiple of " + std::to_string(result_size));
    const int64_t s = checked_div(d, result_size);
    rs.push(Scalar(s)), rd.push(Scalar(m.preprod[i]));
    result_size = checked_mul(result_size, s);
  }
  rs.push(Scalar(m.shape[m.order.back()]));
  return from_lists(rs, rd);
}

int64_t max_common_vector(const Layout& a, const Layout& b) {
  Layout common = coalesce(composition(a, right_inverse(b)));
  const Layout m0 = mode(common, 0);
  return m0.stride.value().is(1) ? product(m0.shape) : 1;
}

Layout max_common_layout(const Layout& a, const Layout& b) {
  Layout inv_b = right_inverse(b);
  Layout common = coalesce(composition(a, inv_b));
  const Layout m0 = mode(common, 0);
  if (m0.stride.value().is(1)) return composition(inv_b, m0);
  return Layout(IntTuple(1), IntTuple(0));
}

Layout nullspace(const Layout& l) {
  auto d = leaves(l.stride);
  IntTuple flat_shape = flatten(l.shape);
  auto rstride = leaves(compact_col_major(flat_shape));
  auto s = leaves(flat_shape);
  TupleBuilder rs, rd;
  for (std::size_t i = 0; i < d.size(); ++i)
    if (d[i].is(0)) rs.push(s[i]), rd.push(rstride[i]);
  if (rs.count() == 0) return Layout(IntTuple(1), IntTuple(0));
  return Layout(unwrap(rs.build()), unwrap(rd.build()));
}

}  // namespace tvlab
