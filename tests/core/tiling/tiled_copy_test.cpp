#include "tvlab/core/tiling/tiled_copy.hpp"

#include <gtest/gtest.h>

#include <map>

#include "../test_support.hpp"
#include "nvidia_test_atoms.hpp"
#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/composition.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;
using test::sm80_16x8x16;

// Atoms written out from nvidia-atoms.md section 3 (independent of the registry).
CopyAtom universal(int bits) {
  CopyAtom a;
  a.name = "UniversalCopy<uint" + std::to_string(bits) + "_t>";
  a.thr_id = L("1:0");
  a.src = a.dst = a.ref = make_layout(make_shape(1, bits), make_stride(0, 1));
  a.copy_bits = a.val_bits = bits;
  return a;
}
CopyAtom ldsm_u32x4_n() {
  CopyAtom a;
  a.name = "SM75_U32x4_LDSM_N";
  a.thr_id = L("32:1");
  a.src = L("(32,128):(128,1)");
  a.dst = a.ref = L("(32,(32,4)):(32,(1,1024))");
  a.copy_bits = a.val_bits = 32;
  return a;
}
CopyAtom ldsm_u16x4_t() {
  CopyAtom a;
  a.name = "SM75_U16x4_LDSM_T";
  a.thr_id = L("32:1");
  a.src = L("((16,2),128):((128,0),1)");
  a.dst = a.ref = L("((4,8),(16,2,2)):((256,16),(1,128,1024))");
  a.copy_bits = a.val_bits = 16;
  return a;
}
const ValueType half = value_type("half_t");

TEST(TiledCopy, E3_UniversalCopy128) {
  TiledCopy c = make_tiled_copy(universal(128), half, L("(32,8):(8,1)"), make_layout(make_shape(1, 8)));
  EXPECT_EQ(S(c.tile_shape()), "(32,64)");
  EXPECT_EQ(S(c.tv), "((8,32),8):((256,1),32)");
  EXPECT_EQ(S(c.get_layoutS_TV()), "((8,32),(8,1)):((256,1),(32,0))");
  EXPECT_EQ(S(c.get_layoutD_TV()), "((8,32),(8,1)):((256,1),(32,0))");
  EXPECT_EQ(S(c.tidfrg_S(make_layout(make_shape(64, 128)))),
            "((8,32),(8,1),(2,2)):((512,1),(64,0),(32,4096))");
  EXPECT_EQ(S(c.tidfrg_D(make_layout(make_shape(64, 128), make_stride(128, 1)))),
            "((8,32),(8,1),(2,2)):((8,128),(1,0),(4096,64))");
}

TEST(TiledCopy, E3_OtherPrintedCases) {
  TiledCopy a =
      make_tiled_copy(universal(64), half, make_layout(make_shape(16, 8)), make_layout(make_shape(4, 1)));
  EXPECT_EQ(S(a.tile_shape()), "(64,8)");
  EXPECT_EQ(S(a.tv), "(128,4):(4,1)");
  TiledCopy b = make_tiled_copy(universal(32), half, L("(4,8):(8,1)"), make_layout(make_shape(2, 2)));
  EXPECT_EQ(S(b.tile_shape()), "(8,16)");
  EXPECT_EQ(S(b.tv), "((8,4),(2,2)):((16,2),(1,8))");
  EXPECT_EQ(S(b.get_layoutS_TV()), "((8,4),(2,2)):((16,2),(1,8))");
}

TEST(TiledCopy, E4_LdsmFromMma) {
  TiledMMA mma = make_tiled_mma(sm80_16x8x16(), L("(2,2,1)"));
  TiledCopy a = make_tiled_copy_A(ldsm_u32x4_n(), half, mma);
  EXPECT_EQ(S(a.tile_shape()), "(32,16)");
  EXPECT_EQ(a.tv, mma.get_layoutA_TV());
  EXPECT_EQ(S(a.get_layoutS_TV()), "((16,2,2,2),(8,1)):((1,256,16,0),(32,0))");
  EXPECT_EQ(S(a.get_layoutD_TV()), "((4,8,2,2),((2,2,2),1)):((64,1,16,0),((32,8,256),0))");
  EXPECT_EQ(S(a.tidfrg_S(make_layout(make_shape(64, 32), make_stride(32, 1)))),
            "((16,2,2,2),(8,1),(2,2)):((32,8,512,0),(1,0),(1024,16))");
  TiledCopy b = make_tiled_copy_B(ldsm_u16x4_t(), half, mma);
  EXPECT_EQ(S(b.tile_shape()), "(16,16)");
  EXPECT_EQ(S(b.get_layoutS_TV()), "((16,4,2),(8,1)):((16,0,8),(1,0))");
  EXPECT_EQ(S(b.get_layoutD_TV()), "((4,8,2,2),((2,2),1)):((32,1,0,8),((16,128),0))");
}

