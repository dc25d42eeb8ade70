// What CuTe prints, read back: print(tiled_mma), print(tiled_copy), print(mma_atom), print(copy_atom) in C++
// CuTe's format and CuTe DSL's, turned into the TiledMMA / TiledCopy they describe (issue 22).
//
//   TiledMMA                                              Tiled MMA                         (CuTe DSL)
//     ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)        Thr Layout VMNK: (32,2,2,1):(1,32,64,0)
//     PermutationMNK: (_32,_32,_16)                         Permutation MNK: (32:1,32:1,16:1)
//   MMA_Atom                                              MMA Atom
//     ThrID:      _32:_1                                    ThrID:           32:1
//     Shape_MNK:  (_16,_8,_16)                              Shape MNK:       (16,8,16)
//     LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),...)       TV Layout A:     ...
//     LayoutB_TV: ...  LayoutC_TV: ...                      TV Layout B: ...  TV Layout C: ...
//
//   TiledCopy                                             Tiled Copy
//     Tiler_MN:       (_32,_16)                             Tiler MN:        (32:1,16:1)
//     TiledLayout_TV: ((_4,_8,_2,_2),...):(...)             TV Layout tiled: ...
//   Copy_Atom                                             Copy Atom
//     ThrID:        _32:_1                                  ThrID:           32:1
//     ValLayoutSrc: (_32,_8):(_8,_1)                        TV Layout Src:   (32,8):(8,1)
//     ValLayoutDst: (_32,(_2,_4)):(_2,(_1,_64))             TV Layout Dst:   (32,(2,4)):(2,(1,64))
//     ValLayoutRef: (_32,(_2,_4)):(_2,(_1,_64))             (no Ref layout)
//     ValueType:    16b                                     Value type:      f16
//
// sycl-tla prints its Xe block 2D atoms with their operation: "Copy_Atom (XE_LOAD_2D)" and BlockWidth, Width,
// Height, CopyType, ValueType, XMode, YMode, TiledStrides, then ThrID, ValLayoutSrc/Dst/Ref (and AtomValType
// where it differs); such a copy is that operation, its printed layouts checked against tvlab's atom.
//
// A print carries the raw layouts, not the atom's identity: C++ prints neither the operation's name nor the
// MMA's value types (a copy only its value width), the DSL names a copy's value type but not the operation.
// The atoms built here say so (MmaAtom/CopyAtom::printed); checks that need the identity report "unknown".
// The DSL prints no Ref layout: where Src and Dst differ it is the caller's to say which one is the reference
// (CuTe's loads reference their destination, its stores their source), never a guess here.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tvlab/core/tiling/tiled_copy.hpp"
#include "tvlab/core/tiling/tiled_mma.hpp"

namespace tvlab {

// A print that cannot be read, or whose layouts contradict each other, at a 1-based line (0: the whole text).
class PrintError : public std::runtime_error {
 public:
  PrintError(int line, const std::string& why)
      : std::runtime_error(line > 0 ? "line " + std::to_string(line) + ": " + why : why), line_(line) {}
  int line() const { return line_; }

