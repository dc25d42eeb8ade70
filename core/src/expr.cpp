#include "tvlab/core/expr.hpp"

#include <atomic>
#include <map>
#include <optional>

#include "tvlab/core/atoms/smem_layout_atoms.hpp"
#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/complement.hpp"
#include "tvlab/core/composed_layout.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/divergence.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/recast.hpp"

namespace tvlab {

std::string to_string(const Value& v, Style style) {
  struct Printer {
    Style style;
    std::string operator()(const IntTuple& t) const { return to_string(t, style); }
    std::string operator()(const Layout& l) const { return to_string(l, style); }
    std::string operator()(const Tiler& t) const { return to_string(t, style); }
    std::string operator()(const Underscore&) const { return "_"; }
    std::string operator()(const Swizzle& s) const { return to_string(s); }
    std::string operator()(const ComposedLayout& c) const { return to_string(c, style); }
    std::string operator()(const NestedLayout& n) const { return to_string(n, style); }
    std::string operator()(const Major& m) const { return m == Major::Left ? "LayoutLeft" : "LayoutRight"; }
  };
  return std::visit(Printer{style}, v);
}

namespace {
std::atomic<bool> g_divergence_checks{true};
}  // namespace

void set_divergence_checks(bool on) {
  g_divergence_checks.store(on, std::memory_order_relaxed);
}
bool divergence_checks() {
  return g_divergence_checks.load(std::memory_order_relaxed);
}

namespace {

Value value(const AnyLayout& l);
Value value(const SwizzledLayout& l);

// A call being evaluated: its arguments and where to report problems.
// The notices of the evaluate(text, notices) call in progress on this thread (none: nullptr).
thread_local std::vector<EvalNotice>* t_notices = nullptr;
// Collects notices into `n` (nullptr: none) until the scope ends, then restores the outer collector.
class NoticeScope {
 public:
  explicit NoticeScope(std::vector<EvalNotice>* n) : saved_(t_notices) { t_notices = n; }
  ~NoticeScope() { t_notices = saved_; }
  NoticeScope(const NoticeScope&) = delete;
  NoticeScope& operator=(const NoticeScope&) = delete;

 private:
  std::vector<EvalNotice>* saved_;
};

struct Call {
  const Expr& expr;
  std::vector<Value> args;
  mutable std::vector<std::optional<Layout>> made;  // layouts made from tuple arguments, by index

  [[noreturn]] void fail(const std::string& why) const { throw EvalError(expr.column, expr.name, why); }
  // CuTe's result r of this call, and where it is not the function `definition` names (divergence(r), run
  // only when the caller collects notices and the checks are on): a notice; where the check decided
  // nothing (a large result whose structure does not decide it, compared at a sample of indices), an
  // undecided notice saying so.
  template <class F>
  Layout checked(Layout r, F&& divergence, const char* definition) const {
    if (!t_notices || !divergence_checks()) return r;
    const DivergenceCheck c = divergence(r);
    if (const std::optional<Divergence>& d = c.witness)
      t_notices->push_back({expr.column, expr.name,
                            "CuTe's result " + to_string(r) + " is not the " + definition +
                                (d->mode.empty() ? "" : " (" + d->mode + ")") + ": " + d->text});
    else if (c.verdict == DivergenceVerdict::NotDecided && c.evaluated > 0)
      t_notices->push_back({expr.column, expr.name,
                            "CuTe's result " + to_string(r) + " was not checked against the " + definition +
                                " beyond " + c.how +
                                " (its structure does not decide it; no difference found)",
                            true});
    return r;
  }
  [[noreturn]] void fail_arg(std::size_t i, const std::string& why) const {
    throw EvalError(expr.children[i].column, expr.name, "argument " + std::to_string(i + 1) + ": " + why);
  }
  void arity(std::size_t lo, std::size_t hi) const {
    if (args.size() < lo || args.size() > hi) {
      std::string want = lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi);
      fail("takes " + want + " argument" + (hi == 1 ? "" : "s") + ", got " + std::to_string(args.size()));
    }
  }
  bool is_composed(std::size_t i) const { return std::holds_alternative<ComposedLayout>(args[i]); }

