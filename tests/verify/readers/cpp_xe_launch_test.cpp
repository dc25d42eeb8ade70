// sycl-tla kernels written with its CuTe interface (verify/src/readers/detail/cpp_xe_launch.hpp): the MoEGEMM
// calls a text makes, how --config names their launching function, and the copy of the file that hands the
// call's types to the compiler path's program.
#include "detail/cpp_xe_launch.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tvlab/verify/readers/cpp_config.hpp"

namespace tvlab::detail {
namespace {

// examples/12's shape: a launcher template whose kernel lambda calls MoE::MoEGEMM, and its caller.
const char* const kFile =
    "namespace MoE { template <class A, class B, class D, char, char, char, class M, class EA>\n"  // 1
    "void MoEGEMM(const EA*, M const&); }\n"                                                       // 2
    "template <char LA, typename EA, typename ED>\n"                                               // 3
    "void MoEGEMMLauncher(const EA *activations, const EA *weights, ED *outputs) {\n"              // 4
    "  auto mma = choose_tiled_mma(activations, weights);\n"                                       // 5
    "  Q.parallel_for<Name<EA, 'R'>>(range, [=](auto) {\n"                                         // 6
    "    MoE::MoEGEMM<XE_LOAD_2D<16, 32, 32, 16>,\n"                                               // 7
    "                 void, XE_STORE_2D<16, 8, 32>, 'R', LA, 'C'>(activations, weights,\n"         // 8
    "                 nullptr, outputs, mma, f(1, 2));\n"                                          // 9
    "  });\n"                                                                                      // 10
    "}\n"                                                                                          // 11
    "void launcher() { MoEGEMMLauncher<'R'>(a.get(), b.get(), c.get()); }\n";                      // 12

TEST(CppXeLaunch, FindsTheCallItsFunctionAndItsArgumentsAsWritten) {
  const std::vector<XeLaunch> all = xe_launches(kFile);
  ASSERT_EQ(all.size(), 1u);
  const XeLaunch& l = all.front();
  EXPECT_EQ(l.function, "MoEGEMMLauncher");
  EXPECT_EQ(l.callee, "MoE::MoEGEMM");
  EXPECT_EQ(l.line, 7);
  EXPECT_EQ(l.function_line, 4);
  EXPECT_TRUE(l.in_template);
  const std::vector<std::string> targs = {
      "XE_LOAD_2D<16, 32, 32, 16>", "void", "XE_STORE_2D<16, 8, 32>", "'R'", "LA", "'C'"};
  EXPECT_EQ(l.targs, targs);
  const std::vector<std::string> args = {"activations", "weights", "nullptr", "outputs", "mma", "f(1, 2)"};
  EXPECT_EQ(l.args, args);
  EXPECT_EQ(l.stmt_line, 6);
  EXPECT_EQ(l.stmt_col, 3);
  EXPECT_EQ(l.end_line, 11);
  EXPECT_EQ(l.end_col, 1);
}

TEST(CppXeLaunch, ConfigNamesTheLaunchingFunction) {
  XeLaunch l;
  l.function = "ns::MoEGEMMLauncher";
  EXPECT_TRUE(names_xe_launch(l, "MoEGEMMLauncher"));
  EXPECT_TRUE(names_xe_launch(l, "ns::MoEGEMMLauncher"));
  EXPECT_FALSE(names_xe_launch(l, "GEMMLauncher"));
  EXPECT_FALSE(names_xe_launch(l, "MoEGEMM"));
  EXPECT_FALSE(names_xe_launch(l, ""));
}

TEST(CppXeLaunch, TheCopyHandsTheCallsTypesToTheHookInPlaceOfTheLaunch) {
  const std::string copy = xe_launch_export_copy(kFile, xe_launches(kFile).front(), "/src/f\"12.cpp");
  std::istringstream in(copy);
  std::vector<std::string> lines;
  for (std::string s; std::getline(in, s);) {
    while (!s.empty() && s.back() == ' ') s.pop_back();
    lines.push_back(s);
  }
  ASSERT_EQ(lines.size(), 13u);  // #line, then every line of the file at its number
  EXPECT_EQ(lines[0], "#line 1 \"/src/f\\\"12.cpp\"");
  // The statement that launches (lines 6 to 10) is the hook; the rest of the body is blank.
  EXPECT_EQ(
      lines[6],
      "   (void)&::tvlab_local::moe_hook<XE_LOAD_2D<16, 32, 32, 16>, void, XE_STORE_2D<16, 8, 32>, 'R', "
      "LA, 'C', decltype(mma), decltype(activations), decltype(weights), decltype(outputs)>::registered;");
  for (std::size_t n : {7u, 8u, 9u, 10u}) EXPECT_EQ(lines[n], "") << "line " << n;
  std::istringstream file(kFile);
  std::size_t n = 1;
  for (std::string s; std::getline(file, s); ++n) {
    if (n < 6 || n > 10) {
      EXPECT_EQ(lines[n], s) << "line " << n;
    }
  }
}

// A statement before the launch that ends in a block, and a block holding the call: the statement starts
// after the block, and is the block.
TEST(CppXeLaunch, TheLaunchStatementIsAtTheTopOfTheBody) {
  const char* const text =
      "void f(int* a) {\n"
      "  if (a) { g(); }\n"
      "  auto m = h(a); for (int i = 0; i < 2; ++i) {\n"
      "    MoEGEMM<A, B, C, 'R', 'R', 'R'>(a, a, a, a, m);\n"
      "  }\n"
      "}\n";
  const std::vector<XeLaunch> all = xe_launches(text);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].stmt_line, 3);
  EXPECT_EQ(all[0].stmt_col, 18);
}

