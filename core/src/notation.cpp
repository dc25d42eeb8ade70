#include "tvlab/core/notation.hpp"

#include <cctype>
#include <charconv>
#include <limits>

#include "tvlab/core/error.hpp"

namespace tvlab {

// ---------------------------------------------------------------------------------------------------
// Printing

namespace {
// Appends s as CuTe prints it: [_]value, then @mode for each level of a scaled basis, innermost first.
void append_scalar(std::string& out, const Scalar& s, Style style) {
  char buf[24];
  if (style == Style::Cute) out += '_';
  out.append(buf, std::to_chars(buf, buf + sizeof buf, s.value).ptr);
  for (int i = s.depth - 1; i >= 0; --i) {
    out += '@';
    out.append(buf, std::to_chars(buf, buf + sizeof buf, static_cast<int>(s.path[i])).ptr);
  }
}

void print_tuple(std::string& out, const IntTuple::Nodes& nodes, std::size_t& pos, Style style) {
  const IntTuple::Node& n = nodes[pos++];
  if (n.rank < 0) {
    append_scalar(out, n.value, style);
    return;
  }
  out += '(';
  for (int k = 0; k < n.rank; ++k) {
    if (k) out += ',';
    print_tuple(out, nodes, pos, style);
  }
  out += ')';
}

void append_tuple(std::string& out, const IntTuple& t, Style style) {
  std::size_t pos = 0;
  print_tuple(out, t.nodes(), pos, style);
}
}  // namespace

std::string to_string(const Scalar& s, Style style) {
  std::string out;
  append_scalar(out, s, style);
  return out;
}

std::string to_string(const IntTuple& t, Style style) {
  std::string out;
  out.reserve(4 * t.nodes().size());
  append_tuple(out, t, style);
  return out;
}

std::string to_string(const Layout& l, Style style) {
  std::string out;
  out.reserve(8 * l.shape.nodes().size() + 1);
  append_tuple(out, l.shape, style);
  out += ':';
  append_tuple(out, l.stride, style);
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
  return to_string(c.swizzle) + " o " + to_string(c.offset, style) + " o " + to_string(c.layout, style);
}

// ---------------------------------------------------------------------------------------------------
// Parsing

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {}

