#include "tvlab/verify/layout/f2.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <set>

#include "test_support.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/verify/layout/enumerate.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;
using test::T;

F2Layout F(const Layout& l) {
  std::string why;
  auto f = to_f2(l, &why);
  if (!f) throw std::runtime_error("not linear: " + why);
  return *f;
}

// ---------------------------------------------------------------------------------------------------
// Literal examples (the header's).

TEST(F2, RowMajor4x8IsABitPermutationWithCuteInverse) {
  const F2Layout f = F(L("(4,8):(8,1)"));
  EXPECT_EQ(f.in_bits(), 5);
  EXPECT_EQ(f.out_bits(), 5);
  EXPECT_EQ(f.columns(), (std::vector<uint64_t>{8, 16, 1, 2, 4}));
  EXPECT_TRUE(f.injective());
  EXPECT_TRUE(f.surjective());
  EXPECT_TRUE(f.kernel_basis().empty());
  EXPECT_FALSE(f.collision());
  EXPECT_EQ(f.to_string(), "(4,8):(8,1)");
  auto g = f.left_inverse();
  ASSERT_TRUE(g);
  EXPECT_EQ(g->to_string(), "(8,4):(4,1)");
  EXPECT_EQ(g->to_string(), S(left_inverse(L("(4,8):(8,1)"))));
  EXPECT_EQ(*g, *f.right_inverse());
}

TEST(F2, CarryingLayoutIsRejectedWithTheReason) {
  std::string why;
  EXPECT_FALSE(to_f2(L("(2,2):(1,1)"), &why));
  EXPECT_NE(why.find("(2,2):(1,1) is not GF(2)-linear: input bits 0 and 1 both reach output bit 0"),
            std::string::npos)
      << why;
  EXPECT_FALSE(to_f2(L("(3,4):(1,3)"), &why));
  EXPECT_NE(why.find("shape extent 3"), std::string::npos) << why;
  EXPECT_FALSE(to_f2(L("(4,4):(1,6)"), &why));
  EXPECT_NE(why.find("stride 6"), std::string::npos) << why;
  EXPECT_FALSE(to_f2(L("(4,4):(1,-4)"), &why));
  EXPECT_NE(why.find("stride -4"), std::string::npos) << why;
  EXPECT_FALSE(to_f2(Layout(T("(4,4)"), T("(1@0,4)")), &why));
  EXPECT_NE(why.find("mixes integer and scaled-basis"), std::string::npos) << why;
  // Overlap across modes, not only within one: 4:1 covers bits 0,1; 2:2 hits bit 1 again.
  EXPECT_FALSE(to_f2(L("(4,2):(1,2)"), &why));
  EXPECT_NE(why.find("input bits 1 and 2 both reach output bit 1"), std::string::npos) << why;
}

TEST(F2, SwizzleIsLinearAndInjective) {
  const ComposedLayout c(Swizzle(3, 0, 3), IntTuple(0), L("(8,8):(8,1)"));
  std::string why;
  auto f = to_f2(c, &why);
  ASSERT_TRUE(f) << why;
  EXPECT_EQ(f->columns(), (std::vector<uint64_t>{9, 18, 36, 1, 2, 4}));
  EXPECT_TRUE(f->injective());
  EXPECT_TRUE(f->surjective());
  EXPECT_FALSE(f->is_bit_permutation());
  EXPECT_FALSE(f->to_layout());
  EXPECT_EQ(f->to_string(), "Sw<3,0,3> o 0 o (8,8):(8,1)");
  for (int64_t i = 0; i < 64; ++i) EXPECT_EQ(f->apply(i), static_cast<uint64_t>(c(IntTuple(i))));
  // The inverse of a swizzled layout is L^-1 o Sw (Sw is an involution).
  auto g = f->left_inverse();
  ASSERT_TRUE(g);
  for (int64_t i = 0; i < 64; ++i) EXPECT_EQ(g->apply(f->apply(i)), static_cast<uint64_t>(i));
  // L^-1 o Sw = (L^-1 Sw L) o L^-1, and conjugating by the transpose turns Sw<3,0,3> into Sw<3,0,-3>.
  EXPECT_EQ(g->to_string(), "Sw<3,0,-3> o 0 o (8,8):(8,1)");
  // A mix that is no swizzle of a permutation prints as the matrix.
  const F2Layout m(T("(2,2,2)"), IntTuple(8), {7, 2, 4});
  EXPECT_EQ(m.to_string(), "F2[(2,2,2) -> 8]{0x7,0x2,0x4}");
  EXPECT_TRUE(m.injective());
  // A nonzero offset is affine.
  EXPECT_FALSE(to_f2(ComposedLayout(Swizzle(3, 0, 3), IntTuple(1), L("(8,8):(8,1)")), &why));
  EXPECT_NE(why.find("affine"), std::string::npos);
}

