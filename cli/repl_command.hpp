// `tvlab repl`: an interactive prompt over the same engine (load a spec; owner, where, diff; eval, show,
// render, verify, plan, explore). Errors are reported and the session goes on.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace tvlab::cli {

std::function<int()> setup_repl(CLI::App& app);

}  // namespace tvlab::cli
