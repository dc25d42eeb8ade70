// Writing a Scene to a file: the format follows the extension, and the file appears whole or not at
// all (written to a temporary file in the same directory, then renamed).
//
//   write_scene(scene, "mma.svg")   .svg .tex .txt .png .pdf
#pragma once

#include <string>

#include "tvlab/viz/scene.hpp"

namespace tvlab::viz {

enum class Format { Svg, Tikz, Text, Png, Pdf };

// The format of a path's extension; throws VizError naming the supported ones otherwise.
Format format_of(const std::string& path);
std::string render(const Scene& s, Format f);
// Atomic write; throws VizError ("cannot write PATH: why") and leaves no file behind on failure.
void write_file_atomic(const std::string& path, const std::string& bytes);
inline void write_scene(const Scene& s, const std::string& path) {
  write_file_atomic(path, render(s, format_of(path)));
}

}  // namespace tvlab::viz