  // Argument i as a layout (a tuple as its compact layout), without copying a layout argument.
  const Layout& layout(std::size_t i) const {
    if (auto* l = std::get_if<Layout>(&args[i])) return *l;
    if (auto* t = std::get_if<IntTuple>(&args[i])) {
      Layout l = make_layout(*t);
      validate(l);
      if (made.empty()) made.resize(args.size());  // sized once: references into it stay valid
      return made[i].emplace(std::move(l));
    }
    if (std::holds_alternative<ComposedLayout>(args[i]))
      throw EvalError(expr.children[i].column, expr.name,
                      expr.name + " is not defined for composed layouts: argument " + std::to_string(i + 1) +
                          " is " + to_string(args[i]) + " (CuTe has no " + expr.name +
                          " for a ComposedLayout)");
    if (nested(i)) fail_nested(i);
    fail_arg(i, "expected a layout, got " + to_string(args[i]));
  }
  Tiler tiler(std::size_t i) const {
    if (auto* l = std::get_if<Layout>(&args[i])) return Tiler(*l);
    if (auto* t = std::get_if<IntTuple>(&args[i])) return Tiler::from_shape(*t);
    if (auto* t = std::get_if<Tiler>(&args[i])) return *t;
    if (std::holds_alternative<Underscore>(args[i])) return Tiler(Underscore{});
    fail_arg(i, "expected a tiler (a layout, an integer, _ or a tuple of those), got " + to_string(args[i]));
  }
  // A target profile for coalesce/filter: only its tuple structure matters, so `_` leaves
  // (CuTe accepts `coalesce(L, (_,1))`) count as integers.
  IntTuple profile(std::size_t i) const {
    if (std::holds_alternative<Underscore>(args[i])) return IntTuple(1);
    if (auto* t = std::get_if<Tiler>(&args[i])) {
      if (auto p = profile_of(*t)) return *p;
    }
    return tuple(i);
  }
  static std::optional<IntTuple> profile_of(const Tiler& t) {
    if (t.is_underscore()) return IntTuple(1);
    if (t.is_integer()) return IntTuple(t.integer());
    if (!t.is_tuple()) return std::nullopt;
    TupleBuilder b;
    for (const Tiler& m : t.modes()) {
      auto p = profile_of(m);
      if (!p) return std::nullopt;
      b.push(*p);
    }
    return b.build();
  }
  IntTuple tuple(std::size_t i) const {
    if (auto* t = std::get_if<IntTuple>(&args[i])) return *t;
    fail_arg(i, "expected an integer or a tuple of integers, got " + to_string(args[i]));
  }
  int64_t integer(std::size_t i) const {
    IntTuple t = tuple(i);
    if (t.is_tuple() || t.value().is_basis()) fail_arg(i, "expected an integer, got " + to_string(t));
    return t.value().value;
  }
  int index(std::size_t i) const {
    int64_t v = integer(i);
    if (v < 0 || v > 1 << 20) fail_arg(i, "index " + std::to_string(v) + " out of range");
    return static_cast<int>(v);
  }
  // The modes from argument `from` on as indices.
  std::vector<int> indices(std::size_t from) const {
    std::vector<int> out;
    for (std::size_t i = from; i < args.size(); ++i) out.push_back(index(i));
    return out;
  }
  // CuTe defines these functions with a composed layout first only.
  void no_composed_second() const {
    if (args.size() > 1 && (composed(1) || nested(1)))
      throw EvalError(
          expr.children[1].column, expr.name,
          expr.name + " is not defined for composed layouts as its second argument (CuTe has none)");
  }
  const ComposedLayout* composed(std::size_t i) const { return std::get_if<ComposedLayout>(&args[i]); }
  const NestedLayout* nested(std::size_t i) const { return std::get_if<NestedLayout>(&args[i]); }
  // Argument i as a plain, composed or nested layout.
  SwizzledLayout swizzled(std::size_t i) const {
    if (const NestedLayout* n = nested(i)) return *n;
    if (const ComposedLayout* k = composed(i)) return *k;
    return layout(i);
  }
  [[noreturn]] void fail_nested(std::size_t i, const std::string& why = {}) const {
    throw EvalError(expr.children[i].column, expr.name,
                    expr.name + " is not defined for nested composed layouts: argument " +
                        std::to_string(i + 1) + " is " + to_string(args[i]) +
                        (why.empty() ? " (CuTe defines " + expr.name + " for Swizzle o offset o Layout only)"
                                     : " (" + why + ")"));
  }
  // A layout-valued result of a function that acts on the inner layout (CuTe's f(A o k o B) =
  // composition(A, k, f(B))): a plain layout, the composed-layout function applied to a composed first
  // argument, or to a nested one's innermost composed layout with every outer stage kept.
  template <class OnLayout, class OnComposed>
  Value dispatch(OnLayout on_layout, OnComposed on_composed) const {
    if (const NestedLayout* n = nested(0)) return value(wrap(*n, widen(on_composed(n->inner))));
    if (const ComposedLayout* c = composed(0)) return value(on_composed(*c));
    return on_layout(layout(0));
  }
  // A function that changes the swizzle: each kind has its own rule.
  template <class OnLayout, class OnComposed, class OnNested>
  Value dispatch(OnLayout on_layout, OnComposed on_composed, OnNested on_nested) const {
    if (const NestedLayout* n = nested(0)) return value(on_nested(*n));
    if (const ComposedLayout* c = composed(0)) return value(on_composed(*c));
    return on_layout(layout(0));
  }
};

Value value(const AnyLayout& l) {
  if (auto* p = std::get_if<Layout>(&l)) return *p;
  return std::get<ComposedLayout>(l);
}
Value value(const SwizzledLayout& l) {
  return std::visit([](const auto& x) { return Value(x); }, l);
}

using Handler = std::function<Value(const Call&)>;

Value layout_or_tuple(const Call& c, const std::function<Layout(const Layout&)>& on_layout,
                      const std::function<IntTuple(const IntTuple&)>& on_tuple) {
  if (std::holds_alternative<IntTuple>(c.args[0])) return on_tuple(c.tuple(0));
  return on_layout(c.layout(0));
}

const std::map<std::string, std::pair<std::string, Handler>>& table() {
  static const std::map<std::string, std::pair<std::string, Handler>> t = {
      {"coalesce",
       {"coalesce(L[,profile])",
        [](const Call& c) -> Value {
          c.arity(1, 2);
          // A bare shape is its compact layout: coalesce((2,4)) = 8:1.
          if (c.args.size() == 2)
            return c.dispatch([&](const Layout& l) { return coalesce(l, c.profile(1)); },
                              [&](const ComposedLayout& k) { return coalesce(k, c.profile(1)); });
          return c.dispatch([](const Layout& l) { return coalesce(l); },
                            [](const ComposedLayout& k) { return coalesce(k); });
        }}},
      {"filter",
       {"filter(L[,profile])",
        [](const Call& c) -> Value {
          c.arity(1, 2);
          if (c.args.size() == 2)
            return c.dispatch([&](const Layout& l) { return filter(l, c.profile(1)); },
                              [&](const ComposedLayout& k) { return filter(k, c.profile(1)); });
          return filter(c.layout(0));
        }}},
      {"filter_zeros",
       {"filter_zeros(L)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          return filter_zeros(c.layout(0));
        }}},
      {"composition",
       {"composition(A,B)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          if (auto* sw = std::get_if<Swizzle>(&c.args[0])) {
            if (c.composed(1) || c.nested(1))
              c.fail(
                  "composition(Swizzle, ComposedLayout) is not defined for composed layouts (CuTe has none)");
            return value(composition(*sw, c.layout(1)));
          }
          if (auto* sw = std::get_if<Swizzle>(&c.args[1])) {
            if (c.composed(0) || c.nested(0))
              c.fail(
                  "composition(ComposedLayout, Swizzle) is not defined for composed layouts (CuTe has none)");
            return value(composition(c.layout(0), *sw));
          }
          // Two swizzled layouts (either may be nested): CuTe's nested composed layout.
          if (c.composed(1) || c.nested(1)) return value(composition(c.swizzled(0), c.swizzled(1)));
          if (const NestedLayout* a = c.nested(0)) return value(composition(*a, c.tiler(1)));
          if (const ComposedLayout* a = c.composed(0)) return value(composition(*a, c.tiler(1)));
          return c.checked(
              composition(c.layout(0), c.tiler(1)),
              [&](const Layout& r) { return check_composition(c.layout(0), c.tiler(1), r); },
              "functional composition A o B");
        }}},
      {"complement",
       {"complement(L[,cotarget])",
        [](const Call& c) -> Value {
          c.arity(1, 2);
          if (const NestedLayout* n = c.nested(0)) {
            if (c.args.size() == 1) return complement(*n);
            if (auto* l = std::get_if<Layout>(&c.args[1])) return complement(*n, l->shape);
            return complement(*n, c.tuple(1));
          }
          if (const ComposedLayout* k = c.composed(0)) {
            if (c.args.size() == 1) return complement(*k);
            if (auto* l = std::get_if<Layout>(&c.args[1])) return complement(*k, l->shape);
            return complement(*k, c.tuple(1));
          }
          if (c.args.size() == 1) return complement(c.layout(0));
          if (auto* l = std::get_if<Layout>(&c.args[1])) return complement(c.layout(0), l->shape);
          return complement(c.layout(0), c.tuple(1));
        }}},
      {"right_inverse",
       {"right_inverse(L)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          if (std::holds_alternative<Underscore>(c.args[0])) return Underscore{};
          return c.dispatch([](const Layout& l) { return right_inverse(l); },
                            [](const ComposedLayout& k) { return right_inverse(k); },
                            [&](const NestedLayout&) -> AnyLayout {
                              c.fail_nested(0,
                                            "CuTe's generic rule puts a layout outside the swizzles, which "
                                            "tvlab does not represent");
                            });
        }}},
      {"left_inverse",
       {"left_inverse(L)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          if (std::holds_alternative<Underscore>(c.args[0])) return Underscore{};
          return c.dispatch([](const Layout& l) { return left_inverse(l); },
                            [](const ComposedLayout& k) { return left_inverse(k); },
                            [&](const NestedLayout&) -> AnyLayout {
                              c.fail_nested(0,
                                            "CuTe's generic rule puts a layout outside the swizzles, which "
                                            "tvlab does not represent");
                            });
        }}},
      {"logical_divide",
       {"logical_divide(L,T)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          c.no_composed_second();
          return c.dispatch(
              [&](const Layout& l) {
                return c.checked(
                    logical_divide(l, c.tiler(1)),
                    [&](const Layout& r) { return check_logical_divide(l, c.tiler(1), r); },
                    "divide its definition names, A o (B, complement(B, size(A)))");
              },
              [&](const ComposedLayout& k) { return logical_divide(k, c.tiler(1)); });
        }}},
      {"zipped_divide",
       {"zipped_divide(L,T)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          c.no_composed_second();
          return c.dispatch([&](const Layout& l) { return zipped_divide(l, c.tiler(1)); },
                            [&](const ComposedLayout& k) { return zipped_divide(k, c.tiler(1)); });
        }}},
      {"tiled_divide",
       {"tiled_divide(L,T)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          c.no_composed_second();
          return c.dispatch([&](const Layout& l) { return tiled_divide(l, c.tiler(1)); },
                            [&](const ComposedLayout& k) { return tiled_divide(k, c.tiler(1)); });
        }}},
      {"flat_divide",
       {"flat_divide(L,T)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          c.no_composed_second();
          return c.dispatch([&](const Layout& l) { return flat_divide(l, c.tiler(1)); },
                            [&](const ComposedLayout& k) { return flat_divide(k, c.tiler(1)); });
        }}},
      {"logical_product",
       {"logical_product(A,B)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          if (c.nested(1)) c.fail_nested(1);
          if (const ComposedLayout* t = c.composed(1)) {
            if (c.composed(0) || c.nested(0)) c.no_composed_second();
            return value(logical_product(c.layout(0), *t));
          }
          return c.dispatch(
              [&](const Layout& l) {
                return c.checked(
                    logical_product(l, c.tiler(1)),
                    [&](const Layout& r) { return check_logical_product(l, c.tiler(1), r); },
                    "product its definition names, (A, complement(A, size(A)*cosize(B)) o B)");
              },
              [&](const ComposedLayout& k) { return logical_product(k, c.tiler(1)); });
        }}},
      {"zipped_product",
       {"zipped_product(A,B)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          c.no_composed_second();
          return c.dispatch([&](const Layout& l) { return zipped_product(l, c.tiler(1)); },
                            [&](const ComposedLayout& k) { return zipped_product(k, c.tiler(1)); });
        }}},
      {"tiled_product",
       {"tiled_product(A,B)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          c.no_composed_second();
          return c.dispatch([&](const Layout& l) { return tiled_product(l, c.tiler(1)); },
                            [&](const ComposedLayout& k) { return tiled_product(k, c.tiler(1)); });
        }}},
      {"flat_product",
       {"flat_product(A,B)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          c.no_composed_second();
          return c.dispatch([&](const Layout& l) { return flat_product(l, c.tiler(1)); },
                            [&](const ComposedLayout& k) { return flat_product(k, c.tiler(1)); });
        }}},
      {"blocked_product",
       {"blocked_product(A,B)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          c.no_composed_second();
          return c.dispatch([&](const Layout& l) { return blocked_product(l, c.layout(1)); },
                            [&](const ComposedLayout& k) { return blocked_product(k, c.layout(1)); });
        }}},
      {"raked_product",
       {"raked_product(A,B)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          c.no_composed_second();
          return c.dispatch([&](const Layout& l) { return raked_product(l, c.layout(1)); },
                            [&](const ComposedLayout& k) { return raked_product(k, c.layout(1)); });
        }}},
      {"tile_to_shape",
       {"tile_to_shape(L,shape[,order])",
        [](const Call& c) -> Value {
          c.arity(2, 3);
          ModeOrder order = Major::Left;
          if (c.args.size() == 3) {
            if (auto* m = std::get_if<Major>(&c.args[2]))
              order = *m;
            else
              order = c.tuple(2);
          }
          return c.dispatch([&](const Layout& l) { return tile_to_shape(l, c.tuple(1), order); },
                            [&](const ComposedLayout& k) { return tile_to_shape(k, c.tuple(1), order); });
        }}},
      {"upcast",
       {"upcast(L,n)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          if (auto* sw = std::get_if<Swizzle>(&c.args[0])) return upcast(*sw, c.integer(1));
          return c.dispatch([&](const Layout& l) { return upcast(l, c.integer(1)); },
                            [&](const ComposedLayout& k) { return upcast(k, c.integer(1)); },
                            [&](const NestedLayout& n) { return upcast(n, c.integer(1)); });
        }}},
      {"downcast",
       {"downcast(L,n)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          if (auto* sw = std::get_if<Swizzle>(&c.args[0])) return downcast(*sw, c.integer(1));
          return c.dispatch([&](const Layout& l) { return downcast(l, c.integer(1)); },
                            [&](const ComposedLayout& k) { return downcast(k, c.integer(1)); },
                            [&](const NestedLayout& n) { return downcast(n, c.integer(1)); });
        }}},
      {"recast_layout",
       {"recast_layout(L,old_bits,new_bits)",
        [](const Call& c) -> Value {
          c.arity(3, 3);
          const int64_t from = c.integer(1), to = c.integer(2);
          return c.dispatch([&](const Layout& l) { return recast_layout(l, from, to); },
                            [&](const ComposedLayout& k) { return recast_layout(k, from, to); },
                            [&](const NestedLayout& n) { return recast_layout(n, from, to); });
        }}},
      {"as_position_independent_swizzle_layout",
       {"as_position_independent_swizzle_layout(Sw o smem_ptr o L)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          // A nested layout is never smem_ptr-flagged: already position-independent.
          return c.dispatch([](const Layout& l) { return l; },
                            [](const ComposedLayout& k) { return as_position_independent_swizzle_layout(k); },
                            [](const NestedLayout& n) { return n; });
        }}},
      {"max_common_vector",
       {"max_common_vector(A,B)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          if (c.nested(0) || c.nested(1)) return IntTuple(max_common_vector(c.swizzled(0), c.swizzled(1)));
          const ComposedLayout *a = c.composed(0), *b = c.composed(1);
          if (a && b) return IntTuple(max_common_vector(*a, *b));
          if (a) return IntTuple(max_common_vector(*a, c.layout(1)));
          if (b) return IntTuple(max_common_vector(c.layout(0), *b));
          return IntTuple(max_common_vector(c.layout(0), c.layout(1)));
        }}},
      {"max_common_layout",
       {"max_common_layout(A,B)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          const bool swizzled0 = c.composed(0) || c.nested(0), swizzled1 = c.composed(1) || c.nested(1);
          if (swizzled0 && swizzled1)
            c.fail("max_common_layout of two composed layouts is not defined (CuTe has none)");
          if (const NestedLayout* n = c.nested(0)) return max_common_layout(*n, c.layout(1));
          if (const NestedLayout* n = c.nested(1)) return max_common_layout(*n, c.layout(0));
          const ComposedLayout *a = c.composed(0), *b = c.composed(1);
          if (a) return max_common_layout(*a, c.layout(1));
          if (b) return max_common_layout(c.layout(0), *b);
          return max_common_layout(c.layout(0), c.layout(1));
        }}},
      {"nullspace",
       {"nullspace(L)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          if (c.composed(0) || c.nested(0)) {
            // CuTe does not attempt it: nullspace(ComposedLayout) is _1:_0. Its value stands; the notice says
            // what the nullspace is where tvlab knows: with zero offsets (or an smem_ptr flag, value 0) every
            // swizzle is a bijection fixing 0, so Sw(L(c)) = 0 exactly where L(c) = 0.
            Layout r = make_layout(IntTuple(1), IntTuple(0));
            if (!t_notices) return r;
            const ComposedLayout& k = c.nested(0) ? c.nested(0)->inner : *c.composed(0);
            const bool zero = c.nested(0)
                                  ? zero_offsets(*c.nested(0))
                                  : k.is_smem_flagged() || (k.offset.is_leaf() && k.offset.ival() == 0);
            const Layout truth = nullspace(k.layout);
            if (!zero || truth != r)
              t_notices->push_back(
                  {c.expr.column, c.expr.name,
                   "CuTe does not attempt the nullspace of a composed layout and returns " + to_string(r) +
                       (zero ? "; with offset 0 the swizzle is a bijection fixing 0, so the nullspace is "
                               "nullspace(" +
                                   to_string(k.layout) + ") = " + to_string(truth)
                             : "; with " +
                                   (c.nested(0) ? std::string("offsets not all 0")
                                                : "offset " + to_string(k.offset)) +
                                   " tvlab does not compute the nullspace either")});
            return r;
          }
          return nullspace(c.layout(0));
        }}},
      {"make_layout",
       {"make_layout(shape[,stride]) | make_layout(L0,L1,...)",
        [](const Call& c) -> Value {
          c.arity(1, 64);
          bool any_layout = false;
          for (const Value& v : c.args) any_layout |= std::holds_alternative<Layout>(v);
          if (any_layout || c.args.size() > 2) {
            std::vector<Layout> modes;
            for (std::size_t i = 0; i < c.args.size(); ++i) modes.push_back(c.layout(i));
            return make_layout(modes);
          }
          if (c.args.size() == 1) return c.layout(0);
          if (auto* m = std::get_if<Major>(&c.args[1])) return make_layout(c.tuple(0), *m);
          Layout l = make_layout(c.tuple(0), c.tuple(1));
          validate(l);
          return l;
        }}},
      {"make_ordered_layout",
       {"make_ordered_layout(shape,order)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          if (auto* m = std::get_if<Major>(&c.args[1])) return make_layout(c.tuple(0), *m);
          return make_ordered_layout(c.tuple(0), c.tuple(1));
        }}},
      {"make_identity_layout",
       {"make_identity_layout(shape)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          return make_identity_layout(c.tuple(0));
        }}},
      {"with_shape",
       {"with_shape(L,shape)",
        [](const Call& c) -> Value {
          c.arity(2, 64);
          IntTuple shape = c.tuple(1);
          if (c.args.size() > 2) {
            TupleBuilder b;
            for (std::size_t i = 1; i < c.args.size(); ++i) b.push(c.tuple(i));
            shape = b.build();
          }
          return c.dispatch([&](const Layout& l) { return with_shape(l, shape); },
                            [&](const ComposedLayout& k) { return with_shape(k, shape); });
        }}},
      {"size",
       {"size(L)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          if (std::holds_alternative<IntTuple>(c.args[0])) return IntTuple(product(c.tuple(0)));
          if (const ComposedLayout* k = c.composed(0)) return IntTuple(size(*k));
          if (const NestedLayout* n = c.nested(0)) return IntTuple(size(*n));
          return IntTuple(size(c.layout(0)));
        }}},
      {"cosize",
       {"cosize(L)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          if (const ComposedLayout* k = c.composed(0)) return IntTuple(cosize(*k));
          if (const NestedLayout* n = c.nested(0)) return IntTuple(cosize(*n));
          return IntTuple(cosize(c.layout(0)));
        }}},
      {"coshape",
       {"coshape(L)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          return coshape(c.layout(0));
        }}},
      {"shape",
       {"shape(L)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          if (const ComposedLayout* k = c.composed(0)) return shape(*k);
          if (const NestedLayout* n = c.nested(0)) return shape(*n);
          return c.layout(0).shape;
        }}},
      {"stride",
       {"stride(L)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          return c.layout(0).stride;
        }}},
      {"rank",
       {"rank(L)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          if (auto* t = std::get_if<Tiler>(&c.args[0])) return IntTuple(t->rank());
          if (std::holds_alternative<IntTuple>(c.args[0])) return IntTuple(rank(c.tuple(0)));
          if (const ComposedLayout* k = c.composed(0)) return IntTuple(rank(*k));
          if (const NestedLayout* n = c.nested(0)) return IntTuple(rank(*n));
          return IntTuple(rank(c.layout(0)));
        }}},
      {"depth",
       {"depth(L)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          if (std::holds_alternative<IntTuple>(c.args[0])) return IntTuple(depth(c.tuple(0)));
          if (const ComposedLayout* k = c.composed(0)) return IntTuple(depth(*k));
          if (const NestedLayout* n = c.nested(0)) return IntTuple(depth(*n));
          return IntTuple(depth(c.layout(0)));
        }}},
      {"crd2idx",
       {"crd2idx(coord,shape[,stride]) | crd2idx(coord,L)",
        [](const Call& c) -> Value {
          c.arity(2, 3);
          if (c.args.size() == 3) return crd2idx(c.tuple(0), c.tuple(1), c.tuple(2));
          if (std::holds_alternative<Layout>(c.args[1])) return c.layout(1)(c.tuple(0));
          if (const ComposedLayout* k = c.composed(1)) return IntTuple((*k)(c.tuple(0)));
          if (const NestedLayout* n = c.nested(1)) return IntTuple((*n)(c.tuple(0)));
          return crd2idx(c.tuple(0), c.tuple(1), compact_col_major(c.tuple(1)));
        }}},
      {"idx2crd",
       {"idx2crd(index,shape[,stride])",
        [](const Call& c) -> Value {
          c.arity(2, 3);
          if (c.args.size() == 3) return idx2crd(c.tuple(0), c.tuple(1), c.tuple(2));
          return idx2crd(c.tuple(0), c.tuple(1));
        }}},
      {"get",
       {"get(L,i...)",
        [](const Call& c) -> Value {
          c.arity(2, 16);
          auto path = c.indices(1);
          if (auto* t = std::get_if<Tiler>(&c.args[0])) {
            Tiler r = *t;
            for (int i : path) {
              if (!r.is_tuple() || i >= r.rank()) c.fail("index " + std::to_string(i) + " out of range");
              Tiler next = r.modes()[i];
              r = next;
            }
            if (r.is_layout()) return r.layout();
            if (r.is_integer()) return IntTuple(r.integer());
            if (r.is_underscore()) return Underscore{};
            return r;
          }
          if (c.nested(0) || c.composed(0))
            return c.dispatch([](const Layout& l) { return l; },
                              [&](const ComposedLayout& k) { return get(k, path); });
          return layout_or_tuple(
              c, [&](const Layout& l) { return get(l, path); },
              [&](const IntTuple& t) { return get(t, path); });
        }}},
      {"select",
       {"select(L,i...)",
        [](const Call& c) -> Value {
          c.arity(2, 64);
          auto modes = c.indices(1);
          return layout_or_tuple(
              c, [&](const Layout& l) { return select(l, modes); },
              [&](const IntTuple& t) { return select(t, modes); });
        }}},
      {"take",
       {"take(L,b,e)",
        [](const Call& c) -> Value {
          c.arity(3, 3);
          const int b = c.index(1), e = c.index(2);
          if (c.nested(0) || c.composed(0))
            return c.dispatch([](const Layout& l) { return l; },
                              [&](const ComposedLayout& k) { return take(k, b, e); });
          return layout_or_tuple(
              c, [&](const Layout& l) { return take(l, b, e); },
              [&](const IntTuple& t) { return take(t, b, e); });
        }}},
      {"flatten",
       {"flatten(L)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          if (c.nested(0) || c.composed(0))
            return c.dispatch([](const Layout& l) { return l; },
                              [](const ComposedLayout& k) { return flatten(k); });
          return layout_or_tuple(
              c, [](const Layout& l) { return flatten(l); }, [](const IntTuple& t) { return flatten(t); });
        }}},
      {"append",
       {"append(L[,x])",
        [](const Call& c) -> Value {
          c.arity(1, 2);
          if (std::holds_alternative<IntTuple>(c.args[0]))
            return append(c.tuple(0), c.args.size() == 2 ? c.tuple(1) : IntTuple(1));
          if (c.args.size() == 2 && c.composed(1)) c.no_composed_second();
          return c.dispatch(
              [&](const Layout& l) { return append(l, c.args.size() == 2 ? c.layout(1) : Layout()); },
              [&](const ComposedLayout& k) {
                return append(k, c.args.size() == 2 ? c.layout(1) : Layout());
              });
        }}},
      {"prepend",
       {"prepend(L[,x])",
        [](const Call& c) -> Value {
          c.arity(1, 2);
          if (std::holds_alternative<IntTuple>(c.args[0]))
            return prepend(c.tuple(0), c.args.size() == 2 ? c.tuple(1) : IntTuple(1));
          return prepend(c.layout(0), c.args.size() == 2 ? c.layout(1) : Layout());
        }}},
      {"group",
       {"group(L,b,e)",
        [](const Call& c) -> Value {
          c.arity(3, 3);
          const int b = c.index(1);
          const int e = c.integer(2) == -1 ? -1 : c.index(2);
          if (c.nested(0) || c.composed(0))
            return c.dispatch([](const Layout& l) { return l; },
                              [&](const ComposedLayout& k) { return group(k, b, e); });
          return layout_or_tuple(
              c, [&](const Layout& l) { return group(l, b, e); },
              [&](const IntTuple& t) { return group(t, b, e); });
        }}},
      {"zip",
       {"zip(A[,B])",
        [](const Call& c) -> Value {
          c.arity(1, 2);
          bool tuples = std::holds_alternative<IntTuple>(c.args[0]);
          if (c.args.size() == 1 && (c.nested(0) || c.composed(0)))
            return c.dispatch([](const Layout& l) { return l; },
                              [](const ComposedLayout& k) { return zip(k); });
          if (c.args.size() == 1) return tuples ? Value(zip(c.tuple(0))) : Value(zip(c.layout(0)));
          if (tuples) return zip(IntTuple::tuple({c.tuple(0), c.tuple(1)}));
          return zip(c.layout(0), c.layout(1));
        }}},
      {"ceil_div",
       {"ceil_div(a,b)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          return ceil_div(c.tuple(0), c.tuple(1));
        }}},
      {"shape_div",
       {"shape_div(a,b)",
        [](const Call& c) -> Value {
          c.arity(2, 2);
          return shape_div(c.tuple(0), c.tuple(1));
        }}},
      {"product_each",
       {"product_each(shape)",
        [](const Call& c) -> Value {
          c.arity(1, 1);
          return product_each(c.tuple(0));
        }}},
  };
  return t;
}

