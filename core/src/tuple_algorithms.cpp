#include "tvlab/core/tuple_algorithms.hpp"

#include <algorithm>
#include <string>

#include "tvlab/core/error.hpp"

namespace tvlab {

int rank(const IntTuple& t) {
  return t.is_tuple() ? t.size() : 1;
}

int depth(const IntTuple& t) {
  if (t.is_leaf()) return 0;
  int d = 0;
  for (const IntTuple& c : t.children()) d = std::max(d, depth(c));
  return 1 + d;
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
  TupleBuilder r;
  for (const IntTuple& c : a.children()) r.push(c);
  for (const IntTuple& c : b.children()) r.push(c);
  return r.build();
}

IntTuple append(const IntTuple& t, const IntTuple& x) {
  TupleBuilder b;
  for (const IntTuple& c : t.children()) b.push(c);
  b.push(x);
  return b.build();
}

IntTuple prepend(const IntTuple& t, const IntTuple& x) {
  TupleBuilder b;
  b.push(x);
  for (const IntTuple& c : t.children()) b.push(c);
  return b.build();
}

IntTuple append_n(const IntTuple& t, int n, const IntTuple& x) {
  int r = rank(t);
  if (n < r)
    throw LayoutError("Mismatched ranks", "cannot append to rank " + std::to_string(n) + " a rank-" +
                                              std::to_string(r) + " tuple");
  if (n == r) return t;
  TupleBuilder b;
  for (const IntTuple& c : t.children()) b.push(c);
  for (int i = r; i < n; ++i) b.push(x);
  return b.build();
}

IntTuple prepend_n(const IntTuple& t, int n, const IntTuple& x) {
  int r = rank(t);
  if (n < r)
    throw LayoutError("Mismatched ranks", "cannot prepend to rank " + std::to_string(n) + " a rank-" +
                                              std::to_string(r) + " tuple");
  if (n == r) return t;
  TupleBuilder b;
  for (int i = r; i < n; ++i) b.push(x);
  for (const IntTuple& c : t.children()) b.push(c);
  return b.build();
}

IntTuple take(const IntTuple& t, int b, int e) {
  if (!(b < e))
    throw LayoutError("take: empty range error", "[" + std::to_string(b) + "," + std::to_string(e) + ")");
  if (b < 0 || e > rank(t))
    throw LayoutError("take: range out of bounds", "[" + std::to_string(b) + "," + std::to_string(e) +
                                                       ") of rank " + std::to_string(rank(t)));
  auto ch = t.children();
  TupleBuilder r;
  for (int i = b; i < e; ++i) r.push(ch[i]);
  return r.build();
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
  auto ch = t.children();
  TupleBuilder out;
  for (int i = 0; i < b; ++i) out.push(ch[i]);
  if (b < e) {
    TupleBuilder g;
    for (int i = b; i < e; ++i) g.push(ch[i]);
    out.push(g.build());
  }
  for (int i = e; i < r; ++i) out.push(ch[i]);
  return out.build();
}

IntTuple remove_mode(const IntTuple& t, int i) {
  auto ch = t.children();
  TupleBuilder r;
  for (int k = 0; k < static_cast<int>(ch.size()); ++k)
    if (k != i) r.push(ch[k]);
  return r.build();
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
  TupleBuilder out;
  for (int j = 0; j < n; ++j) {
    TupleBuilder m;
    for (const IntTuple& c : ch) {
      if (rank(c) <= j) throw LayoutError("Mismatched ranks", "zip of tuples of different ranks");
      m.push(c[j]);
    }
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
  TupleBuilder b;
  for (const IntTuple& c : t.children()) b.push(repeat_like(c, v));
  return b.build();
}

bool congruent(const IntTuple& a, const IntTuple& b) {
  const auto &x = a.nodes(), &y = b.nodes();
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (x[i].rank != y[i].rank) return false;
  return true;
}

IntTuple product_each(const IntTuple& t) {
  TupleBuilder b;
  for (const IntTuple& c : wrap(t).children()) b.push(IntTuple(product(c)));
  return b.build();
}

}  // namespace tvlab
