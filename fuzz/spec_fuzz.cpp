// libFuzzer target: the spec loader behind `tvlab plan`, `verify` and `render` (JSON text -> KernelConfig ->
// Plan), the per-thread views of `tvlab plan --thread` (first and last thread of each operand), and on every
// spec that builds the writers: the JSON writer of `--emit json` (its text read back must build the same
// plan) and the C++ writer of `tvlab search --emit cpp`. Every problem must be a SpecError naming a spec
// path; anything else escaping is a finding, and so is a written spec or C++ that does not read back into the
// same plan.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "tvlab/verify/checks/partition.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/readers/json_spec.hpp"
#include "tvlab/verify/readers/load.hpp"
#include "tvlab/verify/report/partition_format.hpp"
#include "tvlab/verify/report/plan_format.hpp"
#include "tvlab/verify/writers/spec_cpp.hpp"
#include "tvlab/verify/writers/spec_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  tvlab::Plan plan;
  try {
    plan = tvlab::build_plan_from_text(text);
    (void)tvlab::plan_to_json(plan).dump();
  } catch (const tvlab::SpecError&) {
    return 0;
  }
  // `tvlab plan --thread T`: the first and last thread of every operand (issue 33: Xe views threw a
  // logic_error, huge tiles ran out of memory). A view that cannot be built is a SpecError.
  // Views are enumerated value by value: a CTA tile of more than 2^14 values a thread in any operand (the
  // issue-33 65536x65536 seed) is the CLI hostile suite's case for the cap, too slow for a fuzz iteration.
  // A thread holds at most (the operand's CTA elements) x (its atom's values a thread / the atom's elements):
  // all of them where the atom's TV layout broadcasts over threads (SM90 SS GMMA's A and B: a 7-stage
  // 128x128x64 DSL GEMM gives 57344 values a thread, 35 MB of `plan --thread` JSON, over 10 s under ASan).
  bool small = true;
  if (plan.kernel && plan.mma) {
    const auto& t = plan.kernel->cta_tile;
    const tvlab::MmaAtom& atom = plan.mma->atom;
    const double threads = static_cast<double>(plan.mma->num_threads()), stages = plan.kernel->stages;
    const auto per_value = [](const tvlab::Layout& tv, double atom_elements) {
      return tvlab::rank(tv) == 2 && atom_elements > 0
                 ? double(tvlab::size(tvlab::mode(tv, 1))) / atom_elements
                 : 1.0;
    };
    const double operands[3][2] = {
        {double(t[0]) * t[1], per_value(atom.c, double(atom.m) * atom.n)},
        {double(t[0]) * t[2] * stages, per_value(atom.a, double(atom.m) * atom.k)},
        {double(t[1]) * t[2] * stages, per_value(atom.b, double(atom.n) * atom.k)}};
    for (const auto& [v, density] : operands) small = small && v / threads <= 16384 && v * density <= 4096;
  }
  for (const std::string& x : small ? tvlab::partition_operands(plan) : std::vector<std::string>{}) {
    try {
      const tvlab::PartitionQuery q(plan, x);
      for (const int64_t t : {int64_t(0), q.threads() - 1}) (void)tvlab::partitions_to_json(q.at(t)).dump();
    } catch (const tvlab::SpecError&) {
    }
  }
  const tvlab::KernelConfig config = tvlab::read_json_spec(text);
  std::string written;
  try {
    written = tvlab::config_to_json(config).dump();
  } catch (const tvlab::SpecError&) {
    written.clear();  // a printed MMA or copy: no JSON form but its text
  }
  if (!written.empty()) {
    std::string again;
    try {
      again = tvlab::plan_to_json(tvlab::build_plan(tvlab::read_json_spec(written))).dump();
    } catch (const tvlab::SpecError& e) {
      again = std::string("SpecError ") + e.path() + ": " + e.what();
    }
    if (again != tvlab::plan_to_json(plan).dump()) {
      std::fprintf(stderr, "config_to_json wrote a spec that builds another plan:\n%s\n%s\n", written.c_str(),
                   again.c_str());
      std::abort();
    }
  }
  std::string cpp;
  try {
    cpp = tvlab::spec_to_cpp(config, "cfg");
  } catch (const tvlab::SpecError&) {
    return 0;  // not a collective the writer expresses (named by the error's path)
  }
  try {
    const auto cfgs = tvlab::read_cpp_configs(cpp);
    if (cfgs.size() != 1) throw tvlab::SpecError("", "expected one configuration");
    (void)tvlab::build_plan_from_cpp(cfgs[0]);
  } catch (const tvlab::SpecError& e) {
    std::fprintf(stderr, "spec_to_cpp wrote C++ the reader refuses (%s: %s):\n%s\n", e.path().c_str(),
                 e.what(), cpp.c_str());
    std::abort();
  }
  return 0;
}
