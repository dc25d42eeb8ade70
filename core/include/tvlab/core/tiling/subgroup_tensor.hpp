// SubgroupTensor: one work-item's register fragment together with the subgroup's TV layout, as
// sycl-tla's cute::SubgroupTensor (xe-atoms.md section 5). The TV layout says, for each of the 16
// work-items of a subgroup and each fragment value, which coordinate of the tile it holds; reorders
// and SLM copies are computed from it.
//
//   make_subgroup_tensor(float, (16,8):(1@1,1@0))         an 8x16 (m,n) tile over a subgroup
//     tv       (16,8):(1@1,1@0)         (T,V) -> (m,n): work-item t holds column t, value v row v
//     fragment 8:1                      8 registers per work-item
//   partition_sg_fragment(A, XE_DPAS_TT<8,float,bfloat16_t> tiled (8,16,16))
//     tv       (16,8):(1@1,1@0)         (T,V) -> (m,k): atom_partition_A on an identity tensor
//
// Coordinate-valued layouts are turned into integer offsets with project_strides (a column-major
// index over their extent, sycl-tla's change to make_fragment_like).
#pragma once

#include "tvlab/core/tiling/tiled_copy.hpp"
#include "tvlab/core/tiling/xe_copy.hpp"

namespace tvlab {

struct SubgroupTensor {
  ValueType value_type;
  Layout fragment;  // this work-item's fragment: fragment coordinate -> register index
  Layout tv;        // (T,V) -> coordinate in the partitioned tile, relative to `offset`
  IntTuple offset;  // where the subgroup's part starts (a coordinate; 0 for subgroup 0)
};

// sycl-tla's atuple_coshape: per coordinate dimension the largest shape*stride of the flattened,
// filtered layout, at least 1 (an integer for integer-valued layouts).
IntTuple atuple_coshape(const Layout& l);
// project_strides(L): a coordinate-valued L as a column-major index over atuple_coshape(L); an
// integer-valued L unchanged.
Layout project_strides(const Layout& l);
// CuTe's make_fragment_like(L) after project_strides: mode 0 compact column-major (stride-0 modes
// kept at size but not stepped), the other modes ordered by L's strides.
Layout make_fragment_like(const Layout& l);
// The same for a layout some of whose strides CuTe holds as run-time values (`dynamic`: 1 at those
// leaves, congruent with l's strides): compact_order puts them after every static stride, in mode order.
Layout make_fragment_like(const Layout& l, const IntTuple& dynamic);

// make_subgroup_tensor<T>(sg_layout): tv = sg_layout o (16, size/16):(1,16), fragment for thread 0.
SubgroupTensor make_subgroup_tensor(const ValueType& vt, const Layout& sg_layout);

// ThrMMA::partition_sg_fragment_{A,B,C}(identity tile) for subgroup `sg`: tv = atom_partition_X,
// (ThrV, (FrgV,(RestI,RestJ))) -> coordinate; fragment = make_fragment_like(partition_X). For D the
// C partition is used (as upstream).
SubgroupTensor partition_sg_fragment(XeOperand which, const TiledMMA& mma, int64_t sg = 0);
// ThrCopy::partition_sg_fragment_{S,D} as of e45955935 (#776: logical_divide(tidfrg_S/D, 16), whole
// subgroups of 16 work-items whatever the atom's thread count, so the UniversalCopy SLM copies have
// 16-lane fragments), on the identity tile of the copy's tiler, for subgroup `sg`:
// tv = (16, (FrgV,FrgX), (RestM,RestN,...)) -> coordinate.
SubgroupTensor partition_sg_fragment_S(const TiledCopy& copy, int64_t sg = 0);
SubgroupTensor partition_sg_fragment_D(const TiledCopy& copy, int64_t sg = 0);
// Every subgroup's offset (partition_sg_fragment_S/D(copy, sg).offset for sg = 0, 1, ...), from one tidfrg.
std::vector<IntTuple> subgroup_offsets(const TiledCopy& copy, bool src);

}  // namespace tvlab
