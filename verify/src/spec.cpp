#include "tvlab/verify/spec.hpp"

#include <algorithm>
#include <initializer_list>
#include <set>
#include <sstream>
#include <tuple>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/atoms/xe_block2d.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tiling/cute_print.hpp"
#include "tvlab/verify/shared_storage.hpp"
#include "tvlab/verify/smem_checks.hpp"
#include "tvlab/verify/writers/spec_json.hpp"

namespace tvlab {

namespace {
using json = nlohmann::json;

std::string join(const std::string& a, const std::string& b) {
  return a.empty() ? b : a + "." + b;
}

const json* member(const json& obj, const std::string& key) {
  auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

std::string get_string(const json& v, const std::string& path) {
  if (!v.is_string()) throw SpecError(path, "expected a string, got " + std::string(v.type_name()));
  return v.get<std::string>();
}

// Runs f, turning tvlab's own errors into SpecErrors at `path`.
template <class F>
auto at(const std::string& path, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const SpecError&) {
    throw;
  } catch (const ParseError& e) {
    throw SpecError(path, "column " + std::to_string(e.column()) + ": " + e.what());
  } catch (const EvalError& e) {
    if (e.subject() == "syntax")
      throw SpecError(path, "column " + std::to_string(e.column()) + ": " + e.what());
    throw SpecError(path, e.what());
  } catch (const AtomError& e) {
    throw SpecError(path, e.what());
  } catch (const LayoutError& e) {
    throw SpecError(path, e.what());
  }
}

Layout parse_layout_value(const json& v, const std::string& path) {
  if (v.is_number_integer()) return at(path, [&] { return make_layout(IntTuple(v.get<int64_t>())); });
  const std::string text = get_string(v, path);
  return at(path, [&]() -> Layout {
    Value x = evaluate(text);
    if (auto* l = std::get_if<Layout>(&x)) return *l;
    if (auto* t = std::get_if<IntTuple>(&x)) return make_layout(*t);
    throw SpecError(path, "expected a layout, got " + to_string(x));
  });
}

Tiler parse_tiler_mode(const json& v, const std::string& path) {
  if (v.is_string() && v.get<std::string>() == "_") return Tiler(Underscore{});
  if (v.is_number_integer()) return Tiler(v.get<int64_t>());
  return Tiler(parse_layout_value(v, path));
}

bool is_integer_tuple(const Expr& e) {
  if (e.kind == Expr::Kind::Integer) return !e.value.is_basis();
  if (e.kind != Expr::Kind::Tuple) return false;
  for (const Expr& c : e.children)
    if (!is_integer_tuple(c)) return false;
  return true;
}

Tiler parse_permutation(const json& v, const std::string& path) {
  if (v.is_array()) {
    if (v.size() > 3) throw SpecError(path, "at most 3 modes (M,N,K)");
    Tiler::Modes modes;
    for (std::size_t i = 0; i < v.size(); ++i)
      modes.push_back(parse_tiler_mode(v[i], path + "[" + std::to_string(i) + "]"));
    return Tiler(modes);
  }
  const std::string text = get_string(v, path);
  return at(path, [&]() -> Tiler {
    // A tuple of integers (32,32,16), or Tile<_32,_32,_16>{}, is a tiler by mode, not the compact layout a
    // bare shape means.
    if (is_integer_tuple(parse_expr(text))) return Tiler::from_shape(parse_int_tuple(text));
    Value x = evaluate(text);
    if (auto* t = std::get_if<Tiler>(&x)) return *t;
    if (auto* t = std::get_if<IntTuple>(&x)) return Tiler::from_shape(*t);
    if (auto* l = std::get_if<Layout>(&x)) return Tiler(*l);
    throw SpecError(path,
                    "expected a tiler such as (32,32,16) or (_,(2,4,2):(1,4,2),_), got " + to_string(x));
  });
}

bool is_xe(const MmaAtom& a) {
  return a.arch == "xe" || a.arch == "xe-legacy";
}

// The one print of a "print" value (CuTe's print() of a TiledMMA or TiledCopy, tiling/cute_print.hpp), its
// problems SpecErrors at `path` with the print's line.
PrintBlock one_print(const json& v, const std::string& path, const char* want) {
  const std::string text = get_string(v, path);
  std::vector<PrintBlock> blocks;
  try {
    blocks = parse_cute_prints(text);
  } catch (const PrintError& e) {
    throw SpecError(path, e.what());
  }
  if (blocks.size() != 1)
    throw SpecError(path, "holds " + std::to_string(blocks.size()) + " prints; give one " + want);
  const bool mma = std::string(want) == "TiledMMA";
  if (mma ? !blocks[0].mma : !blocks[0].copy)
    throw SpecError(path, std::string("is the print of a ") + (mma ? "copy" : "MMA") + "; expected a " +
                              want + " (or its atom)");
  return blocks[0];
}

template <class F>
auto at_print(const std::string& path, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const PrintError& e) {
    throw SpecError(path, e.what());
  }
}

// mma.print: the TiledMMA CuTe printed; with "atom", the atom it was printed from (cross-checked).
TiledMMA build_printed_mma(const json& m, const std::string& path) {
  for (const char* k : {"tile", "sg_layout", "atom_layout", "permutation"})
    if (member(m, k))
      throw SpecError(join(path, k),
                      "the print gives the TiledMMA's thread layout and permutation; give "
                      "\"print\" alone (and \"atom\" to name the atom it was printed from)");
  const std::string pp = join(path, "print");
  const PrintBlock b = one_print(m["print"], pp, "TiledMMA");
  std::optional<MmaAtom> atom;
  if (const json* a = member(m, "atom"))
    atom = at(join(path, "atom"), [&] { return find_mma_atom(get_string(*a, join(path, "atom"))); });
  return at_print(pp, [&] { return printed_tiled_mma(*b.mma, atom); });
}

// What plan says of a printed MMA: the print's format and its atom (named and checked, or the registry's
// atoms with its layouts).
std::string mma_origin(const TiledMMA& m, PrintFormat format) {
  const std::string from = std::string(to_string(format)) + " print";
  if (!m.atom.printed) return from + "; its layouts are " + m.atom.name + "'s (checked)";
  const std::vector<std::string> names = mma_atoms_with_layouts(m.atom);
  if (names.empty())
    return from +
           "; the atom is not named, and its layouts are none of the atoms tvlab lists by name (families "
           "listed by their parameters, such as UniversalFMA and SM100 UMMA, are not searched)";
  std::string list;
  for (std::size_t i = 0; i < names.size() && i < 4; ++i) list += (i ? ", " : "") + names[i];
  if (names.size() > 4) list += ", ... (" + std::to_string(names.size()) + " atoms)";
  return from + "; the atom is not named: its layouts are those of " + list;
}

// A copy object's "ref" (a CuTe DSL print has no Ref layout): "src" or "dst".
PrintedRef printed_ref(const json& c, const std::string& path) {
  const json* r = member(c, "ref");
  if (!r) return PrintedRef::Given;
  const std::string v = get_string(*r, join(path, "ref"));
  if (v != "src" && v != "dst")
    throw SpecError(join(path, "ref"),
                    "expected \"src\" or \"dst\": the atom layout TiledLayout_TV is written in");
  return v == "src" ? PrintedRef::Src : PrintedRef::Dst;
}

// {"print": TEXT, "ref", "atom"}: the TiledCopy CuTe printed, of value type vt (nullopt: the print's own).
TiledCopy printed_copy(const json& c, const std::string& path, const std::optional<ValueType>& vt_given) {
  for (const char* k : {"from_mma", "thr_layout", "val_layout"})
    if (member(c, k))
      throw SpecError(join(path, k),
                      "the print gives the copy's tiler and TV layout; give \"print\" alone (with "
                      "\"atom\" to name the atom it was printed from, \"ref\" for a DSL print)");
  const std::string pp = join(path, "print");
  const PrintBlock b = one_print(c["print"], pp, "TiledCopy");
  if (!b.copy->tiled)
    throw SpecError(pp, "is a Copy_Atom's print; a copy is a TiledCopy's (print(tiled_copy))");
  const ValueType printed_vt = at_print(pp, [&] { return printed_value_type(*b.copy); });
  const ValueType vt = vt_given.value_or(printed_vt);
  if (vt_given && !b.copy->value_type.empty() && !(printed_vt == *vt_given))
    throw SpecError(pp, "the print's copy moves " + printed_vt.name + " (" + b.copy->value_type +
                            "), the operand is " + vt_given->name);
  std::optional<CopyAtom> atom;
  if (const json* a = member(c, "atom"))
    atom = at(join(path, "atom"), [&] { return find_copy_atom(get_string(*a, join(path, "atom"))); });
  const PrintedRef ref = printed_ref(c, path);
  return at_print(pp, [&] { return printed_tiled_copy(*b.copy, vt, ref, atom); });
}

// The TV layouts are computed on use; computing them here makes a thread layout CuTe rejects (a
// non-injective sg_layout or atom_layout) a SpecError at its path instead of an error out of plan_to_json
// (fuzz finding: tvlab plan exited 3 on "sg_layout": "(2,2,1):(2,2,0)").
TiledMMA with_tv_layouts(TiledMMA m) {
  (void)m.get_layoutA_TV();
  (void)m.get_layoutB_TV();
  (void)m.get_layoutC_TV();
  return m;
}

TiledMMA build_mma(const json& m, const std::string& path) {
  if (!m.is_object()) throw SpecError(path, "expected an object with \"atom\" (or \"print\")");
  if (member(m, "print")) return build_printed_mma(m, path);
  const json* atom_v = member(m, "atom");
  if (!atom_v)
    throw SpecError(join(path, "atom"), "missing: the MMA atom's name, e.g. XE_DPAS_TT<8,float,bfloat16_t>");
  const MmaAtom atom =
      at(join(path, "atom"), [&] { return find_mma_atom(get_string(*atom_v, join(path, "atom"))); });
  const json* tile = member(m, "tile");
  const json* sg = member(m, "sg_layout");
  if (tile || sg) {
    if (member(m, "atom_layout") || member(m, "permutation"))
      throw SpecError(
          path, "give either tile + sg_layout (Xe work-group form) or atom_layout + permutation, not both");
    if (!tile) throw SpecError(join(path, "tile"), "missing: [M, N, K] of the work-group tile");
    if (!tile->is_array() || tile->size() != 3)
      throw SpecError(join(path, "tile"), "expected [M, N, K], a list of 3 positive integers");
    std::array<int64_t, 3> mnk{};
    for (int i = 0; i < 3; ++i) {
      const json& e = (*tile)[i];
      if (!e.is_number_integer() || e.get<int64_t>() <= 0 || e.get<int64_t>() > (int64_t(1) << 24))
        throw SpecError(join(path, "tile") + "[" + std::to_string(i) + "]",
                        "expected a positive integer up to 2^24");
      mnk[i] = e.get<int64_t>();
    }
    const Layout sg_layout = sg ? parse_layout_value(*sg, join(path, "sg_layout"))
                                : make_layout(make_shape(1, 1, 1), make_stride(0, 0, 0));
    return at(sg ? join(path, "sg_layout") : join(path, "tile"),
              [&] { return with_tv_layouts(make_xe_tiled_mma(atom, mnk, sg_layout)); });
  }
  const Layout atom_layout =
      member(m, "atom_layout") ? parse_layout_value(m["atom_layout"], join(path, "atom_layout")) : Layout();
  const Tiler perm = member(m, "permutation") ? parse_permutation(m["permutation"], join(path, "permutation"))
                                              : Tiler(Underscore{});
  return at(member(m, "atom_layout") ? join(path, "atom_layout") : path,
            [&] { return with_tv_layouts(make_tiled_mma(atom, atom_layout, perm)); });
}

XeModes modes_for(const std::string& operand, const std::string& contiguous, const std::string& path) {
  const std::string dims = operand == "A" ? "MK" : operand == "B" ? "NK" : "MN";
  const auto p = dims.find(contiguous);
  if (contiguous.size() != 1 || p == std::string::npos)
    throw SpecError(path, "operand " + operand + " is (" + dims.substr(0, 1) + "," + dims.substr(1) +
                              "): the contiguous mode is " + dims.substr(0, 1) + " or " + dims.substr(1) +
                              ", not '" + contiguous + "'");
  return p == 1 ? XeModes{1, 0} : XeModes{0, 1};
}

XeOperand operand_of(const std::string& name) {
  return name == "A" ? XeOperand::A : name == "B" ? XeOperand::B : name == "C" ? XeOperand::C : XeOperand::D;
}

// The copy, once its source and destination partitions exist: CuTe builds them in partition_S / _D
// (tidfrg_S / _D, zipped_divide by the atom's values), and a copy whose values the atom does not tile
// fails to compile there. A LayoutError here names CuTe's condition; callers report it at a JSON path.
TiledCopy partitionable(TiledCopy copy) {
  try {
    (void)copy.get_layoutS_TV();
    (void)copy.get_layoutD_TV();
  } catch (const LayoutError& e) {
    const int64_t per_call = size(mode(copy.atom_values().src, 1));
    throw LayoutError(e.condition(),
                      "the atom's " + std::to_string(per_call) +
                          " values a thread per call do not tile the thread's values of the copy "
                          "(CuTe's partition_S/D would not compile): " +
                          e.detail());
  }
  return copy;
}

TiledCopy from_mma(const CopyAtom& atom, const ValueType& vt, const TiledMMA& mma,
                   const std::string& operand) {
  if (operand == "A") return partitionable(make_tiled_copy_A(atom, vt, mma));
  if (operand == "B") return partitionable(make_tiled_copy_B(atom, vt, mma));
  return partitionable(make_tiled_copy_C(atom, vt, mma));
}

// A copy object's "from_mma": true (make_tiled_copy_X against the MMA); false or absent:
// thr_layout/val_layout.
bool wants_from_mma(const json& c, const std::string& path) {
  const json* f = member(c, "from_mma");
  if (!f) return false;
  if (!f->is_boolean()) throw SpecError(join(path, "from_mma"), "expected true or false");
  return f->get<bool>();
}

// make_tiled_copy(atom, thr_layout, val_layout) from a copy object {"atom", "thr_layout", "val_layout"}.
TiledCopy thr_val_copy(const CopyAtom& atom, const ValueType& vt, const json& c, const std::string& path) {
  const json* thr = member(c, "thr_layout");
  if (!thr)
    throw SpecError(join(path, "thr_layout"), "missing: give thr_layout (and val_layout) or from_mma");
  const Layout t = parse_layout_value(*thr, join(path, "thr_layout"));
  const Layout v =
      member(c, "val_layout") ? parse_layout_value(c["val_layout"], join(path, "val_layout")) : Layout();
  const TiledCopy copy = at(path, [&] { return make_tiled_copy(atom, vt, t, v); });
  return at(member(c, "val_layout") ? join(path, "val_layout") : path, [&] { return partitionable(copy); });
}

// A copy of an operand's smem stage: an atom name (make_tiled_copy_X against the MMA) or an object
// {"atom", "from_mma": true} / {"atom", "thr_layout", "val_layout"}; values of the operand's type (a
// "value_type" the object declares is kept beside it: SmemStage::g2s_declared ...).
TiledCopy smem_copy(const std::string& name, const json& c, const std::string& path, const TiledMMA& mma,
                    const ValueType& vt) {
  if (c.is_string()) {
    const CopyAtom atom = at(path, [&] { return find_copy_atom(c.get<std::string>()); });
    return at(path, [&] { return from_mma(atom, vt, mma, name); });
  }
  if (!c.is_object()) throw SpecError(path, "expected an atom name or an object with \"atom\"");
  if (member(c, "print"))
    throw SpecError(
        join(path, "print"),
        "a printed copy is not read in a shared-memory stage: its vector and bank checks need the "
        "instruction (ldmatrix, cp.async, ...), which a print does not carry; give the atom's name");
  const json* atom_v = member(c, "atom");
  if (!atom_v) throw SpecError(join(path, "atom"), "missing: the copy atom's name");
  const CopyAtom atom =
      at(join(path, "atom"), [&] { return find_copy_atom(get_string(*atom_v, join(path, "atom"))); });
  if (wants_from_mma(c, path)) return at(path, [&] { return from_mma(atom, vt, mma, name); });
  return thr_val_copy(atom, vt, c, path);
}

// "store" for atoms that move registers to memory (stmatrix, Xe block 2D stores), "load" for those that
// move memory to registers (ldmatrix, Xe block 2D loads), nullptr for direction-free copies (UniversalCopy).
const char* copy_direction(const CopyAtom& atom) {
  if (atom.name.find("_STSM_") != std::string::npos) return "store";
  if (atom.name.find("_LDSM_") != std::string::npos) return "load";
  if (atom.block2d) {
    if (atom.block2d->kind == Block2D::Kind::Store) return "store";
    if (atom.block2d->kind != Block2D::Kind::Prefetch) return "load";
  }
  return nullptr;
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

// An smem layout's text as given, or the layout of CuTe's print(tensor) of the stage (print(sA):
// "smem_ptr[16b](0x...) o Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"), whose element width must be the operand's.
std::string smem_layout_text(const std::string& text, const std::string& path, const ValueType& vt) {
  const auto t = read_tensor_print(text);
  if (!t) return text;
  if (t->memory != "smem")
    throw SpecError(path, "the print of a tensor in " +
                              (t->memory.empty() ? std::string("unknown") : t->memory) +
                              " memory; a shared-memory layout is an smem tensor's (smem_ptr[...])");
  if (t->bits != vt.bits)
    throw SpecError(path, "the printed tensor holds " + std::to_string(t->bits) +
                              "-bit elements, the operand's " + vt.name + " is " + std::to_string(vt.bits) +
                              "-bit");
  return t->layout;
}

SmemLayout smem_layout_at(const std::string& text, const std::string& path) {
  try {
    return parse_smem_layout(text);
  } catch (const BankError& e) {
    throw SpecError(path, e.what());
  }
}

// The collective's shared-memory layout: tile_to_shape(SmemLayoutAtom, (BLK_MN, BLK_K, Stages)), with the
// CollectiveMma's static_asserts as errors at `path` (sm80_mma_multistage.hpp: "SmemLayoutAtom must be rank
// 2 (M/N, K)", "SmemLayoutAtom must evenly divide tile shape.").
SmemLayout staged_smem_layout(const SmemLayout& atom, const IntTuple& tile, int64_t stages,
                              const std::string& path, const ModeOrder& order = Major::Left) {
  const Layout& inner = inner_layout(atom);
  if (rank(inner.shape) != 2)
    throw SpecError(path, "SmemLayoutAtom must be rank 2 (M/N, K): " + to_string(atom) + " has rank " +
                              std::to_string(rank(inner.shape)));
  for (int i = 0; i < 2; ++i) {
    const int64_t t = tile[i].ival(), a = product(inner.shape[i]);
    if (t % a != 0)
      throw SpecError(path, "SmemLayoutAtom must evenly divide tile shape: mode " + std::to_string(i) +
                                " of the atom " + to_string(atom) + " is " + std::to_string(a) +
                                ", of the CTA's operand tile " + to_string(tile) + " " + std::to_string(t));
  }
  const IntTuple shape = make_shape(tile[0].ival(), tile[1].ival(), stages);
  return at(path, [&]() -> SmemLayout {
    if (const Layout* l = std::get_if<Layout>(&atom)) return tile_to_shape(*l, shape, order);
    return tile_to_shape(std::get<ComposedLayout>(atom), shape, order);
  });
}

int smem_rank(const SmemLayout& l) {
  return rank(inner_layout(l).shape);
}
int64_t smem_mode_size(const SmemLayout& l, int i) {
  const IntTuple& s = inner_layout(l).shape;
  return product(s[i]);
}

// Stage 0 of a staged layout: its first two modes.
SmemLayout first_stage(const SmemLayout& staged) {
  if (const Layout* l = std::get_if<Layout>(&staged)) return take(*l, 0, 2);
  return take(std::get<ComposedLayout>(staged), 0, 2);
}

bool sm90_mainloop(const std::optional<KernelShape>& k) {
  return k && k->sm90_tma();
}

// An SM90 TMA mainloop's GmemTiledCopyX, given as smem.g2s: "SM90_TMA_LOAD" or {"atom": "SM90_TMA_LOAD"}
// (or _MULTICAST), as the collective's static_assert allows.
std::string sm90_tma_op(const json& c, const std::string& path) {
  std::string op, p = path;
  if (c.is_string()) {
    op = c.get<std::string>();
  } else if (c.is_object() && member(c, "atom")) {
    for (auto it = c.begin(); it != c.end(); ++it)
      if (it.key() != "atom")
        throw SpecError(join(path, printable(it.key())),
                        "a TMA load is tiled by make_tma_copy from the smem layout; give only its \"atom\"");
    p = join(path, "atom");
    op = get_string(c["atom"], p);
  } else {
    throw SpecError(path, "expected the TMA op, \"SM90_TMA_LOAD\" or \"SM90_TMA_LOAD_MULTICAST\"");
  }
  if (op.rfind("cute::", 0) == 0) op = op.substr(6);
  if (op != "SM90_TMA_LOAD" && op != "SM90_TMA_LOAD_MULTICAST")
    throw SpecError(p, "GmemTiledCopy - invalid SM90 TMA copy atom specified: '" + printable(op) +
                           "'; the SM90 TMA mainloops load with SM90_TMA_LOAD or SM90_TMA_LOAD_MULTICAST");
  return op;
}

SmemStage smem_stage(const std::string& name, const json& o, const std::string& path, const TiledMMA& mma,
                     const ValueType& vt, bool xe, const std::optional<KernelShape>& kernel) {
  const char* slots = name == "D" ? "\"r2s\"" : xe ? "\"r2s\", \"s2r\"" : "\"g2s\", \"s2r\"";
  if (!o.is_object())
    throw SpecError(path, std::string("expected an object with \"layout\" or \"atom\" (and ") + slots + ")");
  const json* lv = member(o, "layout");
  const json* av = member(o, "atom");
  if (lv && av)
    throw SpecError(
        join(path, "atom"),
        "give \"layout\" (the tile's layout) or \"atom\" (the SmemLayoutAtom, tiled to the CTA tile "
        "and stages), not both");
  if (!lv && !av)
    throw SpecError(
        join(path, "layout"),
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
  if (av) {
    const std::string ap = join(path, "atom");
    if (!kernel)
      throw SpecError(ap, "an SmemLayoutAtom is tiled to the CTA tile: give \"cta_tile\" (and \"stages\")");
    if (name != "A" && name != "B")
      throw SpecError(ap, "the collective tiles A's and B's SmemLayoutAtom; give operand " + name +
                              "'s smem as \"layout\"");
    st.atom_text = get_string(*av, ap);
    st.stages = kernel->stages;
    st.staged = staged_smem_layout(smem_layout_at(st.atom_text, ap), st.tile, st.stages, ap);
    st.layout = first_stage(*st.staged);
  } else {
    const std::string lp = join(path, "layout");
    st.layout = smem_layout_at(smem_layout_text(get_string(*lv, lp), lp, vt), lp);
    // A layout with a pipe mode (m,k,stage), as CuTe's tutorials build sA: its stages.
    if (smem_rank(st.layout) == 3) {
      if (!kernel)
        throw SpecError(lp, "a layout with a stage mode (rank 3) needs \"cta_tile\" and \"stages\"");
      const int64_t pipe = smem_mode_size(st.layout, 2);
      if (pipe != kernel->stages)
        throw SpecError(lp, "the layout's stage mode has " + std::to_string(pipe) +
                                " stages, \"stages\" says " + std::to_string(kernel->stages));
      for (int i = 0; i < 2; ++i)
        if (smem_mode_size(st.layout, i) != st.tile[i].ival())
          throw SpecError(lp, "the layout's mode " + std::to_string(i) + " has " +
                                  std::to_string(smem_mode_size(st.layout, i)) +
                                  " elements, the CTA's operand tile " + to_string(st.tile));
      st.staged = st.layout;
      st.stages = pipe;
      st.layout = first_stage(*st.staged);
    }
  }
  for (auto [slot, field] : {std::pair{"g2s", &st.g2s}, {"s2r", &st.s2r}, {"r2s", &st.r2s}}) {
    const json* c = member(o, slot);
    if (!c) continue;
    const std::string sp = join(path, slot);
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
        (void)sm90_tma_op(*c, sp);
        continue;
      }
      throw SpecError(sp,
                      "SM90 GMMA mainloops cannot have a non-void copy atom for smem sourced "
                      "instructions (SmemCopyAtom" +
                          name + " is void)");
    }
    *field = smem_copy(name, *c, sp, mma, vt);
    check_stage_copy(s, **field, xe, sp);
    if (const json* dv = c->is_object() ? member(*c, "value_type") : nullptr) {
      const std::string dp = join(sp, "value_type");
      const ValueType declared = at(dp, [&] { return value_type(get_string(*dv, dp)); });
      if (!(declared == vt))
        (s == "g2s" ? st.g2s_declared : s == "s2r" ? st.s2r_declared : st.r2s_declared) = declared;
    }
  }
  return st;
}

// operands.X.gmem = {"layout": "RowMajor" | "ColumnMajor" | "K" | "M" | "N", "alignment": elements}: the
// contiguous mode letter as TagToStrideX_t makes it (A RowMajor: K; B ColumnMajor: K; B RowMajor: N; C, D
// RowMajor: N), and the alignment (default: CUTLASS's 16 bytes, 128 / sizeof_bits<T>).
GmemOperand gmem_operand(const std::string& name, const json& g, const std::string& path, const ValueType& vt,
                         std::string& letter) {
  if (!g.is_object())
    throw SpecError(path, "expected {\"layout\": \"RowMajor\" | \"ColumnMajor\", \"alignment\": N}");
  for (auto it = g.begin(); it != g.end(); ++it)
    if (it.key() != "layout" && it.key() != "alignment")
      throw SpecError(join(path, printable(it.key())), "unknown key; gmem has layout and alignment");
  const json* lv = member(g, "layout");
  if (!lv)
    throw SpecError(join(path, "layout"),
                    "missing: RowMajor or ColumnMajor (cutlass::layout tags, as TagToStride" + name +
                        "_t reads them), or the contiguous mode");
  GmemOperand out;
  out.layout_text = get_string(*lv, join(path, "layout"));
  std::string t = out.layout_text;
  for (const char* prefix : {"cutlass::layout::", "layout::"})
    if (t.rfind(prefix, 0) == 0) t = t.substr(std::string(prefix).size());
  const std::string dims = name == "A" ? "MK" : name == "B" ? "NK" : "MN";
  if (t == "RowMajor")
    letter = name == "B" ? "N" : dims.substr(1, 1);  // A (M,K): K; B (K x N): N; C, D (M,N): N
  else if (t == "ColumnMajor")
    letter = name == "B" ? "K" : dims.substr(0, 1);  // A: M; B (K x N column-major): K; C, D: M
  else if (t.size() == 1 && dims.find(t) != std::string::npos)
    letter = t;
  else
    throw SpecError(join(path, "layout"), "expected RowMajor, ColumnMajor or the contiguous mode (" +
                                              dims.substr(0, 1) + " or " + dims.substr(1) + "), not '" +
                                              printable(out.layout_text) + "'");
  out.contiguous = dims.find(letter) == 1 ? 1 : 0;
  if (const json* a = member(g, "alignment")) {
    if (!a->is_number_integer() || a->get<int64_t>() <= 0 || a->get<int64_t>() > (int64_t(1) << 20) ||
        (a->get<int64_t>() & (a->get<int64_t>() - 1)) != 0)
      throw SpecError(join(path, "alignment"), "expected a power of two (elements), as AlignmentX");
    out.alignment = a->get<int64_t>();
    out.alignment_given = true;
  } else {
    out.alignment = std::max<int64_t>(1, 128 / std::max(1, vt.bits));
  }
  return out;
}

std::optional<PlannedCopy> build_operand(const std::string& name, const json& o, const std::string& path,
                                         const std::optional<TiledMMA>& mma,
                                         const std::optional<KernelShape>& kernel) {
  if (!o.is_object()) throw SpecError(path, "expected an object with \"type\"");
  const json* type_v = member(o, "type");
  if (!type_v) throw SpecError(join(path, "type"), "missing: the element type in memory, e.g. bfloat16_t");
  const ValueType vt =
      at(join(path, "type"), [&] { return value_type(get_string(*type_v, join(path, "type"))); });
  std::optional<GmemOperand> gmem;
  std::string gmem_letter;
  if (const json* g = member(o, "gmem")) gmem = gmem_operand(name, *g, join(path, "gmem"), vt, gmem_letter);
  const std::string default_contiguous = gmem ? gmem_letter : name == "A" ? "K" : "N";
  const std::string contiguous =
      member(o, "contiguous") ? get_string(o["contiguous"], join(path, "contiguous")) : default_contiguous;
  const XeModes modes = modes_for(name, contiguous, join(path, "contiguous"));
  if (gmem && contiguous != gmem_letter)
    throw SpecError(join(path, "contiguous"), "says " + contiguous + ", but gmem.layout " +
                                                  gmem->layout_text + " makes " + gmem_letter +
                                                  " contiguous");
  const bool xe = mma && is_xe(mma->atom);
  const json* copy_v = member(o, "copy");
  const std::string copy_path = join(path, "copy");
  if (!mma) throw SpecError(path, "operands need an \"mma\" to be tiled against");
  std::optional<SmemStage> smem;
  if (const json* sv = member(o, "smem")) {
    if (xe && name != "A" && name != "B")
      throw SpecError(
          join(path, "smem"),
          "SLM staging (registers -> SLM -> registers) is modelled for the A and B operands of an "
          "Xe MMA");
    smem = smem_stage(name, *sv, join(path, "smem"), *mma, vt, xe, kernel);
    if (copy_v && !xe && smem->s2r)
      throw SpecError(join(path, "smem.s2r"),
                      "the operand's register copy is given twice (\"copy\" and smem.s2r)");
    if (copy_v && !xe && smem->r2s)
      throw SpecError(join(path, "smem.r2s"),
                      "the operand's register copy is given twice (\"copy\" and smem.r2s)");
  }
  if (copy_v && copy_v->is_object() && member(*copy_v, "tma")) return std::nullopt;  // build_smem reads it
  PlannedCopy p;
  p.name = name;
  p.modes = modes;
  p.mem_type = vt;
  p.gmem = gmem;
  p.contiguous_given = gmem || member(o, "contiguous");
  // No register copy, only a g2s stage: the MMA reads shared memory itself; the stage's checks still apply
  // (Plan::smem_only). No register copy at all: nothing to build (CuTe-form MMAs need an explicit copy).
  if (!copy_v && !xe && smem && smem->g2s && !smem->s2r && !smem->r2s) {
    p.how = "smem";
    p.smem = std::move(smem);
    return p;
  }
  if (!copy_v && !xe && !(smem && (smem->s2r || smem->r2s))) return std::nullopt;
  if (const json* shape = member(o, "shape")) {
    const std::string sp = join(path, "shape");
    if (!shape->is_array() || shape->size() != 2 || !(*shape)[0].is_number_integer() ||
        !(*shape)[1].is_number_integer() || (*shape)[0].get<int64_t>() <= 0 ||
        (*shape)[1].get<int64_t>() <= 0)
      throw SpecError(sp, "expected [rows, cols], two positive integers");
    p.shape = std::array<int64_t, 2>{(*shape)[0].get<int64_t>(), (*shape)[1].get<int64_t>()};
  }
  for (const auto& [key, field] : {std::pair{"pitch_bytes", &p.pitch_bytes}, {"base_align", &p.base_align}})
    if (const json* v = member(o, key)) {
      if (!v->is_number_integer() || v->get<int64_t>() <= 0)
        throw SpecError(join(path, key), "expected a positive integer (bytes)");
      *field = v->get<int64_t>();
    }
  if (const json* st = member(o, "stride")) {
    // Element strides of the operand's (rows, cols) in memory: the contiguous mode has stride 1, the other
    // gives the pitch (unless pitch_bytes says it).
    const std::string sp = join(path, "stride");
    if (!st->is_array() || st->size() != 2 || !(*st)[0].is_number_integer() ||
        !(*st)[1].is_number_integer() || (*st)[0].get<int64_t>() <= 0 || (*st)[1].get<int64_t>() <= 0)
      throw SpecError(sp, "expected [row_stride, col_stride], two positive integers (elements)");
    const int64_t sx = (*st)[modes.x].get<int64_t>(), sy = (*st)[modes.y].get<int64_t>();
    if (sx != 1)
      throw SpecError(sp,
                      "the contiguous mode " + contiguous + " must have stride 1, not " + std::to_string(sx));
    if (!p.pitch_bytes) {
      if (sy > (int64_t(1) << 40)) throw SpecError(sp, "stride " + std::to_string(sy) + " is absurdly large");
      p.pitch_bytes = sy * vt.bits / 8;
    }
  }
  if (const json* r = member(o, "reorder")) {
    const std::string rs = get_string(*r, join(path, "reorder"));
    if (rs != "none" && rs != "allow")
      throw SpecError(join(path, "reorder"),
                      "expected \"none\" (the copy must feed the MMA as is) or \"allow\"");
    p.expect_noop = rs == "none";
  }
  if (const json* sub = member(o, "subtile")) {
    // make_block_2d_copy_{C,D}_subtiled(mma, stv_layout, ssg_layout, gmem), or with an atom as "copy"
    // make_block_2d_copy_CD_subtiled(op, mma, sshape, ssg_layout, gmem).
    const std::string sp = join(path, "subtile");
    if (!xe || (name != "C" && name != "D"))
      throw SpecError(sp, "subtiled copies are built for the C and D operands of an Xe MMA");
    if (!sub->is_object()) throw SpecError(sp, "expected {\"tv\" or \"shape\", \"sg_layout\"}");
    const json* sg = member(*sub, "sg_layout");
    if (!sg)
      throw SpecError(join(sp, "sg_layout"),
                      "missing: the subtile subgroup layout SG_K -> (m_subtile,n_subtile)");
    p.subtile_sg = parse_layout_value(*sg, join(sp, "sg_layout"));
    if (const json* tv = member(*sub, "tv")) p.subtile_tv = parse_layout_value(*tv, join(sp, "tv"));
    if (const json* sh = member(*sub, "shape")) {
      if (!sh->is_array() || sh->size() != 2 || !(*sh)[0].is_number_integer() ||
          !(*sh)[1].is_number_integer() || (*sh)[0].get<int64_t>() <= 0 || (*sh)[1].get<int64_t>() <= 0 ||
          (*sh)[0].get<int64_t>() > (1 << 20) || (*sh)[1].get<int64_t>() > (1 << 20))
        throw SpecError(join(sp, "shape"), "expected [m, n], two positive integers (the subtile's shape)");
      p.subtile_shape = make_shape((*sh)[0].get<int64_t>(), (*sh)[1].get<int64_t>());
    }
    if (!p.subtile_tv && !p.subtile_shape)
      throw SpecError(
          sp, "give \"tv\" (the subtile's (T,V) -> (m,n) layout) or \"shape\" with an atom as \"copy\"");
    if (p.subtile_tv && p.subtile_shape)
      throw SpecError(join(sp, "shape"),
                      "give \"tv\" or \"shape\", not both (the shape is atuple_coshape(tv))");
    const bool given_op = copy_v && copy_v->is_string() && copy_v->get<std::string>() != "auto";
    if (copy_v && !copy_v->is_string())
      throw SpecError(copy_path, "with \"subtile\", expected \"auto\" or a block 2D atom name");
    if (p.subtile_tv && !p.subtile_shape) {
      IntTuple co = atuple_coshape(*p.subtile_tv);
      if (!co.is_tuple() || rank(co) != 2)
        throw SpecError(join(sp, "tv"),
                        "the subtile TV layout must map (T,V) to (m,n) coordinates (strides k@0, k@1)");
      p.subtile_shape = co;
    }
    p.how = "subtiled";
    if (given_op) {
      const CopyAtom atom = at(copy_path, [&] { return find_copy_atom(copy_v->get<std::string>()); });
      if (!atom.block2d || atom.arch != "xe")
        throw SpecError(copy_path,
                        atom.name + " is not a block 2D copy atom (XE_LOAD_2D..., XE_STORE_2D...)");
      p.copy = at(sp, [&] {
        return make_block_2d_copy_CD_subtiled(*atom.block2d, *mma, *p.subtile_shape, *p.subtile_sg, vt,
                                              modes);
      });
    } else {
      if (!p.subtile_tv)
        throw SpecError(join(sp, "tv"),
                        "missing: make_block_2d_copy_{C,D}_subtiled picks the op from the subtile's TV "
                        "layout; give \"tv\" or an atom as \"copy\"");
      p.copy = at(sp, [&] {
        return make_block_2d_copy_subtiled(operand_of(name), *mma, *p.subtile_tv, *p.subtile_sg, vt, modes);
      });
    }
  } else if (!copy_v && !xe && smem && smem->s2r) {
    p.how = "s2r";
    p.copy = *smem->s2r;
  } else if (!copy_v && !xe && smem && smem->r2s) {
    p.how = "r2s";
    p.copy = *smem->r2s;
  } else if (!copy_v || (copy_v->is_string() && copy_v->get<std::string>() == "auto")) {
    if (!xe)
      throw SpecError(
          copy_path,
          "\"auto\" picks Xe block 2D copies and needs an Xe MMA; give {\"atom\": ..., \"from_mma\": true}");
    p.how = "auto";
    p.copy = at(copy_path, [&] { return make_block_2d_copy_for(operand_of(name), *mma, vt, modes); });
  } else if (copy_v->is_string() && copy_v->get<std::string>() == "coop") {
    if (!xe) throw SpecError(copy_path, "\"coop\" (make_coop_block_2d_copy) needs an Xe MMA");
    if (name != "A" && name != "B")
      throw SpecError(copy_path,
                      "\"coop\" loads A or B for an SLM pipeline; " + name + " is not loaded that way");
    p.how = "coop";
    p.copy = at(copy_path, [&] { return make_coop_block_2d_copy(operand_of(name), *mma, vt, modes); });
  } else if (copy_v->is_string()) {
    const CopyAtom atom = at(copy_path, [&] { return find_copy_atom(copy_v->get<std::string>()); });
    if (xe && atom.block2d && atom.arch == "xe") {
      p.how = "override";
      p.copy = at(copy_path,
                  [&] { return make_block_2d_copy_for(operand_of(name), *mma, vt, modes, *atom.block2d); });
    } else if (xe && atom.block2d) {
      p.how = "legacy";
      p.copy = at(copy_path, [&] { return make_block_2d_copy_for(operand_of(name), *mma, vt, modes, atom); });
    } else {
      p.how = "from_mma";
      p.copy = at(copy_path, [&] { return from_mma(atom, vt, *mma, name); });
    }
  } else if (copy_v->is_object() && member(*copy_v, "ref") && !member(*copy_v, "print")) {
    throw SpecError(join(copy_path, "ref"),
                    "\"ref\" says which layout a printed copy's TV layout is written in; "
                    "it goes with \"print\"");
  } else if (copy_v->is_object() && member(*copy_v, "print")) {
    p.how = "print";
    p.copy = printed_copy(*copy_v, copy_path, vt);
  } else if (copy_v->is_object()) {
    const json* atom_v = member(*copy_v, "atom");
    if (!atom_v) throw SpecError(join(copy_path, "atom"), "missing: the copy atom's name");
    const CopyAtom atom = at(join(copy_path, "atom"),
                             [&] { return find_copy_atom(get_string(*atom_v, join(copy_path, "atom"))); });
    if (wants_from_mma(*copy_v, copy_path)) {
      p.how = "from_mma";
      p.copy = at(copy_path, [&] { return from_mma(atom, vt, *mma, name); });
    } else {
      p.how = "thr_val";
      p.copy = thr_val_copy(atom, vt, *copy_v, copy_path);
    }
  } else {
    throw SpecError(copy_path, "expected \"auto\", \"coop\", an atom name or an object");
  }
  // Copy direction: a load operand (A, B, C) is checked on the copy's destination (registers), a store (D)
  // on its source. An atom that moves data the other way cannot feed the operand.
  if (const char* dir = copy_direction(p.copy.atom)) {
    const bool store_atom = std::string(dir) == "store";
    if (store_atom && name != "D")
      throw SpecError(copy_path, p.copy.atom.name +
                                     " is a store (registers -> memory): its register side is the "
                                     "source, so it writes an accumulator out; give it as operand D, not " +
                                     name);
    if (!store_atom && name == "D")
      throw SpecError(copy_path, p.copy.atom.name +
                                     " is a load (memory -> registers): operand D is stored from "
                                     "the accumulators; give this copy as operand C (or A, B)");
  }
  if (p.copy.atom.block2d && p.copy.atom.arch == "xe" && p.copy.atom.block2d->kind != Block2D::Kind::Store &&
      (p.how == "auto" || p.how == "override" || p.how == "coop"))
    p.prefetch = at(copy_path, [&] { return make_block_2d_prefetch(p.copy, modes); });
  const json* slm_v = member(o, "slm");
  if (slm_v && !slm_v->is_boolean()) throw SpecError(join(path, "slm"), "expected true or false");
  const bool slm = slm_v ? slm_v->get<bool>() : p.how == "coop";
  if (slm) {
    if (!xe || (name != "A" && name != "B"))
      throw SpecError(join(path, "slm"), "SLM pipelines are built for the A and B operands of an Xe MMA");
    p.slm_layout = at(join(path, "slm"), [&] { return make_slm_layout(operand_of(name), *mma); });
    auto [r2s, s2r] = at(join(path, "slm"), [&] { return make_slm_copies(operand_of(name), *mma, p.copy); });
    p.r2s = std::move(r2s);
    p.s2r = std::move(s2r);
  }
  // An Xe SLM stage without its own copies walks the pipeline's (make_{A,B}_slm_copies).
  if (smem && xe) {
    if (!smem->r2s) smem->r2s = p.r2s;
    if (!smem->s2r) smem->s2r = p.s2r;
    if (!smem->r2s && !smem->s2r)
      throw SpecError(join(path, "smem"),
                      "an SLM stage needs its copies: give \"r2s\" and/or \"s2r\", or stage through the SLM "
                      "pipeline with \"copy\": \"coop\" (or \"slm\": true)");
  }
  p.smem = smem;
  p.fragment_from_copy =
      kernel && kernel->mainloop.rfind("MainloopIntelXeXMX16", 0) == 0 && p.how == "legacy";
  return p;
}

std::vector<int64_t> int_array(const json& v, const std::string& path, int64_t min, std::size_t max_size) {
  if (!v.is_array() || v.empty() || v.size() > max_size)
    throw SpecError(path, "expected an array of 1 to " + std::to_string(max_size) + " integers");
  std::vector<int64_t> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const std::string ip = path + "[" + std::to_string(i) + "]";
    if (!v[i].is_number_integer()) throw SpecError(ip, "expected an integer");
    const int64_t x = v[i].get<int64_t>();
    if (x < min || x > (int64_t(1) << 48))
      throw SpecError(ip, "expected an integer in [" + std::to_string(min) + ", 2^48]");
    out.push_back(x);
  }
  return out;
}

