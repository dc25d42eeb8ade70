// The banks view (tvlab render --view banks): one shared-memory instruction over its smem tile.
//
//   smem (64,64):(64,1), tv ((8,4),8):((1,512),64), half_t, ldmatrix.x4
//     -> 64 x 64 cells (rows: the layout's mode 0, columns: the other modes), each coloured by the bank of
//        its element's 4-byte word (colour index = bank mod 16, the label "b<bank>" says which of the two);
//        the cells lane l reads labelled "L<l>" and outlined; cells whose word meets another lane's word in
//        the same bank in the same phase marked red; title "wavefronts 32 (ideal 4), 28 bank conflicts".
//   A cp.async whose global sources the model does not cover (none given, or in no measured arrangement):
//   title "at least N wavefronts (a lower bound; ideal and bank conflicts unknown): not modeled: <why>",
//   the bank model's lower bound (banks.hpp), as `tvlab banks` and verify's banks.X.g2s (unknown) say.
//
// The counts are the bank model's (analyze_banks) for exactly the instruction smem_instruction() builds, so
// the picture and `tvlab banks` cannot disagree. Bad input (a lane's run not contiguous, a non-integer
// layout) throws BankError / LayoutError naming it; too many cells throws VizError.
#pragma once

#include <string>

#include "tvlab/verify/banks/smem_access.hpp"
#include "tvlab/verify/checks/kernel_checks.hpp"
#include "tvlab/verify/checks/smem_checks.hpp"
#include "tvlab/viz/options.hpp"

namespace tvlab::viz {

// One instruction given by a TV layout: (lane, v) -> column-major tile index (as `tvlab banks --tv`).
Scene build_banks_scene(const SmemLayout& smem, const Layout& tv, const ValueType& type, const SmemOp& op,
                        const Options& opt = {}, const BankModel& model = nvidia_bank_model());

// One instruction given lane by lane (a tiled copy's instruction, e.g. verify's worst s2r instruction);
// `which` names it in the title ("s2r of A, warp 0, instruction 3: the worst of 16").
Scene build_banks_scene(const SmemLayout& smem, const LaneIndices& lanes, const ValueType& type,
                        const SmemOp& op, const std::string& which, const Options& opt = {},
                        const BankModel& model = nvidia_bank_model());

// The same with the instruction as verify built it (a cp.async with its global sources, which the bank model
// needs: smem_copy_sources). @pre in was built from these lanes over smem.
Scene build_banks_scene(const SmemLayout& smem, const LaneIndices& lanes, const SmemInstruction& in,
                        const ValueType& type, const std::string& which, const Options& opt = {},
                        const BankModel& model = nvidia_bank_model());

// A spec operand's stage copy as verify's banks.X.<c> walks it (analyze_smem_copy: b), drawn at its
// instruction k (the worst, worst_smem_instruction): the instruction's phases as the bank model splits them
// (cp.async: groups of 128/bytes lanes), each exact or a lower bound with the model's reason, and the copy's
// totals (every instruction's wavefronts in issue order: they add up to banks.X.<c>'s figure). For a g2s
// copy, `sectors` (g2s_gmem_sectors: verify's gmem.X.g2s) adds the instruction's global side: a second
// panel over the same tile, each of its elements coloured by the 32-byte sector it is read from (rows
// 32-byte aligned; the bound where rows are only row_align_bytes aligned in the caption), and the copy's
// figure; without it, `no_sectors` says why.
//   cutlass_sm80_f16_tn_128x128x32.json, A, g2s -> "at least 4 wavefronts (a lower bound ...)", phases
//   "phase 0: lanes 0-7, at least 1 wavefront, a lower bound: its lanes read more than one 128-byte window
//   ...", "global: 1 request, 16 sectors of 32 bytes, 512 of 512 bytes used (100%) ... (16..24 ...)".
// @pre b from analyze_smem_copy over smem; 0 <= k < b.insts.size().
Scene build_copy_banks_scene(const SmemLayout& smem, const SmemCopyBanks& b, int k, const ValueType& type,
                             const std::string& which, const std::string& check,
                             const std::optional<G2sSectors>& sectors, const std::string& no_sectors,
                             const Options& opt = {});

}  // namespace tvlab::viz
