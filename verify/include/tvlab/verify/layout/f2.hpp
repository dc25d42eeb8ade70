// F2Layout: a layout as a matrix over GF(2) (a "linear layout", as in Triton's LinearLayout.h).
//
// Overview
// --------
// When every extent of a layout's shape is a power of two and every stride is 0 or a power of two
// (possibly on a basis, `4@1`), each bit of the 1-D domain index moves to exactly one bit of the result
// (or vanishes). The layout is then a linear map between bit vectors, and all the questions a checker
// asks -- is it injective, which inputs collide, what is its inverse, what is `g o f` -- become
// Gaussian elimination on a 64x64 bit matrix, in time independent of the layout's size.
//
//   (4,8):(8,1)     domain index i = i0 + 2 i1 + 4 i2 + 8 i3 + 16 i4 (bits i0..i4)
//                   mode 0 (4:8) sends bit i0 -> 8, i1 -> 16; mode 1 (8:1) sends i2 -> 1, i3 -> 2, i4 -> 4
//                   columns [8,16,1,2,4]: a permutation of bits, so injective and surjective onto 32.
//                   left_inverse prints as (8,4):(4,1), as CuTe's left_inverse does.
//
//   (16,2):(1,0)    columns [1,2,4,8,0]: rank 4 of 5 input bits; the kernel is {16}: the domain indices
//                   0 and 16 -- (0,0) and (0,1) -- reach the same index 0. That pair is a witness.
//
//   (2,2):(1,1)     both input bits reach output bit 0. The integer sum 1 + 1 = 2 carries, XOR does not:
//                   not GF(2)-linear; to_f2 says so and the checker must fall back to enumeration.
//
//   Sw<3,0,3> o (8,8):(8,1)    a swizzle XORs bits 3..5 into bits 0..2; XOR is linear, so the composed
//                   layout has columns [8^1,16^2,32^4,1,2,4] = [9,18,36,1,2,4]: Sw's matrix times L's.
//                   Still injective (rank 6); to_string() prints it back as Sw<3,0,3> o 0 o (8,8):(8,1).
//
// Coordinate-valued layouts (strides on bases) map into the concatenated bits of each coordinate: for a
// codomain shape (16,8) (rounded up to powers of two per dimension), output bits 0..3 are the row, bits
// 4..6 the column -- the column-major index over the codomain. So `(4,8):(1@1,1@0)` ((i,j) -> (j,i))
// has columns [16,32,1,2,4] into the codomain (16,8), and [8,16,1,2,4] into its own coshape (8,4). The domain
// is always the 1-D column-major index of the layout's shape, so for a TV layout ((T...),(V...)) the low
// log2(T) bits are the thread and the high bits the value.
//
// Formalism
// ---------
// An F2Layout holds n <= 64 input bits, m <= 64 output bits and the columns c_0..c_{n-1} (uint64 words):
//   apply(x) = XOR of c_j over the set bits j of x.
// It remembers the domain shape (an IntTuple of power-of-two leaves) and the codomain shape (a leaf
// 2^m for integer-valued maps, a tuple for coordinate-valued ones) so results convert back to CuTe
// notation. Every operation is O(n*m) or O(n*m*min(n,m)) word operations; nothing enumerates.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tvlab/core/layout.hpp"
#include "tvlab/core/swizzle.hpp"

namespace tvlab {

class F2Layout {
 public:
  static constexpr int kMaxBits = 64;

  // The identity on n bits, over the domain shape `shape` (power-of-two leaves, product 2^n) into the
  // integer codomain 2^n.
  static F2Layout identity(const IntTuple& shape);
  // A map from explicit columns. `domain` has power-of-two leaves of product 2^cols.size(); `codomain`
  // is a leaf (integer-valued) or a tuple (coordinate-valued) of power-of-two leaves whose bits hold
  // every column. Throws LayoutError otherwise.
  F2Layout(IntTuple domain, IntTuple codomain, std::vector<uint64_t> cols);

  int in_bits() const { return in_bits_; }
  int out_bits() const { return out_bits_; }
  uint64_t column(int j) const { return cols_[j]; }
  std::vector<uint64_t> columns() const { return {cols_.begin(), cols_.begin() + in_bits_}; }
  const IntTuple& domain() const { return domain_; }
  const IntTuple& codomain() const { return codomain_; }
  bool coordinate_valued() const { return codomain_.is_tuple(); }

