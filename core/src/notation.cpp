#include "tvlab/core/notation.hpp"

#include <cctype>
#include <charconv>
#include <limits>

#include "tvlab/core/error.hpp"

namespace tvlab {

// ---------------------------------------------------------------------------------------------------
// Printing

namespace {
// Text built in a stack buffer and appended to the string in chunks: one append per ~400 characters
// instead of one per character.
class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}
  ~Writer() { flush(); }
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
  void put(char c) {
    if (n_ == sizeof buf_) flush();
    buf_[n_++] = c;
  }
  void put(int64_t v) {
    if (n_ + 20 > sizeof buf_) flush();
    n_ = static_cast<std::size_t>(std::to_chars(buf_ + n_, buf_ + sizeof buf_, v).ptr - buf_);
  }
  void flush() { out_.append(buf_, n_), n_ = 0; }
  Writer& self() { return *this; }  // a temporary Writer as an lvalue, flushed at the end of the statement

 private:
  std::string& out_;
  char buf_[448];
  std::size_t n_ = 0;
};

// Appends s as CuTe prints it: [_]value, then @mode for each level of a scaled basis, innermost first.
void put_scalar(Writer& w, const Scalar& s, Style style) {
  if (style == Style::Cute) w.put('_');
  w.put(s.value);
  for (int i = s.depth() - 1; i >= 0; --i) w.put('@'), w.put(int64_t{s.path(i)});
}

// The nodes in pre-order, without recursion: `open` holds each open tuple's rank and children printed.
void put_tuple(Writer& w, const IntTuple& t, Style style) {
  struct Open {
    int32_t rank, done;
  };
  boost::container::small_vector<Open, 16> open;
  for (const IntTuple::Node& n : t.nodes()) {
    if (!open.empty() && open.back().done > 0) w.put(',');
    if (n.rank > 0) {
      w.put('(');
      open.push_back({n.rank, 0});
      continue;
    }
    if (n.rank == 0)
      w.put('('), w.put(')');
    else
      put_scalar(w, n.value, style);
    // n completes a child of the innermost open tuple: close every tuple that is now complete.
    while (!open.empty() && ++open.back().done == open.back().rank) {
      w.put(')');
      open.pop_back();
    }
  }
}
}  // namespace

std::string to_string(const Scalar& s, Style style) {
  std::string out;
  put_scalar(Writer(out).self(), s, style);
  return out;
}

std::string to_string(const IntTuple& t, Style style) {
  std::string out;
  put_tuple(Writer(out).self(), t, style);
  return out;
}

std::string to_string(const Layout& l, Style style) {
  std::string out;
  {
    Writer w(out);
    put_tuple(w, l.shape, style);
    w.put(':');
    put_tuple(w, l.stride, style);
  }
  return out;
}

std::string to_string(const Tiler& t, Style style) {
  if (t.is_layout()) return to_string(t.layout(), style);
  if (t.is_integer()) return to_string(Scalar(t.integer()), style);
  if (t.is_underscore()) return "_";
  std::string out = "(";
  for (std::size_t i = 0; i < t.modes().size(); ++i) out += (i ? "," : "") + to_string(t.modes()[i], style);
  return out + ")";
}

std::string to_string(const Swizzle& s) {
  return "Sw<" + std::to_string(s.bits) + "," + std::to_string(s.base) + "," + std::to_string(s.shift) + ">";
}

std::string to_string(const ComposedLayout& c, Style style) {
  const std::string off = c.is_smem_flagged() ? "smem_ptr[" + std::to_string(c.smem_ptr_bits) + "b](unset)"
                                              : to_string(c.offset, style);
  return to_string(c.swizzle) + " o " + off + " o " + to_string(c.layout, style);
}

// ---------------------------------------------------------------------------------------------------
// Parsing

namespace {

IntTuple to_int_tuple(const Expr& e) {
  if (e.kind == Expr::Kind::Integer) return IntTuple(e.value);
  if (e.kind != Expr::Kind::Tuple) throw ParseError(e.column, "expected an integer or a tuple of integers");
  TupleBuilder b;
  for (const Expr& c : e.children) b.push(to_int_tuple(c));
  return b.build();
}

// What a template argument of a CuTe type must be (CuTe's aliases Shape, Stride, Step, Coord and Tile are
// all cute::tuple, but a Stride where a Shape belongs is a mistake worth naming).
enum class Role { Shape, Stride, Step, TileMode, Any, Value };

const char* role_short(Role r) {
  switch (r) {
    case Role::Shape:
      return "a Shape";
    case Role::Stride:
      return "a Stride";
    case Role::Step:
      return "a Step or Coord";
    case Role::TileMode:
      return "a Tile mode";
    case Role::Any:
    case Role::Value:
      break;
  }
  return "a CuTe type";
}

const char* role_long(Role r) {
  switch (r) {
    case Role::Shape:
      return "a Shape (_N, Int<N>, Shape<...>)";
    case Role::Stride:
      return "a Stride (_N, Int<N>, Stride<...>, E<...>)";
    case Role::Step:
      return "a Step or Coord element (_N, Int<N>, Step<...>)";
    case Role::TileMode:
      return "a Tile mode (Layout<...>, _N, Int<N>, Shape<...>, Underscore)";
    case Role::Any:
    case Role::Value:
      break;
  }
  return "a CuTe type (_N, Int<N>, Shape<...>, Stride<...>, Layout<...>, E<...>)";
}

bool is_runtime_integer_type(std::string_view w) {
  for (const char* t : {"int", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t",
                        "uint64_t", "size_t", "long", "unsigned", "short", "char", "bool", "auto"})
    if (w == t) return true;
  return false;
}

// The functions that make a tuple: make_shape(4,8) is the tuple (4,8).
bool is_tuple_maker(std::string_view w) {
  for (const char* t : {"make_shape", "make_stride", "make_step", "make_coord", "make_tile", "make_tuple"})
    if (w == t) return true;
  return false;
}

// The functions CuTe also spells with template indices: get<1>(L) is get(L,1), size<0>(L) is size(get(L,0)).
bool takes_index_template(std::string_view w) {
  for (const char* t : {"get", "select", "take", "size", "cosize", "rank", "depth", "shape", "stride"})
    if (w == t) return true;
  return false;
}

class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {}

