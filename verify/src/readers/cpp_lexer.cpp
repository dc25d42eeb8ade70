#include "detail/cpp_lexer.hpp"

#include <cctype>

#include "tvlab/verify/readers/cpp_config.hpp"

namespace tvlab::detail {

namespace {

std::string byte_hex(unsigned char c) {
  const char* d = "0123456789abcdef";
  return std::string("0x") + d[c >> 4] + d[c & 15];
}

// A raw string literal ([lex.string]): at s[i] its '"', then a delimiter of up to 16 characters, '(', any
// text (quotes, backslashes and newlines included) up to ')' delimiter '"'. Leaves i after the closing '"'.
template <class Advance>
void raw_string(std::string_view s, std::size_t& i, Advance& adv, int l0, int c0) {
  adv();
  const std::size_t d0 = i;
  while (i < s.size() && i - d0 <= 16 && s[i] != '(' &&
         std::string_view(" )\\\t\v\f\n").find(s[i]) == std::string_view::npos)
    adv();
  if (i >= s.size() || s[i] != '(' || i - d0 > 16)
    throw CppConfigError(
        l0, c0, "",
        "raw string literal: its delimiter (before '(') is more than 16 characters or holds a "
        "space, ')', '\\' or a control character");
  const std::string close = ")" + std::string(s.substr(d0, i - d0)) + "\"";
  const std::size_t end = s.find(close, i);
  if (end == std::string_view::npos)
    throw CppConfigError(l0, c0, "", "unterminated raw string literal: no closing '" + close + "'");
  adv(end + close.size() - i);
}

}  // namespace

std::vector<Tok> lex(std::string_view s) {
  std::vector<Tok> out;
  int line = 1, col = 1;
  std::size_t i = 0;
  bool line_start = true;
  auto adv = [&](std::size_t n = 1) {
    for (std::size_t k = 0; k < n && i < s.size(); ++k, ++i) {
      if (s[i] == '\n')
        ++line, col = 1, line_start = true;
      else
        ++col;
    }
  };
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '\n' || c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      adv();
      continue;
    }
    if (c == '#' && line_start) {  // a preprocessor line, with its continuations
      while (i < s.size() && s[i] != '\n') {
        if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == '\n') adv();
        adv();
      }
      continue;
    }
    line_start = false;
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
      while (i < s.size() && s[i] != '\n') adv();
      continue;
    }
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      const int l0 = line, c0 = col;
      adv(2);
      while (i < s.size() && !(s[i] == '*' && i + 1 < s.size() && s[i + 1] == '/')) adv();
      if (i >= s.size()) throw CppConfigError(l0, c0, "", "unterminated /* comment");
      adv(2);
      continue;
    }
    const int l0 = line, c0 = col;
    if (c == '"' || c == '\'') {
      const char q = static_cast<char>(c);
      adv();
      while (i < s.size() && s[i] != q && s[i] != '\n') {
        if (s[i] == '\\') adv();
        adv();
      }
      if (i >= s.size() || s[i] != q)
        throw CppConfigError(l0, c0, "",
                             std::string("unterminated ") + (q == '"' ? "string" : "character") + " literal");
      adv();
      out.push_back({Tok::String, "", l0, c0});
      continue;
    }
    if (std::isalpha(c) || c == '_') {
      const std::size_t b = i;
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) adv();
      const std::string_view word = s.substr(b, i - b);
      if (i < s.size() && s[i] == '"' &&
          (word == "R" || word == "LR" || word == "uR" || word == "UR" || word == "u8R")) {
        raw_string(s, i, adv, l0, c0);
        line_start = false;
        out.push_back({Tok::String, "", l0, c0});
        continue;
      }
      out.push_back({Tok::Ident, std::string(word), l0, c0});
      continue;
    }
    if (std::isdigit(c)) {
      const std::size_t b = i;
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '\'' || s[i] == '.'))
        adv();
      out.push_back({Tok::Number, std::string(s.substr(b, i - b)), l0, c0});
      continue;
    }
    if (c == ':' && i + 1 < s.size() && s[i + 1] == ':') {
      adv(2);
      out.push_back({Tok::Punct, "::", l0, c0});
      continue;
    }
    if (c < 0x20 || c >= 0x7f)
      throw CppConfigError(
          l0, c0, "",
          "byte " + byte_hex(c) +
              " outside comments and strings: not C++ source text (binary data or a non-ASCII "
              "character)");
    if (std::string_view("<>(){}[],;=*&+-/%!~?:.|^@$\\`").find(static_cast<char>(c)) ==
        std::string_view::npos)
      throw CppConfigError(l0, c0, "", std::string("unexpected character '") + static_cast<char>(c) + "'");
    adv();
    out.push_back({Tok::Punct, std::string(1, static_cast<char>(c)), l0, c0});
  }
  out.push_back({Tok::End, "", line, col});
  return out;
}

}  // namespace tvlab::detail
