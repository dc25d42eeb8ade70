#include "tvlab/verify/layout/enumerate.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

#include "test_support.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;
using test::T;

// The oracle: crd2idx per point, coordinates folded column-major over the tile, -1 outside.
int64_t naive(const Layout& l, int64_t i, const IntTuple* tile) {
  IntTuple v = l(IntTuple(i));
  if (v.is_leaf() && v.value().is_basis()) v = add_coords(IntTuple(0), v);  // 19@1 -> (0,19)
  if (!tile) {  // integer-valued (or all strides zero, perhaps on bases)
    int64_t sum = 0;
    for (const Scalar& x : leaves(v)) sum += x.value;
    return sum;
  }
  auto c = leaves(v);
  auto e = leaves(*tile);
  int64_t idx = 0, acc = 1;
  for (std::size_t d = 0; d < e.size(); ++d) {
    const int64_t x = d < c.size() ? c[d].value : 0;
    if (x < 0 || x >= e[d].value) return kOutsideTile;
    idx += x * acc, acc *= e[d].value;
  }
  for (std::size_t d = e.size(); d < c.size(); ++d)
    if (c[d].value != 0) return kOutsideTile;
  return idx;
}

TEST(Enumerate, LiteralExamples) {
  EXPECT_EQ(enumerate(L("(4,8):(8,1)"))[1], 8);
  EXPECT_EQ(enumerate(L("(4,8):(8,1)"))[4], 1);
  EXPECT_EQ(enumerate(L("(4,8):(8,1)")).size(), 32u);
  EnumerateOptions o;
  o.tile = T("(8,4)");
  const auto v = enumerate(L("(4,8):(1@1,1@0)"), o);  // (i,j) -> (j,i) -> j + 8 i
  EXPECT_EQ(std::vector<int64_t>(v.begin(), v.begin() + 6), (std::vector<int64_t>{0, 8, 16, 24, 1, 9}));
  // A tile too small: the coordinates that leave it read kOutsideTile.
  o.tile = T("(8,2)");
  const Enumerator e(L("(4,8):(1@1,1@0)"), o);
  EXPECT_TRUE(e.checked());
  std::vector<int64_t> w(32);
  e.run(0, w);
  EXPECT_EQ(std::vector<int64_t>(w.begin(), w.begin() + 6),
            (std::vector<int64_t>{0, 8, kOutsideTile, kOutsideTile, 1, 9}));
  // Negative strides and a swizzle.
  EXPECT_EQ(enumerate(L("(2,3):(-1,4)")), (std::vector<int64_t>{0, -1, 4, 3, 8, 7}));
  const ComposedLayout c(Swizzle(3, 3, 3), IntTuple(0), L("(8,64):(64,1)"));
  const auto sw = enumerate(c);
  EXPECT_EQ(std::vector<int64_t>(sw.begin(), sw.begin() + 8),
            (std::vector<int64_t>{0, 72, 144, 216, 288, 360, 432, 504}));
}

// Random hierarchical layouts of any extents (not only powers of two), integer and coordinate-valued,
// every point against the oracle, read whole and in chunks starting anywhere.
TEST(Enumerate, GeneratedLayoutsMatchCrd2idxEverywhere) {
  std::mt19937_64 rng(7);
  auto uni = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int n = 0, checked = 0;
  // Test-support layouts (integer strides, including broadcasts and gaps).
  for (const Layout& l : test::generated_layouts()) {
    const auto v = enumerate(l);
    for (int64_t i = 0; i < size(l); ++i) ASSERT_EQ(v[i], l(i)) << S(l) << " at " << i;
    ++n;
  }
  // Larger random ones, with modes bigger than the inner block, coordinate-valued ones and tiles.
  for (int trial = 0; trial < 400; ++trial) {
    const int modes = uni(1, 6), dims = uni(0, 3);
    std::vector<IntTuple> sh, st;
    int64_t total = 1;
    for (int m = 0; m < modes; ++m) {
      int64_t e = uni(1, 9);
      if (uni(0, 9) == 0) e = uni(100, 6000);
      if (total * e > (1 << 14)) e = 1;
      total *= e;
      sh.emplace_back(e);
      const int64_t d = uni(-3, 40) * (uni(0, 3) == 0 ? 0 : 1);
      const int path[1] = {dims ? uni(0, dims - 1) : 0};
      st.emplace_back(dims ? Scalar::basis(d, path, 1) : Scalar(d));
    }
    const bool nested = modes >= 3 && uni(0, 1);
    auto build = [&](const std::vector<IntTuple>& x) {
      if (!nested) return IntTuple::tuple(std::span<const IntTuple>(x));
      return IntTuple::tuple({IntTuple::tuple({x[0], x[1]}),
                              IntTuple::tuple(std::span<const IntTuple>(x.data() + 2, x.size() - 2))});
    };
    const Layout l(build(sh), build(st));
    EnumerateOptions o;
    o.max_block = trial % 2 ? 4096 : uni(1, 16);  // small blocks: the row and the odometer do the work
    std::optional<IntTuple> tile;
    bool coord = false;
    for (const Scalar& s : leaves(l.stride)) coord |= s.is_basis() && s.value != 0;
    if (coord) {
      // The coshape, or a random tile that some points may leave.
      IntTuple cs = coshape(l);
      if (uni(0, 1))
        cs = transform_leaf(
            cs, [&](const Scalar& e) { return Scalar(std::max<int64_t>(1, e.value - uni(0, 3))); });
      tile = cs;
      o.tile = cs;
    }
    const Enumerator en(l, o);
    checked += en.checked();
    std::vector<int64_t> all(size(l));
    en.run(0, all);
    for (int64_t i = 0; i < size(l); ++i)
      ASSERT_EQ(all[i], naive(l, i, coord ? &*tile : nullptr))
          << S(l) << " tile " << (tile ? S(*tile) : "-") << " at " << i;
    // Chunks from arbitrary starts agree with the whole.
    for (int k = 0; k < 5; ++k) {
      const int64_t first = std::uniform_int_distribution<int64_t>(0, size(l) - 1)(rng);
      const int64_t len = std::uniform_int_distribution<int64_t>(0, size(l) - first)(rng);
      std::vector<int64_t> part(len);
      en.run(first, part);
      for (int64_t i = 0; i < len; ++i) ASSERT_EQ(part[i], all[first + i]) << S(l) << " from " << first;
    }
    int64_t seen = 0;
    en.for_each_chunk(
        [&](int64_t first, std::span<const int64_t> vals) {
          ASSERT_EQ(first, seen);
          for (std::size_t i = 0; i < vals.size(); ++i) ASSERT_EQ(vals[i], all[first + i]);
          seen += static_cast<int64_t>(vals.size());
        },
        777);
    EXPECT_EQ(seen, size(l));
    ++n;
  }
  EXPECT_GT(n, 500);
  EXPECT_GT(checked, 20);
}