// The SM90 TMA mainloops' load of A or B (make_tma_copy_A_sm90 / _B_sm90): GmemTiledCopyX (smem.g2s) over
// the global tensor (M,K,L) or (N,K,L) with the packed strides TagToStrideX_t gives, into stage 0 of the
// smem layout, multicast over ClusterShape's N (A) or M (B). Without "problem" the extents are run-time: the
// tensor map is built for a representative problem whose leading dimension is no box multiple, and the
// stride rule is checked for every leading dimension AlignmentX allows (PlannedSmem::tma_ld_alignment).
void sm90_tma(PlannedSmem& p, const json& o, const std::string& path, const KernelShape& k,
              const std::optional<GmemOperand>& gmem, const ValueType& vt, bool explicit_tma) {
  const std::string sp = join(path, "smem");
  const json& smem_v = o["smem"];
  const json* g2s = smem_v.is_object() ? member(smem_v, "g2s") : nullptr;
  if (explicit_tma)
    throw SpecError(join(join(path, "copy"), "tma"),
                    "the SM90 mainloop builds A's and B's tensor maps from \"problem\", \"gmem\" and "
                    "smem.g2s; give those instead of copy.tma");
  if (!g2s)
    throw SpecError(join(sp, "g2s"),
                    "missing: GmemTiledCopy" + p.name + ", \"SM90_TMA_LOAD\" or \"SM90_TMA_LOAD_MULTICAST\"");
  p.tma_op = sm90_tma_op(*g2s, join(sp, "g2s"));
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
  p.tma = at(join(sp, "g2s"), [&] {
    return make_tma_copy_facts(p.tile, shape, stride, static_cast<int>(p.tma_cluster), false);
  });
}

