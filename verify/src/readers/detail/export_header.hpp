// tvlab/export.hpp's text as this tvlab was built with it (generated from export/include/tvlab/export.hpp by
// verify/CMakeLists.txt): the compiler path writes it next to its cache and includes it, so the program it
// compiles always matches the tvlab that reads its output; its hash is part of the cache key.
#pragma once

namespace tvlab::detail {

extern const char kExportHeader[];

}  // namespace tvlab::detail
