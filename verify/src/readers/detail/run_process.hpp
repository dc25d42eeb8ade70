// A child process with a time limit (the compiler path's compile and its program): argv run in its own
// process group, its standard output and error captured (each bounded), the whole group killed at the limit.
#pragma once

#include <string>
#include <vector>

namespace tvlab::detail {

struct ProcessResult {
  int exit_code = -1;      // the exit status; -1 when it did not exit normally (a signal, the limit)
  bool timed_out = false;  // killed at the time limit
  bool started = false;    // false when argv[0] could not be run (then `err` says why)
  std::string out, err;    // its standard output and error (the first max_bytes each)
};

// Runs argv (argv[0] looked up on PATH) with stdin from /dev/null; timeout_s <= 0: no limit.
ProcessResult run_process(const std::vector<std::string>& argv, double timeout_s,
                          std::size_t max_bytes = 4u << 20);

}  // namespace tvlab::detail
