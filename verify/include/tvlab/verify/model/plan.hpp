// The plan: what build_plan() makes of a kernel configuration (model/kernel_config.hpp) -- the TiledMMA,
// per operand its copies (and Xe prefetch, SLM pipeline, subtiles), shared-memory stages and tiles, TMA
// loads, the collective around them (KernelShape) and the tensor-memory accumulator. The checks
// (verify_plan), the per-thread views (plan --thread), the pictures and the writers read it.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "tvlab/core/atoms/smem_desc.hpp"
#include "tvlab/core/atoms/tma.hpp"
#include "tvlab/core/tiling/tiled_copy.hpp"
#include "tvlab/core/tiling/tiled_mma.hpp"
#include "tvlab/core/tiling/tmem.hpp"
#include "tvlab/core/tiling/xe_copy.hpp"
#include "tvlab/core/tiling/xe_slm.hpp"
#include "tvlab/core/tiling/xe_subtiled.hpp"
#include "tvlab/verify/banks/smem_access.hpp"
#include "tvlab/verify/model/kernel_config.hpp"
#include "tvlab/verify/model/spec_error.hpp"

namespace tvlab {

// Where an operand is staged in shared memory: NVIDIA A, B, C "smem": {"layout", "g2s", "s2r"}; NVIDIA D
// (the epilogue) {"layout", "r2s"}; Xe A, B (SLM) {"layout", "r2s", "s2r"}, whose copies default to the
// SLM pipeline's ("copy": "coop" or "slm": true). A store atom in a load slot (s2r) or a load in a store
// slot (r2s) is a SpecError naming its direction.
struct SmemStage {
  SmemLayout layout;  // operand tile coordinate -> element offset (one pipeline stage)
  // The tile the layout covers: the TiledMMA's operand tile, or with "cta_tile" the CTA's (BLK_M,BLK_K),
  // (BLK_N,BLK_K) or (BLK_M,BLK_N).
  IntTuple tile;
  // "atom": the SmemLayoutAtom; the collective's layout is tile_to_shape(atom, (BLK_MN, BLK_K, stages)),
  // `staged` (all stages), `layout` its stage 0.
  std::string atom_text;
  std::optional<SmemLayout> staged;
  int64_t stages = 1;
  // The mainloop issues s2r once per k-block: the CTA tile's K over the TiledMMA's K.
  int64_t k_blocks = 1;
  std::optional<TiledCopy> g2s;  // global -> shared (its destination side is shared memory)
  std::optional<TiledCopy> s2r;  // shared -> registers (its source side); NVIDIA: the operand's copy when
                                 // "copy" is not given
  std::optional<TiledCopy> r2s;  // registers -> shared (its destination side); NVIDIA D: the operand's copy
                                 // when "copy" is not given
  // The value type a copy's Copy_Atom declares (Copy_Atom<Op, T>: the copy's "value_type", the C++ reader's
  // T) where it is not the operand's element type. The copy above is built over the operand's type (what the
  // memory holds); verify's type.X.<copy> refutes a declared type of another width (CuTe counts the copy's
  // values in T: ldmatrix fails to vectorize, cp.async moves misaligned, overlapping vectors).
  std::optional<ValueType> g2s_declared, s2r_declared, r2s_declared;
};

// The operand in global memory ("gmem": {"layout", "alignment"}): CollectiveMma's StrideX (as
// TagToStrideX_t makes it from cutlass::layout::RowMajor / ColumnMajor) and AlignmentX.
struct GmemOperand {
  std::string layout_text;       // as given: RowMajor, ColumnMajor, or the contiguous mode K, M, N
  int contiguous = 1;            // the operand tile's mode with stride 1: 0 (M or N), 1 (K; M x N for C, D)
  int64_t alignment = 0;         // elements: base pointer and leading dimension are multiples of it
  bool alignment_given = false;  // false: CUTLASS's default of 16 bytes
};

struct PlannedCopy {
  std::string name;  // operand letter (A, B, C, D) or the standalone copy's key
  std::string how;   // auto, override, from_mma, thr_val
  TiledCopy copy;
  std::optional<TiledCopy> prefetch;  // Xe block 2D loads
  // SLM pipeline (Xe A/B, "copy": "coop" or "slm": true): make_{A,B}_slm_layout and the
  // make_{A,B}_slm_copies pair (registers -> SLM, SLM -> the MMA's registers).
  std::optional<Layout> slm_layout;
  std::optional<TiledCopy> r2s, s2r;
  // Subtiled C/D copy (Xe, "subtile": {"tv" | "shape", "sg_layout"}): make_block_2d_copy_{C,D}_subtiled
  // or, with an atom as "copy", make_block_2d_copy_CD_subtiled. subtile_tv is the subtile's (T,V) -> (m,n)
  // (absent when only "shape" was given), subtile_sg the SG_K -> (m_subtile, n_subtile) layout.
  std::optional<Layout> subtile_tv, subtile_sg;
  std::optional<IntTuple> subtile_shape;
  // Operands: the memory side as the spec describes it, for the run-time restriction checks.
  XeModes modes;
  ValueType mem_type;
  std::optional<std::array<int64_t, 2>> shape;  // (rows, cols) of the operand in memory
  std::optional<int64_t> pitch_bytes, base_align;
  std::optional<SmemStage> smem;
  std::optional<GmemOperand> gmem;
  bool contiguous_given = false;  // "contiguous" (or "gmem") says which mode memory holds contiguously
  bool expect_noop = false;       // "reorder": "none": a reorder between copy and MMA is an error
  // sycl-tla's legacy collectives (MainloopIntelXeXMX16[MixedPrecision]) allocate the MMA's fragment in
  // the copy's register order (make_fragment_layout(tiled_copy, ...)), which tvlab does not model.
  bool fragment_from_copy = false;
  // What a TMA stage holds when the copy reads it (MainloopSm90TmaGmmaRmemAWarpSpecialized's register
  // operand): the collective's ConvertedElement (tfloat32_t for float: "TMA converts f32 input to tf32"; the
  // element's bits otherwise); the s2r atom moves those bits, its value type only sets their width.
  std::optional<ValueType> staged_type;
  // A standalone copy's tensors ("src" / "dst": {"layout", "memory"}): what partition_S / partition_D
  // partition for `tvlab plan --thread` (a layout, swizzle included, over a multiple of the copy's tile).
  struct Tensor {
    SmemLayout layout;
    std::string memory = "ptr";  // gmem, smem or ptr (CuTe's prefix of the pointer it prints)
  };
  std::optional<Tensor> src_tensor, dst_tensor;
  // A copy kernel ("block"): the whole global tensors and the block tile each CTA copies (src_tensor and
  // dst_tensor are then block (0,0)'s tiles, set only where the block is a whole number of copy tiles).
  struct CopyKernel {
    std::vector<int64_t> block;
    Layout src, dst;
  };
  std::optional<CopyKernel> kernel;
};

// An NVIDIA operand's shared-memory tile ("smem": {"layout": ...}) and its TMA load ("copy": {"tma": ...}):
// verify checks the GMMA/UMMA descriptor (desc.X) when the MMA reads X from smem, and the TMA restrictions
// (tma.X.<rule>).
struct PlannedSmem {
  std::string name;  // A or B
  std::string layout_text;
  SmemTile tile;
  OperandMajor major = OperandMajor::K;       // from "contiguous"
  OperandMajor atom_major = OperandMajor::K;  // the MMA atom's GMMA::Major for this operand (TN atoms: K)
  bool descriptor =
      false;  // the MMA reads this operand through a GMMA/UMMA smem descriptor (SS, or B of RS/TS)
  DescArch arch = DescArch::SM90;
  int64_t block_mn = 0;               // the atom's M (A) or N (B)
  std::array<int64_t, 2> mma_tile{};  // the TiledMMA's (M,K) or (N,K) tile
  std::optional<TmaFacts> tma;
  int64_t tma_base_align = 16;
  // The collective's view (an SM90 TMA + GMMA mainloop): tile_to_shape(SmemLayoutAtom, (BLK_MN, BLK_K,
  // Stages), Step<_2,_1,_3> for an MN-major operand) with `stages` of `bits` each, and the TMA op it loads
  // with (GmemTiledCopyX: SM90_TMA_LOAD or SM90_TMA_LOAD_MULTICAST). `tma_cluster` CTAs of the cluster
  // share the tile (ClusterShape's N for A, M for B); `tma_ld_alignment` > 0 when the problem shape is
  // run-time: every leading dimension that is a multiple of AlignmentX elements is then checked.
  // `tma_ld_precondition`: that alignment is a run-time value's (copy.tma.ld_alignment, a host function's
  // int ldA), not a declared AlignmentX: where it does not give 16 bytes, the stride rule is a precondition
  // on the caller (not decided), not a configuration CUTLASS refuses.
  std::optional<SmemLayout> staged;
  int64_t stages = 1;
  int bits = 16;
  std::string type;  // the operand's element type (its name)
  std::string tma_op;
  int64_t tma_cluster = 1;
  int64_t tma_ld_alignment = 0;
  bool tma_ld_precondition = false;
  std::string tma_gmem;  // the global tensor make_tma_copy reads, e.g. "(M,K,L):(ld,_1,ld*M)"
};

// The collective around the TiledMMA (CUTLASS 3's CollectiveMma, sycl-tla's collectives): the CTA
// (work-group) tile TileShape, the pipeline stages and the architecture whose limits apply.
// One shared-memory array of the collective epilogue: C's or D's staged tile (Sm90TmaWarpSpecialized) or the
// accumulator staging tile (Sm70EpilogueVectorized).
struct EpilogueArray {
  std::string type;       // the element type as given ("void": none)
  int bits = 0;           // its width (0 for void)
  int64_t elements = 0;   // cosize of its staged layout
  int64_t alignment = 0;  // bytes: alignment_for_swizzle of the layout (Sm90TmaWarpSpecialized), else 0
  std::string layout;     // the staged layout, e.g. tile_to_shape(atom, (EPI_M, EPI_N, StagesC))
};

// The kernel's CollectiveEpilogue ("epilogue"): what its SharedStorage needs (docs/spec.md, "epilogue").
struct EpilogueShape {
  // "DefaultEpilogue" (no shared memory), "Sm70EpilogueVectorized" (its smem layout of accumulators) or
  // "Sm90TmaWarpSpecialized" (TMA loads of C and stores of D through staged smem tiles).
  std::string collective;
  std::array<int64_t, 2> tile{};  // EpilogueTile (Sm90TmaWarpSpecialized)
  int64_t stages_c = 0, stages_d = 0;
  bool reuse_smem_c = false;             // the policy's ReuseSmemC as CUTLASS applies it (only with C and D)
  std::optional<EpilogueArray> c, d;     // Sm90TmaWarpSpecialized: C (type "void": no source) and D
  std::optional<EpilogueArray> staging;  // Sm70EpilogueVectorized: the accumulator tile
  std::string fusion;  // Sm90TmaWarpSpecialized: "LinearCombination" (the only one modelled)
};

struct KernelShape {
  std::array<int64_t, 3> cta_tile{};  // (BLK_M, BLK_N, BLK_K)
  int64_t stages = 1;
  std::string mainloop;  // the dispatch policy as given, e.g. MainloopSm80CpAsync ("" when not given)
  std::string arch;      // sm80, sm86, sm89, sm90, sm100, sm120, xe: the shared-memory limit
  std::array<int64_t, 3> cluster{1, 1, 1};  // the policy's ClusterShape (SM90: TMA multicast)
  // GemmUniversal's problem shape (M, N, K, L) when the spec gives one ("problem"); else run-time.
  std::optional<std::array<int64_t, 4>> problem;
  // The SM90 kernel schedule ("kernel_schedule": KernelTmaWarpSpecialized[Pingpong|Cooperative]; the
  // MainloopSm90TmaGmma policy implies KernelTma): which GemmUniversal lays out the shared storage.
  std::string schedule;
  std::optional<EpilogueShape> epilogue;  // "epilogue": the kernel's CollectiveEpilogue
  // An SM90 TMA + GMMA dispatch policy (MainloopSm90TmaGmma...).
  bool sm90_tma() const { return mainloop.rfind("MainloopSm90", 0) == 0; }
  // MainloopSm90TmaGmmaRmemAWarpSpecialized: the GMMA reads A from registers (an RS atom), loaded from shared
  // memory by make_tiled_copy_A(SmemCopyAtomA, tiled_mma) (sm90_mma_tma_gmma_rs_warpspecialized.hpp).
  bool rmem_a() const { return mainloop == "MainloopSm90TmaGmmaRmemAWarpSpecialized"; }
  // The SM90 warp-specialized mainloops (a kernel schedule, TensorStorage + PipelineStorage).
  bool sm90_ws() const { return mainloop == "MainloopSm90TmaGmmaWarpSpecialized" || rmem_a(); }
  // The RS mainloop's SwapAB (not both operands 2 bytes, A K-major, B MN-major): the collective loads B as
  // its A (in registers) and A as its B, over the problem (N, M); the plan's operands A and B are the
  // collective's (internal) ones, their spec paths the user's.
  bool swap_ab = false;
};

struct Plan {
  std::string name;
  std::optional<KernelShape> kernel;  // "cta_tile" (+ "stages", "mainloop", "arch")
  std::vector<SpecWarning> warnings;
  std::optional<TiledMMA> mma;
  // An MMA read from CuTe's print() (mma.print, a print file): where it came from and what is known of its
  // atom, e.g. "C++ CuTe print; its layouts are SM80_16x8x16_F32F16F16F32_TN's" ("" for other MMAs).
  std::string mma_origin;
  std::vector<PlannedCopy> copies;
  // NVIDIA operands staged in shared memory by a g2s copy with no register copy (no "s2r"): the MMA reads
  // shared memory itself (UniversalFMA's gemm over smem tensors). Their copy is unset (how "smem"); verify
  // runs their gmem, smem and g2s checks (gmem.X.g2s, smem.X.*, vector.X.g2s, banks.X.g2s, cta.X.g2s), not
  // the fragment checks, which need a register copy.
  std::vector<PlannedCopy> smem_only;
  std::vector<PlannedSmem> smem;
  // An SM100 UMMA TiledMMA's accumulator in tensor memory (over "tmem.tile", else the CTA tile's (M,N), else
  // the TiledMMA's), and the epilogue's TMEM copies when "tmem" names a copy (docs/spec.md, "tmem").
  std::optional<TmemAccumulator> tmem_acc;
  std::optional<TmemEpilogue> tmem;
};

// The operand's tile: (M,K) for A, (N,K) for B, (M,N) for C and D.
IntTuple smem_operand_tile(const TiledMMA& m, const std::string& operand);

}  // namespace tvlab
