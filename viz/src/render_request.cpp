// Scene selection (render_request.hpp): the logic of `tvlab render` between its options and a builder.
#include "tvlab/viz/render_request.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string_view>
#include <utility>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tiling/subgroup_tensor.hpp"
#include "tvlab/core/tiling/xe_copy.hpp"
#include "tvlab/verify/checks/smem_checks.hpp"
#include "tvlab/verify/model/plan.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/viz/banks_builder.hpp"
#include "tvlab/viz/copy_builder.hpp"
#include "tvlab/viz/layout_builder.hpp"
#include "tvlab/viz/mma_builder.hpp"
#include "tvlab/viz/partition_builder.hpp"
#include "tvlab/viz/reorder_builder.hpp"
#include "tvlab/viz/subgroup_builder.hpp"
#include "tvlab/viz/tmem_builder.hpp"
#include "tvlab/viz/tv_builder.hpp"

namespace tvlab::viz {

RenderError::RenderError(std::string subject, std::string where, std::string why)
    : std::runtime_error(subject + " at " + where + ": " + why),
      subject_(std::move(subject)),
      where_(std::move(where)),
      why_(std::move(why)) {}

namespace {

using Warnings = std::vector<RenderWarning>;

// evaluate(text), adding a warning where CuTe's result (what is drawn) is not the function it names.
Value evaluate_warning(const std::string& text, const std::string& where, Warnings& warnings) {
  std::vector<EvalNotice> notices;
  Value v = evaluate(text, notices);
  for (const EvalNotice& n : notices)
    warnings.push_back({n.subject, where + ", column " + std::to_string(n.column), n.text});
  return v;
}

Layout layout_arg(const std::string& text, const std::string& where, Warnings& warnings) {
  Value v;
  try {
    v = evaluate_warning(text, where, warnings);
  } catch (const EvalError& e) {
    throw RenderError{"layout", where + ", column " + std::to_string(e.column()), e.what()};
  } catch (const ParseError& e) {
    throw RenderError{"layout", where + ", column " + std::to_string(e.column()), e.what()};
  } catch (const LayoutError& e) {
    throw RenderError{"layout", where, e.what()};
  }
  if (const auto* l = std::get_if<Layout>(&v)) return *l;
  if (const auto* t = std::get_if<IntTuple>(&v)) return make_layout(*t);
  throw RenderError{"layout", where, "'" + to_string(v) + "' is not a layout"};
}

// --tile "(8,4)" or "8,4" -> rows, cols (modes beyond the first fold into the columns).
std::pair<int64_t, int64_t> tile_arg(const std::string& text) {
  std::string t = text;
  if (!t.empty() && t.front() != '(' && !std::isalpha(static_cast<unsigned char>(t.front())))
    t = "(" + t + ")";
  IntTuple shape;
  try {
    shape = parse_int_tuple(t);
  } catch (const std::exception& e) {
    throw RenderError{"tile", "--tile " + text, e.what()};
  }
  try {
    if (shape.is_leaf()) return {shape.ival(), 1};
    int64_t rows = product(shape[0]), cols = 1;
    for (int i = 1; i < shape.size(); ++i) cols = checked_mul(cols, product(shape[i]));
    if (rows <= 0 || cols <= 0) throw RenderError{"tile", "--tile " + text, "sizes must be positive"};
    return {rows, cols};
  } catch (const LayoutError& e) {
    throw RenderError{"tile", "--tile " + text, e.what()};
  }
}

// The tile of a TV layout: --tile, else the coshape of a coordinate-valued layout.
std::pair<int64_t, int64_t> tile_for(const RenderRequest& o, const Layout& tv, const std::string& where) {
  if (!o.tile.empty()) return tile_arg(o.tile);
  const auto t = coordinate_tile(tv);
  if (t.first > 0) return t;
  throw RenderError{
      "tile", where,
      "a TV layout mapping to indices needs --tile (ROWS,COLS) to say which tile the indices are in"};
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RenderError{"unreadable spec", path, "cannot open the file"};
  // Stop at the limit: a huge file must not be read into memory whole first.
  std::string text;
  char buf[65536];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > (16u << 20)) throw RenderError{"unreadable spec", path, "larger than 16 MiB"};
  }
  return text;
}

