// The pieces every tvlab command shares: exit codes and error reporting (interface.md, "Exit codes").
#pragma once

#include <iostream>
#include <string>

#include "tvlab/core/error.hpp"

namespace tvlab::cli {

enum Exit : int { kOk = 0, kCheckFailed = 1, kBadInput = 2, kInternal = 3 };

// "error: <what> at <where>: <why>" on stderr; user text in it is made printable (tvlab::printable).
inline void report(const std::string& what, const std::string& where, const std::string& why) {
  std::cerr << "error: " << printable(what) << " at " << printable(where) << ": " << printable(why) << '\n';
}
// "warning: <what> at <where>: <why>" on stderr: a problem that does not stop the command.
inline void warn(const std::string& what, const std::string& where, const std::string& why) {
  std::cerr << "warning: " << printable(what) << " at " << printable(where) << ": " << printable(why) << '\n';
}

// --bind KEY=EXPR of the commands that read C++ configurations.
inline constexpr const char* kBindHelp =
    "KEY=EXPR: complete the file's collectives with what they leave to run time (A.alignment=kAlignmentA, "
    "problem=make_shape(M,N,K,L)), or name what forms a C++ configuration that no CollectiveMma declares "
    "(scope=gemm_tn mma=mmaC cta_tile=cta_tiler A.g2s=copyA ...); docs/spec.md";

}  // namespace tvlab::cli
