// Internal to the C++ configuration reader (cpp_config.cpp): the syntax of its expressions and types.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "cpp_lexer.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"

namespace tvlab::detail {

// A C++ expression or type of the configuration subset: a (qualified) name with template arguments, calls
// or braced initialisers and ::members; a number; a parenthesised expression; integer arithmetic.
struct Node {
  enum class Kind { Name, Number, Group, Unary, Binary } kind = Kind::Name;
  std::string text;  // the name as written (cute::Layout), the number, or the operator
  bool has_targs = false;
  std::vector<Node> targs;
  std::vector<std::pair<char, std::vector<Node>>> calls;  // '(' or '{' and the arguments
  std::vector<std::string> members;                       // ::member after the calls
  std::vector<Node> kids;
  int line = 0, col = 0;
};

// The last component of a qualified name: cute::Layout -> Layout.
std::string base_name(const std::string& q);

// The node as C++ text (for messages): `2147483647 * 2`, `Int<1 << 4>`, `make_shape(64, 32)`.
std::string spelled(const Node& n);

class Parser {
 public:
  Parser(const std::vector<Tok>& t, std::size_t b, std::size_t e) : t_(t), i_(b), end_(e) {}
  Node expr() { return binary(0); }
  bool done() const { return i_ >= end_; }
  // Fails unless the whole range was read: an operator tvlab does not evaluate (== < ? && ...) is named.
  void expect_end() const;
  const Tok& peek() const { return i_ < end_ ? t_[i_] : t_.back(); }
  std::size_t pos() const { return i_; }
  [[noreturn]] void fail(const std::string& why) const {
    const Tok& k = peek();
    throw CppConfigError(k.line, k.col, "",
                         why + (k.kind == Tok::End || i_ >= end_ ? " at the end of the declaration"
                                                                 : ", at '" + k.text + "'"));
  }

 private:
  const std::vector<Tok>& t_;
  std::size_t i_, end_;
  int depth_ = 0;

  bool is(const char* p) const { return i_ < end_ && t_[i_].kind == Tok::Punct && t_[i_].text == p; }
  void expect(const char* p) {
    if (!is(p)) fail(std::string("expected '") + p + "'");
    ++i_;
  }
  struct Deeper {
    Parser& p;
    explicit Deeper(Parser& q) : p(q) {
      if (++p.depth_ > kMaxCppNesting)
        p.fail("nesting deeper than " + std::to_string(kMaxCppNesting) + " levels");
    }
    ~Deeper() { --p.depth_; }
  };

  // Directly inside a template argument list (not within parentheses): there `>` closes the list, so `>>`
  // closes two (C++11); elsewhere `>>` is a shift, as `<<` is everywhere.
  bool in_targs_ = false;

  // The binary operator at the parser's position ("" when none) and its tokens (the lexer splits `<<` and
  // `>>` into two adjacent tokens).
  std::string binary_op(std::size_t& tokens) const;
  // C++'s precedence, loosest first: | ^ & (<< >>) (+ -) (* / %).
  static int prec(const std::string& op) {
    return op == "|"                             ? 1
           : op == "^"                           ? 2
           : op == "&"                           ? 3
           : op == "<<" || op == ">>"            ? 4
           : op == "+" || op == "-"              ? 5
           : op == "*" || op == "/" || op == "%" ? 6
                                                 : 0;
  }

  Node binary(int min);
  Node unary();
  std::vector<Node> list(const char* close);
  Node primary();
};

}  // namespace tvlab::detail
