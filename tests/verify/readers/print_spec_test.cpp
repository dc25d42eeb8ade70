// The print() reader: a file of CuTe's prints read into a KernelConfig (one printed TiledMMA, copies named by
// their "=== NAME ===" labels or copy1, copy2, ...), its structural errors at the print's line, and its plan
// equal to the same prints given to the JSON reader as "print" texts (an independent path through one_print).
#include "tvlab/verify/readers/print_spec.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "../verify_test_support.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"
#include "tvlab/verify/report/plan_format.hpp"

namespace tvlab {
namespace {

std::string error_of(const std::string& text) {
  try {
    build_plan_from_print(text);
  } catch (const SpecError& e) {
    return e.path() + "|" + e.what();
  }
  return "(built)";
}

TEST(PrintSpec, MmaAndLabelledCopies) {
  const std::string mma = test::read_data("cute/prints/cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt");
  const std::string a = test::read_data("cute/prints/cpp/copy_ldsm_n_a_sm80.txt");
  const std::string g2s = test::read_data("cute/prints/cpp/copy_sm80_cp_async_128b_f16_32x4.txt");
  const std::string text = mma + "\n=== A ===\n" + a + "\n" + g2s;
  const KernelConfig c = read_print_spec(text);
  ASSERT_TRUE(c.mma && c.mma->print);
  EXPECT_FALSE(c.mma->atom);
  ASSERT_EQ(c.copies.size(), 2u);
  EXPECT_EQ(c.copies[0].name, "A");
  EXPECT_EQ(c.copies[1].name, "copy1");
  ASSERT_TRUE(c.copies[0].copy.print);
  const Plan p = build_plan_from_print(text);
  ASSERT_EQ(p.copies.size(), 2u);
  EXPECT_EQ(p.copies[0].how, "print");
  EXPECT_EQ(p.copies[0].mem_type.bits, 16);  // the print's value type
  EXPECT_EQ(p.mma_origin.substr(0, 35), "C++ CuTe print; the atom is not nam") << p.mma_origin;

  // The same prints as a JSON spec's "print" texts.
  nlohmann::json spec;
  spec["mma"]["print"] = mma;
  spec["copies"]["A"]["print"] = a;
  spec["copies"]["copy1"]["print"] = g2s;
  const Plan q = build_plan(read_json_value(spec));
  EXPECT_EQ(plan_to_json(q), plan_to_json(p));
  EXPECT_EQ(q.mma_origin, p.mma_origin);
}

TEST(PrintSpec, StructuralErrorsAtTheirLines) {
  const std::string mma = test::read_data("cute/prints/cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt");
  const std::string a = test::read_data("cute/prints/cpp/copy_ldsm_n_a_sm80.txt");
  const std::string atom = test::read_data("cute/prints/cpp/atom_copy_ldsm_n_f16.txt");
  const int mma_lines = static_cast<int>(std::count(mma.begin(), mma.end(), '\n'));
  EXPECT_EQ(error_of(mma + mma),
            "|line " + std::to_string(mma_lines + 1) + ": a second TiledMMA print; a spec has one MMA");
  EXPECT_NE(error_of(a + mma).find("the TiledMMA print comes first"), std::string::npos);
  EXPECT_EQ(error_of(atom), "|line 1: a Copy_Atom's print; a copy is a TiledCopy's (print(tiled_copy))");
  EXPECT_EQ(error_of("=== A ===\n" + a),
            "|line 2: a copy labelled A is an operand's copy; it needs a TiledMMA print first");
  EXPECT_NE(error_of(a + "=== copy1 ===\n" + a).find("a second copy named copy1"), std::string::npos);
}

}  // namespace
}  // namespace tvlab
