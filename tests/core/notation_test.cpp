#include "tvlab/core/notation.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <limits>
#include <random>

#include "test_support.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"

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
      // 2^64 + 4 and 2^64 + 16: a digit step that wraps around 2^64 must not read as 4 or 16.
      {"18446744073709551620", 1, "64 bits"},
      {"(2,18446744073709551632):(1,2)", 4, "64 bits"},
      {"9223372036854775808", 1, "64 bits"},
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

// Every integer up to INT64_MAX reads exactly (the digit loop checks each step before it is taken).
TEST(Notation, IntegersReadExactlyUpToInt64Max) {
  EXPECT_EQ(parse_int_tuple("9223372036854775807"), IntTuple(std::numeric_limits<int64_t>::max()));
  EXPECT_EQ(parse_int_tuple("-9223372036854775807"), IntTuple(-std::numeric_limits<int64_t>::max()));
  EXPECT_EQ(parse_int_tuple("1844674407370955161"), IntTuple(int64_t(1844674407370955161)));
  for (int64_t v = 1; v > 0 && v <= std::numeric_limits<int64_t>::max() / 7; v = v * 7 + 3)
    EXPECT_EQ(parse_int_tuple(std::to_string(v)), IntTuple(v)) << v;
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

// parse_layout / parse_int_tuple read plain notation on a fast path (detail::read_plain_layout / _tuple)
// and hand anything else to the parser (detail::parse_*_parsed). Over generated texts, valid and not: the
// fast path takes a text exactly when the parser accepts it (bar the spellings it leaves to the parser),
// and gives the parser's value, for the same text and for the text with every integer spelled as CuTe's
// static integer (4 -> _4, -1 -> _-1), which the parser reads by another route.
struct PlainGen {
  std::mt19937 rng{20261125};
  int pick(int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); }
  std::string blank() {
    const char* b[] = {"", "", "", " ", "  ", "\t", "\n"};
    return b[pick(7)];
  }
  std::string integer(bool stride) {
    const char* common[] = {"1", "2", "3", "4", "8", "16", "32", "64", "128", "1024", "12"};
    const char* odd[] = {"0",
                         "-2",
                         "-1",
                         "007",
                         "-0",
                         "9223372036854775807",
                         "4611686018427387904",
                         "99999999999999999999",
                         "1099511627776",
                         "9223372036854775799"};
    if (pick(stride ? 4 : 25) == 0) return odd[pick(10)];
    return common[pick(11)];
  }
  std::string tree(int d, bool stride) {
    if (d == 0 || pick(3) == 0) return integer(stride);
    const int r = 1 + pick(3);
    std::string s = "(" + blank();
    for (int i = 0; i < r; ++i) s += (i ? "," + blank() : "") + tree(d - 1, stride) + blank();
    return s + ")";
  }
  // The same profile as `t` (usually): its integers replaced by strides.
  std::string congruent(const std::string& t) {
    if (pick(15) == 0) return tree(2, true);
    std::string out;
    for (std::size_t i = 0; i < t.size(); ++i) {
      if (t[i] == '-' || (t[i] >= '0' && t[i] <= '9')) {
        while (i + 1 < t.size() && t[i + 1] >= '0' && t[i + 1] <= '9') ++i;
        out += integer(true);
      } else {
        out += t[i];
      }
    }
    return out;
  }
  std::string text(bool layout) {
    const std::string shape = tree(3, false);
    std::string s = blank() + shape;
    if (layout && pick(4) != 0) s += blank() + ":" + blank() + congruent(shape);
    const char* junk[] = {"", "", "", "", "", "", "", "", ")", ",", ":", "::", "x", "(", "@0"};
    return s + blank() + junk[pick(15)];
  }
};

// Every integer of a plain text spelled as a static integer: `_4`, `_-1`.
std::string as_static(const std::string& t) {
  std::string out;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const bool starts = (t[i] >= '0' && t[i] <= '9') ||
                        (t[i] == '-' && i + 1 < t.size() && t[i + 1] >= '0' && t[i + 1] <= '9');
    if (starts && (i == 0 || !((t[i - 1] >= '0' && t[i - 1] <= '9') || t[i - 1] == '-'))) out += '_';
    out += t[i];
  }
  return out;
}

