// TiledMMA: an MMA atom replicated over a layout of atoms (threads) and a permuted tile, with CuTe's
// exact algorithms (make_tiled_mma, thrfrg_A/B/C, get_layoutA/B/C_TV, get_slice).
//
//   make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))
//     thr_layout_vmnk (32,2,2,1):(1,32,64,0)     (v,m,n,k) -> thread index
//     tile_mnk        (32,16,16)                 atom shape x atoms per mode (or the permutation's size)
//     C_TV            ((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))
//                     (thread, value) -> m + 32*n in the 32x16 C tile
//
// The thread mode of A_TV (B_TV) covers the threads along N (M) with stride 0: they hold the same A (B).
// Threads beyond size(VMNK) alias threads inside it; with threads along K (atom layout K > 1) the C
// thread mode runs past the tile, as CuTe's does (verify reports it).
#pragma once

#include <array>

#include "tvlab/core/atoms/atom.hpp"
#include "tvlab/core/tiler.hpp"

namespace tvlab {

// A layout sliced at some coordinate, as CuTe's sliced tensor: x -> offset + layout(x).
struct LayoutSlice {
  IntTuple offset;
  Layout layout;
};

struct TiledMMA {
  MmaAtom atom;
  Layout thr_layout_vmnk;  // (v,m,n,k) -> thread index
  std::array<Tiler, 3> permutation{Tiler(Underscore{}), Tiler(Underscore{}), Tiler(Underscore{})};
  std::array<int64_t, 3> tile_mnk{};  // tile_size_mnk<I>

  int64_t num_threads() const { return size(thr_layout_vmnk); }
  // An Xe (DPAS) TiledMMA: its atom's threads are a subgroup's work-items.
  bool is_xe() const { return atom.arch.rfind("xe", 0) == 0; }
  // thrfrg_X(x), x indexed (m,k) / (n,k) / (m,n): ((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK)))
  Layout thrfrg_A(const Layout& x) const;
  Layout thrfrg_B(const Layout& x) const;
  Layout thrfrg_C(const Layout& x) const;
  // (thread index, value) -> column-major index into the tile's (M,K) / (N,K) / (M,N).
  Layout get_layoutA_TV() const;
  Layout get_layoutB_TV() const;
  Layout get_layoutC_TV() const;
  // The (v,m,n,k) coordinate of a thread index (CuTe's get_slice(i).thr_vmnk_).
  std::array<int64_t, 4> thr_vmnk(int64_t thread) const;
  // partition_shape_C(mma, shape): (FrgV, RestM, RestN) of thrfrg_C(column-major shape) at thread 0.
  IntTuple partition_shape_A(const IntTuple& shape_mk) const;
  IntTuple partition_shape_B(const IntTuple& shape_nk) const;
  IntTuple partition_shape_C(const IntTuple& shape_mn) const;
  // partition_X(x) for one thread: thrfrg_X(x) sliced at the thread's (v,(i0,i1)) coordinate,
  // a (FrgV,RestI0,RestI1) layout plus the thread's offset (a coordinate for identity layouts).
  LayoutSlice partition_A(const Layout& x, int64_t thread) const;
  LayoutSlice partition_B(const Layout& x, int64_t thread) const;
  LayoutSlice partition_C(const Layout& x, int64_t thread) const;

 private:
  Layout thrfrg(const Layout& x, int i0, int i1, const Layout& atom_layout) const;
  Layout thread_index_to_id() const;
  LayoutSlice partition(const Layout& thrfrg, int64_t thread, int i0, int i1) const;
};

// make_tiled_mma(atom, atom_layout = (1,1,1), permutation = (_,_,_)): atom_layout (up to rank 3,
// padded with 1:0) places atoms over (M,N,K); each permutation mode is a layout, an integer n (n:1)
// or `_` (none: the tile is the atom shape times the atoms along that mode).
TiledMMA make_tiled_mma(const MmaAtom& atom, const Layout& atom_layout = Layout(),
                        const Tiler& permutation = Tiler(Underscore{}));

}  // namespace tvlab
