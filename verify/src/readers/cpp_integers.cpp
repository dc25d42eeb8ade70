// The C++ configuration reader: integer constant expressions with C++'s types (detail/cpp_integers.hpp).
// References: C++17 [lex.icon] (the type of a literal), [conv.prom], [expr.arith.conv] (usual arithmetic
// conversions), [expr.mul], [expr.add], [expr.shift], [expr.const] (an operation whose result is not
// mathematically defined or not in the range of its type is not a constant expression).
#include "detail/cpp_integers.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <vector>

namespace tvlab::detail {

namespace {

using i128 = __int128;

i128 lo(int bits, bool u) {
  return u ? 0 : -(i128(1) << (bits - 1));
}
i128 hi(int bits, bool u) {
  return (i128(1) << (u ? bits : bits - 1)) - 1;
}
bool fits(i128 v, int bits, bool u) {
  return v >= lo(bits, u) && v <= hi(bits, u);
}

// v reduced modulo 2^bits into the unsigned range (C++'s conversion to an unsigned type).
i128 wrap(i128 v, int bits) {
  const i128 m = i128(1) << bits;
  v %= m;
  return v < 0 ? v + m : v;
}

std::string text(i128 v) {
  if (v == 0) return "0";
  const bool neg = v < 0;
  std::string s;
  for (; v != 0; v /= 10) s.insert(s.begin(), static_cast<char>('0' + (neg ? -(v % 10) : v % 10)));
  return neg ? "-" + s : s;
}

// The value in tvlab's int64_t: an unsigned long above 2^63 - 1 is not held.
CInt make(i128 v, int bits, bool u) {
  if (v > INT64_MAX || v < INT64_MIN)
    throw IntError("the value " + text(v) + " is beyond tvlab's 64-bit signed integers");
  return CInt{static_cast<int64_t>(v), bits, u};
}

CInt promoted(const CInt& x) {
  return x;  // every type read is int or wider
}

}  // namespace

std::string int_type_name(const CInt& x) {
  return std::string(x.is_unsigned ? "unsigned " : "") + (x.bits == 32 ? "int" : "long");
}

CInt integer_literal(std::string_view t) {
  std::string s;
  for (char c : t)
    if (c != '\'') s += c;
  std::size_t end = s.size();
  while (end > 0 && std::string_view("uUlLzZ").find(s[end - 1]) != std::string_view::npos) --end;
  const std::string suffix = s.substr(end);
  s.resize(end);
  std::string sfx;
  for (char c : suffix) sfx += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  static const std::set<std::string> forms = {"", "u", "l", "ll", "ul", "lu", "ull", "llu", "z", "uz", "zu"};
  if (!forms.count(sfx) || (sfx.find("ll") != std::string::npos && suffix.find("ll") == std::string::npos &&
                            suffix.find("LL") == std::string::npos))
    throw IntError("not an integer literal (suffix '" + suffix + "')");
  const bool u_suffix = sfx.find('u') != std::string::npos;
  const bool l_suffix = sfx.find('l') != std::string::npos;
  const bool z_suffix = sfx.find('z') != std::string::npos;
  int base = 10;
  std::size_t at = 0;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    base = 16, at = 2;
  else if (s.size() > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
    base = 2, at = 2;
  else if (s.size() > 1 && s[0] == '0')
    base = 8, at = 1;
  if (at >= s.size()) throw IntError("not an integer literal");
  i128 v = 0;
  for (std::size_t k = at; k < s.size(); ++k) {
    const unsigned char c = static_cast<unsigned char>(s[k]);
    const int d = std::isdigit(c) ? c - '0' : std::isxdigit(c) ? std::tolower(c) - 'a' + 10 : 99;
    if (d >= base)
      throw IntError(std::string("not an integer literal (") +
                     (d == 99 ? "floating point and other forms are not read" : "a digit beyond its base") +
                     ")");
    v = v * base + d;
    if (v > hi(64, true)) throw IntError("integer literal out of range (beyond 2^64)");
  }
  // [lex.icon] table 7, LP64: the first type of the list that holds the value.
  struct Ty {
    int bits;
    bool u;
  };
  std::vector<Ty> list;
  const bool decimal = base == 10;
  if (z_suffix)
    list = u_suffix ? std::vector<Ty>{{64, true}} : std::vector<Ty>{{64, false}};
  else if (u_suffix)
    list = l_suffix ? std::vector<Ty>{{64, true}} : std::vector<Ty>{{32, true}, {64, true}};
  else if (l_suffix)
    list = decimal ? std::vector<Ty>{{64, false}} : std::vector<Ty>{{64, false}, {64, true}};
  else
    list = decimal ? std::vector<Ty>{{32, false}, {64, false}}
                   : std::vector<Ty>{{32, false}, {32, true}, {64, false}, {64, true}};
  for (const Ty& ty : list)
    if (fits(v, ty.bits, ty.u)) return make(v, ty.bits, ty.u);
  throw IntError("integer literal out of range (no integer type of its form holds it)");
}

CInt unary_op(const std::string& op, const CInt& x0) {
  const CInt x = promoted(x0);
  if (op == "+") return x;
  if (op == "~") {  // two's complement: -x - 1, within the type (unsigned: its maximum - x)
    const i128 r = -i128(x.v) - 1;
    return make(x.is_unsigned ? wrap(r, x.bits) : r, x.bits, x.is_unsigned);
  }
  const i128 r = -i128(x.v);
  if (x.is_unsigned) return make(wrap(r, x.bits), x.bits, true);
  if (!fits(r, x.bits, false))
    throw IntError("integer overflow: -(" + text(x.v) + ") is beyond " + int_type_name(x));
  return make(r, x.bits, false);
}

CInt binary_op(const std::string& op, const CInt& x0, const CInt& y0) {
  const CInt x = promoted(x0), y = promoted(y0);
  if (op == "<<" || op == ">>") {
    // [expr.shift]: the type is the promoted left operand's; a count below 0 or not below its width is
    // undefined, as is (before C++20) a left shift of a negative value or one whose result the unsigned type
    // does not hold.
    if (y.v < 0) throw IntError("shift by a negative count (" + text(y.v) + ")");
    if (y.v >= x.bits)
      throw IntError("shift count " + text(y.v) + " is not below the width of " + int_type_name(x) + " (" +
                     std::to_string(x.bits) + " bits)");
    if (op == ">>") {
      // A negative value shifts arithmetically (implementation-defined before C++20; GCC's, Clang's and
      // C++20's rounding toward negative infinity).
      return make(i128(x.v) >> y.v, x.bits, x.is_unsigned);
    }
    if (x.is_unsigned) return make(wrap(i128(x.v) << y.v, x.bits), x.bits, true);
    if (x.v < 0) throw IntError("left shift of a negative value (" + text(x.v) + ")");
    const i128 r = i128(x.v) << y.v;
    if (!fits(r, x.bits, true))
      throw IntError("integer overflow: " + text(x.v) + " << " + text(y.v) + " = " + text(r) + " is beyond " +
                     int_type_name(x));
    return make(r > hi(x.bits, false) ? r - (i128(1) << x.bits) : r, x.bits, false);
  }
  // [expr.arith.conv]: the wider type; of one width, unsigned if either is.
  const int bits = x.bits > y.bits ? x.bits : y.bits;
  const bool u =
      x.bits == y.bits ? (x.is_unsigned || y.is_unsigned) : (x.bits > y.bits ? x.is_unsigned : y.is_unsigned);
  const i128 a = u ? wrap(x.v, bits) : i128(x.v), b = u ? wrap(y.v, bits) : i128(y.v);
  i128 r = 0;
  if (op == "&" || op == "|" || op == "^") {
    // Both operands hold values of the common type: the bits of their two's complement, as C++'s.
    const int64_t p = static_cast<int64_t>(a), q = static_cast<int64_t>(b);
    r = op == "&" ? (p & q) : op == "|" ? (p | q) : (p ^ q);
    return make(u ? wrap(r, bits) : r, bits, u);
  }
  if (op == "+")
    r = a + b;
  else if (op == "-")
    r = a - b;
  else if (op == "*")
    r = a * b;
  else if (op == "/" || op == "%") {
    if (b == 0) throw IntError("division by zero");
    r = op == "/" ? a / b : a % b;  // both truncate toward zero, as C++'s
    if (op == "%" && !fits(a / b, bits, u))
      throw IntError("integer overflow: the quotient " + text(a / b) + " is beyond " +
                     int_type_name(CInt{0, bits, u}));
  } else {
    throw IntError("operator " + op + " is not read");
  }
  if (u) return make(wrap(r, bits), bits, true);
  if (!fits(r, bits, false))
    throw IntError("integer overflow: " + text(a) + " " + op + " " + text(b) + " = " + text(r) +
                   " is beyond " + int_type_name(CInt{0, bits, false}) + " (" + std::to_string(bits) +
                   " bits)");
  return make(r, bits, false);
}

CInt converted(const CInt& x, int bits, bool is_unsigned) {
  if (!fits(x.v, bits, is_unsigned))
    throw IntError("the value " + text(x.v) + " does not fit in " +
                   int_type_name(CInt{0, bits, is_unsigned}) + " (" + std::to_string(bits) +
                   " bits): C++ would store it modulo 2^" + std::to_string(bits) + " or refuse it");
  return CInt{x.v, bits, is_unsigned};
}

}  // namespace tvlab::detail
