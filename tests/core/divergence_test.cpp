#include "tvlab/core/divergence.hpp"

#include <gtest/gtest.h>

#include <random>

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

namespace tvlab {
namespace {
using test::L;
using test::S;

// Random layouts for the structural property test: flat or one level nested, sizes 1..6, small strides
// (negative ones where `negative`).
Layout random_layout(std::mt19937_64& rng, bool negative) {
  static const int64_t sizes[] = {1, 2, 2, 3, 4, 4, 6, 8};
  static const int64_t strides[] = {0, 1, 1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 32, -1, -3};
  const int rank = 1 + static_cast<int>(rng() % 3);
  TupleBuilder sb, db;
  for (int k = 0; k < rank; ++k) {
    const bool nest = rng() % 5 == 0;
    TupleBuilder s2, d2;
    for (int j = 0; j < (nest ? 2 : 1); ++j) {
      const int64_t s = sizes[rng() % 8];
      int64_t d = strides[rng() % (negative ? 15 : 13)];
      (nest ? s2 : sb).push(IntTuple(s));
      (nest ? d2 : db).push(IntTuple(d));
    }
    if (nest) {
      sb.push(s2.build());
      db.push(d2.build());
    }
  }
  return Layout(sb.build(), db.build());
}

// A layout's (shape, stride) leaves.
std::vector<std::pair<int64_t, int64_t>> flat_leaves(const Layout& l) {
  std::vector<std::pair<int64_t, int64_t>> out;
  for (const auto& n : l.shape.nodes())
    if (n.rank < 0) out.push_back({n.value.value, 0});
  std::size_t k = 0;
  for (const auto& n : l.stride.nodes())
    if (n.rank < 0) out[k++].second = n.value.value;
  return out;
}

// The flat layout of l's shape leaves with strides stride(k, l's stride k).
template <class F>
Layout with_strides(const Layout& l, F&& stride) {
  TupleBuilder sb, db;
  const auto ls = flat_leaves(l);
  for (std::size_t k = 0; k < ls.size(); ++k) {
    sb.push(IntTuple(ls[k].first));
    db.push(IntTuple(stride(k, ls[k].second)));
  }
  return Layout(sb.build(), db.build());
}

// Brute force, by Layout's own evaluation (an independent path): the first i < size(R) with R(i) != F(G(i)).
int64_t first_brute_difference(const Layout& f, const Layout& g, const Layout& r) {
  for (int64_t i = 0; i < size(r); ++i)
    if (r(i) != f(g(i))) return i;
  return -1;
}

// The structural decision against brute force over thousands of generated (F, G, R): R is CuTe's
// composition (where it accepts), a random layout of G's shape, or CuTe's result with one stride changed.
// Proven equal => brute force finds no difference; refuted => the witness is the first real difference.
// Mutation control: every proven-equal R with one stride of a size>1 leaf changed must be refuted (the
// canonical form is unique, so it is another function), with a real witness.
TEST(Divergence, StructureAgreesWithBruteForce) {
  std::mt19937_64 rng(36);
  int equal = 0, differs = 0, undecided = 0, mutants = 0, cute_results = 0, cute_decided = 0;
  for (int n = 0; n < 20000; ++n) {
    const Layout f = random_layout(rng, true), g = random_layout(rng, false);
    std::vector<Layout> rs;
    try {
      rs.push_back(composition(f, g));
    } catch (const LayoutError&) {
    }
    rs.push_back(with_strides(g, [&](std::size_t, int64_t) { return int64_t(rng() % 17); }));
    for (std::size_t ri = 0; ri < rs.size(); ++ri) {
      const Layout& r = rs[ri];
      const bool cute = ri == 0 && rs.size() == 2;
      const DivergenceCheck c = detail::structural_composition(f, g, r);
      const int64_t first = first_brute_difference(f, g, r);
      if (c.verdict == DivergenceVerdict::Equal) {
        ASSERT_EQ(first, -1) << S(f) << " o " << S(g) << " vs " << S(r);
        ASSERT_EQ(c.evaluated, 0);
        ++equal;
        // Mutation control: one stride of a size>1 leaf changed.
        std::size_t at = 0;
        const std::vector<std::pair<int64_t, int64_t>> lr = flat_leaves(r);
        while (at < lr.size() && lr[at].first == 1) ++at;
        if (at == lr.size()) continue;
        const Layout m = with_strides(r, [&](std::size_t k, int64_t d) { return k == at ? d + 7 : d; });
        const DivergenceCheck cm = detail::structural_composition(f, g, m);
        ASSERT_EQ(cm.verdict, DivergenceVerdict::Differs) << S(f) << " o " << S(g) << " vs mutant " << S(m);
        ASSERT_EQ(cm.witness->index, first_brute_difference(f, g, m));
        ++mutants;
      } else if (c.verdict == DivergenceVerdict::Differs) {
        ASSERT_TRUE(c.witness);
        ASSERT_EQ(c.witness->index, first) << S(f) << " o " << S(g) << " vs " << S(r);
        ASSERT_EQ(c.witness->got, r(first));
        ASSERT_EQ(c.witness->want, f(g(first)));
        ++differs;
      } else {
        ++undecided;
      }
      if (cute) {
        ++cute_results;
        cute_decided += c.verdict != DivergenceVerdict::NotDecided;
      }
    }
  }
  RecordProperty("equal", equal);
  RecordProperty("differs", differs);
  RecordProperty("undecided", undecided);
  EXPECT_GT(equal, 3000);
  EXPECT_GT(differs, 3000);
  EXPECT_GT(mutants, 3000);
  // The structure decides most of CuTe's results (the rest is compared index by index); random R of
  // random pairs are often no layout's function at all, which the structure does not decide.
  RecordProperty("cute_results", cute_results);
  RecordProperty("cute_decided", cute_decided);
  EXPECT_GT(cute_decided, 4 * (cute_results - cute_decided)) << cute_decided << " of " << cute_results;
}

// The whole check (structure, else every index) against brute force on CuTe's results: the verdict is
// never NotDecided at these sizes, and the witness is the first difference.
TEST(Divergence, CheckAgreesWithBruteForceOnCuteResults) {
  std::mt19937_64 rng(3636);
  int compared = 0;
  for (int n = 0; n < 20000; ++n) {
    const Layout f = random_layout(rng, false), g = random_layout(rng, false);
    Layout r;
    try {
      r = composition(f, g);
    } catch (const LayoutError&) {
      continue;
    }
    const DivergenceCheck c = check_composition(f, Tiler(g), r);
    const int64_t first = first_brute_difference(f, g, r);
    ASSERT_NE(c.verdict, DivergenceVerdict::NotDecided) << S(f) << " o " << S(g);
    ASSERT_EQ(c.verdict == DivergenceVerdict::Differs, first >= 0) << S(f) << " o " << S(g) << " = " << S(r);
    if (first >= 0) {
      ASSERT_EQ(c.witness->index, first);
    }
    ++compared;
  }
  EXPECT_GT(compared, 5000);
}

// logical_divide and logical_product over generated pairs: the verdict (structure first, then every index)
// against brute force on their definitions; most are decided by the structure alone.
TEST(Divergence, DivideAndProductVerdictsAgreeWithBruteForce) {
  std::mt19937_64 rng(361);
  int divides = 0, products = 0, structural = 0, refuted = 0;
  for (int n = 0; n < 6000; ++n) {
    const Layout a = random_layout(rng, false), b = random_layout(rng, false);
    try {
      const Layout r = logical_divide(a, Tiler(b));
      const Layout c = complement(b, size(a));
      const Layout full =
          make_layout(IntTuple::tuple({b.shape, c.shape}), IntTuple::tuple({b.stride, c.stride}));
      const int64_t first = first_brute_difference(a, full, r);
      const DivergenceCheck v = check_logical_divide(a, Tiler(b), r);
      // Above 4096 indices a result the structure does not decide is sampled: a real witness, not
      // necessarily the first, or NotDecided.
      const bool sampled = v.how.find("sampled") != std::string::npos;
      ASSERT_EQ(sampled, v.how != "structure" && size(r) > 4096) << v.how;
      if (v.verdict == DivergenceVerdict::Equal) {
        ASSERT_EQ(first, -1) << S(a) << " / " << S(b) << " = " << S(r);
      } else if (v.verdict == DivergenceVerdict::Differs) {
        ASSERT_NE(r(v.witness->index), a(full(v.witness->index)));
        if (!sampled) {
          ASSERT_EQ(v.witness->index, first) << S(a) << " / " << S(b) << " = " << S(r);
        }
      } else {
        ASSERT_TRUE(sampled);
      }
      if (!sampled) {
        ASSERT_EQ(v.verdict == DivergenceVerdict::Differs, first >= 0) << S(a) << " / " << S(b);
      }
      structural += v.how == "structure";
      refuted += first >= 0;
      ++divides;
    } catch (const LayoutError&) {
    }
    try {
      const Layout r = logical_product(a, Tiler(b));
      const Layout c = complement(a, size(a) * cosize(b));
      bool same = true;
      for (int64_t i = 0; i < size(mode(r, 0)); ++i) same = same && mode(r, 0)(i) == a(i);
      for (int64_t i = 0; i < size(mode(r, 1)); ++i) same = same && mode(r, 1)(i) == c(b(i));
      const DivergenceCheck v = check_logical_product(a, Tiler(b), r);
      if (v.verdict == DivergenceVerdict::Equal) {
        ASSERT_TRUE(same) << S(a) << " x " << S(b) << " = " << S(r);
      } else if (v.verdict == DivergenceVerdict::Differs) {
        ASSERT_FALSE(same) << S(a) << " x " << S(b) << " = " << S(r);
      } else {
        ASSERT_GT(size(r), 4096);
      }
      if (size(r) <= 4096) {
        ASSERT_EQ(v.verdict == DivergenceVerdict::Equal, same) << S(a) << " x " << S(b) << " = " << S(r);
      }
      structural += v.how == "structure";
      refuted += !same;
      ++products;
    } catch (const LayoutError&) {
    }
  }
  EXPECT_GT(divides, 1000);
  EXPECT_GT(products, 1000);
  EXPECT_GT(structural, (divides + products) / 2);
  RecordProperty("refuted", refuted);
  RecordProperty("structural", structural);
}

// The bounded sample (forced with exact = 0, 8 pseudo-random indices) over generated (F, G, R): Equal only
// where the structure proves it (no index evaluated), a witness is always a real difference, and NotDecided
// is what the sample answers when it finds none (it occurs: the sample never claims equality).
TEST(Divergence, SampleNeverClaimsEquality) {
  std::mt19937_64 rng(7);
  int sampled_refuted = 0, not_decided = 0;
  for (int n = 0; n < 20000; ++n) {
    const Layout f = random_layout(rng, true), g = random_layout(rng, false);
    const Layout r = with_strides(g, [&](std::size_t, int64_t) { return int64_t(rng() % 9); });
    const DivergenceCheck c = check_composition(f, Tiler(g), r, {0, 8});
    const int64_t first = first_brute_difference(f, g, r);
    if (c.verdict == DivergenceVerdict::Equal) {
      ASSERT_EQ(first, -1);
      ASSERT_EQ(c.how, "structure");
    } else if (c.verdict == DivergenceVerdict::Differs) {
      ASSERT_EQ(c.witness->got, r(c.witness->index));
      ASSERT_EQ(c.witness->want, f(g(c.witness->index)));
      ASSERT_NE(c.witness->got, c.witness->want);
      sampled_refuted += c.how != "structure";
    } else {
      ASSERT_NE(c.how, "structure");
      ASSERT_GT(c.evaluated, 0);
      ++not_decided;
    }
  }
  EXPECT_GT(sampled_refuted, 100);
  RecordProperty("not_decided", not_decided);
}

// Literal cases: the witness (structure undecided, every index compared), and a carry between
// two leaves of B: A=(2,2):(1,10), B=(2,2):(1,1) gives R=(2,2):(1,1), but A(B(3)) = A(2) = 10.
TEST(Divergence, LiteralWitnesses) {
  DivergenceCheck c = check_composition(L("(3,2):(16,32)"), Tiler(L("4:2")), L("(2,2):(32,32)"));
  ASSERT_EQ(c.verdict, DivergenceVerdict::Differs);
  EXPECT_EQ(c.how, "every index");
  EXPECT_EQ(c.witness->index, 2);
  EXPECT_EQ(c.witness->got, 32);
  EXPECT_EQ(c.witness->want, 48);
  // The same above the exact bound: the sample holds the witness.
  c = check_composition(L("(3,2):(16,32)"), Tiler(L("4:2")), L("(2,2):(32,32)"), {0, 16});
  ASSERT_EQ(c.verdict, DivergenceVerdict::Differs);
  EXPECT_EQ(c.witness->index, 2);
  EXPECT_NE(c.how.find("sampled indices"), std::string::npos) << c.how;

  c = detail::structural_composition(L("(2,2):(1,10)"), L("(2,2):(1,1)"), L("(2,2):(1,1)"));
  EXPECT_EQ(c.verdict, DivergenceVerdict::NotDecided);  // the leaves of B carry into A's next digit
  c = check_composition(L("(2,2):(1,10)"), Tiler(L("(2,2):(1,1)")), L("(2,2):(1,1)"));
  ASSERT_EQ(c.verdict, DivergenceVerdict::Differs);
  EXPECT_EQ(c.witness->index, 3);
  EXPECT_EQ(c.witness->got, 2);
  EXPECT_EQ(c.witness->want, 10);
  // Without the carry (A's first digit holds both leaves) it is proven from the structure.
  c = check_composition(L("(3,2):(1,10)"), Tiler(L("(2,2):(1,1)")), L("(2,2):(1,1)"));
  EXPECT_EQ(c.verdict, DivergenceVerdict::Equal);
  EXPECT_EQ(c.how, "structure");
  // Structurally refuted: the first difference among 1 and the forms' prefix products.
  c = check_composition(L("(4,8):(8,1)"), Tiler(L("(2,2):(1,4)")), L("(2,2):(8,2)"));
  ASSERT_EQ(c.verdict, DivergenceVerdict::Differs);
  EXPECT_EQ(c.how, "structure");
  EXPECT_EQ(c.witness->index, 2);
  EXPECT_EQ(c.witness->want, 1);
  EXPECT_EQ(c.witness->got, 2);
}

// Large results of the common shapes are proven from their structure: no index evaluated, any size.
TEST(Divergence, LargeResultsDecidedStructurally) {
  struct Case {
    const char *a, *b;
  };
  for (const Case& k : {Case{"(1024,1024):(1024,1)", "(32,32):(1,1024)"},
                        Case{"(1024,1024):(1,1024)", "(1024,1024):(1024,1)"},
                        Case{"((8,128),(4,256)):((1,8),(1024,4096))", "(512,256):(2,1024)"},
                        Case{"(2048,512):(512,1)", "(64,(8,2048)):(8,(1,512))"}}) {
    const Layout a = L(k.a), b = L(k.b);
    const Layout r = composition(a, b);
    const DivergenceCheck c = check_composition(a, Tiler(b), r);
    EXPECT_EQ(c.verdict, DivergenceVerdict::Equal) << k.a << " o " << k.b << ": " << c.how;
    EXPECT_EQ(c.how, "structure");
    EXPECT_EQ(c.evaluated, 0);
    // Cross-check on a sample (the structure says every index agrees).
    for (int64_t i = 0; i < size(r); i += 4099) ASSERT_EQ(r(i), a(b(i)));
  }
  const Layout a = L("(1024,1024):(1024,1)");
  const std::vector<Tiler> tilers{Tiler::from_shape(test::T("(32,64)")),
                                  Tiler(Tiler::Modes{Tiler(L("32:1")), Tiler(L("(8,8):(1,64)"))}),
                                  Tiler(L("1024:1"))};
  for (const Tiler& tiler : tilers) {
    const DivergenceCheck d = check_logical_divide(a, tiler, logical_divide(a, tiler));
    EXPECT_EQ(d.verdict, DivergenceVerdict::Equal) << to_string(tiler) << ": " << d.how;
    EXPECT_EQ(d.evaluated, 0);
  }
  const Layout p = L("(64,64):(64,1)"), pb = L("(16,16):(1,16)");
  const DivergenceCheck d = check_logical_product(p, Tiler(pb), logical_product(p, Tiler(pb)));
  EXPECT_EQ(d.verdict, DivergenceVerdict::Equal) << d.how;
  EXPECT_EQ(d.evaluated, 0);
}

// Large and not decided by the structure: a sampled refutation with a real witness, or NotDecided, never
// Equal; the indices evaluated are bounded whatever the size.
TEST(Divergence, LargeUndecidedIsSampledAndBounded) {
  const Layout a = L("(3,65536):(16,32)"), b = L("131072:2");
  Layout r;
  try {
    r = composition(a, b);
  } catch (const LayoutError&) {
    GTEST_SKIP() << "CuTe refuses it";
  }
  const DivergenceCheck c = check_composition(a, Tiler(b), r);
  ASSERT_NE(c.verdict, DivergenceVerdict::Equal);
  EXPECT_LT(c.evaluated, 1000);
  if (c.witness) {
    EXPECT_NE(r(c.witness->index), a(b(c.witness->index)));
  }
}

// Not decided: F o G here is linear although G's stride 8193 splits no digit of F exactly (i*8193 has
// digits (i, i), and 3 - 1 = 2), which the structure does not see. Above the exact bound the sample finds no
// difference and says so (NotDecided, never Equal); with a larger bound every index proves it.
TEST(Divergence, NotDecidedAboveTheExactBound) {
  const Layout f = L("(8192,8192):(3,-1)"), g = L("8192:8193"), r = L("8192:2");
  DivergenceCheck c = check_composition(f, Tiler(g), r);
  EXPECT_EQ(c.verdict, DivergenceVerdict::NotDecided);
  EXPECT_FALSE(c.witness);
  EXPECT_EQ(c.how, std::to_string(c.evaluated) + " sampled indices");
  EXPECT_GT(c.evaluated, 200);
  EXPECT_LT(c.evaluated, 300);
  c = check_composition(f, Tiler(g), r, {1 << 14, 256});
  EXPECT_EQ(c.verdict, DivergenceVerdict::Equal);
  EXPECT_EQ(c.how, "every index");
  EXPECT_EQ(c.evaluated, 8192);
  // Its second half changed: refuted at a sampled index (never Equal).
  c = check_composition(f, Tiler(g), L("(4096,2):(2,8193)"));
  ASSERT_EQ(c.verdict, DivergenceVerdict::Differs);
  EXPECT_GE(c.witness->index, 4096);
  EXPECT_NE(c.witness->got, c.witness->want);
}

// The switch: evaluate(text, notices) runs no divergence check while it is off; other notices stay.
TEST(Divergence, SwitchTurnsTheChecksOff) {
  std::vector<EvalNotice> notices;
  set_divergence_checks(false);
  EXPECT_EQ(to_string(evaluate("composition((3,2):(16,32),4:2)", notices)), "(2,2):(32,32)");
  EXPECT_TRUE(notices.empty());
  (void)evaluate("nullspace(Sw<3,3,3> o (8,64,2):(64,1,0))", notices);
  EXPECT_EQ(notices.size(), 1u);
  set_divergence_checks(true);
  notices.clear();
  (void)evaluate("composition((3,2):(16,32),4:2)", notices);
  EXPECT_EQ(notices.size(), 1u);
  EXPECT_FALSE(notices[0].undecided);
}

// check_same_function against brute force over generated pairs: y is x with its leaves regrouped (same
// function), a random layout of x's size, or x with one stride changed. Equal => no index differs; Differs
// => the witness is the first index that differs. Mutation control: a changed stride of a size>1 leaf on
// an index that reaches it is never Equal.
TEST(Divergence, SameFunctionAgreesWithBruteForce) {
  std::mt19937_64 rng(3434);
  int equal = 0, differs = 0;
  for (int n = 0; n < 20000; ++n) {
    const Layout x = random_layout(rng, true);
    Layout y = random_layout(rng, true);
    const int how = static_cast<int>(rng() % 3);
    if (how == 0) y = with_strides(x, [](std::size_t, int64_t d) { return d; });  // flattened: same function
    if (how == 2) {
      const std::size_t k = rng() % flat_leaves(x).size();
      y = with_strides(x, [&](std::size_t j, int64_t d) { return j == k ? d + 1 : d; });
    }
    if (size(x) != size(y)) continue;
    int64_t first = -1;
    for (int64_t i = 0; i < size(x) && first < 0; ++i)
      if (x(i) != y(i)) first = i;
    const DivergenceCheck c = check_same_function(x, y);
    ASSERT_NE(c.verdict, DivergenceVerdict::NotDecided) << to_string(x) << " " << to_string(y);
    if (first < 0) {
      ASSERT_EQ(c.verdict, DivergenceVerdict::Equal) << to_string(x) << " " << to_string(y);
      EXPECT_EQ(c.evaluated, 0);
      ++equal;
    } else {
      ASSERT_EQ(c.verdict, DivergenceVerdict::Differs) << to_string(x) << " " << to_string(y);
      EXPECT_EQ(c.witness->index, first) << to_string(x) << " " << to_string(y);
      EXPECT_EQ(c.witness->got, x(first));
      EXPECT_EQ(c.witness->want, y(first));
      ++differs;
    }
  }
  EXPECT_GT(equal, 5000);
  EXPECT_GT(differs, 5000);
}

// Literal cases, at sizes no enumeration could reach: regrouped modes are one function; a stride changed in
// the last mode differs at that mode's first index; different sizes and scaled bases are said so.
TEST(Divergence, SameFunctionLiterals) {
  DivergenceCheck c =
      check_same_function(L("((1024,1024),(2,1024)):((1,1024),(1048576,2097152))"), L("(2147483648):(1)"));
  EXPECT_EQ(c.verdict, DivergenceVerdict::Equal);
  EXPECT_EQ(c.evaluated, 0);
  c = check_same_function(L("(65536,65536):(1,65536)"), L("(65536,65536):(1,65537)"));
  ASSERT_EQ(c.verdict, DivergenceVerdict::Differs);
  EXPECT_EQ(c.witness->index, 65536);
  EXPECT_EQ(c.witness->got, 65536);
  EXPECT_EQ(c.witness->want, 65537);
  EXPECT_LT(c.evaluated, 8);
  c = check_same_function(L("(4,2):(2,1)"), L("8:1"));
  ASSERT_EQ(c.verdict, DivergenceVerdict::Differs);
  EXPECT_EQ(c.witness->index, 1);
  c = check_same_function(L("4:1"), L("8:1"));
  ASSERT_EQ(c.verdict, DivergenceVerdict::Differs);
  EXPECT_EQ(c.witness->text, "sizes 4 and 8");
  c = check_same_function(L("(2,2):(1,2)"), L("(2,2):(0,1)"));
  ASSERT_EQ(c.verdict, DivergenceVerdict::Differs);
  EXPECT_EQ(c.witness->index, 1);
}

}  // namespace
}  // namespace tvlab
