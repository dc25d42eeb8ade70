#include "tvlab/core/product.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"
#include "tvlab/core/error.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;
using test::T;

// logical_product(A, B): mode 0 is A, mode 1 repeats A over B; for compact A and B the product is
// injective and covers size(A)*size(B) indices.
TEST(LogicalProduct, PostconditionsOverDomain) {
  auto ls = test::compact_layouts();
  for (std::size_t i = 0; i < ls.size(); i += 9) {
    for (std::size_t j = 0; j < ls.size(); j += 17) {
      const Layout &a = ls[i], &b = ls[j];
      Layout r = logical_product(a, Tiler(b));
      ASSERT_EQ(mode(r, 0), a);
      ASSERT_EQ(size(r), size(a) * size(b)) << S(a) << " x " << S(b);
      EXPECT_TRUE(test::is_injective(r)) << S(a) << " x " << S(b) << " = " << S(r);
      EXPECT_EQ(cosize(r), size(r)) << S(a) << " x " << S(b) << " = " << S(r);
      // blocked and raked products are the same set of indices, rearranged mode by mode (CuTe compiles them
      // only where zip's modes have equal ranks; elsewhere "Mismatched ranks", never a smaller layout).
      Layout bp, rp;
      try {
        bp = blocked_product(a, b), rp = raked_product(a, b);
      } catch (const LayoutError& e) {
        EXPECT_EQ(e.condition(), "Mismatched ranks") << S(a) << " x " << S(b);
        continue;
      }
      ASSERT_EQ(size(bp), size(r)) << S(a) << " x " << S(b) << " = " << S(bp);
      ASSERT_EQ(rank(bp), std::max(rank(a), rank(b))) << S(a) << " x " << S(b) << " = " << S(bp);
      auto ir = test::image(r), ib = test::image(bp), ik = test::image(rp);
      std::sort(ir.begin(), ir.end()), std::sort(ib.begin(), ib.end()), std::sort(ik.begin(), ik.end());
      EXPECT_EQ(ir, ib) << S(a) << " x " << S(b);
      EXPECT_EQ(ir, ik) << S(a) << " x " << S(b);
    }
  }
}

// Rank-1 tuple operands ((5):(2), ((2,3)):((1,2)), ...) on either side: the products keep every mode (CuTe's
// zip refuses a rank-1 tuple beside a rank-2 one, "Mismatched ranks"; never a product missing a mode).
TEST(Product, RankOneTupleOperands) {
  std::vector<Layout> ones;
  for (const char* t : {"(5):(2)", "(4):(1)", "((2,3)):((1,2))", "((2,2)):((2,1))", "(1):(0)"})
    ones.push_back(L(t));
  const auto others = test::compact_layouts();
  int refused = 0, built = 0;
  for (const Layout& one : ones)
    for (std::size_t j = 0; j < others.size(); j += 7)
      for (const bool one_first : {true, false}) {
        const Layout &a = one_first ? one : others[j], &b = one_first ? others[j] : one;
        Layout r;
        try {
          r = logical_product(a, Tiler(b));
        } catch (const LayoutError& e) {  // (5):(2) has gaps: its complement need not divide B (CuTe's too)
          EXPECT_NE(std::string(e.condition()).find("Divisibility"), std::string::npos)
              << S(a) << " x " << S(b);
          continue;
        }
        ASSERT_EQ(size(r), size(a) * size(b)) << S(a) << " x " << S(b) << " = " << S(r);
        ASSERT_EQ(mode(r, 0), a);
        for (auto* f : {&blocked_product, &raked_product}) {
          Layout p;
          try {
            p = (*f)(a, b);
          } catch (const LayoutError& e) {
            EXPECT_EQ(e.condition(), "Mismatched ranks") << S(a) << " x " << S(b);
            ++refused;
            continue;
          }
          ++built;
          ASSERT_EQ(size(p), size(a) * size(b)) << S(a) << " x " << S(b) << " = " << S(p);
          ASSERT_EQ(rank(p), std::max(rank(a), rank(b))) << S(a) << " x " << S(b) << " = " << S(p);
          auto ir = test::image(r), ip = test::image(p);
          std::sort(ir.begin(), ir.end()), std::sort(ip.begin(), ip.end());
          EXPECT_EQ(ir, ip) << S(a) << " x " << S(b);
        }
      }
  EXPECT_GT(refused, 0);
  EXPECT_GT(built, 0);
}

TEST(Product, Examples) {
  EXPECT_EQ(S(logical_product(L("4:1"), Tiler(int64_t(3)))), "(4,3):(1,4)");
  EXPECT_EQ(S(logical_product(L("(2,2):(4,1)"), Tiler(L("6:1")))), "((2,2),(2,3)):((4,1),(2,8))");
  EXPECT_EQ(S(logical_product(L("(2,2):(4,1)"), Tiler(L("(4,2):(2,1)")))), "((2,2),(4,2)):((4,1),(8,2))");
  EXPECT_EQ(S(blocked_product(L("(2,5):(5,1)"), L("(3,4):(1,3)"))), "((2,3),(5,4)):((5,10),(1,30))");
  EXPECT_EQ(S(raked_product(L("(2,5):(5,1)"), L("(3,4):(1,3)"))), "((3,2),(4,5)):((10,5),(30,1))");
  // CuTe: static_assert "Mismatched Ranks" in zip ((5) beside (2,2)); tvlab once printed ((5,2)):((2,1)).
  for (auto* f : {&blocked_product, &raked_product}) {
    try {
      (void)(*f)(L("(5):(2)"), L("4:1"));
      FAIL();
    } catch (const LayoutError& e) {
      EXPECT_EQ(e.condition(), "Mismatched ranks");
      EXPECT_NE(std::string(e.what()).find("zip of tuples of different ranks"), std::string::npos)
          << e.what();
    }
  }
  EXPECT_EQ(S(zipped_product(L("(2,5):(5,1)"), Tiler::from_shape(T("(3,4)")))),
            "((2,5),(3,4)):((5,1),(1,5))");
  EXPECT_EQ(S(tiled_product(L("(2,5):(5,1)"), Tiler::from_shape(T("(3,4)")))), "((2,5),3,4):((5,1),1,5)");
  EXPECT_EQ(S(flat_product(L("(2,5):(5,1)"), Tiler::from_shape(T("(3,4)")))), "(2,5,3,4):(5,1,1,5)");
  EXPECT_EQ(S(tile_to_shape(L("(2,2):(1,2)"), T("(4,6)"))), "((2,2),(2,3)):((1,4),(2,8))");
  EXPECT_EQ(S(tile_to_shape(L("(2,2):(1,2)"), T("(4,6)"), Major::Right)), "((2,2),(2,3)):((1,12),(2,4))");
  EXPECT_EQ(S(tile_to_shape(L("(2,2):(1,2)"), T("(4,6)"), T("(1,0)"))), "((2,2),(2,3)):((1,12),(2,4))");
  try {
    tile_to_shape(L("(2,2):(1,2)"), T("(5,6)"));
    FAIL();
  } catch (const LayoutError& e) {
    EXPECT_EQ(e.condition(), "tile_to_shape: block shape does not divide the target shape.");
  }
  EXPECT_THROW(tile_to_shape(L("(2,2,2):(1,2,4)"), T("(4,6)")), LayoutError);
}

}  // namespace
}  // namespace tvlab
