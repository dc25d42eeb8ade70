// Internal to the C++ configuration reader (cpp_config.cpp): integer constant expressions as C++ evaluates
// them. Each value has C++'s type (int, long, unsigned int, unsigned long on an LP64 host: 32 or 64 bits,
// signed or not); literals take the first type of their form that holds them ([lex.icon]), operators convert
// their operands as C++'s usual arithmetic conversions do ([expr.arith.conv]) and an operation C++ refuses in
// a constant expression (a signed overflow, a division by zero, a shift by a negative count or by the width
// or more, a left shift of a negative value) is an IntError naming why. Unsigned arithmetic wraps, as in C++.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tvlab::detail {

struct CInt {
  int64_t v = 0;
  int bits = 64;  // 32: int / unsigned int; 64: long, long long, int64_t, size_t ...
  bool is_unsigned = false;
};

// What C++ refuses; the reader adds where (the expression and its line and column).
struct IntError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// int, long, unsigned int, unsigned long.
std::string int_type_name(const CInt& x);

// An integer literal: decimal, 0x hexadecimal, 0b binary or 0 octal, digit separators ('), suffixes u, l, ll,
// z in any case and order C++ accepts.
CInt integer_literal(std::string_view text);

// x op y for op in + - * / % << >> & | ^.
CInt binary_op(const std::string& op, const CInt& x, const CInt& y);

// -x, +x or ~x (x promoted).
CInt unary_op(const std::string& op, const CInt& x);

// x as a variable of integer type `bits`/`is_unsigned` holds it: the same value, else an IntError (C++ would
// store another value, modulo 2^bits, or refuse a braced initialiser).
CInt converted(const CInt& x, int bits, bool is_unsigned);

}  // namespace tvlab::detail
