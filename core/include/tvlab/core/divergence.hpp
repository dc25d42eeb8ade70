// Where CuTe's result is not the function its definition names. CuTe's composition, logical_divide and
// logical_product check divisibility conditions, and some inputs pass those checks and come back as a layout
// that is not the mathematical result: composition((3,2):(16,32), 4:2) is (2,2):(32,32) (CuTe's answer, which
// tvlab gives too), yet index 2 of it maps to 32 while A(B(2)) = A(4) = 48. These functions compare a result
// with its definition, so that a caller can say so (the value stays CuTe's):
//
//   composition(A, B)      R(i) == A(B(i))
//   logical_divide(A, B)   R(i) == A(B*(i)),  B* = make_layout(B, complement(B, size(A)))
//   logical_product(A, B)  mode 0 of R is A, mode 1 of R(i) == C(B(i)),  C = complement(A, size(A)*cosize(B))
//
// A tuple tiler applies mode by mode (a `_` mode is A's own). Indices beyond size(A) evaluate A as CuTe
// does (the last mode extends).
//
// How it decides (each of the three is "an outer layout F after an inner layout G": A o B, A o B*, A o
// size:1 and C o B), cost independent of the layouts' sizes for the common cases:
//  1. Structure. F's leaves (size-1 leaves dropped but the last, which extends; leaves that continue each
//     other merged) are digits of a mixed radix, F linear in each digit. Each leaf s:d of G (d >= 0) lands
//     in F's digit k, the last k with P_k | d (P_k: the product of F's sizes before k), at sub-stride
//     e = d/P_k. It stays in that digit when (s-1)*e < f_k; otherwise, where e | f_k and c = f_k/e divides s,
//     it fills the digit (c:e*a_k) and goes on with s/c at digit k+1, e = 1 (F's last digit has no bound).
//     If every leaf resolves so and, in each bounded digit k, the pieces' largest sums stay below it
//     (sum (t-1)*e < f_k), then G(i) written in F's radix has no carry: its digit k is exactly the sum of
//     the pieces' contributions, so F(G(i)) = sum of y_r * e_r * a_k(r) over the pieces, y the mixed-radix
//     digits of i over the pieces' sizes: the layout T of the pieces IS the definition on [0, size(G)).
//     R and T are then compared as functions by their canonical forms (flat, size-1 leaves dropped, leaves
//     that continue merged), which are unique for a function on [0, n): equal forms prove R is the
//     function, with no index evaluated. Unequal forms first differ at 1 or at a prefix product of one
//     of the two forms (induction on the first leaf), so those few indices give the first witness.
//  2. Otherwise every index when the result has at most `exact` indices (the first witness, or proven).
//  3. Otherwise a bounded sample (0, the last index, every leaf's digit boundaries p-1, p, p+1 and corners
//     p*(s-1) of R and G, and `samples` fixed pseudo-random indices): a witness refutes, no witness proves
//     nothing (NotDecided).
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

enum class DivergenceVerdict {
  Equal,      // R is the function (proven from the structure, or every index compared)
  Differs,    // witness holds an index where R is not the function
  NotDecided  // not proven either way: sampled without a witness, or not comparable (scaled-basis strides)
};

struct DivergenceLimits {
  int64_t exact = 4096;   // results up to this size are compared index by index when the structure does not
                          // decide
  int64_t samples = 256;  // pseudo-random indices of the bounded sample above it
};

struct DivergenceCheck {
  DivergenceVerdict verdict = DivergenceVerdict::NotDecided;
  std::optional<Divergence> witness;  // set exactly when Differs
  // How: "structure", "every index", "N sampled indices" (NotDecided or a sampled witness), or why it was
  // not compared ("scaled-basis strides", "overflow", ...).
  std::string how;
  int64_t evaluated = 0;  // indices of the result evaluated
};

DivergenceCheck check_composition(const Layout& a, const Tiler& b, const Layout& r,
                                  DivergenceLimits lim = {});
DivergenceCheck check_logical_divide(const Layout& a, const Tiler& b, const Layout& r,
                                     DivergenceLimits lim = {});
DivergenceCheck check_logical_product(const Layout& a, const Tiler& b, const Layout& r,
                                      DivergenceLimits lim = {});

// X and Y as functions of a 1-D index on [0, size): Equal when their canonical forms (above) agree, no index
// evaluated; Differs with the first index where they differ (1 or a prefix product of a form: at most a few
// dozen evaluated), or with index 0 and the sizes in the text where the sizes differ; NotDecided (how:
// "scaled-basis strides") when either is not integer-valued. Cost independent of the sizes.
DivergenceCheck check_same_function(const Layout& x, const Layout& y);

// The witness of check_*(a, b, r, {limit}) (nullopt when Equal or NotDecided); `checked` (when given) is
// false exactly when NotDecided.
std::optional<Divergence> composition_divergence(const Layout& a, const Tiler& b, const Layout& r,
                                                 bool* checked = nullptr, int64_t limit = 4096);
std::optional<Divergence> logical_divide_divergence(const Layout& a, const Tiler& b, const Layout& r,
                                                    bool* checked = nullptr, int64_t limit = 4096);
std::optional<Divergence> logical_product_divergence(const Layout& a, const Tiler& b, const Layout& r,
                                                     bool* checked = nullptr, int64_t limit = 4096);

namespace detail {
// The structural step alone, for the tests that hold it to brute force: Equal (T is F o G on [0, size(G))
// and R's canonical form is T's), Differs (with the first witness) or NotDecided (the structure does not
// resolve). F, G, R integer-valued.
DivergenceCheck structural_composition(const Layout& f, const Layout& g, const Layout& r);
}  // namespace detail

}  // namespace tvlab
