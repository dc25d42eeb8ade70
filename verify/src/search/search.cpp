#include "tvlab/verify/search/search.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/search/search_space.hpp"
#include "tvlab/verify/writers/spec_json.hpp"

namespace tvlab {

namespace {

// The outcome of one partial spec: whether verify passes, the checks of interest.
struct Eval {
  bool ok = false;
  std::string why;   // the first error: "code: summary" or "spec path: why"
  std::string code;  // the refuting check's code, or the spec key that does not build
  Report report;
  Plan plan;
};

// s2r_accesses off: the g2s part of an operand (its s2r accesses were evaluated in their own part).
Eval evaluate(const KernelConfig& config, bool s2r_accesses = true) {
  Eval e;
  try {
    e.plan = build_plan(config);
    e.report = verify_plan(e.plan, "", VerifyOptions{.suggest = false, .s2r_accesses = s2r_accesses});
  } catch (const SpecError& err) {
    e.why = (err.path().empty() ? "" : err.path() + ": ") + err.what();
    e.code = err.path().empty() ? "spec" : err.path();  // the spec key whose CuTe condition fails
    return e;
  }
  e.ok = !e.report.failed(false);
  if (!e.ok)
    for (const CheckResult& c : e.report.checks)
      if (c.failed(false)) {
        e.why = c.code + ": " + c.summary;
        e.code = c.code;
        break;
      }
  return e;
}

const CheckResult* find_check(const Report& r, const std::string& code) {
  for (const CheckResult& c : r.checks)
    if (c.code == code) return &c;
  return nullptr;
}

int64_t data_int(const CheckResult* c, const char* key) {
  return c && c->data.contains(key) && c->data[key].is_number_integer() ? c->data[key].get<int64_t>() : 0;
}

// One copy's smem figures from its vector.X.c / banks.X.c checks.
struct CopyFigures {
  int64_t instructions = 0, wavefronts = 0, ideal = 0, bytes = 0;
  bool exact = true;
  int64_t gmem_sectors = 0, gmem_sectors_max = 0, gmem_bytes = 0;  // g2s: gmem.X.g2s data.sectors
};

CopyFigures copy_figures(const Report& r, const std::string& x, const std::string& c) {
  CopyFigures f;
  const CheckResult* v = find_check(r, "vector." + x + "." + c);
  const CheckResult* b = find_check(r, "banks." + x + "." + c);
  f.instructions = data_int(v, "instructions");
  f.bytes = data_int(v, "bytes_per_lane");
  if (b) {
    f.wavefronts = data_int(b, "wavefronts");
    f.ideal = data_int(b, "ideal_wavefronts");
    f.exact = b->verdict != Verdict::Unknown;
    // Not modeled (a cp.async whose global sources the measured tables do not cover): data.wavefronts is the
    // lower bound "at least N", the ideal count of the instructions, so the excess is only known to be >= 0.
    if (!f.exact) f.ideal = f.wavefronts;
  }
  if (c == "g2s")
    if (const CheckResult* g = find_check(r, "gmem." + x + ".g2s"); g && g->data.contains("sectors")) {
      const auto& s = g->data["sectors"];
      f.gmem_sectors = s["sectors"].get<int64_t>();
      f.gmem_sectors_max = s["sectors_max"].get<int64_t>();
      f.gmem_bytes = s["bytes"].get<int64_t>();
    }
  return f;
}

// A worker pool over n independent tasks, progress after each.
void run_tasks(int64_t n, int jobs, const std::function<void(int64_t)>& task,
               const std::function<void()>& tick) {
  if (jobs <= 1 || n < 2) {
    for (int64_t i = 0; i < n; ++i) {
      task(i);
      tick();
    }
    return;
  }
  std::atomic<int64_t> next{0};
  std::mutex mu;
  std::exception_ptr failure;
  std::vector<std::thread> pool;
  for (int j = 0; j < std::min<int64_t>(jobs, n); ++j)
    pool.emplace_back([&] {
      for (int64_t i; (i = next.fetch_add(1)) < n;) {
        try {
          task(i);
        } catch (...) {
          std::lock_guard lock(mu);
          if (!failure) failure = std::current_exception();
        }
        std::lock_guard lock(mu);
        tick();
      }
    });
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

// What a whole configuration pays, from its report (and its plan, for Xe loads and registers).
SearchFigures figures_of(const Report& r, const Plan& plan) {
  SearchFigures f;
  for (const char* x : {"A", "B"}) {
    for (const char* c : {"g2s", "s2r"}) {
      const CopyFigures cf = copy_figures(r, x, c);
      if (!cf.instructions) continue;
      f.wavefronts += cf.wavefronts;
      f.ideal_wavefronts += cf.ideal;
      f.wavefronts_exact = f.wavefronts_exact && cf.exact;
      f.smem_instructions += cf.instructions;
      f.gmem_sectors += cf.gmem_sectors;
      f.gmem_sectors_max += cf.gmem_sectors_max;
      f.gmem_bytes += cf.gmem_bytes;
      f.vectors.emplace_back(std::string(x) + "." + c, cf.bytes);
    }
    if (const CheckResult* ro = find_check(r, std::string("reorder.") + x))
      f.reorder_movs += data_int(ro, "movs");
  }
  f.excess_wavefronts = f.wavefronts - f.ideal_wavefronts;
  for (const CheckResult& c : r.checks)
    if (c.verdict == Verdict::Refuted && c.severity == Severity::Warning) ++f.warnings;
  if (const CheckResult* b = find_check(r, "smem.budget")) f.smem_bytes = data_int(b, "bytes");
  f.registers = search_registers(plan);
  f.block2d_loads = search_block2d_loads(plan);
  return f;
}

// The ranking key's terms, in the order compared (search_rank_terms names them).
constexpr int kRankTerms = 10;
using RankKey = std::array<double, kRankTerms>;
// The bounded rows after the exact ones (a lower bound never ranks above an exact count); then the
// shared-memory figures; the global sectors only order rows whose shared-memory figures tie.
RankKey rank_key(const SearchFigures& f) {
  return {double(!f.wavefronts_exact),
          double(f.excess_wavefronts),
          f.wavefronts_exact ? 0.0 : double(f.wavefronts),
          f.gmem_sectors_per_byte(),
          f.gmem_sectors_max_per_byte(),
          double(f.smem_instructions),
          double(f.reorder_movs),
          double(f.block2d_loads),
          double(f.smem_bytes),
          double(f.registers)};
}
constexpr std::array<std::pair<const char*, const char*>, kRankTerms> kRankTermNames = {{
    {"bounded", "1 where a copy's wavefronts are a lower bound (a cp.async the model does not cover)"},
    {"excess wavefronts", "shared-memory wavefronts over the ideal per k-tile, banks.X.g2s + banks.X.s2r"},
    {"wavefronts (lower bound)",
     "bounded rows: the lower bound of their shared-memory wavefronts per k-tile, fewer first (exact rows: "
     "0)"},
    {"g2s sectors/byte", "global 32-byte sectors per byte the g2s copies move, 32-byte-aligned rows"},
    {"g2s sectors/byte (worst)", "the same with the worst row placement AlignmentX allows"},
    {"smem instructions", "shared-memory copy instructions per k-tile (wider vectors: fewer)"},
    {"reorder movs", "Xe: register moves of the reorders per k-tile"},
    {"2D loads", "Xe: block 2D loads a subgroup issues per k-tile"},
    {"smem bytes", "shared memory of all stages"},
    {"registers", "A, B (one k-tile) and C values a thread holds"},
}};

const char* kRankingSm80 =
    "exact figures before lower bounds (a cp.async the bank model does not cover), then fewest "
    "shared-memory wavefronts over the ideal per k-tile, then (rows with a lower bound) the smallest lower "
    "bound of their wavefronts, then "
    "fewest global 32-byte sectors per byte the g2s copies move (rows 32-byte aligned, then the most any "
    "row alignment allows), then fewest "
    "shared-memory instructions per k-tile (wider vectors), then fewest shared-memory bytes (all stages), "
    "then "
    "fewest register values a thread holds; ties in the order the space lists its values";
const char* kRankingXe =
    "fewest reorder moves (one subgroup, one k-tile), then fewest block 2D loads a subgroup issues per "
    "k-tile, "
    "then fewest register values a work-item holds; ties in the order the space lists its values";

}  // namespace

SearchRow search_row_of(const Plan& plan) {
  SearchRow row;
  row.report = verify_plan(plan, "", VerifyOptions{.suggest = false});
  row.figures = figures_of(row.report, plan);
  return row;
}

SearchRow search_row_of(const KernelConfig& config) {
  SearchRow row = search_row_of(build_plan(config));
  row.config = config;
  return row;
}

std::vector<SearchRankTerm> search_rank_terms(const SearchFigures& f) {
  const RankKey k = rank_key(f);
  std::vector<SearchRankTerm> out;
  for (int i = 0; i < kRankTerms; ++i)
    out.push_back({kRankTermNames[i].first, kRankTermNames[i].second, k[i]});
  return out;
}

std::string search_explain(const SearchFigures& a, const SearchFigures& b) {
  const std::vector<SearchRankTerm> x = search_rank_terms(a), y = search_rank_terms(b);
  const auto num = [](double v) {
    std::ostringstream os;
    os << v;
    return os.str();
  };
  std::string ties;
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i].value == y[i].value) {
      if (x[i].value != 0) ties += std::string(ties.empty() ? "" : ", ") + x[i].name + " " + num(x[i].value);
      continue;
    }
    std::string out = std::string(x[i].value < y[i].value ? "ranks above" : "ranks below") + " on " +
                      x[i].name + ": " + num(x[i].value) + " against " + num(y[i].value) + " (" +
                      x[i].meaning + ")";
    if (!ties.empty()) out += "; tied before it on " + ties;
    return out;
  }
  return "has the same figures (the space's listing order decides)" +
         (ties.empty() ? std::string() : ": " + ties);
}

