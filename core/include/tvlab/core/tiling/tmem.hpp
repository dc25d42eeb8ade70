// Blackwell (SM100) tensor memory: where a UMMA accumulator lives, and which thread and register a
// TMEM load or store moves each accumulator element to, with CuTe's exact algorithms (CUTLASS 4.2,
// cute/atom/mma_traits_sm100.hpp UMMA::tmem_frg::make, cute/atom/copy_traits_sm100.hpp make_tmem_copy,
// cute/pointer.hpp tmem_ptr).
//
// Tensor memory is 128 lanes (data paths) x 512 columns of 32 bits per CTA. A warp may access only its
// subpartition: warp w the lanes 32*(w%4) .. 32*(w%4)+31. CuTe addresses it with a tmem_ptr<T> whose
// layout offsets count T elements: offset i is the 32-bit address rotr(i, s), s = log2(32 / bits(T)),
// i.e. word = i >> s (lane = word >> 16, column = word & 0xFFFF) and sub-word index i & (2^s - 1).
//
//   SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>, tile (128,256):
//     partition_fragment_C  ((128,256),1,1):((65536,1),0,0)     element (m,n) in lane m, column n
//   SM100_MMA_F16BF16_SS<half_t,half_t,float,64,128,K,K>, tile (64,128):
//     partition_fragment_C  (((16,4),128),1,1):(((65536,2097152),1),0,0)
//                                                lanes 0-15 of each subpartition: m -> 32*(m/16) + m%16
//   make_tmem_copy(SM100_TMEM_LOAD_32dp32b16x, (128,256):(65536,1)) with float:
//     TiledLayout_TV ((32,4),(16,32)):((0,1),(128,4))   Tiler_MN ((4,32):(32,1),16:1)
//     (the thread mode has stride 0 within a warp: tcgen05.ld is warp-collective, every lane passes
//      the warp's base address; D_TV says which lane and register receives which element)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tvlab/core/atoms/atom.hpp"
#include "tvlab/core/tiling/tiled_copy.hpp"

