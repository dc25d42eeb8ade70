#include "io.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <system_error>

#include <unistd.h>

#include "command.hpp"

namespace tvlab::cli {

bool read_input(const std::string& path, std::string& text, const char* what, std::size_t max_bytes) {
  std::ifstream file;
  std::istream* in = &std::cin;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) {
      report(what, path, "cannot open the file");
      return false;
    }
    in = &file;
  }
  std::ostringstream s;
  char buf[65536];
  while (in->read(buf, sizeof buf) || in->gcount() > 0) {
    s.write(buf, in->gcount());
    if (static_cast<std::size_t>(s.tellp()) > max_bytes) {
      report(what, path, "larger than " + std::to_string(max_bytes >> 20) + " MiB");
      return false;
    }
  }
  text = s.str();
  return true;
}

bool write_file_atomic(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
      report("cannot write output", path, "the directory is missing or not writable");
      return false;
    }
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.flush();
    if (!out) {
      out.close();
      std::remove(tmp.c_str());
      report("cannot write output", path, "write failed (disk full?)");
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    report("cannot write output", path, std::error_code(errno, std::generic_category()).message());
    return false;
  }
  return true;
}

}  // namespace tvlab::cli
