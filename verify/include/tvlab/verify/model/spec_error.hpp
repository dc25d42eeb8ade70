// A problem with a kernel configuration, at its spec path (docs/spec.md): what a reader or the plan builder
// refuses. Readers of other texts map the path back to their own positions (cpp_config.hpp: a C++ line and
// column).
#pragma once

#include <stdexcept>
#include <string>

namespace tvlab {

class SpecError : public std::runtime_error {
 public:
  SpecError(std::string path, const std::string& why) : std::runtime_error(why), path_(std::move(path)) {}
  // The spec path of the problem, e.g. "operands.A.type" ("" for the document as a whole).
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace tvlab
