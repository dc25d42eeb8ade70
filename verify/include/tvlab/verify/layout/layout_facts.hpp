// Symbolic facts about layouts, decided from shape:stride in time independent of the layout's size,
// each with the steps a reader can follow. Enumeration is the fallback (and the tests' oracle).
//
//   decide_injective((16,8):(8,1))        proved: sorted strides 1 (x8), 8 (x16): each stride >= the
//                                          previous stride times its extent, so no two coordinates meet
//   decide_injective((4,2):(1,2))          refuted: coordinates 2 and 4 both map to 2
//   decide_compact(((8,4),2):((1,16),8))   proved: sorted 1 (x8), 8 (x2), 16 (x4) is 32:1 reordered:
//                                          a bijection onto [0, 64)
//   decide_equal(A, B)                     proved when A and B have the same strides on a common
//                                          refinement of their shapes; else the first index they differ
//
// Layouts here are integer-valued (project_strides first for coordinate-valued ones).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tvlab/core/layout.hpp"
#include "tvlab/verify/check/check.hpp"

namespace tvlab {

struct Decision {
  Verdict verdict = Verdict::Unknown;
  std::string method;  // algebra, gf2, enumeration
  std::vector<ProofStep> steps;
  // Refutations: two domain indices that collide (injective), or the first index where two layouts
  // differ (equal), or a missing / out-of-range index (compact).
  std::optional<int64_t> index_a, index_b;
};

// Caps for the enumeration fallback (domain points).
constexpr int64_t kEnumerationCap = int64_t(1) << 26;

// Is l injective? stride-0 modes of extent > 1 refute it at once.
Decision decide_injective(const Layout& l);
// Is l a bijection onto [0, size(l))? (compact up to a permutation of its modes)
Decision decide_compact(const Layout& l);
// Do a and b (same size) map every index to the same value?
Decision decide_equal(const Layout& a, const Layout& b);

// The domain index i with l(i) == value, searching by enumeration (nullopt when none or too large).
std::optional<int64_t> find_preimage(const Layout& l, int64_t value);

}  // namespace tvlab
