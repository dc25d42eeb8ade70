#include "tvlab/core/composition.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"
#include "tvlab/core/error.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;
using test::T;

// CuTe's compatible(B, R): every mode of B's shape has the size of R's corresponding mode.
bool compatible(const IntTuple& b, const IntTuple& r) {
  if (b.is_leaf()) return b.ival() == product(r);
  if (!r.is_tuple() || r.size() != b.size()) return false;
  for (int i = 0; i < b.size(); ++i)
    if (!compatible(b[i], r[i])) return false;
  return true;
}

// @post compatible(B, R) and R(i) == A(B(i)) for every i in the domain of B.
void check_composition(const Layout& a, const Layout& b, const Layout& r) {
  ASSERT_TRUE(compatible(b.shape, r.shape)) << S(a) << " o " << S(b) << " = " << S(r);
  for (int64_t i = 0; i < size(b); ++i)
    ASSERT_EQ(r(i), a(b(i))) << S(a) << " o " << S(b) << " = " << S(r) << " at " << i;
}

// Power-of-two layouts (shapes and strides) always satisfy CuTe's divisibility conditions, so every pair
// composes and the postcondition must hold on the whole domain of B.
TEST(Composition, PostconditionsOverPowerOfTwoDomain) {
  std::vector<Layout> as, bs;
  for (const Layout& l : test::generated_layouts())
    if (test::power_of_two(l)) as.push_back(l);
  for (const Layout& l : test::compact_layouts())
    if (test::power_of_two(l)) bs.push_back(l);
  int composed = 0;
  for (std::size_t i = 0; i < as.size(); i += 3)
    for (std::size_t j = 0; j < bs.size(); j += 2) {
      check_composition(as[i], bs[j], composition(as[i], bs[j]));
      ++composed;
    }
  EXPECT_GT(composed, 1000);
}

// Over the general domain CuTe checks only its "weak" divisibility conditions: a pair either composes
// into a layout compatible with B, or is refused by a named condition; nothing else escapes.
TEST(Composition, RefusalsAreNamedOverDomain) {
  auto as = test::generated_layouts();
  auto bs = test::compact_layouts();
  int composed = 0, refused = 0;
  for (std::size_t i = 0; i < as.size(); i += 7) {
    for (std::size_t j = 0; j < bs.size(); j += 5) {
      const Layout &a = as[i], &b = bs[j];
      try {
        Layout r = composition(a, b);
        EXPECT_TRUE(compatible(b.shape, r.shape)) << S(a) << " o " << S(b) << " = " << S(r);
        ++composed;
      } catch (const LayoutError& e) {
        const std::string c = e.condition();
        EXPECT_TRUE(c == "Stride Divisibility Condition" || c == "Shape Divisibility Condition") << c;
        ++refused;
      }
    }
  }
  EXPECT_GT(composed, 500);
  EXPECT_GT(refused, 10);
}

// The plain-integer fast path (coalesced lhs in int64 arrays, 32-bit arithmetic below 2^31) and the general
// path it falls back to (a scaled basis, more than 16 coalesced modes): size-1 modes, negative strides,
// shapes past 2^31 and many-mode left operands, each against brute force.
TEST(Composition, FastPathEdgesMatchBruteForce) {
  const char* cases[][2] = {
      {"(1,4,1,8):(3,1,0,4)", "(4,8):(8,1)"},
      {"(4,1):(1,0)", "(2,4):(1,2)"},
      {"1:0", "(4,2):(0,1)"},
      {"(4,8):(-1,4)", "(2,16):(16,1)"},
      {"(8,4):(4,-32)", "(4,(2,4)):(8,(1,2))"},
      {"(3,5,7):(1,3,15)", "(5,7):(3,15)"},
      {"((2,2),(2,2),(2,2),(2,2),(2,2),(2,2),(2,2),(2,2),(2,2)):((1,3),(9,27),(81,243),(729,2187),(6561,19683),"
       "(59049,177147),(531441,1594323),(4782969,14348907),(43046721,129140163))",
       "(64,(4,32)):(1,(4096,64))"},
  };
  for (const auto& [a, b] : cases) {
    const Layout la = L(a), lb = L(b);
    check_composition(la, lb, composition(la, lb));
  }
  // Past 2^31: the 64-bit arithmetic; checked at the ends and a spread of indices.
  const Layout big = L("(4294967296,4):(1,4294967296)"), rhs = L("(2,8589934592):(8589934592,1)");
  const Layout r = composition(big, rhs);
  ASSERT_TRUE(compatible(rhs.shape, r.shape)) << S(r);
  for (int64_t i : {int64_t(0), int64_t(1), int64_t(2), int64_t(12345678901), size(rhs) - 1})
    EXPECT_EQ(r(i), big(rhs(i))) << S(r) << " at " << i;
}

TEST(Composition, Examples) {
  EXPECT_EQ(S(composition(L("(10,2):(16,4)"), L("(5,4):(1,5)"))), "(5,(2,2)):(16,(80,4))");
  EXPECT_EQ(S(composition(L("(6,2):(8,2)"), L("(4,3):(3,1)"))), "((2,2),3):((24,2),8)");
  EXPECT_EQ(S(composition(L("20:2"), L("(5,4):(4,1)"))), "(5,4):(8,2)");
  EXPECT_EQ(S(composition(L("(4,4):(4,1)"), L("(2,2):(1,2)"))), "(2,2):(4,8)");
  EXPECT_EQ(
      S(composition(L("(12,(4,8)):(59,(13,1))"), Tiler(Tiler::Modes{Tiler(L("3:4")), Tiler(L("8:2"))}))),
      "(3,(2,4)):(236,(26,1))");
  EXPECT_EQ(S(composition(L("(4,8):(8,1)"), Tiler(int64_t(8)))), "(4,2):(8,1)");
  EXPECT_EQ(S(composition(L("(4,8,3):(8,1,32)"), Tiler::from_shape(T("(2,4)")))), "(2,4):(8,1)");
  EXPECT_EQ(S(composition(L("(4,8):(8,1)"), Tiler(Underscore{}))), "(4,8):(8,1)");
  EXPECT_EQ(S(with_shape(L("32:1"), T("(4,8)"))), "(4,8):(1,4)");
  // A stride-0 mode of B and a scaled-basis B.
  EXPECT_EQ(S(composition(L("(4,8):(8,1)"), L("(2,3):(0,1)"))), "(2,3):(0,8)");
  EXPECT_EQ(S(composition(L("(4,8):(8,1)"), L("(2,4):(1@1,1@0)"))), "(2,4):(1,8)");
  EXPECT_EQ(S(composition(make_identity_layout(T("(4,8)")), L("(2,4):(1,8)"))), "(2,4):(1@0,2@1)");
}

TEST(Composition, ViolatedConditionsAreNamed) {
  try {
    composition(L("(4,3):(1,8)"), L("2:6"));
    FAIL() << "accepted a stride that does not divide";
  } catch (const LayoutError& e) {
    EXPECT_EQ(e.condition(), "Stride Divisibility Condition");
    EXPECT_NE(std::string(e.what()).find("composition((4,3):(1,8), 2:6)"), std::string::npos) << e.what();
  }
  try {
    composition(L("(4,3):(1,8)"), L("6:1"));
    FAIL() << "accepted a shape that does not divide";
  } catch (const LayoutError& e) {
    EXPECT_EQ(e.condition(), "Shape Divisibility Condition");
  }
}

}  // namespace
}  // namespace tvlab
