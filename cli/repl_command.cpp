#include "repl_command.hpp"

#include "tvlab/verify/readers/cpp_config.hpp"

#include <cctype>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "atoms_command.hpp"
#include "command.hpp"
#include "eval_command.hpp"
#include "explore_command.hpp"
#include "io.hpp"
#include "line_reader.hpp"
#include "plan_command.hpp"
#include "render_command.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/verify/checks/ownership.hpp"
#include "tvlab/verify/checks/partition.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/report/partition_format.hpp"
#include "tvlab/verify/report/plan_format.hpp"
#include "tvlab/verify/report/report_format.hpp"
#include "verify_command.hpp"

namespace tvlab::cli {

namespace {

const char* const kHelp =
    "Commands (one per line; errors are reported and the session goes on):\n"
    "  load SPEC [CONFIG]   load a spec (JSON or C++; CONFIG names one of the file's configurations)\n"
    "  owner X (R,C)        who holds element (R,C) of operand X in the copy and in the MMA\n"
    "  where X T3V5         which element value V5 of work-item T3 holds, in the copy and in the MMA\n"
    "  where X T3           every value of work-item T3\n"
    "  diff X [N|all]       the elements copy and MMA hold in different work-items or values (first 20)\n"
    "  partition T [X]      what thread T touches: its partition_S/D, fragments and retile_D views of\n"
    "                       operand (or copy) X, as CuTe prints them, value by value (all operands without "
    "X)\n"
    "  operands             the loaded spec's operands and their mismatch counts\n"
    "  verify               the verify report of the loaded spec\n"
    "  plan                 what tvlab builds from the loaded spec\n"
    "  eval EXPR            a layout expression, as `tvlab eval`\n"
    "  show ATOM [--json]   an atom, as `tvlab show`\n"
    "  render ARGS -o FILE  as `tvlab render`; the word `spec` stands for the loaded spec\n"
    "  explore -o FILE      the interactive page of the loaded spec, as `tvlab explore`\n"
    "  help                 this text\n"
    "  quit                 leave (or end of input)\n"
    "X is an operand A, B, C or D; (R,C) a coordinate of its tile (A: (m,k), B: (n,k), C and D: (m,n)).\n";

// A failure of one command: what, why (reported, the session goes on).
struct CommandError {
  std::string what, why;
  std::string where = "";  // default: the line (or "prompt")
};

// Splits on blanks outside (), <>, [] and quotes: `owner A (4, 7)` -> owner, A, (4, 7).
std::vector<std::string> tokens(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  char quote = 0;
  bool have = false;
  for (char c : line) {
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        cur += c;
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c, have = true;
      continue;
    }
    if ((c == ' ' || c == '\t') && depth == 0) {
      if (have) out.push_back(cur), cur.clear(), have = false;
      continue;
    }
    if (c == '(' || c == '<' || c == '[') ++depth;
    if ((c == ')' || c == '>' || c == ']') && depth > 0) --depth;
    cur += c, have = true;
  }
  if (quote) throw CommandError{"command", std::string("unterminated quote ") + quote};
  if (have) out.push_back(cur);
  return out;
}

// Runs a tvlab subcommand with the given arguments, as the command line would.
int run_subcommand(std::function<std::function<int()>(CLI::App&)> setup,
                   const std::vector<std::string>& args) {
  CLI::App app{"tvlab", "tvlab"};
  app.require_subcommand(1);
  auto run = setup(app);
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    report(args.empty() ? "command" : args[0], "arguments", e.what());
    return kBadInput;
  }
  return run();
}

