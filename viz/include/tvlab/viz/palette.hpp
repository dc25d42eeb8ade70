// The one palette every backend uses: 16 distinguishable thread colours (an Xe subgroup has 16
// work-items; CuTe cycles 8) and the colours of holes, marks and boundaries.
//
//   Palette::get(false).thread(3)   default: 8 light hues for 0-7, the same hues saturated for 8-15
//   Palette::get(true).thread(3)    colour-blind safe: Okabe-Ito hues, light tints then full strength
//
// Colour index i means i mod 16. text_on(c) picks black or white ink for labels on c.
#pragma once

#include <cstdint>
#include <string>

namespace tvlab::viz {

struct Rgb {
  uint8_t r = 0, g = 0, b = 0;
  std::string hex() const;  // "#rrggbb"
  friend bool operator==(const Rgb&, const Rgb&) = default;
};

class Palette {
 public:
  static constexpr int kColors = 16;
  static const Palette& get(bool colorblind);

  Rgb thread(int64_t i) const {
    return colors_[static_cast<std::size_t>(((i % kColors) + kColors) % kColors)];
  }
  static Rgb text_on(Rgb c);
  Rgb plain() const { return {255, 255, 255}; }
  Rgb hole() const { return {236, 236, 236}; }
  Rgb hatch() const { return {150, 150, 150}; }
  Rgb grid() const { return {110, 110, 110}; }
  Rgb ink() const { return {0, 0, 0}; }
  Rgb mark() const { return mark_; }
  Rgb boundary() const { return {0, 0, 0}; }
  const char* name() const { return name_; }

 private:
  Rgb colors_[kColors];
  Rgb mark_;
  const char* name_;
};

}  // namespace tvlab::viz
