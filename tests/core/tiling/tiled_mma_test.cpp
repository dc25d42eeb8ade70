#include "tvlab/core/tiling/tiled_mma.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "../test_support.hpp"
#include "nvidia_test_atoms.hpp"
#include "tvlab/core/atoms/xe_dpas.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;
using test::sm80_16x8x16;

// Atoms written out from nvidia-atoms.md section 2 (independent of the registry).
MmaAtom sm70_8x8x4(bool nt) {
  MmaAtom a;
  a.name = nt ? "SM70_8x8x4_F32F16F16F32_NT" : "SM70_8x8x4_F32F16F16F32_TN";
  a.m = 8, a.n = 8, a.k = 4;
  a.thr_id = L("(4,2):(1,16)");
  a.a = a.b = nt ? L("((4,2),4):((8,4),1)") : L("(8,4):(1,8)");
  a.c = L("((2,2,2),(2,2,2)):((1,16,4),(8,2,32))");
  return a;
}
MmaAtom sm90_64x64x16_ss() {
  MmaAtom a;
  a.m = 64, a.n = 64, a.k = 16;
  a.thr_id = L("128:1");
  a.a = L("(128,(64,16)):(0,(1,64))");
  a.b = L("(128,(64,16)):(0,(1,64))");
  a.c = L("((4,8,4),(2,2,8)):((128,1,16),(64,8,512))");
  return a;
}

TEST(TiledMma, IsXe) {
  EXPECT_FALSE(make_tiled_mma(sm80_16x8x16(), L("(2,2,1)")).is_xe());
  EXPECT_TRUE(make_tiled_mma(make_xe_dpas(8, value_type("f32"), value_type("bf16"), value_type("bf16"),
                                          value_type("f32")),
                             L("(1,1,1)"))
                  .is_xe());
}

TEST(TiledMMA, E1_Sm80AtomLayout2x2) {
  for (const char* layout : {"(2,2,1)", "(2,2)"}) {
    TiledMMA t = make_tiled_mma(sm80_16x8x16(), L(layout));
    EXPECT_EQ(S(t.thr_layout_vmnk), "(32,2,2,1):(1,32,64,0)");
    EXPECT_EQ(t.tile_mnk, (std::array<int64_t, 3>{32, 16, 16}));
    EXPECT_EQ(S(t.get_layoutA_TV()), "((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))");
    EXPECT_EQ(S(t.get_layoutB_TV()), "((4,8,2,2),((2,2),(1,1))):((32,1,0,8),((16,128),(0,0)))");
    EXPECT_EQ(S(t.get_layoutC_TV()), "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))");
    EXPECT_EQ(S(t.thrfrg_C(make_layout(make_shape(32, 16)))),
              "(((4,8),(2,2)),((2,2),(1,1))):(((64,1),(16,256)),((32,8),(0,0)))");
    EXPECT_EQ(S(t.thrfrg_A(make_layout(make_shape(32, 16)))),
              "(((4,8),(2,1)),((2,2,2),(1,1))):(((64,1),(16,0)),((32,8,256),(0,0)))");
    EXPECT_EQ(S(t.partition_shape_C(make_shape(64, 64))), "((2,2),2,4)");
    EXPECT_EQ(S(t.partition_shape_A(make_shape(64, 32))), "((2,2,2),2,2)");
    EXPECT_EQ(t.thr_vmnk(37), (std::array<int64_t, 4>{5, 1, 0, 0}));
  }
  TiledMMA rm = make_tiled_mma(sm80_16x8x16(), L("(2,2,1):(2,1,0)"));
  EXPECT_EQ(S(rm.thr_layout_vmnk), "(32,2,2,1):(1,64,32,0)");
  EXPECT_EQ(S(rm.get_layoutC_TV()), "(((4,8),2,2),((2,2),(1,1))):(((64,1),256,16),((32,8),(0,0)))");
}

