#include "verify_command.hpp"

#include <iostream>
#include <memory>
#include <tuple>

#include "command.hpp"
#include "io.hpp"
#include "reader_options.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/layout/reorder_plan.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/report/report_format.hpp"

namespace tvlab::cli {

namespace {
struct VerifyOptions {
  std::vector<std::string> specs;
  std::string format = "text";
  std::string proof;
  std::string output;
  std::string config;
  std::vector<std::string> bind;  // --bind KEY=EXPR (a configuration without a collective)
  bool strict = false;
  ReaderChoice reader;  // --reader, --include
};

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}
}  // namespace

std::function<int()> setup_verify(CLI::App& app) {
  auto opt = std::make_shared<VerifyOptions>();
  auto* cmd = app.add_subcommand(
      "verify", "Prove (or refute, with witnesses) that a spec's copies and MMA fragments compose.");
  cmd->add_option(
         "SPEC", opt->specs,
         "spec files: JSON, C++ configurations or CuTe's print() output (docs/spec.md), or - for stdin")
      ->required();
  cmd->add_option(
      "--config", opt->config,
      "verify only the C++ configuration NAME (a CollectiveMma alias, e.g. Mainloop or ns::Mainloop)");
  cmd->add_option("--bind", opt->bind, kBindHelp);
  add_reader_options(cmd, opt->reader);
  cmd->add_option("--format", opt->format, "text (default), json (stable check codes) or junit (XML for CI)")
      ->check(CLI::IsMember({"text", "json", "junit"}));
  cmd->add_option("--proof", opt->proof,
                  "also write a proof document: FILE.md (Markdown) or FILE.tex (LaTeX)");
  cmd->add_option("-o,--output", opt->output, "write the report to FILE (atomically) instead of stdout");
  cmd->add_flag("--strict", opt->strict, "fail on warnings too (e.g. a reorder between a copy and the MMA)");
  cmd->footer(
      "Checks (codes; docs/spec.md \"Check codes\" has them all): coverage.mma.{A,B,C} and coverage.<X>\n"
      "(TV layouts cover their tiles; stride-0 replication is reported, not failed), width.<X>, "
      "fragment.<X>\n"
      "(copy and MMA hold the same elements per subgroup; NVIDIA: the same TV layout), reorder.<X>, "
      "source.<X>\n"
      "and gmem.<X>.g2s (each lane's atom call is one aligned vector of the memory the spec describes),\n"
      "block2d.<X>.*, slm.<X>.*, subtile.<X>, smem.<X>.*, vector.<X>.*, banks.<X>.*, desc.<X>, tma.<X>.*,\n"
      "and with a CTA tile (cta_tile, or a C++ CollectiveMma): cta.mma, cta.<X>.<copy>, smem.budget.\n"
      "A SPEC is JSON or C++: every CollectiveMma<...> alias of a C++ file is a configuration (--config "
      "NAME).\n"
      "It may also be what CuTe prints: print(tiled_mma) and print(tiled_copy) output of C++ CuTe or CuTe "
      "DSL\n"
      "(or JSON's \"print\": TEXT for mma and copies); checks that need the atom's identity say unknown.\n"
      "Verdicts: proved, refuted (with witnesses such as `copy D (T3,V5) -> (4,7) but MMA A expects (4,7) "
      "in\n"
      "(T7,V2)`), unknown. Nothing is called proved without a proof.\n"
      "Examples:\n"
      "  tvlab verify gallery/specs/xe_bf16_256x256x32.json\n"
      "  tvlab verify --format junit -o verify.xml gallery/specs/*.json\n"
      "  tvlab verify tests/data/cpp/cutlass_sm80_f16_tn.hpp      (a CUTLASS configuration as C++)\n"
      "  tvlab verify tests/data/cute/prints/cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt   (what "
      "print(tiled_mma) printed)\n"
      "  tvlab verify --proof proof.tex gallery/specs/xe_bf16_256x256x32.json && pdflatex proof.tex\n"
      "Exit codes: 0 all checks hold, 1 a check failed, 2 bad spec or unwritable output, 3 internal error.");
  return [opt]() -> int {
    if (!opt->proof.empty() && !ends_with(opt->proof, ".md") && !ends_with(opt->proof, ".tex")) {
      report("bad option", "--proof " + opt->proof, "the proof file must end in .md or .tex");
      return kBadInput;
    }
    std::vector<Report> reports;
    for (const std::string& path : opt->specs) {
      std::string text;
      if (!read_input(path, text, "unreadable spec")) return kBadInput;
      try {
        // The specs to verify: the file, or (the compiler path) the JSON specs it made.
        std::vector<std::pair<std::string, std::string>> texts;  // text, file name
        std::string unread;  // what a C++ file holds beside its configurations that no check covers
        if (opt->reader.reader == "compiler" && opt->config.empty() && opt->bind.empty() &&
            looks_like_cpp(text, path)) {
          std::string note;
          for (const CompiledConfig& c : compile_all(opt->reader, path, text, note))
            texts.push_back({c.json, ""});
          std::cerr << note << '\n';
        } else {
          std::string config = opt->config, file_name = path;
          apply_reader(opt->reader, path, text, config, file_name, opt->bind);
          texts.push_back({text, file_name});
          // Every configuration of a C++ file: what it holds beside them that no check covers.
          // (said once they loaded: a file that fails to load gets its error alone)
          if (config.empty() && opt->bind.empty()) unread = unread_beside_configs(text, file_name);
        }
        for (const auto& [spec, file_name] : texts) {
          const std::string config = file_name.empty() ? "" : opt->config;
          for (const NamedPlan& np : load_plans(spec, config, file_name, parse_bindings(opt->bind))) {
            // A C++ configuration's report is named by the configuration (the plan's name).
            for (const SpecWarning& w : np.plan.warnings)
              warn(w.what, (np.config.empty() ? path : path + ":" + np.config) + ": " + w.path, w.why);
            reports.push_back(verify_plan(np.plan, path));
          }
        }
        if (!unread.empty()) warn("configurations not verified", path, unread);
      } catch (const SpecError& e) {
        report("invalid spec", path + (e.path().empty() ? "" : ": " + e.path()), e.what());
        return kBadInput;
      } catch (const LayoutError& e) {
        report("invalid spec", path, e.what());
        return kBadInput;
      }
    }
    std::string out = opt->format == "json"    ? report_json(reports, opt->strict).dump(2) + "\n"
                      : opt->format == "junit" ? report_junit(reports, opt->strict)
                                               : report_text(reports, opt->strict);
    if (!opt->proof.empty() &&
        !write_file_atomic(opt->proof,
                           ends_with(opt->proof, ".tex") ? proof_latex(reports) : proof_markdown(reports)))
      return kBadInput;
    if (opt->output.empty())
      std::cout << out;
    else if (!write_file_atomic(opt->output, out))
      return kBadInput;
    for (const Report& r : reports)
      if (r.failed(opt->strict)) return kCheckFailed;
    return kOk;
  };
}

