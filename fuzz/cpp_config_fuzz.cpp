// libFuzzer target: the C++ configuration reader behind `tvlab verify|plan|render|explore FILE.hpp` (C++ text
// -> configurations -> Plans). Every problem must be a SpecError (a CppConfigError naming line, column and
// construct, or build_plan's JSON-path error mapped to the C++); anything else escaping is a finding. Also read
// with --config gemm_tn / gemm_nt<float, float, float> / gemm_tn<cute::half_t> (CuTe's tutorial functions).
#include <cstddef>
#include <cstdint>
#include <string>

#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/report/plan_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // Every configuration, then the tutorial functions' (--config FUNCTION: the host function's kernel launch,
  // its overloads, its callers' types).
  for (const char* only : {"", "gemm_tn", "gemm_nt<float, float, float>", "gemm_tn<cute::half_t>"}) {
    try {
      for (const tvlab::NamedPlan& p : tvlab::load_plans(text, only, "fuzz.hpp"))
        (void)tvlab::plan_to_json(p.plan).dump();
    } catch (const tvlab::SpecError&) {
    }
  }
  return 0;
}