TEST(F2, BroadcastHasRankFourAndAKernelWitness) {
  const Layout l = L("(16,2):(1,0)");
  const F2Layout f = F(l);
  EXPECT_EQ(f.in_bits(), 5);
  EXPECT_EQ(f.rank(), 4);
  EXPECT_FALSE(f.injective());
  EXPECT_TRUE(f.surjective());
  EXPECT_EQ(f.kernel_basis(), (std::vector<uint64_t>{16}));
  auto w = f.collision();
  ASSERT_TRUE(w);
  EXPECT_EQ(w->first, 0u);
  EXPECT_EQ(w->second, 16u);
  EXPECT_EQ(l(static_cast<int64_t>(w->first)), l(static_cast<int64_t>(w->second)));
  EXPECT_FALSE(f.left_inverse());
  ASSERT_TRUE(f.right_inverse());
  EXPECT_EQ(f.right_inverse()->to_string(), "16:1");
  EXPECT_EQ(f.to_string(), "(16,2):(1,0)");
}

TEST(F2, CoordinateValuedLayoutsConcatenateTheCoordinateBits) {
  const F2Layout f = F(L("(4,8):(1@1,1@0)"));  // (i,j) -> (j,i), codomain (8,4)
  EXPECT_EQ(S(f.codomain()), "(8,4)");
  EXPECT_EQ(f.columns(), (std::vector<uint64_t>{8, 16, 1, 2, 4}));
  EXPECT_EQ(S(f.output_coord(f.apply(1 + 4 * 5))), "(5,1)");
  EXPECT_EQ(f.to_string(), "(4,8):(1@1,1@0)");
  EXPECT_EQ(to_f2(L("(4,8):(1@1,1@0)"), T("(16,8)"))->columns(), (std::vector<uint64_t>{16, 32, 1, 2, 4}));
  // Extents round up to powers of two: coshape (5,4) -> codomain (8,4).
  const F2Layout g = F(L("(2,4):(4@0,1@1)"));
  EXPECT_EQ(S(g.codomain()), "(8,4)");
  // A given codomain: a tile (16,8) holds it; a tile (4,4) does not.
  std::string why;
  auto h = to_f2(L("(4,8):(1@0,1@1)"), T("(16,8)"), &why);
  ASSERT_TRUE(h) << why;
  EXPECT_EQ(h->columns(), (std::vector<uint64_t>{1, 2, 16, 32, 64}));
  EXPECT_FALSE(to_f2(L("(4,8):(1@0,1@1)"), T("(4,4)"), &why));
  EXPECT_NE(why.find("reaches outside codomain (4,4)"), std::string::npos) << why;
  // Nested bases: 1@0@1 is mode 0 of mode 1.
  auto n = to_f2(L("(2,2,2):(1@0,1@0@1,1@1@1)"), T("(2,(2,2))"), &why);
  ASSERT_TRUE(n) << why;
  EXPECT_EQ(n->columns(), (std::vector<uint64_t>{1, 2, 4}));
  EXPECT_EQ(n->to_string(), "(2,2,2):(1@0,1@0@1,1@1@1)");
}

