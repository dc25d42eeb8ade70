#include "tvlab/core/divergence.hpp"

#include <algorithm>

#include <boost/container/small_vector.hpp>
#include <functional>
#include <vector>

#include "tvlab/core/complement.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

using What = std::function<std::string()>;

struct Leaf {
  int64_t s = 1, d = 0;
  friend bool operator==(const Leaf&, const Leaf&) = default;
};
// Leaves of one layout: few, kept inline (these checks run on every call, at any size).
using Leaves = boost::container::small_vector<Leaf, 8>;

// The (shape, stride) leaves of an integer-valued layout, in order. A scaled basis throws: such results
// are not compared (guarded()).
Leaves leaves(const Layout& l) {
  Leaves out;
  for (const auto& n : l.shape.nodes())
    if (n.rank < 0) out.push_back({n.value.value, 0});
  std::size_t k = 0;
  for (const auto& n : l.stride.nodes())
    if (n.rank < 0) {
      if (n.value.is_basis()) throw LayoutError("scaled basis", "not an integer-valued layout");
      out[k++].d = n.value.value;
    }
  return out;
}

// The canonical form of a layout's function on [0, size): size-1 leaves dropped, a leaf merged into the one
// before where it continues it (d1 == s0*d0). Unique per function: the first leaf s0:d0 is read off as
// f(1) = d0 and s0 = the first i with f(i) != i*d0 (a following leaf with d1 == s0*d0 would have merged),
// and the rest is the function i -> f(i*s0) on [0, size/s0).
Leaves canonical(const Leaves& ls) {
  Leaves out;
  for (const Leaf& x : ls) {
    if (x.s == 1) continue;
    if (!out.empty() && static_cast<__int128>(out.back().s) * out.back().d == x.d) {
      out.back().s = checked_mul(out.back().s, x.s);
      continue;
    }
    out.push_back(x);
  }
  return out;
}

// An outer layout's function on every index >= 0 (its last leaf takes what is left, as CuTe evaluates
// it): size-1 leaves dropped except the last (it extends with its stride), leaves that continue each other
// merged (merging into the last keeps the extension: (x mod s0)*d0 + (x / s0)*s0*d0 = x*d0).
Leaves outer_form(const Leaves& ls) {
  Leaves out;
  for (std::size_t k = 0; k < ls.size(); ++k) {
    const Leaf& x = ls[k];
    if (x.s == 1 && k + 1 != ls.size()) continue;
    if (!out.empty() && static_cast<__int128>(out.back().s) * out.back().d == x.d) {
      out.back().s = checked_mul(out.back().s, x.s);
      continue;
    }
    out.push_back(x);
  }
  return out;
}

// A layout's function over 1-D indices, its leaves read once (Layout::operator() builds tuples per call).
// CuTe's crd2idx of a 1-D index: colexicographic, the last leaf takes what is left; a layout without
// leaves (():()) is evaluated as Layout::operator() evaluates it. Overflow throws as in Layout::operator().
class FlatFunction {
 public:
  explicit FlatFunction(const Layout& l) : layout_(l), leaves_(leaves(l)) {}
  int64_t operator()(int64_t i) const {
    if (leaves_.empty()) return layout_(i);
    int64_t r = 0;
    const std::size_t last = leaves_.size() - 1;
    for (std::size_t k = 0; k < last; ++k) {
      r = checked_add(r, checked_mul(i % leaves_[k].s, leaves_[k].d));
      i /= leaves_[k].s;
    }
    return checked_add(r, checked_mul(i, leaves_[last].d));
  }

 private:
  const Layout& layout_;
  Leaves leaves_;
};

