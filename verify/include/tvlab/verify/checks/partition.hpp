// What one thread touches: the per-thread tensors of a kernel model (CuTe's partition_S / partition_D of a
// TiledCopy, partition_A/B/C and partition_fragment_A/B/C of a TiledMMA, retile_D of a fragment), as the
// collective builds them, and the table of where each value of each iteration lands.
//
//   CUTLASS's SM80 collective (sm80_mma_multistage.hpp), operand A, thread 5:
//     tAgA = gmem_thr_copy_A.partition_S(gA)   (ACPY,ACPY_M,ACPY_K,k)   needs the problem shape; gA is
//                                               shifted by the k residue and tAgA predicated (residue.hpp)
//     tAsA = gmem_thr_copy_A.partition_D(sA)   (ACPY,ACPY_M,ACPY_K,PIPE)
//     tCrA = thr_mma.partition_fragment_A(sA(_,_,0))   (MMA,MMA_M,MMA_K)
//     tCsA = smem_thr_copy_A.partition_S(sA)   (CPY,CPY_M,CPY_K,PIPE)
//     tCrA_copy_view = smem_thr_copy_A.retile_D(tCrA)   (CPY,CPY_M,CPY_K)
//
//   CUTLASS's SM90 TMA + GMMA collective (sm90_mma_tma_gmma_ss_warpspecialized.hpp), per warpgroup:
//     tCsA = thread_mma.partition_A(sA)        (MMA,MMA_M,MMA_K,PIPE)
//     tCrA = thread_mma.make_fragment_A(tCsA)  (MMA,MMA_M,MMA_K,PIPE) of GMMA descriptors (gmma_fragment.hpp)
//
// A view prints as CuTe prints the tensor: `smem_ptr[16b](sA+40) o ((_8,_1),_8,_1,(_1,_3)):(...)`. Over a
// swizzled smem layout CuTe folds the swizzle into +/- strides where the thread's slice allows it
// (slice_and_offset); a smem_ptr-flagged layout keeps it on the pointer (`Sw<3,4,3>_smem_ptr[16b](...)`).
// Each value's tile coordinate comes from the same partition of the identity tensor, and every offset
// is checked against the tile's own layout at that coordinate when the views are built.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tvlab/core/atoms/smem_desc.hpp"
#include "tvlab/core/composed_layout.hpp"
#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

struct ThreadTensor {
  std::string name;    // CuTe's kernels' name: tAgA, tAsA, tCsA, tCrA, tCrA_copy_view, tCgC, ...
  std::string expr;    // how the kernel makes it: gmem_thr_copy_A.partition_S(gA)
  std::string modes;   // what its modes mean: (ACPY,ACPY_M,ACPY_K,k)
  std::string memory;  // gmem, smem, rmem (a register fragment), coord (a coordinate tensor, Xe), desc (GMMA
                       // descriptors: element(i) is descriptor i's start-address increment in 16-byte units)
  std::string base;    // the tensor it partitions (gA, sA) or the fragment it views (tCrA)
  int bits = 16;       // element width
  // A smem_ptr-flagged smem layout (SM90 GMMA atoms): the swizzle acts on the byte address.
  std::optional<Swizzle> ptr_swizzle;
  IntTuple offset;   // of value 0 from the base, in elements (a coordinate for memory == coord)
  AnyLayout layout;  // view index -> offset from `offset`
  // 1 at the strides CuTe holds as run-time values (a swizzle folded at a run-time thread index), 0 or
  // a single 0 elsewhere: they order a fragment made like this view (make_fragment_like).
  IntTuple dynamic_strides{0};
  // Per value: its coordinate in the base tensor (from the same partition of the base's identity
  // layout; for a register view the coordinate of the value the register holds), one entry per axis.
  std::vector<std::vector<int64_t>> coordinates;
  // The collective's predicate on this view (MainloopSm80CpAsync's tApA / k residue of tAgA and tBgB):
  // per value, true when the copy leaves it unread; empty when the view is not predicated. `predicate`
  // says the rule.
  std::vector<bool> masked;
  std::string predicate;
  // memory == "desc": the first descriptor (make_gmma_desc of tensor<0> of the partition; its start address
  // relative to the smem tensor's, which is taken to be at shared address 0).
  std::optional<SmemDescriptor> descriptor;
  std::vector<std::string> axes;  // the base's axes, e.g. {"m","k","pipe"}
  std::vector<int64_t> extents;   // the base's extent along each axis

  int64_t size() const;
  // What CuTe's print(tensor) shows, the pointer written as base+offset.
  std::string to_string() const;
  // Where value i lands: element offset from the base (swizzle applied). @pre memory != "coord".
  int64_t element(int64_t i) const;
};

struct ThreadPartitions {
  int64_t thread = 0;
  int64_t threads = 0;  // the TiledMMA's (or the copy's) threads
  std::string operand;  // A, B, C, D or a standalone copy's name
  std::vector<ThreadTensor> tensors;
  std::vector<std::string> notes;  // views not shown and why (e.g. gmem without the problem shape)
};

// The most values one thread tensor may hold: each value carries its coordinate and a line of the table, so a
// view of a CTA tile far beyond any kernel's (a 65536 x 65536 accumulator: 33,554,432 values a thread) would
// not fit in memory. Beyond it the view is refused (SpecError, path "thread") with the size and this cap.
inline constexpr int64_t kMaxThreadValues = int64_t(1) << 20;

// The operands and standalone copies of a plan that have per-thread views, in plan order.
std::vector<std::string> partition_operands(const Plan& plan);
// Thread `thread`'s tensors for one operand (or standalone copy). SpecError (path "thread" / "operand")
// for a thread outside the TiledMMA / copy, an operand the plan does not have or a tensor of more than
// kMaxThreadValues values.
ThreadPartitions thread_partitions(const Plan& plan, const std::string& operand, int64_t thread);

// The same for many threads of one operand: the thread-independent partitioned layouts are computed once.
// @pre the plan outlives the query.
class PartitionQuery {
 public:
  PartitionQuery(const Plan& plan, std::string operand);  // SpecError for an operand the plan has not
  int64_t threads() const { return threads_; }
  ThreadPartitions at(int64_t thread) const;
  // Only the thread's global view tAgA / tBgB (shifted and predicated as at() gives it), for checks that
  // enumerate every thread. SpecError when the operand has none (no g2s copy, problem shape or SM80
  // mainloop).
  ThreadTensor global_view(int64_t thread) const;

 private:
  struct Cache;
  ThreadPartitions at_impl(int64_t thread, bool count_only) const;
  ThreadPartitions build(int64_t thread, bool count_only) const;
  const Plan& plan_;
  std::string operand_;
  std::shared_ptr<Cache> cache_;
  int64_t threads_ = 0;
};

}  // namespace tvlab
