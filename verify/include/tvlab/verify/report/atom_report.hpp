// One atom described for a reader: what `tvlab show` prints, as text and as JSON, for the CLI and the
// Python module alike.
//
//   show_atom("XE_LOAD_2D_VNNI<16,4,16>")                -> the copy atom, viewed in uint16_t
//   show_atom("SM75_U32x4_LDSM_N", "half_t")             -> the copy atom, viewed in half_t
//   show_atom("Copy_Atom<SM75_U32x4_LDSM_N, half_t>")    -> the same (Copy_Atom's T)
//   show_atom("XE_DPAS_TT<8,float,bfloat16_t>")           -> the MMA atom (no value type)
//   show_printed_atom(text of print(copy_atom))          -> the atom CuTe printed
//   atom_text(shown), atom_json(shown)                   -> `tvlab show` / `tvlab show --json`
//
// MMA atoms: Shape_MNK, the value types, the (thread,value) layouts of A (-> m + M*k), B (-> n + N*k) and
// C (-> m + M*n) and a table of the thread and value holding each element (SM100 UMMA: the accumulator's
// place in tensor memory too). Copy atoms: the Copy_Traits bit layouts, the same recast to the value type,
// and a table of who holds what (an Xe block 2D atom's Height x Width tile, a TMEM copy's lane:column of
// each register, else each thread's value offsets). JSON keys as `tvlab show --help` lists them.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "tvlab/core/atoms/atom.hpp"
#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/tiling/cute_print.hpp"

namespace tvlab {

// Bad input to `tvlab show`, as the CLI reports it: "error: <kind> at <where>[, column <column>]: <what>".
//   kind    "atom name" (malformed name: column set), "invalid atom" (unknown name or parameters out of
//           range), "value type" (unknown type, or one given to an MMA atom), "invalid value type" (a type
//           the copy atom cannot take), "invalid print" (CuTe's print unreadable or not one atom)
//   where   what the CLI names: the atom's text (or the print's source), "--value-type T" (as given), the
//           op's name (an unknown T in Copy_Atom<Op, T>) or "OP with T" (a type the atom cannot take)
//   option  which input is at fault, by the CLI's name: "ATOM" (the name or the print) or "--value-type"
class ShowInputError : public std::runtime_error {
 public:
  ShowInputError(std::string kind, std::string where, std::string option, const std::string& why,
                 std::optional<std::size_t> column = std::nullopt)
      : std::runtime_error(why),
        kind_(std::move(kind)),
        where_(std::move(where)),
        option_(std::move(option)),
        column_(column) {}
  const std::string& kind() const { return kind_; }
  const std::string& where() const { return where_; }
  const std::string& option() const { return option_; }
  // 1-based column in the atom's name ("atom name" errors only).
  std::optional<std::size_t> column() const { return column_; }

 private:
  std::string kind_, where_, option_;
  std::optional<std::size_t> column_;
};

// An atom as `tvlab show` describes it.
struct ShownAtom {
  Atom atom;  // a copy atom as Copy_Atom<Op, T> sees it (with_value_bits for value_type)
  // Copy atoms: T, the type the values are counted in, and the layouts recast to it; nullopt for MMA atoms.
  std::optional<ValueType> value_type;
  std::optional<ValueLayouts> values;
};

// `tvlab show NAME [--value-type T]`: the registry's atom. A copy atom's value type is `value_type` if
// given, else the T of a Copy_Atom<Op, T> spelling, else the unsigned type of the atom's width (uint16_t).
// Throws ShowInputError: "atom name" (a ParseError's column), "invalid atom", "value type" (an unknown type,
// or any type given to an MMA atom), "invalid value type" (T's width does not fit the atom).
ShownAtom show_atom(std::string_view name, const std::optional<std::string>& value_type = std::nullopt);

// `tvlab show FILE`: CuTe's print() of one atom (or of a TiledMMA / TiledCopy: its atom), `print` being the
// file's text and `source` its name (the `where` of errors). A copy atom's value type is `value_type` if
// given (its width must be the print's), else the one the print names (printed_value_type); `ref` picks a
// CuTe DSL copy print's reference layout. Throws ShowInputError: "invalid print" (unreadable, not exactly
// one print, a value type for an MMA print or of another width), "value type" (an unknown type).
ShownAtom show_printed_atom(std::string_view print,
                            const std::optional<std::string>& value_type = std::nullopt,
                            PrintedRef ref = PrintedRef::Given, const std::string& source = "");

// An atom held already (find_atom's), viewed as show_atom views it: a copy atom in `value_type`, or the
// unsigned type of its width. Throws ShowInputError "value type" (a type for an MMA atom) or "invalid value
// type" (where "NAME with T").
ShownAtom shown_atom(const Atom& atom, const std::optional<ValueType>& value_type = std::nullopt);

// What `tvlab show` prints: the text (ends in a newline) and the JSON object (`tvlab show --json` prints
// its dump() and a newline).
std::string atom_text(const ShownAtom& shown);
nlohmann::ordered_json atom_json(const ShownAtom& shown);
// The same for an atom held already (shown_atom's errors).
std::string atom_text(const Atom& atom, const std::optional<ValueType>& value_type = std::nullopt);
nlohmann::ordered_json atom_json(const Atom& atom, const std::optional<ValueType>& value_type = std::nullopt);

}  // namespace tvlab
