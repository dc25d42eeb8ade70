// KernelConfig's own operations: operands kept in A, B, C, D order whatever order they are added in, looked
// up by name; the collective epilogues' parameters.
#include "tvlab/verify/model/kernel_config.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace tvlab {
namespace {

std::string names(const KernelConfig& c) {
  std::string s;
  for (const OperandConfig& o : c.operands) s += o.name;
  return s;
}

TEST(KernelConfig, OperandsInMmaOrderWhateverTheOrderAdded) {
  std::vector<std::string> order{"A", "B", "C", "D"};
  do {  // every permutation of the four
    KernelConfig c;
    for (const std::string& n : order) c.operand_or_add(n).type = n + "_type";
    EXPECT_EQ(names(c), "ABCD");
    for (const std::string& n : order) {
      ASSERT_NE(c.operand(n), nullptr);
      EXPECT_EQ(*c.operand(n)->type, n + "_type");
      EXPECT_EQ(&c.operand_or_add(n), c.operand(n));  // present: the same one, no second
    }
    EXPECT_EQ(c.operands.size(), 4u);
  } while (std::next_permutation(order.begin(), order.end()));
  KernelConfig c;
  c.operand_or_add("C");
  c.operand_or_add("A");
  EXPECT_EQ(names(c), "AC");
  EXPECT_EQ(c.operand("B"), nullptr);
  const KernelConfig& k = c;
  EXPECT_EQ(k.operand("C")->name, "C");
}

TEST(KernelConfig, EpilogueParameters) {
  EXPECT_EQ(epilogue_parameters("DefaultEpilogue"), std::vector<std::string>{"collective"});
  EXPECT_EQ(epilogue_parameters("Sm70EpilogueVectorized"),
            (std::vector<std::string>{"collective", "accumulator", "smem_layout"}));
  EXPECT_EQ(epilogue_parameters("Sm90TmaWarpSpecialized").size(), 8u);
  EXPECT_TRUE(epilogue_parameters("Sm90EpilogueArray").empty());
  EXPECT_EQ(not_an_epilogue_parameter("Sm70EpilogueVectorized"),
            "not a parameter of Sm70EpilogueVectorized (collective, accumulator, smem_layout)");
}

TEST(KernelConfig, NamedCopy) {
  const CopyConfig c = CopyConfig::named("auto");
  EXPECT_TRUE(c.is_named());
  EXPECT_FALSE(CopyConfig{}.is_named());
}

}  // namespace
}  // namespace tvlab
