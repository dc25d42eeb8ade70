#include "tvlab/viz/layout_builder.hpp"

#include <functional>

#include "tvlab/viz/palette.hpp"

#include "tvlab/core/notation.hpp"
#include "tvlab/core/tuple_algorithms.hpp"

namespace tvlab::viz {

namespace {

bool integer_valued(const Layout& l) {
  for (const Scalar& s : leaves(l.stride))
    if (s.is_basis()) return false;
  return true;
}

// rows = size of mode 0, columns = the product of the other modes (one column for rank <= 1).
std::pair<int64_t, int64_t> fold(const Layout& l, int64_t max_cells) {
  const int64_t n = size(l);
  check_cells(n, max_cells, "the layout " + to_string(l));
  if (rank(l) <= 1) return {n, 1};
  const int64_t rows = size(mode(l, 0));
  return {rows, n / rows};
}

// NVIDIA shared memory: 32 banks of 4 bytes (CUDA C++ Programming Guide, "Shared Memory" of compute
// capabilities 5.x-12.x).
constexpr int kBanks = 32;

// The bank of the element of `bits` bits at `offset` (elements): floor(offset * bits / 32) mod 32.
int bank_of(int64_t offset, int bits) {
  const __int128 bit = static_cast<__int128>(offset) * bits;
  __int128 word = bit / 32;
  if (bit % 32 != 0 && bit < 0) --word;  // floor
  return static_cast<int>(((word % kBanks) + kBanks) % kBanks);
}

// value(i) for the 1-D index i: the label and (for integer results) a colour.
Scene build(const std::string& kind, const std::string& notation, const Layout& domain,
            const std::function<std::pair<std::string, int64_t>(int64_t)>& value, const Options& opt) {
  const auto [rows, cols] = fold(domain, opt.max_cells);
  Scene s;
  s.colorblind = opt.colorblind;
  s.provenance.push_back("tvlab render: " + kind + " " + notation);
  for (const std::string& p : opt.provenance) s.provenance.push_back(p);
  s.title.push_back(kind + " " + notation);
  s.title.push_back(
      "rows: mode 0 (" + std::to_string(rows) + "), columns: " +
      (rank(domain) <= 1 ? std::string("none (rank 1)") : "modes 1.. (" + std::to_string(cols) + ")") +
      "; each cell shows L(row + " + std::to_string(rows) + "*col)");
  const int x0 = 1, y0 = 2;
  s.texts.push_back({x0 - 1, y0 - 1, "r\\c", TextKind::Axis, Anchor::Right, Axis::None, 0});
  for (int c = 0; c < cols; ++c)
    s.texts.push_back({x0 + c, y0 - 1, std::to_string(c), TextKind::Tick, Anchor::Center, Axis::Col, c});
  for (int r = 0; r < rows; ++r)
    s.texts.push_back({x0 - 1, y0 + r, std::to_string(r), TextKind::Tick, Anchor::Right, Axis::Row, r});
  if (opt.bank_type)
    s.title.push_back("banks for " + std::to_string(opt.bank_type->bits) + "-bit elements (" +
                      opt.bank_type->name + "): bank = floor(offset * " +
                      std::to_string(opt.bank_type->bits) + " / 32) mod " + std::to_string(kBanks));
  s.cells.reserve(static_cast<std::size_t>(rows * cols));
  bool colored = false;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      const auto [label, color] = value(r + rows * c);
      Cell cell;
      cell.x = x0 + static_cast<int>(c), cell.y = y0 + static_cast<int>(r);
      cell.tooltip = "(" + std::to_string(r) + "," + std::to_string(c) + ") -> " + label;
      if (opt.bank_type) {
        // value() gave the offset itself (integer-valued layouts only: checked by the caller).
        const int b = bank_of(std::stoll(label), opt.bank_type->bits);
        cell.colors.push_back(b % Palette::kColors), colored = true;
        cell.tooltip += ", bank " + std::to_string(b);
      } else if (color >= 0) {
        cell.colors.push_back(static_cast<int>(color % 16)), colored = true;
      }
      cell.label.push_back(label);
      s.cells.push_back(std::move(cell));
    }
  s.width = x0 + static_cast<int>(cols);
  s.height = y0 + static_cast<int>(rows);
  const std::string palette = opt.colorblind ? "colorblind" : "default";
  if (opt.bank_type) {
    for (int k = 0; k < Palette::kColors && k < kBanks; ++k)
      s.legend.push_back(
          {Swatch::Color, k,
           "bank " + std::to_string(k) +
               (k + Palette::kColors < kBanks ? "/" + std::to_string(k + Palette::kColors) : "")});
    s.notes.push_back("cell colour: the shared-memory bank of the element at the offset, " +
                      std::to_string(opt.bank_type->bits) + "-bit elements (" + opt.bank_type->name + "), " +
                      std::to_string(kBanks) +
                      " banks of 4 bytes (a wider element: its first bank; palette " + palette + ")");
  } else if (colored) {
    s.notes.push_back("cell colour: the index mod 16 (palette " + palette + ")");
  }
  return s;
}

}  // namespace

Scene build_layout_scene(const Layout& l, const Options& opt) {
  if (opt.bank_type && !integer_valued(l))
    throw VizError("banks need integer offsets: " + to_string(l) + " maps to coordinates");
  if (integer_valued(l))
    return build(
        "layout", to_string(l), l,
        [&](int64_t i) {
          const int64_t v = l(i);
          return std::pair<std::string, int64_t>(std::to_string(v), v < 0 ? -v : v);
        },
        opt);
  return build(
      "layout", to_string(l), l,
      [&](int64_t i) { return std::pair<std::string, int64_t>(to_string(l(IntTuple(i))), -1); }, opt);
}

namespace {
// A swizzled layout over its inner layout's domain, each cell the swizzled value.
template <class Swizzled>
Scene build_swizzled(const char* kind, const Swizzled& l, const Layout& inner, const Options& opt) {
  if (!integer_valued(inner)) throw VizError("a swizzled layout needs integer strides: " + to_string(l));
  return build(
      kind, to_string(l), inner,
      [&](int64_t i) {
        const int64_t v = l(IntTuple(i));
        return std::pair<std::string, int64_t>(std::to_string(v), v < 0 ? -v : v);
      },
      opt);
}
}  // namespace

Scene build_layout_scene(const ComposedLayout& l, const Options& opt) {
  return build_swizzled("swizzled layout", l, l.layout, opt);
}

Scene build_layout_scene(const NestedLayout& l, const Options& opt) {
  return build_swizzled("nested swizzled layout", l, l.inner.layout, opt);
}

}  // namespace tvlab::viz