template <class T, class Fast, class Parse, class Public>
void fast_path_agrees(const std::string& text, Fast fast, Parse parse, Public entry, int& taken) {
  const std::optional<T> f = fast(text);
  std::string public_answer;  // what parse_layout / parse_int_tuple answer: the parser's, either way
  try {
    public_answer = S(entry(text));
  } catch (const ParseError& e) {
    public_answer = e.what();
  }
  try {
    EXPECT_EQ(public_answer, S(parse(text))) << text;
  } catch (const ParseError& e) {
    EXPECT_EQ(public_answer, e.what()) << text;
  }
  if (!f) {  // declined: a text the parser rejects, or one of the spellings the fast path leaves to it
    const bool leaves = text.find("007") != std::string::npos || text.find("-0") != std::string::npos ||
                        text.find("922337203685477") != std::string::npos ||
                        text.find('@') != std::string::npos;
    if (!leaves) {
      EXPECT_THROW(parse(text), ParseError) << "declined but valid: " << text;
    }
    return;
  }
  ++taken;
  try {
    EXPECT_EQ(S(*f), S(parse(as_static(text)))) << text;
  } catch (const ParseError& e) {
    ADD_FAILURE() << "fast path took " << text << " = " << S(*f) << "; the parser says " << e.what();
  }
  EXPECT_EQ(S(parse(text)), S(*f)) << text;
}

TEST(Notation, PlainFastPathAgreesWithTheParser) {
  PlainGen g;
  int layouts = 0, tuples = 0;
  for (int i = 0; i < 4000; ++i) {
    fast_path_agrees<Layout>(g.text(true), detail::read_plain_layout, detail::parse_layout_parsed,
                             parse_layout, layouts);
    fast_path_agrees<IntTuple>(g.text(false), detail::read_plain_tuple, detail::parse_int_tuple_parsed,
                               parse_int_tuple, tuples);
  }
  // Both answers occur often: most generated texts are valid, many are not.
  EXPECT_GT(layouts, 1000);
  EXPECT_LT(layouts, 3900);
  EXPECT_GT(tuples, 1000);
  EXPECT_LT(tuples, 3900);
}

TEST(Notation, PlainFastPathDeclinesOutsidePlainNotation) {
  // Valid, but the parser's to read: static integers, scaled bases, C++ spellings, deep nesting.
  for (const char* text : {"_4", "(4,_8):(1,4)", "(4,8):(1@0,1@1)", "Layout<Shape<_4,_8>>{}",
                           "(((((((((((((((((4)))))))))))))))))", "Shape<_2,_4>{}"}) {
    EXPECT_FALSE(detail::read_plain_layout(text)) << text;
    EXPECT_NO_THROW(parse_layout(text)) << text;
  }
  EXPECT_FALSE(detail::read_plain_tuple("1@0"));
  // Within the fast path's depth the value is its own; past it, the parser's (the same).
  EXPECT_EQ(S(L("((((((((((((((((4))))))))))))))))")),
            "((((((((((((((((4)))))))))))))))):((((((((((((((((1))))))))))))))))");
  EXPECT_EQ(S(parse_int_tuple(" (4, (8,2)) ")), "(4,(8,2))");
}

// ---------------------------------------------------------------------------------------------------
// CuTe's C++ spellings (interface.md section 6): users paste them from code.

std::string eval(std::string_view s, Style style = Style::Plain) {
  return to_string(evaluate(s), style);
}

// The same syntax tree, columns and spellings aside.
bool same_tree(const Expr& a, const Expr& b) {
  if (a.kind != b.kind || a.children.size() != b.children.size()) return false;
  if (a.kind == Expr::Kind::Integer && !(a.value == b.value)) return false;
  if (a.kind == Expr::Kind::Swizzle)
    for (int k = 0; k < 3; ++k)
      if (a.swizzle[k] != b.swizzle[k]) return false;
  if ((a.kind == Expr::Kind::Call || a.kind == Expr::Kind::Name) && a.name != b.name) return false;
  for (std::size_t i = 0; i < a.children.size(); ++i)
    if (!same_tree(a.children[i], b.children[i])) return false;
  return true;
}

