#include "tvlab/verify/banks/bank_suggest.hpp"

#include <type_traits>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

std::string BankSuggestion::text() const {
  std::string s = to_string(layout) + ": " + std::to_string(wavefronts) +
                  (wavefronts == 1 ? " wavefront" : " wavefronts") +
                  (wavefronts == ideal_wavefronts ? " (ideal)" : "") + ", vector " + std::to_string(vector);
  if (padding > 0) s += ", " + std::to_string(padding) + " elements of padding";
  return s;
}

namespace {

// One instruction on a candidate layout: a TV layout evaluates the layout itself; lane-by-lane instructions
// (a tiled copy's, many of them) share the candidate's table of element offsets.
SmemInstruction instruction(const SmemLayout& smem, const std::vector<int64_t>&, const Layout& tv,
                            const ValueType& type, const SmemOp& op, const BankModel& model) {
  return smem_instruction(smem, tv, type, op, model);
}
SmemInstruction instruction(const SmemLayout&, const std::vector<int64_t>& offsets, const LaneIndices& lanes,
                            const ValueType& type, const SmemOp& op, const BankModel& model) {
  return smem_instruction(offsets, lanes, type, op, model);
}

// The total wavefronts when every instruction is ideal on the candidate (the total is then the ideal);
// nullopt at the first that is not, or that the candidate breaks (a lane's vector split, another width): only
// conflict-free candidates are suggested, so most are rejected at their first instruction.
template <class Insts>
std::optional<int> ideal_cost(const SmemLayout& smem, const Insts& tvs, const ValueType& type,
                              const SmemOp& op, const BankModel& model, int bytes) {
  int wf = 0;
  try {
    std::vector<int64_t> offsets;
    if constexpr (std::is_same_v<typename Insts::value_type, LaneIndices>)
      offsets = smem_element_offsets(smem, smem_tile_size(smem), type.bits);
    for (const auto& tv : tvs) {
      const SmemInstruction in = instruction(smem, offsets, tv, type, op, model);
      if (in.bytes != bytes) return std::nullopt;
      const BankAnalysis a = analyze_banks(in, model);
      // Not exact: a cp.async without its sources is not evaluable.
      if (!a.exact || a.wavefronts != a.ideal_wavefronts) return std::nullopt;
      wf += a.wavefronts;
    }
  } catch (const BankError&) {
    return std::nullopt;
  } catch (const LayoutError&) {
    return std::nullopt;
  }
  return wf;
}

int64_t next_pow2(int64_t x) {
  int64_t p = 1;
  while (p < x && p < (int64_t(1) << 62)) p <<= 1;
  return p;
}

template <class Insts>
std::optional<BankSuggestion> suggest_impl(const SmemLayout& smem, const Insts& tvs, const ValueType& type,
                                           const SmemOp& op, const BankModel& model) {
  if (tvs.empty()) return std::nullopt;
  const SmemInstruction first = smem_instruction(smem, tvs.front(), type, op, model);
  const int bytes = first.bytes;
  const int vector = bytes * 8 / type.bits;
  if (ideal_cost(smem, tvs, type, op, model, bytes)) return std::nullopt;  // conflict-free already
  const Layout& inner = inner_layout(smem);
  const int64_t span = next_pow2(cosize(inner));

  for (int b = 1; b <= 4; ++b)
    for (int s = b; s <= 8; ++s)
      for (int m = 0; m <= 6; ++m) {
        const Swizzle sw(b, m, s);
        if ((sw.yyy_mask() | sw.zzz_mask()) >= span) continue;
        SmemLayout cand = ComposedLayout(sw, IntTuple(0), inner);
        if (const auto wf = ideal_cost(cand, tvs, type, op, model, bytes))
          return BankSuggestion{cand, "swizzle", *wf, *wf, vector, 0};
      }

  // Padding: a rank-2 layout with one unit-stride mode; widen the other mode's stride.
  if (rank(inner) == 2 && mode(inner, 0).shape.is_leaf() && mode(inner, 1).shape.is_leaf()) {
    for (int unit = 0; unit < 2; ++unit) {
      const int other = 1 - unit;
      if (inner.stride[unit].value().is_basis() || inner.stride[unit].value().value != 1) continue;
      if (inner.stride[other].value().is_basis()) continue;
      const int64_t stride = inner.stride[other].value().value;
      for (int k = 1; k <= 8; ++k) {
        IntTuple strides = unit == 0 ? make_stride(int64_t(1), stride + k * vector)
                                     : make_stride(stride + k * vector, int64_t(1));
        Layout padded(inner.shape, strides);
        SmemLayout cand = padded;
        if (const auto wf = ideal_cost(cand, tvs, type, op, model, bytes))
          return BankSuggestion{cand, "padding", *wf, *wf, vector, cosize(padded) - cosize(inner)};
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<BankSuggestion> suggest_smem_layout(const SmemLayout& smem, const std::vector<Layout>& tvs,
                                                  const ValueType& type, const SmemOp& op,
                                                  const BankModel& model) {
  return suggest_impl(smem, tvs, type, op, model);
}

std::optional<BankSuggestion> suggest_smem_layout(const SmemLayout& smem,
                                                  const std::vector<LaneIndices>& insts,
                                                  const ValueType& type, const SmemOp& op,
                                                  const BankModel& model) {
  return suggest_impl(smem, insts, type, op, model);
}

}  // namespace tvlab
