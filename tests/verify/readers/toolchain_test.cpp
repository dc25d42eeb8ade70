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

// A file is sycl-tla's when it names an Xe policy, atom or copy as a whole word; CUTLASS's files are not.
TEST(Toolchain, SyclTlaSource) {
  EXPECT_TRUE(sycl_tla_source("using P = cutlass::gemm::MainloopXeL1Staged<2>;"));
  EXPECT_TRUE(sycl_tla_source("MMA_Atom<XE_DPAS_TT<8, float, bfloat16_t>>"));
  EXPECT_TRUE(sycl_tla_source("using G = XE_2D_U8x32x32_LD_N;"));
  EXPECT_TRUE(sycl_tla_source("CollectiveBuilder<cutlass::arch::IntelXe, OpClassTensorOp"));
  EXPECT_TRUE(sycl_tla_source("MainloopIntelXeXMX16MixedPrecision<3>"));
  EXPECT_FALSE(sycl_tla_source("using P = cutlass::gemm::MainloopSm80CpAsync<3>; // SM80_CP_ASYNC"));
  EXPECT_FALSE(sycl_tla_source("int MY_XE_DPAS_TT = 1; int myIntelXe = 2;"));  // not a whole word
  EXPECT_FALSE(sycl_tla_source(""));
}

// sycl-tla's toolchain: its CuTe (a tree with cute/arch/mma_xe.hpp, not CUTLASS's), Intel's SYCL headers and
// libsycl from the venv, sycl-tla's defines; no nvcc. Each missing part is named.
TEST(Toolchain, SyclTlaTreeAndSyclHeaders) {
  if (std::system("command -v g++ >/dev/null 2>&1") != 0) GTEST_SKIP() << "no g++";
  Env cxx("CXX", "g++");
  const fs::path dir = fs::temp_directory_path() / ("tvlab_tc_xe_" + std::to_string(::getpid()));
  fs::create_directories(dir / "cutlass" / "include" / "cute");
  std::ofstream(dir / "cutlass" / "include" / "cute" / "tensor.hpp") << "";
  fs::create_directories(dir / "sycl-tla" / "include" / "cute" / "arch");
  std::ofstream(dir / "sycl-tla" / "include" / "cute" / "tensor.hpp") << "";
  std::ofstream(dir / "sycl-tla" / "include" / "cute" / "arch" / "mma_xe.hpp") << "";
  Env home("XDG_CACHE_HOME", (dir / "cache").string());
  Env tree("TVLAB_SYCL_TLA_DIR", (dir / "sycl-tla").string());
  Env venv("TVLAB_SYCL_VENV", (dir / "venv").string());
  std::string why;
  // CUTLASS's CuTe given first is passed over (no Xe atoms); no SYCL headers yet.
  EXPECT_FALSE(find_toolchain({(dir / "cutlass").string()}, why, true));
  EXPECT_NE(why.find("no SYCL headers found (" + (dir / "venv").string() + "/include/sycl/sycl.hpp"),
            std::string::npos)
      << why;
  fs::create_directories(dir / "venv" / "include" / "sycl");
  fs::create_directories(dir / "venv" / "lib");
  std::ofstream(dir / "venv" / "include" / "sycl" / "sycl.hpp") << "";
  std::ofstream(dir / "venv" / "lib" / "libsycl.so.9") << "";
  why.clear();
  const auto t = find_toolchain({(dir / "cutlass").string()}, why, true);
  ASSERT_TRUE(t) << why;
  EXPECT_EQ(t->cutlass_include, (dir / "sycl-tla" / "include").string());
  EXPECT_TRUE(t->nvcc.empty());
  ASSERT_GE(t->extra_flags.size(), 2u);
  EXPECT_EQ(t->extra_flags[0], "-DSYCL_INTEL_TARGET");
  EXPECT_EQ(t->extra_flags[1], "-DCUTLASS_ENABLE_SYCL");
  EXPECT_EQ(t->include_dirs.back(), (dir / "venv" / "include").string());
  // No sycl-tla tree anywhere: named, with where it looked.
  Env none("TVLAB_SYCL_TLA_DIR", (dir / "missing").string());
  why.clear();
  EXPECT_FALSE(find_toolchain({}, why, true));
  EXPECT_NE(why.find("no sycl-tla headers found"), std::string::npos) << why;
  EXPECT_NE(why.find((dir / "missing").string()), std::string::npos) << why;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tvlab