namespace tvlab {

inline constexpr int64_t kTmemLanes = 128, kTmemColumns = 512;

// CuTe's UMMA::TmemAllocMode for accumulators: 1-CTA TS atoms allocate NonInterleaved (M = 64 keeps the
// half subpartitions of two MMA tiles apart), every other atom Interleaved.
enum class TmemAllocMode { Interleaved, NonInterleaved };

struct TmemAccumulator {
  std::string mma;  // the UMMA atom's name
  int ctas = 1;     // 1, or 2 for a _2x1SM_ atom (each CTA holds half of M in its own tensor memory)
  ValueType value_type;
  int storage_bits = 32;  // the StorageType of UMMA::tmem_frg (32-bit columns)
  TmemAllocMode alloc = TmemAllocMode::Interleaved;
  int64_t mma_m = 0, mma_n = 0;    // one MMA's per-CTA (M, N): (M / ctas, N)
  int64_t tile_m = 0, tile_n = 0;  // the CTA's accumulator tile (its share of M for 2 CTAs)
  // partition_fragment_C: ((M_MMA, N_MMA), MMA_M, MMA_N) -> TMEM offset (in value_type elements).
  Layout layout;
  // The same as (tile_m, tile_n) -> offset: element (m, n) of the CTA's tile.
  Layout mn() const;
  // accumulators(make_coord(_,_), 0, 0): the first MMA tile, (M_MMA, N_MMA) -> offset.
  Layout first_mma_tile() const { return mode(layout, 0); }
};

// The accumulator's placement in words, one line per run of lanes:
//   SM100_MMA_F16BF16_SS<...,64,8,...>:  "lanes 0..15: rows 0..15, n 0..7 in columns 0..7", "lanes 16..31:
//   empty",
//                                        "lanes 32..47: rows 16..31, n 0..7 in columns 0..7", ...
// A lane holding several rows (NonInterleaved MMA tiles side by side) is "several rows".
std::vector<std::string> tmem_lane_runs(const TmemAccumulator& acc);

struct TmemAddress {
  int64_t lane = 0, column = 0, sub = 0;  // sub: the value's index inside its 32-bit column
  friend bool operator==(const TmemAddress&, const TmemAddress&) = default;
};

// log2(32 / bits): tmem_ptr<T>::OffsetShift (0 for bits >= 32).
int tmem_offset_shift(int bits);
// TMEM::DP<T>: the offset of one lane, 65536 << tmem_offset_shift(bits).
int64_t tmem_dp(int bits);
// The address of a tmem_ptr<T> offset (the tensor based at lane 0, column 0). Throws std::invalid_argument
// for a negative offset.
TmemAddress tmem_address(int64_t offset, int bits);
// "lane 5, column 17" (", half 1" for a sub-word value).
std::string to_string(const TmemAddress& a);

// Whether an MMA atom is an SM100 UMMA (tcgen05.mma) whose accumulator lives in tensor memory.
bool is_umma(const MmaAtom& atom);
// partition_fragment_C(make_tiled_mma(atom), (tile_m, tile_n)) of a UMMA atom: CuTe's tmem_frg layout.
// tile_m / tile_n: the TiledMMA's (M, N) tile (M over both CTAs for a _2x1SM_ atom), multiples of the
// atom's M and N. Throws AtomError naming what does not hold (not a UMMA, a tile the atom does not divide,
// more than 128 x 512 32-bit columns, a complex interleaved atom tvlab does not model).
TmemAccumulator tmem_accumulator(const MmaAtom& atom, int64_t tile_m, int64_t tile_n);

// flat_divide(acc, EpilogueTile): the epilogue's subtiles of the first MMA tile, (EPI_TILE_M, EPI_TILE_N,
// EPI_M, EPI_N), the (_,_,0,0) slice the first. EpilogueTile is a by-mode tiler of 2 modes, each an integer n
// (a Shape<_M,_N>: n:1) or a layout, as CUTLASS's SM100 epilogue builder makes for a 2-CTA M = 128 MMA
// (TmemWarpShape 2x2, sm100_builder.inl): (64:1, (N/2,2):(1,CtaN/2)), each warp pair's columns from both
// halves of N (the second half lives in lanes 64-127):
//   acc (64,(64,2)):(65536,(1,4194304)), tile (64:1,(16,2):(1,64))
//     -> (64,(16,2),1,4):(65536,(1,4194304),0,16)      tile j of N: n = (16,2):(1,64)(i) + 16 j
// Throws AtomError (rule "EpilogueTile") unless each mode tiles the accumulator's mode exactly (an integer
// divides it; a layout's union with complement(layout, extent) is a bijection onto [0, extent)), and for
// what tvlab does not model: a mode that is a tuple of tilers (CuTe would divide sub-mode by sub-mode) or
// `_`.
Layout tmem_epilogue_tiles(const Layout& acc, const Tiler& tile);
// The same with Shape<epi_m, epi_n>.
Layout tmem_epilogue_tiles(const Layout& acc, int64_t epi_m, int64_t epi_n);
// Mode i (0 = M, 1 = N) of an epilogue tile as a layout: the first subtile's coordinate -> m (n) of the MMA
// tile (an integer n is n:1).
Layout tmem_epilogue_mode(const Tiler& tile, int i);

// make_tmem_copy(Copy_Atom<Op, T>{}, tmem) for an SM100_TMEM_LOAD/STORE atom and a TMEM tensor layout
// (coordinate -> offset in T elements): CuTe's make_cotiled_copy with the atom's thread layout (32,4):
// (0, 32*DP) (four warps, each at the same place of its subpartition) and value layout
// coalesce(upcast<bits(T)>(ValID)). Throws AtomError where CuTe's static assertions fail (not a TMEM
// atom, T's width, atom addresses outside the tensor).
TiledCopy make_tmem_copy(const CopyAtom& atom, const ValueType& vt, const Layout& tmem);

// An SM100 epilogue's tensor-memory copies, as CUTLASS's sm100 collective epilogues build them:
//   tAcc     = accumulators(make_coord(_,_), 0, 0)                    the first MMA tile
//   tAcc_epi = flat_divide(tAcc, EpilogueTile)                       (EPI_TILE_M, EPI_TILE_N, EPI_M, EPI_N)
//   copy     = make_tmem_copy(CopyOpT2R, tAcc_epi(_,_,0,0))
//   thread threadIdx.x in [first_thread, first_thread + threads) uses slice (threadIdx.x - first_thread)
//   % 128 and loops over partition_S(tAcc_epi) (partition_D for a store): (T2R, T2R_M, T2R_N, EPI_M, EPI_N).
struct TmemEpilogue {
  TmemAccumulator acc;
  Tiler tile{Tiler::Modes{}};    // EpilogueTile, as given (integers and/or layouts, 2 modes)
  int64_t epi_m = 0, epi_n = 0;  // its shape, product_each(shape(EpilogueTile))
  int64_t threads = 128, first_thread = 0;
  Layout tiles;  // tAcc_epi
  TiledCopy copy;
  bool store() const { return copy.atom.name.rfind("SM100_TMEM_STORE_", 0) == 0; }
};
// Throws AtomError as tmem_epilogue_tiles and make_tmem_copy do; epi_m = epi_n = 0 means the whole first
// MMA tile (Shape<MMA_M, MMA_N>).
TmemEpilogue make_tmem_epilogue(const TmemAccumulator& acc, const CopyAtom& atom, int64_t epi_m = 0,
                                int64_t epi_n = 0, int64_t threads = 128, int64_t first_thread = 0);
// The same with EpilogueTile a by-mode tiler (see tmem_epilogue_tiles).
TmemEpilogue make_tmem_epilogue(const TmemAccumulator& acc, const CopyAtom& atom, const Tiler& tile,
                                int64_t threads = 128, int64_t first_thread = 0);

// What one lane's register value of a TMEM copy atom addresses, relative to the warp's base address: the
// hardware meaning of the atom's register layout and ValID (independent of the TiledCopy algebra).
// value: the index of a `bits`-wide value in the lane's registers (the atom's destination side for a
// load, source for a store).
TmemAddress tmem_atom_offset(const CopyAtom& atom, int bits, int64_t lane, int64_t value);

}  // namespace tvlab
