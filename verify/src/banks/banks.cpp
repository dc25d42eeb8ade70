#include "tvlab/verify/banks/banks.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace tvlab {

namespace {

const char* kOpNames =
    "ld, st, cp.async, ldmatrix.x1, ldmatrix.x2, ldmatrix.x4, stmatrix.x1, stmatrix.x2, stmatrix.x4 "
    "(ldmatrix/stmatrix also with .trans)";

bool valid_width(int bytes) {
  return bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8 || bytes == 16;
}

}  // namespace

SmemOp parse_smem_op(std::string_view text) {
  SmemOp op;
  if (text == "ld") return op;
  if (text == "st") return {SmemOpKind::Store, 0, false};
  if (text == "cp.async") return {SmemOpKind::CpAsync, 0, false};
  for (auto [prefix, kind] : {std::pair{std::string_view("ldmatrix.x"), SmemOpKind::Ldmatrix},
                              std::pair{std::string_view("stmatrix.x"), SmemOpKind::Stmatrix}}) {
    if (!text.starts_with(prefix)) continue;
    std::string_view rest = text.substr(prefix.size());
    if (rest.empty() || (rest[0] != '1' && rest[0] != '2' && rest[0] != '4')) break;
    op.kind = kind;
    op.matrices = rest[0] - '0';
    rest.remove_prefix(1);
    if (rest == ".trans") {
      op.trans = true;
      return op;
    }
    if (rest.empty()) return op;
    break;
  }
  throw BankError("unknown shared-memory instruction '" + std::string(text) + "': expected one of " +
                  kOpNames);
}

std::string to_string(const SmemOp& op) {
  switch (op.kind) {
    case SmemOpKind::Load:
      return "ld";
    case SmemOpKind::Store:
      return "st";
    case SmemOpKind::CpAsync:
      return "cp.async";
    case SmemOpKind::Ldmatrix:
    case SmemOpKind::Stmatrix:
      return std::string(op.kind == SmemOpKind::Ldmatrix ? "ldmatrix" : "stmatrix") + ".x" +
             std::to_string(op.matrices) + (op.trans ? ".trans" : "");
  }
  return "?";
}

const BankModel& nvidia_bank_model() {
  static const BankModel m = [] {
    BankModel x;
    x.name = "nvidia";
    return x;
  }();
  return m;
}

const BankModel& xe_slm_bank_model() {
  static const BankModel m = [] {
    BankModel x;
    x.name = "xe-slm";
    x.banks = 16;
    x.lanes = 16;
    x.store_broadcast = false;
    x.merge_load_phases = false;
    x.cp_async_by_source = false;
    x.cp_async_phase_lanes = 0;
    x.validated = false;
    return x;
  }();
  return m;
}

