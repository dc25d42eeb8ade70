#include "tvlab/verify/writers/spec_cpp.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/composed_layout.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/banks/smem_access.hpp"
#include "tvlab/verify/model/spec_error.hpp"

namespace tvlab {

namespace {

constexpr const char* kNeedsModel = "the C++ writer needs a kernel model (cta_tile, mainloop, mma, operands)";

// The integer constants cute/numeric/integral_constant.hpp names _N.
bool cute_names(int64_t v) {
  static const std::set<int64_t> named = {48,  64,  80,   96,   112,  128,  192,   256,   384,
                                          512, 768, 1024, 2048, 4096, 8192, 16384, 32768, 65536};
  return (v >= 0 && v <= 32) || named.count(v);
}

std::string int_cpp(const Scalar& s, const std::string& what) {
  if (s.is_basis()) throw SpecError("", what + ": a scaled basis has no C++ spelling here");
  const int64_t v = s.value;
  if (v < 0) return "Int<" + std::to_string(v) + ">";
  return cute_names(v) ? "_" + std::to_string(v) : "Int<" + std::to_string(v) + ">";
}

std::string tuple_cpp(const IntTuple& t, const char* kind, const std::string& what) {
  if (t.is_leaf()) return int_cpp(t.value(), what);
  std::string s = std::string(kind) + "<";
  for (int i = 0; i < t.size(); ++i) s += (i ? ", " : "") + tuple_cpp(t[i], kind, what);
  return s + ">";
}

// Layout<Shape<...>> when the strides are the compact column-major ones CuTe defaults to, else with Stride.
std::string plain_layout_cpp(const Layout& l, const std::string& what) {
  if (make_layout(l.shape) == l) return "Layout<" + tuple_cpp(l.shape, "Shape", what) + ">";
  return "Layout<" + tuple_cpp(l.shape, "Shape", what) + ", " + tuple_cpp(l.stride, "Stride", what) + ">";
}

// half_t -> cutlass::half_t, uint128_t -> cute::uint128_t, float -> float.
std::string type_cpp(const std::string& name) {
  const ValueType t = value_type(name);
  static const std::set<std::string> cutlass_types = {
      "half_t", "bfloat16_t", "tfloat32_t", "float_e4m3_t", "float_e5m2_t", "int4b_t", "uint4b_t"};
  if (cutlass_types.count(t.name)) return "cutlass::" + t.name;
  if (t.name == "uint128_t") return "cute::uint128_t";
  return t.name;
}

// An atom's name with its template arguments' value types qualified: SM80_CP_ASYNC_CACHEALWAYS<uint128_t> ->
// SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>; XE_DPAS_TT<8,float,bfloat16_t> -> XE_DPAS_TT<8, float,
// cutlass::bfloat16_t>.
std::string atom_cpp(const std::string& name) {
  const auto lt = name.find('<');
  if (lt == std::string::npos) return name;
  if (name.back() != '>') throw SpecError("", "'" + name + "' is not an atom name");
  std::string out = name.substr(0, lt) + "<";
  std::stringstream args(name.substr(lt + 1, name.size() - lt - 2));
  std::string a;
  bool first = true;
  while (std::getline(args, a, ',')) {
    while (!a.empty() && a.front() == ' ') a.erase(a.begin());
    while (!a.empty() && a.back() == ' ') a.pop_back();
    const bool number = !a.empty() && (std::isdigit(static_cast<unsigned char>(a[0])) || a[0] == '-');
    out += (first ? "" : ", ") + (number ? a : type_cpp(a));
    first = false;
  }
  return out + ">";
}

// A required string of the configuration ("expected a string" at its path when absent).
const std::string& required(const std::optional<std::string>& v, const std::string& path) {
  if (!v) throw SpecError(path, "expected a string");
  return *v;
}

// A layout given as text, in C++ (errors at `path`); an integer n (the layout n:1) is not written.
std::string layout_at(const std::optional<Notation>& n, const std::string& path) {
  if (!n || !std::holds_alternative<std::string>(*n)) throw SpecError(path, "expected a string");
  try {
    return layout_to_cpp(std::get<std::string>(*n));
  } catch (const SpecError& e) {
    throw SpecError(path, e.what());
  }
}

// The keys of an object the writer does not express: `given` lists the configuration's keys that are set
// (their names under `path`), and an unknown key a reader kept as a warning counts as set. Any of them is a
// SpecError at the first in key order (never dropped).
void only_keys(const KernelConfig& config, const std::string& path, std::vector<std::string> given) {
  const std::string prefix = path.empty() ? "" : path + ".";
  for (const SpecWarning& w : config.warnings)
    if (w.path.size() > prefix.size() && w.path.compare(0, prefix.size(), prefix) == 0 &&
        w.path.find('.', prefix.size()) == std::string::npos)
      given.push_back(w.path.substr(prefix.size()));
  if (given.empty()) return;
  std::sort(given.begin(), given.end());
  throw SpecError(prefix + given.front(),
                  "the C++ writer does not express this key (a CollectiveMma has no place for it)");
}

// The keys of `set` that hold a value.
std::vector<std::string> set_keys(std::initializer_list<std::pair<const char*, bool>> set) {
  std::vector<std::string> out;
  for (const auto& [k, on] : set)
    if (on) out.emplace_back(k);
  return out;
}

std::string tile_shape_cpp(const std::vector<int64_t>& t) {
  if (t.size() != 3) throw SpecError("cta_tile", "expected [M, N, K]");
  std::string s = "Shape<";
  for (size_t i = 0; i < 3; ++i) s += (i ? ", " : "") + int_cpp(Scalar(t[i]), "cta_tile");
  return s + ">";
}

std::string stride_tag(const KernelConfig& config, const std::string& x, const OperandConfig& op,
                       const std::string& path) {
  if (!op.gmem) throw SpecError(path + ".gmem", "the C++ writer needs the operand's gmem layout");
  only_keys(config, path + ".gmem", {});
  const std::string l = op.gmem->layout.value_or("");
  if (l != "RowMajor" && l != "ColumnMajor")
    throw SpecError(path + ".gmem.layout", "the C++ writer spells RowMajor or ColumnMajor, not '" + l + "'");
  return "cutlass::gemm::TagToStride" + x + "_t<cutlass::layout::" + l + ">";
}

// An SM80 TiledMMA's permutation: a tile of layouts, integers and "_", or one tuple text.
std::string permutation_cpp(const TilerConfig& p) {
  if (const auto* modes = std::get_if<std::vector<Notation>>(&p)) {
    std::string s = ", Tile<";
    for (size_t k = 0; k < modes->size(); ++k) {
      const std::string at = "mma.permutation[" + std::to_string(k) + "]";
      s += k ? ", " : "";
      const Notation& m = (*modes)[k];
      if (const auto* i = std::get_if<int64_t>(&m)) {
        s += int_cpp(Scalar(*i), at);
      } else if (std::get<std::string>(m) == "_") {
        s += "Underscore";
      } else {
        try {
          s += layout_to_cpp(std::get<std::string>(m));
        } catch (const SpecError& e) {
          throw SpecError(at, e.what());
        }
      }
    }
    return s + ">";
  }
  IntTuple perm;
  try {
    perm = parse_int_tuple(std::get<std::string>(p));
  } catch (const std::exception& e) {
    throw SpecError("mma.permutation", std::string("the C++ writer takes a tile: ") + e.what());
  }
  return ", " + tuple_cpp(perm, "Tile", "mma.permutation");
}

}  // namespace

std::string layout_to_cpp(const std::string& notation) {
  SmemLayout l;
  try {
    l = parse_smem_layout(notation);
  } catch (const std::exception& e) {
    throw SpecError("", "'" + notation + "' is not a layout: " + e.what());
  }
  if (auto* p = std::get_if<Layout>(&l)) return plain_layout_cpp(*p, notation);
  const ComposedLayout& c = std::get<ComposedLayout>(l);
  if (!c.offset.is_leaf() || c.offset.value().is_basis() || c.offset.value().value != 0)
    throw SpecError("",
                    "'" + notation + "': a swizzled layout with a nonzero offset has no C++ spelling here");
  const Swizzle& sw = c.swizzle;
  return "decltype(composition(Swizzle<" + std::to_string(sw.bits) + ", " + std::to_string(sw.base) + ", " +
         std::to_string(sw.shift) + ">{}, " + plain_layout_cpp(c.layout, notation) + "{}))";
}

std::string spec_to_cpp(const KernelConfig& config, const std::string& scope) {
  const KernelParams& k = config.kernel;
  if (!k.cta_tile) throw SpecError("cta_tile", kNeedsModel);
  if (!k.mainloop) throw SpecError("mainloop", kNeedsModel);
  if (!config.mma) throw SpecError("mma", kNeedsModel);
  if (!config.operands_given && config.operands.empty()) throw SpecError("operands", kNeedsModel);
  const std::string& mainloop = *k.mainloop;
  const bool sm80 = mainloop == "MainloopSm80CpAsync" || mainloop == "MainloopSm80CpAsyncUnpredicated";
  const bool xe = mainloop == "MainloopXeL1Staged";
  if (!sm80 && !xe)
    throw SpecError("mainloop",
                    "the C++ writer writes MainloopSm80CpAsync[Unpredicated] and MainloopXeL1Staged "
                    "collectives, not " +
                        mainloop);
  only_keys(config, "",
            set_keys({{"arch", k.arch.has_value()},
                      {"cluster_shape", k.cluster_shape.has_value()},
                      {"copies", !config.copies.empty()},
                      {"epilogue", k.epilogue.has_value()},
                      {"kernel_schedule", k.kernel_schedule.has_value()},
                      {"problem", k.problem.has_value()},
                      {"tmem", config.tmem.has_value()}}));
  const int64_t stages = k.stages.value_or(1);
  const MmaConfig& mma = *config.mma;
  {
    std::vector<std::string> others;
    for (const OperandConfig& o : config.operands)
      if (o.name != "A" && o.name != "B") others.push_back(o.name);
    only_keys(config, "operands", others);
  }
  for (const char* x : {"A", "B"})
    if (!config.operand(x))
      throw SpecError(std::string("operands.") + x, "a CollectiveMma needs both A and B");

  std::ostringstream os;
  if (!config.name.empty()) os << "// " << config.name << "\n";
  os << "namespace " << scope << " {\nusing namespace cute;\n\n";
  os << "using TileShape = " << tile_shape_cpp(*k.cta_tile) << ";\n";
  if (sm80) {
    only_keys(config, "mma",
              set_keys({{"print", mma.print.has_value()},
                        {"sg_layout", mma.sg_layout.has_value()},
                        {"tile", mma.tile.has_value()}}));
    os << "using TiledMma = TiledMMA<MMA_Atom<" << atom_cpp(required(mma.atom, "mma.atom")) << ">";
    if (mma.atom_layout) {
      os << ", " << layout_at(mma.atom_layout, "mma.atom_layout");
      if (mma.permutation) os << permutation_cpp(*mma.permutation);
    } else if (mma.permutation) {
      throw SpecError("mma.permutation", "a permutation needs atom_layout");
    }
    os << ">;\n";
  } else {
    only_keys(config, "mma",
              set_keys({{"atom_layout", mma.atom_layout.has_value()},
                        {"permutation", mma.permutation.has_value()},
                        {"print", mma.print.has_value()}}));
    os << "using TiledMma = typename TiledMMAHelper<MMA_Atom<" << atom_cpp(required(mma.atom, "mma.atom"))
       << ">, Layout<TileShape>,\n                                         "
       << layout_at(mma.sg_layout, "mma.sg_layout") << ">::TiledMMA;\n";
    if (mma.tile && !std::equal(mma.tile->begin(), mma.tile->end(), k.cta_tile->begin()))
      throw SpecError("mma.tile", "sycl-tla's TiledMMAHelper takes the CTA tile (Layout<TileShape>)");
  }
  std::string args[2];
  for (int i = 0; i < 2; ++i) {
    const std::string x = i ? "B" : "A";
    const std::string path = "operands." + x;
    const OperandConfig& op = *config.operand(x);
    const std::string elem = type_cpp(required(op.type, path + ".type"));
    // The operand's keys besides type and gmem.
    auto others = [&](bool smem, bool copy) {
      return set_keys({{"base_align", op.base_align.has_value()},
                       {"contiguous", op.contiguous.has_value()},
                       {"copy", copy},
                       {"pitch_bytes", op.pitch_bytes.has_value()},
                       {"reorder", op.reorder.has_value()},
                       {"shape", op.shape.has_value()},
                       {"slm", op.slm.has_value()},
                       {"smem", smem},
                       {"stride", op.stride.has_value()},
                       {"subtile", op.subtile.has_value()}});
    };
    if (sm80) {
      only_keys(config, path, others(false, op.copy.has_value()));
      if (!op.smem) throw SpecError(path + ".smem", "an SM80 collective stages A and B in smem");
      const SmemConfig& sm = *op.smem;
      only_keys(config, path + ".smem",
                set_keys({{"layout", sm.layout.has_value()}, {"r2s", sm.r2s.has_value()}}));
      os << "\nusing Element" << x << " = " << elem << ";\n";
      if (op.gmem && op.gmem->alignment)
        os << "constexpr int Alignment" << x << " = " << *op.gmem->alignment
           << ";  // not a CollectiveMma argument: tvlab verify --bind " << x << ".alignment=Alignment" << x
           << "\n";
      if (!sm.atom) throw SpecError(path + ".smem.atom", "expected a string");
      os << "using SmemLayoutAtom" << x << " = " << layout_at(Notation(*sm.atom), path + ".smem.atom")
         << ";\n";
      const std::string s2r_path = path + ".smem.s2r";
      if (!sm.s2r) throw SpecError(s2r_path, "the C++ writer needs the s2r copy (the SmemCopyAtom)");
      const CopyConfig& r = *sm.s2r;
      const std::string s2r = r.name ? *r.name : required(r.atom, s2r_path + ".atom");
      // A copy's declared value type (Copy_Atom<Op, T>) is written as declared, else the element type.
      auto value_cpp = [&](const CopyConfig& c) {
        return !c.name && c.value_type ? type_cpp(*c.value_type) : "Element" + x;
      };
      // The object forms: s2r {atom, from_mma, value_type}; g2s {atom, thr_layout, val_layout, value_type}.
      if (!r.name)
        only_keys(config, s2r_path,
                  set_keys({{"print", r.print.has_value()},
                            {"ref", r.ref.has_value()},
                            {"thr_layout", r.thr_layout.has_value()},
                            {"tma", r.tma.has_value()},
                            {"val_layout", r.val_layout.has_value()}}));
      os << "using SmemCopyAtom" << x << " = Copy_Atom<" << atom_cpp(s2r) << ", " << value_cpp(r) << ">;\n";
      if (!sm.g2s || sm.g2s->name)
        throw SpecError(path + ".smem.g2s",
                        "the C++ writer needs the g2s copy as {atom, thr_layout, val_layout}");
      const CopyConfig& g = *sm.g2s;
      const std::string g2s_path = path + ".smem.g2s";
      only_keys(config, g2s_path,
                set_keys({{"from_mma", g.from_mma.has_value()},
                          {"print", g.print.has_value()},
                          {"ref", g.ref.has_value()},
                          {"tma", g.tma.has_value()}}));
      os << "using GmemTiledCopy" << x << " = decltype(make_tiled_copy(Copy_Atom<"
         << atom_cpp(required(g.atom, g2s_path + ".atom")) << ", " << value_cpp(g) << ">{},\n    "
         << layout_at(g.thr_layout, g2s_path + ".thr_layout") << "{},\n    "
         << (g.val_layout ? layout_at(g.val_layout, g2s_path + ".val_layout") : "Layout<_1>") << "{}));\n";
      args[i] = "Element" + x + ", " + stride_tag(config, x, op, path);
      args[i] += "|GmemTiledCopy" + x + ", SmemLayoutAtom" + x + ", SmemCopyAtom" + x + ", cute::identity";
    } else {
      only_keys(config, path, others(op.smem.has_value(), false));
      os << "\nusing Element" << x << " = " << elem << ";\n";
      if (op.copy && !op.copy->name) throw SpecError(path + ".copy", "expected a string");
      const std::string copy = op.copy ? *op.copy->name : "auto";
      if (copy == "coop") throw SpecError(path + ".copy", "an SLM pipeline has no sycl-tla collective here");
      os << "using GmemTiledCopy" << x << " = " << (copy == "auto" ? "void" : atom_cpp(copy))
         << (copy == "auto" ? ";  // make_block_2d_copy picks the block 2D load" : ";") << "\n";
      args[i] = "Element" + x + ", " + stride_tag(config, x, op, path);
      args[i] += "|GmemTiledCopy" + x + ", void, void, cute::identity";
    }
  }
  auto part = [&](int i, int k) {
    const auto bar = args[i].find('|');
    return k == 0 ? args[i].substr(0, bar) : args[i].substr(bar + 1);
  };
  os << "\nusing CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<\n    cutlass::gemm::"
     << mainloop << "<" << stages << ">, TileShape,\n    " << part(0, 0) << ",\n    " << part(1, 0)
     << ",\n    TiledMma,\n    " << part(0, 1) << ",  // A\n    " << part(1, 1)
     << ">;  // B\n}  // namespace " << scope << "\n";
  return os.str();
}

}  // namespace tvlab
