// `tvlab banks --smem LAYOUT --tv TV --type T --op OP [--json]`: the shared-memory wavefronts of one
// warp-wide instruction, the lanes that collide, and a suggested conflict-free layout.
#pragma once

#include <CLI/CLI.hpp>

namespace tvlab::cli {

// Registers the subcommand; the returned function runs it and gives the exit code.
std::function<int()> setup_banks(CLI::App& app);

}  // namespace tvlab::cli