Value literal_tuple(const Expr& e, std::vector<Value> elems) {
  bool all_int = true;
  for (const Value& v : elems) all_int &= std::holds_alternative<IntTuple>(v);
  if (all_int) {
    TupleBuilder b;
    for (const Value& v : elems) b.push(std::get<IntTuple>(v));
    return b.build();
  }
  Tiler::Modes modes;
  for (std::size_t i = 0; i < elems.size(); ++i) {
    const Value& v = elems[i];
    if (auto* t = std::get_if<IntTuple>(&v))
      modes.push_back(Tiler::from_shape(*t));
    else if (auto* l = std::get_if<Layout>(&v))
      modes.push_back(Tiler(*l));
    else if (auto* t2 = std::get_if<Tiler>(&v))
      modes.push_back(*t2);
    else if (std::holds_alternative<Underscore>(v))
      modes.push_back(Tiler(Underscore{}));
    else
      throw EvalError(e.children[i].column, "tuple", "a tuple cannot hold " + to_string(v));
  }
  return Tiler(std::move(modes));
}

IntTuple int_operand(const Expr& e, Value&& v, const char* role) {
  if (auto* t = std::get_if<IntTuple>(&v)) return std::move(*t);
  throw EvalError(e.column, "layout", std::string("the ") + role + " must be integers, got " + to_string(v));
}

