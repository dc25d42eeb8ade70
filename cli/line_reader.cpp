#include "line_reader.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

#ifdef TVLAB_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

namespace tvlab::cli {

LineReader::LineReader(std::string prompt) : prompt_(std::move(prompt)) {
  interactive_ = isatty(STDIN_FILENO) != 0;
#ifdef TVLAB_HAVE_LIBEDIT
  editing_ = interactive_ && isatty(STDOUT_FILENO) != 0;
  if (editing_) {
    if (const char* h = std::getenv("TVLAB_HISTORY"))
      history_file_ = h;
    else if (const char* home = std::getenv("HOME"))
      history_file_ = std::string(home) + "/.tvlab_history";
    using_history();
    if (!history_file_.empty()) read_history(history_file_.c_str());
  }
#endif
}

LineReader::~LineReader() {
#ifdef TVLAB_HAVE_LIBEDIT
  if (editing_ && !history_file_.empty()) {
    write_history(history_file_.c_str());
    history_truncate_file(history_file_.c_str(), 1000);
  }
#endif
}

std::optional<std::string> LineReader::read() {
#ifdef TVLAB_HAVE_LIBEDIT
  if (editing_) {
    char* raw = readline(prompt_.c_str());
    if (!raw) return std::nullopt;
    std::string line(raw);
    std::free(raw);
    if (line.find_first_not_of(" \t") != std::string::npos) add_history(line.c_str());
    return line;
  }
#endif
  if (interactive_) std::cout << prompt_ << std::flush;
  std::string line;
  if (!std::getline(std::cin, line)) return std::nullopt;
  return line;
}

}  // namespace tvlab::cli
