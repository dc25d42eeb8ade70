#include "tvlab/core/int_tuple.hpp"

#include "tvlab/core/error.hpp"

namespace tvlab {

IntTuple IntTuple::tuple(std::initializer_list<IntTuple> children) {
  TupleBuilder b;
  for (const IntTuple& c : children) b.push(c);
  return b.build();
}

IntTuple IntTuple::tuple(std::span<const IntTuple> children) {
  TupleBuilder b;
  for (const IntTuple& c : children) b.push(c);
  return b.build();
}

IntTuple IntTuple::empty_tuple() {
  return TupleBuilder().build();
}

int64_t IntTuple::ival() const {
  if (is_tuple()) throw LayoutError("Expected an integer", "got a tuple");
  return plain(value(), "this operation");
}

IntTuple IntTuple::operator[](int i) const {
  if (is_leaf()) {
    if (i != 0) throw LayoutError("Index out of range", "mode " + std::to_string(i) + " of an integer");
    return *this;
  }
  if (i < 0 || i >= nodes_[0].rank)
    throw LayoutError("Index out of range", "mode " + std::to_string(i) + " of a rank-" +
                                                std::to_string(nodes_[0].rank) + " tuple");
  std::size_t pos = 1;
  for (int k = 0; k < i; ++k) pos += nodes_[pos].span;
  IntTuple r;
  r.nodes_.assign(nodes_.begin() + pos, nodes_.begin() + pos + nodes_[pos].span);
  return r;
}

std::vector<IntTuple> IntTuple::children() const {
  std::vector<IntTuple> out;
  if (is_leaf()) {
    out.push_back(*this);
    return out;
  }
  out.reserve(nodes_[0].rank);
  std::size_t pos = 1;
  for (int k = 0; k < nodes_[0].rank; ++k) {
    IntTuple c;
    c.nodes_.assign(nodes_.begin() + pos, nodes_.begin() + pos + nodes_[pos].span);
    out.push_back(std::move(c));
    pos += nodes_[pos].span;
  }
  return out;
}

bool operator==(const IntTuple& a, const IntTuple& b) {
  if (a.nodes_.size() != b.nodes_.size()) return false;
  for (std::size_t i = 0; i < a.nodes_.size(); ++i) {
    const auto &x = a.nodes_[i], &y = b.nodes_[i];
    if (x.rank != y.rank || (x.rank < 0 && x.value != y.value)) return false;
  }
  return true;
}

}  // namespace tvlab