TEST(TiledMMA, E2_Permutations) {
  TiledMMA t =
      make_tiled_mma(sm80_16x8x16(), L("(2,2,1)"),
                     Tiler(Tiler::Modes{Tiler(int64_t(32)), Tiler(int64_t(32)), Tiler(int64_t(16))}));
  EXPECT_EQ(t.tile_mnk, (std::array<int64_t, 3>{32, 32, 16}));
  EXPECT_EQ(S(t.get_layoutA_TV()), "((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))");
  EXPECT_EQ(S(t.get_layoutB_TV()), "((4,8,2,2),((2,2),(2,1))):((64,1,0,8),((32,256),(16,0)))");
  EXPECT_EQ(S(t.get_layoutC_TV()), "((4,8,2,2),((2,2),(1,2))):((64,1,16,256),((32,8),(0,512)))");
  TiledMMA n = make_tiled_mma(
      sm80_16x8x16(), L("(2,2,1)"),
      Tiler(Tiler::Modes{Tiler(Underscore{}), Tiler(L("(2,4,2):(1,4,2)")), Tiler(Underscore{})}));
  EXPECT_EQ(n.tile_mnk, (std::array<int64_t, 3>{32, 16, 16}));
  EXPECT_EQ(S(n.get_layoutB_TV()), "((4,2,4,2,2),((2,2),(1,1))):((32,1,4,0,2),((16,128),(0,0)))");
  EXPECT_EQ(S(n.get_layoutC_TV()), "((4,8,2,2),((2,2),(1,1))):((128,1,16,64),((32,8),(0,0)))");
}

TEST(TiledMMA, KSplitQuirk) {
  EXPECT_EQ(S(make_tiled_mma(sm80_16x8x16(), L("(1,1,2)")).get_layoutC_TV()),
            "((4,8,2),((2,2),(1,1))):((32,1,0),((16,8),(0,0)))");
  EXPECT_EQ(S(make_tiled_mma(sm80_16x8x16(), L("(2,1,2)")).get_layoutC_TV()),
            "((4,8,2,2),((2,2),(1,1))):((64,1,16,0),((32,8),(0,0)))");
  TiledMMA t = make_tiled_mma(sm80_16x8x16(), L("(2,2,2)"));
  EXPECT_EQ(t.tile_mnk, (std::array<int64_t, 3>{32, 16, 32}));
  EXPECT_EQ(S(t.get_layoutC_TV()), "((4,8,2,4),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))");
}

TEST(TiledMMA, E5_Sm70QuadPairs) {
  TiledMMA t = make_tiled_mma(sm70_8x8x4(true), L("(2,2):(2,1)"));
  EXPECT_EQ(S(t.thr_layout_vmnk), "((4,2),2,2,1):((1,16),8,4,0)");
  EXPECT_EQ(t.tile_mnk, (std::array<int64_t, 3>{16, 16, 4}));
  EXPECT_EQ(S(t.get_layoutA_TV()), "((4,2,2,2),(4,(1,1))):((16,0,8,4),(1,(0,0)))");
  EXPECT_EQ(S(t.get_layoutB_TV()), "((4,2,2,2),(4,(1,1))):((16,8,0,4),(1,(0,0)))");
  EXPECT_EQ(S(t.get_layoutC_TV()), "(((2,2),2,2,2),((2,2,2),(1,1))):(((1,32),128,8,4),((16,2,64),(0,0)))");
  TiledMMA one = make_tiled_mma(sm70_8x8x4(false));
  EXPECT_EQ(S(one.thr_layout_vmnk), "((4,2),1,1,1):((1,16),0,0,0)");
  EXPECT_EQ(one.tile_mnk, (std::array<int64_t, 3>{8, 8, 4}));
  EXPECT_EQ(S(one.get_layoutA_TV()), "((4,4,2),(4,(1,1))):((1,0,4),(8,(0,0)))");
  EXPECT_EQ(S(one.get_layoutB_TV()), "((4,4,2),(4,(1,1))):((1,0,4),(8,(0,0)))");
  EXPECT_EQ(S(one.get_layoutC_TV()), "(((2,2),4,2),((2,2,2),(1,1))):(((1,16),0,4),((8,2,32),(0,0)))");
}