// operands.X.smem = {"layout": LAYOUT} and operands.X.copy = {"tma": {"shape": [...], "stride": [...],
// "multicast": n, "base_align": bytes}} of an NVIDIA operand.
std::optional<PlannedSmem> build_smem(const std::string& name, const json& o, const std::string& path,
                                      const std::optional<TiledMMA>& mma,
                                      const std::optional<KernelShape>& kernel) {
  if (!o.is_object()) return std::nullopt;
  const json* smem_v = member(o, "smem");
  const json* copy_v = member(o, "copy");
  const json* tma_v = copy_v && copy_v->is_object() ? member(*copy_v, "tma") : nullptr;
  const bool sm90 = sm90_mainloop(kernel) && (name == "A" || name == "B");
  if (sm90 && !smem_v)
    throw SpecError(join(path, "smem"),
                    "the SM90 TMA mainloops stage A and B in shared memory: give "
                    "\"smem\": {\"atom\": SmemLayoutAtom, \"g2s\": \"SM90_TMA_LOAD\"}");
  if (!smem_v && !tma_v) return std::nullopt;
  // C staged in smem (an epilogue's or an SM80 s2r's tile) has no descriptor or TMA: the bank checks read it.
  if (!tma_v && name != "A" && name != "B") return std::nullopt;
  // An Xe operand's SLM stage has no descriptor or TMA either (build_operand reads it).
  if (!tma_v && mma && is_xe(mma->atom)) return std::nullopt;
  const std::string sp = join(path, "smem");
  if (!smem_v)
    throw SpecError(sp,
                    "missing: a TMA copy writes the operand's smem layout; give \"smem\": {\"layout\": ...}");
  if (!mma || is_xe(mma->atom))
    throw SpecError(sp, "shared-memory tiles are described for the A and B operands of an NVIDIA MMA");
  if (mma->atom.printed)
    throw SpecError(
        sp, "the MMA is known only from its print: whether it reads " + name +
                " from shared memory (through a GMMA/UMMA descriptor) needs the atom's identity; give "
                "\"atom\" next to \"print\" in \"mma\"");
  if (name != "A" && name != "B") throw SpecError(sp, "only A and B are read from shared memory");
  const bool from_atom = smem_v->is_object() && member(*smem_v, "atom") && kernel;
  if (!smem_v->is_object() || (!member(*smem_v, "layout") && !from_atom))
    throw SpecError(
        join(sp, "layout"),
        "missing: the smem layout, e.g. \"Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),64):((64,512),1)\"");
  PlannedSmem p;
  p.name = name;
  const ValueType vt =
      at(join(path, "type"), [&] { return value_type(get_string(o["type"], join(path, "type"))); });
  p.bits = vt.bits;
  p.type = vt.name;
  // The smem tile's major: "contiguous", else gmem's (a TMA or cp.async keeps global memory's major).
  std::string contiguous = name == "A" ? "K" : "N";
  std::optional<GmemOperand> gmem;
  if (const json* g = member(o, "gmem")) gmem = gmem_operand(name, *g, join(path, "gmem"), vt, contiguous);
  if (member(o, "contiguous")) contiguous = get_string(o["contiguous"], join(path, "contiguous"));
  p.major = contiguous == "K" ? OperandMajor::K : OperandMajor::MN;
  if (from_atom) {
    // tile_to_shape(atom, (BLK_MN, BLK_K, stages)); the SM90 TMA mainloops tile an MN-major operand's atom
    // along K first (Step<_2,_1,_3>, "maximizes the TMA box size"). Stage 0 is the tile one load fills.
    const std::string ap = join(sp, "atom");
    const auto& t = kernel->cta_tile;
    const IntTuple tile = name == "A" ? make_shape(t[0], t[2]) : make_shape(t[1], t[2]);
    const ModeOrder order =
        sm90 && p.major == OperandMajor::MN ? ModeOrder(make_shape(2, 1, 3)) : ModeOrder(Major::Left);
    p.staged = staged_smem_layout(smem_layout_at(get_string((*smem_v)["atom"], ap), ap), tile, kernel->stages,
                                  ap, order);
    p.stages = kernel->stages;
    p.layout_text = to_string(first_stage(*p.staged));
  } else {
    p.layout_text =
        smem_layout_text(get_string((*smem_v)["layout"], join(sp, "layout")), join(sp, "layout"), vt);
    // A staged layout (m,k,stage): stage 0 is the tile a load fills.
    const SmemLayout l = smem_layout_at(p.layout_text, join(sp, "layout"));
    if (smem_rank(l) == 3) {
      p.staged = l;
      p.stages = smem_mode_size(l, 2);
      p.layout_text = to_string(first_stage(l));
    }
  }
  p.tile = at(join(sp, "layout"), [&] { return parse_smem_tile(p.layout_text, vt.bits); });
  const MmaAtom& atom = mma->atom;
  const bool gmma = atom.name.rfind("SM90_64x", 0) == 0, umma = atom.name.rfind("SM100_MMA", 0) == 0;
  const bool a_regs =
      atom.name.find("_RS") != std::string::npos || atom.name.find("_TS") != std::string::npos;
  p.descriptor = (gmma || umma) && (name == "B" || !a_regs);
  p.arch = umma ? DescArch::SM100 : DescArch::SM90;
  {
    // GMMA::Major template arguments in the atom's name: <tA, tB, ...>.
    std::vector<OperandMajor> majors;
    for (std::size_t at_ = atom.name.find("Major::"); at_ != std::string::npos;
         at_ = atom.name.find("Major::", at_ + 7))
      majors.push_back(atom.name.compare(at_ + 7, 2, "MN") == 0 ? OperandMajor::MN : OperandMajor::K);
    const std::size_t i = name == "A" ? 0 : 1;
    p.atom_major = i < majors.size() ? majors[i] : OperandMajor::K;
  }
  p.block_mn = name == "A" ? atom.m : atom.n;
  p.mma_tile = name == "A" ? std::array<int64_t, 2>{mma->tile_mnk[0], mma->tile_mnk[2]}
                           : std::array<int64_t, 2>{mma->tile_mnk[1], mma->tile_mnk[2]};
  if (tma_v) {
    const std::string tp = join(join(path, "copy"), "tma");
    if (!tma_v->is_object()) throw SpecError(tp, "expected {\"shape\": [...], \"stride\": [...]}");
    for (auto it = tma_v->begin(); it != tma_v->end(); ++it)
      if (it.key() != "shape" && it.key() != "stride" && it.key() != "multicast" &&
          it.key() != "base_align" && it.key() != "arch")
        throw SpecError(join(tp, printable(it.key())),
                        "unknown key; a TMA copy has shape, stride, multicast, base_align, arch");
    if (!member(*tma_v, "shape"))
      throw SpecError(join(tp, "shape"), "missing: the global tensor's shape in elements");
    if (!member(*tma_v, "stride"))
      throw SpecError(join(tp, "stride"), "missing: the global tensor's strides in elements");
    const auto shape = int_array((*tma_v)["shape"], join(tp, "shape"), 1, 8);
    const auto stride = int_array((*tma_v)["stride"], join(tp, "stride"), 0, 8);
    if (shape.size() != stride.size())
      throw SpecError(join(tp, "stride"), "expected as many strides as shape modes");
    int64_t multicast = 1;
    if (const json* m = member(*tma_v, "multicast"))
      multicast = int_array(json::array({*m}), join(tp, "multicast"), 1, 1)[0];
    if (multicast > 16) throw SpecError(join(tp, "multicast"), "at most 16 CTAs in a cluster");
    if (const json* b = member(*tma_v, "base_align"))
      p.tma_base_align = int_array(json::array({*b}), join(tp, "base_align"), 1, 1)[0];
    bool sm100 = umma;
    if (const json* a = member(*tma_v, "arch")) {
      const std::string arch = get_string(*a, join(tp, "arch"));
      if (arch != "sm90" && arch != "sm100")
        throw SpecError(join(tp, "arch"), "expected \"sm90\" or \"sm100\"");
      sm100 = arch == "sm100";
    }
    p.tma = at(
        tp, [&] { return make_tma_copy_facts(p.tile, shape, stride, static_cast<int>(multicast), sm100); });
  }
  if (sm90) sm90_tma(p, o, path, *kernel, gmem, vt, tma_v != nullptr);
  return p;
}

