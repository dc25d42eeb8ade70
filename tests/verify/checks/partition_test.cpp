// Per-thread partitions of a kernel model: CuTe's printed tensors for one configuration (literal), then
// over every configuration of the generated SM80 file and every thread: the copies cover their tiles
// exactly once, each thread's first iteration is its row of the copy's TV layout, and the register views
// hold what the MMA's TV layout gives the thread.
#include "tvlab/verify/checks/partition.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"

#include <gtest/gtest.h>

#include <map>

#include "../verify_test_support.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/report/partition_format.hpp"

namespace tvlab {
namespace {

using test::named;

Plan sm80_tn(bool problem) {
  std::vector<CppBinding> bind;
  if (problem) bind = parse_bindings({"problem=make_shape(1088, 832, 704, 2)"});
  return load_plan(test::read_data("cpp/cutlass_sm80_f16_tn.hpp"), "", "cutlass_sm80_f16_tn.hpp", bind);
}

// What CuTe printed for thread 5 (tests/data/cute/oracle_cutlass_sm80_f16_tn.txt, CUTLASS 4.2.0).
TEST(Partition, Sm80F16TnThread5AsCuTePrintsIt) {
  const ThreadPartitions p = thread_partitions(sm80_tn(true), "A", 5);
  EXPECT_EQ(p.threads, 128);
  EXPECT_EQ(to_string(named(p, "tAgA").layout), "((8,1),4,1,22):((1,0),22528,0,32)");
  EXPECT_EQ(to_string(named(p, "tAgA").offset), "712");
  EXPECT_EQ(named(p, "tAsA").to_string(), "smem_ptr[16b](sA+40) o ((8,1),4,1,(1,3)):((1,0),1024,0,(0,4096))");
  EXPECT_EQ(to_string(named(p, "tCrA").layout), "((2,2,2),4,2):((1,2,4),8,32)");
  EXPECT_EQ(named(p, "tCsA").to_string(),
            "smem_ptr[16b](sA+176) o ((8,1),4,2,(1,3)):((1,0),1024,-16,(0,4096))");
  EXPECT_EQ(to_string(named(p, "tCrA_copy_view").layout), "((8,1),4,2):((1,0),8,32)");
  // Without the problem shape there is no global tensor, and the note says why.
  const ThreadPartitions q = thread_partitions(sm80_tn(false), "A", 5);
  EXPECT_THROW(named(q, "tAgA"), std::runtime_error);
  ASSERT_FALSE(q.notes.empty());
  EXPECT_NE(q.notes[0].find("problem shape"), std::string::npos);
}

// An Xe coordinate tensor prints its offset as a coordinate of every axis, as sycl-tla's ArithTuple does:
// sycl-tla (6601377d, tests/data/sycl_tla/xe_partitions.txt) prints thread 17's tBgB of
// examples/00_bmg_gemm as ArithTuple(64,_0) o ..., and tvlab printed ArithTuple(64) (the zero k dropped).
TEST(Partition, XeCoordinateOffsetHasEveryAxis) {
  const Plan plan =
      build_plan(read_json_value(nlohmann::json::parse(test::read_data("specs/sycl_tla_00_bmg_gemm.json"))));
  const ThreadTensor b = named(thread_partitions(plan, "B", 17), "tBgB");
  EXPECT_EQ(to_string(b.offset), "(64,0)");
  EXPECT_EQ(b.to_string(), "ArithTuple(64,0) o (((2,8,2),(2,2)),1,1):(((8@0,2@1,16@0),(32@0,16@1)),0,0)");
  const ThreadTensor a = named(thread_partitions(plan, "A", 0), "tAgA");
  EXPECT_EQ(to_string(a.offset), "(0,0)");
  EXPECT_EQ(to_string(named(thread_partitions(plan, "A", 511), "tAgA").offset), "(224,0)");
}

// Issue 33: with one subgroup in M every work-item issues the same block 2D load of A (tv_src's thread mode
// has stride 0), so the identity tensor's offset is CuTe's _0, which threw "coordinate 0 has no axis" (exit
// 3). sycl-tla's own views (tests/data/sycl_tla/xe_partitions.txt, sycl-tla 6601377d): the same for every
// work-item.
TEST(Partition, XeOneSubgroupInMAsSyclTlaPrintsIt) {
  const Plan plan = build_plan(
      read_json_value(nlohmann::json::parse(test::read_data("specs/xe_tf32_m5_one_subgroup.json"))));
  for (const int64_t t : {0, 5, 15}) {
    const ThreadTensor a = named(thread_partitions(plan, "A", t), "tAgA");
    EXPECT_EQ(a.to_string(), "ArithTuple(0,0) o ((1,(3,2,2)),1,1):((0,(2@0,5@0,16@1)),0,0)") << t;
    std::string coords;
    for (const auto& c : a.coordinates) coords += (coords.empty() ? "" : " ") + coord_text(c);
    EXPECT_EQ(coords, "(0,0) (2,0) (4,0) (5,0) (7,0) (9,0) (0,16) (2,16) (4,16) (5,16) (7,16) (9,16)") << t;
  }
  EXPECT_EQ(named(thread_partitions(plan, "B", 0), "tBgB").to_string(),
            "ArithTuple(0,0) o ((8,(4,4)),1,1):((1@1,(16@0,8@1)),0,0)");
  const Plan s8 =
      build_plan(read_json_value(nlohmann::json::parse(test::read_data("specs/xe_s8_1x4_subgroups.json"))));
  EXPECT_EQ(named(thread_partitions(s8, "A", 63), "tAgA").to_string(),
            "ArithTuple(0,0) o (((2,16),1),1,1):(((16@1,1@0),0),0,0)");
  // The SM100 TMEM specs' accumulators (one thread, every mode's offset _0) threw the same way.
  const Plan tmem = build_plan(
      read_json_value(nlohmann::json::parse(test::read_data("specs/sm100_tmem_two_mma_tiles.json"))));
  EXPECT_EQ(named(thread_partitions(tmem, "C", 0), "tCrC").size(), 2 * 128 * 128);
}

// Issue 33: a 65536 x 65536 CTA tile ran 70 s into std::bad_alloc. A view beyond kMaxThreadValues is refused
// before its values are enumerated; one within it stays exact.
TEST(Partition, RefusesAViewBeyondTheCap) {
  nlohmann::json spec = nlohmann::json::parse(test::read_data("specs/cutlass_sm80_f16_tn_128x128x32.json"));
  spec["cta_tile"] = {65536, 65536, 32};
  const Plan plan = build_plan(read_json_value(spec));
  try {
    (void)thread_partitions(plan, "C", 0);
    FAIL();
  } catch (const SpecError& e) {
    EXPECT_EQ(e.path(), "thread");
    EXPECT_EQ(
        std::string(e.what()),
        "tCgC holds 33554432 values a thread, over tvlab's cap of 1048576 for a thread view (its coordinates "
        "and table would not fit in memory); choose a smaller tile or another operand (--operand)");
  }
  spec["cta_tile"] = {1024, 1024, 32};  // 8192 accumulators a thread: within the cap
  const ThreadTensor c = named(thread_partitions(build_plan(read_json_value(spec)), "C", 0), "tCrC");
  EXPECT_EQ(c.size(), 1024 * 1024 / 128);
  EXPECT_LE(c.size(), kMaxThreadValues);
}

TEST(Partition, RefusesAThreadOrOperandTheModelHasNot) {
  const Plan plan = sm80_tn(false);
  try {
    thread_partitions(plan, "A", 128);
    FAIL();
  } catch (const SpecError& e) {
    EXPECT_EQ(e.path(), "thread");
    EXPECT_NE(std::string(e.what()).find("0..127"), std::string::npos);
  }
  EXPECT_THROW(thread_partitions(plan, "Q", 0), SpecError);
  EXPECT_THROW(thread_partitions(plan, "A", -1), SpecError);
}

int64_t first_mode_size(const Layout& l) {
  return l.shape.is_tuple() ? size(mode(l, 0)) : size(l);
}
const Layout& inner_of(const AnyLayout& l) {
  if (const auto* c = std::get_if<ComposedLayout>(&l)) return c->layout;
  return std::get<Layout>(l);
}

TEST(Partition, GeneratedConfigurationsAgreeWithTheirTvLayouts) {
  const auto plans = load_plans(test::read_data("cpp/generated_sm80.hpp"));
  ASSERT_GE(plans.size(), 12u);
  for (const NamedPlan& np : plans) {
    SCOPED_TRACE(np.config);
    const Plan& plan = np.plan;
    for (const std::string x : {"A", "B"}) {
      const PlannedCopy* pc = nullptr;
      for (const PlannedCopy& c : plan.copies)
        if (c.name == x) pc = &c;
      ASSERT_TRUE(pc && pc->smem && pc->smem->g2s);
      const SmemStage& sm = *pc->smem;
      const int64_t rows = sm.tile[0].ival(), cols = sm.tile[1].ival();
      const Layout s2r_tv = sm.s2r ? sm.s2r->get_layoutS_TV() : pc->copy.get_layoutS_TV();
      const Layout mma_tv = x == "A" ? plan.mma->get_layoutA_TV() : plan.mma->get_layoutB_TV();
      const int64_t mma_rows = x == "A" ? plan.mma->tile_mnk[0] : plan.mma->tile_mnk[1];
      std::map<std::vector<int64_t>, int> g2s_hits;
      const PartitionQuery q(plan, x);
      ASSERT_EQ(q.threads(), plan.mma->num_threads());
      for (int64_t t = 0; t < q.threads(); ++t) {
        const ThreadPartitions p = q.at(t);
        // g2s: every (m, k, stage) once over all threads.
        for (const auto& c : named(p, "t" + x + "s" + x).coordinates) ++g2s_hits[c];
        // s2r's first copy (its CPY mode, stage 0) is the thread's row of the copy's source TV layout.
        const ThreadTensor& cs = named(p, "tCs" + x);
        const int64_t vals = first_mode_size(inner_of(cs.layout));
        for (int64_t v = 0; v < vals; ++v) {
          const int64_t idx = s2r_tv(IntTuple::tuple({t, v})).ival();
          const std::vector<int64_t>& c = cs.coordinates[static_cast<size_t>(v)];
          EXPECT_EQ(c[0] + mma_rows * c[1], idx) << "tCs" << x << " thread " << t << " value " << v;
        }
        // The fragment's MMA mode is the thread's row of the MMA's TV layout (its atom values), and the copy
        // view names exactly the fragment's registers.
        const ThreadTensor& fr = named(p, "tCr" + x);
        for (int64_t v = 0; v < first_mode_size(mode(mma_tv, 1)); ++v) {
          const std::vector<int64_t>& c = fr.coordinates[static_cast<size_t>(v)];
          EXPECT_EQ(c[0] + mma_rows * c[1], mma_tv(IntTuple::tuple({t, v})).ival());
        }
        const ThreadTensor& view = named(p, "tCr" + x + "_copy_view");
        std::vector<int> regs(static_cast<size_t>(fr.size()), 0);
        for (const Touch& r : touches(view)) ++regs[static_cast<size_t>(r.element)];
        for (int n : regs) EXPECT_EQ(n, 1) << "tCr" << x << "_copy_view thread " << t;
      }
      const int64_t stages = sm.stages;
      EXPECT_EQ(int64_t(g2s_hits.size()), rows * cols * stages);
      for (const auto& [c, n] : g2s_hits)
        ASSERT_EQ(n, 1) << "g2s writes (" << c[0] << "," << c[1] << ") " << n << " times";
    }
  }
}

}  // namespace
}  // namespace tvlab

