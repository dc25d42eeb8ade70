// The SM90 collective's descriptor fragments (gmma_fragment.hpp) against CuTe's prints of
// tests/cute_oracle/gmma_canonical.cpp (CUTLASS 4.2.0): the fragment layout of a partition (literal), the
// block make_gmma_desc receives, the order witness of a permuted block, and a stride no recast can take.
#include "tvlab/verify/checks/gmma_fragment.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"

#include <gtest/gtest.h>

#include "../verify_test_support.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {
namespace {

Plan gmma_case(int n) {
  return build_plan(read_json_value(
      nlohmann::json::parse(test::read_data("specs/gmma_canonical_" + std::to_string(n) + ".json"))));
}
const PlannedSmem& smem_of(const Plan& p, const std::string& x) {
  for (const PlannedSmem& s : p.smem)
    if (s.name == x) return s;
  throw std::runtime_error("no smem " + x);
}

// CuTe: tCsA = ((_64,_8),_1,_4,(_1,_2)):((_32,_1),_0,_8,(_0,_4096)) (tf32) -> tCrA =
// (_1,_1,_4,(_1,_2)):(_0,_0,_2,
// (_0,_1024)); case 5 (half): ((_64,_16),_1,(_2,_2),(_1,_2)):((_32,_1),_0,(_16,_4096),(_0,_8192)) ->
// (_1,_1,(_2,_2),
// (_1,_2)):(_0,_0,(_2,_512),(_0,_1024)).
TEST(GmmaFragment, LayoutIsTheRecastPartitionAsCuTePrintsIt) {
  EXPECT_EQ(to_string(gmma_fragment_layout(parse_layout("((64,8),1,4,(1,2)):((32,1),0,8,(0,4096))"), 32)),
            "(1,1,4,(1,2)):(0,0,2,(0,1024))");
  EXPECT_EQ(to_string(gmma_fragment_layout(
                parse_layout("((64,16),1,(2,2),(1,2)):((32,1),0,(16,4096),(0,8192))"), 16)),
            "(1,1,(2,2),(1,2)):(0,0,(2,512),(0,1024))");
  // A k-block 4 halves apart is no whole 16-byte unit: recast<uint128_t> cannot take it.
  EXPECT_THROW(gmma_fragment_layout(parse_layout("((64,16),1,4):((32,1),0,4)"), 16), LayoutError);
}

// The block make_gmma_desc receives is tensor<0> of CuTe's partition (case 1: (_64,_8):(_32,_1); case 2, K
// permuted by (4,2):(2,1): (_64,(_4,_2)):(_32,(_2,_1))); case 2 keeps its columns, case 3 (M permuted by
// (8,8):(8,1)) does not keep its rows.
TEST(GmmaFragment, BlockAndOrderWitness) {
  const Plan p1 = gmma_case(1), p2 = gmma_case(2), p3 = gmma_case(3);
  EXPECT_EQ(to_string(gmma_block(*p1.mma, smem_of(p1, "A")).layout), "(64,8):(32,1)");
  const GmmaBlock b2 = gmma_block(*p2.mma, smem_of(p2, "A"));
  EXPECT_EQ(to_string(b2.layout), "(64,(4,2)):(32,(2,1))");
  EXPECT_EQ(gmma_block_order_witness(b2, smem_of(p2, "A")), "");
  const std::string w = gmma_block_order_witness(gmma_block(*p3.mma, smem_of(p3, "A")), smem_of(p3, "A"));
  EXPECT_NE(w.find("(m,k) = (1,0) is tile element (8,0)"), std::string::npos) << w;
  EXPECT_EQ(gmma_block_order_witness(gmma_block(*p3.mma, smem_of(p3, "B")), smem_of(p3, "B")), "");
}

}  // namespace
}  // namespace tvlab
