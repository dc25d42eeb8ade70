// A child process with a time limit (the compiler path's compile and its program): argv run in its own
// process group, its standard output and error captured (each bounded), the whole group killed at the limit.
#pragma once

#include <string>
#include <utility>
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

// A child started and not yet waited for (the compiler path runs nvcc beside the host compiler): its process
// group is killed when it is destroyed unfinished. Not copyable.
struct Running {
  int pid = -1;  // -1: not running (`err` says why where it never started)
  int out_fd = -1, err_fd = -1;
  std::string program, err;
  Running() = default;
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;
  Running(Running&& o) noexcept
      : pid(o.pid), out_fd(o.out_fd), err_fd(o.err_fd), program(std::move(o.program)), err(std::move(o.err)) {
    o.pid = o.out_fd = o.err_fd = -1;
  }
  Running& operator=(Running&& o) noexcept;  // the one it held is killed first
  ~Running();
};

// run_process in two halves: start argv now; wait for it up to timeout_s (from the wait's start; <= 0: no
// limit), its process group killed at the limit. finish_process on one that never started gives started
// false and its reason.
Running start_process(const std::vector<std::string>& argv);
ProcessResult finish_process(Running& p, double timeout_s, std::size_t max_bytes = 4u << 20);
// Its whole process group killed and reaped (nothing where it is not running).
void kill_process(Running& p);

}  // namespace tvlab::detail