  Expr parse_all() {
    Expr e = expr();
    skip_ws();
    if (pos_ < s_.size() && s_[pos_] == ';') {  // pasted from code: `Layout<Shape<_4,_8>>{};`
      ++pos_;
      skip_ws();
    }
    if (pos_ < s_.size()) fail(pos_, "unexpected '" + shown(s_[pos_]) + "' after the expression");
    return e;
  }

 private:
  std::string_view s_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  std::size_t nodes_ = 0;

  [[noreturn]] void fail(std::size_t at, const std::string& why) const { throw ParseError(at + 1, why); }
  // A character as it may be shown in a message: printable ASCII as is, anything else as \xNN.
  static std::string shown(char c) {
    if (c >= 0x20 && c < 0x7f) return std::string(1, c);
    static const char* hex = "0123456789abcdef";
    const auto u = static_cast<unsigned char>(c);
    return std::string("\\x") + hex[u >> 4] + hex[u & 15];
  }
  // What is at p, for a message: "the end of the text", a word ('Stride') or a character (',').
  std::string found_at(std::size_t p) const {
    if (p >= s_.size()) return "the end of the text";
    std::string_view w = word_at(p);
    if (w.empty() && (s_[p] == '-' || s_[p] == '+')) w = s_.substr(p, 1 + word_at(p + 1).size());
    if (w.empty()) return "'" + shown(s_[p]) + "'";
    return "'" + std::string(w.substr(0, 40)) + (w.size() > 40 ? "...'" : "'");
  }
  std::string column_of(std::size_t p) const { return "column " + std::to_string(p + 1); }

  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
  // ASCII only, whatever the C locale: the notation's names and integers are ASCII.
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  static bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
  std::size_t ws_after(std::size_t p) const {
    while (p < s_.size() && is_space(s_[p])) ++p;
    return p;
  }
  void skip_ws() { pos_ = ws_after(pos_); }
  bool peek(char c) {
    skip_ws();
    return pos_ < s_.size() && s_[pos_] == c;
  }
  bool at_scope(std::size_t p) const { return p + 1 < s_.size() && s_[p] == ':' && s_[p + 1] == ':'; }
  // (`what` is a view: the usual literal costs no allocation when the character is there.)
  void expect(char c, std::string_view what) {
    skip_ws();
    if (pos_ >= s_.size())
      fail(pos_, std::string("expected '") + c + "' " + std::string(what) + ", found the end of the text");
    if (s_[pos_] != c)
      fail(pos_, std::string("expected '") + c + "' " + std::string(what) + ", found " + found_at(pos_));
    ++pos_;
  }
  void count(std::size_t at) {
    if (++nodes_ > kMaxNodes)
      fail(at, "expression too large (more than " + std::to_string(kMaxNodes) + " elements)");
  }
  Expr node(Expr::Kind k, std::size_t at) {
    count(at);
    Expr e;
    e.kind = k;
    e.column = at + 1;
    return e;
  }
  void enter(std::size_t at) {
    if (++depth_ > kMaxNesting) fail(at, "nesting deeper than " + std::to_string(kMaxNesting) + " levels");
  }
  // The word at p (letters, digits, '_'), without consuming it.
  std::string_view word_at(std::size_t p) const {
    std::size_t e = p;
    while (e < s_.size() && (is_alpha(s_[e]) || is_digit(s_[e]) || s_[e] == '_')) ++e;
    return s_.substr(p, e - p);
  }
  bool at_composition_o() {
    skip_ws();
    return word_at(pos_) == "o";
  }
  // Skips C++ qualifications that change nothing here: a leading `::`, and `cute::` (with `cutlass::` too
  // where asked) before a name.
  void skip_namespace_prefix(bool cutlass_too = false) {
    skip_ws();
    if (pos_ >= s_.size() || (s_[pos_] != ':' && s_[pos_] != 'c')) return;  // neither `::` nor cute/cutlass
    if (at_scope(pos_)) {
      const std::size_t p = ws_after(pos_ + 2);
      if (p < s_.size() && (is_alpha(s_[p]) || s_[p] == '_')) pos_ = p;
    }
    while (true) {
      const std::string_view w = word_at(pos_);
      if (w != "cute" && !(cutlass_too && w == "cutlass")) return;
      const std::size_t p = ws_after(pos_ + w.size());
      if (!at_scope(p)) return;
      pos_ = ws_after(p + 2);
    }
  }
  // An optional empty constructor call after a type used as a value: Int<8>{}, LayoutRight(), _8{}.
  bool optional_constructor(const std::string& what) {
    skip_ws();
    if (pos_ >= s_.size() || (s_[pos_] != '{' && s_[pos_] != '(')) return false;
    const char close = s_[pos_] == '{' ? '}' : ')';
    ++pos_;
    expect(close, std::string("after ") + what + s_[pos_ - 1] +
                      " (tvlab takes CuTe's static types, constructed without arguments)");
    return true;
  }

  // expr := layout_expr, or a swizzle followed by "o [offset o] inner", where inner is a layout or, for
  // CuTe's nested composed layouts (printed Sw o 0 o Sw' o 0 o L), again a swizzle and "o ...".
  // (One named result on every path, here and in layout_expr: returned without a move.)
  Expr expr() {
    skip_ws();
    const std::size_t start = pos_;
    Expr out = layout_expr();
    if (out.kind != Expr::Kind::Swizzle || !at_composition_o()) return out;
    return composed_rest(std::move(out), start);
  }
  // After a swizzle `first` at `start`, at its 'o'. Each nested stage counts as a nesting level.
  Expr composed_rest(Expr first, std::size_t start) {
    enter(start);
    Expr out = composed_stages(std::move(first), start);
    --depth_;
    return out;
  }
  Expr composed_stages(Expr first, std::size_t start) {
    Expr out = node(Expr::Kind::Composed, start);
    out.children.push_back(std::move(first));
    pos_ += 1;  // 'o'
    skip_ws();
    const std::size_t second_at = pos_;
    Expr second = s_.compare(pos_, 9, "smem_ptr[") == 0 ? smem_ptr_flag() : layout_expr();
    if (!at_composition_o()) {
      out.children.push_back(std::move(second));
      return out;
    }
    if (second.kind == Expr::Kind::Swizzle) {  // Sw o Sw' o ...: no offset, a composed inner
      out.children.push_back(composed_rest(std::move(second), second_at));
      return out;
    }
    pos_ += 1;
    out.children.push_back(std::move(second));
    skip_ws();
    const std::size_t third_at = pos_;
    Expr third = layout_expr();
    if (third.kind == Expr::Kind::Swizzle && at_composition_o())
      third = composed_rest(std::move(third), third_at);
    out.children.push_back(std::move(third));
    return out;
  }

