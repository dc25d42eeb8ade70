#include "tvlab/core/tiling/xe_subtiled.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "../test_support.hpp"
#include "tvlab/core/atoms/registry.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;

const XeModes kNContiguous{1, 0};  // C/D (M,N) with N contiguous in memory

// The column-major tile indices each subgroup of a TV layout touches.
std::vector<std::set<int64_t>> per_subgroup(const Layout& tv) {
  const int64_t nthr = size(mode(tv, 0)), nval = size(mode(tv, 1));
  std::vector<std::set<int64_t>> out(nthr / 16);
  for (int64_t t = 0; t < nthr; ++t)
    for (int64_t v = 0; v < nval; ++v) out[t / 16].insert(tv(t + nthr * v));
  return out;
}

struct Case {
  const char* atom;
  std::array<int64_t, 3> tile;
  const char* sg;      // subgroup layout (M,N,K): ThrK > 1
  const char* stv;     // subtile (T,V) -> (m,n)
  const char* ssg;     // SG_K -> (m_subtile, n_subtile)
  const char* d_type;  // D in memory
};
// Split-k tiles: the K subgroups of each (M,N) block share its C block by subtiles, as sycl-tla's FMHA
// epilogue does (make_subgroup_tensor((n,m):(1@1,1@0)) subtiles, make_identity_layout((Q,V))).
const Case kCases[] = {
    // 2 K subgroups split each 32x32 block by rows: subtiles 16x32.
    {"XE_DPAS_TT<8,float,bfloat16_t>",
     {64, 64, 32},
     "(2,2,2):(2,1,4)",
     "(32,16):(1@1,1@0)",
     "(2,1):(1@0,1@1)",
     "float"},
    // 4 K subgroups, 2x2 subtiles of 16x16 per 32x32 block.
    {"XE_DPAS_TT<8,float,bfloat16_t>",
     {64, 64, 64},
     "(2,2,4):(2,1,4)",
     "(16,16):(1@1,1@0)",
     "(2,2):(1@0,1@1)",
     "bfloat16_t"},
    // One (M,N) block, 4 K subgroups splitting 32 rows by 8 (FMHA's ReduceSGQ = 4).
    {"XE_DPAS_TT<8,float,half_t>",
     {32, 16, 64},
     "(1,1,4):(0,0,1)",
     "(16,8):(1@1,1@0)",
     "(4,1):(1@0,1@1)",
     "half_t"},
};

TiledMMA mma_of(const Case& c) {
  return make_xe_tiled_mma(find_mma_atom(c.atom), c.tile, L(c.sg));
}

// Every subgroup (m, n, k) writes exactly its subtile of the MMA's C block of subgroup (m, n): the K
// subgroups of a block partition it, and the copy covers the tile once.
TEST(XeSubtiledCopy, CoversSubtilesOnceAndMatchesTheMmaCBlocks) {
  for (const Case& c : kCases) {
    const TiledMMA t = mma_of(c);
    for (XeOperand w : {XeOperand::C, XeOperand::D}) {
      const TiledCopy copy =
          make_block_2d_copy_subtiled(w, t, L(c.stv), L(c.ssg), value_type(c.d_type), kNContiguous);
      const std::string what = std::string(c.sg) + " " + copy.atom.name + " " + S(copy.tv);
      ASSERT_EQ(copy.tile_shape(), make_shape(t.tile_mnk[0], t.tile_mnk[1])) << what;
      ASSERT_EQ(copy.num_threads(), t.num_threads()) << what;
      std::map<int64_t, int> hits;
      for (int64_t i = 0; i < size(copy.tv); ++i) ++hits[copy.tv(i)];
      for (auto [idx, n] : hits) ASSERT_EQ(n, 1) << what << " element " << idx;
      ASSERT_EQ(int64_t(hits.size()), t.tile_mnk[0] * t.tile_mnk[1]) << what;
      const auto mine = per_subgroup(copy.tv);
      // The MMA's C fragment of each subgroup (its (M,N) block; the K subgroups of a block share it).
      std::vector<std::set<int64_t>> mma;
      for (int64_t sg = 0; sg < t.num_threads() / 16; ++sg) {
        const SubgroupTensor f = partition_sg_fragment(XeOperand::C, t, sg);
        std::set<int64_t> idx;
        for (int64_t i = 0; i < size(f.tv); ++i) {
          const IntTuple crd = f.tv(IntTuple(i));
          idx.insert(crd[0].ival() + f.offset[0].ival() +
                     t.tile_mnk[0] * (crd[1].ival() + f.offset[1].ival()));
        }
        mma.push_back(idx);
      }
      const int64_t subtile = product(atuple_coshape(L(c.stv)));
      for (size_t sg = 0; sg < mine.size(); ++sg) {
        ASSERT_EQ(int64_t(mine[sg].size()), subtile) << what << " subgroup " << sg;
        for (int64_t idx : mine[sg])
          ASSERT_TRUE(mma[sg].count(idx)) << what << " subgroup " << sg << " " << idx;
      }
    }
  }
}

