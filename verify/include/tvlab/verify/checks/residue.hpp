// The problem's residues in CUTLASS's SM80 collectives: what happens when M, N or K is not a multiple of the
// CTA tile. CUTLASS v4.2.0, include/cutlass/gemm/kernel/sm70_gemm.hpp computes, for CTA (m, n):
//
//   residue_mnk = (M - BLK_M * m, N - BLK_N * n, K - BLK_K * ceil(K / BLK_K))      k_residue <= 0
//
// and include/cutlass/gemm/collective/sm80_mma_multistage.hpp uses it:
//
//   MainloopSm80CpAsync:  gA = domain_offset(make_coord(0, get<2>(residue_mnk), 0), gA)   (the same for gB)
//     "Shift tensor so residue_k is at origin": every k-tile but the first starts on a BLK_K multiple of K;
//     tApA(m, _) = get<0>(tAcA(0,m,0)) < get<0>(residue_mnk)          (every copy: rows past M masked)
//     first k-tile: iteration k of the copy is issued only if get<1>(tAcA(0,0,k)) >= -get<2>(residue_mnk)
//     (the first -k_residue columns of the shifted tile lie before K = 0: not read, left zero by clear(tAsA))
//   MainloopSm80CpAsyncUnpredicated: `(void) residue_mnk;` -- no shift, no predicate: every tile is read
//     whole, so M, N and K must be multiples of the CTA tile (else the copies read past the operand).
//
// Example: BLK_K = 64, K = 720: k_residue = 720 - 64 * 12 = -48; A K-major (stride_K 1) is shifted by -48
// elements, and in k-tile 0 only the columns k >= 48 of the tile (K = 0..15) are read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tvlab/verify/check/check.hpp"
#include "tvlab/verify/checks/partition.hpp"
#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

// One operand (A or B) of an SM80 collective over a given problem, CTA (0,0), batch 0.
struct OperandResidue {
  bool predicated = false;  // MainloopSm80CpAsync (true) or MainloopSm80CpAsyncUnpredicated (false)
  int64_t rows = 0;         // M (A) or N (B)
  int64_t depth = 0;        // K
  int64_t blk_mn = 0, blk_k = 0;
  int64_t k_residue = 0;                // K - BLK_K * ceil(K / BLK_K), <= 0
  int64_t stride_mn = 0, stride_k = 0;  // TagToStrideX's packed strides (the contiguous mode's 1)
  int64_t tiles = 0;                    // k-tiles: ceil(K / BLK_K)
  // gX's origin moved by domain_offset, in elements (0 for the unpredicated mainloop).
  int64_t shift() const { return predicated ? k_residue * stride_k : 0; }
  // residue_mnk's M (N) of the last CTA along M (N): rows % BLK_MN, or BLK_MN when it divides.
  int64_t last_mn_residue() const { return rows % blk_mn == 0 ? blk_mn : rows % blk_mn; }
};

// The residues of operand `x` ("A" or "B") when the plan's mainloop is an SM80 one (MainloopSm80CpAsync or
// MainloopSm80CpAsyncUnpredicated), it has a problem shape and the operand's global layout is known;
// nullopt otherwise.
std::optional<OperandResidue> operand_residue(const Plan& plan, const PlannedCopy& pc);

// Per value of a thread's tAgA / tBgB (modes (CPY, CPY_MN, CPY_K, k)): true when the collective's predicates
// leave it unread (CTA (0,0)): its row's tApA is false (tAcA(0,m,0).m >= residue_m), or it lies in k-tile 0
// in an iteration whose first value's k is below -k_residue. Empty for the unpredicated mainloop.
// @pre t is the view the partition of `r`'s operand made (t.coordinates are (mn, k, k_tile) of the tile)
std::vector<bool> residue_mask(const ThreadTensor& t, const OperandResidue& r);

// The predicate rule in words, e.g. "k-tile 0: iteration k issued iff tAcA(0,0,k).k >= 48; rows m >= 1088
// masked (tApA)".
std::string residue_rule(const std::string& x, const OperandResidue& r);

// verify's checks of the residues (a plan with an SM80 mainloop and "problem"), for A and B:
//   residue.X       MainloopSm80CpAsyncUnpredicated: M (N) and K are multiples of the CTA tile (the
//   collective
//                   ignores residue_mnk); MainloopSm80CpAsync: its predicates, one decision per copy
//                   iteration taken from the iteration's first value, mask exactly the values outside the
//                   operand (a value on the other side of the residue than its iteration's first is read out
//                   of bounds or dropped: refuted with the thread, iteration and coordinates)
//   gmem.X.problem  every atom call of the g2s copy starts on a multiple of its vector at the problem's
//                   addresses (leading dimension and the k-residue shift included)
void add_residue_checks(Report& rep, const Plan& plan);

}  // namespace tvlab