// Copy_Atom<DefaultCopy, T> (and any AutoVectorizingCopyWithAssumedAlignment<N>): one value of T per thread
// (bits (1,1):(0,0)), so a tiled copy of it is the tiled copy of UniversalCopy<T> for the same T: CuTe's
// make_tiled_copy(Copy_Atom<DefaultCopy, half_t>{}, (32,8):(8,1), (1,8)) prints (g++ host build of CUTLASS
// 7107b05535f8) Tiler_MN (32,64), TiledLayout_TV ((8,32),8):((256,1),32), S_TV = D_TV
// ((8,32),(1,8)):((256,1),(0,32)) and tidfrg_S of (64,128):(128,1)
// ((8,32),(1,8),(2,2)):((8,128),(0,1),(4096,64)), the same as for UniversalCopy<half_t>: 8 atom calls a
// thread, which cute::copy then vectorizes.
TEST(TiledCopy, AutoVectorizingAtomTilesAsUniversalCopyOfTheValueType) {
  const Layout thr = L("(32,8):(8,1)"), val = make_layout(make_shape(1, 8));
  for (const char* name :
       {"DefaultCopy", "AutoVectorizingCopy", "AutoVectorizingCopyWithAssumedAlignment<32>"}) {
    SCOPED_TRACE(name);
    const TiledCopy a = make_tiled_copy(find_copy_atom(name), half, thr, val);
    const TiledCopy u = make_tiled_copy(universal(16), half, thr, val);
    EXPECT_EQ(S(a.tile_shape()), "(32,64)");
    EXPECT_EQ(S(a.tv), "((8,32),8):((256,1),32)");
    EXPECT_EQ(S(a.get_layoutS_TV()), "((8,32),(1,8)):((256,1),(0,32))");
    EXPECT_EQ(a.get_layoutS_TV(), u.get_layoutS_TV());
    EXPECT_EQ(a.get_layoutD_TV(), u.get_layoutD_TV());
    const Layout gmem = make_layout(make_shape(64, 128), make_stride(128, 1));
    EXPECT_EQ(S(a.tidfrg_S(gmem)), "((8,32),(1,8),(2,2)):((8,128),(0,1),(4096,64))");
    EXPECT_EQ(a.tidfrg_S(gmem), u.tidfrg_S(gmem));
    EXPECT_EQ(a.tidfrg_D(gmem), u.tidfrg_D(gmem));
    // Any value type, wider than the assumed alignment or narrower than a byte.
    for (const char* t : {"double", "complex<double>", "int4_t"}) {
      const TiledCopy w = make_tiled_copy(find_copy_atom(name), value_type(t), thr, val);
      EXPECT_EQ(S(w.tv), "((8,32),8):((256,1),32)") << t;
    }
  }
}

TEST(TiledCopy, AtomMustDivide) {
  EXPECT_THROW(make_tiled_copy(ldsm_u32x4_n(), half, L("16:1"), L("8:1")), LayoutError);
}

// Postcondition: with bijective thread and value layouts, the TV layout is a bijection onto the tile
// and partition_S of an identity tensor gives each thread the coordinates TV names.
TEST(TiledCopy, BijectiveAndPartitionAgrees) {
  for (const char* thr : {"(32,8):(8,1)", "(32,8)", "(4,8):(8,1)", "(16,8)"})
    for (const char* val : {"(1,8)", "(2,2)", "(4,1)", "(2,1):(1,0)"}) {
      TiledCopy c = make_tiled_copy(universal(16), half, L(thr), L(val));
      const int64_t n = size(c.tv), tm = c.tile_shape()[0].ival();
      std::map<int64_t, int> hits;
      for (int64_t i = 0; i < n; ++i) ++hits[c.tv(i)];
      ASSERT_EQ(static_cast<int64_t>(hits.size()), n) << thr << " " << val;
      const Layout id = make_identity_layout(c.tile_shape());
      const int64_t nthr = c.num_threads();
      for (int64_t t = 0; t < nthr; ++t) {
        LayoutSlice p = c.partition_S(id, t);
        for (int64_t v = 0; v < size(mode(c.tv, 1)); ++v) {
          const int64_t idx = c.tv(t + nthr * v);
          ASSERT_EQ(S(add_coords(p.offset, p.layout(IntTuple(v)))), S(make_coord(idx % tm, idx / tm)))
              << thr << " " << val << " T" << t << " V" << v;
        }
      }
    }
}

