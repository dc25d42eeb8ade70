// What one thread touches, drawn: the tile a thread's tensor partitions (its first two axes as rows and
// columns, one panel per stage or k-tile the thread touches), the thread's cells numbered in issue order
// (the view's 1-D index: its values first, then iteration after iteration) and coloured by iteration.
//
//   tvlab render kernel.hpp --view partition --thread 5 --operand A --tensor tCsA -o t5.svg
//     panel "pipe 0" of the 32x32 smem tile: cells 0..7 (iteration (0,0,0)) in row 1, ...
#pragma once

#include "tvlab/verify/checks/partition.hpp"
#include "tvlab/viz/options.hpp"

namespace tvlab::viz {

Scene build_partition_scene(const ThreadPartitions& p, const ThreadTensor& t, const Options& opt = {});

}  // namespace tvlab::viz
