#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

IntTuple smem_operand_tile(const TiledMMA& m, const std::string& operand) {
  return operand == "A"   ? make_shape(m.tile_mnk[0], m.tile_mnk[2])
         : operand == "B" ? make_shape(m.tile_mnk[1], m.tile_mnk[2])
                          : make_shape(m.tile_mnk[0], m.tile_mnk[1]);
}

}  // namespace tvlab
