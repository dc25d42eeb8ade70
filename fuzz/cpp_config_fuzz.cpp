// libFuzzer target: the C++ configuration reader behind `tvlab verify|plan|render|explore FILE.hpp` (C++ text
// -> configurations -> Plans). Every problem must be a SpecError (a CppConfigError naming line, column and
// construct, or build_plan's JSON-path error mapped to the C++); anything else escaping is a finding. Also
// read with --config gemm_tn / gemm_nt<float, float, float> / gemm_tn<cute::half_t> (CuTe's tutorial
// functions),
// --config main (the copy-only launch of CuTe's tiled_copy.cu: copies.NAME.block) and --config
// MoEGEMMLauncher (sycl-tla example 12's launch: the text reader says "found instead ... --config
// MoEGEMMLauncher"). The compiler path's scanners, which load_plans does not reach, are called directly: the
// MoEGEMM launches (detail::xe_launches) and function-local aliases (detail::local_aliases), with the copies
// of the file each makes for the compiler (offsets into the text: a wrong one is an ASan report).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "detail/cpp_locals.hpp"
#include "detail/cpp_xe_launch.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/report/plan_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // Every configuration, then the tutorial functions' (--config FUNCTION: the host function's kernel launch,
  // its overloads, its callers' types).
  for (const char* only :
       {"", "gemm_tn", "gemm_nt<float, float, float>", "gemm_tn<cute::half_t>", "main", "MoEGEMMLauncher"}) {
    try {
      for (const tvlab::NamedPlan& p : tvlab::load_plans(text, only, "fuzz.hpp"))
        (void)tvlab::plan_to_json(p.plan).dump();
    } catch (const tvlab::SpecError&) {
    }
  }
  try {
    for (const tvlab::detail::XeLaunch& l : tvlab::detail::xe_launches(text))
      if (tvlab::detail::names_xe_launch(l, "MoEGEMMLauncher") ||
          tvlab::detail::names_xe_launch(l, l.function))
        (void)tvlab::detail::xe_launch_export_copy(text, l, "fuzz.cpp");
  } catch (const tvlab::SpecError&) {
  }
  try {
    for (const tvlab::detail::XeLaunch& l : tvlab::detail::xe_launches_of(text, "MoEGEMMLauncher"))
      (void)tvlab::detail::xe_launch_export_copy(text, l, "fuzz.cpp");
  } catch (const tvlab::SpecError&) {
  }
  try {
    std::vector<std::string> fulls;
    for (const tvlab::detail::LocalAlias& a : tvlab::detail::local_aliases(text))
      if (!a.in_template && (tvlab::detail::names_local(a, "CollectiveMainloop") || a.configuration))
        fulls.push_back(a.full);
    if (!fulls.empty()) (void)tvlab::detail::local_export_copy(text, fulls, "fuzz.cpp");
  } catch (const tvlab::SpecError&) {
  }
  return 0;
}
