// A shared library loaded when first needed (dlopen), for the optional heavy dependencies that most runs
// of tvlab never touch: Cairo (PNG/PDF output, with ~15 libraries of its own) and libedit (line editing
// in the REPL). Linking them would map and relocate all of those libraries at every start, which cost
// `tvlab eval` ~3 ms of its ~5 ms start-up. Callers keep their function pointers typed from the
// library's own header (decltype(&cairo_create)), so a signature mismatch does not compile.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>

namespace tvlab::viz {

class DynamicLibrary {
 public:
  // The first of `names` that loads (the environment variable `env`, when set, names the only
  // candidate); nullopt when none does, with the loader's message in *why. The library stays loaded
  // for the life of the process.
  static std::optional<DynamicLibrary> open(const char* env, std::initializer_list<const char*> names,
                                            std::string* why);
  // The address of `symbol`, or nullptr when the library lacks it.
  void* symbol(const char* symbol) const;
  const std::string& name() const { return name_; }

 private:
  DynamicLibrary(void* handle, std::string name) : handle_(handle), name_(std::move(name)) {}
  void* handle_;
  std::string name_;
};

}  // namespace tvlab::viz
