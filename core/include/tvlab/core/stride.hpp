// Arithmetic on IntTuples and the coordinate <-> index maps (CuTe's int_tuple.hpp and stride.hpp).
//
//   shape_div((4,5,6), 40) = (1,1,3)     (fold: 4/40 -> 1 rest 10; 5/10 -> 1 rest 2; 6/2 -> 3)
//   ceil_div folds the same way; shape_div also checks CuTe's "Divisibility Condition".
//   compact_major<LayoutLeft>((2,1,3)) = (1,0,2)   (size-1 modes get stride 0)
//   crd2idx((1,2), (4,8), (1,4)) = 9     crd2idx(9, (4,8), (1,4)) = 9 (an integer coordinate is split)
//   idx2crd(9, (4,8)) = (1,2)
#pragma once

#include "tvlab/core/int_tuple.hpp"

namespace tvlab {

enum class Major { Left, Right };  // CuTe's LayoutLeft (column-major) and LayoutRight (row-major)

IntTuple ceil_div(const IntTuple& a, const IntTuple& b);
IntTuple shape_div(const IntTuple& a, const IntTuple& b);
IntTuple elem_scale(const IntTuple& a, const IntTuple& b);
// Sum of products of corresponding leaves; strides may be scaled bases (the result is a coordinate).
IntTuple inner_product(const IntTuple& a, const IntTuple& b);
// Addition of coordinates (CuTe's ArithmeticTuple): tuples add mode by mode, padded with 0.
IntTuple add_coords(const IntTuple& a, const IntTuple& b);

IntTuple compact_major(const IntTuple& shape, Major major, int64_t current = 1);
inline IntTuple compact_col_major(const IntTuple& shape, int64_t current = 1) {
  return compact_major(shape, Major::Left, current);
}
// Strides that order the modes of `shape` by `order` (congruent to shape); ties keep column-major.
IntTuple compact_order(const IntTuple& shape, const IntTuple& order);

// Coordinate (or integer index) to index/coordinate under a shape and stride.
IntTuple crd2idx(const IntTuple& coord, const IntTuple& shape, const IntTuple& stride);
// Index to the natural (column-major) coordinate of shape.
IntTuple idx2crd(const IntTuple& idx, const IntTuple& shape);
IntTuple idx2crd(const IntTuple& idx, const IntTuple& shape, const IntTuple& stride);

bool evenly_divides(const IntTuple& shape, const IntTuple& tiler);

}  // namespace tvlab
