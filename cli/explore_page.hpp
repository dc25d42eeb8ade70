// The `tvlab explore` page: one self-contained HTML file (inline SVG, CSS and JS; no network) showing,
// per operand, the copy's fragment, the MMA's and the reorder between them, plus the verify report.
// The data is embedded as JSON (<script type="application/json" id="tvlab-data">):
//
//   { "tool": "tvlab 0.1.0", "spec": "spec.json", "name": ..., "mma": "XE_DPAS_TT<...> tile (64,64,32)",
//     "operands": { "A": { "rows": 64, "cols": 32, "row_axis": "m", "col_axis": "k", "threads": 64,
//                          "group": 16, "xe": true, "src_name": ..., "dst_name": ...,
//                          "src": {"n": [holders per cell], "t": [...], "v": [...]}, "dst": {...},
//                          "mismatches": [cell, ...], "outside": [...] } },
//     "report": <verify's JSON report> }
//
// Cells are column-major element indices r + rows * c. The output is deterministic (no time stamps).
#pragma once

#include <string>
#include <vector>

#include "ownership.hpp"
#include "tvlab/verify/check.hpp"

namespace tvlab::cli {

struct ExploreInput {
  std::string tool;  // "tvlab 0.1.0"
  std::string spec;  // the spec's path as given
  std::string name;  // the spec's "name"
  std::string mma;   // one line describing the MMA
  std::vector<OperandMap> operands;
  Report report;
};

std::string explore_page(const ExploreInput& in);

}  // namespace tvlab::cli