// F o G on [0, size(G)) as a layout (the pieces of divergence.hpp, step 1), or nullopt where the structure
// does not resolve.
std::optional<Leaves> composed_pieces(const Leaves& fleaves, const Leaves& gleaves) {
  const Leaves f = outer_form(fleaves);
  if (f.empty()) return std::nullopt;
  const std::size_t m = f.size();
  boost::container::small_vector<int64_t, 8> prefix(m, 1);  // P_k
  for (std::size_t k = 1; k < m; ++k) prefix[k] = checked_mul(prefix[k - 1], f[k - 1].s);
  boost::container::small_vector<__int128, 8> load(m, 0);  // the largest sum the pieces put in digit k
  Leaves t;
  for (Leaf x : gleaves) {
    if (x.s == 1) continue;  // contributes nothing
    if (x.s < 1 || x.d < 0) return std::nullopt;
    if (x.d == 0) {
      t.push_back({x.s, 0});
      continue;
    }
    std::size_t k = m - 1;
    while (x.d % prefix[k] != 0) --k;  // P_0 = 1 divides every d
    int64_t e = x.d / prefix[k], s = x.s;
    for (;;) {
      if (k + 1 == m) {  // the last digit extends: no bound
        t.push_back({s, checked_mul(e, f[k].d)});
        break;
      }
      const int64_t fk = f[k].s;
      if (static_cast<__int128>(s - 1) * e < fk) {  // stays inside digit k
        t.push_back({s, checked_mul(e, f[k].d)});
        load[k] += static_cast<__int128>(s - 1) * e;
        break;
      }
      if (fk % e != 0 || s % (fk / e) != 0) return std::nullopt;  // not an exact split
      const int64_t c = fk / e;
      t.push_back({c, checked_mul(e, f[k].d)});  // fills digit k
      load[k] += static_cast<__int128>(c - 1) * e;
      s /= c, e = 1, ++k;
      if (s == 1) break;
    }
  }
  for (std::size_t k = 0; k + 1 < m; ++k)
    if (load[k] >= f[k].s) return std::nullopt;  // a carry out of digit k is possible
  return t;
}

Divergence witness(int64_t i, int64_t got, int64_t want, const What& what) {
  Divergence d;
  d.index = i, d.got = got, d.want = want;
  d.text = "index " + std::to_string(i) + " of the result maps to " + std::to_string(got) + ", but " +
           what() + " gives " + std::to_string(want);
  return d;
}

// The first of the sorted indices where R is not F o G.
DivergenceCheck first_difference(const std::vector<int64_t>& indices, const Layout& f, const Layout& g,
                                 const Layout& r, const What& what) {
  const FlatFunction rf(r), ff(f), gf(g);
  DivergenceCheck c;
  for (const int64_t i : indices) {
    ++c.evaluated;
    const int64_t got = rf(i), want = ff(gf(i));
    if (got != want) {
      c.verdict = DivergenceVerdict::Differs;
      c.witness = witness(i, got, want, what);
      return c;
    }
  }
  return c;
}

// The first index in [0, n) where two functions with canonical forms ca and cb differ, or nullopt where the
// forms are equal (then the functions are). Unequal forms first differ at 1 or at a prefix product of one of
// the two forms (induction on the first leaf), so only those indices are candidates; `differ` evaluates one.
template <class Differ>
std::optional<int64_t> first_differing(const Leaves& ca, const Leaves& cb, int64_t n, Differ&& differ) {
  if (ca == cb) return std::nullopt;
  std::vector<int64_t> at{1};
  for (const auto* form : {&ca, &cb}) {
    int64_t p = 1;
    for (const Leaf& x : *form) {
      if (static_cast<__int128>(p) * x.s >= n) break;
      p *= x.s;
      at.push_back(p);
    }
  }
  std::sort(at.begin(), at.end());
  at.erase(std::unique(at.begin(), at.end()), at.end());
  for (const int64_t i : at)
    if (i < n && differ(i)) return i;
  return -1;  // forms unequal yet no candidate differs: the argument above would be wrong
}

DivergenceCheck structural(const Layout& f, const Layout& g, const Layout& r, const What& what) {
  const int64_t n = size(r);
  DivergenceCheck c;
  c.how = "structure";
  if (n != size(g)) return c;
  const Leaves rl = leaves(r);
  std::optional<Leaves> t;
  try {
    t = composed_pieces(leaves(f), leaves(g));
  } catch (const LayoutError&) {  // overflow of a piece's stride: the structure does not decide
    return c;
  }
  if (!t) return c;
  const FlatFunction rf(r), ff(f), gf(g);
  const auto at = first_differing(canonical(rl), canonical(*t), n, [&](int64_t i) {
    ++c.evaluated;
    return rf(i) != ff(gf(i));
  });
  if (!at) {
    c.verdict = DivergenceVerdict::Equal;
  } else if (*at >= 0) {
    c.verdict = DivergenceVerdict::Differs;
    c.witness = witness(*at, rf(*at), ff(gf(*at)), what);
  }
  return c;  // NotDecided only if the argument above were wrong: the caller then compares indices
}

uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Indices where layouts' digits turn: for each leaf s (p the product before it) p-1, p, p+1, p*(s-1) and
// p*s-1; plus 0, n-1 and `samples` fixed pseudo-random indices; sorted, below n.
std::vector<int64_t> sample(int64_t n, const std::vector<Leaves>& forms, int64_t samples) {
  std::vector<int64_t> at{0, n - 1};
  for (const auto& form : forms) {
    __int128 p = 1;
    for (const Leaf& x : form) {
      if (p >= n) break;
      for (const __int128 q : {p - 1, p, p + 1, p * (x.s - 1), p * x.s - 1})
        if (q >= 0 && q < n) at.push_back(static_cast<int64_t>(q));
      p *= x.s;
    }
  }
  uint64_t seed = 0x7476'6C61'6202'0036ull;
  for (int64_t k = 0; k < samples; ++k) at.push_back(static_cast<int64_t>(splitmix64(seed) % uint64_t(n)));
  std::sort(at.begin(), at.end());
  at.erase(std::unique(at.begin(), at.end()), at.end());
  return at;
}

// R against F o G: the structure, else every index (small results), else a bounded sample.
DivergenceCheck decide(const Layout& f, const Layout& g, const Layout& r, const What& what,
                       DivergenceLimits lim) {
  DivergenceCheck c = structural(f, g, r, what);
  if (c.verdict != DivergenceVerdict::NotDecided) return c;
  const int64_t n = size(r);
  if (n <= lim.exact) {
    std::vector<int64_t> all(static_cast<std::size_t>(n));
    for (int64_t i = 0; i < n; ++i) all[static_cast<std::size_t>(i)] = i;
    c = first_difference(all, f, g, r, what);
    if (c.verdict == DivergenceVerdict::NotDecided) c.verdict = DivergenceVerdict::Equal;
    c.how = "every index";
    return c;
  }
  c = first_difference(sample(n, {leaves(r), leaves(g)}, lim.samples), f, g, r, what);
  c.how = std::to_string(c.evaluated) + " sampled indices";
  return c;
}

using Leaf3 = std::function<DivergenceCheck(const Layout&, const Layout&, const Layout&, DivergenceLimits)>;

// Two checks of one call as one: the first witness, else NotDecided if either is, else Equal.
DivergenceCheck combine(DivergenceCheck a, DivergenceCheck b) {
  if (a.verdict == DivergenceVerdict::Differs) return a;
  b.evaluated += a.evaluated;
  if (b.verdict == DivergenceVerdict::Differs) return b;
  if (a.verdict == DivergenceVerdict::NotDecided) {
    a.evaluated = b.evaluated;
    return a;
  }
  if (b.verdict == DivergenceVerdict::Equal && a.how != b.how) b.how = "structure and every index";
  return b;
}

// The check `leaf` on (A, B, R), mode by mode where B is a tuple tiler.
DivergenceCheck by_mode(const Layout& a, const Tiler& b, const Layout& r, DivergenceLimits lim,
                        const Leaf3& leaf, const std::string& prefix = "") {
  if (!b.is_tuple()) {
    if (b.is_underscore()) return {DivergenceVerdict::Equal, std::nullopt, "structure", 0};  // A's own mode
    DivergenceCheck c = b.is_layout() ? leaf(a, b.layout(), r, lim)                          // n is n:1
                                      : leaf(a, make_layout(IntTuple(b.integer())), r, lim);
    if (c.witness) c.witness->mode = prefix;
    return c;
  }
  const auto& modes = b.modes();
  if (rank(a) < static_cast<int>(modes.size()) || rank(r) < static_cast<int>(modes.size()))
    return {DivergenceVerdict::NotDecided, std::nullopt, "ranks", 0};
  DivergenceCheck all{DivergenceVerdict::Equal, std::nullopt, "structure", 0};
  for (std::size_t i = 0; i < modes.size(); ++i) {
    const int m = static_cast<int>(i);
    const std::string p = prefix.empty() ? "mode " + std::to_string(i) : prefix + "." + std::to_string(i);
    all = combine(std::move(all), by_mode(mode(a, m), modes[i], mode(r, m), lim, leaf, p));
    if (all.verdict == DivergenceVerdict::Differs) return all;
  }
  return all;
}

template <class F>
DivergenceCheck guarded(F&& f) {
  try {
    return f();
  } catch (const std::exception& e) {  // scaled-basis strides, overflow: not compared
    return {DivergenceVerdict::NotDecided, std::nullopt, std::string("not comparable: ") + e.what(), 0};
  }
}

std::optional<Divergence> witness_of(const DivergenceCheck& c, bool* checked) {
  if (checked) *checked = c.verdict != DivergenceVerdict::NotDecided;
  return c.witness;
}

}  // namespace

namespace detail {
DivergenceCheck structural_composition(const Layout& f, const Layout& g, const Layout& r) {
  return structural(f, g, r, [] { return std::string("F(G(i))"); });
}
}  // namespace detail

