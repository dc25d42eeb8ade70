// `tvlab plan SPEC [--json]`: what tvlab builds from a spec, JSON or C++ (docs/spec.md).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace tvlab::cli {

std::function<int()> setup_plan(CLI::App& app);

}  // namespace tvlab::cli
