// The shared-memory bank model: how many wavefronts ONE warp-wide (or subgroup-wide) shared-memory
// instruction takes, and which lanes collide on which bank.
//
// NVIDIA (H100 measured, tests/data/hw/banks_h100.json): shared memory has 32 banks of 4 bytes; word
// w (byte address / 4) lives in bank w % 32, and one wavefront serves at most one word per bank (128
// bytes). An instruction is split into phases, each served alone:
//
//   ld/st of 1, 2 or 4 bytes a lane        1 phase of 32 lanes
//   ld/st of 8 bytes a lane                2 phases: lanes 0-15, 16-31
//   ld/st of 16 bytes a lane               4 phases: lanes 0-7, 8-15, 16-23, 24-31
//   cp.async of 4, 8 or 16 bytes a lane    by where each lane's GLOBAL source lies (below)
//   ldmatrix/stmatrix .xN                  N phases, one per 8x16-byte matrix: lanes 8m..8m+7 give its
//                                          8 row addresses (.trans moves no other bytes)
//
// Loads of 8 and 16 bytes merge phases. A quad (lanes 4q..4q+3) counts one slot per distinct address its
// active lanes read; two neighbouring phases (the two halves, or quarters 0+1 and 2+3) are served as one
// when their slots fit one wavefront (16 slots of 8 bytes, 8 of 16): an 8-byte broadcast to all 32 lanes
// takes 1 wavefront, a 16-byte one 2, and lanes alternating between two addresses (0, 16, 0, 16, ...)
// merge too, while lanes repeating 4 addresses (0, 16, 32, 48, 0, ...) do not. Stores never merge.
//
// A phase takes as many wavefronts as the most distinct words any one bank holds among its lanes'
// accesses ("ways"); lanes reading (or writing) the same word share it (broadcast).
//
// The ideal count is the instruction's floor: the fewest wavefronts it can take with these lanes (and,
// for cp.async, these global sources) into a conflict-free layout. For ld, st, ldmatrix and stmatrix it is
// the baseline Nsight Compute's bank-conflict counters subtract (derived from the recordings; none of them
// takes fewer): ldmatrix/stmatrix one per matrix; st one per phase that does anything; ld the bytes of its
// slots / 128 per group of 32 lanes (16 for 16-byte loads). bank_conflicts = wavefronts - ideal.
//
// cp.async (H100 and H200 measured, tests/data/hw/banks_cpasync_h200.json: 1412 patterns, the global
// source of every lane chosen by the probe; hw/banks/analyze_cpasync.py tests the hypotheses): the
// shared-memory writes depend on where each lane's source lies in global memory, not only on the
// shared-memory addresses (the same contiguous 4-byte write takes 1 wavefront when the 32 lanes read 128
// contiguous bytes, 4 when they read every 16th byte, 32 when all read one word). A lane's source word
// position is (global byte address / 4) % 32, its place in its 128-byte line.
//   phases  groups of 128/bytes consecutive lanes (32, 16, 8), as for st, are served one after another: the
//           instruction's count is the sum of its phases' counts.
//   exact   a phase whose active lanes read ONE 128-byte line, or (4- and 8-byte copies) two lines with no
//           source word position in common that lie in one 1 KiB-aligned block (a lane-linear run, aligned
//           or not, up or down, is one of these unless it crosses a 1 KiB boundary): lanes in lane order,
//           each into the first wavefront where neither its shared-memory banks nor its source word
//           positions are taken. Ideal: the most lanes on one source word position (at least 1).
//   stacked (exact) a phase of 16-byte copies whose lanes read two or more lines (relative sources: 128-byte
//           blocks of two or more rows, lines where rows start 128-byte aligned, assumes_aligned_rows) that
//           each hold the same source word positions, one lane a position, the line's lanes on distinct
//           banks: one wavefront a line (CUTLASS's K-major g2s, two 64-byte rows a phase: 2), wherever the
//           lines lie (H200: 164 of 164 measurements, shifts of 128 B to 8 MiB + 512 B; 4- and 8-byte copies
//           measured more in 67 of 1250, so they stay bounds).
//   first-fit bound  two lines apart across a 1 KiB boundary, or of 16-byte copies; and (relative sources,
//           sources_absolute = false: rows a run-time leading dimension apart) one 128-byte window of a row,
//           which straddles two lines or a 1 KiB boundary wherever the row's start falls (ld 16400 bytes
//           measured one wavefront more than first-fit in some rows, ld a multiple of 128 first-fit): the
//           H200 measured the first-fit count or more, depending on the lines' absolute addresses (the same
//           pattern moved by 64 KiB + 384 bytes: 1 and 2; tests/data/hw/banks_cpasync_repeat*_h200.json), so
//           first-fit is a lower bound there, not a count.
//   bound   a phase whose lanes read lines sharing a source word position, three or more lines, or (relative)
//           more than one window: the H200 measured the same structure differently (docs/banks.md), so
//           the phase counts its lower bound: the most distinct words one bank holds, the most lanes on one
//           source word position (relative: on one identical source word), its bytes / 128; when that bound
//           equals the phase's active lanes it is the count (one lane a wavefront is the most a phase takes).
//           Every recording lies within these bounds (and never above one wavefront per active lane).
// The instruction is exact when every phase is (arrangement "runs": each phase a lane-linear run; else
// "line": one line for all lanes; else "serial": some phase one lane a wavefront; else "stacked": some phase
// stacked lines; else "lines": some phase two lines apart; else "window": relative sources, each phase one
// window).
// Otherwise exact = false, wavefronts is the sum of the phases' counts and bounds (a lower bound), ideal =
// wavefronts, bank_conflicts = 0, and not_modeled says why; so is any cp.async whose sources are not given,
// or where two lanes write the same shared-memory word (never measured). Nsight Compute's own cp.async
// conflict counter (op_ldgsts) is kept in the recordings as data; it is not wavefronts - ideal.
//
//   32 lanes, ld 4 bytes, lane l at 4*l          1 wavefront, ideal 1, conflict-free
//   32 lanes, ld 4 bytes, lane l at 8*l          2 wavefronts: lanes l and l+16 share bank 2l%32
//   ldmatrix.x4, rows 128 bytes apart            32 wavefronts (8 per matrix), ideal 4
//
// Xe SLM (model: unvalidated): Intel's public OpenCL guide for processor graphics states 16 banks of 4
// bytes and that writes to one bank conflict even at the same address; no public source states the Xe
// (Xe-HPC, Xe2) banking, so results on that model carry validated = false and say so.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tvlab {

