#include "tvlab/viz/scene.hpp"

#include <algorithm>

namespace tvlab::viz {

int Scene::label_chars() const {
  std::size_t n = 1;
  for (const Cell& c : cells)
    for (const std::string& l : c.label) n = std::max(n, l.size());
  return static_cast<int>(n);
}

int Scene::label_lines() const {
  std::size_t n = 1;
  for (const Cell& c : cells) n = std::max(n, c.label.size());
  return static_cast<int>(std::min<std::size_t>(n, kMaxLabelLines));
}

void add_boundaries(Scene& s, int x0, int y0, int w, int h, const std::vector<int64_t>& group) {
  auto g = [&](int r, int c) { return group[static_cast<std::size_t>(r) * w + c]; };
  // Vertical segments between columns c-1 and c, merged along runs of rows.
  for (int c = 0; c <= w; ++c) {
    int start = -1;
    for (int r = 0; r <= h; ++r) {
      const bool edge = r < h && (c == 0 || c == w || g(r, c - 1) != g(r, c));
      if (edge && start < 0) start = r;
      if (!edge && start >= 0) {
        s.lines.push_back({x0 + c, y0 + start, x0 + c, y0 + r, LineKind::Boundary});
        start = -1;
      }
    }
  }
  for (int r = 0; r <= h; ++r) {
    int start = -1;
    for (int c = 0; c <= w; ++c) {
      const bool edge = c < w && (r == 0 || r == h || g(r - 1, c) != g(r, c));
      if (edge && start < 0) start = c;
      if (!edge && start >= 0) {
        s.lines.push_back({x0 + start, y0 + r, x0 + c, y0 + r, LineKind::Boundary});
        start = -1;
      }
    }
  }
}

}  // namespace tvlab::viz
