#include "tvlab/core/notation.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"
#include "tvlab/core/error.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;
using test::T;

TEST(Notation, PrintsAsCute) {
  Layout l = make_layout(T("(4,8)"), T("(8,1)"));
  EXPECT_EQ(to_string(l), "(4,8):(8,1)");
  EXPECT_EQ(to_string(l, Style::Cute), "(_4,_8):(_8,_1)");
  EXPECT_EQ(to_string(make_identity_layout(T("(4,8)"))), "(4,8):(1@0,1@1)");
  EXPECT_EQ(to_string(make_identity_layout(T("((2,3),4)")), Style::Cute),
            "((_2,_3),_4):((_1@0@0,_1@1@0),_1@1)");
  EXPECT_EQ(to_string(T("-1")), "-1");
  EXPECT_EQ(to_string(T("(-1)"), Style::Cute), "(_-1)");
  EXPECT_EQ(to_string(ComposedLayout(Swizzle(3, 3, 3), IntTuple(0), L("(8,64):(64,1)")), Style::Cute),
            "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
}

TEST(Notation, ParsesWhatCutePrints) {
  EXPECT_EQ(L("(_4,_8):(_8,_1)"), L("(4,8):(8,1)"));
  EXPECT_EQ(L(" ( 4 , 8 ) : ( 8 , 1 ) "), L("(4,8):(8,1)"));
  EXPECT_EQ(S(L("(4,8)")), "(4,8):(1,4)");  // a bare shape is column-major
  EXPECT_EQ(S(L("(2,1,3)")), "(2,1,3):(1,0,2)");
  EXPECT_EQ(S(L("(4):(-1)")), "(4):(-1)");
  EXPECT_EQ(S(L("(4,8):(_-1,_2)")), "(4,8):(-1,2)");
  EXPECT_EQ(S(L("(4,8):(2@0,1@1)")), "(4,8):(2@0,1@1)");
  EXPECT_EQ(S(parse_int_tuple("1@0@1")), "1@0@1");
}

// parse(print(x)) == x over every generated layout, in both styles.
TEST(Notation, RoundTripOverDomain) {
  for (const Layout& l : test::generated_layouts()) {
    EXPECT_EQ(parse_layout(to_string(l)), l) << S(l);
    EXPECT_EQ(parse_layout(to_string(l, Style::Cute)), l) << S(l);
  }
  for (const char* s : {"((2,3),4):((1@0@0,1@1@0),1@1)", "(1,(2,(3,(4,5)))):(0,(1,(2,(3,4))))"})
    EXPECT_EQ(S(L(s)), s);
}

struct BadCase {
  const char* text;
  std::size_t column;
  const char* needle;
};

TEST(Notation, MalformedInputNamesColumnAndReason) {
  const BadCase cases[] = {
      {"(4,8", 1, "unbalanced"},
      {"(4,8))", 6, "unexpected ')'"},
      {"(4,8):(1)", 7, "profile"},
      {"", 1, "end of the text"},
      {"(4,,8)", 4, "unexpected ','"},
      {"4:", 3, "end of the text"},
      {"(4,8):(1,2) junk", 13, "unexpected 'j'"},
      {"(4,$)", 4, "unexpected '$'"},
      {"99999999999999999999", 1, "64 bits"},
      {"(0,4)", 1, "non-positive"},
      {"(-2,4):(1,2)", 1, "non-positive"},
      {"(1000000000,1000000000,1000000000):(1,1,1)", 1, "64 bits"},
      {"Sw<3,3>", 7, "expected ','"},
      {"1@", 3, "digit"},
      {"(4,\xff)", 4, "\\xff"},
  };
  for (const BadCase& c : cases) {
    try {
      parse_layout(c.text);
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const ParseError& e) {
      EXPECT_EQ(e.column(), c.column) << c.text << ": " << e.what();
      EXPECT_NE(std::string(e.what()).find(c.needle), std::string::npos) << c.text << ": " << e.what();
    }
  }
}

TEST(Notation, HostileSizesAreBounded) {
  std::string deep(100000, '(');
  deep += "4";
  deep += std::string(100000, ')');
  try {
    parse_expr(deep);
    ADD_FAILURE() << "deep nesting accepted";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("nesting deeper"), std::string::npos);
    EXPECT_EQ(e.column(), static_cast<std::size_t>(kMaxNesting) + 1);
  }
  std::string wide = "(";
  for (int i = 0; i < 200000; ++i) wide += "1,";
  wide += "1)";
  EXPECT_THROW(parse_expr(wide), ParseError);
  // Just inside the limits is fine.
  std::string ok(kMaxNesting, '(');
  ok += "2" + std::string(kMaxNesting, ')');
  EXPECT_EQ(size(parse_layout(ok)), 2);
}

}  // namespace
}  // namespace tvlab
