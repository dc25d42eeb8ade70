#include "tvlab/viz/output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "tvlab/viz/backends.hpp"

namespace tvlab::viz {

Format format_of(const std::string& path) {
  const std::size_t dot = path.rfind('.');
  const std::size_t slash = path.rfind('/');
  std::string ext =
      dot == std::string::npos || (slash != std::string::npos && dot < slash) ? "" : path.substr(dot);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".svg") return Format::Svg;
  if (ext == ".tex") return Format::Tikz;
  if (ext == ".txt") return Format::Text;
  if (ext == ".png") return Format::Png;
  if (ext == ".pdf") return Format::Pdf;
  if (ext == ".html") throw VizError("HTML output is not available yet; use .svg .tex .txt .png or .pdf");
  throw VizError("unknown output format '" + ext + "': the extension must be .svg .tex .txt .png or .pdf");
}

std::string render(const Scene& s, Format f) {
  switch (f) {
    case Format::Svg:
      return to_svg(s);
    case Format::Tikz:
      return to_tikz(s);
    case Format::Text:
      return to_text(s);
    case Format::Png:
      return to_png(s);
    case Format::Pdf:
      return to_pdf(s);
  }
  return {};
}

void write_file_atomic(const std::string& path, const std::string& bytes) {
  const std::size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  if (base.empty()) throw VizError("cannot write " + path + ": not a file name");
  std::string tmpl = dir + "/." + base + ".tmpXXXXXX";
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  const int fd = mkstemp(name.data());
  if (fd < 0) throw VizError("cannot write " + path + ": " + std::strerror(errno));
  const std::string tmp(name.data());
  auto fail = [&](const char* why) {
    const std::string msg = "cannot write " + path + ": " + why;
    ::close(fd);
    std::remove(tmp.c_str());
    throw VizError(msg);
  };
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(std::strerror(errno));
    }
    done += static_cast<std::size_t>(n);
  }
  // mkstemp creates 0600; give the file the usual permissions.
  const mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  if (::close(fd) != 0) {
    std::remove(tmp.c_str());
    throw VizError("cannot write " + path + ": " + std::strerror(errno));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    throw VizError("cannot write " + path + ": " + why);
  }
}

}  // namespace tvlab::viz
