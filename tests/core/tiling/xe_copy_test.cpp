#include "tvlab/core/tiling/xe_copy.hpp"

#include <gtest/gtest.h>

#include <map>

#include "../test_support.hpp"
#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/atoms/xe_block2d.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;

const MmaAtom& bf16_atom() {
  static const MmaAtom a = find_mma_atom("XE_DPAS_TT<8,float,bfloat16_t>");
  return a;
}

// sycl-tla's test/unit/cute/intel_xe/tiled_mma.cpp expectations.
TEST(XeTiledMMA, HelperPermutations) {
  struct Case {
    std::array<int64_t, 3> tile;
    const char* sg;
    const char *m, *n, *k;
  } cases[] = {
      {{256, 256, 32}, "(8,4,1):(4,1,0)", "(8,8,4):(1,32,8)", "(16,4,4):(1,64,16)", "32:1"},
      {{128, 64, 32}, "(4,2,1):(2,1,0)", "(8,4,4):(1,32,8)", "(16,2,2):(1,32,16)", "32:1"},
      {{128, 64, 32}, "(4,2,2):(2,1,8)", "(8,4,4):(1,32,8)", "(16,2,2):(1,32,16)", "32:1"},
  };
  for (const Case& c : cases) {
    TiledMMA t = make_xe_tiled_mma(bf16_atom(), c.tile, L(c.sg));
    EXPECT_EQ(S(t.permutation[0].layout()), c.m) << c.sg;
    EXPECT_EQ(S(t.permutation[1].layout()), c.n) << c.sg;
    EXPECT_EQ(S(t.permutation[2].layout()), c.k) << c.sg;
    EXPECT_EQ(t.tile_mnk, c.tile);
  }
  EXPECT_THROW(make_xe_tiled_mma(bf16_atom(), {100, 256, 32}, L("(8,4,1):(4,1,0)")), LayoutError);
}

TEST(XeBlock2DCopy, SingleSubgroupSpecExample) {
  TiledCopy c =
      make_block_2d_copy(Block2D{Block2D::Kind::Load, 16, 8, 16, 16}, value_type("bf16"), XeModes{1, 0});
  EXPECT_EQ(S(c.tile_shape()), "(8,16)");
  EXPECT_EQ(S(c.tv), "(16,(1,8)):(8,(1,1))");
}

// Every (T, V) of a copy lands in the tile, and every element is reached equally often (by the
// subgroups that load it redundantly).
void check_covers(const TiledCopy& c, int64_t copies) {
  const IntTuple shape = c.tile_shape();
  const int64_t n = product(shape);
  std::map<int64_t, int64_t> hits;
  for (int64_t i = 0; i < size(c.tv); ++i) ++hits[c.tv(i)];
  ASSERT_EQ(static_cast<int64_t>(hits.size()), n) << c.atom.name << " " << S(c.tv);
  for (auto [idx, k] : hits) {
    ASSERT_TRUE(idx >= 0 && idx < n) << idx;
    ASSERT_EQ(k, copies) << c.atom.name << " element " << idx;
  }
}

TEST(XeBlock2DCopy, SelectorOneSubgroup) {
  TiledMMA t = make_xe_tiled_mma(bf16_atom(), {8, 16, 16}, L("(1,1,1):(0,0,0)"));
  TiledCopy a = make_block_2d_copy_for(XeOperand::A, t, value_type("bf16"), XeModes{1, 0});
  EXPECT_EQ(a.atom.name, "XE_LOAD_2D<16,8,16>");
  EXPECT_EQ(S(a.tile_shape()), "(8,16)");
  check_covers(a, 1);
}

TEST(XeBlock2DCopy, Selector256x256x32) {
  TiledMMA t = make_xe_tiled_mma(bf16_atom(), {256, 256, 32}, L("(8,4,1):(4,1,0)"));
  TiledCopy a = make_block_2d_copy_for(XeOperand::A, t, value_type("bf16"), XeModes{1, 0});
  EXPECT_EQ(a.atom.name, "XE_LOAD_2D<16,32,32,16>");
  EXPECT_EQ(S(a.tile_shape()), "(256,32)");
  EXPECT_EQ(a.num_threads(), 512);
  check_covers(a, 4);  // the 4 subgroups along N load the same A rows
  TiledCopy b = make_block_2d_copy_for(XeOperand::B, t, value_type("bf16"), XeModes{0, 1});
  EXPECT_EQ(b.atom.name, "XE_LOAD_2D_VNNI<16,16,32,16>");
  check_covers(b, 8);
  TiledCopy pa = make_block_2d_prefetch(a, XeModes{1, 0});
  EXPECT_EQ(pa.atom.name, "XE_PREFETCH_2D<16,8,32>");
  check_covers(pa, 1);
  TiledCopy pb = make_block_2d_prefetch(b, XeModes{0, 1});
  EXPECT_EQ(pb.atom.name, "XE_PREFETCH_2D<16,8,32>");
  check_covers(pb, 1);
  TiledCopy c = make_block_2d_copy_for(XeOperand::C, t, value_type("f32"), XeModes{1, 0});
  check_covers(c, 1);
  TiledCopy d = make_block_2d_copy_for(XeOperand::D, t, value_type("f32"), XeModes{1, 0});
  EXPECT_EQ(d.atom.block2d->kind, Block2D::Kind::Store);
  check_covers(d, 1);
}

}  // namespace
}  // namespace tvlab
