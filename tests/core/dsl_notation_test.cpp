// CuTe DSL's printed notation (issue 36): the DSL prints a swizzle as S<B,M,S> (C++ CuTe: Sw<B,M,S>), a
// composed layout as S<B,M,S> o 0 o L, and a run-time extent as ? or ?{div=N}. The prints recorded from
// nvidia-cutlass-dsl 4.2.0 (tests/data/cute/prints/dsl/layout_dsl_*.txt, tests/cute_print/prints_dsl.py) are
// the vectors: each reads as the value C++ CuTe prints with Sw<>, on the parser and on the plain fast path
// alike, and a result the DSL printed is tvlab's result of the same call.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"

namespace tvlab {
namespace {

std::string dsl_print(const std::string& name) {
  std::ifstream in(std::string(TVLAB_TEST_DATA) + "/cute/prints/dsl/" + name + ".txt");
  EXPECT_TRUE(in.good()) << name;
  std::string line;
  std::getline(in, line);
  return line;
}

// S<...> -> Sw<...>: the C++ spelling of the same value.
std::string cpp_spelling(std::string s) {
  for (std::size_t p = 0; (p = s.find("S<", p)) != std::string::npos; p += 3) s.replace(p, 2, "Sw<");
  return s;
}

std::string outcome(std::string_view text) {
  try {
    return to_string(evaluate(text));
  } catch (const EvalError& e) {
    return "error at " + std::to_string(e.column()) + ": " + e.what();
  }
}

TEST(DslNotation, RecordedLayoutsReadAsCuTeValues) {
  for (const char* name :
       {"layout_dsl_composed_333_8x64", "layout_dsl_composed_243_8x32",
        "layout_dsl_tile_to_shape_333_128x64x3", "layout_dsl_tile_to_shape_333_64x128x3_n"}) {
    const std::string dsl = dsl_print(name);
    ASSERT_EQ(dsl.rfind("S<", 0), 0u) << name << ": " << dsl;
    const Value v = evaluate(dsl);
    ASSERT_TRUE(std::holds_alternative<ComposedLayout>(v)) << name;
    EXPECT_EQ(to_string(v), cpp_spelling(dsl)) << name;               // C++ CuTe's print of the same layout
    EXPECT_EQ(to_string(v), to_string(evaluate(cpp_spelling(dsl))));  // = the Sw<> text's value
    const auto plain = detail::evaluate_plain(dsl);                   // the fast path reads it too
    ASSERT_TRUE(plain.has_value()) << name;
    EXPECT_EQ(to_string(*plain), to_string(v)) << name;
    EXPECT_EQ(to_string(detail::evaluate_parsed(dsl)), to_string(v)) << name;
  }
}

TEST(DslNotation, BareSwizzleIsASwizzleValue) {
  const std::string dsl = dsl_print("layout_dsl_swizzle_333");
  ASSERT_EQ(dsl, "S<3,3,3>");
  const Value v = evaluate(dsl);
  ASSERT_TRUE(std::holds_alternative<Swizzle>(v));
  EXPECT_EQ(to_string(v), "Sw<3,3,3>");
  // Applied as the composition's outer function, as CuTe's make_composed_layout(S, 0, L) is.
  EXPECT_EQ(to_string(evaluate("make_composed_layout(S<3,3,3>, 0, (8,64):(64,1))")),
            cpp_spelling(dsl_print("layout_dsl_composed_333_8x64")));
}

// What the DSL printed for tile_to_shape(S<3,3,3> o 0 o (8,64):(64,1), shape, order) is tvlab's result of the
// same call, literally.
TEST(DslNotation, TileToShapeIsTheDslsResult) {
  EXPECT_EQ(
      to_string(evaluate("tile_to_shape(" + dsl_print("layout_dsl_composed_333_8x64") + ", (128,64,3))")),
      cpp_spelling(dsl_print("layout_dsl_tile_to_shape_333_128x64x3")));
  EXPECT_EQ(to_string(evaluate("tile_to_shape(" + dsl_print("layout_dsl_composed_333_8x64") +
                               ", (64,128,3), (1,0,2))")),
            cpp_spelling(dsl_print("layout_dsl_tile_to_shape_333_64x128x3_n")));
}

// Every S<> text reads exactly as its Sw<> twin: the same value or the same error (the column of a
// position after the prefix one less).
TEST(DslNotation, SameOutcomeAsTheCppSpelling) {
  const char* texts[] = {"S<3,3,3> o (8,64):(64,1)",
                         "S<2,0,3> o 0 o S<2,0,3> o 0 o (8,8):(1,8)",
                         "S<3,3,3> o 32 o (8,64):(64,1)",
                         "composition(S<3,3,3> o (8,64):(64,1), (4,8):(8,1))",
                         "S<3,3,3>",
                         "upcast(S<3,3,3>, 2)",
                         "S<3,3,3> o smem_ptr[16b](unset) o (8,64):(64,1)",
                         "S<1,4,3> o 0 o ((8,8),64):((64,512),1)"};
  for (const char* t : texts) EXPECT_EQ(outcome(t), outcome(cpp_spelling(t))) << t;
}

TEST(DslNotation, HostileInputsAreErrorsWithAColumn) {
  struct Case {
    const char* text;
    std::size_t column;
    const char* says;
  };
  const Case cases[] = {
      {"S<3,3,3", 8, "to close S<B,M,S>"},
      {"S<3,3> o 4:1", 6, "between swizzle parameters"},
      {"S<3,3,3> o", 11, "end of the text"},
      {"S<99,3,3> o 4:1", 3, "out of range"},
      {"S<3,3,3> o 0 o", 15, "end of the text"},
      {"S<3,3,x> o 4:1", 7, ""},
      {"S<3,3,3> 0 o (8,64):(64,1)", 10, "after the expression"},
  };
  for (const Case& c : cases) {
    try {
      (void)evaluate(c.text);
      ADD_FAILURE() << c.text << ": no error";
    } catch (const EvalError& e) {
      EXPECT_EQ(e.column(), c.column) << c.text << ": " << e.what();
      EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << c.text << ": " << e.what();
    }
  }
  // A composed layout CuTe does not build is the same error as its Sw<> twin's.
  EXPECT_EQ(outcome("S<-1,3,3> o 4:1"), outcome("Sw<-1,3,3> o 4:1"));
}

// The DSL's run-time extents: a ParseError at the '?', saying what it is and how to give the value.
TEST(DslNotation, DynamicExtentsSayWhatToDo) {
  for (const char* name : {"layout_dsl_dynamic", "layout_dsl_dynamic_div8"}) {
    const std::string dsl = dsl_print(name);
    ASSERT_EQ(dsl.rfind("(?", 0), 0u) << dsl;
    try {
      (void)parse_expr(dsl);
      ADD_FAILURE() << dsl << ": parsed";
    } catch (const ParseError& e) {
      EXPECT_EQ(e.column(), 2u) << dsl;
      const std::string what = e.what();
      EXPECT_NE(what.find("dynamic extent"), std::string::npos) << what;
      EXPECT_NE(what.find("static values"), std::string::npos) << what;
      EXPECT_NE(what.find("give the value as an integer"), std::string::npos) << what;
    }
    EXPECT_FALSE(detail::evaluate_plain(dsl).has_value()) << dsl;  // declined, the parser words the error
  }
  try {
    (void)evaluate("S<3,3,3> o 0 o (?,64):(64,1)");
    ADD_FAILURE();
  } catch (const EvalError& e) {
    EXPECT_EQ(e.column(), 17u);
  }
}

}  // namespace
}  // namespace tvlab
