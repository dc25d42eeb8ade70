// Enumeration: a layout evaluated at every point of its domain, fast. The cross-check and the fallback
// of the symbolic checks (ARCHITECTURE.md, principle 7), never the only path.
//
//   enumerate((4,8):(8,1))              = 0 8 16 24 1 9 17 25 2 ...     (domain index order)
//   enumerate((4,8):(1@1,1@0), (8,4))   = 0 8 16 24 1 9 ...   coordinates (i,j) -> (j,i) folded to the
//                                         column-major index j + 8 i over the tile (8,4)
//   coverage(((4,8),2):((16,1),8), (8,8))   per tile element: how many (t,v) own it, and the first two
//
// How it is fast: the flattened modes are split into an inner block (the first modes, up to 4096
// points, tabulated once), one row mode stepped by a stride, and an odometer over the remaining modes.
// Each point is one add (base + table[j]): no crd2idx, no division, no allocation per point. A
// coordinate-valued layout folds every basis stride v@d into the integer stride v * tile_stride(d), so
// it enumerates as fast as an integer one; only when some coordinate can leave the tile (as the
// strides show, before any point is visited) does each point also check its coordinates, and points
// outside the tile read kOutsideTile.
//
// Sizes are guarded: a layout of more than EnumerateOptions::max_points points (2^32 by default) or a
// tile of more than max_tile elements is refused with std::length_error before anything is allocated.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "tvlab/core/layout.hpp"
#include "tvlab/core/swizzle.hpp"

namespace tvlab {

// The value of a point of a coordinate-valued layout that falls outside the tile.
inline constexpr int64_t kOutsideTile = -1;

struct EnumerateOptions {
  int64_t max_points = int64_t(1) << 32;  // larger domains throw std::length_error
  int64_t max_tile = int64_t(1) << 30;    // larger tiles (coverage) throw std::length_error
  // Coordinate-valued layouts: the tile whose column-major index the coordinates fold into; congruent
  // with the layout's coshape (nullopt: the coshape itself). Integer-valued layouts ignore it.
  std::optional<IntTuple> tile;
  // Most points of the tabulated inner block (a tuning knob; tests shrink it to exercise the odometer).
  int64_t max_block = 4096;
};

// A layout prepared for evaluation; cheap to construct (no per-point work), reusable, thread-safe
// for concurrent run() calls.
class Enumerator {
 public:
  explicit Enumerator(const Layout& l, const EnumerateOptions& opts = {});
  // A swizzled layout Sw(offset + L(i)), L integer-valued.
  explicit Enumerator(const ComposedLayout& c, const EnumerateOptions& opts = {});

  int64_t size() const { return size_; }
  // The tile's shape (coordinate-valued) or nullopt (integer-valued).
  const std::optional<IntTuple>& tile() const { return tile_; }
  // True when some point may fall outside the tile (so run() checks each point).
  bool checked() const { return checked_; }

  // out[k] = value of domain index first + k, for k < out.size(); first + out.size() <= size().
  void run(int64_t first, std::span<int64_t> out) const;
  // Calls f(first, values) for consecutive chunks of at most `chunk` points covering the domain.
  void for_each_chunk(const std::function<void(int64_t, std::span<const int64_t>)>& f,
                      int64_t chunk = int64_t(1) << 12) const;

 private:
  template <bool Checked>
  void run_impl(int64_t first, std::span<int64_t> out) const;
  void init(const Layout& l, const EnumerateOptions& opts);

  int64_t size_ = 1;
  std::optional<IntTuple> tile_;
  bool checked_ = false;
  int dims_ = 0;                    // coordinate dimensions (checked mode)
  std::vector<int64_t> extent_;     // per dim: tile extent (checked mode)
  std::vector<int64_t> table_;      // inner block: folded values, P entries
  std::vector<int64_t> dim_table_;  // checked: dims_ x P coordinates, dim-major
  int64_t block_ = 1;               // P
  int64_t row_extent_ = 1, row_fold_ = 0;
  std::vector<int64_t> row_step_;  // per dim (checked)
  std::vector<int64_t> outer_extent_, outer_fold_;
  std::vector<int64_t> outer_step_;  // outer modes x dims (checked)
  std::optional<Swizzle> swizzle_;
  int64_t offset_ = 0;
};

// All values, in domain-index order.
std::vector<int64_t> enumerate(const Layout& l, const EnumerateOptions& opts = {});
std::vector<int64_t> enumerate(const ComposedLayout& c, const EnumerateOptions& opts = {});
// Into a caller's span of exactly size(l) entries.
void enumerate(const Layout& l, std::span<int64_t> out, const EnumerateOptions& opts = {});

// Owners of a tile under a TV layout (T,V) -> tile coordinate (or tile index, integer-valued). The
// domain index i is the pair (t,v) = (i % T, i / T) with T = size of mode 0 (the whole size for rank 1).
struct Owner {
  int64_t t = -1, v = -1;
  friend bool operator==(const Owner&, const Owner&) = default;
};

struct Coverage {
  IntTuple tile;
  int64_t threads = 1;  // T
  // Per tile element (column-major index): how many domain points reach it (saturating at 2^32-1),
  // and the domain indices of the first two (-1 where none).
  std::vector<uint32_t> count;
  std::vector<int64_t> first, second;
  int64_t outside = 0;         // points outside the tile
  int64_t first_outside = -1;  // the first such domain index

  Owner owner(int64_t domain_index) const { return {domain_index % threads, domain_index / threads}; }
  int64_t holes() const;       // tile elements nobody owns
  int64_t collisions() const;  // tile elements owned more than once
  // Every tile element owned exactly once and nothing outside: the layout is a bijection onto the tile.
  bool exact() const { return outside == 0 && holes() == 0 && collisions() == 0; }
};

// Throws std::length_error beyond opts.max_points points or opts.max_tile tile elements.
Coverage coverage(const Layout& tv, const IntTuple& tile, const EnumerateOptions& opts = {});
// Per element of [0, size(tile)): how many domain points reach it (the counts of coverage()).
std::vector<uint32_t> image_histogram(const Layout& l, const IntTuple& tile,
                                      const EnumerateOptions& opts = {});

}  // namespace tvlab
