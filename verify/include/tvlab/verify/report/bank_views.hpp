// The bank views of a plan's operand (the explore page's banks panel): for an NVIDIA operand staged in shared
// memory ("smem": {"layout", "g2s", "s2r"}), every instruction of its s2r and g2s copies through the bank
// model, as verify's banks.X.s2r and banks.X.g2s checks see them (smem_copy_sites, smem_copy_instructions,
// smem_copy_analyses), so the page and `tvlab verify` / `tvlab banks` cannot disagree. The page only draws
// what this computes.
//
//   sm80_ldsm_x4_rm64.json, operand A (32x64 half_t, (32,64):(64,1)):
//     cells: byte address and bank of each element of the tile
//     s2r SM75_U32x4_LDSM_N, ldmatrix.x4: 16 instructions, 512 wavefronts (ideal 64), worst first;
//       instruction (warp 0, block 0, repeat 0): 32 wavefronts, ideal 4; lane 1 at byte 128, bank 0,
//       phase 0, meeting lanes 0-7 in bank 0; suggest Sw<3,3,3> o 0 o (32,64):(64,1): 64 wavefronts
//     g2s SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, cp.async: 8 instructions, 32 wavefronts: ideal
//
// Operands without "smem" get a reason instead (staged = false).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tvlab/verify/banks/bank_suggest.hpp"
#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

// One lane of one instruction: the tile cells it accesses and how the bank model serves it.
struct BankLaneView {
  int lane = 0;
  std::vector<int64_t> cells;  // column-major tile indices, in value order
  int64_t address = 0;         // byte address of its access
  int bank = 0;                // the bank of its first word
  int phase = 0;               // the phase that serves it
  std::vector<int64_t> clash;  // its cells whose word meets another lane's word in one bank and phase
};

struct BankInstructionView {
  int64_t warp = 0, block = 0, repeat = 0;
  BankAnalysis analysis;
  std::vector<BankLaneView> lanes;  // lanes that give an address, in lane order
  // g2s: its global side as gmem.X.g2s counts it (g2s_instruction_sectors_text); empty when not counted.
  std::string gmem;
};

struct BankCopyView {
  std::string name;  // "s2r" or "g2s"
  std::string atom;  // e.g. "SM75_U32x4_LDSM_N"
  SmemOp op;
  int bytes = 0;                           // bytes a lane
  std::string error;                       // why the instructions cannot be analysed (then no instructions)
  std::vector<BankInstructionView> insts;  // issue order (warp, repeat, block)
  std::vector<int> order;  // indices into insts, most bank conflicts first (ties: issue order)
  int wavefronts = 0, ideal_wavefronts = 0;
  std::string not_modeled;  // cp.async the bank model does not cover: wavefronts are then a lower bound
  std::optional<BankSuggestion> suggest;  // when conflicted and a conflict-free layout exists
  std::string gmem_op;   // g2s with a global count: "cp.async.ca", "cp.async.cg" or "ld.global"
  std::string gmem_why;  // g2s without one: why (g2s_gmem_sectors)
};

struct OperandBanks {
  bool staged = false;
  std::string why;     // staged == false: the reason, one sentence
  std::string layout;  // the smem layout as text
  std::string type;    // the element type
  std::string model;   // the bank model's name
  bool validated = true;
  int banks = 32, bank_bytes = 4;
  // The tile the views cover: the smem stage's (SmemStage::tile; with "cta_tile" the CTA tile of one stage,
  // e.g. 128x32, where the operand map's is the MMA's 32x16); cells index it column-major.
  int64_t rows = 0, cols = 0;
  std::vector<int64_t> address;  // per tile cell: byte address of its element
  std::vector<int> bank;         // per tile cell: the bank of its element's word
  std::vector<BankCopyView> copies;
};

// @pre x is an operand of the plan (A, B, C or D); rows x cols its tile as OperandMap has it. A staged
// operand's views cover its stage's tile instead (rows = mode 0, cols = mode 1 of SmemStage::tile) where the
// two differ, as verify's banks.X checks do; OperandBanks::rows and ::cols say which.
// Never throws for a spec verify accepts: problems become `why` or a copy's `error`.
OperandBanks operand_banks(const Plan& plan, const std::string& x, int64_t rows, int64_t cols);

}  // namespace tvlab
