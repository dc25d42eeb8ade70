#include "tvlab/verify/checks/shared_storage.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>

#include "../verify_test_support.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/readers/load.hpp"
#include "tvlab/verify/writers/spec_json.hpp"

namespace tvlab {
namespace {

using test::check;

// CUTLASS's sizeof(GemmUniversal<...>::SharedStorage) of the cases of tests/data/specs/shared_storage/,
// compiled on the host (tests/shared_storage_oracle/run.sh record): "<case> <bytes>".
std::map<std::string, int64_t> recorded() {
  std::istringstream in(test::read_data("cute/shared_storage.txt"));
  std::map<std::string, int64_t> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string name;
    int64_t bytes = 0;
    ls >> name >> bytes;
    out[name] = bytes;
  }
  return out;
}

const CheckResult& budget(const std::string& spec_text, Report& keep) {
  keep = verify_plan(build_plan_from_text(spec_text));
  return check(keep, "smem.budget");
}

// Every recorded kernel: tvlab's smem.budget is CUTLASS's SharedStorageSize, and its scope the kernel.
TEST(SharedStorage, EqualsCutlassRecording) {
  const auto rec = recorded();
  ASSERT_GE(rec.size(), 9u);
  const std::vector<CppConfig> cpp =
      read_cpp_configs(test::read_data("specs/shared_storage/cutlass_kernels.hpp"));
  int from_cpp = 0;
  for (const auto& [name, bytes] : rec) {
    Report r;
    std::string text;
    if (name.rfind("cpp_", 0) == 0) {
      // A C++ configuration: its CollectiveEpilogue read into "epilogue", the policy's schedule too.
      const auto c = std::find_if(cpp.begin(), cpp.end(), [&](const CppConfig& x) {
        return x.name == name.substr(4) + "::CollectiveMainloop";
      });
      ASSERT_NE(c, cpp.end()) << name;
      text = config_to_json(c->config).dump();
      ASSERT_TRUE(c->config.kernel.epilogue) << text;
      ++from_cpp;
    } else {
      text = test::read_data("specs/shared_storage/" + name + ".json");
    }
    const CheckResult& b = budget(text, r);
    EXPECT_EQ(b.data["bytes"], bytes) << name << ": " << b.summary;
    EXPECT_EQ(b.data["scope"], "kernel") << name;
    EXPECT_EQ(b.verdict, bytes <= b.data["limit_bytes"].get<int64_t>() ? Verdict::Proved : Verdict::Refuted)
        << name;
  }
  EXPECT_EQ(from_cpp, 3);
}

// The trial of issue 33: the mainloop alone fits (196,704 B), the cooperative kernel with its f32 TMA
// epilogue does not (264,192 B over 232,448 B).
TEST(SharedStorage, TrialSm90SixStagesIsRefuted) {
  const std::string text = test::read_data("specs/shared_storage/sm90_f16_coop_6stages_f32_epilogue.json");
  Report r;
  const CheckResult& b = budget(text, r);
  EXPECT_EQ(b.verdict, Verdict::Refuted);
  EXPECT_EQ(b.data["bytes"], 264192);
  EXPECT_EQ(b.data["limit_bytes"], 232448);
  ASSERT_EQ(b.witnesses.size(), 1u);
  EXPECT_EQ(b.witnesses[0], "31744 B too many; fewer stages or a smaller CTA tile");
  EXPECT_EQ(
      b.summary,
      "pipelines 176 B + scheduler 1 B at 176 + tensors 263168 B at 1024 = 264192 B, over sm90's 232448 B");
  // Each member a proof step with its offset: the epilogue's reused C/D union is 1024-byte aligned.
  bool epi = false;
  for (const ProofStep& s : b.steps)
    if (s.text.rfind("tensors.epilogue.collective: ", 0) == 0) {
      epi = true;
      EXPECT_EQ(s.expr, "offset 1024, alignment 1024");
      EXPECT_EQ(s.result, "65536 B");
    }
  EXPECT_TRUE(epi);
  // Without the epilogue: the mainloop only, which fits, and says so.
  nlohmann::json j = nlohmann::json::parse(text);
  j.erase("epilogue");
  const CheckResult& m = budget(j.dump(), r);
  EXPECT_EQ(m.verdict, Verdict::Proved);
  EXPECT_EQ(m.data["bytes"], 196704);
  EXPECT_EQ(m.data["scope"], "mainloop only");
  EXPECT_NE(m.claim.find("mainloop only"), std::string::npos) << m.claim;
  EXPECT_EQ(m.summary.rfind("mainloop only: ", 0), 0u) << m.summary;
}

// The SM90 f16 TN 128x128x64 spec of the recorded kernels with `edit` applied.
nlohmann::json sm90(const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json j =
      nlohmann::json::parse(test::read_data("specs/shared_storage/sm90_f16_coop_4stages_f16_epilogue.json"));
  edit(j);
  return j;
}

int64_t bytes_of(const nlohmann::json& spec, std::string* scope = nullptr) {
  Report r;
  const CheckResult& b = budget(spec.dump(), r);
  if (scope) *scope = b.data["scope"].get<std::string>();
  return b.data["bytes"].get<int64_t>();
}

// Postconditions over generated kernels: the layout's members sit at multiples of their alignment inside
// their parent and do not overlap; the kernel needs at least what the mainloop alone needs; more stages never
// need less; ReuseSmemC never needs more; the warp-specialized kernel's union never needs more than the
// cooperative kernel's struct.
TEST(SharedStorage, GeneratedKernelsKeepTheLayoutRules) {
  std::mt19937 rng(33);
  const char* schedules[] = {"KernelTmaWarpSpecialized", "KernelTmaWarpSpecializedPingpong",
                             "KernelTmaWarpSpecializedCooperative"};
  const char* atoms[] = {"Sw<2,4,3> o smem_ptr[16b](unset) o (8,32):(32,1)",
                         "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", "(8,32):(32,1)",
                         "Sw<1,4,3> o smem_ptr[16b](unset) o (8,16):(16,1)"};
  for (int iter = 0; iter < 60; ++iter) {
    const int stages = 2 + static_cast<int>(rng() % 5), sc = 1 + static_cast<int>(rng() % 4);
    const int sd = 1 + static_cast<int>(rng() % sc);
    const std::string sched = schedules[rng() % 3];
    const bool no_c = rng() % 4 == 0, reuse = !no_c && rng() % 2;
    const int epi_n = 32 << (rng() % 2);
    const std::string atom = atoms[rng() % 4];
    if (epi_n == 32 && atom == atoms[1]) continue;  // (8,64) does not divide a 64x32 tile
    auto make = [&](int st, const std::string& sch, bool re, bool with_epi) {
      return sm90([&](nlohmann::json& j) {
        j["stages"] = st;
        j["kernel_schedule"] = sch;
        if (sch == "KernelTmaWarpSpecializedPingpong") j["mma"]["atom_layout"] = "(1,1,1)";
        nlohmann::json& e = j["epilogue"];
        e["tile"] = {64, epi_n};
        e["stages_c"] = sc, e["stages_d"] = sd, e["reuse_smem_c"] = re;
        for (const char* x : {"C", "D"}) e[x]["smem_atom"] = atom;
        if (no_c) e["C"] = {{"type", "void"}};
        if (!with_epi) j.erase("epilogue");
      });
    };
    SCOPED_TRACE("stages " + std::to_string(stages) + " " + sched + " " + atom + " sc " + std::to_string(sc) +
                 " sd " + std::to_string(sd) + (no_c ? " no C" : "") + (reuse ? " reuse" : ""));
    const nlohmann::json spec = make(stages, sched, reuse, true);
    Report r;
    const CheckResult& b = budget(spec.dump(), r);
    const int64_t total = b.data["bytes"].get<int64_t>();
    // Steps: "path: type", "offset O, alignment A", "N B"; a member lies inside its parent, aligned.
    std::map<std::string, std::pair<int64_t, int64_t>> at;  // path -> (offset, size)
    for (const ProofStep& st : b.steps) {
      if (st.expr.rfind("offset ", 0) != 0) continue;
      const std::string path = st.text.substr(0, st.text.find(": "));
      const int64_t off = std::stoll(st.expr.substr(7)),
                    al = std::stoll(st.expr.substr(st.expr.find("alignment ") + 10));
      const int64_t size = std::stoll(st.result);
      EXPECT_EQ(off % al, 0) << st.text << " " << st.expr;
      EXPECT_LE(off + size, total) << st.text;
      const auto dot = path.rfind('.');
      if (dot != std::string::npos && at.count(path.substr(0, dot))) {
        const auto [po, ps] = at[path.substr(0, dot)];
        EXPECT_GE(off, po) << st.text;
        EXPECT_LE(off + size, po + ps) << st.text;
      }
      at[path] = {off, size};
    }
    EXPECT_FALSE(at.empty());
    std::string scope;
    EXPECT_GE(total, bytes_of(make(stages, sched, reuse, false), &scope));
    EXPECT_EQ(scope, "mainloop only");
    EXPECT_GE(bytes_of(make(stages + 1, sched, reuse, true)), total);
    if (!no_c && sd <= sc) {
      EXPECT_LE(bytes_of(make(stages, sched, true, true)), bytes_of(make(stages, sched, false, true)));
    }
    if (sched != "KernelTmaWarpSpecializedPingpong") {
      EXPECT_LE(bytes_of(make(stages, "KernelTmaWarpSpecialized", reuse, true)),
                bytes_of(make(stages, "KernelTmaWarpSpecializedCooperative", reuse, true)));
    }
  }
}

// Cross-check with the independent figure of the arrays themselves: the SM80 mainloop's storage is A's and
// B's cosize x sizeof(T) when each is a multiple of 16 bytes (array_aligned adds nothing), and with
// DefaultEpilogue the kernel's is the same (max with an empty struct).
TEST(SharedStorage, Sm80MainloopIsItsArrays) {
  for (int stages = 2; stages <= 6; ++stages) {
    nlohmann::json j =
        nlohmann::json::parse(test::read_data("specs/shared_storage/sm80_f16_tn_default_epilogue.json"));
    j["stages"] = stages;
    std::string scope;
    EXPECT_EQ(bytes_of(j, &scope), 2 * stages * 128 * 32 * 2);
    EXPECT_EQ(scope, "kernel");
    j.erase("epilogue");
    EXPECT_EQ(bytes_of(j, &scope), 2 * stages * 128 * 32 * 2);
    EXPECT_EQ(scope, "mainloop only");
  }
}

// CUTLASS's static_asserts and what tvlab does not model: errors naming the key.
TEST(SharedStorage, BadEpiloguesAreErrorsAtTheKey) {
  struct Case {
    std::function<void(nlohmann::json&)> edit;
    const char* path;
    const char* what;
  };
  const Case cases[] = {
      {[](nlohmann::json& j) { j.erase("kernel_schedule"); }, "kernel_schedule", "depends on its schedule"},
      {[](nlohmann::json& j) { j["kernel_schedule"] = "KernelTmaWarpSpecializedStreamK"; }, "kernel_schedule",
       "unknown schedule"},
      {[](nlohmann::json& j) {
         j["epilogue"]["tile"] = {48, 32};
       },
       "epilogue.tile", "EPI_TILE_M must divide CTA_M"},
      {[](nlohmann::json& j) { j["epilogue"]["tile"] = {64}; }, "epilogue.tile", "rank-2"},
      {[](nlohmann::json& j) { j["epilogue"]["reuse_smem_c"] = true, j["epilogue"]["stages_d"] = 4; },
       "epilogue.reuse_smem_c", "Smem reuse requirements not met"},
      {[](nlohmann::json& j) {
         j["epilogue"]["reuse_smem_c"] = true, j["epilogue"]["C"] = {{"type", "void"}};
       },
       "epilogue.reuse_smem_c", "C is void"},
      {[](nlohmann::json& j) {
         j["epilogue"]["D"] = {{"type", "void"}};
       },
       "epilogue.D.type", "auxiliary"},
      {[](nlohmann::json& j) { j["epilogue"]["fusion"] = "LinCombEltAct"; }, "epilogue.fusion",
       "not modelled"},
      {[](nlohmann::json& j) { j["epilogue"]["collective"] = "Sm100TmaWarpSpecialized"; },
       "epilogue.collective", "unknown collective epilogue"},
      {[](nlohmann::json& j) {
         j["epilogue"]["C"]["smem_atom"] = "Sw<2,4,3> o smem_ptr[16b](unset) o (8,48):(48,1)";
       },
       "epilogue.C.smem_atom", "evenly divide"},
      {[](nlohmann::json& j) { j["epilogue"]["C"].erase("layout"); }, "epilogue.C.layout", "RowMajor"},
      {[](nlohmann::json& j) { j["epilogue"]["accumulator"] = "float"; }, "epilogue.accumulator",
       "not a parameter of Sm90TmaWarpSpecialized"},
      {[](nlohmann::json& j) {
         j["epilogue"] = {{"collective", "Sm70EpilogueVectorized"}};
       },
       "epilogue.accumulator", "give \"accumulator\" and \"smem_layout\""},
      {[](nlohmann::json& j) { j["mainloop"] = "MainloopSm90TmaGmma"; }, "kernel_schedule",
       "a schedule of the SM90 warp-specialized mainloop"},
      {[](nlohmann::json& j) { j.erase("kernel_schedule"), j["mainloop"] = "MainloopSm90TmaGmma"; },
       "epilogue.collective", "Sm90TmaWarpSpecialized runs in the SM90 warp-specialized kernels"},
  };
  for (const Case& c : cases) {
    try {
      build_plan(read_json_value(sm90(c.edit)));
      ADD_FAILURE() << "accepted: " << c.path;
    } catch (const SpecError& e) {
      EXPECT_EQ(e.path(), c.path) << e.what();
      EXPECT_NE(std::string(e.what()).find(c.what), std::string::npos) << e.what();
    }
  }
}

// A sub-byte mainloop operand: sizeof its array_aligned is not modelled: unknown, never a figure.
TEST(SharedStorage, SubByteIsNotGuessed) {
  KernelShape k;
  k.mainloop = "MainloopSm80CpAsync";
  k.stages = 3;
  const SharedStorageFigure f =
      shared_storage(k, {{"A", "int4_t", 4, 12288, "L"}, {"B", "half_t", 16, 12288, "L"}});
  EXPECT_NE(f.unsupported.find("sub-byte"), std::string::npos) << f.unsupported;
  EXPECT_EQ(f.bytes, 0);
}

// alignment_for_swizzle: 1 << (B + M + S); 128 without a swizzle (CuTe's Swizzle<0,4,3>).
TEST(SharedStorage, AlignmentForSwizzle) {
  EXPECT_EQ(alignment_for_swizzle(ComposedLayout::smem(Swizzle(3, 4, 3), 32, make_layout(make_shape(32, 8)))),
            1024);
  EXPECT_EQ(alignment_for_swizzle(ComposedLayout::smem(Swizzle(2, 4, 3), 16, make_layout(make_shape(8, 32)))),
            512);
  EXPECT_EQ(alignment_for_swizzle(SmemLayout(make_layout(make_shape(8, 32)))), 128);
}

// The C++ reader: a CollectiveEpilogue made by CollectiveBuilder is not read (the budget stays the
// mainloop's and says so); a malformed Sm90TmaWarpSpecialized argument is an error naming its line.
TEST(SharedStorage, CppEpilogueForms) {
  std::string text = test::read_data("specs/shared_storage/cutlass_kernels.hpp");
  std::string builder = text;
  const auto at =
      builder.find("using CollectiveEpilogue = cutlass::epilogue::collective::CollectiveEpilogue<");
  ASSERT_NE(at, std::string::npos);
  builder.insert(at, "using Built = int;\n");
  builder.replace(
      builder.find("using CollectiveEpilogue = ", at), 27,
      "using CollectiveEpilogue = typename cutlass::epilogue::collective::CollectiveBuilder<Built>::"
      "CollectiveOp; using Unused = ");
  auto cfg = [](const std::string& t) {
    for (const CppConfig& c : read_cpp_configs(t))
      if (c.name == "kernel_sm90_coop_6stages::CollectiveMainloop") return c;
    throw std::runtime_error("no kernel_sm90_coop_6stages");
  };
  const CppConfig b = cfg(builder);
  EXPECT_FALSE(b.config.kernel.epilogue);
  EXPECT_EQ(b.config.kernel.kernel_schedule, "KernelTmaWarpSpecializedCooperative");
  std::string scope;
  EXPECT_EQ(bytes_of(nlohmann::json(config_to_json(b.config)), &scope), 196704);
  EXPECT_EQ(scope, "mainloop only");
  std::string bad = text;
  const std::string pol = "Sm90TmaWarpSpecialized<4, 2, 16, true, false>";
  ASSERT_NE(bad.find(pol), std::string::npos);
  bad.replace(bad.find(pol), pol.size(), "Sm90TmaWarpSpecialized<4, 2, 16, 1, false>");
  try {
    cfg(bad);
    ADD_FAILURE() << "accepted ReuseSmemC = 1";
  } catch (const CppConfigError& e) {
    EXPECT_EQ(e.construct(), "ReuseSmemC");
    EXPECT_GT(e.line(), 1);
    EXPECT_NE(std::string(e.what()).find("expected true or false"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tvlab
