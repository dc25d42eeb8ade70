#include "build_support.hpp"

#include <algorithm>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab::model {

void check_ints(const std::vector<int64_t>& v, const std::string& path, int64_t min, std::size_t max_size) {
  if (v.empty() || v.size() > max_size)
    throw SpecError(path, "expected an array of 1 to " + std::to_string(max_size) + " integers");
  for (std::size_t i = 0; i < v.size(); ++i)
    if (v[i] < min || v[i] > (int64_t(1) << 48))
      throw SpecError(spec_index(path, i), "expected an integer in [" + std::to_string(min) + ", 2^48]");
}

Layout parse_layout(const Notation& v, const std::string& path) {
  if (const auto* n = std::get_if<int64_t>(&v)) return at(path, [&] { return make_layout(IntTuple(*n)); });
  const std::string& text = std::get<std::string>(v);
  return at(path, [&]() -> Layout {
    Value x = evaluate(text);
    if (auto* l = std::get_if<Layout>(&x)) return *l;
    if (auto* t = std::get_if<IntTuple>(&x)) return make_layout(*t);
    throw SpecError(path, "expected a layout, got " + to_string(x));
  });
}

Tiler parse_tiler_mode(const Notation& v, const std::string& path) {
  if (const auto* s = std::get_if<std::string>(&v); s && *s == "_") return Tiler(Underscore{});
  if (const auto* n = std::get_if<int64_t>(&v)) return Tiler(*n);
  return Tiler(parse_layout(v, path));
}

bool is_integer_tuple(const Expr& e) {
  if (e.kind == Expr::Kind::Integer) return !e.value.is_basis();
  if (e.kind != Expr::Kind::Tuple) return false;
  for (const Expr& c : e.children)
    if (!is_integer_tuple(c)) return false;
  return true;
}

