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

Running start_process(const std::vector<std::string>& argv) {
  Running p;
  if (argv.empty()) {
    p.err = "no program";
    return p;
  }
  p.program = argv[0];
  p.out_fd = temp_fd(), p.err_fd = temp_fd();
  int status_pipe[2] = {-1, -1};  // the child writes errno here when exec fails
  if (p.out_fd < 0 || p.err_fd < 0 || ::pipe2(status_pipe, O_CLOEXEC) != 0) {
    p.err = std::string("cannot make temporary files: ") + std::strerror(errno);
    for (int fd : {p.out_fd, p.err_fd, status_pipe[0], status_pipe[1]})
      if (fd >= 0) ::close(fd);
    p.out_fd = p.err_fd = -1;
    return p;
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
    const int in = ::open("/dev/null", O_RDONLY);
    if (in >= 0) ::dup2(in, 0);
    ::dup2(p.out_fd, 1);
    ::dup2(p.err_fd, 2);
    ::execvp(args[0], args.data());
    const int e = errno;
    (void)!::write(status_pipe[1], &e, sizeof e);
    ::_exit(127);
  }
  ::close(status_pipe[1]);
  if (pid < 0) {
    p.err = std::string("cannot start ") + argv[0] + ": " + std::strerror(errno);
    for (int fd : {p.out_fd, p.err_fd, status_pipe[0]}) ::close(fd);
    p.out_fd = p.err_fd = -1;
    return p;
  }
  ::setpgid(pid, pid);  // also here: the group exists before a kill, whichever runs first
  int exec_errno = 0;
  const bool exec_failed = ::read(status_pipe[0], &exec_errno, sizeof exec_errno) == sizeof exec_errno;
  ::close(status_pipe[0]);
  p.pid = pid;
  if (exec_failed) {
    int status = 0;
    ::waitpid(pid, &status, 0);
    p.pid = -1;
    p.err = std::string("cannot run ") + argv[0] + ": " + std::strerror(exec_errno);
    ::close(p.out_fd);
    ::close(p.err_fd);
    p.out_fd = p.err_fd = -1;
  }
  return p;
}

ProcessResult finish_process(Running& p, double timeout_s, std::size_t max_bytes) {
  ProcessResult r;
  if (p.pid < 0) {
    r.err = p.err.empty() ? "not running" : p.err;
    return r;
  }
  const auto start = std::chrono::steady_clock::now();
  int status = 0;
  for (;;) {
    const pid_t w = ::waitpid(p.pid, &status, WNOHANG);
    if (w == p.pid) break;
    if (w < 0 && errno != EINTR) break;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (timeout_s > 0 && elapsed > timeout_s) {
      ::kill(-p.pid, SIGKILL);
      ::kill(p.pid, SIGKILL);
      ::waitpid(p.pid, &status, 0);
      r.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  r.started = true;
  if (!r.timed_out && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  r.out = read_bounded(p.out_fd, max_bytes);
  r.err = read_bounded(p.err_fd, max_bytes);
  ::close(p.out_fd);
  ::close(p.err_fd);
  p.out_fd = p.err_fd = -1;
  p.pid = -1;
  return r;
}

void kill_process(Running& p) {
  if (p.pid < 0) return;
  int status = 0;
  ::kill(-p.pid, SIGKILL);
  ::kill(p.pid, SIGKILL);
  ::waitpid(p.pid, &status, 0);
  ::close(p.out_fd);
  ::close(p.err_fd);
  p.out_fd = p.err_fd = -1;
  p.pid = -1;
}

Running& Running::operator=(Running&& o) noexcept {
  if (this != &o) {
    kill_process(*this);
    pid = o.pid, out_fd = o.out_fd, err_fd = o.err_fd;
    program = std::move(o.program), err = std::move(o.err);
    o.pid = o.out_fd = o.err_fd = -1;
  }
  return *this;
}

Running::~Running() {
  kill_process(*this);
}

ProcessResult run_process(const std::vector<std::string>& argv, double timeout_s, std::size_t max_bytes) {
  Running p = start_process(argv);
  if (p.pid < 0) {
    ProcessResult r;
    r.err = p.err;
    return r;
  }
  return finish_process(p, timeout_s, max_bytes);
}

}  // namespace tvlab::detail
