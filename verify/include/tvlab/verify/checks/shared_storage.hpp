// The shared memory a CUTLASS GEMM kernel allocates: GemmUniversal<ProblemShape, CollectiveMainloop,
// CollectiveEpilogue>::SharedStorageSize, computed as the compiler lays out CUTLASS's SharedStorage structs
// (member offsets rounded up to each member's alignment, sizes to the aggregate's; a union is its largest
// member; an empty struct is one byte). CUTLASS 4.2.0 (nvidia-cutlass 4.2.0.0):
//
//   kernel (include/cutlass/gemm/kernel/)      SharedStorageSize
//   sm70_gemm.hpp (MainloopSm80CpAsync*)       max(sizeof(Mainloop::SharedStorage),
//   sizeof(Epilogue::SharedStorage)) sm90_gemm_tma.hpp (MainloopSm90TmaGmma)    the same max
//   sm90_gemm_tma_warpspecialized.hpp          struct { union { mainloop; epilogue } tensors;
//                                                       aligned_struct<16> { alignas(16) mainloop;
//                                                       alignas(16) epi_load } pipelines; }
//   ..._cooperative.hpp                        struct { aligned_struct<16> { alignas(16) mainloop;
//   alignas(16) epi_load;
//                                                         alignas(16) load_order } pipelines; alignas(16)
//                                                         scheduler;
//                                                       aligned_struct<128> { epilogue; mainloop } tensors; }
//   ..._pingpong.hpp                           as cooperative, math_wg_order (OrderedSequenceBarrier<2,2>)
//   after epi_load
//
// The collectives: sm80_mma_multistage.hpp (array_aligned<ElementA, cosize(SmemLayoutA)> smem_a, smem_b),
// sm90_mma_tma_gmma_ss_warpspecialized.hpp (TensorStorage : aligned_struct<128> { smem_A, smem_B };
// PipelineStorage = PipelineTmaAsync<Stages>: a full and an empty 8-byte barrier per stage),
// sm90_mma_tma_gmma_ss.hpp (smem_A, smem_B, alignas(16) pipeline), default_epilogue.hpp (empty),
// sm70_epilogue_vectorized.hpp (array_aligned<ElementAccumulator, cosize(SmemLayout)>),
// sm90_epilogue_tma_warpspecialized.hpp (smem_C and smem_D ArrayEngines, alignas(alignment_for_swizzle), a
// struct, or a union with ReuseSmemC or without C; the fusion's storage; PipelineTransactionAsync<StagesC>),
// epilogue/collective/detail.hpp (Sm90TmaWarpSpecializedAdapter: an SM90 warp-specialized kernel's
// DefaultEpilogue or Sm70EpilogueVectorized, with PipelineTransactionAsync<0>). The tile scheduler is the
// default (PersistentTileSchedulerSm90: an empty SharedStorage).
//
// Example: the SM90 f16 TN 128x128x64 cooperative kernel with 6 stages and a 128x32 f32 TMA epilogue
// (StagesC 4, ReuseSmemC, Sw<3,4,3> atoms: 1024-byte aligned): pipelines 176 B, scheduler 1 B at 176,
// tensors at 1024: epilogue 66560 B, mainloop 196608 B: 264192 B.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tvlab/verify/check/check.hpp"
#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

// One staged operand of the mainloop: cosize(SmemLayoutX) elements of `bits` each.
struct SmemArray {
  std::string name;  // A or B
  std::string type;  // the element type
  int bits = 0;
  int64_t elements = 0;
  std::string layout;  // the staged layout's text
};

struct SharedStorageFigure {
  int64_t bytes = 0;
  // "kernel": GemmUniversal's SharedStorageSize (the epilogue is given); "mainloop only": what the
  // mainloop's own storage needs (the kernel needs at least that).
  std::string scope;
  std::string kernel;            // the kernel header whose layout applies (mainloop-only: the collective's)
  std::string parts;             // one line: the top-level parts and their sizes
  std::vector<ProofStep> steps;  // every member: its offset, size and alignment
  // Non-empty when no exact figure exists: what tvlab does not model (a sub-byte element array).
  std::string unsupported;
};

// The shared storage of the kernel `k` describes with the mainloop's staged operands `ab` (A, B). With
// k.epilogue the whole kernel's (scope "kernel"); without it the mainloop's: sizeof(the collective's
// SharedStorage), or for an SM90 warp-specialized mainloop sizeof(TensorStorage) + sizeof(PipelineStorage);
// a mainloop not named (no "mainloop") gives the sum of its arrays.
SharedStorageFigure shared_storage(const KernelShape& k, const std::vector<SmemArray>& ab);

}  // namespace tvlab
