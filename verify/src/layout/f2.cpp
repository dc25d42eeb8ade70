#include "tvlab/verify/layout/f2.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>

#include "detail/basis_leaf.hpp"
#include "tvlab/core/composed_layout.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tuple_algorithms.hpp"

namespace tvlab {

namespace {

constexpr int kMaxExtentBits = 62;  // an extent 2^b must fit an int64 IntTuple leaf

bool is_pow2(int64_t v) {
  return v > 0 && (v & (v - 1)) == 0;
}
int log2_of(int64_t v) {
  return 63 - std::countl_zero(static_cast<uint64_t>(v));
}
// Smallest b with 2^b >= v (v >= 1).
int ceil_log2(int64_t v) {
  return v <= 1 ? 0 : 64 - std::countl_zero(static_cast<uint64_t>(v - 1));
}
uint64_t bit(int b) {
  return uint64_t(1) << b;
}

std::optional<F2Layout> fail(std::string* why, const std::string& msg) {
  if (why) *why = msg;
  return std::nullopt;
}

// Bits of each leaf of a shape whose leaves are powers of two (pre-order).
std::vector<int> leaf_bits(const IntTuple& shape) {
  std::vector<int> out;
  for (const Scalar& s : leaves(shape)) out.push_back(log2_of(s.value));
  return out;
}

// Paths (outermost first) of the leaves of t, in pre-order.
void leaf_paths(const IntTuple& t, std::vector<int>& prefix, std::vector<std::vector<int>>& out) {
  if (t.is_leaf()) {
    out.push_back(prefix);
    return;
  }
  const auto children = t.children();
  for (std::size_t i = 0; i < children.size(); ++i) {
    prefix.push_back(static_cast<int>(i));
    leaf_paths(children[i], prefix, out);
    prefix.pop_back();
  }
}
std::vector<std::vector<int>> leaf_paths(const IntTuple& t) {
  std::vector<int> prefix;
  std::vector<std::vector<int>> out;
  leaf_paths(t, prefix, out);
  return out;
}

IntTuple round_up_pow2(const IntTuple& shape) {
  return transform_leaf(shape, [](const Scalar& s) {
    if (s.is_basis() || s.value < 1) throw LayoutError("F2 codomain", "extents must be positive integers");
    const int b = ceil_log2(s.value);
    if (b > kMaxExtentBits) throw LayoutError("F2 codomain", "an extent beyond 2^62");
    return Scalar(int64_t(1) << b);
  });
}

// Gaussian elimination of the columns: vec[b] is a combination of columns with leading bit b (the
// pivot), combo[b] the input bits that make it. After reduce(), no vec has another vector's pivot bit.
struct Echelon {
  std::array<uint64_t, 64> vec{}, combo{};
  uint64_t pivots = 0;
  std::vector<uint64_t> kernel;