TEST(NotationCpp, EachSpellingParsesToCutesValue) {
  const std::pair<const char*, const char*> cases[] = {
      {"Layout<Shape<_4,_8>,Stride<_8,_1>>{}", "(4,8):(8,1)"},
      {"Layout<Shape<_4,_8>>{}", "(4,8):(1,4)"},  // default stride: LayoutLeft
      {"Layout<Shape<_2,_1,_3>>{}", "(2,1,3):(1,0,2)"},
      {"Layout<_8>{}", "8:1"},
      {"Layout<_8,_2>()", "8:2"},
      {"Layout<Shape<_4>,Stride<_1>>{}", "(4):(1)"},
      {"Layout<Shape<Shape<_2,_3>,_4>,Stride<Stride<_1,_2>,_6>>{}", "((2,3),4):((1,2),6)"},
      {"cute::Layout<cute::Shape<cute::Int<4>, cute::C<8>>, cute::Stride<cute::_8, cute::_1>>{}",
       "(4,8):(8,1)"},
      {"::cute::Layout< ::cute::Shape<_4,_8> >{}", "(4,8):(1,4)"},
      {"Layout<Shape <_4 , _8>,\n       Stride<_8, _1>>\n{ }", "(4,8):(8,1)"},
      {"Layout<Shape<_4,_8>,Stride<_m1,Int<-4>>>{}", "(4,8):(-1,-4)"},
      {"Layout<Shape<_4,_8>,Stride<E<0>,E<1>>>{}", "(4,8):(1@0,1@1)"},
      {"Layout<Shape<_4,_8>,Stride<ScaledBasis<_2,1>,E<0,1>>>{}", "(4,8):(2@1,1@1@0)"},
      {"Layout<Shape<_4,_8>,Stride<_8,_1>>{};", "(4,8):(8,1)"},
      {"make_layout(make_shape(4,8), make_stride(8,1))", "(4,8):(8,1)"},
      {"make_layout(make_shape(4,8))", "(4,8):(1,4)"},
      {"make_layout(make_shape(4,8), LayoutRight{})", "(4,8):(8,1)"},
      {"make_layout(make_shape(4,8), LayoutLeft{})", "(4,8):(1,4)"},
      {"cute::make_layout(cute::make_shape(4,8), cute::GenRowMajor())", "(4,8):(8,1)"},
      {"make_layout(make_shape(4,8), GenColMajor{})", "(4,8):(1,4)"},
      {"make_layout(make_shape(Int<4>{}, _8{}), make_stride(_8{}, C<1>{}))", "(4,8):(8,1)"},
      {"make_layout(make_shape(make_shape(2,3),4), make_stride(make_stride(1,2),6))", "((2,3),4):((1,2),6)"},
      {"make_layout(make_shape(4,8), make_stride(E<0>{}, E<1>{}))", "(4,8):(1@0,1@1)"},
      {"make_layout(Shape<_4,_8>{}, Stride<_8,_1>{})", "(4,8):(8,1)"},
      {"make_shape(4,8)", "(4,8)"},  // a C++ shape is a tuple, not the bare-shape layout
      {"make_stride(8,1)", "(8,1)"},
      {"make_tuple(2,make_tuple(3,4))", "(2,(3,4))"},
      {"make_coord(1,2)", "(1,2)"},
      {"Shape<_2,_4>{}", "(2,4)"},
      {"Stride<_4,_1>{}", "(4,1)"},
      {"Step<_2,_1>{}", "(2,1)"},
      {"Coord<_0,_3>{}", "(0,3)"},
      {"tuple<_1,tuple<_2,_3>>{}", "(1,(2,3))"},
      {"Tile<_8,_4>{}", "(8,4)"},
      {"Tile<Layout<_2,_4>,_8,Underscore>{}", "(2:4,8,_)"},
      {"make_tile(Layout<_2,_4>{}, _8{}, _)", "(2:4,8,_)"},
      {"Int<8>{}", "8"},
      {"Int<-3>{}", "-3"},
      {"C<8>{}", "8"},
      {"_8{}", "8"},
      {"_m4", "-4"},
      {"constant<int,8>{}", "8"},
      {"integral_constant<int, 16>{}", "16"},
      {"E<0>{}", "1@0"},
      {"E<0,1>{}", "1@1@0"},  // E<0,1> is mode 1 of mode 0; CuTe prints the path innermost first
      {"E<>{}", "1"},
      {"ScaledBasis<Int<3>,1>{}", "3@1"},
      {"ScaledBasis<E<1>,0>{}",
       "1@1@0"},  // flattened: ScaledBasis<ScaledBasis<T,Ms...>,Ns...> = <T,Ns...,Ms...>
      {"Underscore{}", "_"},
      {"Swizzle<3,3,3>{}", "Sw<3,3,3>"},
      {"Swizzle<2,4>{}", "Sw<2,4,2>"},  // SShift defaults to BBits
      {"composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})",
       "Sw<3,3,3> o 0 o (8,64):(64,1)"},
      {"make_composed_layout(Swizzle<3,4,3>{}, _0{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})",
       "Sw<3,4,3> o 0 o (8,64):(64,1)"},
      {"make_composed_layout(Swizzle<3,4,3>{}, 32, make_layout(make_shape(8,64), LayoutRight{}))",
       "Sw<3,4,3> o 32 o (8,64):(64,1)"},
      {"ComposedLayout<Swizzle<3,4,3>, _0, Layout<Shape<_8,_64>,Stride<_64,_1>>>{}",
       "Sw<3,4,3> o 0 o (8,64):(64,1)"},
      {"Swizzle<3,3,3>{} o Layout<Shape<_8,_64>,Stride<_64,_1>>{}", "Sw<3,3,3> o 0 o (8,64):(64,1)"},
      {"size<0>(Layout<Shape<_4,_8>>{})", "4"},
      {"size<1>(make_layout(make_shape(4,make_shape(2,8))))", "16"},
      {"get<1>(make_shape(2,make_shape(3,4)))", "(3,4)"},
      {"get<1,0>(make_shape(2,make_shape(3,4)))", "3"},
      {"shape<1>(Layout<Shape<_4,_8>>{})", "8"},
      {"stride<1>(Layout<Shape<_4,_8>>{})", "4"},
      {"take<0,2>(make_shape(2,3,4))", "(2,3)"},
      {"select<2,0>(Layout<Shape<_2,_3,_4>>{})", "(4,2):(6,1)"},
      {"rank<1>(make_shape(2,make_shape(3,4)))", "2"},
      {"tile_to_shape(Layout<Shape<_8,_8>,Stride<_8,_1>>{}, Shape<_16,_16>{}, Step<_2,_1>{})",
       "((8,2),(8,2)):((8,128),(1,64))"},
      {"logical_divide(make_layout(make_shape(Int<8>{},Int<8>{})), Tile<_4,_2>{})",
       "((4,2),(2,4)):((1,4),(8,16))"},
      {"Shape<_4,_8>{}:Stride<_8,_1>{}", "(4,8):(8,1)"},  // mixed with the notation
  };
  for (const auto& [text, want] : cases) {
    SCOPED_TRACE(text);
    try {
      EXPECT_EQ(eval(text), want);
    } catch (const std::exception& e) {
      ADD_FAILURE() << "threw: " << e.what();
    }
  }
  // --style cute prints CuTe's static form of the same values.
  EXPECT_EQ(eval("Layout<Shape<_4,_8>,Stride<_8,_1>>{}", Style::Cute), "(_4,_8):(_8,_1)");
  EXPECT_EQ(eval("Int<8>{}", Style::Cute), "_8");
  EXPECT_EQ(eval("Shape<_2,_4>{}", Style::Cute), "(_2,_4)");
  // parse_layout (the atom tables, the fuzz target) reads the type spellings too.
  EXPECT_EQ(S(parse_layout("Layout<Shape<_4,_8>>{}")), "(4,8):(1,4)");
  EXPECT_EQ(S(parse_layout("cute::Layout<Shape<_4,_8>,Stride<_8,_1>>{}")), "(4,8):(8,1)");
  EXPECT_EQ(S(parse_layout("Shape<_4,_8>{}")), "(4,8):(1,4)");
  EXPECT_EQ(S(parse_int_tuple("make_shape(2,make_shape(3,4))")), "(2,(3,4))");
}

