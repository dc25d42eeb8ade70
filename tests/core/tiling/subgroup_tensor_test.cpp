#include "tvlab/core/tiling/subgroup_tensor.hpp"

#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/tuple_algorithms.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;

TEST(SubgroupTensor, LayoutUtilities) {
  EXPECT_EQ(S(atuple_coshape(L("(16,(8,(4,2))):(1@1,(1@0,(8@0,16@1)))"))), "(32,32)");
  EXPECT_EQ(S(atuple_coshape(L("(16,8):(0,1@1)"))), "(1,8)");
  EXPECT_EQ(S(atuple_coshape(L("(4,8):(8,1)"))), "32");
  EXPECT_EQ(S(project_strides(L("(16,8):(1@1,1@0)"))), "(16,8):(8,1)");
  EXPECT_EQ(S(project_strides(L("(4,8):(8,1)"))), "(4,8):(8,1)");
  // CuTe's make_fragment_like: mode 0 compact (stride-0 parts not stepped), the rest by stride order.
  EXPECT_EQ(S(make_fragment_like(L("(2,3,4):(12,4,1)"))), "(2,3,4):(1,8,2)");
  // A single rest mode stays a rank-1 tuple: tiled_product slices with repeat<1>(_) = _.
  EXPECT_EQ(S(make_fragment_like(L("((2,4),3):((0,1),8)"))), "((2,4),(3)):((0,1),(4))");
  EXPECT_EQ(S(make_fragment_like(L("((2,2,2),4,4):((128,8,1024),32,2048)"))), "((2,2,2),4,4):((1,2,4),8,32)");
  EXPECT_EQ(S(make_fragment_like(L("(8,2):(1@0,8@0)"))), "(8,(2)):(1,(8))");
}

TEST(SubgroupTensor, MakeSubgroupTensor) {
  const SubgroupTensor t = make_subgroup_tensor(value_type("float"), L("(16,8):(1@1,1@0)"));
  EXPECT_EQ(S(t.tv), "(16,8):(1@1,1@0)");
  EXPECT_EQ(S(t.fragment), "8:1");
  EXPECT_EQ(make_subgroup_tensor(value_type("f16"), L("(8,16):(1@0,1@1)")).tv.shape, test::T("((8,2),8)"));
  EXPECT_THROW(make_subgroup_tensor(value_type("float"), L("(4,6):(1@0,1@1)")), LayoutError);
}

TEST(SubgroupTensor, DpasFragmentsOfOneSubgroup) {
  const TiledMMA t =
      make_xe_tiled_mma(find_mma_atom("XE_DPAS_TT<8,float,bfloat16_t>"), {8, 16, 16}, L("(1,1,1):(0,0,0)"));
  const SubgroupTensor a = partition_sg_fragment(XeOperand::A, t);
  EXPECT_EQ(S(a.tv), "(16,(8,(1,1))):(1@1,(1@0,(0,0)))");  // lane = k, value = m
  EXPECT_EQ(a.value_type.name, "bfloat16_t");
  const SubgroupTensor c = partition_sg_fragment(XeOperand::C, t);
  EXPECT_EQ(S(c.tv), "(16,(8,(1,1))):(1@1,(1@0,(0,0)))");
  EXPECT_EQ(S(c.fragment), "(8,1,1):(1,0,0)");
  EXPECT_THROW(partition_sg_fragment(XeOperand::A, t, 1), LayoutError);
}