namespace {

// Lanes per phase before merging.
int phase_lanes(const SmemInstruction& inst, const BankModel& model) {
  if (!model.split_phases) return model.lanes;
  if (inst.op.is_matrix()) return 8;
  if (inst.op.kind == SmemOpKind::CpAsync && model.cp_async_phase_lanes > 0)
    return model.cp_async_phase_lanes;
  return std::max(1, std::min(model.lanes, model.wavefront_bytes() / std::max(inst.bytes, model.bank_bytes)));
}

// Slots of a set of lanes: per quad (lanes 4q..4q+3) the distinct addresses its active lanes give (with
// dedup; else every active lane is a slot).
int64_t quad_slots(const SmemInstruction& inst, const std::vector<int>& lanes, bool dedup) {
  std::set<std::pair<int, int64_t>> seen;
  int64_t n = 0;
  for (int l : lanes) {
    const auto& a = inst.addresses[l];
    if (!a) continue;
    if (!dedup || seen.insert({l / 4, *a}).second) ++n;
  }
  return n;
}

bool merges_phases(const SmemInstruction& inst, const BankModel& model) {
  return model.merge_load_phases && model.split_phases && inst.op.kind == SmemOpKind::Load && inst.bytes >= 8;
}

// Nsight Compute's ideal wavefronts (see the header).
int ideal_wavefronts(const SmemInstruction& inst, const BankModel& model,
                     const std::vector<std::vector<int>>& phases) {
  const int64_t wf = model.wavefront_bytes();
  auto nonempty = [&] {
    int n = 0;
    for (const auto& ph : phases)
      for (int l : ph)
        if (inst.addresses[l]) {
          ++n;
          break;
        }
    return n;
  };
  if (inst.op.is_matrix() || inst.op.kind == SmemOpKind::Store) return nonempty();
  if (inst.op.kind == SmemOpKind::CpAsync) {
    int64_t bytes = 0;
    for (const auto& a : inst.addresses) bytes += a ? inst.bytes : 0;
    return static_cast<int>((bytes + wf - 1) / wf);
  }
  // Loads: slots (a quad's distinct addresses) per group of 256 bytes of lanes.
  const int group = std::min(model.lanes, static_cast<int>(2 * wf / std::max(inst.bytes, model.bank_bytes)));
  const bool dedup = merges_phases(inst, model);
  int ideal = 0;
  for (int g0 = 0; g0 < model.lanes; g0 += group) {
    std::vector<int> lanes;
    for (int l = g0; l < std::min(model.lanes, g0 + group); ++l) lanes.push_back(l);
    const int64_t slots = quad_slots(inst, lanes, dedup);
    ideal += static_cast<int>((slots * std::max(inst.bytes, model.bank_bytes) + wf - 1) / wf);
  }
  return ideal;
}

// One lane's shared-memory words and the banks they sit in.
struct LaneWords {
  int lane;
  int64_t first, last;  // words (byte address / bank width)
};

// How a cp.async phase's lanes read global memory (the header's "cp.async"), weakest last.
enum class PhaseKind { Line, Window, TwoLines, Stacked, Overlap };

// cp.async by its global sources (the header's "cp.async"). Phases of wavefront_bytes / bytes lanes add up;
// fills phases, wavefronts and ideal, or sets exact = false with the reason and a lower bound.
void analyze_cp_async(const SmemInstruction& inst, const BankModel& model, BankAnalysis& out) {
  const int bb = model.bank_bytes, nb = model.banks;
  const int64_t wf_bytes = model.wavefront_bytes();
  std::vector<int> lanes;
  for (int l = 0; l < model.lanes; ++l)
    if (inst.addresses[l]) lanes.push_back(l);
  out.bytes = static_cast<int64_t>(lanes.size()) * inst.bytes;
  auto words = [&](int l) {
    const int64_t a = *inst.addresses[l];
    return LaneWords{l, a / bb, (a + inst.bytes - 1) / bb};
  };
  auto lane_banks = [&](int l) {
    std::vector<int> v;
    const LaneWords w = words(l);
    for (int64_t x = w.first; x <= w.last; ++x) v.push_back(static_cast<int>(x % nb));
    return v;
  };
  // Source word positions (global word % banks: the word's place in its line) of a lane.
  auto positions = [&](int l) {
    std::vector<int> v;
    for (int64_t x = *inst.sources[l] / bb; x <= (*inst.sources[l] + inst.bytes - 1) / bb; ++x)
      v.push_back(static_cast<int>(((x % nb) + nb) % nb));
    return v;
  };
  // The lanes' banks, and the collisions (banks holding several distinct words), of a set of lanes.
  auto bank_phase = [&](const std::vector<int>& ls) {
    BankPhase ph;
    std::map<int, std::vector<int>> bank_lanes;
    std::map<int, std::set<int64_t>> bank_words;
    for (int l : ls) {
      const LaneWords w = words(l);
      ph.lanes.push_back(l);
      ph.banks.push_back(static_cast<int>(w.first % nb));
      for (int64_t x = w.first; x <= w.last; ++x) {
        bank_lanes[static_cast<int>(x % nb)].push_back(l);
        bank_words[static_cast<int>(x % nb)].insert(x);
      }
    }
    for (const auto& [bank, bl] : bank_lanes) {
      ph.wavefronts = std::max(ph.wavefronts, static_cast<int>(bank_words[bank].size()));
      if (bank_words[bank].size() < 2) continue;
      BankCollision c;
      c.bank = bank;
      c.ways = static_cast<int>(bank_words[bank].size());
      c.lanes = bl;
      c.words.assign(bank_words[bank].begin(), bank_words[bank].end());
      ph.collisions.push_back(std::move(c));
    }
    std::stable_sort(ph.collisions.begin(), ph.collisions.end(),
                     [](const BankCollision& a, const BankCollision& b) { return a.ways > b.ways; });
    return ph;
  };
  // The phases: groups of wavefront_bytes / bytes consecutive lanes (the whole warp without
  // model.cp_async_phases).
  const int per = model.cp_async_phases ? static_cast<int>(wf_bytes / inst.bytes) : model.lanes;
  std::vector<std::vector<int>> phases;
  for (int p0 = 0; p0 < model.lanes; p0 += per) {
    std::vector<int> ph;
    for (int l : lanes)
      if (l >= p0 && l < p0 + per) ph.push_back(l);
    if (!ph.empty()) phases.push_back(std::move(ph));
  }
  // A lower bound of one phase whatever its sources: the most distinct words one bank holds, its bytes / 128.
  auto floor_without_sources = [&](const std::vector<int>& ph) {
    const BankPhase bp = bank_phase(ph);
    return std::max(bp.wavefronts,
                    static_cast<int>((int64_t(ph.size()) * inst.bytes + wf_bytes - 1) / wf_bytes));
  };
  auto unmodeled = [&](const std::string& why) {
    out.exact = false;
    out.not_modeled = why;
    out.phases.clear();
    out.wavefronts = 0;
    for (const auto& ph : phases) {
      out.phases.push_back(bank_phase(ph));
      out.phases.back().wavefronts = floor_without_sources(ph);
      out.phases.back().bound = why;
      out.wavefronts += out.phases.back().wavefronts;
    }
    out.ideal_wavefronts = out.wavefronts;
    out.bank_conflicts = 0;
  };
  if (lanes.empty()) return;
  if (inst.sources.empty())
    return unmodeled(
        "the lanes' global source addresses are not known, and cp.async's shared-memory wavefronts depend on "
        "them");
  for (int l : lanes)
    if (!inst.sources[l]) return unmodeled("lane " + std::to_string(l) + " has no global source address");
  // Two lanes writing the same shared-memory word: never measured.
  {
    std::map<int64_t, int> owner;
    for (int l : lanes) {
      const LaneWords w = words(l);
      for (int64_t x = w.first; x <= w.last; ++x)
        if (auto [it, fresh] = owner.emplace(x, l); !fresh)
          return unmodeled("lanes " + std::to_string(it->second) + " and " + std::to_string(l) +
                           " write the same shared-memory word (not measured)");
    }
  }
  // Each phase: its kind, then first-fit (exact) or a bound.
  PhaseKind worst = PhaseKind::Line;
  bool all_runs = true;  // every phase reads one lane-linear run (lane l at G + bytes*l, or G - bytes*l)
  std::string why;
  bool exact = true;
  // A phase whose count is only a lower bound: its reason ("read ..."), on the phase and, for the first such
  // phase, with its lanes, as the instruction's not_modeled.
  const auto bound_by = [&](BankPhase& bp, const std::vector<int>& ph, const std::string& reads) {
    exact = false;
    bp.bound = "its lanes " + reads;
    if (why.empty())
      why = "lanes " + std::to_string(ph.front()) + "-" + std::to_string(ph.back()) + " (one group of " +
            std::to_string(per) + ") " + reads;
  };
  int ideal = 0;
  std::set<int64_t> all_lines;
  for (const auto& ph : phases) {
    int64_t lo = *inst.sources[ph[0]], hi = lo;
    std::map<int64_t, std::set<int>> line_positions;  // absolute sources: line -> source word positions
    std::map<int64_t, std::vector<int>> line_lanes;   // line (relative: 128-byte block of a row) -> lanes
    std::map<int, int> per_position;                  // lanes on one source word position
    std::map<int64_t, int> per_source;                // lanes reading one identical source word
    for (int l : ph) {
      lo = std::min(lo, *inst.sources[l]);
      hi = std::max(hi, *inst.sources[l] + inst.bytes);
      const std::vector<int> pos = positions(l);
      for (int x : pos) ++per_position[x];
      for (int64_t x = *inst.sources[l] / bb; x <= (*inst.sources[l] + inst.bytes - 1) / bb; ++x)
        ++per_source[x];
      line_lanes[*inst.sources[l] / wf_bytes].push_back(l);
      if (inst.sources_absolute) {
        line_positions[*inst.sources[l] / wf_bytes].insert(pos.begin(), pos.end());
        all_lines.insert(*inst.sources[l] / wf_bytes);
      }
    }
    int most_on_position = 0, most_on_source = 0;
    for (const auto& [x, n] : per_position) most_on_position = std::max(most_on_position, n);
    for (const auto& [x, n] : per_source) most_on_source = std::max(most_on_source, n);
    // Absolute sources: one line, two lines (one 128-byte window straddling a line boundary is two lines), or
    // more; relative: one window, or more.
    PhaseKind kind = PhaseKind::Overlap;
    if (!inst.sources_absolute && hi - lo <= wf_bytes)
      kind = PhaseKind::Window;
    else if (inst.sources_absolute && line_positions.size() == 1)
      kind = PhaseKind::Line;
    else if (inst.sources_absolute && line_positions.size() == 2) {
      const auto& a = line_positions.begin()->second;
      const auto& b = std::next(line_positions.begin())->second;
      kind = std::none_of(a.begin(), a.end(), [&](int x) { return b.count(x); }) ? PhaseKind::TwoLines
                                                                                 : PhaseKind::Overlap;
    }
    if (!model.cp_async_source_slots && kind == PhaseKind::TwoLines) kind = PhaseKind::Overlap;
    // Stacked lines: two or more lines that each read the same set of source word positions, one lane a
    // position and the line's lanes on distinct banks, take one wavefront a line, wherever the lines lie
    // (16-byte copies: 164 of 164 such H200 measurements, shifted by 128 B to 8 MiB + 512 B; 4- and 8-byte
    // copies measured more, docs/banks.md). Relative sources: the 128-byte blocks of rows are lines where
    // rows start 128-byte aligned, which the analysis then says it assumes.
    if (kind == PhaseKind::Overlap && model.cp_async_stacked_lines && line_lanes.size() >= 2 &&
        (inst.bytes >= 16 || model.cp_async_stacked_any_width)) {
      bool stacked = true;
      std::set<int> first_positions;
      for (const auto& [ln, ls] : line_lanes) {
        std::set<int> pos, banks;
        for (int l : ls) {
          for (int x : positions(l)) stacked = stacked && pos.insert(x).second;
          for (int b : lane_banks(l)) stacked = stacked && banks.insert(b).second;
        }
        if (ln == line_lanes.begin()->first) first_positions = pos;
        stacked = stacked && pos == first_positions;
      }
      if (stacked) {
        kind = PhaseKind::Stacked;
        if (!inst.sources_absolute) out.assumes_aligned_rows = true;
      }
    }
    // Two lines apart are a count only for 4- and 8-byte copies within one 1 KiB-aligned block: across a
    // 1 KiB boundary, and for 16-byte copies, the H200 measured first-fit or more depending on the lines'
    // absolute addresses (hw/banks/run_cpasync_repeat.sh; docs/banks.md). First-fit stays their lower bound.
    // One window of relative sources is one line where its row starts 128-byte aligned and the window lies
    // in one aligned 128-byte block of the row (rows are 2^40 apart: lo % 128 is the offset in the row); the
    // analysis then says it assumes aligned rows. A window across a block boundary straddles two lines
    // wherever the row falls: first-fit or more was measured there (ld 16400 bytes: one more in some rows).
    const bool window_in_block = kind == PhaseKind::Window && lo % wf_bytes + (hi - lo) <= wf_bytes;
    if (window_in_block) out.assumes_aligned_rows = true;
    bool first_fit_bound = kind == PhaseKind::Window && !window_in_block && !model.cp_async_window_exact;
    if (kind == PhaseKind::TwoLines && !model.cp_async_two_lines_anywhere) {
      const int64_t a = line_positions.begin()->first, b = std::next(line_positions.begin())->first;
      const int64_t per_block = 1024 / wf_bytes;
      first_fit_bound = inst.bytes >= 16 || per_block < 1 || a / per_block != b / per_block;
    }
    if (model.cp_async_claim_overlap && kind == PhaseKind::Overlap) kind = PhaseKind::TwoLines;
    worst = std::max(worst, kind);
    bool up = true, down = true;
    for (int l : ph) {
      const int64_t d = *inst.sources[l] - *inst.sources[ph[0]];
      up = up && d == int64_t(inst.bytes) * (l - ph[0]);
      down = down && d == -int64_t(inst.bytes) * (l - ph[0]);
    }
    all_runs = all_runs && (up || down);
    BankPhase bp = bank_phase(ph);
    if (kind != PhaseKind::Overlap) {
      // Lanes in order into the first wavefront where neither their banks nor their source positions are
      // taken (stacked lines: one wavefront a line).
      std::vector<std::pair<std::set<int>, std::set<int>>> waves;
      for (int l : ph) {
        const std::vector<int> bk = lane_banks(l);
        const std::vector<int> sl = model.cp_async_source_slots ? positions(l) : std::vector<int>{};
        std::size_t k = 0;
        for (; k < waves.size(); ++k) {
          bool free = true;
          for (int b : bk) free = free && !waves[k].first.count(b);
          for (int x : sl) free = free && !waves[k].second.count(x);
          if (free) break;
        }
        if (k == waves.size()) waves.emplace_back();
        waves[k].first.insert(bk.begin(), bk.end());
        waves[k].second.insert(sl.begin(), sl.end());
      }
      bp.wavefronts = static_cast<int>(waves.size());
      ideal += model.cp_async_source_slots ? std::max(1, most_on_position) : 1;
      if (first_fit_bound && bp.wavefronts < static_cast<int>(ph.size()))
        bound_by(bp, ph,
                 kind == PhaseKind::Window
                     ? "read 128 bytes of one row across a 128-byte boundary of the row: they straddle two "
                       "lines wherever the row falls, and the H200 measured such phases at first-fit or more "
                       "(rows 16400 bytes apart: one wavefront more in some; docs/banks.md)"
                     : "read two 128-byte lines of global memory " +
                           (inst.bytes >= 16 ? std::string("with 16-byte copies")
                                             : std::string("across a 1 KiB boundary")) +
                           ": the H200 measured such phases at first-fit or more, depending on the lines' "
                           "absolute addresses (the same pattern moved by 64 KiB + 384 bytes: 1 and 2 "
                           "wavefronts; docs/banks.md)");
    } else {
      // A bound: the most distinct words of one bank, the most lanes on one source position (absolute
      // sources; relative ones: on one identical source word), the bytes / 128. One lane a wavefront is the
      // most a phase takes, so a bound equal to the phase's lanes is its count.
      const int lower =
          std::max(floor_without_sources(ph), inst.sources_absolute ? most_on_position : most_on_source);
      bp.wavefronts = lower;
      if (lower == static_cast<int>(ph.size())) {
        ideal += std::max(1, inst.sources_absolute ? most_on_position : most_on_source);
      } else {
        bool shared = false;  // two lines on one source word position
        std::map<int, int> seen;
        for (const auto& [ln, ps] : line_positions)
          for (int x : ps) shared = shared || !seen.emplace(x, 0).second;
        bound_by(bp, ph,
                 "read " +
                     (inst.sources_absolute
                          ? std::to_string(line_positions.size()) + " 128-byte lines of global memory" +
                                (shared ? " that share source word positions" : "")
                          : std::string("more than one 128-byte window of global memory (rows a run-time "
                                        "leading dimension apart)")) +
                     "; no rule found in the H200's recordings covers that (docs/banks.md)");
      }
    }
    out.wavefronts += bp.wavefronts;
    out.phases.push_back(std::move(bp));
  }
  if (!exact) {
    out.exact = false;
    out.not_modeled = why;
    out.ideal_wavefronts = out.wavefronts;
    out.bank_conflicts = 0;
    return;
  }
  out.arrangement = all_runs                                         ? "runs"
                    : inst.sources_absolute && all_lines.size() == 1 ? "line"
                    : worst == PhaseKind::Overlap                    ? "serial"
                    : worst == PhaseKind::Stacked                    ? "stacked"
                    : worst == PhaseKind::TwoLines                   ? "lines"
                                                                     : "window";
  out.ideal_wavefronts = ideal;
  out.bank_conflicts = out.wavefronts - out.ideal_wavefronts;
}

}  // namespace

