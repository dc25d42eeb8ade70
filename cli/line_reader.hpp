// Reading command lines: with libedit (line editing and history, kept in $TVLAB_HISTORY or
// ~/.tvlab_history) when stdin is a terminal and libedit (libedit.so.2, loaded then) is present; plain
// std::getline otherwise, so pipes and scripts work.
#pragma once

#include <optional>
#include <string>

namespace tvlab::cli {

class LineReader {
 public:
  explicit LineReader(std::string prompt);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The next line without its newline; nullopt at end of input.
  std::optional<std::string> read();
  // Whether lines come from a terminal (a prompt is shown and history kept).
  bool interactive() const { return interactive_; }
  bool editing() const { return editing_; }

 private:
  std::string prompt_;
  std::string history_file_;
  bool interactive_ = false;
  bool editing_ = false;
};

}  // namespace tvlab::cli
