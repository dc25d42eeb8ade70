#include "tvlab/core/complement.hpp"

#include <gtest/gtest.h>

#include <set>

#include "test_support.hpp"
#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/error.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;
using test::T;

// CuTe's complement postconditions for an injective L and an integer cotarget:
//  R is strictly increasing, R never hits L's image, (L, R) is injective, size(R) >= cotarget / size(L),
//  and (L, R) together reach at least the cotarget.
void check_complement(const Layout& l, int64_t cotarget) {
  Layout r = complement(l, IntTuple(cotarget));
  auto img = test::image(l);
  std::set<int64_t> in_l(img.begin(), img.end());
  for (int64_t i = 1; i < size(r); ++i) ASSERT_LT(r(i - 1), r(i)) << S(l) << " -> " << S(r);
  for (int64_t i = 1; i < size(r); ++i)
    ASSERT_FALSE(in_l.count(r(i))) << S(l) << " -> " << S(r) << " at " << i;
  Layout both = make_layout({l, r});
  EXPECT_TRUE(test::is_injective(both)) << S(l) << " -> " << S(r);
  EXPECT_GE(size(r), cotarget / size(filter(l))) << S(l) << " -> " << S(r);
  EXPECT_GE(cosize(both), cotarget) << S(l) << " -> " << S(r);
}

TEST(Complement, PostconditionsOverDomain) {
  for (const Layout& l : test::injective_layouts()) {
    check_complement(l, cosize(l));
    check_complement(l, 2 * cosize(l));
  }
}

TEST(Complement, Examples) {
  EXPECT_EQ(S(complement(L("4:2"), T("24"))), "(2,3):(1,8)");
  EXPECT_EQ(S(complement(L("(2,2):(1,6)"))), "3:2");
  EXPECT_EQ(S(complement(L("(2,4):(1,6)"))), "3:2");
  EXPECT_EQ(S(complement(L("4:1"), T("24"))), "6:4");
  EXPECT_EQ(S(complement(L("(2,4):(1,6)"), T("48"))), "(3,2):(2,24)");
  EXPECT_EQ(S(complement(L("4:0"), T("8"))), "8:1");
  EXPECT_EQ(S(complement(L("1:0"), T("1"))), "1:0");
  EXPECT_EQ(S(complement(L("4:2"), T("(4,2,3)"))), "(2,3):(1,8)");
}

TEST(Complement, NonInjectiveIsNamed) {
  try {
    complement(L("(2,2):(1,1)"));
    FAIL();
  } catch (const LayoutError& e) {
    EXPECT_EQ(e.condition(), "Non-injective Layout detected in complement.");
  }
}

}  // namespace
}  // namespace tvlab