std::vector<std::vector<int>> bank_phases(const SmemInstruction& inst, const BankModel& model) {
  const int per = phase_lanes(inst, model);
  const int count =
      inst.op.is_matrix() && model.split_phases ? inst.op.matrices : (model.lanes + per - 1) / per;
  std::vector<std::vector<int>> phases;
  for (int p = 0; p < count; ++p) {
    phases.emplace_back();
    for (int l = p * per; l < std::min(model.lanes, (p + 1) * per); ++l) phases.back().push_back(l);
  }
  if (merges_phases(inst, model)) {
    // Two neighbouring phases (one half-warp) are served together when their quads' distinct addresses
    // fit one wavefront.
    const int64_t capacity = model.wavefront_bytes() / inst.bytes;
    std::vector<std::vector<int>> merged;
    for (std::size_t p = 0; p < phases.size(); ++p) {
      if (p % 2 == 0 && p + 1 < phases.size() &&
          quad_slots(inst, phases[p], true) + quad_slots(inst, phases[p + 1], true) <= capacity) {
        merged.push_back(phases[p]);
        merged.back().insert(merged.back().end(), phases[p + 1].begin(), phases[p + 1].end());
        ++p;
      } else {
        merged.push_back(phases[p]);
      }
    }
    phases = std::move(merged);
  }
  return phases;
}

