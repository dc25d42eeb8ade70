// A search's result for people and programs: the table and the JSON of one Xe search, cross-checked against
// the result itself (one table row and one JSON row per result row, in rank order, each JSON "spec" the row's
// configuration as the JSON writer writes it, and that spec read back building the row's plan).
#include "tvlab/verify/report/search_format.hpp"

#include <gtest/gtest.h>

#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"
#include "tvlab/verify/report/plan_format.hpp"
#include "tvlab/verify/writers/spec_json.hpp"

namespace tvlab {
namespace {

SearchResult xe_search() {
  SearchRequest r;
  r.arch = "xe";
  r.type_a = r.type_b = "bfloat16_t";
  r.layout_a = "RowMajor";
  r.layout_b = "RowMajor";
  r.cta_tiles = {{256, 256, 32}};
  r.threads = {32};
  r.only = {"mma.sg_layout=(8,4,1)"};
  r.top = 4;
  return search(r);
}

TEST(SearchFormat, TableAndJsonAgreeWithTheResult) {
  const SearchResult res = xe_search();
  ASSERT_EQ(res.rows.size(), 4u);
  const std::string text = search_to_text(res);
  std::size_t at = 0;
  for (const SearchRow& row : res.rows) {  // "#1", "#2", ... in order
    const std::size_t p = text.find("\n#" + std::to_string(row.rank) + " ", at);
    ASSERT_NE(p, std::string::npos) << "#" << row.rank << "\n" << text;
    at = p + 1;
  }
  EXPECT_EQ(text.find("\n#5 "), std::string::npos);
  EXPECT_EQ(text.rfind("space: ", 0), 0u);

  const nlohmann::ordered_json j = search_to_json(res);
  ASSERT_EQ(j["rows"].size(), res.rows.size());
  for (std::size_t i = 0; i < res.rows.size(); ++i) {
    const SearchRow& row = res.rows[i];
    const auto& jr = j["rows"][i];
    EXPECT_EQ(jr["rank"], row.rank);
    EXPECT_EQ(jr["spec"], config_to_json(row.config));
    EXPECT_EQ(plan_to_json(build_plan(read_json_value(nlohmann::json(jr["spec"])))),
              plan_to_json(build_plan(row.config)));
    EXPECT_EQ(jr["figures"]["block2d_loads"], row.figures.block2d_loads);
  }
  EXPECT_EQ(j["evaluated"], res.evaluated);
  EXPECT_EQ(j["refuted"], res.refuted);
}

}  // namespace
}  // namespace tvlab
