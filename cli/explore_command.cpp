#include "explore_command.hpp"

#include "tvlab/verify/readers/cpp_config.hpp"

#include <memory>
#include <stdexcept>

#include "command.hpp"
#include "explore_page.hpp"
#include "io.hpp"
#include "reader_options.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/partition.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/report/partition_format.hpp"

#ifndef TVLAB_VERSION
#define TVLAB_VERSION "0.0.0"
#endif

namespace tvlab::cli {

namespace {
struct ExploreOptions {
  std::string spec;
  std::string output;
  std::string config;
  std::vector<std::string> bind;  // --bind KEY=EXPR (a configuration without a collective)
  std::vector<std::string> operands;
  ReaderChoice reader;  // --reader, --include
};

std::string mma_line(const Plan& plan) {
  if (!plan.mma) return "no MMA";
  const TiledMMA& m = *plan.mma;
  return m.atom.name + " tile (" + std::to_string(m.tile_mnk[0]) + "," + std::to_string(m.tile_mnk[1]) + "," +
         std::to_string(m.tile_mnk[2]) + "), " + std::to_string(m.num_threads()) + " work-items";
}

// Every thread's partitions of operand x for the page's partition panel; too many lines: why not.
nlohmann::ordered_json partition_digest(const Plan& plan, const std::string& x) {
  constexpr int64_t kMaxLines = 12000;  // bounds the page (and the time to build it)
  nlohmann::ordered_json out, threads = nlohmann::ordered_json::array();
  try {
    const PartitionQuery q(plan, x);
    const int64_t n = q.threads();
    int64_t lines = 0;
    for (int64_t t = 0; t < n; ++t) {
      const ThreadPartitions p = q.at(t);
      if (t == 0) out["notes"] = p.notes;
      nlohmann::ordered_json ts = nlohmann::ordered_json::array();
      for (const ThreadTensor& v : p.tensors) {
        const std::vector<std::string> l = iteration_lines(v);
        lines += static_cast<int64_t>(l.size());
        ts.push_back({{"name", v.name},
                      {"expr", v.expr},
                      {"modes", v.modes},
                      {"tensor", v.to_string()},
                      {"lines", l}});
      }
      if (lines > kMaxLines)
        return {{"why", "more than " + std::to_string(kMaxLines) + " lines for " + std::to_string(n) +
                            " threads: ask `tvlab plan --thread T --operand " + x + "`"}};
      threads.push_back(std::move(ts));
    }
  } catch (const SpecError& e) {
    return {{"why", e.what()}};
  }
  out["threads"] = std::move(threads);
  return out;
}

int run_explore(const ExploreOptions& o) {
  std::string text;
  if (!read_input(o.spec, text, "unreadable spec")) return kBadInput;
  ExploreInput in;
  in.tool = "tvlab " TVLAB_VERSION;
  in.spec = o.spec;
  try {
    std::string config = o.config, file_name = o.spec;
    apply_reader(o.reader, o.spec, text, config, file_name, o.bind);
    const Plan plan = load_plan(text, config, file_name, parse_bindings(o.bind));
    in.name = plan.name;
    in.mma = mma_line(plan);
    std::vector<std::string> ops = o.operands.empty() ? mapped_operands(plan) : o.operands;
    for (const std::string& x : ops) {  // every operand's size first: a refusal comes before any work
      try {
        want_map_fits(plan, x);
      } catch (const std::invalid_argument& e) {
        report("operand", "--operand " + x, e.what());
        return kBadInput;
      }
    }
    for (const std::string& x : ops) {
      try {
        in.operands.push_back(operand_map(plan, x));
        const OperandMap& m = in.operands.back();
        in.banks.push_back(operand_banks(plan, x, m.rows, m.cols));
        in.partitions.push_back(partition_digest(plan, x));
      } catch (const std::invalid_argument& e) {
        report("operand", "--operand " + x, e.what());
        return kBadInput;
      }
    }
    in.report = verify_plan(plan, o.spec);
  } catch (const SpecError& e) {
    report("invalid spec", o.spec + (e.path().empty() ? "" : ": " + e.path()), e.what());
    return kBadInput;
  } catch (const LayoutError& e) {
    report("invalid spec", o.spec, e.what());
    return kBadInput;
  }
  return write_file_atomic(o.output, explore_page(in)) ? kOk : kBadInput;
}
}  // namespace

std::function<int()> setup_explore(CLI::App& app) {
  auto opt = std::make_shared<ExploreOptions>();
  auto* cmd = app.add_subcommand(
      "explore",
      "Write one self-contained interactive HTML page (no network) for debugging a spec's reorders.");
  cmd->add_option(
         "SPEC", opt->spec,
         "a spec file: JSON, a C++ configuration or CuTe's print() output (docs/spec.md), or - for stdin")
      ->required();
  cmd->add_option("--config", opt->config, "the C++ configuration to explore when the file holds several");
  cmd->add_option("--bind", opt->bind, kBindHelp);
  add_reader_options(cmd, opt->reader);
  cmd->add_option("-o,--output", opt->output, "the page to write (atomically), e.g. page.html")->required();
  cmd->add_option("--operand", opt->operands,
                  "only these operands (A, B, C, D; default: every operand with a copy)")
      ->check(CLI::IsMember({"A", "B", "C", "D"}));
  cmd->footer(
      "The page shows, per operand, the copy's register fragment (source), the MMA's (destination) and the\n"
      "reorder between them, the list of mismatching elements and the verify report. Hover a cell: its\n"
      "owners T?V? in every panel. Click a cell or type T3, T3V5 or (4,7): all of it lights up. Switch the\n"
      "operand and the thread/subgroup view; wheel or +/- to zoom, drag to pan. `banks`: for an operand\n"
      "staged in shared memory (\"smem\"), every s2r/g2s instruction's wavefronts (worst first, prev/next),\n"
      "the tile coloured by bank with its lanes outlined, collisions in red, and the suggested layout.\n"
      "Examples:\n"
      "  tvlab explore tests/data/specs/xe_f16_a_col_major.json -o explore.html && xdg-open explore.html\n"
      "  tvlab explore tests/data/specs/sm80_ldsm_x4_rm64.json -o banks.html   (then the banks button)\n"
      "Exit codes: 0 the page is written (also when checks fail: it is a viewer; use verify to gate),\n"
      "2 bad spec or unwritable output, 3 internal error.");
  return [opt]() { return run_explore(*opt); };
}

}  // namespace tvlab::cli