namespace tvlab {
namespace {

Plan gmma_case(int n) {
  return build_plan(read_json_value(
      nlohmann::json::parse(test::read_data("specs/gmma_canonical_" + std::to_string(n) + ".json"))));
}

// The SM90 collective's views as CuTe prints them: tests/cute_oracle/gmma_canonical.cpp (CUTLASS 4.2.0,
// thread 0's partition_A/B and make_fragment_A/B over tile_to_shape(atom, (BLK, BLK_K, 2))), cases 1 and 5.
TEST(Partition, Sm90GmmaViewsAsCuTePrintsThem) {
  const ThreadPartitions a1 = thread_partitions(gmma_case(1), "A", 0);
  EXPECT_EQ(to_string(named(a1, "tCsA").layout), "((64,8),1,4,(1,2)):((32,1),0,8,(0,4096))");
  EXPECT_EQ(named(a1, "tCrA").to_string(), "GMMA::DescriptorIterator o (1,1,4,(1,2)):(0,0,2,(0,1024))");
  const ThreadPartitions b1 = thread_partitions(gmma_case(1), "B", 0);
  EXPECT_EQ(to_string(named(b1, "tCsB").layout), "((64,8),2,4,(1,2)):((32,1),2048,8,(0,4096))");
  EXPECT_EQ(to_string(named(b1, "tCrB").layout), "(1,2,4,(1,2)):(0,512,2,(0,1024))");
  const ThreadPartitions a5 = thread_partitions(gmma_case(5), "A", 0);
  EXPECT_EQ(to_string(named(a5, "tCsA").layout), "((64,16),1,(2,2),(1,2)):((32,1),0,(16,4096),(0,8192))");
  EXPECT_EQ(to_string(named(a5, "tCrA").layout), "(1,1,(2,2),(1,2)):(0,0,(2,512),(0,1024))");
  EXPECT_EQ(to_string(named(thread_partitions(gmma_case(5), "B", 0), "tCsB").layout),
            "((128,16),1,(2,2),(1,2)):((32,1),0,(16,4096),(0,8192))");
  // The descriptor is make_gmma_desc's (K-major SW128 tf32: LBO 1, SBO 64, B128), warpgroup 1 starts 64 rows
  // on.
  const ThreadTensor& d = named(a1, "tCrA");
  ASSERT_TRUE(d.descriptor.has_value());
  EXPECT_EQ(d.descriptor->value(), 0x4000004000010000ull);
  const ThreadPartitions w1 = thread_partitions(gmma_case(1), "A", 130);
  EXPECT_EQ(named(w1, "tCrA").descriptor->start_address, 64u * 32 * 4 / 16);
  EXPECT_EQ(partitions_to_json(w1)["tensors"][1]["values"][1]["start_address"], 64 * 32 * 4 / 16 + 2);
}

// Where CuTe's make_fragment_A static_asserts (case 4) or compiles a descriptor that reads other elements
// than its partition says (cases 3 and 6, verify's desc.X fragment_order), plan --thread refuses with the
// condition.
TEST(Partition, Sm90GmmaViewsRefuseWhatCuTeRefusesOrMisreads) {
  for (const auto& [n, want] :
       std::vector<std::pair<int, std::string>>{{4, "GMMA_K.K-size: Not a canonical GMMA_K layout"},
                                                {3, "gmma.fragment_order"},
                                                {6, "(m,k) = (0,4) is tile element (0,8)"}}) {
    SCOPED_TRACE(n);
    try {
      thread_partitions(gmma_case(n), "A", 0);
      ADD_FAILURE() << "case " << n << " gave views";
    } catch (const SpecError& e) {
      EXPECT_EQ(e.path(), "operand");
      EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
    }
  }
}

// Every generated SM90 configuration and warpgroup: descriptor i advances the first by the offset of the
// block it describes (tCsX's value i * block, unswizzled, in 16-byte units) and names that block's first
// coordinate.
TEST(Partition, GeneratedSm90DescriptorsStepAsTheirBlocks) {
  const auto plans = load_plans(test::read_data("cpp/generated_sm90.hpp"));
  ASSERT_GE(plans.size(), 8u);
  for (const NamedPlan& np : plans) {
    SCOPED_TRACE(np.config);
    for (const std::string x : {"A", "B"}) {
      const PartitionQuery q(np.plan, x);
      for (int64_t t = 0; t < q.threads(); t += 128) {
        const ThreadPartitions p = q.at(t);
        const ThreadTensor& cs = named(p, "tCs" + x);
        const ThreadTensor& cr = named(p, "tCr" + x);
        const Layout& l = std::get<Layout>(cs.layout);
        const int64_t block = size(mode(l, 0)), per = 128 / cs.bits;
        ASSERT_EQ(cr.size() * block, cs.size());
        for (int64_t i = 0; i < cr.size(); ++i) {
          const int64_t step = l(IntTuple(i * block)).ival() - l(IntTuple(0)).ival();
          ASSERT_EQ(cr.element(i) * per, step) << x << " thread " << t << " descriptor " << i;
          ASSERT_EQ(cr.coordinates[size_t(i)], cs.coordinates[size_t(i * block)]);
        }
      }
    }
  }
}

}  // namespace
}  // namespace tvlab
