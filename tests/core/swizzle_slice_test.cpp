// slice_and_offset of a swizzled composed layout (CuTe's swizzle_layout.hpp): literal cases worked by hand,
// then brute force over generated swizzles, layouts and slices.
#include <gtest/gtest.h>

#include <random>

#include "test_support.hpp"
#include "tvlab/core/composed_layout.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {
namespace {
using test::L;
using test::T;

int64_t at(const AnyLayout& l, int64_t i) {
  if (auto* p = std::get_if<Layout>(&l)) return (*p)(IntTuple(i)).ival();
  return std::get<ComposedLayout>(l)(IntTuple(i));
}

// Sw<1,0,1> o 0 o (2,2):(1,2), the second mode fixed at 1: the fixed y bit makes the z bit's stride -1,
// offset Sw(2) = 3. Values 3, 2 = Sw(2), Sw(3).
TEST(SwizzleSlice, FoldsWhenTheKeptModesMissTheSwizzledPair) {
  const ComposedLayout c(Swizzle(1, 0, 1), IntTuple(0), L("(2,2):(1,2)"));
  const ComposedSlice r = slice_and_offset(c, L("2:2"), IntTuple(1), L("2:1"));
  EXPECT_EQ(to_string(r.layout), "2:-1");
  EXPECT_EQ(r.offset, 3);
  EXPECT_EQ(to_string(r.dynamic), "1");  // the stride is a run-time value in CuTe
  // At coordinate 0 the y bit is clear: +1, offset 0.
  const ComposedSlice r0 = slice_and_offset(c, L("2:2"), IntTuple(0), L("2:1"));
  EXPECT_EQ(to_string(r0.layout), "2:1");
  EXPECT_EQ(r0.offset, 0);
}

// The kept mode 4:1 reaches both bits of the pair: the swizzle stays, the fixed part's other bits (4) go to
// the offset.
TEST(SwizzleSlice, KeepsTheSwizzleWhenTheKeptModesHitBothBits) {
  const ComposedLayout c(Swizzle(1, 0, 1), IntTuple(0), L("(4,2):(1,4)"));
  const ComposedSlice r = slice_and_offset(c, L("2:4"), IntTuple(1), L("4:1"));
  ASSERT_TRUE(std::holds_alternative<ComposedLayout>(r.layout));
  EXPECT_EQ(to_string(r.layout), "Sw<1,0,1> o 0 o 4:1");
  EXPECT_EQ(r.offset, 4);
}

// Sw<2,3,3> o (32,(8,4)):(32,(1,8)) sliced at row 5 (a run-time int): the 8-element chunk stays contiguous,
// the chunk steps become +8 and -16. CuTe (CUTLASS 4.2.0, host g++) prints ((_8,(_2,_2))):((_1,(8,-16))),
// data + 176; the first two cases above too: (_2):(-1) + 3 and Sw<1,0,1> o _0 o (_4):(_1) + 4.
TEST(SwizzleSlice, TheSm80RowStepsCuTePrints) {
  const ComposedLayout c(Swizzle(2, 3, 3), IntTuple(0), L("(32,(8,4)):(32,(1,8))"));
  // thread 5 fixes row 5 (offset 160); keeps the 8 elements of its row and the 4 row chunks.
  const ComposedSlice r = slice_and_offset(c, L("32:32"), IntTuple(5), L("(8,4):(1,8)"));
  EXPECT_EQ(to_string(r.layout), "(8,(2,2)):(1,(8,-16))");
  EXPECT_EQ(r.offset, 176);
  EXPECT_EQ(to_string(r.dynamic), "(0,(1,1))");
}

TEST(SwizzleSlice, RefusesAFlaggedLayout) {
  const ComposedLayout c = ComposedLayout::smem(Swizzle(3, 4, 3), 16, L("(8,64):(64,1)"));
  EXPECT_THROW(slice_and_offset(c, L("8:64"), IntTuple(1), L("64:1")), LayoutError);
}

// Every generated slice is the swizzled layout restricted to the slice (slice_and_offset checks it and
// throws otherwise; this also evaluates it independently), and folds exactly when the kept modes do not
// reach both bits of a swizzled pair.
TEST(SwizzleSlice, GeneratedSlicesAreTheSwizzledLayout) {
  std::mt19937 rng(22);
  int folded = 0, kept = 0;
  for (int n = 0; n < 400; ++n) {
    const int b = 1 + int(rng() % 3), m = int(rng() % 4), s = b + int(rng() % 3);
    const Swizzle sw(b, m, rng() % 4 == 0 ? -s : s);
    // A column-major (rows, cols) tile of powers of two, the rows' mode fixed at a random row.
    const int64_t rows = int64_t{1} << (1 + rng() % 5), cols = int64_t{1} << (1 + rng() % 6);
    const bool row_major = rng() % 2;
    const Layout tile = row_major ? make_layout(make_shape(rows, cols), make_stride(cols, 1))
                                  : make_layout(make_shape(rows, cols), make_stride(1, rows));
    const ComposedLayout c(sw, IntTuple(0), tile);
    const int64_t row = int64_t(rng() % uint64_t(rows));
    const Layout diced = mode(tile, 0), sliced = mode(tile, 1);
    ComposedSlice r;
    ASSERT_NO_THROW(r = slice_and_offset(c, diced, IntTuple(row), sliced))
        << to_string(AnyLayout(c)) << " row " << row;
    for (int64_t j = 0; j < cols; ++j)
      ASSERT_EQ(at(r.layout, j) + r.offset, sw(tile(IntTuple::tuple({row, j})).ival()))
          << to_string(AnyLayout(c)) << " row " << row << " col " << j;
    (std::holds_alternative<Layout>(r.layout) ? folded : kept)++;
  }
  EXPECT_GT(folded, 50);
  EXPECT_GT(kept, 50);
}

}  // namespace
}  // namespace tvlab
