// An operand's register copy (PlannedCopy): the copy CuTe's or sycl-tla's helpers build for it
// (make_tiled_copy_X, make_block_2d_copy_X, a user's override, subtiled C/D copies, a printed TiledCopy), the
// memory the spec describes for the run-time checks, its smem stage and the Xe SLM pipeline.
#include "build_support.hpp"
#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/atoms/xe_block2d.hpp"

namespace tvlab::model {

namespace {
// The operand in memory: its extents, pitch, strides (checked against the contiguous mode) and "reorder".
void operand_memory(PlannedCopy& p, const OperandConfig& o, const std::string& path,
                    const std::string& contiguous, const ValueType& vt) {
  if (o.shape) {
    if ((*o.shape)[0] <= 0 || (*o.shape)[1] <= 0)
      throw SpecError(spec_path(path, "shape"), "expected [rows, cols], two positive integers");
    p.shape = *o.shape;
  }
  for (const auto& [key, given, field] : {std::tuple{"pitch_bytes", &o.pitch_bytes, &p.pitch_bytes},
                                          std::tuple{"base_align", &o.base_align, &p.base_align}})
    if (*given) {
      if (**given <= 0) throw SpecError(spec_path(path, key), "expected a positive integer (bytes)");
      *field = **given;
    }
  if (o.stride) {
    // Element strides of the operand's (rows, cols) in memory: the contiguous mode has stride 1, the other
    // gives the pitch (unless pitch_bytes says it).
    const std::string sp = spec_path(path, "stride");
    const std::array<int64_t, 2>& st = *o.stride;
    if (st[0] <= 0 || st[1] <= 0)
      throw SpecError(sp, "expected [row_stride, col_stride], two positive integers (elements)");
    const int64_t sx = st[p.modes.x], sy = st[p.modes.y];
    if (sx != 1)
      throw SpecError(sp,
                      "the contiguous mode " + contiguous + " must have stride 1, not " + std::to_string(sx));
    if (!p.pitch_bytes) {
      if (sy > (int64_t(1) << 40)) throw SpecError(sp, "stride " + std::to_string(sy) + " is absurdly large");
      p.pitch_bytes = sy * vt.bits / 8;
    }
  }
  if (o.reorder) {
    if (*o.reorder != "none" && *o.reorder != "allow")
      throw SpecError(spec_path(path, "reorder"),
                      "expected \"none\" (the copy must feed the MMA as is) or \"allow\"");
    p.expect_noop = *o.reorder == "none";
  }
}

// "subtile": make_block_2d_copy_{C,D}_subtiled(mma, stv_layout, ssg_layout, gmem), or with an atom as "copy"
// make_block_2d_copy_CD_subtiled(op, mma, sshape, ssg_layout, gmem).
void subtiled_copy(PlannedCopy& p, const OperandConfig& o, const std::string& path, const TiledMMA& mma,
                   bool xe, const ValueType& vt) {
  const std::string& name = o.name;
  const SubtileConfig& sub = *o.subtile;
  const std::string sp = spec_path(path, "subtile"), copy_path = spec_path(path, "copy");
  if (!xe || (name != "C" && name != "D"))
    throw SpecError(sp, "subtiled copies are built for the C and D operands of an Xe MMA");
  if (!sub.sg_layout)
    throw SpecError(spec_path(sp, "sg_layout"),
                    "missing: the subtile subgroup layout SG_K -> (m_subtile,n_subtile)");
  p.subtile_sg = parse_layout(*sub.sg_layout, spec_path(sp, "sg_layout"));
  if (sub.tv) p.subtile_tv = parse_layout(*sub.tv, spec_path(sp, "tv"));
  if (sub.shape) {
    const auto& sh = *sub.shape;
    if (sh[0] <= 0 || sh[1] <= 0 || sh[0] > (1 << 20) || sh[1] > (1 << 20))
      throw SpecError(spec_path(sp, "shape"), "expected [m, n], two positive integers (the subtile's shape)");
    p.subtile_shape = make_shape(sh[0], sh[1]);
  }
  if (!p.subtile_tv && !p.subtile_shape)
    throw SpecError(
        sp, "give \"tv\" (the subtile's (T,V) -> (m,n) layout) or \"shape\" with an atom as \"copy\"");
  if (p.subtile_tv && p.subtile_shape)
    throw SpecError(spec_path(sp, "shape"),
                    "give \"tv\" or \"shape\", not both (the shape is atuple_coshape(tv))");
  if (o.copy && !o.copy->is_named())
    throw SpecError(copy_path, "with \"subtile\", expected \"auto\" or a block 2D atom name");
  const bool given_op = o.copy && *o.copy->name != "auto";
  if (p.subtile_tv && !p.subtile_shape) {
    IntTuple co = atuple_coshape(*p.subtile_tv);
    if (!co.is_tuple() || rank(co) != 2)
      throw SpecError(spec_path(sp, "tv"),
                      "the subtile TV layout must map (T,V) to (m,n) coordinates (strides k@0, k@1)");
    p.subtile_shape = co;
  }
  p.how = "subtiled";
  if (given_op) {
    const CopyAtom atom = copy_atom_at(*o.copy->name, copy_path);
    if (!atom.block2d || atom.arch != "xe")
      throw SpecError(copy_path, atom.name + " is not a block 2D copy atom (XE_LOAD_2D..., XE_STORE_2D...)");
    p.copy = at(sp, [&] {
      return make_block_2d_copy_CD_subtiled(*atom.block2d, mma, *p.subtile_shape, *p.subtile_sg, vt, p.modes);
    });
    return;
  }
  if (!p.subtile_tv)
    throw SpecError(spec_path(sp, "tv"),
                    "missing: make_block_2d_copy_{C,D}_subtiled picks the op from the subtile's TV "
                    "layout; give \"tv\" or an atom as \"copy\"");
  p.copy = at(sp, [&] {
    return make_block_2d_copy_subtiled(operand_of(name), mma, *p.subtile_tv, *p.subtile_sg, vt, p.modes);
  });
}

// The operand's "copy" as given: "auto", "coop", an atom's name, a printed TiledCopy or an object.
void given_copy(PlannedCopy& p, const OperandConfig& o, const std::string& path, const TiledMMA& mma, bool xe,
                const ValueType& vt) {
  const std::string& name = o.name;
  const std::string copy_path = spec_path(path, "copy");
  const std::optional<CopyConfig>& c = o.copy;
  if (!c || (c->is_named() && *c->name == "auto")) {
    if (!xe)
      throw SpecError(
          copy_path,
          "\"auto\" picks Xe block 2D copies and needs an Xe MMA; give {\"atom\": ..., \"from_mma\": true}");
    p.how = "auto";
    p.copy = at(copy_path, [&] { return make_block_2d_copy_for(operand_of(name), mma, vt, p.modes); });
  } else if (c->is_named() && *c->name == "coop") {
    if (!xe) throw SpecError(copy_path, "\"coop\" (make_coop_block_2d_copy) needs an Xe MMA");
    if (name != "A" && name != "B")
      throw SpecError(copy_path,
                      "\"coop\" loads A or B for an SLM pipeline; " + name + " is not loaded that way");
    p.how = "coop";
    p.copy = at(copy_path, [&] { return make_coop_block_2d_copy(operand_of(name), mma, vt, p.modes); });
  } else if (c->is_named()) {
    const CopyAtom atom = copy_atom_at(*c->name, copy_path);
    if (xe && atom.block2d && atom.arch == "xe") {
      p.how = "override";
      p.copy = at(copy_path,
                  [&] { return make_block_2d_copy_for(operand_of(name), mma, vt, p.modes, *atom.block2d); });
    } else if (xe && atom.block2d) {
      p.how = "legacy";
      p.copy =
          at(copy_path, [&] { return make_block_2d_copy_for(operand_of(name), mma, vt, p.modes, atom); });
    } else {
      p.how = "from_mma";
      p.copy = at(copy_path, [&] { return from_mma(atom, vt, mma, name); });
    }
  } else if (c->ref && !c->print) {
    throw SpecError(
        spec_path(copy_path, "ref"),
        "\"ref\" says which layout a printed copy's TV layout is written in; it goes with \"print\"");
  } else if (c->print) {
    p.how = "print";
    p.copy = printed_copy(*c, copy_path, vt);
  } else {
    if (!c->atom) throw SpecError(spec_path(copy_path, "atom"), "missing: the copy atom's name");
    const CopyAtom atom = copy_atom_at(*c->atom, spec_path(copy_path, "atom"));
    if (c->from_mma.value_or(false)) {
      p.how = "from_mma";
      p.copy = at(copy_path, [&] { return from_mma(atom, vt, mma, name); });
    } else {
      p.how = "thr_val";
      p.copy = thr_val_copy(atom, vt, *c, copy_path);
    }
  }
}

// Copy direction: a load operand (A, B, C) is checked on the copy's destination (registers), a store (D) on
// its source. An atom that moves data the other way cannot feed the operand.
void check_direction(const PlannedCopy& p, const std::string& copy_path) {
  const char* dir = copy_direction(p.copy.atom);
  if (!dir) return;
  const bool store_atom = std::string(dir) == "store";
  if (store_atom && p.name != "D")
    throw SpecError(copy_path, p.copy.atom.name +
                                   " is a store (registers -> memory): its register side is the "
                                   "source, so it writes an accumulator out; give it as operand D, not " +
                                   p.name);
  if (!store_atom && p.name == "D")
    throw SpecError(copy_path, p.copy.atom.name +
                                   " is a load (memory -> registers): operand D is stored from "
                                   "the accumulators; give this copy as operand C (or A, B)");
}

// The Xe SLM pipeline ("slm": true, or "copy": "coop"): make_{A,B}_slm_layout and make_{A,B}_slm_copies.
void slm_pipeline(PlannedCopy& p, const OperandConfig& o, const std::string& path, const TiledMMA& mma,
                  bool xe) {
  const bool slm = o.slm.value_or(p.how == "coop");
  if (!slm) return;
  if (!xe || (o.name != "A" && o.name != "B"))
    throw SpecError(spec_path(path, "slm"), "SLM pipelines are built for the A and B operands of an Xe MMA");
  p.slm_layout = at(spec_path(path, "slm"), [&] { return make_slm_layout(operand_of(o.name), mma); });
  auto [r2s, s2r] =
      at(spec_path(path, "slm"), [&] { return make_slm_copies(operand_of(o.name), mma, p.copy); });
  p.r2s = std::move(r2s);
  p.s2r = std::move(s2r);
}
}  // namespace

std::optional<PlannedCopy> build_operand(const OperandConfig& o, const std::string& path,
                                         const std::optional<TiledMMA>& mma,
                                         const std::optional<KernelShape>& kernel) {
  const std::string& name = o.name;
  if (!o.type)
    throw SpecError(spec_path(path, "type"), "missing: the element type in memory, e.g. bfloat16_t");
  const ValueType vt = value_type_at(*o.type, spec_path(path, "type"));
  std::optional<GmemOperand> gmem;
  std::string gmem_letter;
  if (o.gmem) gmem = gmem_operand(name, *o.gmem, spec_path(path, "gmem"), vt, gmem_letter);
  const std::string default_contiguous = gmem ? gmem_letter : name == "A" ? "K" : "N";
  const std::string contiguous = o.contiguous.value_or(default_contiguous);
  const XeModes modes = modes_for(name, contiguous, spec_path(path, "contiguous"));
  if (gmem && contiguous != gmem_letter)
    throw SpecError(spec_path(path, "contiguous"), "says " + contiguous + ", but gmem.layout " +
                                                       gmem->layout_text + " makes " + gmem_letter +
                                                       " contiguous");
  const bool xe = mma && mma->is_xe();
  const bool copy_given = o.copy.has_value();
  if (!mma) throw SpecError(path, "operands need an \"mma\" to be tiled against");
  std::optional<SmemStage> smem;
  if (o.smem) {
    if (xe && name != "A" && name != "B")
      throw SpecError(
          spec_path(path, "smem"),
          "SLM staging (registers -> SLM -> registers) is modelled for the A and B operands of an "
          "Xe MMA");
    smem = smem_stage(name, *o.smem, spec_path(path, "smem"), *mma, vt, xe, kernel, contiguous != "K");
    if (copy_given && !xe && smem->s2r)
      throw SpecError(spec_path(path, "smem.s2r"),
                      "the operand's register copy is given twice (\"copy\" and smem.s2r)");
    if (copy_given && !xe && smem->r2s)
      throw SpecError(spec_path(path, "smem.r2s"),
                      "the operand's register copy is given twice (\"copy\" and smem.r2s)");
  }
  if (copy_given && o.copy->tma) return std::nullopt;  // build_smem reads it
  PlannedCopy p;
  p.name = name;
  p.modes = modes;
  p.mem_type = vt;
  p.gmem = gmem;
  p.contiguous_given = gmem || o.contiguous;
  // No register copy, only a g2s stage: the MMA reads shared memory itself; the stage's checks still apply
  // (Plan::smem_only). No register copy at all: nothing to build (CuTe-form MMAs need an explicit copy).
  if (!copy_given && !xe && smem && smem->g2s && !smem->s2r && !smem->r2s) {
    p.how = "smem";
    p.smem = std::move(smem);
    return p;
  }
  if (!copy_given && !xe && !(smem && (smem->s2r || smem->r2s))) return std::nullopt;
  operand_memory(p, o, path, contiguous, vt);
  if (o.subtile) {
    subtiled_copy(p, o, path, *mma, xe, vt);
  } else if (!copy_given && !xe && smem && smem->s2r) {
    p.how = "s2r";
    p.copy = *smem->s2r;
  } else if (!copy_given && !xe && smem && smem->r2s) {
    p.how = "r2s";
    p.copy = *smem->r2s;
  } else {
    given_copy(p, o, path, *mma, xe, vt);
  }
  const std::string copy_path = spec_path(path, "copy");
  check_direction(p, copy_path);
  if (p.copy.atom.block2d && p.copy.atom.arch == "xe" && p.copy.atom.block2d->kind != Block2D::Kind::Store &&
      (p.how == "auto" || p.how == "override" || p.how == "coop"))
    p.prefetch = at(copy_path, [&] { return make_block_2d_prefetch(p.copy, modes); });
  slm_pipeline(p, o, path, *mma, xe);
  // An Xe SLM stage without its own copies walks the pipeline's (make_{A,B}_slm_copies).
  if (smem && xe) {
    if (!smem->r2s) smem->r2s = p.r2s;
    if (!smem->s2r) smem->s2r = p.s2r;
    if (!smem->r2s && !smem->s2r)
      throw SpecError(spec_path(path, "smem"),
                      "an SLM stage needs its copies: give \"r2s\" and/or \"s2r\", or stage through the SLM "
                      "pipeline with \"copy\": \"coop\" (or \"slm\": true)");
  }
  p.smem = smem;
  if (kernel && kernel->rmem_a() && name == "A" && smem)
    p.staged_type = vt.name == "float" ? value_type_at("tfloat32_t", spec_path(path, "type")) : vt;
  p.fragment_from_copy =
      kernel && kernel->mainloop.rfind("MainloopIntelXeXMX16", 0) == 0 && p.how == "legacy";
  return p;
}

}  // namespace tvlab::model
