// `tvlab explore SPEC -o page.html`: the interactive page for debugging reorder mismatches.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace tvlab::cli {

std::function<int()> setup_explore(CLI::App& app);

}  // namespace tvlab::cli
