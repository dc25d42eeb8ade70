#include "tvlab/core/stride.hpp"

#include <string>

#include "tvlab/core/error.hpp"
#include "tvlab/core/tuple_algorithms.hpp"

namespace tvlab {

namespace {

[[noreturn]] void mismatched(const char* what, int ra, int rb) {
  throw LayoutError("Mismatched ranks",
                    std::string(what) + " of ranks " + std::to_string(ra) + " and " + std::to_string(rb));
}

// Divide a tuple by an integer by folding b across the modes of a (CuTe's "tuple int" case).
template <class Op>
IntTuple fold_div(const IntTuple& a, IntTuple b, Op op) {
  TupleBuilder out;
  for (const IntTuple& ai : a.children()) {
    out.push(op(ai, b));
    b = op(b, ai);
  }
  return out.build();
}

Scalar scalar_ceil_div(const Scalar& a, int64_t b) {
  return a.with_value(ceil_div(a.value, b));
}

IntTuple as_arithmetic_tuple(const Scalar& s) {
  if (!s.is_basis()) return IntTuple(s);
  IntTuple r(s.value);
  for (int level = s.depth() - 1; level >= 0; --level) {
    TupleBuilder b;
    for (int k = 0; k < s.path(level); ++k) b.push(IntTuple(0));
    b.push(r);
    r = b.build();
  }
  return r;
}

// Compact strides over the leaves: column-major visits them in pre-order, row-major in reverse
// pre-order (the reverse of a left-to-right nested walk is the right-to-left nested walk).
IntTuple compact(const IntTuple& shape, Major major, int64_t current) {
  IntTuple r = shape;
  auto& n = detail::IntTupleAccess::nodes(r);
  const auto stride_of = [&](IntTuple::Node& node) {
    if (node.rank >= 0) return;
    const int64_t s = plain(node.value, "compact strides");
    if (s == 1) {
      node.value = Scalar(0);
    } else {
      node.value = Scalar(current);
      current = checked_mul(current, s);
    }
  };
  if (major == Major::Left)
    for (auto& node : n) stride_of(node);
  else
    for (auto it = n.rbegin(); it != n.rend(); ++it) stride_of(*it);
  return r;
}

}  // namespace

IntTuple ceil_div(const IntTuple& a, const IntTuple& b) {
  if (a.is_tuple()) {
    if (b.is_tuple()) {
      if (a.size() < b.size()) mismatched("ceil_div", a.size(), b.size());
      TupleBuilder out;
      for (int i = 0; i < a.size(); ++i) out.push(ceil_div(a[i], i < b.size() ? b[i] : IntTuple(1)));
      return out.build();
    }
    return fold_div(a, b, [](const IntTuple& x, const IntTuple& y) { return ceil_div(x, y); });
  }
  if (b.is_tuple()) return ceil_div(a, IntTuple(product(b)));
  return IntTuple(scalar_ceil_div(a.value(), plain(b.value(), "ceil_div")));
}

IntTuple shape_div(const IntTuple& a, const IntTuple& b) {
  if (a.is_tuple()) {
    if (b.is_tuple()) {
      if (a.size() != b.size()) mismatched("shape_div", a.size(), b.size());
      TupleBuilder out;
      for (int i = 0; i < a.size(); ++i) out.push(shape_div(a[i], b[i]));
      return out.build();
    }
    return fold_div(a, b, [](const IntTuple& x, const IntTuple& y) { return shape_div(x, y); });
  }
  if (b.is_tuple()) return shape_div(a, IntTuple(product(b)));
  int64_t x = plain(a.value(), "shape_div"), y = plain(b.value(), "shape_div");
  if (!(checked_mod(x, y) == 0 || checked_mod(y, x) == 0))
    throw LayoutError("Divisibility Condition", "shape_div(" + std::to_string(x) + "," + std::to_string(y) +
                                                    "): neither divides the other");
  return IntTuple(ceil_div(x, y));
}

IntTuple elem_scale(const IntTuple& a, const IntTuple& b) {
  if (a.is_tuple()) {
    if (rank(b) != a.size()) mismatched("elem_scale", a.size(), rank(b));
    TupleBuilder out;
    for (int i = 0; i < a.size(); ++i) out.push(elem_scale(a[i], b[i]));
    return out.build();
  }
  return IntTuple(a.value() * Scalar(product(b)));
}

IntTuple add_coords(const IntTuple& a, const IntTuple& b) {
  if (a.is_leaf() && a.value().is_basis()) return add_coords(as_arithmetic_tuple(a.value()), b);
  if (b.is_leaf() && b.value().is_basis()) return add_coords(a, as_arithmetic_tuple(b.value()));
  if (a.is_leaf() && b.is_leaf()) return IntTuple(checked_add(a.value().value, b.value().value));
  if (a.is_leaf() && a.value().is(0)) return b;
  if (b.is_leaf() && b.value().is(0)) return a;
  if (a.is_leaf() || b.is_leaf())
    throw LayoutError("Invalid sum", "an integer and a coordinate tuple cannot be added");
  const int n = std::max(a.size(), b.size());
  TupleBuilder out;
  for (int i = 0; i < n; ++i)
    out.push(add_coords(i < a.size() ? a[i] : IntTuple(0), i < b.size() ? b[i] : IntTuple(0)));
  return out.build();
}

IntTuple inner_product(const IntTuple& a, const IntTuple& b) {
  if (a.is_tuple() && b.is_tuple()) {
    if (a.size() != b.size()) mismatched("inner_product", a.size(), b.size());
    IntTuple acc(0);
    for (int i = 0; i < a.size(); ++i) acc = add_coords(acc, inner_product(a[i], b[i]));
    return acc;
  }
  if (a.is_tuple() || b.is_tuple()) mismatched("inner_product", rank(a), rank(b));
  return IntTuple(a.value() * b.value());
}

IntTuple compact_major(const IntTuple& shape, Major major, int64_t current) {
  return compact(shape, major, current);
}

IntTuple compact_order(const IntTuple& shape, const IntTuple& order) {
  if (!congruent(shape, order))
    throw LayoutError("Need congruence of shape and order.", "shape and order have different profiles");
  auto flat_shape = leaves(shape);
  auto flat_order = leaves(order);
  return transform_leaf(shape, [&, k = std::size_t(0)](const Scalar& s) mutable -> Scalar {
    int64_t o = plain(flat_order[k++], "order"), d = 1;
    for (std::size_t j = 0; j < flat_order.size(); ++j)
      if (plain(flat_order[j], "order") < o) d = checked_mul(d, plain(flat_shape[j], "shape"));
    return plain(s, "shape") == 1 ? Scalar(0) : Scalar(d);
  });
}

IntTuple crd2idx(const IntTuple& coord, const IntTuple& shape, const IntTuple& stride) {
  if (coord.is_tuple()) {
    if (!shape.is_tuple()) throw LayoutError("Invalid parameters", "a tuple coordinate for an integer shape");
    if (coord.size() != shape.size()) mismatched("crd2idx coordinate and shape", coord.size(), shape.size());
    if (rank(stride) != shape.size()) mismatched("crd2idx shape and stride", shape.size(), rank(stride));
    if (coord.size() == 0) return IntTuple(0);
    IntTuple acc = crd2idx(coord[0], shape[0], stride[0]);
    for (int i = 1; i < coord.size(); ++i) acc = add_coords(acc, crd2idx(coord[i], shape[i], stride[i]));
    return acc;
  }
  if (shape.is_tuple()) {
    if (rank(stride) != shape.size()) mismatched("crd2idx shape and stride", shape.size(), rank(stride));
    int64_t c = plain(coord.value(), "coordinate");
    IntTuple acc;
    const int r = shape.size();
    if (r == 0) return IntTuple(0);
    for (int i = 0; i < r; ++i) {
      IntTuple term;
      if (i + 1 < r) {
        int64_t p = product(shape[i]);
        term = crd2idx(IntTuple(checked_mod(c, p)), shape[i], stride[i]);
        c = checked_div(c, p);
      } else {
        term = crd2idx(IntTuple(c), shape[i], stride[i]);
      }
      acc = i == 0 ? term : add_coords(acc, term);
    }
    return acc;
  }
  if (stride.is_tuple()) mismatched("crd2idx shape and stride", 1, stride.size());
  return IntTuple(coord.value() * stride.value());
}

IntTuple idx2crd(const IntTuple& idx, const IntTuple& shape, const IntTuple& stride) {
  if (idx.is_tuple()) {
    if (!shape.is_tuple()) throw LayoutError("Invalid parameters", "a tuple index for an integer shape");
    if (idx.size() != shape.size() || rank(stride) != shape.size())
      mismatched("idx2crd index and shape", idx.size(), shape.size());
    TupleBuilder out;
    for (int i = 0; i < idx.size(); ++i) out.push(idx2crd(idx[i], shape[i], stride[i]));
    return out.build();
  }
  if (shape.is_tuple()) {
    IntTuple d = stride.is_tuple() ? stride : compact_col_major(shape, stride.ival());
    if (d.size() != shape.size()) mismatched("idx2crd shape and stride", shape.size(), d.size());
    TupleBuilder out;
    for (int i = 0; i < shape.size(); ++i) out.push(idx2crd(idx, shape[i], d[i]));
    return out.build();
  }
  if (shape.ival() == 1) return IntTuple(0);
  return IntTuple(checked_mod(checked_div(idx.ival(), stride.ival()), shape.ival()));
}

IntTuple idx2crd(const IntTuple& idx, const IntTuple& shape) {
  if (idx.is_tuple()) {
    if (!shape.is_tuple()) throw LayoutError("Invalid parameters", "a tuple index for an integer shape");
    if (idx.size() != shape.size()) mismatched("idx2crd index and shape", idx.size(), shape.size());
    TupleBuilder out;
    for (int i = 0; i < idx.size(); ++i) out.push(idx2crd(idx[i], shape[i]));
    return out.build();
  }
  if (shape.is_tuple()) return idx2crd(idx, shape, compact_col_major(shape));
  return idx;
}

bool evenly_divides(const IntTuple& shape, const IntTuple& tiler) {
  if (tiler.is_tuple()) {
    if (tiler.size() > rank(shape)) return false;
    for (int i = 0; i < tiler.size(); ++i)
      if (!evenly_divides(shape[i], tiler[i])) return false;
    return true;
  }
  return product(shape) == checked_mul(product(tiler), product(ceil_div(shape, tiler)));
}

}  // namespace tvlab