TEST(Coverage, ExactBroadcastAndOutside) {
  const Coverage exact = coverage(L("(32,2):(1,32)"), IntTuple(64));
  EXPECT_TRUE(exact.exact());
  EXPECT_EQ(exact.threads, 32);
  EXPECT_EQ(exact.owner(exact.first[33]), (Owner{1, 1}));

  const Coverage bc = coverage(L("(32,2):(1,0)"), IntTuple(64));
  EXPECT_EQ(bc.holes(), 32);
  EXPECT_EQ(bc.collisions(), 32);
  EXPECT_EQ(bc.count[5], 2u);
  EXPECT_EQ(bc.owner(bc.first[5]), (Owner{5, 0}));
  EXPECT_EQ(bc.owner(bc.second[5]), (Owner{5, 1}));
  EXPECT_EQ(bc.first[40], -1);
  EXPECT_FALSE(bc.exact());

  const Coverage out = coverage(L("(32,2):(1,64)"), IntTuple(64));
  EXPECT_EQ(out.outside, 32);
  EXPECT_EQ(out.owner(out.first_outside), (Owner{0, 1}));
  EXPECT_EQ(out.holes(), 32);

  // A coordinate-valued TV layout over a 16x8 tile: bijective; over 8x8: half the values outside.
  const Layout tv = L("((4,8),(2,2)):((2@0,1@1),(1@0,8@0))");
  EXPECT_TRUE(coverage(tv, T("(16,8)")).exact());
  const Coverage small = coverage(tv, T("(8,8)"));
  EXPECT_EQ(small.outside, 64);
  EXPECT_EQ(small.holes(), 0);
  EXPECT_EQ(small.owner(small.first_outside), (Owner{0, 2}));
  EXPECT_EQ(image_histogram(tv, T("(8,8)")), small.count);
}

TEST(Coverage, AgreesWithACountingOracle) {
  for (const Layout& l : test::generated_layouts()) {
    const int64_t n = std::max<int64_t>(1, cosize(l) - 2);
    const Coverage c = coverage(l, IntTuple(n));
    std::vector<uint32_t> want(n, 0);
    std::vector<int64_t> first(n, -1), second(n, -1);
    int64_t outside = 0;
    for (int64_t i = 0; i < size(l); ++i) {
      const int64_t x = l(i);
      if (x < 0 || x >= n) {
        ++outside;
        continue;
      }
      if (want[x] == 0) first[x] = i;
      if (want[x] == 1) second[x] = i;
      ++want[x];
    }
    ASSERT_EQ(c.count, want) << S(l);
    ASSERT_EQ(c.first, first) << S(l);
    ASSERT_EQ(c.second, second) << S(l);
    ASSERT_EQ(c.outside, outside) << S(l);
  }
}

TEST(Enumerate, SizesAreGuarded) {
  // 2^34 points: refused before any allocation.
  const Layout huge = L("(65536,65536,4):(1,65536,0)");
  EXPECT_THROW(enumerate(huge), std::length_error);
  EXPECT_THROW(coverage(huge, IntTuple(1 << 20)), std::length_error);
  EnumerateOptions o;
  o.max_points = 100;
  EXPECT_THROW(enumerate(L("(16,8):(1,16)"), o), std::length_error);
  EXPECT_NO_THROW(enumerate(L("(10,10):(1,10)"), o));
  o.max_tile = 10;
  EXPECT_THROW(coverage(L("(4,4):(1,4)"), IntTuple(16), o), std::length_error);
  try {
    Enumerator e(huge);
    FAIL();
  } catch (const std::length_error& e) {
    EXPECT_NE(std::string(e.what()).find("17179869184 points"), std::string::npos) << e.what();
  }
  // Out-of-range reads and wrong spans.
  const Enumerator e(L("(4,4):(1,4)"));
  std::vector<int64_t> v(5);
  EXPECT_THROW(e.run(12, v), std::out_of_range);
  EXPECT_THROW(enumerate(L("(4,4):(1,4)"), std::span<int64_t>(v)), std::invalid_argument);
}

}  // namespace
}  // namespace tvlab