// "src" / "dst" of a standalone copy: {"layout": LAYOUT, "memory": "gmem" | "smem" | "ptr"} (or the layout
// alone); each mode of the tile a multiple of the copy's tile, as partition_S / partition_D require.
void read_copy_tensors(PlannedCopy& p, const json& c, const std::string& path) {
  for (const char* side : {"src", "dst"}) {
    const json* v = member(c, side);
    if (!v) continue;
    const std::string sp = join(path, side);
    const json* lv = v->is_object() ? member(*v, "layout") : v;
    if (!lv)
      throw SpecError(join(sp, "layout"),
                      "missing: the tensor's layout, e.g. \"Sw<3,3,3> o (64,64):(64,1)\"");
    const std::string lp = v->is_object() ? join(sp, "layout") : sp;
    PlannedCopy::Tensor t{smem_layout_at(get_string(*lv, lp), lp)};
    if (const json* m = v->is_object() ? member(*v, "memory") : nullptr) {
      t.memory = get_string(*m, join(sp, "memory"));
      if (t.memory != "gmem" && t.memory != "smem" && t.memory != "ptr")
        throw SpecError(join(sp, "memory"), "expected gmem, smem or ptr, not \"" + t.memory + "\"");
    }
    const Layout& in = inner_layout(t.layout);
    const IntTuple tile = p.copy.tile_shape();
    const IntTuple shape = product_each(in.shape);
    bool fits = shape.size() >= tile.size();
    for (int i = 0; fits && i < tile.size(); ++i) fits = shape[i].ival() % product(tile[i]) == 0;
    if (!fits)
      throw SpecError(lp, "the tensor " + to_string(t.layout) + " (shape " + to_string(shape) +
                              ") is no multiple of the copy's tile " + to_string(tile) + " mode by mode");
    (std::string(side) == "src" ? p.src_tensor : p.dst_tensor) = std::move(t);
  }
}

