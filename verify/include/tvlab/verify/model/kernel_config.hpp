// The kernel configuration: what a spec describes (docs/spec.md), as C++ values. It is the one model between
// the readers and the checker:
//
//   JSON spec ─┐                                   ┌─► checks (verify_plan) ─► reports
//   C++ text ──┼─► KernelConfig ─► build_plan() ─► Plan
//   print() ───┘        │                          └─► views (plan --thread, explore, pictures)
//                       └─► writers (--emit json, --emit cpp);  search builds KernelConfigs itself
//
//   KernelConfig c;
//   c.mma = MmaConfig{};
//   c.mma->atom = "SM80_16x8x16_F32F16F16F32_TN";
//   c.mma->atom_layout = Notation("(2,2,1)");
//   c.kernel.cta_tile = std::vector<int64_t>{128, 128, 32};
//   c.kernel.stages = 3;
//   c.kernel.mainloop = "MainloopSm80CpAsync";
//   OperandConfig& a = c.operand_or_add("A");        // operands stay in A, B, C, D order
//   a.type = "half_t";
//   a.gmem = GmemConfig{"RowMajor", std::nullopt};
//   a.smem = SmemConfig{};
//   a.smem->atom = "Sw<2,3,3> o (8,32):(32,1)";
//   a.smem->s2r = CopyConfig::named("SM75_U32x4_LDSM_N");
//   Plan plan = build_plan(c);                       // model/build_plan.hpp
//
// Values are kept as the user wrote them: atom and type names, CuTe notation text, integers. A reader checks
// only its own syntax (a JSON string where a string belongs, a C++ declaration it can evaluate); build_plan
// evaluates every value and refutes what CuTe or CUTLASS would reject, as a SpecError at the value's spec
// path ("operands.A.smem.atom"; the `path` comments below), which each reader maps back to its own text (a
// C++ reader to the line and column that produced the value).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "tvlab/core/tiling/cute_print.hpp"

namespace tvlab {

// A layout or a tiler's mode as written: CuTe notation text ("(8,4):(4,1)", "Sw<2,3,3> o (8,32):(32,1)", "_")
// or an integer n (the layout n:1, the tiler mode n).
using Notation = std::variant<int64_t, std::string>;

// A tiler as written: one notation text ("(32,32,16)", "Tile<_32,_32,_16>", "(_,(2,4,2):(1,4,2),_)") or its
// modes one by one ([32, "(16,2):(1,16)", "_"]).
using TilerConfig = std::variant<std::string, std::vector<Notation>>;

// The TMA load of an operand described by its global tensor ("copy": {"tma": {...}}; path X.copy.tma).
struct TmaConfig {
  std::vector<int64_t> shape, stride;  // elements
  std::optional<int64_t> multicast;    // CTAs sharing the tile
  std::optional<int64_t> base_align;   // bytes
  std::optional<std::string> arch;     // sm90 or sm100
  // The leading dimension (the stride of the mode that is not unit) is a run-time value known only to be a
  // multiple of this many elements: shape/stride are one representative problem, and the stride rule is
  // checked for every such leading dimension (a precondition of the caller's where it may not hold).
  std::optional<int64_t> ld_alignment;
};

// A copy: an atom's name (tiled against the MMA: make_tiled_copy_X), an operand's "auto" / "coop" (Xe), or
// an object {"atom", "from_mma" | "thr_layout" + "val_layout", "value_type"}, a printed TiledCopy
// {"print", "ref", "atom"}, or (operands only) {"tma": ...}.
struct CopyConfig {
  std::optional<std::string> name;  // the string form: "auto", "coop" or an atom name
  // The object form.
  std::optional<std::string> atom;
  std::optional<bool> from_mma;
  std::optional<Notation> thr_layout, val_layout;
  std::optional<std::string> value_type;  // Copy_Atom<Op, T>'s T (stage copies; standalone copies' values)
  std::optional<PrintedCopy> print;       // CuTe's print() of the TiledCopy (tiling/cute_print.hpp)
  std::optional<std::string> ref;         // a DSL print's reference layout: "src" or "dst"
  std::optional<TmaConfig> tma;

  static CopyConfig named(std::string n) {
    CopyConfig c;
    c.name = std::move(n);
    return c;
  }
  bool is_named() const { return name.has_value(); }
};

// Where an operand lives in global memory ("gmem"): CollectiveMma's StrideX as a layout tag and AlignmentX.
struct GmemConfig {
  std::optional<std::string> layout;  // RowMajor, ColumnMajor (cutlass::layout:: allowed) or K, M, N
  std::optional<int64_t> alignment;   // elements (CUTLASS's default: 16 bytes)
};

// An operand's shared-memory stage ("smem"): the stage's layout or the collective's SmemLayoutAtom, and the
// copies through shared memory.
struct SmemConfig {
  std::optional<std::string> layout;  // a layout (or CuTe's print of an smem tensor), rank 2 or (m,k,stage)
  std::optional<std::string> atom;    // the SmemLayoutAtom, tiled to the CTA tile and stages
  std::optional<CopyConfig> g2s, s2r, r2s;
};

// "subtile" of an Xe C/D copy: make_block_2d_copy_{C,D}_subtiled.
struct SubtileConfig {
  std::optional<Notation> tv, sg_layout;
  std::optional<std::array<int64_t, 2>> shape;
};

// One of the MMA's operands ("operands.X", X = A, B, C, D).
struct OperandConfig {
  std::string name;  // A, B, C or D
  std::optional<std::string> type;
  std::optional<std::string> contiguous;  // the mode memory holds contiguously: K, M or N
  std::optional<GmemConfig> gmem;
  std::optional<CopyConfig> copy;
  std::optional<SmemConfig> smem;
  std::optional<std::array<int64_t, 2>> shape;   // (rows, cols) in the operand's mode order
  std::optional<std::array<int64_t, 2>> stride;  // elements
  std::optional<int64_t> pitch_bytes, base_align;
  std::optional<std::string> reorder;  // "none" or "allow"
  std::optional<bool> slm;
  std::optional<SubtileConfig> subtile;

