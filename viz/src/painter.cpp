#include "tvlab/viz/painter.hpp"

#include <algorithm>
#include <cmath>

namespace tvlab::viz {

namespace {
constexpr int kMargin = 12;
constexpr double kTitleFont = 15, kSubFont = 12, kHeadFont = 12, kNoteFont = 12;
constexpr int kTitleLine = 22, kSubLine = 17, kNoteLine = 17, kLegendLine = 22, kSwatch = 14;

int legend_item_width(const LegendEntry& e) {
  return kSwatch + 6 + static_cast<int>(std::ceil(text_width(e.text, kNoteFont))) + 18;
}

// Lays the legend out in rows no wider than `width`; returns the number of rows.
int legend_rows(const Scene& s, int width) {
  if (s.legend.empty()) return 0;
  int rows = 1, x = 0;
  for (const LegendEntry& e : s.legend) {
    const int w = legend_item_width(e);
    if (x > 0 && x + w > width) ++rows, x = 0;
    x += w;
  }
  return rows;
}

int digits(int64_t v) {
  return static_cast<int>(std::to_string(v).size());
}
}  // namespace

double text_width(const std::string& s, double size) {
  // Count UTF-8 code points, not bytes.
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return 0.602 * size * static_cast<double>(n);
}

Metrics compute_metrics(const Scene& s, int max_px) {
  Metrics m;
  const int chars = s.label_chars(), lines = s.label_lines();
  m.cw = std::max(
      22, static_cast<int>(std::ceil(text_width(std::string(static_cast<std::size_t>(chars), 'x'), 11) + 8)));
  m.ch = std::max(18, lines * 13 + 5);
  const int W = std::max(1, s.width), H = std::max(1, s.height);
  const double f = std::min({1.0, double(max_px) / (double(W) * m.cw), double(max_px) / (double(H) * m.ch)});
  if (f < 1) {
    m.cw = std::max(2, static_cast<int>(m.cw * f));
    m.ch = std::max(2, static_cast<int>(m.ch * f));
  }
  m.font =
      11 * std::min((m.cw - 4) / (text_width(std::string(static_cast<std::size_t>(chars), 'x'), 11) + 4.0),
                    (m.ch - 3) / (lines * 13.0 + 2));
  m.font = std::min(11.0, std::floor(m.font * 2) / 2);
  m.labels = m.font >= kMinLabelFont;
  if (!m.labels) {
    // No labels fit: square slots as large as the canvas allows (the colours carry the picture).
    m.cw = m.ch = std::max(2, std::min(max_px / W, max_px / H));
  }
  m.tick_font = std::clamp(std::floor(m.ch * 0.8), 7.0, 10.0);
  int64_t max_tick = 0;
  for (const Text& t : s.texts)
    if (t.kind == TextKind::Tick) max_tick = std::max(max_tick, t.value);
  const double tick_w =
      text_width(std::string(static_cast<std::size_t>(digits(max_tick)), '0'), m.tick_font) + 3;
  while (m.col_step * m.cw < tick_w) m.col_step *= 2;
  while (m.row_step * m.ch < m.tick_font + 1) m.row_step *= 2;

  int title_h = 0;
  int text_w = 0;
  for (std::size_t i = 0; i < s.title.size(); ++i) {
    title_h += i == 0 ? kTitleLine : kSubLine;
    text_w = std::max(text_w, static_cast<int>(text_width(s.title[i], i == 0 ? kTitleFont : kSubFont)));
  }
  for (const std::string& n : s.notes) text_w = std::max(text_w, static_cast<int>(text_width(n, kNoteFont)));
  m.grid_x = kMargin;
  m.grid_y = kMargin + title_h + 6;
  const int grid_w = W * m.cw;
  int width = std::max(grid_w, text_w);
  width = std::max(width, 480);
  const int lrows = legend_rows(s, width);
  m.legend_y = m.grid_y + H * m.ch + 12;
  m.notes_y = m.legend_y + lrows * kLegendLine + (lrows ? 6 : 0);
  m.width = width + 2 * kMargin;
  m.height = m.notes_y + static_cast<int>(s.notes.size()) * kNoteLine + kMargin;
  return m;
}

void paint(const Scene& s, const Metrics& m, Painter& p) {
  const Palette& pal = Palette::get(s.colorblind);
  p.begin(s, m);
  int y = kMargin;
  for (std::size_t i = 0; i < s.title.size(); ++i) {
    const int lh = i == 0 ? kTitleLine : kSubLine;
    p.text(kMargin, y + lh / 2.0, s.title[i], i == 0 ? kTitleFont : kSubFont, pal.ink(), Anchor::Left,
           i == 0);
    y += lh;
  }
  auto sx = [&](int x) { return m.grid_x + x * m.cw; };
  auto sy = [&](int y) { return m.grid_y + y * m.ch; };
  for (const Cell& c : s.cells) {
    p.cell_begin(c);
    const double x = sx(c.x), y = sy(c.y);
    if (c.hole) {
      p.fill(x, y, m.cw, m.ch, pal.hole(), true);
      p.line(x + 1, y + m.ch - 1, x + m.cw - 1, y + 1, pal.hatch(), 1);
    } else if (c.colors.size() <= 1) {
      p.fill(x, y, m.cw, m.ch, c.colors.empty() ? pal.plain() : pal.thread(c.colors[0]), true);
    } else {
      const double w = double(m.cw) / static_cast<double>(c.colors.size());
      for (std::size_t i = 0; i < c.colors.size(); ++i)
        p.fill(x + w * static_cast<double>(i), y, w, m.ch, pal.thread(c.colors[i]), false);
      p.frame(x, y, m.cw, m.ch, pal.grid(), 0.5);
    }
    if (c.marked) {
      // Red outside, white inside: visible on every fill.
      p.frame(x + 1.5, y + 1.5, m.cw - 3, m.ch - 3, pal.mark(), 2.5);
      if (m.cw >= 10) p.frame(x + 3.25, y + 3.25, m.cw - 6.5, m.ch - 6.5, pal.plain(), 1);
    }
    if (m.labels && !c.label.empty()) {
      const Rgb ink = c.colors.size() == 1 ? Palette::text_on(pal.thread(c.colors[0])) : pal.ink();
      const std::size_t n = std::min(c.label.size(), kMaxLabelLines);
      const double lh = std::min(double(m.ch) / static_cast<double>(n), m.font * 1.18);
      const double top = y + (m.ch - lh * static_cast<double>(n)) / 2;
      for (std::size_t i = 0; i < n; ++i) {
        const bool more = i + 1 == n && c.label.size() > n;
        p.text(x + m.cw / 2.0, top + lh * (static_cast<double>(i) + 0.5),
               more ? "+" + std::to_string(c.label.size() - i) + " more" : c.label[i], m.font, ink,
               Anchor::Center, false);
      }
    }
    p.cell_end();
  }
  for (const Line& l : s.lines)
    p.line(sx(l.x0), sy(l.y0), sx(l.x1), sy(l.y1), l.kind == LineKind::Mark ? pal.mark() : pal.boundary(),
           m.cw >= 8 ? 2 : 1);
  for (const Text& t : s.texts) {
    if (t.kind == TextKind::Tick) {
      const int step = t.axis == Axis::Row ? m.row_step : m.col_step;
      if (t.value % step != 0) continue;
    }
    const double size = t.kind == TextKind::Tick   ? m.tick_font
                        : t.kind == TextKind::Axis ? m.tick_font
                                                   : kHeadFont;
    double x = sx(t.x);
    if (t.anchor == Anchor::Center) x += m.cw / 2.0;
    if (t.anchor == Anchor::Right) x += m.cw - 2;
    // Headings sit on their slot's row but may be taller than a shrunken slot: keep them on the baseline row.
    const double yc =
        t.kind == TextKind::Heading ? sy(t.y + 1) - std::max(m.ch, 16) / 2.0 : sy(t.y) + m.ch / 2.0;
    p.text(x, yc, t.text, size, pal.ink(), t.anchor, t.kind == TextKind::Heading);
  }
  // Legend rows.
  const int width = m.width - 2 * kMargin;
  int lx = 0, ly = m.legend_y;
  for (const LegendEntry& e : s.legend) {
    const int w = legend_item_width(e);
    if (lx > 0 && lx + w > width) lx = 0, ly += kLegendLine;
    const double x = kMargin + lx, y = ly + (kLegendLine - kSwatch) / 2.0;
    switch (e.swatch) {
      case Swatch::Color:
        p.fill(x, y, kSwatch, kSwatch, pal.thread(e.color), true);
        break;
      case Swatch::Hole:
        p.fill(x, y, kSwatch, kSwatch, pal.hole(), true);
        p.line(x + 1, y + kSwatch - 1, x + kSwatch - 1, y + 1, pal.hatch(), 1);
        break;
      case Swatch::Several:
        p.fill(x, y, kSwatch / 2.0, kSwatch, pal.thread(0), false);
        p.fill(x + kSwatch / 2.0, y, kSwatch / 2.0, kSwatch, pal.thread(9), false);
        p.frame(x, y, kSwatch, kSwatch, pal.grid(), 0.5);
        break;
      case Swatch::Marked:
        p.fill(x, y, kSwatch, kSwatch, pal.plain(), true);
        p.frame(x + 1.5, y + 1.5, kSwatch - 3, kSwatch - 3, pal.mark(), 2);
        break;
      case Swatch::Boundary:
        p.line(x, y + kSwatch / 2.0, x + kSwatch, y + kSwatch / 2.0, pal.boundary(), 2);
        break;
    }
    p.text(x + kSwatch + 6, ly + kLegendLine / 2.0, e.text, kNoteFont, pal.ink(), Anchor::Left, false);
    lx += w;
  }
  for (std::size_t i = 0; i < s.notes.size(); ++i)
    p.text(kMargin, m.notes_y + kNoteLine * (static_cast<double>(i) + 0.5), s.notes[i], kNoteFont, pal.ink(),
           Anchor::Left, false);
  p.end();
}

}  // namespace tvlab::viz
