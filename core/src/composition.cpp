#include "tvlab/core/composition.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <string>

#include "flat_modes.hpp"
#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

using Flat = boost::container::small_vector<Scalar, 8>;

// The coalesced left operand, read in place: its leaves are the modes (a leaf, or a flat tuple).
struct Lhs {
  const Layout& layout;
  const IntTuple::Node *s, *d;  // the first leaf of shape and stride; leaves are consecutive when flat
  int r;
  bool flat;
  explicit Lhs(const Layout& l) : layout(l) {
    const auto &sn = l.shape.nodes(), &dn = l.stride.nodes();
    const bool leaf = sn[0].rank < 0;
    r = leaf ? 1 : sn[0].rank;
    flat = leaf || sn.size() == static_cast<std::size_t>(r) + 1;
    s = leaf ? &sn[0] : &sn[1];
    d = leaf ? &dn[0] : &dn[1];
  }
  const Scalar& shape(int i) const { return s[i].value; }
  const Scalar& stride(int i) const { return d[i].value; }
};

Layout leaf_layout(int64_t s, Scalar d) {
  return Layout(IntTuple(s), IntTuple(d), Layout::Trusted{});
}

// lhs o s:d for an integral s and a non-zero integral d, lhs a flat tuple (CuTe's general case).
Layout compose_flat(const Lhs& lhs, int64_t rest_shape, int64_t rest_stride) {
  if (!lhs.flat) throw LayoutError("Unsupported composition", "the left layout is not flat after coalescing");
  const int r = lhs.r;
  Flat result_shape, result_stride;
  for (int i = 0; i + 1 < r; ++i) {
    const int64_t curr_shape = plain(lhs.shape(i), "shape");
    if (!(checked_mod(rest_stride, curr_shape) == 0 || rest_stride < curr_shape))
      throw LayoutError("Stride Divisibility Condition",
                        "stride " + std::to_string(rest_stride) +
                            " is neither a multiple of nor less than shape " + std::to_string(curr_shape));
    const int64_t abs_stride = abs_value(rest_stride);
    const int64_t next_shape = ceil_div(curr_shape, abs_stride);
    const int64_t next_stride = checked_mul(ceil_div(abs_stride, curr_shape), signum(rest_stride));
    if (next_shape == 1 || rest_shape == 1) {
      rest_stride = next_stride;
      continue;
    }
    const int64_t new_shape = std::min(next_shape, rest_shape);
    if (checked_mod(rest_shape, new_shape) != 0)
      throw LayoutError(
          "Shape Divisibility Condition",
          "shape " + std::to_string(rest_shape) + " is not divisible by " + std::to_string(new_shape));
    result_shape.push_back(Scalar(new_shape));
    result_stride.push_back(Scalar(rest_stride) * lhs.stride(i));
    rest_shape = checked_div(rest_shape, new_shape);
    rest_stride = next_stride;
  }
  if (result_shape.empty()) return leaf_layout(rest_shape, Scalar(rest_stride) * lhs.stride(r - 1));
  if (rest_shape != 1) {
    result_shape.push_back(Scalar(rest_shape));
    result_stride.push_back(Scalar(rest_stride) * lhs.stride(r - 1));
  }
  if (result_shape.size() == 1)
    return Layout(IntTuple(result_shape[0]), IntTuple(result_stride[0]), Layout::Trusted{});
  TupleBuilder sb, db;
  for (std::size_t k = 0; k < result_shape.size(); ++k) sb.push(result_shape[k]), db.push(result_stride[k]);
  return Layout(sb.build(), db.build(), Layout::Trusted{});
}

// CuTe's detail::composition_impl for the rhs subtree at (rs, rd), nodes in pre-order.
Layout composition_impl(const Lhs& lhs, const IntTuple::Node* rs, const IntTuple::Node* rd) {
  if (rs->rank >= 0) {  // right-distributivity over the modes of rhs
    TupleBuilder s, d;
    const IntTuple::Node *cs = rs + 1, *cd = rd + 1;
    for (int i = 0; i < rs->rank; ++i, cs += cs->span, cd += cd->span) {
      Layout m = composition_impl(lhs, cs, cd);
      s.push(m.shape), d.push(m.stride);
    }
    return Layout(s.build(), d.build(), Layout::Trusted{});
  }
  const Scalar& d = rd->value;
  const int64_t shape = plain(rs->value, "shape");
  if (d.is_basis()) {  // a scaled basis selects the mode of lhs it names
    std::vector<int> path(d.depth());
    for (int k = 0; k < d.depth(); ++k) path[k] = d.path(k);
    const Layout mode(get(lhs.layout.shape, path), get(lhs.layout.stride, path));
    const Lhs sub(mode);
    const IntTuple s(shape), v(d.value);
    return composition_impl(sub, &s.nodes()[0], &v.nodes()[0]);
  }
  if (d.is(0)) return leaf_layout(shape, d);
  if (lhs.layout.shape.is_leaf()) return leaf_layout(shape, d * lhs.stride(0));
  return compose_flat(lhs, shape, d.value);
}