PlannedCopy build_standalone(const std::string& name, const json& c, const std::string& path,
                             const std::optional<TiledMMA>& mma) {
  if (!c.is_object()) throw SpecError(path, "expected an object with \"atom\" (or \"print\")");
  if (member(c, "print")) {
    for (const char* k : {"operand"})
      if (member(c, k)) throw SpecError(join(path, k), "a printed copy is not tiled against the MMA");
    std::optional<ValueType> vt;
    if (const json* v = member(c, "value_type"))
      vt = at(join(path, "value_type"), [&] { return value_type(get_string(*v, join(path, "value_type"))); });
    PlannedCopy p;
    p.name = name;
    p.how = "print";
    p.copy = printed_copy(c, path, vt);
    return p;
  }
  const json* atom_v = member(c, "atom");
  if (!atom_v) throw SpecError(join(path, "atom"), "missing: the copy atom's name");
  const CopyAtom atom =
      at(join(path, "atom"), [&] { return find_copy_atom(get_string(*atom_v, join(path, "atom"))); });
  const ValueType vt =
      member(c, "value_type")
          ? at(join(path, "value_type"),
               [&] { return value_type(get_string(c["value_type"], join(path, "value_type"))); })
          : uint_type(atom.copy_bits);
  PlannedCopy p;
  p.name = name;
  if (wants_from_mma(c, path)) {
    if (!mma) throw SpecError(join(path, "from_mma"), "needs an \"mma\"");
    const std::string operand = member(c, "operand") ? get_string(c["operand"], join(path, "operand")) : "C";
    if (operand != "A" && operand != "B" && operand != "C" && operand != "D")
      throw SpecError(join(path, "operand"), "expected A, B, C or D");
    p.how = "from_mma";
    p.copy = at(path, [&] { return from_mma(atom, vt, *mma, operand); });
    read_copy_tensors(p, c, path);
    return p;
  }
  p.how = "thr_val";
  p.copy = thr_val_copy(atom, vt, c, path);
  read_copy_tensors(p, c, path);
  return p;
}
}  // namespace

namespace {
// One of Sm90TmaWarpSpecialized's C and D ("epilogue.C", "epilogue.D"): its type, global layout and
// SmemLayoutAtom, staged as the collective does: tile_to_shape(atom, (EPI_M, EPI_N, stages), Step<_2,_1,_3>
// for an M-major (ColumnMajor) tensor) (sm90_epilogue_tma_warpspecialized.hpp, SmemLayoutC/D).
EpilogueArray epilogue_operand(const json& e, const std::string& x, const std::array<int64_t, 2>& tile,
                               int64_t stages) {
  const std::string path = join("epilogue", x);
  const json* o = member(e, x);
  if (!o || !o->is_object())
    throw SpecError(path,
                    "expected {\"type\": T, \"layout\": \"RowMajor\" | \"ColumnMajor\", \"smem_atom\": "
                    "SmemLayoutAtom" +
                        x + "}");
  EpilogueArray a;
  const json* t = member(*o, "type");
  if (!t) throw SpecError(join(path, "type"), "give the element type (Element" + x + "; \"void\" for none)");
  a.type = get_string(*t, join(path, "type"));
  if (a.type == "void") {
    if (x == "D")
      throw SpecError(
          join(path, "type"),
          "a void ElementD stores the fusion's auxiliary tensor in D's place, which tvlab does not model");
    return a;
  }
  a.bits = at(join(path, "type"), [&] { return value_type(a.type).bits; });
  const json* l = member(*o, "layout");
  const std::string lt = l ? get_string(*l, join(path, "layout")) : "";
  if (lt != "RowMajor" && lt != "ColumnMajor")
    throw SpecError(join(path, "layout"), "expected \"RowMajor\" or \"ColumnMajor\" (Stride" + x +
                                              ": an M-major " + x + " tiles its atom N first)");
  const json* sa = member(*o, "smem_atom");
  if (!sa)
    throw SpecError(join(path, "smem_atom"),
                    "give SmemLayoutAtom" + x + " (the epilogue's smem layout atom)");
  const std::string ap = join(path, "smem_atom");
  const SmemLayout atom = smem_layout_at(get_string(*sa, ap), ap);
  // tile_to_shape's condition, with the epilogue tile named (staged_smem_layout names the CTA's tiles).
  for (int i = 0; i < 2 && smem_rank(atom) == 2; ++i)
    if (tile[i] % smem_mode_size(atom, i) != 0)
      throw SpecError(ap, "SmemLayoutAtom" + x + " must evenly divide the epilogue tile (" +
                              std::to_string(tile[0]) + "," + std::to_string(tile[1]) + "): mode " +
                              std::to_string(i) + " of the atom " + to_string(atom) + " is " +
                              std::to_string(smem_mode_size(atom, i)));
  const ModeOrder order = lt == "ColumnMajor" ? ModeOrder(make_shape(2, 1, 3)) : ModeOrder(Major::Left);
  const SmemLayout staged = staged_smem_layout(atom, make_shape(tile[0], tile[1]), stages, ap, order);
  a.elements = std::visit([](const auto& v) { return cosize(v); }, staged);
  a.alignment = alignment_for_swizzle(staged);
  a.layout = to_string(staged);
  return a;
}

// "kernel_schedule" and "epilogue": the kernel around the collective, for the whole kernel's shared storage
// (docs/spec.md, "The kernel's shared storage"). The collectives' static_asserts are errors at the key.
void kernel_epilogue(const json& spec, KernelShape& k) {
  const bool ws = k.mainloop == "MainloopSm90TmaGmmaWarpSpecialized";
  if (const json* s = member(spec, "kernel_schedule")) {
    k.schedule = get_string(*s, "kernel_schedule");
    if (!ws)
      throw SpecError("kernel_schedule",
                      "a schedule of the SM90 warp-specialized mainloop (\"mainloop\": "
                      "\"MainloopSm90TmaGmmaWarpSpecialized\"); MainloopSm90TmaGmma runs "
                      "KernelTma, the SM80 mainloops sm70_gemm.hpp's kernel");
    if (k.schedule != "KernelTmaWarpSpecialized" && k.schedule != "KernelTmaWarpSpecializedPingpong" &&
        k.schedule != "KernelTmaWarpSpecializedCooperative")
      throw SpecError("kernel_schedule",
                      "unknown schedule '" + printable(k.schedule) +
                          "'; tvlab models KernelTmaWarpSpecialized, "
                          "KernelTmaWarpSpecializedPingpong, KernelTmaWarpSpecializedCooperative");
  }
  const json* e = member(spec, "epilogue");
  if (!e) return;
  if (!e->is_object()) throw SpecError("epilogue", "expected an object, {\"collective\": ...}");
  if (k.mainloop.rfind("MainloopSm", 0) != 0)
    throw SpecError("epilogue",
                    "the kernel's epilogue is modelled for CUTLASS's SM80 and SM90 kernels: give "
                    "\"mainloop\" (MainloopSm80CpAsync..., MainloopSm90TmaGmma...)");
  if (ws && k.schedule.empty())
    throw SpecError("kernel_schedule",
                    "the kernel's shared storage depends on its schedule: give \"kernel_schedule\" "
                    "(KernelTmaWarpSpecialized, KernelTmaWarpSpecializedPingpong or "
                    "KernelTmaWarpSpecializedCooperative) with \"epilogue\"");
  EpilogueShape ep;
  const json* c = member(*e, "collective");
  if (!c)
    throw SpecError(
        join("epilogue", "collective"),
        "give the collective epilogue: DefaultEpilogue, Sm70EpilogueVectorized or Sm90TmaWarpSpecialized");
  ep.collective = get_string(*c, join("epilogue", "collective"));
  auto only = [&](std::initializer_list<const char*> keys) {
    for (auto it = e->begin(); it != e->end(); ++it)
      if (std::find_if(keys.begin(), keys.end(), [&](const char* kk) { return it.key() == kk; }) ==
          keys.end())
        throw SpecError(
            join("epilogue", printable(it.key())), "not a parameter of " + ep.collective + " (" + [&] {
              std::string l;
              for (const char* kk : keys) l += (l.empty() ? "" : ", ") + std::string(kk);
              return l;
            }() + ")");
  };
  if (ep.collective == "DefaultEpilogue") {
    only({"collective"});
  } else if (ep.collective == "Sm70EpilogueVectorized") {
    only({"collective", "accumulator", "smem_layout"});
    const json* acc = member(*e, "accumulator");
    const json* sl = member(*e, "smem_layout");
    if (!acc || !sl)
      throw SpecError(join("epilogue", acc ? "smem_layout" : "accumulator"),
                      "Sm70EpilogueVectorized's SharedStorage is array_aligned<ElementAccumulator, "
                      "cosize(SmemLayout)>: give \"accumulator\" and \"smem_layout\"");
    EpilogueArray a;
    a.type = get_string(*acc, join("epilogue", "accumulator"));
    a.bits = at(join("epilogue", "accumulator"), [&] { return value_type(a.type).bits; });
    const std::string lp = join("epilogue", "smem_layout");
    const SmemLayout l = smem_layout_at(get_string(*sl, lp), lp);
    a.elements = std::visit([](const auto& v) { return cosize(v); }, l);
    a.layout = to_string(l);
    ep.staging = a;
  } else if (ep.collective == "Sm90TmaWarpSpecialized") {
    only({"collective", "tile", "stages_c", "stages_d", "reuse_smem_c", "fusion", "C", "D"});
    if (!ws)
      throw SpecError(join("epilogue", "collective"),
                      "Sm90TmaWarpSpecialized runs in the SM90 warp-specialized kernels (\"mainloop\": "
                      "\"MainloopSm90TmaGmmaWarpSpecialized\")");
    const json* tv = member(*e, "tile");
    if (!tv) throw SpecError(join("epilogue", "tile"), "give EpilogueTile: [EPI_TILE_M, EPI_TILE_N]");
    const std::vector<int64_t> t = int_array(*tv, join("epilogue", "tile"), 1, 2);
    if (t.size() != 2)
      throw SpecError(join("epilogue", "tile"), "EpilogueTile must be rank-2: [EPI_TILE_M, EPI_TILE_N]");
    for (int i = 0; i < 2; ++i)
      if (k.cta_tile[i] % t[i] != 0)
        throw SpecError(join("epilogue", "tile"),
                        std::string(i ? "EPI_TILE_N must divide CTA_N" : "EPI_TILE_M must divide CTA_M") +
                            " (" + std::to_string(t[i]) + ", " + std::to_string(k.cta_tile[i]) + ")");
    ep.tile = {t[0], t[1]};
    for (const char* key : {"stages_c", "stages_d"}) {
      const json* v = member(*e, key);
      if (!v || !v->is_number_integer() || v->get<int64_t>() < 1 || v->get<int64_t>() > 64)
        throw SpecError(join("epilogue", key), "expected an integer from 1 to 64 (the policy's Stages" +
                                                   std::string(key[7] == 'c' ? "C" : "D") + ")");
      (key[7] == 'c' ? ep.stages_c : ep.stages_d) = v->get<int64_t>();
    }
    bool reuse = false;
    if (const json* r = member(*e, "reuse_smem_c")) {
      if (!r->is_boolean()) throw SpecError(join("epilogue", "reuse_smem_c"), "expected true or false");
      reuse = r->get<bool>();
    }
    ep.fusion = "LinearCombination";
    if (const json* f = member(*e, "fusion")) {
      ep.fusion = get_string(*f, join("epilogue", "fusion"));
      if (ep.fusion != "LinearCombination")
        throw SpecError(join("epilogue", "fusion"),
                        "tvlab models the LinearCombination fusion (an empty "
                        "SharedStorage); the storage of '" +
                            printable(ep.fusion) + "' is not modelled");
    }
    ep.c = epilogue_operand(*e, "C", ep.tile, ep.stages_c);
    ep.reuse_smem_c = reuse;  // ElementD is never void here
    ep.d = epilogue_operand(*e, "D", ep.tile, reuse ? ep.stages_c : ep.stages_d);
    if (reuse) {
      const int64_t per_c = ep.c->bits ? ep.c->elements / ep.stages_c : 0,
                    per_d = ep.d->elements / ep.stages_c;
      if (ep.c->bits == 0 || ep.stages_d > ep.stages_c || per_c != per_d)
        throw SpecError(
            join("epilogue", "reuse_smem_c"),
            "Smem reuse requirements not met: ReuseSmemC needs a source C, StagesD <= StagesC and C's "
            "and D's stage of equal cosize (" +
                std::string(ep.c->bits == 0 ? "C is void"
                            : ep.stages_d > ep.stages_c
                                ? "StagesD " + std::to_string(ep.stages_d) + " > StagesC " +
                                      std::to_string(ep.stages_c)
                                : "cosize " + std::to_string(per_c) + " != " + std::to_string(per_d)) +
                ")");
    }
  } else {
    throw SpecError(join("epilogue", "collective"),
                    "unknown collective epilogue '" + printable(ep.collective) +
                        "'; tvlab models DefaultEpilogue, Sm70EpilogueVectorized, Sm90TmaWarpSpecialized");
  }
  k.epilogue = ep;
}

// "cta_tile": [BLK_M, BLK_N, BLK_K] (CollectiveMma's TileShape), "stages" (the dispatch policy's Stages),
// "mainloop" (the policy's name) and "arch" (whose shared-memory limit applies).
std::optional<KernelShape> kernel_shape(const json& spec, const std::optional<TiledMMA>& mma) {
  const json* ct = member(spec, "cta_tile");
  if (!ct) {
    for (const char* k :
         {"stages", "mainloop", "arch", "cluster_shape", "problem", "kernel_schedule", "epilogue"})
      if (member(spec, k))
        throw SpecError(k, "describes the collective around a CTA tile: give \"cta_tile\": [M, N, K] too");
    return std::nullopt;
  }
  if (!mma) throw SpecError("cta_tile", "a CTA tile is tiled by a TiledMMA: give \"mma\" too");
  if (mma->atom.printed)
    throw SpecError("cta_tile",
                    "the MMA is known only from its print: the collective's rules (architecture, shared "
                    "memory budget, mainloop) need the atom's identity; give \"atom\" next to \"print\" "
                    "in \"mma\"");
  KernelShape k;
  const std::vector<int64_t> t = int_array(*ct, "cta_tile", 1, 3);
  if (t.size() != 3) throw SpecError("cta_tile", "expected [M, N, K], 3 positive integers");
  for (int i = 0; i < 3; ++i) {
    if (t[i] > (int64_t(1) << 16))
      throw SpecError("cta_tile[" + std::to_string(i) + "]", "expected at most 65536");
    k.cta_tile[i] = t[i];
  }
  if (const json* s = member(spec, "stages")) {
    if (!s->is_number_integer() || s->get<int64_t>() < 1 || s->get<int64_t>() > 64)
      throw SpecError("stages", "expected an integer from 1 to 64 (the pipeline's Stages)");
    k.stages = s->get<int64_t>();
  }
  if (const json* m = member(spec, "mainloop")) {
    k.mainloop = get_string(*m, "mainloop");
    static const char* const known[] = {"MainloopSm80CpAsync",
                                        "MainloopSm80CpAsyncUnpredicated",
                                        "MainloopSm90TmaGmma",
                                        "MainloopSm90TmaGmmaWarpSpecialized",
                                        "MainloopXeL1Staged",
                                        "MainloopIntelXeXMX16",
                                        "MainloopIntelXeXMX16MixedPrecision"};
    if (std::find(std::begin(known), std::end(known), k.mainloop) == std::end(known)) {
      std::string list;
      for (const char* n : known) list += (list.empty() ? "" : ", ") + std::string(n);
      throw SpecError("mainloop",
                      "unknown dispatch policy '" + printable(k.mainloop) + "'; tvlab models " + list);
    }
    if (k.mainloop.rfind("MainloopSm80CpAsync", 0) == 0 && k.stages < 2)
      throw SpecError("stages", "CpAsync mainloop must have at least 2 stages in the pipeline (" +
                                    std::to_string(k.stages) + " given)");
    if (k.sm90_tma() && k.stages < 2)
      throw SpecError("stages", "Specialization requires Stages set to value 2 or more (" +
                                    std::to_string(k.stages) + " given)");
  }
  if (const json* c = member(spec, "cluster_shape")) {
    const std::vector<int64_t> v = int_array(*c, "cluster_shape", 1, 3);
    if (v.size() != 3) throw SpecError("cluster_shape", "expected [x, y, z], 3 positive integers");
    if (v[0] * v[1] * v[2] > 16)
      throw SpecError("cluster_shape", "a cluster has at most 16 CTAs (8 portably), not " +
                                           std::to_string(v[0] * v[1] * v[2]));
    for (int i = 0; i < 3; ++i) k.cluster[i] = v[i];
    if (v[0] * v[1] * v[2] > 1 && !k.sm90_tma())
      throw SpecError("cluster_shape",
                      "thread block clusters are modelled for the SM90 TMA mainloops "
                      "(\"mainloop\": \"MainloopSm90TmaGmma...\")");
  }
  if (const json* pr = member(spec, "problem")) {
    const std::vector<int64_t> v = int_array(*pr, "problem", 1, 4);
    if (v.size() < 3) throw SpecError("problem", "expected [M, N, K] or [M, N, K, L], positive integers");
    for (std::size_t i = 0; i < v.size(); ++i)
      if (v[i] > (int64_t(1) << 31) - 1)
        throw SpecError("problem[" + std::to_string(i) + "]",
                        "expected at most 2^31 - 1 (GemmUniversal's problem shape is int)");
    k.problem = std::array<int64_t, 4>{v[0], v[1], v[2], v.size() == 4 ? v[3] : 1};
  }
  if (k.sm90_tma()) {
    const std::string& an = mma->atom.name;
    const bool ss = an.rfind("SM90_64x", 0) == 0 && an.find("_RS") == std::string::npos;
    if (!ss)
      throw SpecError("mma.atom",
                      "MMA atom must source both A and B operand from smem_desc for this "
                      "mainloop: " +
                          mma->atom.name + " is not an SM90 GMMA _SS atom");
  }
  const std::string& atom_arch = mma->atom.arch;
  k.arch = k.mainloop.rfind("MainloopSm80", 0) == 0                              ? "sm80"
           : k.sm90_tma()                                                        ? "sm90"
           : k.mainloop.rfind("Mainloop", 0) == 0                                ? "xe"
           : atom_arch.rfind("xe", 0) == 0                                       ? "xe"
           : atom_arch == "sm90" || atom_arch == "sm100" || atom_arch == "sm120" ? atom_arch
                                                                                 : "sm80";
  if (const json* a = member(spec, "arch")) {
    const std::string v = get_string(*a, "arch");
    static const char* const archs[] = {"sm80", "sm86", "sm87", "sm89", "sm90", "sm100", "sm120", "xe"};
    if (std::find(std::begin(archs), std::end(archs), v) == std::end(archs))
      throw SpecError("arch", "expected one of sm80, sm86, sm87, sm89, sm90, sm100, sm120, xe");
    k.arch = v;
  }
  kernel_epilogue(spec, k);
  return k;
}

// The keys each object of a spec may have; anything else is reported as a warning with its JSON path.
void warn_unknown(const json& obj, const std::string& path, std::initializer_list<const char*> known,
                  const char* what, std::vector<SpecWarning>& out) {
  if (!obj.is_object()) return;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    if (std::find_if(known.begin(), known.end(), [&](const char* k) { return it.key() == k; }) != known.end())
      continue;
    std::string list;
    for (const char* k : known) list += (list.empty() ? "" : ", ") + std::string(k);
    out.push_back(
        {"unknown key", join(path, printable(it.key())), std::string("ignored; ") + what + " has " + list});
  }
}

