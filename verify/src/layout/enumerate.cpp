#include "tvlab/verify/layout/enumerate.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "detail/basis_leaf.hpp"
#include "tvlab/core/composed_layout.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tuple_algorithms.hpp"

namespace tvlab {

namespace {

void check_size(const char* what, const std::string& name, int64_t n, int64_t cap) {
  if (n > cap)
    throw std::length_error(std::string("enumerate: ") + what + " " + name + " has " + std::to_string(n) +
                            " points, more than the cap " + std::to_string(cap) +
                            " (EnumerateOptions::max_points / max_tile)");
}

int64_t checked_product(const IntTuple& shape, const std::string& name) {
  int64_t n = 1;
  for (const Scalar& s : leaves(shape)) {
    if (s.is_basis() || s.value < 1)
      throw LayoutError("enumerate", name + ": shape extents must be positive");
    n = checked_mul(n, s.value);
  }
  return n;
}

}  // namespace

Enumerator::Enumerator(const Layout& l, const EnumerateOptions& opts) {
  init(l, opts);
}

Enumerator::Enumerator(const ComposedLayout& flagged, const EnumerateOptions& opts) {
  // A byte-address (smem_ptr-flagged) swizzle is enumerated through its exact element-index form.
  const AnyLayout pi = as_position_independent_swizzle_layout(flagged);
  if (auto* l = std::get_if<Layout>(&pi)) {
    init(*l, opts);
    return;
  }
  const ComposedLayout& c = std::get<ComposedLayout>(pi);
  if (!c.offset.is_leaf() || c.offset.value().is_basis())
    throw LayoutError("enumerate", to_string(c) + ": the offset must be an integer");
  init(c.layout, opts);
  if (tile_) throw LayoutError("enumerate", to_string(c) + ": a swizzle needs an integer-valued layout");
  swizzle_ = c.swizzle;
  offset_ = c.offset.value().value;
}

void Enumerator::init(const Layout& l, const EnumerateOptions& opts) {
  const std::string name = to_string(l);
  size_ = checked_product(l.shape, name);
  check_size("layout", name, size_, opts.max_points);
  const auto sh = leaves(l.shape), st = leaves(l.stride);
  bool has_basis = false, has_int = false;
  for (const Scalar& d : st)
    if (d.value != 0) (d.is_basis() ? has_basis : has_int) = true;
  if (has_basis && has_int) throw LayoutError("enumerate", name + " mixes integer and scaled-basis strides");

  struct Mode {
    int64_t extent, fold;
    std::vector<int64_t> step;  // per dim (coordinate-valued)
  };
  std::vector<Mode> modes;
  std::vector<int64_t> tile_stride;
  if (has_basis) {
    tile_ = opts.tile ? *opts.tile : coshape(l);
    const auto ext = leaves(*tile_);
    dims_ = static_cast<int>(ext.size());
    int64_t acc = 1;
    for (const Scalar& e : ext) {
      if (e.is_basis() || e.value < 1)
        throw LayoutError("enumerate", "tile " + to_string(*tile_) + " must have positive extents");
      extent_.push_back(e.value);
      tile_stride.push_back(acc);
      acc = checked_mul(acc, e.value);
    }
  }
  // Range of each coordinate (or of the index), to decide whether points need checking and to make
  // sure no partial sum overflows.
  std::vector<__int128> lo(std::max(dims_, 1), 0), hi(std::max(dims_, 1), 0);
  __int128 fold_lo = 0, fold_hi = 0;
  for (std::size_t k = 0; k < sh.size(); ++k) {
    const int64_t s = sh[k].value;
    if (s == 1) continue;
    Mode m{s, 0, std::vector<int64_t>(dims_, 0)};
    const Scalar& d = st[k];
    if (d.value != 0 && has_basis) {
      const int dim = detail::basis_leaf(*tile_, d);
      if (dim < 0)
        throw LayoutError("enumerate",
                          name + ": stride " + to_string(d) + " is not a mode of tile " + to_string(*tile_));
      m.step[dim] = d.value;
      m.fold = checked_mul(d.value, tile_stride[dim]);
      const __int128 r = static_cast<__int128>(s - 1) * d.value;
      (r < 0 ? lo : hi)[dim] += r;
    } else {
      m.fold = d.value;
    }
    const __int128 r = static_cast<__int128>(s - 1) * m.fold;
    (r < 0 ? fold_lo : fold_hi) += r;
    modes.push_back(std::move(m));
  }
  if (fold_lo < std::numeric_limits<int64_t>::min() / 2 || fold_hi > std::numeric_limits<int64_t>::max() / 2)
    throw LayoutError("enumerate", name + ": values beyond 64 bits");
  for (int d = 0; d < dims_; ++d) checked_ |= lo[d] < 0 || hi[d] >= extent_[d];
  if (!checked_) dims_ = 0;  // no per-dimension bookkeeping needed

  // Inner block: the longest prefix of modes with at most kBlock points, tabulated.
  std::size_t b = 0;
  table_.assign(1, 0);
  dim_table_.assign(dims_, 0);
  for (; b < modes.size() && block_ * modes[b].extent <= opts.max_block; ++b) {
    const Mode& m = modes[b];
    std::vector<int64_t> t(block_ * m.extent), dt(dims_ * block_ * m.extent);
    for (int64_t i = 0; i < m.extent; ++i)
      for (int64_t j = 0; j < block_; ++j) {
        t[i * block_ + j] = table_[j] + i * m.fold;
        for (int d = 0; d < dims_; ++d)
          dt[d * block_ * m.extent + i * block_ + j] = dim_table_[d * block_ + j] + i * m.step[d];
      }
    block_ *= m.extent;
    table_ = std::move(t);
    dim_table_ = std::move(dt);
  }
  row_step_.assign(dims_, 0);
  if (b < modes.size()) {
    row_extent_ = modes[b].extent, row_fold_ = modes[b].fold;
    for (int d = 0; d < dims_; ++d) row_step_[d] = modes[b].step[d];
    ++b;
  }
  for (; b < modes.size(); ++b) {
    outer_extent_.push_back(modes[b].extent);
    outer_fold_.push_back(modes[b].fold);
    for (int d = 0; d < dims_; ++d) outer_step_.push_back(modes[b].step[d]);
  }
}

template <bool Checked>
void Enumerator::run_impl(int64_t first, std::span<int64_t> out) const {
  const int64_t n = static_cast<int64_t>(out.size());
  const int64_t P = block_, R = row_extent_;
  int64_t j = first % P, q = first / P, r = q % R, o = q / R;
  const std::size_t nouter = outer_extent_.size();
  std::vector<int64_t> oc(nouter), based(dims_, 0), cd(dims_);
  int64_t base = 0;
  for (std::size_t m = 0; m < nouter; ++m) {
    oc[m] = o % outer_extent_[m];
    o /= outer_extent_[m];
    base += oc[m] * outer_fold_[m];
    if constexpr (Checked)
      for (int d = 0; d < dims_; ++d) based[d] += oc[m] * outer_step_[m * dims_ + d];
  }
  int64_t* dst = out.data();
  const int64_t* tab = table_.data();
  int64_t p = 0;
  while (p < n) {
    const int64_t v0 = base + r * row_fold_;
    if constexpr (Checked)
      for (int d = 0; d < dims_; ++d) cd[d] = based[d] + r * row_step_[d];
    if (P == 1) {  // no table: the row mode is an arithmetic progression
      const int64_t len = std::min(R - r, n - p);
      if constexpr (!Checked) {
        for (int64_t k = 0; k < len; ++k) dst[p + k] = v0 + k * row_fold_;
      } else {
        for (int64_t k = 0; k < len; ++k) {
          bool ok = true;
          for (int d = 0; d < dims_; ++d)
            ok &= static_cast<uint64_t>(cd[d] + k * row_step_[d]) < static_cast<uint64_t>(extent_[d]);
          dst[p + k] = ok ? v0 + k * row_fold_ : kOutsideTile;
        }
      }
      p += len, r += len;
    } else {
      const int64_t len = std::min(P - j, n - p);
      if constexpr (!Checked) {
        for (int64_t k = 0; k < len; ++k) dst[p + k] = v0 + tab[j + k];
      } else {
        for (int64_t k = 0; k < len; ++k) {
          bool ok = true;
          for (int d = 0; d < dims_; ++d)
            ok &=
                static_cast<uint64_t>(cd[d] + dim_table_[d * P + j + k]) < static_cast<uint64_t>(extent_[d]);
          dst[p + k] = ok ? v0 + tab[j + k] : kOutsideTile;
        }
      }
      p += len, j += len;
      if (j == P) j = 0, ++r;
    }
    if (r == R) {  // odometer over the outer modes
      r = 0;
      for (std::size_t m = 0; m < nouter; ++m) {
        base += outer_fold_[m];
        if constexpr (Checked)
          for (int d = 0; d < dims_; ++d) based[d] += outer_step_[m * dims_ + d];
        if (++oc[m] < outer_extent_[m]) break;
        base -= oc[m] * outer_fold_[m];
        if constexpr (Checked)
          for (int d = 0; d < dims_; ++d) based[d] -= oc[m] * outer_step_[m * dims_ + d];
        oc[m] = 0;
      }
    }
  }
}

void Enumerator::run(int64_t first, std::span<int64_t> out) const {
  if (first < 0 || first > size_ || static_cast<int64_t>(out.size()) > size_ - first)
    throw std::out_of_range("Enumerator::run: [" + std::to_string(first) + ", " +
                            std::to_string(first + static_cast<int64_t>(out.size())) + ") outside [0, " +
                            std::to_string(size_) + ")");
  if (out.empty()) return;
  if (checked_)
    run_impl<true>(first, out);
  else
    run_impl<false>(first, out);
  if (swizzle_) {
    const int64_t yyy = swizzle_->yyy_mask(), s = swizzle_->shift, off = offset_;
    for (int64_t& x : out) {
      const int64_t v = x + off, y = v & yyy;
      x = v ^ (s >= 0 ? (y >> s) : (y << -s));
    }
  }
}

void Enumerator::for_each_chunk(const std::function<void(int64_t, std::span<const int64_t>)>& f,
                                int64_t chunk) const {
  if (chunk < 1) throw std::invalid_argument("Enumerator::for_each_chunk: chunk must be positive");
  std::vector<int64_t> buf(static_cast<std::size_t>(std::min(chunk, size_)));
  for (int64_t first = 0; first < size_; first += chunk) {
    const std::span<int64_t> s(buf.data(), static_cast<std::size_t>(std::min(chunk, size_ - first)));
    run(first, s);
    f(first, s);
  }
}

std::vector<int64_t> enumerate(const Layout& l, const EnumerateOptions& opts) {
  const Enumerator e(l, opts);
  std::vector<int64_t> out(static_cast<std::size_t>(e.size()));
  e.run(0, out);
  return out;
}

std::vector<int64_t> enumerate(const ComposedLayout& c, const EnumerateOptions& opts) {
  const Enumerator e(c, opts);
  std::vector<int64_t> out(static_cast<std::size_t>(e.size()));
  e.run(0, out);
  return out;
}

void enumerate(const Layout& l, std::span<int64_t> out, const EnumerateOptions& opts) {
  const Enumerator e(l, opts);
  if (static_cast<int64_t>(out.size()) != e.size())
    throw std::invalid_argument("enumerate: the output holds " + std::to_string(out.size()) + " values, " +
                                to_string(l) + " has " + std::to_string(e.size()));
  e.run(0, out);
}

int64_t Coverage::holes() const {
  return std::count(count.begin(), count.end(), 0u);
}

int64_t Coverage::collisions() const {
  return std::count_if(count.begin(), count.end(), [](uint32_t c) { return c > 1; });
}

namespace {

// The enumerator of l over `tile` and the tile's size, after the size guards.
std::pair<Enumerator, int64_t> prepare(const Layout& l, const IntTuple& tile, const EnumerateOptions& opts) {
  const int64_t n = checked_product(tile, to_string(tile));
  check_size("tile", to_string(tile), n, opts.max_tile);
  EnumerateOptions o = opts;
  o.tile = tile;
  return {Enumerator(l, o), n};
}

}  // namespace

Coverage coverage(const Layout& tv, const IntTuple& tile, const EnumerateOptions& opts) {
  // Not a structured binding: lambdas below use n, and clang 14 cannot capture bindings.
  auto prepared = prepare(tv, tile, opts);
  Enumerator& e = prepared.first;
  const int64_t n = prepared.second;
  Coverage c;
  c.tile = tile;
  c.threads = rank(tv) >= 2 ? size(mode(tv, 0)) : size(tv);
  c.count.assign(n, 0);
  c.first.assign(n, -1);
  c.second.assign(n, -1);
  e.for_each_chunk([&](int64_t first, std::span<const int64_t> vals) {
    constexpr std::size_t kAhead = 32;  // the tile is scattered over: prefetch to overlap the misses
    for (std::size_t k = 0; k < vals.size(); ++k) {
      if (k + kAhead < vals.size()) {
        const uint64_t ahead = static_cast<uint64_t>(vals[k + kAhead]);
        if (ahead < static_cast<uint64_t>(n)) {
          __builtin_prefetch(&c.count[ahead], 1);
          __builtin_prefetch(&c.first[ahead], 1);
        }
      }
      const int64_t idx = vals[k], i = first + static_cast<int64_t>(k);
      if (static_cast<uint64_t>(idx) >= static_cast<uint64_t>(n)) {
        if (c.outside++ == 0) c.first_outside = i;
        continue;
      }
      const uint32_t cnt = c.count[idx];
      if (cnt == 0)
        c.first[idx] = i;
      else if (cnt == 1)
        c.second[idx] = i;
      if (cnt != std::numeric_limits<uint32_t>::max()) c.count[idx] = cnt + 1;
    }
  });
  return c;
}

std::vector<uint32_t> image_histogram(const Layout& l, const IntTuple& tile, const EnumerateOptions& opts) {
  auto prepared = prepare(l, tile, opts);
  Enumerator& e = prepared.first;
  const int64_t n = prepared.second;
  std::vector<uint32_t> count(n, 0);
  e.for_each_chunk([&](int64_t, std::span<const int64_t> vals) {
    for (const int64_t idx : vals)
      if (static_cast<uint64_t>(idx) < static_cast<uint64_t>(n) &&
          count[idx] != std::numeric_limits<uint32_t>::max())
        ++count[idx];
  });
  return count;
}

}  // namespace tvlab
