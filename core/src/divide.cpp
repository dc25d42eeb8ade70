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
  return detail::tile_unzip(l, logical_divide(l, tiler), tiler, "zipped_divide", "logical_divide");
}

namespace detail {

namespace {
// The first mode of `r` (the divided or multiplied layout) that CuTe's zip2_by cannot split: a non-tuple
// tiler (mode) needs its mode to be rank 2 (static_assert(tuple_size<T>::value == 2, "Mismatched ranks")).
// An integer or layout tiler always makes one (tile, rest); `_` keeps the mode as it is. "" when none.
std::string unsplittable(const Layout& r, const Tiler& t, const std::string& path, Tiler& which,
                         Layout& mode_out) {
  if (t.is_tuple()) {
    for (int i = 0; i < t.rank() && i < rank(r); ++i) {
      std::string p =
          unsplittable(mode(r, i), t.modes()[static_cast<std::size_t>(i)],
                       path.empty() ? std::to_string(i) : path + "," + std::to_string(i), which, mode_out);
      if (!p.empty()) return p;
    }
    return "";
  }
  if (rank(r) == 2) return "";
  which = t;
  mode_out = r;
  return path.empty() ? "-" : path;
}
}  // namespace

Layout tile_unzip(const Layout& l, const Layout& r, const Tiler& tiler, const char* fn,
                  const char* logical_fn) {
  Tiler which = Underscore{};
  Layout m;
  const std::string path = unsplittable(r, tiler, "", which, m);
  if (!path.empty()) {
    const std::string call = std::string(fn) + "(" + to_string(l) + ", " + to_string(tiler) + ")";
    // "1" for a top-level mode, "(0,1)" for a nested one.
    const std::string at = path.find(',') == std::string::npos ? path : "(" + path + ")";
    const std::string what =
        path == "-" ? "the tiler is " + to_string(which) + ", which keeps the layout"
                    : "tiler mode " + at + " is " + to_string(which) + ", which keeps layout mode " + at;
    throw LayoutError(
        "Mismatched ranks",
        call + ": " + what + " " + to_string(m) + " whole; CuTe's tile_unzip (zip2_by) splits it " +
            "into (tile, rest) only when it has rank 2 (static_assert(tuple_size<T>::value == 2)), " +
            "and it has rank " + std::to_string(rank(m)) + " (" + logical_fn + " takes it)");
  }
  return tvlab::tile_unzip(r, tiler.profile());
}

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