// The fast path for a right operand with integer strides (no scaled basis, so coprofile(rhs) is 0 and
// the left operand is coalesced whole): the result's nodes are written in pre-order straight into two
// node arrays, one rhs leaf at a time, with the same arithmetic and conditions as compose_flat.
using detail::push_leaf;
using Nodes = IntTuple::Nodes;  // the result's own node arrays, written in place

constexpr int64_t kSmall = INT32_MAX;

// A divisibility condition the fast path found violated. It is reported without unwinding: composition()
// throws it once, naming the operands (thrown here, it would be caught and thrown again to add them).
struct Failure {
  const char* condition = nullptr;  // nullptr: none
  std::string detail;
};
bool stride_divisibility(Failure& f, int64_t stride, int64_t shape) {
  f.condition = "Stride Divisibility Condition";
  f.detail = "stride " + std::to_string(stride) + " is neither a multiple of nor less than shape " +
             std::to_string(shape);
  return false;
}
bool shape_divisibility(Failure& f, int64_t shape, int64_t by) {
  f.condition = "Shape Divisibility Condition";
  f.detail = "shape " + std::to_string(shape) + " is not divisible by " + std::to_string(by);
  return false;
}

// The coalesced left operand when every leaf is a plain integer: its modes front to back as int64s,
// shape[0..n) and stride[0..n), which point into the buffers the modes accumulate in (back to front).
struct PlainModes {
  int n = 0;
  bool small = true;  // every shape in [1, 2^31): compose_leaf may take its 32-bit path
  const int64_t *shape = s_, *stride = d_;
  int64_t s_[detail::kInlineModes], d_[detail::kInlineModes];

  PlainModes() = default;
  PlainModes(const PlainModes&) = delete;  // shape and stride point into this object
  PlainModes& operator=(const PlainModes&) = delete;
};

// detail::coalesce_flat(l, true, ...) on plain integers (CuTe's coalesce_x: bw_coalesce over the leaves,
// last to first, a leading size-1 mode kept as size 2 while alone). False when a leaf is a scaled basis
// or more than kInlineModes modes remain: the caller takes the general path.
bool coalesce_plain_x(const Layout& l, PlainModes& out) {
  const auto &sn = l.shape.nodes(), &dn = l.stride.nodes();
  int64_t *s = out.s_, *d = out.d_;
  int i = static_cast<int>(sn.size()) - 1;
  while (i >= 0 && sn[i].rank >= 0) --i;
  if (i < 0) {  // the empty layout ():() coalesces to _1:_0
    out.n = 1, s[0] = 1, d[0] = 0, out.small = true, out.shape = s, out.stride = d;
    return true;
  }
  if (sn[i].value.is_basis() || dn[i].value.is_basis()) return false;
  // Modes accumulate from the back of the buffers: k is the front mode.
  constexpr int kEnd = detail::kInlineModes;
  int k = kEnd - 1;
  s[k] = sn[i].value.value == 1 ? 2 : sn[i].value.value, d[k] = dn[i].value.value;
  for (--i; i >= 0; --i) {
    if (sn[i].rank >= 0) continue;
    const Scalar &ss = sn[i].value, &ds = dn[i].value;
    if (ss.is_basis() || ds.is_basis()) return false;
    const int64_t sv = ss.value, dv = ds.value;
    if (sv == 1) continue;             // skip size-1 modes
    if (k == kEnd - 1 && s[k] == 1) {  // replace our size-1 with anything (as coalesce_flat)
      s[k] = sv, d[k] = dv;
    } else if (checked_mul(sv, dv) == d[k]) {  // merge: s0:s1*d1 with s1:d1
      s[k] = checked_mul(sv, s[k]), d[k] = dv;
    } else {  // prepend a new mode
      if (k == 0) return false;
      --k, s[k] = sv, d[k] = dv;
    }
  }
  out.n = kEnd - k, out.shape = s + k, out.stride = d + k;
  out.small = true;
  for (int m = k; m < kEnd; ++m) out.small &= s[m] >= 1 && s[m] <= kSmall;
  return true;
}