DivergenceCheck check_same_function(const Layout& x, const Layout& y) {
  DivergenceCheck c;
  c.how = "structure";
  const int64_t n = size(x);
  if (n != size(y)) {
    c.verdict = DivergenceVerdict::Differs;
    c.witness = Divergence{"", 0, 0, 0, "sizes " + std::to_string(n) + " and " + std::to_string(size(y))};
    return c;
  }
  if (n == 0) {
    c.verdict = DivergenceVerdict::Equal;
    return c;
  }
  Leaves xl, yl;
  try {
    xl = leaves(x), yl = leaves(y);
  } catch (const LayoutError&) {
    c.how = "scaled-basis strides";
    return c;
  }
  const FlatFunction xf(x), yf(y);
  const auto at = first_differing(canonical(xl), canonical(yl), n, [&](int64_t i) {
    ++c.evaluated;
    return xf(i) != yf(i);
  });
  if (!at) {
    c.verdict = DivergenceVerdict::Equal;
  } else if (*at >= 0) {
    const int64_t a = xf(*at), b = yf(*at);
    c.verdict = DivergenceVerdict::Differs;
    c.witness = Divergence{
        "", *at, a, b,
        "index " + std::to_string(*at) + " maps to " + std::to_string(a) + " and " + std::to_string(b)};
  }
  return c;
}

DivergenceCheck check_composition(const Layout& a, const Tiler& b, const Layout& r, DivergenceLimits lim) {
  return guarded([&] {
    return by_mode(
        a, b, r, lim, [](const Layout& ai, const Layout& bi, const Layout& ri, DivergenceLimits l) {
          return decide(
              ai, bi, ri, [&] { return "A(B(i)) = " + to_string(ai) + "(" + to_string(bi) + "(i))"; }, l);
        });
  });
}

DivergenceCheck check_logical_divide(const Layout& a, const Tiler& b, const Layout& r, DivergenceLimits lim) {
  return guarded([&] {
    return by_mode(
        a, b, r, lim, [](const Layout& ai, const Layout& bi, const Layout& ri, DivergenceLimits l) {
          const Layout rest = complement(bi, size(ai));
          const Layout full =
              make_layout(IntTuple::tuple({bi.shape, rest.shape}), IntTuple::tuple({bi.stride, rest.stride}));
          return decide(
              ai, full, ri,
              [&] { return "A(B*(i)) with B* = (B, complement(B, size(A))) = " + to_string(full); }, l);
        });
  });
}

DivergenceCheck check_logical_product(const Layout& a, const Tiler& b, const Layout& r,
                                      DivergenceLimits lim) {
  return guarded([&] {
    return by_mode(
        a, b, r, lim, [](const Layout& ai, const Layout& bi, const Layout& ri, DivergenceLimits l) {
          if (rank(ri) != 2) return DivergenceCheck{DivergenceVerdict::NotDecided, std::nullopt, "ranks", 0};
          const Layout r0 = mode(ri, 0), r1 = mode(ri, 1);
          DivergenceCheck c0 = decide(
              ai, make_layout(IntTuple(size(r0))), r0, [] { return std::string("A(i)"); }, l);
          if (c0.witness) c0.witness->text = "mode 0 of the result is not A: " + c0.witness->text;
          if (c0.verdict == DivergenceVerdict::Differs) return c0;
          const Layout c = complement(ai, size(ai) * cosize(bi));
          DivergenceCheck c1 = decide(
              c, bi, r1,
              [&] { return "C(B(i)) with C = complement(A, size(A)*cosize(B)) = " + to_string(c); }, l);
          if (c1.witness) c1.witness->text = "mode 1 of the result: " + c1.witness->text;
          return combine(std::move(c0), std::move(c1));
        });
  });
}

std::optional<Divergence> composition_divergence(const Layout& a, const Tiler& b, const Layout& r,
                                                 bool* checked, int64_t limit) {
  return witness_of(check_composition(a, b, r, {limit, DivergenceLimits{}.samples}), checked);
}

std::optional<Divergence> logical_divide_divergence(const Layout& a, const Tiler& b, const Layout& r,
                                                    bool* checked, int64_t limit) {
  return witness_of(check_logical_divide(a, b, r, {limit, DivergenceLimits{}.samples}), checked);
}

std::optional<Divergence> logical_product_divergence(const Layout& a, const Tiler& b, const Layout& r,
                                                     bool* checked, int64_t limit) {
  return witness_of(check_logical_product(a, b, r, {limit, DivergenceLimits{}.samples}), checked);
}

}  // namespace tvlab