class Session {
 public:
  // Reads and runs lines until the end of input or quit; `first` runs before the first line read.
  int run(LineReader& in, std::optional<std::string> first = std::nullopt) {
    int64_t line_no = first ? -1 : 0;
    while (auto line = first ? first : in.read()) {
      first.reset();
      ++line_no;
      const std::string where = line_no == 0       ? "SPEC"
                                : in.interactive() ? ""
                                                   : "line " + std::to_string(line_no);
      if (!line->empty() && line->back() == '\r') line->pop_back();
      try {
        for (std::size_t i = 0; i < line->size(); ++i) {
          const unsigned char c = static_cast<unsigned char>((*line)[i]);
          if ((c < 0x20 && c != '\t') || c == 0x7f) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02x", c);
            throw CommandError{"input", std::string("control character ") + hex + " at column " +
                                            std::to_string(i + 1) + "; the line is ignored"};
          }
        }
        if (!execute(*line)) break;
      } catch (const CommandError& e) {
        failed_ = true;
        report(e.what, !e.where.empty() ? e.where : where.empty() ? "prompt" : where, e.why);
      } catch (const SpecError& e) {
        failed_ = true;
        report("invalid spec", spec_ + (e.path().empty() ? "" : ": " + e.path()), e.what());
      } catch (const LayoutError& e) {
        failed_ = true;
        report("layout", where.empty() ? "prompt" : where, e.what());
      } catch (const std::exception& e) {
        failed_ = true;
        report("internal error", where.empty() ? "prompt" : where, e.what());
      }
      std::cout << std::flush;
    }
    // Interactive sessions end well; a script learns whether a line failed (as eval --batch).
    return in.interactive() || !failed_ ? kOk : kBadInput;
  }

 private:
  std::optional<Plan> plan_;
  std::string spec_;
  std::map<std::string, OperandMap> maps_;
  bool failed_ = false;

  void need(const std::vector<std::string>& t, std::size_t lo, std::size_t hi, const char* usage) {
    if (t.size() < lo || t.size() > hi) throw CommandError{t[0], std::string("usage: ") + usage};
  }
  const Plan& plan() {
    if (!plan_) throw CommandError{"no spec", "load one first: load SPEC"};
    return *plan_;
  }
  const OperandMap& operand(const std::string& x) {
    const Plan& p = plan();
    auto it = maps_.find(x);
    if (it != maps_.end()) return it->second;
    try {
      return maps_.emplace(x, operand_map(p, x)).first->second;
    } catch (const std::invalid_argument& e) {
      throw CommandError{"operand " + x, e.what()};
    }
  }
  static std::string names(const OperandMap&, const std::vector<Holder>& hs) {
    if (hs.empty()) return "nobody";
    std::string s;
    for (const Holder& h : hs) s += (s.empty() ? "" : " ") + holder_name(h);
    return s;
  }
  static std::vector<int64_t> cells_of(const std::vector<std::vector<Holder>>& side, const Holder& h) {
    std::vector<int64_t> out;
    for (std::size_t i = 0; i < side.size(); ++i)
      for (const Holder& x : side[i])
        if (x == h) out.push_back(static_cast<int64_t>(i));
    return out;
  }
  static std::string coords(const OperandMap& m, const std::vector<int64_t>& cells) {
    if (cells.empty()) return "nothing";
    std::string s;
    for (int64_t c : cells) s += (s.empty() ? "" : " ") + m.coord(c);
    return s;
  }

  void load(const std::string& path, const std::string& config) {
    std::string text;
    if (!read_input(path, text, "unreadable spec")) throw CommandError{"load", "nothing loaded"};
    Plan p;
    try {
      p = load_plan(text, config, path);
    } catch (const SpecError& e) {
      throw CommandError{"invalid spec", e.what(), path + (e.path().empty() ? "" : ": " + e.path())};
    }
    plan_ = std::move(p);
    spec_ = path;
    maps_.clear();
    std::cout << "loaded " << path << (plan_->name.empty() ? "" : ": " + plan_->name) << "\n";
    operands();
  }
  void partition(const std::string& thread, const std::string& x) {
    int64_t t = 0;
    try {
      std::size_t used = 0;
      t = std::stoll(thread, &used);
      if (used != thread.size()) throw std::invalid_argument(thread);
    } catch (const std::exception&) {
      throw CommandError{"partition", "expected a thread index, not '" + thread + "'"};
    }
    const Plan& p = plan();
    try {
      const std::vector<std::string> ops = x.empty() ? partition_operands(p) : std::vector<std::string>{x};
      for (std::size_t i = 0; i < ops.size(); ++i)
        std::cout << (i ? "\n" : "") << partitions_to_text(thread_partitions(p, ops[i], t));
    } catch (const SpecError& e) {
      throw CommandError{"partition", e.what()};
    }
  }
  void operands() {
    const auto ops = mapped_operands(plan());
    if (ops.empty()) std::cout << "  no operand has both a copy and an MMA fragment\n";
    for (const std::string& x : ops) {
      const OperandMap& m = operand(x);
      std::cout << "  " << x << ": " << m.rows << "x" << m.cols << " (" << m.row_axis << "," << m.col_axis
                << "), " << m.src_name << " -> " << m.dst_name << ", " << m.mismatches.size()
                << " mismatching elements\n";
    }
  }
  void owner(const std::string& x, const std::string& crd) {
    const OperandMap& m = operand(x);
    static const std::regex re(R"(^\(?\s*(\d+)\s*,\s*(\d+)\s*\)?$)");
    std::smatch mt;
    if (!std::regex_match(crd, mt, re)) throw CommandError{"coordinate", "'" + crd + "' is not (ROW,COL)"};
    const int64_t r = std::stoll(mt[1]), c = std::stoll(mt[2]);
    if (r >= m.rows || c >= m.cols)
      throw CommandError{"coordinate", "(" + std::to_string(r) + "," + std::to_string(c) +
                                           ") is outside the " + std::to_string(m.rows) + "x" +
                                           std::to_string(m.cols) + " tile of " + x};
    const std::size_t i = static_cast<std::size_t>(r + m.rows * c);
    const bool moved = m.src[i] != m.dst[i];
    std::cout << x << " " << m.coord(static_cast<int64_t>(i)) << ": " << m.src_name << " "
              << names(m, m.src[i]) << " | " << m.dst_name << " " << names(m, m.dst[i]) << " | "
              << (!moved ? "same holder"
                  : m.xe ? "mismatch: the subgroup reorder moves it"
                         : "mismatch: it must move between threads")
              << "\n";
  }
  void where(const std::string& x, const std::string& who) {
    const OperandMap& m = operand(x);
    static const std::regex re(R"(^[Tt](\d+)(?:\s*,?\s*[Vv](\d+))?$)");
    std::smatch mt;
    if (!std::regex_match(who, mt, re)) throw CommandError{"work-item", "'" + who + "' is not T3 or T3V5"};
    const int64_t t = std::stoll(mt[1]);
    if (t >= m.threads)
      throw CommandError{"work-item", "T" + std::to_string(t) + ": the work-group has T0..T" +
                                          std::to_string(m.threads - 1)};
    if (mt[2].matched) {
      const Holder h{t, std::stoll(mt[2])};
      const auto s = cells_of(m.src, h), d = cells_of(m.dst, h);
      std::cout << x << " " << holder_name(h) << ": " << m.src_name << " holds " << coords(m, s) << " | "
                << m.dst_name << " holds " << coords(m, d) << "\n";
      for (int64_t c : s)
        if (m.src[static_cast<std::size_t>(c)] != m.dst[static_cast<std::size_t>(c)])
          std::cout << "  " << m.dst_name << " expects " << m.coord(c) << " in "
                    << names(m, m.dst[static_cast<std::size_t>(c)]) << "\n";
      return;
    }
    // Every value of the work-item, in value order, on both sides.
    std::map<int64_t, std::pair<std::vector<int64_t>, std::vector<int64_t>>> values;
    for (int side = 0; side < 2; ++side) {
      const auto& cells = side == 0 ? m.src : m.dst;
      for (std::size_t i = 0; i < cells.size(); ++i)
        for (const Holder& h : cells[i])
          if (h.t == t)
            (side == 0 ? values[h.v].first : values[h.v].second).push_back(static_cast<int64_t>(i));
    }
    int64_t moved = 0;
    for (const auto& [v, sd] : values) moved += sd.first != sd.second;
    std::cout << x << " T" << t << ": " << values.size() << " values, " << moved
              << " hold different elements in " << m.src_name << " and " << m.dst_name << "\n";
    for (const auto& [v, sd] : values)
      std::cout << "  V" << v << "  " << coords(m, sd.first) << " -> " << coords(m, sd.second)
                << (sd.first != sd.second ? "  *" : "") << "\n";
  }
  void diff(const std::string& x, const std::string& limit) {
    const OperandMap& m = operand(x);
    std::size_t n = 20;
    if (limit == "all")
      n = m.mismatches.size();
    else if (!limit.empty()) {
      if (limit.find_first_not_of("0123456789") != std::string::npos || limit.size() > 9)
        throw CommandError{"diff", "'" + limit + "' is not a count or all"};
      n = static_cast<std::size_t>(std::stoll(limit));
    }
    std::cout << x << ": " << m.mismatches.size() << " of " << m.cells() << " elements mismatch ("
              << m.src_name << " -> " << m.dst_name << ")\n";
    for (std::size_t k = 0; k < m.mismatches.size() && k < n; ++k) {
      const auto i = static_cast<std::size_t>(m.mismatches[k]);
      std::cout << "  " << m.coord(m.mismatches[k]) << ": " << names(m, m.src[i]) << " -> "
                << names(m, m.dst[i]) << "\n";
    }
    if (m.mismatches.size() > n)
      std::cout << "  ... " << m.mismatches.size() - n << " more (diff " << x << " all)\n";
    for (const std::string& o : m.outside) std::cout << "  outside the tile: " << o << "\n";
  }

  // Runs one line; false to end the session.
  bool execute(const std::string& line) {
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') return true;
    const std::size_t end = line.find_first_of(" \t", first);
    const std::string cmd = line.substr(first, end == std::string::npos ? std::string::npos : end - first);
    const std::size_t args =
        end == std::string::npos ? std::string::npos : line.find_first_not_of(" \t", end);
    const std::string rest = args == std::string::npos ? "" : line.substr(args);
    if (cmd == "quit" || cmd == "exit") return false;
    if (cmd == "help" || cmd == "?") {
      std::cout << kHelp;
      return true;
    }
    if (cmd == "eval") {
      if (rest.empty()) throw CommandError{"eval", "usage: eval EXPR"};
      if (run_subcommand(setup_eval, {"eval", rest}) != kOk) failed_ = true;
      return true;
    }
    std::vector<std::string> t = tokens(line.substr(first));
    auto spec_word = [&](std::vector<std::string> words) {
      for (std::string& w : words)
        if (w == "spec") plan(), w = spec_;
      return words;
    };
    int rc = kOk;
    if (cmd == "load") {
      need(t, 2, 3, "load SPEC [CONFIG]");
      load(t[1], t.size() > 2 ? t[2] : "");
    } else if (cmd == "operands") {
      need(t, 1, 1, "operands");
      operands();
    } else if (cmd == "owner") {
      need(t, 3, 3, "owner X (R,C)");
      owner(t[1], t[2]);
    } else if (cmd == "where") {
      need(t, 3, 3, "where X T3V5");
      where(t[1], t[2]);
    } else if (cmd == "diff") {
      need(t, 2, 3, "diff X [N|all]");
      diff(t[1], t.size() > 2 ? t[2] : "");
    } else if (cmd == "partition") {
      need(t, 2, 3, "partition T [X]");
      partition(t[1], t.size() > 2 ? t[2] : "");
    } else if (cmd == "verify") {
      need(t, 1, 1, "verify");
      const Report r = verify_plan(plan(), spec_);
      std::cout << report_text({r}, false);
    } else if (cmd == "plan") {
      need(t, 1, 1, "plan");
      std::cout << plan_to_text(plan());
    } else if (cmd == "show") {
      rc = run_subcommand(setup_show, t);
    } else if (cmd == "render") {
      rc = run_subcommand(setup_render, spec_word(t));
    } else if (cmd == "explore") {
      plan();
      std::vector<std::string> args{"explore", spec_};
      args.insert(args.end(), t.begin() + 1, t.end());
      rc = run_subcommand(setup_explore, args);
      if (rc == kOk) std::cout << "wrote the page\n";
    } else {
      throw CommandError{"unknown command", "'" + cmd + "'; type help for the commands"};
    }
    if (rc != kOk) failed_ = true;
    return true;
  }
};

}  // namespace

std::function<int()> setup_repl(CLI::App& app) {
  auto spec = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand(
      "repl", "An interactive prompt: load a spec, ask who holds what, eval, show, render.");
  cmd->add_option("SPEC", *spec, "a spec to load first");
  cmd->footer(std::string(kHelp) +
              "Line editing and history (libedit) when stdin is a terminal; plain lines from a pipe:\n"
              "  printf 'load tests/data/specs/sm80_ldsm_x4_rm64.json\\nowner A (4,7)\\n' | tvlab repl\n"
              "Exit codes: 0 (a terminal session, or every piped line succeeded), 2 a piped line failed.");
  return [spec]() -> int {
    Session s;
    LineReader in("tvlab> ");
    if (in.interactive()) std::cout << "tvlab repl: type help for the commands, quit to leave\n";
    // SPEC: as if the first line were `load SPEC`.
    return spec->empty() ? s.run(in) : s.run(in, "load \"" + *spec + "\"");
  };
}

}  // namespace tvlab::cli
