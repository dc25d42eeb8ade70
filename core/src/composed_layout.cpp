#include "tvlab/core/composed_layout.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/complement.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/recast.hpp"

namespace tvlab {

std::string to_string(const AnyLayout& l) {
  if (auto* p = std::get_if<Layout>(&l)) return to_string(*p);
  return to_string(std::get<ComposedLayout>(l));
}

const Layout& inner_layout(const AnyLayout& l) {
  if (const auto* c = std::get_if<ComposedLayout>(&l)) return c->layout;
  return std::get<Layout>(l);
}

void not_defined_for_composed(std::string_view function, std::string_view why) {
  throw LayoutError(std::string(function) + " is not defined for composed layouts",
                    why.empty()
                        ? std::string("CuTe has no ") + std::string(function) + " for a ComposedLayout"
                        : std::string(why));
}

namespace {

// Rebuild `Sw o k o L'` (or `Sw o smem_ptr o L'`) around a new inner layout: CuTe's
// composition(a.layout_a(), a.offset(), f(a.layout_b())).
AnyLayout rewrap(const ComposedLayout& c, Layout inner) {
  if (c.is_smem_flagged()) return ComposedLayout::smem(c.swizzle, c.smem_ptr_bits, std::move(inner));
  return composition(c.swizzle, c.offset, inner);
}

[[noreturn]] void flagged(std::string_view function) {
  not_defined_for_composed(function,
                           std::string(function) +
                               " would treat the byte-address swizzle of an smem_ptr-flagged layout as an "
                               "element-index swizzle; apply as_position_independent_swizzle_layout first");
}

int log2_pow2(int64_t n, const char* function) {
  if (n <= 0 || !std::has_single_bit(static_cast<uint64_t>(n)))
    throw LayoutError("N must be a power of two",
                      std::string(function) + " of a swizzle by " + std::to_string(n));
  return std::countr_zero(static_cast<uint64_t>(n));
}

int64_t integer(const IntTuple& t, const char* what) {
  if (t.is_tuple() || t.value().is_basis())
    throw LayoutError("Integer-valued layout required", std::string(what) + " is " + to_string(t));
  return t.value().value;
}

bool is_zero(const IntTuple& t) {
  return !t.is_tuple() && !t.value().is_basis() && t.value().value == 0;
}

}  // namespace

AnyLayout composition(const Swizzle& sw, const IntTuple& offset, const Layout& l) {
  if (sw.bits == 0 && is_zero(offset)) return l;
  return ComposedLayout(sw, offset, l);
}

AnyLayout composition(const Swizzle& sw, const Layout& l) {
  return composition(sw, IntTuple(0), l);
}

namespace {
constexpr int64_t kMaxChecked = int64_t(1) << 20;

int64_t eval_any(const AnyLayout& l, int64_t i) {
  if (auto* p = std::get_if<Layout>(&l)) return integer((*p)(IntTuple(i)), "the result");
  return std::get<ComposedLayout>(l)(IntTuple(i));
}
int64_t size_any(const AnyLayout& l) {
  if (auto* p = std::get_if<Layout>(&l)) return size(*p);
  return size(std::get<ComposedLayout>(l).layout);
}
void check_size(int64_t n, const std::string& what) {
  if (n > kMaxChecked)
    throw LayoutError("Layout too large", what + " checks CuTe's rule on every index; size " +
                                              std::to_string(n) + " is above 2^20");
}
}  // namespace

AnyLayout composition(const Layout& a, const Swizzle& sw) {
  const int64_t y = integer(a(IntTuple(sw.yyy_mask())), "composition(Layout, Swizzle): A(yyy_msk)");
  const int64_t z = integer(a(IntTuple(sw.zzz_mask())), "composition(Layout, Swizzle): A(zzz_msk)");
  AnyLayout r = composition(make_swizzle(y, z), a);
  // CuTe moves the masks through A, which "works in simple cases": where A is not linear over the
  // swizzle's bits the result is not A o Sw. Say so instead of printing it.
  check_size(size(a), "composition(Layout, Swizzle)");
  for (int64_t i = 0; i < size(a); ++i) {
    const int64_t want = integer(a(IntTuple(sw(i))), "composition(Layout, Swizzle)");
    if (eval_any(r, i) != want)
      throw LayoutError("composition(Layout, Swizzle) has no exact swizzle form here",
                        "CuTe's rule gives " + to_string(r) + ", which differs from " + to_string(a) + " o " +
                            to_string(sw) + " at index " + std::to_string(i));
  }
  return r;
}

AnyLayout composition(const ComposedLayout& a, const Tiler& t) {
  return rewrap(a, composition(a.layout, t));
}

AnyLayout composition(const Layout& a, const ComposedLayout& b) {
  if (b.is_smem_flagged()) flagged("composition(Layout, ComposedLayout)");
  if (!is_zero(b.offset))
    not_defined_for_composed(
        "composition(Layout, ComposedLayout)",
        "CuTe requires the composed layout's offset to be 0, got " + to_string(b.offset));
  AnyLayout left = composition(a, b.swizzle);
  if (auto* l = std::get_if<Layout>(&left)) return composition(*l, Tiler(b.layout));
  return composition(std::get<ComposedLayout>(left), Tiler(b.layout));
}

AnyLayout with_shape(const ComposedLayout& c, const IntTuple& shape) {
  Layout m = make_layout(shape);
  validate(m);
  return composition(c, Tiler(m));
}

namespace {
AnyLayout inverse(const ComposedLayout& c, bool right) {
  const char* name = right ? "right_inverse" : "left_inverse";
  if (c.is_smem_flagged())
    not_defined_for_composed(name, std::string("CuTe has no ") + name +
                                       " for the smem_ptr flag offset; apply "
                                       "as_position_independent_swizzle_layout first");
  if (!is_zero(c.offset))
    not_defined_for_composed(
        name, std::string("with offset ") + to_string(c.offset) +
                  " CuTe's result is Layout o -offset o Swizzle, which tvlab cannot represent");
  Layout inv = right ? right_inverse(c.layout) : left_inverse(c.layout);
  AnyLayout r = composition(inv, c.swizzle);
  // CuTe's rule assumes the swizzle stays inside L's image; where it does not, its result is no inverse.
  const int64_t n = right ? size_any(r) : size(c.layout);
  check_size(n, name);
  for (int64_t i = 0; i < n; ++i) {
    const bool ok = right ? c(IntTuple(eval_any(r, i))) == i : eval_any(r, c(IntTuple(i))) == i;
    if (!ok)
      throw LayoutError(std::string(name) + ": the swizzle reaches outside the layout's image",
                        "CuTe's rule gives " + to_string(r) + ", which is not a " +
                            (right ? "right" : "left") + " inverse of " + to_string(c) + " (index " +
                            std::to_string(i) + ")");
  }
  return r;
}
}  // namespace

AnyLayout right_inverse(const ComposedLayout& c) {
  return inverse(c, true);
}
AnyLayout left_inverse(const ComposedLayout& c) {
  return inverse(c, false);
}

Swizzle upcast(const Swizzle& sw, int64_t n) {
  const int k = log2_pow2(n, "upcast");
  const int m = sw.base - k;
  if (m >= 0) return Swizzle(sw.bits, m, sw.shift);
  return Swizzle(std::max(sw.bits + m, 0), 0, sw.shift);
}

Swizzle downcast(const Swizzle& sw, int64_t n) {
  const int k = log2_pow2(n, "downcast");
  return Swizzle(sw.bits, sw.base + k, sw.shift);
}

AnyLayout upcast(const ComposedLayout& c, int64_t n) {
  if (c.is_smem_flagged()) {
    if (n <= 0 || c.smem_ptr_bits > (int64_t(1) << 30) / n)
      throw LayoutError("Invalid factor", "upcast of smem_ptr[" + std::to_string(c.smem_ptr_bits) + "b] by " +
                                              std::to_string(n));
    return ComposedLayout::smem(c.swizzle, static_cast<int>(c.smem_ptr_bits * n), upcast(c.layout, n));
  }
  const Swizzle sw = upcast(c.swizzle, n);
  const int64_t k = integer(c.offset, "upcast: the offset");
  if (k % n != 0)
    throw LayoutError("safe_div requires divisibility",
                      "upcast by " + std::to_string(n) + " of the offset " + std::to_string(k));
  return composition(sw, IntTuple(k / n), upcast(c.layout, n));
}

AnyLayout downcast(const ComposedLayout& c, int64_t n) {
  if (c.is_smem_flagged()) {
    if (n <= 0 || c.smem_ptr_bits % n != 0)
      throw LayoutError("Invalid factor", "downcast of smem_ptr[" + std::to_string(c.smem_ptr_bits) +
                                              "b] by " + std::to_string(n) + " leaves no whole bit width");
    return ComposedLayout::smem(c.swizzle, static_cast<int>(c.smem_ptr_bits / n), downcast(c.layout, n));
  }
  const Swizzle sw = downcast(c.swizzle, n);
  const int64_t k = integer(c.offset, "downcast: the offset");
  return composition(sw, IntTuple(checked_mul(k, n)), downcast(c.layout, n));
}

AnyLayout recast_layout(const ComposedLayout& c, int64_t old_bits, int64_t new_bits) {
  if (old_bits <= 0 || new_bits <= 0)
    throw LayoutError("Invalid widths", "recast_layout from " + std::to_string(old_bits) + " to " +
                                            std::to_string(new_bits) + " bits");
  const int64_t g = std::gcd(old_bits, new_bits);
  const int64_t num = new_bits / g, den = old_bits / g;
  if (num == 1 && den == 1) return c;
  if (num == 1) return downcast(c, den);
  if (den == 1) return upcast(c, num);
  AnyLayout up = upcast(c, num);
  if (auto* l = std::get_if<Layout>(&up)) return downcast(*l, den);
  return downcast(std::get<ComposedLayout>(up), den);
}

AnyLayout as_position_independent_swizzle_layout(const ComposedLayout& c) {
  if (!c.is_smem_flagged()) return c;
  // recast_layout<uint8_t, uint_bit_t<W>>(Sw): from 8-bit to W-bit units.
  const int64_t w = c.smem_ptr_bits, g = std::gcd(int64_t(8), w);
  const int64_t num = w / g, den = 8 / g;
  Swizzle sw = c.swizzle;
  if (num != 1) sw = upcast(sw, num);
  if (den != 1) sw = downcast(sw, den);
  AnyLayout out = composition(sw, IntTuple(0), c.layout);
  // Exactness: the element swizzle must agree with the byte-address one on every index of L.
  const ComposedLayout probe(sw, IntTuple(0), c.layout);
  const int64_t n = size(c.layout);
  if (n > (int64_t(1) << 22))
    throw LayoutError("Layout too large",
                      "as_position_independent_swizzle_layout checks every index; size " + std::to_string(n));
  for (int64_t i = 0; i < n; ++i) {
    if (element_offset(c, i, static_cast<int>(w)) != probe(IntTuple(i)))
      throw LayoutError("No position-independent equivalent",
                        to_string(c) + " at index " + std::to_string(i) + ": " + to_string(sw) +
                            " on elements differs from " + to_string(c.swizzle) + " on byte addresses");
  }
  return out;
}

int64_t max_common_vector(const ComposedLayout& a, const Layout& b) {
  if (a.is_smem_flagged()) flagged("max_common_vector");
  return std::min(max_common_vector(a.layout, b), int64_t(1) << a.swizzle.base);
}
int64_t max_common_vector(const Layout& a, const ComposedLayout& b) {
  return max_common_vector(b, a);
}
int64_t max_common_vector(const ComposedLayout& a, const ComposedLayout& b) {
  if (a.is_smem_flagged() || b.is_smem_flagged()) flagged("max_common_vector");
  const int64_t v = max_common_vector(a.layout, b.layout);
  if (a.swizzle == b.swizzle) return v;
  return std::min({v, int64_t(1) << a.swizzle.base, int64_t(1) << b.swizzle.base});
}

Layout max_common_layout(const ComposedLayout& a, const Layout& b) {
  if (a.is_smem_flagged()) flagged("max_common_layout");
  Layout common = max_common_layout(a.layout, b);
  const int64_t base = int64_t(1) << a.swizzle.base;
  if (base < size(common)) return composition(common, Tiler(base));
  return common;
}
Layout max_common_layout(const Layout& a, const ComposedLayout& b) {
  return max_common_layout(b, a);
}

AnyLayout coalesce(const ComposedLayout& c) {
  return rewrap(c, coalesce(c.layout));
}
AnyLayout coalesce(const ComposedLayout& c, const IntTuple& p) {
  return rewrap(c, coalesce(c.layout, p));
}
AnyLayout filter(const ComposedLayout& c, const IntTuple& p) {
  return rewrap(c, filter(c.layout, p));
}
AnyLayout logical_divide(const ComposedLayout& c, const Tiler& t) {
  return rewrap(c, logical_divide(c.layout, t));
}
AnyLayout zipped_divide(const ComposedLayout& c, const Tiler& t) {
  return rewrap(c, zipped_divide(c.layout, t));
}
AnyLayout tiled_divide(const ComposedLayout& c, const Tiler& t) {
  return rewrap(c, tiled_divide(c.layout, t));
}
AnyLayout flat_divide(const ComposedLayout& c, const Tiler& t) {
  return rewrap(c, flat_divide(c.layout, t));
}
AnyLayout logical_product(const ComposedLayout& c, const Tiler& t) {
  return rewrap(c, logical_product(c.layout, t));
}
AnyLayout zipped_product(const ComposedLayout& c, const Tiler& t) {
  return rewrap(c, zipped_product(c.layout, t));
}
AnyLayout tiled_product(const ComposedLayout& c, const Tiler& t) {
  return rewrap(c, tiled_product(c.layout, t));
}
AnyLayout flat_product(const ComposedLayout& c, const Tiler& t) {
  return rewrap(c, flat_product(c.layout, t));
}
AnyLayout blocked_product(const ComposedLayout& c, const Layout& t) {
  return rewrap(c, blocked_product(c.layout, t));
}
AnyLayout raked_product(const ComposedLayout& c, const Layout& t) {
  return rewrap(c, raked_product(c.layout, t));
}
AnyLayout tile_to_shape(const ComposedLayout& c, const IntTuple& trg_shape, const ModeOrder& order) {
  try {
    return rewrap(c, tile_to_shape(c.layout, trg_shape, order));
  } catch (const LayoutError& e) {
    // The block the caller gave is the composed layout: echo it whole, swizzle included.
    std::string detail = e.detail();
    const std::string inner = "the block " + to_string(c.layout), whole = "the block " + to_string(c);
    if (detail.rfind(inner, 0) == 0) detail = whole + detail.substr(inner.size());
    throw LayoutError(e.condition(), detail);
  }
}

AnyLayout logical_product(const Layout& a, const ComposedLayout& t) {
  if (t.is_smem_flagged()) flagged("logical_product(Layout, ComposedLayout)");
  if (!is_zero(t.offset))
    not_defined_for_composed("logical_product(Layout, ComposedLayout)",
                             "CuTe requires the swizzle offset to be 0, got " + to_string(t.offset));
  const Layout new_layout = logical_product(a, Tiler(t.layout));
  const Swizzle& sw = t.swizzle;
  const int M = sw.base, B = sw.bits, S = std::abs(sw.shift);
  // The projection onto the swizzle's Y and Z bits, composed with the tiler's layout; its last value
  // holds the active bits.
  const Layout only_zy(
      IntTuple::tuple({IntTuple(int64_t(1) << M), IntTuple(int64_t(1) << B), IntTuple(int64_t(1) << (S - B)),
                       IntTuple(int64_t(1) << B), IntTuple(1)}),
      IntTuple::tuple({IntTuple(0), IntTuple(int64_t(1) << M), IntTuple(0), IntTuple(int64_t(1) << (M + S)),
                       IntTuple(0)}));
  const Layout proj = composition(only_zy, Tiler(t.layout));
  const int64_t active = integer(proj(IntTuple(size(proj) - 1)), "the swizzle projection");
  const int64_t az = active & sw.zzz_mask(), ay = active & sw.yyy_mask();
  auto through = [&](int64_t bits) {
    const IntTuple inner = t.layout(IntTuple(bits));
    return integer(new_layout(IntTuple::tuple({IntTuple(0), inner})),
                   "logical_product: the transferred mask");
  };
  return composition(make_swizzle(through(ay), through(az)), new_layout);
}

AnyLayout get(const ComposedLayout& c, std::span<const int> path) {
  return rewrap(c, get(c.layout, path));
}
AnyLayout take(const ComposedLayout& c, int b, int e) {
  return rewrap(c, take(c.layout, b, e));
}
AnyLayout flatten(const ComposedLayout& c) {
  return rewrap(c, flatten(c.layout));
}
AnyLayout append(const ComposedLayout& c, const Layout& x) {
  return rewrap(c, append(c.layout, x));
}
AnyLayout group(const ComposedLayout& c, int b, int e) {
  return rewrap(c, group(c.layout, b, e));
}
AnyLayout zip(const ComposedLayout& c) {
  return rewrap(c, zip(c.layout));
}
Layout complement(const ComposedLayout& c, const IntTuple& cotarget) {
  return complement(c.layout, cotarget);
}
Layout complement(const ComposedLayout& c) {
  return complement(c.layout, IntTuple(cosize(c.layout)));
}

int64_t size(const ComposedLayout& c) {
  return size(c.layout);
}
int64_t cosize(const ComposedLayout& c) {
  return cosize(c.layout);
}
int rank(const ComposedLayout& c) {
  return rank(c.layout);
}
int depth(const ComposedLayout& c) {
  return depth(c.layout);
}
const IntTuple& shape(const ComposedLayout& c) {
  return c.layout.shape;
}

}  // namespace tvlab