TEST(TiledMMA, E6_Gmma) {
  TiledMMA t = make_tiled_mma(sm90_64x64x16_ss());
  EXPECT_EQ(S(t.thr_layout_vmnk), "(128,1,1,1):(1,0,0,0)");
  EXPECT_EQ(S(t.get_layoutA_TV()), "(128,((64,16),(1,1))):(0,((1,64),(0,0)))");
  EXPECT_EQ(S(t.get_layoutC_TV()), "((4,8,4),((2,2,8),(1,1))):((128,1,16),((64,8,512),(0,0)))");
  TiledMMA two = make_tiled_mma(sm90_64x64x16_ss(), L("(2,1,1)"));
  EXPECT_EQ(S(two.thr_layout_vmnk), "(128,2,1,1):(1,128,0,0)");
  EXPECT_EQ(two.tile_mnk, (std::array<int64_t, 3>{128, 64, 16}));
  EXPECT_EQ(S(two.get_layoutA_TV()), "((128,2),((64,16),(1,1))):((0,64),((1,128),(0,0)))");
  EXPECT_EQ(S(two.get_layoutB_TV()), "(256,((64,16),(1,1))):(0,((1,64),(0,0)))");
  EXPECT_EQ(S(two.get_layoutC_TV()), "((4,8,8),((2,2,8),(1,1))):((256,1,16),((128,8,1024),(0,0)))");
}

// Postcondition: for atom layouts without K threads, C_TV covers the C tile exactly once, and the
// partition of an identity tensor hands each thread exactly the coordinates C_TV gives it.
TEST(TiledMMA, CoversTileAndPartitionAgrees) {
  std::vector<TiledMMA> mmas;
  for (const char* l : {"(1,1,1)", "(2,2,1)", "(2,2,1):(2,1,0)", "(4,1,1)", "(1,4,1)", "(2,4,1):(4,1,0)"}) {
    mmas.push_back(make_tiled_mma(sm80_16x8x16(), L(l)));
    mmas.push_back(make_tiled_mma(
        make_xe_dpas(8, value_type("f32"), value_type("bf16"), value_type("bf16"), value_type("f32")), L(l)));
  }
  for (const TiledMMA& t : mmas) {
    const Layout c = t.get_layoutC_TV();
    const int64_t tm = t.tile_mnk[0], tn = t.tile_mnk[1];
    const int64_t nthr = size(mode(c, 0)), nval = size(mode(c, 1));
    ASSERT_EQ(nthr, t.num_threads()) << S(c);
    std::map<int64_t, int> hits;
    for (int64_t i = 0; i < size(c); ++i) ++hits[c(i)];
    ASSERT_EQ(static_cast<int64_t>(hits.size()), tm * tn) << S(c);
    for (auto [idx, n] : hits) ASSERT_TRUE(idx < tm * tn && n == 1) << S(c) << " index " << idx;
    const Layout id = make_identity_layout(make_shape(tm, tn));
    for (int64_t thr = 0; thr < nthr; ++thr) {
      LayoutSlice p = t.partition_C(id, thr);
      ASSERT_EQ(size(p.layout), nval);
      for (int64_t v = 0; v < nval; ++v) {
        const IntTuple crd = add_coords(p.offset, p.layout(IntTuple(v)));
        const int64_t idx = c(thr + nthr * v);
        ASSERT_EQ(S(crd), S(make_coord(idx % tm, idx / tm))) << "thread " << thr << " value " << v;
      }
    }
  }
}

}  // namespace
}  // namespace tvlab