BankAnalysis analyze_banks(const SmemInstruction& inst, const BankModel& model) {
  const SmemOp& op = inst.op;
  if (op.is_matrix() && model.name != "nvidia")
    throw BankError(to_string(op) + " exists only on NVIDIA GPUs (model " + model.name + ")");
  if (op.is_matrix() && op.matrices != 1 && op.matrices != 2 && op.matrices != 4)
    throw BankError(to_string(op) + ": the matrix count must be 1, 2 or 4");
  if (!valid_width(inst.bytes))
    throw BankError("access width " + std::to_string(inst.bytes) + " bytes: expected 1, 2, 4, 8 or 16");
  if (op.is_matrix() && inst.bytes != 16)
    throw BankError(to_string(op) + " moves 16-byte rows, not " + std::to_string(inst.bytes) + " bytes");
  if (op.kind == SmemOpKind::CpAsync && inst.bytes < 4)
    throw BankError("cp.async copies 4, 8 or 16 bytes a lane, not " + std::to_string(inst.bytes));
  if (static_cast<int>(inst.addresses.size()) != model.lanes)
    throw BankError("expected " + std::to_string(model.lanes) + " lane addresses (model " + model.name +
                    "), got " + std::to_string(inst.addresses.size()));
  const int address_lanes = op.is_matrix() ? 8 * op.matrices : model.lanes;
  for (int l = 0; l < model.lanes; ++l) {
    const auto& a = inst.addresses[l];
    if (!a) continue;
    if (l >= address_lanes)
      throw BankError("lane " + std::to_string(l) + " gives an address, but " + to_string(op) +
                      " takes row addresses from lanes 0.." + std::to_string(address_lanes - 1) + " only");
    if (*a < 0) throw BankError("lane " + std::to_string(l) + ": negative address " + std::to_string(*a));
    if (*a % inst.bytes != 0)
      throw BankError("lane " + std::to_string(l) + ": address " + std::to_string(*a) +
                      " is not aligned to its " + std::to_string(inst.bytes) + "-byte access");
  }

  if (op.kind == SmemOpKind::CpAsync && !inst.sources.empty() &&
      static_cast<int>(inst.sources.size()) != model.lanes)
    throw BankError("expected " + std::to_string(model.lanes) + " lane source addresses, got " +
                    std::to_string(inst.sources.size()));
  for (std::size_t l = 0; l < inst.sources.size(); ++l)
    if (inst.sources[l] && (*inst.sources[l] < 0 || *inst.sources[l] > (int64_t(1) << 62)))
      throw BankError("lane " + std::to_string(l) + ": global source address " +
                      std::to_string(*inst.sources[l]) + " out of range [0, 2^62]");

  BankAnalysis out;
  out.validated = model.validated;
  out.model = model.name;
  if (op.kind == SmemOpKind::CpAsync && model.cp_async_by_source) {
    analyze_cp_async(inst, model, out);
    return out;
  }
  const int bb = model.bank_bytes;
  const auto all_phases = bank_phases(inst, model);
  for (const auto& lanes : all_phases) {
    BankPhase ph;
    // bank -> (distinct accesses, lanes). An access is a word, or (with no broadcast) a (lane, word).
    std::map<int, std::set<std::pair<int, int64_t>>> accesses;
    std::map<int, std::set<int>> bank_lanes;
    for (int l : lanes) {
      const auto& a = inst.addresses[l];
      if (!a) continue;
      ph.lanes.push_back(l);
      out.bytes += inst.bytes;
      const int64_t first = *a / bb, last = (*a + inst.bytes - 1) / bb;
      ph.banks.push_back(static_cast<int>(first % model.banks));
      const bool shared = op.writes() ? model.store_broadcast : model.load_broadcast;
      for (int64_t w = first; w <= last; ++w) {
        const int bank = static_cast<int>(w % model.banks);
        accesses[bank].insert({shared ? -1 : l, w});
        bank_lanes[bank].insert(l);
      }
    }
    if (!ph.lanes.empty()) {
      for (const auto& [bank, acc] : accesses)
        ph.wavefronts = std::max(ph.wavefronts, static_cast<int>(acc.size()));
      for (const auto& [bank, acc] : accesses) {
        if (acc.size() < 2) continue;
        BankCollision c;
        c.bank = bank;
        c.ways = static_cast<int>(acc.size());
        c.lanes.assign(bank_lanes[bank].begin(), bank_lanes[bank].end());
        std::set<int64_t> ws;
        for (const auto& [lane, w] : acc) ws.insert(w);
        c.words.assign(ws.begin(), ws.end());
        ph.collisions.push_back(std::move(c));
      }
      std::stable_sort(ph.collisions.begin(), ph.collisions.end(),
                       [](const BankCollision& a, const BankCollision& b) { return a.ways > b.ways; });
    }
    out.wavefronts += ph.wavefronts;
    out.phases.push_back(std::move(ph));
  }
  out.ideal_wavefronts = ideal_wavefronts(inst, model, all_phases);
  out.bank_conflicts = out.wavefronts - out.ideal_wavefronts;
  return out;
}

}  // namespace tvlab
