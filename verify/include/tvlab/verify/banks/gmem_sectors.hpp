// The global side of one warp-wide memory instruction: how many L1TEX requests it makes and how many
// distinct 32-byte sectors of global memory it touches, the figures Nsight Compute counts as
// l1tex__t_requests_pipe_lsu_mem_global_op_<op>... and l1tex__t_sectors_pipe_lsu_mem_global_op_<op>....
//
// The rule (H200 measured, one instruction per probe launch: cp.async.ca in
// tests/data/hw/banks_cpasync_h200_counters.tsv, 1412 of 1412 LDGSTS patterns equal; ld.global and st.global
// of 1, 2, 4, 8 and 16 bytes in tests/data/hw/gmem_ldst_h200.tsv, 259 of 259 LDG / STG patterns equal):
//   requests  1 per instruction with at least one active lane (a lane with an address), whatever the
//             addresses: 32 lanes on 32 scattered sectors are still one request
//   sectors   the distinct 32-byte sectors (byte address / 32) the active lanes' bytes fall in: lanes
//             reading the same sector, or the same bytes, share it
// cp.async.cg bypasses L1: it counts in the ..._ldgsts_cache_bypass counters, and its ..._cache_access
// counters stay 0 (7 of 7 recorded patterns); count_gmem_sectors gives the sectors it reads all the same,
// with measured = false (the bypass counters were not recorded). ld.global / st.global (LDG / STG: a
// UniversalCopy g2s, the epilogue's stores) count on
// l1tex__t_{requests,sectors}_pipe_lsu_mem_global_op_{ld,st}.
//
// Over an operand tile whose row starts are run-time values (the leading dimension, the base pointer),
// gmem_row_sectors gives the figure for 32-byte-aligned rows, and the least and most sectors any admissible
// placement (rows aligned to `row_align` bytes only, rows at least `min_pitch` bytes apart) can take: exact
// when they agree.
//   8 lanes x 16 bytes along one row, rows 16-byte aligned: 4 sectors when the row starts on a sector, 5
//   when it starts 16 bytes into one -> sectors_aligned 4, sectors_min 4, sectors_max 5, exact = false.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tvlab {

inline constexpr int kGmemSectorBytes = 32;

enum class GmemOpKind { CpAsyncCa, CpAsyncCg, Load, Store };
// "cp.async.ca", "cp.async.cg", "ld.global", "st.global"; BankError listing them otherwise.
GmemOpKind parse_gmem_op(std::string_view text);
std::string to_string(GmemOpKind op);
// Whether the rule is measured on silicon for the op (all but cp.async.cg's bypass counters).
bool gmem_rule_measured(GmemOpKind op);
// The Nsight Compute counter pair that counts the op's requests and sectors, e.g.
// "l1tex__t_{requests,sectors}_pipe_lsu_mem_global_op_ldgsts_cache_access.sum".
std::string gmem_counters(GmemOpKind op);

// One instruction: lane l's byte address in global memory (nullopt: inactive), `bytes` a lane (1..16).
struct GmemInstruction {
  GmemOpKind op = GmemOpKind::CpAsyncCa;
  int bytes = 16;
  std::vector<std::optional<int64_t>> addresses;  // index = lane
};

struct GmemSectors {
  int64_t requests = 0;    // 1, or 0 for an instruction without an active lane
  int64_t sectors = 0;     // distinct sectors touched
  int64_t bytes = 0;       // bytes the active lanes ask for (active lanes x bytes)
  int64_t used_bytes = 0;  // distinct bytes among them: of sectors * 32 transferred, these are used
  bool measured = true;    // gmem_rule_measured(op)
  // What Nsight Compute's counters pair (gmem_counters) reads: the figures above, or 0 for cp.async.cg
  // on the cache_access pair.
  int64_t counter_requests = 0, counter_sectors = 0;
};

// @pre bytes in 1..16; every address >= 0; else BankError naming the lane.
// @post sectors >= ceil(used_bytes / 32); used_bytes <= bytes; sectors <= bytes a lane's sectors x lanes.
// Example: 32 lanes x 4 bytes at 4*l -> 1 request, 4 sectors, 128 bytes, all used.
GmemSectors count_gmem_sectors(const GmemInstruction& inst, int sector_bytes = kGmemSectorBytes);

// One instruction over a tile of rows whose starts are run-time values: lane l's (row, byte offset in the
// row) or nullopt.
struct GmemRowInstruction {
  GmemOpKind op = GmemOpKind::CpAsyncCa;
  int bytes = 16;
  std::vector<std::optional<std::pair<int64_t, int64_t>>> lanes;
};

struct GmemSectorFigure {
  int64_t requests = 0;
  int64_t sectors_aligned =
      0;                    // every row starting on a 32-byte boundary (base and ld*bytes multiples of 32)
  int64_t sectors_min = 0;  // the fewest over every placement the row alignment allows
  int64_t sectors_max = 0;  // the most
  int64_t bytes = 0, used_bytes = 0;
  bool exact() const { return sectors_min == sectors_max; }
  GmemSectorFigure& operator+=(const GmemSectorFigure& o);
};

// The rows start at multiples of row_align bytes (any positive value; gcd(row_align, 32) is what counts)
// and lie at least min_pitch bytes apart (row r + d starts >= d * min_pitch after row r); rows then do not
// overlap when min_pitch covers each row's bytes.
// @pre bytes in 1..16; rows and offsets >= 0; row_align > 0; min_pitch > every lane's offset + bytes (a row
//      holds its bytes); else BankError.
// @post sectors_min <= sectors_aligned <= sectors_max; row_align a multiple of 32 -> exact.
// Example: 8 lanes, lane l at (0, 16*l), 16 bytes, row_align 16, min_pitch 128 -> aligned 4, min 4, max 5.
GmemSectorFigure gmem_row_sectors(const GmemRowInstruction& inst, int64_t row_align, int64_t min_pitch,
                                  int sector_bytes = kGmemSectorBytes);

}  // namespace tvlab
