#include "tvlab/verify/search/search_space.hpp"
#include "tvlab/verify/model/build_plan.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "tvlab/core/atoms/atom.hpp"
#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/composed_layout.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/product.hpp"
#include "tvlab/verify/banks/smem_access.hpp"

namespace tvlab {

namespace {

using Knobs = std::vector<std::pair<std::string, std::string>>;

// A value with the knobs it sets (a filter keeps values whose knobs match).
template <class T>
struct Valued {
  SearchValue<T> v;
  Knobs knobs;
};

std::string tuple_text(std::initializer_list<int64_t> xs) {
  std::string s = "(";
  for (int64_t x : xs) s += (s.size() > 1 ? "," : "") + std::to_string(x);
  return s + ")";
}

bool pow2(int64_t x) {
  return x > 0 && (x & (x - 1)) == 0;
}

int log2i(int64_t x) {
  int l = 0;
  while ((int64_t(1) << l) < x) ++l;
  return l;
}

ValueType type_of(const std::string& what, const std::string& name) {
  if (name.empty())
    throw SearchError(what, what + ": give the element type (half_t, tfloat32_t, int8_t, ...)");
  auto t = parse_value_type(name);
  if (!t) throw SearchError(what, what + ": unknown element type '" + name + "'");
  return *t;
}

// The operand's contiguous mode in its (MN, K) tile: 1 (K-major) or 0 (MN-major).
int contiguous_mode(const std::string& x, const std::string& layout) {
  if (layout == "RowMajor") return x == "A" ? 1 : 0;
  if (layout == "ColumnMajor") return x == "A" ? 0 : 1;
  throw SearchError(x + ".layout", x + ".layout: expected RowMajor or ColumnMajor, got '" + layout + "'");
}

// ---- SM80 -----------------------------------------------------------------------------------------------

struct Sm80Atom {
  std::string name;
  int64_t m, n, k;
};

Sm80Atom sm80_mma(const ValueType& a, const ValueType& b, const std::string& c) {
  auto is = [](const ValueType& t, const char* n) { return t.name == n; };
  if (is(a, "half_t") && is(b, "half_t"))
    return {c == "half_t" ? "SM80_16x8x16_F16F16F16F16_TN" : "SM80_16x8x16_F32F16F16F32_TN", 16, 8, 16};
  if (is(a, "bfloat16_t") && is(b, "bfloat16_t")) return {"SM80_16x8x16_F32BF16BF16F32_TN", 16, 8, 16};
  if (is(a, "tfloat32_t") && is(b, "tfloat32_t")) return {"SM80_16x8x8_F32TF32TF32F32_TN", 16, 8, 8};
  if ((is(a, "int8_t") || is(a, "uint8_t")) && (is(b, "int8_t") || is(b, "uint8_t"))) {
    auto s = [](const ValueType& t) { return t.name == "int8_t" ? "S8" : "U8"; };
    return {std::string("SM80_16x8x32_S32") + s(a) + s(b) + "S32_TN", 16, 8, 32};
  }
  if (is(a, "double") && is(b, "double")) return {"SM80_8x8x4_F64F64F64F64_TN", 8, 8, 4};
  throw SearchError("types", "types: sm80 has no tensor-core MMA for A " + a.name + ", B " + b.name +
                                 " (half_t, bfloat16_t, tfloat32_t, int8_t/uint8_t, double; A and B alike)");
}

std::vector<Valued<MmaConfig>> sm80_mmas(const Sm80Atom& at, const std::array<int64_t, 3>& cta,
                                         int64_t threads) {
  std::vector<Valued<MmaConfig>> out;
  const int64_t warps = threads / 32;
  for (int64_t wm = 1; wm <= warps; wm *= 2) {
    const int64_t wn = warps / wm;
    for (int order = 0; order < ((wm > 1 && wn > 1) ? 2 : 1); ++order)
      for (int64_t mr : {1, 2})
        for (int64_t nr : {1, 2}) {
          const int64_t pm = at.m * wm * mr, pn = at.n * wn * nr, pk = at.k;
          if (cta[0] % pm || cta[1] % pn || cta[2] % pk) continue;
          const std::string lay = tuple_text({wm, wn, 1}) + (order ? ":" + tuple_text({wn, 1, 1}) : "");
          const std::string perm = tuple_text({pm, pn, pk});
          Valued<MmaConfig> v;
          v.v.label = at.name + " " + lay + " " + perm;
          v.v.value.atom = at.name;
          v.v.value.atom_layout = Notation(lay);
          v.v.value.permutation = TilerConfig(perm);
          v.knobs = {{"mma.atom", at.name}, {"mma.warps", lay}, {"mma.tile", perm}};
          out.push_back(std::move(v));
        }
  }
  return out;
}

// The smem layout atoms of an operand tile (mn, k) with contiguous mode `cmode`: rows of W elements
// (32, 64 or 128 bytes), 8 of them; plain, swizzled Sw<B,M,S> (B 1..3, M the 16-byte unit or twice it,
// S 2..4, its bits inside the atom) or padded by 16 bytes a row. Atoms equal on the tile are listed once.
std::vector<Valued<std::string>> sm80_atoms(const std::string& x, int64_t mn, int64_t k, int cmode,
                                            int bits) {
  std::vector<Valued<std::string>> out;
  const int64_t e = bits / 8;
  const int64_t ec = cmode ? k : mn, eo = cmode ? mn : k;
  const int64_t unit = std::max<int64_t>(1, 16 / e);
  const int m16 = log2i(unit);
  std::set<std::vector<int64_t>> seen;
  const IntTuple tile = make_shape(mn, k);
  auto add = [&](const std::string& text, const std::string& kind) {
    SmemLayout atom = parse_smem_layout(text);
    std::vector<int64_t> offs;
    try {
      AnyLayout tiled = std::holds_alternative<Layout>(atom)
                            ? AnyLayout(tile_to_shape(std::get<Layout>(atom), tile))
                            : tile_to_shape(std::get<ComposedLayout>(atom), tile);
      offs = smem_element_offsets(tiled, mn * k, bits);
    } catch (const LayoutError&) {
      return;
    }
    if (!seen.insert(offs).second) return;
    Valued<std::string> v;
    v.v.label = text;
    v.v.value = text;
    v.knobs = {{x + ".smem.atom", text}, {x + ".smem.kind", kind}};
    out.push_back(std::move(v));
  };
  if (eo % 8) return out;
  for (int64_t wb : {32, 64, 128}) {
    const int64_t w = wb / e;
    if (w < 1 || w > ec || ec % w) continue;
    const std::string inner =
        cmode ? tuple_text({8, w}) + ":" + tuple_text({w, 1}) : tuple_text({w, 8}) + ":" + tuple_text({1, w});
    add(inner, "plain");
    const int span = log2i(8 * w);
    for (int b = 1; b <= 3; ++b)
      for (int m = m16; m <= m16 + 1; ++m)
        for (int s = std::max(2, b); s <= 4; ++s)
          if (m + s + b <= span)
            add("Sw<" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) + "> o " +
                    inner,
                "swizzle");
    const std::string padded = cmode ? tuple_text({8, w}) + ":" + tuple_text({w + unit, 1})
                                     : tuple_text({w, 8}) + ":" + tuple_text({1, w + unit});
    add(padded, "padding");
  }
  return out;
}

std::vector<Valued<CopyConfig>> sm80_g2s(const std::string& x, int64_t mn, int64_t k, int cmode, int bits,
                                         int64_t align, int64_t threads) {
  std::vector<Valued<CopyConfig>> out;
  const int64_t e = bits / 8;
  const int64_t ec = cmode ? k : mn, eo = cmode ? mn : k;
  for (int64_t vb : {16, 8, 4}) {
    if (vb < e || vb > align * e) continue;
    const int64_t v = vb / e;
    for (int64_t tc = 1; tc <= threads; tc *= 2) {
      const int64_t to = threads / tc;
      if (threads % tc || ec % (v * tc) || eo % to) continue;
      const std::string thr = cmode ? tuple_text({to, tc}) + ":" + tuple_text({tc, 1})
                                    : tuple_text({tc, to}) + ":" + tuple_text({1, tc});
      const std::string val = cmode ? tuple_text({1, v}) : tuple_text({v, 1});
      const std::string atom = "SM80_CP_ASYNC_CACHEALWAYS<" + uint_type(int(8 * vb)).name + ">";
      Valued<CopyConfig> g;
      g.v.label = std::to_string(vb) + " B x " + thr;
      g.v.value.atom = atom;
      g.v.value.thr_layout = Notation(thr);
      g.v.value.val_layout = Notation(val);
      g.knobs = {{x + ".g2s", g.v.label}};
      out.push_back(std::move(g));
    }
  }
  return out;
}

std::vector<Valued<CopyConfig>> sm80_s2r(const std::string& x, const ValueType& t, int cmode) {
  std::vector<std::string> names;
  if (cmode == 1 && t.bits <= 32) names = {"SM75_U32x4_LDSM_N", "SM75_U32x2_LDSM_N", "SM75_U32x1_LDSM_N"};
  if (cmode == 0 && t.bits == 16) names = {"SM75_U16x8_LDSM_T", "SM75_U16x4_LDSM_T", "SM75_U16x2_LDSM_T"};
  for (int bytes : {16, 8, 4})
    if (bytes * 8 > t.bits) names.push_back("UniversalCopy<" + uint_type(8 * bytes).name + ">");
  names.push_back("UniversalCopy<" + t.name + ">");
  std::vector<Valued<CopyConfig>> out;
  for (const std::string& n : names) out.push_back({{n, CopyConfig::named(n)}, {{x + ".s2r", n}}});
  return out;
}

// ---- Xe -------------------------------------------------------------------------------------------------

std::string xe_mma_atom(const ValueType& a, const ValueType& b, const std::string& c, std::string* mma_type) {
  auto fp16 = [](const ValueType& t) { return t.name == "half_t" || t.name == "bfloat16_t"; };
  auto narrow_int = [](const ValueType& t) { return !t.is_float && t.bits <= 8; };
  std::string ta = a.name;
  if (a.name != b.name) {
    if (fp16(a) && narrow_int(b))
      ta = a.name;
    else if (fp16(b) && narrow_int(a))
      ta = b.name;
    else
      throw SearchError("types",
                        "types: an Xe DPAS takes A and B alike, or a bf16/f16 one with the other an "
                        "8- or 4-bit integer it converts; not A " +
                            a.name + ", B " + b.name);
  }
  *mma_type = ta;
  const bool integer = !value_type(ta).is_float;
  const std::string acc = !c.empty() ? c : integer ? "int32_t" : "float";
  return "XE_DPAS_TT<8," + acc + "," + ta + ">";
}

std::vector<Valued<CopyConfig>> xe_copies(const std::string& x, const ValueType& t) {
  std::vector<Valued<CopyConfig>> out;
  out.push_back({{"auto", CopyConfig::named("auto")}, {{x + ".copy", "auto"}}});
  const int b = t.bits < 8 ? 8 : t.bits;
  auto add = [&](const std::string& n) {
    try {
      find_copy_atom(n);
    } catch (const AtomError&) {
      return;
    }
    out.push_back({{n, CopyConfig::named(n)}, {{x + ".copy", n}}});
  };
  for (const char* fam : {"XE_LOAD_2D", "XE_LOAD_2D_VNNI"}) {
    if (std::string(fam) == "XE_LOAD_2D_VNNI" && b > 16) continue;
    for (int h : {8, 16, 32})
      for (int wbits : {128, 256, 512}) {
        const int w = wbits / b;
        for (int count : {1, 2, 4})
          if (w % count == 0 && b * count <= 64)
            add(std::string(fam) + "<" + std::to_string(b) + "," + std::to_string(h) + "," +
                std::to_string(w) + "," + std::to_string(w / count) + ">");
      }
  }
  if (b >= 32)
    for (int h : {8, 16, 32})
      for (int w : {2, 4, 8})
        add("XE_LOAD_2D_TRANSPOSE<" + std::to_string(b) + "," + std::to_string(h) + "," + std::to_string(w) +
            ">");
  return out;
}

// ---- filters --------------------------------------------------------------------------------------------

struct Filters {
  std::map<std::string, std::string> want;
  std::set<std::string> used;
  bool keep(const Knobs& ks) {
    for (const auto& [k, v] : ks)
      if (auto it = want.find(k); it != want.end()) {
        used.insert(k);
        if (it->second != v) return false;
      }
    return true;
  }
};

template <class T>
std::vector<SearchValue<T>> filtered(const std::vector<Valued<T>>& vs, Filters& f,
                                     std::map<std::string, SearchKnob>& knobs,
                                     const std::map<std::string, std::string>& meaning) {
  std::vector<SearchValue<T>> out;
  for (const Valued<T>& v : vs) {
    for (const auto& [k, val] : v.knobs) {
      SearchKnob& kn = knobs[k];
      kn.name = k;
      if (auto it = meaning.find(k.substr(k.find('.') == 1 ? 2 : 0)); it != meaning.end())
        kn.meaning = it->second;
      if (std::find(kn.values.begin(), kn.values.end(), val) == kn.values.end()) kn.values.push_back(val);
    }
    if (f.keep(v.knobs)) out.push_back(v.v);
  }
  return out;
}

const std::map<std::string, std::string>& knob_meanings() {
  static const std::map<std::string, std::string> m = {
      {"mma.atom", "the MMA atom of the types (the largest K)"},
      {"mma.warps", "warps (M, N, K) of the TiledMMA, M- or N-first"},
      {"mma.tile", "the TiledMMA's tile (M, N, K): the atoms x warps, M and N doubled or not"},
      {"mma.sg_layout", "subgroups (M, N, K) of the work-group"},
      {"smem.atom", "SmemLayoutAtom: 8 rows of 32, 64 or 128 bytes, plain, Sw<B,M,S> or 16 bytes of padding"},
      {"smem.kind", "the atom's kind"},
      {"g2s", "cp.async vector and thread layout, threads along the contiguous mode first"},
      {"s2r", "SmemCopyAtom: ldmatrix (.trans for MN-major) or plain loads of each width"},
      {"copy", "the block 2D load: the helper's choice (auto) or an override"},
  };
  return m;
}

}  // namespace

