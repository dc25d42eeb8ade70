// The pieces every tvlab command shares: exit codes and error reporting (interface.md, "Exit codes").
#pragma once

#include <iostream>
#include <string>

namespace tvlab::cli {

enum Exit : int { kOk = 0, kCheckFailed = 1, kBadInput = 2, kInternal = 3 };

// "error: <what> at <where>: <why>" on stderr.
inline void report(const std::string& what, const std::string& where, const std::string& why) {
  std::cerr << "error: " << what << " at " << where << ": " << why << '\n';
}

}  // namespace tvlab::cli
