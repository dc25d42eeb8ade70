// The per-thread views (checks/partition.hpp) as `tvlab plan --thread` shows them: one row per value
// (touches), iteration lines, the text table and the JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tvlab/verify/checks/partition.hpp"

namespace tvlab {

// One row of a view's table: value i at its (value, iteration...) coordinate of the view's modes.
struct Touch {
  int64_t index = 0;
  std::vector<int64_t> mode_coord;  // the 1-D coordinate in each top-level mode: (value, iter_1, ...)
  std::vector<int64_t> coord;       // the base tensor's coordinate
  int64_t element = 0;              // element offset from the base
  int64_t byte = 0;                 // byte offset (element * bits / 8, rounded down for sub-byte types)
  bool masked = false;              // left unread by the collective's predicate (ThreadTensor::masked)
};
std::vector<Touch> touches(const ThreadTensor& t);

// "(1,8,0)": a coordinate or a view's mode coordinate, as the tables print it.
std::string coord_text(const std::vector<int64_t>& c);

// One line per iteration (the view's modes after the first), its values' coordinates and offsets with runs
// folded: "(1,0,0): (37,0..7,0) @1064..1071".
std::vector<std::string> iteration_lines(const ThreadTensor& t);

// `tvlab plan --thread`: each tensor as CuTe prints it, then (table) one row per value, iteration by
// iteration: the view's coordinate, the base's coordinate, element and byte offsets (and "masked" for a
// value a predicated view leaves unread).
std::string partitions_to_text(const ThreadPartitions& p, bool table = true);
// {thread, threads, operand, tensors: [{name, expr, modes, memory, base, bits, tensor (CuTe's print),
//  layout, offset, [predicate,] axes, values: [{index, mode_coord, coord, element, byte[, masked]}]}], notes}
nlohmann::ordered_json partitions_to_json(const ThreadPartitions& p);

}  // namespace tvlab
