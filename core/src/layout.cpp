#include "tvlab/core/layout.hpp"

#include <string>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

Layout::Layout(IntTuple s, IntTuple d) : shape(std::move(s)), stride(std::move(d)) {
  if (!congruent(shape, stride))
    throw LayoutError("Shape and stride are not congruent", "shape " + to_string(shape) + " and stride " +
                                                                to_string(stride) + " differ in profile");
}

int64_t Layout::operator()(int64_t i) const {
  IntTuple r = crd2idx(IntTuple(i), shape, stride);
  return r.ival();
}

Layout make_layout(const IntTuple& shape) {
  return Layout(shape, compact_col_major(shape));
}

Layout make_layout(const IntTuple& shape, const IntTuple& stride) {
  return Layout(shape, stride);
}

Layout make_layout(const IntTuple& shape, Major major) {
  return Layout(shape, compact_major(shape, major));
}

Layout make_layout(std::span<const Layout> modes) {
  TupleBuilder s, d;
  for (const Layout& m : modes) s.push(m.shape), d.push(m.stride);
  return Layout(s.build(), d.build());
}

Layout make_layout(std::initializer_list<Layout> modes) {
  return make_layout(std::span<const Layout>(modes.begin(), modes.size()));
}

namespace {
IntTuple basis_like(const IntTuple& shape, std::vector<int>& path) {
  if (shape.is_leaf()) return IntTuple(Scalar::basis(1, path.data(), static_cast<int>(path.size())));
  TupleBuilder b;
  for (int i = 0; i < shape.size(); ++i) {
    path.push_back(i);
    b.push(basis_like(shape[i], path));
    path.pop_back();
  }
  return b.build();
}
}  // namespace

Layout make_identity_layout(const IntTuple& shape) {
  std::vector<int> path;
  return Layout(shape, basis_like(shape, path));
}

Layout make_ordered_layout(const IntTuple& shape, const IntTuple& order) {
  return Layout(shape, compact_order(shape, order));
}

int rank(const Layout& l) {
  return rank(l.shape);
}
int depth(const Layout& l) {
  return depth(l.shape);
}
int64_t size(const Layout& l) {
  return product(l.shape);
}

namespace {
// cosize - 1 of a layout with positive integer shapes and integer strides: sum((s-1) * |d|) over the
// leaves. The terms are non-negative, so the sum overflows exactly when the checked tuple arithmetic
// of coshape does; false (and the general path, for its exact error) on overflow or anything else.
bool integer_cosize_m1(const Layout& l, int64_t& acc) {
  const auto &sn = l.shape.nodes(), &dn = l.stride.nodes();
  acc = 0;
  for (std::size_t i = 0; i < sn.size(); ++i) {
    if (sn[i].rank >= 0) continue;
    const Scalar &s = sn[i].value, &d = dn[i].value;
    if (s.is_basis() || d.is_basis() || s.value < 1 || d.value == INT64_MIN) return false;
    int64_t t;
    if (__builtin_mul_overflow(s.value - 1, d.value < 0 ? -d.value : d.value, &t) ||
        __builtin_add_overflow(acc, t, &acc))
      return false;
  }
  return acc != INT64_MAX;
}
}  // namespace

IntTuple coshape(const Layout& l) {
  if (int64_t m1; integer_cosize_m1(l, m1)) return IntTuple(m1 + 1);
  IntTuple m1 =
      transform_leaf(l.shape, [](const Scalar& s) { return Scalar(checked_sub(plain(s, "shape"), 1)); });
  IntTuple abs_d = transform_leaf(l.stride, [](const Scalar& s) { return s.with_value(abs_value(s.value)); });
  IntTuple co = inner_product(m1, abs_d);
  if (co.is_leaf() && co.value().is_basis()) co = add_coords(IntTuple(0), co);  // as an arithmetic tuple
  return transform_leaf(co, [](const Scalar& c) { return Scalar(checked_add(c.value, 1)); });
}

int64_t cosize(const Layout& l) {
  if (int64_t m1; integer_cosize_m1(l, m1)) return m1 + 1;
  return product(coshape(l));
}

IntTuple coprofile(const Layout& l) {
  bool any_basis = false;
  for (const auto& n : l.stride.nodes()) any_basis |= n.rank < 0 && n.value.is_basis();
  if (!any_basis) return IntTuple(0);
  IntTuple s(0);
  for (const auto& n : l.stride.nodes())
    if (n.rank < 0) s = add_coords(s, IntTuple(n.value));
  return repeat_like(s, IntTuple(0));
}

Layout get(const Layout& l, std::span<const int> path) {
  return Layout(tvlab::get(l.shape, path), tvlab::get(l.stride, path));
}

Layout select(const Layout& l, std::span<const int> modes) {
  return Layout(select(l.shape, modes), select(l.stride, modes));
}

Layout take(const Layout& l, int b, int e) {
  return Layout(take(l.shape, b, e), take(l.stride, b, e));
}
Layout flatten(const Layout& l) {
  return Layout(flatten(l.shape), flatten(l.stride));
}
Layout append(const Layout& l, const Layout& x) {
  return Layout(append(l.shape, x.shape), append(l.stride, x.stride));
}

Layout prepend(const Layout& l, const Layout& x) {
  return Layout(prepend(l.shape, x.shape), prepend(l.stride, x.stride));
}

Layout append_n(const Layout& l, int n, const Layout& x) {
  return Layout(append_n(l.shape, n, x.shape), append_n(l.stride, n, x.stride));
}

Layout group(const Layout& l, int b, int e) {
  return Layout(group(l.shape, b, e), group(l.stride, b, e));
}

Layout zip(const Layout& a, const Layout& b) {
  IntTuple shape = zip(IntTuple::tuple({a.shape, b.shape}));  // the shapes first: their mismatch is named
  return Layout(std::move(shape), zip(IntTuple::tuple({a.stride, b.stride})));
}

Layout zip(const Layout& l) {
  IntTuple shape = zip(l.shape);
  return Layout(std::move(shape), zip(l.stride));
}

Layout tile_unzip(const Layout& l, const IntTuple& guide) {
  return Layout(zip2_by(l.shape, guide), zip2_by(l.stride, guide));
}

void validate(const Layout& l) {
  for (const auto& n : l.shape.nodes()) {
    if (n.rank >= 0) continue;
    if (n.value.is_basis()) throw LayoutError("Invalid shape", "a shape cannot hold a scaled basis");
    if (n.value.value <= 0)
      throw LayoutError("Invalid shape", "shape " + to_string(l.shape) + " has a non-positive extent " +
                                             std::to_string(n.value.value));
  }
  try {
    (void)size(l);
    (void)cosize(l);
  } catch (const LayoutError& e) {
    // Only an overflow is reworded (naming the layout); any other reason (e.g. strides that mix scaled bases
    // and integers, which have no cosize) stands as it is.
    if (e.condition() != "Integer overflow") throw;
    throw LayoutError("Integer overflow",
                      "the size or cosize of " + to_string(l) + " does not fit in 64 bits");
  }
}

}  // namespace tvlab