  // CuTe's printed smem_ptr_flag_bits<W> offset, `smem_ptr[16b](unset)`: a Name node the evaluator turns into
  // a pointer swizzle (the swizzle acts on byte addresses). Only the unset form is a layout's offset.
  Expr smem_ptr_flag() {
    const std::size_t start = pos_;
    pos_ += 9;  // "smem_ptr["
    const std::size_t digits = pos_;
    while (pos_ < s_.size() && pos_ - digits < 4 && std::isdigit(static_cast<unsigned char>(s_[pos_])))
      ++pos_;
    if (pos_ == digits || pos_ >= s_.size() || s_[pos_] != 'b')
      fail(digits, "expected the element width in bits, as in smem_ptr[16b](unset)");
    const std::string bits(s_.substr(digits, pos_ - digits));
    ++pos_;
    if (s_.compare(pos_, 8, "](unset)") != 0)
      fail(pos_, "expected ](unset) after smem_ptr[" + bits + "b (a layout's pointer flag has no address)");
    pos_ += 8;
    Expr n = node(Expr::Kind::Name, start);
    n.name = "smem_ptr[" + bits + "b](unset)";
    return n;
  }

  // layout_expr := primary [':' primary]
  Expr layout_expr() {
    skip_ws();
    const std::size_t start = pos_;
    Expr out = primary();
    if (!peek(':') || at_scope(pos_)) return out;
    ++pos_;
    Expr shape = std::move(out);
    out = node(Expr::Kind::Layout, start);
    out.children.reserve(2);
    out.children.push_back(std::move(shape));
    out.children.push_back(primary());
    return out;
  }

  Expr primary() {
    skip_namespace_prefix();
    if (pos_ >= s_.size()) fail(pos_, "expected a value, found the end of the text");
    const std::size_t start = pos_;
    const char c = s_[pos_];
    if (c == '(') return tuple();
    if (c == '_' && pos_ + 2 < s_.size() && s_[pos_ + 1] == 'm' && is_digit(s_[pos_ + 2])) {
      Expr e = negative_alias();
      optional_constructor(std::string(s_.substr(start, pos_ - start)));
      return e;
    }
    if (c == '_' && !(pos_ + 1 < s_.size() && (is_digit(s_[pos_ + 1]) || s_[pos_ + 1] == '-'))) {
      ++pos_;
      if (word_at(start) == "_") optional_constructor("_");
      return node(Expr::Kind::Underscore, start);
    }
    if (c == '_') {  // _8, _-1; as a C++ value _8{} (a tuple where _8 alone is a bare shape)
      Expr e = integer();
      if (e.value.depth() == 0 && optional_constructor(std::string(s_.substr(start, pos_ - start))))
        e.name = "Int";
      return e;
    }
    if (c == '-' || is_digit(c)) return integer();
    if (is_alpha(c)) {
      std::string_view w = word_at(pos_);
      // Sw<B,M,S> (C++ CuTe's print) or S<B,M,S> (CuTe DSL's print of the same swizzle).
      if ((w == "Sw" || w == "S") && pos_ + w.size() < s_.size() && s_[pos_ + w.size()] == '<')
        return swizzle(w.size() + 1);
      pos_ += w.size();
      if (at_scope(ws_after(pos_))) return qualified_name(start, std::string(w));
      return named(w, start);
    }
    if (c == '?')  // CuTe DSL's print of a run-time value: ? or ?{div=8}
      fail(pos_,
           "'?' is a dynamic extent (CuTe DSL prints a run-time value as ? or ?{div=N}); tvlab computes with "
           "static values only: give the value as an integer (e.g. (4096,8):(1,4096) for (?,8):(1,?)), or "
           "make it static in the DSL (a Python int or cutlass.Constexpr) before printing");
    fail(pos_, "unexpected '" + shown(c) + "'");
  }

  // A name in value position (pos_ just after it): a CuTe type, a tag, a call, or a Name for the evaluator.
  Expr named(std::string_view w, std::size_t start) {
    if (w == "Swizzle" || w == "ComposedLayout" || is_cute_type(w)) {
      Expr e = type_named(w, start, Role::Value);
      optional_constructor(std::string(w) + "<...>");
      return e;
    }
    if (w == "LayoutLeft" || w == "LayoutRight" || w == "GenColMajor" || w == "GenRowMajor") {
      Expr n = node(Expr::Kind::Name, start);
      n.name = std::string(w);
      optional_constructor(n.name);
      return n;
    }
    if (w == "Underscore") {
      optional_constructor("Underscore");
      return node(Expr::Kind::Underscore, start);
    }
    if (takes_index_template(w) && peek('<')) return indexed_call(std::string(w), start);
    if (peek('(')) return desugared_call(w, start);
    if (peek('<') || peek('{')) return qualified_name(start, std::string(w));
    Expr n = node(Expr::Kind::Name, start);
    n.name = std::string(w);
    return n;
  }

  static bool is_cute_type(std::string_view w) {
    for (const char* t : {"Layout", "Shape", "Stride", "Step", "Coord", "Tile", "tuple", "Int", "C",
                          "constant", "integral_constant", "E", "ScaledBasis"})
      if (w == t) return true;
    return false;
  }

  Expr desugared_call(std::string_view w, std::size_t start) {
    Expr c = call(std::string(w), start);
    desugar_call(c);
    return c;
  }

