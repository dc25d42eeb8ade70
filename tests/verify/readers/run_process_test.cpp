// A child process with a time limit: its output and exit code, a program that does not exist, the limit.
#include "detail/run_process.hpp"

#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <thread>

namespace tvlab::detail {
namespace {

TEST(RunProcess, OutputAndExitCode) {
  const ProcessResult r = run_process({"sh", "-c", "echo out; echo err >&2; exit 3"}, 10);
  EXPECT_TRUE(r.started);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "out\n");
  EXPECT_EQ(r.err, "err\n");
}

TEST(RunProcess, MissingProgram) {
  const ProcessResult r = run_process({"/nonexistent/program"}, 10);
  EXPECT_FALSE(r.started);
  EXPECT_NE(r.err.find("cannot run /nonexistent/program"), std::string::npos) << r.err;
}

TEST(RunProcess, TheLimitKillsTheGroup) {
  const auto t0 = std::chrono::steady_clock::now();
  // The child's own child (sleep) is killed with it: run_process returns at the limit, not after 30 s.
  const ProcessResult r = run_process({"sh", "-c", "sleep 30 & sleep 30; echo never"}, 0.3);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.exit_code, -1);
  EXPECT_LT(s, 5);
}

TEST(RunProcess, OutputIsBounded) {
  const ProcessResult r = run_process({"sh", "-c", "yes x | head -c 100000"}, 10, 1000);
  EXPECT_EQ(r.out.size(), 1000u);
}

// start_process/finish_process: two children at once (the compiler path's host compiler and nvcc), each
// with its own output; the second waited for after the first.
TEST(RunProcess, TwoAtOnce) {
  const auto t0 = std::chrono::steady_clock::now();
  Running a = start_process({"sh", "-c", "sleep 1; echo a"});
  Running b = start_process({"sh", "-c", "sleep 1; echo b >&2; exit 4"});
  const ProcessResult ra = finish_process(a, 10), rb = finish_process(b, 10);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(ra.out, "a\n");
  EXPECT_EQ(ra.exit_code, 0);
  EXPECT_EQ(rb.err, "b\n");
  EXPECT_EQ(rb.exit_code, 4);
  EXPECT_LT(s, 1.9);  // concurrently: not 1 + 1 s
  EXPECT_EQ(a.pid, -1);
  const ProcessResult again = finish_process(a, 1);  // already waited for: not running
  EXPECT_FALSE(again.started);
}

// A child not needed any more is killed with its own children; destroying an unfinished one does the same.
TEST(RunProcess, KillAndDestroy) {
  const auto t0 = std::chrono::steady_clock::now();
  Running a = start_process({"sh", "-c", "sleep 30 & sleep 30"});
  ASSERT_GT(a.pid, 0);
  const int pid = a.pid;
  kill_process(a);
  EXPECT_EQ(a.pid, -1);
  // The group is gone (its other member, killed too, is reaped by init: polled for up to 5 s).
  bool gone = false;
  for (int i = 0; i < 500 && !(gone = ::kill(-pid, 0) != 0); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_TRUE(gone);
  { Running b = start_process({"sh", "-c", "sleep 30 & sleep 30"}); }
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 10);
  Running m = start_process({"/nonexistent/program"});
  EXPECT_EQ(m.pid, -1);
  const ProcessResult r = finish_process(m, 1);
  EXPECT_FALSE(r.started);
  EXPECT_NE(r.err.find("cannot run /nonexistent/program"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace tvlab::detail