std::vector<SpecWarning> unknown_keys(const json& spec) {
  std::vector<SpecWarning> w;
  warn_unknown(spec, "",
               {"name", "mma", "operands", "copies", "checks", "$schema", "description", "cta_tile", "stages",
                "mainloop", "arch", "cluster_shape", "problem", "tmem", "kernel_schedule", "epilogue"},
               "a spec", w);
  if (const json* t = member(spec, "tmem"))
    warn_unknown(*t, "tmem", {"copy", "tile", "epilogue_tile", "threads", "first_thread"}, "tmem", w);
  if (const json* m = member(spec, "mma"))
    warn_unknown(*m, "mma", {"atom", "tile", "sg_layout", "atom_layout", "permutation", "print"}, "an mma",
                 w);
  if (const json* ops = member(spec, "operands"); ops && ops->is_object()) {
    for (const char* name : {"A", "B", "C", "D"})
      if (const json* o = member(*ops, name)) {
        const std::string path = std::string("operands.") + name;
        warn_unknown(*o, path,
                     {"type", "contiguous", "copy", "shape", "pitch_bytes", "base_align", "reorder", "slm",
                      "stride", "subtile", "smem", "gmem"},
                     "an operand", w);
        if (const json* c = o->is_object() ? member(*o, "copy") : nullptr)
          warn_unknown(*c, path + ".copy",
                       {"atom", "from_mma", "thr_layout", "val_layout", "tma", "print", "ref"}, "a copy", w);
        if (const json* sub = o->is_object() ? member(*o, "subtile") : nullptr)
          warn_unknown(*sub, path + ".subtile", {"tv", "shape", "sg_layout"}, "a subtile", w);
        if (const json* sm = o->is_object() ? member(*o, "smem") : nullptr) {
          warn_unknown(*sm, path + ".smem", {"layout", "atom", "g2s", "s2r", "r2s"}, "an smem stage", w);
          for (const char* k : {"g2s", "s2r", "r2s"})
            if (const json* c = sm->is_object() ? member(*sm, k) : nullptr)
              warn_unknown(*c, path + ".smem." + k,
                           {"atom", "from_mma", "thr_layout", "val_layout", "value_type"}, "a copy", w);
        }
      }
  }
  if (const json* cs = member(spec, "copies"); cs && cs->is_object())
    for (auto it = cs->begin(); it != cs->end(); ++it)
      warn_unknown(it.value(), "copies." + printable(it.key()),
                   {"atom", "value_type", "from_mma", "operand", "thr_layout", "val_layout", "src", "dst",
                    "print", "ref"},
                   "a copy", w);
  return w;
}

// Parser callback: rejects duplicate keys (nlohmann would keep the last one silently) and nesting beyond
// kMaxSpecNesting, naming the JSON path of the offending key or container.
class StrictKeys {
 public:
  bool operator()(int depth, json::parse_event_t event, json& parsed) {
    using E = json::parse_event_t;
    switch (event) {
      case E::object_start:
      case E::array_start: {
        const std::string path = frames_.empty() ? std::string() : child_path();
        if (depth >= kMaxSpecNesting)
          throw SpecError(path, "nesting deeper than " + std::to_string(kMaxSpecNesting) + " levels");
        frames_.push_back({event == E::object_start, path, {}, {}, 0});
        break;
      }
      case E::object_end:
      case E::array_end:
        frames_.pop_back();
        break;
      case E::key: {
        Frame& f = frames_.back();
        f.key = parsed.get<std::string>();
        if (!f.keys.insert(f.key).second)
          throw SpecError(join(f.path, printable(f.key)),
                          "duplicate key; each key may appear once in an object");
        break;
      }
      case E::value:
        if (!frames_.empty()) child_path();
        break;
    }
    return true;
  }

