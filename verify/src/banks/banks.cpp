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

// cp.async by its global sources (the header's "runs" and "line"). Fills phases, wavefronts and ideal, or
// sets exact = false with the reason and a lower bound.
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
  // The most lanes writing one bank among `ls` (no two of them write the same word: checked below).
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
      ph.wavefronts = std::max(ph.wavefronts, static_cast<int>(bl.size()));
      if (bl.size() < 2) continue;
      BankCollision c;
      c.bank = bank;
      c.ways = static_cast<int>(bl.size());
      c.lanes = bl;
      c.words.assign(bank_words[bank].begin(), bank_words[bank].end());
      ph.collisions.push_back(std::move(c));
    }
    std::stable_sort(ph.collisions.begin(), ph.collisions.end(),
                     [](const BankCollision& a, const BankCollision& b) { return a.ways > b.ways; });
    return ph;
  };
  // Lower bound, whatever the sources: one word per bank and 128 bytes per wavefront.
  std::map<int, std::set<int64_t>> all_words;
  for (int l : lanes) {
    const LaneWords w = words(l);
    for (int64_t x = w.first; x <= w.last; ++x) all_words[static_cast<int>(x % nb)].insert(x);
  }
  int lower = static_cast<int>((out.bytes + wf_bytes - 1) / wf_bytes);
  for (const auto& [bank, ws] : all_words) lower = std::max(lower, static_cast<int>(ws.size()));
  auto unmodeled = [&](const std::string& why, int bound) {
    out.exact = false;
    out.not_modeled = why;
    out.phases.clear();
    out.phases.push_back(bank_phase(lanes));
    out.wavefronts = out.ideal_wavefronts = bound;
    out.bank_conflicts = 0;
  };
  if (lanes.empty()) return;
  if (inst.sources.empty())
    return unmodeled(
        "the lanes' global source addresses are not known, and cp.async's shared-memory wavefronts depend on "
        "them",
        lower);
  for (int l : lanes)
    if (!inst.sources[l])
      return unmodeled("lane " + std::to_string(l) + " has no global source address", lower);
  // Two lanes writing the same shared-memory word: never measured.
  {
    std::map<int64_t, int> owner;
    for (int l : lanes) {
      const LaneWords w = words(l);
      for (int64_t x = w.first; x <= w.last; ++x)
        if (auto [it, fresh] = owner.emplace(x, l); !fresh)
          return unmodeled("lanes " + std::to_string(it->second) + " and " + std::to_string(l) +
                               " write the same shared-memory word (not measured)",
                           lower);
    }
  }
  // "runs": each group of 128/bytes consecutive lanes reads one lane-linear run.
  const int group = static_cast<int>(wf_bytes / inst.bytes);
  bool runs = true;
  for (int g0 = 0; g0 < model.lanes && runs; g0 += group) {
    std::vector<int> gl;
    for (int l : lanes)
      if (l >= g0 && l < g0 + group) gl.push_back(l);
    if (gl.size() < 2) continue;
    bool up = true, down = true;
    for (int l : gl) {
      const int64_t d = (*inst.sources[l] - *inst.sources[gl[0]]);
      up = up && d == int64_t(inst.bytes) * (l - gl[0]);
      down = down && d == -int64_t(inst.bytes) * (l - gl[0]);
    }
    runs = up || down;
  }
  if (runs) {
    out.arrangement = "runs";
    for (int g0 = 0; g0 < model.lanes; g0 += group) {
      std::vector<int> gl;
      for (int l : lanes)
        if (l >= g0 && l < g0 + group) gl.push_back(l);
      if (gl.empty()) continue;
      out.phases.push_back(bank_phase(gl));
      out.wavefronts += out.phases.back().wavefronts;
      ++out.ideal_wavefronts;
    }
    out.bank_conflicts = out.wavefronts - out.ideal_wavefronts;
    return;
  }
  // Source word positions (global word % 32) of each lane; the most lanes on one of them.
  auto slots = [&](int l) {
    std::vector<int> v;
    for (int64_t x = *inst.sources[l] / bb; x <= (*inst.sources[l] + inst.bytes - 1) / bb; ++x)
      v.push_back(static_cast<int>(((x % nb) + nb) % nb));
    return v;
  };
  std::map<int, int> slot_lanes;
  for (int l : lanes)
    for (int x : slots(l)) ++slot_lanes[x];
  int slot_floor = 0;
  for (const auto& [x, n] : slot_lanes) slot_floor = std::max(slot_floor, n);
  int64_t lo = *inst.sources[lanes[0]], hi = lo;
  for (int l : lanes) {
    lo = std::min(lo, *inst.sources[l]);
    hi = std::max(hi, *inst.sources[l] + inst.bytes - 1);
  }
  const bool one_line = inst.sources_absolute && lo >= 0 && lo / wf_bytes == hi / wf_bytes;
  if (!one_line) {
    const std::string why =
        inst.sources_absolute
            ? "the lanes read from several 128-byte lines of global memory, not one lane-linear run per "
              "group of " +
                  std::to_string(group) + " lanes"
            : "a group of " + std::to_string(group) +
                  " lanes does not read one lane-linear run of one row of global memory";
    return unmodeled(why,
                     std::max(lower, inst.sources_absolute && model.cp_async_source_slots ? slot_floor : 0));
  }
  // "line": lanes in order into the first wavefront where their banks and source positions are free.
  out.arrangement = "line";
  std::vector<std::pair<std::set<int>, std::set<int>>> waves;  // (banks, source positions) taken
  for (int l : lanes) {
    const LaneWords w = words(l);
    std::vector<int> bk;
    for (int64_t x = w.first; x <= w.last; ++x) bk.push_back(static_cast<int>(x % nb));
    const std::vector<int> sl = model.cp_async_source_slots ? slots(l) : std::vector<int>{};
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
  out.phases.push_back(bank_phase(lanes));
  out.phases.back().wavefronts = static_cast<int>(waves.size());
  out.wavefronts = static_cast<int>(waves.size());
  out.ideal_wavefronts = model.cp_async_source_slots ? std::max(1, slot_floor) : 1;
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
