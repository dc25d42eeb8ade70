// verify's checks of what a CUTLASS collective itself requires of its configuration: the conditions CuTe and
// CUTLASS static_assert on when the kernel is compiled, and the run-time properties the mainloop relies on
// without checking them. Each is refuted with a witness (an Error), never reported as a warning.
//
//   threads.<X>     every copy of operand X (its g2s, s2r, r2s or register copy) has the kernel's threads:
//                   CUTLASS launches size(TiledMma) threads (sm70_gemm.hpp MaxThreadsPerBlock) and each runs
//                   copy.get_slice(threadIdx.x). MainloopSm80CpAsyncUnpredicated static_asserts
//                   size(gmem_tiled_copy_A) == size(tiled_mma) (sm80_mma_multistage.hpp); the predicated
//                   MainloopSm80CpAsync compiles, and then a copy of more threads leaves the values of its
//                   extra threads uncopied, one of fewer threads lets threads past its last one write
//                   wherever CuTe's layout carries them (past stage 0, or over other threads' elements).
//   type.<X>.<c>    stage copy c's Copy_Atom<Op, T> declares T of the operand's width: CuTe counts a copy's
//                   values in T (ldmatrix of float over half data fails to vectorize; cp.async of
//                   uint128_t over float-counted half data moves misaligned, overlapping 16-byte vectors)
//   partition.<X>   the collective's own per-thread partitions of X (partition_S/D of the staged smem,
//                   partition_fragment, retile_D; tvlab plan --thread) are what CuTe computes, and their
//                   modes agree as the SM80 collective asserts (CPY_M, CPY_K: size<1>/size<2> of tCsA and
//                   tCrA_copy_view): a condition of CuTe's (Shape or Stride Divisibility, a swizzle slice) is
//                   a refutation naming it.
//
// Example: a GmemTiledCopyA of (64,4) threads with a TiledMMA of 128: "T128..T255 of g2s never run (the
// kernel launches 128): element (64,0) of A's (128,32) tile is never written".
#pragma once

#include "tvlab/verify/check/check.hpp"
#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

// threads.X, type.X.<c> and partition.X for every NVIDIA operand of the plan that has copies (Xe copies are
// built from the TiledMMA's subgroups, and the SLM pipeline checks its own thread count).
void add_collective_checks(Report& rep, const Plan& plan);

}  // namespace tvlab
