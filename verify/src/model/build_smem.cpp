// Shared memory: an operand's smem stage (SmemStage: the stage's layout, or the collective's SmemLayoutAtom
// tiled to the CTA tile and stages, and the copies through it) and an NVIDIA operand's smem tile as a
// GMMA/UMMA descriptor and a TMA load read it (PlannedSmem).
#include "build_support.hpp"

namespace tvlab::model {

namespace {
bool sm90_mainloop(const std::optional<KernelShape>& k) {
  return k && k->sm90_tma();
}

bool is_xe(const TiledMMA& m) {
  return m.is_xe();
}

// An SM90 TMA mainloop's GmemTiledCopyX, given as smem.g2s: "SM90_TMA_LOAD" or {"atom": "SM90_TMA_LOAD"}
// (or _MULTICAST), as the collective's static_assert allows.
std::string sm90_tma_op(const CopyConfig& c, const std::string& path) {
  std::string op, p = path;
  if (c.is_named()) {
    op = *c.name;
  } else if (c.atom) {
    for (auto [key, given] : {std::pair{"from_mma", c.from_mma.has_value()},
                              {"thr_layout", c.thr_layout.has_value()},
                              {"val_layout", c.val_layout.has_value()},
                              {"value_type", c.value_type.has_value()}})
      if (given)
        throw SpecError(spec_path(path, key),
                        "a TMA load is tiled by make_tma_copy from the smem layout; give only its \"atom\"");
    p = spec_path(path, "atom");
    op = *c.atom;
  } else {
    throw SpecError(path, "expected the TMA op, \"SM90_TMA_LOAD\" or \"SM90_TMA_LOAD_MULTICAST\"");
  }
  if (op.rfind("cute::", 0) == 0) op = op.substr(6);
  if (op != "SM90_TMA_LOAD" && op != "SM90_TMA_LOAD_MULTICAST")
    throw SpecError(p, "GmemTiledCopy - invalid SM90 TMA copy atom specified: '" + printable(op) +
                           "'; the SM90 TMA mainloops load with SM90_TMA_LOAD or SM90_TMA_LOAD_MULTICAST");
  return op;
}

// A copy of an operand's smem stage: an atom name (make_tiled_copy_X against the MMA) or an object
// {"atom", "from_mma": true} / {"atom", "thr_layout", "val_layout"} / {"atom", "print"[, "ref"]}; values of
// the operand's type (a "value_type" the object declares is kept beside it: SmemStage::g2s_declared ...).
TiledCopy smem_copy(const std::string& name, const CopyConfig& c, const std::string& path,
                    const TiledMMA& mma, const ValueType& vt) {
  if (c.is_named()) {
    const CopyAtom atom = copy_atom_at(*c.name, path);
    return at(path, [&] { return from_mma(atom, vt, mma, name); });
  }
  if (!c.atom) throw SpecError(spec_path(path, "atom"), "missing: the copy atom's name");
  if (c.print) return printed_copy(c, path, vt);  // the TiledCopy CuTe printed, of the named atom
  const CopyAtom atom = copy_atom_at(*c.atom, spec_path(path, "atom"));
  if (c.from_mma.value_or(false)) return at(path, [&] { return from_mma(atom, vt, mma, name); });
  return thr_val_copy(atom, vt, c, path);
}

// The copies a stage takes: NVIDIA A, B, C {g2s, s2r}; D {r2s} (the epilogue); Xe A, B {r2s, s2r}.
// A slot that does not belong, or an atom moving data the other way, is a SpecError naming the slot.
void check_stage_copy(const std::string& slot, const TiledCopy& c, bool xe, const std::string& path) {
  const std::string& a = c.atom.name;
  const char* dir = copy_direction(c.atom);
  if (slot == "s2r" && dir && std::string(dir) == "store")
    throw SpecError(path, a + " is a store (registers -> memory); s2r reads shared memory into registers: "
                              "give a load (ldmatrix, UniversalCopy)");
  if (slot == "r2s" && dir && std::string(dir) == "load")
    throw SpecError(path, a + " is a load (memory -> registers); r2s writes registers to shared memory: "
                              "give a store (stmatrix, UniversalCopy)");
  if (slot == "g2s" && dir && !c.atom.block2d)
    throw SpecError(path, a + " is a " + dir +
                              " between shared memory and registers; g2s copies global -> shared memory "
                              "(cp.async, UniversalCopy)");
  if (c.atom.block2d)
    throw SpecError(path, a + " is a block 2D message, which addresses global memory only; " +
                              (xe ? std::string("SLM copies are UniversalCopy")
                                  : std::string("shared memory copies are ldmatrix, stmatrix, cp.async or "
                                                "UniversalCopy")));
}

// The stage's layout and tile: the SmemLayoutAtom tiled to the CTA tile and stages, or the layout as given
// (with a stage mode (m,k,stage), as CuTe's tutorials build sA).
void stage_layout(SmemStage& st, const std::string& name, const SmemConfig& o, const std::string& path,
                  const ValueType& vt, const std::optional<KernelShape>& kernel, bool mn_major) {
  if (o.atom) {
    const std::string ap = spec_path(path, "atom");
    if (!kernel)
      throw SpecError(ap, "an SmemLayoutAtom is tiled to the CTA tile: give \"cta_tile\" (and \"stages\")");
    if (name != "A" && name != "B")
      throw SpecError(ap, "the collective tiles A's and B's SmemLayoutAtom; give operand " + name +
                              "'s smem as \"layout\"");
    st.atom_text = *o.atom;
    st.stages = kernel->stages;
    // The SM90 TMA mainloops tile an MN-major operand's atom along K first (Step<_2,_1,_3>), as build_smem.
    const ModeOrder order =
        sm90_mainloop(kernel) && mn_major ? ModeOrder(make_shape(2, 1, 3)) : ModeOrder(Major::Left);
    st.staged = staged_smem_layout(smem_layout_at(st.atom_text, ap), st.tile, st.stages, ap, order);
    st.layout = first_stage(*st.staged);
    return;
  }
  const std::string lp = spec_path(path, "layout");
  st.layout = smem_layout_at(smem_layout_text(*o.layout, lp, vt), lp);
  if (smem_rank(st.layout) != 3) return;
  if (!kernel) throw SpecError(lp, "a layout with a stage mode (rank 3) needs \"cta_tile\" and \"stages\"");
  const int64_t pipe = smem_mode_size(st.layout, 2);
  if (pipe != kernel->stages)
    throw SpecError(lp, "the layout's stage mode has " + std::to_string(pipe) + " stages, \"stages\" says " +
                            std::to_string(kernel->stages));
  for (int i = 0; i < 2; ++i)
    if (smem_mode_size(st.layout, i) != st.tile[i].ival())
      throw SpecError(lp, "the layout's mode " + std::to_string(i) + " has " +
                              std::to_string(smem_mode_size(st.layout, i)) +
                              " elements, the CTA's operand tile " + to_string(st.tile));
  st.staged = st.layout;
  st.stages = pipe;
  st.layout = first_stage(*st.staged);
}
}  // namespace

SmemStage smem_stage(const std::string& name, const SmemConfig& o, const std::string& path,
                     const TiledMMA& mma, const ValueType& vt, bool xe,
                     const std::optional<KernelShape>& kernel, bool mn_major) {
  if (o.layout && o.atom)
    throw SpecError(
        spec_path(path, "atom"),
        "give \"layout\" (the tile's layout) or \"atom\" (the SmemLayoutAtom, tiled to the CTA tile "
        "and stages), not both");
  if (!o.layout && !o.atom)
    throw SpecError(
        spec_path(path, "layout"),
        "missing: the shared-memory layout of the operand tile (\"layout\"), or the SmemLayoutAtom "
        "(\"atom\", with \"cta_tile\")");
  SmemStage st;
  st.tile = smem_operand_tile(mma, name);
  if (kernel) {
    const auto& t = kernel->cta_tile;
    st.tile = name == "A"   ? make_shape(t[0], t[2])
              : name == "B" ? make_shape(t[1], t[2])
                            : make_shape(t[0], t[1]);
    if (name != "D" && name != "C" && mma.tile_mnk[2] > 0 && t[2] % mma.tile_mnk[2] == 0)
      st.k_blocks = t[2] / mma.tile_mnk[2];
  }
  stage_layout(st, name, o, path, vt, kernel, mn_major);
  for (auto [slot, given, field, declared] : {std::tuple{"g2s", &o.g2s, &st.g2s, &st.g2s_declared},
                                              std::tuple{"s2r", &o.s2r, &st.s2r, &st.s2r_declared},
                                              std::tuple{"r2s", &o.r2s, &st.r2s, &st.r2s_declared}}) {
    if (!*given) continue;
    const CopyConfig& c = **given;
    const std::string sp = spec_path(path, slot);
    const std::string s(slot);
    if (name == "D" && s != "r2s")
      throw SpecError(sp,
                      "operand D is stored from the accumulators: its smem stage takes \"r2s\" "
                      "(registers -> shared memory), not \"" +
                          s + "\"");
    if (name != "D" && s == "r2s" && !xe)
      throw SpecError(sp,
                      "\"r2s\" (registers -> shared memory) stages operand D (the epilogue) or an Xe "
                      "operand; a loaded NVIDIA operand takes \"g2s\" and \"s2r\"");
    if (xe && s == "g2s")
      throw SpecError(sp, "Xe stages SLM through registers: give \"r2s\" (registers -> SLM), not \"g2s\"");
    if (sm90_mainloop(kernel)) {
      // The TMA load is build_smem's; GMMA reads shared memory through descriptors.
      if (s == "g2s") {
        (void)sm90_tma_op(c, sp);
        continue;
      }
      // MainloopSm90TmaGmmaRmemAWarpSpecialized loads its (internal) A into registers with
      // make_tiled_copy_A(InternalSmemCopyAtomA, tiled_mma); its B, and both SS operands, are read through
      // descriptors.
      if (!(kernel->rmem_a() && name == "A"))
        throw SpecError(sp,
                        "SM90 GMMA mainloops cannot have a non-void copy atom for smem sourced "
                        "instructions (the GMMA reads this operand from shared memory through a "
                        "descriptor: its SmemCopyAtom is void" +
                            std::string(kernel->swap_ab ? "; SwapAB: A K-major and B MN-major, so the "
                                                          "collective reads B from registers, A from "
                                                          "shared memory"
                                                        : "") +
                            ")");
    }
    *field = smem_copy(name, c, sp, mma, vt);
    check_stage_copy(s, **field, xe, sp);
    if (c.value_type && !c.is_named()) {
      const ValueType d = value_type_at(*c.value_type, spec_path(sp, "value_type"));
      if (!(d == vt)) *declared = d;
    }
  }
  return st;
}

namespace {
// The SM90 TMA mainloops' load of A or B (make_tma_copy_A_sm90 / _B_sm90): GmemTiledCopyX (smem.g2s) over
// the global tensor (M,K,L) or (N,K,L) with the packed strides TagToStrideX_t gives, into stage 0 of the
// smem layout, multicast over ClusterShape's N (A) or M (B). Without "problem" the extents are run-time: the
// tensor map is built for a representative problem whose leading dimension is no box multiple, and the
// stride rule is checked for every leading dimension AlignmentX allows (PlannedSmem::tma_ld_alignment).
void sm90_tma(PlannedSmem& p, const OperandConfig& o, const std::string& path, const KernelShape& k,
              const std::optional<GmemOperand>& gmem, const ValueType& vt, bool explicit_tma) {
  const std::string sp = spec_path(path, "smem");
  if (explicit_tma)
    throw SpecError(spec_path(spec_path(path, "copy"), "tma"),
                    "the SM90 mainloop builds A's and B's tensor maps from \"problem\", \"gmem\" and "
                    "smem.g2s; give those instead of copy.tma");
  if (!o.smem->g2s)
    throw SpecError(spec_path(sp, "g2s"),
                    "missing: GmemTiledCopy" + p.name + ", \"SM90_TMA_LOAD\" or \"SM90_TMA_LOAD_MULTICAST\"");
  p.tma_op = sm90_tma_op(*o.smem->g2s, spec_path(sp, "g2s"));
  const bool a = p.name == "A";
  p.tma_cluster = a ? k.cluster[1] : k.cluster[0];
  const bool mn_major = p.major == OperandMajor::MN;
  const int64_t blk_mn = a ? k.cta_tile[0] : k.cta_tile[1], blk_k = k.cta_tile[2];
  int64_t rows, depth, batch;
  const std::string r = a ? "M" : "N";
  if (k.problem) {
    rows = a ? (*k.problem)[0] : (*k.problem)[1], depth = (*k.problem)[2], batch = (*k.problem)[3];
    p.tma_gmem = "(" + std::to_string(rows) + "," + std::to_string(depth) + "," + std::to_string(batch) + ")";
  } else {
    // 4099 is prime: no leading dimension of the representative problem is a multiple of a box extent.
    rows = blk_mn * 4099, depth = blk_k * 4099, batch = 1;
    p.tma_ld_alignment = gmem ? gmem->alignment : std::max<int64_t>(1, 128 / std::max(1, vt.bits));
    p.tma_gmem = "(" + r + ",K,L)";
  }
  const std::vector<int64_t> shape = {rows, depth, batch};
  const std::vector<int64_t> stride =
      mn_major ? std::vector<int64_t>{1, rows, rows * depth} : std::vector<int64_t>{depth, 1, rows * depth};
  if (k.problem)
    p.tma_gmem += ":(" + (mn_major ? "_1," + std::to_string(stride[1]) : std::to_string(stride[0]) + ",_1") +
                  "," + std::to_string(stride[2]) + ")";
  else
    p.tma_gmem += mn_major ? ":(_1,ld,ld*K)" : ":(ld,_1,ld*" + r + ")";
  p.tma = at(spec_path(sp, "g2s"), [&] {
    return make_tma_copy_facts(p.tile, shape, stride, static_cast<int>(p.tma_cluster), false);
  });
}

// operands.X.copy.tma = {"shape": [...], "stride": [...], "multicast": n, "base_align": bytes, "arch"}.
void described_tma(PlannedSmem& p, const TmaConfig& t, const std::string& tp, bool umma) {
  check_ints(t.shape, spec_path(tp, "shape"), 1, 8);
  check_ints(t.stride, spec_path(tp, "stride"), 0, 8);
  if (t.shape.size() != t.stride.size())
    throw SpecError(spec_path(tp, "stride"), "expected as many strides as shape modes");
  int64_t multicast = 1;
  if (t.multicast) {
    check_ints({*t.multicast}, spec_path(tp, "multicast"), 1, 1);
    multicast = *t.multicast;
  }
  if (multicast > 16) throw SpecError(spec_path(tp, "multicast"), "at most 16 CTAs in a cluster");
  if (t.base_align) {
    check_ints({*t.base_align}, spec_path(tp, "base_align"), 1, 1);
    p.tma_base_align = *t.base_align;
  }
  if (t.ld_alignment) {
    check_ints({*t.ld_alignment}, spec_path(tp, "ld_alignment"), 1, 1);
    // The leading dimension: the stride of the first mode of the first two that is not unit.
    int ld_mode = -1;
    for (int i = 0; i < 2 && i < int(t.stride.size()); ++i)
      if (t.stride[i] != 1) ld_mode = ld_mode < 0 ? i : ld_mode;
    if (t.shape.size() != 2 || ld_mode < 0 || t.stride[1 - ld_mode] != 1)
      throw SpecError(
          spec_path(tp, "ld_alignment"),
          "a run-time leading dimension needs a 2-mode tensor with one unit stride, e.g. \"shape\": "
          "[M, K], \"stride\": [K, 1]");
    p.tma_ld_alignment = *t.ld_alignment;
    p.tma_ld_precondition = true;
    const std::string r = p.name == "A" ? "M" : p.name == "B" ? "N" : "MN";
    p.tma_gmem = ld_mode == 0 ? "(" + r + ",K):(ld,_1)" : "(" + r + ",K):(_1,ld)";
  }
  bool sm100 = umma;
  if (t.arch) {
    if (*t.arch != "sm90" && *t.arch != "sm100")
      throw SpecError(spec_path(tp, "arch"), "expected \"sm90\" or \"sm100\"");
    sm100 = *t.arch == "sm100";
  }
  p.tma = at(
      tp, [&] { return make_tma_copy_facts(p.tile, t.shape, t.stride, static_cast<int>(multicast), sm100); });
}

// What the MMA atom says of the operand: whether it reads it through a descriptor, and its GMMA::Major.
void descriptor_facts(PlannedSmem& p, const TiledMMA& mma) {
  const MmaAtom& atom = mma.atom;
  const bool gmma = atom.name.rfind("SM90_64x", 0) == 0, umma = atom.name.rfind("SM100_MMA", 0) == 0;
  const bool a_regs =
      atom.name.find("_RS") != std::string::npos || atom.name.find("_TS") != std::string::npos;
  p.descriptor = (gmma || umma) && (p.name == "B" || !a_regs);
  p.arch = umma ? DescArch::SM100 : DescArch::SM90;
  // GMMA::Major template arguments in the atom's name: <tA, tB, ...>.
  std::vector<OperandMajor> majors;
  for (std::size_t at_ = atom.name.find("Major::"); at_ != std::string::npos;
       at_ = atom.name.find("Major::", at_ + 7))
    majors.push_back(atom.name.compare(at_ + 7, 2, "MN") == 0 ? OperandMajor::MN : OperandMajor::K);
  const std::size_t i = p.name == "A" ? 0 : 1;
  p.atom_major = i < majors.size() ? majors[i] : OperandMajor::K;
  p.block_mn = p.name == "A" ? atom.m : atom.n;
  p.mma_tile = p.name == "A" ? std::array<int64_t, 2>{mma.tile_mnk[0], mma.tile_mnk[2]}
                             : std::array<int64_t, 2>{mma.tile_mnk[1], mma.tile_mnk[2]};
}
}  // namespace

// operands.X.smem = {"layout": LAYOUT} (or the collective's "atom") and operands.X.copy = {"tma": {...}} of
// an NVIDIA operand.
std::optional<PlannedSmem> build_smem(const OperandConfig& o, const std::string& path,
                                      const std::optional<TiledMMA>& mma,
                                      const std::optional<KernelShape>& kernel) {
  const std::string& name = o.name;
  const TmaConfig* tma = o.copy && o.copy->tma ? &*o.copy->tma : nullptr;
  const bool sm90 = sm90_mainloop(kernel) && (name == "A" || name == "B");
  if (sm90 && !o.smem)
    throw SpecError(spec_path(path, "smem"),
                    "the SM90 TMA mainloops stage A and B in shared memory: give "
                    "\"smem\": {\"atom\": SmemLayoutAtom, \"g2s\": \"SM90_TMA_LOAD\"}");
  if (!o.smem && !tma) return std::nullopt;
  // C staged in smem (an epilogue's or an SM80 s2r's tile) has no descriptor or TMA: the bank checks read it.
  if (!tma && name != "A" && name != "B") return std::nullopt;
  // An Xe operand's SLM stage has no descriptor or TMA either (build_operand reads it).
  if (!tma && mma && is_xe(*mma)) return std::nullopt;
  const std::string sp = spec_path(path, "smem");
  if (!o.smem)
    throw SpecError(sp,
                    "missing: a TMA copy writes the operand's smem layout; give \"smem\": {\"layout\": ...}");
  if (!mma || is_xe(*mma))
    throw SpecError(sp, "shared-memory tiles are described for the A and B operands of an NVIDIA MMA");
  if (mma->atom.printed)
    throw SpecError(
        sp, "the MMA is known only from its print: whether it reads " + name +
                " from shared memory (through a GMMA/UMMA descriptor) needs the atom's identity; give "
                "\"atom\" next to \"print\" in \"mma\"");
  if (name != "A" && name != "B") throw SpecError(sp, "only A and B are read from shared memory");
  const bool from_atom = o.smem->atom && kernel;
  if (!o.smem->layout && !from_atom)
    throw SpecError(
        spec_path(sp, "layout"),
        "missing: the smem layout, e.g. \"Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),64):((64,512),1)\"");
  PlannedSmem p;
  p.name = name;
  const ValueType vt = value_type_at(o.type.value_or(""), spec_path(path, "type"));
  p.bits = vt.bits;
  p.type = vt.name;
  // The smem tile's major: "contiguous", else gmem's (a TMA or cp.async keeps global memory's major).
  std::string contiguous = name == "A" ? "K" : "N";
  std::optional<GmemOperand> gmem;
  if (o.gmem) gmem = gmem_operand(name, *o.gmem, spec_path(path, "gmem"), vt, contiguous);
  if (o.contiguous) contiguous = *o.contiguous;
  p.major = contiguous == "K" ? OperandMajor::K : OperandMajor::MN;
  if (from_atom) {
    // tile_to_shape(atom, (BLK_MN, BLK_K, stages)); the SM90 TMA mainloops tile an MN-major operand's atom
    // along K first (Step<_2,_1,_3>, "maximizes the TMA box size"). Stage 0 is the tile one load fills.
    const std::string ap = spec_path(sp, "atom");
    const auto& t = kernel->cta_tile;
    const IntTuple tile = name == "A" ? make_shape(t[0], t[2]) : make_shape(t[1], t[2]);
    const ModeOrder order =
        sm90 && p.major == OperandMajor::MN ? ModeOrder(make_shape(2, 1, 3)) : ModeOrder(Major::Left);
    p.staged = staged_smem_layout(smem_layout_at(*o.smem->atom, ap), tile, kernel->stages, ap, order);
    p.stages = kernel->stages;
    p.layout_text = to_string(first_stage(*p.staged));
  } else {
    p.layout_text = smem_layout_text(*o.smem->layout, spec_path(sp, "layout"), vt);
    // A staged layout (m,k,stage): stage 0 is the tile a load fills.
    const SmemLayout l = smem_layout_at(p.layout_text, spec_path(sp, "layout"));
    if (smem_rank(l) == 3) {
      p.staged = l;
      p.stages = smem_mode_size(l, 2);
      p.layout_text = to_string(first_stage(l));
    } else {
      // As read, in tvlab's notation (a rank-2 layout too: "(_128,_8):(_1,_129)" as CuTe prints a static
      // one, and "(128,8):(1,129)" as the text reader evaluates it, are one layout and print alike).
      p.layout_text = to_string(l);
    }
  }
  p.tile = at(spec_path(sp, "layout"), [&] { return parse_smem_tile(p.layout_text, vt.bits); });
  descriptor_facts(p, *mma);
  if (tma)
    described_tma(p, *tma, spec_path(spec_path(path, "copy"), "tma"),
                  mma->atom.name.rfind("SM100_MMA", 0) == 0);
  if (sm90) sm90_tma(p, o, path, *kernel, gmem, vt, tma != nullptr);
  return p;
}

}  // namespace tvlab::model