class BankError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class SmemOpKind { Load, Store, Ldmatrix, Stmatrix, CpAsync };

// One shared-memory instruction kind: `ld`, `st`, `cp.async`, `ldmatrix.x1|x2|x4[.trans]`,
// `stmatrix.x1|x2|x4[.trans]`.
struct SmemOp {
  SmemOpKind kind = SmemOpKind::Load;
  int matrices = 0;  // ldmatrix/stmatrix: 1, 2 or 4
  bool trans = false;

  bool is_matrix() const { return kind == SmemOpKind::Ldmatrix || kind == SmemOpKind::Stmatrix; }
  bool writes() const {
    return kind == SmemOpKind::Store || kind == SmemOpKind::Stmatrix || kind == SmemOpKind::CpAsync;
  }
  friend bool operator==(const SmemOp&, const SmemOp&) = default;
};
// Parses the names above; BankError listing the accepted names otherwise.
SmemOp parse_smem_op(std::string_view text);
std::string to_string(const SmemOp& op);

struct BankModel {
  std::string name;                   // "nvidia" or "xe-slm"
  int banks = 32;                     // number of banks
  int bank_bytes = 4;                 // width of one bank
  int lanes = 32;                     // lanes of one instruction (warp / subgroup)
  bool store_broadcast = true;        // two lanes writing the same word share one access
  bool load_broadcast = true;         // two lanes reading the same word share one access
  bool split_phases = true;           // 8/16-byte accesses, cp.async and matrices split into phases
  bool merge_load_phases = true;      // 8/16-byte loads merge phases whose quads' distinct addresses fit
  bool cp_async_by_source = true;     // cp.async by its global sources (above); false: the unsourced
                                      // phases below, ideal active bytes / 128 (the model before 2026-11-27)
  int cp_async_phase_lanes = 8;       // lanes per unsourced cp.async phase (0: as ld/st)
  bool cp_async_source_slots = true;  // cp.async: a source word position serves one lane a wavefront
  bool cp_async_phases = true;        // cp.async by source: phases of 128/bytes lanes (false: the whole warp)
  bool cp_async_claim_overlap = false;  // a WRONG model (mutation control): phases whose lines share source
                                        // positions counted by first-fit and called exact
  bool cp_async_window_exact = false;   // a WRONG model (mutation control, the rule before 2026-11-29): a
                                        // 128-byte window of relative sources across a 128-byte boundary of
                                        // its row counted by first-fit as one line
  bool cp_async_two_lines_anywhere = false;  // a WRONG model (mutation control, the rule before 2026-11-29):
                                             // two lines apart counted by first-fit and called exact for
                                             // 16-byte copies and across a 1 KiB boundary too
  bool cp_async_stacked_lines = true;        // stacked lines (16-byte copies): one wavefront a line (above)
  bool cp_async_stacked_any_width = false;   // a WRONG model (mutation control): stacked lines of 4- and
                                             // 8-byte copies counted one wavefront a line too
  bool validated = true;  // measured on hardware (tests/data/hw); false prints `model: unvalidated`
  int wavefront_bytes() const { return banks * bank_bytes; }
};
const BankModel& nvidia_bank_model();
const BankModel& xe_slm_bank_model();

