#include "tvlab/core/coalesce.hpp"

#include <algorithm>
#include <string>

#include "tvlab/core/error.hpp"

namespace tvlab {

namespace {

using Flat = boost::container::small_vector<Scalar, 8>;

// CuTe's detail::bw_coalesce over the flat modes [0, last) of (shape, stride), starting from the mode
// (new_shape, new_stride). The result is kept reversed: back() is the front of the new layout.
template <class Leaves>
Layout bw_coalesce(const Leaves& shape, const Leaves& stride, int last, Scalar new_shape, Scalar new_stride) {
  Flat ns{new_shape}, nd{new_stride};
  bool is_int = true;
  for (int i = last - 1; i >= 0; --i) {
    if (shape[i].is(1)) continue;  // skip size-1 modes
    if (is_int && ns[0].is(1)) {   // replace our size-1 with anything
      ns[0] = shape[i], nd[0] = stride[i];
    } else if (shape[i] * stride[i] == nd.back()) {  // merge: s0:s1*d1 with s1:d1
      ns.back() = shape[i] * ns.back();
      nd.back() = stride[i];
    } else {  // prepend a new mode
      ns.push_back(shape[i]), nd.push_back(stride[i]);
      is_int = false;
    }
  }
  if (is_int)
    return ns[0].is(1) ? Layout(IntTuple(1), IntTuple(0), Layout::Trusted{})
                       : Layout(IntTuple(ns[0]), IntTuple(nd[0]), Layout::Trusted{});
  TupleBuilder s, d;
  for (int k = static_cast<int>(ns.size()) - 1; k >= 0; --k) s.push(ns[k]), d.push(nd[k]);
  return Layout(s.build(), d.build(), Layout::Trusted{});
}

// The leaves of a flat IntTuple (a leaf or a tuple of leaves), read in place.
struct FlatView {
  const IntTuple::Node* first;
  const Scalar& operator[](int i) const { return first[i].value; }
};

template <class Leaves>
Layout coalesce_leaves(const Leaves& shape, const Leaves& stride, int r, bool preserve_outside) {
  if (r == 0) return Layout(IntTuple(1), IntTuple(0));
  Scalar first = shape[r - 1];
  if (preserve_outside && first.is(1)) first = Scalar(2);
  return bw_coalesce(shape, stride, r - 1, first, stride[r - 1]);
}

Layout coalesce_impl(const Layout& l, bool preserve_outside) {
  const auto &sn = l.shape.nodes(), &dn = l.stride.nodes();
  if (sn[0].rank < 0) return coalesce_leaves(FlatView{&sn[0]}, FlatView{&dn[0]}, 1, preserve_outside);
  // The empty layout ():() has no leaves to view (sn[1] does not exist): CuTe coalesces it to _1:_0.
  if (sn[0].rank == 0) return coalesce_leaves(FlatView{nullptr}, FlatView{nullptr}, 0, preserve_outside);
  if (sn.size() == static_cast<std::size_t>(sn[0].rank) + 1)  // already flat: no copy
    return coalesce_leaves(FlatView{&sn[1]}, FlatView{&dn[1]}, sn[0].rank, preserve_outside);
  Flat shape = leaves(l.shape), stride = leaves(l.stride);
  return coalesce_leaves(shape, stride, static_cast<int>(shape.size()), preserve_outside);
}

// CuTe's transform_layout(layout, profile, f): f on the first rank(profile) modes, the rest kept.
template <class F>
Layout by_profile(const Layout& l, const IntTuple& profile, F f, const char* name) {
  const int rp = profile.size(), rl = rank(l);
  if (rp > rl)
    throw LayoutError("Mismatched ranks", std::string(name) + ": profile of rank " + std::to_string(rp) +
                                              " for a layout of rank " + std::to_string(rl));
  std::vector<Layout> modes;
  modes.reserve(rl);
  for (int i = 0; i < rl; ++i) {
    Layout m = mode(l, i);
    modes.push_back(i < rp ? f(m, profile[i]) : m);
  }
  return make_layout(modes);
}

}  // namespace

Layout coalesce(const Layout& l) {
  return coalesce_impl(l, false);
}

Layout coalesce(const Layout& l, const IntTuple& trg_profile) {
  if (!trg_profile.is_tuple()) return coalesce(l);
  return by_profile(
      l, trg_profile, [](const Layout& m, const IntTuple& p) { return coalesce(m, p); }, "coalesce");
}

IntTuple coalesce(const IntTuple& shape) {
  return IntTuple(product(shape));
}

Layout filter_zeros(const Layout& l) {
  auto d = leaves(l.stride);
  std::size_t k = 0;
  IntTuple shape = transform_leaf(l.shape, [&](const Scalar& s) { return d[k++].is(0) ? Scalar(1) : s; });
  return Layout(shape, l.stride);
}

Layout filter(const Layout& l) {
  return coalesce(filter_zeros(l));
}

Layout filter(const Layout& l, const IntTuple& trg_profile) {
  if (!trg_profile.is_tuple()) return filter(l);
  return by_profile(
      l, trg_profile, [](const Layout& m, const IntTuple& p) { return filter(m, p); }, "filter");
}

namespace detail {

Layout coalesce_x(const Layout& l) {
  return coalesce_impl(l, true);
}

Layout coalesce_x(const Layout& l, const IntTuple& trg_profile) {
  if (!trg_profile.is_tuple()) return coalesce_x(l);
  return by_profile(
      l, trg_profile, [](const Layout& m, const IntTuple& p) { return coalesce_x(m, p); }, "coalesce");
}

}  // namespace detail

}  // namespace tvlab
