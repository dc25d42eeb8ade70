// tvlab desc: the GMMA/UMMA shared-memory descriptor of an smem layout (interface.md section 6).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace tvlab::cli {

std::function<int()> setup_desc(CLI::App& app);

}  // namespace tvlab::cli