// Each subgroup's copy fragment holds the elements of its subtile fragment (the (T,V) -> (m,n) the
// user reorders from), offset to the subtile's origin: subgroup (m, n, k)'s origin is its C block's
// plus ssg(k) scaled by the subtile shape.
TEST(XeSubtiledCopy, SubgroupFragmentIsItsSubtile) {
  const Case& c = kCases[0];
  const TiledMMA t = mma_of(c);
  const TiledCopy copy =
      make_block_2d_copy_subtiled(XeOperand::D, t, L(c.stv), L(c.ssg), value_type(c.d_type), kNContiguous);
  EXPECT_EQ(copy.atom.name, "XE_STORE_2D<32,8,16>");
  const SubgroupTensor sub = make_subgroup_tensor(value_type("float"), L(c.stv));
  // (2,2,2):(2,1,4): subgroup s = n + 2m + 4k; block (m, n) at rows 32m, cols 32n; subtile k at rows 16k.
  for (int64_t sg = 0; sg < 8; ++sg) {
    const int64_t n = sg % 2, m = (sg / 2) % 2, k = sg / 4;
    std::set<int64_t> want;
    for (int64_t i = 0; i < size(sub.tv); ++i) {
      const IntTuple crd = sub.tv(IntTuple(i));
      want.insert((32 * m + 16 * k + crd[0].ival()) + 64 * (32 * n + crd[1].ival()));
    }
    const SubgroupTensor f = partition_sg_fragment_S(copy, sg);
    std::set<int64_t> got;
    for (int64_t i = 0; i < size(f.tv); ++i) {
      const IntTuple crd = f.tv(IntTuple(i));
      got.insert((crd[0].ival() + f.offset[0].ival()) + 64 * (crd[1].ival() + f.offset[1].ival()));
    }
    ASSERT_EQ(got, want) << "subgroup " << sg;
  }
}

// Upstream's layouts by hand (48d82e87a) for kCases[0] with the op given (make_block_2d_copy_CD_subtiled):
// thrfrg_C SG mode coalesced (2,2,2):(2048,32,0), ThrK the stride-0 mode 2, replaced by
// xssg = (2,1):(16@0,32@1) as offsets (2,1):(16,2048); values folded into one 16x32 subtile.
TEST(XeSubtiledCopy, UpstreamLayout64x64SplitK2) {
  const Case& c = kCases[0];
  const TiledMMA t = mma_of(c);
  const TiledCopy copy =
      make_block_2d_copy_CD_subtiled(Block2D{Block2D::Kind::Store, 32, 8, 16, 16}, t, make_shape(16, 32),
                                     L(c.ssg), value_type("float"), kNContiguous);
  EXPECT_EQ(copy.atom.name, "XE_STORE_2D<32,8,16>");
  EXPECT_EQ(S(copy.tile_shape()), "(64,64)");
  // lanes 16:64 (a store lane is a column), SG (ThrN 2:2048, ThrM 2:32, (2,1):(16,2048) in ThrK's place),
  // values: 8 rows of the op, 2 row blocks of 8 and 2 column blocks of 16 inside the 16x32 subtile.
  EXPECT_EQ(S(copy.tv), "((16,(2,2,(2,1))),((1,8),(2,2))):((64,(2048,32,(16,2048))),((64,1),(8,1024)))");
}

TEST(XeSubtiledCopy, RejectsWhatUpstreamDoesNotCompile) {
  const TiledMMA no_k =
      make_xe_tiled_mma(find_mma_atom("XE_DPAS_TT<8,float,bfloat16_t>"), {64, 64, 32}, L("(2,2,1):(2,1,0)"));
  EXPECT_THROW(make_block_2d_copy_subtiled(XeOperand::D, no_k, L("(32,16):(1@1,1@0)"), L("(2,1):(1@0,1@1)"),
                                           value_type("float"), kNContiguous),
               LayoutError);
  const TiledMMA t = mma_of(kCases[0]);
  // A plain-integer ssg stride is not a subtile coordinate.
  EXPECT_THROW(make_block_2d_copy_subtiled(XeOperand::D, t, L("(32,16):(1@1,1@0)"), L("2:1"),
                                           value_type("float"), kNContiguous),
               LayoutError);
  // A and B are not subtiled.
  EXPECT_THROW(make_block_2d_copy_subtiled(XeOperand::A, t, L("(32,16):(1@1,1@0)"), L("(2,1):(1@0,1@1)"),
                                           value_type("float"), kNContiguous),
               LayoutError);
  // Partially occupied ThrK with ThrK not the last mode: (2,2,2):(4,2,1) puts K first.
  const TiledMMA k_first =
      make_xe_tiled_mma(find_mma_atom("XE_DPAS_TT<8,float,bfloat16_t>"), {64, 64, 32}, L("(2,2,2):(4,2,1)"));
  EXPECT_THROW(make_block_2d_copy_subtiled(XeOperand::D, k_first, L("(32,32):(1@1,1@0)"), L("1:1@0"),
                                           value_type("float"), kNContiguous),
               LayoutError);
}

}  // namespace
}  // namespace tvlab
