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

// Spec paths: spec_path("operands.A", "smem") is "operands.A.smem" ("smem" under the document, ""),
// spec_index("cta_tile", 1) is "cta_tile[1]".
inline std::string spec_path(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}
inline std::string spec_index(const std::string& path, std::size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

}  // namespace tvlab
