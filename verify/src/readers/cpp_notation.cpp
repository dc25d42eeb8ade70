// The C++ configuration reader: nodes spelled as tvlab's registry names ops and types, and as core notation.
#include "detail/cpp_reader.hpp"

#include <cctype>
#include <string>
#include <variant>

#include "tvlab/core/expr.hpp"

namespace tvlab::detail {

std::string Reader::op_text(const Node& n, const std::string& scope) {
  if (n.kind == Node::Kind::Number) return std::to_string(literal(n).v);
  if (n.kind != Node::Kind::Name) return std::to_string(as_int(n, scope, "template argument"));
  if (const Decl* d = lookup(n.text, scope); d && !n.has_targs) {
    std::string full;
    lookup(n.text, scope, &full);
    const CVal v = eval_decl(full);
    if (const CType* t = std::get_if<CType>(&v)) return t->name;
    if (const CInt* i = std::get_if<CInt>(&v)) return std::to_string(i->v);
    if (const CMmaAtom* a = std::get_if<CMmaAtom>(&v)) return a->op;
    if (const CCopyAtom* a = std::get_if<CCopyAtom>(&v); a && a->type.empty()) return a->op;
    if (std::holds_alternative<CTemplateParam>(v))
      fail(n, n.text,
           "a template parameter of " + std::get<CTemplateParam>(v).owner +
               ": tvlab does not instantiate templates; bind it: --bind " + base_name(n.text) +
               "=half_t (with --bind scope=" + std::get<CTemplateParam>(v).owner + ")");
    fail(n, n.text, std::string("expected an op or a type, got ") + kind_of(v));
  }
  std::string s = base_name(n.text);
  if (s == "uint_byte_t" && n.has_targs)  // uint_byte_t<16>: uint128_t
    if (const CVal v = eval(n, scope); std::holds_alternative<CType>(v)) return std::get<CType>(v).name;
  if (s.find(' ') != std::string::npos)  // unsigned int, long int: as tvlab names the type
    if (const std::optional<CType> t = type_named(s)) s = t->name;
  if (n.has_targs) {
    s += "<";
    for (std::size_t i = 0; i < n.targs.size(); ++i) s += (i ? "," : "") + op_text(n.targs[i], scope);
    s += ">";
  }
  return s;
}

std::string Reader::render(const Node& n, const std::string& scope) {
  switch (n.kind) {
    case Node::Kind::Number:
      return std::to_string(literal(n).v);
    case Node::Kind::Group: {
      // An integer in parentheses (Int<(256 >> 1)>, Int<(kM)>) is the integer; anything else keeps them.
      const CVal v = eval(n.kids[0], scope);
      if (const CInt* i = std::get_if<CInt>(&v)) return std::to_string(i->v);
      return "(" + render(n.kids[0], scope) + ")";
    }
    case Node::Kind::Unary:
    case Node::Kind::Binary:
      return std::to_string(std::get<CInt>(eval(n, scope)).v);
    case Node::Kind::Name:
      break;
  }
  std::string full;
  if (!n.has_targs && lookup(n.text, scope, &full)) {
    const CVal v = eval_decl(full);
    for (const auto& [open, args] : n.calls)
      if (!args.empty()) fail(n, n.text, "a value constructed with arguments is not read");
    if (!n.members.empty()) return render_members(n, v);
    if (const CInt* i = std::get_if<CInt>(&v)) return std::to_string(i->v);
    if (const CCore* c = std::get_if<CCore>(&v)) {
      // A tuple in C++ spelling (Shape<Int<256>,...>): it may stand as a template argument
      // (Layout<TileShape>).
      if (const IntTuple* t = std::get_if<IntTuple>(&c->v); t && t->is_tuple()) return cpp_tuple(*t);
      return to_string(c->v);
    }
    // A type where a layout names one (GMMA::Layout_K_SW128_Atom<TA>, TA bound or an alias): its name.
    if (const CType* ty = std::get_if<CType>(&v); ty && ty->bits && !ty->mixed) return ty->name;
    if (std::holds_alternative<CTemplateParam>(v))
      fail(n, n.text,
           "a template parameter of " + std::get<CTemplateParam>(v).owner +
               ": tvlab does not instantiate templates; bind it: --bind " + base_name(n.text) +
               "=half_t (with --bind scope=" + std::get<CTemplateParam>(v).owner + ")");
    fail(n, n.text, std::string("is ") + kind_of(v) + ", not a layout, shape or integer");
  }
  if (!n.members.empty()) return render_members(n, eval(n, scope));
  const std::string b = base_name(n.text);
  if (b == "decltype" && n.calls.size() == 1 && n.calls[0].second.size() == 1)
    return render(n.calls[0].second[0], scope);
  if (b == "Int" && n.has_targs && n.targs.size() == 1) {
    // cute::Int<int v>: a value beyond int is a narrowing conversion C++ refuses.
    try {
      (void)converted(as_cint(n.targs[0], scope, "Int<N>"), 32, false);
    } catch (const IntError& e) {
      fail(n, spelled(n), std::string("Int<N> takes an int: ") + e.what());
    }
  }
  std::string s = canonical_tuples_ && n.has_targs && tuple_alias(b) ? std::string("tuple") : n.text;
  if (n.has_targs) {
    s += "<";
    for (std::size_t i = 0; i < n.targs.size(); ++i) s += (i ? "," : "") + render(n.targs[i], scope);
    s += ">";
  }
  for (const auto& [open, args] : n.calls) {
    s += open;
    for (std::size_t i = 0; i < args.size(); ++i) s += (i ? "," : "") + render(args[i], scope);
    s += open == '(' ? ")" : "}";
  }
  return s;
}

bool Reader::tuple_alias(const std::string& b) {
  // cute/layout.hpp (CUTLASS 4.2.0): Shape, Stride, Step, Coord and Tile are all `using X =
  // cute::tuple<...>`.
  return b == "Shape" || b == "Stride" || b == "Step" || b == "Coord" || b == "Tile" || b == "tuple";
}

std::string Reader::cpp_tuple(const IntTuple& t) const {
  if (t.is_leaf()) return t.value().is_basis() ? to_string(t) : "Int<" + std::to_string(t.ival()) + ">";
  std::string s = canonical_tuples_ ? "tuple<" : "Shape<";
  for (int i = 0; i < t.size(); ++i) s += (i ? "," : "") + cpp_tuple(t[i]);
  return s + ">";
}

std::string Reader::render_members(const Node& n, const CVal& v) {
  if (const CInt* i = std::get_if<CInt>(&v)) return std::to_string(i->v);
  if (const CCore* c = std::get_if<CCore>(&v)) return to_string(c->v);
  fail(n, n.text, std::string("is ") + kind_of(v) + ", not a layout, shape or integer");
}

}  // namespace tvlab::detail
