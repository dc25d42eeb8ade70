// The C++ configuration reader: --bind KEY=EXPR, a configuration no collective declares, or what a
// collective leaves to run time.
#include "detail/cpp_reader.hpp"

#include <string>
#include <variant>
#include <vector>

#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/tuple_algorithms.hpp"

namespace tvlab::detail {

namespace {

// Lines of a --bind value's tokens start here: an error at such a line is in the bind's own text, any other
// in the file (a declaration the value names).
constexpr int kBindLine = 1 << 28;

}  // namespace

Node Reader::bind_node(const CppBinding& b) {
  std::vector<Tok> toks;
  try {
    toks = lex(b.expr);
  } catch (const CppConfigError& e) {
    throw CppConfigError::in_bind(b.key, b.expr, e.column(), e.what());
  }
  for (Tok& t : toks) t.line += kBindLine;
  if (toks.size() == 1) throw CppConfigError::in_bind(b.key, b.expr, 1, "an empty expression");
  try {
    Parser p(toks, 0, toks.size() - 1);
    Node n = p.expr();
    p.expect_end();
    return n;
  } catch (const CppConfigError& e) {
    throw rebind(b, e);
  }
}

CppConfigError Reader::rebind(const CppBinding& b, const CppConfigError& e) {
  if (e.line() == 0) return e;  // already at a --bind's text
  if (e.line() >= kBindLine) {
    // The message without its construct's prefix when that is the bind's own key (the path names it).
    std::string why = e.what();
    if (const std::string own = "--bind " + b.key + ": "; why.rfind(own, 0) == 0)
      why = why.substr(own.size());
    return CppConfigError::in_bind(b.key, b.expr, e.column(), why);
  }
  // In a declaration of the file that the value names: the file's line and column, through the bind.
  const std::string why = e.what();
  return CppConfigError(e.line(), e.column(), "",
                        why + " (read through --bind " + b.key + "=" + printable(b.expr) + ")");
}

void Reader::bind_template_params(const std::vector<CppBinding>& binds, const std::string& scope,
                                  std::vector<CppBinding>* rest) {
  for (const CppBinding& b : binds) {
    std::string full;
    const Decl* d = known_bind_key(b.key) ? nullptr : lookup(b.key, scope, &full);
    if (!d || !d->template_param) {
      if (rest) rest->push_back(b);
      continue;
    }
    if (bound_params_.count(full))
      throw CppConfigError::in_bind(b.key, b.expr, 1, "binds the template parameter " + full + " twice");
    bound_params_[full] = b;
  }
}

bool Reader::known_bind_key(const std::string& k) {
  for (const char* key : {"scope", "name", "cta_tile", "stages", "problem", "mainloop", "mma"})
    if (k == key) return true;
  return k.size() > 2 && (k[0] == 'A' || k[0] == 'B') && k[1] == '.';
}

CppConfig Reader::bound(const std::vector<CppBinding>& all) {
  std::string scope;
  for (const CppBinding& b : all)
    if (b.key == "scope") scope = b.expr;
  std::vector<CppBinding> binds;
  bind_template_params(all, scope, &binds);
  CppConfig cfg;
  cfg.name = scope.empty() ? "bound" : scope;
  KernelParams& s = cfg.config.kernel;
  for (const CppBinding& b : binds) {
    if (b.key == "scope") continue;
    const std::string construct = "--bind " + b.key;
    const Node n = bind_node(b);
    CVal v;
    try {
      v = eval(n, scope);
    } catch (const CppConfigError& e) {
      throw rebind(b, e);
    }
    auto bad = [&](const std::string& want) -> void {
      throw CppConfigError::in_bind(b.key, b.expr, 1, "expected " + want + ", got " + kind_of(v));
    };
    // Integers read again from the node: errors there are the bind's.
    auto integer = [&]() -> int64_t {
      try {
        return as_int(n, scope, construct);
      } catch (const CppConfigError& e) {
        throw rebind(b, e);
      }
    };
    const std::string& k = b.key;
    if (k == "name") {
      cfg.name = b.expr;
    } else if (k == "cta_tile") {
      const CCore* c = std::get_if<CCore>(&v);
      const IntTuple* t = c ? std::get_if<IntTuple>(&c->v) : nullptr;
      if (!t || !t->is_tuple() || rank(*t) != 3) bad("a shape (BLK_M, BLK_N, BLK_K)");
      if (!s.cta_tile) s.cta_tile.emplace();  // a second binding appends, as it always has
      for (int i = 0; i < 3; ++i) {
        if (!(*t)[i].is_leaf()) bad("a flat shape (BLK_M, BLK_N, BLK_K)");
        s.cta_tile->push_back((*t)[i].ival());
      }
    } else if (k == "stages") {
      s.stages = integer();
    } else if (k == "problem") {
      try {
        s.problem = problem_shape(n, scope, construct);
      } catch (const CppConfigError& e) {
        throw rebind(b, e);
      }
    } else if (k == "mainloop") {
      const CPolicy* pol = std::get_if<CPolicy>(&v);
      if (!pol) bad("a dispatch policy");
      s.mainloop = pol->name;
      if (!s.stages) s.stages = pol->stages;
    } else if (k == "mma") {
      const CTiledMma* m = std::get_if<CTiledMma>(&v);
      if (!m) bad("a TiledMMA");
      cfg.config.mma = m->mma;
    } else if (k.size() > 2 && (k[0] == 'A' || k[0] == 'B') && k[1] == '.') {
      OperandConfig& o = cfg.config.operand_or_add(k.substr(0, 1));
      cfg.config.operands_given = true;
      const std::string f = k.substr(2);
      if (f == "type") {
        const CType* t = std::get_if<CType>(&v);
        if (!t || t->bits == 0) bad("an element type");
        o.type = t->name;
      } else if (f == "gmem") {
        if (!o.gmem) o.gmem.emplace();
        if (const CStride* st = std::get_if<CStride>(&v))
          o.gmem->layout =
              st->tag.empty() ? std::string(1, (k[0] == 'A' ? "MK" : "NK")[st->unit_mode]) : st->tag;
        else if (const CTag* tag = std::get_if<CTag>(&v))
          o.gmem->layout = tag->row_major ? "RowMajor" : "ColumnMajor";
        else
          bad("a stride (make_stride(ldA, Int<1>{}), TagToStrideA_t<...>) or a layout tag");
      } else if (f == "alignment") {
        const int64_t alignment = integer();
        if (!o.gmem) o.gmem.emplace();
        o.gmem->alignment = alignment;
      } else if (f == "smem") {
        const CCore* c = std::get_if<CCore>(&v);
        if (!c || !(std::holds_alternative<Layout>(c->v) || std::holds_alternative<ComposedLayout>(c->v)))
          bad("a shared-memory layout ((m,k) or (m,k,stage))");
        if (!o.smem) o.smem.emplace();
        o.smem->layout = to_string(c->v);
      } else if (f == "atom") {
        const CCore* c = std::get_if<CCore>(&v);
        if (!c) bad("a shared-memory layout atom");
        if (!o.smem) o.smem.emplace();
        o.smem->atom = to_string(c->v);
      } else if (f == "g2s") {
        const CTiledCopy* c = std::get_if<CTiledCopy>(&v);
        if (!c || c->copy.from_mma) bad("a TiledCopy made with make_tiled_copy(atom, thr, val)");
        if (!o.smem) o.smem.emplace();
        o.smem->g2s = c->copy;
        if (!c->type.empty()) o.smem->g2s->value_type = c->type;  // Copy_Atom<Op, T>'s T
      } else if (f == "s2r") {
        const CCopyAtom* a = std::get_if<CCopyAtom>(&v);
        const CTiledCopy* c = std::get_if<CTiledCopy>(&v);
        if (c && c->copy.print) {  // TiledCopy<Copy_Atom<Op, T>, TV, Tiler>: as the compiler built it
          if (!o.smem) o.smem.emplace();
          o.smem->s2r = c->copy;
          o.smem->s2r->value_type = c->type;
        } else if (a || (c && c->copy.from_mma)) {
          const std::string op = a ? a->op : *c->copy.atom;
          const std::string& type = a ? a->type : c->type;
          if (!o.smem) o.smem.emplace();
          o.smem->s2r = CopyConfig::named(op);
          if (!type.empty()) {
            CopyConfig typed;  // Copy_Atom<Op, T>: the atom tiled against the MMA, T declared
            typed.atom = op;
            typed.from_mma = true;
            typed.value_type = type;
            o.smem->s2r = typed;
          }
        } else
          bad("a copy atom (Copy_Atom<SM75_U32x4_LDSM_N, half_t>) or make_tiled_copy_A/B(atom, mma)");
      } else {
        throw CppConfigError::in_bind(
            b.key, b.expr, 1, "unknown key; per operand: type, gmem, alignment, smem, atom, g2s, s2r");
      }
    } else {
      throw CppConfigError::in_bind(
          b.key, b.expr, 1,
          "unknown key; expected scope, name, cta_tile, stages, mainloop, problem, mma, A.* / B.* "
          "(type, gmem, alignment, smem, atom, g2s, s2r), or a template parameter of the scope (" +
              (scope.empty() ? std::string("give --bind scope=FUNCTION") : scope) + ")");
    }
    cfg.origins.push_back({origin_path(k), 0, 1, construct, b.expr});
  }
  cfg.config.name = cfg.name;
  return cfg;
}

void Reader::add_completions(CppConfig& cfg, const std::vector<CppBinding>& binds) {
  const auto at = cfg.name.rfind("::");
  const std::string scope = at == std::string::npos ? "" : cfg.name.substr(0, at);
  for (const CppBinding& b : binds) {
    const std::string construct = "--bind " + b.key;
    const Node n = bind_node(b);
    try {
      if (b.key == "problem") {
        cfg.config.kernel.problem = problem_shape(n, scope, construct);
        cfg.origins.push_back({"problem", 0, 1, construct, b.expr});
        continue;
      }
      const int64_t alignment = as_int(n, scope, construct);
      OperandConfig& o = cfg.config.operand_or_add(b.key.substr(0, 1));
      if (!o.gmem) o.gmem.emplace();
      o.gmem->alignment = alignment;
    } catch (const CppConfigError& e) {
      throw rebind(b, e);
    }
    cfg.origins.push_back({origin_path(b.key), 0, 1, construct, b.expr});
  }
}

std::string Reader::origin_path(const std::string& k) {
  // The spec path a key sets, so that a plan error lands on the key that set it (not on another key of the
  // same operand).
  if (k.size() > 2 && (k[0] == 'A' || k[0] == 'B') && k[1] == '.') {
    const std::string op = "operands." + k.substr(0, 1);
    const std::string f = k.substr(2);
    if (f == "alignment") return op + ".gmem.alignment";
    if (f == "smem") return op + ".smem.layout";
    if (f == "atom") return op + ".smem.atom";
    if (f == "g2s" || f == "s2r") return op + ".smem." + f;
    return op + "." + f;  // type, gmem
  }
  return k;
}

std::vector<int64_t> Reader::problem_shape(const Node& n, const std::string& scope,
                                           const std::string& construct) {
  const CVal v = eval(n, scope);
  const CCore* c = std::get_if<CCore>(&v);
  const IntTuple* t = c ? std::get_if<IntTuple>(&c->v) : nullptr;
  if (!t || !t->is_tuple() || rank(*t) < 3 || rank(*t) > 4)
    fail(n, construct,
         std::string("expected a problem shape (M, N, K) or (M, N, K, L), e.g. "
                     "make_shape(4096, 4096, 4096, 1), got ") +
             kind_of(v));
  std::vector<int64_t> out;
  for (int i = 0; i < rank(*t); ++i) {
    if (!(*t)[i].is_leaf()) fail(n, construct, "expected a flat problem shape");
    out.push_back((*t)[i].ival());
  }
  return out;
}

}  // namespace tvlab::detail

namespace tvlab {

std::vector<CppBinding> parse_bindings(const std::vector<std::string>& texts) {
  std::vector<CppBinding> out;
  for (const std::string& t : texts) {
    const auto eq = t.find('=');
    if (eq == std::string::npos || eq == 0)
      throw SpecError("--bind " + printable(t), "expected KEY=EXPR, e.g. mma=mmaC or A.g2s=copyA");
    out.push_back({t.substr(0, eq), t.substr(eq + 1)});
  }
  return out;
}

}  // namespace tvlab
