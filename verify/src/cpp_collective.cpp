// The C++ configuration reader: CUTLASS's and sycl-tla's CollectiveMma declarations, the configurations.
#include "detail/cpp_reader.hpp"

#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/expr.hpp"

namespace tvlab::detail {

std::vector<std::string> Reader::candidates() const {
  std::vector<std::string> out;
  for (const std::string& full : order_) {
    const Decl& d = decls_.at(full).front();
    if (d.template_param || d.user_template || d.init_b >= d.init_e) continue;
    std::size_t k = d.init_b;
    while (k < d.init_e && t_[k].kind == Tok::Ident && (t_[k].text == "typename" || t_[k].text == "decltype"))
      ++k;
    while (k < d.init_e && punct(k, "(")) ++k;
    std::string name;
    for (; k < d.init_e && (t_[k].kind == Tok::Ident || punct(k, "::")); ++k) name += t_[k].text;
    if (base_name(name) == "CollectiveMma") out.push_back(full);
  }
  return out;
}

CppConfig Reader::config(const std::string& full) {
  const Decl& d = decls_.at(full).front();
  const CVal v = eval_decl(full);
  const auto* c = std::get_if<std::shared_ptr<CCollective>>(&v);
  if (!c)
    throw CppConfigError(d.line, d.col, full, std::string("is ") + kind_of(v) + ", not a CollectiveMma");
  CppConfig cfg;
  cfg.name = full;
  cfg.line = d.line, cfg.column = d.col;
  cfg.spec = (*c)->spec;
  cfg.spec["name"] = full;
  cfg.origins = (*c)->origins;
  return cfg;
}

std::shared_ptr<CCollective> Reader::collective(const Node& n, const std::string& scope) {
  static const char* const names[] = {"DispatchPolicy",  "TileShape",     "ElementA",   "StrideA",
                                      "ElementB",        "StrideB",       "TiledMma",   "GmemTiledCopyA",
                                      "SmemLayoutAtomA", "SmemCopyAtomA", "TransformA", "GmemTiledCopyB",
                                      "SmemLayoutAtomB", "SmemCopyAtomB", "TransformB"};
  want_targs(n, 15, 15,
             "CollectiveMma<DispatchPolicy, TileShape, ElementA, StrideA, ElementB, StrideB, TiledMma, "
             "GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, TransformA, GmemTiledCopyB, SmemLayoutAtomB, "
             "SmemCopyAtomB, TransformB>");
  auto c = std::make_shared<CCollective>();
  std::vector<CVal> v;
  for (std::size_t i = 0; i < 15; ++i) {
    v.push_back(eval(n.targs[i], scope));
    c->members.push_back({names[i], v.back()});
  }
  auto origin = [&](const std::string& path, std::size_t i) {
    c->origins.push_back({path, n.targs[i].line, n.targs[i].col, std::string(names[i])});
  };
  auto want = [&](std::size_t i, auto* p, const std::string& what) {
    if (!p) fail(n.targs[i], names[i], "expected " + what + ", got " + kind_of(v[i]));
  };
  const CPolicy* pol = std::get_if<CPolicy>(&v[0]);
  want(0, pol,
       "a dispatch policy (tvlab reads MainloopSm80CpAsync<S>, MainloopSm80CpAsyncUnpredicated<S>, "
       "MainloopSm90TmaGmma[WarpSpecialized]<S, ClusterShape, Schedule>, "
       "MainloopXeL1Staged<S>, MainloopIntelXeXMX16<S> and MainloopIntelXeXMX16MixedPrecision<S>)");
  const bool sm90 = pol->name.rfind("MainloopSm90", 0) == 0;
  const bool xe = pol->name.rfind("MainloopSm80", 0) != 0 && !sm90;
  nlohmann::json& s = c->spec;
  s["mainloop"] = pol->name;
  s["stages"] = pol->stages;
  origin("stages", 0);
  origin("mainloop", 0);
  if (sm90) {
    s["cluster_shape"] = pol->cluster;
    origin("cluster_shape", 0);
  }
  const CCore* tile = std::get_if<CCore>(&v[1]);
  const IntTuple* ts = tile ? std::get_if<IntTuple>(&tile->v) : nullptr;
  if (!ts || !ts->is_tuple() || rank(*ts) != 3)
    fail(n.targs[1], names[1], "expected a shape (BLK_M, BLK_N, BLK_K), e.g. Shape<_128,_128,_32>");
  for (int i = 0; i < 3; ++i) {
    if (!(*ts)[i].is_leaf()) fail(n.targs[1], names[1], "expected a flat shape (BLK_M, BLK_N, BLK_K)");
    s["cta_tile"].push_back((*ts)[i].ival());
  }
  origin("cta_tile", 1);
  const CTiledMma* mma = std::get_if<CTiledMma>(&v[6]);
  want(6, mma, "a TiledMMA");
  s["mma"] = mma->mma;
  origin("mma", 6);
  if (pol->name == "MainloopIntelXeXMX16MixedPrecision") {
    const CType* ta = std::get_if<CType>(&v[2]);
    const CType* tb = std::get_if<CType>(&v[4]);
    if (ta && tb && ta->mixed == tb->mixed)
      fail(n.targs[ta->mixed ? 4 : 2], names[ta->mixed ? 4 : 2],
           "Either A OR B must be a tuple. It must take the from {ElementOperand, [ElementScale], "
           "[ElementZero]}");
  }
  for (int op = 0; op < 2; ++op) {
    const std::string x = op == 0 ? "A" : "B";
    const std::size_t e = 2 + 2 * op, st = 3 + 2 * op, g = 7 + 4 * op, atom = 8 + 4 * op, s2r = 9 + 4 * op,
                      tr = 10 + 4 * op;
    const std::string path = "operands." + x;
    nlohmann::json o;
    const CType* ty = std::get_if<CType>(&v[e]);
    want(e, ty, "an element type");
    const bool mixed_policy = pol->name == "MainloopIntelXeXMX16MixedPrecision";
    if (ty->mixed && !mixed_policy)
      fail(n.targs[e], names[e],
           "a tuple element type is read by the mixed-input mainloop (MainloopIntelXeXMX16MixedPrecision), "
           "not " +
               pol->name);
    if (ty->tuple_extra > 0)
      fail(n.targs[e], names[e],
           "the scale and zero-point tensors of a mixed-input mainloop (tuple elements after " + ty->name +
               ") are loaded by copies tvlab does not model: write cute::tuple<" + ty->name +
               "> (ConvertOnly) to check A's and B's copies, the conversion included");
    o["type"] = ty->name;
    origin(path + ".type", e);
    const CStride* sd = std::get_if<CStride>(&v[st]);
    want(st, sd, "a stride (TagToStride" + std::string(x) + "_t<RowMajor | ColumnMajor> or Stride<...>)");
    if (sd->tag.empty()) {
      o["gmem"]["layout"] = std::string(1, (x == "A" ? "MK" : "NK")[sd->unit_mode]);
    } else {
      if (sd->operand != x[0])
        fail(n.targs[st], names[st],
             "TagToStride" + std::string(1, sd->operand) + "_t describes operand " + sd->operand + ", in " +
                 x + "'s place");
      o["gmem"]["layout"] = sd->tag;
    }
    origin(path + ".gmem", st);
    if (xe) {
      // sycl-tla: GmemTiledCopyX void (get_block_2d_copy_X picks the block 2D copy) or a block 2D op (the
      // user's override); no shared memory (SmemLayoutAtomX and SmemCopyAtomX are void).
      if (std::holds_alternative<CVoid>(v[g])) {
        o["copy"] = "auto";
      } else if (const CCopyAtom* op_ = std::get_if<CCopyAtom>(&v[g])) {
        o["copy"] = op_->op;
      } else {
        fail(n.targs[g], names[g],
             std::string("expected void or a block 2D copy op (XE_LOAD_2D<...>), got ") + kind_of(v[g]));
      }
      origin(path + ".copy", g);
      for (std::size_t k : {atom, s2r})
        if (!std::holds_alternative<CVoid>(v[k]))
          fail(n.targs[k], names[k], std::string("the Xe collectives take void here, got ") + kind_of(v[k]));
      if (!std::holds_alternative<CIdentity>(v[tr]))
        fail(n.targs[tr], names[tr], "Transformation for " + x + " is not currently supported on Intel PVC");
      s["operands"][x] = o;
      continue;
    }
    if (sm90) {
      // GmemTiledCopyX: the TMA op (make_tma_copy_X_sm90 tiles it); SmemCopyAtomX: void (GMMA reads
      // shared memory through descriptors).
      const CCopyAtom* op_ = std::get_if<CCopyAtom>(&v[g]);
      if (!op_ || (op_->op != "SM90_TMA_LOAD" && op_->op != "SM90_TMA_LOAD_MULTICAST"))
        fail(n.targs[g], names[g],
             "GmemTiledCopy - invalid SM90 TMA copy atom specified: expected SM90_TMA_LOAD or "
             "SM90_TMA_LOAD_MULTICAST" +
                 (op_ ? ", got " + op_->op : std::string(", got ") + kind_of(v[g])));
      const CCore* sa = std::get_if<CCore>(&v[atom]);
      want(atom, sa, "a shared-memory layout atom (GMMA::Layout_K_SW128_Atom<T>)");
      o["smem"]["atom"] = to_string(sa->v);
      origin(path + ".smem.atom", atom);
      o["smem"]["g2s"] = op_->op;
      origin(path + ".smem.g2s", g);
      if (!std::holds_alternative<CVoid>(v[s2r]))
        fail(n.targs[s2r], names[s2r],
             "SM90 GMMA mainloops cannot have a non-void copy atom for smem sourced instructions");
      if (!std::holds_alternative<CIdentity>(v[tr]))
        fail(n.targs[tr], names[tr], "tvlab models cute::identity transforms only");
      s["operands"][x] = o;
      continue;
    }
    const CTiledCopy* gc = std::get_if<CTiledCopy>(&v[g]);
    want(g, gc, "a TiledCopy (make_tiled_copy(Copy_Atom<Op, T>{}, thr_layout, val_layout))");
    if (gc->copy.contains("from_mma"))
      fail(n.targs[g], names[g], "a global -> shared copy is made with make_tiled_copy(atom, thr, val)");
    // A Copy_Atom's value type is the copy's: one the element type is not stays declared (verify's
    // type.X.g2s compares them), never replaced.
    nlohmann::json g2s = gc->copy;
    if (!gc->type.empty() && !(value_type(gc->type) == value_type(ty->name))) g2s["value_type"] = gc->type;
    const CCore* sa = std::get_if<CCore>(&v[atom]);
    want(atom, sa, "a shared-memory layout atom");
    o["smem"]["atom"] = to_string(sa->v);
    origin(path + ".smem.atom", atom);
    o["smem"]["g2s"] = g2s;
    origin(path + ".smem.g2s", g);
    const CCopyAtom* sc = std::get_if<CCopyAtom>(&v[s2r]);
    want(s2r, sc, "a copy atom (Copy_Atom<SM75_U32x4_LDSM_N, half_t>)");
    o["smem"]["s2r"] = sc->op;
    if (!sc->type.empty() && !(value_type(sc->type) == value_type(ty->name)))
      o["smem"]["s2r"] = {{"atom", sc->op}, {"from_mma", true}, {"value_type", sc->type}};
    origin(path + ".smem.s2r", s2r);
    if (!std::holds_alternative<CIdentity>(v[tr]))
      fail(n.targs[tr], names[tr], "tvlab models cute::identity transforms only");
    s["operands"][x] = o;
  }
  return c;
}

}  // namespace tvlab::detail
