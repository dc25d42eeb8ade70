// libFuzzer target: `tvlab eval` expressions (parse + evaluate + print). Bad input must end in an
// EvalError, as the command reports it; anything else escaping is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tvlab/core/expr.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const tvlab::Value v = tvlab::evaluate(text);
    (void)tvlab::to_string(v, tvlab::Style::Cute);
  } catch (const tvlab::EvalError&) {
  }
  return 0;
}
