#include "tvlab/core/tiling/xe_slm.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "../test_support.hpp"
#include "tvlab/core/atoms/registry.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;

struct Config {
  const char* atom;
  std::array<int64_t, 3> tile;
  const char* sg;
  const char* type;
};
const Config kConfigs[] = {
    {"XE_DPAS_TT<8,float,bfloat16_t>", {256, 256, 32}, "(8,4,1):(4,1,0)", "bf16"},
    {"XE_DPAS_TT<8,float,bfloat16_t>", {128, 64, 32}, "(4,2,1):(2,1,0)", "bf16"},
    {"XE_DPAS_TT<8,float,half_t>", {64, 128, 32}, "(2,4,1):(4,1,0)", "f16"},
    {"XE_DPAS_TT<8,int32_t,int8_t>", {128, 128, 64}, "(4,4,1):(4,1,0)", "s8"},
    {"XE_DPAS_TT<4,float,bfloat16_t>", {32, 64, 32}, "(2,2,1):(2,1,0)", "bf16"},
};

TiledMMA mma_of(const Config& c) {
  return make_xe_tiled_mma(find_mma_atom(c.atom), c.tile, L(c.sg));
}
const XeModes kKContiguous{1, 0};  // (M or N, K) with K contiguous in memory

// Per subgroup, the set of column-major tile indices its 16 work-items touch.
std::vector<std::set<int64_t>> per_subgroup(const Layout& tv) {
  const int64_t nthr = size(mode(tv, 0)), nval = size(mode(tv, 1));
  std::vector<std::set<int64_t>> out(nthr / 16);
  for (int64_t t = 0; t < nthr; ++t)
    for (int64_t v = 0; v < nval; ++v) out[t / 16].insert(tv(t + nthr * v));
  return out;
}

// sycl-tla's worked case: 32 subgroups split the 256x32 A tile by rows, one 8-row block each.
TEST(XeCoopCopy, A256x256x32SplitsRowsWithoutRedundancy) {
  const TiledMMA t = mma_of(kConfigs[0]);
  const TiledCopy c = make_coop_block_2d_copy(XeOperand::A, t, value_type("bf16"), XeModes{1, 0});
  EXPECT_EQ(c.atom.name, "XE_LOAD_2D<16,8,32,16>");
  EXPECT_EQ(S(c.tile_shape()), "(256,32)");
  EXPECT_EQ(c.num_threads(), 512);
  const auto sgs = per_subgroup(c.tv);
  for (int64_t s = 0; s < 32; ++s) {
    std::set<int64_t> want;
    for (int64_t m = 8 * s; m < 8 * s + 8; ++m)
      for (int64_t k = 0; k < 32; ++k) want.insert(m + 256 * k);
    ASSERT_EQ(sgs[s], want) << "subgroup " << s;
  }
}

// Every configuration: the cooperative copy covers its tile exactly once (no subgroup repeats
// another's load), the op is a load the hardware accepts, and the tile is the MMA operand's.
TEST(XeCoopCopy, CoversTileExactlyOnce) {
  for (const Config& cfg : kConfigs) {
    const TiledMMA t = mma_of(cfg);
    for (XeOperand w : {XeOperand::A, XeOperand::B}) {
      const bool a = w == XeOperand::A;
      const TiledCopy c = make_coop_block_2d_copy(w, t, value_type(cfg.type), kKContiguous);
      const int64_t rows = a ? t.tile_mnk[0] : t.tile_mnk[1], k = t.tile_mnk[2];
      ASSERT_EQ(S(c.tile_shape()), S(make_shape(rows, k))) << cfg.atom << (a ? " A" : " B");
      std::map<int64_t, int> hits;
      for (int64_t i = 0; i < size(c.tv); ++i) ++hits[c.tv(i)];
      ASSERT_EQ(int64_t(hits.size()), rows * k) << cfg.atom << " " << c.atom.name;
      for (auto [idx, n] : hits) ASSERT_EQ(n, 1) << cfg.atom << " " << c.atom.name << " element " << idx;
      EXPECT_EQ(c.num_threads(), t.num_threads());
    }
  }
}

TEST(XeCoopCopy, UnevenSplitIsRejected) {
  // 4 subgroups cannot share the 2 row blocks x 1 K block of a 16x16 A tile.
  const TiledMMA t =
      make_xe_tiled_mma(find_mma_atom("XE_DPAS_TT<8,float,bfloat16_t>"), {16, 64, 16}, L("(1,4,1):(0,1,0)"));
  EXPECT_THROW(make_coop_block_2d_copy(XeOperand::A, t, value_type("bf16"), XeModes{1, 0}), LayoutError);
  EXPECT_THROW(make_coop_block_2d_copy(XeOperand::C, t, value_type("bf16"), XeModes{1, 0}), LayoutError);
}

TEST(XeSlmLayout, A256x256x32) {
  const TiledMMA t = mma_of(kConfigs[0]);
  EXPECT_EQ(S(make_slm_layout(XeOperand::A, t)), "((16,(32,1)),(8,(1,2))):((256,(8,8192)),(1,(0,4096)))");
}

