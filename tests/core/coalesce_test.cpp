#include "tvlab/core/coalesce.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;
using test::T;

// @post size(R) == size(L), depth(R) <= 1, R(i) == L(i) for all i < size(L).
void check_coalesce(const Layout& l) {
  Layout r = coalesce(l);
  ASSERT_EQ(size(r), size(l)) << S(l);
  EXPECT_LE(depth(r), 1) << S(l);
  for (int64_t i = 0; i < size(l); ++i) ASSERT_EQ(r(i), l(i)) << S(l) << " -> " << S(r) << " at " << i;
  EXPECT_EQ(coalesce(r), r) << "coalesce is idempotent: " << S(l);
}

TEST(Coalesce, PostconditionsOverDomain) {
  for (const Layout& l : test::generated_layouts()) check_coalesce(l);
}

TEST(Coalesce, Examples) {
  EXPECT_EQ(S(coalesce(L("(2,(1,6)):(1,(6,2))"))), "12:1");
  EXPECT_EQ(S(coalesce(L("(2,4):(1,2)"))), "8:1");
  EXPECT_EQ(S(coalesce(L("(2,4):(1,6)"))), "(2,4):(1,6)");
  EXPECT_EQ(S(coalesce(L("(4,1):(1,0)"))), "4:1");
  EXPECT_EQ(S(coalesce(L("(1,1):(5,7)"))), "1:0");
  EXPECT_EQ(S(coalesce(L("(2,2):(0,0)"))), "4:0");
  EXPECT_EQ(S(coalesce(L("(4):(1)"))), "4:1");
  EXPECT_EQ(S(coalesce(L("((2,4),(2,4)):((1,2),(16,32))"), T("(1,1)"))), "(8,8):(1,16)");
  EXPECT_EQ(S(coalesce(L("((2,4),(2,4),3):((1,2),(16,32),7)"), T("(1,1)"))), "(8,8,3):(1,16,7)");
  EXPECT_EQ(S(coalesce(L("(2,(1,6)):(1,(6,2))"), T("1"))), "12:1");
  EXPECT_EQ(S(coalesce(T("(2,(3,4))"))), "24");
}

// Fuzzing found right_inverse(()) reading past the empty layout's single node (a Boost assertion).
TEST(Coalesce, EmptyLayoutIsOneColonZero) {
  EXPECT_EQ(S(coalesce(L("():()"))), "1:0");
}

TEST(Coalesce, CoalesceXPreservesTheFunctionOutsideTheDomain) {
  EXPECT_EQ(S(detail::coalesce_x(L("(4,1):(1,0)"))), "(4,2):(1,0)");
  EXPECT_EQ(S(detail::coalesce_x(L("(4,1):(1,4)"))), "8:1");
  EXPECT_EQ(S(detail::coalesce_x(L("(4,8):(1,4)"))), "32:1");
}

TEST(Filter, RemovesStrideZeroAndSizeOne) {
  EXPECT_EQ(S(filter(L("(2,3,4):(0,1,3)"))), "12:1");
  EXPECT_EQ(S(filter(L("(4,2):(0,0)"))), "1:0");
  EXPECT_EQ(S(filter_zeros(L("(2,3):(0,1)"))), "(1,3):(0,1)");
  for (const Layout& l : test::generated_layouts()) {
    Layout f = filter(l);
    for (const Scalar& d : leaves(f.stride)) EXPECT_TRUE(size(f) == 1 || !d.is(0)) << S(l);
  }
}

}  // namespace
}  // namespace tvlab
