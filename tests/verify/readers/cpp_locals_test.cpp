// Local aliases (verify/src/readers/detail/cpp_locals.hpp): which aliases sit inside function bodies, how
// --config names them, and the copy of the file the compiler path compiles to export one.
#include "detail/cpp_locals.hpp"

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tvlab/verify/model/spec_error.hpp"

namespace tvlab::detail {
namespace {

std::vector<std::string> rstripped_lines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out.push_back(line);
  }
  return out;
}

const char* const kFile =
    "#include <a.h>\n"                                                         // 1
    "using Global = int;\n"                                                    // 2
    "TEST(S, one) {\n"                                                         // 3
    "  using A = CollectiveMma<int>;\n"                                        // 4
    "  EXPECT_TRUE(f<A>());\n"                                                 // 5
    "}\n"                                                                      // 6
    "TEST(S, two) {\n"                                                         // 7
    "  {\n"                                                                    // 8
    "    using A = char;\n"                                                    // 9
    "  }\n"                                                                    // 10
    "  using A = typename CollectiveBuilder<long>::CollectiveOp;  // \"x\"\n"  // 11
    "  call(\"}\");\n"                                                         // 12
    "#if X\n"                                                                  // 13
    "  more(); /* # not a directive */\n"                                      // 14
    "#endif\n"                                                                 // 15
    "}\n"                                                                      // 16
    "template <class T> void run() { using R = T; }\n"                         // 17
    "int main(int argc, char** argv) {\n"                                      // 18
    "  if (argc) { typedef float F; }\n"                                       // 19
    "  typedef double D;\n"                                                    // 20
    "  return 0;\n"                                                            // 21
    "}\n";                                                                     // 22

TEST(CppLocals, ListsTheAliasesInsideFunctionBodies) {
  const std::vector<LocalAlias> all = local_aliases(kFile);
  std::vector<std::string> got;
  for (const LocalAlias& a : all)
    got.push_back(a.full + " " + a.function + " line " + std::to_string(a.line) +
                  (a.configuration ? " config" : "") + (a.top_level ? " top" : " nested") +
                  (a.in_template ? " template" : ""));
  const std::vector<std::string> want = {
      "TEST::A TEST line 4 config top",      "TEST#2::A TEST#2 line 9 nested",
      "TEST#2::A TEST#2 line 11 config top", "run::R run line 17 top template",
      "main::F main line 19 nested",         "main::D main line 20 top"};
  EXPECT_EQ(got, want);
}

TEST(CppLocals, ConfigNamesALocalByItsReadersNameItsTailOrTest1) {
  const std::vector<LocalAlias> all = local_aliases(kFile);
  ASSERT_EQ(all.size(), 6u);
  const LocalAlias& first = all[0];
  const LocalAlias& second = all[2];
  EXPECT_TRUE(names_local(first, "TEST::A"));
  EXPECT_TRUE(names_local(first, "TEST#1::A"));
  EXPECT_TRUE(names_local(first, "A"));
  EXPECT_FALSE(names_local(first, "TEST#2::A"));
  EXPECT_TRUE(names_local(second, "TEST#2::A"));
  EXPECT_FALSE(names_local(second, "ST#2::A"));  // a whole scope, not a string's tail
  EXPECT_FALSE(names_local(second, "TEST#1::A"));
  EXPECT_FALSE(names_local(second, ""));
}

