#include "tvlab/core/divergence.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"
#include "tvlab/core/complement.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/product.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;

// The witness: CuTe's composition((3,2):(16,32), 4:2) is (2,2):(32,32); index 2 maps to 32, A(B(2))
// = 48.
TEST(Divergence, CuteCompositionThatIsNotTheFunction) {
  const Layout a = L("(3,2):(16,32)"), b = L("4:2");
  const Layout r = composition(a, b);
  EXPECT_EQ(S(r), "(2,2):(32,32)");  // CuTe's answer stands
  bool checked = false;
  const auto d = composition_divergence(a, Tiler(b), r, &checked);
  ASSERT_TRUE(d);
  EXPECT_TRUE(checked);
  EXPECT_EQ(d->index, 2);
  EXPECT_EQ(d->got, 32);
  EXPECT_EQ(d->want, 48);
  // A correct one: no divergence, and checked.
  const Layout a2 = L("(10,2):(16,4)"), b2 = L("(5,4):(1,5)");
  EXPECT_FALSE(composition_divergence(a2, Tiler(b2), composition(a2, b2), &checked));
  EXPECT_TRUE(checked);
}

// Independent brute force: the divergence is found exactly when some index of CuTe's result is not A(B(i)),
// over generated pairs (CuTe's divisibility checks reject some; they are skipped), and at the first such
// index.
TEST(Divergence, CompositionAgreesWithBruteForce) {
  int compared = 0, diverged = 0;
  const std::vector<Layout> as = test::generated_layouts();
  const std::vector<Layout> bs = test::injective_layouts();
  for (std::size_t i = 0; i < as.size(); i += 5)
    for (std::size_t j = 0; j < bs.size(); j += 7) {
      Layout r;
      try {
        r = composition(as[i], bs[j]);
      } catch (const LayoutError&) {
        continue;
      }
      int64_t first = -1;
      for (int64_t k = 0; k < size(r) && first < 0; ++k)
        if (r(k) != as[i](bs[j](k))) first = k;
      bool checked = false;
      const auto d = composition_divergence(as[i], Tiler(bs[j]), r, &checked);
      ASSERT_TRUE(checked);
      ASSERT_EQ(d.has_value(), first >= 0) << S(as[i]) << " o " << S(bs[j]) << " = " << S(r);
      if (d) {
        EXPECT_EQ(d->index, first);
      }
      ++compared;
      diverged += first >= 0;
    }
  EXPECT_GT(compared, 1000);
  EXPECT_GT(diverged, 0);  // the domain holds CuTe results that are not the function (390 at this writing)
  RecordProperty("diverged", diverged);
}

TEST(Divergence, DivideAndProductAgreeWithTheirDefinitions) {
  int compared = 0;
  for (const Layout& a : test::compact_layouts())
    for (const char* bt : {"2:1", "4:2", "(2,2):(1,4)", "3:1", "2:3"}) {
      const Layout b = L(bt);
      Layout r;
      try {
        r = logical_divide(a, Tiler(b));
      } catch (const LayoutError&) {
        continue;
      }
      // The definition, by brute force: A o (B, complement(B, size(A))).
      const Layout c = complement(b, size(a));
      const Layout full =
          make_layout(IntTuple::tuple({b.shape, c.shape}), IntTuple::tuple({b.stride, c.stride}));
      bool same = true;
      for (int64_t k = 0; k < size(r); ++k) same = same && r(k) == a(full(k));
      bool checked = false;
      EXPECT_EQ(!logical_divide_divergence(a, Tiler(b), r, &checked).has_value(), same)
          << S(a) << " / " << bt;
      EXPECT_TRUE(checked);
      ++compared;
    }
  for (const Layout& a : test::compact_layouts())
    for (const char* bt : {"2:1", "(2,2):(2,1)", "3:1"}) {
      const Layout b = L(bt);
      Layout r;
      try {
        r = logical_product(a, Tiler(b));
      } catch (const LayoutError&) {
        continue;
      }
      bool checked = false;
      EXPECT_FALSE(logical_product_divergence(a, Tiler(b), r, &checked))
          << S(a) << " x " << bt << " = " << S(r);
      EXPECT_TRUE(checked);
      ++compared;
    }
  EXPECT_GT(compared, 100);
}

// evaluate(text, notices): CuTe's value, and a notice with the witness where it is not the function.
TEST(Divergence, EvaluateReportsIt) {
  std::vector<EvalNotice> notices;
  EXPECT_EQ(to_string(evaluate("composition((3,2):(16,32),4:2)", notices)), "(2,2):(32,32)");
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_EQ(notices[0].subject, "composition");
  EXPECT_EQ(notices[0].column, 1u);
  EXPECT_NE(notices[0].text.find("index 2 of the result maps to 32, but A(B(i))"), std::string::npos)
      << notices[0].text;
  EXPECT_NE(notices[0].text.find("gives 48"), std::string::npos) << notices[0].text;
  notices.clear();
  // Nested: the inner call's notice, at its column; a correct call adds none.
  (void)evaluate("size(composition((3,2):(16,32),4:2))", notices);
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_EQ(notices[0].column, 6u);
  notices.clear();
  (void)evaluate("composition((10,2):(16,4),(5,4):(1,5))", notices);
  (void)evaluate("logical_divide((4,2,3):(2,1,8),4:2)", notices);
  EXPECT_TRUE(notices.empty());
  // nullspace of a swizzled layout: CuTe's _1:_0, and with offset 0 the nullspace the swizzle keeps.
  notices.clear();
  EXPECT_EQ(to_string(evaluate("nullspace(Sw<3,3,3> o (8,64,2):(64,1,0))", notices)), "1:0");
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_NE(notices[0].text.find("so the nullspace is nullspace((8,64,2):(64,1,0)) = 2:512"),
            std::string::npos)
      << notices[0].text;
  notices.clear();
  (void)evaluate("nullspace(Sw<3,3,3> o (8,64):(64,1))", notices);
  EXPECT_TRUE(notices.empty());  // injective: CuTe's _1:_0 is the nullspace
  (void)evaluate("nullspace(Sw<3,3,3> o 7 o (8,64,2):(64,1,0))", notices);
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_NE(notices[0].text.find("with offset 7 tvlab does not compute the nullspace either"),
            std::string::npos);
  // The plain evaluate() is unchanged and silent.
  EXPECT_EQ(to_string(evaluate("composition((3,2):(16,32),4:2)")), "(2,2):(32,32)");
}

}  // namespace
}  // namespace tvlab
