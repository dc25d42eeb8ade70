#include "tvlab/core/composition.hpp"

#include <algorithm>
#include <string>

#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

using Flat = boost::container::small_vector<Scalar, 8>;

// The coalesced left operand, read in place: its leaves are the modes (a leaf, or a flat tuple).
struct Lhs {
  const Layout& layout;
  const IntTuple::Node *s, *d;  // the first leaf of shape and stride; leaves are consecutive when flat
  int r;
  bool flat;
  explicit Lhs(const Layout& l) : layout(l) {
    const auto &sn = l.shape.nodes(), &dn = l.stride.nodes();
    const bool leaf = sn[0].rank < 0;
    r = leaf ? 1 : sn[0].rank;
    flat = leaf || sn.size() == static_cast<std::size_t>(r) + 1;
    s = leaf ? &sn[0] : &sn[1];
    d = leaf ? &dn[0] : &dn[1];
  }
  const Scalar& shape(int i) const { return s[i].value; }
  const Scalar& stride(int i) const { return d[i].value; }
};

Layout leaf_layout(int64_t s, Scalar d) {
  return Layout(IntTuple(s), IntTuple(d), Layout::Trusted{});
}

// lhs o s:d for an integral s and a non-zero integral d, lhs a flat tuple (CuTe's general case).
Layout compose_flat(const Lhs& lhs, int64_t rest_shape, int64_t rest_stride) {
  if (!lhs.flat) throw LayoutError("Unsupported composition", "the left layout is not flat after coalescing");
  const int r = lhs.r;
  Flat result_shape, result_stride;
  for (int i = 0; i + 1 < r; ++i) {
    const int64_t curr_shape = plain(lhs.shape(i), "shape");
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
    result_stride.push_back(Scalar(rest_stride) * lhs.stride(i));
    rest_shape = checked_div(rest_shape, new_shape);
    rest_stride = next_stride;
  }
  if (result_shape.empty()) return leaf_layout(rest_shape, Scalar(rest_stride) * lhs.stride(r - 1));
  if (rest_shape != 1) {
    result_shape.push_back(Scalar(rest_shape));
    result_stride.push_back(Scalar(rest_stride) * lhs.stride(r - 1));
  }
  if (result_shape.size() == 1)
    return Layout(IntTuple(result_shape[0]), IntTuple(result_stride[0]), Layout::Trusted{});
  TupleBuilder sb, db;
  for (std::size_t k = 0; k < result_shape.size(); ++k) sb.push(result_shape[k]), db.push(result_stride[k]);
  return Layout(sb.build(), db.build(), Layout::Trusted{});
}

// CuTe's detail::composition_impl for the rhs subtree at (rs, rd), nodes in pre-order.
Layout composition_impl(const Lhs& lhs, const IntTuple::Node* rs, const IntTuple::Node* rd) {
  if (rs->rank >= 0) {  // right-distributivity over the modes of rhs
    TupleBuilder s, d;
    const IntTuple::Node *cs = rs + 1, *cd = rd + 1;
    for (int i = 0; i < rs->rank; ++i, cs += cs->span, cd += cd->span) {
      Layout m = composition_impl(lhs, cs, cd);
      s.push(m.shape), d.push(m.stride);
    }
    return Layout(s.build(), d.build(), Layout::Trusted{});
  }
  const Scalar& d = rd->value;
  const int64_t shape = plain(rs->value, "shape");
  if (d.is_basis()) {  // a scaled basis selects the mode of lhs it names
    std::vector<int> path(d.path.begin(), d.path.begin() + d.depth);
    const Layout mode(get(lhs.layout.shape, path), get(lhs.layout.stride, path));
    const Lhs sub(mode);
    const IntTuple s(shape), v(d.value);
    return composition_impl(sub, &s.nodes()[0], &v.nodes()[0]);
  }
  if (d.is(0)) return leaf_layout(shape, d);
  if (lhs.layout.shape.is_leaf()) return leaf_layout(shape, d * lhs.stride(0));
  return compose_flat(lhs, shape, d.value);
}

// Runs f; a LayoutError comes back naming the operation and its operands.
template <class F, class Rhs>
Layout with_operands(const Layout& lhs, const Rhs& rhs, F f) {
  try {
    return f();
  } catch (const LayoutError& e) {
    const std::string& w = e.what();
    const std::string why = w.size() > e.condition().size() + 2 ? w.substr(e.condition().size() + 2) : "";
    throw LayoutError(e.condition(), "composition(" + to_string(lhs) + ", " + to_string(rhs) + ")" +
                                         (why.empty() ? "" : ": " + why));
  }
}

}  // namespace

Layout composition(const Layout& lhs, const Layout& rhs) {
  return with_operands(lhs, rhs, [&] {
    const Layout flat = detail::coalesce_x(lhs, coprofile(rhs));
    return composition_impl(Lhs(flat), &rhs.shape.nodes()[0], &rhs.stride.nodes()[0]);
  });
}

Layout composition(const Layout& lhs, const Tiler& rhs) {
  if (rhs.is_layout()) return composition(lhs, rhs.layout());
  if (rhs.is_underscore()) return lhs;
  if (rhs.is_integer()) {
    return with_operands(lhs, IntTuple(rhs.integer()), [&] {
      const Layout flat = detail::coalesce_x(lhs);
      const IntTuple s(rhs.integer()), d(1);
      return composition_impl(Lhs(flat), &s.nodes()[0], &d.nodes()[0]);
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
