// MMA and copy atoms as data: what CuTe's MMA_Traits and Copy_Traits say about one hardware
// operation, as run-time layouts.
//
// An MMA atom maps (thread, value) to the element of each operand tile it holds:
//   a: (thr,val) -> m + M*k   (column-major index into the M x K tile)
//   b: (thr,val) -> n + N*k   (B is N x K, CuTe's convention)
//   c: (thr,val) -> m + M*n
// e.g. XE_DPAS_TT<8,float,bfloat16_t>: shape (8,16,16), thr_id 16:1, a (16,8):(8,1),
//      b ((2,8),(2,8)):((16,1),(8,32)), c (16,8):(8,1).
//
// A copy atom maps (thread, bit) to a bit offset, for its source, destination and reference sides
// (CuTe's Copy_Traits: SrcLayout, DstLayout, RefLayout). Value layouts for a value type of b bits
// are these recast from bits to b-bit elements (CuTe's Copy_Atom<Op, T>), see value_layouts().
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/layout.hpp"

namespace tvlab {

// An atom name or parameter that does not name a valid operation. rule() names the violated
// restriction (e.g. "XE_LOAD_2D: Bits*Width <= 512"), what() explains it with the allowed range.
class AtomError : public std::runtime_error {
 public:
  AtomError(std::string rule, const std::string& why)
      : std::runtime_error(rule.empty() ? why : rule + ": " + why), rule_(std::move(rule)) {}
  const std::string& rule() const { return rule_; }

 private:
  std::string rule_;
};

struct MmaAtom {
  std::string name;             // canonical upstream name, e.g. "XE_DPAS_TT<8,float,bfloat16_t>"
  std::string arch;             // registry arch: xe, xe-legacy, sm61..sm120, universal
  int64_t m = 1, n = 1, k = 1;  // Shape_MNK
  Layout thr_id;
  Layout a, b, c;
  ValueType d_type, a_type, b_type, c_type;
  // What the thread mode of thr_id and the TV layouts counts: "" = threads (lanes of a warp, threads
  // of a warpgroup); "cta" = CTAs (SM100 UMMA: one elected thread of each participating CTA issues
  // the MMA; thr_id 1:0 for one CTA, 2:1 for the CTA pair of a _2x1SM_ atom, and A/B/C map
  // (cta, val) -> element, the values being the elements held in that CTA's smem/TMEM).
  std::string scope;
  // Further facts `tvlab show` prints, in order, e.g. {"sf_type", "float_ue8m0_t"}, {"sparse", "2:4 A"}.
  std::vector<std::pair<std::string, std::string>> params;
  // Further TV layouts of the atom (SM120 block-scaled SFA/SFB, sparse metadata E), in order.
  std::vector<std::pair<std::string, Layout>> extra;
  // Known only from CuTe's print() of it (tiling/cute_print.hpp): its layouts, not its identity (no value
  // types, no operation name); checks that need the identity say "unknown".
  bool printed = false;
};

// Hardware parameters of an Xe block 2D operation (new-API view; legacy atoms name theirs too).
struct Block2D {
  enum class Kind { Load, LoadVnni, LoadTranspose, Store, Prefetch };
  Kind kind = Kind::Load;
  int bits = 0, height = 0, width = 0, block_width = 0;  // width = total width, in `bits` elements
  int count() const { return width / block_width; }
};

struct CopyAtom {
  std::string name;
  std::string arch;
  Layout thr_id;
  Layout src, dst, ref;            // (thr, bit) -> bit
  int copy_bits = 0;               // bits per copied element (the default value type's width)
  int val_bits = 0;                // value width the bit layouts were built for (Xe traits depend on it)
  std::optional<Block2D> block2d;  // Xe block 2D operations
  std::string prefetch;            // Xe: the prefetch op of a load ("" where there is none)
  std::string note;                // quirks worth telling a reader (legacy atoms), "" if none
  // SM100 TMEM copies: CuTe's ValID, logical bit -> TMEM address (column bits + lane * 2^21).
  std::optional<Layout> val_id;
  // CuTe's AutoVectorizingCopyWithAssumedAlignment<N> (DefaultCopy: N = 8, AutoVectorizingCopy: N = 128):
  // N, the widest vector (in bits) cute::copy may recast the copy to where src and dst share a contiguous
  // run and the assumed alignment allows; 0 for every other atom. Such an atom's traits copy one value of
  // any type per thread (bits (1,1):(0,0)), so value_layouts() takes every width.
  int max_vec_bits = 0;
  // Known only from CuTe's print() of it (tiling/cute_print.hpp): its layouts and value width, not the
  // operation (direction, instruction, vector width); checks that need it say "unknown".
  bool printed = false;
};

// A copy atom's layouts recast from bits to elements of `bits` bits (CuTe's Copy_Atom<Op, T>).
struct ValueLayouts {
  Layout src, dst, ref;
};
// Throws AtomError when `bits` does not divide the atom's copy width (any width views an auto-vectorizing
// copy, whose one-value layouts recast to themselves).
ValueLayouts value_layouts(const CopyAtom& atom, int bits);
// The atom as Copy_Atom<Op, T> sees it for a value type of `bits` bits: Xe block 2D traits are built
// per value type (sub-byte values are owned per byte), other atoms only check that bits divides.
CopyAtom with_value_bits(const CopyAtom& atom, int bits);

using Atom = std::variant<MmaAtom, CopyAtom>;

inline const std::string& atom_name(const Atom& a) {
  return std::visit([](const auto& x) -> const std::string& { return x.name; }, a);
}

}  // namespace tvlab
