#include "tvlab/verify/spec_cpp.hpp"

#include <set>
#include <sstream>

#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/composed_layout.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/smem_access.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"

namespace tvlab {

namespace {

using json = nlohmann::json;

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

std::string str_at(const json& j, const std::string& key, const std::string& path) {
  if (!j.contains(key) || !j[key].is_string()) throw SpecError(path + "." + key, "expected a string");
  return j[key].get<std::string>();
}

std::string layout_at(const json& j, const std::string& key, const std::string& path) {
  try {
    return layout_to_cpp(str_at(j, key, path));
  } catch (const SpecError& e) {
    throw SpecError(path + "." + key, e.what());
  }
}

// The keys of an object a writer handles; any other is a SpecError (never dropped).
void only_keys(const json& j, const std::string& path, std::initializer_list<const char*> keys) {
  if (!j.is_object()) throw SpecError(path, "expected an object");
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool known = false;
    for (const char* k : keys) known = known || it.key() == k;
    if (!known)
      throw SpecError(path.empty() ? it.key() : path + "." + it.key(),
                      "the C++ writer does not express this key (a CollectiveMma has no place for it)");
  }
}

std::string tile_shape_cpp(const json& spec) {
  const json& t = spec.at("cta_tile");
  if (!t.is_array() || t.size() != 3) throw SpecError("cta_tile", "expected [M, N, K]");
  std::string s = "Shape<";
  for (size_t i = 0; i < 3; ++i) {
    if (!t[i].is_number_integer()) throw SpecError("cta_tile", "expected integers");
    s += (i ? ", " : "") + int_cpp(Scalar(t[i].get<int64_t>()), "cta_tile");
  }
  return s + ">";
}

std::string stride_tag(const std::string& x, const json& op, const std::string& path) {
  if (!op.contains("gmem")) throw SpecError(path + ".gmem", "the C++ writer needs the operand's gmem layout");
  const json& g = op["gmem"];
  only_keys(g, path + ".gmem", {"layout", "alignment"});
  const std::string l = str_at(g, "layout", path + ".gmem");
  if (l != "RowMajor" && l != "ColumnMajor")
    throw SpecError(path + ".gmem.layout", "the C++ writer spells RowMajor or ColumnMajor, not '" + l + "'");
  return "cutlass::gemm::TagToStride" + x + "_t<cutlass::layout::" + l + ">";
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

std::string spec_to_cpp(const json& spec, const std::string& scope) {
  if (!spec.is_object()) throw SpecError("", "expected a spec object");
  for (const char* k : {"cta_tile", "mainloop", "mma", "operands"})
    if (!spec.contains(k))
      throw SpecError(k, "the C++ writer needs a kernel model (cta_tile, mainloop, mma, operands)");
  const std::string mainloop = str_at(spec, "mainloop", "");
  const bool sm80 = mainloop == "MainloopSm80CpAsync" || mainloop == "MainloopSm80CpAsyncUnpredicated";
  const bool xe = mainloop == "MainloopXeL1Staged";
  if (!sm80 && !xe)
    throw SpecError("mainloop",
                    "the C++ writer writes MainloopSm80CpAsync[Unpredicated] and MainloopXeL1Staged "
                    "collectives, not " +
                        mainloop);
  only_keys(spec, "", {"name", "description", "cta_tile", "stages", "mainloop", "mma", "operands"});
  const int64_t stages = spec.value("stages", int64_t(1));
  const json& mma = spec["mma"];
  const json& ops = spec["operands"];
  only_keys(ops, "operands", {"A", "B"});
  for (const char* x : {"A", "B"})
    if (!ops.contains(x)) throw SpecError(std::string("operands.") + x, "a CollectiveMma needs both A and B");

  std::ostringstream os;
  if (spec.contains("name")) os << "// " << spec["name"].get<std::string>() << "\n";
  os << "namespace " << scope << " {\nusing namespace cute;\n\n";
  os << "using TileShape = " << tile_shape_cpp(spec) << ";\n";
  if (sm80) {
    only_keys(mma, "mma", {"atom", "atom_layout", "permutation"});
    os << "using TiledMma = TiledMMA<MMA_Atom<" << atom_cpp(str_at(mma, "atom", "mma")) << ">";
    if (mma.contains("atom_layout")) {
      os << ", " << layout_at(mma, "atom_layout", "mma");
      if (mma.contains("permutation")) {
        const json& pj = mma["permutation"];
        if (pj.is_array()) {  // a tile of layouts: [layout | integer | "_", ...]
          os << ", Tile<";
          for (size_t k = 0; k < pj.size(); ++k) {
            const std::string at = "mma.permutation[" + std::to_string(k) + "]";
            os << (k ? ", " : "");
            if (pj[k].is_number_integer()) {
              os << int_cpp(Scalar(pj[k].get<int64_t>()), at);
            } else if (pj[k].is_string() && pj[k].get<std::string>() == "_") {
              os << "Underscore";
            } else if (pj[k].is_string()) {
              try {
                os << layout_to_cpp(pj[k].get<std::string>());
              } catch (const SpecError& e) {
                throw SpecError(at, e.what());
              }
            } else {
              throw SpecError(at, "expected a layout, an integer or \"_\"");
            }
          }
          os << ">";
        } else {
          IntTuple perm;
          try {
            perm = parse_int_tuple(str_at(mma, "permutation", "mma"));
          } catch (const std::exception& e) {
            throw SpecError("mma.permutation", std::string("the C++ writer takes a tile: ") + e.what());
          }
          os << ", " << tuple_cpp(perm, "Tile", "mma.permutation");
        }
      }
    } else if (mma.contains("permutation")) {
      throw SpecError("mma.permutation", "a permutation needs atom_layout");
    }
    os << ">;\n";
  } else {
    only_keys(mma, "mma", {"atom", "tile", "sg_layout"});
    os << "using TiledMma = typename TiledMMAHelper<MMA_Atom<" << atom_cpp(str_at(mma, "atom", "mma"))
       << ">, Layout<TileShape>,\n                                         "
       << layout_at(mma, "sg_layout", "mma") << ">::TiledMMA;\n";
    if (mma.contains("tile") && mma["tile"] != spec["cta_tile"])
      throw SpecError("mma.tile", "sycl-tla's TiledMMAHelper takes the CTA tile (Layout<TileShape>)");
  }
  std::string args[2];
  for (int i = 0; i < 2; ++i) {
    const std::string x = i ? "B" : "A";
    const std::string path = "operands." + x;
    const json& op = ops[x];
    const std::string elem = type_cpp(str_at(op, "type", path));
    if (sm80) {
      only_keys(op, path, {"type", "gmem", "smem"});
      if (!op.contains("smem")) throw SpecError(path + ".smem", "an SM80 collective stages A and B in smem");
      const json& sm = op["smem"];
      only_keys(sm, path + ".smem", {"atom", "g2s", "s2r"});
      os << "\nusing Element" << x << " = " << elem << ";\n";
      if (op["gmem"].contains("alignment"))
        os << "constexpr int Alignment" << x << " = " << op["gmem"]["alignment"].get<int64_t>()
           << ";  // not a CollectiveMma argument: tvlab verify --bind " << x << ".alignment=Alignment" << x
           << "\n";
      os << "using SmemLayoutAtom" << x << " = " << layout_at(sm, "atom", path + ".smem") << ";\n";
      const std::string s2r = sm["s2r"].is_string() ? sm["s2r"].get<std::string>()
                                                    : str_at(sm["s2r"], "atom", path + ".smem.s2r");
      // A copy's declared value type (Copy_Atom<Op, T>) is written as declared, else the element type.
      auto value_cpp = [&](const json& c, const std::string& at) {
        return c.is_object() && c.contains("value_type") ? type_cpp(str_at(c, "value_type", at))
                                                         : "Element" + x;
      };
      if (sm["s2r"].is_object()) only_keys(sm["s2r"], path + ".smem.s2r", {"atom", "from_mma", "value_type"});
      os << "using SmemCopyAtom" << x << " = Copy_Atom<" << atom_cpp(s2r) << ", "
         << value_cpp(sm["s2r"], path + ".smem.s2r") << ">;\n";
      if (!sm.contains("g2s") || !sm["g2s"].is_object())
        throw SpecError(path + ".smem.g2s",
                        "the C++ writer needs the g2s copy as {atom, thr_layout, val_layout}");
      const json& g = sm["g2s"];
      only_keys(g, path + ".smem.g2s", {"atom", "thr_layout", "val_layout", "value_type"});
      os << "using GmemTiledCopy" << x << " = decltype(make_tiled_copy(Copy_Atom<"
         << atom_cpp(str_at(g, "atom", path + ".smem.g2s")) << ", " << value_cpp(g, path + ".smem.g2s")
         << ">{},\n    " << layout_at(g, "thr_layout", path + ".smem.g2s") << "{},\n    "
         << (g.contains("val_layout") ? layout_at(g, "val_layout", path + ".smem.g2s") : "Layout<_1>")
         << "{}));\n";
      args[i] = "Element" + x + ", " + stride_tag(x, op, path);
      args[i] += "|GmemTiledCopy" + x + ", SmemLayoutAtom" + x + ", SmemCopyAtom" + x + ", cute::identity";
    } else {
      only_keys(op, path, {"type", "gmem", "copy"});
      os << "\nusing Element" << x << " = " << elem << ";\n";
      const std::string copy = op.contains("copy") ? str_at(op, "copy", path) : "auto";
      if (copy == "coop") throw SpecError(path + ".copy", "an SLM pipeline has no sycl-tla collective here");
      os << "using GmemTiledCopy" << x << " = " << (copy == "auto" ? "void" : atom_cpp(copy))
         << (copy == "auto" ? ";  // make_block_2d_copy picks the block 2D load" : ";") << "\n";
      args[i] = "Element" + x + ", " + stride_tag(x, op, path);
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