  // Calls CuTe spells differently from the notation: make_shape(4,8) is the tuple (4,8);
  // make_composed_layout(Swizzle<3,3,3>{}, 0, L) is Sw<3,3,3> o 0 o L.
  void desugar_call(Expr& call) {
    if (is_tuple_maker(call.name)) {
      call.kind = Expr::Kind::Tuple;
      return;
    }
    if (call.name == "make_composed_layout") {
      if (call.children.size() != 3)
        fail(call.column - 1, "make_composed_layout takes 3 arguments (swizzle, offset, layout), got " +
                                  std::to_string(call.children.size()));
      if (call.children[0].kind != Expr::Kind::Swizzle)
        fail(call.children[0].column - 1,
             "make_composed_layout: expected a Swizzle<B,M,S>{} as the outer layout (the only kind tvlab "
             "composes)");
      call.kind = Expr::Kind::Composed;
      call.name.clear();
      return;
    }
    if (call.name == "make_layout" && call.children.size() == 2) {
      const Expr& shape = call.children[0];
      const Expr& stride = call.children[1];
      if (shape.kind == Expr::Kind::Tuple && (shape.name == "Stride" || shape.name == "make_stride"))
        fail(shape.column - 1, shape.name + (shape.name == "Stride" ? "<...>" : "(...)") +
                                   " given where a Shape was expected (make_layout(shape, stride))");
      if (stride.kind == Expr::Kind::Tuple && (stride.name == "Shape" || stride.name == "make_shape"))
        fail(stride.column - 1, stride.name + (stride.name == "Shape" ? "<...>" : "(...)") +
                                    " given where a Stride was expected (make_layout(shape, stride))");
    }
  }

  // get<1,0>(L) -> get(L,1,0); take<0,2>(L) -> take(L,0,2); size<0>(L) -> size(get(L,0)).
  Expr indexed_call(std::string name, std::size_t start) {
    enter(start);
    const std::size_t open = pos_;
    ++pos_;  // '<'
    std::vector<Expr> indices;
    while (true) {
      skip_ws();
      const std::size_t at = pos_;
      if (at >= s_.size() || !(is_digit(s_[at]) || s_[at] == '-'))
        fail(at, name + "<...> takes integer indices, found " + found_at(at));
      Expr i = node(Expr::Kind::Integer, at);
      i.value = Scalar(raw_integer(false));
      indices.push_back(std::move(i));
      skip_ws();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      expect('>', "to close " + name + "< at " + column_of(open));
      break;
    }
    if (!peek('(')) fail(pos_, "expected '(' after " + name + "<...>, found " + found_at(pos_));
    Expr c = call(name, start);
    --depth_;
    if (c.children.size() != 1)
      fail(start, name + "<...>(x) takes one argument, got " + std::to_string(c.children.size()));
    if (name == "get" || name == "select" || name == "take") {
      for (Expr& i : indices) c.children.push_back(std::move(i));
      return c;
    }
    Expr g = node(Expr::Kind::Call, start);
    g.name = "get";
    g.children.push_back(std::move(c.children[0]));
    for (Expr& i : indices) g.children.push_back(std::move(i));
    c.children[0] = std::move(g);
    return c;
  }

  // A name CuTe qualifies with a namespace (GMMA::Layout_K_SW128_Atom<half_t>) or an unknown template:
  // a Name whose text is canonical (no blanks, no cute::/cutlass::, SM90::GMMA:: as GMMA::).
  Expr qualified_name(std::size_t start, std::string first) {
    std::string text = std::move(first);
    std::size_t segments = 1;
    while (at_scope(ws_after(pos_))) {
      pos_ = ws_after(ws_after(pos_) + 2);
      const std::size_t at = pos_;
      const std::string_view w = word_at(at);
      if (w.empty() || !(is_alpha(w[0]) || w[0] == '_'))
        fail(at, "expected a name after '::', found " + found_at(at));
      pos_ += w.size();
      count(at);
      if (segments == 1 && text == "SM90" && w == "GMMA") {
        text = "GMMA";
      } else {
        text += "::";
        text += w;
      }
      ++segments;
    }
    if (peek('<')) text += template_arguments(text);
    Expr n = node(Expr::Kind::Name, start);
    n.name = text;
    skip_ws();
    if (pos_ < s_.size() && (s_[pos_] == '(' || s_[pos_] == '{')) optional_constructor(text);
    return n;
  }

