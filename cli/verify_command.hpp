#pragma once
#include <CLI/CLI.hpp>
#include <functional>

namespace tvlab::cli {
// tvlab verify SPEC... [--format text|json|junit] [--proof FILE.tex|FILE.md] [--strict] [-o FILE]
std::function<int()> setup_verify(CLI::App& app);
// tvlab reorder --src TV --dst TV [--types S,D] [--json]
std::function<int()> setup_reorder(CLI::App& app);
}  // namespace tvlab::cli
