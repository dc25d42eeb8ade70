// The compiler path's toolchain: the compiler's short name, and where CUTLASS and the compiler are looked for
// (a fake CUTLASS tree and $CXX), with what is missing said.
#include "tvlab/verify/readers/toolchain.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace tvlab {
namespace {
namespace fs = std::filesystem;

TEST(Toolchain, ShortCompilerName) {
  EXPECT_EQ(short_compiler_name("/usr/bin/g++", "g++ (Debian 12.2.0-14+deb12u1) 12.2.0"), "g++ 12.2.0");
  EXPECT_EQ(short_compiler_name("/usr/bin/clang++", "Debian clang version 14.0.6"), "clang++ 14.0.6");
  EXPECT_EQ(short_compiler_name("cxx", "no version here"), "cxx (no version here)");
}

// An environment variable set for one test and restored after it.
struct Env {
  std::string name, saved;
  bool had;
  Env(const char* n, const std::string& v) : name(n) {
    const char* o = std::getenv(n);
    had = o != nullptr;
    if (o) saved = o;
    ::setenv(n, v.c_str(), 1);
  }
  ~Env() {
    if (had)
      ::setenv(name.c_str(), saved.c_str(), 1);
    else
      ::unsetenv(name.c_str());
  }
};

TEST(Toolchain, MissingCompilerIsSaid) {
  Env cxx("CXX", "/nonexistent/c++");
  std::string why;
  EXPECT_FALSE(find_toolchain({}, why));
  EXPECT_NE(why.find("no C++ compiler found"), std::string::npos) << why;
  EXPECT_NE(why.find("$CXX = /nonexistent/c++"), std::string::npos) << why;
}

TEST(Toolchain, CutlassFromTheUsersDirectoryFirst) {
  if (std::system("command -v g++ >/dev/null 2>&1") != 0) GTEST_SKIP() << "no g++";
  Env cxx("CXX", "g++");
  // A fake CUTLASS tree (include/cute/tensor.hpp) given as -I: found before any other.
  const fs::path dir = fs::temp_directory_path() / ("tvlab_tc_" + std::to_string(::getpid()));
  fs::create_directories(dir / "include" / "cute");
  std::ofstream(dir / "include" / "cute" / "tensor.hpp") << "";
  std::string why;
  const auto t = find_toolchain({dir.string()}, why);
  if (!t && why.find("no CUDA headers") != std::string::npos) GTEST_SKIP() << why;
  ASSERT_TRUE(t) << why;
  EXPECT_EQ(t->cutlass_include, (dir / "include").string());
  EXPECT_EQ(t->include_dirs.front(), dir.string());
  EXPECT_EQ(t->include_dirs[1], (dir / "include").string());
  EXPECT_NE(t->version.find("g++"), std::string::npos) << t->version;
  // Nowhere: every place looked in is named.
  Env venv("TVLAB_CUTLASS_VENV", (dir / "no-venv").string());
  Env c1("TVLAB_CUTLASS_DIR", (dir / "missing").string());
  Env c2("CUTLASS_DIR", (dir / "missing2").string());
  why.clear();
  EXPECT_FALSE(find_toolchain({(dir / "nothing").string()}, why));
  EXPECT_NE(why.find("no CuTe headers found"), std::string::npos) << why;
  EXPECT_NE(why.find("--include DIR"), std::string::npos) << why;
  for (const char* d : {"nothing", "missing", "missing2", "no-venv"})
    EXPECT_NE(why.find((dir / d).string()), std::string::npos) << d << ": " << why;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tvlab