  // <arg, ...> of a qualified name, as canonical text: arguments are type names (qualified, maybe
  // templates themselves) or integers.
  std::string template_arguments(const std::string& of) {
    const std::size_t open = pos_;
    enter(open);
    ++pos_;  // '<'
    std::string out = "<";
    if (peek('>')) {
      ++pos_;
      --depth_;
      return "<>";
    }
    while (true) {
      skip_namespace_prefix(true);
      const std::size_t at = pos_;
      count(at);
      if (at < s_.size() && (is_digit(s_[at]) || s_[at] == '-')) {
        out += std::to_string(raw_integer(false));
      } else if (at < s_.size() && (is_alpha(s_[at]) || s_[at] == '_')) {
        const std::string_view w = word_at(at);
        pos_ += w.size();
        out += w;
        while (at_scope(ws_after(pos_))) {
          pos_ = ws_after(ws_after(pos_) + 2);
          const std::string_view v = word_at(pos_);
          if (v.empty()) fail(pos_, "expected a name after '::', found " + found_at(pos_));
          pos_ += v.size();
          out += "::";
          out += v;
        }
        if (peek('<')) out += template_arguments(std::string(w));
      } else {
        fail(at, "expected a template argument of " + of + " (a type or an integer), found " + found_at(at));
      }
      skip_ws();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        out += ',';
        continue;
      }
      expect('>', "to close " + of + "< at " + column_of(open));
      break;
    }
    --depth_;
    return out + ">";
  }

  // ---- CuTe's types, as template arguments (a type) or values (a type with {} or ()).

  // A template argument in the given role.
  Expr type_arg(Role role) {
    skip_namespace_prefix();
    const std::size_t start = pos_;
    if (pos_ >= s_.size())
      fail(pos_, std::string("expected ") + role_long(role) + ", found the end of the text");
    const char c = s_[pos_];
    if (c == '_' && pos_ + 2 < s_.size() && s_[pos_ + 1] == 'm' && is_digit(s_[pos_ + 2]))
      return negative_alias();
    if (c == '_' && pos_ + 1 < s_.size() && is_digit(s_[pos_ + 1])) {
      Expr e = node(Expr::Kind::Integer, start);
      e.value = Scalar(raw_integer(true));
      e.name = "Int";
      return e;
    }
    if (c == '-' || is_digit(c))
      fail(start, std::string("expected ") + role_long(role) + ", found the integer " + found_at(start) +
                      ": a template argument is a type, write _N or Int<N>");
    if (c == '_' || is_alpha(c)) {
      const std::string_view w = word_at(pos_);
      pos_ += w.size();
      if (w == "_") {
        if (role != Role::TileMode && role != Role::Any)
          fail(start, std::string("_ (Underscore) given where ") + role_short(role) + " was expected");
        return node(Expr::Kind::Underscore, start);
      }
      if (at_scope(ws_after(pos_)))
        fail(start, std::string("expected ") + role_long(role) + ", found the qualified name " +
                        found_at(start) + "::...");
      return type_named(w, start, role);
    }
    fail(start, std::string("expected ") + role_long(role) + ", found " + found_at(start));
  }

  void check_role(std::string_view name, std::size_t start, Role role, std::initializer_list<Role> ok) {
    if (role == Role::Value) return;
    for (Role r : ok)
      if (r == role) return;
    fail(start, std::string(name) + "<...> given where " + role_short(role) + " was expected");
  }

  // The CuTe type `name` (pos_ just after the name) in the given role.
  Expr type_named(std::string_view name, std::size_t start, Role role) {
    const bool generic = role == Role::Any || role == Role::Value;
    if (name == "Int" || name == "C") return int_template(name, start);
    if (name == "constant" || name == "integral_constant") return constant_template(name, start);
    if (name == "Shape") {
      check_role(name, start, role, {Role::Shape, Role::TileMode, Role::Any});
      return tuple_template(name, start, Role::Shape);
    }
    if (name == "Stride") {
      check_role(name, start, role, {Role::Stride, Role::Any});
      return tuple_template(name, start, Role::Stride);
    }
    if (name == "Step" || name == "Coord") {
      check_role(name, start, role, {Role::Step, Role::Any});
      return tuple_template(name, start, Role::Step);
    }
    if (name == "tuple") return tuple_template(name, start, generic ? Role::Any : role);
    if (name == "Tile") {
      check_role(name, start, role, {Role::TileMode, Role::Any});
      return tuple_template(name, start, Role::TileMode);
    }
    if (name == "Layout") {
      check_role(name, start, role, {Role::TileMode, Role::Any});
      return layout_template(start);
    }
    if (name == "E" || name == "ScaledBasis") {
      check_role(name, start, role, {Role::Stride, Role::Any});
      return name == "E" ? basis_e(start) : scaled_basis(start);
    }
    if (name == "Underscore") {
      if (role != Role::TileMode && role != Role::Any && role != Role::Value)
        fail(start, std::string("Underscore given where ") + role_short(role) + " was expected");
      return node(Expr::Kind::Underscore, start);
    }
    if (name == "Swizzle" || name == "ComposedLayout") {
      if (role != Role::Value)
        fail(start, std::string(name) + "<...> given where " + role_short(role) + " was expected");
      return name == "Swizzle" ? swizzle_template(start) : composed_template(start);
    }
    if (is_runtime_integer_type(name))
      fail(start, "'" + std::string(name) +
                      "' is a run-time type: tvlab needs the value, write Int<N> or _N (static) instead");
    fail(start, std::string("expected ") + role_long(role) + ", found " + found_at(start));
  }

  void open_template(std::string_view name) {
    skip_ws();
    if (pos_ >= s_.size() || s_[pos_] != '<')
      fail(pos_, "expected '<' after " + std::string(name) + ", found " + found_at(pos_));
    ++pos_;
  }

  // Int<N>, C<N>
  Expr int_template(std::string_view name, std::size_t start) {
    open_template(name);
    skip_ws();
    const std::size_t at = pos_;
    if (at >= s_.size() || !(is_digit(s_[at]) || s_[at] == '-'))
      fail(at, std::string(name) + "<...> takes an integer, found " + found_at(at));
    Expr e = node(Expr::Kind::Integer, start);
    e.value = Scalar(raw_integer(false));
    e.name = "Int";
    expect('>', "to close " + std::string(name) + "< at " + column_of(start));
    return e;
  }

  // constant<int,N>, integral_constant<int,N>
  Expr constant_template(std::string_view name, std::size_t start) {
    open_template(name);
    skip_namespace_prefix();
    const std::size_t t = pos_;
    const std::string_view type = word_at(t);
    if (!is_runtime_integer_type(type))
      fail(t, std::string(name) + "<T,N> takes an integer type T, found " + found_at(t));
    pos_ += type.size();
    expect(',', "after the type of " + std::string(name) + "<T,N>");
    skip_ws();
    const std::size_t at = pos_;
    if (at >= s_.size() || !(is_digit(s_[at]) || s_[at] == '-'))
      fail(at, std::string(name) + "<T,N> takes an integer N, found " + found_at(at));
    Expr e = node(Expr::Kind::Integer, start);
    e.value = Scalar(raw_integer(false));
    e.name = "Int";
    expect('>', "to close " + std::string(name) + "< at " + column_of(start));
    return e;
  }

  // _m1 .. _m32: CuTe's names of negative constants.
  Expr negative_alias() {
    const std::size_t start = pos_;
    pos_ += 2;  // "_m"
    Expr e = node(Expr::Kind::Integer, start);
    e.value = Scalar(-raw_integer(false));
    e.name = "Int";
    return e;
  }

  // Shape<...>, Stride<...>, Step<...>, Coord<...>, Tile<...>, tuple<...>: a Tuple named after its spelling.
  Expr tuple_template(std::string_view name, std::size_t start, Role elements) {
    open_template(name);
    enter(start);
    Expr t = node(Expr::Kind::Tuple, start);
    t.name = std::string(name);
    if (peek('>')) {
      ++pos_;
      --depth_;
      return t;
    }
    while (true) {
      t.children.push_back(type_arg(elements));
      skip_ws();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      expect('>', "to close " + std::string(name) + "< at " + column_of(start));
      break;
    }
    --depth_;
    return t;
  }

  // Layout<Shape[,Stride]>: the stride defaults to the compact column-major one (CuTe's LayoutLeft).
  Expr layout_template(std::size_t start) {
    open_template("Layout");
    enter(start);
    Expr l = node(Expr::Kind::Layout, start);
    l.name = "Layout";
    Expr shape = type_arg(Role::Shape);
    skip_ws();
    Expr stride;
    if (pos_ < s_.size() && s_[pos_] == ',') {
      ++pos_;
      stride = type_arg(Role::Stride);
    } else {
      try {
        stride = from_int_tuple(compact_col_major(to_int_tuple(shape)), shape.column - 1);
      } catch (const LayoutError& e) {
        fail(shape.column - 1, e.what());
      }
    }
    expect('>', "to close Layout< at " + column_of(start) + " (Layout<Shape, Stride>)");
    l.children.push_back(std::move(shape));
    l.children.push_back(std::move(stride));
    --depth_;
    return l;
  }

  Expr from_int_tuple(const IntTuple& t, std::size_t at) {
    if (t.is_leaf()) {
      Expr e = node(Expr::Kind::Integer, at);
      e.value = t.value();
      e.name = "Int";
      return e;
    }
    Expr e = node(Expr::Kind::Tuple, at);
    e.name = "Stride";
    for (const IntTuple& c : t.children()) e.children.push_back(from_int_tuple(c, at));
    return e;
  }

  int basis_index() {
    skip_ws();
    const std::size_t at = pos_;
    if (at >= s_.size() || !is_digit(s_[at]))
      fail(at, "expected a basis index (an integer), found " + found_at(at));
    const int64_t i = raw_integer(false);
    if (i > 255) fail(at, "basis index must be in 0..255");
    return static_cast<int>(i);
  }

  // E<Ns...> := ScaledBasis<_1,Ns...>; E<> is 1.
  Expr basis_e(std::size_t start) {
    open_template("E");
    std::vector<int> path;
    if (!peek('>')) {
      while (true) {
        if (path.size() == Scalar::kMaxBasisDepth) fail(pos_, "scaled basis deeper than 7 levels");
        path.push_back(basis_index());
        skip_ws();
        if (pos_ < s_.size() && s_[pos_] == ',') {
          ++pos_;
          continue;
        }
        break;
      }
    }
    expect('>', "to close E< at " + column_of(start));
    Expr e = node(Expr::Kind::Integer, start);
    e.value = path.empty() ? Scalar(1) : Scalar::basis(1, path.data(), static_cast<int>(path.size()));
    e.name = "Int";
    return e;
  }

  // ScaledBasis<T,Ns...>: T an integer or a scaled basis (CuTe flattens
  // ScaledBasis<ScaledBasis<T,Ms...>,Ns...> to ScaledBasis<T,Ns...,Ms...>).
  Expr scaled_basis(std::size_t start) {
    open_template("ScaledBasis");
    enter(start);
    Expr t = type_arg(Role::Stride);
    if (t.kind != Expr::Kind::Integer)
      fail(t.column - 1, "ScaledBasis<T,N...> takes an integer T (Int<N>, _N or a ScaledBasis)");
    std::vector<int> path;
    skip_ws();
    while (pos_ < s_.size() && s_[pos_] == ',') {
      ++pos_;
      if (path.size() == Scalar::kMaxBasisDepth) fail(pos_, "scaled basis deeper than 7 levels");
      path.push_back(basis_index());
      skip_ws();
    }
    expect('>', "to close ScaledBasis< at " + column_of(start));
    for (int k = 0; k < t.value.depth(); ++k) {
      if (path.size() == Scalar::kMaxBasisDepth) fail(start, "scaled basis deeper than 7 levels");
      path.push_back(t.value.path(k));
    }
    t.column = start + 1;
    t.value = path.empty() ? Scalar(t.value.value)
                           : Scalar::basis(t.value.value, path.data(), static_cast<int>(path.size()));
    --depth_;
    return t;
  }

  int swizzle_parameter() {
    skip_ws();
    const std::size_t at = pos_;
    if (at >= s_.size() || !(is_digit(s_[at]) || s_[at] == '-'))
      fail(at, "Swizzle<B,M,S> takes integers, found " + found_at(at));
    const int64_t v = raw_integer(false);
    if (v < -64 || v > 64) fail(at, "swizzle parameter out of range -64..64");
    return static_cast<int>(v);
  }

  // Swizzle<B,M,S>, Swizzle<B,M> (S defaults to B, as in CuTe).
  Expr swizzle_template(std::size_t start) {
    open_template("Swizzle");
    Expr e = node(Expr::Kind::Swizzle, start);
    e.name = "Swizzle";
    e.swizzle[0] = swizzle_parameter();
    expect(',', "between the parameters of Swizzle<B,M,S>");
    e.swizzle[1] = swizzle_parameter();
    skip_ws();
    if (pos_ < s_.size() && s_[pos_] == ',') {
      ++pos_;
      e.swizzle[2] = swizzle_parameter();
    } else {
      e.swizzle[2] = e.swizzle[0];
    }
    expect('>', "to close Swizzle< at " + column_of(start) + " (Swizzle<B,M,S>)");
    return e;
  }

  // ComposedLayout<Swizzle<B,M,S>, Offset, Layout<...>>
  Expr composed_template(std::size_t start) {
    open_template("ComposedLayout");
    enter(start);
    Expr c = node(Expr::Kind::Composed, start);
    skip_namespace_prefix();
    std::size_t at = pos_;
    if (word_at(at) != "Swizzle")
      fail(at,
           "expected Swizzle<B,M,S> as the outer layout of ComposedLayout<...> (the only kind tvlab "
           "composes), found " +
               found_at(at));
    pos_ += 7;
    c.children.push_back(swizzle_template(at));
    expect(',', "after the swizzle of ComposedLayout<Swizzle, Offset, Layout>");
    skip_namespace_prefix();
    at = pos_;
    if (word_at(at).substr(0, 13) == "smem_ptr_flag")
      fail(at,
           "smem_ptr_flag (a swizzle of shared-memory addresses) is not an offset tvlab reads here: name the "
           "atom instead, e.g. GMMA::Layout_K_SW128_Atom<half_t>");
    c.children.push_back(type_arg(Role::Stride));
    expect(',', "after the offset of ComposedLayout<Swizzle, Offset, Layout>");
    skip_namespace_prefix();
    at = pos_;
    if (word_at(at) == "ComposedLayout") {  // CuTe's nested composed layout
      pos_ += 14;
      c.children.push_back(composed_template(at));
    } else {
      if (word_at(at) != "Layout")
        fail(
            at,
            "expected Layout<...> or ComposedLayout<...> as the inner layout of ComposedLayout<...>, found " +
                found_at(at));
      pos_ += 6;
      c.children.push_back(layout_template(at));
    }
    expect('>', "to close ComposedLayout< at " + column_of(start));
    --depth_;
    return c;
  }

  // ---- The notation's own forms.

  Expr tuple() {
    const std::size_t start = pos_;
    enter(start);
    ++pos_;  // '('
    Expr t = node(Expr::Kind::Tuple, start);
    t.children.reserve(4);
    if (peek(')')) {
      ++pos_;
      --depth_;
      return t;
    }
    while (true) {
      if (!integer_element(t.children)) t.children.push_back(expr());
      skip_ws();
      if (pos_ >= s_.size()) fail(start, "unbalanced '(': no matching ')'");
      if (s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (s_[pos_] == ')') break;
      fail(pos_, "expected ',' or ')' in the tuple, found '" + shown(s_[pos_]) + "'");
    }
    ++pos_;
    --depth_;
    return t;
  }

  Expr call(std::string name, std::size_t start) {
    enter(start);
    const std::size_t paren = pos_;
    ++pos_;  // '('
    Expr c = node(Expr::Kind::Call, start);
    c.name = std::move(name);
    c.children.reserve(4);
    if (!peek(')')) {
      while (true) {
        if (!integer_element(c.children)) c.children.push_back(expr());
        skip_ws();
        if (pos_ >= s_.size()) fail(paren, "unbalanced '(' of " + c.name + ": no matching ')'");
        if (s_[pos_] == ',') {
          ++pos_;
          continue;
        }
        if (s_[pos_] == ')') break;
        fail(pos_, "expected ',' or ')' in the arguments of " + c.name + ", found '" + shown(s_[pos_]) + "'");
      }
    }
    ++pos_;
    --depth_;
    return c;
  }

  int64_t raw_integer(bool allow_underscore) {
    skip_ws();
    const std::size_t start = pos_;
    if (allow_underscore && pos_ < s_.size() && s_[pos_] == '_') ++pos_;
    bool neg = false;
    if (pos_ < s_.size() && s_[pos_] == '-') neg = true, ++pos_;
    if (pos_ >= s_.size() || !is_digit(s_[pos_])) fail(pos_, "expected a digit");
    uint64_t v = 0;
    while (pos_ < s_.size() && is_digit(s_[pos_])) {
      const auto digit = static_cast<uint64_t>(s_[pos_] - '0');
      // Checked before the step: v * 10 + digit must not pass INT64_MAX (nor wrap around 2^64).
      if (v > (uint64_t(std::numeric_limits<int64_t>::max()) - digit) / 10)
        fail(start, "integer " + std::string(s_.substr(start, std::min<std::size_t>(pos_ - start + 1, 30))) +
                        "... does not fit in 64 bits");
      v = v * 10 + digit;
      ++pos_;
    }
    return neg ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
  }

  // A tuple element or call argument that is an integer literal (4, -1, 2@1) followed by ',' or ')': parsed
  // straight into `out`, the Expr expr() makes of it (expr -> layout_expr -> primary -> integer). Anything
  // else rewinds and returns false for expr() to parse.
  bool integer_element(std::vector<Expr>& out) {
    skip_ws();
    if (pos_ >= s_.size() || !(is_digit(s_[pos_]) || s_[pos_] == '-')) return false;
    const std::size_t at = pos_, nodes = nodes_;
    Expr e = integer();  // a malformed literal fails here exactly as primary() would
    skip_ws();
    if (pos_ < s_.size() && (s_[pos_] == ',' || s_[pos_] == ')')) {
      out.push_back(std::move(e));
      return true;
    }
    pos_ = at, nodes_ = nodes;
    return false;
  }

  Expr integer() {
    const std::size_t start = pos_;
    Expr e = node(Expr::Kind::Integer, start);
    const int64_t v = raw_integer(true);
    int path[Scalar::kMaxBasisDepth + 1];
    int depth = 0;
    while (pos_ < s_.size() && s_[pos_] == '@') {
      ++pos_;
      if (depth == Scalar::kMaxBasisDepth) fail(pos_, "scaled basis deeper than 7 levels");
      const std::size_t at = pos_;
      const int64_t i = raw_integer(false);
      if (i < 0 || i > 255) fail(at, "basis index must be in 0..255");
      path[depth++] = static_cast<int>(i);
    }
    if (depth == 0) {
      e.value = Scalar(v);
    } else {  // printed innermost first: reverse into the outermost-first path
      int outer_first[Scalar::kMaxBasisDepth];
      for (int k = 0; k < depth; ++k) outer_first[k] = path[depth - 1 - k];
      e.value = Scalar::basis(v, outer_first, depth);
    }
    return e;
  }

  // At "Sw<" or "S<" (`prefix` characters, the '<' included).
  Expr swizzle(std::size_t prefix) {
    const std::size_t start = pos_;
    pos_ += prefix;
    Expr e = node(Expr::Kind::Swizzle, start);
    for (int k = 0; k < 3; ++k) {
      const std::size_t at = pos_;
      const int64_t v = raw_integer(true);
      if (v < -64 || v > 64) fail(at, "swizzle parameter out of range -64..64");
      e.swizzle[k] = static_cast<int>(v);
      if (k < 2) expect(',', "between swizzle parameters");
    }
    expect('>', prefix == 2 ? "to close S<B,M,S>" : "to close Sw<B,M,S>");
    return e;
  }
};

}  // namespace

