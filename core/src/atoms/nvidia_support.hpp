// Internal helpers shared by the NVIDIA atom family files (nvidia.cpp, nvidia_sm89.cpp,
// nvidia_sm100.cpp, nvidia_tmem.cpp, nvidia_sm120.cpp): parsing template arguments and building
// fixed-layout MMA atoms from CuTe notation. Not installed; not part of the public API.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab::nv {

inline std::string join(const std::vector<std::string>& v, const char* sep = ",") {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

// Concrete (non-template) operations are written without <...>.
inline void expect_no_args(const AtomName& n) {
  if (n.templated)
    throw AtomError(n.base + ": no template arguments",
                    "'" + n.base + "' is a concrete operation, not a template; write it without <...>");
}

// A value-type template argument; unknown names throw AtomError naming the parameter.
inline ValueType type_arg(const AtomName& n, std::size_t i, const char* what) {
  if (auto t = parse_value_type(n.args.at(i))) return *t;
  std::string known;
  for (const ValueType& t : value_types()) known += (known.empty() ? "" : " ") + t.name;
  throw AtomError(
      n.base + ": " + what + " is a value type",
      "'" + n.args[i] + "' is not a value type; accepted: " + known + ", AlignedArray<T,N> (1 <= N <= 1024)");
}

inline void expect_arg_count(const AtomName& n, std::size_t lo, std::size_t hi,
                             const std::string& signature) {
  if (n.args.size() < lo || n.args.size() > hi)
    throw AtomError(n.base + ": parameters", "expected " + signature + ", got " +
                                                 std::to_string(n.args.size()) + " template argument" +
                                                 (n.args.size() == 1 ? "" : "s"));
}

inline std::vector<std::string> one(const std::string& name) {
  return {name};
}

// An MMA atom with fixed layouts, written in CuTe notation.
struct MmaSpec {
  std::string name, arch;
  int64_t m, n, k;
  std::string thr, a, b, c;    // layouts in CuTe notation
  std::string td, ta, tb, tc;  // value types (names or aliases)
};

inline MmaAtom build_mma(const MmaSpec& s) {
  MmaAtom atom;
  atom.name = s.name;
  atom.arch = s.arch;
  atom.m = s.m, atom.n = s.n, atom.k = s.k;
  atom.thr_id = parse_layout(s.thr);
  atom.a = parse_layout(s.a);
  atom.b = parse_layout(s.b);
  atom.c = parse_layout(s.c);
  atom.d_type = value_type(s.td), atom.a_type = value_type(s.ta);
  atom.b_type = value_type(s.tb), atom.c_type = value_type(s.tc);
  return atom;
}

// A family of one concrete atom (no template parameters).
inline void add_mma(Registry& r, MmaSpec s) {
  AtomFamily f;
  f.arch = s.arch;
  f.kind = "mma";
  f.base = s.name;
  f.signature = s.name;
  f.ranges = "no parameters";
  f.make = [s](const AtomName& n) -> Atom {
    expect_no_args(n);
    return build_mma(s);
  };
  f.instances = [name = s.name] { return one(name); };
  r.add(std::move(f));
}

// CuTe's enum spellings of a template argument: `UMMA::Major::K`, `Major::K`, `K`, ... -> `K`.
inline std::string enum_value(std::string a, const std::vector<std::string>& prefixes) {
  for (bool again = true; again;) {
    again = false;
    for (const std::string& p : prefixes)
      if (a.rfind(p, 0) == 0) a.erase(0, p.size()), again = true;
  }
  return a;
}

}  // namespace tvlab::nv