// ---- SearchProblem ----------------------------------------------------------------------------------------

KernelConfig SearchProblem::base_config(size_t mma) const {
  KernelConfig c;
  c.kernel.cta_tile = std::vector<int64_t>{cta_tile[0], cta_tile[1], cta_tile[2]};
  c.kernel.stages = stages;
  c.kernel.mainloop = mainloop;
  c.mma = mmas[mma].value;
  c.operands_given = true;  // "operands": {} (the MMA alone)
  return c;
}

namespace {
OperandConfig operand_config_of(const SearchOperand& op, size_t atom, std::optional<size_t> g2s, size_t s2r) {
  OperandConfig o = op.base;
  if (op.atoms.size() == 1 && op.atoms[0].label.empty()) {
    o.copy = op.s2rs[s2r].value;  // Xe: the block 2D copy
    return o;
  }
  SmemConfig& smem = o.smem.emplace();
  smem.atom = op.atoms[atom].value;
  if (g2s) smem.g2s = op.g2ss[*g2s].value;
  smem.s2r = op.s2rs[s2r].value;
  return o;
}
}  // namespace

KernelConfig SearchProblem::operand_config(size_t mma, size_t operand, size_t atom, std::optional<size_t> g2s,
                                           size_t s2r) const {
  KernelConfig c = base_config(mma);
  c.operands.push_back(operand_config_of(operands[operand], atom, g2s, s2r));
  return c;
}

