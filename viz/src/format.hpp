// Number formatting shared by the vector backends: shortest decimal with at most 2 decimals.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

namespace tvlab::viz::detail {

inline void append_num(std::string& out, double v) {
  const double r = std::round(v * 100) / 100;
  if (r == std::floor(r) && std::fabs(r) < 1e15) {
    out += std::to_string(static_cast<long long>(r));
    return;
  }
  char buf[32];
  int n = std::snprintf(buf, sizeof buf, "%.2f", r);
  while (n > 0 && buf[n - 1] == '0') --n;
  out.append(buf, static_cast<std::size_t>(n));
}

inline std::string num(double v) {
  std::string s;
  append_num(s, v);
  return s;
}

}  // namespace tvlab::viz::detail
