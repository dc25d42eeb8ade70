// CuTe's own printed results as test vectors: tests/data/cute_eval_cases.tsv holds lines
// `expression<TAB>result` (or `expression<TAB>error: <CuTe's condition>`), produced by CuTe C++.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tvlab/core/expr.hpp"

namespace tvlab {
namespace {

TEST(CuteVectors, EveryCaseMatchesCute) {
  std::ifstream in(TVLAB_TEST_DATA "/cute_eval_cases.tsv");
  ASSERT_TRUE(in) << "missing " TVLAB_TEST_DATA "/cute_eval_cases.tsv";
  std::string line;
  int cases = 0, n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    const auto tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos) << "line " << n;
    const std::string expr = line.substr(0, tab), want = line.substr(tab + 1);
    ++cases;
    std::string got;
    try {
      got = to_string(evaluate(expr));
    } catch (const EvalError& e) {
      got = std::string("error: ") + e.what();
    }
    if (want.rfind("error: ", 0) == 0) {
      EXPECT_EQ(got.rfind("error: ", 0), 0u) << "line " << n << ": " << expr << " gave " << got;
      EXPECT_NE(got.find(want.substr(7)), std::string::npos)
          << "line " << n << ": " << expr << " gave " << got;
    } else {
      EXPECT_EQ(got, want) << "line " << n << ": " << expr;
    }
  }
  EXPECT_GT(cases, 10);
}

}  // namespace
}  // namespace tvlab
