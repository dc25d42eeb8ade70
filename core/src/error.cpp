#include "tvlab/core/error.hpp"

namespace tvlab {

void throw_overflow(const char* op, int64_t a, int64_t b) {
  throw LayoutError("Integer overflow",
                    std::to_string(a) + " " + op + " " + std::to_string(b) + " does not fit in 64 bits");
}

void throw_division_by_zero(const char* op, int64_t a) {
  throw LayoutError("Division by zero", std::to_string(a) + " " + op + " 0");
}

}  // namespace tvlab
