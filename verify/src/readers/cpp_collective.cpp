// The C++ configuration reader: CUTLASS's and sycl-tla's CollectiveMma declarations, the configurations.
#include "detail/cpp_reader.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
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
  cfg.config = (*c)->config;
  cfg.config.name = full;
  cfg.origins = (*c)->origins;
  if (std::optional<EpilogueConfig> e = epilogue(d.scope, cfg.origins)) cfg.config.kernel.epilogue = *e;
  return cfg;
}

std::optional<EpilogueConfig> Reader::epilogue(const std::string& scope, std::vector<CppOrigin>& origins) {
  const auto it = decls_.find(scope.empty() ? "CollectiveEpilogue" : scope + "::CollectiveEpilogue");
  if (it == decls_.end()) return std::nullopt;
  const Decl& d = it->second.front();
  if (d.template_param || d.user_template || d.runtime || d.init_b >= d.init_e) return std::nullopt;
  // A type alias followed to the node it names (using EpiPolicy = Sm90TmaWarpSpecialized<...>), with the
  // scope its arguments are read in.
  auto resolve = [&](Node n, std::string sc) {
    for (int depth = 0; depth < kMaxCppNesting; ++depth) {
      if (n.kind != Node::Kind::Name || n.has_targs || !n.calls.empty() || !n.members.empty()) break;
      std::string full;
      const Decl* a = lookup(n.text, sc, &full);
      if (!a || a->template_param || a->user_template || a->runtime || a->init_b >= a->init_e) break;
      std::size_t b = a->init_b;
      while (b < a->init_e && t_[b].kind == Tok::Ident && t_[b].text == "typename") ++b;
      Parser p(t_, b, a->init_e);
      Node next = p.expr();
      if (!p.done()) break;
      n = next, sc = a->scope;
    }
    return std::make_pair(n, sc);
  };
  Node self;
  self.kind = Node::Kind::Name, self.text = "CollectiveEpilogue", self.line = d.line, self.col = d.col;
  // Plain variables, not a structured binding: the lambdas below capture them (clang 14 cannot capture
  // bindings).
  Node n;
  std::string escope;
  std::tie(n, escope) = resolve(self, scope);
  // CollectiveBuilder<...>::CollectiveOp: the builder picks the epilogue, which tvlab does not reproduce.
  if (base_name(n.text) == "CollectiveBuilder") return std::nullopt;
  const std::string what = "CollectiveEpilogue";
  if (base_name(n.text) == "Sm90TmaWarpSpecializedAdapter") {
    want_targs(n, 1, 1, "Sm90TmaWarpSpecializedAdapter<EpilogueOp>");
    const auto [inner, iscope] = resolve(n.targs[0], escope);
    n = inner, escope = iscope;
  }
  auto type_of = [&](const Node& t, const std::string& construct) -> std::string {
    const CVal v = eval(t, escope);
    if (std::holds_alternative<CVoid>(v)) return "void";
    const CType* ty = std::get_if<CType>(&v);
    if (!ty || ty->integer_type)
      fail(t, construct, std::string("expected an element type, got ") + kind_of(v));
    return ty->name;
  };
  EpilogueConfig e;
  const std::string bn = base_name(n.text);
  if (bn == "DefaultEpilogue") {
    e.collective = "DefaultEpilogue";
  } else if (bn == "Epilogue") {
    // collective::Epilogue<StrideC, StrideD, ThreadEpilogueOp, SmemLayout, CopyAtomR2S, TiledCopyS2R,
    // CopyAtomR2G> (sm70_epilogue_vectorized.hpp): array_aligned<ElementAccumulator, cosize(SmemLayout)>.
    want_targs(
        n, 7, 8,
        "Epilogue<StrideC, StrideD, ThreadEpilogueOp, SmemLayout, CopyAtomR2S, TiledCopyS2R, CopyAtomR2G>");
    const auto [op, oscope] = resolve(n.targs[2], escope);
    if (base_name(op.text) != "LinearCombination" || op.targs.empty())
      fail(op, "ThreadEpilogueOp",
           "tvlab reads ElementAccumulator from LinearCombination<ElementOutput, Count, ElementAccumulator>");
    e.collective = "Sm70EpilogueVectorized";
    const CVal acc = eval(op.targs.size() > 2 ? op.targs[2] : op.targs[0], oscope);
    const CType* at = std::get_if<CType>(&acc);
    if (!at || at->integer_type)
      fail(op, "ElementAccumulator", std::string("expected an element type, got ") + kind_of(acc));
    e.accumulator = at->name;
    e.smem_layout = render(n.targs[3], escope);
  } else if (bn == "CollectiveEpilogue" && n.has_targs && !n.targs.empty() &&
             base_name(resolve(n.targs[0], escope).first.text) == "Sm90TmaWarpSpecialized") {
    want_targs(
        n, 16, 16,
        "CollectiveEpilogue<Sm90TmaWarpSpecialized<StagesC, StagesD, FragmentSize, ReuseSmemC, "
        "DelayTmaStore>, CtaTileMNK, EpilogueTile, ElementC, StrideC, ElementD, StrideD, FusionCallbacks, "
        "CopyOpG2S, SmemLayoutAtomC, CopyOpS2R, CopyOpS2G, SmemLayoutAtomD, CopyOpR2S, CopyAtomC, "
        "CopyOpR2R>");
    const auto [pol, pscope] = resolve(n.targs[0], escope);
    want_targs(pol, 5, 5,
               "Sm90TmaWarpSpecialized<StagesC, StagesD, FragmentSize, ReuseSmemC, DelayTmaStore>");
    e.collective = "Sm90TmaWarpSpecialized";
    e.stages_c = as_int(pol.targs[0], pscope, "StagesC");
    e.stages_d = as_int(pol.targs[1], pscope, "StagesD");
    const Node& r = pol.targs[3];
    if (r.kind != Node::Kind::Name || (r.text != "true" && r.text != "false"))
      fail(r, "ReuseSmemC", "expected true or false");
    e.reuse_smem_c = r.text == "true";
    const CVal tile = eval(n.targs[2], escope);
    const CCore* tc = std::get_if<CCore>(&tile);
    const IntTuple* tt = tc ? std::get_if<IntTuple>(&tc->v) : nullptr;
    if (!tt || !tt->is_tuple() || rank(*tt) != 2 || !(*tt)[0].is_leaf() || !(*tt)[1].is_leaf())
      fail(n.targs[2], "EpilogueTile", "expected a shape (EPI_TILE_M, EPI_TILE_N), e.g. Shape<_128,_32>");
    e.tile = std::vector<int64_t>{(*tt)[0].ival(), (*tt)[1].ival()};
    const auto [fusion, fscope] = resolve(n.targs[7], escope);
    if (base_name(fusion.text) != "FusionCallbacks" || fusion.targs.size() < 2 ||
        base_name(resolve(fusion.targs[1], fscope).first.text) != "LinearCombination")
      fail(fusion, "FusionCallbacks",
           "tvlab models FusionCallbacks<Policy, LinearCombination<...>, ...> (an empty SharedStorage)");
    e.fusion = "LinearCombination";
    for (int x = 0; x < 2; ++x) {
      const std::string name = x == 0 ? "C" : "D";
      const std::size_t ti = x == 0 ? 3 : 5, si = ti + 1, ai = x == 0 ? 9 : 12;
      EpilogueOperandConfig o;
      o.type = type_of(n.targs[ti], "Element" + name);
      const CVal sv = eval(n.targs[si], escope);
      const CStride* st = std::get_if<CStride>(&sv);
      if (!st || (st->tag.empty() && st->unit_mode < 0))
        fail(n.targs[si], "Stride" + name,
             "expected TagToStrideC_t<RowMajor | ColumnMajor> or Stride<...> with a _1");
      // An M-major (unit stride along M) C or D is ColumnMajor.
      o.layout = !st->tag.empty() ? st->tag : st->unit_mode == 0 ? "ColumnMajor" : "RowMajor";
      const CVal av = eval(n.targs[ai], escope);
      const CCore* ac = std::get_if<CCore>(&av);
      if (!ac)
        fail(n.targs[ai], "SmemLayoutAtom" + name, std::string("expected a layout, got ") + kind_of(av));
      o.smem_atom = to_string(ac->v);
      (x == 0 ? e.c : e.d) = o;
    }
  } else {
    return std::nullopt;  // not an epilogue tvlab reads: the budget stays the mainloop's
  }
  origins.push_back({"epilogue", d.line, d.col, what, ""});
  return e;
}

