#include "tvlab/core/nested_layout.hpp"

#include <algorithm>
#include <numeric>

#include "tvlab/core/composition.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/recast.hpp"

namespace tvlab {

namespace {

int64_t integer_offset(const IntTuple& t, const std::string& where) {
  if (t.is_tuple() || t.value().is_basis())
    throw LayoutError("Integer offset required",
                      where + ": the offset " + to_string(t) + " is not an integer");
  return t.value().value;
}

[[noreturn]] void flagged_nest(const std::string& what) {
  throw LayoutError("Nested smem_ptr-flagged layout",
                    what +
                        ": a stage over (or under) an smem_ptr-flagged layout would add an integer to CuTe's "
                        "pointer flag; tvlab does not represent it (apply "
                        "as_position_independent_swizzle_layout first)");
}

// A swizzled layout as its stages (outermost first, the innermost's own swizzle last) over a plain layout.
struct Stages {
  std::vector<SwizzleStage> stages;
  Layout layout;
  bool flagged = false;  // the innermost stage is an smem_ptr flag
};

Stages stages_of(const SwizzledLayout& x) {
  Stages s;
  if (const auto* l = std::get_if<Layout>(&x)) {
    s.layout = *l;
    return s;
  }
  const ComposedLayout* c = std::get_if<ComposedLayout>(&x);
  if (const auto* n = std::get_if<NestedLayout>(&x)) {
    s.stages = n->outer;
    c = &n->inner;
  }
  s.flagged = c->is_smem_flagged();
  s.stages.push_back({c->swizzle, s.flagged ? 0 : integer_offset(c->offset, "a composed layout")});
  s.layout = c->layout;
  return s;
}

// The swizzled layout without its outermost stage.
SwizzledLayout peel(const NestedLayout& n) {
  if (n.outer.size() == 1) return n.inner;
  NestedLayout r = n;
  r.outer.erase(r.outer.begin());
  return r;
}

}  // namespace

int64_t NestedLayout::operator()(const IntTuple& coord) const {
  int64_t e = inner(coord);
  for (auto it = outer.rbegin(); it != outer.rend(); ++it) e = it->swizzle(checked_add(it->offset, e));
  return e;
}

std::string to_string(const NestedLayout& n, Style style) {
  std::string out;
  for (const SwizzleStage& s : n.outer)
    out += to_string(s.swizzle) + " o " + to_string(IntTuple(s.offset), style) + " o ";
  return out + to_string(n.inner, style);
}

std::string to_string(const SwizzledLayout& l, Style style) {
  return std::visit([&](const auto& x) { return to_string(x, style); }, l);
}

SwizzledLayout widen(const AnyLayout& l) {
  if (const auto* p = std::get_if<Layout>(&l)) return *p;
  return std::get<ComposedLayout>(l);
}

SwizzledLayout composition(const Swizzle& sw, int64_t offset, const SwizzledLayout& x) {
  if (const auto* l = std::get_if<Layout>(&x)) return widen(composition(sw, IntTuple(offset), *l));
  if (const auto* c = std::get_if<ComposedLayout>(&x)) {
    if (c->is_smem_flagged()) flagged_nest("composition(" + to_string(sw) + ", " + to_string(*c) + ")");
    (void)integer_offset(c->offset, "composition(Swizzle, offset, ComposedLayout)");
    return NestedLayout{{{sw, offset}}, *c};
  }
  NestedLayout n = std::get<NestedLayout>(x);
  n.outer.insert(n.outer.begin(), SwizzleStage{sw, offset});
  return n;
}

SwizzledLayout wrap(const ComposedLayout& c, const SwizzledLayout& x) {
  if (c.is_smem_flagged()) {
    if (const auto* l = std::get_if<Layout>(&x)) return ComposedLayout::smem(c.swizzle, c.smem_ptr_bits, *l);
    flagged_nest(to_string(c) + " over " + to_string(x));
  }
  if (const auto* l = std::get_if<Layout>(&x)) return widen(composition(c.swizzle, c.offset, *l));
  return composition(c.swizzle, integer_offset(c.offset, to_string(c)), x);
}

SwizzledLayout wrap(const NestedLayout& n, const SwizzledLayout& x) {
  SwizzledLayout r = x;
  for (auto it = n.outer.rbegin(); it != n.outer.rend(); ++it) r = composition(it->swizzle, it->offset, r);
  return r;
}

SwizzledLayout composition(const SwizzledLayout& a, const SwizzledLayout& b) {
  if (const auto* n = std::get_if<NestedLayout>(&a))
    return wrap(*n, composition(SwizzledLayout(n->inner), b));
  if (const auto* c = std::get_if<ComposedLayout>(&a))
    return wrap(*c, composition(SwizzledLayout(c->layout), b));
  const Layout& l = std::get<Layout>(a);
  if (const auto* p = std::get_if<Layout>(&b)) return widen(composition(l, Tiler(*p)));
  if (const auto* c = std::get_if<ComposedLayout>(&b)) return widen(composition(l, *c));
  // composition(Layout, Sw o k o X) = composition(composition(L, Sw), X), offset 0 (CuTe's static_assert).
  const NestedLayout& n = std::get<NestedLayout>(b);
  if (n.outer.front().offset != 0)
    throw LayoutError("Require offset == 0.", "composition(" + to_string(l) + ", " + to_string(n) +
                                                  "): the outer offset is " +
                                                  std::to_string(n.outer.front().offset));
  return composition(widen(composition(l, n.outer.front().swizzle)), peel(n));
}
SwizzledLayout composition(const NestedLayout& a, const Tiler& t) {
  return wrap(a, widen(composition(a.inner, t)));
}

namespace {
SwizzledLayout scale(const NestedLayout& n, int64_t factor, bool up) {
  SwizzledLayout r = widen(up ? upcast(n.inner, factor) : downcast(n.inner, factor));
  for (auto it = n.outer.rbegin(); it != n.outer.rend(); ++it) {
    int64_t k = it->offset;
    if (up && k % factor != 0)
      throw LayoutError("safe_div requires divisibility",
                        "upcast by " + std::to_string(factor) + " of the offset " + std::to_string(k));
    k = up ? k / factor : checked_mul(k, factor);
    r = composition(up ? upcast(it->swizzle, factor) : downcast(it->swizzle, factor), k, r);
  }
  return r;
}
}  // namespace

SwizzledLayout upcast(const NestedLayout& n, int64_t factor) {
  return scale(n, factor, true);
}
SwizzledLayout downcast(const NestedLayout& n, int64_t factor) {
  return scale(n, factor, false);
}

SwizzledLayout recast_layout(const NestedLayout& n, int64_t old_bits, int64_t new_bits) {
  if (old_bits <= 0 || new_bits <= 0)
    throw LayoutError("Invalid widths", "recast_layout from " + std::to_string(old_bits) + " to " +
                                            std::to_string(new_bits) + " bits");
  const int64_t g = std::gcd(old_bits, new_bits);
  const int64_t num = new_bits / g, den = old_bits / g;
  if (num == 1 && den == 1) return n;
  if (num == 1) return downcast(n, den);
  if (den == 1) return upcast(n, num);
  const SwizzledLayout up = upcast(n, num);
  if (const auto* l = std::get_if<Layout>(&up)) return downcast(*l, den);
  if (const auto* c = std::get_if<ComposedLayout>(&up)) return widen(downcast(*c, den));
  return downcast(std::get<NestedLayout>(up), den);
}

namespace {
int64_t mcv(const Stages& a, std::size_t i, const Stages& b, std::size_t j) {
  const bool sa = i < a.stages.size(), sb = j < b.stages.size();
  if (!sa && !sb) return max_common_vector(a.layout, b.layout);
  if (sa && !sb) return std::min(mcv(a, i + 1, b, j), int64_t(1) << a.stages[i].swizzle.base);
  if (!sa) return mcv(b, j, a, i);
  const int64_t v = mcv(a, i + 1, b, j + 1);
  if (a.stages[i].swizzle == b.stages[j].swizzle) return v;
  return std::min({v, int64_t(1) << a.stages[i].swizzle.base, int64_t(1) << b.stages[j].swizzle.base});
}

Layout mcl(const Stages& a, std::size_t i, const Layout& b) {
  if (i == a.stages.size()) return max_common_layout(a.layout, b);
  Layout common = mcl(a, i + 1, b);
  const int64_t base = int64_t(1) << a.stages[i].swizzle.base;
  if (base < size(common)) return composition(common, Tiler(base));
  return common;
}

Stages unflagged_stages(const SwizzledLayout& x, const char* function) {
  Stages s = stages_of(x);
  if (s.flagged)
    not_defined_for_composed(function,
                             std::string(function) +
                                 " would treat the byte-address swizzle of an smem_ptr-flagged layout "
                                 "as an element-index swizzle; apply "
                                 "as_position_independent_swizzle_layout first");
  return s;
}
}  // namespace

int64_t max_common_vector(const NestedLayout& a, const Layout& b) {
  return max_common_vector(SwizzledLayout(a), SwizzledLayout(b));
}

int64_t max_common_vector(const SwizzledLayout& a, const SwizzledLayout& b) {
  return mcv(unflagged_stages(a, "max_common_vector"), 0, unflagged_stages(b, "max_common_vector"), 0);
}

Layout max_common_layout(const NestedLayout& a, const Layout& b) {
  return mcl(unflagged_stages(a, "max_common_layout"), 0, b);
}

int64_t size(const NestedLayout& n) {
  return size(n.inner);
}
int64_t cosize(const NestedLayout& n) {
  return cosize(n.inner);
}
int rank(const NestedLayout& n) {
  return rank(n.inner);
}
int depth(const NestedLayout& n) {
  return depth(n.inner);
}
const IntTuple& shape(const NestedLayout& n) {
  return shape(n.inner);
}
Layout complement(const NestedLayout& n) {
  return complement(n.inner);
}
Layout complement(const NestedLayout& n, const IntTuple& cotarget) {
  return complement(n.inner, cotarget);
}

bool zero_offsets(const NestedLayout& n) {
  if (std::any_of(n.outer.begin(), n.outer.end(), [](const SwizzleStage& s) { return s.offset != 0; }))
    return false;
  return n.inner.offset.is_leaf() && !n.inner.offset.value().is_basis() && n.inner.offset.value().value == 0;
}

}  // namespace tvlab
