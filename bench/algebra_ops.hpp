// One call of each algebra operation on element k of the mix (algebra_mix.hpp); shared by
// algebra_bench (timings) and algebra_icount (instruction counts under callgrind).
#pragma once

#include <cstddef>
#include <string_view>

#include "algebra_mix.hpp"
#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/complement.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/product.hpp"

namespace tvlab::bench {

// Returns a value that depends on the result, so that the call cannot be optimized away.
inline std::size_t run_op(std::string_view op, std::size_t k) {
  const auto& ps = pairs();
  const auto& [a, b] = ps[k % ps.size()];
  if (op == "composition") return composition(a, b).shape.nodes().size();
  if (op == "complement") return complement(b, IntTuple(4096)).shape.nodes().size();
  if (op == "logical_divide") return logical_divide(a, Tiler(b)).shape.nodes().size();
  if (op == "zipped_divide") return zipped_divide(a, mode_tilers()[k % ps.size()]).shape.nodes().size();
  if (op == "logical_product") {
    const auto& [block, t] = product_pairs()[k % ps.size()];
    return logical_product(block, Tiler(t)).shape.nodes().size();
  }
  if (op == "right_inverse") return right_inverse(a).shape.nodes().size();
  if (op == "coalesce") return coalesce(a).shape.nodes().size();
  if (op == "parse") return parse_layout(layout_texts()[k % layout_texts().size()]).shape.nodes().size();
  if (op == "print") return to_string(layouts()[k % layouts().size()]).size();
  return 0;
}

inline constexpr const char* kOps[] = {"composition",   "complement",      "logical_divide",
                                       "zipped_divide", "logical_product", "right_inverse",
                                       "coalesce",      "parse",           "print"};

}  // namespace tvlab::bench
