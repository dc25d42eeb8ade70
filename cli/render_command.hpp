// `tvlab render WHAT -o FILE`: pictures of layouts, TV layouts, atoms, tiled MMAs and copies, specs,
// Xe subgroup views, reorders and SLM layouts (interface.md section 5).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace tvlab::cli {

std::function<int()> setup_render(CLI::App& app);

}  // namespace tvlab::cli
