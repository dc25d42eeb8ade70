#include "tvlab/verify/readers/print_spec.hpp"

#include <set>

#include "tvlab/core/error.hpp"
#include "tvlab/core/tiling/cute_print.hpp"
#include "tvlab/verify/model/build_plan.hpp"

namespace tvlab {

KernelConfig read_print_spec(const std::string& text) {
  std::vector<PrintBlock> blocks;
  try {
    blocks = parse_cute_prints(text);
  } catch (const PrintError& e) {
    throw SpecError("", e.what());
  }
  KernelConfig c;
  std::set<std::string> names;
  int copies = 0;
  for (const PrintBlock& b : blocks) {
    const std::string where = "line " + std::to_string(b.mma ? b.mma->line : b.copy->line);
    if (b.mma) {
      if (c.mma) throw SpecError("", where + ": a second TiledMMA print; a spec has one MMA");
      if (!c.copies.empty())
        throw SpecError("", where + ": the TiledMMA print comes first, before the copies tiled against it");
      c.mma = MmaConfig{};
      c.mma->print = *b.mma;
      continue;
    }
    if (!b.copy->tiled)
      throw SpecError("", where + ": a Copy_Atom's print; a copy is a TiledCopy's (print(tiled_copy))");
    const std::string name = b.label.empty() ? "copy" + std::to_string(++copies) : printable(b.label);
    if (!names.insert(name).second) throw SpecError("", where + ": a second copy named " + name);
    const bool operand = name == "A" || name == "B" || name == "C" || name == "D";
    if (operand && !c.mma)
      throw SpecError(
          "", where + ": a copy labelled " + name + " is an operand's copy; it needs a TiledMMA print first");
    StandaloneCopyConfig s;
    s.name = name;
    s.copy.print = *b.copy;
    c.copies.push_back(std::move(s));
  }
  return c;
}

Plan build_plan_from_print(const std::string& text) {
  const KernelConfig c = read_print_spec(text);
  try {
    return build_plan(c);
  } catch (const SpecError& e) {
    throw SpecError("", e.what());
  }
}

}  // namespace tvlab
