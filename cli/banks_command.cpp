#include "banks_command.hpp"

#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "command.hpp"
#include "tvlab/verify/report/banks_report.hpp"

namespace tvlab::cli {

namespace {
struct BanksOptions {
  std::string smem, tv, type, op, gmem, arch = "nvidia";
  int64_t warp = 0;
  CLI::Option* warp_given = nullptr;
  bool json = false;
};
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
  opt->warp_given = cmd->add_option(
      "--warp", opt->warp,
      "W: a TV of more threads than one instruction's lanes (a TiledCopy's 128) is cut to warp W, "
      "threads 32W..32W+31 (CuTe's per-warp view)");
  cmd->add_flag("--json", opt->json, "JSON: wavefronts, ideal_wavefronts, bank_conflicts, phases, suggest");
  cmd->footer(
      "One instruction: lane l accesses the tile indices TV(l,0..V-1), which must be contiguous in shared\n"
      "memory (one V-element vector). For ldmatrix/stmatrix TV's lane mode holds the 8, 16 or 32 lanes\n"
      "that give a 16-byte row address. NVIDIA: 32 banks of 4 bytes, phases and broadcasts as measured on\n"
      "an H100 (docs/banks.md).\n"
      "Examples:\n"
      "  # ldmatrix.x4 over a row-major 64x64 half tile: 32 wavefronts, suggests Sw<3,3,3> (exit 1: "
      "conflicts)\n"
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
    BanksRequest request{opt->smem, opt->tv, opt->type, opt->op, std::nullopt, opt->arch};
    if (!opt->gmem.empty()) request.gmem = opt->gmem;
    if (opt->warp_given->count() > 0) request.warp = opt->warp;
    BanksResult result;
    try {
      result = analyze_banks_request(request);
    } catch (const BanksInputError& e) {
      report("banks", e.column() ? e.where() + ", column " + std::to_string(*e.column()) : e.where(),
             e.what());
      return kBadInput;
    }
    if (opt->json)
      std::cout << banks_to_json(result).dump(2) << '\n';
    else
      std::cout << banks_to_text(result);
    return result.analysis.bank_conflicts > 0 ? kCheckFailed : kOk;
  };
}

}  // namespace tvlab::cli
