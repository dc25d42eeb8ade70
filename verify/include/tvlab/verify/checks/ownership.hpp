// Ownership maps: for one operand of a spec, which (work-item, value) holds each element of the tile
// on the copy's register side and which the MMA expects it in. `tvlab explore` draws them; `tvlab repl`
// answers `owner`, `where` and `diff` from them.
//
//   xe_f16_a_col_major.json, operand A (tile 64x32, m x k):
//     element (1,0): copy D holds it in T1V0, MMA A expects it in T0V1  -> a mismatch the reorder fixes
//
// Xe: per subgroup s, partition_sg_fragment_{D,S}(copy, s) against partition_sg_fragment(X, mma, s) (as
// verify's fragment.X), work-item T = 16 s + lane, V = the value index of the subgroup TV layout.
// NVIDIA: the copy's get_layout{D,S}_TV() against the MMA's get_layoutX_TV(), (thread, value) as CuTe.
// For D (a store) the source is MMA C and the destination the copy's register side.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tvlab/verify/model/plan.hpp"

namespace tvlab {

struct Holder {
  int64_t t = 0, v = 0;
  friend bool operator==(const Holder&, const Holder&) = default;
  friend auto operator<=>(const Holder&, const Holder&) = default;
};
std::string holder_name(const Holder& h);  // "T3V5"

struct OperandMap {
  std::string operand;             // A, B, C or D
  std::string src_name, dst_name;  // e.g. "copy A (registers)", "MMA A"
  std::string row_axis, col_axis;  // e.g. "m", "k"
  int64_t rows = 0, cols = 0;      // the operand's work-group tile
  int64_t threads = 0;             // work-items of the work-group
  int group = 16;                  // work-items per subgroup (Xe 16, NVIDIA warp 32)
  bool xe = false;
  // Column-major element index r + rows * c -> its holders, sorted.
  std::vector<std::vector<Holder>> src, dst;
  std::vector<int64_t> mismatches;   // elements whose source and destination holders differ
  std::vector<std::string> outside;  // holders pointing outside the tile, as text

  int64_t cells() const { return rows * cols; }
  std::string coord(int64_t idx) const {
    return "(" + std::to_string(idx % rows) + "," + std::to_string(idx / rows) + ")";
  }
};

// The operands of a plan that have both a copy and an MMA fragment, in A, B, C, D order.
std::vector<std::string> mapped_operands(const Plan& plan);
// The most elements an operand's map may have (a 1024 x 1024 tile; the largest real work-group tile's C,
// 512 x 512, has a quarter of it).
inline constexpr int64_t kMaxMapCells = int64_t(1) << 20;

// Throws std::invalid_argument when the plan has no MMA or no copy for x, or its tile has more than
// kMaxMapCells elements.
OperandMap operand_map(const Plan& plan, const std::string& x);
// The size check of operand_map alone, at once (std::invalid_argument naming the size and the cap).
void want_map_fits(const Plan& plan, const std::string& x);

}  // namespace tvlab