// Qualified names (the smem layout atoms) are Names with a canonical text for the evaluator.
TEST(NotationCpp, QualifiedNamesAreCanonicalNames) {
  const std::pair<const char*, const char*> cases[] = {
      {"GMMA::Layout_K_SW128_Atom<half_t>", "GMMA::Layout_K_SW128_Atom<half_t>"},
      {"cute::GMMA::Layout_K_SW128_Atom<cute::half_t>{}", "GMMA::Layout_K_SW128_Atom<half_t>"},
      {" cute :: SM90 :: GMMA :: Layout_K_SW128_Atom < cutlass::half_t > ( ) ",
       "GMMA::Layout_K_SW128_Atom<half_t>"},
      {"UMMA::Layout_MN_SW128_32B_Atom<float>", "UMMA::Layout_MN_SW128_32B_Atom<float>"},
      {"cute::GMMA::Layout_K_SW128_Atom_Bits<16>", "GMMA::Layout_K_SW128_Atom_Bits<16>"},
      {"GMMA::Layout_MN_INTER_Atom<Int<8>>", "GMMA::Layout_MN_INTER_Atom<Int<8>>"},
      {"Layout_K_SW64_Atom<bfloat16_t>{}", "Layout_K_SW64_Atom<bfloat16_t>"},  // as upstream's own comments
      {"GMMA::Layout_K_SW32_Atom", "GMMA::Layout_K_SW32_Atom"},
  };
  for (const auto& [text, want] : cases) {
    SCOPED_TRACE(text);
    const Expr e = parse_expr(text);
    EXPECT_EQ(e.kind, Expr::Kind::Name);
    EXPECT_EQ(e.name, want);
  }
  // As a call argument.
  const Expr c =
      parse_expr("tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<128>{},Int<64>{}))");
  ASSERT_EQ(c.kind, Expr::Kind::Call);
  EXPECT_EQ(c.children[0].name, "GMMA::Layout_K_SW128_Atom<half_t>");
  EXPECT_EQ(c.children[0].column, 15u);
  EXPECT_EQ(c.children[1].kind, Expr::Kind::Tuple);
}