TEST(F2, TvLayoutComposedWithATileLayout) {
  // A TV layout ((4,8),(2,2)) -> (m,n) over a 16x8 tile, then the tile's row-major memory layout.
  const Layout tv = L("((4,8),(2,2)):((2@0,1@1),(1@0,8@0))");
  const F2Layout f = F(tv);
  EXPECT_EQ(S(f.codomain()), "(16,8)");
  EXPECT_TRUE(f.injective());
  const F2Layout mem = F(L("(16,8):(8,1)"));
  const F2Layout addr = compose(mem, f);
  EXPECT_EQ(S(addr.domain()), S(tv.shape));
  for (int64_t i = 0; i < 128; ++i) {
    const IntTuple c = tv(IntTuple(i));
    EXPECT_EQ(addr.apply(i), static_cast<uint64_t>(L("(16,8):(8,1)")(c).ival()));
  }
  // Its inverse names the (t,v) of every address: one column per address bit.
  auto inv = addr.left_inverse();
  ASSERT_TRUE(inv);
  for (int64_t i = 0; i < 128; ++i) EXPECT_EQ(inv->apply(addr.apply(i)), static_cast<uint64_t>(i));
  EXPECT_THROW(compose(F(L("(4,4):(1,4)")), f), LayoutError);  // (16,8) into a 4x4 domain
}

TEST(F2, ThirtyBitTvLayoutIsDecidedWithoutEnumeration) {
  const Layout tv = L("((64,256),(8,4,16,128)):((32,2048),(1,8,524288,8388608))");
  const F2Layout f = F(tv);
  EXPECT_EQ(f.in_bits(), 30);
  EXPECT_TRUE(f.injective());
  const F2Layout b = F(L("((64,256),(8,4,16,128)):((32,2048),(1,8,0,8388608))"));
  EXPECT_EQ(b.rank(), 26);
  ASSERT_EQ(b.kernel_basis().size(), 4u);
  for (uint64_t k : b.kernel_basis()) EXPECT_EQ(b.apply(k), 0u);
}

TEST(F2, ConstructorAndCompositionPreconditions) {
  EXPECT_THROW(F2Layout(T("(4,3)"), IntTuple(16), {1, 2, 4}), LayoutError);
  EXPECT_THROW(F2Layout(T("(4,2)"), IntTuple(16), {1, 2}), LayoutError);
  EXPECT_THROW(F2Layout(T("(4,2)"), IntTuple(4), {1, 2, 4}), LayoutError);
  const F2Layout f(T("(4,2)"), IntTuple(16), {4, 8, 1});
  EXPECT_EQ(f.to_string(), "(4,2):(4,1)");
  EXPECT_THROW(compose(F2Layout::identity(IntTuple(4)), f), LayoutError);  // 3 bits into 2
  EXPECT_EQ(compose(F2Layout::identity(IntTuple(16)), f).columns(), f.columns());
}

// ---------------------------------------------------------------------------------------------------
// Generated layouts, cross-checked against evaluation of every point.

