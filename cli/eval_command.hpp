// `tvlab eval EXPR...` and `tvlab eval --batch FILE|-`: evaluate CuTe layout-algebra expressions.
#pragma once

#include <CLI/CLI.hpp>

namespace tvlab::cli {

// Registers the subcommand; the returned function runs it and gives the exit code.
std::function<int()> setup_eval(CLI::App& app);

}  // namespace tvlab::cli
