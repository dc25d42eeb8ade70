// What every builder takes besides its engine object.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tvlab/viz/tv_panel.hpp"

namespace tvlab::viz {

struct Options {
  bool colorblind = false;               // the colour-blind-safe palette
  int64_t max_cells = kDefaultMaxCells;  // refuse larger pictures (VizError)
  std::vector<std::string> provenance;   // extra provenance lines (e.g. the command line)
};

}  // namespace tvlab::viz