Expr parse_expr(std::string_view text) {
  return Parser(text).parse_all();
}

namespace detail {

// tree := integer | '(' tree (',' tree)* ')', appended to `out` in pre-order. One loop over the
// characters, the open tuples on a small stack (a recursive reader cost ~50 instructions a leaf).
bool PlainReader::tree(IntTuple::Nodes& out, int depth) {
  std::size_t head[kMaxDepth + 1];
  int32_t rank[kMaxDepth + 1];
  int level = 0;  // open tuples
  while (true) {
    pos_ = ws_after(pos_);
    if (pos_ >= s_.size()) return false;
    if (s_[pos_] == '(') {  // a tuple opens: its first element follows
      if (depth + level >= kMaxDepth) return false;
      ++pos_;
      head[level] = out.size(), rank[level] = 0, ++level;
      out.emplace_back(0, 1, Scalar());
      continue;
    }
    int64_t v;
    if (!integer(v) || ++leaves_ > kMaxLeaves) return false;
    out.emplace_back(-1, 1, Scalar(v));
    // An element is complete: a ',' starts the next one, a ')' completes the tuple (an element of
    // the tuple around it), and at level 0 the tree is done.
    while (true) {
      if (level == 0) return true;
      ++rank[level - 1];
      pos_ = ws_after(pos_);
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
        break;
      }
      if (pos_ >= s_.size() || s_[pos_] != ')') return false;
      ++pos_, --level;
      out[head[level]].rank = rank[level], out[head[level]].span = int32_t(out.size() - head[level]);
    }
  }
}

