#include "eval_command.hpp"

#include <unistd.h>

#include <fstream>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>
#include "command.hpp"

#include "tvlab/core/expr.hpp"

namespace tvlab::cli {

namespace {

struct EvalOptions {
  std::vector<std::string> exprs;
  std::string batch;
  std::string style = "plain";
  bool json = false;
  bool no_divergence_check = false;
};

// Both streams on one terminal: say it once. Otherwise the diagnostic also goes to stderr.
bool echo_errors_to_stderr() {
  return !(isatty(STDOUT_FILENO) && isatty(STDERR_FILENO));
}

// --json: one object per expression, one line each: {"expr", "value", "warnings": [{function, column, text}]}
// or {"expr", "error": {function, column, why}}.
bool eval_json(const std::string& text, Style style) {
  nlohmann::ordered_json j;
  j["expr"] = text;
  bool ok = true;
  std::vector<EvalNotice> notices;
  try {
    j["value"] = to_string(evaluate(text, notices), style);
    j["warnings"] = nlohmann::ordered_json::array();
    nlohmann::ordered_json undecided = nlohmann::ordered_json::array();
    for (const EvalNotice& n : notices)
      (n.undecided ? undecided : j["warnings"])
          .push_back({{"function", n.subject}, {"column", n.column}, {"text", n.text}});
    if (!undecided.empty()) j["undecided"] = std::move(undecided);
  } catch (const EvalError& e) {
    ok = false;
    j["error"] = {{"function", e.subject()}, {"column", e.column()}, {"why", e.what()}};
  }
  std::cout << j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
  return ok;
}

// Evaluates one expression; prints the result (or the error) as exactly one line. Returns success.
bool eval_one(const std::string& text, const std::string& where, Style style, bool json) {
  if (json) return eval_json(text, style);
  std::string line;
  bool ok = true;
  std::vector<EvalNotice> notices;
  try {
    line = to_string(evaluate(text, notices), style);
    // CuTe's value stands (and the exit code); where it is not the function its definition names, say so.
    // Where the check decided nothing (a large result compared at a sample of indices), a note says so.
    for (const EvalNotice& n : notices) {
      const std::string at = where.empty() ? "column " + std::to_string(n.column)
                                           : where + ", column " + std::to_string(n.column);
      if (n.undecided)
        std::cerr << "note: " << printable(n.subject) << " at " << printable(at) << ": " << printable(n.text)
                  << '\n';
      else
        warn(n.subject, at, n.text);
    }
  } catch (const EvalError& e) {
    ok = false;
    std::string at = where.empty() ? "column " + std::to_string(e.column())
                                   : where + ", column " + std::to_string(e.column());
    line = "error: " + e.subject() + " at " + at + ": " + e.what();
  }
  std::cout << line << '\n';
  if (!ok && echo_errors_to_stderr()) std::cerr << line << '\n';
  return ok;
}

}  // namespace

std::function<int()> setup_eval(CLI::App& app) {
  auto opt = std::make_shared<EvalOptions>();
  std::string functions;
  for (const auto& [name, sig] : eval_functions()) functions += "  " + sig + "\n";
  auto* cmd = app.add_subcommand("eval", "Evaluate CuTe layout-algebra expressions, one result per line.");
  cmd->footer(
      "Examples:\n"
      "  tvlab eval 'composition((10,2):(16,4),(5,4):(1,5))'     # (5,(2,2)):(16,(80,4))\n"
      "  tvlab eval 'complement(4:2,24)' 'right_inverse((4,2):(1,0))'\n"
      "  tvlab eval --style cute 'logical_divide((4,2,3):(2,1,8),4:2)'\n"
      "  printf 'coalesce((2,(1,6)):(1,(6,2)))\\nsize((4,8))\\n' | tvlab eval --batch -\n"
      "  tvlab eval 'right_inverse(Sw<3,3,3> o (8,64):(64,1))'    # Sw<3,0,-6> o 0 o (64,8):(8,1)\n"
      "  tvlab eval 'max_common_vector(Sw<3,3,3> o (8,64):(64,1),(8,64):(64,1))'   # 8\n"
      "  tvlab eval 'GMMA::Layout_K_SW128_Atom<half_t>'  # Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)\n"
      "\n"
      "Notation: integers 4 or _4, tuples (2,(3,4)), layouts SHAPE:STRIDE (a bare shape is column-major),\n"
      "scaled bases 1@0, swizzles Sw<3,3,3> o (8,64):(64,1), tilers (3:3,(2,4):(1,8)) and the placeholder "
      "_.\n"
      "Shared-memory layout atoms by CuTe's names: GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T> (and\n"
      "_Bits), UMMA:: the same plus Layout_MN_SW128_32B_Atom<T>; their swizzle acts on byte addresses\n"
      "(smem_ptr[16b](unset)), see docs/swizzles.md. Composed layouts follow CuTe's per-function rules; a\n"
      "function CuTe does not define for them is an error naming it. Composing two composed layouts nests\n"
      "them as CuTe does: composition(Sw<2,0,3> o (8,8):(8,1),Sw<2,0,-3> o (8,8):(8,1)) is\n"
      "Sw<2,0,3> o 0 o Sw<2,0,3> o 0 o (8,8):(1,8).\n"
      "CuTe's C++ spellings, as pasted from code (cute:: prefixes, blanks and newlines are fine):\n"
      "  tvlab eval 'Layout<Shape<_4,_8>,Stride<_8,_1>>{}'                        # (4,8):(8,1)\n"
      "  tvlab eval 'make_layout(make_shape(4,8), LayoutRight{})'                 # (4,8):(8,1)\n"
      "  tvlab eval 'composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})'\n"
      "  also Int<8>{}, _8{}, Shape<_2,_4>{} (a tuple), Step<..>, Tile<..>, make_stride(..), E<0>{}, "
      "get<1>(L),\n"
      "  size<0>(L), make_composed_layout(Swizzle<..>{}, 0, L), GMMA::Layout_K_SW128_Atom<half_t>.\n"
      "Results are CuTe's, computed with its algorithms and static-integer semantics.\n"
      "\nFunctions:\n" +
      functions +
      "\nWhere CuTe's composition, logical_divide or logical_product result is not the function its\n"
      "definition names, a warning gives an index that differs, the first one unless a large result was\n"
      "sampled (the value printed stays CuTe's).\n"
      "The layouts' structure decides this without evaluating indices in the common cases; otherwise "
      "results\n"
      "up to 4096 indices are compared index by index, larger ones at a bounded sample, and a note says\n"
      "when that sample found no difference (not checked beyond it). --no-divergence-check turns it off.\n"
      "\nA failing line prints 'error: <function> at <where>: <why>' in its place (CuTe's condition name,\n"
      "e.g. Stride Divisibility Condition); the exit code is then 2.");
  cmd->add_option("expr", opt->exprs, "Expressions to evaluate");
  cmd->add_option("--batch", opt->batch, "Read one expression per line from FILE ('-' for standard input)");
  cmd->add_option("--style", opt->style, "Integer style: plain (4,8):(8,1) or cute (_4,_8):(_8,_1)")
      ->check(CLI::IsMember({"plain", "cute"}));
  cmd->add_flag(
      "--json", opt->json,
      "one JSON object a line: {\"expr\", \"value\", \"warnings\": [{function, column, text}]} (where CuTe's "
      "result is not the function its definition names; \"undecided\": [...] too where a large result was "
      "only sampled), or {\"expr\", \"error\": {function, column, why}}");
  cmd->add_flag("--no-divergence-check", opt->no_divergence_check,
                "do not compare composition, logical_divide and logical_product results with the functions "
                "their definitions name (no warning then where CuTe's result is not that function)");
  return [opt]() -> int {
    if (opt->no_divergence_check) set_divergence_checks(false);
    const Style style = opt->style == "cute" ? Style::Cute : Style::Plain;
    if (opt->exprs.empty() && opt->batch.empty()) {
      report("eval", "arguments",
             "nothing to evaluate: give EXPR... or --batch FILE (see tvlab eval --help)");
      return kBadInput;
    }
    bool all_ok = true;
    for (std::size_t i = 0; i < opt->exprs.size(); ++i)
      all_ok &= eval_one(opt->exprs[i], opt->exprs.size() > 1 ? "argument " + std::to_string(i + 1) : "",
                         style, opt->json);
    if (!opt->batch.empty()) {
      std::ifstream file;
      std::istream* in = &std::cin;
      if (opt->batch != "-") {
        file.open(opt->batch);
        if (!file) {
          report("eval", opt->batch, "cannot open the batch file");
          return kBadInput;
        }
        in = &file;
      }
      std::string line;
      for (std::size_t n = 1; std::getline(*in, line); ++n) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        all_ok &= eval_one(line, "line " + std::to_string(n), style, opt->json);
      }
      if (in->bad()) {
        report("eval", opt->batch, "read error");
        return kBadInput;
      }
    }
    std::cout.flush();
    return all_ok ? kOk : kBadInput;
  };
}

}  // namespace tvlab::cli
