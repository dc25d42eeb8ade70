// libFuzzer target: the C++ configuration reader behind `tvlab verify|plan|render|explore FILE.hpp` (C++ text
// -> configurations -> Plans). Every problem must be a SpecError (a CppConfigError naming line, column and
// construct, or build_plan's JSON-path error mapped to the C++); anything else escaping is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/report/plan_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    for (const tvlab::NamedPlan& p : tvlab::load_plans(text, "", "fuzz.hpp"))
      (void)tvlab::plan_to_json(p.plan).dump();
  } catch (const tvlab::SpecError&) {
  }
  return 0;
}
