// `tvlab search ARCH --types T --layout TN --tile 128x128x32 --threads 128`: every configuration of the
// mainloop the kernel model expresses, verified and ranked; `--emit cpp|json --row N` prints one as C++ or a
// spec (verify/search.hpp).
#pragma once

#include <CLI/CLI.hpp>

namespace tvlab::cli {

// Registers the subcommand; the returned function runs it and gives the exit code.
std::function<int()> setup_search(CLI::App& app);

}  // namespace tvlab::cli
