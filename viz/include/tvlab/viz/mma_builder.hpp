// An MMA atom or TiledMMA as CuTe's print_latex draws it: A (M x K) on the left, B drawn K x N above
// C, C (M x N) bottom-right, each cell labelled T<t>V<v> and coloured by thread, with axis labels.
// Threads holding the same element (A along N, B along M) are all listed.
//
//   build_mma_scene(make_tiled_mma(find_mma_atom("SM80_16x8x16_F32F16F16F32_TN")))
#pragma once

#include "tvlab/core/tiling/tiled_mma.hpp"
#include "tvlab/viz/options.hpp"

namespace tvlab::viz {

// Threads per subgroup for an atom's architecture: 16 on Xe, a 32-thread warp elsewhere.
int group_size_of(const std::string& arch);

// atom_only: title the picture as the atom itself (a TiledMMA of one atom).
Scene build_mma_scene(const TiledMMA& mma, const Options& opt = {}, bool atom_only = false);

}  // namespace tvlab::viz