XeOperand xe_operand(const std::string& op) {
  if (op == "B") return XeOperand::B;
  if (op == "C") return XeOperand::C;
  if (op == "D") return XeOperand::D;
  return XeOperand::A;
}

// --view banks of a spec operand: the worst instruction of its stage copy o.copy (default s2r, else r2s,
// else g2s), chosen as verify's banks.X.<copy> check chooses it (worst_smem_instruction: the first with the
// most bank conflicts); a g2s copy with its global side as gmem.X.g2s counts it.
Scene spec_banks_scene(const RenderRequest& o, const Plan& plan, const Options& vo) {
  const std::string op = o.operand.empty() ? "A" : o.operand;
  const PlannedCopy* p = nullptr;
  for (const PlannedCopy& c : plan.copies)
    if (c.name == op) p = &c;
  for (const PlannedCopy& c : plan.smem_only)  // staged by g2s alone: the MMA reads shared memory itself
    if (c.name == op) p = &c;
  // The copy banks.<X>.<c> names: the one asked for, else the read (s2r), else the write (r2s, the
  // epilogue's; g2s).
  std::string copy;
  if (p && p->smem) {
    if (!o.copy.empty()) {
      if (!stage_copy(*p->smem, o.copy)) {
        std::string has;
        for (const char* c : {"s2r", "g2s", "r2s"})
          if (stage_copy(*p->smem, c)) has += std::string(has.empty() ? "" : ", ") + c;
        throw RenderError{"view", "--copy " + o.copy,
                          "operand " + op + "'s shared-memory stage has no " + o.copy + " copy (it has " +
                              (has.empty() ? std::string("none") : has) + ")"};
      }
      copy = o.copy;
    } else {
      copy = p->smem->s2r ? "s2r" : p->smem->r2s ? "r2s" : p->smem->g2s ? "g2s" : "";
    }
  }
  if (!plan.mma || copy.empty())
    throw RenderError{"view", "--view banks",
                      "needs a spec whose operand " + op +
                          " is staged in shared memory with a copy (\"smem\": {\"layout\", \"s2r\", "
                          "\"r2s\" or \"g2s\"}); or give --smem --tv --type --op"};
  const TiledCopy& c = *stage_copy(*p->smem, copy);
  SmemCopyBanks b;
  try {
    b = analyze_smem_copy(*p, *plan.mma, copy);
  } catch (const std::exception& e) {  // BankError, LayoutError: verify's vector.X.c refutes it too
    throw RenderError{"view", "--view banks", "operand " + op + "'s " + copy + " copy: " + e.what()};
  }
  if (b.worst < 0)
    throw RenderError{"view", "--view banks", "operand " + op + "'s " + copy + " copy issues no instruction"};
  const CopyInstruction& w = b.sites[static_cast<std::size_t>(b.worst)];
  const std::string which = o.what + " operand " + op + " " + copy + " (" + c.atom.name +
                            "): " + (b.model->lanes == 32 ? "warp " : "subgroup ") + std::to_string(w.warp) +
                            ", instruction " + std::to_string(w.block) + " (repeat " +
                            std::to_string(w.repeat) + "), the worst of " + std::to_string(b.sites.size());
  // The global side (g2s): gmem.X.g2s's count, over the same tile as the bank sites.
  std::optional<G2sSectors> sectors;
  std::string no_sectors;
  if (copy == "g2s") {
    sectors = g2s_gmem_sectors(*p, *plan.mma, plan.kernel, &no_sectors);
    if (sectors && !(sectors->tile == p->smem->tile)) {
      no_sectors = "gmem." + op + ".g2s counts the " + to_string(sectors->tile) +
                   " tile, the bank check the " + to_string(p->smem->tile) + " stage";
      sectors.reset();
    }
  }
  // The instruction as verify analysed it (cp.async: with its global sources, exact or a lower bound).
  return build_copy_banks_scene(p->smem->layout, b, b.worst, c.value_type, which, "banks." + op + "." + copy,
                                sectors, no_sectors, vo);
}

