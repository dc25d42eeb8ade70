#include "tvlab/core/tuple_algorithms.hpp"

#include <algorithm>
#include <string>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

// A subtree of an IntTuple, read in place: its first node and node count.
struct Sub {
  const IntTuple::Node* first;
  int32_t span;
};

// The children of t in order (a leaf: the leaf itself, as CuTe's get<0>(int)).
boost::container::small_vector<Sub, 8> subs(const IntTuple& t) {
  boost::container::small_vector<Sub, 8> out;
  const auto& n = t.nodes();
  if (n[0].rank < 0) {
    out.push_back(Sub{&n[0], 1});
    return out;
  }
  std::size_t pos = 1;
  for (int k = 0; k < n[0].rank; ++k) {
    out.push_back(Sub{&n[pos], n[pos].span});
    pos += n[pos].span;
  }
  return out;
}

// A tuple built child by child, the children's nodes copied straight from their sources.
class Build {
 public:
  Build() : t_(detail::IntTupleAccess::blank()) {
    detail::IntTupleAccess::nodes(t_).emplace_back(0, 1, Scalar());
  }
  Build& push(Sub c) {
    auto& n = detail::IntTupleAccess::nodes(t_);
    n.insert(n.end(), c.first, c.first + c.span);
    n[0].rank += 1;
    n[0].span += c.span;
    return *this;
  }
  Build& push(const IntTuple& c) {
    return push(Sub{c.nodes().data(), static_cast<int32_t>(c.nodes().size())});
  }
  IntTuple done() { return std::move(t_); }

 private:
  IntTuple t_;
};

}  // namespace

int rank(const IntTuple& t) {
  return t.is_tuple() ? t.size() : 1;
}

int depth(const IntTuple& t) {
  // The deepest leaf's number of enclosing tuples, or 1 + the deepest empty tuple's: a walk over the
  // pre-order nodes with the count of children still to come at each open tuple.
  const auto& n = t.nodes();
  if (n[0].rank < 0) return 0;
  boost::container::small_vector<int, 16> open;  // children left in each enclosing tuple
  int d = 0;
  for (const auto& node : n) {
    while (!open.empty() && open.back() == 0) open.pop_back();
    if (!open.empty()) --open.back();
    if (node.rank < 0) {
      d = std::max(d, static_cast<int>(open.size()));
    } else {
      d = std::max(d, static_cast<int>(open.size()) + 1);
      open.push_back(node.rank);
    }
  }
  return d;
}

int64_t product(const IntTuple& t) {
  int64_t p = 1;
  for (const auto& n : t.nodes())
    if (n.rank < 0) p = checked_mul(p, plain(n.value, "product"));
  return p;
}

int64_t sum(const IntTuple& t) {
  int64_t s = 0;
  for (const auto& n : t.nodes())
    if (n.rank < 0) s = checked_add(s, plain(n.value, "sum"));
  return s;
}

boost::container::small_vector<Scalar, 8> leaves(const IntTuple& t) {
  boost::container::small_vector<Scalar, 8> out;
  for (const auto& n : t.nodes())
    if (n.rank < 0) out.push_back(n.value);
  return out;
}

int leaf_count(const IntTuple& t) {
  int k = 0;
  for (const auto& n : t.nodes()) k += n.rank < 0;
  return k;
}

IntTuple flatten(const IntTuple& t) {
  if (t.is_leaf()) return t;
  TupleBuilder b;
  for (const auto& n : t.nodes())
    if (n.rank < 0) b.push(n.value);
  return b.build();
}

IntTuple wrap(const IntTuple& t) {
  return t.is_tuple() ? t : IntTuple::tuple({t});
}

IntTuple unwrap(const IntTuple& t) {
  if (t.is_tuple() && t.size() == 1) return unwrap(t[0]);
  return t;
}

IntTuple tuple_cat(const IntTuple& a, const IntTuple& b) {
  Build r;
  for (Sub c : subs(a)) r.push(c);
  for (Sub c : subs(b)) r.push(c);
  return r.done();
}

IntTuple append(const IntTuple& t, const IntTuple& x) {
  Build b;
  for (Sub c : subs(t)) b.push(c);
  b.push(x);
  return b.done();
}

IntTuple prepend(const IntTuple& t, const IntTuple& x) {
  Build b;
  b.push(x);
  for (Sub c : subs(t)) b.push(c);
  return b.done();
}

IntTuple append_n(const IntTuple& t, int n, const IntTuple& x) {
  int r = rank(t);
  if (n < r)
    throw LayoutError("Mismatched ranks", "cannot append to rank " + std::to_string(n) + " a rank-" +
                                              std::to_string(r) + " tuple");
  if (n == r) return t;
  Build b;
  for (Sub c : subs(t)) b.push(c);
  for (int i = r; i < n; ++i) b.push(x);
  return b.done();
}

IntTuple prepend_n(const IntTuple& t, int n, const IntTuple& x) {
  int r = rank(t);
  if (n < r)
    throw LayoutError("Mismatched ranks", "cannot prepend to rank " + std::to_string(n) + " a rank-" +
                                              std::to_string(r) + " tuple");
  if (n == r) return t;
  Build b;
  for (int i = r; i < n; ++i) b.push(x);
  for (Sub c : subs(t)) b.push(c);
  return b.done();
}

