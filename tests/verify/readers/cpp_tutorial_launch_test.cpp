// The compiler path's reading of CuTe's tutorial host functions (detail/cpp_tutorial_launch.hpp): the roles
// the text reader gives the launch's arguments, and the copy of the file that hands their types to the hook.
#include "detail/cpp_tutorial_launch.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

namespace tvlab::detail {
namespace {

std::string read_file(const std::string& rel) {
  std::ifstream in(std::string(TVLAB_TEST_DATA) + "/" + rel);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TutorialLaunch launch_of(const std::string& text, const std::string& spec) {
  Reader r(text);
  try {
    (void)r.tutorial(spec, {});
  } catch (const SpecError&) {
  }
  EXPECT_TRUE(r.tutorial_launch().has_value()) << spec;
  return r.tutorial_launch().value_or(TutorialLaunch{});
}

TEST(TutorialLaunch, Sm80RolesAreTheLaunchArguments) {
  const std::string text = read_file("cpp/cute_tutorial/sgemm_sm80.cu");
  const TutorialLaunch l = launch_of(text, "gemm_tn<cute::half_t>");
  // CUTLASS v4.2.0 examples/cute/tutorial/sgemm_sm80.cu: kernel_fptr<<<...>>>(prob_shape, cta_tiler, A, dA,
  // sA, copyA, s2r_atom_A, B, dB, sB, copyB, s2r_atom_B, C, dC, sC, mmaC, alpha, beta).
  const std::vector<std::pair<std::string, std::string>> want = {
      {"cta_tile", "cta_tiler"}, {"A.type", "A"},         {"A.gmem", "dA"},        {"A.smem", "sA"},
      {"A.g2s", "copyA"},        {"A.s2r", "s2r_atom_A"}, {"B.type", "B"},         {"B.gmem", "dB"},
      {"B.smem", "sB"},          {"B.g2s", "copyB"},      {"B.s2r", "s2r_atom_B"}, {"mma", "mmaC"}};
  std::vector<std::pair<std::string, std::string>> got = l.roles, sorted_want = want;
  std::sort(got.begin(), got.end());
  std::sort(sorted_want.begin(), sorted_want.end());
  EXPECT_EQ(got, sorted_want);
  EXPECT_EQ(l.types, (std::vector<std::string>{"half_t", "half_t"}));
  EXPECT_EQ(l.name, "gemm_tn");
  EXPECT_EQ(l.line, 328);
  EXPECT_EQ(l.kernel, "gemm_device");
  EXPECT_FALSE(l.copy_only);
  EXPECT_EQ(tutorial_launch_unread(l), "");
}

TEST(TutorialLaunch, CopyKeepsLinesAndReplacesTheLaunch) {
  const std::string text = read_file("cpp/cute_tutorial/sgemm_sm70.cu");
  const TutorialLaunch l = launch_of(text, "gemm_nt");
  const std::string copy = tutorial_export_copy(text, l, "/x/sgemm_sm70.cu");
  // One #line, then every line at its number.
  EXPECT_EQ(copy.rfind("#line 1 \"/x/sgemm_sm70.cu\"\n", 0), 0u);
  EXPECT_EQ(std::count(copy.begin(), copy.end(), '\n'), std::count(text.begin(), text.end(), '\n') + 1);
  EXPECT_NE(copy.find("(void)&::tvlab_local::tut_hook<decltype(cta_tiler), decltype(mmaC), decltype(A), "
                      "decltype(dA), decltype(sA), decltype(copyA), void, void, decltype(B), decltype(dB), "
                      "decltype(sB), decltype(copyB), void, void>::registered;"),
            std::string::npos);
  // gemm_nt's launch is gone; gemm_tn's (another function) is kept.
  std::istringstream lines(copy);
  std::string line;
  int n = 0, launches = 0;
  while (std::getline(lines, line)) {
    ++n;
    if (line.find("gemm_device<<<") != std::string::npos) {
      ++launches;
      EXPECT_GT(n - 1, l.end_line) << "a launch left inside gemm_nt, line " << n - 1;
    }
  }
  EXPECT_EQ(launches, 1);
}

TEST(TutorialLaunch, TmaRolesAndCopyOnlyRefusal) {
  const TutorialLaunch t = launch_of(read_file("cpp/cute_tutorial/wgmma_tma_sm90.cu"), "gemm_tn");
  const auto role = [&](const std::string& k) {
    for (const auto& [key, e] : t.roles)
      if (key == k) return e;
    return std::string();
  };
  EXPECT_EQ(role("A.tma"), "tmaA");
  EXPECT_EQ(role("A.smem"), "sA");
  EXPECT_EQ(role("A.gmem"), "dA");
  EXPECT_EQ(role("A.type"), "A");
  EXPECT_EQ(std::count_if(t.roles.begin(), t.roles.end(), [](const auto& r) { return r.first == "A.type"; }),
            1);
  const TutorialLaunch c = launch_of(read_file("cpp/cute_tutorial/tiled_copy.cu"), "main");
  EXPECT_TRUE(c.copy_only);
  EXPECT_NE(tutorial_launch_unread(c).find("run-time ints"), std::string::npos);
}

}  // namespace
}  // namespace tvlab::detail

namespace tvlab::detail {
namespace {

// The generated program's choice among the hook's instantiations, with the exporter replaced by one that
// writes the first slot's size (so two instantiations can export different specs): compiled with the host
// compiler and run. Exit 4 and the message where none has the bound element types or several export different
// specs.
struct ProgramRun {
  int rc = -1;
  std::string out, err;
};
ProgramRun run_program(const std::vector<std::string>& first_slots, const std::string& types) {
  TutorialLaunch l;
  l.name = "gemm_nt";
  l.line = 257;
  l.kernel = "gemm_device";
  l.launch_line = 316;
  l.types = {"float", "float"};
  std::string p =
      "#include <string>\n#include <string_view>\n" + tutorial_hook_declarations() +
      "#include <iostream>\n#include <sstream>\n#include <tuple>\n"
      "namespace tvlab {\n"
      "template <class... Ts> void export_tutorial_gemm(std::ostream& os, std::string_view n, "
      "std::string_view) { os << n << \" \" << sizeof(std::tuple_element_t<0, std::tuple<Ts...>>); }\n"
      "template <class PA, class PB> std::string tutorial_types() { return \"" +
      types + "\"; }\n}\n" + tutorial_hook_definitions(l, "gemm_nt");
  const std::string rest = ", void, void, void, void, void, void, void, void, void, void, void, void, void";
  for (std::size_t i = 0; i < first_slots.size(); ++i)
    p += "void f" + std::to_string(i) + "() { (void)&::tvlab_local::tut_hook<" + first_slots[i] + rest +
         ">::registered; }\n";
  p += "int main() {\n" + tutorial_main(l, "gemm_nt") + "  return 0;\n}\n";
  const std::string dir = ::testing::TempDir() + "/tvlab_tutorial_main_" +
                          std::to_string(first_slots.size()) + "_" +
                          std::to_string(std::hash<std::string>{}(p));
  const std::string src = dir + ".cpp", exe = dir + ".exe";
  std::ofstream(src) << p;
  ProgramRun r;
  if (std::system(("c++ -std=c++17 -o " + exe + " " + src + " 2>" + dir + ".cc_err").c_str()) != 0) return r;
  const int status = std::system((exe + " >" + dir + ".out 2>" + dir + ".err").c_str());
  r.rc = WEXITSTATUS(status);
  std::ifstream o(dir + ".out"), e(dir + ".err");
  std::ostringstream so, se;
  so << o.rdbuf();
  se << e.rdbuf();
  r.out = so.str(), r.err = se.str();
  return r;
}

TEST(TutorialLaunch, ProgramChoosesTheOneInstantiation) {
  if (std::system("c++ --version >/dev/null 2>&1") != 0) GTEST_SKIP() << "no host C++ compiler";
  // Once: its spec.
  ProgramRun one = run_program({"char"}, "float,float");
  EXPECT_EQ(one.rc, 0) << one.err;
  EXPECT_EQ(one.out, "gemm_nt 1");
  // Twice into the same spec (callers that differ in what the spec does not hold): read once.
  ProgramRun same = run_program({"char", "char const"}, "float,float");
  EXPECT_EQ(same.rc, 0) << same.err;
  EXPECT_EQ(same.out, "gemm_nt 1");
  // Twice into different specs: exit 4 (tvlab's exit 2), nothing written.
  ProgramRun twice = run_program({"char", "double"}, "float,float");
  EXPECT_EQ(twice.rc, 4);
  EXPECT_EQ(twice.out, "");
  EXPECT_NE(
      twice.err.find("tvlab: gemm_nt: the compiler instantiated gemm_nt (line 257) 2 time(s) (A, B element "
                     "types: float,float; float,float), several with the element types float,float and "
                     "different types (tvlab reads one)"),
      std::string::npos)
      << twice.err;
  // Instantiated, not with the types the text reader binds; and not at all.
  ProgramRun other = run_program({"char"}, "half_t,half_t");
  EXPECT_EQ(other.rc, 4);
  EXPECT_NE(
      other.err.find("instantiated gemm_nt (line 257) 1 time(s) (A, B element types: half_t,half_t), none "
                     "with the element types float,float the text reader binds"),
      std::string::npos)
      << other.err;
  ProgramRun none = run_program({}, "float,float");
  EXPECT_EQ(none.rc, 4);
  EXPECT_NE(
      none.err.find("instantiated gemm_nt (line 257) 0 time(s), none with the element types float,float"),
      std::string::npos)
      << none.err;
}

}  // namespace
}  // namespace tvlab::detail
