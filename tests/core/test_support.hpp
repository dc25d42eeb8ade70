// Shared helpers for the core tests: literal parsing and generated domains of layouts.
#pragma once

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "tvlab/core/notation.hpp"

namespace tvlab::test {

inline Layout L(std::string_view s) {
  return parse_layout(s);
}
inline IntTuple T(std::string_view s) {
  return parse_int_tuple(s);
}
template <class X>
std::string S(const X& x) {
  return to_string(x);
}

// Shapes of rank 1..3, flat and nested, with extents a GPU layout uses.
inline std::vector<IntTuple> generated_shapes() {
  std::vector<IntTuple> out;
  for (int a : {1, 2, 3, 4, 6, 8, 12}) out.push_back(IntTuple(a));
  for (int a : {1, 2, 3, 4, 8})
    for (int b : {1, 2, 3, 4, 8}) out.push_back(IntTuple::tuple({a, b}));
  for (int a : {2, 3, 4})
    for (int b : {1, 2, 4})
      for (int c : {2, 3}) out.push_back(IntTuple::tuple({a, b, c}));
  out.push_back(T("((2,3),4)"));
  out.push_back(T("(2,(2,4))"));
  out.push_back(T("((2,2),(2,4))"));
  out.push_back(T("(4,(2,3),2)"));
  return out;
}

// Compact layouts of every generated shape under every ordering of its flat modes: injective, and
// surjective onto [0, size).
inline std::vector<Layout> compact_layouts() {
  std::vector<Layout> out;
  for (const IntTuple& shape : generated_shapes()) {
    const int n = leaf_count(shape);
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    do {
      std::size_t k = 0;
      IntTuple ord = transform_leaf(shape, [&](const Scalar&) { return Scalar(order[k++]); });
      out.push_back(make_ordered_layout(shape, ord));
    } while (std::next_permutation(order.begin(), order.end()));
  }
  return out;
}

// Injective layouts with gaps: each compact layout with its strides scaled so the image has holes.
inline std::vector<Layout> injective_layouts() {
  std::vector<Layout> out = compact_layouts();
  const std::size_t n = out.size();
  for (std::size_t i = 0; i < n; i += 2) {
    const Layout& c = out[i];
    // Double the largest stride and every stride above it: a hole below the outermost mode.
    auto d = leaves(c.stride);
    int64_t top = 0;
    for (const Scalar& s : d) top = std::max(top, s.value);
    IntTuple gapped = transform_leaf(
        c.stride, [&](const Scalar& s) { return Scalar(s.value == top ? 2 * s.value : s.value); });
    out.push_back(Layout(c.shape, gapped));
    out.push_back(
        Layout(c.shape, transform_leaf(c.stride, [](const Scalar& s) { return Scalar(3 * s.value); })));
  }
  return out;
}

// A broad mix: injective layouts plus broadcast (stride-0) variants.
inline std::vector<Layout> generated_layouts() {
  std::vector<Layout> out = injective_layouts();
  const std::size_t n = out.size();
  for (std::size_t i = 0; i < n; i += 3) {
    const Layout& c = out[i];
    bool first = true;
    IntTuple z = transform_leaf(c.stride, [&](const Scalar& s) {
      Scalar r = first ? Scalar(0) : s;
      first = false;
      return r;
    });
    out.push_back(Layout(c.shape, z));
  }
  return out;
}

// Every index of a layout's domain, evaluated (plain integer strides).
inline std::vector<int64_t> image(const Layout& l) {
  std::vector<int64_t> out;
  for (int64_t i = 0; i < size(l); ++i) out.push_back(l(i));
  return out;
}

// All shapes and strides powers of two (or 0): CuTe's divisibility conditions then always hold.
inline bool power_of_two(const Layout& l) {
  for (const Scalar& s : leaves(l.shape))
    if (s.value & (s.value - 1)) return false;
  for (const Scalar& d : leaves(l.stride))
    if (d.value & (d.value - 1)) return false;
  return true;
}

inline bool is_injective(const Layout& l) {
  auto im = image(l);
  std::sort(im.begin(), im.end());
  return std::adjacent_find(im.begin(), im.end()) == im.end();
}

}  // namespace tvlab::test