Tiler parse_permutation(const TilerConfig& v, const std::string& path) {
  if (const auto* modes_given = std::get_if<std::vector<Notation>>(&v)) {
    if (modes_given->size() > 3) throw SpecError(path, "at most 3 modes (M,N,K)");
    Tiler::Modes modes;
    for (std::size_t i = 0; i < modes_given->size(); ++i)
      modes.push_back(parse_tiler_mode((*modes_given)[i], spec_index(path, i)));
    return Tiler(modes);
  }
  const std::string& text = std::get<std::string>(v);
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

ValueType value_type_at(const std::string& name, const std::string& path) {
  return at(path, [&] { return value_type(name); });
}

CopyAtom copy_atom_at(const std::string& name, const std::string& path) {
  return at(path, [&] { return find_copy_atom(name); });
}

XeOperand operand_of(const std::string& name) {
  return name == "A" ? XeOperand::A : name == "B" ? XeOperand::B : name == "C" ? XeOperand::C : XeOperand::D;
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
                              const std::string& path, const ModeOrder& order) {
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
  return product(inner_layout(l).shape[i]);
}

// Stage 0 of a staged layout: its first two modes.
SmemLayout first_stage(const SmemLayout& staged) {
  if (const Layout* l = std::get_if<Layout>(&staged)) return take(*l, 0, 2);
  return take(std::get<ComposedLayout>(staged), 0, 2);
}

// operands.X.gmem = {"layout": "RowMajor" | "ColumnMajor" | "K" | "M" | "N", "alignment": elements}: the
// contiguous mode letter as TagToStrideX_t makes it (A RowMajor: K; B ColumnMajor: K; B RowMajor: N; C, D
// RowMajor: N), and the alignment (default: CUTLASS's 16 bytes, 128 / sizeof_bits<T>).
GmemOperand gmem_operand(const std::string& name, const GmemConfig& g, const std::string& path,
                         const ValueType& vt, std::string& letter) {
  if (!g.layout)
    throw SpecError(spec_path(path, "layout"),
                    "missing: RowMajor or ColumnMajor (cutlass::layout tags, as TagToStride" + name +
                        "_t reads them), or the contiguous mode");
  GmemOperand out;
  out.layout_text = *g.layout;
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
    throw SpecError(spec_path(path, "layout"), "expected RowMajor, ColumnMajor or the contiguous mode (" +
                                                   dims.substr(0, 1) + " or " + dims.substr(1) + "), not '" +
                                                   printable(out.layout_text) + "'");
  out.contiguous = dims.find(letter) == 1 ? 1 : 0;
  if (g.alignment) {
    const int64_t a = *g.alignment;
    if (a <= 0 || a > (int64_t(1) << 20) || (a & (a - 1)) != 0)
      throw SpecError(spec_path(path, "alignment"), "expected a power of two (elements), as AlignmentX");
    out.alignment = a;
    out.alignment_given = true;
  } else {
    out.alignment = std::max<int64_t>(1, 128 / std::max(1, vt.bits));
  }
  return out;
}

// The copy, once its source and destination partitions exist: CuTe builds them in partition_S / _D
// (tidfrg_S / _D, zipped_divide by the atom's values), and a copy whose values the atom does not tile
// fails to compile there. A LayoutError here names CuTe's condition; callers report it at a spec path.
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

// make_tiled_copy(atom, thr_layout, val_layout) from {"atom", "thr_layout", "val_layout"}.
TiledCopy thr_val_copy(const CopyAtom& atom, const ValueType& vt, const CopyConfig& c,
                       const std::string& path) {
  if (!c.thr_layout)
    throw SpecError(spec_path(path, "thr_layout"), "missing: give thr_layout (and val_layout) or from_mma");
  const Layout t = parse_layout(*c.thr_layout, spec_path(path, "thr_layout"));
  const Layout v = c.val_layout ? parse_layout(*c.val_layout, spec_path(path, "val_layout")) : Layout();
  const TiledCopy copy = at(path, [&] { return make_tiled_copy(atom, vt, t, v); });
  return at(c.val_layout ? spec_path(path, "val_layout") : path, [&] { return partitionable(copy); });
}

// {"print": TEXT, "ref", "atom"}: the TiledCopy CuTe printed, of value type vt (nullopt: the print's own).
TiledCopy printed_copy(const CopyConfig& c, const std::string& path,
                       const std::optional<ValueType>& vt_given) {
  if (c.from_mma)
    throw SpecError(spec_path(path, "from_mma"),
                    "the print gives the copy's tiler and TV layout; give "
                    "\"print\" alone (with \"atom\" to name the atom it "
                    "was printed from, \"ref\" for a DSL print)");
  for (auto [key, given] :
       {std::pair{"thr_layout", c.thr_layout.has_value()}, {"val_layout", c.val_layout.has_value()}})
    if (given)
      throw SpecError(
          spec_path(path, key),
          "the print gives the copy's tiler and TV layout; give \"print\" alone (with \"atom\" to name "
          "the atom it was printed from, \"ref\" for a DSL print)");
  const std::string pp = spec_path(path, "print");
  const PrintedCopy& b = *c.print;
  if (!b.tiled) throw SpecError(pp, "is a Copy_Atom's print; a copy is a TiledCopy's (print(tiled_copy))");
  const ValueType printed_vt = at_print(pp, [&] { return printed_value_type(b); });
  const ValueType vt = vt_given.value_or(printed_vt);
  if (vt_given && !b.value_type.empty() && !(printed_vt == *vt_given))
    throw SpecError(pp, "the print's copy moves " + printed_vt.name + " (" + b.value_type +
                            "), the operand is " + vt_given->name);
  std::optional<CopyAtom> atom;
  if (c.atom) atom = copy_atom_at(*c.atom, spec_path(path, "atom"));
  PrintedRef ref = PrintedRef::Given;
  if (c.ref) {
    if (*c.ref != "src" && *c.ref != "dst")
      throw SpecError(spec_path(path, "ref"),
                      "expected \"src\" or \"dst\": the atom layout TiledLayout_TV is written in");
    ref = *c.ref == "src" ? PrintedRef::Src : PrintedRef::Dst;
  }
  return at_print(pp, [&] { return printed_tiled_copy(b, vt, ref, atom); });
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

}  // namespace tvlab::model
