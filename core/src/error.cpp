#include "tvlab/core/error.hpp"

#include <limits>

namespace tvlab {

namespace {
[[noreturn]] void overflow(const char* op, int64_t a, int64_t b) {
  throw LayoutError("Integer overflow",
                    std::to_string(a) + " " + op + " " + std::to_string(b) + " does not fit in 64 bits");
}
}  // namespace

int64_t checked_add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) overflow("+", a, b);
  return r;
}

int64_t checked_sub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) overflow("-", a, b);
  return r;
}

int64_t checked_mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) overflow("*", a, b);
  return r;
}

int64_t checked_div(int64_t a, int64_t b) {
  if (b == 0) throw LayoutError("Division by zero", std::to_string(a) + " / 0");
  if (a == std::numeric_limits<int64_t>::min() && b == -1) overflow("/", a, b);
  return a / b;
}

int64_t checked_mod(int64_t a, int64_t b) {
  if (b == 0) throw LayoutError("Division by zero", std::to_string(a) + " % 0");
  if (b == -1) return 0;
  return a % b;
}

int64_t ceil_div(int64_t a, int64_t b) {
  return checked_div(checked_sub(checked_add(a, b), 1), b);
}

}  // namespace tvlab
