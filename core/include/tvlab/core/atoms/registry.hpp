// The atom registry: every MMA and copy atom tvlab knows, found by its upstream C++ type name.
//
//   find_atom("XE_DPAS_TT<8, float, cute::bfloat16_t>")  -> MmaAtom (whitespace and cute:: tolerated)
//   find_atom("XE_LOAD_2D<16,64,16>")                    -> AtomError("XE_LOAD_2D: Bits*Width <= 512", ...)
//   find_atom("SM75_U32x4_LDSM_N")                       -> CopyAtom
//
// Atoms come in families: a family is a base name (a template such as XE_LOAD_2D, or one concrete
// atom such as SM80_16x8x16_F32F16F16F32_TN), the parameters it takes with their valid ranges, and a
// factory that builds the atom from the template arguments (validating each restriction).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tvlab/core/atoms/atom.hpp"

namespace tvlab {

// A parsed atom name: `XE_LOAD_2D<16, 8, 16>` -> base "XE_LOAD_2D", args {"16","8","16"}.
// Arguments keep nested template text (`GMMA::Major::K`, `complex<double>`), with whitespace and
// `cute::` removed.
struct AtomName {
  std::string base;
  std::vector<std::string> args;
  bool templated = false;  // written with <...> (possibly empty)
};
// Throws ParseError (1-based column) on malformed names: unbalanced <>, empty argument, bad characters.
AtomName parse_atom_name(std::string_view text);
// CuTe's wrappers as kernels write them: MMA_Atom<Op> (also MMA_Atom<MMA_Traits<Op>>) and Copy_Atom<Op, T>
// (also Copy_Atom<Copy_Traits<Op>, T>): wrapper "MMA_Atom" / "Copy_Atom", the op's name and T (as written);
// wrapper empty for any other name. find_atom() looks such names up by their op.
struct AtomSpelling {
  std::string wrapper, op, value_type;
};
AtomSpelling unwrap_atom_spelling(std::string_view text);
// An integer template argument; throws AtomError naming `what` otherwise.
int64_t atom_int_arg(const AtomName& n, std::size_t i, const char* what);

struct AtomFamily {
  std::string arch;       // xe, xe-legacy, sm61, sm70, sm75, sm80, sm89, sm90, sm100, sm120, universal
  std::string kind;       // "mma" or "copy"
  std::string base;       // the name before any <...>
  std::string signature;  // how to write it, e.g. "XE_LOAD_2D<Bits, Height, Width, BlockWidth = Width>"
  std::string ranges;     // valid parameters in words, e.g. "Bits in {8,16,32,64}; Height 1..32; ..."
  // Builds the atom named by n (n.base == base). Throws AtomError for invalid parameters.
  std::function<Atom(const AtomName& n)> make;
  // Every valid concrete name of the family, where that list is reasonably small (else empty).
  std::function<std::vector<std::string>()> instances;
};

class Registry {
 public:
  void add(AtomFamily f);
  const std::vector<AtomFamily>& families() const { return families_; }
  // nullptr when no family has that base name.
  const AtomFamily* family(std::string_view base) const;
  // Builds the named atom; unknown names throw AtomError("unknown atom") with the closest known names: the
  // families the name means (atoms_by_meaning), then the nearest spellings. A name written as prose
  // ("cp.async", "tcgen05.mma") is an unknown name too, not a ParseError.
  Atom find(std::string_view name) const;

 private:
  std::vector<AtomFamily> families_;
};

// What an unknown name may mean: words a reader writes for an operation -> the families to propose, as
// patterns with bash-style {a,b} alternatives (each alternative a family's signature), e.g.
//   {"ldmatrix", "ldsm"} -> {"SM75_U32x{1,2,4}_LDSM_N", "SM75_U16x{2,4,8}_LDSM_T"}
// Words are lower case letters and digits; a name matches a word it contains, ignoring case and everything
// but letters and digits ("cp.async", "CP_ASYNC" -> "cpasync"; "2d load" -> "2dload").
struct AtomMeaning {
  std::vector<std::string> words;
  std::vector<std::string> families;
};
const std::vector<AtomMeaning>& atom_meanings();
// The patterns of every entry whose words the name contains (longest words first; a match hides the
// shorter words inside it: "stmatrix" is no "tma"), in table order, without repeats.
//   atoms_by_meaning("cp.async") -> {"SM80_CP_ASYNC_{CACHEALWAYS,CACHEGLOBAL}{,_ZFILL}<S, D = S>"}
std::vector<std::string> atoms_by_meaning(std::string_view text);
// Bash-style brace expansion: "A{1,2}B{,_Z}" -> A1B, A1B_Z, A2B, A2B_Z.
std::vector<std::string> expand_braces(const std::string& pattern);

// The registry of every atom family, built once.
const Registry& registry();
inline Atom find_atom(std::string_view name) {
  return registry().find(name);
}
MmaAtom find_mma_atom(std::string_view name);    // AtomError if the name is a copy atom
CopyAtom find_copy_atom(std::string_view name);  // AtomError if the name is an MMA atom

// Family registration, one function per source file under core/src/atoms/.
void register_xe_dpas(Registry& r);
void register_xe_block2d(Registry& r);
void register_xe_legacy(Registry& r);
void register_nvidia(Registry& r);
void register_nvidia_sm89(Registry& r);
void register_nvidia_sm100(Registry& r);
void register_nvidia_tmem(Registry& r);
void register_nvidia_sm120(Registry& r);

}  // namespace tvlab