KernelConfig SearchProblem::whole_config(size_t mma, const std::vector<OperandChoice>& choice) const {
  KernelConfig c = base_config(mma);
  c.name = "tvlab search: " + arch + " " + std::to_string(cta_tile[0]) + "x" + std::to_string(cta_tile[1]) +
           "x" + std::to_string(cta_tile[2]) + ", " + std::to_string(threads) +
           (arch == "xe" ? " subgroups" : " threads");
  for (size_t o = 0; o < operands.size(); ++o)
    c.operands.push_back(operand_config_of(operands[o], choice[o].atom, choice[o].g2s, choice[o].s2r));
  return c;
}

std::vector<std::pair<std::string, std::string>> SearchProblem::knob_values(
    size_t mma, const std::vector<OperandChoice>& choice) const {
  Knobs k;
  k.emplace_back("cta", std::to_string(cta_tile[0]) + "x" + std::to_string(cta_tile[1]) + "x" +
                            std::to_string(cta_tile[2]));
  k.emplace_back(arch == "xe" ? "subgroups" : "threads", std::to_string(threads));
  k.emplace_back("mma", mmas[mma].label);
  for (size_t o = 0; o < operands.size(); ++o) {
    const SearchOperand& op = operands[o];
    if (!(op.atoms.size() == 1 && op.atoms[0].label.empty()))
      k.emplace_back(op.name + ".smem", op.atoms[choice[o].atom].label);
    if (choice[o].g2s) k.emplace_back(op.name + ".g2s", op.g2ss[*choice[o].g2s].label);
    k.emplace_back(op.name + (arch == "xe" ? ".copy" : ".s2r"), op.s2rs[choice[o].s2r].label);
  }
  return k;
}