struct Gen {
  std::mt19937_64 rng{12345};
  int uni(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

  // A shape of rank 1..4 (sometimes nested) of power-of-two extents, n flat modes.
  static IntTuple nest(const std::vector<int64_t>& ext, int how) {
    std::vector<IntTuple> leaves(ext.begin(), ext.end());
    if (ext.size() == 1) return how ? IntTuple::tuple({leaves[0]}) : leaves[0];
    if (how == 1 && ext.size() >= 3)
      return IntTuple::tuple(
          {IntTuple::tuple({leaves[0], leaves[1]}),
           IntTuple::tuple(std::span<const IntTuple>(leaves.data() + 2, leaves.size() - 2))});
    return IntTuple::tuple(std::span<const IntTuple>(leaves));
  }

  // A layout whose modes occupy disjoint bit ranges (linear), some broadcast; `dims` > 0 makes the
  // strides bases over that many coordinate dimensions; `overlap` lets ranges collide (maybe carries).
  Layout layout(int dims, bool overlap) {
    const int modes = uni(1, 5);
    std::vector<int64_t> ext;
    std::vector<Scalar> stride;
    std::vector<int> next(std::max(dims, 1), 0);
    for (int m = 0; m < modes; ++m) {
      const int b = uni(0, 3);
      ext.push_back(int64_t(1) << b);
      const int d = dims ? uni(0, dims - 1) : 0;
      if (uni(0, 6) == 0) {
        stride.emplace_back(0);
        continue;
      }
      int at = next[d] + uni(0, 2);
      if (overlap && uni(0, 2) == 0) at = std::max(0, next[d] - uni(1, 3));
      next[d] = std::max(next[d], at + b);
      const int path[1] = {d};
      stride.push_back(dims ? Scalar::basis(int64_t(1) << at, path, 1) : Scalar(int64_t(1) << at));
    }
    // Shuffle the modes: the bit order of the domain is not the order of the codomain.
    std::vector<int> perm(modes);
    for (int i = 0; i < modes; ++i) perm[i] = i;
    std::shuffle(perm.begin(), perm.end(), rng);
    std::vector<int64_t> e2;
    std::vector<IntTuple> d2;
    for (int i : perm) e2.push_back(ext[i]), d2.emplace_back(stride[i]);
    const int how = uni(0, 1);
    IntTuple shape = nest(e2, how);
    std::size_t k = 0;
    IntTuple st = transform_leaf(shape, [&](const Scalar&) { return d2[k++].value(); });
    return Layout(shape, st);
  }
};

// Every point: the F2 image equals the layout's value (integer or coordinate).
void expect_agrees(const F2Layout& f, const Layout& l) {
  const int64_t n = size(l);
  ASSERT_EQ(int64_t(1) << f.in_bits(), n);
  for (int64_t i = 0; i < n; ++i) {
    IntTuple want = l(IntTuple(i));
    if (want.is_leaf() && want.value().is_basis()) want = add_coords(IntTuple(0), want);  // 1@1 -> (0,1)
    const IntTuple got = f.output_coord(f.apply(i));
    if (want.is_leaf() && !want.value().is_basis()) {
      ASSERT_EQ(got, want) << S(l) << " at " << i;
    } else {
      // Compare coordinates leaf by leaf (the layout's value may have a shorter profile).
      auto w = leaves(want), g = leaves(got);
      for (std::size_t k = 0; k < g.size(); ++k)
        ASSERT_EQ(g[k].value, k < w.size() ? w[k].value : 0) << S(l) << " at " << i << " dim " << k;
    }
  }
}

int64_t distinct_images(const std::vector<int64_t>& v) {
  return static_cast<int64_t>(std::set<int64_t>(v.begin(), v.end()).size());
}

TEST(F2Generated, ApplyRankKernelAndInversesAgreeWithEnumeration) {
  Gen gen;
  int linear = 0, rejected = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const int dims = trial % 3 == 0 ? 1 + trial % 2 : 0;
    const bool overlap = trial % 5 == 0;
    const Layout l = gen.layout(dims, overlap);
    std::string why;
    auto f = to_f2(l, &why);
    // The F2 map of bit j (or its absence) predicts every point exactly when the layout is linear.
    const F2Layout* fp = f ? &*f : nullptr;
    const int64_t n = size(l);
    EnumerateOptions rounded;  // coordinates fold over the power-of-two codomain: bits concatenate
    if (dims)
      rounded.tile = transform_leaf(coshape(l),
                                    [](const Scalar& e) { return Scalar(std::bit_ceil(uint64_t(e.value))); });
    const std::vector<int64_t> vals = enumerate(l, rounded);
    if (!fp) {
      ++rejected;
      ASSERT_TRUE(overlap) << S(l) << ": " << why;
      // Honest rejection: some point differs from the XOR of its bits' images.
      bool differs = false;
      for (int64_t i = 0; i < n && !differs; ++i) {
        int64_t x = 0;
        for (int j = 0; (int64_t(1) << j) < n; ++j)
          if ((i >> j) & 1) x ^= vals[int64_t(1) << j];
        differs = x != vals[i];
      }
      EXPECT_TRUE(differs) << S(l) << " rejected but linear: " << why;
      continue;
    }
    ++linear;
    expect_agrees(*f, l);
    // Enumeration over the rounded codomain folds coordinates to the same word.
    EnumerateOptions o;
    if (f->coordinate_valued()) o.tile = f->codomain();
    const std::vector<int64_t> w = enumerate(l, o);
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(w[i], static_cast<int64_t>(f->apply(i))) << S(l);
    // Rank: 2^rank distinct images; injectivity; kernel vectors collide everywhere.
    EXPECT_EQ(distinct_images(w), int64_t(1) << f->rank()) << S(l);
    EXPECT_EQ(f->injective(), distinct_images(w) == n) << S(l);
    EXPECT_EQ(f->surjective(), distinct_images(w) == (int64_t(1) << f->out_bits())) << S(l);
    EXPECT_EQ(static_cast<int>(f->kernel_basis().size()), f->in_bits() - f->rank());
    for (uint64_t k : f->kernel_basis())
      for (int64_t i = 0; i < n; i += 3) ASSERT_EQ(w[i], w[i ^ static_cast<int64_t>(k)]) << S(l);
    // Image basis: spans exactly the enumerated image.
    const auto img = f->image_basis();
    EXPECT_EQ(static_cast<int>(img.size()), f->rank());
    std::set<int64_t> span{0};
    for (uint64_t b : img) {
      std::set<int64_t> more = span;
      for (int64_t y : span) more.insert(y ^ static_cast<int64_t>(b));
      span = more;
    }
    EXPECT_EQ(span, std::set<int64_t>(w.begin(), w.end())) << S(l);
    // Inverses.
    if (auto g = f->left_inverse()) {
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(g->apply(static_cast<uint64_t>(w[i])), static_cast<uint64_t>(i));
    } else {
      EXPECT_FALSE(f->injective());
    }
    if (auto h = f->right_inverse()) {
      for (uint64_t y = 0; y < (uint64_t(1) << f->out_bits()); ++y) ASSERT_EQ(f->apply(h->apply(y)), y);
    } else {
      EXPECT_FALSE(f->surjective());
    }
    // Back to CuTe notation: the same function.
    auto back = f->to_layout();
    ASSERT_TRUE(back) << S(l);
    const auto f2 = to_f2(*back, f->codomain());
    ASSERT_TRUE(f2) << S(*back);
    EXPECT_EQ(f2->columns(), f->columns()) << S(l) << " -> " << S(*back);
  }
  EXPECT_GT(linear, 400);
  EXPECT_GT(rejected, 10);
}

