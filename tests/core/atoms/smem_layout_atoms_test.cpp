#include "tvlab/core/atoms/smem_layout_atoms.hpp"

#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "tvlab/core/composed_layout.hpp"
#include "tvlab/core/error.hpp"

namespace tvlab {
namespace {

std::string atom(std::string_view name) {
  auto a = smem_layout_atom(canonical_atom_name(name));
  if (!a) return "<none>";
  return to_string(*a);
}

// Upstream's definitions (mma_traits_sm90_gmma.hpp, mma_traits_sm100.hpp) printed as CuTe prints them.
TEST(SmemLayoutAtoms, PrintedAsCute) {
  EXPECT_EQ(atom("GMMA::Layout_K_SW128_Atom<half_t>"), "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)");
  EXPECT_EQ(atom("cute::GMMA::Layout_K_SW128_Atom< cutlass::half_t >"),
            "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)");
  EXPECT_EQ(atom("GMMA::Layout_MN_SW128_Atom<half_t>"), "Sw<3,4,3> o smem_ptr[16b](unset) o (64,8):(1,64)");
  EXPECT_EQ(atom("GMMA::Layout_K_INTER_Atom<bfloat16_t>"), "Sw<0,4,3> o smem_ptr[16b](unset) o (8,8):(8,1)");
  EXPECT_EQ(atom("GMMA::Layout_MN_INTER_Atom<float>"), "Sw<0,4,3> o smem_ptr[32b](unset) o (4,8):(1,4)");
  EXPECT_EQ(atom("GMMA::Layout_K_SW32_Atom<int8_t>"), "Sw<1,4,3> o smem_ptr[8b](unset) o (8,32):(32,1)");
  EXPECT_EQ(atom("GMMA::Layout_MN_SW64_Atom<float>"), "Sw<2,4,3> o smem_ptr[32b](unset) o (16,8):(1,16)");
  EXPECT_EQ(atom("GMMA::Layout_K_SW64_Atom<tfloat32_t>"), "Sw<2,4,3> o smem_ptr[32b](unset) o (8,16):(16,1)");
  EXPECT_EQ(atom("GMMA::Layout_K_SW128_Atom_Bits"), "Sw<3,4,3> o smem_ptr[1b](unset) o (8,1024):(1024,1)");
  EXPECT_EQ(atom("GMMA::Layout_MN_SW32_Atom_Bits"), "Sw<1,4,3> o smem_ptr[1b](unset) o (256,8):(1,256)");
  EXPECT_EQ(atom("SM90::GMMA::Layout_MN_SW32_Atom<half_t>"),
            "Sw<1,4,3> o smem_ptr[16b](unset) o (16,8):(1,16)");
  EXPECT_EQ(atom("UMMA::Layout_K_SW128_Atom<float_e4m3_t>"),
            "Sw<3,4,3> o smem_ptr[8b](unset) o (8,128):(128,1)");
  EXPECT_EQ(atom("UMMA::Layout_MN_SW128_32B_Atom<half_t>"),
            "Sw<2,5,2> o smem_ptr[16b](unset) o (64,4):(1,64)");
  EXPECT_EQ(atom("UMMA::Layout_MN_SW128_32B_Atom_Bits"),
            "Sw<2,5,2> o smem_ptr[1b](unset) o (1024,4):(1,1024)");
}

TEST(SmemLayoutAtoms, NamesThatAreNotAtoms) {
  EXPECT_EQ(atom("GMMA::Layout_K_SW256_Atom<half_t>"), "<none>");
  EXPECT_EQ(atom("GMMA::Layout_MN_SW128_32B_Atom<half_t>"), "<none>");  // SM100 only
  EXPECT_EQ(atom("UMMA::Layout_K_SW128_Atom_Bits"), "<none>");          // UMMA re-exports the <T> forms only
  EXPECT_EQ(atom("Layout_K_SW128_Atom<half_t>"), "<none>");
  EXPECT_EQ(atom("LayoutLeft"), "<none>");
  try {
    smem_layout_atom("GMMA::Layout_K_SW128_Atom<halfish_t>");
    FAIL();
  } catch (const LayoutError& e) {
    EXPECT_NE(std::string(e.what()).find("halfish_t"), std::string::npos);
  }
}

// Every listed name resolves (with T = half_t), and every atom's byte-address swizzle maps its
// elements one-to-one onto [0, cosize): the atom is a permutation of one swizzle period.
TEST(SmemLayoutAtoms, EveryAtomIsAPermutationOfItsSpan) {
  for (std::string name : smem_layout_atom_names()) {
    for (const char* t : {"half_t", "float", "int8_t"}) {
      std::string n = name;
      if (auto p = n.find("<T>"); p != std::string::npos) n.replace(p, 3, std::string("<") + t + ">");
      auto a = smem_layout_atom(n);
      ASSERT_TRUE(a) << n;
      const int w = a->smem_ptr_bits;
      const int64_t sz = size(*a);
      std::vector<bool> seen(sz, false);
      for (int64_t i = 0; i < sz; ++i) {
        const int64_t e = element_offset(*a, i, w);
        ASSERT_GE(e, 0) << n;
        ASSERT_LT(e, sz) << n;
        EXPECT_FALSE(seen[e]) << n << " at " << i;
        seen[e] = true;
      }
    }
  }
}

// The 128-byte swizzle of a half tile: Sw<3,4,3> on byte addresses is Sw<3,3,3> on element indices.
TEST(SmemLayoutAtoms, ByteSwizzleEqualsElementSwizzle) {
  const ComposedLayout a = *smem_layout_atom("GMMA::Layout_K_SW128_Atom<half_t>");
  const ComposedLayout e(Swizzle(3, 3, 3), IntTuple(0), a.layout);
  for (int64_t i = 0; i < size(a); ++i) EXPECT_EQ(element_offset(a, i, 16), e(IntTuple(i))) << i;
  EXPECT_EQ(to_string(as_position_independent_swizzle_layout(a)), "Sw<3,3,3> o 0 o (8,64):(64,1)");
  EXPECT_EQ(element_offset(a, 65, 16), 64);  // (1,8): element 72, byte 144 -> 128, element 64
  EXPECT_EQ(a(IntTuple(65)), 64);
}

}  // namespace
}  // namespace tvlab
