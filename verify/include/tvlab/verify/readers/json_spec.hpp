// The JSON spec reader: a spec file (docs/spec.md) read into the typed kernel configuration.
//
//   {"mma": {"atom": "XE_DPAS_TT<8,float,bfloat16_t>", "tile": [256,256,32], "sg_layout": "(8,4,1):(4,1,0)"},
//    "operands": {"A": {"type": "bfloat16_t", "contiguous": "K"}, ...}}
//   -> KernelConfig{.mma = {.atom = "XE_DPAS_TT<8,float,bfloat16_t>", .tile = {256,256,32}, ...}, ...}
//
// The reader checks the document's syntax and shape: malformed JSON (with its byte), duplicate keys, nesting
// deeper than kMaxSpecNesting, a value of the wrong JSON kind ("expected a string, got number") and CuTe
// print() texts that do not parse. Each is a SpecError at the key's path. Unknown keys become
// KernelConfig::warnings (a typo is reported, not silently ignored). What the values mean (atom names,
// layouts, their fit) is build_plan's to check.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "tvlab/verify/model/kernel_config.hpp"

namespace tvlab {

inline constexpr int kMaxSpecNesting = 64;

// A spec's text; read_json_value: a JSON value already parsed (a test's literal, a Python dict).
KernelConfig read_json_spec(const std::string& text);
KernelConfig read_json_value(const nlohmann::json& spec);

}  // namespace tvlab
