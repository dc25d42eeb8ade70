// What `tvlab banks` computes and prints (banks_report.hpp).
#include "tvlab/verify/report/banks_report.hpp"

#include <exception>
#include <sstream>
#include <string>
#include <vector>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

using ojson = nlohmann::ordered_json;

}  // namespace

std::string lane_list(const std::vector<int>& lanes) {
  std::string s;
  for (std::size_t i = 0; i < lanes.size(); ++i) {
    std::size_t j = i;
    while (j + 1 < lanes.size() && lanes[j + 1] == lanes[j] + 1) ++j;
    s += (s.empty() ? "" : " ") + std::to_string(lanes[i]) + (j > i ? "-" + std::to_string(lanes[j]) : "");
    i = j;
  }
  return s;
}

BanksResult analyze_banks_request(const BanksRequest& request) {
  if (request.arch != "nvidia" && request.arch != "xe")
    throw BanksInputError("--arch",
                          "unknown architecture '" + request.arch + "'; allowed values: nvidia, xe");
  BanksResult r;
  r.model = request.arch == "xe" ? xe_slm_bank_model() : nvidia_bank_model();
  const bool given_gmem = request.gmem.has_value();
  std::string where = "--smem";
  try {
    r.smem = parse_smem_layout(request.smem);
    where = "--tv";
    r.tv = parse_layout(request.tv);
    where = "--type";
    r.type = value_type(request.type);
    where = "--op";
    r.op = parse_smem_op(request.op);
    where = "--tv";
    const int64_t threads = rank(r.tv) == 2 ? size(mode(r.tv, 0)) : 0;
    if (request.warp) {
      where = "--warp";
      const int64_t lanes = r.model.lanes;
      if (threads <= lanes)
        throw BankError("the TV layout " + to_string(r.tv) + " has " + std::to_string(threads) +
                        " threads, one instruction's: there is no warp to cut (leave out the warp)");
      if (threads % lanes != 0)
        throw BankError("the TV layout " + to_string(r.tv) + " has " + std::to_string(threads) +
                        " threads, not a whole number of " + std::to_string(lanes) + "-lane warps");
      r.warps = threads / lanes;
      if (*request.warp < 0 || *request.warp >= r.warps)
        throw BankError("warp " + std::to_string(*request.warp) + ": the TV layout " + to_string(r.tv) +
                        " has warps 0.." + std::to_string(r.warps - 1));
      if (given_gmem)
        throw BankError(
            "a warp cut of cp.async with its global sources is not supported: give the warp's own "
            "(lane, value) layout as the TV");
      if (rank(r.tv) != 2)
        throw BankError("the TV layout " + to_string(r.tv) + " has rank " + std::to_string(rank(r.tv)) +
                        "; expected (threads, values)");
      for (const Scalar& d : leaves(r.tv.stride))
        if (d.is_basis())
          throw BankError("the TV layout " + to_string(r.tv) +
                          " is coordinate-valued; expected (thread, value) -> tile index");
      r.warp = request.warp;
      // CuTe's per-warp view: lane l of warp W is thread lanes*W + l; value v of thread t is TV(t, v).
      const int64_t vals = size(mode(r.tv, 1));
      LaneIndices idx(static_cast<std::size_t>(lanes));
      for (int64_t l = 0; l < lanes; ++l)
        for (int64_t v = 0; v < vals; ++v)
          idx[l].push_back(r.tv(IntTuple(lanes * *r.warp + l + v * threads)).ival());
      where = "--tv";
      r.instruction = smem_instruction(r.smem, idx, r.type, r.op, r.model);
    } else {
      // (ldmatrix on a model of narrower subgroups is smem_instruction's error: the op, not the TV, is at
      // fault)
      if (threads > r.model.lanes && !(r.op.is_matrix() && 8 * r.op.matrices > r.model.lanes))
        throw BankError("the TV layout " + to_string(r.tv) + " has " + std::to_string(threads) +
                        " threads; one " + r.model.name + " instruction has " +
                        std::to_string(r.model.lanes) +
                        " lanes: give the warp (--warp W; warp=W in Python) to take threads " +
                        std::to_string(r.model.lanes) + "W.." + std::to_string(r.model.lanes) + "W+" +
                        std::to_string(r.model.lanes - 1) + ", CuTe's per-warp view");
      r.instruction = smem_instruction(r.smem, r.tv, r.type, r.op, r.model);
    }
    if (given_gmem) {
      where = "--gmem";
      r.gmem = parse_smem_layout(*request.gmem);
      set_cp_async_sources(r.instruction, *r.gmem, r.tv, r.type);
      GmemInstruction g;
      g.op = GmemOpKind::CpAsyncCa;
      g.bytes = r.instruction.bytes;
      g.addresses = r.instruction.sources;
      r.sectors = count_gmem_sectors(g);
    }
    where = "--tv";
    r.analysis = analyze_banks(r.instruction, r.model);
    where = given_gmem ? "--gmem" : "--op";
    if (!r.analysis.exact)
      throw BankError(to_string(r.op) + ": not modeled: " + r.analysis.not_modeled + "; at least " +
                      std::to_string(r.analysis.wavefronts) +
                      (r.analysis.wavefronts == 1 ? " wavefront" : " wavefronts") +
                      (given_gmem ? "" : " (give --gmem)") +
                      // The global side is exact all the same (gmem_sectors.hpp).
                      (r.sectors ? "; global: " + std::to_string(r.sectors->requests) + " request, " +
                                       std::to_string(r.sectors->sectors) + " sectors of 32 bytes, " +
                                       std::to_string(r.sectors->used_bytes) + " bytes used"
                                 : std::string()));
  } catch (const ParseError& e) {
    throw BanksInputError(where, e.what(), e.column());
  } catch (const std::exception& e) {  // BankError, LayoutError, AtomError: all bad input here
    throw BanksInputError(where, e.what());
  }
  const bool cp = r.op.kind == SmemOpKind::CpAsync;     // suggestions do not carry the global sources
  if (r.analysis.bank_conflicts > 0 && !cp && !r.warp)  // (a suggestion is searched over whole TV layouts)
    r.suggestion = suggest_smem_layout(r.smem, {r.tv}, r.type, r.op, r.model);
  return r;
}

