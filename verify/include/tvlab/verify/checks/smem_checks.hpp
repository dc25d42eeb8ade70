// verify's shared-memory checks for an operand staged in shared memory (NVIDIA smem, Xe SLM):
//
//   NVIDIA A, B, C  "smem": {"layout", "g2s", "s2r"}   global -> smem -> registers
//   NVIDIA D        "smem": {"layout", "r2s"}          the epilogue: registers -> smem (e.g. stmatrix)
//   Xe A, B         "smem": {"layout", "r2s", "s2r"}   registers -> SLM -> registers (r2s and s2r default
//                                                      to the SLM pipeline's, "copy": "coop" / "slm": true)
//
//   smem.<X>.layout   the smem layout maps the operand tile one-to-one into shared memory
//   smem.<X>.<w>      the writing copy w (g2s or r2s) writes every element of the tile, and s2r reads only
//                     written elements
//   vector.<X>.<c>    every lane of every instruction of copy c accesses its atom's values as one contiguous,
//                     aligned vector in shared memory (max_common_vector >= the atom's vector width)
//   banks.<X>.<c>     the bank model over every instruction copy c issues (one warp or subgroup, one atom
//                     call): total wavefronts, ideal, the worst instruction as witness and a suggested
//                     conflict-free layout; conflicts are a warning (fail with --strict). Xe: the xe-slm
//                     model, and the check says `model: unvalidated`
//
// c is s2r (smem is the copy's source), g2s or r2s (its destination).
#pragma once

#include "tvlab/verify/check/check.hpp"
#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

// One instruction of a tiled copy: warp (or subgroup) w, value block k (of the atom's smem-side values),
// tile repeat r.
struct CopyInstruction {
  int64_t warp = 0, block = 0, repeat = 0;
  LaneIndices lanes;  // `lanes` lanes (32 a warp, 16 an Xe subgroup); lane l's tile indices (empty past the
                      // copy's threads)
};

// The shared-memory side's instruction kind: ldmatrix/stmatrix for LDSM/STSM atoms, cp.async for SM80
// cp.async, else ld (smem the source) or st (smem the destination).
SmemOp smem_op_of(const TiledCopy& copy, bool smem_is_source);
// Every instruction the copy issues over a tile of `tile` shape (tidfrg_S / tidfrg_D of the tile), thread
// t being lane t % lanes of warp (subgroup) t / lanes.
// @pre the copy's tiler divides the tile (else LayoutError); lanes > 0.
std::vector<CopyInstruction> copy_smem_instructions(const TiledCopy& copy, bool smem_is_source,
                                                    const IntTuple& tile, int lanes = 32);

// The bank model of an MMA's shared memory: xe_slm_bank_model() for Xe MMAs, else nvidia_bank_model().
const BankModel& smem_bank_model(const TiledMMA& m);

// The stage's copy named "s2r", "g2s" or "r2s"; nullptr when the stage has none (or another name).
const TiledCopy* stage_copy(const SmemStage& st, const std::string& name);

// One copy of a stage ("s2r", "g2s" or "r2s") walked instruction by instruction through the bank model:
// what banks.<X>.<c> reports and `tvlab render --view banks` draws.
struct SmemCopyBanks {
  std::string copy_name;  // s2r, g2s, r2s
  SmemOp op;
  const BankModel* model = nullptr;
  std::vector<CopyInstruction> sites;
  std::vector<SmemInstruction> insts;  // parallel to sites
  std::vector<BankAnalysis> analyses;  // parallel to sites
  int wavefronts = 0, ideal_wavefronts = 0;
  int worst = -1;  // worst_smem_instruction(analyses)
};

// THE witness rule: the instruction with the most bank conflicts (wavefronts - ideal), the first of equals;
// -1 when there is none.
int worst_smem_instruction(const std::vector<BankAnalysis>& analyses);