// Appends the nodes of a tuple literal whose leaves are all integers (at any depth) to `out`, in pre-order;
// false (out unspecified) when some leaf is not an integer: the caller evaluates child by child.
bool append_int_tree(const Expr& e, IntTuple::Nodes& out) {
  if (e.kind == Expr::Kind::Integer) {
    out.emplace_back(-1, 1, e.value);
    return true;
  }
  if (e.kind != Expr::Kind::Tuple) return false;
  const std::size_t head = out.size();
  out.emplace_back(static_cast<int32_t>(e.children.size()), 1, Scalar());
  for (const Expr& c : e.children)
    if (!append_int_tree(c, out)) return false;
  out[head].span = static_cast<int32_t>(out.size() - head);
  return true;
}

// The call e (its name, column and its arguments' columns) applied to evaluated arguments; a LayoutError
// becomes an EvalError at the call. Shared by eval_node and the plain-notation fast path.
Value apply(const Expr& e, const Handler& handler, std::vector<Value>&& args) {
  try {
    return handler(Call{e, std::move(args), {}});
  } catch (const LayoutError& err) {
    // CuTe words some conditions with the function's name ("tile_to_shape: block shape does not divide ...");
    // the error names the function already.
    std::string why = err.what();
    if (why.rfind(e.name + ": ", 0) == 0) why.erase(0, e.name.size() + 2);
    throw EvalError(e.column, e.name, why, err.condition());
  }
}

