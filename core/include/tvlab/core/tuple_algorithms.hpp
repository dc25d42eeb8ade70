// Structural algorithms on IntTuples, named and behaving as CuTe's (int_tuple.hpp,
// tuple_algorithms.hpp). Integers are not tuples, but rank(int) == 1 and get<0>(int) is the int.
//
//   flatten((2,(3,4)))      = (2,3,4)       flatten(4) = 4
//   append<3>((2,3), 1)     = (2,3,1)       append(4, 1) = (4,1)
//   group<1,3>((2,3,4,5))   = (2,(3,4),5)
//   zip(((a,b),(c,d)))      = ((a,c),(b,d))
//   zip2_by(((A,a),((B,b),(C,c)),d), (X,(X,X))) = ((A,(B,C)),(a,(b,c),d))
#pragma once

#include <type_traits>
#include <vector>

#include "tvlab/core/int_tuple.hpp"

namespace tvlab {

// CuTe's rank: number of modes; 1 for an integer.
int rank(const IntTuple& t);
// CuTe's depth: 0 for an integer, 1 + max depth of the children for a tuple.
int depth(const IntTuple& t);
// Product of all leaves (1 for an empty tuple). Leaves must be plain integers.
int64_t product(const IntTuple& t);
// Sum of all leaves' plain values.
int64_t sum(const IntTuple& t);
// All leaves in order (pre-order).
boost::container::small_vector<Scalar, 8> leaves(const IntTuple& t);
// Number of leaves.
int leaf_count(const IntTuple& t);

IntTuple flatten(const IntTuple& t);
IntTuple wrap(const IntTuple& t);    // an integer becomes a rank-1 tuple
IntTuple unwrap(const IntTuple& t);  // a rank-1 tuple becomes its (unwrapped) element
IntTuple append(const IntTuple& t, const IntTuple& x);
IntTuple prepend(const IntTuple& t, const IntTuple& x);
// Pad t to rank n with copies of x (CuTe's append<N>/prepend<N>); n < rank(t) is an error.
IntTuple append_n(const IntTuple& t, int n, const IntTuple& x);
IntTuple prepend_n(const IntTuple& t, int n, const IntTuple& x);
IntTuple take(const IntTuple& t, int b, int e);
IntTuple select(const IntTuple& t, std::span<const int> modes);
IntTuple group(const IntTuple& t, int b, int e);
IntTuple remove_mode(const IntTuple& t, int i);
// Nested get: get(t, {i, j}) = get<i,j>(t).
IntTuple get(const IntTuple& t, std::span<const int> path);
IntTuple zip(const IntTuple& t);
IntTuple zip2_by(const IntTuple& t, const IntTuple& guide);
// Concatenate the modes of two tuples (integers count as rank-1).
IntTuple tuple_cat(const IntTuple& a, const IntTuple& b);
// A tuple with the profile of t and every leaf replaced by v.
IntTuple repeat_like(const IntTuple& t, const IntTuple& v);
// Same profile (hierarchical rank structure).
bool congruent(const IntTuple& a, const IntTuple& b);
// CuTe's product_each: (product(t_0), product(t_1), ...), always a tuple.
IntTuple product_each(const IntTuple& t);
// Apply f leaf by leaf, keeping the profile.
template <class F>
IntTuple transform_leaf(const IntTuple& t, F&& f) {
  if constexpr (std::is_same_v<std::decay_t<decltype(f(t.value()))>, Scalar>) {
    // Leaf to leaf: the same tree, values replaced in place in pre-order (the order of the recursion).
    IntTuple r = t;
    for (auto& n : detail::IntTupleAccess::nodes(r))
      if (n.rank < 0) n.value = f(static_cast<const Scalar&>(n.value));
    return r;
  }
  if (t.is_leaf()) return IntTuple(f(t.value()));
  TupleBuilder b;
  for (const IntTuple& c : t.children()) b.push(transform_leaf(c, f));
  return b.build();
}

}  // namespace tvlab