  // The image of domain index x (only the low in_bits() bits of x count).
  uint64_t apply(uint64_t x) const {
    uint64_t y = 0;
    for (; x != 0; x &= x - 1) y ^= cols_[__builtin_ctzll(x)];
    return y;
  }
  // An output word as a CuTe value: the index (integer codomain) or the coordinate, congruent with
  // codomain(). output_coord(apply(x)) equals L(x) of the layout this map came from.
  IntTuple output_coord(uint64_t y) const;

  int rank() const;
  // rank == in_bits: no two domain indices collide.
  bool injective() const { return rank() == in_bits_; }
  // rank == out_bits: every point of the 2^out_bits codomain is reached.
  bool surjective() const { return rank() == out_bits_; }
  // A basis of the kernel: input combinations k != 0 with apply(k) == 0. Domain indices x and x ^ k then
  // collide for every x. Empty iff injective.
  std::vector<uint64_t> kernel_basis() const;
  // A basis of the image (reduced echelon form, one distinct leading bit each). Size == rank().
  std::vector<uint64_t> image_basis() const;
  // Two distinct domain indices with the same image, if any: (0, k) for the first kernel vector.
  std::optional<std::pair<uint64_t, uint64_t>> collision() const;

  // For injective f: g with g(f(x)) == x for every x (g sends what f does not reach to 0).
  // Domain of g: codomain of f; codomain of g: the integer domain index of f. nullopt if not injective.
  std::optional<F2Layout> left_inverse() const;
  // For surjective f: g with f(g(y)) == y for every y. nullopt if not surjective.
  std::optional<F2Layout> right_inverse() const;

  // Each column 0 or one bit, no bit twice: the map is a Layout with power-of-two strides.
  bool is_bit_permutation() const;
  // The CuTe Layout of a bit-permutation map, each top-level mode of the domain coalesced on its own
  // (so ((16,64),(8,4)) keeps its (T,V) split). nullopt if XOR mixes bits.
  std::optional<Layout> to_layout() const;
  // A printable description: the Layout if to_layout() succeeds; `Sw<B,M,S> o L` if the map is a
  // swizzle of a bit-permutation layout (integer codomain); else the matrix
  // `F2[domain -> codomain]{c_0,c_1,...}` with the columns in hexadecimal.
  std::string to_string() const;

  // Same domain, codomain and columns.
  friend bool operator==(const F2Layout& a, const F2Layout& b);
  friend bool operator!=(const F2Layout& a, const F2Layout& b) { return !(a == b); }

 private:
  F2Layout() = default;
  friend F2Layout compose(const F2Layout& g, const F2Layout& f);
  std::optional<F2Layout> pseudo_inverse() const;

  int in_bits_ = 0, out_bits_ = 0;
  std::array<uint64_t, kMaxBits> cols_{};
  IntTuple domain_{1};
  IntTuple codomain_{1};
};

// `g o f`: the matrix product. f's codomain feeds g's domain: an integer codomain of f is g's whole
// 1-D domain index (f.out_bits() <= g.in_bits()); a coordinate codomain with k leaves feeds the k
// top-level modes of g's domain, leaf d into mode d (its bits must fit the mode). Throws LayoutError
// otherwise. Domain of the result: f's; codomain: g's.
F2Layout compose(const F2Layout& g, const F2Layout& f);

// The GF(2) form of a layout, or nullopt with the reason in *why when the layout is not GF(2)-linear:
// a shape extent that is not a power of two, a stride that is neither 0 nor a positive power of two
// (times a basis), integer strides mixed with basis strides, or two input bits reaching one output bit.
// The codomain defaults to the layout's coshape with each extent rounded up to a power of two; a given
// `codomain` (a leaf for integer-valued layouts, a congruent tuple for coordinate-valued ones, extents
// rounded up to powers of two) must hold every image bit, else nullopt ("reaches outside").
std::optional<F2Layout> to_f2(const Layout& l, std::string* why = nullptr);
std::optional<F2Layout> to_f2(const Layout& l, const IntTuple& codomain, std::string* why = nullptr);
// A swizzled layout `Sw o 0 o L` with integer-valued L: the swizzle is XOR-linear, so the result is
// Sw's matrix times L's. A nonzero offset makes the map affine, not linear: nullopt.
std::optional<F2Layout> to_f2(const ComposedLayout& c, std::string* why = nullptr);

std::string to_string(const F2Layout& f);

}  // namespace tvlab
