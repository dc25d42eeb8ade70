#include "tvlab/core/divergence.hpp"

#include <functional>

#include "tvlab/core/complement.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

// The layout a tiler mode stands for (n is n:1); nullopt for `_`.
std::optional<Layout> as_layout(const Tiler& t) {
  if (t.is_layout()) return t.layout();
  if (t.is_integer()) return make_layout(IntTuple(t.integer()));
  return std::nullopt;
}

// A layout's function over 1-D indices, its (shape, stride) leaves read once: these checks evaluate every
// index of a result, and Layout::operator() builds tuples per call. Integer strides only: a scaled basis
// throws, and the check is then not made (guarded()); overflow throws as in Layout::operator().
class FlatFunction {
 public:
  explicit FlatFunction(const Layout& l) : layout_(l) {
    for (const auto& n : l.shape.nodes())
      if (n.rank < 0) shape_.push_back(n.value.value);
    for (const auto& n : l.stride.nodes())
      if (n.rank < 0) {
        if (n.value.is_basis()) throw LayoutError("scaled basis", "not an integer-valued layout");
        stride_.push_back(n.value.value);
      }
  }
  // CuTe's crd2idx of a 1-D index: colexicographic, the last mode takes what is left. A layout without
  // modes (():()) is evaluated as Layout::operator() evaluates it.
  int64_t operator()(int64_t i) const {
    if (shape_.empty()) return layout_(i);
    int64_t r = 0;
    const std::size_t last = shape_.size() - 1;
    for (std::size_t k = 0; k < last; ++k) {
      r = checked_add(r, checked_mul(i % shape_[k], stride_[k]));
      i /= shape_[k];
    }
    return checked_add(r, checked_mul(i, stride_[last]));
  }

 private:
  const Layout& layout_;
  std::vector<int64_t> shape_, stride_;
};

// R(i) against want(i) for every index of R; the first difference. `what` words want (built only then).
std::optional<Divergence> first_difference(const Layout& r, const std::function<int64_t(int64_t)>& want,
                                           const std::function<std::string()>& what, int64_t limit,
                                           bool& checked) {
  const int64_t n = size(r);
  if (n > limit) {
    checked = false;
    return std::nullopt;
  }
  const FlatFunction rf(r);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t got = rf(i), w = want(i);
    if (got != w) {
      Divergence d;
      d.index = i, d.got = got, d.want = w;
      d.text = "index " + std::to_string(i) + " of the result maps to " + std::to_string(got) + ", but " +
               what() + " gives " + std::to_string(w);
      return d;
    }
  }
  return std::nullopt;
}

// The check `leaf` on (A, B, R), mode by mode where B is a tuple tiler.
std::optional<Divergence> by_mode(const Layout& a, const Tiler& b, const Layout& r, bool& checked,
                                  int64_t limit,
                                  const std::function<std::optional<Divergence>(
                                      const Layout&, const Layout&, const Layout&, bool&, int64_t)>& leaf,
                                  const std::string& prefix = "") {
  if (!b.is_tuple()) {
    const std::optional<Layout> bl = as_layout(b);
    if (!bl) return std::nullopt;  // `_`: A's own mode
    std::optional<Divergence> d = leaf(a, *bl, r, checked, limit);
    if (d) d->mode = prefix;
    return d;
  }
  const auto& modes = b.modes();
  if (rank(a) < static_cast<int>(modes.size()) || rank(r) < static_cast<int>(modes.size())) {
    checked = false;
    return std::nullopt;
  }
  for (std::size_t i = 0; i < modes.size(); ++i) {
    const int m = static_cast<int>(i);
    const std::string p = prefix.empty() ? "mode " + std::to_string(i) : prefix + "." + std::to_string(i);
    if (auto d = by_mode(mode(a, m), modes[i], mode(r, m), checked, limit, leaf, p)) return d;
  }
  return std::nullopt;
}

template <class F>
std::optional<Divergence> guarded(bool* checked, F&& f) {
  bool ok = true;
  std::optional<Divergence> d;
  try {
    d = f(ok);
  } catch (const std::exception&) {  // scaled-basis strides, overflow: not compared
    ok = false;
    d.reset();
  }
  if (checked) *checked = ok;
  return d;
}

}  // namespace

std::optional<Divergence> composition_divergence(const Layout& a, const Tiler& b, const Layout& r,
                                                 bool* checked, int64_t limit) {
  return guarded(checked, [&](bool& ok) {
    return by_mode(
        a, b, r, ok, limit, [](const Layout& ai, const Layout& bi, const Layout& ri, bool& ok2, int64_t lim) {
          const FlatFunction af(ai), bf(bi);
          return first_difference(
              ri, [&](int64_t i) { return af(bf(i)); },
              [&] { return "A(B(i)) = " + to_string(ai) + "(" + to_string(bi) + "(i))"; }, lim, ok2);
        });
  });
}

std::optional<Divergence> logical_divide_divergence(const Layout& a, const Tiler& b, const Layout& r,
                                                    bool* checked, int64_t limit) {
  return guarded(checked, [&](bool& ok) {
    return by_mode(
        a, b, r, ok, limit, [](const Layout& ai, const Layout& bi, const Layout& ri, bool& ok2, int64_t lim) {
          const Layout rest = complement(bi, size(ai));
          const Layout full =
              make_layout(IntTuple::tuple({bi.shape, rest.shape}), IntTuple::tuple({bi.stride, rest.stride}));
          const FlatFunction af(ai), ff(full);
          return first_difference(
              ri, [&](int64_t i) { return af(ff(i)); },
              [&] { return "A(B*(i)) with B* = (B, complement(B, size(A))) = " + to_string(full); }, lim,
              ok2);
        });
  });
}

std::optional<Divergence> logical_product_divergence(const Layout& a, const Tiler& b, const Layout& r,
                                                     bool* checked, int64_t limit) {
  return guarded(checked, [&](bool& ok) {
    return by_mode(
        a, b, r, ok, limit,
        [](const Layout& ai, const Layout& bi, const Layout& ri, bool& ok2,
           int64_t lim) -> std::optional<Divergence> {
          if (rank(ri) != 2) {
            ok2 = false;
            return std::nullopt;
          }
          const FlatFunction af(ai);
          if (auto d = first_difference(
                  mode(ri, 0), [&](int64_t i) { return af(i); }, [] { return std::string("A(i)"); }, lim,
                  ok2)) {
            d->text = "mode 0 of the result is not A: " + d->text;
            return d;
          }
          const Layout c = complement(ai, size(ai) * cosize(bi));
          const FlatFunction cf(c), bf(bi);
          auto d = first_difference(
              mode(ri, 1), [&](int64_t i) { return cf(bf(i)); },
              [&] { return "C(B(i)) with C = complement(A, size(A)*cosize(B)) = " + to_string(c); }, lim,
              ok2);
          if (d) d->text = "mode 1 of the result: " + d->text;
          return d;
        });
  });
}

}  // namespace tvlab
