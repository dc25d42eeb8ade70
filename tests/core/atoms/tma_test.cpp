// TMA host-side facts: literal examples from CuTe's algorithm, a simulation of the box write (box order, then
// the swizzle on byte addresses) against the smem layout for every atom, swizzle and width, and each
// restriction by name.
#include "tvlab/core/atoms/tma.hpp"

#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/product.hpp"

namespace tvlab {
namespace {

const TmaRule& find(const std::vector<TmaRule>& rules, const std::string& code) {
  for (const TmaRule& r : rules)
    if (r.code == code) return r;
  throw std::runtime_error("no rule " + code);
}

TEST(Tma, KMajorSw128Literal) {
  const SmemTile s = parse_smem_tile("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),64):((64,512),1)", 16);
  const TmaFacts f = make_tma_copy_facts(s, {512, 256}, {256, 1});
  EXPECT_EQ(f.rank, 2);
  EXPECT_EQ(f.box, (std::vector<int64_t>{64, 64}));
  EXPECT_EQ(f.global_dim, (std::vector<int64_t>{256, 512}));
  EXPECT_EQ(f.global_stride_bytes, (std::vector<int64_t>{512}));
  EXPECT_EQ(f.cu_swizzle, "CU_TENSOR_MAP_SWIZZLE_128B");
  EXPECT_EQ(f.box_bytes, 8192);
  EXPECT_EQ(f.calls, 1);
  EXPECT_EQ(f.sidx2gmode, "(64,64):(1@1,1@0)");
  for (const TmaRule& r : tma_restrictions(f, s)) EXPECT_TRUE(r.ok) << r.code << ": " << r.why;
  // Tiled to 128x128: the second K half is 8192 elements away -> two calls of a 64x128 box.
  const SmemTile t{s.byte_swizzle, 0, tile_to_shape(s.layout, IntTuple::tuple({128, 128})), 16};
  const TmaFacts g = make_tma_copy_facts(t, {512, 256}, {256, 1});
  EXPECT_EQ(g.box, (std::vector<int64_t>{64, 128}));
  EXPECT_EQ(g.calls, 2);
  // Multicast over 2 CTAs halves the outermost box dimension.
  EXPECT_EQ(make_tma_copy_facts(s, {512, 256}, {256, 1}, 2).box, (std::vector<int64_t>{64, 32}));
  // A batch mode the tile does not cover is a size-1 box dimension.
  const TmaFacts b = make_tma_copy_facts(s, {512, 256, 3}, {256, 1, 131072});
  EXPECT_EQ(b.box, (std::vector<int64_t>{64, 64, 1}));
  EXPECT_EQ(b.global_stride_bytes, (std::vector<int64_t>{512, 262144}));
}

TEST(Tma, MnMajorAndMerging) {
  // MN-major SW64 float: rows of 16 floats contiguous along M.
  const SmemTile s = parse_smem_tile("Sw<2,4,3> o smem_ptr[32b](unset) o (16,8):(1,16)", 32);
  const TmaFacts f = make_tma_copy_facts(s, {1024, 64}, {1, 1024});
  EXPECT_EQ(f.box, (std::vector<int64_t>{16, 8}));
  EXPECT_EQ(f.swizzle, "64B");
  // A plain layout whose tile is a contiguous piece of a narrow tensor: modes merge up to 256 elements.
  const SmemTile p = smem_tile(test::L("(8,16):(1,8)"), 16);
  const TmaFacts m = make_tma_copy_facts(p, {8, 100}, {1, 8});
  EXPECT_EQ(m.box, (std::vector<int64_t>{128}));
  EXPECT_EQ(m.global_dim, (std::vector<int64_t>{800}));  // (8-1)*1 + (100-1)*8 + 1
  EXPECT_EQ(m.gmodes, (std::vector<std::vector<int>>{{0, 1}}));
}

// The bytes one TMA call writes (box dimension 0 fastest, the swizzle on byte addresses) against the layout.
TEST(Tma, BoxWriteMatchesTheSmemLayoutForEveryAtom) {
  int cases = 0;
  for (bool kmajor : {true, false})
    for (int bits : {8, 16, 32})
      for (int b = 0; b <= 3; ++b)
        for (int64_t rows : {8, 64, 128}) {
          const int64_t row = 128 * (int64_t(1) << b) / bits;
          const Layout atom = kmajor ? make_layout(IntTuple::tuple({8, row}), IntTuple::tuple({row, 1}))
                                     : make_layout(IntTuple::tuple({row, 8}), IntTuple::tuple({1, row}));
          const IntTuple shape = kmajor ? IntTuple::tuple({rows, row}) : IntTuple::tuple({row, rows});
          const SmemTile s{Swizzle(b, 4, 3), 0, tile_to_shape(atom, shape), bits};
          const int64_t m0 = size(mode(s.layout, 0)), m1 = size(mode(s.layout, 1));
          // gmem (M,K): K-major tiles come from a K-major tensor, MN-major ones from an M-major one.
          const std::vector<int64_t> gshape{4 * m0, 4 * m1};
          const std::vector<int64_t> gstride =
              kmajor ? std::vector<int64_t>{4 * m1, 1} : std::vector<int64_t>{1, 4 * m0};
          SCOPED_TRACE(to_string(s.layout) + " bits " + std::to_string(bits) + " B " + std::to_string(b));
          const TmaFacts f = make_tma_copy_facts(s, gshape, gstride);
          ASSERT_EQ(f.calls, 1);
          for (const TmaRule& r : tma_restrictions(f, s)) EXPECT_TRUE(r.ok) << r.code << ": " << r.why;
          for (int64_t c0 = 0; c0 < m0; ++c0)
            for (int64_t c1 = 0; c1 < m1; ++c1) {
              const int64_t c[2] = {c0, c1};
              int64_t p = 0, scale = 1;
              for (int d = 0; d < f.rank; ++d) {
                ASSERT_EQ(f.gmodes[d].size(), 1u);
                p += c[f.gmodes[d][0]] * scale;
                scale *= f.box[d];
              }
              ASSERT_EQ(s.byte_address(IntTuple::tuple({c0, c1})), s.byte_swizzle(p * bits / 8))
                  << c0 << "," << c1;
            }
          ++cases;
        }
  EXPECT_EQ(cases, 2 * 3 * 4 * 3);
}

TEST(Tma, RestrictionsByName) {
  const SmemTile s = parse_smem_tile("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),64):((64,512),1)", 16);
  // A pitch of 100 half = 200 bytes is not a multiple of 16.
  EXPECT_FALSE(find(tma_restrictions(make_tma_copy_facts(s, {512, 100}, {100, 1}), s), "global_stride").ok);
  // M-major global tensor under a K-major smem tile: box dimension 0 reads K, which has stride 512.
  EXPECT_FALSE(find(tma_restrictions(make_tma_copy_facts(s, {512, 256}, {1, 512}), s), "majorness").ok);
  // An inner box of 128 half = 256 bytes exceeds the 128-byte swizzle span.
  const SmemTile wide = parse_smem_tile("Sw<3,4,3> o smem_ptr[16b](unset) o (8,128):(128,1)", 16);
  EXPECT_FALSE(
      find(tma_restrictions(make_tma_copy_facts(wide, {8, 128}, {128, 1}), wide), "swizzle_span").ok);
  // A 512-element contiguous run is more than 256 per box dimension.
  const SmemTile big = smem_tile(test::L("(512,2):(1,512)"), 16);
  EXPECT_FALSE(find(tma_restrictions(make_tma_copy_facts(big, {512, 4}, {1, 512}), big), "box").ok);
  // 8 bytes of inner box.
  const SmemTile narrow = smem_tile(test::L("(4,8):(1,4)"), 16);
  EXPECT_FALSE(
      find(tma_restrictions(make_tma_copy_facts(narrow, {4, 64}, {1, 8}), narrow), "inner_box_bytes").ok);
  EXPECT_FALSE(find(tma_restrictions(make_tma_copy_facts(s, {512, 256}, {256, 1}), s, 8), "base_align").ok);
  EXPECT_FALSE(find(tma_restrictions(make_tma_copy_facts(s, {512, 256}, {256, 1}, 3), s), "multicast").ok);
  const SmemTile off{s.byte_swizzle, 256, s.layout, 16};
  EXPECT_FALSE(find(tma_restrictions(make_tma_copy_facts(off, {512, 256}, {256, 1}), off), "smem_align").ok);
  // Compile-time refusals throw, naming the rule.
  try {
    make_tma_copy_facts(parse_smem_tile("Sw<2,5,2> o smem_ptr[16b](unset) o (64,4):(1,64)", 16), {64, 4},
                        {1, 64});
    ADD_FAILURE();
  } catch (const LayoutError& e) {
    EXPECT_EQ(e.condition(), "tma.swizzle");
  }
  EXPECT_EQ(make_tma_copy_facts(parse_smem_tile("Sw<2,5,2> o smem_ptr[16b](unset) o (64,4):(1,64)", 16),
                                {64, 4}, {1, 64}, 1, true)
                .cu_swizzle,
            "CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B");
  // A run too long for any box (found by the smem_desc fuzzer: merging it with the next run multiplied
  // its size by a global stride past 2^63): not merged, and the box rule names it.
  const SmemTile huge = smem_tile(test::L("(8888888888264021,16)"), 8);
  const TmaFacts h = make_tma_copy_facts(huge, {4096, 4096}, {4096, 1});
  EXPECT_EQ(h.box, (std::vector<int64_t>{8888888888264021, 16}));
  EXPECT_FALSE(find(tma_restrictions(h, huge), "box").ok);
  try {
    make_tma_copy_facts(smem_tile(test::L("((2,2),2):((2,1),4)"), 16), {64, 64},
                        {1, 64});  // offset 1 is row 2
    ADD_FAILURE();
  } catch (const LayoutError& e) {
    EXPECT_EQ(e.condition(), "tma.vectorization");
  }
}

}  // namespace
}  // namespace tvlab