// A C++ spelling in the wrong place, or broken, names the column and what was expected.
TEST(NotationCpp, MalformedSpellingsNameColumnAndExpectation) {
  const BadCase cases[] = {
      {"Layout<Stride<_4,_1>>{}", 8, "Stride<...> given where a Shape was expected"},
      {"Layout<Shape<_4>,Shape<_1>>{}", 18, "Shape<...> given where a Stride was expected"},
      {"Layout<Shape<Stride<_2>,_4>>{}", 14, "Stride<...> given where a Shape was expected"},
      {"Layout<Shape<E<0>>>{}", 14, "E<...> given where a Shape was expected"},
      {"Layout<Layout<_2,_1>>{}", 8, "Layout<...> given where a Shape was expected"},
      {"make_layout(make_stride(8,1), make_shape(4,8))", 13,
       "make_stride(...) given where a Shape was expected"},
      {"make_layout(Shape<_4>{}, Shape<_1>{})", 26, "Shape<...> given where a Stride was expected"},
      {"Layout<Shape<_4,_8>", 20, "expected '>' to close Layout< at column 1"},
      {"Layout<Shape<_4,_8>,Stride<_8,_1>", 34, "expected '>' to close Layout<"},
      {"Shape<_4,_8", 12, "expected '>' to close Shape< at column 1"},
      {"Layout<Shape<_4,_8>,Stride<_8,_1>>>{}", 35, "unexpected '>'"},
      {"Layout<_4,_8,_1>{}", 13, "expected '>' to close Layout<"},
      {"Int<x>{}", 5, "Int<...> takes an integer, found 'x'"},
      {"Int<_8>{}", 5, "Int<...> takes an integer, found '_8'"},
      {"Int<8{}", 6, "expected '>' to close Int<"},
      {"Int<99999999999999999999>{}", 5, "does not fit in 64 bits"},
      {"Int{}", 4, "expected '<' after Int"},
      {"Shape<4,8>{}", 7, "a template argument is a type, write _N or Int<N>"},
      {"Shape<int,int>{}", 7, "'int' is a run-time type"},
      {"Shape<Foo>{}", 7, "expected a Shape (_N, Int<N>, Shape<...>), found 'Foo'"},
      {"Int<8>{3}", 8, "constructed without arguments"},
      {"Swizzle<3>{}", 10, "expected ','"},
      {"Swizzle<3,x,3>{}", 11, "Swizzle<B,M,S> takes integers"},
      {"ComposedLayout<Layout<_8>,_0,Layout<_8>>{}", 16, "expected Swizzle<B,M,S>"},
      {"ComposedLayout<Swizzle<3,4,3>,smem_ptr_flag_bits<16>,Layout<_8>>{}", 31, "smem_ptr_flag"},
      {"make_composed_layout(Layout<_8>{}, 0, Layout<_8>{})", 22, "expected a Swizzle<B,M,S>{}"},
      {"make_composed_layout(Swizzle<3,3,3>{}, Layout<_8>{})", 1, "takes 3 arguments"},
      {"E<0,x>{}", 5, "expected a basis index"},
      {"E<0,0,0,0,0,0,0,0>{}", 17, "scaled basis deeper than 7 levels"},
      {"E<256>{}", 3, "basis index must be in 0..255"},
      {"GMMA::Layout_K_SW128_Atom<half_t", 33,
       "expected '>' to close GMMA::Layout_K_SW128_Atom< at column 26"},
      {"GMMA::", 7, "expected a name after '::'"},
      {"GMMA::Layout<(4)>", 14, "expected a template argument"},
      {"get<x>(make_shape(2,3))", 5, "get<...> takes integer indices"},
      {"size<0>", 8, "expected '(' after size<...>"},
      {"Layout<Shape<_4,_8>>{} junk", 24, "unexpected 'j'"},
  };
  for (const BadCase& c : cases) {
    try {
      (void)parse_expr(c.text);
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const ParseError& e) {
      EXPECT_EQ(e.column(), c.column) << c.text << ": " << e.what();
      EXPECT_NE(std::string(e.what()).find(c.needle), std::string::npos) << c.text << ": " << e.what();
    }
  }
}