SearchRank search_rank_among(const SearchResult& res, const SearchFigures& f) {
  SearchRank r;
  for (const SearchRow& row : res.rows) {
    if (rank_key(row.figures) < rank_key(f))
      ++r.better;
    else if (rank_key(row.figures) == rank_key(f))
      ++r.ties;
  }
  return r;
}

SearchSpace search_space(const SearchRequest& req) {
  return plan_search(req).space;
}

namespace {
// One search, phase by phase: (1) the MMAs, (2) each operand's s2r over each smem atom, per distinct MMA
// operand layout, (3) each operand's g2s over each atom, (4) the combinations of the parts that passed,
// ranked by the parts' figures, (5) the whole configuration of each leading combination, verified.
class SearchRun {
 public:
  SearchRun(const SearchRequest& req, const std::function<void(int64_t, int64_t)>& progress)
      : req_(req), progress_(progress), sp_(plan_search(req)) {
    res_.space = sp_.space;
    res_.ranking = req.arch == "xe" ? kRankingXe : kRankingSm80;
  }

  SearchResult run() {
    evaluate_mmas();
    evaluate_s2rs();
    evaluate_g2ss();
    combine();
    verify_rows();
    return std::move(res_);
  }

 private:
  struct MmaEval {
    size_t problem;
    size_t mma;
    bool ok = false;
    std::string refuted_by;
    std::map<std::string, std::string> tv_key;  // operand -> its MMA TV layout and tile (what s2r sees)
    int64_t registers = 0;
  };
  struct S2REval {
    size_t problem, mma, operand, atom, s2r;
    CopyFigures fig;
    int64_t smem_bytes = 0, reorder_movs = 0, block2d_loads = 0;
    int64_t limit = 0;    // smem.budget's limit (0: none recorded, e.g. Xe)
    std::string copy_op;  // Xe: the block 2D op the copy resolved to ("auto" picks one)
    std::string refuted_by;
    bool ok = false;
  };
  struct G2SEval {
    size_t problem, operand, atom, g2s;
    size_t mma = 0, s2r = 0;
    CopyFigures fig;
    std::string refuted_by;
    bool ok = false;
  };
  // One operand's option under an MMA: its atom, g2s and s2r, with this operand's share of the figures.
  struct Option {
    size_t atom;
    std::optional<size_t> g2s;
    size_t s2r;
    SearchFigures fig;
  };
  struct Combo {
    size_t problem, mma;
    std::vector<Option> ops;
    SearchFigures fig;
  };

