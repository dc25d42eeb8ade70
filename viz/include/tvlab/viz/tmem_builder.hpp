// Blackwell tensor memory pictures (core/tiling/tmem.hpp):
//
//   build_tmem_acc_scene(acc)    where a UMMA accumulator lives: TMEM lanes as rows, columns as columns,
//                                each cell labelled with the element (m,n) it holds, coloured by a quarter
//                                of the MMA's rows (and by MMA tile), subpartition boundaries every 32 lanes
//   build_tmem_copy_scene(epi)   an epilogue's TMEM load (store) over its first epilogue tile: each element
//                                (m,n) labelled with the thread and register that receive it (T<t>V<r>, r
//                                the index in the thread's fragment tTR_rAcc), coloured by thread
//
// An SM100 UMMA is CTA-scoped, so its TV picture is one colour; these say what a Blackwell kernel needs.
#pragma once

#include "tvlab/core/tiling/tmem.hpp"
#include "tvlab/viz/options.hpp"

namespace tvlab::viz {

Scene build_tmem_acc_scene(const TmemAccumulator& acc, const Options& opt = {});
Scene build_tmem_copy_scene(const TmemEpilogue& epi, const Options& opt = {});

}  // namespace tvlab::viz
