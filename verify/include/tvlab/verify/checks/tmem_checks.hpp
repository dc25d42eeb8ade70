// verify's checks of an SM100 epilogue's tensor-memory copies (the spec's "tmem" key, docs/spec.md):
//
//   tmem.C.coverage      the epilogue's TMEM loads (stores) reach every accumulator element of the CTA
//   exactly
//                        once, and nothing outside the accumulator; witness: an element never loaded, one
//                        loaded twice (by which threads and registers), or an address holding no element
//   tmem.C.subpartition  every warp's tcgen05.ld/st stays in its subpartition (warp w: lanes 32*(w%4) ..
//                        32*(w%4)+31), as the hardware requires; witness: the warp, its lanes, the allowed
//                        ones
//
// Both walk what each thread does (enumeration): thread threadIdx.x, each copy call of its loop at the base
// address partition_S gives it, each register value at the atom's address from that base (the register
// layout and ValID of copy_traits_sm100.hpp).
#pragma once

#include <vector>

#include "tvlab/core/tiling/tmem.hpp"
#include "tvlab/verify/check/check.hpp"

namespace tvlab {

// One register value of one copy call of one thread.
struct TmemAccess {
  int64_t thread = 0;  // threadIdx.x
  int64_t call = 0;    // the copy call: column-major index over the rest modes (T2R_M, T2R_N, EPI_M, EPI_N)
  int64_t value = 0;   // the register value of the atom (in the accumulator's type)
  TmemAddress addr;
};

// Every access of the epilogue, thread by thread, call by call, value by value.
std::vector<TmemAccess> tmem_epilogue_accesses(const TmemEpilogue& e);

CheckResult check_tmem_coverage(const TmemEpilogue& e);
CheckResult check_tmem_subpartition(const TmemEpilogue& e);

}  // namespace tvlab