// ---- the plan of a search ---------------------------------------------------------------------------------

SearchPlan plan_search(const SearchRequest& req) {
  if (req.arch != "sm80" && req.arch != "xe")
    throw SearchError("arch", "arch: expected sm80 or xe, got '" + req.arch +
                                  "' (sm90 GMMA/TMA mainloops are not searched yet)");
  const ValueType ta = type_of("A.type", req.type_a), tb = type_of("B.type", req.type_b);
  if (!req.type_c.empty()) type_of("C.type", req.type_c);
  if (req.cta_tiles.empty()) throw SearchError("tile", "tile: give at least one CTA tile M x N x K");
  if (req.threads.empty())
    throw SearchError("threads", req.arch == "xe" ? "subgroups: give the subgroups of a work-group"
                                                  : "threads: give the threads of a CTA");
  if (req.top < 1 || req.top > 1000) throw SearchError("top", "top: from 1 to 1000 rows");
  if (req.jobs < 1) throw SearchError("jobs", "jobs: at least 1");
  for (const auto& t : req.cta_tiles)
    for (int64_t v : t)
      if (v < 1 || v > 4096)
        throw SearchError("tile", "tile: extents from 1 to 4096, got " + std::to_string(v));
  Filters filters;
  for (const std::string& f : req.only) {
    const auto eq = f.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == f.size())
      throw SearchError("only", "only: expected KNOB=VALUE, got '" + f + "'");
    filters.want[f.substr(0, eq)] = f.substr(eq + 1);
  }

  SearchPlan plan;
  std::map<std::string, SearchKnob> knobs;
  const auto& meaning = knob_meanings();
  const int ca = contiguous_mode("A", req.layout_a), cb = contiguous_mode("B", req.layout_b);

  for (const auto& cta : req.cta_tiles)
    for (int64_t threads : req.threads) {
      SearchProblem pb;
      pb.arch = req.arch;
      pb.cta_tile = cta;
      pb.threads = threads;
      if (req.arch == "sm80") {
        if (threads < 32 || threads % 32 || !pow2(threads / 32) || threads > 1024)
          throw SearchError("threads", "threads: a power-of-two number of warps, 32 to 1024 threads; got " +
                                           std::to_string(threads));
        pb.stages = req.stages ? req.stages : 3;
        pb.mainloop = "MainloopSm80CpAsync";
        const Sm80Atom at = sm80_mma(ta, tb, req.type_c);
        pb.mmas = filtered(sm80_mmas(at, cta, threads), filters, knobs, meaning);
        for (const char* x : {"A", "B"}) {
          const bool is_a = x[0] == 'A';
          const ValueType& t = is_a ? ta : tb;
          const int cm = is_a ? ca : cb;
          const int64_t mn = is_a ? cta[0] : cta[1];
          const int64_t align = (is_a ? req.align_a : req.align_b) ? (is_a ? req.align_a : req.align_b)
                                                                   : std::max<int64_t>(1, 128 / t.bits);
          SearchOperand op;
          op.name = x;
          op.base = OperandConfig(x);
          op.base.type = t.name;
          op.base.gmem = GmemConfig{.layout = is_a ? req.layout_a : req.layout_b, .alignment = align};
          op.atoms = filtered(sm80_atoms(x, mn, cta[2], cm, t.bits), filters, knobs, meaning);
          op.g2ss = filtered(sm80_g2s(x, mn, cta[2], cm, t.bits, align, threads), filters, knobs, meaning);
          op.s2rs = filtered(sm80_s2r(x, t, cm), filters, knobs, meaning);
          pb.operands.push_back(std::move(op));
        }
      } else {
        if (threads < 1 || !pow2(threads) || threads > 64)
          throw SearchError("subgroups",
                            "subgroups: a power of two from 1 to 64; got " + std::to_string(threads));
        pb.stages = req.stages ? req.stages : 2;
        pb.mainloop = "MainloopXeL1Staged";
        std::string mt;
        const std::string atom = xe_mma_atom(ta, tb, req.type_c, &mt);
        std::vector<Valued<MmaConfig>> mmas;
        for (int64_t sm = 1; sm <= threads; sm *= 2) {
          const int64_t sn = threads / sm;
          const std::string sg = tuple_text({sm, sn, 1}) + ":" + tuple_text({sn, 1, 0});
          Valued<MmaConfig> v;
          v.v.label = atom + " " + sg;
          v.v.value.atom = atom;
          v.v.value.tile = cta;
          v.v.value.sg_layout = Notation(sg);
          v.knobs = {{"mma.atom", atom}, {"mma.sg_layout", tuple_text({sm, sn, 1})}};
          mmas.push_back(std::move(v));
        }
        pb.mmas = filtered(mmas, filters, knobs, meaning);
        for (const char* x : {"A", "B"}) {
          const bool is_a = x[0] == 'A';
          SearchOperand op;
          op.name = x;
          op.base = OperandConfig(x);
          op.base.type = (is_a ? ta : tb).name;
          op.base.gmem = GmemConfig{.layout = is_a ? req.layout_a : req.layout_b, .alignment = std::nullopt};
          op.atoms = {SearchValue<std::string>{}};
          op.s2rs = filtered(xe_copies(x, is_a ? ta : tb), filters, knobs, meaning);
          pb.operands.push_back(std::move(op));
        }
      }
      plan.problems.push_back(std::move(pb));
    }

  for (const auto& [k, v] : filters.want)
    if (!filters.used.count(k)) {
      if (!knobs.count(k)) {
        std::string names;
        for (const auto& [n, kn] : knobs) names += (names.empty() ? "" : ", ") + n;
        throw SearchError("only", "only: no knob named '" + k + "' (knobs: " + names + ")");
      }
    }
  for (const auto& [k, v] : filters.want) {
    const SearchKnob& kn = knobs.at(k);
    if (std::find(kn.values.begin(), kn.values.end(), v) == kn.values.end()) {
      std::string vals;
      for (const std::string& s : kn.values) vals += (vals.empty() ? "" : ", ") + s;
      throw SearchError("only", "only: " + k + " has no value '" + v + "' (values: " + vals + ")");
    }
  }

  // The space and what searching it costs: the MMAs, per operand the register-side copy over each atom and
  // distinct MMA operand layout, the g2s copy over each atom, and the rows verified whole.
  SearchSpace& sp = plan.space;
  for (auto& [k, kn] : knobs) sp.knobs.push_back(kn);
  int64_t evals = 0;
  for (const SearchProblem& pb : plan.problems) {
    double per_mma = 1;
    for (const SearchOperand& op : pb.operands)
      per_mma *=
          double(op.atoms.size()) * double(std::max<size_t>(1, op.g2ss.size())) * double(op.s2rs.size());
    sp.candidates += double(pb.mmas.size()) * per_mma;
    evals += int64_t(pb.mmas.size());
    for (const SearchOperand& op : pb.operands) {
      std::set<std::string> keys;
      for (size_t m = 0; m < pb.mmas.size(); ++m) {
        try {
          keys.insert(search_operand_key(build_plan(pb.base_config(m)), op.name));
        } catch (const SpecError&) {
          keys.insert("#" + std::to_string(m));
        }
      }
      evals += int64_t(keys.size() * op.atoms.size() * op.s2rs.size() + op.atoms.size() * op.g2ss.size());
    }
  }
  evals += 2 * req.top + 8;
  sp.evaluations = evals;
  if (req.arch == "sm80")
    sp.fixed = {"MainloopSm80CpAsync, " + std::to_string(plan.problems.front().stages) +
                    " stages (--stages); cp.async CACHEALWAYS (CACHEGLOBAL moves the same layout)",
                "TiledMMA permutations are plain tiles (no interleaving permutation layouts)",
                "smem atoms of 8 rows; g2s threads run along the contiguous mode first (coalesced)"};
  else
    sp.fixed = {
        "MainloopXeL1Staged, " + std::to_string(plan.problems.front().stages) +
            " stages; subgroups laid out row-major (sycl-tla's Stride<N,1,0>)",
        "no SLM staging: the C++ reader has no sycl-tla collective that stages A or B through SLM, and "
        "the search reports only configurations it can emit as C++"};
  if (evals > req.max_evaluations) {
    // The knob with the most values is the one to narrow.
    const SearchKnob* widest = nullptr;
    for (const SearchKnob& k : sp.knobs)
      if (!widest || k.values.size() > widest->values.size()) widest = &k;
    std::string knob = widest ? widest->name : "tile";
    if (req.cta_tiles.size() * req.threads.size() > 2) knob = "tile";
    throw SearchError(knob, "the space needs " + std::to_string(evals) +
                                " partial specs verified, more than " + std::to_string(req.max_evaluations) +
                                " (--max-evaluations): narrow " +
                                (knob == "tile" ? "the CTA tiles and thread counts (fewer --tile / --threads)"
                                                : "'" + knob + "' (" + std::to_string(widest->values.size()) +
                                                      " values) with --only " + knob + "=VALUE"));
  }
  return plan;
}

