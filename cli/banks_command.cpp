#include "banks_command.hpp"

#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/bank_suggest.hpp"

namespace tvlab::cli {

namespace {
struct BanksOptions {
  std::string smem, tv, type, op, gmem, arch = "nvidia";
  bool json = false;
};

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

nlohmann::ordered_json to_json(const BankAnalysis& a, const SmemInstruction& in) {
  nlohmann::ordered_json phases = nlohmann::ordered_json::array();
  for (const BankPhase& p : a.phases) {
    nlohmann::ordered_json addr = nlohmann::ordered_json::array(), coll = nlohmann::ordered_json::array();
    for (int l : p.lanes) addr.push_back(*in.addresses[l]);
    for (const BankCollision& c : p.collisions)
      coll.push_back({{"bank", c.bank}, {"ways", c.ways}, {"lanes", c.lanes}, {"words", c.words}});
    phases.push_back({{"lanes", p.lanes},
                      {"addresses", addr},
                      {"banks", p.banks},
                      {"ways", p.wavefronts},
                      {"collisions", coll}});
  }
  nlohmann::ordered_json j;
  j["wavefronts"] = a.wavefronts;
  j["ideal_wavefronts"] = a.ideal_wavefronts;
  j["bank_conflicts"] = a.bank_conflicts;
  if (!a.arrangement.empty()) j["arrangement"] = a.arrangement;
  j["bytes_per_lane"] = in.bytes;
  j["phases"] = phases;
  return j;
}
}  // namespace

std::function<int()> setup_banks(CLI::App& app) {
  auto opt = std::make_shared<BanksOptions>();
  auto* cmd = app.add_subcommand(
      "banks", "Shared-memory bank conflicts of one warp-wide instruction, and a conflict-free layout.");
  cmd->add_option("--smem", opt->smem, "LAYOUT: tile coordinate -> element offset (swizzled, padded, ...)")
      ->required();
  cmd->add_option("--tv", opt->tv,
                  "TV: (lane, v) -> tile index of ONE instruction (column-major tile indices)")
      ->required();
  cmd->add_option("--type", opt->type, "element type: half_t, float, int8_t, bf16, ...")->required();
  cmd->add_option("--op", opt->op, "ld, st, cp.async, ldmatrix.x1|x2|x4[.trans], stmatrix.x1|x2|x4[.trans]")
      ->required();
  cmd->add_option("--gmem", opt->gmem,
                  "cp.async: LAYOUT, tile coordinate -> element offset of the global source (from a 128-byte "
                  "aligned base); cp.async's wavefronts depend on it");
  cmd->add_option("--arch", opt->arch, "nvidia (default; H100-measured model) or xe (SLM, model unvalidated)")
      ->check(CLI::IsMember({"nvidia", "xe"}));
  cmd->add_flag("--json", opt->json, "JSON: wavefronts, ideal_wavefronts, bank_conflicts, phases, suggest");
  cmd->footer(
      "One instruction: lane l accesses the tile indices TV(l,0..V-1), which must be contiguous in shared\n"
      "memory (one V-element vector). For ldmatrix/stmatrix TV's lane mode holds the 8, 16 or 32 lanes\n"
      "that give a 16-byte row address. NVIDIA: 32 banks of 4 bytes, phases and broadcasts as measured on\n"
      "an H100 (docs/banks.md).\n"
      "Examples:\n"
      "  # ldmatrix.x4 over a row-major 64x64 half tile: 32 wavefronts, suggests Sw<3,3,3>\n"
      "  tvlab banks --smem '(64,64):(64,1)' --tv '((8,4),8):((1,512),64)' --type half_t --op ldmatrix.x4\n"
      "  tvlab banks --smem 'Sw<3,3,3> o (64,64):(64,1)' --tv '((8,4),8):((1,512),64)' --type half_t "
      "--op ldmatrix.x4\n"
      "  # a column of a 32x32 float tile, padded to 33 floats a row\n"
      "  tvlab banks --smem '(32,32):(33,1)' --tv '(32,1):(1,0)' --type float --op ld --json\n"
      "  # cp.async needs its global source: 32 floats read from 128 contiguous bytes\n"
      "  tvlab banks --smem '1024:1' --tv '(32,1):(1,0)' --type float --op cp.async --gmem '1024:1'\n"
      "cp.async is modeled where each group of 128/bytes lanes reads one lane-linear run, or all lanes read\n"
      "within one 128-byte line (H200-measured); elsewhere it exits 2 with a lower bound.\n"
      "Exit codes: 0 conflict-free, 1 bank conflicts, 2 bad input or not modeled.");
  return [opt]() -> int {
    const BankModel& model = opt->arch == "xe" ? xe_slm_bank_model() : nvidia_bank_model();
    SmemLayout smem;
    Layout tv;
    ValueType type;
    SmemOp op;
    SmemInstruction in;
    BankAnalysis a;
    std::string where = "--smem";
    try {
      smem = parse_smem_layout(opt->smem);
      where = "--tv";
      tv = parse_layout(opt->tv);
      where = "--type";
      type = value_type(opt->type);
      where = "--op";
      op = parse_smem_op(opt->op);
      where = "--tv";
      in = smem_instruction(smem, tv, type, op, model);
      if (!opt->gmem.empty()) {
        where = "--gmem";
        set_cp_async_sources(in, parse_smem_layout(opt->gmem), tv, type);
      }
      where = "--tv";
      a = analyze_banks(in, model);
      where = opt->gmem.empty() ? "--op" : "--gmem";
      if (!a.exact)
        throw BankError(to_string(op) + ": not modeled: " + a.not_modeled + "; at least " +
                        std::to_string(a.wavefronts) + (a.wavefronts == 1 ? " wavefront" : " wavefronts") +
                        (opt->gmem.empty() ? " (give --gmem)" : ""));
    } catch (const ParseError& e) {
      report("banks", where + ", column " + std::to_string(e.column()), e.what());
      return kBadInput;
    } catch (const std::exception& e) {  // BankError, LayoutError, AtomError: all bad input here
      report("banks", where, e.what());
      return kBadInput;
    }
    std::optional<BankSuggestion> sug;
    const bool cp = op.kind == SmemOpKind::CpAsync;  // suggestions do not carry the global sources
    if (a.bank_conflicts > 0 && !cp) sug = suggest_smem_layout(smem, {tv}, type, op, model);
    if (opt->json) {
      nlohmann::ordered_json j;
      j["op"] = to_string(op);
      j["type"] = type.name;
      j["smem"] = to_string(smem);
      j["tv"] = to_string(tv);
      j["model"] = model.validated ? model.name : model.name + " (unvalidated)";
      nlohmann::ordered_json body = to_json(a, in);
      for (auto it = body.begin(); it != body.end(); ++it) j[it.key()] = it.value();
      if (sug)
        j["suggest"] = {{"layout", to_string(sug->layout)},
                        {"kind", sug->kind},
                        {"wavefronts", sug->wavefronts},
                        {"ideal_wavefronts", sug->ideal_wavefronts},
                        {"vector", sug->vector},
                        {"padding", sug->padding},
                        {"text", sug->text()}};
      else
        j["suggest"] = nullptr;
      std::cout << j.dump(2) << '\n';
    } else {
      std::cout << to_string(op) << " of " << type.name << " over " << to_string(smem) << ", " << in.bytes
                << " bytes a lane\n";
      if (!model.validated)
        std::cout << "model: unvalidated (" << model.name << ": no public source states its banking)\n";
      std::cout << "wavefronts " << a.wavefronts << ", ideal " << a.ideal_wavefronts << ", bank conflicts "
                << a.bank_conflicts << (a.bank_conflicts == 0 ? " (conflict-free)" : "") << '\n';
      for (std::size_t p = 0; p < a.phases.size(); ++p) {
        const BankPhase& ph = a.phases[p];
        if (ph.lanes.empty()) continue;
        std::cout << "  phase " << p << ": lanes " << lane_list(ph.lanes) << ", " << ph.wavefronts
                  << (ph.wavefronts == 1 ? " wavefront" : " wavefronts");
        if (!ph.collisions.empty()) {
          const BankCollision& c = ph.collisions.front();
          std::cout << "; bank " << c.bank << " serves " << c.ways << " words to lanes "
                    << lane_list(c.lanes);
          if (ph.collisions.size() > 1) std::cout << " (and " << ph.collisions.size() - 1 << " more banks)";
        }
        std::cout << '\n';
      }
      if (sug)
        std::cout << "suggest: " << sug->text() << '\n';
      else if (a.bank_conflicts > 0 && cp)
        std::cout << "suggest: not searched for cp.async (its wavefronts depend on the global sources)\n";
      else if (a.bank_conflicts > 0)
        std::cout << "suggest: none found (swizzles Sw<1..4,0..6,1..8> and row padding up to 8 vectors)\n";
    }
    return a.bank_conflicts > 0 ? kCheckFailed : kOk;
  };
}

}  // namespace tvlab::cli
