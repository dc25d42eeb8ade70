#include "tvlab/core/swizzle.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"
#include "tvlab/core/error.hpp"

namespace tvlab {
namespace {
using test::L;

TEST(Swizzle, SeedColumnOfSw333) {
  ComposedLayout c(Swizzle(3, 3, 3), IntTuple(0), L("(8,64):(64,1)"));
  std::string col;
  for (int r = 0; r < 8; ++r) col += (r ? " " : "") + std::to_string(c(IntTuple::tuple({r, 0})));
  EXPECT_EQ(col, "0 72 144 216 288 360 432 504");
}

TEST(Swizzle, MasksAndInvolution) {
  Swizzle s(3, 3, 3);
  EXPECT_EQ(s.yyy_mask(), 0b111000000);
  EXPECT_EQ(s.zzz_mask(), 0b000111000);
  Swizzle n(2, 4, -3);  // negative shift: bits move up
  EXPECT_EQ(n.yyy_mask(), 0b110000);
  EXPECT_EQ(n.zzz_mask(), 0b110000000);
  // A swizzle is its own inverse and a bijection on every aligned block.
  for (const Swizzle& sw : {Swizzle(3, 3, 3), Swizzle(2, 4, 3), Swizzle(3, 4, -4), Swizzle(1, 0, 1)}) {
    std::vector<bool> seen(4096, false);
    for (int64_t i = 0; i < 4096; ++i) {
      EXPECT_EQ(sw(sw(i)), i);
      ASSERT_LT(sw(i), 4096);
      EXPECT_FALSE(seen[sw(i)]);
      seen[sw(i)] = true;
    }
  }
}

TEST(Swizzle, InvalidParametersAreNamed) {
  try {
    Swizzle(3, 3, 2);
    FAIL();
  } catch (const LayoutError& e) {
    EXPECT_EQ(e.condition(), "abs(SShift) must be more than BBits.");
  }
  EXPECT_THROW(Swizzle(-1, 3, 3), LayoutError);
  EXPECT_THROW(Swizzle(3, -1, 3), LayoutError);
  EXPECT_THROW(Swizzle(30, 30, 30), LayoutError);
}

}  // namespace
}  // namespace tvlab
