#include "plan_command.hpp"

#include <iostream>
#include <memory>
#include <optional>

#include "command.hpp"
#include "io.hpp"
#include "reader_options.hpp"
#include "tvlab/verify/checks/partition.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/report/partition_format.hpp"
#include "tvlab/verify/report/plan_format.hpp"
#include "tvlab/verify/report/report_format.hpp"

namespace tvlab::cli {

namespace {
struct PlanOptions {
  std::string spec;
  std::string config;
  std::vector<std::string> bind;  // --bind KEY=EXPR (a configuration without a collective)
  bool json = false;
  std::optional<int64_t> thread;     // --thread T: thread T's partitions instead of the plan
  std::vector<std::string> operand;  // --operand X (repeatable): only these operands / copies
  bool no_table = false;
  ReaderChoice reader;  // --reader, --include
};

}  // namespace

std::function<int()> setup_plan(CLI::App& app) {
  auto opt = std::make_shared<PlanOptions>();
  auto* cmd =
      app.add_subcommand("plan", "Show what tvlab builds from a spec: the TiledMMA and each operand's copy.");
  cmd->add_option(
         "SPEC", opt->spec,
         "spec file: JSON, a C++ configuration or CuTe's print() output (docs/spec.md), or - for stdin")
      ->required();
  cmd->add_option("--config", opt->config, "the C++ configuration to plan when the file holds several");
  cmd->add_option("--bind", opt->bind, kBindHelp);
  add_reader_options(cmd, opt->reader);
  cmd->add_flag("--json", opt->json,
                "print one JSON object: mma.{tile_mnk,permutation,thr_layout_vmnk,a_tv,b_tv,c_tv}, "
                "copies.<X>.{op,tiler,tv,tv_src,tv_dst,prefetch}, reorders.<X>.{kind,rlayout,noop,movs}");
  cmd->add_option("--thread", opt->thread,
                  "show what thread T touches: its partition_S/D, partition_fragment and retile_D tensors "
                  "as CuTe prints them, and per value its coordinate and element/byte offset");
  cmd->add_option("--operand", opt->operand,
                  "with --thread: only this operand (A, B, C, D) or copy; repeatable");
  cmd->add_flag("--no-table", opt->no_table, "with --thread: the tensors only, not the per-value table");
  cmd->footer(
      "A spec describes a work-group tile:\n"
      "  {\"mma\": {\"atom\": \"XE_DPAS_TT<8,float,bfloat16_t>\", \"tile\": [256,256,32], \"sg_layout\": "
      "\"(8,4,1):(4,1,0)\"},\n"
      "   \"operands\": {\"A\": {\"type\": \"bfloat16_t\", \"contiguous\": \"K\"}, \"B\": {\"type\": "
      "\"bfloat16_t\", \"contiguous\": \"N\"},\n"
      "                \"C\": {\"type\": \"float\"}, \"D\": {\"type\": \"float\"}}}\n"
      "mma: Xe form tile + sg_layout (sycl-tla's TiledMMAHelper) or CuTe form atom_layout [+ permutation].\n"
      "operand copy: \"auto\" (make_block_2d_copy_X, the default on Xe), a block 2D op name (user "
      "override),\n"
      "{\"atom\": ..., \"from_mma\": true} (make_tiled_copy_A/B/C) or {\"atom\": ..., \"thr_layout\": ..., "
      "\"val_layout\": ...}.\n"
      "Standalone copies: \"copies\": {\"g2s\": {\"atom\": \"UniversalCopy<uint128_t>\", \"value_type\": "
      "\"half_t\",\n"
      "                                       \"thr_layout\": \"(32,8):(8,1)\", \"val_layout\": \"(1,8)\"}}\n"
      "Examples:\n"
      "  tvlab plan gallery/specs/xe_bf16_256x256x32.json\n"
      "  tvlab plan --json gallery/specs/xe_bf16_256x256x32.json | jq .copies.A.op\n"
      "  tvlab plan tests/data/cpp/cutlass_sm80_f16_tn.hpp --config sm80_f16_tn::CollectiveMainloop   (C++: "
      "docs/spec.md)\n"
      "  tvlab plan tests/data/cpp/cutlass_sm80_f16_tn.hpp --thread 5 --operand A --bind "
      "'problem=make_shape(4096,4096,4096,1)'\n"
      "      (thread 5's tAgA, tAsA, tCrA, tCsA, tCrA_copy_view: which offsets it touches, iteration by "
      "iteration)\n"
      "Exit codes: 0 built, 2 bad spec (the error names the JSON path), 3 internal error.");
  return [opt]() -> int {
    std::string text;
    if (!read_input(opt->spec, text, "unreadable spec")) return kBadInput;
    try {
      std::string config = opt->config, file_name = opt->spec;
      apply_reader(opt->reader, opt->spec, text, config, file_name, opt->bind);
      const Plan plan = load_plan(text, config, file_name, parse_bindings(opt->bind));
      for (const SpecWarning& w : plan.warnings) warn(w.what, opt->spec + ": " + w.path, w.why);
      if (opt->thread) {
        const std::vector<std::string> ops = opt->operand.empty() ? partition_operands(plan) : opt->operand;
        nlohmann::ordered_json all = nlohmann::ordered_json::array();
        std::string text;
        for (const std::string& x : ops) {
          const ThreadPartitions p = thread_partitions(plan, x, *opt->thread);
          if (opt->json)
            all.push_back(partitions_to_json(p));
          else
            text += (text.empty() ? "" : "\n") + partitions_to_text(p, !opt->no_table);
        }
        std::cout << (opt->json ? all.dump(2) + "\n" : text);
        return kOk;
      }
      if (!opt->operand.empty() || opt->no_table) {
        report("invalid arguments", "--operand", "--operand and --no-table go with --thread T");
        return kBadInput;
      }
      const nlohmann::ordered_json reorders = reorders_json(verify_plan(plan, opt->spec));
      if (opt->json) {
        nlohmann::ordered_json j = plan_to_json(plan);
        j["reorders"] = reorders;
        std::cout << j.dump(2) << '\n';
      } else {
        std::cout << plan_to_text(plan) << reorders_text(reorders);
      }
      return kOk;
    } catch (const SpecError& e) {
      report("invalid spec", opt->spec + (e.path().empty() ? "" : ": " + e.path()), e.what());
      return kBadInput;
    }
  };
}

}  // namespace tvlab::cli
