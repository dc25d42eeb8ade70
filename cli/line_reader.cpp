#include "line_reader.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

#ifdef TVLAB_HAVE_LIBEDIT
#include <editline/readline.h>

#include "tvlab/viz/dynamic_library.hpp"
#endif

namespace tvlab::cli {

#ifdef TVLAB_HAVE_LIBEDIT
namespace {
// libedit's functions, loaded from libedit.so.2 when a terminal session starts (dynamic_library.hpp);
// without it, or when it does not load, the REPL reads plain lines.
#define TVLAB_EDIT_FUNCTIONS(X) \
  X(using_history) X(read_history) X(write_history) X(history_truncate_file) X(readline) X(add_history)
struct EditApi {
#define TVLAB_EDIT_MEMBER(f) decltype(&::f) f = nullptr;
  TVLAB_EDIT_FUNCTIONS(TVLAB_EDIT_MEMBER)
#undef TVLAB_EDIT_MEMBER
};

const EditApi* edit_api() {
  static const std::optional<EditApi> api = []() -> std::optional<EditApi> {
    const auto lib = viz::DynamicLibrary::open("TVLAB_EDIT_LIBRARY", {"libedit.so.2", "libedit.so"}, nullptr);
    if (!lib) return std::nullopt;
    EditApi a;
#define TVLAB_EDIT_LOAD(f)                                \
  a.f = reinterpret_cast<decltype(a.f)>(lib->symbol(#f)); \
  if (!a.f) return std::nullopt;
    TVLAB_EDIT_FUNCTIONS(TVLAB_EDIT_LOAD)
#undef TVLAB_EDIT_LOAD
    return a;
  }();
  return api ? &*api : nullptr;
}
}  // namespace
#endif

LineReader::LineReader(std::string prompt) : prompt_(std::move(prompt)) {
  interactive_ = isatty(STDIN_FILENO) != 0;
#ifdef TVLAB_HAVE_LIBEDIT
  editing_ = interactive_ && isatty(STDOUT_FILENO) != 0 && edit_api();
  if (editing_) {
    const EditApi& edit = *edit_api();
    if (const char* h = std::getenv("TVLAB_HISTORY"))
      history_file_ = h;
    else if (const char* home = std::getenv("HOME"))
      history_file_ = std::string(home) + "/.tvlab_history";
    edit.using_history();
    if (!history_file_.empty()) edit.read_history(history_file_.c_str());
  }
#endif
}

LineReader::~LineReader() {
#ifdef TVLAB_HAVE_LIBEDIT
  if (editing_ && !history_file_.empty()) {
    edit_api()->write_history(history_file_.c_str());
    edit_api()->history_truncate_file(history_file_.c_str(), 1000);
  }
#endif
}

std::optional<std::string> LineReader::read() {
#ifdef TVLAB_HAVE_LIBEDIT
  if (editing_) {
    char* raw = edit_api()->readline(prompt_.c_str());
    if (!raw) return std::nullopt;
    std::string line(raw);
    std::free(raw);
    if (line.find_first_not_of(" \t") != std::string::npos) edit_api()->add_history(line.c_str());
    return line;
  }
#endif
  if (interactive_) std::cout << prompt_ << std::flush;
  std::string line;
  if (!std::getline(std::cin, line)) return std::nullopt;
  return line;
}

}  // namespace tvlab::cli