// --view banks with --smem --tv --type --op: one instruction, as `tvlab banks` takes it. The smem layout may
// also be WHAT (a gallery manifest's WHAT is one argument, spaces and all).
Scene banks_scene(const RenderRequest& o, const Options& vo) {
  if (!o.what.empty() && !o.smem.empty())
    throw RenderError{"arguments", o.what, "--view banks takes the smem layout as WHAT or --smem, not both"};
  const std::string smem_text = o.smem.empty() ? o.what : o.smem;
  const std::string smem_where = o.smem.empty() ? "WHAT" : "--smem";
  for (auto [v, name] :
       {std::pair{&smem_text, "--smem"}, {&o.tv, "--tv"}, {&o.type, "--type"}, {&o.op, "--op"}})
    if (v->empty())
      throw RenderError{"arguments", name,
                        "--view banks without a spec needs --smem (or WHAT) --tv --type --op"};
  std::string where = smem_where;
  try {
    const SmemLayout smem = parse_smem_layout(smem_text);
    where = "--tv";
    const Layout tv = parse_layout(o.tv);
    where = "--type";
    const ValueType type = value_type(o.type);
    where = "--op";
    const SmemOp op = parse_smem_op(o.op);
    where = "--tv";
    return build_banks_scene(smem, tv, type, op, vo);
  } catch (const ParseError& e) {
    throw RenderError{"banks", where + ", column " + std::to_string(e.column()), e.what()};
  } catch (const VizError&) {
    throw;
  } catch (const std::exception& e) {  // BankError, LayoutError, AtomError: bad input
    throw RenderError{"banks", where, e.what()};
  }
}

