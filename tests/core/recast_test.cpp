#include "tvlab/core/recast.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"
#include "tvlab/core/error.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;

TEST(Recast, Examples) {
  EXPECT_EQ(S(upcast(L("(4,8):(8,1)"), 2)), "(4,4):(4,1)");
  EXPECT_EQ(S(upcast(L("(4,8):(1,4)"), 4)), "(1,8):(1,1)");
  EXPECT_EQ(S(upcast(L("(4,8):(0,1)"), 2)), "(4,4):(0,1)");
  EXPECT_EQ(S(downcast(L("(4,4):(4,1)"), 2)), "(4,8):(8,1)");
  EXPECT_EQ(S(downcast(L("(4,8):(1,4)"), 2)), "(8,8):(1,8)");
  EXPECT_EQ(S(recast_layout(L("(4,8):(8,1)"), 16, 32)), "(4,4):(4,1)");
  EXPECT_EQ(S(recast_layout(L("(4,4):(4,1)"), 32, 16)), "(4,8):(8,1)");
  try {
    upcast(L("(4,8):(3,1)"), 2);
    FAIL();
  } catch (const LayoutError& e) {
    EXPECT_EQ(e.condition(), "Divisibility condition");
  }
  EXPECT_THROW(downcast(L("(4,8):(2,8)"), 2), LayoutError);
}

// Narrowing then widening a compact layout gives it back; each wide element covers n narrow ones.
TEST(Recast, RoundTripOverDomain) {
  for (const Layout& l : test::compact_layouts()) {
    if (size(l) == 1) continue;  // no stride-1 mode to narrow
    for (int64_t n : {2, 4}) {
      Layout narrow = downcast(l, n);
      EXPECT_EQ(size(narrow), n * size(l)) << S(l);
      EXPECT_EQ(upcast(narrow, n), l) << S(l) << " -> " << S(narrow);
    }
  }
}

}  // namespace
}  // namespace tvlab
