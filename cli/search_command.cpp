#include "search_command.hpp"

#include <unistd.h>

#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "command.hpp"
#include "io.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/report/search_format.hpp"
#include "tvlab/verify/search/search.hpp"
#include "tvlab/verify/writers/spec_cpp.hpp"
#include "tvlab/verify/writers/spec_json.hpp"

namespace tvlab::cli {

namespace {

struct SearchOptions {
  std::string arch, types, layout = "TN", emit, out, with, config;
  std::vector<std::string> tiles, only, bind;
  std::vector<int64_t> threads;
  int64_t stages = 0, align_a = 0, align_b = 0, max_evaluations = 20000;
  int top = 10, row = 0, jobs = 1;
  bool json = false, space = false, progress = false, no_progress = false, explain = false;
};

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string part; std::getline(in, part, sep);) out.push_back(part);
  return out;
}

// "128x128x32" -> {128, 128, 32}; false when malformed.
bool parse_tile(const std::string& s, std::array<int64_t, 3>& t) {
  const auto parts = split(s, 'x');
  if (parts.size() != 3) return false;
  for (int i = 0; i < 3; ++i) {
    if (parts[i].empty() || parts[i].size() > 5 ||
        parts[i].find_first_not_of("0123456789") != std::string::npos)
      return false;
    t[i] = std::stoll(parts[i]);
  }
  return true;
}

}  // namespace

