// A TV layout over its tile: each cell labelled T<t>V<v> and coloured by thread.
//
//   build_tv_scene((16,2):(1,16), 8, 4)   8x4 tile, cell (1,0) = T1V0, cell (0,2) = T0V1
//
// The TV layout maps (T,V) to a column-major index into rows x cols, or (scaled-basis strides) to a
// (row, col) coordinate; coordinate_tile() gives the tile of the latter.
#pragma once

#include "tvlab/viz/options.hpp"

namespace tvlab::viz {

// group_size: threads per subgroup (16 on Xe, 32 for an NVIDIA warp); boundaries are drawn between
// subgroups when there are more threads than that.
Scene build_tv_scene(const Layout& tv, int64_t rows, int64_t cols, const Options& opt = {},
                     int group_size = 16);

}  // namespace tvlab::viz