  void tick() {
    ++done_;
    if (progress_) progress_(done_, std::max(sp_.space.evaluations, done_));
  }
  void refute(bool ok, const std::string& code) {
    if (ok) return;
    ++res_.refuted;
    ++res_.refuted_by[code];
  }
  // Parts of two MMAs whose operand layouts agree are evaluated once: the s2r evaluation's key.
  std::string s2r_key(const MmaEval& me, size_t o, size_t a, size_t s) const {
    const SearchOperand& op = sp_.problems[me.problem].operands[o];
    return std::to_string(me.problem) + "|" + op.name + "|" + me.tv_key.at(op.name) + "|" +
           std::to_string(a) + "|" + std::to_string(s);
  }

  // 1. The MMAs (per problem: CTA tile and threads).
  void evaluate_mmas() {
    for (size_t p = 0; p < sp_.problems.size(); ++p)
      for (size_t m = 0; m < sp_.problems[p].mmas.size(); ++m) {
        MmaEval me;
        me.problem = p;
        me.mma = m;
        mmas_.push_back(std::move(me));
      }
    run_tasks(
        int64_t(mmas_.size()), req_.jobs,
        [&](int64_t i) {
          MmaEval& me = mmas_[i];
          const SearchProblem& pb = sp_.problems[me.problem];
          const Eval e = evaluate(pb.base_config(me.mma));
          me.ok = e.ok;
          me.refuted_by = e.code;
          if (!e.ok) return;
          for (const SearchOperand& op : pb.operands)
            me.tv_key[op.name] = search_operand_key(e.plan, op.name);
          me.registers = search_registers(e.plan);
        },
        [&] { tick(); });
    for (const MmaEval& me : mmas_) refute(me.ok, me.refuted_by);
  }