// The three steps of analyze_smem_copy, for callers that report each failure their own way (verify's
// vector check, the explore page). b.copy_name and b.model set:
// 1. b.op and b.sites of copy c over `tile`; throws (LayoutError) when the copy cannot be enumerated.
void smem_copy_sites(SmemCopyBanks& b, const TiledCopy& c, const IntTuple& tile);
// 2. b.insts, one per site; at the first lane that is not one access: b.insts cleared and the witness
//    "warp W, instruction K (repeat R): <why>" ("subgroup" on Xe) returned; "" when every site builds.
std::string smem_copy_instructions(SmemCopyBanks& b, const SmemLayout& smem, const ValueType& type);
// 2b. cp.async (g2s) only: each instruction's global sources from the copy's source side, when the spec
//    says which mode of the operand is contiguous in global memory (p.contiguous_given): lane l reads
//    row * 2^40 + (contiguous index) * bytes, relative (sources_absolute = false: the leading dimension and
//    base pointer are run-time values, so only runs within one row are known). Else left unknown, and the
//    bank model reports a lower bound (banks.hpp).
void smem_copy_sources(SmemCopyBanks& b, const PlannedCopy& p, const TiledCopy& c, const IntTuple& tile);
// 3. b.analyses, the totals and b.worst from b.insts.
void smem_copy_analyses(SmemCopyBanks& b);

// CuTe's copy() of an auto-vectorizing atom (Copy_Atom<AutoVectorizingCopyWithAssumedAlignment<N>, T>;
// DefaultCopy N = 8, AutoVectorizingCopy N = 128) is not one access per atom call: cute/algorithm/copy.hpp
// (CUTLASS v4.2.0) recasts the thread's whole src and dst views to uint_bit_t<V>, V =
// gcd(max_common_vector(src, dst) * bits(T), gcd(max_alignment(src), max_alignment(dst), N)), where V is a
// whole number of bytes wider than T. The checks model one element per access; that is CuTe's access exactly
// where V <= bits(T), shown here by N <= bits(T) or by max_common_vector(src, dst) == 1: no thread holds two
// values at adjacent offsets of the layout (of its inner layout for a swizzled one: CuTe's
// max_common_vector(Sw o L, b) is min(max_common_vector(L, b), 2^M), swizzle_layout.hpp), as a common vector
// is contiguous on both sides. b.sites from smem_copy_sites. Returns "" for any other atom and where the
// model is exact; else why it is not (the thread and its two adjacent values): the access width CuTe picks is
// then not modelled.
std::string auto_vectorized_unmodelled(const TiledCopy& c, const SmemLayout& smem, const SmemCopyBanks& b,
                                       const IntTuple& tile);

// The stage's copy `copy_name` of operand p, all three steps. Throws BankError (a lane's run not one access,
// naming the instruction), LayoutError (the copy does not tile the operand) or std::invalid_argument (p has
// no such copy).
SmemCopyBanks analyze_smem_copy(const PlannedCopy& p, const TiledMMA& m, const std::string& copy_name);

// The most shared memory (bytes, all stages) whose layout smem.X.layout enumerates, and so whose copies it
// analyses: 1 MiB, over four times the largest shared memory of any GPU tvlab models (232,448 B, sm90 and
// sm100). A larger stage is left unknown at once (its size and this cap named); smem.budget refutes it.
inline constexpr int64_t kMaxSmemEnumerationBytes = int64_t(1) << 20;

// suggest: search a conflict-free layout for a conflicted copy (bank_suggest.hpp); off, data.suggest is null.
// s2r_accesses off: no vector.X.s2r / banks.X.s2r (the s2r copy's tile indices still feed smem.X.<writer>).
void add_smem_checks(Report& rep, const PlannedCopy& p, const TiledMMA& m, bool suggest = true,
                     bool s2r_accesses = true);

// a / b as text with at most 2 decimals, trailing zeros dropped ("8", "8.5", "2.33"); "0" where b is 0.
std::string ratio_text(int64_t a, int64_t b);

}  // namespace tvlab
