// Errors raised by the core layer.
//
// A violated CuTe precondition is a LayoutError whose condition() is the name CuTe gives it in its
// static_assert (e.g. "Stride Divisibility Condition"), and whose message names the operands in CuTe
// notation. Malformed notation is a ParseError carrying the 1-based column of the problem.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tvlab {

class LayoutError : public std::runtime_error {
 public:
  LayoutError(std::string condition, const std::string& detail)
      : std::runtime_error(detail.empty() ? condition : condition + ": " + detail),
        condition_(std::move(condition)) {}
  const std::string& condition() const { return condition_; }
  // What follows the condition in what() ("" when there is nothing), for errors that add context.
  std::string detail() const {
    const std::string_view w = what();
    return w.size() > condition_.size() + 2 ? std::string(w.substr(condition_.size() + 2)) : std::string();
  }

 private:
  std::string condition_;
};

class ParseError : public std::runtime_error {
 public:
  ParseError(std::size_t column, const std::string& why) : std::runtime_error(why), column_(column) {}
  // 1-based column of the offending character in the parsed text.
  std::size_t column() const { return column_; }

 private:
  std::size_t column_;
};

// Text from the user as it may be echoed in a message: valid UTF-8 is kept, control characters and bytes
// that are not UTF-8 become \xNN (no terminal escapes or broken encodings on stderr).
std::string printable(std::string_view s);

// Checked 64-bit arithmetic: overflow is a LayoutError ("Integer overflow"), never wrap-around.
[[noreturn]] void throw_overflow(const char* op, int64_t a, int64_t b);
[[noreturn]] void throw_division_by_zero(const char* op, int64_t a);

inline int64_t checked_add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) throw_overflow("+", a, b);
  return r;
}
inline int64_t checked_sub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) throw_overflow("-", a, b);
  return r;
}
inline int64_t checked_mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) throw_overflow("*", a, b);
  return r;
}
// C++ truncating division and remainder; a zero divisor is a LayoutError ("Division by zero").
inline int64_t checked_div(int64_t a, int64_t b) {
  if (b == 0) throw_division_by_zero("/", a);
  if (b == -1) return checked_sub(0, a);
  return a / b;
}
inline int64_t checked_mod(int64_t a, int64_t b) {
  if (b == 0) throw_division_by_zero("%", a);
  if (b == -1) return 0;
  return a % b;
}
// CuTe's ceil_div on integers: (a + b - 1) / b.
inline int64_t ceil_div(int64_t a, int64_t b) {
  return checked_div(checked_sub(checked_add(a, b), 1), b);
}
inline int64_t signum(int64_t a) {
  return (a > 0) - (a < 0);
}
inline int64_t abs_value(int64_t a) {
  return a < 0 ? checked_sub(0, a) : a;
}

}  // namespace tvlab
