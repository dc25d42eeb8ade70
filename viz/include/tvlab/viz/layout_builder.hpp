// A layout over its domain, as CuTe's print_layout / print_latex: the cell at (row, col) shows the
// index (or coordinate) the layout maps it to. Rank 1 is drawn as one column (CuTe's append<2>); rank 3
// and more fold modes 1.. into the columns. A swizzled layout is drawn with the swizzle applied (every
// swizzle of a nested one).
//
//   (4,8):(8,1)               4 rows x 8 columns, cell (1,2) = 10
//   Sw<3,3,3> o (8,64):(64,1) column 0 reads 0 72 144 216 288 360 432 504
#pragma once

#include "tvlab/core/nested_layout.hpp"
#include "tvlab/core/swizzle.hpp"
#include "tvlab/viz/options.hpp"

namespace tvlab::viz {

Scene build_layout_scene(const Layout& l, const Options& opt = {});
Scene build_layout_scene(const ComposedLayout& l, const Options& opt = {});
// A nested composed layout (CuTe's composition of two composed layouts): each cell its value.
Scene build_layout_scene(const NestedLayout& l, const Options& opt = {});

}  // namespace tvlab::viz