// Seed 002 (MoYe.jl): six threads copy a 4x9 array, thr (2,3):(3,1), val (2,3):(1,2). The seed prints
// the thread (1-based) owning each element:
TEST(TiledCopy, MoYeSixThreadsCopyA4x9Array) {
  const char* expected[] = {"1 1 1 2 2 2 3 3 3", "1 1 1 2 2 2 3 3 3", "4 4 4 5 5 5 6 6 6",
                            "4 4 4 5 5 5 6 6 6"};
  const TiledCopy c = make_tiled_copy(universal(64), ValueType{"double", "f64", 64, true, true},
                                      L("(2,3):(3,1)"), L("(2,3):(1,2)"));
  ASSERT_EQ(S(c.tile_shape()), "(4,9)");
  for (const Layout& tv : {c.get_layoutS_TV(), c.get_layoutD_TV()}) {
    std::vector<std::string> owner(36, "?");
    for (int64_t t = 0; t < 6; ++t)
      for (int64_t v = 0; v < size(mode(tv, 1)); ++v) owner[tv(t + 6 * v)] = std::to_string(t + 1);
    for (int m = 0; m < 4; ++m) {
      std::string row;
      for (int n = 0; n < 9; ++n) row += (n ? " " : "") + owner[m + 4 * n];
      EXPECT_EQ(row, expected[m]) << "row " << m << " of " << S(tv);
    }
  }
  // Thread 2 (0-based 1) of the seed's partition_D: one value per copy, the 2x3 block at (0,3).
  const LayoutSlice p = c.partition_D(make_identity_layout(make_shape(4, 9)), 1);
  EXPECT_EQ(S(p.offset), "(0,3)");
  EXPECT_EQ(S(p.layout), "((1,(2,3)),1,1):((0,(1@0,1@1)),0,0)");  // ((AtomVal,RestVal),CPY_M,CPY_N)
}

// make_tiled_copy_C_atom: each (T,V) of the small copy, mapped back through its tiler, is the C element
// the MMA's truncated C layout gives that (T,V).
TEST(TiledCopy, CopyCAtomMapsBackToTheMmaFragment) {
  const MmaAtom atom = sm80_16x8x16();
  for (const char* layout : {"(2,2)", "(1,1)", "(4,1)"}) {
    const TiledMMA mma = make_tiled_mma(atom, L(layout));
    const TiledCopy c = make_tiled_copy_C_atom(universal(32), ValueType{"float", "f32", 32, true, true}, mma);
    const Layout c_tv = mma.get_layoutC_TV();
    const int64_t nthr = size(mode(c.tv, 0));
    ASSERT_EQ(nthr, size(mode(c_tv, 0)));
    ASSERT_EQ(size(mode(c.tv, 1)), 1);  // one 32-bit value per atom
    const Layout tile2mma = composition(make_layout(make_shape(mma.tile_mnk[0], mma.tile_mnk[1])), c.tiler);
    for (int64_t t = 0; t < nthr; ++t) ASSERT_EQ(tile2mma(c.tv(t)), c_tv(t)) << layout << " T" << t;
  }
  // 128-bit copies of 16-bit values: 8 per thread, but C holds 4 per thread.
  EXPECT_THROW(make_tiled_copy_C_atom(universal(128), ValueType{"half_t", "f16", 16, true, true},
                                      make_tiled_mma(atom, L("(1,1)"))),
               LayoutError);
}

// retile: CUTLASS's sgemm_sm80 views the MMA's A fragment ((2,2,2),4,4) as the LDSM copy moves it.
TEST(TiledCopy, RetileMmaFragmentForLdmatrix) {
  MmaAtom atom = sm80_16x8x16();
  atom.a_type = atom.b_type = atom.c_type = atom.d_type = ValueType{"half_t", "f16", 16, true, true};
  const TiledMMA mma = make_tiled_mma(atom, L("(2,2)"), Tiler(Tiler::Modes{Tiler(32), Tiler(32), Tiler(16)}));
  const TiledCopy c = make_tiled_copy_A(ldsm_u32x4_n(), atom.a_type, mma);
  const LayoutSlice a = mma.partition_A(make_layout(make_shape(128, 64)), 0);
  EXPECT_EQ(S(a.layout), "((2,2,2),4,4):((128,8,1024),32,2048)");
  EXPECT_EQ(S(c.retile(make_layout(make_shape(make_shape(2, 2, 2), 4, 4)))), "((8,1),4,4):((1,0),8,32)");
  EXPECT_EQ(S(c.partition_S(make_layout(make_shape(128, 64)), 0).layout), "((8,1),4,4):((128,0),32,2048)");
}

}  // namespace
}  // namespace tvlab