// Random matrices (XOR mixing everywhere) against brute force over every input and output word.
TEST(F2Generated, RandomMatricesAgreeWithBruteForce) {
  std::mt19937_64 rng(99);
  int inj = 0, sur = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = static_cast<int>(rng() % 9), m = 1 + static_cast<int>(rng() % 8);
    std::vector<uint64_t> cols(n);
    for (uint64_t& c : cols) c = rng() & ((uint64_t(1) << m) - 1) & (rng() % 4 ? ~uint64_t(0) : rng());
    const F2Layout f(IntTuple(int64_t(1) << n), IntTuple(int64_t(1) << m), cols);
    std::vector<uint64_t> img(uint64_t(1) << n);
    for (uint64_t x = 0; x < img.size(); ++x) {
      uint64_t y = 0;
      for (int j = 0; j < n; ++j)
        if ((x >> j) & 1) y ^= cols[j];
      img[x] = y;
      ASSERT_EQ(f.apply(x), y);
    }
    const std::set<uint64_t> distinct(img.begin(), img.end());
    EXPECT_EQ(static_cast<int64_t>(distinct.size()), int64_t(1) << f.rank());
    EXPECT_EQ(f.injective(), static_cast<int64_t>(distinct.size()) == (int64_t(1) << n));
    for (uint64_t k : f.kernel_basis()) EXPECT_EQ(f.apply(k), 0u);
    // The kernel basis spans all of the kernel: 2^(n - rank) inputs map to 0.
    EXPECT_EQ(std::count(img.begin(), img.end(), 0u), int64_t(1) << (n - f.rank()));
    if (auto g = f.left_inverse()) {
      ++inj;
      for (uint64_t x = 0; x < img.size(); ++x) ASSERT_EQ(g->apply(img[x]), x) << f.to_string();
    }
    if (auto h = f.right_inverse()) {
      ++sur;
      for (uint64_t y = 0; y < (uint64_t(1) << m); ++y) ASSERT_EQ(f.apply(h->apply(y)), y) << f.to_string();
    }
  }
  EXPECT_GT(inj, 30);
  EXPECT_GT(sur, 30);
}

