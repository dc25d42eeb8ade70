// An SM90/SM100 smem operand tile with its GMMA/UMMA descriptor fields annotated.
//
// Rows are MN, columns K (elements). Each cell shows the 16-byte chunk its element lands in (byte address /
// 16, the unit of every descriptor field) and is coloured by that chunk's position in a 128-byte row (chunk
// mod 8): the swizzle pattern shows as colour diagonals. The block the descriptor describes (one instruction:
// MN x 256 bits of K) is outlined; thin lines separate 8-row core-matrix groups and k-blocks. The title gives
// the 64-bit value and the fields; the notes say what LBO and SBO step over for this major and layout type,
// and the start-address increment of every further block.
//
//   tvlab desc 'Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),64):((64,512),1)' --type half_t --major K -o d.svg
#pragma once

#include "tvlab/core/atoms/smem_desc.hpp"
#include "tvlab/viz/options.hpp"

namespace tvlab::viz {

// @pre dt was computed from t (make_desc_tiling); rank(t.layout) == 2
Scene build_desc_scene(const SmemTile& t, const DescriptorTiling& dt, const std::string& notation,
                       const Options& opt = {});

}  // namespace tvlab::viz