Value eval_node(const Expr& e) {
  try {
    switch (e.kind) {
      case Expr::Kind::Integer:
        return IntTuple(e.value);
      case Expr::Kind::Underscore:
        return Underscore{};
      case Expr::Kind::Tuple: {
        IntTuple t = detail::IntTupleAccess::blank();
        if (append_int_tree(e, detail::IntTupleAccess::nodes(t))) return t;  // no Value per leaf
        std::vector<Value> elems;
        elems.reserve(e.children.size());  // a Value is large: no regrowth copies
        for (const Expr& c : e.children) elems.push_back(eval_node(c));
        return literal_tuple(e, std::move(elems));
      }
      case Expr::Kind::Layout: {
        IntTuple shape = int_operand(e.children[0], eval_node(e.children[0]), "shape");
        IntTuple stride = int_operand(e.children[1], eval_node(e.children[1]), "stride");
        if (!congruent(shape, stride))
          throw EvalError(
              e.children[1].column, "layout",
              "stride " + to_string(stride) + " does not match the profile of shape " + to_string(shape));
        Layout l(std::move(shape), std::move(stride), Layout::Trusted{});  // congruent: checked above
        validate(l);
        return l;
      }
      case Expr::Kind::Swizzle:
        return Swizzle(e.swizzle[0], e.swizzle[1], e.swizzle[2]);
      case Expr::Kind::Composed: {
        Swizzle sw(e.children[0].swizzle[0], e.children[0].swizzle[1], e.children[0].swizzle[2]);
        IntTuple offset(0);
        int ptr_bits = 0;  // smem_ptr[Wb](unset): CuTe's smem_ptr_flag_bits<W>
        if (e.children.size() == 3 && e.children[1].kind == Expr::Kind::Name &&
            e.children[1].name.rfind("smem_ptr[", 0) == 0) {
          ptr_bits = std::stoi(e.children[1].name.substr(9));
          if (ptr_bits <= 0 || ptr_bits > 1024)
            throw EvalError(e.children[1].column, "smem_ptr",
                            "element width " + std::to_string(ptr_bits) + " bits is out of range (1..1024)");
        } else if (e.children.size() == 3) {
          offset = int_operand(e.children[1], eval_node(e.children[1]), "offset");
        }
        const Expr& inner = e.children.back();
        Value l = eval_node(inner);
        if (auto* t = std::get_if<IntTuple>(&l)) {
          Layout m = make_layout(*t);
          validate(m);
          return ptr_bits ? ComposedLayout::smem(sw, ptr_bits, m) : ComposedLayout(sw, offset, m);
        }
        if (auto* ll = std::get_if<Layout>(&l))
          return ptr_bits ? ComposedLayout::smem(sw, ptr_bits, *ll) : ComposedLayout(sw, offset, *ll);
        // Sw o k o (Sw' o k' o L): CuTe's nested composed layout (as CuTe prints it, without parentheses).
        if (std::holds_alternative<ComposedLayout>(l) || std::holds_alternative<NestedLayout>(l)) {
          const SwizzledLayout x = std::holds_alternative<NestedLayout>(l)
                                       ? SwizzledLayout(std::get<NestedLayout>(l))
                                       : std::get<ComposedLayout>(l);
          if (ptr_bits)
            throw EvalError(
                e.children[1].column, "composed layout",
                "an smem_ptr flag over a composed layout: tvlab does not represent it (CuTe would add "
                "its inner offset to the pointer flag)");
          if (offset.is_tuple() || offset.value().is_basis())
            throw EvalError(
                e.children[1].column, "composed layout",
                "the offset of a nested composed layout must be an integer, got " + to_string(offset));
          return value(composition(sw, offset.value().value, x));
        }
        throw EvalError(inner.column, "composed layout", "expected a layout after 'o', got " + to_string(l));
      }
      case Expr::Kind::Name: {
        if (e.name == "LayoutLeft" || e.name == "GenColMajor") return Major::Left;
        if (e.name == "LayoutRight" || e.name == "GenRowMajor") return Major::Right;
        if (auto atom = smem_layout_atom(canonical_atom_name(e.name))) return *atom;
        throw EvalError(e.column, e.name, "unknown name (did you mean a call, " + e.name + "(...)?)");
      }
      case Expr::Kind::Call: {
        auto it = table().find(e.name);
        if (it == table().end())
          throw EvalError(e.column, e.name, "unknown function; see `tvlab eval --help`");
        std::vector<Value> args;
        args.reserve(e.children.size());
        for (const Expr& c : e.children) args.push_back(eval_node(c));
        return apply(e, it->second.second, std::move(args));
      }
    }
  } catch (const LayoutError& err) {
    throw EvalError(e.column, e.kind == Expr::Kind::Call ? e.name : "layout", err.what(), err.condition());
  }
  throw EvalError(e.column, "expression", "unsupported expression");
}

