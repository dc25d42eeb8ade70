// config_to_json: every field of a configuration at its spec key, in the writer's one order whatever the
// order the configuration was filled in; integers as integers, notation as text, tilers mode by mode; a
// printed MMA or copy, which has no JSON form, refused at its key.
#include "tvlab/verify/writers/spec_json.hpp"

#include <gtest/gtest.h>

#include "tvlab/core/tiling/cute_print.hpp"
#include "tvlab/verify/model/spec_error.hpp"
#include "tvlab/verify/readers/json_spec.hpp"

namespace tvlab {
namespace {

TEST(SpecJson, EveryFieldInOneOrder) {
  KernelConfig c;
  c.operand_or_add("B").type = "half_t";  // filled B first, A second: written A, B
  OperandConfig& a = c.operand_or_add("A");
  a.copy = CopyConfig{};
  a.copy->atom = "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>";
  a.copy->val_layout = Notation(int64_t(8));
  a.copy->thr_layout = Notation("(32,4):(4,1)");
  a.gmem = GmemConfig{std::string("RowMajor"), std::nullopt};
  a.type = "half_t";
  a.pitch_bytes = 256;
  c.mma = MmaConfig{};
  c.mma->permutation = TilerConfig(std::vector<Notation>{int64_t(32), "(8,4):(4,1)", "_"});
  c.mma->atom = "SM80_16x8x16_F32F16F16F32_TN";
  c.kernel.stages = 3;
  c.kernel.cta_tile = std::vector<int64_t>{128, 128, 32};
  c.name = "n";
  c.tmem = TmemConfig{};
  c.tmem->threads = 128;
  StandaloneCopyConfig s;
  s.name = "g2s";
  s.copy.atom = "UniversalCopy<uint128_t>";
  s.src = CopyTensorConfig{"(64,64):(64,1)", std::nullopt, true};
  s.dst = CopyTensorConfig{"Sw<3,3,3> o (64,64):(64,1)", std::string("smem"), false};
  c.copies.push_back(s);
  EXPECT_EQ(
      config_to_json(c).dump(),
      R"J({"name":"n","cta_tile":[128,128,32],"stages":3,)J"
      R"J("mma":{"atom":"SM80_16x8x16_F32F16F16F32_TN","permutation":[32,"(8,4):(4,1)","_"]},)J"
      R"J("operands":{"A":{"type":"half_t","gmem":{"layout":"RowMajor"},)J"
      R"J("copy":{"atom":"SM80_CP_ASYNC_CACHEALWAYS<uint128_t>","thr_layout":"(32,4):(4,1)","val_layout":8},)J"
      R"J("pitch_bytes":256},"B":{"type":"half_t"}},)J"
      R"J("copies":{"g2s":{"atom":"UniversalCopy<uint128_t>","src":"(64,64):(64,1)",)J"
      R"J("dst":{"layout":"Sw<3,3,3> o (64,64):(64,1)","memory":"smem"}}},"tmem":{"threads":128}})J");
  EXPECT_EQ(config_to_json(KernelConfig{}).dump(), "{}");
  KernelConfig empty_operands;
  empty_operands.operands_given = true;
  EXPECT_EQ(config_to_json(empty_operands).dump(), R"({"operands":{}})");
}

TEST(SpecJson, PrintsHaveNoJsonForm) {
  KernelConfig c;
  c.mma = MmaConfig{};
  c.mma->print = PrintedMma{};
  try {
    config_to_json(c);
    FAIL() << "a printed MMA was written";
  } catch (const SpecError& e) {
    EXPECT_EQ(e.path(), "mma.print");
  }
  KernelConfig d;
  StandaloneCopyConfig s;
  s.name = "c";
  s.copy.print = PrintedCopy{};
  d.copies.push_back(s);
  try {
    config_to_json(d);
    FAIL() << "a printed copy was written";
  } catch (const SpecError& e) {
    EXPECT_EQ(e.path(), "copies.c.print");
  }
}

// A copy kernel's "block" (copies.NAME.block, CuTe's tiled_copy.cu) is written, and reads back to the same
// text.
TEST(SpecJson, CopyKernelBlockRoundTrips) {
  const std::string text =
      R"J({"copies":{"tiled_copy":{"atom":"UniversalCopy<uint128_t>","value_type":"float","thr_layout":"(32,8)",)J"
      R"J("val_layout":"(4,1)","src":{"layout":"(256,512):(1,256)","memory":"gmem"},)J"
      R"J("dst":{"layout":"(256,512):(1,256)","memory":"gmem"},"block":[128,64]}}})J";
  const std::string once = config_to_json(read_json_spec(text)).dump();
  EXPECT_NE(once.find(R"("block":[128,64])"), std::string::npos) << once;
  EXPECT_EQ(config_to_json(read_json_spec(once)).dump(), once);
}

}  // namespace
}  // namespace tvlab
