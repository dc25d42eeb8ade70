// The candidates of `tvlab search` (search.hpp): per problem (a CTA tile and a thread count) the MMAs and,
// per operand, the smem layout atoms, the g2s copies and the register-side copies (NVIDIA: s2r; Xe: the
// block 2D copy), each a typed piece of a kernel configuration (model/kernel_config.hpp: an MmaConfig, an
// smem atom's text, a CopyConfig), and the configurations they form.
//
//   sm80 tfloat32_t NT 128x128x32, 128 threads:
//     mma       SM80_16x8x8_F32TF32TF32F32_TN, warps (2,2,1) or (2,2,1):(2,1,1) or ..., tile (32,32,8) ...
//     A.atom    Sw<3,2,3> o (32,8):(1,32), (32,8):(1,32), (32,8):(36,1) (padding) ...
//     A.g2s     SM80_CP_ASYNC_CACHEALWAYS<uint128_t> x (16,8):(1,16) ...
//     A.s2r     UniversalCopy<tfloat32_t>, UniversalCopy<uint64_t>, ...
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tvlab/verify/model/kernel_config.hpp"
#include "tvlab/verify/model/plan.hpp"
#include "tvlab/verify/search/search.hpp"

namespace tvlab {

// One value of a knob: its label as the knob lists it and the piece of configuration it sets.
template <class T>
struct SearchValue {
  std::string label;
  T value;
};

struct SearchOperand {
  std::string name;                             // A or B
  OperandConfig base;                           // type and gmem
  std::vector<SearchValue<std::string>> atoms;  // smem.atom (NVIDIA); Xe: one empty value (no smem)
  std::vector<SearchValue<CopyConfig>> g2ss;    // smem.g2s (NVIDIA); Xe: none
  std::vector<SearchValue<CopyConfig>> s2rs;    // smem.s2r (NVIDIA); Xe: "copy"
};

struct OperandChoice {
  size_t atom = 0;
  std::optional<size_t> g2s;
  size_t s2r = 0;
};

struct SearchProblem {
  std::string arch;  // sm80, xe
  std::array<int64_t, 3> cta_tile{};
  int64_t threads = 0;  // NVIDIA threads; Xe subgroups
  int64_t stages = 0;
  std::string mainloop;
  std::vector<SearchValue<MmaConfig>> mmas;
  std::vector<SearchOperand> operands;

  // cta_tile, stages, mainloop, mma and no operands: the MMA alone.
  KernelConfig base_config(size_t mma) const;
  // The MMA and one operand (its atom, optionally g2s, and its register-side copy).
  KernelConfig operand_config(size_t mma, size_t operand, size_t atom, std::optional<size_t> g2s,
                              size_t s2r) const;
  // The whole configuration, named after the problem ("tvlab search: sm80 128x128x32, 128 threads").
  KernelConfig whole_config(size_t mma, const std::vector<OperandChoice>& choice) const;
  std::vector<std::pair<std::string, std::string>> knob_values(
      size_t mma, const std::vector<OperandChoice>& choice) const;
};

struct SearchPlan {
  SearchSpace space;
  std::vector<SearchProblem> problems;
};

// The space of a request (SearchError on a malformed request or past max_evaluations).
SearchPlan plan_search(const SearchRequest& req);

// What an operand's register-side copy sees of the MMA (its TV layout and tile): parts of two MMAs with the
// same key are evaluated once.
std::string search_operand_key(const Plan& plan, const std::string& operand);
// A, B (one k-tile) and C values a thread (work-item) holds: the CTA tile (plan.kernel) over the MMA's TV
// layouts; 0 without an MMA or a CTA tile.
int64_t search_registers(const Plan& plan);
// Xe: block 2D loads a work-item issues per k-tile for A and B (0 for NVIDIA).
int64_t search_block2d_loads(const Plan& plan);

}  // namespace tvlab
