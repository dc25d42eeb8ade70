// A suggested fix for a conflicted shared-memory access: the cheapest layout, over the same tile, that
// makes every given instruction conflict-free while keeping each lane's vector access.
//
//   smem (64,64):(64,1), half_t, ldmatrix.x4 (32 wavefronts)
//     -> Sw<3,3,3> o 0 o (64,64):(64,1): 4 wavefronts (ideal), vector 8
//   smem (32,32):(32,1), float, ld of a column (32 wavefronts)
//     -> (32,32):(33,1): 1 wavefront (ideal), vector 1, 32 elements of padding
//
// Candidates, cheapest first: swizzles Sw<B,M,S> o L (no extra memory; fewest bits B, then the smallest
// shift S, then M) for B in 1..4, M in 0..6, S in B..8 whose bits stay inside the tile's power-of-two
// cosize; then row padding of a rank-2 layout with a unit-stride mode (the other stride plus k vectors,
// k = 1..8). A candidate counts only if every instruction is ideal on it and every lane still gives
// one contiguous, aligned access of the same width.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tvlab/verify/banks/smem_access.hpp"

namespace tvlab {

struct BankSuggestion {
  SmemLayout layout;
  std::string kind;    // "swizzle" or "padding"
  int wavefronts = 0;  // total over the instructions
  int ideal_wavefronts = 0;
  int vector = 0;            // elements a lane accesses (unchanged)
  int64_t padding = 0;       // extra elements of the padded layout's cosize
  std::string text() const;  // "Sw<3,3,3> o 0 o (64,64):(64,1): 4 wavefronts (ideal), vector 8"
};

// @pre the instructions are valid on `smem` (smem_instruction does not throw).
// @post a returned layout has the same tile size, and on it every instruction's bank_conflicts == 0.
// nullopt when no candidate is conflict-free (or the accesses already are).
std::optional<BankSuggestion> suggest_smem_layout(const SmemLayout& smem, const std::vector<Layout>& tvs,
                                                  const ValueType& type, const SmemOp& op,
                                                  const BankModel& model = nvidia_bank_model());

// The same over instructions given lane by lane (a tiled copy's).
std::optional<BankSuggestion> suggest_smem_layout(const SmemLayout& smem,
                                                  const std::vector<LaneIndices>& insts,
                                                  const ValueType& type, const SmemOp& op,
                                                  const BankModel& model = nvidia_bank_model());

}  // namespace tvlab