Scene spec_scene(const RenderRequest& o, const Options& vo, Warnings& warnings) {
  Plan plan;
  try {
    plan =
        load_plan(o.spec_text ? *o.spec_text : read_file(o.what), o.config, o.what, parse_bindings(o.bind));
    for (const SpecWarning& w : plan.warnings) warnings.push_back({w.what, o.what + ": " + w.path, w.why});
  } catch (const SpecError& e) {
    throw RenderError{"invalid spec", o.what + (e.path().empty() ? "" : ": " + e.path()), e.what()};
  }
  std::string view = o.view;
  // An SM100 UMMA is CTA-scoped (its TV picture is one colour): its spec draws the accumulator in TMEM.
  if (view.empty()) view = !o.operand.empty() || !plan.mma ? "copy" : plan.tmem_acc ? "tmem" : "mma";
  if (view == "tmem") {
    if (!plan.tmem_acc)
      throw RenderError{
          "view", "--view tmem",
          "the spec " + o.what + " has no SM100 UMMA accumulator (an \"mma\" with an SM100_MMA_* atom)"};
    return build_tmem_acc_scene(*plan.tmem_acc, vo);
  }
  if (view == "tmem-copy") {
    if (!plan.tmem)
      throw RenderError{"view", "--view tmem-copy",
                        "the spec " + o.what + " has no TMEM epilogue copy (\"tmem\": {\"copy\": ...})"};
    return build_tmem_copy_scene(*plan.tmem, vo);
  }
  if (view == "mma") {
    if (!plan.mma) throw RenderError{"view", "--view mma", "the spec " + o.what + " has no mma"};
    return build_mma_scene(*plan.mma, vo);
  }
  if (view == "copy") {
    if (plan.copies.empty())
      throw RenderError{"view", "--view copy", "the spec " + o.what + " has no copies"};
    if (o.operand.empty()) return build_copy_scene(plan.copies.front().copy, vo);
    for (const PlannedCopy& c : plan.copies)
      if (c.name == o.operand) return build_copy_scene(c.copy, vo);
    std::string names;
    for (const PlannedCopy& c : plan.copies) names += (names.empty() ? "" : ", ") + c.name;
    throw RenderError{"operand", "--operand " + o.operand, "the spec's copies are: " + names};
  }
  if (view == "banks") return spec_banks_scene(o, plan, vo);
  if (view == "partition") {
    const std::string op = o.operand.empty() ? partition_operands(plan).front() : o.operand;
    ThreadPartitions p;
    try {
      p = thread_partitions(plan, op, o.thread.value_or(0));
    } catch (const SpecError& e) {
      throw RenderError{"view", "--view partition --" + e.path(), e.what()};
    }
    std::string names;
    for (const ThreadTensor& t : p.tensors) {
      if (o.tensor.empty() || t.name == o.tensor) return build_partition_scene(p, t, vo);
      names += (names.empty() ? "" : ", ") + t.name;
    }
    throw RenderError{"tensor", "--tensor " + o.tensor,
                      names.empty()
                          ? "thread views of " + op + " need the problem shape or a copy"
                          : "thread " + std::to_string(p.thread) + "'s tensors of " + op + " are: " + names};
  }
  if (view == "subgroup") {
    if (!plan.mma || plan.mma->atom.arch != "xe")
      throw RenderError{"view", "--view subgroup", "needs a spec with an Xe (XE_DPAS_TT) mma"};
    const std::string op = o.operand.empty() ? "A" : o.operand;
    const Layout tv = xe_atom_partition(xe_operand(op), *plan.mma).layout;
    const auto [rows, cols] = coordinate_tile(tv);
    return build_subgroup_scene(tv, rows, cols, "subgroup 0's " + op + " fragment", vo);
  }
  if (view == "reorder" || view == "slm") {
    const std::string op = o.operand.empty() ? "A" : o.operand;
    const PlannedCopy* copy = nullptr;
    for (const PlannedCopy& c : plan.copies)
      if (c.name == op) copy = &c;
    if (!plan.mma || !copy || plan.mma->atom.arch.rfind("xe", 0) != 0)
      throw RenderError{"view", "--view " + view,
                        "needs a spec with an Xe mma and a copy for operand " + op + " (--operand A|B|C|D)"};
    if (view == "slm") {
      if (!copy->slm_layout)
        throw RenderError{
            "view", "--view slm",
            "operand " + op + " has no SLM layout (give it \"copy\": \"coop\" or \"slm\": true)"};
      const IntTuple tile = copy->r2s->tile_shape();
      return build_slm_scene(*copy->slm_layout, tile[0].ival(), tile[1].ival(), vo);
    }
    // Subgroup 0: the copy's register fragment (source) and the MMA's (destination), as verify compares them:
    // through SLM the s2r copy's registers; for a subtiled C/D copy the subtile's fragment, not the MMA's.
    const bool store = op == "D";
    const TiledCopy& reg_copy = copy->s2r ? *copy->s2r : copy->copy;
    const SubgroupTensor c0 =
        store ? partition_sg_fragment_S(reg_copy, 0) : partition_sg_fragment_D(reg_copy, 0);
    SubgroupTensor m0 = partition_sg_fragment(xe_operand(op), *plan.mma, 0);
    if (copy->subtile_tv) m0.tv = *copy->subtile_tv;
    const IntTuple extent = atuple_coshape(m0.tv);
    if (atuple_coshape(c0.tv) != extent)
      throw RenderError{"view", "--view reorder",
                        "copy " + op + " and MMA " + op + " fragments span different tiles (" +
                            to_string(atuple_coshape(c0.tv)) + " vs " + to_string(extent) +
                            "): see tvlab verify"};
    const Layout copy_tv = project_strides(c0.tv), mma_tv = project_strides(m0.tv);
    return store ? build_reorder_scene(mma_tv, copy_tv, extent[0].ival(), extent[1].ival(), vo)
                 : build_reorder_scene(copy_tv, mma_tv, extent[0].ival(), extent[1].ival(), vo);
  }
  throw RenderError{
      "view", "--view " + view,
      "a spec renders as mma, copy, subgroup, reorder, slm, banks, partition, tmem or tmem-copy"};
}

