#include "tvlab/core/tiler.hpp"

namespace tvlab {

Tiler Tiler::from_shape(const IntTuple& shape) {
  if (shape.is_leaf()) return Tiler(shape.ival());
  Modes modes;
  for (const IntTuple& c : shape.children()) modes.push_back(from_shape(c));
  return Tiler(std::move(modes));
}

IntTuple Tiler::profile() const {
  if (!is_tuple()) return IntTuple(0);
  TupleBuilder b;
  for (const Tiler& t : modes()) b.push(t.profile());
  return b.build();
}

}  // namespace tvlab
