// The shared-memory layout atoms of the SM90 GMMA and SM100 UMMA instructions, by CuTe's names
// (include/cute/atom/mma_traits_sm90_gmma.hpp, mma_traits_sm100.hpp).
//
// Each is a composed layout `Sw<B,4,3> o smem_ptr[Wb](unset) o L` whose swizzle acts on byte addresses:
//   GMMA::Layout_K_SW128_Atom_Bits    = Sw<3,4,3> o smem_ptr[1b](unset) o (8,1024):(1024,1)
//   GMMA::Layout_K_SW128_Atom<half_t> = upcast<16>(the above)
//                                     = Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)
//   UMMA::Layout_MN_SW128_32B_Atom<T> = upcast<bits(T)>(Sw<2,5,2> o smem_ptr[1b](unset) o (1024,4):(1,1024))
// Names: GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T> and their _Bits forms (no <T>);
// UMMA:: the same eight <T> forms (CuTe re-exports GMMA's) plus Layout_MN_SW128_32B_Atom<T> and
// Layout_MN_SW128_32B_Atom_Bits. T is any value type tvlab knows (value_type.hpp), e.g. half_t, float,
// int8_t, float_e4m3_t; `SM90::GMMA::` is accepted for `GMMA::`.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tvlab/core/swizzle.hpp"

namespace tvlab {

// Intent: resolve a smem layout atom written as CuTe code.
// @pre `name` is canonical: whitespace removed and `cute::` prefixes stripped (canonical_atom_name does
//      that); a `cutlass::` prefix on T is accepted.
// @post std::nullopt when `name` is not a smem layout atom's name at all; the atom's layout otherwise.
//       Throws LayoutError when it names an atom but T is unknown or the upcast is invalid.
// Example: smem_layout_atom("GMMA::Layout_MN_SW64_Atom<float>")
//            = Sw<2,4,3> o smem_ptr[32b](unset) o (16,8):(1,16)
std::optional<ComposedLayout> smem_layout_atom(std::string_view name);
// Removes whitespace and every `cute::` from CuTe code: " cute::GMMA::Layout_K_SW128_Atom< half_t >"
// -> "GMMA::Layout_K_SW128_Atom<half_t>".
std::string canonical_atom_name(std::string_view text);
// Every atom name, templates spelled with a literal <T>, for --help and the gallery.
const std::vector<std::string>& smem_layout_atom_names();

}  // namespace tvlab
