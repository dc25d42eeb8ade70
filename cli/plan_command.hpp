// `tvlab plan SPEC [--json]`: what tvlab builds from a spec (interface.md section 4).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace tvlab::cli {

std::function<int()> setup_plan(CLI::App& app);

}  // namespace tvlab::cli
