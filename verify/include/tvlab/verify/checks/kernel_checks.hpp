// verify's checks of the collective around the TiledMMA and of global memory (a spec with "cta_tile",
// "stages" and operands' "gmem", or "contiguous"):
//
//   cta.mma        the TiledMMA's tile divides the CTA tile: the mainloop repeats it MMA_M x MMA_N times and
//                  issues K / MMA_K k-blocks (CuTe's partition_fragment_C of the CTA tile)
//   cta.<X>.<c>    copy c's tile (g2s, s2r) divides the CTA's operand tile (partition_S/D of it)
//   smem.budget    the kernel's shared storage (GemmUniversal's SharedStorageSize, shared_storage.hpp) fits
//                  the architecture's limit per thread block where the spec names the epilogue; else the
//                  mainloop's alone, and claim, summary and data["scope"] say "mainloop only"
//   gmem.<X>.g2s   every lane's atom call of the global -> shared copy reads one vector of global memory:
//                  its values run along the contiguous mode with unit steps, start on a multiple of the
//                  vector, and the vector fits the operand's alignment (AlignmentX): else a refutation naming
//                  the thread, its values, their coordinates and element offsets (ld = leading dimension);
//                  when it holds, the copy's global side (gmem_sectors.hpp): requests and 32-byte sectors per
//                  k-tile, CTA-wide, sectors per request and the share of each sector used, exact where
//                  every row start is provably 32-byte aligned, else the aligned figure with its bound
//   source.<X>     the same rule for a register copy that reads memory the spec does not stage in shared
//                  memory ("contiguous" / "gmem"); unknown (never assumed) when the spec does not say how
//                  memory holds the operand
//
// Example: A ColumnMajor (M contiguous) under SM80_CP_ASYNC_CACHEALWAYS<uint128_t> with threads (32,4):(4,1),
// values (1,8): thread 0's 8 values are (0,0)..(0,7), at element offsets 0, ld, 2*ld, ...: refuted.
#pragma once

#include <optional>

#include "tvlab/verify/banks/gmem_sectors.hpp"
#include "tvlab/verify/check/check.hpp"
#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

// How a memory holds an operand tile of shape (rows, cols) for the vector rule: the contiguous mode (0 or
// 1; the other has stride ld, a multiple of `alignment` elements) and the alignment in elements (0: not
// known, only contiguity is checked).
struct MemoryMajor {
  int contiguous = 1;
  int64_t alignment = 0;
};

// The vector rule over every atom call of `copy`'s source (or destination) side on `tile`: the first
// violation as "T<t> (warp W, lane L), call K: ..." or "" when every call is one vector. `vector_values` is
// set to the largest run seen (values of one call).
// @pre tile has rank 2; the copy's tiler divides it (else LayoutError).
std::string memory_vector_witness(const TiledCopy& copy, bool source_side, const IntTuple& tile,
                                  const MemoryMajor& mem, int64_t& vector_values);

void add_kernel_checks(Report& rep, const Plan& plan);

// The global side of an operand's g2s copy over the CTA's operand tile (one k-tile, every warp): each
// instruction's lanes as (row, byte offset in the row) of the memory layout the spec gives, through
// gmem_row_sectors. Row starts (base pointer + row * ld, plus the CTA's and k-tile's offsets) are multiples
// of row_align_bytes = gcd(AlignmentX bytes, the tile's contiguous extent in bytes) (the vector's bytes when
// the spec gives "contiguous" without an alignment) and at least min_pitch_bytes apart (ld covers the tile's
// contiguous extent, and the problem's when "problem" is given).
struct G2sSectors {
  GmemOpKind op = GmemOpKind::CpAsyncCa;
  GmemSectorFigure figure;
  int64_t row_align_bytes = 0, min_pitch_bytes = 0;
  int64_t instructions = 0;
  // Each warp instruction's lanes as (row, byte offset in the row), in issue order: the sites of
  // copy_smem_instructions(g2s, true, tile, 32) over `tile` (the CTA's operand tile, or the MMA's), whose
  // figures (gmem_row_sectors under row_align_bytes and min_pitch_bytes) add up to `figure`.
  IntTuple tile;
  std::vector<GmemRowInstruction> insts;
};
// nullopt (and *why) when the operand has no g2s copy, memory's layout is not given, or a lane's call is not
// one vector of at most 16 bytes.
std::optional<G2sSectors> g2s_gmem_sectors(const PlannedCopy& p, const TiledMMA& m,
                                           const std::optional<KernelShape>& kernel,
                                           std::string* why = nullptr);
// {op, counters, measured, instructions, requests, sectors (32-byte-aligned rows), sectors_min, sectors_max,
//  exact, bytes, used_bytes, row_align_bytes, min_pitch_bytes}: verify's data["sectors"], plan --json's.
nlohmann::ordered_json g2s_sectors_json(const G2sSectors& s);
// "4 sectors/request, 100% of each sector used" (+ the bound when not exact); the figure's words.
std::string g2s_sectors_text(const G2sSectors& s);
// Instruction k of the copy (s.insts[k]) in words, as `render --view banks --copy g2s` and the explore page
// say it: "1 request, 16 sectors of 32 bytes, 512 of 512 bytes used (100%) where rows start 32-byte aligned;
// 16..24 sectors where rows are only 16-byte aligned (base pointer, ld: a bound, not one figure)", or
// "(exact: rows start 32-byte aligned)" in place of the bound. @pre k < s.insts.size().
std::string g2s_instruction_sectors_text(const G2sSectors& s, std::size_t k);
void add_gmem_checks(Report& rep, const PlannedCopy& p, const TiledMMA& m,
                     const std::optional<KernelShape>& kernel);

// The shared-memory limit per thread block of an architecture in bytes (0: not known) and its source.
int64_t smem_limit_bytes(const std::string& arch, std::string* source = nullptr);

}  // namespace tvlab
