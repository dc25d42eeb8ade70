// A copy atom or TiledCopy: source and destination side by side, each cell labelled with the (T,V)
// that reads (source) or writes (destination) it, as CuTe's print_latex(TiledCopy).
//
//   build_copy_scene(tiled_copy_of(find_copy_atom("XE_LOAD_2D<16,8,4>"), uint16))   8x4 tile
#pragma once

#include "tvlab/core/tiling/tiled_copy.hpp"
#include "tvlab/viz/options.hpp"

namespace tvlab::viz {

// The TiledCopy that shows one atom: Xe block 2D ops over their Height x Width tile (rows y, cols x),
// other atoms with their threads down the rows and values along the columns (make_tiled_copy).
TiledCopy tiled_copy_of(const CopyAtom& atom, const ValueType& vt);

// The tile of a TiledCopy folded to (rows, cols).
std::pair<int64_t, int64_t> copy_tile(const TiledCopy& copy);

// atom_only: title the picture as the atom itself.
Scene build_copy_scene(const TiledCopy& copy, const Options& opt = {}, bool atom_only = false);

}  // namespace tvlab::viz
