// A shared-memory descriptor described for a reader: what `tvlab desc` prints, as text and as JSON, for the
// CLI and the Python module alike.
//
//   DescriptorTiling dt = make_desc_tiling(parse_smem_tile(text, 16), OperandMajor::K, DescArch::SM90, 0);
//   desc_text(dt, half, OperandMajor::K, DescArch::SM90)  -> "GmmaDescriptor: 0x4000004000010000\n start_addr
//   ..." desc_json(dt, half, OperandMajor::K, DescArch::SM90)  -> {arch, major, type, value, start_address,
//   ...}
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "tvlab/core/atoms/smem_desc.hpp"
#include "tvlab/core/atoms/value_type.hpp"

namespace tvlab {

// `tvlab desc --json`'s object: arch ("sm90"/"sm100"), major ("K"/"MN"), type, value (hex), the fields,
// u128_layout, canonical, block, blocks, block_offsets (SM100: version and lbo_mode too).
nlohmann::ordered_json desc_json(const DescriptorTiling& dt, const ValueType& type, OperandMajor major,
                                 DescArch arch);
// `tvlab desc`'s text (ends in a newline).
std::string desc_text(const DescriptorTiling& dt, OperandMajor major, DescArch arch);

}  // namespace tvlab
