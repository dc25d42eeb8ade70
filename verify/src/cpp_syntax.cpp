#include "detail/cpp_syntax.hpp"

namespace tvlab::detail {

std::string base_name(const std::string& q) {
  const auto at = q.rfind("::");
  return at == std::string::npos ? q : q.substr(at + 2);
}

Node Parser::binary(int min) {
  Deeper d(*this);
  Node lhs = unary();
  while (i_ < end_ && t_[i_].kind == Tok::Punct && prec(t_[i_].text) > min) {
    Node n;
    n.kind = Node::Kind::Binary;
    n.text = t_[i_].text;
    n.line = lhs.line, n.col = lhs.col;
    const int p = prec(n.text);
    ++i_;
    n.kids.push_back(std::move(lhs));
    n.kids.push_back(binary(p));
    lhs = std::move(n);
  }
  return lhs;
}

Node Parser::unary() {
  if (is("-") || is("+")) {
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
    n.kids.push_back(expr());
    expect(")");
    return n;
  }
  if (is("::")) ++i_;
  if (i_ >= end_ || t_[i_].kind != Tok::Ident) fail("expected a name, a number or '('");
  n.text = t_[i_++].text;
  while (is("::") && i_ + 1 < end_ && t_[i_ + 1].kind == Tok::Ident && !n.has_targs) {
    n.text += "::" + t_[i_ + 1].text;
    i_ += 2;
  }
  if (is("<")) {
    ++i_;
    n.has_targs = true;
    n.targs = list(">");
  }
  for (;;) {
    if (is("(") || is("{")) {
      const char open = t_[i_].text[0];
      ++i_;
      n.calls.push_back({open, list(open == '(' ? ")" : "}")});
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