// A decimal integer, optionally negative, within 64 bits; no leading zeros, no scaled basis.
bool PlainReader::integer(int64_t& v) {
  const bool neg = s_[pos_] == '-';
  std::size_t p = pos_ + neg;
  if (p >= s_.size() || !is_digit(s_[p]) ||
      (s_[p] == '0' && (neg || (p + 1 < s_.size() && is_digit(s_[p + 1])))))
    return false;
  uint64_t u = 0;
  for (; p < s_.size() && is_digit(s_[p]); ++p) {
    if (u > (uint64_t(INT64_MAX) - 9) / 10) return false;  // near 64 bits: the parser says what is wrong
    u = u * 10 + static_cast<uint64_t>(s_[p] - '0');
  }
  const std::size_t q = ws_after(p);
  if (q < s_.size() && (s_[q] == '@' || s_[q] == '{' || s_[q] == '<')) return false;
  v = neg ? -static_cast<int64_t>(u) : static_cast<int64_t>(u);
  pos_ = p;
  return true;
}

bool PlainReader::checked_layout(IntTuple&& shape, IntTuple&& stride, Layout& out) {
  if (!congruent(shape, stride)) return false;
  Layout l(std::move(shape), std::move(stride), Layout::Trusted{});
  try {
    validate(l);
  } catch (const LayoutError&) {
    return false;
  }
  out = std::move(l);
  return true;
}

