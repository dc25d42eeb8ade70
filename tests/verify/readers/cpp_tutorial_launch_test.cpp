// The compiler path's reading of CuTe's tutorial host functions (detail/cpp_tutorial_launch.hpp): the roles
// the text reader gives the launch's arguments, and the copy of the file that hands their types to the hook.
#include "detail/cpp_tutorial_launch.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
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
