// A plan (model/plan.hpp) for people and programs: `tvlab plan` prints plan_to_text, `tvlab plan --json`
// plan_to_json.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

// The JSON form (docs/spec.md): mma.{tile_mnk, permutation, thr_layout_vmnk, a_tv, b_tv, c_tv},
// copies.<X>.{op, tiler, tv, tv_src, tv_dst, prefetch}.
nlohmann::ordered_json plan_to_json(const Plan& plan);
std::string plan_to_text(const Plan& plan);

}  // namespace tvlab