std::string search_operand_key(const Plan& plan, const std::string& operand) {
  if (!plan.mma) return "";
  const TiledMMA& m = *plan.mma;
  const Layout tv = operand == "A" ? m.get_layoutA_TV() : m.get_layoutB_TV();
  return to_string(tv) + " " + std::to_string(m.tile_mnk[operand == "A" ? 0 : 1]) + "," +
         std::to_string(m.tile_mnk[2]);
}

int64_t search_registers(const Plan& plan) {
  if (!plan.mma || !plan.kernel) return 0;
  const TiledMMA& m = *plan.mma;
  const auto& c = plan.kernel->cta_tile;
  const auto& t = m.tile_mnk;
  const int64_t rm = c[0] / t[0], rn = c[1] / t[1], rk = c[2] / t[2];
  return size(mode(m.get_layoutA_TV(), 1)) * rm * rk + size(mode(m.get_layoutB_TV(), 1)) * rn * rk +
         size(mode(m.get_layoutC_TV(), 1)) * rm * rn;
}

int64_t search_block2d_loads(const Plan& plan) {
  if (!plan.kernel) return 0;
  int64_t loads = 0;
  for (const PlannedCopy& p : plan.copies) {
    if ((p.name != "A" && p.name != "B") || p.copy.atom.arch.rfind("xe", 0) != 0) continue;
    const TiledCopy& c = p.copy;
    const int64_t per_call = size(mode(c.atom_values().src, 1));
    const int64_t tile = product(c.tile_shape());
    const auto& k = plan.kernel->cta_tile;
    const int64_t cta = p.name == "A" ? k[0] * k[2] : k[1] * k[2];
    loads += size(mode(c.tv, 1)) / std::max<int64_t>(1, per_call) * std::max<int64_t>(1, cta / tile);
  }
  return loads;
}

}  // namespace tvlab