namespace {
struct ReorderOptions {
  std::string src, dst, types = "float,float";
  bool json = false;
};
}  // namespace

std::function<int()> setup_reorder(CLI::App& app) {
  auto opt = std::make_shared<ReorderOptions>();
  auto* cmd =
      app.add_subcommand("reorder", "Explain the subgroup reorder between two explicit TV layouts (Xe).");
  cmd->add_option("--src", opt->src,
                  "source subgroup TV layout (T,V) -> coordinate, e.g. \"(16,8):(1@1,1@0)\"")
      ->required();
  cmd->add_option("--dst", opt->dst, "destination subgroup TV layout")->required();
  cmd->add_option("--types", opt->types, "source and destination value types S,D (default float,float)");
  cmd->add_flag("--json", opt->json, "print {kind, rlayout, noop, converts, movs, route, steps} as JSON");
  cmd->footer(
      "rlayout = coalesce(right_inverse(dst) o src) maps a source register t + 16v to its destination "
      "register;\n"
      "the kind follows xe-atoms.md section 5; movs count register-region moves inside 64-byte GRFs.\n"
      "Examples:\n"
      "  tvlab reorder --src \"(16,8):(1@1,1@0)\" --dst \"(16,8):(1@1,1@0)\" --types bf16,bf16\n"
      "  tvlab reorder --src \"(16,16):(1@0,1@1)\" --dst \"((2,8),(2,8)):((1@1,1@0),(8@0,2@1))\" "
      "--types bf16,bf16   # exit 1: data moves\n"
      "Exit codes: 0 a no-op, 1 data moves (the reorder is printed), 2 bad input.");
  return [opt]() -> int {
    try {
      const auto comma = opt->types.find(',');
      if (comma == std::string::npos) {
        report("bad option", "--types " + opt->types, "expected S,D, e.g. int8_t,half_t");
        return kBadInput;
      }
      const ValueType s = value_type(opt->types.substr(0, comma)),
                      d = value_type(opt->types.substr(comma + 1));
      Layout src, dst;
      for (auto [text, out, name] : {std::tuple{&opt->src, &src, "--src"}, {&opt->dst, &dst, "--dst"}}) {
        try {
          *out = parse_layout(*text);
        } catch (const ParseError& e) {
          report("malformed layout", std::string(name) + " column " + std::to_string(e.column()), e.what());
          return kBadInput;
        }
      }
      const ReorderPlan p = plan_xe_reorder(src, dst, s, d);
      std::cout << (opt->json ? reorder_json(p).dump(2) + "\n" : reorder_text(p, s, d));
      return p.noop ? kOk : kCheckFailed;
    } catch (const AtomError& e) {
      report("bad type", "--types", e.what());
      return kBadInput;
    } catch (const LayoutError& e) {
      report("no reorder", "--src/--dst", e.what());
      return kBadInput;
    }
  };
}

}  // namespace tvlab::cli