namespace {
// SmemCopyAtomX as smem.s2r: the op's name, or make_tiled_copy_X(Copy_Atom<Op, T>{}, mma) with T declared
// where T is not the element type.
void s2r_config(SmemConfig& smem, const CCopyAtom& sc, const CType& ty) {
  smem.s2r = CopyConfig::named(sc.op);
  if (!sc.type.empty() && !(value_type(sc.type) == value_type(ty.name))) {
    CopyConfig typed;
    typed.atom = sc.op;
    typed.from_mma = true;
    typed.value_type = sc.type;
    smem.s2r = typed;
  }
}
}  // namespace

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
    c->origins.push_back({path, n.targs[i].line, n.targs[i].col, std::string(names[i]), ""});
  };
  auto want = [&](std::size_t i, auto* p, const std::string& what) {
    if (!p) fail(n.targs[i], names[i], "expected " + what + ", got " + kind_of(v[i]));
  };
  const CPolicy* pol = std::get_if<CPolicy>(&v[0]);
  want(0, pol,
       "a dispatch policy (tvlab reads MainloopSm80CpAsync<S>, MainloopSm80CpAsyncUnpredicated<S>, "
       "MainloopSm90TmaGmma[WarpSpecialized]<S, ClusterShape, Schedule>, "
       "MainloopSm90TmaGmmaRmemAWarpSpecialized<S, ClusterShape, Schedule>, "
       "MainloopXeL1Staged<S>, MainloopIntelXeXMX16<S> and MainloopIntelXeXMX16MixedPrecision<S>)");
  const bool sm90 = pol->name.rfind("MainloopSm90", 0) == 0;
  const bool xe = pol->name.rfind("MainloopSm80", 0) != 0 && !sm90;
  KernelParams& s = c->config.kernel;
  s.mainloop = pol->name;
  s.stages = pol->stages;
  origin("stages", 0);
  origin("mainloop", 0);
  if (sm90) {
    s.cluster_shape = pol->cluster;
    origin("cluster_shape", 0);
    if (!pol->schedule.empty() && (pol->name == "MainloopSm90TmaGmmaWarpSpecialized" ||
                                   pol->name == "MainloopSm90TmaGmmaRmemAWarpSpecialized")) {
      s.kernel_schedule = pol->schedule;
      origin("kernel_schedule", 0);
    }
  }
  const CCore* tile = std::get_if<CCore>(&v[1]);
  const IntTuple* ts = tile ? std::get_if<IntTuple>(&tile->v) : nullptr;
  if (!ts || !ts->is_tuple() || rank(*ts) != 3)
    fail(n.targs[1], names[1], "expected a shape (BLK_M, BLK_N, BLK_K), e.g. Shape<_128,_128,_32>");
  s.cta_tile.emplace();
  for (int i = 0; i < 3; ++i) {
    if (!(*ts)[i].is_leaf()) fail(n.targs[1], names[1], "expected a flat shape (BLK_M, BLK_N, BLK_K)");
    s.cta_tile->push_back((*ts)[i].ival());
  }
  origin("cta_tile", 1);
  const CTiledMma* mma = std::get_if<CTiledMma>(&v[6]);
  want(6, mma, "a TiledMMA");
  c->config.mma = mma->mma;
  c->config.operands_given = true;
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
    OperandConfig o(x);
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
    o.type = ty->name;
    origin(path + ".type", e);
    const CStride* sd = std::get_if<CStride>(&v[st]);
    want(st, sd, "a stride (TagToStride" + std::string(x) + "_t<RowMajor | ColumnMajor> or Stride<...>)");
    if (sd->tag.empty()) {
      o.gmem = GmemConfig{std::string(1, (x == "A" ? "MK" : "NK")[sd->unit_mode]), std::nullopt};
    } else {
      if (sd->operand != x[0])
        fail(n.targs[st], names[st],
             "TagToStride" + std::string(1, sd->operand) + "_t describes operand " + sd->operand + ", in " +
                 x + "'s place");
      o.gmem = GmemConfig{sd->tag, std::nullopt};
    }
    origin(path + ".gmem", st);
    if (xe) {
      // sycl-tla: GmemTiledCopyX void (get_block_2d_copy_X picks the block 2D copy) or a block 2D op (the
      // user's override); no shared memory (SmemLayoutAtomX and SmemCopyAtomX are void).
      if (std::holds_alternative<CVoid>(v[g])) {
        o.copy = CopyConfig::named("auto");
      } else if (const CCopyAtom* op_ = std::get_if<CCopyAtom>(&v[g])) {
        o.copy = CopyConfig::named(op_->op);
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
      c->config.operand_or_add(x) = o;
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
      o.smem.emplace();
      o.smem->atom = to_string(sa->v);
      origin(path + ".smem.atom", atom);
      o.smem->g2s = CopyConfig::named(op_->op);
      origin(path + ".smem.g2s", g);
      if (pol->name == "MainloopSm90TmaGmmaRmemAWarpSpecialized" && !std::holds_alternative<CVoid>(v[s2r])) {
        // The RS mainloop's register operand (A, or B under SwapAB): make_tiled_copy_A(SmemCopyAtom, mma);
        // which operand takes it is the model's (verify: SwapAB), the atom as written.
        const CCopyAtom* sc = std::get_if<CCopyAtom>(&v[s2r]);
        want(s2r, sc, "void or a copy atom (Copy_Atom<AutoVectorizingCopy, float>)");
        s2r_config(*o.smem, *sc, *ty);
        origin(path + ".smem.s2r", s2r);
      } else if (!std::holds_alternative<CVoid>(v[s2r])) {
        fail(n.targs[s2r], names[s2r],
             "SM90 GMMA mainloops cannot have a non-void copy atom for smem sourced instructions");
      }
      if (!std::holds_alternative<CIdentity>(v[tr]))
        fail(n.targs[tr], names[tr], "tvlab models cute::identity transforms only");
      c->config.operand_or_add(x) = o;
      continue;
    }
    const CTiledCopy* gc = std::get_if<CTiledCopy>(&v[g]);
    want(g, gc, "a TiledCopy (make_tiled_copy(Copy_Atom<Op, T>{}, thr_layout, val_layout))");
    if (gc->copy.from_mma)
      fail(n.targs[g], names[g], "a global -> shared copy is made with make_tiled_copy(atom, thr, val)");
    // A Copy_Atom's value type is the copy's: one the element type is not stays declared (verify's
    // type.X.g2s compares them), never replaced.
    CopyConfig g2s = gc->copy;
    if (!gc->type.empty() && !(value_type(gc->type) == value_type(ty->name))) g2s.value_type = gc->type;
    const CCore* sa = std::get_if<CCore>(&v[atom]);
    want(atom, sa, "a shared-memory layout atom");
    o.smem.emplace();
    o.smem->atom = to_string(sa->v);
    origin(path + ".smem.atom", atom);
    o.smem->g2s = g2s;
    origin(path + ".smem.g2s", g);
    const CCopyAtom* sc = std::get_if<CCopyAtom>(&v[s2r]);
    want(s2r, sc, "a copy atom (Copy_Atom<SM75_U32x4_LDSM_N, half_t>)");
    s2r_config(*o.smem, *sc, *ty);
    origin(path + ".smem.s2r", s2r);
    if (!std::holds_alternative<CIdentity>(v[tr]))
      fail(n.targs[tr], names[tr], "tvlab models cute::identity transforms only");
    c->config.operand_or_add(x) = o;
  }
  return c;
}

}  // namespace tvlab::detail

