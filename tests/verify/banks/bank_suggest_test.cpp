#include "tvlab/verify/banks/bank_suggest.hpp"

#include <gtest/gtest.h>

#include "tvlab/core/notation.hpp"

namespace tvlab {
namespace {

const ValueType kHalf = value_type("half_t");
const ValueType kFloat = value_type("float");
const char* kLdsm = "((8,4),8):((1,512),64)";  // ldmatrix.x4 over an 8x32 block of a 64-row tile

std::optional<BankSuggestion> suggest(const std::string& smem, const std::string& tv, const ValueType& t,
                                      const std::string& op) {
  return suggest_smem_layout(parse_smem_layout(smem), {parse_layout(tv)}, t, parse_smem_op(op));
}

TEST(BankSuggest, Literals) {
  auto s = suggest("(64,64):(64,1)", kLdsm, kHalf, "ldmatrix.x4");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->text(), "Sw<3,3,3> o 0 o (64,64):(64,1): 4 wavefronts (ideal), vector 8");
  EXPECT_EQ(s->kind, "swizzle");
  s = suggest("(64,32):(32,1)", kLdsm, kHalf, "ldmatrix.x4");
  ASSERT_TRUE(s);
  EXPECT_EQ(to_string(s->layout), "Sw<2,3,3> o 0 o (64,32):(32,1)");
  s = suggest("(32,32):(32,1)", "(32,1):(1,0)", kFloat, "ld");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->text(), "(32,32):(33,1): 1 wavefront (ideal), vector 1, 31 elements of padding");
  // float4 rows: 16-byte vectors, padding keeps them aligned (a multiple of the vector).
  s = suggest("(32,32):(32,1)", "(32,4):(1,32)", kFloat, "st");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->vector, 4);
  // Already conflict-free: nothing to suggest.
  EXPECT_FALSE(suggest("Sw<3,3,3> o (64,64):(64,1)", kLdsm, kHalf, "ldmatrix.x4"));
  EXPECT_FALSE(suggest("(32,32):(33,1)", "(32,1):(1,0)", kFloat, "ld"));
}

// Over generated row-major tiles and accesses: a suggestion, fed back, is conflict-free on every
// instruction, keeps each lane's access width and the tile's size.
TEST(BankSuggest, SuggestionsFedBackAreConflictFree) {
  int suggested = 0;
  for (int rows : {32, 64, 128})
    for (int cols : {16, 32, 64, 128})
      for (const ValueType& t : {kHalf, kFloat})
        for (int vec_bytes : {4, 8, 16}) {
          const int vec = vec_bytes * 8 / t.bits;
          if (vec > cols) continue;
          const std::string smem =
              "(" + std::to_string(rows) + "," + std::to_string(cols) + "):(" + std::to_string(cols) + ",1)";
          // Two instructions: lanes down a column (lane l -> row l) at columns 0 and vec.
          const std::string tv = "(32," + std::to_string(vec) + "):(1," + std::to_string(rows) + ")";
          const Layout tvl = parse_layout(tv);
          const SmemLayout s = parse_smem_layout(smem);
          const auto got = suggest_smem_layout(s, {tvl}, t, parse_smem_op("ld"));
          const BankAnalysis before = analyze_banks(smem_instruction(s, tvl, t, parse_smem_op("ld")));
          if (before.bank_conflicts == 0) {
            EXPECT_FALSE(got) << smem;
            continue;
          }
          ASSERT_TRUE(got) << smem << " " << t.name << " " << vec;
          ++suggested;
          EXPECT_EQ(smem_tile_size(got->layout), smem_tile_size(s));
          const SmemInstruction in = smem_instruction(got->layout, tvl, t, parse_smem_op("ld"));
          EXPECT_EQ(in.bytes, vec_bytes);
          const BankAnalysis after = analyze_banks(in);
          EXPECT_EQ(after.bank_conflicts, 0) << to_string(got->layout);
          EXPECT_EQ(after.wavefronts, got->wavefronts);
          EXPECT_LT(after.wavefronts, before.wavefronts);
        }
  EXPECT_GT(suggested, 20);
}

}  // namespace
}  // namespace tvlab
