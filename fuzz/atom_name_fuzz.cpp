// libFuzzer target: atom names (parse_atom_name, and the registry lookup behind `tvlab show`, specs and
// `tvlab atoms`). Bad names must end in a ParseError or an AtomError; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    (void)tvlab::parse_atom_name(text);
  } catch (const tvlab::ParseError&) {
  }
  try {
    (void)tvlab::find_atom(text);
  } catch (const tvlab::ParseError&) {
  } catch (const tvlab::AtomError&) {
  }
  return 0;
}
