// --reader and --include (-I) for the commands that read a spec file (verify, plan, render, explore): which
// path reads a C++ configuration, the text reader or the compiler (readers/compiled_config.hpp).
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "tvlab/verify/readers/compiled_config.hpp"

namespace tvlab::cli {

void add_reader_options(CLI::App* cmd, ReaderChoice& choice);

// Where the compiler path reads `path`'s configuration `config`: `text` becomes the JSON spec it made,
// `config` and `file_name` empty (a JSON spec has one configuration); the note on stderr. Throws SpecError
// (exit 2) as choose_reader does.
void apply_reader(const ReaderChoice& choice, const std::string& path, std::string& text, std::string& config,
                  std::string& file_name, const std::vector<std::string>& bind);

}  // namespace tvlab::cli