 private:
  struct Frame {
    bool object;
    std::string path;
    std::set<std::string> keys;
    std::string key;
    std::size_t index;
  };
  std::vector<Frame> frames_;
  // Path of the next element of the innermost container (advances an array's index).
  std::string child_path() {
    Frame& f = frames_.back();
    if (f.object) return join(f.path, printable(f.key));
    return f.path + "[" + std::to_string(f.index++) + "]";
  }
};
// "tmem.epilogue_tile": CUTLASS's EpilogueTile, a tiler of 2 modes (M, N), each an integer (Shape<_M,_N>) or
// a layout (the SM100 builder's (64:1, (N/2,2):(1,CtaN/2)) for a 2-CTA M = 128 MMA): [M, N] mode by mode (a
// JSON integer or a layout string, CuTe's spellings too), or the whole tiler as one string,
// "(64,(16,2):(1,64))" or CuTe's print "(_64:_1,(_16,_2):(_1,_64))". A tuple of integers as a mode would be a
// nested tiler, which CuTe applies to the accumulator's sub-modes one by one: refused rather than read as the
// compact layout.
Tiler parse_epilogue_tile(const json& v, const std::string& path) {
  const std::string want = "a positive integer or a layout such as \"(16,2):(1,64)\"";
  const auto check_mode = [&](const Tiler& t, const std::string& p) {
    if (t.is_integer() && t.integer() <= 0) throw SpecError(p, "expected " + want);
    if (t.is_tuple() || t.is_underscore())
      throw SpecError(p, to_string(t) +
                             (t.is_tuple() ? " is a tuple: as a mode of a tiler CuTe applies it to the "
                                             "accumulator's sub-modes one by one, which tvlab does not "
                                             "model; "
                                           : " keeps the whole mode, which tvlab does not model here; ") +
                             "give " + want);
  };
  if (v.is_array()) {
    if (v.size() != 2) throw SpecError(path, "expected [M, N]: 2 modes, each " + want);
    Tiler::Modes modes;
    for (std::size_t i = 0; i < 2; ++i) {
      const std::string p = path + "[" + std::to_string(i) + "]";
      const json& x = v[i];
      if (x.is_number_integer()) {
        const int64_t n = x.get<int64_t>();
        if (n <= 0 || n > (int64_t(1) << 48)) throw SpecError(p, "expected " + want);
        modes.emplace_back(n);
        continue;
      }
      if (!x.is_string()) throw SpecError(p, "expected " + want + ", got " + std::string(x.type_name()));
      const std::string text = x.get<std::string>();
      const Tiler t = at(p, [&]() -> Tiler {
        const Expr e = parse_expr(text);
        if (is_integer_tuple(e)) return Tiler::from_shape(parse_int_tuple(text));
        return Tiler(parse_layout_value(x, p));
      });
      check_mode(t, p);
      modes.push_back(t);
    }
    return Tiler(modes);
  }
  if (!v.is_string())
    throw SpecError(path, "expected [M, N] (each " + want + ") or a tiler such as \"(64,(16,2):(1,64))\"");
  const std::string text = v.get<std::string>();
  const Tiler t = at(path, [&]() -> Tiler {
    if (is_integer_tuple(parse_expr(text))) return Tiler::from_shape(parse_int_tuple(text));
    Value x = evaluate(text);
    if (auto* tt = std::get_if<Tiler>(&x)) return *tt;
    if (auto* it = std::get_if<IntTuple>(&x)) return Tiler::from_shape(*it);
    throw SpecError(path,
                    "expected a tiler of 2 modes (M, N) such as (64,(16,2):(1,64)), got " + to_string(x));
  });
  if (!t.is_tuple() || t.rank() != 2)
    throw SpecError(path,
                    "expected a tiler of 2 modes (M, N) such as (64,(16,2):(1,64)), got " + to_string(t));
  for (int i = 0; i < 2; ++i) check_mode(t.modes()[static_cast<std::size_t>(i)], path);
  return t;
}

// "tmem": an SM100 UMMA's accumulator in tensor memory and the epilogue's TMEM copies (docs/spec.md). Without
// the key a UMMA TiledMMA still gets its accumulator where it builds (plan prints it).
void build_tmem(Plan& plan, const json& spec) {
  const json* t = member(spec, "tmem");
  if (t && !t->is_object())
    throw SpecError("tmem",
                    "expected an object with \"copy\", \"tile\", \"epilogue_tile\", \"threads\", "
                    "\"first_thread\"");
  if (!plan.mma || !is_umma(plan.mma->atom)) {
    if (t)
      throw SpecError("tmem",
                      "tensor memory holds the accumulator of an SM100 UMMA: give \"mma\" an "
                      "SM100_MMA_* atom");
    return;
  }
  const TiledMMA& m = *plan.mma;
  if (m.num_threads() != size(m.atom.thr_id)) {
    if (t)
      throw SpecError("tmem", "tvlab models the accumulator of a TiledMMA of one UMMA atom (no atom_layout)");
    return;
  }
  std::array<int64_t, 2> tile{m.tile_mnk[0], m.tile_mnk[1]};
  std::string tile_path = "mma";
  if (plan.kernel) {
    tile = {plan.kernel->cta_tile[0], plan.kernel->cta_tile[1]};
    tile_path = "cta_tile";
  }
  const auto pair_of = [&](const char* key) -> std::optional<std::array<int64_t, 2>> {
    const json* v = t ? member(*t, key) : nullptr;
    if (!v) return std::nullopt;
    const auto a = int_array(*v, join("tmem", key), 1, 2);
    if (a.size() != 2) throw SpecError(join("tmem", key), "expected [M, N], 2 positive integers");
    return std::array<int64_t, 2>{a[0], a[1]};
  };
  if (auto tt = pair_of("tile")) {
    tile = *tt;
    tile_path = "tmem.tile";
  }
  try {
    plan.tmem_acc = tmem_accumulator(m.atom, tile[0], tile[1]);
  } catch (const AtomError& e) {
    if (t) throw SpecError(tile_path, e.what());
    return;  // e.g. a CTA tile past 512 columns: no accumulator to show, and none was asked for
  }
  if (!t) return;
  const json* c = member(*t, "copy");
  if (!c) {
    for (const char* k : {"epilogue_tile", "threads", "first_thread"})
      if (member(*t, k))
        throw SpecError(join("tmem", k), "describes the epilogue's TMEM copies: give \"copy\" too");
    return;
  }
  const std::string cp = "tmem.copy";
  const std::string name = get_string(*c, cp);
  const CopyAtom atom = at(cp, [&] { return find_copy_atom(name); });
  std::optional<Tiler> epi;
  if (const json* v = member(*t, "epilogue_tile")) epi = parse_epilogue_tile(*v, "tmem.epilogue_tile");
  int64_t threads = 128, first = 0;
  const auto integer = [&](const char* key, int64_t& out) {
    const json* v = member(*t, key);
    if (!v) return;
    if (!v->is_number_integer() || v->get<int64_t>() < 0 || v->get<int64_t>() > 1024)
      throw SpecError(join("tmem", key), "expected an integer in [0, 1024]");
    out = v->get<int64_t>();
  };
  integer("threads", threads);
  integer("first_thread", first);
  if (threads == 0 || threads % 32 != 0)
    throw SpecError("tmem.threads", "expected whole warps: a multiple of 32, at most 1024");
  if (first % 32 != 0 || first + threads > 1024)
    throw SpecError("tmem.first_thread",
                    "expected the first thread of a warp (a multiple of 32), with "
                    "first_thread + threads at most 1024");
  plan.tmem = at(epi ? "tmem.epilogue_tile" : cp, [&] {
    return epi ? make_tmem_epilogue(*plan.tmem_acc, atom, *epi, threads, first)
               : make_tmem_epilogue(*plan.tmem_acc, atom, 0, 0, threads, first);
  });
}

}  // namespace

Plan build_plan(const json& spec) {
  if (!spec.is_object())
    throw SpecError("", "a spec is a JSON object with \"mma\", \"operands\" and/or \"copies\"");
  Plan plan;
  plan.warnings = unknown_keys(spec);
  if (const json* n = member(spec, "name")) plan.name = get_string(*n, "name");
  if (const json* m = member(spec, "mma")) {
    plan.mma = build_mma(*m, "mma");
    if (m->is_object() && member(*m, "print"))
      plan.mma_origin = mma_origin(*plan.mma, one_print((*m)["print"], "mma.print", "TiledMMA").mma->format);
  }
  plan.kernel = kernel_shape(spec, plan.mma);
  if (const json* ops = member(spec, "operands")) {
    if (!ops->is_object()) throw SpecError("operands", "expected an object with keys A, B, C, D");
    for (const char* name : {"A", "B", "C", "D"})
      if (const json* o = member(*ops, name)) {
        if (auto p = build_operand(name, *o, std::string("operands.") + name, plan.mma, plan.kernel))
          (p->how == "smem" ? plan.smem_only : plan.copies).push_back(*p);
        if (auto s = build_smem(name, *o, std::string("operands.") + name, plan.mma, plan.kernel))
          plan.smem.push_back(*s);
      }
    for (auto it = ops->begin(); it != ops->end(); ++it)
      if (it.key() != "A" && it.key() != "B" && it.key() != "C" && it.key() != "D")
        throw SpecError("operands." + it.key(), "unknown operand; expected A, B, C or D");
  }
  if (const json* cs = member(spec, "copies")) {
    if (!cs->is_object()) throw SpecError("copies", "expected an object of named copies");
    for (auto it = cs->begin(); it != cs->end(); ++it)
      plan.copies.push_back(build_standalone(it.key(), it.value(), "copies." + it.key(), plan.mma));
  }
  if (!plan.mma && plan.copies.empty()) throw SpecError("", "the spec has neither an \"mma\" nor \"copies\"");
  build_tmem(plan, spec);
  return plan;
}

// Interim: the typed configuration through its JSON form, until the builder reads it directly.
Plan build_plan(const KernelConfig& config) {
  Plan plan = build_plan(json(config_to_json(config)));
  plan.warnings = config.warnings;
  return plan;
}

Plan build_plan_from_text(const std::string& text) {
  json spec;
  try {
    spec = json::parse(text, StrictKeys());
  } catch (const json::parse_error& e) {
    throw SpecError("", "malformed JSON at byte " + std::to_string(e.byte) + ": " + printable(e.what()));
  } catch (const json::exception& e) {  // e.g. a number beyond a double (fuzz finding: it escaped, exit 3)
    throw SpecError("", "malformed JSON: " + printable(e.what()));
  }
  return build_plan(spec);
}

Plan build_plan_from_print(const std::string& text) {
  std::vector<PrintBlock> blocks;
  try {
    blocks = parse_cute_prints(text);
  } catch (const PrintError& e) {
    throw SpecError("", e.what());
  }
  Plan plan;
  std::set<std::string> names;
  int copies = 0;
  for (const PrintBlock& b : blocks) {
    const std::string where = "line " + std::to_string(b.mma ? b.mma->line : b.copy->line);
    if (b.mma) {
      if (plan.mma) throw SpecError("", where + ": a second TiledMMA print; a spec has one MMA");
      if (!plan.copies.empty())
        throw SpecError("", where + ": the TiledMMA print comes first, before the copies tiled against it");
      plan.mma = at_print("", [&] { return printed_tiled_mma(*b.mma); });
      plan.mma_origin = mma_origin(*plan.mma, b.mma->format);
      continue;
    }
    if (!b.copy->tiled)
      throw SpecError("", where + ": a Copy_Atom's print; a copy is a TiledCopy's (print(tiled_copy))");
    const std::string name = b.label.empty() ? "copy" + std::to_string(++copies) : printable(b.label);
    if (!names.insert(name).second) throw SpecError("", where + ": a second copy named " + name);
    PlannedCopy p;
    p.name = name;
    p.how = "print";
    p.copy = at_print("", [&] {
      const ValueType vt = printed_value_type(*b.copy);
      p.mem_type = vt;
      return printed_tiled_copy(*b.copy, vt);
    });
    const bool operand = name == "A" || name == "B" || name == "C" || name == "D";
    if (operand && !plan.mma)
      throw SpecError(
          "", where + ": a copy labelled " + name + " is an operand's copy; it needs a TiledMMA print first");
    plan.copies.push_back(std::move(p));
  }
  return plan;
}

namespace {
std::string tiler_string(const Tiler& t) {
  return t.is_underscore() ? "_" : to_string(t);
}
// An EpilogueTile as the spec takes it, mode by mode: [128, 16] or [64, "(16,2):(1,64)"].
nlohmann::ordered_json epilogue_tile_json(const Tiler& t) {
  nlohmann::ordered_json j = nlohmann::ordered_json::array();
  for (const Tiler& m : t.modes()) {
    if (m.is_integer())
      j.push_back(m.integer());
    else
      j.push_back(to_string(m));
  }
  return j;
}
}  // namespace