  // 2. Each operand's s2r over each smem atom, per distinct MMA operand layout.
  void evaluate_s2rs() {
    for (const MmaEval& me : mmas_) {
      if (!me.ok) continue;
      const SearchProblem& pb = sp_.problems[me.problem];
      for (size_t o = 0; o < pb.operands.size(); ++o)
        for (size_t a = 0; a < pb.operands[o].atoms.size(); ++a)
          for (size_t s = 0; s < pb.operands[o].s2rs.size(); ++s)
            if (s2r_index_.emplace(s2r_key(me, o, a, s), s2rs_.size()).second) {
              S2REval se;
              se.problem = me.problem;
              se.mma = me.mma;
              se.operand = o;
              se.atom = a;
              se.s2r = s;
              s2rs_.push_back(std::move(se));
            }
    }
    run_tasks(
        int64_t(s2rs_.size()), req_.jobs,
        [&](int64_t i) {
          S2REval& se = s2rs_[i];
          const SearchProblem& pb = sp_.problems[se.problem];
          const SearchOperand& op = pb.operands[se.operand];
          const Eval e = evaluate(pb.operand_config(se.mma, se.operand, se.atom, std::nullopt, se.s2r));
          se.ok = e.ok;
          se.refuted_by = e.code;
          if (!e.ok) return;
          se.fig = copy_figures(e.report, op.name, "s2r");
          if (const CheckResult* b = find_check(e.report, "smem.budget")) {
            se.smem_bytes = data_int(b, "bytes");
            se.limit = data_int(b, "limit_bytes");
          }
          se.reorder_movs = data_int(find_check(e.report, "reorder." + op.name), "movs");
          se.block2d_loads = search_block2d_loads(e.plan);
          for (const PlannedCopy& pc : e.plan.copies)
            if (pc.name == op.name) se.copy_op = pc.copy.atom.name;
        },
        [&] { tick(); });
    for (const S2REval& se : s2rs_) refute(se.ok, se.refuted_by);
    res_.evaluated = int64_t(mmas_.size() + s2rs_.size());
  }