// One instruction as the hardware sees it: per lane a byte address in shared memory (nullopt: the lane
// gives none, inactive or not an address lane of ldmatrix/stmatrix) and the bytes it accesses (1, 2, 4,
// 8 or 16; 16 for ldmatrix/stmatrix rows).
struct SmemInstruction {
  SmemOp op;
  int bytes = 4;
  std::vector<std::optional<int64_t>> addresses;  // index = lane
  // cp.async only: lane l's global source byte address (empty: not known). sources_absolute = false when
  // only differences within one row are meaningful (verify: the leading dimension and the base pointer are
  // run-time values; rows are then placed far apart): a phase is then exact only within one 128-byte window.
  std::vector<std::optional<int64_t>> sources;
  bool sources_absolute = true;
};

// A bank holding more than one distinct word in a phase: the lanes and the words (byte address / bank
// width) they access there.
struct BankCollision {
  int bank = 0;
  std::vector<int> lanes;
  std::vector<int64_t> words;
  int ways = 0;  // distinct accesses the bank serves one after another
};

struct BankPhase {
  std::vector<int> lanes;                 // lanes served in this phase (those with an address)
  std::vector<int> banks;                 // the first bank of each lane's access, parallel to lanes
  int wavefronts = 0;                     // = ways, the most accesses any bank serves (0 for an empty phase)
  std::vector<BankCollision> collisions;  // banks with ways > 1, most ways first
  // cp.async: empty when `wavefronts` is the phase's exact count; else why it is only a lower bound (the
  // first such phase's reason is BankAnalysis::not_modeled).
  std::string bound;
  bool exact() const { return bound.empty(); }
};

// The condition under which a cp.async count from relative sources (assumes_aligned_rows) holds, as verify's
// banks.X.g2s and the pictures state it.
inline constexpr const char* kAlignedRowsCondition =
    "where rows start 128-byte aligned (base, leading dimension)";

struct BankAnalysis {
  int wavefronts = 0;        // exact, or (exact = false) a lower bound
  int ideal_wavefronts = 0;  // the floor (header); = wavefronts when not exact
  int bank_conflicts = 0;    // wavefronts - ideal_wavefronts (0 when not exact: unknown)
  bool exact = true;         // false: a cp.async the model does not cover (not_modeled says why)
  std::string not_modeled;
  // cp.async from relative sources (rows a run-time leading dimension apart): the count holds where every row
  // starts 128-byte aligned (each phase's window then one line); off that, a window straddles two lines and
  // the H200 measured first-fit or more (docs/banks.md).
  bool assumes_aligned_rows = false;
  std::string arrangement;  // cp.async when exact: "runs", "line", "serial", "stacked", "lines", "window"
  int64_t bytes = 0;        // bytes the active lanes access (before broadcast)
  std::vector<BankPhase> phases;
  bool validated = true;  // the model's, copied
  std::string model;
};

// The wavefronts of one instruction.
// @pre addresses.size() == model.lanes; each address >= 0 and aligned to `bytes`; bytes in {1,2,4,8,16}
//      (16 for ldmatrix/stmatrix, whose address lanes are 0..8*matrices-1); else BankError naming the lane.
// @post wavefronts >= ideal_wavefronts; bank_conflicts == wavefronts - ideal_wavefronts;
//       permuting lanes within a quad, or quads within a phase, changes no count (ld, st, matrices);
//       cp.async: sources, when given, hold model.lanes entries, one for every lane with an address (else
//       BankError naming the lane).
// Example: ldmatrix.x4 with lane l at (l%8)*128 + (l/8)*16 -> 32 wavefronts, ideal 4, 28 conflicts.
BankAnalysis analyze_banks(const SmemInstruction& inst, const BankModel& model = nvidia_bank_model());

// The phases an instruction splits into: lists of lanes (a helper of analyze_banks, public for tests
// and pictures). @pre inst valid as for analyze_banks.
std::vector<std::vector<int>> bank_phases(const SmemInstruction& inst, const BankModel& model);

}  // namespace tvlab