nlohmann::ordered_json banks_to_json(const BanksResult& r) {
  const BankAnalysis& a = r.analysis;
  const SmemInstruction& in = r.instruction;
  ojson phases = ojson::array();
  for (const BankPhase& p : a.phases) {
    ojson addr = ojson::array(), coll = ojson::array();
    for (int l : p.lanes) addr.push_back(*in.addresses[l]);
    for (const BankCollision& c : p.collisions)
      coll.push_back({{"bank", c.bank}, {"ways", c.ways}, {"lanes", c.lanes}, {"words", c.words}});
    phases.push_back({{"lanes", p.lanes},
                      {"addresses", addr},
                      {"banks", p.banks},
                      {"ways", p.wavefronts},
                      {"collisions", coll}});
  }
  ojson j;
  j["op"] = to_string(r.op);
  j["type"] = r.type.name;
  j["smem"] = to_string(r.smem);
  j["tv"] = to_string(r.tv);
  if (r.warp) j["warp"] = *r.warp;
  j["model"] = r.model.validated ? r.model.name : r.model.name + " (unvalidated)";
  j["wavefronts"] = a.wavefronts;
  j["ideal_wavefronts"] = a.ideal_wavefronts;
  j["bank_conflicts"] = a.bank_conflicts;
  if (!a.arrangement.empty()) j["arrangement"] = a.arrangement;
  j["bytes_per_lane"] = in.bytes;
  j["phases"] = phases;
  if (const auto& g = r.sectors)
    j["gmem_sectors"] = {{"requests", g->requests},
                         {"sectors", g->sectors},
                         {"bytes", g->bytes},
                         {"used_bytes", g->used_bytes},
                         {"counters", gmem_counters(GmemOpKind::CpAsyncCa)},
                         {"measured", g->measured}};
  if (const auto& sug = r.suggestion)
    j["suggest"] = {{"layout", to_string(sug->layout)},
                    {"kind", sug->kind},
                    {"wavefronts", sug->wavefronts},
                    {"ideal_wavefronts", sug->ideal_wavefronts},
                    {"vector", sug->vector},
                    {"padding", sug->padding},
                    {"text", sug->text()}};
  else
    j["suggest"] = nullptr;
  return j;
}

std::string banks_to_text(const BanksResult& r) {
  const BankAnalysis& a = r.analysis;
  std::ostringstream out;
  out << to_string(r.op) << " of " << r.type.name << " over " << to_string(r.smem) << ", "
      << r.instruction.bytes << " bytes a lane\n";
  if (r.warp)
    out << "warp " << *r.warp << " of " << r.warps << " (threads " << *r.warp * r.model.lanes << ".."
        << (*r.warp + 1) * r.model.lanes - 1 << " of the TV layout " << to_string(r.tv) << ")\n";
  if (!r.model.validated)
    out << "model: unvalidated (" << r.model.name << ": no public source states its banking)\n";
  out << "wavefronts " << a.wavefronts << ", ideal " << a.ideal_wavefronts << ", bank conflicts "
      << a.bank_conflicts << (a.bank_conflicts == 0 ? " (conflict-free)" : "") << '\n';
  for (std::size_t p = 0; p < a.phases.size(); ++p) {
    const BankPhase& ph = a.phases[p];
    if (ph.lanes.empty()) continue;
    out << "  phase " << p << ": lanes " << lane_list(ph.lanes) << ", " << ph.wavefronts
        << (ph.wavefronts == 1 ? " wavefront" : " wavefronts");
    if (!ph.collisions.empty()) {
      const BankCollision& c = ph.collisions.front();
      out << "; bank " << c.bank << " serves " << c.ways << " words to lanes " << lane_list(c.lanes);
      if (ph.collisions.size() > 1) out << " (and " << ph.collisions.size() - 1 << " more banks)";
    }
    out << '\n';
  }
  if (const auto& g = r.sectors) {
    const int64_t pct = g->sectors ? 100 * g->used_bytes / (32 * g->sectors) : 0;
    out << "global: " << g->requests << (g->requests == 1 ? " request, " : " requests, ") << g->sectors
        << (g->sectors == 1 ? " sector" : " sectors") << " of 32 bytes, " << g->used_bytes << " of "
        << 32 * g->sectors << " bytes used (" << pct << "%)"
        << " (H200-measured LDGSTS cache_access counters; .cg reads them through the L1 bypass)\n";
  }
  const bool cp = r.op.kind == SmemOpKind::CpAsync;
  if (r.suggestion)
    out << "suggest: " << r.suggestion->text() << '\n';
  else if (a.bank_conflicts > 0 && cp)
    out << "suggest: not searched for cp.async (its wavefronts depend on the global sources)\n";
  else if (a.bank_conflicts > 0 && r.warp)
    out << "suggest: not searched for a warp cut (give the warp's own (lane, value) layout as the TV)\n";
  else if (a.bank_conflicts > 0)
    out << "suggest: none found (swizzles Sw<1..4,0..6,1..8> and row padding up to 8 vectors)\n";
  return out.str();
}

}  // namespace tvlab
