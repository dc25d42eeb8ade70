// Reorder planning between two subgroup TV layouts (xe-atoms.md section 5, sycl-tla's reorder()):
// which destination register receives each source register, what kind of routine moves it, and
// what that costs.
//
//   src (16,8):(8,1)  dst (16,8):(8,1), bf16 -> bf16   rlayout 128:1: a no-op
//   src = an int8 VNNI load (64,...)  dst = the f16 DPAS B fragment  -> kind VV, converts s8 -> f16
//
// 1. Both layouts are projected to a column-major index over their coordinate extent (project_strides;
//    4-bit types: swizzled so that byte ownership reads element by element).
// 2. rlayout = coalesce(right_inverse(dst) o src): source register index t + 16 v -> destination index.
// 3. The kind: with SV = 32/bits(S), DV = 32/bits(D): stride<0> == 1 -> UU (size<0> % (16 max(SV,DV)) == 0)
//    or UU_Universal (size<0> % 16 == 0); take<0,2> == (16,DV):(DV,1) -> UV; == (SV,16):(16,1) -> VU;
//    take<0,3> == (DV,SV/DV,16):(1,DV*16,DV) (SV > DV) or (SV,16,DV/SV):(1,SV*16,SV) (DV > SV) -> VV;
//    else Generic.
// 4. Cost: register-region movs of vl = min(32, run, elements_per_GRF / stride) elements, each inside one
//    64-byte GRF, on the side with the longer runs (no cross-lane shuffles on Xe: one GRF file).
#pragma once

#include <optional>
#include <string>

#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/layout.hpp"
#include "tvlab/verify/check/check.hpp"

namespace tvlab {

struct ReorderPlan {
  Layout src, dst;           // projected (step 1)
  Layout rlayout;            // step 2
  std::string kind;          // UU, UU_Universal, UV, VU, VV, Generic
  bool noop = false;         // rlayout is the identity and the types agree
  bool converts = false;     // S != D
  std::string route;         // how sycl-tla carries it out
  int64_t movs = 0;          // register-region movs of the relayout (0 for a no-op)
  int64_t moved_values = 0;  // source values whose register index changes
  // The first source register (t, v) that moves, and where it goes.
  std::optional<int64_t> witness_src, witness_dst;
  std::vector<ProofStep> steps;
};

// src_tv, dst_tv: (T,V) -> coordinate (or index) layouts of one subgroup with 16 work-items.
// Throws LayoutError when the layouts do not hold the same elements (no reorder exists).
ReorderPlan plan_xe_reorder(const Layout& src_tv, const Layout& dst_tv, const ValueType& s,
                            const ValueType& d);

// step 3 alone.
std::string classify_xe_reorder(const Layout& rlayout, int sv, int dv);

}  // namespace tvlab
