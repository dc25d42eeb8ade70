#include "tvlab/core/atoms/value_type.hpp"

#include <algorithm>
#include <charconv>

#include "tvlab/core/atoms/atom.hpp"

namespace tvlab {

const std::vector<ValueType>& value_types() {
  static const std::vector<ValueType> types = {
      {"float", "f32", 32, true, true},           {"double", "f64", 64, true, true},
      {"half_t", "f16", 16, true, true},          {"bfloat16_t", "bf16", 16, true, true},
      {"tfloat32_t", "tf32", 32, true, true},     {"float_e4m3_t", "e4m3", 8, true, true},
      {"float_e5m2_t", "e5m2", 8, true, true},    {"complex<double>", "c64", 128, true, true},
      {"int4_t", "s4", 4, false, true},           {"uint4_t", "u4", 4, false, false},
      {"int8_t", "s8", 8, false, true},           {"uint8_t", "u8", 8, false, false},
      {"int16_t", "s16", 16, false, true},        {"uint16_t", "u16", 16, false, false},
      {"int32_t", "s32", 32, false, true},        {"uint32_t", "u32", 32, false, false},
      {"int64_t", "s64", 64, false, true},        {"uint64_t", "u64", 64, false, false},
      {"uint128_t", "u128", 128, false, false},   {"uint1_t", "u1", 1, false, false},
      {"float_e2m1_t", "e2m1", 4, true, true},    {"float_e2m3_t", "e2m3", 6, true, true},
      {"float_e3m2_t", "e3m2", 6, true, true},    {"float_ue8m0_t", "ue8m0", 8, true, false},
      {"float_ue4m3_t", "ue4m3", 8, true, false}, {"complex<tfloat32_t>", "", 64, true, true},
  };
  return types;
}

namespace {
std::string normalize(std::string_view text) {
  std::string s;
  for (char c : text)
    if (c != ' ' && c != '\t') s += c;
  for (std::string_view ns : {"cute::", "cutlass::"})
    for (std::size_t p; (p = s.find(ns)) != std::string::npos;) s.erase(p, ns.size());
  if (s.rfind("std::", 0) == 0) s.erase(0, 5);
  return s;
}
}  // namespace

std::optional<ValueType> parse_value_type(std::string_view text) {
  const std::string s = normalize(text);
  // Common C++ spellings of the same types.
  static const std::pair<const char*, const char*> synonyms[] = {{"half", "half_t"},
                                                                 {"bfloat16", "bfloat16_t"},
                                                                 {"tfloat32", "tfloat32_t"},
                                                                 {"bf16_t", "bfloat16_t"},
                                                                 {"float_e4m3", "float_e4m3_t"},
                                                                 {"float_e5m2", "float_e5m2_t"},
                                                                 {"int", "int32_t"},
                                                                 {"int8", "int8_t"},
                                                                 {"uint8", "uint8_t"},
                                                                 {"complex<float64_t>", "complex<double>"}};
  std::string name = s;
  for (auto [from, to] : synonyms)
    if (s == from) name = to;
  for (const ValueType& t : value_types())
    if (t.name == name || (!t.alias.empty() && t.alias == name)) return t;
  // CuTe's integer width templates (cute/numeric/int.hpp): uint_bit_t<128> = uint128_t, int_byte_t<4> =
  // int32_t, ... for the widths tvlab has a type of.
  struct IntTemplate {
    std::string_view prefix;
    bool is_signed;
    int unit;  // bits per count
  };
  for (const IntTemplate& it : {IntTemplate{"uint_bit_t<", false, 1}, IntTemplate{"int_bit_t<", true, 1},
                                IntTemplate{"uint_byte_t<", false, 8}, IntTemplate{"int_byte_t<", true, 8}}) {
    if (name.rfind(it.prefix, 0) != 0 || name.back() != '>') continue;
    int n = 0;
    const char* first = name.data() + it.prefix.size();
    const char* last = name.data() + name.size() - 1;
    auto [p, ec] = std::from_chars(first, last, n);
    if (ec != std::errc() || p != last || n < 1 || n > 1024) return std::nullopt;
    for (const ValueType& t : value_types())
      if (!t.is_float && t.is_signed == it.is_signed && t.bits == n * it.unit) return t;
    return std::nullopt;
  }
  constexpr std::string_view kArray = "AlignedArray<";
  if (name.rfind(kArray, 0) == 0 && name.back() == '>') {
    const std::size_t comma = name.rfind(',');
    if (comma == std::string::npos || comma < kArray.size()) return std::nullopt;
    const auto elem = parse_value_type(std::string_view(name).substr(kArray.size(), comma - kArray.size()));
    int n = 0;
    const char* first = name.data() + comma + 1;
    const char* last = name.data() + name.size() - 1;
    auto [p, ec] = std::from_chars(first, last, n);
    if (!elem || ec != std::errc() || p != last || n < 1 || n > 1024) return std::nullopt;
    return aligned_array(*elem, n);
  }
  return std::nullopt;
}

ValueType aligned_array(const ValueType& t, int n) {
  return {"AlignedArray<" + t.name + "," + std::to_string(n) + ">", "", t.bits * n, t.is_float, t.is_signed};
}

ValueType value_type(std::string_view text) {
  if (auto t = parse_value_type(text)) return *t;
  std::string known;
  for (const ValueType& t : value_types()) known += (known.empty() ? "" : " ") + t.name;
  throw AtomError("unknown value type",
                  "'" + std::string(text) + "' is not one of: " + known +
                      " (or the aliases f32 f64 f16 bf16 tf32 s8 u8 s4 u4 s32 u32 ...)");
}

ValueType uint_type(int bits) {
  for (const ValueType& t : value_types())
    if (!t.is_float && !t.is_signed && t.bits == bits) return t;
  throw AtomError("unsupported width", "no unsigned integer type of " + std::to_string(bits) + " bits");
}

}  // namespace tvlab
