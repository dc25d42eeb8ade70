// Reading a spec file whole: the reader its text calls for (JSON, C++ or CuTe's print()), then build_plan.
#pragma once

#include <string>

#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

// build_plan(read_json_spec(text)): SpecError on any problem, malformed JSON included.
Plan build_plan_from_text(const std::string& text);

}  // namespace tvlab
