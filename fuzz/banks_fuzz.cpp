// libFuzzer target: `tvlab banks` and `tvlab render --view banks` behind the CLI. The input is four or five
// lines: LAYOUT, TV, TYPE, OP[, GMEM] (GMEM: cp.async's global layout, `--gmem`). Every problem must be a
// BankError, LayoutError, ParseError, AtomError or (the picture: too many cells) VizError; anything else
// escaping (or a crash, hang or sanitizer report) is a finding.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "tvlab/core/atoms/atom.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/banks/bank_suggest.hpp"
#include "tvlab/viz/backends.hpp"
#include "tvlab/viz/banks_builder.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string smem, tv, type, op, gmem;
  std::getline(in, smem);
  std::getline(in, tv);
  std::getline(in, type);
  std::getline(in, op);
  const bool has_gmem = static_cast<bool>(std::getline(in, gmem));
  try {
    const tvlab::SmemLayout s = tvlab::parse_smem_layout(smem);
    const tvlab::Layout t = tvlab::parse_layout(tv);
    const tvlab::ValueType vt = tvlab::value_type(type);
    const tvlab::SmemOp o = tvlab::parse_smem_op(op);
    tvlab::SmemInstruction inst = tvlab::smem_instruction(s, t, vt, o);
    if (has_gmem) tvlab::set_cp_async_sources(inst, tvlab::parse_smem_layout(gmem), t, vt);
    const tvlab::BankAnalysis a = tvlab::analyze_banks(inst);
    if (a.bank_conflicts > 0) (void)tvlab::suggest_smem_layout(s, {t}, vt, o);
    tvlab::viz::Options small;
    small.max_cells = 4096;  // the picture's cost is per cell: keep iterations fast
    (void)tvlab::viz::to_text(tvlab::viz::build_banks_scene(s, t, vt, o, small));
  } catch (const tvlab::viz::VizError&) {
  } catch (const tvlab::BankError&) {
  } catch (const tvlab::LayoutError&) {
  } catch (const tvlab::ParseError&) {
  } catch (const tvlab::AtomError&) {
  }
  return 0;
}
