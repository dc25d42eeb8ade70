#include "tvlab/verify/checks/ownership.hpp"

#include <algorithm>
#include <stdexcept>

#include "tvlab/core/notation.hpp"
#include "tvlab/core/tiling/subgroup_tensor.hpp"

namespace tvlab {

std::string holder_name(const Holder& h) {
  return "T" + std::to_string(h.t) + "V" + std::to_string(h.v);
}

namespace {

XeOperand xe_operand(const std::string& x) {
  return x == "A" ? XeOperand::A : x == "B" ? XeOperand::B : x == "C" ? XeOperand::C : XeOperand::D;
}

// A coordinate (a tuple of integers or scaled bases, or one scaled basis) as (row, col); false when it
// has another form.
bool row_col(const IntTuple& x, int64_t& r, int64_t& c) {
  if (x.is_leaf()) {
    const Scalar& s = x.value();
    if (!s.is_basis() || s.depth() != 1 || s.path(0) > 1) return false;
    (s.path(0) == 0 ? r : c) += s.value;
    return true;
  }
  if (x.size() > 2) return false;
  for (int i = 0; i < x.size(); ++i) {
    const IntTuple e = x[i];
    if (e.is_leaf() && !e.value().is_basis()) {
      (i == 0 ? r : c) += e.value().value;
    } else if (!row_col(e, r, c)) {
      return false;
    }
  }
  return true;
}

// Records a holder of coordinate x (plus an offset) in `cells`.
void hold(OperandMap& m, std::vector<std::vector<Holder>>& cells, const Holder& h, const IntTuple& x,
          int64_t r0, int64_t c0, const std::string& side) {
  int64_t r = r0, c = c0;
  if (!row_col(x, r, c) || r < 0 || r >= m.rows || c < 0 || c >= m.cols) {
    if (m.outside.size() < 64) m.outside.push_back(side + " " + holder_name(h) + " -> " + to_string(x));
    return;
  }
  cells[static_cast<std::size_t>(r + m.rows * c)].push_back(h);
}

// A subgroup fragment's holders: work-item 16 sg + lane.
void hold_fragment(OperandMap& m, std::vector<std::vector<Holder>>& cells, const SubgroupTensor& f,
                   int64_t sg, const std::string& side) {
  int64_t r0 = 0, c0 = 0;
  if (!row_col(f.offset, r0, c0))
    throw std::invalid_argument("subgroup offset " + to_string(f.offset) + " is not a 2-D coordinate");
  const int64_t n = size(f.tv);
  for (int64_t i = 0; i < n; ++i)
    hold(m, cells, Holder{sg * 16 + i % 16, i / 16}, f.tv(IntTuple(i)), r0, c0, side);
}

// A whole TV layout's holders ((thread, value) -> column-major index into the tile).
void hold_tv(OperandMap& m, std::vector<std::vector<Holder>>& cells, const Layout& tv,
             const std::string& side) {
  const int64_t nthr = size(mode(tv, 0)), n = size(tv);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t idx = tv(i);
    const Holder h{i % nthr, i / nthr};
    if (idx < 0 || idx >= m.cells()) {
      if (m.outside.size() < 64)
        m.outside.push_back(side + " " + holder_name(h) + " -> " + std::to_string(idx));
      continue;
    }
    cells[static_cast<std::size_t>(idx)].push_back(h);
  }
}

}  // namespace

std::vector<std::string> mapped_operands(const Plan& plan) {
  std::vector<std::string> out;
  if (!plan.mma) return out;
  for (const char* x : {"A", "B", "C", "D"})
    for (const PlannedCopy& c : plan.copies)
      if (c.name == x) out.push_back(x);
  return out;
}

void want_map_fits(const Plan& plan, const std::string& x) {
  if (!plan.mma) return;
  const TiledMMA& mma = *plan.mma;
  const int64_t rows = x == "B" ? mma.tile_mnk[1] : mma.tile_mnk[0];
  const int64_t cols = x == "A" || x == "B" ? mma.tile_mnk[2] : mma.tile_mnk[1];
  if (rows * cols > kMaxMapCells)
    throw std::invalid_argument("operand " + x + "'s tile (" + std::to_string(rows) + "," +
                                std::to_string(cols) + ") has " + std::to_string(rows * cols) +
                                " elements, over tvlab's cap of " + std::to_string(kMaxMapCells) +
                                " for an ownership map (each element lists its holders)");
}

