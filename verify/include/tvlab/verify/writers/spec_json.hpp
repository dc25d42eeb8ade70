// A kernel configuration written as a JSON spec (docs/spec.md): what `tvlab search --emit json` prints, and
// what the JSON reader (readers/json_spec.hpp) reads back into the same configuration.
//
//   {"name": ..., "cta_tile": [128,128,32], "stages": 3, "mainloop": "MainloopSm80CpAsync",
//    "mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN", "atom_layout": "(2,2,1):(2,1,1)", "permutation":
//    "(32,32,16)"}, "operands": {"A": {"type": "half_t", "gmem": {"layout": "RowMajor", "alignment": 8},
//                       "smem": {"atom": "Sw<2,3,3> o (8,32):(32,1)", "g2s": {...}, "s2r":
//                       "SM75_U32x4_LDSM_N"}}}}
//
// Keys come in one fixed order (the kernel's, then mma, operands, copies, tmem; within each object the order
// of docs/spec.md's tables), so one configuration always prints the same bytes. A printed MMA or copy (read
// from CuTe's print()) has no JSON form but its text: SpecError naming its key.
#pragma once

#include <nlohmann/json.hpp>

#include "tvlab/verify/model/kernel_config.hpp"

namespace tvlab {

nlohmann::ordered_json config_to_json(const KernelConfig& config);

}  // namespace tvlab
