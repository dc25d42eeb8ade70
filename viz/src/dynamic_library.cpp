#include "tvlab/viz/dynamic_library.hpp"

#include <dlfcn.h>

#include <cstdlib>

namespace tvlab::viz {

std::optional<DynamicLibrary> DynamicLibrary::open(const char* env, std::initializer_list<const char*> names,
                                                   std::string* why) {
  std::string errors;
  auto attempt = [&](const char* name) -> std::optional<DynamicLibrary> {
    if (void* h = dlopen(name, RTLD_NOW | RTLD_LOCAL)) return DynamicLibrary(h, name);
    const char* e = dlerror();
    errors += (errors.empty() ? "" : "; ") + std::string(e ? e : name);
    return std::nullopt;
  };
  if (const char* chosen = env ? std::getenv(env) : nullptr; chosen && *chosen) {
    if (auto lib = attempt(chosen)) return lib;
  } else {
    for (const char* name : names)
      if (auto lib = attempt(name)) return lib;
  }
  if (why) *why = errors;
  return std::nullopt;
}

void* DynamicLibrary::symbol(const char* symbol) const {
  return dlsym(handle_, symbol);
}

}  // namespace tvlab::viz
