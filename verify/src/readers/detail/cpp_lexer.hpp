// Internal to the C++ configuration reader (cpp_config.cpp): its tokens.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tvlab::detail {

struct Tok {
  enum Kind { Ident, Number, Punct, String, End } kind;
  std::string text;
  int line, col;
};

// Comments, preprocessor lines, strings and whitespace out; `>>` as two `>` (template arguments close).
std::vector<Tok> lex(std::string_view s);

}  // namespace tvlab::detail