  OperandConfig() = default;
  explicit OperandConfig(std::string n) : name(std::move(n)) {}
};

// A standalone copy's source or destination tensor ("src" / "dst"): its layout and memory.
struct CopyTensorConfig {
  std::string layout;
  std::optional<std::string> memory;  // gmem, smem or ptr
  bool layout_only = false;           // given as the layout text alone (path X.src, not X.src.layout)
};

// A named TiledCopy ("copies.NAME").
struct StandaloneCopyConfig {
  std::string name;
  CopyConfig copy;                     // the object form
  std::optional<std::string> operand;  // with from_mma: A, B, C or D (default C)
  std::optional<CopyTensorConfig> src, dst;
  // A copy kernel ("block": [M, N]; CuTe's tutorial tiled_copy.cu, copy_kernel_vectorized): src and dst are
  // the whole global tensors, and CTA (bx, by) copies tile (bx, by) of tiled_divide(tensor, block) through
  // its threads' partition_S / partition_D. Needs src and dst.
  std::optional<std::vector<int64_t>> block;
};

// The MMA ("mma"): the Xe work-group form (tile + sg_layout), CuTe's (atom_layout + permutation), or a print.
struct MmaConfig {
  std::optional<std::string> atom;
  std::optional<std::array<int64_t, 3>> tile;
  std::optional<Notation> sg_layout, atom_layout;
  std::optional<TilerConfig> permutation;
  std::optional<PrintedMma>
      print;  // CuTe's print() of the TiledMMA; with "atom", the atom it was printed from
};

// One array of Sm90TmaWarpSpecialized's C or D ("epilogue.C", "epilogue.D").
struct EpilogueOperandConfig {
  std::optional<std::string> type;  // "void": none
  std::optional<std::string> layout;
  std::optional<std::string> smem_atom;
};

// The kernel's CollectiveEpilogue ("epilogue").
struct EpilogueConfig {
  std::optional<std::string> collective;  // DefaultEpilogue, Sm70EpilogueVectorized, Sm90TmaWarpSpecialized
  std::optional<std::string> accumulator, smem_layout;  // Sm70EpilogueVectorized
  std::optional<std::vector<int64_t>> tile;             // Sm90TmaWarpSpecialized: EpilogueTile
  std::optional<int64_t> stages_c, stages_d;
  std::optional<bool> reuse_smem_c;
  std::optional<std::string> fusion;
  std::optional<EpilogueOperandConfig> c, d;
};

// The parameters ("epilogue" keys) of a collective epilogue tvlab models, "collective" first; empty for
// another collective. not_an_epilogue_parameter(collective): what is wrong with any other key.
const std::vector<std::string>& epilogue_parameters(const std::string& collective);
std::string not_an_epilogue_parameter(const std::string& collective);

// The collective around the TiledMMA: CTA tile, pipeline, architecture, cluster, problem, schedule.
struct KernelParams {
  std::optional<std::vector<int64_t>> cta_tile;  // [BLK_M, BLK_N, BLK_K]
  std::optional<int64_t> stages;
  std::optional<std::string> mainloop, arch, kernel_schedule;
  std::optional<std::vector<int64_t>> cluster_shape, problem;
  std::optional<EpilogueConfig> epilogue;
};

// An SM100 UMMA's accumulator in tensor memory and the epilogue's TMEM copies ("tmem").
struct TmemConfig {
  std::optional<std::string> copy;
  std::optional<std::vector<int64_t>> tile;
  std::optional<TilerConfig> epilogue_tile;
  std::optional<int64_t> threads, first_thread;
};

// A problem a reader found that does not stop the build, e.g. an unknown key (a typo is not silently
// ignored).
struct SpecWarning {
  std::string what;  // e.g. "unknown key"
  std::string path;  // spec path, e.g. "operands.A.contigous"
  std::string why;
};

struct KernelConfig {
  std::string name;
  std::optional<MmaConfig> mma;
  KernelParams kernel;
  std::vector<OperandConfig> operands;  // A, B, C, D in that order, each at most once
  bool operands_given = false;          // "operands" was given (possibly empty)
  std::vector<StandaloneCopyConfig> copies;
  std::optional<TmemConfig> tmem;
  std::vector<SpecWarning> warnings;

  const OperandConfig* operand(const std::string& n) const;
  OperandConfig* operand(const std::string& n);
  // The operand named n, added in A, B, C, D order when absent.
  OperandConfig& operand_or_add(const std::string& n);
};

}  // namespace tvlab