// The SLM layout is a TV view of the whole tile: a bijection onto the column-major (M|N, K) indices,
// whose subgroup (ThrM', ThrK') blocks are those of the cooperative copy.
TEST(XeSlmLayout, BijectiveAndSubgroupsMatchCoopCopy) {
  for (const Config& cfg : kConfigs) {
    const TiledMMA t = mma_of(cfg);
    for (XeOperand w : {XeOperand::A, XeOperand::B}) {
      const Layout slm = make_slm_layout(w, t);
      const int64_t n = (w == XeOperand::A ? t.tile_mnk[0] : t.tile_mnk[1]) * t.tile_mnk[2];
      std::set<int64_t> seen;
      for (int64_t i = 0; i < size(slm); ++i) seen.insert(slm(i));
      ASSERT_EQ(int64_t(seen.size()), n) << cfg.atom << " " << S(slm);
      ASSERT_EQ(*seen.rbegin(), n - 1);
      const TiledCopy coop = make_coop_block_2d_copy(w, t, value_type(cfg.type), kKContiguous);
      const auto [r2s, s2r] = make_slm_copies(w, t, coop);
      // Each subgroup writes to SLM exactly what it loaded from global memory, where the SLM copies'
      // tile is the operand tile (see packed_slm_tile).
      if (r2s.tile_shape() == coop.tile_shape()) {
        ASSERT_EQ(per_subgroup(r2s.tv), per_subgroup(coop.tv)) << cfg.atom << " " << S(r2s.tv);
      }
    }
  }
}

// s2r gives every subgroup the elements its MMA fragment needs, and r2s writes every element once.
TEST(XeSlmCopies, ReadsMatchTheMmaAndWritesCoverOnce) {
  for (const Config& cfg : kConfigs) {
    const TiledMMA t = mma_of(cfg);
    for (XeOperand w : {XeOperand::A, XeOperand::B}) {
      const TiledCopy coop = make_coop_block_2d_copy(w, t, value_type(cfg.type), kKContiguous);
      const auto [r2s, s2r] = make_slm_copies(w, t, coop);
      EXPECT_EQ(r2s.atom.name.rfind("UniversalCopy<AlignedArray<", 0), 0u) << r2s.atom.name;
      std::map<int64_t, int> hits;
      for (int64_t i = 0; i < size(r2s.tv); ++i) ++hits[r2s.tv(i)];
      for (auto [idx, n] : hits) ASSERT_EQ(n, 1) << cfg.atom << " r2s element " << idx;
      ASSERT_EQ(int64_t(hits.size()), product(r2s.tile_shape())) << cfg.atom;
      ASSERT_EQ(r2s.tile_shape(), s2r.tile_shape());
      const Layout mma_tv = w == XeOperand::A ? t.get_layoutA_TV() : t.get_layoutB_TV();
      if (r2s.tile_shape() == coop.tile_shape()) {
        ASSERT_EQ(per_subgroup(s2r.tv), per_subgroup(mma_tv)) << cfg.atom << " " << S(s2r.tv);
      }
    }
  }
}

TEST(XeSlmCopies, AtomsAndTilers256x256x32) {
  const TiledMMA t = mma_of(kConfigs[0]);
  const TiledCopy coop = make_coop_block_2d_copy(XeOperand::A, t, value_type("bf16"), XeModes{1, 0});
  const auto [r2s, s2r] = make_slm_copies(XeOperand::A, t, coop);
  EXPECT_EQ(r2s.atom.name, "UniversalCopy<AlignedArray<bfloat16_t,8>>");
  EXPECT_EQ(S(r2s.tile_shape()), "(256,32)");
  EXPECT_EQ(S(r2s.tv), "((16,32),(8,2)):((256,8),(1,4096))");
  EXPECT_EQ(S(s2r.tv), "((16,(4,8)),(8,(4,2))):((256,(0,32)),(1,(8,4096)))");
}

// Upstream's SLM copies tile (frg*RestM, 16*RestK), frg = the MMA atom's values per work-item: the
// operand tile only when frg == AtomM and AtomK == 16 (16-bit types). For int8 A (8x32 atom, 16
// values per work-item) the SLM tile is (16*RestM, 16*RestK): a packed order of the same elements.
TEST(XeSlmCopies, PackedSlmTile) {
  const TiledMMA t = mma_of(kConfigs[3]);  // int8, 128x128x64
  const TiledCopy coop = make_coop_block_2d_copy(XeOperand::A, t, value_type("s8"), kKContiguous);
  const auto [r2s, s2r] = make_slm_copies(XeOperand::A, t, coop);
  EXPECT_EQ(S(coop.tile_shape()), "(128,64)");
  EXPECT_EQ(S(r2s.tile_shape()), "(256,32)");
  EXPECT_EQ(r2s.atom.name, "UniversalCopy<AlignedArray<int8_t,16>>");
}

TEST(XeSlmCopy, OneSubgroupPacksItsFragment) {
  const TiledMMA t = mma_of(kConfigs[0]);
  const SubgroupTensor frag = partition_sg_fragment(XeOperand::A, t, 0);
  const TiledCopy c = make_slm_copy(frag, make_slm_layout(XeOperand::A, t));
  EXPECT_EQ(c.atom.name, "UniversalCopy<AlignedArray<bfloat16_t,8>>");
  EXPECT_EQ(S(c.tile_shape()), "(8,16)");
  EXPECT_EQ(S(c.tv), "(16,8):(8,1)");  // work-item t owns column t, rows 0..7, as one 128-bit value
}

}  // namespace
}  // namespace tvlab