OperandMap operand_map(const Plan& plan, const std::string& x) {
  if (!plan.mma) throw std::invalid_argument("the spec has no mma");
  const PlannedCopy* copy = nullptr;
  for (const PlannedCopy& c : plan.copies)
    if (c.name == x) copy = &c;
  if (!copy || (x != "A" && x != "B" && x != "C" && x != "D")) {
    std::string names;
    for (const std::string& n : mapped_operands(plan)) names += (names.empty() ? "" : ", ") + n;
    throw std::invalid_argument("the spec has no copy for operand " + x +
                                (names.empty() ? "" : "; it has " + names));
  }
  const TiledMMA& mma = *plan.mma;
  const bool store = x == "D";
  const std::string mx = store ? "C" : x;
  // An SLM pipeline hands the operand to the MMA through its SLM -> registers copy.
  const bool slm = copy->slm_layout && copy->s2r;
  const TiledCopy& tc = slm ? *copy->s2r : copy->copy;
  OperandMap m;
  m.operand = x;
  // As verify: Xe fragments per subgroup when both sides are Xe, whole TV layouts otherwise.
  // (The s2r copy is a UniversalCopy, sycl-tla e45955935, compared per subgroup as verify does.)
  m.xe = mma.is_xe() && tc.num_threads() % 16 == 0 && (slm || tc.atom.arch.rfind("xe", 0) == 0);
  m.group = mma.is_xe() ? 16 : 32;
  m.threads = mma.num_threads();
  m.rows = x == "B" ? mma.tile_mnk[1] : mma.tile_mnk[0];
  m.cols = x == "A" || x == "B" ? mma.tile_mnk[2] : mma.tile_mnk[1];
  want_map_fits(plan, x);
  m.row_axis = x == "B" ? "n" : "m";
  m.col_axis = x == "A" || x == "B" ? "k" : "n";
  const std::string copy_side = std::string(slm ? "s2r copy " : "copy ") + x +
                                (store ? " (registers, S)"
                                 : slm ? " (SLM -> registers, D)"
                                       : " (registers, D)");
  const std::string mma_side =
      copy->subtile_tv ? "subtile fragment " + to_string(*copy->subtile_tv) : "MMA " + mx;
  m.src_name = store ? mma_side : copy_side;
  m.dst_name = store ? copy_side : mma_side;
  std::vector<std::vector<Holder>> cp(static_cast<std::size_t>(m.cells())), mm(cp);
  if (m.xe) {
    const int64_t nsg = mma.num_threads() / 16;
    for (int64_t s = 0; s < nsg && s * 16 < tc.num_threads(); ++s) {
      const SubgroupTensor c = store ? partition_sg_fragment_S(tc, s) : partition_sg_fragment_D(tc, s);
      hold_fragment(m, cp, c, s, "copy");
      if (copy->subtile_tv) {
        // A subtiled C/D copy: each subgroup holds its subtile's fragment, from the subtile's origin.
        SubgroupTensor sub = c;
        sub.tv = *copy->subtile_tv;
        hold_fragment(m, mm, sub, s, "subtile");
      } else {
        hold_fragment(m, mm, partition_sg_fragment(xe_operand(mx), mma, s), s, "MMA");
      }
    }
  } else {
    hold_tv(m, cp, store ? tc.get_layoutS_TV() : tc.get_layoutD_TV(), "copy");
    hold_tv(m, mm,
            mx == "A"   ? mma.get_layoutA_TV()
            : mx == "B" ? mma.get_layoutB_TV()
                        : mma.get_layoutC_TV(),
            "MMA");
  }
  for (auto& v : cp) std::sort(v.begin(), v.end());
  for (auto& v : mm) std::sort(v.begin(), v.end());
  m.src = store ? std::move(mm) : std::move(cp);
  m.dst = store ? std::move(cp) : std::move(mm);
  for (int64_t i = 0; i < m.cells(); ++i)
    if (m.src[static_cast<std::size_t>(i)] != m.dst[static_cast<std::size_t>(i)]) m.mismatches.push_back(i);
  return m;
}

}  // namespace tvlab
