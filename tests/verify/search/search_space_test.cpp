// The space of a search request: its knobs' values and the candidates they form (their product), each
// problem's configurations built from the typed pieces (the MMA alone, one operand, the whole), and a
// malformed request refused naming its knob.
#include "tvlab/verify/search/search_space.hpp"

#include <gtest/gtest.h>

#include "tvlab/verify/model/build_plan.hpp"

namespace tvlab {
namespace {

SearchRequest sm80_tf32_nt() {
  SearchRequest r;
  r.arch = "sm80";
  r.type_a = r.type_b = "tfloat32_t";
  r.layout_a = "ColumnMajor";
  r.layout_b = "RowMajor";
  r.cta_tiles = {{64, 64, 16}};
  r.threads = {128};
  return r;
}

TEST(SearchSpace, CandidatesAreTheProductOfTheKnobs) {
  const SearchPlan sp = plan_search(sm80_tf32_nt());
  ASSERT_EQ(sp.problems.size(), 1u);
  const SearchProblem& pb = sp.problems[0];
  double product = double(pb.mmas.size());
  for (const SearchOperand& op : pb.operands)
    product *= double(op.atoms.size()) * double(std::max<size_t>(1, op.g2ss.size())) * double(op.s2rs.size());
  EXPECT_EQ(sp.space.candidates, product);
  EXPECT_EQ(search_space(sm80_tf32_nt()).candidates, product);
  EXPECT_EQ(pb.mainloop, "MainloopSm80CpAsync");
  EXPECT_EQ(pb.stages, 3);
  // Filters keep only the named value.
  SearchRequest f = sm80_tf32_nt();
  f.only = {"mma.warps=(2,2,1):(2,1,1)"};
  const SearchPlan fp = plan_search(f);
  ASSERT_GE(fp.problems.at(0).mmas.size(), 1u);
  for (const auto& m : fp.problems[0].mmas)
    EXPECT_NE(m.label.find("(2,2,1):(2,1,1)"), std::string::npos) << m.label;
  EXPECT_LT(fp.space.candidates, product);
}

TEST(SearchSpace, ConfigurationsFromTheTypedPieces) {
  const SearchProblem pb = plan_search(sm80_tf32_nt()).problems.at(0);
  const KernelConfig base = pb.base_config(0);
  EXPECT_TRUE(base.operands.empty());
  EXPECT_EQ(*base.kernel.cta_tile, (std::vector<int64_t>{64, 64, 16}));
  EXPECT_EQ(*base.kernel.stages, 3);
  const KernelConfig one = pb.operand_config(0, 1, 0, 0, 0);
  ASSERT_EQ(one.operands.size(), 1u);
  EXPECT_EQ(one.operands[0].name, "B");
  EXPECT_EQ(*one.operands[0].smem->atom, pb.operands[1].atoms[0].value);
  const KernelConfig whole = pb.whole_config(0, {{0, 0, 0}, {0, 0, 0}});
  ASSERT_EQ(whole.operands.size(), 2u);
  EXPECT_EQ(whole.name, "tvlab search: sm80 64x64x16, 128 threads");
  EXPECT_EQ(*whole.operands[0].gmem->layout, "ColumnMajor");
  // Every MMA of the space builds, alone.
  for (size_t m = 0; m < pb.mmas.size(); ++m)
    EXPECT_NO_THROW(build_plan(pb.base_config(m))) << pb.mmas[m].label;
}

TEST(SearchSpace, MalformedRequestsNameTheirKnob) {
  auto knob_of = [](SearchRequest r) {
    try {
      plan_search(r);
    } catch (const SearchError& e) {
      return e.knob();
    }
    return std::string("(planned)");
  };
  SearchRequest r = sm80_tf32_nt();
  r.only = {"no.such.knob=1"};
  EXPECT_NE(knob_of(r), "(planned)");
  r = sm80_tf32_nt();
  r.arch = "sm70";
  EXPECT_NE(knob_of(r), "(planned)");
  r = sm80_tf32_nt();
  r.max_evaluations = 1;
  EXPECT_NE(knob_of(r), "(planned)");
}

}  // namespace
}  // namespace tvlab
