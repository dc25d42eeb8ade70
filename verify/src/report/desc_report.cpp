#include "tvlab/verify/report/desc_report.hpp"

#include <cstdio>

#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {
std::string hex(uint64_t v, int digits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(v));
  return buf;
}
}  // namespace

nlohmann::ordered_json desc_json(const DescriptorTiling& dt, const ValueType& type, OperandMajor major,
                                 DescArch arch) {
  const SmemDescriptor& d = dt.desc;
  nlohmann::ordered_json j;
  j["arch"] = arch == DescArch::SM100 ? "sm100" : "sm90";
  j["major"] = major == OperandMajor::K ? "K" : "MN";
  j["type"] = type.name;
  j["value"] = hex(d.value(), 16);
  j["start_address"] = d.start_address;
  j["leading_byte_offset"] = d.leading_byte_offset;
  j["stride_byte_offset"] = d.stride_byte_offset;
  j["base_offset"] = d.base_offset;
  j["layout_type"] = d.layout_type;
  j["layout_type_name"] = d.layout_type_name;
  if (arch == DescArch::SM100) j["version"] = d.version, j["lbo_mode"] = d.lbo_mode;
  j["u128_layout"] = to_string(d.u128_layout);
  j["canonical"] = to_string(d.canonical);
  j["block"] = {dt.block_mn, dt.block_k};
  j["blocks"] = {dt.blocks_mn, dt.blocks_k};
  j["block_offsets"] = dt.block_offsets;
  return j;
}

std::string desc_text(const DescriptorTiling& dt, OperandMajor, DescArch arch) {
  const SmemDescriptor& d = dt.desc;
  std::string s = std::string(arch == DescArch::SM90 ? "GmmaDescriptor" : "SmemDescriptor (UMMA)") + ": " +
                  hex(d.value(), 16) + "\n" + "  start_addr :  " + hex(d.start_address, 4) + "\n" +
                  "  leading_off:  " + hex(d.leading_byte_offset, 4) + " (" +
                  std::to_string(d.leading_byte_offset) + ")  " + std::to_string(d.leading_byte_offset * 16) +
                  " bytes\n" + "  stride_off :  " + hex(d.stride_byte_offset, 4) + " (" +
                  std::to_string(d.stride_byte_offset) + ")  " + std::to_string(d.stride_byte_offset * 16) +
                  " bytes\n" + "  base_offset:  " + hex(d.base_offset, 1) + "\n" +
                  "  layout_type:  " + hex(d.layout_type, 1) + " (" + d.layout_type_name + ")\n";
  if (arch == DescArch::SM100)
    s += "  version    :  " + std::to_string(d.version) + "\n  lbo_mode   :  " + std::to_string(d.lbo_mode) +
         "\n";
  s += "block " + std::to_string(dt.block_mn) + "x" + std::to_string(dt.block_k) +
       " (MN x K elements) in uint128_t units: " + to_string(d.u128_layout) +
       "\ncanonical form: " + to_string(d.canonical) + "\n";
  if (dt.block_offsets.size() > 1) {
    s += "block start-address increments (16-byte units, " + std::to_string(dt.blocks_mn) + " MN x " +
         std::to_string(dt.blocks_k) + " K blocks):";
    for (int64_t o : dt.block_offsets) s += ' ' + std::to_string(o);
    s += "\n";
  }
  return s;
}

}  // namespace tvlab