namespace tvlab::detail {

bool Reader::mainloop_builder(std::size_t i) const {
  return t_[i].kind == Tok::Ident && t_[i].text == "CollectiveBuilder" &&
         // the mainloop's (gemm::collective::), not the epilogue's
         !(i >= 2 && t_[i - 1].text == "::" && t_[i - 2].text == "collective" && i >= 4 &&
           t_[i - 4].text == "epilogue");
}

std::vector<int> Reader::mainloop_builder_lines() const {
  std::vector<int> lines;
  for (std::size_t i = 0; i + 1 < t_.size(); ++i)
    if (mainloop_builder(i)) lines.push_back(t_[i].line);
  return lines;
}

std::string Reader::found_instead() const {
  // A CollectiveBuilder, a CollectiveMma the text reader did not reach (inside a template or a
  // specialisation), a TEST() body, a function that builds CuTe objects: the first of each, by line.
  std::vector<std::string> found;
  // A sycl-tla kernel written with its CuTe interface (examples/12's MoE::MoEGEMM<...>(...) in a kernel
  // lambda): the compiler path reads it by the launching function's name (detail/cpp_xe_launch.hpp).
  for (std::size_t i = 0; i + 1 < t_.size(); ++i)
    if (t_[i].kind == Tok::Ident && t_[i].text == "MoEGEMM" && punct(i + 1, "<")) {
      const Function* fn = nullptr;
      for (const Function& f : functions_)
        if (f.body_b < i && i < f.body_e && (!fn || f.body_b < fn->body_b)) fn = &f;
      if (!fn) continue;
      found.push_back(
          "the function " + fn->scope + " (line " + std::to_string(fn->line) +
          ") launches sycl-tla's MoEGEMM<...> kernel (line " + std::to_string(t_[i].line) +
          "), whose TiledMMA and block 2D copies the text reader does not evaluate: read it through "
          "the compiler: --config " +
          fn->scope +
          " (with sycl-tla's headers and Intel's SYCL headers found or given with -I; docs/spec.md, "
          "\"Kernels written with sycl-tla's CuTe interface\")");
      break;
    }
  for (std::size_t i = 0; i + 1 < t_.size(); ++i)
    if (mainloop_builder(i)) {
      // The alias that holds it says which flag reads it through the compiler (docs/spec.md, "Two readers"):
      // one at file or namespace scope by its name, one in a class template by the class's instantiation; one
      // inside a function body (a TEST(), main) by neither reader: the compiler cannot name a local alias.
      const Decl* alias = nullptr;
      for (const std::string& full : order_)
        for (const Decl& d : decls_.at(full))
          if (!alias && !d.template_param && !d.runtime && d.init_b <= i && i < d.init_e) alias = &d;
      const Function* in_function = nullptr;
      for (const Function& f : functions_)
        if (f.body_b < i && i < f.body_e) in_function = &f;
      std::string how = "(the text reader has no flag for it; write the CollectiveMma<...> it builds out";
      if (in_function && in_function->tparams.empty() && alias && alias->scope == in_function->scope)
        // A local alias: the compiler path exports it from a copy of the file (detail/cpp_locals.hpp).
        how += ", or read it through the compiler: --config '" + alias->full() +
               "' (an alias inside a function body; with CUTLASS's headers found or given with -I; "
               "docs/spec.md, \"Local aliases\"))";
      else if (in_function)
        how += "; it sits inside " +
               std::string(in_function->tparams.empty() ? "a function body" : "a function template") +
               ", which neither reader reads)";
      else if (alias && alias->user_template)
        how += ", or read it through the compiler: --config '" + alias->scope + "<...>::" + alias->name +
               "' with the class template's arguments written)";
      else if (alias)
        how += ", or read it through the compiler: --config " + alias->full() +
               " (with CUTLASS's headers found or given with -I; docs/spec.md, \"Two readers\"))";
      else
        how += ")";
      found.push_back("a CollectiveBuilder (line " + std::to_string(t_[i].line) +
                      "): CUTLASS picks its layouts as it compiles, which the text reader does not do " +
                      how);
      break;
    }
  for (std::size_t i = 0; i + 1 < t_.size(); ++i)
    if (t_[i].kind == Tok::Ident && t_[i].text == "CollectiveMma" && t_[i + 1].text == "<") {
      found.push_back("a CollectiveMma<...> inside a template, a specialisation or a function (line " +
                      std::to_string(t_[i].line) +
                      "): tvlab does not instantiate templates (no flag reads it; write it out as a "
                      "concrete `using` alias)");
      break;
    }
  // A CUTLASS 2.x device-level GEMM (cutlass::gemm::device::Gemm<...>, GemmUniversal<...>, ...;
  // CUTLASS 4.2.0's examples/14_ampere_tf32_tensorop_gemm): threadblock and warp iterators, no CuTe layout,
  // nothing tvlab models. GemmUniversalAdapter is CUTLASS 3's wrapper of a CuTe kernel, not this.
  for (std::size_t i = 0; i + 4 < t_.size(); ++i)
    if (t_[i].kind == Tok::Ident && t_[i].text == "device" && t_[i + 1].text == "::" &&
        t_[i + 2].kind == Tok::Ident && t_[i + 2].text.starts_with("Gemm") && t_[i + 3].text == "<" &&
        t_[i + 2].text != "GemmUniversalAdapter" && i >= 2 && t_[i - 1].text == "::" &&
        t_[i - 2].text == "gemm") {
      bool cute = false;  // does the file name CuTe anywhere (cute::, #include <cute/...>)?
      for (const auto& tok : t_) cute = cute || (tok.kind == Tok::Ident && tok.text == "cute");
      found.push_back("a CUTLASS 2.x device GEMM cutlass::gemm::device::" + t_[i + 2].text + "<...> (line " +
                      std::to_string(t_[i].line) +
                      "): CUTLASS 2.x's threadblock and warp iterators, not CuTe layouts" +
                      (cute ? "" : "; the file names no CuTe type: it holds no CuTe configuration") +
                      " (no flag reads it: tvlab reads CuTe's TiledMMA, copies and CollectiveMma)");
      break;
    }
  for (std::size_t i = 0; i + 1 < t_.size(); ++i)
    if (t_[i].kind == Tok::Ident && t_[i].text == "TEST" && t_[i + 1].text == "(") {
      found.push_back("a TEST() body (line " + std::to_string(t_[i].line) +
                      "): read its objects with --bind scope=TEST --bind mma=NAME --bind A.g2s=NAME ...");
      break;
    }
  // Scopes whose declarations build a TiledMMA or copies (CuTe's tutorial functions).
  std::map<std::string, std::pair<int, std::vector<std::string>>> builders;
  for (const std::string& full : order_)
    for (const Decl& d : decls_.at(full)) {
      if (d.template_param || d.runtime || d.user_template || d.scope.empty() || d.scope == "TEST") continue;
      std::size_t k = d.init_b;
      while (k < d.init_e && (ident(k, "decltype") || ident(k, "typename") || punct(k, "("))) ++k;
      std::string head;
      for (; k < d.init_e && (t_[k].kind == Tok::Ident || punct(k, "::")); ++k) head += t_[k].text;
      const std::string b = base_name(head);
      if (b != "make_tiled_mma" && b != "TiledMMA" && b != "make_tiled_copy" && b != "TiledCopy") continue;
      auto& e = builders[d.scope];
      if (e.second.empty()) e.first = d.line;
      const char last = d.name.back();
      e.second.push_back(b == "make_tiled_mma" || b == "TiledMMA" ? "mma=" + d.name
                         : last == 'A' || last == 'B'             ? std::string(1, last) + ".g2s=" + d.name
                                                                  : "A.g2s or B.g2s=" + d.name);
    }
  std::vector<std::pair<int, std::string>> by_line;  // the functions in the order of the file
  for (const auto& [scope, e] : builders) by_line.push_back({e.first, scope});
  std::sort(by_line.begin(), by_line.end());
  std::set<std::string> told;  // functions --config was named for (one mention for all overloads)
  for (const auto& [line, scope] : by_line) {
    const auto& e = builders.at(scope);
    std::string names;
    for (const std::string& n : e.second) names += (names.empty() ? "" : ", ") + n;
    // A function that passes them to a kernel launch: --config reads it (an overload's scope is NAME#2).
    const Function* fn = nullptr;
    for (const Function& f : functions_)
      if (f.scope == scope) fn = &f;
    if (fn) {
      const Function* kernel = nullptr;
      std::vector<std::pair<std::size_t, std::size_t>> args;
      try {
        launch_of(*fn, kernel, args);
      } catch (const CppConfigError&) {
        kernel = nullptr;
      }
      int overloads = 0;
      for (const Function& f : functions_) overloads += f.outer == fn->outer && f.name == fn->name;
      if (kernel && std::none_of(kernel->params.begin(), kernel->params.end(),
                                 [&](const FnParam& p) { return !pointee(p).empty(); })) {
        found.push_back("the function " + fn->name + " (line " + std::to_string(fn->line) +
                        ") passes a TiledCopy and its tensors to its " + kernel->name +
                        " launch, a copy-only kernel: read it with --config " + fn->name);
        continue;
      }
      if (kernel) {
        if (!told.insert(fn->outer + "::" + fn->name).second) continue;
        found.push_back("the function " + fn->name + " (line " + std::to_string(fn->line) +
                        ") passes CuTe objects (" + names + ") to its " + kernel->name +
                        " launch: read it with --config " + fn->name +
                        (overloads > 1 ? " (overloaded: that flag lists each overload's)" : ""));
        continue;
      }
    }
    found.push_back(
        "the function " + scope + " (line " + std::to_string(e.first) + ") builds CuTe objects (" + names +
        "): name what forms its configuration with --bind scope=" + scope +
        " and --bind KEY=NAME for these and the rest (cta_tile, stages, A.type, A.gmem, A.smem, ...; "
        "docs/spec.md, --bind)");
  }
  std::string out;
  for (const std::string& f : found) out += (out.empty() ? "" : "; ") + f;
  return out;
}

}  // namespace tvlab::detail