  // 3. Each operand's g2s over each atom (independent of the MMA): with an MMA and s2r that passed.
  void evaluate_g2ss() {
    std::map<std::tuple<size_t, size_t, size_t>, std::pair<size_t, size_t>> witness;  // (p,o,a) -> (mma,s2r)
    for (const S2REval& se : s2rs_)
      if (se.ok)
        witness.emplace(std::make_tuple(se.problem, se.operand, se.atom), std::make_pair(se.mma, se.s2r));
    for (const auto& [poa, ms] : witness) {
      const auto [p, o, a] = poa;
      const SearchProblem& pb = sp_.problems[p];
      for (size_t g = 0; g < pb.operands[o].g2ss.size(); ++g) {
        G2SEval ge;
        ge.problem = p;
        ge.operand = o;
        ge.atom = a;
        ge.g2s = g;
        ge.mma = ms.first;
        ge.s2r = ms.second;
        g2ss_.push_back(std::move(ge));
      }
    }
    run_tasks(
        int64_t(g2ss_.size()), req_.jobs,
        [&](int64_t i) {
          G2SEval& ge = g2ss_[i];
          const SearchProblem& pb = sp_.problems[ge.problem];
          const Eval e = evaluate(pb.operand_config(ge.mma, ge.operand, ge.atom, ge.g2s, ge.s2r), false);
          ge.ok = e.ok;
          ge.refuted_by = e.code;
          if (e.ok) ge.fig = copy_figures(e.report, pb.operands[ge.operand].name, "g2s");
        },
        [&] { tick(); });
    for (const G2SEval& ge : g2ss_) refute(ge.ok, ge.refuted_by);
    res_.evaluated += int64_t(g2ss_.size());
    for (const G2SEval& ge : g2ss_)
      if (ge.ok) g2s_of_[{ge.problem, ge.operand, ge.atom}].push_back(&ge);
  }

  // Operand o's options under MMA me, best first; `limit` becomes the architecture's shared-memory limit
  // (from the operands' smem.budget).
  std::vector<Option> options(const MmaEval& me, size_t o, int64_t& limit) const {
    const SearchOperand& op = sp_.problems[me.problem].operands[o];
    std::vector<Option> out;
    for (size_t a = 0; a < op.atoms.size(); ++a) {
      std::set<std::string> ops_seen;  // Xe: an override equal to the helper's choice is that choice
      for (size_t s = 0; s < op.s2rs.size(); ++s) {
        const S2REval& se = s2rs_[s2r_index_.at(s2r_key(me, o, a, s))];
        if (!se.ok) continue;
        if (!se.copy_op.empty() && !ops_seen.insert(se.copy_op).second) continue;
        limit = std::max(limit, se.limit);
        auto add = [&](const G2SEval* ge) {
          Option opt{a, ge ? std::optional<size_t>(ge->g2s) : std::nullopt, s, {}};
          const CopyFigures& r = se.fig;
          opt.fig.wavefronts = r.wavefronts + (ge ? ge->fig.wavefronts : 0);
          opt.fig.ideal_wavefronts = r.ideal + (ge ? ge->fig.ideal : 0);
          opt.fig.excess_wavefronts = opt.fig.wavefronts - opt.fig.ideal_wavefronts;
          opt.fig.wavefronts_exact = r.exact && (!ge || ge->fig.exact);
          opt.fig.smem_instructions = r.instructions + (ge ? ge->fig.instructions : 0);
          if (ge) {
            opt.fig.gmem_sectors = ge->fig.gmem_sectors;
            opt.fig.gmem_sectors_max = ge->fig.gmem_sectors_max;
            opt.fig.gmem_bytes = ge->fig.gmem_bytes;
          }
          opt.fig.smem_bytes = se.smem_bytes;
          opt.fig.reorder_movs = se.reorder_movs;
          opt.fig.block2d_loads = se.block2d_loads;
          out.push_back(opt);
        };
        if (op.g2ss.empty()) {
          add(nullptr);
        } else if (auto it = g2s_of_.find({me.problem, o, a}); it != g2s_of_.end()) {
          for (const G2SEval* ge : it->second) add(ge);
        }
      }
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Option& x, const Option& y) { return rank_key(x.fig) < rank_key(y.fig); });
    return out;
  }

