// Backends: a Scene to bytes. Every output starts with a provenance comment (the scene's inputs in
// CuTe notation) and is deterministic (same scene, same bytes), except for Cairo's raster bytes.
//
//   svg    SVG 1.1, one <g> per cell with a <title> tooltip; labels where the cell is large enough
//   tikz   a standalone LaTeX document (article + geometry + TikZ) that pdflatex compiles as is
//   text   a monospace table for the terminal ('.' a hole, '/' several owners, '*' a moved value)
//   png    Cairo image surface (provenance in a tEXt chunk), pdf: Cairo PDF surface (provenance as subject)
#pragma once

#include <string>

#include "tvlab/viz/scene.hpp"

namespace tvlab::viz {

// Largest canvas side, in pixels, per backend (grids beyond it are shrunk, labels dropped).
inline constexpr int kMaxVectorPx = 8192;
inline constexpr int kMaxRasterPx = 4096;

std::string to_svg(const Scene& s);
std::string to_tikz(const Scene& s);
std::string to_text(const Scene& s);
std::string to_png(const Scene& s);
std::string to_pdf(const Scene& s);

}  // namespace tvlab::viz