// Subgroup s's TV layout, shifted by its offset, names the coordinates the whole MMA's TV layout gives
// work-items 16s..16s+15: the two independent paths (atom_partition vs get_layoutX_TV) agree.
TEST(SubgroupTensor, EverySubgroupAgreesWithTheTiledMma) {
  const std::pair<const char*, const char*> configs[] = {
      {"XE_DPAS_TT<8,float,bfloat16_t>", "(8,4,1):(4,1,0)"},
      {"XE_DPAS_TT<8,int32_t,int8_t>", "(4,2,1):(2,1,0)"},
      {"XE_DPAS_TT<4,float,half_t>", "(2,4,1):(1,2,0)"},
  };
  for (auto [atom, sg] : configs) {
    const TiledMMA t = make_xe_tiled_mma(find_mma_atom(atom), {64, 128, 64}, L(sg));
    for (XeOperand w : {XeOperand::A, XeOperand::B, XeOperand::C}) {
      const Layout whole = w == XeOperand::A   ? t.get_layoutA_TV()
                           : w == XeOperand::B ? t.get_layoutB_TV()
                                               : t.get_layoutC_TV();
      const int64_t rows = w == XeOperand::B ? t.tile_mnk[1] : t.tile_mnk[0];
      const int64_t nthr = size(mode(whole, 0)), nval = size(mode(whole, 1));
      const std::vector<IntTuple> offsets = xe_atom_partition_offsets(w, t);
      ASSERT_EQ(int64_t(offsets.size()), nthr / 16);
      for (int64_t s = 0; s < nthr / 16; ++s) {
        const SubgroupTensor f = partition_sg_fragment(w, t, s);
        ASSERT_EQ(offsets[std::size_t(s)], f.offset) << atom << " subgroup " << s;
        ASSERT_EQ(size(f.tv), 16 * nval) << atom << " " << S(f.tv);
        ASSERT_EQ(size(f.fragment), nval);
        for (int64_t l = 0; l < 16; ++l)
          for (int64_t v = 0; v < nval; ++v) {
            const IntTuple c = add_coords(f.offset, f.tv(IntTuple(l + 16 * v)));
            const int64_t idx = whole(16 * s + l + nthr * v);
            ASSERT_EQ(S(c), S(make_coord(idx % rows, idx / rows)))
                << atom << " subgroup " << s << " lane " << l << " value " << v;
          }
      }
    }
  }
}

// The same for copies: partition_sg_fragment_S/D against get_layoutS/D_TV.
TEST(SubgroupTensor, CopyFragmentsAgreeWithTheTiledCopy) {
  const TiledMMA t =
      make_xe_tiled_mma(find_mma_atom("XE_DPAS_TT<8,float,bfloat16_t>"), {128, 64, 32}, L("(4,2,1):(2,1,0)"));
  for (XeOperand w : {XeOperand::A, XeOperand::B}) {
    const TiledCopy c =
        make_block_2d_copy_for(w, t, value_type("bf16"), w == XeOperand::A ? XeModes{1, 0} : XeModes{0, 1});
    const int64_t rows = c.tile_shape()[0].ival();
    for (bool src : {true, false}) {
      const Layout whole = src ? c.get_layoutS_TV() : c.get_layoutD_TV();
      const int64_t nthr = size(mode(whole, 0)), nval = size(mode(whole, 1));
      const std::vector<IntTuple> offsets = subgroup_offsets(c, src);
      ASSERT_EQ(int64_t(offsets.size()), nthr / 16);
      for (int64_t s = 0; s < nthr / 16; ++s) {
        const SubgroupTensor f = src ? partition_sg_fragment_S(c, s) : partition_sg_fragment_D(c, s);
        ASSERT_EQ(offsets[std::size_t(s)], f.offset) << c.atom.name << " subgroup " << s;
        ASSERT_EQ(rank(f.tv), 3) << S(f.tv);
        if (!src) {
          ASSERT_EQ(size(f.tv), 16 * nval) << S(f.tv);
        }
        for (int64_t l = 0; l < 16; ++l)
          for (int64_t v = 0; v < size(f.tv) / 16; ++v) {
            const IntTuple crd = add_coords(f.offset, f.tv(IntTuple(l + 16 * v)));
            const int64_t idx = whole(16 * s + l + nthr * v);
            ASSERT_EQ(S(crd), S(make_coord(idx % rows, idx / rows)))
                << c.atom.name << (src ? " S" : " D") << " subgroup " << s << " lane " << l << " value " << v;
          }
      }
    }
  }
}

}  // namespace
}  // namespace tvlab
