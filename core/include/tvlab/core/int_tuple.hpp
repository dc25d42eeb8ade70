// IntTuple: CuTe's hierarchical integer tuple, as a run-time value.
//
// An IntTuple is either a leaf (a Scalar: an integer or a scaled basis) or a tuple of IntTuples:
//   4        a leaf                      rank 1, depth 0
//   (4)      a rank-1 tuple              rank 1, depth 1
//   (2,(3,4)) a nested tuple             rank 2, depth 2
// Shapes, strides, coordinates and tilers' integer parts are IntTuples. All values are "static" in
// CuTe's sense: tvlab follows the branches CuTe takes for compile-time integers.
//
// Representation: the nodes in pre-order in one small inline buffer (no heap allocation for the
// layouts GPU kernels use), each tuple node recording its child count and subtree length. Accessing a
// child is a walk over its elder siblings; building a tuple appends the children's nodes.
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include "tvlab/core/scalar.hpp"

namespace tvlab {

namespace detail {
struct IntTupleAccess;  // below: the core's algorithms write node arrays directly
}  // namespace detail

class IntTuple {
 public:
  struct Node {
    int32_t rank;  // -1 for a leaf, else the number of children
    int32_t span;  // number of nodes in this subtree, itself included
    Scalar value;  // the leaf's value (unused for tuple nodes)

    Node() = default;
    // Built in place (emplace_back) from a Scalar held in registers: every field is written once,
    // word by word, never through a temporary whose partial stores a wide copy would read back.
    constexpr Node(int32_t r, int32_t s, Scalar v) : rank(r), span(s), value(v) {}
    static constexpr Node leaf(Scalar v) { return Node(-1, 1, v); }
    static constexpr Node tuple(int32_t r, int32_t s) { return Node(r, s, Scalar()); }
  };
  using Nodes = boost::container::small_vector<Node, 8>;

  IntTuple() : IntTuple(Scalar(0)) {}
  IntTuple(Scalar s) { nodes_.emplace_back(-1, 1, s); }  // NOLINT: leaves convert implicitly
  IntTuple(int64_t v) : IntTuple(Scalar(v)) {}           // NOLINT
  IntTuple(int v) : IntTuple(Scalar(int64_t(v))) {}      // NOLINT

  static IntTuple tuple(std::initializer_list<IntTuple> children);
  static IntTuple tuple(std::span<const IntTuple> children);
  static IntTuple empty_tuple();

  bool is_leaf() const { return nodes_[0].rank < 0; }
  bool is_tuple() const { return nodes_[0].rank >= 0; }
  // Number of children of a tuple; 0 for a leaf.
  int size() const { return is_tuple() ? nodes_[0].rank : 0; }
  const Scalar& value() const { return nodes_[0].value; }
  // Plain integer value of a leaf (LayoutError for a scaled basis or a tuple).
  int64_t ival() const;

  // Child i of a tuple (copy of the subtree). For a leaf, child 0 is the leaf itself, as CuTe's get<0>.
  IntTuple operator[](int i) const;
  // All children (for a leaf: the leaf itself), in order.
  std::vector<IntTuple> children() const;

  const Nodes& nodes() const { return nodes_; }
  friend bool operator==(const IntTuple& a, const IntTuple& b);
  friend bool operator!=(const IntTuple& a, const IntTuple& b) { return !(a == b); }

 private:
  friend class TupleBuilder;
  friend struct detail::IntTupleAccess;
  struct Blank {};
  explicit IntTuple(Blank) {}  // no nodes: for IntTupleAccess::blank
  Nodes nodes_;
};

// Builds a tuple child by child without intermediate copies.
class TupleBuilder {
 public:
  TupleBuilder() { t_.nodes_.clear(), t_.nodes_.emplace_back(0, 1, Scalar()); }
  TupleBuilder& push(const IntTuple& child) {
    auto& n = t_.nodes_;
    n.insert(n.end(), child.nodes_.begin(), child.nodes_.end());
    n[0].rank += 1;
    n[0].span += static_cast<int32_t>(child.nodes_.size());
    return *this;
  }
  TupleBuilder& push(Scalar leaf) {
    auto& n = t_.nodes_;
    n.emplace_back(-1, 1, leaf);
    n[0].rank += 1;
    n[0].span += 1;
    return *this;
  }
  int count() const { return t_.nodes_[0].rank; }
  IntTuple build() const { return t_; }

 private:
  IntTuple t_;
};

namespace detail {
// Internal to tvlab: write access to an IntTuple's pre-order nodes, for the core's builders that keep
// the invariants (spans and child counts) themselves. Not for use outside tvlab::core.
struct IntTupleAccess {
  static IntTuple::Nodes& nodes(IntTuple& t) { return t.nodes_; }
  // An IntTuple with no nodes yet: the caller appends one complete tree.
  static IntTuple blank() { return IntTuple(IntTuple::Blank{}); }
};
}  // namespace detail

// CuTe's make_shape / make_stride / make_coord: the tuple of the arguments (integers or tuples).
template <class... Ts>
IntTuple make_shape(const Ts&... xs) {
  return IntTuple::tuple({IntTuple(xs)...});
}
template <class... Ts>
IntTuple make_stride(const Ts&... xs) {
  return IntTuple::tuple({IntTuple(xs)...});
}
template <class... Ts>
IntTuple make_coord(const Ts&... xs) {
  return IntTuple::tuple({IntTuple(xs)...});
}

}  // namespace tvlab
