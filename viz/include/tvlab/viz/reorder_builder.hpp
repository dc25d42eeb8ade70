// A reorder between two subgroup fragments: source and destination TV layouts, both (T,V) -> coordinate
// in the same tile. The value at a coordinate moves when the (T,V) holding it in the source is not the
// one that must hold it in the destination; every moved value is outlined in both panels and the
// destination cell says where it comes from.
//
//   src (16,2):(1,16), dst (16,2):(2,1) over (8,4): 30 of 32 values move (2 stay: T0V0, T15V1)
#pragma once

#include "tvlab/viz/options.hpp"

namespace tvlab::viz {

struct ReorderStats {
  int64_t moved = 0;         // values whose (T,V) differs
  int64_t cross_thread = 0;  // ... of which change thread (shuffles)
  int64_t uncovered = 0;     // coordinates held on one side only
};

ReorderStats reorder_stats(const Layout& src, const Layout& dst, int64_t rows, int64_t cols);
Scene build_reorder_scene(const Layout& src, const Layout& dst, int64_t rows, int64_t cols,
                          const Options& opt = {});

}  // namespace tvlab::viz