// a / b and a % b, with a shift and a mask when b is a power of two (the usual case in GPU layouts).
inline uint32_t div_u32(uint32_t a, uint32_t b) {
  return (b & (b - 1)) == 0 ? a >> std::countr_zero(b) : a / b;
}
inline uint32_t mod_u32(uint32_t a, uint32_t b) {
  return (b & (b - 1)) == 0 ? a & (b - 1) : a % b;
}

// lhs o s:d for an rhs leaf s:d (integral s, integral d), lhs the coalesced left operand. The modes are
// computed into local arrays first, so the nodes are written once each, in their final form.
bool compose_leaf(const PlainModes& lhs, int64_t rest_shape, int64_t d, Nodes& os, Nodes& od, Failure& f) {
  if (d == 0) return push_leaf(os, Scalar(rest_shape)), push_leaf(od, Scalar(0)), true;
  const int r = lhs.n;
  if (r == 1)
    return push_leaf(os, Scalar(rest_shape)), push_leaf(od, Scalar(checked_mul(d, lhs.stride[0]))), true;
  int64_t rest_stride = d;
  int64_t ms[detail::kInlineModes], md[detail::kInlineModes];  // the result's modes
  int count = 0;
  for (int i = 0; i + 1 < r; ++i) {
    const int64_t curr_shape = lhs.shape[i];
    int64_t next_shape, next_stride, new_shape;
    if (lhs.small && rest_stride > 0 && rest_stride <= kSmall && rest_shape > 0 && rest_shape <= kSmall) {
      // Positive values below 2^31 (all shapes positive): the arithmetic below without its overflow
      // checks, 32-bit, and a shift or mask for powers of two. rest_stride < curr_shape gives
      // next_stride 1; otherwise it must divide, and next_shape is 1.
      const auto a = static_cast<uint32_t>(rest_stride), c = static_cast<uint32_t>(curr_shape);
      if (a < c) {
        next_shape = div_u32(c + a - 1, a), next_stride = 1;
      } else {
        if (mod_u32(a, c) != 0) return stride_divisibility(f, rest_stride, curr_shape);
        next_shape = 1, next_stride = div_u32(a, c);
      }
      if (next_shape == 1 || rest_shape == 1) {
        rest_stride = next_stride;
        continue;
      }
      new_shape = std::min(next_shape, rest_shape);
      const auto rs = static_cast<uint32_t>(rest_shape), ns = static_cast<uint32_t>(new_shape);
      if (mod_u32(rs, ns) != 0) return shape_divisibility(f, rest_shape, new_shape);
      ms[count] = new_shape, md[count] = checked_mul(rest_stride, lhs.stride[i]), ++count;
      rest_shape = div_u32(rs, ns);
      rest_stride = next_stride;
      continue;
    }
    if (!(checked_mod(rest_stride, curr_shape) == 0 || rest_stride < curr_shape))
      return stride_divisibility(f, rest_stride, curr_shape);
    const int64_t abs_stride = abs_value(rest_stride);
    next_shape = ceil_div(curr_shape, abs_stride);
    next_stride = checked_mul(ceil_div(abs_stride, curr_shape), signum(rest_stride));
    if (next_shape == 1 || rest_shape == 1) {
      rest_stride = next_stride;
      continue;
    }
    new_shape = std::min(next_shape, rest_shape);
    if (checked_mod(rest_shape, new_shape) != 0) return shape_divisibility(f, rest_shape, new_shape);
    ms[count] = new_shape, md[count] = checked_mul(rest_stride, lhs.stride[i]), ++count;
    rest_shape = checked_div(rest_shape, new_shape);
    rest_stride = next_stride;
  }
  // The last mode of lhs takes what is left (dropped when size 1, unless it is the only mode).
  if (count == 0 || rest_shape != 1)
    ms[count] = rest_shape, md[count] = checked_mul(rest_stride, lhs.stride[r - 1]), ++count;
  if (count == 1) return push_leaf(os, Scalar(ms[0])), push_leaf(od, Scalar(md[0])), true;
  os.emplace_back(count, count + 1, Scalar()), od.emplace_back(count, count + 1, Scalar());
  for (int k = 0; k < count; ++k) push_leaf(os, Scalar(ms[k])), push_leaf(od, Scalar(md[k]));
  return true;
}