// Deep nesting, huge literals, unterminated templates and long repetitions end in a ParseError with a
// column, in bounded time.
TEST(NotationCpp, HostileSpellingsAreBounded) {
  const auto started = std::chrono::steady_clock::now();
  auto expect_error = [](const std::string& text, const char* needle) {
    try {
      (void)parse_expr(text);
      ADD_FAILURE() << "accepted: " << text.substr(0, 60);
    } catch (const ParseError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
      EXPECT_GE(e.column(), 1u);
    }
  };
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "Shape<";
  expect_error(deep + "_1" + std::string(100000, '>') + "{}", "nesting deeper than 64 levels");
  std::string deep_layout = "Layout<";
  for (int i = 0; i < 100000; ++i) deep_layout += "Shape<";
  expect_error(deep_layout, "nesting deeper");
  std::string deep_name = "GMMA::X";
  for (int i = 0; i < 100000; ++i) deep_name += "<A";
  expect_error(deep_name, "nesting deeper");
  std::string deep_basis = "ScaledBasis<";
  for (int i = 0; i < 100000; ++i) deep_basis += "ScaledBasis<";
  expect_error(deep_basis, "nesting deeper");
  std::string wide = "Shape<";
  for (int i = 0; i < 100000; ++i) wide += "_1,";
  expect_error(wide + "_1>{}", "expression too large");
  std::string calls = "make_shape(";
  for (int i = 0; i < 100000; ++i) calls += "Int<1>{},";
  expect_error(calls + "1)", "expression too large");
  std::string prefixes;
  for (int i = 0; i < 100000; ++i) prefixes += "cute::";
  expect_error(prefixes, "end of the text");
  std::string qualified = "A";
  for (int i = 0; i < 100000; ++i) qualified += "::A";
  expect_error(qualified + "<", "expression too large");
  expect_error("Int<" + std::string(100000, '9') + ">{}", "does not fit in 64 bits");
  expect_error(std::string(100000, '<'), "unexpected '<'");
  expect_error("Layout<" + std::string(100000, ' '), "end of the text");
  // Just inside the limits is fine.
  std::string ok;
  for (int i = 0; i < kMaxNesting - 1; ++i) ok += "Shape<";
  ok += "_2" + std::string(kMaxNesting - 1, '>') + "{}";
  EXPECT_EQ(size(parse_layout(ok)), 2);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(20));
}

// C++ spellings and the notation give the same syntax tree and the same value, over generated layouts
// printed both ways (random choices among CuTe's spellings of each integer, blanks and cute:: prefixes).
class CppPrinter {
 public:
  explicit CppPrinter(unsigned seed) : rng_(seed) {}