// The plain-notation fast path. Most lines given to `tvlab eval` are CuTe calls on literals in plain
// notation, `composition((4,8):(8,1),(2,2):(1,4))`. For those, building the parse tree (an Expr per
// integer) costs more than the algebra, so this reads the subset straight into values: calls to the
// functions of table() (lower-case names, not make_*, not C++ type names) whose arguments are calls or
// literals: integer tuples (decimal integers, parentheses, commas), SHAPE:STRIDE layouts, tilers (tuples
// holding `_` or layouts) and swizzled layouts `Sw<B,M,S> o [offset o] L` (CuTe DSL's `S<B,M,S>` too). It
// builds what eval_node builds from the same text and applies the calls through the same apply(), with Exprs
// that carry the names and columns the parser would give, so results and evaluation errors are the same.
// Anything else
// (`_8`, `@`, a C++ spelling, a literal that does not validate, an integer near 2^63, deep nesting, a
// very large literal) returns nullopt before any evaluation: evaluate() then parses the text in full,
// which reports exactly what the general parser reports. expr_plain_test.cpp and the eval fuzzer check
// that both paths agree.
class PlainEval : detail::PlainReader {
 public:
  explicit PlainEval(std::string_view s) : PlainReader(s) {}

  std::optional<Value> run() {
    const std::size_t start = ws_after(0);
    // The whole text is read first, literals built and calls recorded; only then are the calls
    // applied, innermost first and left to right as eval_node applies them: the parser reports a
    // syntax error anywhere before any evaluation error, so nothing is evaluated unless all of the text
    // is plain notation.
    Value v;
    if (!value(&v, 0, -1, 0) || ws_after(pos_) != s_.size()) return std::nullopt;
    for (const int i : order_) {
      Pending& c = calls_[i];
      Value r = apply(c.e, *c.handler, std::move(c.args));
      (c.parent < 0 ? v : calls_[c.parent].args[c.slot]) = std::move(r);
    }
    // A lone literal shape prints as its compact layout (as evaluate() does for the parsed tree).
    if (auto* t = std::get_if<IntTuple>(&v)) {
      if (s_[start] != '(' && s_[start] != '-' && !is_digit(s_[start])) return v;  // a call's value
      try {
        Layout l = make_layout(*t);
        validate(l);
        return l;
      } catch (const LayoutError&) {
        return std::nullopt;
      }
    }
    return v;
  }

