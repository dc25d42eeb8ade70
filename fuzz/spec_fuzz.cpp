// libFuzzer target: the spec loader behind `tvlab plan`, `verify` and `render` (JSON text -> Plan).
// Every problem must be a SpecError naming a JSON path; anything else escaping is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tvlab/verify/spec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const tvlab::Plan plan = tvlab::build_plan_from_text(text);
    (void)tvlab::plan_to_json(plan).dump();
  } catch (const tvlab::SpecError&) {
  }
  return 0;
}
