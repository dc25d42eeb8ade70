// Internal: which leaf of a (codomain or tile) shape a scaled-basis stride points at.
#pragma once

#include "tvlab/core/int_tuple.hpp"
#include "tvlab/core/tuple_algorithms.hpp"

namespace tvlab::detail {

// The pre-order index of the leaf of `shape` that the basis of `d` names (1@1 in (8,4) -> 1;
// 1@0@1 in (8,(2,4)) -> 1), or -1 when the path leaves the shape or ends on a tuple. As CuTe's get<0>,
// a leaf is its own mode 0.
inline int basis_leaf(const IntTuple& shape, const Scalar& d) {
  IntTuple t = shape;
  int index = 0;
  for (int k = 0; k < d.depth(); ++k) {
    const int p = d.path(k);
    if (t.is_leaf()) {
      if (p != 0) return -1;
      continue;
    }
    if (p >= t.size()) return -1;
    for (int i = 0; i < p; ++i) index += leaf_count(t[i]);
    t = t[p];
  }
  return t.is_leaf() ? index : -1;
}

}  // namespace tvlab::detail