 private:
  // A call read but not applied yet: its function, the Expr apply() reports errors with (the call's
  // name and column, its arguments' columns), its arguments (literals in place; a nested call's value
  // lands in its slot when applied), and where its own value goes (argument `slot` of call `parent`,
  // or the result when parent < 0).
  struct Pending {
    const Handler* handler = nullptr;
    Expr e;
    std::vector<Value> args;
    int parent = -1;
    std::size_t slot = 0;
  };
  boost::container::small_vector<Pending, 2> calls_;  // in text order
  boost::container::small_vector<int, 4> order_;  // the order they are applied in (each after its arguments)

  // value := call | literal, at pos_ (after blanks): a literal is built into *out; a call is recorded,
  // to land in argument `slot` of call `parent` (the result when parent < 0).
  bool value(Value* out, int depth, int parent, std::size_t slot) {
    if (depth > kMaxDepth) return false;
    pos_ = ws_after(pos_);
    if (pos_ >= s_.size()) return false;
    if (is_lower(s_[pos_])) return call(depth, parent, slot);
    if (s_[pos_] == 'S') return composed(out, depth);
    return literal(out, depth);
  }

  // composed := ('Sw<' | 'S<') B ',' M ',' S '>' 'o' [offset 'o'] literal: a swizzled layout, built as
  // eval_node builds a Composed node; what it would reject (a swizzle, offset or layout CuTe does not take)
  // is left to it.
  bool composed(Value* out, int depth) {
    if (s_.compare(pos_, 3, "Sw<") == 0)
      pos_ += 3;
    else if (s_.compare(pos_, 2, "S<") == 0)  // CuTe DSL's print of a swizzle
      pos_ += 2;
    else
      return false;
    int bms[3];
    for (int k = 0; k < 3; ++k) {
      pos_ = ws_after(pos_);
      int64_t v;
      if (pos_ >= s_.size() || !integer(v) || v < -64 || v > 64 || !at(k < 2 ? ',' : '>')) return false;
      bms[k] = static_cast<int>(v), ++pos_;
    }
    Value first, second;
    if (!at_o() || !literal(&first, depth + 1)) return false;
    const bool has_offset = at_o();
    if (has_offset && !literal(&second, depth + 1)) return false;
    const IntTuple* offset = has_offset ? std::get_if<IntTuple>(&first) : nullptr;
    const Value& inner = has_offset ? second : first;
    if (has_offset && !offset) return false;
    try {
      const Swizzle sw(bms[0], bms[1], bms[2]);
      const IntTuple off = offset ? *offset : IntTuple(0);
      if (auto* t = std::get_if<IntTuple>(&inner)) {
        Layout m = make_layout(*t);
        validate(m);
        *out = ComposedLayout(sw, off, m);
      } else if (auto* l = std::get_if<Layout>(&inner)) {
        *out = ComposedLayout(sw, off, *l);
      } else {
        return false;
      }
    } catch (const LayoutError&) {
      return false;
    }
    return true;
  }
  // The composition operator `o` (a word of its own) at pos_, consumed.
  bool at_o() {
    pos_ = ws_after(pos_);
    if (pos_ >= s_.size() || s_[pos_] != 'o') return false;
    const char next = pos_ + 1 < s_.size() ? s_[pos_ + 1] : ' ';
    if (is_lower(next) || is_digit(next) || next == '_' || (next >= 'A' && next <= 'Z')) return false;
    ++pos_;
    return true;
  }