 private:
  int line_;
};

enum class PrintFormat { Cpp, Dsl };
const char* to_string(PrintFormat f);

struct PrintedMma {
  PrintFormat format = PrintFormat::Cpp;
  int line = 0;        // of the block's first line
  bool tiled = false;  // a TiledMMA (else a bare MMA_Atom: one atom, (_,_,_))
  Layout thr_layout_vmnk;
  Tiler permutation{Underscore{}};  // three modes
  Layout thr_id;
  IntTuple shape_mnk;
  Layout a, b, c;  // the atom's (thr, val) -> m + M*k, n + N*k, m + M*n
};

struct PrintedCopy {
  PrintFormat format = PrintFormat::Cpp;
  int line = 0;
  bool tiled = false;  // a TiledCopy (else a bare Copy_Atom)
  Tiler tiler{Underscore{}};
  Layout tv;  // TiledLayout_TV
  Layout thr_id;
  Layout src, dst;            // (thr, val) -> value offset, in values of value_bits
  std::optional<Layout> ref;  // C++ prints it; the DSL does not
  int value_bits = 0;         // of the value layouts (sycl-tla: AtomValType where it prints one)
  std::string value_type;     // the DSL's name, e.g. "f16" ("" for C++, which prints only "16b")
  // sycl-tla's block 2D atoms print their operation ("Copy_Atom (XE_LOAD_2D)" with BlockWidth, Width, Height,
  // CopyType): its name, e.g. "XE_LOAD_2D<16,32,32,16>" ("" where the print names none).
  std::string op;
};

struct PrintBlock {
  std::string label;  // a "=== NAME ===" line before the block names it ("" when none)
  std::optional<PrintedMma> mma;
  std::optional<PrintedCopy> copy;
};

// True when the text's first line that is not blank or a '#' comment is a print's heading (TiledMMA,
// MMA_Atom, TiledCopy, Copy_Atom, ThrMMA, ThrCopy, their DSL spellings) or a "=== NAME ===" label.
bool looks_like_cute_print(std::string_view text);

// Every block of the text, in order. Blank lines, '#' comments and "=== NAME ===" labels may separate them;
// ThrMMA / ThrCopy headings and their thread line are read as the TiledMMA / TiledCopy that follows. Anything
// else, a missing or repeated line, or a value that is not a layout of the notation is a PrintError naming
// the line.
std::vector<PrintBlock> parse_cute_prints(std::string_view text);

// The MMA atom a print describes: its layouts, an unknown identity (printed = true, no value types), named
// "MMA_Atom (printed)". PrintError where its layouts contradict each other or the thread count.
MmaAtom printed_mma_atom(const PrintedMma& p);
// The TiledMMA: the printed ThrLayoutVMNK and PermutationMNK over the printed atom (or over `atom` when the
// caller knows it: then the printed atom's layouts must be that atom's, else a PrintError naming the first
// that differs). ThrLayoutVMNK's first mode must be the atom's ThrID.
TiledMMA printed_tiled_mma(const PrintedMma& p, const std::optional<MmaAtom>& atom = std::nullopt);

// The registry's MMA atoms whose ThrID, Shape_MNK and A/B/C TV layouts are a printed atom's (equal as
// functions): the atoms the print may have come from, in registry order. A print does not say which (types
// differ where layouts agree: F16 and BF16 atoms, F32 and F16 accumulators). Families tvlab lists only by
// their parameters (UniversalFMA, SM100 UMMA, SM120 block-scaled and sparse) are not searched.
std::vector<std::string> mma_atoms_with_layouts(const MmaAtom& printed);

// Which printed layout is the copy atom's reference where the print does not say (the DSL).
enum class PrintedRef { Given, Src, Dst };
// The copy atom (printed = true; its bit layouts are the value layouts recast to bits; copy_bits = the value
// width). A DSL print with Src != Dst needs `ref` (Src or Dst), else a PrintError saying so.
CopyAtom printed_copy_atom(const PrintedCopy& p, PrintedRef ref = PrintedRef::Given);
// The TiledCopy of value type `vt` (its width must be the printed one), checked as make_tiled_copy_impl
// checks it. Against a known `atom`, the printed value layouts must be that atom's for vt.
TiledCopy printed_tiled_copy(const PrintedCopy& p, const ValueType& vt, PrintedRef ref = PrintedRef::Given,
                             const std::optional<CopyAtom>& atom = std::nullopt);
// print(tensor) of a tensor in memory, "smem_ptr[16b](0x7f3a...) o Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"
// (gmem_ptr, smem_ptr, rmem_ptr or ptr, an address): the element width, the memory and the layout's text
// after the pointer (the tensor's layout; the address is no part of it). nullopt when the text does not start
// with such a pointer (smem_ptr[16b](unset), a layout's pointer-swizzle flag, is notation, not a tensor).
// CuTe DSL's "tensor<ptr<f16, smem, align<1024>, S<3,4,3>> o L>" is read too: its pointer's swizzle acts on
// byte addresses, and the layout is C++'s spelling of that, "Sw<3,4,3> o smem_ptr[16b](unset) o L".
struct TensorPrint {
  int bits = 0;
  std::string memory;  // gmem, smem, rmem or "" (ptr)
  std::string layout;
};
std::optional<TensorPrint> read_tensor_print(std::string_view text);

// The value type a print names: the DSL's name (f16, bf16, f32, i8, ...) as tvlab's type, else the unsigned
// type of the printed width (uint16_t for "16b"). PrintError for a DSL name tvlab does not know.
ValueType printed_value_type(const PrintedCopy& p);

}  // namespace tvlab