TEST(CppXeLaunch, RefusesACallThatIsNotMoEGEMMs) {
  const char* const two_targs = "void f() { [=] { MoEGEMM<A, B>(x, y, z, w, m); }; }\n";
  try {
    (void)xe_launches(two_targs);
    FAIL() << "no error";
  } catch (const CppConfigError& e) {
    EXPECT_EQ(e.line(), 1);
    EXPECT_EQ(e.column(), 18);
    EXPECT_NE(std::string(e.what()).find("2 template arguments and 5 arguments"), std::string::npos)
        << e.what();
  }
  // Named but not called, or outside a function: no launch.
  EXPECT_TRUE(xe_launches("template <class A> void MoEGEMM(A);\nauto p = &MoEGEMM<int>;\n").empty());
  EXPECT_TRUE(xe_launches("void g() { auto p = &MoEGEMM<int, int, int, 'R', 'R', 'R'>; }\n").empty());
}

TEST(CppXeLaunch, OfAFunctionRefusesOnlyItsOwnMalformedCalls) {
  // f's call takes 2 template arguments; g's is MoEGEMM's.
  const char* const text =
      "void f() { [=] { MoEGEMM<A, B>(x, y, z, w, m); }; }\n"
      "namespace ns {\n"
      "void g() { [=] { MoE::MoEGEMM<A, B, D, 'R', 'C', 'R'>(x, y, z, w, m, 1); }; }\n"
      "}\n";
  const std::vector<XeLaunch> g = xe_launches_of(text, "g");
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(g[0].function, "ns::g");
  EXPECT_EQ(g[0].line, 3);
  EXPECT_EQ(g[0].targs, (std::vector<std::string>{"A", "B", "D", "'R'", "'C'", "'R'"}));
  EXPECT_EQ(g[0].args.size(), 6u);
  EXPECT_TRUE(xe_launches_of(text, "h").empty());
  try {
    (void)xe_launches_of(text, "f");
    FAIL() << "no error";
  } catch (const CppConfigError& e) {
    EXPECT_EQ(e.line(), 1);
    EXPECT_EQ(e.column(), 18);
    EXPECT_EQ(e.construct(), "MoEGEMM<...>(...)");
    EXPECT_NE(std::string(e.what()).find("2 template arguments and 5 arguments"), std::string::npos)
        << e.what();
  }
  // The whole text: f's call is refused whichever function is asked for.
  EXPECT_THROW((void)xe_launches(text), CppConfigError);
}

TEST(CppXeLaunch, TheNotModelledSentenceNamesTheSchedulerAndTheRunTimeRules) {
  const std::string s = xe_launch_not_modelled();
  for (const char* part : {"PersistentTileSchedulerXeMoE", "M edge", "width, height, pitch, base", "prefetch",
                           "barriers", "Scales"})
    EXPECT_NE(s.find(part), std::string::npos) << part;
}

}  // namespace
}  // namespace tvlab::detail