nlohmann::ordered_json plan_to_json(const Plan& plan) {
  nlohmann::ordered_json out;
  if (!plan.name.empty()) out["name"] = plan.name;
  if (plan.kernel) {
    const KernelShape& k = *plan.kernel;
    out["kernel"] = {{"cta_tile", {k.cta_tile[0], k.cta_tile[1], k.cta_tile[2]}},
                     {"stages", k.stages},
                     {"mainloop", k.mainloop},
                     {"arch", k.arch}};
  }
  if (plan.mma) {
    const TiledMMA& m = *plan.mma;
    nlohmann::ordered_json j;
    j["atom"] = m.atom.name;
    j["tile_mnk"] = {m.tile_mnk[0], m.tile_mnk[1], m.tile_mnk[2]};
    j["permutation"] = {tiler_string(m.permutation[0]), tiler_string(m.permutation[1]),
                        tiler_string(m.permutation[2])};
    j["thr_layout_vmnk"] = to_string(m.thr_layout_vmnk);
    j["a_tv"] = to_string(m.get_layoutA_TV());
    j["b_tv"] = to_string(m.get_layoutB_TV());
    j["c_tv"] = to_string(m.get_layoutC_TV());
    if (!plan.mma_origin.empty()) j["from"] = plan.mma_origin;
    out["mma"] = j;
  }
  auto smem_json = [](const SmemStage& st) {
    nlohmann::ordered_json sm;
    sm["tile"] = to_string(st.tile);
    sm["layout"] = to_string(st.layout);
    if (st.staged) {
      sm["stages"] = st.stages;
      sm["staged"] = to_string(*st.staged);
    }
    for (const auto& [key, copy, declared] : {std::tuple{"g2s", &st.g2s, &st.g2s_declared},
                                              {"s2r", &st.s2r, &st.s2r_declared},
                                              {"r2s", &st.r2s, &st.r2s_declared}})
      if (*copy) {
        sm[key] = {{"op", (*copy)->atom.name},
                   {"value_type", (*copy)->value_type.name},
                   {"tiler", to_string((*copy)->tiler)},
                   {"tv", to_string((*copy)->tv)},
                   {"tv_src", to_string((*copy)->get_layoutS_TV())},
                   {"tv_dst", to_string((*copy)->get_layoutD_TV())}};
        if (*declared) sm[key]["declared_value_type"] = (*declared)->name;
      }
    return sm;
  };
  nlohmann::ordered_json copies = nlohmann::ordered_json::object();
  for (const PlannedCopy& p : plan.copies) {
    nlohmann::ordered_json c;
    c["op"] = p.copy.atom.name;
    c["value_type"] = p.copy.value_type.name;
    c["how"] = p.how;
    c["tiler"] = to_string(p.copy.tiler);
    c["tv"] = to_string(p.copy.tv);
    c["tv_src"] = to_string(p.copy.get_layoutS_TV());
    c["tv_dst"] = to_string(p.copy.get_layoutD_TV());
    c["prefetch"] =
        p.prefetch ? nlohmann::ordered_json(p.prefetch->atom.name) : nlohmann::ordered_json(nullptr);
    if (p.prefetch) {
      c["prefetch_tiler"] = to_string(p.prefetch->tiler);
      c["prefetch_tv"] = to_string(p.prefetch->tv);
    }
    if (p.subtile_sg) {
      nlohmann::ordered_json sub;
      sub["shape"] = to_string(*p.subtile_shape);
      sub["sg_layout"] = to_string(*p.subtile_sg);
      sub["tv"] =
          p.subtile_tv ? nlohmann::ordered_json(to_string(*p.subtile_tv)) : nlohmann::ordered_json(nullptr);
      c["subtile"] = sub;
    }
    if (p.slm_layout) {
      nlohmann::ordered_json slm;
      slm["layout"] = to_string(*p.slm_layout);
      for (const auto& [key, copy] : {std::pair{"r2s", &*p.r2s}, {"s2r", &*p.s2r}})
        slm[key] = {{"op", copy->atom.name},
                    {"value_type", copy->value_type.name},
                    {"tiler", to_string(copy->tiler)},
                    {"tv", to_string(copy->tv)}};
      c["slm"] = slm;
    }
    if (p.gmem)
      c["gmem"] = {{"layout", p.gmem->layout_text},
                   {"contiguous", std::string(1, (p.name == "A"   ? "MK"
                                                  : p.name == "B" ? "NK"
                                                                  : "MN")[p.gmem->contiguous])},
                   {"alignment", p.gmem->alignment}};
    if (p.smem) c["smem"] = smem_json(*p.smem);
    copies[p.name] = c;
  }
  out["copies"] = copies;
  // Staged operands without a register copy (the MMA reads shared memory itself): their stage only.
  if (!plan.smem_only.empty()) {
    nlohmann::ordered_json so = nlohmann::ordered_json::object();
    for (const PlannedCopy& p : plan.smem_only)
      so[p.name] = {{"value_type", p.mem_type.name}, {"smem", smem_json(*p.smem)}};
    out["smem_only"] = so;
  }
  if (plan.tmem_acc) {
    const TmemAccumulator& a = *plan.tmem_acc;
    nlohmann::ordered_json j;
    j["mma"] = a.mma;
    j["value_type"] = a.value_type.name;
    j["ctas"] = a.ctas;
    j["tile"] = {a.tile_m, a.tile_n};
    j["layout"] = to_string(a.layout);
    j["alloc"] = a.alloc == TmemAllocMode::NonInterleaved ? "NonInterleaved" : "Interleaved";
    if (plan.tmem) {
      const TmemEpilogue& e = *plan.tmem;
      j["epilogue"] = {{"op", e.copy.atom.name},
                       {"epilogue_tile", epilogue_tile_json(e.tile)},
                       {"threads", e.threads},
                       {"first_thread", e.first_thread},
                       {"tiles", to_string(e.tiles)},
                       {"tiler", to_string(e.copy.tiler)},
                       {"tv", to_string(e.copy.tv)},
                       {"tv_src", to_string(e.copy.get_layoutS_TV())},
                       {"tv_dst", to_string(e.copy.get_layoutD_TV())}};
    }
    out["tmem"] = j;
  }
  if (!plan.smem.empty()) {
    nlohmann::ordered_json sm = nlohmann::ordered_json::object();
    for (const PlannedSmem& p : plan.smem) {
      nlohmann::ordered_json j;
      j["layout"] = p.layout_text;
      j["major"] = to_string(p.major);
      j["descriptor"] = p.descriptor;
      if (p.staged) {
        j["staged"] = std::visit([](const auto& l) { return to_string(l); }, *p.staged);
        j["stages"] = p.stages;
      }
      if (p.tma) {
        const TmaFacts& t = *p.tma;
        const bool runtime = p.tma_ld_alignment > 0;  // representative extents: not the user's
        j["tma"] = {
            {"rank", t.rank},
            {"box", t.box},
            {"global_dim", runtime ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(t.global_dim)},
            {"global_stride_bytes",
             runtime ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(t.global_stride_bytes)},
            {"swizzle", t.cu_swizzle},
            {"box_bytes", t.box_bytes},
            {"calls", t.calls}};
        if (!p.tma_op.empty()) {
          j["tma"]["op"] = p.tma_op;
          j["tma"]["gmem"] = p.tma_gmem;
          j["tma"]["multicast"] = p.tma_cluster;
        }
      }
      sm[p.name] = j;
    }
    out["smem"] = sm;
  }
  return out;
}

namespace {
// "1 thread" (a UMMA atom is issued by one thread), "128 threads".
// What thr_layout_vmnk counts: threads, or the CTAs of a CTA-scoped atom (SM100 UMMA: one CTA, or a pair).
std::string threads_text(int64_t n, const std::string& scope = "") {
  if (scope == "cta") return std::to_string(n) + (n == 1 ? " CTA" : " CTAs");
  return std::to_string(n) + (n == 1 ? " thread" : " threads");
}
}  // namespace

std::string plan_to_text(const Plan& plan) {
  std::ostringstream s;
  if (!plan.name.empty()) s << plan.name << "\n";
  if (plan.mma) {
    const TiledMMA& m = *plan.mma;
    s << "TiledMMA " << m.atom.name << "\n"
      << "  tile_mnk        (" << m.tile_mnk[0] << "," << m.tile_mnk[1] << "," << m.tile_mnk[2] << ")\n"
      << "  permutation     (" << tiler_string(m.permutation[0]) << "," << tiler_string(m.permutation[1])
      << "," << tiler_string(m.permutation[2]) << ")\n"
      << "  thr_layout_vmnk " << to_string(m.thr_layout_vmnk) << "  ("
      << threads_text(m.num_threads(), m.atom.scope) << ")\n"
      << "  A_TV            " << to_string(m.get_layoutA_TV()) << "\n"
      << "  B_TV            " << to_string(m.get_layoutB_TV()) << "\n"
      << "  C_TV            " << to_string(m.get_layoutC_TV()) << "\n";
    if (!plan.mma_origin.empty()) s << "  from            " << plan.mma_origin << "\n";
  }
  for (const PlannedCopy& p : plan.copies) {
    s << "\nCopy " << p.name << " (" << p.how << "): " << p.copy.atom.name << " of " << p.copy.value_type.name
      << "\n"
      << "  tiler  " << to_string(p.copy.tiler) << "  (" << threads_text(p.copy.num_threads()) << ")\n"
      << "  tv     " << to_string(p.copy.tv) << "\n"
      << "  tv_src " << to_string(p.copy.get_layoutS_TV()) << "\n"
      << "  tv_dst " << to_string(p.copy.get_layoutD_TV()) << "\n";
    if (p.prefetch)
      s << "  prefetch " << p.prefetch->atom.name << "  tiler " << to_string(p.prefetch->tiler) << "  tv "
        << to_string(p.prefetch->tv) << "\n";
    if (p.subtile_sg)
      s << "  subtile shape " << to_string(*p.subtile_shape) << "  sg_layout " << to_string(*p.subtile_sg)
        << (p.subtile_tv ? "  tv " + to_string(*p.subtile_tv) : std::string()) << "\n";
    if (p.slm_layout) {
      s << "  slm layout " << to_string(*p.slm_layout) << "\n";
      for (const auto& [key, copy] : {std::pair{"r2s", &*p.r2s}, {"s2r", &*p.s2r}})
        s << "  slm " << key << "    " << copy->atom.name << " of " << copy->value_type.name << "  tiler "
          << to_string(copy->tiler) << "  tv " << to_string(copy->tv) << "\n";
    }
  }
  for (const PlannedCopy& p : plan.smem_only) {
    const TiledCopy& g = *p.smem->g2s;
    s << "\nOperand " << p.name << " (smem, no register copy: the MMA reads shared memory itself)\n"
      << "  smem   " << to_string(p.smem->layout) << "\n"
      << "  g2s    " << g.atom.name << " of " << g.value_type.name << "  tiler " << to_string(g.tiler)
      << "  tv " << to_string(g.tv) << "\n";
  }
  // A stage copy whose Copy_Atom declares another value type than its operand's: said, never replaced.
  for (const auto* list : {&plan.copies, &plan.smem_only})
    for (const PlannedCopy& p : *list) {
      if (!p.smem) continue;
      for (const auto& [key, copy, declared] : {std::tuple{"g2s", &p.smem->g2s, &p.smem->g2s_declared},
                                                {"s2r", &p.smem->s2r, &p.smem->s2r_declared},
                                                {"r2s", &p.smem->r2s, &p.smem->r2s_declared}})
        if (*copy && *declared)
          s << "\nOperand " << p.name << "'s " << key << " declares Copy_Atom<" << (*copy)->atom.name << ", "
            << (*declared)->name << ">, over " << p.name << "'s " << p.mem_type.name << " (verify: type."
            << p.name << "." << key << ")\n";
    }
  if (plan.tmem_acc) {
    const TmemAccumulator& a = *plan.tmem_acc;
    const Layout mn = a.mn();
    int64_t last_lane = 0, last_col = 0;
    for (int64_t i = 0; i < size(mn); ++i) {
      const TmemAddress ad = tmem_address(mn(i), a.value_type.bits);
      last_lane = std::max(last_lane, ad.lane);
      last_col = std::max(last_col, ad.column);
    }
    s << "\nTMEM accumulator: " << a.value_type.name << " (" << a.tile_m << "," << a.tile_n << ") per CTA"
      << (a.ctas == 2 ? ", each CTA of the pair holds " + std::to_string(a.mma_m) + " of each MMA's " +
                            std::to_string(2 * a.mma_m) + " rows"
                      : std::string())
      << "\n"
      << "  partition_fragment_C " << to_string(a.layout) << "\n"
      << "  (m,n) -> offset      " << to_string(mn) << "  (lane = offset >> "
      << 16 + tmem_offset_shift(a.value_type.bits) << ", column = "
      << (tmem_offset_shift(a.value_type.bits) == 0
              ? std::string("offset & 0xFFFF")
              : "(offset >> " + std::to_string(tmem_offset_shift(a.value_type.bits)) + ") & 0xFFFF")
      << ")\n"
      << "  lanes 0.." << last_lane << ", columns 0.." << last_col << " of 512"
      << (a.alloc == TmemAllocMode::NonInterleaved ? "  (TmemAllocMode::NonInterleaved)" : "") << "\n";
  }
  if (plan.tmem) {
    const TmemEpilogue& e = *plan.tmem;
    const TiledCopy& c = e.copy;
    const LayoutSlice p0 = e.store() ? c.partition_D(e.tiles, 0) : c.partition_S(e.tiles, 0);
    s << "\nTMEM epilogue " << (e.store() ? "store" : "load") << ": " << c.atom.name << " of "
      << c.value_type.name << ", epilogue tile " << to_string(e.tile) << ", threads " << e.first_thread
      << ".." << e.first_thread + e.threads - 1 << "\n"
      << "  tAcc_epi " << to_string(e.tiles) << "\n"
      << "  tiler    " << to_string(c.tiler) << "  (" << threads_text(c.num_threads()) << ")\n"
      << "  tv       " << to_string(c.tv) << "\n"
      << "  tv_src   " << to_string(c.get_layoutS_TV()) << "\n"
      << "  tv_dst   " << to_string(c.get_layoutD_TV()) << "\n"
      << "  " << (e.store() ? "partition_D" : "partition_S") << " " << to_string(p0.layout) << "  ("
      << size(take(p0.layout, 1, rank(p0.layout))) << " calls per thread)\n";
  }
  for (const PlannedSmem& p : plan.smem) {
    s << "\nSmem " << p.name << " (" << to_string(p.major) << "-major): " << p.layout_text << "\n";
    if (p.staged)
      s << "  " << p.stages
        << " stages: " << std::visit([](const auto& l) { return to_string(l); }, *p.staged) << "\n";
    if (p.tma) {
      auto list = [](const std::vector<int64_t>& v) {
        std::string r;
        for (int64_t x : v) r += (r.empty() ? "" : ",") + std::to_string(x);
        return "{" + r + "}";
      };
      if (!p.tma_op.empty())
        s << "  " << p.tma_op << " of " << p.tma_gmem << ", multicast over " << p.tma_cluster << " CTA(s)\n";
      s << "  tma box " << list(p.tma->box);
      if (p.tma_ld_alignment > 0)
        s << "  globalDim, globalStrides: run-time (ld a multiple of " << p.tma_ld_alignment << " elements)";
      else
        s << "  globalDim " << list(p.tma->global_dim) << "  globalStrides "
          << list(p.tma->global_stride_bytes) << " B";
      s << "  " << p.tma->cu_swizzle << "  " << p.tma->calls << " call(s) of " << p.tma->box_bytes << " B\n";
    }
  }
  return s.str();
}

}  // namespace tvlab
