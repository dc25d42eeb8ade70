// What every builder takes besides its engine object.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/viz/tv_panel.hpp"

namespace tvlab::viz {

struct Options {
  bool colorblind = false;               // the colour-blind-safe palette
  int64_t max_cells = kDefaultMaxCells;  // refuse larger pictures (VizError)
  std::vector<std::string> provenance;   // extra provenance lines (e.g. the command line)
  // Layout pictures (integer-valued, plain or swizzled): colour each cell by the shared-memory bank of the
  // element at its offset, elements of this type (NVIDIA: 32 banks of 4 bytes); unset: by the offset mod 16.
  std::optional<ValueType> bank_type;
};

}  // namespace tvlab::viz
