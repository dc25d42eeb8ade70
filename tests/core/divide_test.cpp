#include "tvlab/core/divide.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"
#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/complement.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/error.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;
using test::T;

// logical_divide(L, T) is L composed with (T, complement(T)): the same function, tile first. Checked on
// power-of-two layouts, where CuTe's divisibility conditions always hold.
TEST(LogicalDivide, PostconditionsOverDomain) {
  int checked = 0;
  for (const Layout& l : test::compact_layouts()) {
    if (!test::power_of_two(l)) continue;
    for (int64_t t : {1, 2, 4}) {
      for (int64_t d : {1, 2}) {
        Layout tile = make_layout(IntTuple(t), IntTuple(d));
        if (size(l) % (t * d) != 0) continue;  // the tile must divide the layout
        Layout r;
        try {
          r = logical_divide(l, Tiler(tile));
        } catch (const LayoutError&) {
          continue;
        }
        Layout full = make_layout({tile, complement(tile, coalesce(l).shape)});
        ASSERT_EQ(size(mode(r, 0)), t) << S(l);
        for (int64_t k = 0; k < std::min(size(r), size(full)); ++k)
          ASSERT_EQ(r(k), l(full(k))) << S(l) << " / " << S(tile);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 300);
}

TEST(Divide, Examples) {
  EXPECT_EQ(S(logical_divide(L("(4,2,3):(2,1,8)"), Tiler(L("4:2")))), "((2,2),(2,3)):((4,1),(2,8))");
  EXPECT_EQ(S(logical_divide(L("24:3"), Tiler(L("4:1")))), "(4,6):(3,12)");
  Tiler t(Tiler::Modes{Tiler(L("3:3")), Tiler(L("(2,4):(1,8)"))});
  const Layout l = L("(9,(4,8)):(59,(13,1))");
  EXPECT_EQ(S(logical_divide(l, t)), "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))");
  EXPECT_EQ(S(zipped_divide(l, t)), "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))");
  EXPECT_EQ(S(tiled_divide(l, t)), "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))");
  EXPECT_EQ(S(flat_divide(l, t)), "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))");
  EXPECT_EQ(S(zipped_divide(L("(8,8):(1,8)"), Tiler::from_shape(T("(2,4)")))),
            "((2,4),(4,2)):((1,8),(2,32))");
  EXPECT_EQ(S(logical_divide(L("(8,8):(1,8)"), Tiler(Tiler::Modes{Tiler(int64_t(4)), Tiler(Underscore{})}))),
            "((4,2),8):((1,4),8)");
  EXPECT_THROW(logical_divide(L("(8,8):(1,8)"), Tiler::from_shape(T("(2,2,2)"))), LayoutError);
}

}  // namespace
}  // namespace tvlab
