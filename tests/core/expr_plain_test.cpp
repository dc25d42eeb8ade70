// evaluate(text) reads plain-notation calls on a fast path (detail::evaluate_plain) and parses anything
// else in full (detail::evaluate_parsed). The two must give the same value, or the same error (column,
// subject and message), on every text the fast path takes; texts it declines must be ones that leave
// plain notation. Generated texts: calls of every function over generated literals, nested calls,
// blanks in every gap, invalid arguments (errors), malformed and exotic spellings (declined).
#include <gtest/gtest.h>

#include <cstdlib>

#include <random>

#include "tvlab/core/expr.hpp"

namespace tvlab {
namespace {

// A value or an error, printed: what a user of `tvlab eval` sees.
std::string outcome(const std::function<Value()>& f) {
  try {
    const Value v = f();
    return "value[" + std::to_string(v.index()) + "] " + to_string(v) + " | " + to_string(v, Style::Cute);
  } catch (const EvalError& e) {
    return "error at " + std::to_string(e.column()) + " " + e.subject() + ": " + e.what();
  }
}

struct Gen {
  std::mt19937 rng{20261125};
  bool valid = true;  // every literal generated since the last reset validates (the fast path takes it)
  int pick(int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); }
  std::string blank() {
    const char* b[] = {"", "", "", " ", "  ", "\t"};
    return b[pick(6)];
  }
  std::string extent() {
    const char* v[] = {"1", "2", "3", "4", "5", "6", "8", "16", "32", "64", "128", "12", "24", "1024"};
    if (pick(40) == 0) return valid = false, pick(2) ? "0" : "-2";  // a shape CuTe rejects
    return v[pick(14)];
  }
  std::string stride() {
    const char* v[] = {"1", "2", "4", "8", "16", "0", "32", "-1", "64", "1099511627776", "3"};
    return v[pick(11)];
  }
  std::string tree(int d) {
    if (d == 0 || pick(3) == 0) return extent();
    const int r = 1 + pick(3);
    std::string s = "(" + blank();
    for (int i = 0; i < r; ++i) s += (i ? "," + blank() : "") + tree(d - 1) + blank();
    return s + ")";
  }
  // The same profile as t with stride values.
  std::string congruent(const std::string& t) {
    std::string out;
    for (std::size_t i = 0; i < t.size(); ++i) {
      if (t[i] == '-' || (t[i] >= '0' && t[i] <= '9')) {
        while (i + 1 < t.size() && t[i + 1] >= '0' && t[i + 1] <= '9') ++i;
        out += stride();
      } else {
        out += t[i];
      }
    }
    return out;
  }
  // A tiler: a tuple of `_`, extents, layouts and tilers (at least one not an extent).
  std::string tiler(int d) {
    const int r = 1 + pick(3), odd = pick(r);
    std::string s = "(" + blank();
    for (int i = 0; i < r; ++i) {
      s += i ? "," + blank() : "";
      const int k = i == odd ? pick(3) : pick(5);
      s += k == 0 ? "_" : k == 1 ? layout() : k == 2 && d > 0 ? tiler(d - 1) : extent();
      s += blank();
    }
    return s + ")";
  }
  std::string layout() {
    const std::string shape = tree(1);
    return shape + blank() + ":" + blank() + congruent(shape);
  }
  // A swizzled layout, sometimes with an offset; parameters now and then out of CuTe's range.
  std::string swizzled() {
    valid = false;  // some parameters are out of CuTe's range (declined): only the agreement is checked
    const char* p[] = {"0", "1", "2", "3", "4", "-6", "7", "5"};
    std::string s =
        "Sw<" + std::string(p[pick(5)]) + "," + p[pick(6)] + "," + p[pick(8)] + ">" + blank() + "o" + blank();
    if (pick(3) == 0) s += extent() + blank() + "o" + blank();
    return s + (pick(2) ? layout() : tree(1));
  }
  std::string literal() {
    if (pick(8) == 0) return swizzled();
    if (pick(6) == 0) return tiler(1);
    const std::string shape = tree(2);
    if (pick(4) == 0) return shape;
    if (pick(20) == 0) {  // usually not congruent: an error
      valid = false;
      return shape + blank() + ":" + blank() + tree(2);
    }
    return shape + blank() + ":" + blank() + congruent(shape);
  }
  std::string call(int d) {
    const auto& fns = eval_functions();
    const std::string& name = fns[pick(static_cast<int>(fns.size()))].first;
    const int n = 1 + pick(3);
    std::string s = name + blank() + "(";
    for (int i = 0; i < n; ++i) s += (i ? "," : "") + blank() + arg(d) + blank();
    return s + ")";
  }
  std::string arg(int d) { return d > 0 && pick(4) == 0 ? call(d - 1) : literal(); }
};

// Compares both paths on one text; returns whether the fast path took it.
bool same(const std::string& text) {
  const std::string parsed = outcome([&] { return detail::evaluate_parsed(text); });
  std::optional<Value> plain;
  std::string fast;
  try {
    plain = detail::evaluate_plain(text);
    if (!plain) return false;
    fast = outcome([&] { return *plain; });
  } catch (const EvalError& e) {
    fast = outcome([&]() -> Value { throw e; });
  }
  EXPECT_EQ(fast, parsed) << text;
  EXPECT_EQ(outcome([&] { return evaluate(text); }), parsed) << text;
  return true;
}

TEST(ExprPlain, GeneratedCallsAgreeWithTheParser) {
  Gen g;
  int taken = 0, errors = 0;
  // Under the sanitizers (scripts/sanitize.sh) a quarter: fuzz_eval runs the same differential there.
  const char* sanitized = std::getenv("TVLAB_SANITIZED");
  const int n = sanitized && std::string(sanitized) == "1" ? 1500 : 6000;
  for (int i = 0; i < n; ++i) {
    g.valid = true;
    const std::string text = g.blank() + g.call(2) + g.blank();
    // Every generated text is plain notation: the fast path takes all but those naming a function the
    // parser desugars (make_*) or holding a literal that does not validate.
    const bool plain = g.valid && text.find("make_") == std::string::npos;
    const bool took = same(text);
    EXPECT_TRUE(took || !plain) << text;
    taken += took;
    errors += took && outcome([&] { return evaluate(text); }).rfind("error", 0) == 0;
  }
  EXPECT_GT(taken, n / 2);    // (the rest hold a literal CuTe rejects: the parser words that error)
  EXPECT_GT(errors, n / 10);  // the errors are compared too, not only values
}

// The parser reports a syntax error anywhere in the text before evaluating anything: a call that would
// fail (wrong arity) followed by malformed text is a syntax error, not the call's error. (Found by
// fuzz_eval: `upcast((24,6,4),4,1):((1,4,24),96,384),2)` was reported as upcast's arity.)
TEST(ExprPlain, SyntaxErrorsComeBeforeEvaluationErrors) {
  Gen g;
  const char* tails[] = {",2)", ":(1,2)", " x", ")", "(", ",", ":", " 4", "(4,8)"};
  for (int i = 0; i < 1500; ++i) {
    const std::string text = g.call(1) + tails[i % 9];
    same(text);  // (`f(x):(1,2)` is a layout whose shape is a call: valid, for the parser to read)
  }
  EXPECT_FALSE(same("upcast((24,6,4),4,1):((1,4,24),96,384),2)"));
  EXPECT_NE(outcome([&] { return evaluate("upcast((24,6,4),4,1):((1,4,24),96,384),2)"); }).find("syntax"),
            std::string::npos);
}

TEST(ExprPlain, LiteralsAgreeWithTheParser) {
  Gen g;
  for (int i = 0; i < 3000; ++i) {
    g.valid = true;
    const std::string text = g.blank() + g.literal() + g.blank();
    // A literal that does not validate is declined (the parser words the error); the rest are taken.
    const bool took = same(text);
    EXPECT_TRUE(took || !g.valid) << text;  // (an invalid-looking stride may be congruent after all)
    EXPECT_TRUE(took || outcome([&] { return detail::evaluate_parsed(text); }).rfind("error", 0) == 0)
        << text;
  }
}

TEST(ExprPlain, ExamplesOfTheTour) {
  const std::pair<const char*, const char*> cases[] = {
      {"composition((10,2):(16,4),(5,4):(1,5))", "(5,(2,2)):(16,(80,4))"},
      {"coalesce((2,(1,6)):(1,(6,2)))", "12:1"},
      {"complement(4:2,24)", "(2,3):(1,8)"},
      {"logical_divide((4,2,3):(2,1,8),4:2)", "((2,2),(2,3)):((4,1),(2,8))"},
      {"size(logical_divide((4,2,3):(2,1,8),4:2))", "24"},
      {" (4,8) ", "(4,8):(1,4)"},
      {"8", "8:1"},
      {"(4)", "(4):(1)"},
      {"(4,_)", "(4,_)"},
      {"Sw<3,3,3> o (8,64):(64,1)", "Sw<3,3,3> o 0 o (8,64):(64,1)"},
      {"right_inverse(Sw<3,3,3> o (8,64):(64,1))", "Sw<3,0,-6> o 0 o (64,8):(8,1)"},
      {"coalesce(Sw<1,2,3> o 32 o (8,16):(16,1))", "Sw<1,2,3> o 32 o (8,16):(16,1)"},
      {"logical_divide((4,2,3):(2,1,8),(4,_))", "((4,1),2,3):((2,0),1,8)"},
      {"zipped_divide((32,8):(8,1),(2:1,4:2))", "((2,4),(16,2)):((8,2),(16,1))"},
  };
  for (const auto& [text, want] : cases) {
    ASSERT_TRUE(detail::evaluate_plain(text)) << text;
    EXPECT_EQ(to_string(*detail::evaluate_plain(text)), want) << text;
    EXPECT_TRUE(same(text));
  }
}

// Outside plain notation: declined, so the parser answers (with its own errors for malformed text).
TEST(ExprPlain, DeclinesWhatItDoesNotRead) {
  for (const char* text :
       {"", " ", "(", "()", "(4,)", "4:", ":4", "(4,8):(1)", "4 4", "composition(", "composition()",
        "composition(4:1,", "composition(4:1 2:1)", "nosuch(4:1)", "make_shape(4,8)", "make_layout(4,8)",
        "tuple(4,8)", "Layout<Shape<_4>>{}", "_4", "(4,_8)", "(4,_{})", "(4,_):(1,0)", "1@0",
        "(4,8):(1@0,1@1)", "007", "-0", "9223372036854775807", "99999999999999999999", "4::1", "Sw<3,3,3>",
        "Sw<_3,3,3> o (8,64):(64,1)", "Sw<3,3,3> o (4,_)", "Sw<3,3,3> o 4:1 o (8,64):(64,1)",
        "Sw<3,3,3> o smem_ptr[16b](unset) o (8,64):(64,1)", "Sw<3,3,3> oo (8,64):(64,1)",
        "Sw<3,3,3> o (8,64):(64,1):(1)", "cute::coalesce(4:1)", "size<0>((4,8))",
        "GMMA::Layout_K_SW128_Atom<half_t>", "coalesce(4:1)x", "(((((((((((((((((((4)))))))))))))))))))",
        "4:1:1", "Coalesce(4:1)", "coalesce (4:1) ,",
        // Cut short where a literal is expected: the reader must not look past the end.
        "(4,", "((4,_),", "(4,_,", "Sw<3,3,3> o", "Sw<3,3,3> o 4 o", "coalesce((4,_),Sw<3,3,3> o"}) {
    EXPECT_FALSE(detail::evaluate_plain(text).has_value()) << text;
    same(text);  // trivially true when declined; evaluate() still answers as the parser does
  }
}

}  // namespace
}  // namespace tvlab
