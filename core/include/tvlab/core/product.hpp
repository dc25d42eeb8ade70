// Products: repeat a layout (the block) over another (the tiler).
//
//   logical_product(4:1, 3)                          = (4,3):(1,4)           (block, repeat)
//   blocked_product((2,5):(5,1), (3,4):(1,3))        = ((2,3),(5,4)):((5,10),(1,30))
//   raked_product((2,5):(5,1), (3,4):(1,3))          = ((3,2),(4,5)):((10,5),(30,1))
//   tile_to_shape(L, (8,12))                         = blocked_product of L up to shape (8,12)
//
// logical_product(A, B) = make_layout(A, composition(complement(A, size(A)*cosize(B)), B)).
#pragma once

#include <variant>

#include "tvlab/core/layout.hpp"
#include "tvlab/core/tiler.hpp"

namespace tvlab {

Layout logical_product(const Layout& block, const Tiler& tiler);
Layout zipped_product(const Layout& block, const Tiler& tiler);
Layout tiled_product(const Layout& block, const Tiler& tiler);
Layout flat_product(const Layout& block, const Tiler& tiler);
Layout blocked_product(const Layout& block, const Layout& tiler);
Layout raked_product(const Layout& block, const Layout& tiler);
// order: the order in which the block repeats over the target's modes: column-major (CuTe's default
// LayoutLeft), row-major, or a step tuple congruent to the target's modes (make_ordered_layout).
using ModeOrder = std::variant<Major, IntTuple>;
Layout tile_to_shape(const Layout& block, const IntTuple& trg_shape, const ModeOrder& order = Major::Left);

}  // namespace tvlab
