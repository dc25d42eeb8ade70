// A child process with a time limit: its output and exit code, a program that does not exist, the limit.
#include "detail/run_process.hpp"

#include <gtest/gtest.h>

#include <chrono>

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

}  // namespace
}  // namespace tvlab::detail
