// The C++ configuration reader: evaluating CuTe and CUTLASS expressions (integers, element types, atoms,
// TiledMMAs, TiledCopies, dispatch policies, strides and, through core's evaluate, layouts).
#include "detail/cpp_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/tiling/cute_print.hpp"

namespace tvlab::detail {

std::optional<CVal> Reader::pasted_expression(std::initializer_list<std::string_view> heads,
                                              std::string& head, Node& node) {
  std::size_t k = 0;
  while (t_[k].kind == Tok::Ident && (t_[k].text == "typename" || t_[k].text == "decltype")) ++k;
  while (punct(k, "(")) ++k;
  std::string q;
  for (; t_[k].kind == Tok::Ident || punct(k, "::"); ++k) q += t_[k].text;
  head = base_name(q);
  if (std::find(heads.begin(), heads.end(), head) == heads.end()) return std::nullopt;
  std::size_t end = t_.size() - 1;  // a trailing ';' (a pasted declaration's) is not part of it
  while (end > 0 && punct(end - 1, ";")) --end;
  Parser p(t_, 0, end);
  node = p.expr();
  p.expect_end();
  return eval(node, "");
}

std::optional<MmaConfig> Reader::tiled_mma_expression() {
  std::string head;
  Node n;
  const std::optional<CVal> v = pasted_expression({"TiledMMA", "make_tiled_mma", "TiledMMAHelper"}, head, n);
  if (!v) return std::nullopt;
  const CTiledMma* m = std::get_if<CTiledMma>(&*v);
  if (!m) fail(n, head, std::string("expected a TiledMMA, got ") + kind_of(*v));
  return m->mma;
}

std::optional<CopyConfig> Reader::tiled_copy_expression() {
  std::string head;
  Node n;
  const std::optional<CVal> v = pasted_expression({"TiledCopy", "make_tiled_copy"}, head, n);
  if (!v) return std::nullopt;
  const CTiledCopy* c = std::get_if<CTiledCopy>(&*v);
  if (!c) fail(n, head, std::string("expected a TiledCopy, got ") + kind_of(*v));
  CopyConfig copy = c->copy;
  copy.value_type = c->type;
  return copy;
}

std::optional<CType> Reader::type_named(const std::string& q) const {
  std::string b = base_name(q);
  // Compilers' spellings of the integer types: long int (int64_t on LP64), unsigned int (uint32_t).
  static const std::map<std::string, std::string> words = {{"long int", "long"},
                                                           {"long long", "long"},
                                                           {"long long int", "long"},
                                                           {"unsigned int", "uint32_t"},
                                                           {"unsigned", "unsigned"},
                                                           {"unsigned long", "uint64_t"},
                                                           {"long unsigned int", "uint64_t"},
                                                           {"unsigned long int", "uint64_t"},
                                                           {"signed int", "int"}};
  if (const auto w = words.find(b); w != words.end()) b = w->second;
  if (b.size() > 1 && b[0] == '_' && std::all_of(b.begin() + 1, b.end(), ::isdigit))
    return std::nullopt;  // _8
  static const std::set<std::string> ints = {"int",    "long",     "int64_t", "int32_t",
                                             "size_t", "unsigned", "uint64_t"};
  if (ints.count(b) && !(b == "int64_t" || b == "int32_t" || b == "uint64_t")) return CType{b, 0, true};
  try {
    const ValueType vt = value_type(b);
    return CType{vt.name, vt.bits, b == "int64_t" || b == "int32_t" || b == "uint64_t"};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

int64_t Reader::as_int(const Node& n, const std::string& scope, const std::string& what) {
  return as_cint(n, scope, what).v;
}

CInt Reader::as_cint(const Node& n, const std::string& scope, const std::string& what) {
  const CVal v = eval(n, scope);
  if (const CInt* i = std::get_if<CInt>(&v)) return *i;
  // A static integer (Int<N>, _N): CuTe's C<N> holds an int.
  if (const CCore* c = std::get_if<CCore>(&v))
    if (const IntTuple* t = std::get_if<IntTuple>(&c->v); t && t->is_leaf() && !t->value().is_basis()) {
      try {
        return converted(CInt{t->ival()}, 32, false);
      } catch (const IntError& e) {
        fail(n, spelled(n), std::string("Int<N>: ") + e.what());
      }
    }
  fail(n, what, std::string("expected an integer, got ") + kind_of(v));
}

CInt Reader::literal(const Node& n) {
  try {
    return integer_literal(n.text);
  } catch (const IntError& e) {
    fail(n, n.text, e.what());
  }
}

std::vector<Node> Reader::args_of(const Node& n, std::size_t want_min, std::size_t want_max,
                                  const char* form) {
  if (n.calls.empty() || n.calls[0].first != '(')
    fail(n, base_name(n.text), std::string("expected a call ") + form);
  const auto& a = n.calls[0].second;
  if (a.size() < want_min || a.size() > want_max)
    fail(n, base_name(n.text),
         "takes " + std::to_string(want_min) +
             (want_max != want_min ? " to " + std::to_string(want_max) : "") + " arguments, " +
             std::to_string(a.size()) + " given: " + form);
  return a;
}

void Reader::want_targs(const Node& n, std::size_t lo, std::size_t hi, const char* form) {
  if (!n.has_targs || n.targs.size() < lo || n.targs.size() > hi)
    fail(n, base_name(n.text),
         "takes " + std::to_string(lo) + (hi != lo ? " to " + std::to_string(hi) : "") +
             " template arguments, " + std::to_string(n.targs.size()) + " given: " + form);
}

CMmaAtom Reader::mma_atom_of(const Node& n, const std::string& scope) {
  const CVal v = eval(n, scope);
  if (const CMmaAtom* a = std::get_if<CMmaAtom>(&v)) return *a;
  fail(n, base_name(n.text), std::string("expected an MMA atom (MMA_Atom<Op> or Op{}), got ") + kind_of(v));
}

CCopyAtom Reader::copy_atom_of(const Node& n, const std::string& scope) {
  const CVal v = eval(n, scope);
  if (const CCopyAtom* a = std::get_if<CCopyAtom>(&v)) return *a;
  fail(n, base_name(n.text), std::string("expected a copy atom (Copy_Atom<Op, T>), got ") + kind_of(v));
}

std::string Reader::core_text(const Node& n, const std::string& scope, bool want_layout) {
  const CVal v = eval(n, scope);
  if (const CCore* c = std::get_if<CCore>(&v)) {
    if (want_layout && !std::holds_alternative<Layout>(c->v) && !std::holds_alternative<IntTuple>(c->v))
      fail(n, base_name(n.text), "expected a layout, got " + to_string(c->v));
    return to_string(c->v);
  }
  if (const CInt* i = std::get_if<CInt>(&v)) return std::to_string(i->v);
  fail(n, base_name(n.text), std::string("expected a layout, got ") + kind_of(v));
}

CVal Reader::apply_members(const Node& n, CVal v) {
  for (const std::string& m : n.members) {
    if (auto* c = std::get_if<std::shared_ptr<CCollective>>(&v)) {
      auto it = std::find_if((*c)->members.begin(), (*c)->members.end(),
                             [&](const auto& p) { return p.first == m; });
      if (it == (*c)->members.end())
        fail(n, n.text + "::" + m, "not a member type of CollectiveMma that tvlab reads");
      v = it->second;
      continue;
    }
    fail(n, n.text + "::" + m, std::string("members of ") + kind_of(v) + " are not read");
  }
  return v;
}

// eval() is split into one function per family of names: each keeps its own locals, so a nesting level
// costs the frame of the function it takes, not of every branch (a sanitizer build gives each local of a
// function its own stack slot: one function held all of them, 165 KB a level, and deep nesting overflowed
// the stack below kMaxCppNesting).
CVal Reader::eval(const Node& n, const std::string& scope) {
  if (++depth_ > kMaxCppNesting)
    fail(n, "",
         "expressions nested deeper than " + std::to_string(kMaxCppNesting) +
             " levels (a declaration a declaration refers to counts as one)");
  struct Back {
    int& d;
    ~Back() { --d; }
  } back{depth_};
  switch (n.kind) {
    case Node::Kind::Number:
      return literal(n);
    case Node::Kind::Group:
      return eval(n.kids[0], scope);
    case Node::Kind::Unary:
    case Node::Kind::Binary:
      return eval_arithmetic(n, scope);
    case Node::Kind::Name:
      break;
  }
  return eval_name(n, scope);
}

[[gnu::noinline]] CVal Reader::eval_arithmetic(const Node& n, const std::string& scope) {
  std::vector<CInt> x;
  for (const Node& k : n.kids) x.push_back(as_cint(k, scope, n.text));
  try {
    return x.size() == 1 ? unary_op(n.text, x[0]) : binary_op(n.text, x[0], x[1]);
  } catch (const IntError& e) {
    fail(n, spelled(n), e.what());
  }
}

[[gnu::noinline]] CVal Reader::eval_name(const Node& n, const std::string& scope) {
  std::string full;
  if (!n.has_targs && lookup(n.text, scope, &full)) {
    CVal v = eval_decl(full);
    for (const auto& [open, args] : n.calls)
      if (!args.empty()) fail(n, n.text, "a value constructed with arguments is not read");
    if (std::holds_alternative<CTemplateParam>(v))
      fail(n, n.text,
           "a template parameter of " + std::get<CTemplateParam>(v).owner +
               ": tvlab does not instantiate templates; bind it: --bind " + base_name(n.text) +
               "=half_t (with --bind scope=" + std::get<CTemplateParam>(v).owner + ")");
    if (std::holds_alternative<CRuntime>(v) && !allow_runtime_)
      fail(n, n.text,
           "a parameter of " + std::get<CRuntime>(v).owner +
               ": a run-time value, which tvlab cannot know (use a compile-time constant)");
    return apply_members(n, std::move(v));
  }
  if (n.has_targs)
    if (const Decl* d = lookup(n.text, scope); d && d->user_template)
      fail(n, n.text,
           "a user template: tvlab reads concrete declarations and does not instantiate templates "
           "(write the configuration's types out, e.g. as `using` aliases)");
  const std::string b = base_name(n.text);
  if (const Builtin f = builtin(n, b)) return (this->*f)(n, scope, b);
  return eval_other(n, scope, b);
}

// The names of CuTe and CUTLASS that eval reads by their last component alone.
Reader::Builtin Reader::builtin(const Node& n, const std::string& b) {
  static const std::unordered_map<std::string_view, Builtin> names = {
      {"decltype", &Reader::eval_decltype},
      {"MMA_Atom", &Reader::eval_mma_atom},
      {"Copy_Atom", &Reader::eval_copy_atom},
      {"TiledMMA", &Reader::eval_tiled_mma},
      {"make_tiled_mma", &Reader::eval_tiled_mma},
      {"make_tiled_copy", &Reader::eval_make_tiled_copy},
      {"make_tiled_copy_A", &Reader::eval_make_tiled_copy_x},
      {"make_tiled_copy_B", &Reader::eval_make_tiled_copy_x},
      {"make_tiled_copy_C", &Reader::eval_make_tiled_copy_x},
      {"TiledCopy", &Reader::eval_printed_tiled_copy},
      {"MainloopXeL1Staged", &Reader::eval_policy},
      {"MainloopIntelXeXMX16", &Reader::eval_policy},
      {"MainloopIntelXeXMX16MixedPrecision", &Reader::eval_policy},
      {"MainloopSm80CpAsync", &Reader::eval_policy},
      {"MainloopSm80CpAsyncUnpredicated", &Reader::eval_policy},
      {"MainloopSm90TmaGmma", &Reader::eval_sm90_policy},
      {"MainloopSm90TmaGmmaWarpSpecialized", &Reader::eval_sm90_policy},
      {"MainloopSm90TmaGmmaRmemAWarpSpecialized", &Reader::eval_sm90_policy},
      {"TiledMMAHelper", &Reader::eval_tiled_mma_helper},
      {"TagToStrideA_t", &Reader::eval_tag_to_stride},
      {"TagToStrideB_t", &Reader::eval_tag_to_stride},
      {"TagToStrideC_t", &Reader::eval_tag_to_stride},
      {"RowMajor", &Reader::eval_tag},
      {"ColumnMajor", &Reader::eval_tag},
      {"identity", &Reader::eval_identity},
      {"sizeof_bits_v", &Reader::eval_sizeof_bits},
      {"sizeof", &Reader::eval_size_of},
      {"size", &Reader::eval_size_of},
      {"uint_byte_t", &Reader::eval_size_of},
      {"CollectiveMma", &Reader::eval_collective},
  };
  if (n.text == "void" && !n.has_targs && n.calls.empty() && n.members.empty()) return &Reader::eval_void;
  if (b == "sizeof_bits")
    return n.members.size() == 1 && n.members[0] == "value" ? &Reader::eval_sizeof_bits : nullptr;
  const auto it = names.find(b);
  return it == names.end() ? nullptr : it->second;
}

// Names read by their form: a mixed-input tuple, strides with run-time modes, ops, and CuTe's notation.
[[gnu::noinline]] CVal Reader::eval_other(const Node& n, const std::string& scope, const std::string& b) {
  if (b == "tuple" && n.has_targs && !n.targs.empty() && n.calls.empty() && n.members.empty())
    if (auto v = eval_mixed_tuple(n, scope)) return std::move(*v);
  if (auto v = eval_stride(n, scope, b)) return std::move(*v);
  if (auto v = eval_op(n, scope, b)) return std::move(*v);
  if (!n.members.empty()) fail(n, n.text + "::" + n.members[0], "member types of this are not read");
  return eval_notation(n, scope);
}

[[gnu::noinline]] CVal Reader::eval_decltype(const Node& n, const std::string& scope, const std::string&) {
  const auto a = args_of(n, 1, 1, "decltype(expression)");
  return apply_members(n, eval(a[0], scope));
}

CVal Reader::eval_void(const Node&, const std::string&, const std::string&) {
  return CVoid{};
}

[[gnu::noinline]] CVal Reader::eval_policy(const Node& n, const std::string& scope, const std::string& b) {
  want_targs(n, 1, 2,
             b.rfind("MainloopSm80", 0) == 0 ? "MainloopSm80CpAsync<Stages[, ClusterShape]>"
                                             : "MainloopXeL1Staged<Stages[, Schedule]>");
  return apply_members(n, CPolicy{b, as_int(n.targs[0], scope, b)});
}

[[gnu::noinline]] CVal Reader::eval_tag(const Node& n, const std::string&, const std::string& b) {
  return apply_members(n, CTag{b == "RowMajor"});
}

[[gnu::noinline]] CVal Reader::eval_identity(const Node& n, const std::string&, const std::string&) {
  return apply_members(n, CIdentity{});
}

[[gnu::noinline]] CVal Reader::eval_collective(const Node& n, const std::string& scope, const std::string&) {
  return apply_members(n, collective(n, scope));
}

// decltype, a mixed-input tuple, MMA_Atom, Copy_Atom, TiledMMA, make_tiled_copy[_A|_B|_C].

// The TiledCopy type as the compiler names it.
[[gnu::noinline]] CVal Reader::eval_printed_tiled_copy(const Node& n, const std::string& scope,
                                                       const std::string& b) {
  // The type the compiler names (g++'s and nvcc's __PRETTY_FUNCTION__ and messages):
  // cute::TiledCopy<Copy_Atom<Op, T>, LayoutCopy_TV, ShapeTiler_MN> (cute/atom/copy_atom.hpp), what
  // make_tiled_copy and make_tiled_copy_A/B/C return: the TV layout and tiler as CuTe's print gives them.
  want_targs(n, 3, 3, "TiledCopy<Copy_Atom<Op, T>, LayoutCopy_TV, ShapeTiler_MN>");
  const CCopyAtom atom = copy_atom_of(n.targs[0], scope);
  if (atom.type.empty()) fail(n.targs[0], b, "expected Copy_Atom<Op, T> (the copy's value type)");
  const CVal tv = eval(n.targs[1], scope);
  const CCore* tc = std::get_if<CCore>(&tv);
  const Layout* tvl = tc ? std::get_if<Layout>(&tc->v) : nullptr;
  if (!tvl) fail(n.targs[1], b, std::string("expected the TV layout (a Layout<...>), got ") + kind_of(tv));
  const CVal ti = eval(n.targs[2], scope);
  const CCore* ic = std::get_if<CCore>(&ti);
  PrintedCopy p;
  p.tiled = true;
  p.line = 0;  // the C++ names the place (the origin of the spec path)
  p.tv = *tvl;
  if (const IntTuple* t = ic ? std::get_if<IntTuple>(&ic->v) : nullptr)
    p.tiler = Tiler::from_shape(*t);
  else if (const Tiler* r = ic ? std::get_if<Tiler>(&ic->v) : nullptr)
    p.tiler = *r;
  else if (const Layout* l = ic ? std::get_if<Layout>(&ic->v) : nullptr)
    p.tiler = Tiler(*l);
  else
    fail(n.targs[2], b,
         std::string("expected the tiler (a tuple of extents or layouts), got ") + kind_of(ti));
  // The atom's own layouts for T (what print(tiled_copy) prints under Copy_Atom).
  try {
    const int bits = value_type(atom.type).bits;
    const CopyAtom with_bits = with_value_bits(find_copy_atom(atom.op), bits);
    const ValueLayouts k = value_layouts(with_bits, bits);
    p.thr_id = with_bits.thr_id;
    p.src = k.src;
    p.dst = k.dst;
    p.ref = k.ref;
    p.value_bits = bits;
  } catch (const std::exception& e) {
    fail(n.targs[0], b, atom.op + " with " + atom.type + ": " + e.what());
  }
  CopyConfig c;
  c.atom = atom.op;
  c.print = p;
  return apply_members(n, CTiledCopy{c, atom.type});
}

// void, dispatch policies, TiledMMAHelper, layout tags, identity, sizeof_bits, CollectiveMma.

// Strides with run-time modes: make_stride(ldA, Int<1>{}), Stride<int64_t, _1, int64_t>.
[[gnu::noinline]] std::optional<CVal> Reader::eval_stride(const Node& n, const std::string& scope,
                                                          const std::string& b) {
  if (b == "make_stride" && !n.calls.empty()) {
    // make_stride(ldA, Int<1>{}) (CuTe's tutorials): run-time modes are dynamic strides.
    const auto a = args_of(n, 2, 3, "make_stride(dM, dK[, dL])");
    std::vector<int> unit;
    bool dynamic = false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      allow_runtime_ = true;
      CVal v;
      try {
        v = eval(a[i], scope);
      } catch (...) {
        allow_runtime_ = false;
        throw;
      }
      allow_runtime_ = false;
      if (std::holds_alternative<CRuntime>(v)) {
        dynamic = true;
        continue;
      }
      if (eval_is_one(a[i], scope)) unit.push_back(static_cast<int>(i));
    }
    if (dynamic) {
      if (unit.empty() || unit[0] > 1)
        fail(n, "make_stride",
             "no static unit stride among the first two modes: tvlab checks vectors along a "
             "mode of stride Int<1>");
      return apply_members(n, CStride{"", 0, unit[0]});
    }
  }
  if (tuple_alias(b) && n.has_targs && n.calls.empty() && n.members.empty()) {
    // Explicit strides with run-time modes: Stride<int64_t, _1, int64_t> (K-major A), as the compiler
    // spells it cute::tuple<long int, cute::C<1>, long int> (any alias of cute::tuple).
    bool dynamic = false;
    std::vector<int> unit;
    for (std::size_t i = 0; i < n.targs.size(); ++i) {
      const Node& a = n.targs[i];
      if (a.kind == Node::Kind::Name && !lookup(a.text, scope)) {
        if (auto ty = type_named(a.text); ty && (ty->integer_type || ty->name == "int64_t")) {
          dynamic = true;
          continue;
        }
      }
      if (eval_is_one(a, scope)) unit.push_back(static_cast<int>(i));
    }
    if (dynamic && (b == "Stride" || (!unit.empty() && unit[0] <= 1))) {
      if (unit.empty() || unit[0] > 1)
        fail(n, "Stride",
             "no static unit stride among the first two modes: tvlab checks vectors along a mode "
             "of stride _1");
      return apply_members(n, CStride{"", 0, unit[0]});
    }
  }
  return std::nullopt;
}

// Element types and ops named alone, with template arguments or constructed (Op{}).
[[gnu::noinline]] std::optional<CVal> Reader::eval_op(const Node& n, const std::string& scope,
                                                      const std::string& b) {
  if (n.members.empty() && n.calls.empty() && !n.has_targs)
    if (auto ty = type_named(n.text)) return *ty;
  if (!n.has_targs && n.calls.empty() && n.members.empty()) {
    // An op named alone (SM80_16x8x16_F32F16F16F32_TN, SM75_U32x4_LDSM_N).
    if (auto v = atom_op(n.text, n)) return *v;
  }
  if (n.has_targs && n.members.empty() && b.rfind("make_", 0) != 0) {
    // An op with template arguments (SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, XE_DPAS_TT<8,float,bfloat16_t>).
    std::optional<std::string> op;
    try {
      op = op_text(n, scope);
    } catch (const CppConfigError& e) {  // not an op's spelling: a layout, read below
      // An unbound template parameter among the op's arguments: say so (and how to bind it).
      if (std::string(e.what()).find("a template parameter of ") != std::string::npos) throw;
    }
    if (op)
      if (auto v = atom_op(*op, n)) return *v;
  }
  if (!n.calls.empty() && n.calls.size() == 1 && n.calls[0].second.empty() && n.members.empty()) {
    Node bare = n;
    bare.calls.clear();
    if (!n.has_targs || base_name(n.text).rfind("SM", 0) == 0 || base_name(n.text).rfind("XE", 0) == 0) {
      const std::string op = bare.has_targs ? op_text(bare, scope) : base_name(bare.text);
      if (auto v = atom_op(op, n)) return *v;
    }
  }
  return std::nullopt;
}

// Everything else: CuTe's layout notation in C++ (core's evaluate).
[[gnu::noinline]] CVal Reader::eval_notation(const Node& n, const std::string& scope) {
  const std::string text = render(n, scope);
  try {
    try {
      return CCore{evaluate(text)};
    } catch (const std::runtime_error& e) {
      // Core's notation keeps each alias to its place (a Stride<...> given where a Shape was expected); to
      // the compiler they are all cute::tuple (cute/layout.hpp), so read it again spelled so.
      if (canonical_tuples_ || std::string(e.what()).find(" given where ") == std::string::npos) throw;
    }
    struct Canonical {
      bool& flag;
      ~Canonical() { flag = false; }
    } canonical{canonical_tuples_ = true};
    return CCore{evaluate(render(n, scope))};
  } catch (const EvalError& e) {
    fail(n, base_name(n.text), std::string("cannot read '") + printable(text) + "': " + e.what());
  } catch (const ParseError& e) {
    fail(n, base_name(n.text), std::string("cannot read '") + printable(text) + "': " + e.what());
  } catch (const LayoutError& e) {
    fail(n, base_name(n.text), e.what());
  }
}

[[gnu::noinline]] std::optional<CVal> Reader::eval_mixed_tuple(const Node& n, const std::string& scope) {
  // A tuple whose first element is a type: a mixed-input collective's ElementX (else a shape, below).
  try {
    const CVal first = eval(n.targs[0], scope);
    if (const CType* t = std::get_if<CType>(&first); t && !t->integer_type) {
      CType m = *t;
      m.mixed = true;
      m.tuple_extra = n.targs.size() - 1;
      return m;
    }
  } catch (const CppConfigError&) {
  }
  return std::nullopt;
}

[[gnu::noinline]] CVal Reader::eval_mma_atom(const Node& n, const std::string& scope, const std::string&) {
  want_targs(n, 1, 1, "MMA_Atom<Op>");
  const Node& inner = unwrap(n.targs[0], "MMA_Traits");  // MMA_Atom<MMA_Traits<Op>> names the same atom
  CVal v = op_value(inner, scope, true);
  if (const CMmaAtom* a = std::get_if<CMmaAtom>(&v)) return apply_members(n, *a);
  fail(inner, op_text(inner, scope), "not an MMA op tvlab knows (`tvlab atoms` lists them)");
}

[[gnu::noinline]] CVal Reader::eval_copy_atom(const Node& n, const std::string& scope, const std::string&) {
  want_targs(n, 2, 2, "Copy_Atom<Op, T>");
  const Node& inner = unwrap(n.targs[0], "Copy_Traits");
  CVal v = op_value(inner, scope, false);
  const CCopyAtom* a = std::get_if<CCopyAtom>(&v);
  if (!a) fail(inner, op_text(inner, scope), "not a copy op tvlab knows (`tvlab atoms` lists them)");
  const CVal t = eval(n.targs[1], scope);
  const CType* ty = std::get_if<CType>(&t);
  if (!ty || (ty->integer_type && ty->bits == 0))
    fail(n.targs[1], op_text(n.targs[1], scope), "expected the copy's value type (half_t, float, ...)");
  return apply_members(n, CCopyAtom{a->op, ty->name});
}

[[gnu::noinline]] CVal Reader::eval_tiled_mma(const Node& n, const std::string& scope, const std::string& b) {
  const bool call = b == "make_tiled_mma";
  if (!call) want_targs(n, 1, 3, "TiledMMA<MMA_Atom<Op>, Layout<...>, Tile<...>>");
  const std::vector<Node> a =
      call ? args_of(n, 1, 3, "make_tiled_mma(MMA_Atom<Op>{} or Op{}, thr_layout, permutation)") : n.targs;
  MmaConfig mma;
  mma.atom = mma_atom_of(a[0], scope).op;
  if (a.size() > 1) mma.atom_layout = core_text(a[1], scope, true);
  if (a.size() > 2) mma.permutation = core_text(a[2], scope, false);
  return apply_members(n, CTiledMma{mma});
}

[[gnu::noinline]] CVal Reader::eval_make_tiled_copy(const Node& n, const std::string& scope,
                                                    const std::string&) {
  const auto a = args_of(n, 2, 3, "make_tiled_copy(Copy_Atom<Op, T>{}, thr_layout, val_layout)");
  const CCopyAtom atom = copy_atom_of(a[0], scope);
  CopyConfig c;
  c.atom = atom.op;
  c.thr_layout = core_text(a[1], scope, true);
  if (a.size() > 2) c.val_layout = core_text(a[2], scope, true);
  return apply_members(n, CTiledCopy{c, atom.type});
}

[[gnu::noinline]] CVal Reader::eval_make_tiled_copy_x(const Node& n, const std::string& scope,
                                                      const std::string& b) {
  const auto a = args_of(n, 2, 2, "make_tiled_copy_X(Copy_Atom<Op, T>{}, tiled_mma)");
  const CCopyAtom atom = copy_atom_of(a[0], scope);
  const CVal m = eval(a[1], scope);
  if (!std::holds_alternative<CTiledMma>(m))
    fail(a[1], b, std::string("expected a TiledMMA, got ") + kind_of(m));
  CopyConfig c;
  c.atom = atom.op;
  c.from_mma = true;
  return apply_members(n, CTiledCopy{c, atom.type, b.back()});
}

[[gnu::noinline]] CVal Reader::eval_tiled_mma_helper(const Node& n, const std::string& scope,
                                                     const std::string& b) {
  // sycl-tla: TiledMMAHelper<MMA_Atom<Op>, Layout<TileShape>, SubgroupLayout>::TiledMMA.
  want_targs(n, 3, 3, "TiledMMAHelper<MMA_Atom<Op>, Layout<TileShape>, subgroup layout>::TiledMMA");
  if (n.members.size() != 1 || n.members[0] != "TiledMMA")
    fail(n, b, "expected TiledMMAHelper<...>::TiledMMA");
  MmaConfig mma;
  mma.atom = mma_atom_of(n.targs[0], scope).op;
  const CVal t = eval(n.targs[1], scope);
  const CCore* tc = std::get_if<CCore>(&t);
  const Layout* tl = tc ? std::get_if<Layout>(&tc->v) : nullptr;
  const IntTuple* tt = tc ? std::get_if<IntTuple>(&tc->v) : nullptr;
  const IntTuple shape = tl ? tl->shape : tt ? *tt : IntTuple();
  if (!shape.is_tuple() || rank(shape) != 3)
    fail(n.targs[1], b, "expected Layout<TileShape> with a shape (M, N, K)");
  mma.tile.emplace();
  for (int i = 0; i < 3; ++i) {
    if (!shape[i].is_leaf()) fail(n.targs[1], b, "expected a flat tile shape (M, N, K)");
    (*mma.tile)[i] = shape[i].ival();
  }
  mma.sg_layout = core_text(n.targs[2], scope, true);
  return CTiledMma{mma};
}

[[gnu::noinline]] CVal Reader::eval_sm90_policy(const Node& n, const std::string& scope,
                                                const std::string& b) {
  // <Stages, ClusterShape = Shape<_1,_1,_1>, KernelSchedule (or PipelineAsyncMmaStages)>: the third
  // argument does not change the layouts.
  want_targs(n, 1, 3, "MainloopSm90TmaGmmaWarpSpecialized<Stages, ClusterShape, KernelSchedule>");
  CPolicy pol{b, as_int(n.targs[0], scope, b)};
  pol.cluster = {1, 1, 1};
  if (n.targs.size() > 1) {
    const CVal c = eval(n.targs[1], scope);
    const CCore* cc = std::get_if<CCore>(&c);
    const IntTuple* t = cc ? std::get_if<IntTuple>(&cc->v) : nullptr;
    if (!t || !t->is_tuple() || rank(*t) != 3)
      fail(n.targs[1], b, "expected a ClusterShape, e.g. Shape<_1,_2,_1>");
    for (int i = 0; i < 3; ++i) {
      if (!(*t)[i].is_leaf()) fail(n.targs[1], b, "expected a flat ClusterShape (x, y, z)");
      pol.cluster[i] = (*t)[i].ival();
    }
  }
  // The KernelSchedule, when named directly (an alias of it is left unread: "kernel_schedule" unset).
  if (n.targs.size() > 2 && n.targs[2].kind == Node::Kind::Name && !n.targs[2].has_targs &&
      !lookup(n.targs[2].text, scope)) {
    const std::string sched = base_name(n.targs[2].text);
    if (sched == "KernelTmaWarpSpecialized" || sched == "KernelTmaWarpSpecializedPingpong" ||
        sched == "KernelTmaWarpSpecializedCooperative")
      pol.schedule = sched;
  }
  return apply_members(n, pol);
}

[[gnu::noinline]] CVal Reader::eval_tag_to_stride(const Node& n, const std::string& scope,
                                                  const std::string& b) {
  want_targs(n, 1, 1, "TagToStrideX_t<cutlass::layout::RowMajor | ColumnMajor>");
  const CVal t = eval(n.targs[0], scope);
  const CTag* tag = std::get_if<CTag>(&t);
  if (!tag) fail(n.targs[0], b, std::string("expected RowMajor or ColumnMajor, got ") + kind_of(t));
  return apply_members(n, CStride{tag->row_major ? "RowMajor" : "ColumnMajor", b[11], -1});
}

[[gnu::noinline]] CVal Reader::eval_sizeof_bits(const Node& n, const std::string& scope,
                                                const std::string& b) {
  want_targs(n, 1, 1, "sizeof_bits<T>::value");
  const CVal t = eval(n.targs[0], scope);
  const CType* ty = std::get_if<CType>(&t);
  if (!ty || ty->bits == 0) fail(n.targs[0], b, "expected an element type");
  return CInt{ty->bits, 32, false};  // sizeof_bits<T>::value is an int
}

// sizeof(T) (a size_t: T's bytes), CuTe's size(layout) (an int here: its static size) and uint_byte_t<N>
// (cute/numeric/int.hpp: the unsigned type of N bytes, N 1, 2, 4, 8 or 16), as tiled_copy.cu's
// UniversalCopy<uint_byte_t<sizeof(Element) * size(val_layout)>> writes them.
[[gnu::noinline]] CVal Reader::eval_size_of(const Node& n, const std::string& scope, const std::string& b) {
  if (b == "uint_byte_t") {
    want_targs(n, 1, 1, "uint_byte_t<N>");
    const int64_t bytes = as_int(n.targs[0], scope, "uint_byte_t<N>");
    static const std::map<int64_t, std::string> names = {
        {1, "uint8_t"}, {2, "uint16_t"}, {4, "uint32_t"}, {8, "uint64_t"}, {16, "uint128_t"}};
    const auto it = names.find(bytes);
    if (it == names.end())
      fail(n.targs[0], "uint_byte_t",
           std::to_string(bytes) + " bytes: CuTe's uint_byte_t is defined for 1, 2, 4, 8 and 16 bytes");
    const std::optional<CType> t = type_named(it->second);
    if (!t) fail(n, "uint_byte_t", it->second + " is not a type tvlab knows");
    return apply_members(n, *t);
  }
  if (b == "size" && n.has_targs) fail(n, "size", "size<I>(x), a mode's size, is not read (size(x) is)");
  const auto a = args_of(n, 1, 1, b == "sizeof" ? "sizeof(T)" : "size(layout)");
  const CVal v = eval(a[0], scope);
  if (b == "sizeof") {
    const CType* ty = std::get_if<CType>(&v);
    if (!ty || ty->bits == 0 || ty->bits % 8 != 0) fail(a[0], b, "expected a type of whole bytes");
    return CInt{ty->bits / 8, 64, true};  // std::size_t
  }
  const CCore* c = std::get_if<CCore>(&v);
  if (c && std::holds_alternative<Layout>(c->v)) return CInt{size(std::get<Layout>(c->v)), 32, false};
  if (c && std::holds_alternative<IntTuple>(c->v)) return CInt{product(std::get<IntTuple>(c->v)), 32, false};
  fail(a[0], b, std::string("expected a layout or a shape, got ") + kind_of(v));
}

CVal Reader::op_value(const Node& op, const std::string& scope, bool mma) {
  if (op.kind != Node::Kind::Name || (!op.has_targs && lookup(op.text, scope))) return eval(op, scope);
  const std::string text = op_text(op, scope);
  if (auto v = atom_op(text, op)) return *v;
  try {
    if (mma)
      (void)find_mma_atom(text);
    else
      (void)find_copy_atom(text);
  } catch (const AtomError& e) {
    fail(op, text, e.what());
  }
  return eval(op, scope);
}

const Node& Reader::unwrap(const Node& op, const char* traits) {
  return op.kind == Node::Kind::Name && base_name(op.text) == traits && op.targs.size() == 1 ? op.targs[0]
                                                                                             : op;
}

bool Reader::eval_is_one(const Node& a, const std::string& scope) {
  // _1 alone is core's layout 1:0 (a bare static integer read as a shape); as a stride it is the integer 1.
  if (a.kind == Node::Kind::Name && !a.has_targs && a.calls.empty() && base_name(a.text) == "_1" &&
      !lookup(a.text, scope))
    return true;
  try {
    const CVal v = eval(a, scope);
    if (const CInt* i = std::get_if<CInt>(&v)) return i->v == 1;
    if (const CCore* c = std::get_if<CCore>(&v))
      if (const IntTuple* t = std::get_if<IntTuple>(&c->v)) return t->is_leaf() && t->ival() == 1;
  } catch (const CppConfigError&) {
  }
  return false;
}

std::optional<CVal> Reader::atom_op(const std::string& op, const Node& n) {
  std::string base = op.substr(0, op.find('<'));
  if (const auto colons = base.rfind("::"); colons != std::string::npos) base.erase(0, colons + 2);
  const AtomFamily* f = registry().family(base);
  // An SM90 mainloop's GmemTiledCopy: the op alone; make_tma_copy tiles it (the spec's smem.g2s).
  if (op.find('<') == std::string::npos && (base == "SM90_TMA_LOAD" || base == "SM90_TMA_LOAD_MULTICAST"))
    return CVal(CCopyAtom{base, ""});
  if (!f) return std::nullopt;
  try {
    if (f->kind == "mma") return CVal(CMmaAtom{find_mma_atom(op).name});
    (void)find_copy_atom(op);
    return CVal(CCopyAtom{op, ""});
  } catch (const AtomError& e) {
    fail(n, op, e.what());
  }
}

}  // namespace tvlab::detail