TEST(CppLocals, CopyHooksTheAliasAndLeavesOutTheRest) {
  const std::string copy = local_export_copy(kFile, {"TEST#2::A"}, "/src/f.cu");
  // Line for line: the first TEST() left out whole, the second a plain function whose body ends at the alias
  // (preprocessor lines kept), the rest as it was.
  const std::vector<std::string> want = {"#line 1 \"/src/f.cu\"",
                                         "#include <a.h>",
                                         "using Global = int;",
                                         "",
                                         "",
                                         "",
                                         "",
                                         "void tvlab_test_0() {",
                                         "  {",
                                         "    using A = char;",
                                         "  }",
                                         "  using A = typename CollectiveBuilder<long>::CollectiveOp; "
                                         "(void)&::tvlab_local::hook<A, 0>::registered;",
                                         "",
                                         "#if X",
                                         "",
                                         "#endif",
                                         "}",
                                         "template <class T> void run() { using R = T; }",
                                         "int main(int argc, char** argv) {",
                                         "  if (argc) { typedef float F; }",
                                         "  typedef double D;",
                                         "  return 0;",
                                         "}"};
  EXPECT_EQ(rstripped_lines(copy), want) << copy;
  // main's: its body cut after the alias; both TESTs left out.
  const std::vector<std::string> lines =
      rstripped_lines(local_export_copy(kFile, {"main::D", "TEST::A"}, "f.cu"));
  ASSERT_EQ(lines.size(), want.size());
  EXPECT_EQ(lines[4], "  using A = CollectiveMma<int>; (void)&::tvlab_local::hook<A, 1>::registered;");
  EXPECT_EQ(lines[3], "void tvlab_test_0() {");
  EXPECT_EQ(lines[7], "");
  EXPECT_EQ(lines[20], "  typedef double D; (void)&::tvlab_local::hook<D, 0>::registered;");
  EXPECT_EQ(lines[21], "");
  EXPECT_EQ(lines[22], "}");
  // A nested alias: hooked where it is, nothing after it cut.
  const std::vector<std::string> nested = rstripped_lines(local_export_copy(kFile, {"main::F"}, "f.cu"));
  EXPECT_EQ(nested[19], "  if (argc) { typedef float F; (void)&::tvlab_local::hook<F, 0>::registered; }");
  EXPECT_EQ(nested[21], "  return 0;");
}

TEST(CppLocals, CopyRefusesANameThatIsNoLocalAlias) {
  EXPECT_THROW((void)local_export_copy(kFile, {"Global"}, "f.cu"), SpecError);
  EXPECT_THROW((void)local_export_copy(kFile, {"TEST#3::A"}, "f.cu"), SpecError);
  // Malformed bodies: the reader's error, at the line.
  try {
    (void)local_export_copy("void f() {\n  using A = int;\n", {"f::A"}, "f.cu");
    ADD_FAILURE() << "an unclosed body was copied";
  } catch (const SpecError& e) {
    EXPECT_NE(std::string(e.path()).find("line 1"), std::string::npos) << e.path() << ": " << e.what();
  }
  EXPECT_THROW((void)local_aliases("int main() { using A = int; }}\n"), SpecError);
}

TEST(CppLocals, BlankKeepsDirectivesNewlinesAndLengths) {
  const std::string text =
      "a(); // x # y\n"
      "  #define M(x) \\\n"
      "     x + 1\n"
      "/* a\n"
      "# not a directive\n"
      "*/ s = \"#\\\" //\"; c = '#'; n = 1'000;\n"
      "#endif\n"
      "tail";
  std::string b = text;
  blank_keeping_directives(b, 0, text.size() - 4);
  // Lines 1, 4, 5 and 6 blanked (a comment's '#', a string's and a character's are no directives; 1'000 is
  // a number), the #define with its continuation and the #endif kept, "tail" past the range.
  std::string want;
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (n == 1 || n == 4 || n == 5 || n == 6) line = std::string(line.size(), ' ');
    want += line + (n < 8 ? "\n" : "");
  }
  EXPECT_EQ(b, want);
}

TEST(CppLocals, BlankPostconditionsOverGeneratedText) {
  // Postconditions over generated texts: the length and every newline stay, a kept line is a preprocessor
  // line of the original (or its continuation) unchanged, every other character in the range is a space.
  const std::vector<std::string> parts = {"x = 1;", "// c #",          "/* # */",  "\"s#\"", "'#'", "#if A",
                                          "#endif", "  # define B \\", "f(a, b);", "{",      "}",   "/*",
                                          "*/"};
  std::mt19937 rng(34);
  for (int round = 0; round < 300; ++round) {
    std::string text;
    const int n = 1 + static_cast<int>(rng() % 12);
    for (int i = 0; i < n; ++i) text += parts[rng() % parts.size()] + ((rng() % 2) ? "\n" : " ");
    std::string b = text;
    blank_keeping_directives(b, 0, b.size());
    ASSERT_EQ(b.size(), text.size());
    std::istringstream orig(text), got(b);
    std::string lo, lg;
    while (std::getline(orig, lo) && std::getline(got, lg)) {
      ASSERT_EQ(lo.size(), lg.size());
      if (lg.find_first_not_of(' ') == std::string::npos) continue;
      EXPECT_EQ(lg, lo) << "a line partly blanked:\n" << text;
      const std::size_t first = lo.find_first_not_of(" \t");
      // Kept: a directive, or the continuation of one (the line before ends with a backslash).
      EXPECT_TRUE(lo[first] == '#' || text.find("\\\n" + lo) != std::string::npos) << lo << "\n" << text;
    }
  }
}

}  // namespace
}  // namespace tvlab::detail
