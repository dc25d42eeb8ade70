// What the parts of build_plan share: evaluating a configuration's values at their spec paths, the
// shared-memory layout helpers and the copy constructors. Internal to the model.
#pragma once

#include <string>
#include <vector>

#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/tiling/cute_print.hpp"
#include "tvlab/verify/model/kernel_config.hpp"
#include "tvlab/verify/model/plan.hpp"

namespace tvlab::model {

// Runs f, turning tvlab's own errors into SpecErrors at `path`.
template <class F>
auto at(const std::string& path, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const SpecError&) {
    throw;
  } catch (const ParseError& e) {
    throw SpecError(path, "column " + std::to_string(e.column()) + ": " + e.what());
  } catch (const EvalError& e) {
    if (e.subject() == "syntax")
      throw SpecError(path, "column " + std::to_string(e.column()) + ": " + e.what());
    throw SpecError(path, e.what());
  } catch (const AtomError& e) {
    throw SpecError(path, e.what());
  } catch (const LayoutError& e) {
    throw SpecError(path, e.what());
  }
}

template <class F>
auto at_print(const std::string& path, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const PrintError& e) {
    throw SpecError(path, e.what());
  }
}

// An array of integers: 1 to max_size of them, each in [min, 2^48] (CuTe's and CUTLASS's integer parameters).
void check_ints(const std::vector<int64_t>& v, const std::string& path, int64_t min, std::size_t max_size);

Layout parse_layout(const Notation& v, const std::string& path);
Tiler parse_tiler_mode(const Notation& v, const std::string& path);
bool is_integer_tuple(const Expr& e);
Tiler parse_permutation(const TilerConfig& v, const std::string& path);
ValueType value_type_at(const std::string& name, const std::string& path);
CopyAtom copy_atom_at(const std::string& name, const std::string& path);

XeOperand operand_of(const std::string& name);
XeModes modes_for(const std::string& operand, const std::string& contiguous, const std::string& path);

// Shared memory.
std::string smem_layout_text(const std::string& text, const std::string& path, const ValueType& vt);
SmemLayout smem_layout_at(const std::string& text, const std::string& path);
SmemLayout staged_smem_layout(const SmemLayout& atom, const IntTuple& tile, int64_t stages,
                              const std::string& path, const ModeOrder& order = Major::Left);
int smem_rank(const SmemLayout& l);
int64_t smem_mode_size(const SmemLayout& l, int i);
SmemLayout first_stage(const SmemLayout& staged);

// operands.X.gmem: the layout tag's contiguous mode letter (`letter`) and the alignment.
GmemOperand gmem_operand(const std::string& name, const GmemConfig& g, const std::string& path,
                         const ValueType& vt, std::string& letter);

// Copies.
TiledCopy partitionable(TiledCopy copy);
TiledCopy from_mma(const CopyAtom& atom, const ValueType& vt, const TiledMMA& mma,
                   const std::string& operand);
TiledCopy thr_val_copy(const CopyAtom& atom, const ValueType& vt, const CopyConfig& c,
                       const std::string& path);
TiledCopy printed_copy(const CopyConfig& c, const std::string& path,
                       const std::optional<ValueType>& vt_given);
const char* copy_direction(const CopyAtom& atom);

// An operand as the collective sees it, with the spec path it was given at: the operands as given, except
// under MainloopSm90TmaGmmaRmemAWarpSpecialized's SwapAB (rmem_a.cpp), which also sets kernel->swap_ab.
struct CollectiveOperand {
  OperandConfig config;
  std::string path;
};
std::vector<CollectiveOperand> collective_operands(const KernelConfig& c, std::optional<KernelShape>& kernel);

// The parts of the plan, each in its own file.
TiledMMA build_mma(const MmaConfig& m, const std::string& path);
std::string mma_origin(const TiledMMA& m, PrintFormat format);
std::optional<KernelShape> kernel_shape(const KernelConfig& c, const std::optional<TiledMMA>& mma);
SmemStage smem_stage(const std::string& name, const SmemConfig& o, const std::string& path,
                     const TiledMMA& mma, const ValueType& vt, bool xe,
                     const std::optional<KernelShape>& kernel, bool mn_major);
std::optional<PlannedCopy> build_operand(const OperandConfig& o, const std::string& path,
                                         const std::optional<TiledMMA>& mma,
                                         const std::optional<KernelShape>& kernel);
std::optional<PlannedSmem> build_smem(const OperandConfig& o, const std::string& path,
                                      const std::optional<TiledMMA>& mma,
                                      const std::optional<KernelShape>& kernel);
PlannedCopy build_standalone(const StandaloneCopyConfig& c, const std::string& path,
                             const std::optional<TiledMMA>& mma);
void build_tmem(Plan& plan, const std::optional<TmemConfig>& t);

}  // namespace tvlab::model
