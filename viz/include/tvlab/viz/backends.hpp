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
// A PNG whose canvas fits max_px a side (to_png is to_png_sized(s, kMaxRasterPx)).
std::string to_png_sized(const Scene& s, int max_px);
std::string to_pdf(const Scene& s);

// Pictures sized for a page (Jupyter): a scene of at most kPageCells cells is to_svg's bytes; a larger one an
// SVG holding one PNG of the cells' colours (to_png_sized, kPagePx: no cell labels, a note saying so) with
// to_svg's provenance comment, tens of kilobytes where to_svg's would take megabytes (a cell costs ~160 bytes
// of SVG). Throws VizError when a larger scene needs Cairo and Cairo does not load.
inline constexpr std::size_t kPageCells = 2048;
inline constexpr int kPagePx = 1024;
bool page_is_raster(const Scene& s);  // more than kPageCells cells
std::string to_page_svg(const Scene& s);

}  // namespace tvlab::viz
