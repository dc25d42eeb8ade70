#include "tvlab/verify/banks.hpp"

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

  BankAnalysis out;
  out.validated = model.validated;
  out.model = model.name;
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
