#include "tvlab/core/error.hpp"

namespace tvlab {

void throw_overflow(const char* op, int64_t a, int64_t b) {
  throw LayoutError("Integer overflow",
                    std::to_string(a) + " " + op + " " + std::to_string(b) + " does not fit in 64 bits");
}

void throw_division_by_zero(const char* op, int64_t a) {
  throw LayoutError("Division by zero", std::to_string(a) + " " + op + " 0");
}

std::string printable(std::string_view s) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    bool ok = n != 0 && i + n <= s.size() && (c >= 0x20 || n > 1) && c != 0x7f && !(n == 2 && c < 0xc2);
    for (std::size_t k = 1; ok && k < n; ++k) ok = (static_cast<unsigned char>(s[i + k]) & 0xc0) == 0x80;
    if (ok) {
      out.append(s.substr(i, n));
      i += n;
    } else {
      out += std::string("\\x") + hex[c >> 4] + hex[c & 15];
      ++i;
    }
  }
  return out;
}

}  // namespace tvlab
