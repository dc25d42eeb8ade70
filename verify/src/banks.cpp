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
  static const BankModel m{"nvidia", 32, 4, 32, true, true};
  return m;
}

const BankModel& xe_slm_bank_model() {
  static const BankModel m{"xe-slm", 16, 4, 16, false, false};
  return m;
}

std::vector<std::vector<int>> bank_phases(const SmemOp& op, int bytes, const BankModel& model) {
  std::vector<std::vector<int>> phases;
  if (op.is_matrix()) {
    for (int m = 0; m < op.matrices; ++m) {
      phases.emplace_back();
      for (int l = 8 * m; l < 8 * m + 8; ++l) phases.back().push_back(l);
    }
    return phases;
  }
  const int per_phase =
      std::max(1, std::min(model.lanes, model.wavefront_bytes() / std::max(bytes, model.bank_bytes)));
  for (int l = 0; l < model.lanes; ++l) {
    if (l % per_phase == 0) phases.emplace_back();
    phases.back().push_back(l);
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
  for (const auto& lanes : bank_phases(op, inst.bytes, model)) {
    BankPhase ph;
    // bank -> (distinct accesses, lanes). An access is a word, or (with no broadcast) a (lane, word).
    std::map<int, std::set<std::pair<int, int64_t>>> accesses;
    std::map<int, std::set<int>> bank_lanes;
    std::set<int64_t> words;
    for (int l : lanes) {
      const auto& a = inst.addresses[l];
      if (!a) continue;
      ph.lanes.push_back(l);
      out.bytes += inst.bytes;
      const int64_t first = *a / bb, last = (*a + inst.bytes - 1) / bb;
      ph.banks.push_back(static_cast<int>(first % model.banks));
      const bool shared = !op.writes() || model.store_broadcast;
      for (int64_t w = first; w <= last; ++w) {
        const int bank = static_cast<int>(w % model.banks);
        accesses[bank].insert({shared ? -1 : l, w});
        bank_lanes[bank].insert(l);
        words.insert(w);
      }
    }
    if (!ph.lanes.empty()) {
      for (const auto& [bank, acc] : accesses)
        ph.wavefronts = std::max(ph.wavefronts, static_cast<int>(acc.size()));
      ph.ideal = static_cast<int>((static_cast<int64_t>(words.size()) + model.banks - 1) / model.banks);
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
    out.ideal_wavefronts += ph.ideal;
    out.phases.push_back(std::move(ph));
  }
  out.bank_conflicts = out.wavefronts - out.ideal_wavefronts;
  return out;
}

}  // namespace tvlab
