// The checks `tvlab verify` runs on a plan (docs/spec.md, "Check codes"), each a CheckResult:
//
//   coverage.mma.{A,B,C}   the MMA's TV layout covers its tile exactly once (stride-0 thread modes are
//                          intended replication: subgroups along N hold the same A)
//   coverage.<X>           each copy's TV layout over its tile (redundant loads reported, not errors)
//   width.<X>              the copy moves values of the MMA operand's width (NVIDIA: an error; Xe: a
//                          converting reorder)
//   fragment.<X>           Xe: in every subgroup the copy's register fragment and the MMA's hold the same
//                          elements, so a subgroup-local reorder exists; NVIDIA: the copy's register
//                          side is the MMA's TV layout (no reorder exists across threads)
//   reorder.<X>            Xe: that reorder is a no-op, or its kind, rlayout and cost (a warning unless
//                          the operand says "reorder": "none")
//   source.<X>             NVIDIA: what the copy's source side needs from shared memory
//   block2d.<X>.<rule>     run-time block 2D rules against the operand's shape, pitch and base alignment
//   slm.<X>                r2s writes every SLM element once and s2r reads only written elements
//   subtile.<X>            a subtiled C/D copy: each subgroup copies one subtile of its MMA C block
#pragma once

#include "tvlab/verify/check/check.hpp"
#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

struct VerifyOptions {
  // Search a conflict-free smem layout for every conflicted copy (banks.X.<c> data.suggest, the summary's
  // "suggest ..."); tvlab search turns it off: it ranks layouts itself, and the search costs most of a check.
  bool suggest = true;
  // Analyze the s2r copies' shared-memory accesses (vector.X.s2r, banks.X.s2r). Off, the report omits those
  // two checks: a partial report, for a search that evaluates an operand's g2s part alone.
  bool s2r_accesses = true;
};

Report verify_plan(const Plan& plan, const std::string& spec_name = "", const VerifyOptions& opts = {});

// One coverage check of a TV layout ((T,V) -> column-major index) over a tile of `tile_size` elements.
CheckResult check_coverage(const std::string& code, const std::string& what, const Layout& tv,
                           int64_t tile_size);

}  // namespace tvlab