TEST(F2Generated, SwizzledLayoutsAgreeWithEvaluation) {
  Gen gen;
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Layout l = gen.layout(0, false);
    const int b = gen.uni(1, 3), m = gen.uni(0, 3), s = (gen.uni(0, 1) ? 1 : -1) * gen.uni(b, 4);
    const ComposedLayout c(Swizzle(b, m, s), IntTuple(0), l);
    auto f = to_f2(c);
    ASSERT_TRUE(f) << S(c);
    const auto v = enumerate(c);
    for (int64_t i = 0; i < size(l); ++i)
      ASSERT_EQ(f->apply(i), static_cast<uint64_t>(c(IntTuple(i)))) << S(c);
    for (int64_t i = 0; i < size(l); ++i) ASSERT_EQ(v[i], c(IntTuple(i))) << S(c);
    EXPECT_EQ(f->injective(), distinct_images(v) == size(l)) << S(c);
    // A swizzle never changes the rank (it is invertible).
    EXPECT_EQ(f->rank(), to_f2(l)->rank());
    // The printed form, when a swizzle form, parses back to the same function.
    const std::string text = f->to_string();
    if (text.rfind("Sw<", 0) == 0) {
      const Expr e = parse_expr(text);
      ASSERT_EQ(e.kind, Expr::Kind::Composed) << text;
      const Expr& sw = e.children[0];
      const ComposedLayout c2(Swizzle(sw.swizzle[0], sw.swizzle[1], sw.swizzle[2]), IntTuple(0),
                              parse_layout(text.substr(text.rfind(" o ") + 3)));
      for (int64_t i = 0; i < size(l); ++i)
        ASSERT_EQ(c2(IntTuple(i)), c(IntTuple(i))) << text << " vs " << S(c);
    }
    ++checked;
  }
  EXPECT_GT(checked, 150);
}

TEST(F2Generated, CompositionAgreesWithEvaluationAndCoreComposition) {
  Gen gen;
  int agreed = 0, with_core = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const Layout a = gen.layout(0, false), b = gen.layout(0, false);
    const F2Layout fa = F(a), fb = F(b);
    if (fb.out_bits() > fa.in_bits()) continue;
    const F2Layout ab = compose(fa, fb);
    for (int64_t i = 0; i < size(b); ++i)
      ASSERT_EQ(static_cast<int64_t>(ab.apply(i)), a(b(i))) << S(a) << " o " << S(b);
    ++agreed;
    Layout c;
    try {
      c = composition(a, b);
    } catch (const LayoutError&) {
      continue;  // CuTe's divisibility conditions do not hold
    }
    auto fc = to_f2(c);
    ASSERT_TRUE(fc) << S(c);
    EXPECT_EQ(fc->columns(), ab.columns()) << S(a) << " o " << S(b) << " = " << S(c);
    ++with_core;
  }
  EXPECT_GT(agreed, 150);
  EXPECT_GT(with_core, 100);
}

TEST(F2Generated, InversesAgreeWithCoreOnBijections) {
  int n = 0;
  for (const Layout& l : test::compact_layouts()) {
    if (!test::power_of_two(l)) continue;
    const F2Layout f = F(l);
    ASSERT_TRUE(f.injective() && f.surjective()) << S(l);
    const Layout r = right_inverse(l);
    auto g = f.right_inverse();
    ASSERT_TRUE(g);
    for (int64_t y = 0; y < size(l); ++y) ASSERT_EQ(static_cast<int64_t>(g->apply(y)), r(y)) << S(l);
    EXPECT_EQ(*g, *f.left_inverse());
    ++n;
  }
  EXPECT_GT(n, 50);
}

}  // namespace
}  // namespace tvlab