Scene atom_scene(const RenderRequest& o, const Atom& atom, const Options& vo, Warnings& warnings) {
  if (const auto* mma = std::get_if<MmaAtom>(&atom)) {
    if (!o.value_type.empty())
      throw RenderError{"value type", "--value-type " + o.value_type, "an MMA atom has its own types"};
    // An SM100 UMMA (CTA-scoped, one colour as TV layouts) draws its accumulator in tensor memory.
    const std::string view = o.view.empty() ? (is_umma(*mma) ? "tmem" : "mma") : o.view;
    if (view == "mma") return build_mma_scene(make_tiled_mma(*mma), vo, true);
    if (view == "tmem") {
      if (!is_umma(*mma)) throw RenderError{"view", "--view tmem", mma->name + " is not an SM100 UMMA atom"};
      try {
        return build_tmem_acc_scene(tmem_accumulator(*mma, mma->m, mma->n), vo);
      } catch (const AtomError& e) {
        if (!o.view.empty()) throw RenderError{"view", "--view tmem", e.what()};
        // The default view of a UMMA whose accumulator tvlab does not model: its CTA-scoped TV picture.
        warnings.push_back({"tmem", mma->name, std::string(e.what()) + "; drawing --view mma"});
        return build_mma_scene(make_tiled_mma(*mma), vo, true);
      }
    }
    if (view == "subgroup") {
      const std::string op = o.operand.empty() ? "C" : o.operand;
      if (op == "A") return build_subgroup_scene(mma->a, mma->m, mma->k, mma->name + " A (M x K)", vo);
      if (op == "B")
        return build_subgroup_scene(mma->b, mma->n, mma->k, mma->name + " B (N x K, drawn K x N)", vo, true);
      if (op == "C" || op == "D")
        return build_subgroup_scene(mma->c, mma->m, mma->n, mma->name + " C (M x N)", vo);
      throw RenderError{"operand", "--operand " + op, "an MMA atom has operands A, B and C"};
    }
    throw RenderError{"view", "--view " + view, "an MMA atom renders as mma, subgroup or (SM100 UMMA) tmem"};
  }
  const CopyAtom& copy = std::get<CopyAtom>(atom);
  ValueType vt;
  try {
    vt = o.value_type.empty() ? uint_type(copy.copy_bits) : value_type(o.value_type);
  } catch (const AtomError& e) {
    throw RenderError{"value type", "--value-type " + o.value_type, e.what()};
  }
  TiledCopy tc;
  try {
    tc = tiled_copy_of(with_value_bits(copy, vt.bits), vt);
  } catch (const AtomError& e) {
    throw RenderError{"value type", copy.name + " with " + vt.name, e.what()};
  } catch (const LayoutError& e) {
    throw RenderError{"copy atom", copy.name + " with " + vt.name, e.what()};
  }
  const std::string view = o.view.empty() ? "copy" : o.view;
  if (view == "copy") return build_copy_scene(tc, vo, true);
  if (view == "subgroup") {
    // The register side: the destination of a load, the source of a store.
    const bool store = copy.block2d && copy.block2d->kind == Block2D::Kind::Store;
    const auto [rows, cols] = copy_tile(tc);
    return build_subgroup_scene(store ? tc.get_layoutS_TV() : tc.get_layoutD_TV(), rows, cols,
                                copy.name + " (" + vt.name + ", registers)", vo);
  }
  throw RenderError{"view", "--view " + view, "a copy atom renders as copy or subgroup"};
}