IntTuple take(const IntTuple& t, int b, int e) {
  if (!(b < e))
    throw LayoutError("take: empty range error", "[" + std::to_string(b) + "," + std::to_string(e) + ")");
  if (b < 0 || e > rank(t))
    throw LayoutError("take: range out of bounds", "[" + std::to_string(b) + "," + std::to_string(e) +
                                                       ") of rank " + std::to_string(rank(t)));
  const auto ch = subs(t);
  Build r;
  for (int i = b; i < e; ++i) r.push(ch[i]);
  return r.done();
}

IntTuple select(const IntTuple& t, std::span<const int> modes) {
  TupleBuilder r;
  for (int i : modes) r.push(t[i]);
  return r.build();
}

IntTuple group(const IntTuple& t, int b, int e) {
  const int r = rank(t);
  if (e == -1) e = r;
  if (b > e || b < 0 || e > r)
    throw LayoutError("group: range out of bounds",
                      "[" + std::to_string(b) + "," + std::to_string(e) + ") of rank " + std::to_string(r));
  if (t.is_leaf() && b == 0 && e == 1) return IntTuple::tuple({IntTuple::tuple({t})});
  const auto ch = subs(t);
  Build out;
  for (int i = 0; i < b; ++i) out.push(ch[i]);
  if (b < e) {
    Build g;
    for (int i = b; i < e; ++i) g.push(ch[i]);
    out.push(g.done());
  }
  for (int i = e; i < r; ++i) out.push(ch[i]);
  return out.done();
}

IntTuple remove_mode(const IntTuple& t, int i) {
  const auto ch = subs(t);
  Build r;
  for (int k = 0; k < static_cast<int>(ch.size()); ++k)
    if (k != i) r.push(ch[k]);
  return r.done();
}

IntTuple get(const IntTuple& t, std::span<const int> path) {
  IntTuple r = t;
  for (int i : path) r = r[i];
  return r;
}

IntTuple zip(const IntTuple& t) {
  if (t.is_leaf()) return t;
  if (t.size() == 0 || t[0].is_leaf()) return IntTuple::tuple({t});
  auto ch = t.children();
  const int n = ch[0].size();
  // CuTe's zip static_asserts that every child has the first one's rank ("Mismatched Ranks"): zipping
  // (5) with (2,2) (blocked_product((5):(2), 4:1)) does not compile.
  for (const IntTuple& c : ch)
    if (!c.is_tuple() || c.size() != n)
      throw LayoutError("Mismatched ranks", "zip of tuples of different ranks: " + to_string(ch[0]) +
                                                " has rank " + std::to_string(n) + ", " + to_string(c) +
                                                " rank " + std::to_string(c.is_tuple() ? c.size() : 1));
  TupleBuilder out;
  for (int j = 0; j < n; ++j) {
    TupleBuilder m;
    for (const IntTuple& c : ch) m.push(c[j]);
    out.push(m.build());
  }
  return out.build();
}

IntTuple zip2_by(const IntTuple& t, const IntTuple& guide) {
  if (guide.is_tuple()) {
    const int tr = rank(t), gr = guide.size();
    if (tr < gr)
      throw LayoutError("Mismatched ranks", "zip2_by: tuple rank " + std::to_string(tr) +
                                                " is less than guide rank " + std::to_string(gr));
    TupleBuilder c0, c1;
    for (int i = 0; i < gr; ++i) {
      IntTuple split = zip2_by(t[i], guide[i]);
      c0.push(split[0]);
      c1.push(split[1]);
    }
    for (int i = gr; i < tr; ++i) c1.push(t[i]);
    return IntTuple::tuple({c0.build(), c1.build()});
  }
  if (rank(t) != 2)
    throw LayoutError("Mismatched ranks",
                      "zip2_by expects a rank-2 mode, got rank " + std::to_string(rank(t)));
  return t;
}

IntTuple repeat_like(const IntTuple& t, const IntTuple& v) {
  if (t.is_leaf()) return v;
  if (v.is_leaf()) return transform_leaf(t, [&](const Scalar&) { return v.value(); });
  Build b;
  for (Sub c : subs(t)) {
    if (c.first->rank < 0) {
      b.push(v);
    } else {
      IntTuple child = detail::IntTupleAccess::blank();
      detail::IntTupleAccess::nodes(child).assign(c.first, c.first + c.span);
      b.push(repeat_like(child, v));
    }
  }
  return b.done();
}

bool congruent(const IntTuple& a, const IntTuple& b) {
  const auto &x = a.nodes(), &y = b.nodes();
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (x[i].rank != y[i].rank) return false;
  return true;
}

IntTuple product_each(const IntTuple& t) {
  Build b;
  if (t.is_leaf()) return b.push(IntTuple(product(t))).done();
  for (Sub c : subs(t)) {
    int64_t p = 1;
    for (int32_t k = 0; k < c.span; ++k)
      if (c.first[k].rank < 0) p = checked_mul(p, plain(c.first[k].value, "product"));
    b.push(IntTuple(p));
  }
  return b.done();
}

}  // namespace tvlab