  std::string type(const Layout& l) {
    return ns() + "Layout<" + ws() + tuple_type(l.shape, "Shape") + "," + ws() +
           tuple_type(l.stride, "Stride") + ws() + ">" + ctor();
  }
  std::string default_stride(const IntTuple& shape) {
    return "Layout<" + tuple_type(shape, "Shape") + ">" + ctor();
  }
  std::string shape(const IntTuple& shape) {
    return shape.is_leaf() ? scalar_type(shape.value()) + ctor() : tuple_type(shape, "Shape") + ctor();
  }
  std::string value(const Layout& l) {
    return ns() + "make_layout(" + tuple_value(l.shape, "make_shape") + "," + ws() +
           tuple_value(l.stride, "make_stride") + ")";
  }

 private:
  std::mt19937 rng_;
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  std::string ws() {
    static const char* blanks[] = {"", "", "", " ", "\n  ", "\t"};
    return blanks[pick(6)];
  }
  std::string ns() { return pick(3) == 0 ? "cute::" : ""; }
  std::string ctor() { return pick(2) ? "{}" : "()"; }
  std::string scalar_type(const Scalar& s) {
    if (s.is_basis()) {
      std::string path;
      for (int k = 0; k < s.depth(); ++k) path += (k ? "," : "") + std::to_string(s.path(k));
      if (s.value == 1 && pick(2)) return ns() + "E<" + path + ">";
      return ns() + "ScaledBasis<" + ns() + "Int<" + std::to_string(s.value) + ">," + path + ">";
    }
    const std::string v = std::to_string(s.value);
    switch (pick(3)) {
      case 0:
        return ns() + (s.value < 0 ? "_m" + std::to_string(-s.value) : "_" + v);
      case 1:
        return ns() + "Int<" + v + ">";
      default:
        return ns() + "C<" + v + ">";
    }
  }
  std::string tuple_type(const IntTuple& t, const char* name) {
    if (t.is_leaf()) return scalar_type(t.value());
    std::string out = ns() + name + "<";
    for (int i = 0; i < t.size(); ++i) out += (i ? "," + ws() : "") + tuple_type(t[i], name);
    return out + ">";
  }
  std::string tuple_value(const IntTuple& t, const char* maker) {
    if (t.is_leaf()) {
      if (!t.value().is_basis() && pick(2)) return std::to_string(t.value().value);
      return scalar_type(t.value()) + ctor();
    }
    std::string out = ns() + maker + "(";
    for (int i = 0; i < t.size(); ++i) out += (i ? "," + ws() : "") + tuple_value(t[i], maker);
    return out + ")";
  }
};

bool has_basis(const IntTuple& t) {
  for (const Scalar& s : leaves(t))
    if (s.is_basis()) return true;
  return false;
}

TEST(NotationCpp, EquivalentToTheNotationOverGeneratedLayouts) {
  std::vector<Layout> layouts = test::generated_layouts();
  const std::size_t n = layouts.size();
  for (std::size_t i = 0; i < n; i += 5) {  // negative strides and scaled-basis strides too
    const Layout& l = layouts[i];
    layouts.push_back(
        Layout(l.shape, transform_leaf(l.stride, [](const Scalar& s) { return Scalar(-s.value); })));
    layouts.push_back(make_identity_layout(l.shape));
  }
  CppPrinter cpp(20261124);
  std::size_t checked = 0;
  for (const Layout& l : layouts) {
    const std::string plain = to_string(l);
    const std::string type = cpp.type(l), value = cpp.value(l);
    SCOPED_TRACE(plain + "  vs  " + type + "  /  " + value);
    try {
      EXPECT_TRUE(same_tree(parse_expr(type), parse_expr(plain)));
      const Value want = evaluate(plain);
      EXPECT_EQ(to_string(evaluate(type)), to_string(want));
      EXPECT_EQ(to_string(evaluate(value)), to_string(want));
      EXPECT_EQ(to_string(evaluate(type), Style::Cute), to_string(want, Style::Cute));
      if (!has_basis(l.stride)) {
        EXPECT_EQ(parse_layout(type), l);
      }
      // The shape alone: Layout<Shape> is the compact layout of the bare shape; a C++ Shape is a tuple.
      EXPECT_EQ(to_string(evaluate(cpp.default_stride(l.shape))), to_string(evaluate(to_string(l.shape))));
      EXPECT_EQ(to_string(evaluate(cpp.shape(l.shape))), to_string(l.shape));
    } catch (const std::exception& e) {
      ADD_FAILURE() << "threw: " << e.what();
    }
    ++checked;
  }
  EXPECT_GT(checked, 500u);
}

}  // namespace
}  // namespace tvlab
