// The C++ reader's integer constant expressions (verify/src/cpp_integers.cpp) against the compiler's own:
// every expected value below is C++ evaluated by the compiler that builds this test, every refusal one that
// C++ refuses in a constant expression.
#include "detail/cpp_integers.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>

namespace tvlab::detail {
namespace {

template <class T>
void expect_is(const CInt& x, T v, const std::string& what) {
  EXPECT_EQ(x.v, static_cast<int64_t>(v)) << what;
  EXPECT_EQ(x.bits, static_cast<int>(8 * sizeof(T))) << what;
  EXPECT_EQ(x.is_unsigned, std::is_unsigned_v<T>) << what;
}

std::string refusal(const std::string& op, const CInt& a, const CInt& b) {
  try {
    (void)binary_op(op, a, b);
  } catch (const IntError& e) {
    return e.what();
  }
  return "";
}

TEST(CppIntegers, LiteralsTakeCxxTypes) {
  // [lex.icon]: the first type of the literal's list that holds it (LP64).
  expect_is(integer_literal("7"), 7, "7");
  expect_is(integer_literal("2147483647"), 2147483647, "INT_MAX");
  expect_is(integer_literal("2147483648"), 2147483648, "INT_MAX + 1 is a long");
  expect_is(integer_literal("0x7fffffff"), 0x7fffffff, "hex int");
  expect_is(integer_literal("0xffffffff"), 0xffffffff, "hex: unsigned int before long");
  expect_is(integer_literal("0x100000000"), 0x100000000, "hex long");
  expect_is(integer_literal("010"), 010, "octal");
  expect_is(integer_literal("0b1010"), 0b1010, "binary");
  expect_is(integer_literal("1'000'000"), 1'000'000, "digit separators");
  expect_is(integer_literal("16u"), 16u, "u");
  expect_is(integer_literal("16U"), 16U, "U");
  expect_is(integer_literal("16l"), 16l, "l");
  expect_is(integer_literal("16LL"), 16LL, "LL");
  expect_is(integer_literal("16ull"), 16ull, "ull");
  expect_is(integer_literal("16LLU"), 16LLU, "LLU");
  expect_is(integer_literal("4294967296u"), 4294967296u, "u beyond unsigned int");
  expect_is(integer_literal("0"), 0, "0");
  for (const char* bad :
       {"08", "0x", "1.5", "1e3", "16lL", "16uu", "99999999999999999999", "9223372036854775808"})
    EXPECT_THROW((void)integer_literal(bad), IntError) << bad;
}

TEST(CppIntegers, ShiftsAsCxx) {
  const CInt one = integer_literal("1"), four = integer_literal("4");
  expect_is(binary_op("<<", one, four), 1 << 4, "1 << 4");
  expect_is(binary_op(">>", integer_literal("256"), four), 256 >> 4, "256 >> 4");
  expect_is(binary_op("<<", one, integer_literal("30")), 1 << 30, "1 << 30");
  expect_is(binary_op("<<", integer_literal("1l"), integer_literal("40")), 1l << 40, "1l << 40");
  expect_is(binary_op("<<", integer_literal("3u"), integer_literal("31")), 3u << 31, "unsigned wraps");
  expect_is(binary_op(">>", unary_op("-", integer_literal("9")), one), -9 >> 1, "-9 >> 1");
  // The type is the left operand's: a long count does not widen it.
  expect_is(binary_op("<<", one, integer_literal("4l")), 1 << 4l, "1 << 4l");
  EXPECT_NE(refusal("<<", one, integer_literal("32")).find("shift count 32 is not below the width of int"),
            std::string::npos);
  EXPECT_NE(refusal("<<", one, unary_op("-", one)).find("shift by a negative count"), std::string::npos);
  EXPECT_NE(refusal("<<", unary_op("-", one), one).find("left shift of a negative value"), std::string::npos);
  EXPECT_NE(refusal("<<", integer_literal("3"), integer_literal("31")).find("integer overflow"),
            std::string::npos);
}

TEST(CppIntegers, OverflowIsRefusedWhereCxxRefusesIt) {
  const CInt max = integer_literal("2147483647"), two = integer_literal("2");
  EXPECT_EQ(refusal("*", max, two), "integer overflow: 2147483647 * 2 = 4294967294 is beyond int (32 bits)");
  EXPECT_NE(refusal("+", max, integer_literal("1")).find("integer overflow"), std::string::npos);
  expect_is(binary_op("*", max, integer_literal("2l")), 2147483647 * 2l, "long arithmetic");
  expect_is(binary_op("+", integer_literal("4294967295u"), integer_literal("1")), 4294967295u + 1, "u wraps");
  expect_is(binary_op("-", integer_literal("0u"), integer_literal("1")), 0u - 1, "u wraps below 0");
  expect_is(binary_op("-", integer_literal("1"), integer_literal("2u")), 1 - 2u, "int converts to unsigned");
  expect_is(binary_op("/", unary_op("-", integer_literal("7")), two), -7 / 2, "truncates");
  expect_is(binary_op("%", unary_op("-", integer_literal("7")), two), -7 % 2, "truncates");
  EXPECT_EQ(refusal("/", max, integer_literal("0")), "division by zero");
  const CInt int_min = binary_op("-", unary_op("-", max), integer_literal("1"));
  expect_is(int_min, std::numeric_limits<int>::min(), "INT_MIN");
  EXPECT_NE(refusal("/", int_min, unary_op("-", integer_literal("1"))).find("integer overflow"),
            std::string::npos);
  EXPECT_NE(refusal("%", int_min, unary_op("-", integer_literal("1"))).find("integer overflow"),
            std::string::npos);
  EXPECT_THROW((void)unary_op("-", int_min), IntError);
}

TEST(CppIntegers, GeneratedIntArithmeticMatchesTheCompilers) {
  // Random int operands (small and near the limits): tvlab's value where int's arithmetic is defined, a
  // refusal exactly where it overflows.
  std::mt19937_64 rng(33);
  const int64_t edges[] = {0, 1, 2, 3, 7, 31, 32, 46341, 65536, 2147483647};
  for (int i = 0; i < 4000; ++i) {
    auto draw = [&]() -> int32_t {
      const int64_t e = edges[rng() % 10];
      const int64_t v =
          (rng() % 2 ? e : static_cast<int64_t>(rng() % 100000)) - static_cast<int64_t>(rng() % 3);
      return static_cast<int32_t>(rng() % 2 ? v : -v);
    };
    const int32_t a = draw(), b = draw();
    const CInt x{a, 32, false}, y{b, 32, false};
    int32_t r = 0;
    const std::string ab = std::to_string(a) + ", " + std::to_string(b);
    if (__builtin_add_overflow(a, b, &r))
      EXPECT_THROW((void)binary_op("+", x, y), IntError) << ab;
    else
      expect_is(binary_op("+", x, y), r, "+ " + ab);
    if (__builtin_sub_overflow(a, b, &r))
      EXPECT_THROW((void)binary_op("-", x, y), IntError) << ab;
    else
      expect_is(binary_op("-", x, y), r, "- " + ab);
    if (__builtin_mul_overflow(a, b, &r))
      EXPECT_THROW((void)binary_op("*", x, y), IntError) << ab;
    else
      expect_is(binary_op("*", x, y), r, "* " + ab);
    if (b != 0 && !(a == std::numeric_limits<int32_t>::min() && b == -1)) {
      expect_is(binary_op("/", x, y), a / b, "/ " + ab);
      expect_is(binary_op("%", x, y), a % b, "% " + ab);
    }
    expect_is(binary_op("&", x, y), a & b, "& " + ab);
    expect_is(binary_op("|", x, y), a | b, "| " + ab);
    expect_is(binary_op("^", x, y), a ^ b, "^ " + ab);
    expect_is(unary_op("~", x), ~a, "~ " + ab);
    const CInt ux{static_cast<uint32_t>(a), 32, true};
    expect_is(unary_op("~", ux), ~static_cast<uint32_t>(a), "~u " + ab);
    expect_is(binary_op("|", ux, y), static_cast<uint32_t>(a) | b, "u| " + ab);
    const int s = static_cast<int>(rng() % 32);
    expect_is(binary_op(">>", x, CInt{s, 32, false}), a >> s, ">> " + ab);
    if (a >= 0 && (static_cast<uint64_t>(a) << s) <= 0xffffffffull)
      expect_is(binary_op("<<", x, CInt{s, 32, false}), static_cast<int32_t>(static_cast<uint32_t>(a) << s),
                "<< " + ab);
    else
      EXPECT_THROW((void)binary_op("<<", x, CInt{s, 32, false}), IntError) << ab << " << " << s;
  }
}

TEST(CppIntegers, ConversionToTheDeclaredType) {
  expect_is(converted(integer_literal("128"), 32, false), 128, "int");
  expect_is(converted(integer_literal("128"), 64, true), std::size_t{128}, "size_t");
  EXPECT_THROW((void)converted(integer_literal("4294967296"), 32, false), IntError);
  EXPECT_THROW((void)converted(unary_op("-", integer_literal("1")), 64, true), IntError);
}

}  // namespace
}  // namespace tvlab::detail
