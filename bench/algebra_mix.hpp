// The mix of layouts the algebra benchmarks run on (algebra_bench, algebra_icount): the (lhs, rhs)
// pairs GEMM kernels compose (MMA/copy TV layouts, tiles and tilers), rank 1..4, depth 1..2.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tvlab/core/layout.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tiler.hpp"

namespace tvlab::bench {

// (lhs, rhs) as text: rhs is injective, so it is also a valid divide tiler and complement argument.
inline const std::vector<std::pair<std::string, std::string>>& pair_texts() {
  static const std::vector<std::pair<std::string, std::string>> p = {
      {"(128,64):(64,1)", "(16,8):(1,16)"},
      {"((4,8),(2,2)):((32,1),(16,8))", "(32,4):(1,32)"},
      {"(8,16,2):(1,8,128)", "(4,(2,2)):(2,(1,8))"},
      {"((2,2,2),(4,8)):((1,16,32),(2,64))", "(8,(4,4)):(4,(1,32))"},
      {"(64,32):(1,64)", "((2,4),(4,2)):((1,8),(32,256))"},
      {"(16,(8,4)):(32,(1,8))", "(4,8):(8,1)"},
  };
  return p;
}

inline const std::vector<std::pair<Layout, Layout>>& pairs() {
  static const std::vector<std::pair<Layout, Layout>> p = [] {
    std::vector<std::pair<Layout, Layout>> out;
    for (const auto& [a, b] : pair_texts()) out.emplace_back(parse_layout(a), parse_layout(b));
    return out;
  }();
  return p;
}

// Every layout of the mix (lhs and rhs), as text and parsed.
inline const std::vector<std::string>& layout_texts() {
  static const std::vector<std::string> t = [] {
    std::vector<std::string> out;
    for (const auto& [a, b] : pair_texts()) out.push_back(a), out.push_back(b);
    return out;
  }();
  return t;
}
inline const std::vector<Layout>& layouts() {
  static const std::vector<Layout> l = [] {
    std::vector<Layout> out;
    for (const auto& s : layout_texts()) out.push_back(parse_layout(s));
    return out;
  }();
  return l;
}

// Tilers by mode for zipped_divide, one per lhs: (tile of mode 0, tile of mode 1).
inline const std::vector<Tiler>& mode_tilers() {
  static const std::vector<Tiler> t = [] {
    std::vector<Tiler> out;
    const char* text[][2] = {{"16:1", "8:1"},        {"(4,2):(1,8)", "2:1"}, {"4:2", "(2,2):(1,8)"},
                             {"(2,2):(1,4)", "8:1"}, {"8:1", "(2,4):(1,2)"}, {"4:1", "(4,2):(1,8)"}};
    for (auto& m : text) out.emplace_back(Tiler::Modes{Tiler(parse_layout(m[0])), Tiler(parse_layout(m[1]))});
    return out;
  }();
  return t;
}

// (block, tiler) pairs for logical_product: the rhs of the mix as blocks, small tilers.
inline const std::vector<std::pair<Layout, Layout>>& product_pairs() {
  static const std::vector<std::pair<Layout, Layout>> p = [] {
    const char* tilers[] = {"(2,4):(1,2)", "4:1", "(2,2):(2,1)", "(4,2):(1,4)", "8:1", "(2,4):(4,1)"};
    std::vector<std::pair<Layout, Layout>> out;
    for (std::size_t i = 0; i < pairs().size(); ++i)
      out.emplace_back(pairs()[i].second, parse_layout(tilers[i]));
    return out;
  }();
  return p;
}

}  // namespace tvlab::bench