  // The cartesian product of the kept options of each operand, within the shared-memory limit.
  void add_combos(const MmaEval& me, const std::vector<std::vector<Option>>& per_op, int64_t limit) {
    std::vector<size_t> idx(per_op.size(), 0);
    if (std::any_of(per_op.begin(), per_op.end(), [](const auto& v) { return v.empty(); })) return;
    while (true) {
      Combo c{me.problem, me.mma, {}, {}};
      for (size_t o = 0; o < idx.size(); ++o) {
        const Option& opt = per_op[o][idx[o]];
        c.ops.push_back(opt);
        c.fig.wavefronts += opt.fig.wavefronts;
        c.fig.ideal_wavefronts += opt.fig.ideal_wavefronts;
        c.fig.wavefronts_exact = c.fig.wavefronts_exact && opt.fig.wavefronts_exact;
        c.fig.smem_instructions += opt.fig.smem_instructions;
        c.fig.gmem_sectors += opt.fig.gmem_sectors;
        c.fig.gmem_sectors_max += opt.fig.gmem_sectors_max;
        c.fig.gmem_bytes += opt.fig.gmem_bytes;
        c.fig.smem_bytes += opt.fig.smem_bytes;
        c.fig.reorder_movs += opt.fig.reorder_movs;
        c.fig.block2d_loads += opt.fig.block2d_loads;
      }
      c.fig.registers = me.registers;
      c.fig.excess_wavefronts = c.fig.wavefronts - c.fig.ideal_wavefronts;
      if (limit <= 0 || c.fig.smem_bytes <= limit) combos_.push_back(std::move(c));
      size_t o = 0;
      while (o < idx.size() && ++idx[o] == per_op[o].size()) idx[o++] = 0;
      if (o == idx.size()) break;
    }
  }

  // 4. Combine: per MMA, each operand's options (atom, g2s, s2r) with their figures; the best `keep` of each
  // operand, then their combinations.
  void combine() {
    const size_t keep = size_t(std::max(1, req_.top)) + 4;
    for (const MmaEval& me : mmas_) {
      if (!me.ok) continue;
      const SearchProblem& pb = sp_.problems[me.problem];
      std::vector<std::vector<Option>> per_op(pb.operands.size());
      double valid = 1, moves_free = 1;
      int64_t limit = 0;
      for (size_t o = 0; o < pb.operands.size(); ++o) {
        per_op[o] = options(me, o, limit);
        valid *= double(per_op[o].size());
        moves_free *= double(std::count_if(per_op[o].begin(), per_op[o].end(),
                                           [](const Option& x) { return x.fig.reorder_movs == 0; }));
      }
      // The best `keep` options of each operand hold the best `keep` combinations (the key adds up per
      // operand), unless the shared-memory limit cuts combinations: then every combination is formed
      // (bounded).
      int64_t max_bytes = 0;
      double product = 1;
      for (const auto& opts : per_op) {
        int64_t m = 0;
        for (const Option& x : opts) m = std::max(m, x.fig.smem_bytes);
        max_bytes += m;
        product *= double(opts.size());
      }
      const bool cut_by_limit = limit > 0 && max_bytes > limit;
      if (cut_by_limit && product > 2e6)
        throw SearchError("stages",
                          "stages: " + std::to_string(int64_t(product)) +
                              " combinations near the shared-memory limit (" + std::to_string(limit) +
                              " bytes) are too many to rank exactly: fewer --stages, a smaller --tile or "
                              "--only on the smem atoms");
      if (!cut_by_limit)
        for (auto& opts : per_op)
          if (opts.size() > keep) opts.resize(keep);
      res_.valid += int64_t(valid);
      if (pb.arch == "xe") res_.reorder_free = std::max<int64_t>(res_.reorder_free, 0) + int64_t(moves_free);
      add_combos(me, per_op, limit);
    }
    std::stable_sort(combos_.begin(), combos_.end(),
                     [](const Combo& x, const Combo& y) { return rank_key(x.fig) < rank_key(y.fig); });
  }

