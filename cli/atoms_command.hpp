// `tvlab atoms [--arch ...] [--json]` lists the atom registry; `tvlab show ATOM [--value-type T] [--json]`
// describes one atom (interface.md section 3).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace tvlab::cli {

std::function<int()> setup_atoms(CLI::App& app);
std::function<int()> setup_show(CLI::App& app);

}  // namespace tvlab::cli