Scene expression_scene(const RenderRequest& o, const Options& vo, Warnings& warnings) {
  Value v;
  try {
    v = evaluate_warning(o.what, o.what, warnings);
  } catch (const EvalError& e) {
    throw RenderError{"expression", o.what + ", column " + std::to_string(e.column()), e.what()};
  } catch (const ParseError& e) {
    throw RenderError{"expression", o.what + ", column " + std::to_string(e.column()), e.what()};
  } catch (const LayoutError& e) {
    throw RenderError{"expression", o.what, e.what()};
  }
  // --value-type on a layout: its cells coloured by the shared-memory bank of their offset, elements of that
  // type (the layout view only: no other view of a layout has a value type to take).
  Options lo = vo;
  if (!o.value_type.empty()) {
    const bool layout_view = o.view.empty() ? o.tile.empty() : o.view == "layout";
    if (!layout_view)
      throw RenderError{"value type", "--value-type " + o.value_type,
                        "a layout's value type colours its layout view by bank; the " +
                            (o.view.empty() ? std::string("tv") : o.view) + " view has none"};
    try {
      lo.bank_type = value_type(o.value_type);
    } catch (const AtomError& e) {
      throw RenderError{"value type", "--value-type " + o.value_type, e.what()};
    }
  }
  if (const auto* c = std::get_if<ComposedLayout>(&v)) {
    if (!o.view.empty() && o.view != "layout")
      throw RenderError{"view", "--view " + o.view, "a swizzled layout renders as layout"};
    // A smem_ptr[Wb] flag declares the element width its offsets count: a value type of another width would
    // colour banks of elements the layout does not hold.
    if (lo.bank_type && c->is_smem_flagged() && lo.bank_type->bits != c->smem_ptr_bits)
      throw RenderError{"value type", "--value-type " + o.value_type,
                        o.value_type + " is " + std::to_string(lo.bank_type->bits) +
                            "-bit; the layout's smem_ptr[" + std::to_string(c->smem_ptr_bits) + "b] counts " +
                            std::to_string(c->smem_ptr_bits) + "-bit elements"};
    return build_layout_scene(*c, lo);
  }
  if (const auto* n = std::get_if<NestedLayout>(&v)) {
    if (!o.view.empty() && o.view != "layout")
      throw RenderError{"view", "--view " + o.view, "a swizzled layout renders as layout"};
    return build_layout_scene(*n, lo);
  }
  Layout l;
  if (const auto* p = std::get_if<Layout>(&v))
    l = *p;
  else if (const auto* t = std::get_if<IntTuple>(&v))
    l = make_layout(*t);
  else
    throw RenderError{"expression", o.what, "'" + to_string(v) + "' is not a layout"};
  const std::string view = o.view.empty() ? (o.tile.empty() ? "layout" : "tv") : o.view;
  if (view == "layout") return build_layout_scene(l, lo);
  const auto [rows, cols] = tile_for(o, l, o.what);
  if (view == "tv") return build_tv_scene(l, rows, cols, vo);
  if (view == "subgroup") return build_subgroup_scene(l, rows, cols, "TV layout " + to_string(l), vo);
  if (view == "slm") return build_slm_scene(l, rows, cols, vo);
  throw RenderError{"view", "--view " + view, "a layout renders as layout, tv, subgroup or slm"};
}

// Names that look like atoms rather than expressions: letters first, not a swizzle or a call.
bool looks_like_atom(const std::string& s) {
  if (s.empty() || !std::isalpha(static_cast<unsigned char>(s[0])) || s.rfind("Sw<", 0) == 0) return false;
  const std::size_t paren = s.find('(');
  return paren == std::string::npos || s.find('<') < paren;
}

// An expression in CuTe's C++ spelling that an atom name's syntax would also take: Layout<Shape<_4,_8>>{},
// Swizzle<3,3,3>{}, or a qualified name such as GMMA::Layout_K_SW128_Atom<half_t> (an smem layout atom).
bool is_cpp_layout_spelling(const std::string& s) {
  std::string_view v(s);
  while (!v.empty() && (v.front() == ' ' || v.front() == ':')) v.remove_prefix(1);
  if (v.starts_with("cute::")) v.remove_prefix(6);
  const std::size_t end = std::min(v.find_first_of("<{( \t\n"), v.size());
  for (const char* t : {"Layout", "Shape", "Stride", "Step", "Coord", "Tile", "tuple", "Int", "C", "Swizzle",
                        "ComposedLayout", "E", "ScaledBasis"})
    if (v.substr(0, end) == t) return true;  // malformed ones too: the expression's message names the column
  try {
    const Expr e = parse_expr(s);
    return e.kind != Expr::Kind::Name || e.name.find("::") != std::string::npos;
  } catch (const ParseError&) {
    return false;
  }
}

