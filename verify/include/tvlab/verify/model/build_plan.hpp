// build_plan: a kernel configuration (model/kernel_config.hpp), from any reader or from search, made into the
// plan the checks read (model/plan.hpp).
//
//   Plan p = build_plan(read_json_spec(text));     // readers/json_spec.hpp
//   Plan q = build_plan(config);                   // a KernelConfig search or a test built
//
// It evaluates every value (atom and type names, CuTe notation), builds the TiledMMA and per operand the
// copies CuTe's and sycl-tla's helpers build (make_tiled_copy_X, make_block_2d_copy_X, the SLM pipeline,
// subtiles), the shared-memory stages (tile_to_shape of the SmemLayoutAtom), TMA loads and the tensor-memory
// accumulator. Whatever CuTe or CUTLASS would reject (a static_assert, a layout that does not tile) is a
// SpecError at the value's spec path, never a plan.
#pragma once

#include "tvlab/verify/model/kernel_config.hpp"
#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

Plan build_plan(const KernelConfig& config);

}  // namespace tvlab
