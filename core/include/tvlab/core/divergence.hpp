// Where CuTe's result is not the function its definition names. CuTe's composition, logical_divide and
// logical_product check divisibility conditions, and some inputs pass those checks and come back as a layout
// that is not the mathematical result: composition((3,2):(16,32), 4:2) is (2,2):(32,32) (CuTe's answer, which
// tvlab gives too), yet index 2 of it maps to 32 while A(B(2)) = A(4) = 48. These functions compare a result
// with its definition index by index, so that a caller can say so (the value stays CuTe's):
//
//   composition(A, B)      R(i) == A(B(i))
//   logical_divide(A, B)   R(i) == A(B*(i)),  B* = make_layout(B, complement(B, size(A)))
//   logical_product(A, B)  mode 0 of R is A, mode 1 of R(i) == C(B(i)),  C = complement(A, size(A)*cosize(B))
//
// A tuple tiler applies mode by mode (a `_` mode is A's own). Indices beyond size(A) evaluate A as CuTe
// does (the last mode extends).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tvlab/core/layout.hpp"
#include "tvlab/core/tiler.hpp"

namespace tvlab {

struct Divergence {
  std::string mode;  // "" for the whole layout, else the tiler mode, e.g. "mode 1"
  int64_t index = 0;
  int64_t got = 0;   // R(index)
  int64_t want = 0;  // the definition's value
  std::string text;  // the witness in words
};

// Results with more than `limit` indices, or with strides that are not plain integers, are not compared:
// nullopt then means "not checked", which `checked` tells apart (when given).
std::optional<Divergence> composition_divergence(const Layout& a, const Tiler& b, const Layout& r,
                                                 bool* checked = nullptr, int64_t limit = int64_t(1) << 20);
std::optional<Divergence> logical_divide_divergence(const Layout& a, const Tiler& b, const Layout& r,
                                                    bool* checked = nullptr,
                                                    int64_t limit = int64_t(1) << 20);
std::optional<Divergence> logical_product_divergence(const Layout& a, const Tiler& b, const Layout& r,
                                                     bool* checked = nullptr,
                                                     int64_t limit = int64_t(1) << 20);

}  // namespace tvlab
