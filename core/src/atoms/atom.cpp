#include "tvlab/core/atoms/atom.hpp"

#include "tvlab/core/atoms/xe_block2d.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/recast.hpp"

namespace tvlab {

ValueLayouts value_layouts(const CopyAtom& atom, int bits) {
  if (bits <= 0 || (atom.max_vec_bits == 0 && atom.copy_bits % bits != 0))
    throw AtomError(atom.name + ": CopyBits % ValBits == 0",
                    "a " + std::to_string(bits) + "-bit value type does not divide the copy width of " +
                        std::to_string(atom.copy_bits) + " bits");
  try {
    return {recast_layout(atom.src, 1, bits), recast_layout(atom.dst, 1, bits),
            recast_layout(atom.ref, 1, bits)};
  } catch (const LayoutError& e) {
    throw AtomError(atom.name + ": value type", std::string("cannot view the atom's bits as ") +
                                                    std::to_string(bits) + "-bit values: " + e.what());
  }
}

CopyAtom with_value_bits(const CopyAtom& atom, int bits) {
  if (atom.block2d && atom.arch == "xe") return make_xe_block2d(*atom.block2d, bits);
  value_layouts(atom, bits);  // validates
  CopyAtom a = atom;
  a.val_bits = bits;
  return a;
}

}  // namespace tvlab
