// The `tvlab explore` page: one self-contained HTML file (inline SVG, CSS and JS; no network) showing,
// per operand, the copy's fragment, the MMA's and the reorder between them, plus the verify report.
// The data is embedded as JSON (<script type="application/json" id="tvlab-data">):
//
//   { "tool": "tvlab 0.1.0", "spec": "spec.json", "name": ..., "mma": "XE_DPAS_TT<...> tile (64,64,32)",
//     "operands": { "A": { "rows": 64, "cols": 32, "row_axis": "m", "col_axis": "k", "threads": 64,
//                          "group": 16, "xe": true, "src_name": ..., "dst_name": ...,
//                          "src": {"n": [holders per cell], "t": [...], "v": [...]}, "dst": {...},
//                          "mismatches": [cell, ...], "outside": [...],
//                          "banks": <the banks panel's data, see below> } },
//     "report": <verify's JSON report> }
//
// An operand's "banks" (tvlab/verify/report/bank_views.hpp computes it; the page only draws it):
//
//   { "staged": false, "why": "operand A is not staged in shared memory: ..." }, or
//   { "staged": true, ("rows": 128, "cols": 32,) "layout": "(32,64):(64,1)", "type": "half_t", "model":
//   "nvidia", "validated": true,
//     "banks": 32, "bank_bytes": 4, "palette": ["#rrggbb" x 16 (bank mod 16, as render --view banks)],
//     "address": [byte address per cell], "bank": [bank per cell],
//     "copies": [ { "name": "s2r", "atom": "SM75_U32x4_LDSM_N", "op": "ldmatrix.x4", "bytes_per_lane": 16,
//                   "error": null or why it cannot be analysed, "wavefronts": 512, "ideal_wavefronts": 64,
//                   "bank_conflicts": 448, "order": [instruction indices, most conflicts first],
//                   "not_modeled": only where some instruction is a cp.async the bank model does not cover
//                                  (why): "wavefronts" is then a lower bound, ideal and conflicts unknown,
//                   "suggest": null or {"layout", "kind", "wavefronts", "ideal_wavefronts", "vector",
//                                       "padding", "text"},
//                   g2s: "gmem_op": "cp.async.ca" where gmem.X.g2s counts the copy (each instruction then has
//                   "gmem"), else "gmem_why": why not,
//                   "insts": [ { "warp": 0, "instruction": 0, "repeat": 0, "wavefronts": 32,
//                                "ideal_wavefronts": 4, "bank_conflicts": 28, ("exact": false,
//                                "not_modeled": why: wavefronts a lower bound, the sum of its phases'),
//                                ("gmem": "1 request, 16 sectors of 32 bytes, ...": its global side, g2s),
//                                "phases": [ {"lanes": [...], "wavefronts": 8,
//                                             ("bound": why this phase's wavefronts are a lower bound,)
//                                             "collisions": [{"bank", "ways", "lanes", "words"}]} ],
//                                "lanes": [ {"lane": 0, "cells": [...], "address": 0, "bank": 0,
//                                            "phase": 0, "clash": [cells meeting another lane]} ] } ] } ] }
//
// "rows" and "cols" appear only where the smem stage's tile is not the operand's: with "cta_tile" the stage
// holds the CTA tile of one stage (e.g. 128x32 for A, where the MMA's operand tile is 32x16), and verify's
// banks.X checks enumerate it; "address", "bank" and the lanes' cells then index that tile, and the banks
// panel draws its own grid of it. Without them the banks tile is the operand's.
//
// Cells are column-major element indices r + rows * c (the banks data's own rows where it has them). The
// output is deterministic (no time stamps).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tvlab/verify/check/check.hpp"
#include "tvlab/verify/checks/ownership.hpp"
#include "tvlab/verify/report/bank_views.hpp"

namespace tvlab::cli {

struct ExploreInput {
  std::string tool;  // "tvlab 0.1.0"
  std::string spec;  // the spec's path as given
  std::string name;  // the spec's "name"
  std::string mma;   // one line describing the MMA
  std::vector<OperandMap> operands;
  std::vector<OperandBanks> banks;  // parallel to operands (empty: no banks data)
  // Parallel to operands: each thread's partitions (`tvlab plan --thread`) as
  // {"threads": [[{name, expr, modes, tensor, lines}]], "notes": [...]} or {"why": ...} when too large.
  std::vector<nlohmann::ordered_json> partitions;
  Report report;
};

std::string explore_page(const ExploreInput& in);

}  // namespace tvlab::cli