// The whole rhs in one pre-order pass, without recursion: a leaf of rhs becomes a leaf or a flat tuple
// of the result, a tuple of rhs a tuple of the same rank. start[j] is where rhs node j's image begins,
// so a tuple's span is start[end of its subtree] - start[itself], set once the pass is done. Shape and
// stride trees are congruent, so both outputs grow in step.
bool compose_tree(const PlainModes& lhs, const Layout& rhs, Nodes& os, Nodes& od, Failure& f) {
  const auto &rs = rhs.shape.nodes(), &rd = rhs.stride.nodes();
  const std::size_t n = rs.size();
  if (n == 1) return compose_leaf(lhs, plain(rs[0].value, "shape"), rd[0].value.value, os, od, f);
  // Uninitialized: every entry is written before it is read.
  uint32_t local[64];
  std::unique_ptr<uint32_t[]> heap(n + 1 > 64 ? new uint32_t[n + 1] : nullptr);
  uint32_t* const start = heap ? heap.get() : local;
  for (std::size_t j = 0; j < n; ++j) {
    start[j] = static_cast<uint32_t>(os.size());
    if (rs[j].rank >= 0)
      os.emplace_back(rs[j].rank, 1, Scalar()), od.emplace_back(rs[j].rank, 1, Scalar());
    else if (!compose_leaf(lhs, plain(rs[j].value, "shape"), rd[j].value.value, os, od, f))
      return false;
  }
  start[n] = static_cast<uint32_t>(os.size());
  for (std::size_t j = 0; j < n; ++j)
    if (rs[j].rank >= 0) os[start[j]].span = od[start[j]].span = start[j + rs[j].span] - start[j];
  return true;
}

bool has_basis(const IntTuple& t) {
  for (const auto& n : t.nodes())
    if (n.rank < 0 && n.value.is_basis()) return true;
  return false;
}

// The error of a condition violated by composition(lhs, rhs), naming the operands.
template <class Rhs>
LayoutError with_operands(const std::string& condition, const std::string& why, const Layout& lhs,
                          const Rhs& rhs) {
  return LayoutError(condition, "composition(" + to_string(lhs) + ", " + to_string(rhs) + ")" +
                                    (why.empty() ? "" : ": " + why));
}

// Runs f; a LayoutError comes back naming the operation and its operands, as does a Failure f reported.
template <class F, class Rhs>
Layout with_operands(const Layout& lhs, const Rhs& rhs, F f) {
  Failure failure;
  Layout result = [&] {
    try {
      return f(failure);
    } catch (const LayoutError& e) {
      throw with_operands(e.condition(), e.detail(), lhs, rhs);
    }
  }();
  if (failure.condition) throw with_operands(failure.condition, failure.detail, lhs, rhs);
  return result;
}

}  // namespace

Layout composition(const Layout& lhs, const Layout& rhs) {
  return with_operands(lhs, rhs, [&](Failure& failure) {
    // One named result on every path (returned without a move), its node arrays written in place.
    Layout result(detail::IntTupleAccess::blank(), detail::IntTupleAccess::blank(), Layout::Trusted{});
    PlainModes flat;
    if (!has_basis(rhs.stride) && coalesce_plain_x(lhs, flat)) {
      Nodes &os = detail::IntTupleAccess::nodes(result.shape),
            &od = detail::IntTupleAccess::nodes(result.stride);
      compose_tree(flat, rhs, os, od, failure);
    } else {
      const Layout flat_lhs = detail::coalesce_x(lhs, coprofile(rhs));
      result = composition_impl(Lhs(flat_lhs), &rhs.shape.nodes()[0], &rhs.stride.nodes()[0]);
    }
    return result;
  });
}

Layout composition(const Layout& lhs, const Tiler& rhs) {
  if (rhs.is_layout()) return composition(lhs, rhs.layout());
  if (rhs.is_underscore()) return lhs;
  if (rhs.is_integer()) {
    return with_operands(lhs, IntTuple(rhs.integer()), [&](Failure& failure) {
      PlainModes flat;
      if (!coalesce_plain_x(lhs, flat)) return composition(lhs, make_layout(IntTuple(rhs.integer())));
      Layout result(detail::IntTupleAccess::blank(), detail::IntTupleAccess::blank(), Layout::Trusted{});
      Nodes &os = detail::IntTupleAccess::nodes(result.shape),
            &od = detail::IntTupleAccess::nodes(result.stride);
      compose_leaf(flat, rhs.integer(), 1, os, od, failure);
      return result;
    });
  }
  if (rhs.rank() > rank(lhs))
    throw LayoutError("Mismatched ranks", "composition(" + to_string(lhs) + ", " + to_string(rhs) +
                                              "): the tiler has more modes than the layout");
  std::vector<Layout> modes;
  for (int i = 0; i < rhs.rank(); ++i) modes.push_back(composition(mode(lhs, i), rhs.modes()[i]));
  return make_layout(modes);
}

Layout with_shape(const Layout& l, const IntTuple& shape) {
  return composition(l, make_layout(shape));
}

}  // namespace tvlab
