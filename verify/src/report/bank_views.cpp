#include "tvlab/verify/report/bank_views.hpp"

#include <algorithm>
#include <numeric>
#include <set>

#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/kernel_checks.hpp"
#include "tvlab/verify/checks/smem_checks.hpp"

namespace tvlab {

namespace {

int bank_of(int64_t byte, const BankModel& model) {
  const int64_t w = byte / model.bank_bytes;
  return static_cast<int>(((w % model.banks) + model.banks) % model.banks);
}

// One copy's instructions as verify's banks.X.<name> enumerates them (smem_checks.cpp).
BankCopyView copy_view(const SmemLayout& smem, const TiledCopy& c, const std::string& name,
                       const IntTuple& tile, const BankModel& model, const PlannedCopy& p, const Plan& plan) {
  BankCopyView v;
  v.name = name;
  v.atom = c.atom.name;
  SmemCopyBanks b;  // the same three steps as verify's vector.X.c and banks.X.c
  b.copy_name = name;
  b.model = &model;
  try {
    smem_copy_sites(b, c, tile);
  } catch (const std::exception& e) {
    v.op = b.op;
    v.error = std::string("cannot enumerate the copy's instructions: ") + e.what();
    return v;
  }
  v.op = b.op;
  if (std::string why = smem_copy_instructions(b, smem, c.value_type); !why.empty()) {
    v.error = std::move(why);
    return v;
  }
  smem_copy_sources(b, p, c, tile);  // cp.async: its global sources, as verify gives them
  smem_copy_analyses(b);
  for (const BankAnalysis& a : b.analyses)
    if (!a.exact && v.not_modeled.empty()) v.not_modeled = a.not_modeled;
  const std::vector<CopyInstruction>& sites = b.sites;
  std::vector<LaneIndices> all_lanes;
  for (std::size_t k = 0; k < sites.size(); ++k) {
    const SmemInstruction& in = b.insts[k];
    BankInstructionView iv;
    iv.warp = sites[k].warp, iv.block = sites[k].block, iv.repeat = sites[k].repeat;
    iv.analysis = b.analyses[k];
    v.bytes = in.bytes;
    // (lane, word) pairs a colliding bank serves: the cells to mark, as render --view banks marks them.
    std::set<std::pair<int, int64_t>> colliding;
    std::vector<int> phase_of(in.addresses.size(), -1), bank_at(in.addresses.size(), 0);
    for (std::size_t p = 0; p < iv.analysis.phases.size(); ++p) {
      const BankPhase& ph = iv.analysis.phases[p];
      for (std::size_t j = 0; j < ph.lanes.size(); ++j) {
        phase_of[static_cast<std::size_t>(ph.lanes[j])] = static_cast<int>(p);
        bank_at[static_cast<std::size_t>(ph.lanes[j])] = ph.banks[j];
      }
      for (const BankCollision& col : ph.collisions)
        for (int l : col.lanes)
          for (int64_t w : col.words) colliding.insert({l, w});
    }
    for (std::size_t l = 0; l < in.addresses.size() && l < sites[k].lanes.size(); ++l) {
      if (!in.addresses[l]) continue;
      BankLaneView lv;
      lv.lane = static_cast<int>(l);
      lv.cells = sites[k].lanes[l];
      lv.address = *in.addresses[l];
      lv.bank = phase_of[l] >= 0 ? bank_at[l] : bank_of(lv.address, model);
      lv.phase = phase_of[l];
      // The lane's run is contiguous from its address: value j sits at address + j * bits / 8.
      for (std::size_t j = 0; j < lv.cells.size(); ++j) {
        const int64_t byte = lv.address + static_cast<int64_t>(j) * c.value_type.bits / 8;
        if (colliding.count({lv.lane, byte / model.bank_bytes})) lv.clash.push_back(lv.cells[j]);
      }
      iv.lanes.push_back(std::move(lv));
    }
    v.insts.push_back(std::move(iv));
    all_lanes.push_back(sites[k].lanes);
  }
  // g2s: each instruction's global side as gmem.X.g2s counts it (over the same tile as the bank sites).
  if (name == "g2s" && plan.mma) {
    auto sec = g2s_gmem_sectors(p, *plan.mma, plan.kernel, &v.gmem_why);
    if (sec && (!(sec->tile == tile) || sec->insts.size() != v.insts.size())) {
      v.gmem_why = "gmem." + p.name + ".g2s counts the " + to_string(sec->tile) +
                   " tile, the bank check the " + to_string(tile) + " stage";
      sec.reset();
    }
    if (sec) {
      v.gmem_why.clear();
      v.gmem_op = to_string(sec->op);
      for (std::size_t k = 0; k < v.insts.size(); ++k)
        v.insts[k].gmem = g2s_instruction_sectors_text(*sec, k);
    }
  }
  v.wavefronts = b.wavefronts, v.ideal_wavefronts = b.ideal_wavefronts;
  v.order.resize(v.insts.size());
  std::iota(v.order.begin(), v.order.end(), 0);
  // Most conflicts first; ties in issue order, so the first is worst_smem_instruction's (verify's witness).
  std::stable_sort(v.order.begin(), v.order.end(), [&](int x, int y) {
    return v.insts[static_cast<std::size_t>(x)].analysis.bank_conflicts >
           v.insts[static_cast<std::size_t>(y)].analysis.bank_conflicts;
  });
  if (v.wavefronts > v.ideal_wavefronts)
    v.suggest = suggest_smem_layout(smem, all_lanes, c.value_type, v.op, model);
  return v;
}

}  // namespace

OperandBanks operand_banks(const Plan& plan, const std::string& x, int64_t rows, int64_t cols) {
  OperandBanks b;
  const PlannedCopy* p = nullptr;
  for (const PlannedCopy& c : plan.copies)
    if (c.name == x) p = &c;
  if (!p || !plan.mma) {
    b.why = "the spec has no copy and MMA for operand " + x;
    return b;
  }
  if (!p->smem) {
    b.why = p->slm_layout
                ? "operand " + x +
                      " goes through Xe SLM, but the spec states no SLM layout: give \"smem\": "
                      "{\"layout\"} (the pipeline's r2s and s2r are then walked)"
                : "operand " + x +
                      " is not staged in shared memory: the spec gives it no \"smem\": {\"layout\", "
                      "\"g2s\", \"s2r\"} (D: {\"layout\", \"r2s\"})";
    return b;
  }
  const BankModel& model = smem_bank_model(*plan.mma);
  const SmemStage& st = *p->smem;
  b.layout = to_string(st.layout);
  b.type = p->mem_type.name;
  b.model = model.name;
  b.validated = model.validated;
  b.banks = model.banks;
  b.bank_bytes = model.bank_bytes;
  // The stage's own tile (with "cta_tile" the CTA's (BLK_MN, BLK_K) of one stage, not the MMA's operand
  // tile): verify's smem.X.layout and banks.X checks enumerate it, so the views do too.
  if (st.tile.is_tuple() && st.tile.size() == 2) {
    rows = product(st.tile[0]);
    cols = product(st.tile[1]);
  }
  b.rows = rows;
  b.cols = cols;
  const int64_t n = rows * cols;
  if (static_cast<__int128>(n) * p->mem_type.bits > static_cast<__int128>(kMaxSmemEnumerationBytes) * 8) {
    // As verify's smem.X.layout: a stage beyond any shared memory is not enumerated.
    b.why = "the " + std::to_string(rows) + "x" + std::to_string(cols) + " stage of " + b.type +
            " is over tvlab's enumeration cap of " + std::to_string(kMaxSmemEnumerationBytes) +
            " bytes of shared memory (verify's smem." + x + ".layout)";
    return b;
  }
  try {
    if (smem_tile_size(st.layout) != n) {
      b.why = "the smem layout " + b.layout + " has " + std::to_string(smem_tile_size(st.layout)) +
              " coordinates, the " + std::to_string(rows) + "x" + std::to_string(cols) + " tile " +
              std::to_string(n) + " (verify's smem." + x + ".layout)";
      return b;
    }
    b.address.reserve(static_cast<std::size_t>(n));
    b.bank.reserve(static_cast<std::size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      const int64_t byte = smem_element_offset(st.layout, i, p->mem_type.bits) * p->mem_type.bits / 8;
      b.address.push_back(byte);
      b.bank.push_back(bank_of(byte, model));
    }
  } catch (const std::exception& e) {
    b.address.clear(), b.bank.clear();
    b.why = "the smem layout " + b.layout + " gives no element offsets: " + e.what();
    return b;
  }
  b.staged = true;
  const IntTuple tile = st.tile.is_tuple() && st.tile.size() == 2 ? st.tile : make_shape(rows, cols);
  for (const char* name : {"s2r", "g2s", "r2s"})
    if (const TiledCopy* c = stage_copy(st, name))
      b.copies.push_back(copy_view(st.layout, *c, name, tile, model, *p, plan));
  return b;
}

}  // namespace tvlab
