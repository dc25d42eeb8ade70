// A child process with a time limit: fork, exec in a process group of its own, output to temporary files.
#include "detail/run_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace tvlab::detail {

namespace {
std::string read_bounded(int fd, std::size_t max_bytes) {
  std::string s;
  char buf[65536];
  ::lseek(fd, 0, SEEK_SET);
  for (ssize_t n; s.size() < max_bytes && (n = ::read(fd, buf, sizeof buf)) > 0;)
    s.append(buf, static_cast<std::size_t>(n));
  if (s.size() > max_bytes) s.resize(max_bytes);
  return s;
}
int temp_fd() {
  char name[] = "/tmp/tvlab-process-XXXXXX";
  const int fd = ::mkstemp(name);
  if (fd >= 0) ::unlink(name);
  return fd;
}
}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, double timeout_s, std::size_t max_bytes) {
  ProcessResult r;
  if (argv.empty()) {
    r.err = "no program";
    return r;
  }
  const int out_fd = temp_fd(), err_fd = temp_fd();
  int status_pipe[2] = {-1, -1};  // the child writes errno here when exec fails
  if (out_fd < 0 || err_fd < 0 || ::pipe2(status_pipe, O_CLOEXEC) != 0) {
    r.err = std::string("cannot make temporary files: ") + std::strerror(errno);
    for (int fd : {out_fd, err_fd, status_pipe[0], status_pipe[1]})
      if (fd >= 0) ::close(fd);
    return r;
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
    const int in = ::open("/dev/null", O_RDONLY);
    if (in >= 0) ::dup2(in, 0);
    ::dup2(out_fd, 1);
    ::dup2(err_fd, 2);
    ::execvp(args[0], args.data());
    const int e = errno;
    (void)!::write(status_pipe[1], &e, sizeof e);
    ::_exit(127);
  }
  ::close(status_pipe[1]);
  if (pid < 0) {
    r.err = std::string("cannot start ") + argv[0] + ": " + std::strerror(errno);
    for (int fd : {out_fd, err_fd, status_pipe[0]}) ::close(fd);
    return r;
  }
  ::setpgid(pid, pid);  // also here: the group exists before a kill, whichever runs first
  int exec_errno = 0;
  const bool exec_failed = ::read(status_pipe[0], &exec_errno, sizeof exec_errno) == sizeof exec_errno;
  ::close(status_pipe[0]);
  const auto start = std::chrono::steady_clock::now();
  int status = 0;
  for (;;) {
    const pid_t w = ::waitpid(pid, &status, WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) break;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (timeout_s > 0 && elapsed > timeout_s) {
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      r.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (exec_failed) {
    r.err = std::string("cannot run ") + argv[0] + ": " + std::strerror(exec_errno);
  } else {
    r.started = true;
    if (!r.timed_out && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    r.out = read_bounded(out_fd, max_bytes);
    r.err = read_bounded(err_fd, max_bytes);
  }
  ::close(out_fd);
  ::close(err_fd);
  return r;
}

}  // namespace tvlab::detail
