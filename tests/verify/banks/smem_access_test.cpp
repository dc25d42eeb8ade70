#include "tvlab/verify/banks/smem_access.hpp"

#include <gtest/gtest.h>

#include <random>

#include "tvlab/core/notation.hpp"

namespace tvlab {
namespace {

const ValueType kHalf = value_type("half_t");
const ValueType kFloat = value_type("float");

BankAnalysis run(const std::string& smem, const std::string& tv, const ValueType& t, const std::string& op) {
  return analyze_banks(smem_instruction(parse_smem_layout(smem), parse_layout(tv), t, parse_smem_op(op)));
}

std::string error_of(const std::string& smem, const std::string& tv, const ValueType& t,
                     const std::string& op) {
  try {
    run(smem, tv, t, op);
  } catch (const BankError& e) {
    return e.what();
  }
  return "";
}

// ldmatrix.x4 over one 8x32 block of a row-major half tile with R rows: lane (r, m) gives row r, columns
// 8m..8m+7; tile index = row + R*col.
TEST(SmemAccess, LdmatrixOverRowMajorHalfTiles) {
  EXPECT_EQ(run("(64,64):(64,1)", "((8,4),8):((1,512),64)", kHalf, "ldmatrix.x4").wavefronts, 32);
  EXPECT_EQ(run("Sw<3,3,3> o (64,64):(64,1)", "((8,4),8):((1,512),64)", kHalf, "ldmatrix.x4").wavefronts, 4);
  EXPECT_EQ(run("(64,32):(32,1)", "((8,4),8):((1,512),64)", kHalf, "ldmatrix.x4").wavefronts, 16);
  EXPECT_EQ(run("Sw<2,3,3> o (64,32):(32,1)", "((8,4),8):((1,512),64)", kHalf, "ldmatrix.x4").wavefronts, 4);
  EXPECT_EQ(run("(64,32):(32,1)", "((8,4),8):((1,512),64)", kHalf, "stmatrix.x4.trans").wavefronts, 16);
  // x1 given 32 lanes (CuTe's SM75_U32x1_LDSM_N source layout repeats lanes 0..7): lanes 8.. ignored.
  EXPECT_EQ(run("(64,64):(64,1)", "((8,4),8):((1,0),64)", kHalf, "ldmatrix.x1").wavefronts, 8);
  SmemInstruction i =
      smem_instruction(parse_smem_layout("Sw<3,3,3> o (8,64):(64,1)"), parse_layout("((8,4),8):((1,64),8)"),
                       kHalf, parse_smem_op("ldmatrix.x4"));
  EXPECT_EQ(i.bytes, 16);
  EXPECT_EQ(*i.addresses[1], 2 * 72);  // row 1, column 0 -> Sw<3,3,3>(64) = 72
  EXPECT_EQ(smem_element_offset(parse_smem_layout("Sw<3,3,3> o (8,64):(64,1)"), 1, 16), 72);
}

TEST(SmemAccess, VectorAndScalarAccesses) {
  // A column of a float tile: 32 ways unpadded, conflict-free padded to 33.
  EXPECT_EQ(run("(32,32):(32,1)", "(32,1):(1,0)", kFloat, "ld").wavefronts, 32);
  EXPECT_EQ(run("(32,32):(33,1)", "(32,1):(1,0)", kFloat, "ld").wavefronts, 1);
  // float4 along rows, one row per lane: 4 quarter-warp phases, 8 ways each... (rows 128 bytes apart).
  BankAnalysis r = run("(32,32):(32,1)", "(32,4):(1,32)", kFloat, "st");
  EXPECT_EQ(r.wavefronts, 32);
  EXPECT_EQ(r.ideal_wavefronts, 4);
  EXPECT_EQ(run("(32,32):(36,1)", "(32,4):(1,32)", kFloat, "st").wavefronts, 4);
  // Fewer lanes than a warp: the rest are inactive.
  EXPECT_EQ(run("(32,32):(32,1)", "(16,1):(1,0)", kFloat, "ld").phases[0].lanes.size(), 16u);
  EXPECT_EQ(run("(128,32):(32,1)", "((4,8),8):((1024,1),128)", kHalf, "cp.async").wavefronts, 4);
}

TEST(SmemAccess, Errors) {
  // Column-major smem: a lane's 8 values run down a column, 64 elements apart.
  std::string e = error_of("(64,64):(1,64)", "((8,4),8):((1,512),64)", kHalf, "ldmatrix.x4");
  EXPECT_NE(e.find("lane 0: value 1"), std::string::npos) << e;
  EXPECT_NE(e.find("contiguous"), std::string::npos) << e;
  EXPECT_NE(error_of("(64,64):(64,1)", "((8,2),8):((1,512),64)", kHalf, "ldmatrix.x4").find("16 lanes"),
            std::string::npos);
  EXPECT_NE(error_of("(64,64):(64,1)", "(32,4):(1,64)", kHalf, "ldmatrix.x4").find("16-byte row"),
            std::string::npos);
  EXPECT_NE(error_of("(64,64):(64,1)", "(32,16):(1,64)", kHalf, "ld").find("16 bytes"), std::string::npos);
  EXPECT_NE(error_of("(8,8):(8,1)", "(32,1):(3,0)", kHalf, "ld").find("outside the tile"), std::string::npos);
  EXPECT_NE(error_of("(8,8):(8,1)", "(64,1):(1,0)", kHalf, "ld").find("64 lanes"), std::string::npos);
  EXPECT_NE(error_of("(8,8):(8,1)", "32:1", kHalf, "ld").find("rank"), std::string::npos);
  EXPECT_NE(error_of("(8,8):(8,1)", "(32,2):(2,1)", kHalf, "ld").find(""), std::string::npos);
  // Misaligned: a 2-float run starting at an odd float.
  EXPECT_NE(error_of("(4,33):(33,1)", "(4,2):(1,4)", kFloat, "ld").find("aligned"), std::string::npos);
  for (const char* bad : {"(8,8):(1@0,1@1)", "Sw<3,3,3>", "(4,", "(3:3,_)", "size((4,8))"})
    EXPECT_THROW(parse_smem_layout(bad), BankError) << bad;
}

// Generated: row-major, padded and swizzled half tiles, lane l reading row l*step from column 0: each lane's
// address equals the hand-computed byte address, and the analysis equals the bank model's on those addresses.
TEST(SmemAccess, GeneratedTilesAgainstHandAddresses) {
  std::mt19937 rng(3);
  for (int iter = 0; iter < 400; ++iter) {
    const int rows = 64, cols = 64;
    const int pad = std::vector<int>{0, 0, 2, 8, 16}[rng() % 5];
    const bool swz = pad == 0 && rng() % 2;
    const std::string inner = "(64,64):(" + std::to_string(cols + pad) + ",1)";
    const SmemLayout s = parse_smem_layout(swz ? "Sw<3,3,3> o " + inner : inner);
    const int vec = std::vector<int>{1, 2, 4, 8}[rng() % 4];
    if (pad % vec) continue;
    const int step = std::vector<int>{1, 3, 8}[rng() % 3];
    if (step * 31 >= rows) continue;
    // lane l -> tile index l*step (row l*step, column 0), value v -> column v.
    const Layout tv = parse_layout("(32," + std::to_string(vec) + "):(" + std::to_string(step) + "," +
                                   std::to_string(rows) + ")");
    const SmemInstruction got = smem_instruction(s, tv, kHalf, parse_smem_op("ld"));
    SmemInstruction hand;
    hand.op = parse_smem_op("ld");
    hand.bytes = 2 * vec;
    hand.addresses.resize(32);
    for (int l = 0; l < 32; ++l) {
      int64_t x = int64_t(l * step) * (cols + pad);
      if (swz) x ^= (x & 0b111000000) >> 3;
      hand.addresses[l] = 2 * x;
      ASSERT_EQ(*got.addresses[l], *hand.addresses[l]) << l;
    }
    ASSERT_EQ(got.bytes, hand.bytes);
    const BankAnalysis a = analyze_banks(got), b = analyze_banks(hand);
    ASSERT_EQ(a.wavefronts, b.wavefronts);
    ASSERT_GE(a.wavefronts, a.ideal_wavefronts);
  }
}

}  // namespace
}  // namespace tvlab
