#include "tvlab/verify/model/build_plan.hpp"

#include "build_support.hpp"

namespace tvlab {

Plan build_plan(const KernelConfig& c) {
  Plan plan;
  plan.warnings = c.warnings;
  plan.name = c.name;
  if (c.mma) {
    plan.mma = model::build_mma(*c.mma, "mma");
    if (c.mma->print) plan.mma_origin = model::mma_origin(*plan.mma, c.mma->print->format);
  }
  plan.kernel = model::kernel_shape(c, plan.mma);
  for (const model::CollectiveOperand& co : model::collective_operands(c, plan.kernel)) {
    const OperandConfig& o = co.config;
    const std::string& path = co.path;
    if (auto p = model::build_operand(o, path, plan.mma, plan.kernel))
      (p->how == "smem" ? plan.smem_only : plan.copies).push_back(*p);
    if (auto s = model::build_smem(o, path, plan.mma, plan.kernel)) plan.smem.push_back(*s);
  }
  for (const StandaloneCopyConfig& s : c.copies)
    plan.copies.push_back(model::build_standalone(s, "copies." + s.name, plan.mma));
  if (!plan.mma && plan.copies.empty()) throw SpecError("", "the spec has neither an \"mma\" nor \"copies\"");
  model::build_tmem(plan, c.tmem);
  return plan;
}

}  // namespace tvlab
