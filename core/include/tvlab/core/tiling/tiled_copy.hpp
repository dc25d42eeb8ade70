// TiledCopy: a copy atom replicated over threads and values, with CuTe's exact algorithms
// (make_tiled_copy, make_tiled_copy_A/B/C, tidfrg_S/D, get_layoutS/D_TV).
//
//   make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, half_t>, thr (32,8):(8,1), val (1,8))
//     Tiler_MN (32,64)       TiledLayout_TV ((8,32),8):((256,1),32)
//     S_TV = D_TV ((8,32),(8,1)):((256,1),(32,0))   (thread, value) -> column-major index in the tile
//
// TiledLayout_TV is written in the atom's reference (thread, value) space; S_TV and D_TV re-index it by
// the source and destination threads and values of the atom (rinv(Ref) o Src, rinv(Ref) o Dst).
#pragma once

#include "tvlab/core/atoms/atom.hpp"
#include "tvlab/core/tiler.hpp"
#include "tvlab/core/tiling/tiled_mma.hpp"

namespace tvlab {

struct TiledCopy {
  CopyAtom atom;              // with its traits built for value_type
  ValueType value_type;       // Copy_Atom<Op, value_type>
  Layout tv;                  // TiledLayout_TV: (thread, value) -> column-major index into the tiler's tile
  Tiler tiler{Underscore{}};  // Tiler_MN

  ValueLayouts atom_values() const { return value_layouts(atom, value_type.bits); }
  int64_t num_threads() const { return size(mode(tv, 0)); }
  // The tile's shape: per mode the tiler's size (an integer) or its layout's shape.
  IntTuple tile_shape() const;
  // tile2thrfrg(x, ref2trg): ((tile modes),(rest)) -> (Thr, FrgV, Rest).
  Layout tile2thrfrg(const Layout& x, const Layout& ref2trg) const;
  // tidfrg_S(x) / tidfrg_D(x): x tiled by Tiler_MN, then (Thr, (FrgV,FrgX), (RestM,RestN,...)).
  Layout tidfrg_S(const Layout& x) const;
  Layout tidfrg_D(const Layout& x) const;
  // (thread, value) -> column-major index in the tile, by source / destination thread.
  Layout get_layoutS_TV() const;
  Layout get_layoutD_TV() const;
  // partition_S/D(x) for one thread: tidfrg sliced at the thread.
  LayoutSlice partition_S(const Layout& x, int64_t thread) const;
  LayoutSlice partition_D(const Layout& x, int64_t thread) const;
  // retile(frag): a thread's fragment (V, RestM, RestN, ...) -> register regrouped as the copy moves it,
  // ((AtomVal, RestVal), RestM', RestN', ...) (CuTe's retile_S / retile_D, which are the same).
  Layout retile(const Layout& frag) const;
};

// CuTe's make_tiled_copy_impl: a TiledCopy from its TV layout and tiler (checks the atom divides them).
TiledCopy make_tiled_copy_impl(const CopyAtom& atom, const ValueType& vt, const Layout& tv,
                               const Tiler& tiler);
// make_tiled_copy(atom, thr_layout, val_layout = 1:0): each thread copies val_layout's block, threads
// arranged by thr_layout (both (m,n,...) -> index).
TiledCopy make_tiled_copy(const CopyAtom& atom, const ValueType& vt, const Layout& thr_layout,
                          const Layout& val_layout = Layout());
// The copy that moves exactly an MMA operand's fragments: TV = get_layoutX_TV(), tiler = its tile.
TiledCopy make_tiled_copy_A(const CopyAtom& atom, const ValueType& vt, const TiledMMA& mma);
TiledCopy make_tiled_copy_B(const CopyAtom& atom, const ValueType& vt, const TiledMMA& mma);
TiledCopy make_tiled_copy_C(const CopyAtom& atom, const ValueType& vt, const TiledMMA& mma);
// make_tiled_copy_C_atom: the smallest copy of C fragments that one copy atom moves per thread: C's TV
// layout truncated to the atom's values, over a by-mode tiler of the (m, n) rows and columns it touches.
TiledCopy make_tiled_copy_C_atom(const CopyAtom& atom, const ValueType& vt, const TiledMMA& mma);

}  // namespace tvlab
