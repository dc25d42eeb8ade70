// Value types of MMA and copy atoms: CuTe's element type names, their widths in bits and tvlab's
// short aliases.
//
//   parse_value_type("cute::bfloat16_t") -> bfloat16_t (16 bits)
//   parse_value_type("bf16")             -> bfloat16_t
//   parse_value_type("uint128_t")        -> uint128_t (128 bits)
//   parse_value_type("cutlass::AlignedArray<half_t,8>") -> AlignedArray<half_t,8> (128 bits), the
//                                           packed element of sycl-tla's SLM copies
//
// The canonical name is the upstream C++ name without `cute::` (what `tvlab show` prints).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tvlab {

struct ValueType {
  std::string name;   // upstream C++ name, e.g. "bfloat16_t", "float", "uint128_t"
  std::string alias;  // tvlab short alias, e.g. "bf16" (empty where there is none)
  int bits = 0;
  bool is_float = false;  // floating point (float, half, bf16, tf32, fp8, double, complex)
  bool is_signed = false;

  friend bool operator==(const ValueType& a, const ValueType& b) { return a.name == b.name; }
};

// Every value type tvlab knows, in a stable order.
const std::vector<ValueType>& value_types();
// Looks a type up by its C++ name (with or without `cute::`, surrounding spaces ignored) or alias;
// also AlignedArray<T,N> for a known T and 1 <= N <= 1024, and CuTe's uint_bit_t<N>, int_bit_t<N>,
// uint_byte_t<N>, int_byte_t<N> where tvlab has that integer type (uint_bit_t<128> -> uint128_t).
std::optional<ValueType> parse_value_type(std::string_view text);
// As parse_value_type, but an unknown name throws AtomError listing the accepted names.
ValueType value_type(std::string_view text);
// The unsigned integer type of a width (uint8_t .. uint128_t; uint1_t, uint4_t for 1, 4), e.g. the
// default value type of a copy atom.
ValueType uint_type(int bits);
// cutlass::AlignedArray<T,N>: N values of T as one value of N*bits(T) bits.
ValueType aligned_array(const ValueType& t, int n);

}  // namespace tvlab