std::function<int()> setup_search(CLI::App& app) {
  auto o = std::make_shared<SearchOptions>();
  auto* cmd = app.add_subcommand(
      "search", "Every mainloop configuration for a GEMM tile, verified like `tvlab verify` and ranked.");
  cmd->add_option("arch", o->arch, "sm80 (MainloopSm80CpAsync) or xe (MainloopXeL1Staged)")->required();
  cmd->add_option(
         "--types", o->types,
         "element types A[,B[,C]]: half_t, bfloat16_t, tfloat32_t, int8_t, ...; B defaults to A, C to "
         "float (int32_t for integers)")
      ->required();
  cmd->add_option(
      "--layout", o->layout,
      "A and B in global memory, CUTLASS's letters: T = RowMajor, N = ColumnMajor (B is K x N): TN "
      "(default, both K-contiguous), NT, NN, TT");
  cmd->add_option("--tile", o->tiles, "CTA (work-group) tile MxNxK, e.g. 128x128x32; repeat for several")
      ->required();
  cmd->add_option("--threads", o->threads,
                  "sm80: threads a CTA (128, 256); xe: subgroups a work-group (32); repeat for several")
      ->required();
  cmd->add_option("--stages", o->stages, "pipeline stages (default 3 on sm80, 2 on xe)");
  cmd->add_option("--align-a", o->align_a, "A's alignment in elements (default 16 bytes)");
  cmd->add_option("--align-b", o->align_b, "B's alignment in elements (default 16 bytes)");
  cmd->add_option("--only", o->only, "KNOB=VALUE: only that value of a knob (see --space); repeat");
  cmd->add_option("--top", o->top, "rows to report (default 10)");
  cmd->add_option("--row", o->row, "with --emit: the row to print (1 = best)");
  cmd->add_option("--emit", o->emit, "cpp or json: print --row's configuration as C++ or as a spec")
      ->check(CLI::IsMember({"cpp", "json"}));
  cmd->add_option(
      "--with", o->with,
      "FILE: your configuration (a spec or C++ with a CollectiveMma): verified and placed among the "
      "rows");
  cmd->add_option("--config", o->config, "with --with: the configuration of a C++ file holding several");
  cmd->add_option("--bind", o->bind, std::string("with --with: ") + kBindHelp);
  cmd->add_option("--jobs,-j", o->jobs, "threads verifying candidates (default 1)");
  cmd->add_option(
      "--max-evaluations", o->max_evaluations,
      "the bound on partial specs verified (default 20000); a larger space exits 2 naming the knob "
      "to narrow");
  cmd->add_option("-o,--output", o->out, "write the output to FILE (atomically) instead of stdout");
  cmd->add_flag(
      "--explain", o->explain,
      "why each row ranks above the next (and --with's configuration where it lands), in figures: the "
      "first term of the ranking where they differ");
  cmd->add_flag("--space", o->space, "print the space (knobs, candidates, cost) and stop");
  cmd->add_flag("--json", o->json, "JSON: space, counts, ranking and rows (figures, knobs, spec)");
  cmd->add_flag("--progress", o->progress, "a progress bar on stderr even when it is not a terminal");
  cmd->add_flag("--no-progress", o->no_progress, "no progress bar");
  cmd->footer(
      "The space: per CTA tile and thread count, the MMA (atom of the types, warp arrangement, tile), and "
      "per\n"
      "operand the smem layout atom (plain, swizzled Sw<B,M,S>, padded), the g2s cp.async (vector, threads)\n"
      "and the s2r copy (ldmatrix, plain loads); on Xe the subgroup layout and each operand's block 2D load\n"
      "(the helper's choice or an override). Each candidate is checked by the same checks as `tvlab verify`\n"
      "(one that verify refutes is never reported) and ranked by shared-memory wavefronts over the ideal,\n"
      "copy instructions (vector widths), Xe reorder moves and block 2D loads, smem bytes and registers.\n"
      "Examples:\n"
      "  # CUTLASS's SM80 tf32 NT default (128x128x16) has 2-way conflicts in its A and B loads: the\n"
      "  # conflict-free ones with its warp arrangement, and where the default ranks among them\n"
      "  tvlab search sm80 --types tfloat32_t --layout NT --tile 128x128x16 --threads 128 \\\n"
      "      --only 'mma.warps=(2,2,1):(2,1,1)' --with "
      "tests/data/specs/cutlass_sm80_tf32_nt_128x128x16.json\n"
      "  # the best row of a smaller tile as C++ (a CollectiveMma to paste)\n"
      "  tvlab search sm80 --types tfloat32_t --layout NT --tile 64x64x16 --threads 128 \\\n"
      "      --only 'mma.warps=(2,2,1):(2,1,1)' --emit cpp --row 1\n"
      "  tvlab search xe --types bfloat16_t,int8_t --layout TT --tile 256x256x32 --threads 32\n"
      "  tvlab search sm80 --types half_t --tile 128x128x32 --threads 128 --space\n"
      "Exit codes: 0 rows found, 1 no configuration in the space passes verify, 2 bad input (a space beyond\n"
      "--max-evaluations included: the message names the knob to narrow with --only), 3 internal error.");
  return [o]() -> int {
    SearchRequest req;
    req.arch = o->arch;
    const auto types = split(o->types, ',');
    if (types.empty() || types.size() > 3) {
      report("search", "--types", "expected A[,B[,C]], got '" + o->types + "'");
      return kBadInput;
    }
    req.type_a = types[0];
    req.type_b = types.size() > 1 ? types[1] : types[0];
    req.type_c = types.size() > 2 ? types[2] : "";
    if (o->layout.size() != 2 || o->layout.find_first_not_of("TN") != std::string::npos) {
      report("search", "--layout",
             "expected two letters of T (RowMajor) and N (ColumnMajor), got '" + o->layout + "'");
      return kBadInput;
    }
    req.layout_a = o->layout[0] == 'T' ? "RowMajor" : "ColumnMajor";
    req.layout_b = o->layout[1] == 'T' ? "RowMajor" : "ColumnMajor";
    for (const std::string& t : o->tiles) {
      std::array<int64_t, 3> tile{};
      if (!parse_tile(t, tile)) {
        report("search", "--tile " + t, "expected MxNxK with positive integers, e.g. 128x128x32");
        return kBadInput;
      }
      req.cta_tiles.push_back(tile);
    }
    req.threads = o->threads;
    req.stages = o->stages;
    req.align_a = o->align_a;
    req.align_b = o->align_b;
    req.only = o->only;
    req.top = o->emit.empty() ? o->top : std::max(o->top, o->row);
    req.max_evaluations = o->max_evaluations;
    req.jobs = o->jobs;
    if (!o->emit.empty() && o->row < 1) {
      report("search", "--row", "--emit needs --row N (1 = the best)");
      return kBadInput;
    }
    if (o->stages < 0 || o->align_a < 0 || o->align_b < 0 || o->max_evaluations < 1) {
      report("search", "options",
             "--stages, --align-a, --align-b and --max-evaluations take positive numbers");
      return kBadInput;
    }
    // The user's configuration (--with): a spec or C++ text, as `tvlab verify` reads it.
    std::optional<SearchRow> mine;
    if (!o->with.empty()) {
      std::string text;
      if (!read_input(o->with, text, "unreadable spec")) return kBadInput;
      try {
        mine = search_row_of(load_plan(text, o->config, o->with, parse_bindings(o->bind)));
      } catch (const SpecError& e) {
        report("invalid spec", "--with " + o->with + (e.path().empty() ? "" : ": " + e.path()), e.what());
        return kBadInput;
      }
    }
    std::string out;
    try {
      if (o->space) {
        const SearchSpace sp = search_space(req);
        if (o->json) {
          SearchResult r;
          r.space = sp;
          nlohmann::ordered_json j = search_to_json(r)["space"];
          out = j.dump(2) + "\n";
        } else {
          SearchResult r;
          r.space = sp;
          out = search_to_text(r);
          out = out.substr(0, out.find("ranked by"));
          out += "cost: " + std::to_string(sp.evaluations) + " partial specs to verify (bound " +
                 std::to_string(req.max_evaluations) + ")\n";
        }
      } else {
        const bool bar = !o->no_progress && !o->json && (o->progress || isatty(2));
        int last = -1;
        const SearchResult res = search(req, [&](int64_t done, int64_t total) {
          if (!bar) return;
          const int pct = int(100 * done / std::max<int64_t>(1, total));
          if (pct == last) return;
          last = pct;
          const int w = 40 * pct / 100;
          std::cerr << "\rsearch [" << std::string(w, '#') << std::string(40 - w, ' ') << "] " << pct << "% "
                    << done << "/" << total << std::flush;
        });
        if (bar) std::cerr << "\r" << std::string(72, ' ') << "\r" << std::flush;
        if (!o->emit.empty()) {
          if (o->row > int(res.rows.size())) {
            report("search", "--row " + std::to_string(o->row),
                   "the search has " + std::to_string(res.rows.size()) + " rows");
            return res.rows.empty() ? kCheckFailed : kBadInput;
          }
          const SearchRow& r = res.rows[o->row - 1];
          out = o->emit == "json" ? config_to_json(r.config).dump(1) + "\n"
                                  : spec_to_cpp(r.config, "tvlab_search_row" + std::to_string(o->row));
        } else if (o->json) {
          nlohmann::ordered_json j = search_to_json(res);
          if (mine) {
            SearchResult one;
            one.rows.push_back(*mine);
            nlohmann::ordered_json w = search_to_json(one)["rows"][0];
            w.erase("rank");
            w.erase("spec");
            w["passes_verify"] = !mine->report.failed(false);
            const SearchRank rank = search_rank_among(res, mine->figures);
            w["rank_among_rows"] = rank.better + 1;
            w["ties_among_rows"] = rank.ties;
            j["with"] = w;
          }
          out = j.dump(1) + "\n";
        } else {
          out = search_to_text(res);
          if (mine) {
            const SearchFigures& f = mine->figures;
            std::ostringstream os;
            os << "\nyours (" << o->with << "): " << (mine->report.failed(false) ? "FAILS verify; " : "")
               << (f.wavefronts_exact ? "" : ">=") << f.excess_wavefronts << " excess wavefronts ("
               << f.wavefronts << "/" << f.ideal_wavefronts << "), " << f.smem_instructions
               << " smem instructions, " << f.smem_bytes << " B smem, " << f.registers << " registers";
            if (f.block2d_loads)
              os << ", " << f.reorder_movs << " reorder movs, " << f.block2d_loads << " 2D loads";
            const SearchRank rank = search_rank_among(res, f);
            os << "\n  ranks #" << rank.better + 1;
            if (rank.ties)
              os << ", with the same figures as " << rank.ties << (rank.ties == 1 ? " row" : " rows")
                 << " above";
            else if (rank.better == int(res.rows.size()))
              os << " (after every row above)";
            os << "\n";
            if (o->explain && !res.rows.empty()) {
              const int k = std::max(rank.better, 1);
              os << "  against #" << k << ": it " << search_explain(f, res.rows[k - 1].figures) << "\n";
            }
            out += os.str();
          }
          if (o->explain && res.rows.size() > 1) {
            out += "\nwhy each row ranks above the next:\n";
            for (size_t i = 0; i + 1 < res.rows.size(); ++i)
              out += "  #" + std::to_string(i + 1) + " vs #" + std::to_string(i + 2) + ": " +
                     search_explain(res.rows[i].figures, res.rows[i + 1].figures) + "\n";
          }
          if (res.rows.empty()) {
            std::cout << out;
            return kCheckFailed;
          }
        }
        if (res.rows.empty() && o->emit.empty() && o->json) {
          std::cout << out;
          return kCheckFailed;
        }
      }
    } catch (const SearchError& e) {
      report("search", e.knob().empty() ? "the request" : e.knob(), e.what());
      return e.knob().empty() ? kInternal : kBadInput;
    }
    if (!o->out.empty()) return write_file_atomic(o->out, out) ? kOk : kBadInput;
    std::cout << out;
    return kOk;
  };
}

}  // namespace tvlab::cli
