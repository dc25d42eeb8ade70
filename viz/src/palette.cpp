#include "tvlab/viz/palette.hpp"

#include <cstdio>

namespace tvlab::viz {

std::string Rgb::hex() const {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", r, g, b);
  return buf;
}

Rgb Palette::text_on(Rgb c) {
  // Relative luminance (sRGB approximated by the Rec. 709 weights): dark fills get white ink.
  const double y = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
  return y < 128 ? Rgb{255, 255, 255} : Rgb{0, 0, 0};
}

namespace {
// A hue mixed halfway with white (the light tints of the colour-blind palette).
Rgb tint(Rgb c) {
  return {static_cast<uint8_t>((c.r + 255) / 2), static_cast<uint8_t>((c.g + 255) / 2),
          static_cast<uint8_t>((c.b + 255) / 2)};
}
}  // namespace

const Palette& Palette::get(bool colorblind) {
  static const Palette normal = [] {
    Palette p;
    // Tableau's 8 hues without grey and olive: light tints for threads 0-7, full strength for 8-15.
    const Rgb light[8] = {{174, 199, 232}, {255, 187, 120}, {152, 223, 138}, {255, 152, 150},
                          {197, 176, 213}, {196, 156, 148}, {247, 182, 210}, {158, 218, 229}};
    const Rgb dark[8] = {{31, 119, 180},  {255, 127, 14}, {44, 160, 44},   {214, 39, 40},
                         {148, 103, 189}, {140, 86, 75},  {227, 119, 194}, {23, 190, 207}};
    for (int i = 0; i < 8; ++i) p.colors_[i] = light[i], p.colors_[i + 8] = dark[i];
    p.mark_ = {220, 0, 0};
    p.name_ = "default";
    return p;
  }();
  static const Palette safe = [] {
    Palette p;
    // Okabe and Ito's colour-blind-safe hues (black replaced by grey): tints for 0-7, full for 8-15.
    const Rgb hue[8] = {{230, 159, 0}, {86, 180, 233}, {0, 158, 115},   {240, 228, 66},
                        {0, 114, 178}, {213, 94, 0},   {204, 121, 167}, {120, 120, 120}};
    for (int i = 0; i < 8; ++i) p.colors_[i] = tint(hue[i]), p.colors_[i + 8] = hue[i];
    p.mark_ = {220, 0, 0};
    p.name_ = "colorblind";
    return p;
  }();
  return colorblind ? safe : normal;
}

}  // namespace tvlab::viz
