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

// call() on values against evaluate() on the same call as text, over generated layouts: the same value, the
// same error (subject and condition) and the same notices.
TEST(Expr, CallOnValuesEqualsEvaluatedText) {
  const std::vector<Layout> ls = test::generated_layouts();
  const std::vector<std::string> binary = {"composition",     "logical_divide",  "zipped_divide",
                                           "logical_product", "blocked_product", "raked_product",
                                           "complement",      "coalesce"};
  std::size_t compared = 0, errors = 0, noticed = 0;
  for (std::size_t i = 0; i < ls.size(); i += 11) {
    for (std::size_t j = 3; j < ls.size(); j += 29) {
      for (const std::string& f : binary) {
        const std::string text = f + "(" + to_string(ls[i]) + "," + to_string(ls[j]) + ")";
        std::vector<EvalNotice> by_text, by_value;
        std::string want, got, want_cond, got_cond;
        try {
          want = to_string(evaluate(text, by_text));
        } catch (const EvalError& e) {
          want = std::string("error: ") + e.what();
          want_cond = e.condition();
        }
        try {
          got = to_string(call(f, {ls[i], ls[j]}, &by_value));
        } catch (const EvalError& e) {
          got = std::string("error: ") + e.what();
          got_cond = e.condition();
          EXPECT_EQ(e.subject(), f);
        }
        ASSERT_EQ(got, want) << text;
        EXPECT_EQ(got_cond, want_cond) << text;
        ASSERT_EQ(by_value.size(), by_text.size()) << text;
        for (std::size_t k = 0; k < by_text.size(); ++k) EXPECT_EQ(by_value[k].text, by_text[k].text) << text;
        ++compared;
        errors += want.starts_with("error");
        noticed += !by_text.empty();
      }
    }
  }
  EXPECT_GT(compared, 600u);
  EXPECT_GT(errors, 10u);  // the domain reaches CuTe's conditions
  EXPECT_GT(noticed, 0u);  // and its non-functional results
}

TEST(Expr, CallNamesItsErrors) {
  try {
    call("composition", {parse_layout("(4,3):(1,8)"), parse_layout("2:6")});
    ADD_FAILURE();
  } catch (const EvalError& e) {
    EXPECT_EQ(e.condition(), "Stride Divisibility Condition");
    EXPECT_EQ(e.column(), 0u);
  }
  try {
    call("upcast", {parse_layout("(4,8):(8,1)"), IntTuple::tuple({2, 2})});
    ADD_FAILURE();
  } catch (const EvalError& e) {
    EXPECT_EQ(e.column(), 2u);  // the argument's index
    EXPECT_EQ(e.condition(), "");
  }
  EXPECT_THROW(call("frobnicate", {}), EvalError);
  EXPECT_EQ(to_string(call("composition", {parse_layout("(4,8):(8,1)"), parse_layout("(2,2):(1,4)")})),
            eval("composition((4,8):(8,1),(2,2):(1,4))"));
  // The divergence checks evaluate layouts without modes as Layout does (a fuzz finding: an empty shape was
  // read past its end).
  std::vector<EvalNotice> none;
  EXPECT_EQ(to_string(evaluate("logical_product(make_step(),(4,16,6,8):(1,4,64,384))", none)),
            eval("logical_product(make_step(),(4,16,6,8):(1,4,64,384))"));
  EXPECT_EQ(to_string(evaluate("composition(make_step(),make_step())", none)),
            eval("composition(make_step(),make_step())"));
  // Notices are collected only when asked for.
  std::vector<EvalNotice> n;
  call("composition", {parse_layout("(3,2):(16,32)"), parse_layout("4:2")}, &n);
  EXPECT_EQ(n.size(), 1u);
}

}  // namespace
}  // namespace tvlab
