// The print() reader: a file of CuTe's print() output (tiling/cute_print.hpp; looks_like_cute_print) read
// into a kernel configuration. Its TiledMMA (at most one, first) and its TiledCopys, each a standalone copy
// named by the "=== NAME ===" line before it or copy1, copy2, ...; a copy labelled A, B, C or D after a
// TiledMMA is that operand's copy, of the print's value type. A DSL copy whose Src and Dst differ needs a
// JSON spec ("ref"). SpecError "line N: ..." (path "") on any problem.
#pragma once

#include <string>

#include "tvlab/verify/model/kernel_config.hpp"
#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

KernelConfig read_print_spec(const std::string& text);
// build_plan(read_print_spec(text)), every SpecError reported for the file as a whole (path "").
Plan build_plan_from_print(const std::string& text);

}  // namespace tvlab