  // literal := tree [':' tree]; a layout is checked as eval_node checks it (a literal that does not
  // validate is left to the parser, which words the error).
  bool literal(Value* out, int depth) {
    IntTuple shape = detail::IntTupleAccess::blank(), stride = detail::IntTupleAccess::blank();
    const std::size_t start = pos_, leaves = leaves_;
    if (!tree(detail::IntTupleAccess::nodes(shape), depth)) {
      if (ws_after(start) >= s_.size() || s_[ws_after(start)] != '(') return false;
      pos_ = start, leaves_ = leaves;  // a tuple holding `_` or layouts: a tiler
      return tiler(out, depth);
    }
    if (!at(':')) {
      *out = std::move(shape);
      return true;
    }
    Layout l;
    if (!colon_stride(detail::IntTupleAccess::nodes(stride), depth) ||
        !checked_layout(std::move(shape), std::move(stride), l))
      return false;
    *out = std::move(l);
    return true;
  }

  // tiler := '(' element (',' element)* ')', element := '_' | literal: a tuple whose elements are not all
  // integers, built as eval_node builds it (literal_tuple of the elements' values). Not followed by ':'
  // (such a shape is an error the parser words).
  bool tiler(Value* out, int depth) {
    if (depth > kMaxDepth) return false;
    pos_ = ws_after(pos_) + 1;  // '('
    Expr e;                     // literal_tuple's columns (only its errors read them)
    e.kind = Expr::Kind::Tuple;
    std::vector<Value> elems;
    do {
      pos_ = ws_after(pos_);
      e.children.emplace_back().column = pos_ + 1;
      if (pos_ < s_.size() && s_[pos_] == '_') {  // `_` alone: `_8` and `_{}` are the parser's
        const std::size_t q = ws_after(pos_ + 1);
        if (q >= s_.size() || (s_[q] != ',' && s_[q] != ')')) return false;
        elems.emplace_back(Underscore{});
        pos_ = q;
        continue;
      }
      if (!literal(&elems.emplace_back(), depth + 1)) return false;
    } while (at(',') && (++pos_, true));
    if (!at(')')) return false;
    ++pos_;
    if (ws_after(pos_) < s_.size() && s_[ws_after(pos_)] == ':') return false;
    *out = literal_tuple(e, std::move(elems));
    return true;
  }

  // call := name '(' value (',' value)* ')', name a function of table() the parser takes as a plain call.
  bool call(int depth, int parent, std::size_t slot) {
    const std::size_t start = pos_;
    std::size_t p = pos_;
    while (p < s_.size() && (is_lower(s_[p]) || is_digit(s_[p]) || s_[p] == '_')) ++p;
    const std::string_view name = s_.substr(start, p - start);
    if (name.substr(0, 5) == "make_" || name == "tuple") return false;
    pos_ = p;
    if (!at('(')) return false;
    ++pos_;
    const auto it = table().find(std::string(name));
    if (it == table().end()) return false;
    const int self = static_cast<int>(calls_.size());
    {
      Pending& c = calls_.emplace_back();
      c.handler = &it->second.second, c.parent = parent, c.slot = slot;
      c.e.kind = Expr::Kind::Call;
      c.e.column = start + 1;
      c.e.name = std::string(name);
    }
    do {  // (calls_ grows with nested calls: calls_[self] is looked up again each time; a literal,
          // read into its slot, adds no call while it is read)
      calls_[self].e.children.emplace_back().column = ws_after(pos_) + 1;
      const std::size_t k = calls_[self].args.size();
      if (!value(&calls_[self].args.emplace_back(), depth + 1, self, k)) return false;
    } while (at(',') && (++pos_, true));
    if (!at(')')) return false;
    ++pos_;
    order_.push_back(self);
    return true;
  }
};

}  // namespace

Value evaluate(const Expr& e) {
  return eval_node(e);
}

namespace detail {
std::optional<Value> evaluate_plain(std::string_view text) {
  return PlainEval(text).run();
}
}  // namespace detail

Value evaluate(std::string_view text, std::vector<EvalNotice>& notices) {
  const NoticeScope scope(&notices);
  return evaluate(text);
}

Value evaluate(std::string_view text) {
  // A smem layout atom named alone (GMMA::Layout_K_SW128_Atom<half_t>), whatever the parser makes of it;
  // every atom name holds GMMA:: or UMMA::.
  if (text.find("MMA") != std::string_view::npos) {
    try {
      if (auto atom = smem_layout_atom(canonical_atom_name(text))) return *atom;
    } catch (const LayoutError& err) {
      throw EvalError(1, canonical_atom_name(text), err.what());
    }
  }
  if (auto v = detail::evaluate_plain(text)) return std::move(*v);
  return detail::evaluate_parsed(text);
}

Value detail::evaluate_parsed(std::string_view text) {
  Expr e;
  try {
    e = parse_expr(text);
  } catch (const ParseError& err) {
    throw EvalError(err.column(), "syntax", err.what());
  }
  Value v = evaluate(e);
  const bool literal_shape = e.name.empty() && (e.kind == Expr::Kind::Tuple ||
                                                (e.kind == Expr::Kind::Integer && !e.value.is_basis()));
  if (auto* t = std::get_if<IntTuple>(&v); t && literal_shape) {
    try {  // make_layout too: a tuple holding a scaled basis, (2,1@1), has no compact layout
      Layout l = make_layout(*t);
      validate(l);
      return l;
    } catch (const LayoutError& err) {
      throw EvalError(e.column, "layout", err.what());
    }
  }
  return v;
}

Value evaluate_argument(std::string_view text, std::vector<EvalNotice>* notices) {
  Expr e;
  try {
    e = parse_expr(text);
  } catch (const ParseError& err) {
    throw EvalError(err.column(), "syntax", err.what());
  }
  const NoticeScope scope(notices);
  return eval_node(e);
}

Value call(std::string_view name, std::vector<Value> args, std::vector<EvalNotice>* notices) {
  const auto it = table().find(std::string(name));
  if (it == table().end()) throw EvalError(0, std::string(name), "unknown function; see `tvlab eval --help`");
  // The Expr that evaluate() would have built: the name, and a child per argument whose column is its index
  // (only names and columns are read from it).
  Expr e;
  e.kind = Expr::Kind::Call;
  e.column = 0;
  e.name = it->first;
  e.children.resize(args.size());
  for (std::size_t i = 0; i < args.size(); ++i) e.children[i].column = i + 1;
  const NoticeScope scope(notices);
  try {
    return apply(e, it->second.second, std::move(args));
  } catch (const LayoutError& err) {  // raised outside apply's handler call (argument coercion is inside)
    throw EvalError(0, e.name, err.what(), err.condition());
  }
}

const std::vector<std::pair<std::string, std::string>>& eval_functions() {
  static const std::vector<std::pair<std::string, std::string>> list = [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [name, entry] : table()) out.emplace_back(name, entry.first);
    return out;
  }();
  return list;
}

}  // namespace tvlab
