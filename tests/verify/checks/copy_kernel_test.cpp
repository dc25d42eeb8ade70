// A copy kernel's checks (checks/copy_kernel.hpp): CuTe's tiled_copy.cu as its JSON twin (literal texts, the
// partition CuTe prints), planted shape and layout defects refuted with their witnesses, and, over generated
// copy kernels, the verdicts against an independent walk of the kernel: every block, thread, tile repeat and
// atom call through the copy's source TV layout (not partition_S), its coordinates placed in the global
// tensor by hand.
#include "tvlab/verify/checks/copy_kernel.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "../verify_test_support.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/partition.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"

namespace tvlab {
namespace {

nlohmann::json twin() {
  return nlohmann::json::parse(test::read_data("specs/cute_tutorial_tiled_copy.json"));
}

Report verified(const nlohmann::json& j) {
  return verify_plan(build_plan(read_json_value(j)));
}

TEST(CopyKernel, TiledCopyTutorialProved) {
  const Report r = verified(twin());
  for (const char* c :
       {"coverage.tiled_copy", "block.tiled_copy", "vector.tiled_copy.src", "vector.tiled_copy.dst"})
    EXPECT_EQ(test::check(r, c).verdict, Verdict::Proved) << c;
  EXPECT_EQ(test::check(r, "block.tiled_copy").summary,
            "2 x 8 blocks, each the copy's tile 1 x 8 times (32 values a thread)");
  EXPECT_EQ(test::check(r, "vector.tiled_copy.src").data["vector_bytes"], 16);
}

// An auto-vectorizing atom: copy(tiled_copy, ...) recasts the thread's whole partition
// (cute/algorithm/copy.hpp, v4.2.0). With the tutorial's (4,1) values a thread, 4 consecutive floats: CuTe
// reads them as one 128-bit vector (max_common_vector 4), not 4 one-float calls, so the vector checks are
// unknown; with one value a thread (val_layout (1,1), a (32,8):(8,1) thread layout: no two values of a thread
// adjacent) or DefaultCopy (8-bit vectors, no wider than a float) one float an access is CuTe's access.
TEST(CopyKernel, AutoVectorizingAtomsOnlyWhereOneElementIsCuTesAccess) {
  nlohmann::json j = twin();
  j["copies"]["tiled_copy"]["atom"] = "AutoVectorizingCopy";
  Report r = verified(j);
  for (const char* c : {"vector.tiled_copy.src", "vector.tiled_copy.dst"}) {
    EXPECT_EQ(test::check(r, c).verdict, Verdict::Unknown) << c;
    EXPECT_NE(
        test::check(r, c).summary.find("thread 0 holds values 0 and 1 at adjacent element offsets 0 and 1"),
        std::string::npos)
        << test::check(r, c).summary;
  }
  EXPECT_EQ(test::check(r, "block.tiled_copy").verdict, Verdict::Proved);
  j["copies"]["tiled_copy"]["atom"] = "DefaultCopy";
  r = verified(j);
  EXPECT_EQ(test::check(r, "vector.tiled_copy.src").verdict, Verdict::Proved);
  EXPECT_EQ(test::check(r, "vector.tiled_copy.src").data["vector_bytes"], 4);
  j["copies"]["tiled_copy"]["atom"] = "AutoVectorizingCopy";
  j["copies"]["tiled_copy"]["thr_layout"] = "(32,8):(8,1)";
  j["copies"]["tiled_copy"]["val_layout"] = "(1,1)";
  j["copies"]["tiled_copy"]["block"] = {32, 8};
  r = verified(j);
  EXPECT_EQ(test::check(r, "vector.tiled_copy.src").verdict, Verdict::Proved)
      << test::check(r, "vector.tiled_copy.src").summary;
  EXPECT_EQ(test::check(r, "vector.tiled_copy.dst").verdict, Verdict::Proved);
}

// CuTe (tests/data/cute/oracle_tiled_copy.txt): part.33.S = ((_4,_1),_1,_8):((_1,_0),_0,2048) @ 260.
TEST(CopyKernel, PartitionAsCuTePrintsIt) {
  const ThreadPartitions p = thread_partitions(build_plan(read_json_value(twin())), "tiled_copy", 33);
  const ThreadTensor& s = test::named(p, "tS");
  EXPECT_EQ(to_string(s.layout), "((4,1),1,8):((1,0),0,2048)");
  EXPECT_EQ(to_string(s.offset), "260");
}

TEST(CopyKernel, WrongShapesRefuted) {
  nlohmann::json j = twin();
  auto& c = j["copies"]["tiled_copy"];
  c["src"]["layout"] = c["dst"]["layout"] = "(250,512):(1,250)";
  const Report r = verified(j);
  const CheckResult& b = test::check(r, "block.tiled_copy");
  ASSERT_EQ(b.verdict, Verdict::Refuted);
  EXPECT_EQ(
      b.witnesses.at(0),
      "blockIdx.x = 1 copies rows 128..255 of a tensor with 250: row 250 and on lie outside it (250 % 128 = "
      "122; no predicate stops those reads and writes)");
  EXPECT_EQ(test::check(r, "vector.tiled_copy.src").verdict, Verdict::Refuted);

  // A dst whose columns overlap (ld 128 < 256 rows): two threads write one element.
  nlohmann::json a = twin();
  a["copies"]["tiled_copy"]["dst"]["layout"] = "(256,512):(1,128)";
  const Report ra = verified(a);
  const CheckResult& ab = test::check(ra, "block.tiled_copy");
  ASSERT_EQ(ab.verdict, Verdict::Refuted);
  EXPECT_EQ(ab.summary, "dst writes one element from two coordinates");
  EXPECT_EQ(
      ab.witnesses.at(0),
      "dst (256,512):(1,128) maps coordinates (128,0) and (0,1) to one element (offset 128): the kernel "
      "writes it twice, from different source elements");

  nlohmann::json k = twin();
  k["copies"]["tiled_copy"]["block"] = {128, 60};
  const Report r2 = verified(k);
  EXPECT_EQ(test::check(r2, "block.tiled_copy").verdict, Verdict::Refuted);
  EXPECT_EQ(test::check(r2, "vector.tiled_copy.dst").verdict, Verdict::Unknown);
}

TEST(CopyKernel, BadInputIsASpecError) {
  for (auto edit : std::vector<std::function<void(nlohmann::json&)>>{
           [](nlohmann::json& c) { c.erase("dst"); },
           [](nlohmann::json& c) { c["block"] = {128}; },
           [](nlohmann::json& c) {
             c["block"] = {0, 64};
           },
           [](nlohmann::json& c) { c["dst"]["layout"] = "(256,256):(1,256)"; },
           [](nlohmann::json& c) { c["src"]["memory"] = "smem"; },
           [](nlohmann::json& c) { c["src"]["layout"] = "Sw<2,2,2> o (256,512):(1,256)"; },
       }) {
    nlohmann::json j = twin();
    edit(j["copies"]["tiled_copy"]);
    EXPECT_THROW(build_plan(read_json_value(j)), SpecError) << j.dump();
  }
}

// The kernel walked by hand: for every block, thread, repeat of the copy's tile over the block and atom call,
// the call's n values through get_layoutS_TV (tile coordinates), placed at block origin + repeat +
// coordinate.
struct Walk {
  bool in_bounds_once = true;  // every element of the tensor copied exactly once, nothing outside a block
  bool vectors = true;         // every call's values consecutive, starting on a multiple of n
};

Walk walk(const PlannedCopy& p) {
  const auto& k = *p.kernel;
  const IntTuple shape = product_each(k.src.shape);
  const int64_t sm = shape[0].ival(), sn = shape[1].ival(), bm = k.block[0], bn = k.block[1];
  const IntTuple tile = p.copy.tile_shape();
  const int64_t tm = product(tile[0]), tn = product(tile[1]);
  const Layout tv = p.copy.get_layoutS_TV();
  const int64_t threads = size(mode(tv, 0)), values = size(mode(tv, 1));
  const int64_t n = size(mode(p.copy.atom_values().src, 1));
  Walk w;
  std::vector<int> seen(static_cast<std::size_t>(sm * sn), 0);
  for (int64_t bx = 0; bx * bm < sm; ++bx)
    for (int64_t by = 0; by * bn < sn; ++by)
      for (int64_t rm = 0; rm * tm < bm; ++rm)
        for (int64_t rn = 0; rn * tn < bn; ++rn)
          for (int64_t t = 0; t < threads; ++t)
            for (int64_t c = 0; c * n < values; ++c) {
              std::vector<int64_t> off;
              for (int64_t j = 0; j < n; ++j) {
                const int64_t idx = tv(t + threads * (c * n + j));
                const int64_t im = rm * tm + idx % tm, in = rn * tn + idx / tm;
                const int64_t gm = bx * bm + im, gn = by * bn + in;
                if (im >= bm || in >= bn || gm >= sm || gn >= sn) {
                  w.in_bounds_once = false;
                  continue;
                }
                ++seen[static_cast<std::size_t>(gm + gn * sm)];
                off.push_back(k.src(make_shape(gm, gn)).ival());
              }
              for (std::size_t j = 0; j < off.size(); ++j)
                if (off[j] != off[0] + static_cast<int64_t>(j) || off[0] % n != 0) w.vectors = false;
            }
  for (int s : seen)
    if (s != 1) w.in_bounds_once = false;
  return w;
}

TEST(CopyKernel, GeneratedKernelsAgreeWithTheWalk) {
  std::mt19937 rng(34);
  auto pick = [&](std::vector<int64_t> v) { return v[rng() % v.size()]; };
  int refuted_block = 0, refuted_vector = 0, proved = 0;
  for (int iter = 0; iter < 120; ++iter) {
    const int64_t n = pick({1, 2, 4});  // floats per vector: UniversalCopy<uint32_t / uint64_t / uint128_t>
    const char* atom = n == 1   ? "UniversalCopy<uint32_t>"
                       : n == 2 ? "UniversalCopy<uint64_t>"
                                : "UniversalCopy<uint128_t>";
    const int64_t thr_m = pick({4, 8, 16}), thr_n = pick({1, 2, 4});
    const bool val_m = rng() % 4 != 0;  // values along m (contiguous in a column-major tensor), else along n
    const std::string val = val_m ? "(" + std::to_string(n) + ",1)" : "(1," + std::to_string(n) + ")";
    const int64_t tm = thr_m * (val_m ? n : 1), tn = thr_n * (val_m ? 1 : n);
    const int64_t bm = tm * pick({1, 2}) + (rng() % 6 == 0 ? pick({1, 2}) : 0);
    const int64_t bn = tn * pick({1, 2, 3}) + (rng() % 6 == 0 ? 1 : 0);
    const int64_t sm = bm * pick({1, 2}) + (rng() % 6 == 0 ? pick({1, 2, 3}) : 0);
    const int64_t sn = bn * pick({1, 3});
    const bool row_major = rng() % 5 == 0;
    const int64_t ld = row_major ? sn : sm;
    const std::string layout =
        "(" + std::to_string(sm) + "," + std::to_string(sn) +
        "):" + (row_major ? "(" + std::to_string(ld) + ",1)" : "(1," + std::to_string(ld) + ")");
    nlohmann::json j = {{"copies",
                         {{"k",
                           {{"atom", atom},
                            {"value_type", "float"},
                            {"thr_layout", "(" + std::to_string(thr_m) + "," + std::to_string(thr_n) + ")"},
                            {"val_layout", val},
                            {"src", {{"layout", layout}, {"memory", "gmem"}}},
                            {"dst", {{"layout", layout}, {"memory", "gmem"}}},
                            {"block", {bm, bn}}}}}}};
    const Plan plan = build_plan(read_json_value(j));
    const Report r = verify_plan(plan);
    const Walk w = walk(plan.copies.at(0));
    const CheckResult& b = test::check(r, "block.k");
    const CheckResult& v = test::check(r, "vector.k.src");
    EXPECT_EQ(b.verdict == Verdict::Proved, w.in_bounds_once) << j.dump();
    if (b.verdict == Verdict::Proved) {
      EXPECT_EQ(v.verdict == Verdict::Proved, w.vectors) << j.dump();
      EXPECT_EQ(v.verdict, test::check(r, "vector.k.dst").verdict);
      refuted_vector += v.verdict == Verdict::Refuted;
      proved += v.verdict == Verdict::Proved;
    } else {
      ++refuted_block;
      EXPECT_FALSE(b.witnesses.empty());
    }
  }
  // The generator reaches every outcome.
  EXPECT_GT(proved, 10);
  EXPECT_GT(refuted_block, 5);
  EXPECT_GT(refuted_vector, 5);
}

}  // namespace
}  // namespace tvlab
