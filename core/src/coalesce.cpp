#include "tvlab/core/coalesce.hpp"

#include <algorithm>
#include <string>

#include "flat_modes.hpp"
#include "tvlab/core/error.hpp"

namespace tvlab {

namespace {

Layout coalesce_impl(const Layout& l, bool preserve_outside) {
  detail::FlatModes m;
  detail::coalesce_flat(l, preserve_outside, m);
  return detail::make_flat_layout(m);
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
  // Shape and stride are congruent: node i of one is node i of the other.
  Layout r = l;
  auto& sn = detail::IntTupleAccess::nodes(r.shape);
  const auto& dn = l.stride.nodes();
  for (std::size_t i = 0; i < sn.size(); ++i)
    if (sn[i].rank < 0 && dn[i].value.is(0)) sn[i].value = Scalar(1);
  return r;
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

// CuTe's detail::bw_coalesce over the flattened leaves, last to first, reading the node arrays in
// place (leaves in pre-order are the nodes with rank < 0). The modes accumulate reversed: back() is
// the front of the new layout; one reversal at the end.
void coalesce_flat(const Layout& l, bool preserve_outside, FlatModes& out) {
  out.shape.clear(), out.stride.clear();
  const auto &sn = l.shape.nodes(), &dn = l.stride.nodes();
  int i = static_cast<int>(sn.size()) - 1;
  while (i >= 0 && sn[i].rank >= 0) --i;
  if (i < 0) {  // no leaves (the empty layout ():()): CuTe coalesces it to _1:_0
    out.shape.push_back(Scalar(1)), out.stride.push_back(Scalar(0));
    return;
  }
  Scalar first = sn[i].value;
  if (preserve_outside && first.is(1)) first = Scalar(2);
  out.shape.push_back(first), out.stride.push_back(dn[i].value);
  bool is_int = true;
  for (--i; i >= 0; --i) {
    if (sn[i].rank >= 0) continue;
    const Scalar &s = sn[i].value, &d = dn[i].value;
    if (s.is(1)) continue;               // skip size-1 modes
    if (is_int && out.shape[0].is(1)) {  // replace our size-1 with anything
      out.shape[0] = s, out.stride[0] = d;
    } else if (s * d == out.stride.back()) {  // merge: s0:s1*d1 with s1:d1
      out.shape.back() = s * out.shape.back();
      out.stride.back() = d;
    } else {  // prepend a new mode
      out.shape.push_back(s), out.stride.push_back(d);
      is_int = false;
    }
  }
  if (is_int) {
    if (out.shape[0].is(1)) out.stride[0] = Scalar(0);
    return;
  }
  std::reverse(out.shape.begin(), out.shape.end());
  std::reverse(out.stride.begin(), out.stride.end());
}

Layout make_flat_layout(const FlatModes& m) {
  const int n = m.size();
  Layout r;  // filled in place: no moves of the node arrays
  auto &sn = IntTupleAccess::nodes(r.shape), &dn = IntTupleAccess::nodes(r.stride);
  if (n == 1) {
    sn[0].value = m.shape[0], dn[0].value = m.stride[0];
    return r;
  }
  sn[0] = IntTuple::Node{n, n + 1, Scalar()}, dn[0] = IntTuple::Node{n, n + 1, Scalar()};
  for (int k = 0; k < n; ++k) push_leaf(sn, m.shape[k]), push_leaf(dn, m.stride[k]);
  return r;
}

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