  Expr parse_all() {
    Expr e = expr();
    skip_ws();
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

  void skip_ws() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\r' || s_[pos_] == '\n'))
      ++pos_;
  }
  bool peek(char c) {
    skip_ws();
    return pos_ < s_.size() && s_[pos_] == c;
  }
  void expect(char c, const char* what) {
    skip_ws();
    if (pos_ >= s_.size())
      fail(pos_, std::string("expected '") + c + "' " + what + ", found the end of the text");
    if (s_[pos_] != c)
      fail(pos_, std::string("expected '") + c + "' " + what + ", found '" + shown(s_[pos_]) + "'");
    ++pos_;
  }
  Expr node(Expr::Kind k, std::size_t at) {
    if (++nodes_ > kMaxNodes)
      fail(at, "expression too large (more than " + std::to_string(kMaxNodes) + " elements)");
    Expr e;
    e.kind = k;
    e.column = at + 1;
    return e;
  }
  void enter(std::size_t at) {
    if (++depth_ > kMaxNesting) fail(at, "nesting deeper than " + std::to_string(kMaxNesting) + " levels");
  }
  // The word at pos_ (letters, digits, '_'), without consuming it.
  std::string_view word_at(std::size_t p) const {
    std::size_t e = p;
    while (e < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[e])) || s_[e] == '_')) ++e;
    return s_.substr(p, e - p);
  }
  bool at_composition_o() {
    skip_ws();
    return word_at(pos_) == "o";
  }

  // expr := layout_expr, or a swizzle followed by "o [offset o] layout".
  Expr expr() {
    skip_ws();
    const std::size_t start = pos_;
    Expr first = layout_expr();
    if (first.kind != Expr::Kind::Swizzle || !at_composition_o()) return first;
    Expr c = node(Expr::Kind::Composed, start);
    c.children.push_back(std::move(first));
    pos_ += 1;  // 'o'
    Expr second = layout_expr();
    if (at_composition_o()) {
      pos_ += 1;
      c.children.push_back(std::move(second));
      c.children.push_back(layout_expr());
    } else {
      c.children.push_back(std::move(second));
    }
    return c;
  }

  // layout_expr := primary [':' primary]
  Expr layout_expr() {
    skip_ws();
    const std::size_t start = pos_;
    Expr shape = primary();
    if (!peek(':')) return shape;
    ++pos_;
    Expr l = node(Expr::Kind::Layout, start);
    l.children.push_back(std::move(shape));
    l.children.push_back(primary());
    return l;
  }

  Expr primary() {
    skip_ws();
    if (pos_ >= s_.size()) fail(pos_, "expected a value, found the end of the text");
    const std::size_t start = pos_;
    const char c = s_[pos_];
    if (c == '(') return tuple();
    if (c == '_' && !(pos_ + 1 < s_.size() &&
                      (std::isdigit(static_cast<unsigned char>(s_[pos_ + 1])) || s_[pos_ + 1] == '-'))) {
      ++pos_;
      return node(Expr::Kind::Underscore, start);
    }
    if (c == '_' || c == '-' || std::isdigit(static_cast<unsigned char>(c))) return integer();
    if (std::isalpha(static_cast<unsigned char>(c))) {
      std::string_view w = word_at(pos_);
      if (w == "Sw" && pos_ + 2 < s_.size() && s_[pos_ + 2] == '<') return swizzle();
      pos_ += w.size();
      if (peek('(')) return call(std::string(w), start);
      Expr n = node(Expr::Kind::Name, start);
      n.name = std::string(w);
      return n;
    }
    fail(pos_, "unexpected '" + shown(c) + "'");
  }

  Expr tuple() {
    const std::size_t start = pos_;
    enter(start);
    ++pos_;  // '('
    Expr t = node(Expr::Kind::Tuple, start);
    if (peek(')')) {
      ++pos_;
      --depth_;
      return t;
    }
    while (true) {
      t.children.push_back(expr());
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
    if (!peek(')')) {
      while (true) {
        c.children.push_back(expr());
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
    if (pos_ >= s_.size() || !std::isdigit(static_cast<unsigned char>(s_[pos_])))
      fail(pos_, "expected a digit");
    uint64_t v = 0;
    while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) {
      v = v * 10 + static_cast<uint64_t>(s_[pos_] - '0');
      if (v > uint64_t(std::numeric_limits<int64_t>::max()))
        fail(start, "integer " + std::string(s_.substr(start, std::min<std::size_t>(pos_ - start + 1, 30))) +
                        "... does not fit in 64 bits");
      ++pos_;
    }
    return neg ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
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

  Expr swizzle() {
    const std::size_t start = pos_;
    pos_ += 3;  // "Sw<"
    Expr e = node(Expr::Kind::Swizzle, start);
    for (int k = 0; k < 3; ++k) {
      const std::size_t at = pos_;
      const int64_t v = raw_integer(true);
      if (v < -64 || v > 64) fail(at, "swizzle parameter out of range -64..64");
      e.swizzle[k] = static_cast<int>(v);
      if (k < 2) expect(',', "between swizzle parameters");
    }
    expect('>', "to close Sw<B,M,S>");
    return e;
  }
};

}  // namespace

Expr parse_expr(std::string_view text) {
  return Parser(text).parse_all();
}

namespace {
IntTuple to_int_tuple(const Expr& e) {
  if (e.kind == Expr::Kind::Integer) return IntTuple(e.value);
  if (e.kind != Expr::Kind::Tuple) throw ParseError(e.column, "expected an integer or a tuple of integers");
  TupleBuilder b;
  for (const Expr& c : e.children) b.push(to_int_tuple(c));
  return b.build();
}
}  // namespace

IntTuple parse_int_tuple(std::string_view text) {
  return to_int_tuple(parse_expr(text));
}

Layout parse_layout(std::string_view text) {
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

}  // namespace tvlab
