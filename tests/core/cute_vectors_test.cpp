// CuTe's own printed results as test vectors: lines `expression<TAB>result` (or `expression<TAB>error:
// <CuTe's condition>`), produced by CuTe C++: tests/data/cute_eval_cases.tsv (the algebra, swizzles, smem
// atoms) and tests/data/cute/eval_cases.tsv (nested composed layouts; recorded by
// tests/cute_oracle/eval_cases.sh from eval_cases.cpp, which ctest cute.oracle.eval compiles live with
// TVLAB_ORACLE_EVAL=1).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tvlab/core/expr.hpp"

namespace tvlab {
namespace {

// The number of cases in `path` (each compared with tvlab's evaluation).
int expect_cases_match(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << "missing " << path;
  std::string line;
  int cases = 0, n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    const auto tab = line.find('\t');
    EXPECT_NE(tab, std::string::npos) << path << " line " << n;
    if (tab == std::string::npos) continue;
    const std::string expr = line.substr(0, tab), want = line.substr(tab + 1);
    ++cases;
    std::string got;
    try {
      got = to_string(evaluate(expr));
    } catch (const EvalError& e) {
      got = std::string("error: ") + e.what();
    }
    if (want.rfind("error: ", 0) == 0) {
      EXPECT_EQ(got.rfind("error: ", 0), 0u) << path << " line " << n << ": " << expr << " gave " << got;
      EXPECT_NE(got.find(want.substr(7)), std::string::npos)
          << path << " line " << n << ": " << expr << " gave " << got;
    } else {
      EXPECT_EQ(got, want) << path << " line " << n << ": " << expr;
    }
  }
  return cases;
}

TEST(CuteVectors, EveryCaseMatchesCute) {
  EXPECT_GT(expect_cases_match(TVLAB_TEST_DATA "/cute_eval_cases.tsv"), 10);
}

TEST(CuteVectors, NestedComposedLayoutsMatchCute) {
  EXPECT_GE(expect_cases_match(TVLAB_TEST_DATA "/cute/eval_cases.tsv"), 50);
}

}  // namespace
}  // namespace tvlab
