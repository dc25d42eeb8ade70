// Internal to tvlab::core: the flat-mode fast paths of the algebra.
//
// Coalesced layouts are flat: a leaf, or a tuple of leaves. The algorithms read and write them as two
// arrays of Scalars (shapes and strides, front to back) and build the result's node arrays in place,
// with no intermediate Layouts, IntTuple copies or heap allocation up to kInlineModes modes.
#pragma once

#include <boost/container/small_vector.hpp>

#include "tvlab/core/layout.hpp"

namespace tvlab::detail {

inline constexpr int kInlineModes = 16;
using Scalars = boost::container::small_vector<Scalar, kInlineModes>;

// Modes of a flat layout, front to back. One mode means a leaf layout s:d.
struct FlatModes {
  Scalars shape, stride;
  int size() const { return static_cast<int>(shape.size()); }
};

// CuTe's coalesce (preserve_outside == false) or detail::coalesce_x (true) of l, as flat modes.
void coalesce_flat(const Layout& l, bool preserve_outside, FlatModes& out);

// The layout of flat modes: a leaf for one mode, else a flat tuple.
Layout make_flat_layout(const FlatModes& m);

// Appends a leaf node to n.
template <class Nodes>
[[gnu::always_inline]] inline void push_leaf(Nodes& n, Scalar v) {
  n.emplace_back(-1, 1, v);
}

}  // namespace tvlab::detail