  Echelon(const std::array<uint64_t, 64>& cols, int n) {
    for (int j = 0; j < n; ++j) {
      uint64_t v = cols[j], c = bit(j);
      while (v != 0) {
        const int b = 63 - std::countl_zero(v);
        if (!(pivots & bit(b))) {
          vec[b] = v, combo[b] = c, pivots |= bit(b);
          break;
        }
        v ^= vec[b], c ^= combo[b];
      }
      if (v == 0) kernel.push_back(c);
    }
  }
  void reduce() {
    for (uint64_t p = pivots; p != 0; p &= p - 1) {
      const int b = std::countr_zero(p);
      for (uint64_t q = pivots & ~(bit(b) | (bit(b) - 1)); q != 0; q &= q - 1) {
        const int h = std::countr_zero(q);
        if (vec[h] & bit(b)) vec[h] ^= vec[b], combo[h] ^= combo[b];
      }
    }
  }
};

// Bit offset of each codomain leaf within the output word.
std::vector<int> offsets_of(const std::vector<int>& bits) {
  std::vector<int> off(bits.size() + 1, 0);
  for (std::size_t i = 0; i < bits.size(); ++i) off[i + 1] = off[i] + bits[i];
  return off;
}

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

F2Layout::F2Layout(IntTuple domain, IntTuple codomain, std::vector<uint64_t> cols)
    : domain_(std::move(domain)), codomain_(std::move(codomain)) {
  int n = 0, m = 0;
  for (const Scalar& s : leaves(domain_)) {
    if (s.is_basis() || !is_pow2(s.value)) throw LayoutError("F2 domain", "extents must be powers of two");
    n += log2_of(s.value);
  }
  for (const Scalar& s : leaves(codomain_)) {
    if (s.is_basis() || !is_pow2(s.value)) throw LayoutError("F2 codomain", "extents must be powers of two");
    m += log2_of(s.value);
  }
  if (n != static_cast<int>(cols.size()))
    throw LayoutError("F2 domain",
                      "size(" + tvlab::to_string(domain_) + ") is not 2^" + std::to_string(cols.size()));
  if (m > kMaxBits) throw LayoutError("F2 codomain", "more than 64 output bits");
  for (std::size_t j = 0; j < cols.size(); ++j) {
    if (m < 64 && (cols[j] >> m) != 0)
      throw LayoutError("F2 codomain", "column " + hex(cols[j]) + " outside " + tvlab::to_string(codomain_));
    cols_[j] = cols[j];
  }
  in_bits_ = n, out_bits_ = m;
}

F2Layout F2Layout::identity(const IntTuple& shape) {
  std::vector<uint64_t> cols;
  for (int b : leaf_bits(shape))
    for (int i = 0; i < b; ++i) cols.push_back(bit(static_cast<int>(cols.size())));
  if (cols.size() > kMaxExtentBits) throw LayoutError("F2 domain", "identity beyond 2^62");
  const IntTuple codomain(int64_t(1) << cols.size());  // before cols is moved from
  return F2Layout(shape, codomain, std::move(cols));
}

IntTuple F2Layout::output_coord(uint64_t y) const {
  if (codomain_.is_leaf()) return IntTuple(static_cast<int64_t>(y));
  int off = 0;
  return transform_leaf(codomain_, [&](const Scalar& s) {
    const int b = log2_of(s.value);
    const int64_t v = static_cast<int64_t>((y >> off) & (bit(b) - 1));
    off += b;
    return Scalar(v);
  });
}

int F2Layout::rank() const {
  return std::popcount(Echelon(cols_, in_bits_).pivots);
}

std::vector<uint64_t> F2Layout::kernel_basis() const {
  return Echelon(cols_, in_bits_).kernel;
}

std::vector<uint64_t> F2Layout::image_basis() const {
  Echelon e(cols_, in_bits_);
  e.reduce();
  std::vector<uint64_t> out;
  for (uint64_t p = e.pivots; p != 0; p &= p - 1) out.push_back(e.vec[std::countr_zero(p)]);
  return out;
}

std::optional<std::pair<uint64_t, uint64_t>> F2Layout::collision() const {
  const auto k = kernel_basis();
  if (k.empty()) return std::nullopt;
  return std::pair<uint64_t, uint64_t>{0, k.front()};
}

std::optional<F2Layout> F2Layout::pseudo_inverse() const {
  if (in_bits_ > kMaxExtentBits) return std::nullopt;
  Echelon e(cols_, in_bits_);
  e.reduce();
  F2Layout g;
  g.domain_ = codomain_;
  g.codomain_ = IntTuple(int64_t(1) << in_bits_);
  g.in_bits_ = out_bits_;
  g.out_bits_ = in_bits_;
  for (int i = 0; i < out_bits_; ++i) g.cols_[i] = (e.pivots & bit(i)) ? e.combo[i] : 0;
  return g;
}

std::optional<F2Layout> F2Layout::left_inverse() const {
  if (!injective()) return std::nullopt;
  return pseudo_inverse();
}

std::optional<F2Layout> F2Layout::right_inverse() const {
  if (!surjective()) return std::nullopt;
  return pseudo_inverse();
}

bool F2Layout::is_bit_permutation() const {
  uint64_t seen = 0;
  for (int j = 0; j < in_bits_; ++j) {
    const uint64_t c = cols_[j];
    if (std::popcount(c) > 1 || (seen & c)) return false;
    seen |= c;
  }
  return true;
}

std::optional<Layout> F2Layout::to_layout() const {
  if (!is_bit_permutation()) return std::nullopt;
  // The stride of each output bit: 2^b (integer codomain) or 2^(b - offset)@path (coordinate).
  const std::vector<int> cobits = leaf_bits(codomain_);
  const std::vector<int> off = offsets_of(cobits);
  const auto paths = leaf_paths(codomain_);
  auto stride_of = [&](uint64_t c) -> Scalar {
    if (c == 0) return Scalar(0);
    const int b = std::countr_zero(c);
    if (codomain_.is_leaf()) return Scalar(int64_t(1) << b);
    const int d = static_cast<int>(std::upper_bound(off.begin(), off.end(), b) - off.begin()) - 1;
    return Scalar::basis(int64_t(1) << (b - off[d]), paths[d].data(), static_cast<int>(paths[d].size()));
  };
  // One coalesced layout per top-level mode of the domain.
  const std::vector<IntTuple> modes = domain_.is_leaf() ? std::vector<IntTuple>{domain_} : domain_.children();
  std::vector<Layout> out;
  int j = 0;
  for (const IntTuple& m : modes) {
    std::vector<std::pair<int64_t, Scalar>> pieces;  // (size, stride)
    for (int b : leaf_bits(m))
      for (int i = 0; i < b; ++i, ++j) {
        const Scalar d = stride_of(cols_[j]);
        if (!pieces.empty() && pieces.back().second * Scalar(pieces.back().first) == d)
          pieces.back().first *= 2;
        else
          pieces.emplace_back(2, d);
      }
    if (pieces.empty()) {
      out.emplace_back(IntTuple(1), IntTuple(0));
    } else if (pieces.size() == 1) {
      out.emplace_back(IntTuple(pieces[0].first), IntTuple(pieces[0].second));
    } else {
      TupleBuilder s, d;
      for (const auto& [n, st] : pieces) s.push(Scalar(n)), d.push(st);
      out.emplace_back(s.build(), d.build());
    }
  }
  if (domain_.is_leaf()) return out[0];
  return make_layout(std::span<const Layout>(out));
}

std::string F2Layout::to_string() const {
  if (auto l = to_layout()) return tvlab::to_string(*l);
  // Sw<B,M,S> o P: every mixed column is {k, k-|S|} with one common |S|.
  if (codomain_.is_leaf()) {
    int diff = -1, lo_min = 64, lo_max = -1, hi_min = 64, hi_max = -1;
    bool ok = true;
    for (int j = 0; j < in_bits_ && ok; ++j) {
      const uint64_t c = cols_[j];
      if (std::popcount(c) <= 1) continue;
      if (std::popcount(c) != 2) ok = false;
      const int lo = std::countr_zero(c), hi = 63 - std::countl_zero(c);
      if (diff >= 0 && hi - lo != diff) ok = false;
      diff = hi - lo;
      lo_min = std::min(lo_min, lo), lo_max = std::max(lo_max, lo);
      hi_min = std::min(hi_min, hi), hi_max = std::max(hi_max, hi);
    }
    for (int sign : {1, -1}) {
      if (!ok || diff < 0) break;
      // S > 0: the source bits (yyy) are the high ones; S < 0: the low ones.
      const int src_min = sign > 0 ? hi_min : lo_min, src_max = sign > 0 ? hi_max : lo_max;
      const int b = src_max - src_min + 1, s = sign * diff, m = sign > 0 ? src_min - diff : src_min;
      if (b > diff || m < 0) continue;
      try {
        const Swizzle sw(b, m, s);
        std::vector<uint64_t> p(in_bits_);
        for (int j = 0; j < in_bits_; ++j) p[j] = static_cast<uint64_t>(sw(static_cast<int64_t>(cols_[j])));
        int top = 0;
        for (uint64_t c : p) top = std::max(top, 64 - std::countl_zero(c));
        const F2Layout inner(domain_, IntTuple(int64_t(1) << top), p);
        if (auto l = inner.to_layout()) return tvlab::to_string(ComposedLayout(sw, IntTuple(0), *l));
      } catch (const LayoutError&) {
      }
    }
  }
  std::string s = "F2[" + tvlab::to_string(domain_) + " -> " + tvlab::to_string(codomain_) + "]{";
  for (int j = 0; j < in_bits_; ++j) s += (j ? "," : "") + hex(cols_[j]);
  return s + "}";
}

bool operator==(const F2Layout& a, const F2Layout& b) {
  return a.in_bits_ == b.in_bits_ && a.out_bits_ == b.out_bits_ && a.domain_ == b.domain_ &&
         a.codomain_ == b.codomain_ &&
         std::equal(a.cols_.begin(), a.cols_.begin() + a.in_bits_, b.cols_.begin());
}

F2Layout compose(const F2Layout& g, const F2Layout& f) {
  // Where each output bit of f lands among g's input bits: per codomain leaf of f, an offset.
  const std::vector<int> fb = leaf_bits(f.codomain_);
  std::vector<int> gb;  // bits of each top-level mode of g's domain
  if (f.codomain_.is_leaf()) {
    gb.push_back(g.in_bits_);
  } else if (g.domain_.is_leaf()) {
    gb.push_back(g.in_bits_);
  } else {
    for (const IntTuple& m : g.domain_.children()) gb.push_back(log2_of(product(m)));
  }
  auto names = [&] { return tvlab::to_string(g) + " o " + tvlab::to_string(f); };
  if (fb.size() != gb.size() && !(f.codomain_.is_leaf()))
    throw LayoutError("F2 composition", names() + ": codomain " + tvlab::to_string(f.codomain_) +
                                            " does not match domain " + tvlab::to_string(g.domain_));
  if (f.codomain_.is_leaf() && f.out_bits_ > g.in_bits_)
    throw LayoutError("F2 composition", names() + ": " + std::to_string(f.out_bits_) + " bits into " +
                                            std::to_string(g.in_bits_));
  const std::vector<int> fo = offsets_of(fb), go = offsets_of(gb);
  if (!f.codomain_.is_leaf())
    for (std::size_t d = 0; d < fb.size(); ++d)
      if (fb[d] > gb[d])
        throw LayoutError("F2 composition", names() + ": codomain mode " + std::to_string(d) + " has " +
                                                std::to_string(fb[d]) + " bits, domain mode " +
                                                std::to_string(gb[d]));
  F2Layout r;
  r.domain_ = f.domain_;
  r.codomain_ = g.codomain_;
  r.in_bits_ = f.in_bits_;
  r.out_bits_ = g.out_bits_;
  const bool direct = f.codomain_.is_leaf() || fb.size() == 1;
  for (int j = 0; j < f.in_bits_; ++j) {
    uint64_t y = f.cols_[j], x = 0;
    if (direct) {
      x = y;
    } else {
      for (std::size_t d = 0; d < fb.size(); ++d) x |= ((y >> fo[d]) & (bit(fb[d]) - 1)) << go[d];
    }
    r.cols_[j] = g.apply(x);
  }
  return r;
}

namespace {

std::optional<F2Layout> to_f2_impl(const Layout& l, const IntTuple* given, std::string* why) {
  auto name = [&] { return to_string(l); };  // only for messages: printing costs more than deciding
  const auto sh = leaves(l.shape), st = leaves(l.stride);
  bool has_basis = false, has_int = false;
  for (const Scalar& d : st)
    if (d.value != 0) (d.is_basis() ? has_basis : has_int) = true;
  if (has_basis && has_int)
    return fail(why, name() + " mixes integer and scaled-basis strides: not one codomain");
  int n = 0;
  for (std::size_t k = 0; k < sh.size(); ++k) {
    if (sh[k].is_basis() || !is_pow2(sh[k].value))
      return fail(why, name() + ": shape extent " + to_string(sh[k]) + " (flat mode " + std::to_string(k) +
                           ") is not a power of two");
    n += log2_of(sh[k].value);
  }
  if (n > F2Layout::kMaxBits) return fail(why, name() + ": more than 64 input bits");
  for (std::size_t k = 0; k < st.size(); ++k)
    if (st[k].value != 0 && !is_pow2(st[k].value))
      return fail(why, name() + ": stride " + to_string(st[k]) + " (flat mode " + std::to_string(k) +
                           ") is neither 0 nor a positive power of two");

  // Codomain: given, or the coshape (integer: the bits up to the highest one reached).
  IntTuple codomain;
  try {
    if (given) {
      if ((has_basis && given->is_leaf()) || (has_int && given->is_tuple()))
        return fail(why, name() + ": codomain " + to_string(*given) +
                             (has_basis ? " must be a tuple for a coordinate-valued layout"
                                        : " must be an integer for an integer-valued layout"));
      codomain = round_up_pow2(*given);
    } else if (has_basis) {
      codomain = round_up_pow2(coshape(l));
    } else {
      int top = 0;
      for (std::size_t k = 0; k < sh.size(); ++k)
        if (st[k].value != 0 && sh[k].value > 1)
          top = std::max(top, log2_of(st[k].value) + log2_of(sh[k].value));
      if (top > kMaxExtentBits) return fail(why, name() + ": image beyond 2^62");
      codomain = IntTuple(int64_t(1) << top);
    }
  } catch (const LayoutError& e) {
    return fail(why, name() + ": " + e.what());
  }
  const std::vector<int> cobits = leaf_bits(codomain);
  const std::vector<int> off = offsets_of(cobits);
  if (off.back() > F2Layout::kMaxBits) return fail(why, name() + ": codomain has more than 64 bits");

  std::vector<uint64_t> cols;
  cols.reserve(n);
  std::vector<int> owner(64, -1);  // input bit that reached each output bit
  for (std::size_t k = 0; k < sh.size(); ++k) {
    const int nb = log2_of(sh[k].value);
    const Scalar& d = st[k];
    int dim = 0;
    if (d.value != 0 && d.is_basis()) {
      dim = detail::basis_leaf(codomain, d);
      if (dim < 0)
        return fail(why, name() + ": stride " + to_string(d) + " is outside codomain " + to_string(codomain));
    }
    for (int i = 0; i < nb; ++i) {
      if (d.value == 0) {
        cols.push_back(0);
        continue;
      }
      const int b = log2_of(d.value) + i;
      if (b >= cobits[dim])
        return fail(why, name() + ": input bit " + std::to_string(cols.size()) + " (stride " + to_string(d) +
                             ") reaches outside codomain " + to_string(codomain));
      const int ob = off[dim] + b;
      if (owner[ob] >= 0)
        return fail(why, name() + " is not GF(2)-linear: input bits " + std::to_string(owner[ob]) + " and " +
                             std::to_string(cols.size()) + " both reach output bit " + std::to_string(ob) +
                             " (integer addition carries, XOR does not)");
      owner[ob] = static_cast<int>(cols.size());
      cols.push_back(bit(ob));
    }
  }
  IntTuple domain = l.shape;
  return F2Layout(domain, codomain, std::move(cols));
}

}  // namespace

std::optional<F2Layout> to_f2(const Layout& l, std::string* why) {
  return to_f2_impl(l, nullptr, why);
}

std::optional<F2Layout> to_f2(const Layout& l, const IntTuple& codomain, std::string* why) {
  return to_f2_impl(l, &codomain, why);
}

std::optional<F2Layout> to_f2(const ComposedLayout& c, std::string* why) {
  if (c.is_smem_flagged()) {  // a byte-address swizzle: its exact element-index form, or no F2 map
    AnyLayout pi;
    try {
      pi = as_position_independent_swizzle_layout(c);
    } catch (const LayoutError& e) {
      return fail(why, to_string(c) + ": " + e.what());
    }
    if (auto* l = std::get_if<Layout>(&pi)) return to_f2(*l, why);
    return to_f2(std::get<ComposedLayout>(pi), why);
  }
  auto name = [&] { return to_string(c); };
  if (!(c.offset.is_leaf() && c.offset.value().is(0)))
    return fail(why, name() + ": a nonzero offset makes the map affine, not linear");
  auto inner = to_f2(c.layout, why);
  if (!inner) return std::nullopt;
  if (inner->coordinate_valued()) return fail(why, name() + ": a swizzle needs an integer-valued layout");
  std::vector<uint64_t> cols = inner->columns();
  int top = inner->out_bits();
  for (uint64_t& col : cols) {
    col = static_cast<uint64_t>(c.swizzle(static_cast<int64_t>(col)));
    top = std::max(top, 64 - std::countl_zero(col));
  }
  if (top > kMaxExtentBits) return fail(why, name() + ": image beyond 2^62");
  return F2Layout(inner->domain(), IntTuple(int64_t(1) << top), std::move(cols));
}

std::string to_string(const F2Layout& f) {
  return f.to_string();
}

}  // namespace tvlab
