// One shared-memory instruction's bank conflicts from its inputs as text: what `tvlab banks` computes and
// prints (text and JSON), for the CLI and the Python module alike.
//
//   BanksRequest r{.smem = "(64,64):(64,1)", .tv = "((8,4),8):((1,512),64)", .type = "half_t",
//                  .op = "ldmatrix.x4"};
//   BanksResult b = analyze_banks_request(r);   // b.analysis: 32 wavefronts, ideal 4, 28 conflicts
//   banks_to_text(b)  -> "ldmatrix.x4 of half_t over (64,64):(64,1), 16 bytes a lane\nwavefronts 32, ..."
//   banks_to_json(b)  -> {op, type, smem, tv, model, wavefronts, ideal_wavefronts, bank_conflicts,
//                         [arrangement,] bytes_per_lane, phases, [gmem_sectors,] suggest}
//
// The steps: parse the layouts, type and op; build the instruction (smem_access.hpp); cp.async takes each
// lane's global source from gmem; analyze_banks (banks.hpp); a conflicted access that is not a cp.async
// gets the cheapest conflict-free layout (bank_suggest.hpp). A cp.async the model does not cover is an
// error (its lower bound in the message).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>

#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/layout.hpp"
#include "tvlab/verify/banks/bank_suggest.hpp"
#include "tvlab/verify/banks/banks.hpp"
#include "tvlab/verify/banks/gmem_sectors.hpp"
#include "tvlab/verify/banks/smem_access.hpp"

namespace tvlab {

// `tvlab banks`' inputs, as written on its command line.
struct BanksRequest {
  std::string smem;                 // LAYOUT: tile coordinate -> element offset in shared memory
  std::string tv;                   // TV: (lane, v) -> tile index of one instruction
  std::string type;                 // element type: half_t, float, bf16, ...
  std::string op;                   // ld, st, cp.async, ldmatrix.x1|x2|x4[.trans], stmatrix.x1|x2|x4[.trans]
  std::optional<std::string> gmem;  // cp.async: LAYOUT of the global source (from a 128-byte aligned base)
  std::string arch = "nvidia";      // "nvidia" (H100-measured) or "xe" (SLM, unvalidated)
  // A TV of more threads than one instruction's lanes (a TiledCopy's 128): the instruction of warp W, threads
  // 32W..32W+31 (CuTe's per-warp view). Required where the TV has more threads than the model's lanes.
  std::optional<int64_t> warp = std::nullopt;
};

// Bad input: which input, by the CLI's option name ("--smem", "--tv", "--type", "--op", "--gmem", "--arch"),
// and for malformed notation the 1-based column in it. The CLI prints
// "error: banks at <where>[, column <column>]: <what>".
class BanksInputError : public std::runtime_error {
 public:
  BanksInputError(std::string where, const std::string& why, std::optional<std::size_t> column = std::nullopt)
      : std::runtime_error(why), where_(std::move(where)), column_(column) {}
  const std::string& where() const { return where_; }
  std::optional<std::size_t> column() const { return column_; }

 private:
  std::string where_;
  std::optional<std::size_t> column_;
};

struct BanksResult {
  BankModel model;
  SmemLayout smem;
  Layout tv;
  ValueType type;
  SmemOp op;
  std::optional<SmemLayout> gmem;
  std::optional<int64_t> warp;  // the warp cut from tv (BanksRequest::warp), and how many warps tv has
  int64_t warps = 1;
  SmemInstruction instruction;
  BankAnalysis analysis;  // exact (an unmodeled cp.async is a BanksInputError)
  // cp.async with --gmem: the instruction's global side (gmem_sectors.hpp; the base 128-byte aligned, so
  // exact): 1 request, the distinct 32-byte sectors of the lanes' sources, the bytes used of them.
  std::optional<GmemSectors> sectors;
  // The cheapest conflict-free layout where the access has conflicts (none searched for cp.async, whose
  // wavefronts depend on the global sources); nullopt when conflict-free or none found.
  std::optional<BankSuggestion> suggestion;
};

// Parses and analyses the request; throws BanksInputError naming the input at fault (with the message and
// the column `tvlab banks` reports). An unknown arch is a BanksInputError at "--arch".
BanksResult analyze_banks_request(const BanksRequest& request);

// `tvlab banks --json`'s object (the CLI prints dump(2) and a newline).
nlohmann::ordered_json banks_to_json(const BanksResult& result);
// `tvlab banks`' text (ends in a newline).
std::string banks_to_text(const BanksResult& result);

// Lanes as runs of consecutive lanes, "0-7 16 18-19" (the phase lines of the text and the pictures).
std::string lane_list(const std::vector<int>& lanes);

}  // namespace tvlab