Scene build(const RenderRequest& o, const Options& vo, Warnings& warnings) {
  if (!o.reorder.empty()) {
    if (!o.what.empty() || o.spec_text)
      throw RenderError{"arguments", o.what.empty() ? "spec_text" : o.what,
                        "--reorder takes the place of WHAT"};
    const Layout src = layout_arg(o.reorder[0], "--reorder SRC", warnings);
    const Layout dst = layout_arg(o.reorder[1], "--reorder DST", warnings);
    const auto [rows, cols] = tile_for(o, src, "--reorder SRC");
    return build_reorder_scene(src, dst, rows, cols, vo);
  }
  std::error_code fs_ec;
  // A spec: spec_text (WHAT only names it), else a file (the name alone decides for .json).
  const bool spec_input =
      o.spec_text || o.what.ends_with(".json") || std::filesystem::is_regular_file(o.what, fs_ec);
  if (!spec_input && (!o.smem.empty() || !o.tv.empty() || !o.type.empty() || !o.op.empty()) &&
      o.view != "banks")
    throw RenderError{"arguments", "--smem/--tv/--type/--op", "belong to --view banks"};
  if (!o.copy.empty() && o.copy != "s2r" && o.copy != "g2s" && o.copy != "r2s")
    throw RenderError{"arguments", "--copy " + o.copy, "expected s2r, g2s or r2s"};
  if (!o.copy.empty() && (o.view != "banks" || !spec_input))
    throw RenderError{"arguments", "--copy " + o.copy,
                      "belongs to --view banks of a spec operand (--operand X): which stage copy to draw"};
  if (o.view == "banks" && !spec_input) return banks_scene(o, vo);
  if (o.view == "reorder" && !spec_input)
    throw RenderError{"view", "--view reorder",
                      "needs a spec (with --operand) or --reorder SRC_TV DST_TV [--tile (M,N)]"};
  if (o.what.empty() && !o.spec_text)
    throw RenderError{"arguments", "WHAT", "name a layout, an atom or a spec (or use --reorder)"};
  if (spec_input) return spec_scene(o, vo, warnings);
  // A TiledMMA in C++ (TiledMMA<MMA_Atom<...>, Layout<...>, Tile<...>>, make_tiled_mma(...)): its MMA
  // picture.
  try {
    if (const std::optional<TiledMMA> m = read_cpp_tiled_mma(o.what)) return build_mma_scene(*m, vo);
  } catch (const CppConfigError& e) {
    throw RenderError{"TiledMMA", o.what + ": column " + std::to_string(e.column()), e.what()};
  }
  // A TiledCopy in C++ (as compilers spell its type, TiledCopy<Copy_Atom<Op, T>, TV, Tiler>, or
  // make_tiled_copy(...)): its copy picture.
  try {
    if (const std::optional<TiledCopy> c = read_cpp_tiled_copy(o.what)) return build_copy_scene(*c, vo);
  } catch (const CppConfigError& e) {
    throw RenderError{"TiledCopy", o.what + ": column " + std::to_string(e.column()), e.what()};
  }
  if (looks_like_atom(o.what) && !o.what.empty() && o.what.find("_Atom") != std::string::npos &&
      (o.what.find("GMMA::") != std::string::npos || o.what.find("UMMA::") != std::string::npos))
    return expression_scene(o, vo, warnings);  // a shared-memory layout atom: a composed layout
  if (looks_like_atom(o.what)) {
    Atom atom;
    bool known = false;
    try {
      const AtomName n = parse_atom_name(o.what);
      known = registry().family(n.base) != nullptr;
    } catch (const ParseError&) {
    }
    if (!known && is_cpp_layout_spelling(o.what)) return expression_scene(o, vo, warnings);
    if (known || o.what.find('(') == std::string::npos) {
      try {
        atom = find_atom(o.what);
      } catch (const ParseError& e) {
        throw RenderError{"atom name", o.what + ", column " + std::to_string(e.column()), e.what()};
      } catch (const AtomError& e) {
        throw RenderError{known ? "invalid atom" : "unknown atom", o.what, e.what()};
      }
      return atom_scene(o, atom, vo, warnings);
    }
  }
  return expression_scene(o, vo, warnings);
}

}  // namespace

Options render_options(bool colorblind, bool force) {
  Options o;
  o.colorblind = colorblind;
  if (force) o.max_cells = kForceMaxCells;
  o.provenance.push_back(std::string("palette: ") + (colorblind ? "colorblind" : "default"));
  return o;
}

Scene build_scene(const RenderRequest& request, const Options& opt, std::vector<RenderWarning>* warnings) {
  Warnings dropped;
  // What an engine error that no step above names is reported at.
  const std::string input = !request.what.empty() ? request.what
                            : request.spec_text   ? "spec_text"
                                                  : "--reorder";
  try {
    return build(request, opt, warnings ? *warnings : dropped);
  } catch (const VizError& e) {
    throw RenderError{"unrenderable picture", input, e.what()};
  } catch (const LayoutError& e) {
    throw RenderError{"layout", input, e.what()};
  } catch (const AtomError& e) {
    throw RenderError{"atom", request.what, e.what()};
  } catch (const BankError& e) {
    throw RenderError{"banks", input, e.what()};
  }
}

}  // namespace tvlab::viz
