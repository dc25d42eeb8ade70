// Xe's two views of a subgroup-scope fragment (the seed document's tables) and SLM layouts.
//
// Subgroup view: each cell shows the register element index t + 16v of the (T,V) holding it (work-item
// i owns elements i, i+16, i+32, ...); thread view beside it: T<t>V<v>. For XE_LOAD_2D<16,8,4>:
//     subgroup view          thread view
//      0  1  2  3            T0V0 T1V0 T2V0 T3V0
//      4  5  6  7            T4V0 ...
//     ...                    ...
//     28 29 30 31            T12V1 T13V1 T14V1 T15V1
//
// SLM view: a TV layout whose thread mode is (16 lanes, subgroups), (T,V) -> index into the SLM tile;
// cells coloured by subgroup and each subgroup's region outlined.
#pragma once

#include "tvlab/viz/options.hpp"

namespace tvlab::viz {

// transpose: draw the tile's (r, c) at (c, r), e.g. an MMA B operand (N x K) drawn K x N.
Scene build_subgroup_scene(const Layout& tv, int64_t rows, int64_t cols, const std::string& what,
                           const Options& opt = {}, bool transpose = false);
Scene build_slm_scene(const Layout& tv, int64_t rows, int64_t cols, const Options& opt = {});

}  // namespace tvlab::viz
