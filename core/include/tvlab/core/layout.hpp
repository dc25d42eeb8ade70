// Layout: CuTe's shape:stride function from coordinates to indices, as a run-time value.
//
// A layout maps a coordinate (or its 1-D column-major index) to an index:
//
//   L = (4,8):(8,1)          L(1,2) = 1*8 + 2*1 = 10        L(9) = L(1,2) = 10
//   L = ((2,2),4):((1,8),2)  a hierarchical mode (2,2) with strides (1,8)
//
// Every mode of the shape has a stride of the same profile (congruent). A stride may be a scaled basis,
// which makes the layout coordinate-valued: (4,8):(1@0,1@1) maps (i,j) to the coordinate (i,j).
//
// The algebra (coalesce, composition, complement, inverses, divides and products) lives in its own
// files; this one holds the value type, construction and the "layout as a tuple of modes" operations.
#pragma once

#include <span>
#include <vector>

#include "tvlab/core/int_tuple.hpp"
#include "tvlab/core/stride.hpp"
#include "tvlab/core/tuple_algorithms.hpp"

namespace tvlab {

struct Layout {
  IntTuple shape;
  IntTuple stride;

  Layout() : shape(1), stride(0) {}
  Layout(IntTuple s, IntTuple d);  // throws LayoutError unless congruent
  // For algorithms that construct congruent shapes and strides by design: no check.
  struct Trusted {};
  Layout(IntTuple s, IntTuple d, Trusted) : shape(std::move(s)), stride(std::move(d)) {}
  // L(c): the index (or, with scaled-basis strides, the coordinate) of a coordinate or 1-D index.
  IntTuple operator()(const IntTuple& coord) const { return crd2idx(coord, shape, stride); }
  // L(i) for an integer i and plain integer strides.
  int64_t operator()(int64_t i) const;
  friend bool operator==(const Layout& a, const Layout& b) {
    return a.shape == b.shape && a.stride == b.stride;
  }
  friend bool operator!=(const Layout& a, const Layout& b) { return !(a == b); }
};

// make_layout(shape): the compact column-major layout (size-1 modes get stride 0).
Layout make_layout(const IntTuple& shape);
Layout make_layout(const IntTuple& shape, const IntTuple& stride);
Layout make_layout(const IntTuple& shape, Major major);
// make_layout(L0, L1, ...): concatenation of layouts as the modes of a new one.
Layout make_layout(std::span<const Layout> modes);
Layout make_layout(std::initializer_list<Layout> modes);
// make_identity_layout((4,8)) = (4,8):(1@0,1@1).
Layout make_identity_layout(const IntTuple& shape);
// make_ordered_layout((2,3,4),(1,0,2)) = (2,3,4):(3,1,6).
Layout make_ordered_layout(const IntTuple& shape, const IntTuple& order);

int rank(const Layout& l);
int depth(const Layout& l);
int64_t size(const Layout& l);
// The codomain shape: coordinate-valued layouts have a tuple coshape. @post size(coshape) == cosize.
IntTuple coshape(const Layout& l);
int64_t cosize(const Layout& l);
// A tuple of 0s congruent with the codomain (0 for integer-valued layouts).
IntTuple coprofile(const Layout& l);

// Modes as a tuple: get(L,{i,j}) = get<i,j>(L), etc.
Layout get(const Layout& l, std::span<const int> path);
inline Layout mode(const Layout& l, int i) {
  return Layout(l.shape[i], l.stride[i]);
}
Layout select(const Layout& l, std::span<const int> modes);
Layout take(const Layout& l, int b, int e);
Layout flatten(const Layout& l);
Layout append(const Layout& l, const Layout& x = Layout());
Layout prepend(const Layout& l, const Layout& x = Layout());
Layout append_n(const Layout& l, int n, const Layout& x = Layout());
Layout group(const Layout& l, int b, int e);
Layout zip(const Layout& a, const Layout& b);
Layout zip(const Layout& l);
// Zip the rank-2 modes found at the terminals of `guide` (a tiler's profile) into ((tile),(rest)).
Layout tile_unzip(const Layout& l, const IntTuple& guide);

// Checks what a layout from outside must satisfy: positive shape leaves, size and cosize within 64
// bits. Throws LayoutError naming the problem.
void validate(const Layout& l);

}  // namespace tvlab
