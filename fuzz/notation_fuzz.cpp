// libFuzzer target: the layout notation parser (parse_expr, parse_int_tuple, parse_layout) and printing,
// the plain fast path against the parser, CuTe's C++ spellings included (seeds in fuzz/corpus/notation,
// tokens in fuzz/notation.dict). Malformed text must end in a ParseError; anything else escaping (another
// exception, a crash, a sanitizer report, a timeout) is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    (void)tvlab::parse_expr(text);
  } catch (const tvlab::ParseError&) {
  }
  try {
    const tvlab::IntTuple t = tvlab::parse_int_tuple(text);
    (void)tvlab::to_string(t, tvlab::Style::Cute);
  } catch (const tvlab::ParseError&) {
  }
  try {
    const tvlab::Layout l = tvlab::parse_layout(text);
    // What is printed parses back to the same layout.
    if (tvlab::parse_layout(tvlab::to_string(l)) != l) __builtin_trap();
  } catch (const tvlab::ParseError&) {
  }
  // A text the plain fast path takes, the parser reads to the same value.
  if (const auto t = tvlab::detail::read_plain_tuple(text))
    if (tvlab::detail::parse_int_tuple_parsed(text) != *t) __builtin_trap();
  if (const auto l = tvlab::detail::read_plain_layout(text))
    if (tvlab::detail::parse_layout_parsed(text) != *l) __builtin_trap();
  return 0;
}
