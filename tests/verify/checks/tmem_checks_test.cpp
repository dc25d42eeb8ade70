// tmem.C.coverage and tmem.C.subpartition (verify/tmem_checks.hpp): literal verdicts and witnesses for the
// epilogues CUTLASS builds and the mistakes a kernel can make (an accumulator of several MMA tiles, twice the
// threads, warps that do not start at a warpgroup), postconditions over every epilogue that builds (CuTe's
// own construction always covers exactly once within the subpartitions), and a cross-check of the access
// enumeration against the TiledCopy's register layout.
#include "tvlab/verify/checks/tmem_checks.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <tuple>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/readers/load.hpp"

namespace tvlab {
namespace {

const std::string kK = ",UMMA::Major::K,UMMA::Major::K>";

TmemEpilogue epilogue(const std::string& mma, int64_t tm, int64_t tn, const std::string& copy, int64_t em,
                      int64_t en, int64_t threads = 128, int64_t first = 0) {
  return make_tmem_epilogue(tmem_accumulator(find_mma_atom(mma), tm, tn), find_copy_atom(copy), em, en,
                            threads, first);
}

TEST(TmemChecks, CutlassEpilogueProved) {
  const TmemEpilogue e = epilogue("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256" + kK, 128, 256,
                                  "SM100_TMEM_LOAD_32dp32b32x", 128, 32);
  const CheckResult c = check_tmem_coverage(e);
  EXPECT_EQ(c.verdict, Verdict::Proved);
  EXPECT_EQ(c.summary, "every one of the 32768 accumulator elements is loaded exactly once (128 threads)");
  EXPECT_EQ(c.data["accesses"], 32768);
  const CheckResult s = check_tmem_subpartition(e);
  EXPECT_EQ(s.verdict, Verdict::Proved);
  EXPECT_EQ(s.summary, "each of the 4 warps stays in its own 32 lanes");
}

// A 2-CTA M = 128 accumulator (n >= 64 in lanes 64-127): CUTLASS's builder tiles N as (16,2):(1,64) for its
// 2x2 TMEM warp shape, and the loads cover it once within the subpartitions; the plain 64x32 tile does not.
TEST(TmemChecks, TwoCtaM128StridedTileProved) {
  const TmemAccumulator acc = tmem_accumulator(
      find_mma_atom("SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,128,128" + kK), 128, 128);
  const CopyAtom load = find_copy_atom("SM100_TMEM_LOAD_32dp32b8x");
  const TmemEpilogue e = make_tmem_epilogue(
      acc, load, Tiler(Tiler::Modes{Tiler(64), Tiler(Layout(make_shape(16, 2), make_shape(1, 64)))}));
  const CheckResult c = check_tmem_coverage(e);
  EXPECT_EQ(c.verdict, Verdict::Proved);
  EXPECT_EQ(c.summary, "every one of the 8192 accumulator elements is loaded exactly once (128 threads)");
  EXPECT_EQ(check_tmem_subpartition(e).verdict, Verdict::Proved);
  const TmemEpilogue plain = make_tmem_epilogue(acc, load, 64, 32);
  EXPECT_EQ(check_tmem_coverage(plain).summary, "8192 loaded more than once");
  EXPECT_EQ(check_tmem_subpartition(plain).verdict, Verdict::Refuted);
}

TEST(TmemChecks, SecondMmaTileNeverLoaded) {
  // Two N = 128 MMAs side by side (tile 128x256): the epilogue copies accumulators(_,_,0,0) only.
  const TmemEpilogue e = epilogue("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128" + kK, 128, 256,
                                  "SM100_TMEM_LOAD_32dp32b16x", 128, 64);
  const CheckResult c = check_tmem_coverage(e);
  EXPECT_EQ(c.verdict, Verdict::Refuted);
  EXPECT_EQ(c.summary, "16384 of 32768 elements never loaded");
  ASSERT_EQ(c.witnesses.size(), 1u);
  EXPECT_EQ(
      c.witnesses[0],
      "element (0,128) (lane 0, column 128) is never loaded: the epilogue copies accumulators(_,_,0,0), "
      "the first of 1x2 MMA tiles");
  EXPECT_TRUE(c.failed(false));
}

TEST(TmemChecks, TwoWarpgroupsLoadTwice) {
  const TmemEpilogue e = epilogue("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128" + kK, 128, 128,
                                  "SM100_TMEM_LOAD_32dp32b16x", 128, 64, 256);
  const CheckResult c = check_tmem_coverage(e);
  EXPECT_EQ(c.verdict, Verdict::Refuted);
  ASSERT_EQ(c.witnesses.size(), 1u);
  EXPECT_EQ(
      c.witnesses[0],
      "element (0,0) is loaded 2 times: by thread 0 call 0 register 0 and thread 128 call 0 register 0");
  // Warps 4..7 use slices 0..127 again, in their own subpartitions (w % 4): no lane violation.
  EXPECT_EQ(check_tmem_subpartition(e).verdict, Verdict::Proved);
}

TEST(TmemChecks, EpilogueWarpsOffByOneWarp) {
  // Epilogue warps 1..4 slicing with threadIdx.x - 32: warp 1 gets slices 0..31 (lanes 0..31).
  const TmemEpilogue e = epilogue("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128" + kK, 128, 128,
                                  "SM100_TMEM_LOAD_32dp32b16x", 128, 64, 128, 32);
  const CheckResult s = check_tmem_subpartition(e);
  EXPECT_EQ(s.verdict, Verdict::Refuted);
  EXPECT_EQ(s.data["violating_warps"], 4);
  ASSERT_EQ(s.witnesses.size(), 1u);
  EXPECT_EQ(s.witnesses[0],
            "warp 1 (threads 32..63, TiledCopy slices 0..) reaches lanes 0..31; warp 1 may access only lanes "
            "32..63 (subpartition 1)");
  // Every element is still loaded once: the mistake is only where, not what.
  EXPECT_EQ(check_tmem_coverage(e).verdict, Verdict::Proved);
}

// Every epilogue CuTe builds over a handful of accumulators covers exactly once inside the subpartitions; the
// enumeration agrees with the TiledCopy's register layout (D_TV, S_TV for a store) element by element.
TEST(TmemChecks, EveryBuiltEpilogueCoversOnce) {
  const std::vector<std::tuple<std::string, int64_t, int64_t>> accs = {
      {"SM100_MMA_F16BF16_SS<half_t,half_t,float,128,32" + kK, 128, 32},
      {"SM100_MMA_F16BF16_SS<half_t,half_t,float,64,32" + kK, 64, 32},
      {"SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,32" + kK, 256, 32},
      {"SM100_MMA_F16BF16_SS<half_t,half_t,half_t,128,32" + kK, 128, 32},
  };
  int built = 0;
  bool first_acc = true;
  for (const auto& [mma, tm, tn] : accs) {
    const TmemAccumulator acc = tmem_accumulator(find_mma_atom(mma), tm, tn);
    for (const AtomFamily& f : registry().families()) {
      if (f.arch != "sm100" || f.kind != "copy" || f.base.rfind("SM100_TMEM_", 0) != 0 ||
          f.base.find("STAT") != std::string::npos)
        continue;
      for (auto [em, en] : {std::pair<int64_t, int64_t>{0, 0}, {acc.mma_m, 16}}) {
        if (em != 0 && !first_acc) continue;  // epilogue subtiles: the first accumulator suffices
        TmemEpilogue e;
        try {
          e = make_tmem_epilogue(acc, find_copy_atom(f.base), em, en);
        } catch (const AtomError&) {
          continue;
        }
        SCOPED_TRACE(mma + " " + f.base + " epi " + std::to_string(e.epi_m) + "x" + std::to_string(e.epi_n));
        ++built;
        EXPECT_EQ(check_tmem_coverage(e).verdict, Verdict::Proved);
        EXPECT_EQ(check_tmem_subpartition(e).verdict, Verdict::Proved);
        // Cross-check, first copy call: the enumerated address of (thread, register) holds the element the
        // TiledCopy's register layout names.
        const Layout regs = e.store() ? e.copy.get_layoutS_TV() : e.copy.get_layoutD_TV();
        const Layout tmem = take(e.tiles, 0, 2);
        const Layout tile2data = composition(make_layout(product_each(tmem.shape)), e.copy.tiler);
        std::map<std::tuple<int64_t, int64_t, int64_t>, int64_t> at;
        for (int64_t i = 0; i < size(tmem); ++i) {
          const TmemAddress a = tmem_address(tmem(i), acc.value_type.bits);
          at[{a.lane, a.column, a.sub}] = i;
        }
        for (const TmemAccess& a : tmem_epilogue_accesses(e)) {
          if (a.call != 0) continue;
          const int64_t coord = tile2data(regs(IntTuple::tuple({a.thread, a.value})).ival());
          ASSERT_EQ(at.at({a.addr.lane, a.addr.column, a.addr.sub}), coord);
        }
      }
    }
    first_acc = false;
  }
  EXPECT_GT(built, 40);
}

TEST(TmemChecks, SpecKeys) {
  const auto plan = [](const std::string& tmem) {
    return build_plan_from_text(
        R"({"mma": {"atom": "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>"}, "tmem": )" +
        tmem + "}");
  };
  const Plan p = plan(R"({"copy": "SM100_TMEM_LOAD_32dp32b16x", "epilogue_tile": [128, 32]})");
  ASSERT_TRUE(p.tmem_acc && p.tmem);
  EXPECT_EQ(to_string(p.tmem_acc->layout), "((128,128),1,1):((65536,1),0,0)");
  EXPECT_EQ(to_string(p.tmem->copy.tv), "((32,4),(16,32)):((0,1),(128,4))");
  const auto error = [&](const std::string& tmem) {
    try {
      plan(tmem);
    } catch (const SpecError& e) {
      return e.path() + ": " + e.what();
    }
    return std::string("no error");
  };
  EXPECT_NE(error(R"({"copy": "SM100_TMEM_LOAD_32dp32b16x", "threads": 100})").find("tmem.threads"),
            std::string::npos);
  EXPECT_NE(error(R"({"copy": "SM100_TMEM_LOAD_32dp32b16x", "first_thread": 16})").find("tmem.first_thread"),
            std::string::npos);
  EXPECT_NE(error(R"({"copy": "SM100_TMEM_LOAD_32dp32b16x", "epilogue_tile": [128, 48]})")
                .find("tmem.epilogue_tile"),
            std::string::npos);
  EXPECT_NE(error(R"({"copy": "SM75_U32x4_LDSM_N"})").find("tmem.copy"), std::string::npos);
  EXPECT_NE(error(R"({"copy": 3})").find("tmem.copy"), std::string::npos);
  EXPECT_NE(error(R"({"tile": [128, 640]})").find("tmem.tile"), std::string::npos);
  EXPECT_NE(error(R"([1])").find("tmem"), std::string::npos);
  EXPECT_NE(error(R"({"threads": 128})").find("give \"copy\" too"), std::string::npos);
}

// "epilogue_tile" as a by-mode tiler: mode by mode, or one string in tvlab's or CuTe's notation, all the
// same.
TEST(TmemChecks, SpecEpilogueTiler) {
  const auto tmem = [](const std::string& tile) {
    const Plan p = build_plan_from_text(
        R"({"mma": {"atom": "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>"}, )"
        R"("tmem": {"copy": "SM100_TMEM_LOAD_32dp32b8x", "epilogue_tile": )" +
        tile + "}}");
    return to_string(p.tmem->tiles) + " " + to_string(p.tmem->tile);
  };
  const std::string want = "(64,(16,2),1,4):(65536,(1,4194304),0,16)";
  EXPECT_EQ(tmem(R"j([64, "(16,2):(1,64)"])j"), want + " (64,(16,2):(1,64))");
  EXPECT_EQ(tmem(R"j("(64,(16,2):(1,64))")j"), want + " (64,(16,2):(1,64))");
  EXPECT_EQ(tmem(R"j("(_64:_1,(_16,_2):(_1,_64))")j"), want + " (64:1,(16,2):(1,64))");
  EXPECT_EQ(tmem(R"j("make_tile(Layout<_64>{}, Layout<Shape<_16,_2>,Stride<_1,_64>>{})")j"),
            want + " (64:1,(16,2):(1,64))");
  // The plain tile: its first 32 columns are n = 0..31 of lanes 0-63 (the second half of N lies beside it).
  EXPECT_EQ(tmem("[64, 32]"), "(64,32,1,(2,2)):(65536,1,0,(32,4194304)) (64,32)");
  const auto error = [&](const std::string& tile) {
    try {
      tmem(tile);
    } catch (const SpecError& e) {
      return e.path() + ": " + e.what();
    }
    return std::string("no error");
  };
  EXPECT_EQ(error(R"j([64, "(16,2)"])j").rfind("tmem.epilogue_tile[1]: (16,2) is a tuple", 0), 0u);
  EXPECT_EQ(error(R"j("(64,(16,2))")j").rfind("tmem.epilogue_tile: (16,2) is a tuple", 0), 0u);
  EXPECT_EQ(error(R"j([64, "(16,2):(1,8)"])j"),
            "tmem.epilogue_tile: EpilogueTile: the epilogue tile's N mode (16,2):(1,8) does not tile the "
            "accumulator's N = 128 exactly: it reaches 8 twice");
  EXPECT_EQ(
      error(R"j([64, "48:1"])j"),
      "tmem.epilogue_tile: EpilogueTile: the epilogue tile's N mode 48:1 does not tile the accumulator's N "
      "= 128 exactly: its size 48 does not divide 128");
  EXPECT_EQ(error(R"j([64, 32, 1])j").rfind("tmem.epilogue_tile: expected [M, N]: 2 modes", 0), 0u);
  EXPECT_EQ(error(R"j("(16,2):(1,64)")j").rfind("tmem.epilogue_tile: expected a tiler of 2 modes", 0), 0u);
  EXPECT_EQ(error(R"j("(_,32)")j").rfind("tmem.epilogue_tile: _ keeps the whole mode", 0), 0u);
  EXPECT_EQ(
      error(R"j([64, true])j").rfind("tmem.epilogue_tile[1]: expected a positive integer or a layout", 0),
      0u);
  EXPECT_EQ(error(R"j([0, 32])j").rfind("tmem.epilogue_tile[0]: expected a positive integer", 0), 0u);
}

}  // namespace
}  // namespace tvlab
