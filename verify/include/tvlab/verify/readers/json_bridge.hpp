// INTERIM (issue 35): a JSON spec (docs/spec.md) read into a kernel configuration, for the callers that hold
// JSON and need a KernelConfig (the C++ writer's tests, the spec fuzzer) until the JSON reader
// (readers/json_spec.hpp, read_json_spec) is on main; then they switch to it and this file goes.
//
//   KernelConfig c = config_from_json(nlohmann::json::parse(text));   // config_to_json(c) gives it back
//
// It reads every key of the model (model/kernel_config.hpp) with its JSON type and nothing more: a value of
// the wrong JSON type is a SpecError at its path; an unknown key is a SpecWarning ("unknown key"), as
// build_plan reports it; "description", "checks" and "$schema" are not part of the model and are skipped.
// A printed MMA or copy ("print") is a SpecError at its path (its text is build_plan's to read). Values are
// not evaluated: build_plan does that.
#pragma once

#include <nlohmann/json.hpp>

#include "tvlab/verify/model/kernel_config.hpp"

namespace tvlab {

KernelConfig config_from_json(const nlohmann::json& spec);

}  // namespace tvlab
