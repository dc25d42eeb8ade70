#include "tvlab/verify/model/kernel_config.hpp"

#include <algorithm>

namespace tvlab {

namespace {
int operand_rank(const std::string& n) {
  return n == "A" ? 0 : n == "B" ? 1 : n == "C" ? 2 : n == "D" ? 3 : 4;
}
}  // namespace

const OperandConfig* KernelConfig::operand(const std::string& n) const {
  for (const OperandConfig& o : operands)
    if (o.name == n) return &o;
  return nullptr;
}

OperandConfig* KernelConfig::operand(const std::string& n) {
  for (OperandConfig& o : operands)
    if (o.name == n) return &o;
  return nullptr;
}

OperandConfig& KernelConfig::operand_or_add(const std::string& n) {
  if (OperandConfig* o = operand(n)) return *o;
  const auto at = std::find_if(operands.begin(), operands.end(), [&](const OperandConfig& o) {
    return operand_rank(o.name) > operand_rank(n);
  });
  return *operands.insert(at, OperandConfig(n));
}

const std::vector<std::string>& epilogue_parameters(const std::string& collective) {
  static const std::vector<std::string> none, def{"collective"},
      sm70{"collective", "accumulator", "smem_layout"},
      sm90{"collective", "tile", "stages_c", "stages_d", "reuse_smem_c", "fusion", "C", "D"};
  return collective == "DefaultEpilogue"          ? def
         : collective == "Sm70EpilogueVectorized" ? sm70
         : collective == "Sm90TmaWarpSpecialized" ? sm90
                                                  : none;
}

std::string not_an_epilogue_parameter(const std::string& collective) {
  std::string list;
  for (const std::string& k : epilogue_parameters(collective)) list += (list.empty() ? "" : ", ") + k;
  return "not a parameter of " + collective + " (" + list + ")";
}

}  // namespace tvlab
