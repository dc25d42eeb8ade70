#include "tvlab/core/expr.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"

namespace tvlab {
namespace {

std::string eval(std::string_view s, Style style = Style::Plain) {
  return to_string(evaluate(s), style);
}

TEST(Expr, Literals) {
  EXPECT_EQ(eval("(4,8)"), "(4,8):(1,4)");
  EXPECT_EQ(eval("8"), "8:1");
  EXPECT_EQ(eval("(4,8):(8,1)", Style::Cute), "(_4,_8):(_8,_1)");
  EXPECT_EQ(eval("Sw<3,3,3> o (8,64):(64,1)"), "Sw<3,3,3> o 0 o (8,64):(64,1)");
  EXPECT_EQ(eval("Sw<3,3,3> o 32 o (8,64):(64,1)"), "Sw<3,3,3> o 32 o (8,64):(64,1)");
  EXPECT_EQ(eval("(3:3,(2,4):(1,8))"), "(3:3,(2,4):(1,8))");
  EXPECT_EQ(eval("(4,_)"), "(4,_)");
  EXPECT_EQ(eval("_"), "_");
}

// The anchors, all verified with CuTe C++.
TEST(Expr, CuteAnchors) {
  const std::pair<const char*, const char*> cases[] = {
      {"coalesce((2,(1,6)):(1,(6,2)))", "12:1"},
      {"composition((10,2):(16,4),(5,4):(1,5))", "(5,(2,2)):(16,(80,4))"},
      {"composition((12,(4,8)):(59,(13,1)),(3:4,8:2))", "(3,(2,4)):(236,(26,1))"},
      {"complement(4:2,24)", "(2,3):(1,8)"},
      {"complement((2,2):(1,6))", "3:2"},
      {"right_inverse((4,2):(1,0))", "4:1"},
      {"right_inverse(((4,8),(2,2)):((32,1),(16,8)))", "(8,2,2,4):(4,64,32,1)"},
      {"left_inverse((2,4):(1,4))", "(4,4):(1,2)"},
      {"logical_divide((4,2,3):(2,1,8),4:2)", "((2,2),(2,3)):((4,1),(2,8))"},
      {"logical_product(4:1,3)", "(4,3):(1,4)"},
      {"blocked_product((2,5):(5,1),(3,4):(1,3))", "((2,3),(5,4)):((5,10),(1,30))"},
      {"raked_product((2,5):(5,1),(3,4):(1,3))", "((3,2),(4,5)):((10,5),(30,1))"},
      {"upcast((4,8):(8,1),2)", "(4,4):(4,1)"},
      {"nullspace((2,4,3):(0,1,0))", "(2,3):(1,8)"},
      {"make_ordered_layout((2,3,4),(1,0,2))", "(2,3,4):(3,1,6)"},
      {"max_common_vector((8,4):(1,8),32:1)", "32"},
      {"make_identity_layout((4,8))", "(4,8):(1@0,1@1)"},
  };
  for (const auto& [in, out] : cases) EXPECT_EQ(eval(in), out) << in;
}

TEST(Expr, ToolFunctions) {
  EXPECT_EQ(eval("size((4,8):(8,1))"), "32");
  EXPECT_EQ(eval("cosize((4,8):(8,2))"), "39");
  EXPECT_EQ(eval("rank(((4,8),2):((8,1),32))"), "2");
  EXPECT_EQ(eval("depth(((4,8),2):((8,1),32))"), "2");
  EXPECT_EQ(eval("crd2idx((1,2),(4,8),(8,1))"), "10");
  EXPECT_EQ(eval("crd2idx(9,(4,8):(8,1))"), "10");
  EXPECT_EQ(eval("idx2crd(9,(4,8))"), "(1,2)");
  EXPECT_EQ(eval("get(((4,8),2):((8,1),32),0,1)"), "8:1");
  EXPECT_EQ(eval("select((2,3,4):(1,2,6),2,0)"), "(4,2):(6,1)");
  EXPECT_EQ(eval("take((2,3,4):(1,2,6),1,3)"), "(3,4):(2,6)");
  EXPECT_EQ(eval("flatten(((4,8),2):((8,1),32))"), "(4,8,2):(8,1,32)");
  EXPECT_EQ(eval("append((4,8):(8,1),2:32)"), "(4,8,2):(8,1,32)");
  EXPECT_EQ(eval("append((4,8):(8,1))"), "(4,8,1):(8,1,0)");
  EXPECT_EQ(eval("prepend((4,8):(8,1),2:32)"), "(2,4,8):(32,8,1)");
  EXPECT_EQ(eval("group((2,3,4):(1,2,6),0,2)"), "((2,3),4):((1,2),6)");
  EXPECT_EQ(eval("zip((4,8):(1,4),(2,3):(32,64))"), "((4,2),(8,3)):((1,32),(4,64))");
  EXPECT_EQ(eval("make_layout((4,8),(8,1))"), "(4,8):(8,1)");
  EXPECT_EQ(eval("make_layout((4,8),LayoutRight)"), "(4,8):(8,1)");
  EXPECT_EQ(eval("make_layout(4:1,8:4)"), "(4,8):(1,4)");
  EXPECT_EQ(eval("with_shape(32:1,(4,8))"), "(4,8):(1,4)");
  EXPECT_EQ(eval("size(logical_divide((4,2,3):(2,1,8),4:2))"), "24");
  EXPECT_EQ(eval("tile_to_shape((2,2):(1,2),(4,6),LayoutRight)"), "((2,2),(2,3)):((1,12),(2,4))");
  EXPECT_EQ(eval("composition(Sw<3,3,3> o (8,64):(64,1),(8,8))"), "Sw<3,3,3> o 0 o (8,8):(64,1)");
}

struct Bad {
  const char* text;
  std::size_t column;
  const char* subject;
  const char* needle;
};

TEST(Expr, ErrorsNameWhereAndWhy) {
  const Bad cases[] = {
      {"composition((4,3):(1,8),2:6)", 1, "composition", "Stride Divisibility Condition"},
      {"size(composition((4,3):(1,8),6:1))", 6, "composition", "Shape Divisibility Condition"},
      {"complement((2,2):(1,1))", 1, "complement", "Non-injective Layout detected in complement."},
      {"frobnicate(4:1)", 1, "frobnicate", "unknown function"},
      {"coalesce(4:1,1,2)", 1, "coalesce", "takes 1 to 2 arguments"},
      {"upcast((4,8):(3,1),2)", 1, "upcast", "Divisibility condition"},
      {"upcast((4,8):(8,1),(2,2))", 20, "upcast", "expected an integer"},
      {"composition(4:1", 12, "syntax", "unbalanced"},
      {"(4,8):(1)", 7, "layout", "profile"},
      {"tile_to_shape((2,2):(1,2),(5,6))", 1, "tile_to_shape", "does not divide"},
      {"get((4,8):(1,4),2)", 1, "get", "out of range"},
      {"(1000000000,1000000000,1000000000):(1,1,1)", 1, "layout", "64 bits"},
      // Fuzz finding: a literal tuple holding a scaled basis escaped as a LayoutError (tvlab eval: exit 3).
      {"(2,21,1@1@1)", 1, "layout", "Scaled basis not allowed"},
  };
  for (const Bad& c : cases) {
    try {
      evaluate(c.text);
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const EvalError& e) {
      EXPECT_EQ(e.column(), c.column) << c.text << ": " << e.what();
      EXPECT_EQ(e.subject(), c.subject) << c.text;
      EXPECT_NE(std::string(e.what()).find(c.needle), std::string::npos) << c.text << ": " << e.what();
    }
  }
}

}  // namespace
}  // namespace tvlab
