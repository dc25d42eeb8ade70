#include "reader_options.hpp"

#include <iostream>

namespace tvlab::cli {

void add_reader_options(CLI::App* cmd, ReaderChoice& choice) {
  cmd->add_option_function<std::string>(
         "--reader",
         [&choice](const std::string& v) {
           choice.reader = v;
           choice.told = true;
         },
         "who reads a C++ configuration: auto (default: the text reader, and where it finds no configuration "
         "named --config, the compiler: a host program with CUTLASS's headers that exports the type), text, "
         "or compiler (docs/spec.md, C++ configurations)")
      ->check(CLI::IsMember({"auto", "text", "compiler"}));
  cmd->add_option(
      "-I,--include", choice.include_dirs,
      "the compiler path: an include directory (CUTLASS's include/, the file's own headers); also "
      "TVLAB_CUTLASS_DIR, CUTLASS_DIR, CXX");
}

void apply_reader(const ReaderChoice& choice, const std::string& path, std::string& text, std::string& config,
                  std::string& file_name, const std::vector<std::string>& bind) {
  std::string note;
  const std::optional<CompiledConfig> c =
      choose_reader(choice, path, text, config, parse_bindings(bind), note);
  if (!note.empty()) std::cerr << note << '\n';
  if (!c) return;
  text = c->json;
  config.clear();
  file_name.clear();
}

}  // namespace tvlab::cli