  // The whole configuration of combination c, verified; its report gives the row's figures, which must be its
  // parts' (SearchError::Internal otherwise).
  SearchRow whole_row(const Combo& c) const {
    const SearchProblem& pb = sp_.problems[c.problem];
    std::vector<OperandChoice> choice;
    for (const Option& o : c.ops) choice.push_back({o.atom, o.g2s, o.s2r});
    KernelConfig config = pb.whole_config(c.mma, choice);
    Eval e = evaluate(config);
    if (!e.ok)
      throw SearchError("", "internal: a combination of verified parts fails verify (" + e.why +
                                "): " + config_to_json(config).dump());
    SearchRow row;
    row.config = std::move(config);
    row.report = std::move(e.report);
    row.figures = figures_of(row.report, e.plan);
    if (row.figures.excess_wavefronts != c.fig.excess_wavefronts ||
        row.figures.smem_instructions != c.fig.smem_instructions ||
        row.figures.gmem_sectors != c.fig.gmem_sectors ||
        row.figures.gmem_sectors_max != c.fig.gmem_sectors_max ||
        row.figures.gmem_bytes != c.fig.gmem_bytes || row.figures.smem_bytes != c.fig.smem_bytes ||
        row.figures.reorder_movs != c.fig.reorder_movs || row.figures.block2d_loads != c.fig.block2d_loads ||
        row.figures.registers != c.fig.registers)
      throw SearchError("", "internal: the whole spec's figures differ from its parts' (" +
                                std::to_string(row.figures.excess_wavefronts) + " vs " +
                                std::to_string(c.fig.excess_wavefronts) + " excess wavefronts, " +
                                std::to_string(row.figures.smem_instructions) + " vs " +
                                std::to_string(c.fig.smem_instructions) +
                                " instructions): " + config_to_json(row.config).dump());
    row.knobs = pb.knob_values(c.mma, choice);
    // Xe: what the helper picked for "auto".
    for (auto& [k, v] : row.knobs)
      if (v == "auto" && k.size() == 6 && k.ends_with(".copy"))
        for (const PlannedCopy& pc : e.plan.copies)
          if (pc.name == k.substr(0, 1)) v = "auto (" + pc.copy.atom.name + ")";
    return row;
  }

  // 5. The whole spec of each leading combination, verified; its report gives the row's figures.
  // (More than `top`: a whole spec's register or Xe figures may reorder ties of the parts' figures.)
  void verify_rows() {
    const size_t want = size_t(std::max(0, req_.top));
    std::vector<std::optional<SearchRow>> rows(std::min(combos_.size(), want * 2 + 8));
    run_tasks(
        int64_t(rows.size()), req_.jobs, [&](int64_t i) { rows[i] = whole_row(combos_[size_t(i)]); }, [] {});
    res_.evaluated += int64_t(rows.size());
    std::vector<SearchRow> all;
    for (auto& r : rows) all.push_back(std::move(*r));
    std::stable_sort(all.begin(), all.end(), [](const SearchRow& x, const SearchRow& y) {
      return rank_key(x.figures) < rank_key(y.figures);
    });
    if (all.size() > want) all.resize(want);
    for (size_t i = 0; i < all.size(); ++i) all[i].rank = int(i) + 1;
    res_.rows = std::move(all);
  }

  const SearchRequest& req_;
  const std::function<void(int64_t, int64_t)>& progress_;
  SearchPlan sp_;
  SearchResult res_;
  int64_t done_ = 0;
  std::vector<MmaEval> mmas_;
  std::vector<S2REval> s2rs_;
  std::map<std::string, size_t> s2r_index_;  // s2r_key -> s2rs_ index
  std::vector<G2SEval> g2ss_;
  std::map<std::tuple<size_t, size_t, size_t>, std::vector<const G2SEval*>>
      g2s_of_;  // (p,o,a) -> passing g2s
  std::vector<Combo> combos_;
};
}  // namespace

SearchResult search(const SearchRequest& req, const std::function<void(int64_t, int64_t)>& progress) {
  return SearchRun(req, progress).run();
}

}  // namespace tvlab