namespace {
struct PlainLiteral : PlainReader {
  using PlainReader::PlainReader;
  // shape [':' stride] spanning the text; stride stays empty for a bare shape (or when not wanted).
  bool read(IntTuple& shape, IntTuple* stride) {
    if (!tree(IntTupleAccess::nodes(shape), 0)) return false;
    if (stride && at(':') && !colon_stride(IntTupleAccess::nodes(*stride), 0)) return false;
    return ws_after(pos_) == s_.size();
  }
};
}  // namespace

std::optional<Layout> read_plain_layout(std::string_view text) {
  IntTuple shape = IntTupleAccess::blank(), stride = IntTupleAccess::blank();
  if (!PlainLiteral(text).read(shape, &stride)) return std::nullopt;
  if (stride.nodes().empty()) {  // a bare shape: compact, as make_layout
    try {
      stride = compact_col_major(shape);
    } catch (const LayoutError&) {  // beyond 64 bits: the parser words it
      return std::nullopt;
    }
  }
  Layout l;
  if (!PlainReader::checked_layout(std::move(shape), std::move(stride), l)) return std::nullopt;
  return l;
}

std::optional<IntTuple> read_plain_tuple(std::string_view text) {
  IntTuple t = IntTupleAccess::blank();
  if (!PlainLiteral(text).read(t, nullptr)) return std::nullopt;
  return t;
}

IntTuple parse_int_tuple_parsed(std::string_view text) {
  return to_int_tuple(parse_expr(text));
}

Layout parse_layout_parsed(std::string_view text) {
  Expr e = parse_expr(text);
  try {
    Layout l;
    if (e.kind == Expr::Kind::Layout) {
      IntTuple shape = to_int_tuple(e.children[0]), stride = to_int_tuple(e.children[1]);
      if (!congruent(shape, stride))
        throw ParseError(
            e.children[1].column,
            "stride " + to_string(stride) + " does not match the profile of shape " + to_string(shape));
      l = Layout(shape, stride);
    } else {
      l = make_layout(to_int_tuple(e));
    }
    validate(l);
    return l;
  } catch (const LayoutError& err) {
    throw ParseError(e.column, err.what());
  }
}

}  // namespace detail

// Plain notation is read without a parse tree; anything else (and every error) goes to the parser.
IntTuple parse_int_tuple(std::string_view text) {
  if (auto t = detail::read_plain_tuple(text)) return std::move(*t);
  return detail::parse_int_tuple_parsed(text);
}

Layout parse_layout(std::string_view text) {
  if (auto l = detail::read_plain_layout(text)) return std::move(*l);
  return detail::parse_layout_parsed(text);
}

}  // namespace tvlab
