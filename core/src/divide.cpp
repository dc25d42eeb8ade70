#include "tvlab/core/divide.hpp"

#include <string>

#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/complement.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

Layout logical_divide(const Layout& l, const Tiler& tiler) {
  if (tiler.is_layout()) {
    const Layout& t = tiler.layout();
    return composition(l, make_layout({t, complement(t, coalesce(l).shape)}));
  }
  if (tiler.is_underscore()) return l;
  if (tiler.is_integer()) return logical_divide(l, Tiler(make_layout(IntTuple(tiler.integer()))));
  if (tiler.rank() > rank(l))
    throw LayoutError("logical_divide: Too many modes in tiler.",
                      "logical_divide(" + to_string(l) + ", " + to_string(tiler) + ")");
  std::vector<Layout> modes;
  for (int i = 0; i < rank(l); ++i)
    modes.push_back(i < tiler.rank() ? logical_divide(mode(l, i), tiler.modes()[i]) : mode(l, i));
  return make_layout(modes);
}

Layout zipped_divide(const Layout& l, const Tiler& tiler) {
  return tile_unzip(logical_divide(l, tiler), tiler.profile());
}

namespace detail {

namespace {
// CuTe's `result(..., repeat<R>(_), ...)` slice: the sub-modes of mode i when it has rank R > 1,
// else the mode itself, kept whole (repeat<1>(_) is a bare `_`, so a rank-1 tuple mode stays nested).
void push_modes(TupleBuilder& s, TupleBuilder& d, const Layout& l, int i, bool unpack) {
  Layout m = mode(l, i);
  if (unpack && m.shape.is_tuple() && m.shape.size() > 1) {
    for (int k = 0; k < m.shape.size(); ++k) s.push(m.shape[k]), d.push(m.stride[k]);
  } else {
    s.push(m.shape), d.push(m.stride);
  }
}
}  // namespace

Layout unpack_rest(const Layout& z) {
  TupleBuilder s, d;
  push_modes(s, d, z, 0, false);
  push_modes(s, d, z, 1, true);
  return Layout(s.build(), d.build());
}

Layout unpack_both(const Layout& z) {
  TupleBuilder s, d;
  push_modes(s, d, z, 0, true);
  push_modes(s, d, z, 1, true);
  return Layout(s.build(), d.build());
}

}  // namespace detail

Layout tiled_divide(const Layout& l, const Tiler& tiler) {
  return detail::unpack_rest(zipped_divide(l, tiler));
}

Layout flat_divide(const Layout& l, const Tiler& tiler) {
  return detail::unpack_both(zipped_divide(l, tiler));
}

}  // namespace tvlab
