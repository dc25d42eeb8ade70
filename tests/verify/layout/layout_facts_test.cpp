#include "tvlab/verify/layout/layout_facts.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "test_support.hpp"
#include "tvlab/core/coalesce.hpp"

namespace tvlab {
namespace {
using test::L;

TEST(LayoutFacts, InjectiveLiterals) {
  Decision d = decide_injective(L("(16,8):(8,1)"));
  EXPECT_EQ(d.verdict, Verdict::Proved);
  EXPECT_EQ(d.method, "algebra");
  d = decide_injective(L("(4,2):(1,2)"));
  EXPECT_EQ(d.verdict, Verdict::Refuted);
  ASSERT_TRUE(d.index_a && d.index_b);
  EXPECT_EQ(L("(4,2):(1,2)")(*d.index_a), L("(4,2):(1,2)")(*d.index_b));
  d = decide_injective(L("(16,2):(1,0)"));  // broadcast: refuted at once, index 16 meets index 0
  EXPECT_EQ(d.verdict, Verdict::Refuted);
  EXPECT_EQ(*d.index_b, 16);
  // Overlapping power-of-two strides: decided by GF(2) rank, not by the stride test.
  d = decide_injective(L("(2,2,2):(4,1,2)"));
  EXPECT_EQ(d.verdict, Verdict::Proved);
  d = decide_injective(L("(3,2):(2,3)"));  // overlapping, not power-of-two: enumeration, injective
  EXPECT_EQ(d.verdict, Verdict::Proved);
  EXPECT_EQ(d.method, "enumeration");
}

TEST(LayoutFacts, CompactLiterals) {
  Decision d = decide_compact(L("((8,4),2):((1,16),8)"));
  EXPECT_EQ(d.verdict, Verdict::Proved);
  d = decide_compact(L("(4,8):(1,8)"));  // gap: 4..7 never reached
  EXPECT_EQ(d.verdict, Verdict::Refuted);
  EXPECT_EQ(*d.index_a, 4);
  d = decide_compact(L("(4,2):(-1,4)"));  // negative strides: values outside [0,8)
  EXPECT_EQ(d.verdict, Verdict::Refuted);
}

TEST(LayoutFacts, EqualLiterals) {
  EXPECT_EQ(decide_equal(L("(4,8):(1,4)"), L("32:1")).verdict, Verdict::Proved);
  EXPECT_EQ(decide_equal(L("((2,2),8):((1,2),4)"), L("(4,(2,4)):(1,(4,8))")).verdict, Verdict::Proved);
  const Decision d = decide_equal(L("(4,8):(1,4)"), L("(4,8):(8,1)"));
  EXPECT_EQ(d.verdict, Verdict::Refuted);
  EXPECT_EQ(*d.index_a, 1);
  EXPECT_EQ(decide_equal(L("(3,4):(1,3)"), L("(2,6):(1,2)")).method, "enumeration");
}

// Symbolic verdicts against enumeration, on generated layouts with random strides.
TEST(LayoutFacts, CrossCheckAgainstEnumeration) {
  std::mt19937 rng(7);
  const std::vector<int64_t> extents{1, 2, 3, 4, 8};
  const std::vector<int64_t> strides{0, 1, 2, 3, 4, 6, 8, 16, 32};
  int checked = 0, symbolic = 0;
  for (int iter = 0; iter < 600; ++iter) {
    const int r = 1 + int(rng() % 4);
    TupleBuilder sh, st;
    for (int i = 0; i < r; ++i) {
      sh.push(IntTuple(extents[rng() % extents.size()]));
      st.push(IntTuple(strides[rng() % strides.size()]));
    }
    const Layout l(sh.build(), st.build());
    std::set<int64_t> image;
    bool injective = true;
    int64_t top = 0;
    for (int64_t i = 0; i < size(l); ++i) {
      injective = image.insert(l(i)).second && injective;
      top = std::max(top, l(i));
    }
    const Decision di = decide_injective(l);
    ASSERT_NE(di.verdict, Verdict::Unknown) << test::S(l);
    ASSERT_EQ(di.verdict == Verdict::Proved, injective) << test::S(l);
    if (!injective) {
      ASSERT_TRUE(di.index_a && di.index_b) << test::S(l);
      ASSERT_NE(*di.index_a, *di.index_b);
      ASSERT_EQ(l(*di.index_a), l(*di.index_b)) << test::S(l);
    }
    const bool compact = injective && top + 1 == size(l);
    const Decision dc = decide_compact(l);
    ASSERT_EQ(dc.verdict == Verdict::Proved, compact) << test::S(l);
    if (!compact && injective && dc.index_a) {
      ASSERT_EQ(image.count(*dc.index_a), 0u) << test::S(l);
    }
    symbolic += di.method != "enumeration";
    // Equality against the coalesced form (same function) and a perturbed one.
    ASSERT_EQ(decide_equal(l, coalesce(l)).verdict, Verdict::Proved) << test::S(l);
    ++checked;
  }
  EXPECT_EQ(checked, 600);
  EXPECT_GT(symbolic, 300);  // most are decided from the algebra
}

}  // namespace
}  // namespace tvlab
