#include "detail/cpp_syntax.hpp"

#include <utility>

namespace tvlab::detail {

std::string base_name(const std::string& q) {
  const auto at = q.rfind("::");
  return at == std::string::npos ? q : q.substr(at + 2);
}

std::string Parser::binary_op(std::size_t& tokens) const {
  tokens = 1;
  if (i_ >= end_ || t_[i_].kind != Tok::Punct) return "";
  const std::string& p = t_[i_].text;
  if (p == "+" || p == "-" || p == "*" || p == "/" || p == "%" || p == "^") return p;
  const bool adjacent = i_ + 1 < end_ && t_[i_ + 1].kind == Tok::Punct && t_[i_ + 1].text == p &&
                        t_[i_ + 1].line == t_[i_].line && t_[i_ + 1].col == t_[i_].col + 1;
  if (adjacent && (p == "<" || (p == ">" && !in_targs_))) {
    tokens = 2;
    return p + p;
  }
  if ((p == "&" || p == "|") && !adjacent) return p;  // && and || are not read
  return "";
}

void Parser::expect_end() const {
  if (done()) return;
  const Tok& k = t_[i_];
  static const std::string operators = "<>=!?&|:";
  if (k.kind == Tok::Punct && k.text.size() == 1 && operators.find(k.text) != std::string::npos) {
    std::string op = k.text;
    for (std::size_t j = i_ + 1; j < end_ && j < i_ + 3 && t_[j].kind == Tok::Punct && t_[j].line == k.line &&
                                 t_[j].col == k.col + static_cast<int>(op.size()) &&
                                 std::string("<>=&|").find(t_[j].text) != std::string::npos;
         ++j)
      op += t_[j].text;
    fail("operator " + op +
         " is not read in a constant expression (tvlab reads + - * / % << >> & | ^ ~ and "
         "parentheses)");
  }
  fail("unexpected text after the expression");
}

std::string spelled(const Node& n) {
  auto list = [](const std::vector<Node>& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + spelled(v[i]);
    return s;
  };
  switch (n.kind) {
    case Node::Kind::Number:
      return n.text;
    case Node::Kind::Group:
      return "(" + spelled(n.kids[0]) + ")";
    case Node::Kind::Unary:
      return n.text + spelled(n.kids[0]);
    case Node::Kind::Binary:
      return spelled(n.kids[0]) + " " + n.text + " " + spelled(n.kids[1]);
    case Node::Kind::Name:
      break;
  }
  std::string s = n.text;
  if (n.has_targs) s += "<" + list(n.targs) + ">";
  for (const auto& [open, args] : n.calls) s += open + list(args) + (open == '(' ? ")" : "}");
  for (const std::string& m : n.members) s += "::" + m;
  return s;
}

Node Parser::binary(int min) {
  Deeper d(*this);
  Node lhs = unary();
  for (;;) {
    std::size_t tokens = 1;
    const std::string op = binary_op(tokens);
    if (prec(op) <= min) break;
    Node n;
    n.kind = Node::Kind::Binary;
    n.text = op;
    n.line = lhs.line, n.col = lhs.col;
    i_ += tokens;
    n.kids.push_back(std::move(lhs));
    n.kids.push_back(binary(prec(op)));
    lhs = std::move(n);
  }
  return lhs;
}

Node Parser::unary() {
  if (is("-") || is("+") || is("~")) {
    Node n;
    n.kind = Node::Kind::Unary;
    n.text = t_[i_].text;
    n.line = t_[i_].line, n.col = t_[i_].col;
    ++i_;
    Deeper d(*this);
    n.kids.push_back(unary());
    return n;
  }
  return primary();
}

std::vector<Node> Parser::list(const char* close) {
  std::vector<Node> out;
  if (is(close)) {
    ++i_;
    return out;
  }
  for (;;) {
    out.push_back(expr());
    if (is(close)) {
      ++i_;
      return out;
    }
    if (!is(",")) fail(std::string("expected ',' or '") + close + "'");
    ++i_;
  }
}

Node Parser::primary() {
  Deeper d(*this);
  while (i_ < end_ && t_[i_].kind == Tok::Ident &&
         (t_[i_].text == "typename" || t_[i_].text == "const" || t_[i_].text == "template"))
    ++i_;
  if (i_ >= end_) fail("expected an expression");
  const Tok& k = t_[i_];
  Node n;
  n.line = k.line, n.col = k.col;
  if (k.kind == Tok::Number) {
    n.kind = Node::Kind::Number;
    n.text = k.text;
    ++i_;
    return n;
  }
  if (is("(")) {
    ++i_;
    n.kind = Node::Kind::Group;
    const bool outer = std::exchange(in_targs_, false);
    n.kids.push_back(expr());
    expect(")");
    in_targs_ = outer;
    return n;
  }
  if (is("::")) ++i_;
  if (i_ >= end_ || t_[i_].kind != Tok::Ident) fail("expected a name, a number or '('");
  n.text = t_[i_++].text;
  // An integer type of several words, as compilers print them (long int, unsigned int, long long int):
  // one name.
  auto int_word = [](const std::string& w) {
    return w == "unsigned" || w == "signed" || w == "long" || w == "short" || w == "int" || w == "char";
  };
  if (int_word(n.text))
    while (i_ < end_ && t_[i_].kind == Tok::Ident && int_word(t_[i_].text)) n.text += " " + t_[i_++].text;
  while (is("::") && i_ + 1 < end_ && t_[i_ + 1].kind == Tok::Ident && !n.has_targs) {
    n.text += "::" + t_[i_ + 1].text;
    i_ += 2;
  }
  if (is("<")) {
    ++i_;
    n.has_targs = true;
    const bool outer = std::exchange(in_targs_, true);
    n.targs = list(">");
    in_targs_ = outer;
  }
  for (;;) {
    if (is("(") || is("{")) {
      const char open = t_[i_].text[0];
      ++i_;
      const bool outer = std::exchange(in_targs_, false);
      n.calls.push_back({open, list(open == '(' ? ")" : "}")});
      in_targs_ = outer;
    } else if (is("::") && i_ + 1 < end_ && t_[i_ + 1].kind == Tok::Ident) {
      if (t_[i_ + 1].text == "template") fail("'::template' member templates are not read");
      n.members.push_back(t_[i_ + 1].text);
      i_ += 2;
      if (is("<")) fail("a member template's arguments are not read");
    } else {
      break;
    }
  }
  return n;
}

}  // namespace tvlab::detail
