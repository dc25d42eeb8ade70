// The compiler path's toolchain: the compiler, CUTLASS's and CUDA's include directories.
#include "tvlab/verify/readers/toolchain.hpp"

#include <unistd.h>
#include <algorithm>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "detail/run_process.hpp"

namespace tvlab {

namespace {
namespace fs = std::filesystem;

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

// A program on PATH (or a path with a '/'), as an absolute path; "" when there is none.
std::string which(const std::string& program) {
  if (program.find('/') != std::string::npos) return is_file(program) ? fs::absolute(program).string() : "";
  const std::string path = env("PATH");
  std::size_t b = 0;
  while (b <= path.size()) {
    const std::size_t e = std::min(path.find(':', b), path.size());
    const fs::path dir = path.substr(b, e - b).empty() ? fs::path(".") : fs::path(path.substr(b, e - b));
    if (is_file(dir / program) && ::access((dir / program).c_str(), X_OK) == 0)
      return fs::absolute(dir / program).string();
    b = e + 1;
  }
  return "";
}

// A directory holding cute/tensor.hpp: `d` itself or d/include.
std::string cute_dir(const std::string& d) {
  if (d.empty()) return "";
  if (is_file(fs::path(d) / "cute" / "tensor.hpp")) return fs::path(d).lexically_normal().string();
  if (is_file(fs::path(d) / "include" / "cute" / "tensor.hpp"))
    return (fs::path(d) / "include").lexically_normal().string();
  return "";
}
}  // namespace

std::string short_compiler_name(const std::string& cxx, const std::string& version_line) {
  std::string version;
  std::size_t i = 0;
  while (i < version_line.size()) {
    while (i < version_line.size() && std::isspace(static_cast<unsigned char>(version_line[i]))) ++i;
    std::size_t e = i;
    while (e < version_line.size() && !std::isspace(static_cast<unsigned char>(version_line[e]))) ++e;
    if (e > i && std::isdigit(static_cast<unsigned char>(version_line[i])))
      version = version_line.substr(i, e - i);
    i = e;
  }
  const std::string name = fs::path(cxx).filename().string();
  return version.empty() ? name + " (" + version_line + ")" : name + " " + version;
}

bool sycl_tla_source(const std::string& text) {
  for (const char* word : {"MainloopXeL1Staged", "MainloopIntelXe", "XE_DPAS_TT", "XE_2D_", "XE_LOAD_2D",
                           "XE_8x16x", "IntelXe", "KernelXe"}) {
    for (std::size_t p = text.find(word); p != std::string::npos; p = text.find(word, p + 1)) {
      const bool starts =
          p == 0 || !(std::isalnum(static_cast<unsigned char>(text[p - 1])) || text[p - 1] == '_');
      if (starts) return true;
    }
  }
  return false;
}

namespace {
std::string cache_dir() {
  const std::string xdg = env("XDG_CACHE_HOME"), home = env("HOME");
  return !xdg.empty() ? xdg : home.empty() ? "" : home + "/.cache";
}

// sycl-tla's toolchain: its CuTe, Intel's SYCL headers and libsycl, the host compiler t.cxx.
std::optional<Toolchain> sycl_tla_toolchain(Toolchain t, const std::vector<std::string>& user_include_dirs,
                                            std::string& why) {
  std::vector<std::string> candidates = user_include_dirs;
  if (!env("TVLAB_SYCL_TLA_DIR").empty()) candidates.push_back(env("TVLAB_SYCL_TLA_DIR"));
  const std::string cache = cache_dir();
  if (!cache.empty()) candidates.push_back(cache + "/tvlab/sycl-tla");
  for (const std::string& c : candidates) {
    const std::string d = cute_dir(c);
    // sycl-tla's CuTe, not CUTLASS's: it has the Xe atoms.
    if (!d.empty() && is_file(fs::path(d) / "cute" / "arch" / "mma_xe.hpp")) {
      t.cutlass_include = d;
      break;
    }
  }
  if (t.cutlass_include.empty()) {
    why =
        "no sycl-tla headers found (include/cute/arch/mma_xe.hpp; the file names sycl-tla's Xe types): give "
        "sycl-tla's include directory with --include DIR, or set TVLAB_SYCL_TLA_DIR; looked in ";
    for (std::size_t i = 0; i < candidates.size(); ++i) why += (i ? ", " : "") + candidates[i];
    return std::nullopt;
  }
  std::string venv = env("TVLAB_SYCL_VENV");
  if (venv.empty() && !cache.empty()) venv = cache + "/tvlab/sycl-venv";
  if (venv.empty() || !is_file(fs::path(venv) / "include" / "sycl" / "sycl.hpp") ||
      !is_file(fs::path(venv) / "lib" / "libsycl.so.9")) {
    why = "no SYCL headers found (" + (venv.empty() ? std::string("$TVLAB_SYCL_VENV") : venv) +
          "/include/sycl/sycl.hpp and lib/libsycl.so.9; sycl-tla's host pass needs them): pip install "
          "--no-deps intel-sycl-rt==2026.2.0 into a venv there, or set TVLAB_SYCL_VENV";
    return std::nullopt;
  }
  t.include_dirs = user_include_dirs;
  t.include_dirs.push_back(t.cutlass_include);
  const fs::path root = fs::path(t.cutlass_include).parent_path();
  std::error_code ec;
  if (fs::is_directory(root / "tools" / "util" / "include" / "cutlass" / "util", ec))
    t.include_dirs.push_back((root / "tools" / "util" / "include").lexically_normal().string());
  t.include_dirs.push_back((fs::path(venv) / "include").lexically_normal().string());
  const std::string lib = (fs::path(venv) / "lib").lexically_normal().string();
  t.extra_flags = {
      "-DSYCL_INTEL_TARGET", "-DCUTLASS_ENABLE_SYCL", "-DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING", "-L" + lib,
      "-l:libsycl.so.9",     "-Wl,-rpath," + lib};
  t.nvcc.clear();
  return t;
}
}  // namespace

std::optional<Toolchain> find_toolchain(const std::vector<std::string>& user_include_dirs, std::string& why,
                                        bool sycl_tla) {
  Toolchain t;
  std::vector<std::string> looked;
  const std::string cxx_env = env("CXX");
  for (const std::string& c :
       cxx_env.empty() ? std::vector<std::string>{"g++", "c++"} : std::vector<std::string>{cxx_env}) {
    looked.push_back(c);
    t.cxx = which(c);
    if (!t.cxx.empty()) break;
  }
  if (t.cxx.empty()) {
    why = "no C++ compiler found (looked for " +
          (cxx_env.empty() ? std::string("g++ and c++ on PATH") : "$CXX = " + cxx_env) + ")";
    return std::nullopt;
  }
  const detail::ProcessResult v = detail::run_process({t.cxx, "--version"}, 20);
  if (!v.started || v.exit_code != 0) {
    why = t.cxx + " --version failed" + (v.started ? "" : ": " + v.err);
    return std::nullopt;
  }
  t.version = v.out.substr(0, v.out.find('\n'));
  if (sycl_tla) return sycl_tla_toolchain(t, user_include_dirs, why);

  // CUTLASS: the user's directories, the environment, the package from PyPI.
  std::vector<std::string> candidates = user_include_dirs;
  for (const char* e : {"TVLAB_CUTLASS_DIR", "CUTLASS_DIR"})
    if (!env(e).empty()) candidates.push_back(env(e));
  std::string venv = env("TVLAB_CUTLASS_VENV");
  if (venv.empty()) {
    const std::string xdg = env("XDG_CACHE_HOME"), home = env("HOME");
    const std::string cache = !xdg.empty() ? xdg : home.empty() ? "" : home + "/.cache";
    if (!cache.empty()) venv = cache + "/tvlab/cutlass-venv";
  }
  std::vector<std::string> venv_dirs;
  std::error_code ec;
  if (!venv.empty() && fs::is_directory(fs::path(venv) / "lib", ec))
    for (const auto& e : fs::directory_iterator(fs::path(venv) / "lib", ec))
      if (e.path().filename().string().rfind("python3", 0) == 0)
        venv_dirs.push_back((e.path() / "site-packages/cutlass_library/source/include").string());
  std::sort(venv_dirs.begin(), venv_dirs.end());
  candidates.insert(candidates.end(), venv_dirs.begin(), venv_dirs.end());
  for (const std::string& c : candidates)
    if (!(t.cutlass_include = cute_dir(c)).empty()) break;
  if (t.cutlass_include.empty()) {
    why =
        "no CuTe headers found (cute/tensor.hpp): give CUTLASS's include directory with --include DIR (or -I "
        "DIR), or set TVLAB_CUTLASS_DIR; looked in ";
    for (std::size_t i = 0; i < candidates.size(); ++i) why += (i ? ", " : "") + candidates[i];
    if (venv_dirs.empty() && !venv.empty())
      why += (candidates.empty() ? "" : ", ") + venv + " (no such package)";
    return std::nullopt;
  }

  // CUDA's headers (cuda_runtime_api.h; CUTLASS includes them even on the host).
  std::vector<std::string> cuda = {};
  if (!env("TVLAB_CUDA_INCLUDE").empty()) cuda.push_back(env("TVLAB_CUDA_INCLUDE"));
  for (const char* e : {"CUDA_HOME", "CUDA_PATH"})
    if (!env(e).empty()) cuda.push_back(env(e) + "/include");
  cuda.push_back("/usr/local/cuda/include");
  std::vector<std::string> versioned;
  if (fs::is_directory("/usr/local", ec))
    for (const auto& e : fs::directory_iterator("/usr/local", ec))
      if (e.path().filename().string().rfind("cuda-", 0) == 0)
        versioned.push_back((e.path() / "include").string());
  std::sort(versioned.rbegin(), versioned.rend());
  cuda.insert(cuda.end(), versioned.begin(), versioned.end());
  cuda.push_back("/usr/include");
  std::string cuda_inc;
  for (const std::string& d : cuda)
    if (is_file(fs::path(d) / "cuda_runtime_api.h")) {
      cuda_inc = fs::path(d).lexically_normal().string();
      break;
    }
  if (cuda_inc.empty()) {
    why =
        "no CUDA headers found (cuda_runtime_api.h, which CUTLASS includes on the host too): set "
        "TVLAB_CUDA_INCLUDE or CUDA_HOME; looked in ";
    for (std::size_t i = 0; i < cuda.size(); ++i) why += (i ? ", " : "") + cuda[i];
    return std::nullopt;
  }
  t.include_dirs = user_include_dirs;
  t.include_dirs.push_back(t.cutlass_include);
  const fs::path util = fs::path(t.cutlass_include).parent_path() / "tools" / "util" / "include";
  if (fs::is_directory(util / "cutlass" / "util", ec))
    t.include_dirs.push_back(util.lexically_normal().string());
  t.include_dirs.push_back(cuda_inc);
  if (fs::is_directory(fs::path(cuda_inc) / "cccl", ec)) t.include_dirs.push_back(cuda_inc + "/cccl");
  t.nvcc = which("nvcc");
  if (t.nvcc.empty() && is_file(fs::path(cuda_inc) / ".." / "bin" / "nvcc"))
    t.nvcc = (fs::path(cuda_inc) / ".." / "bin" / "nvcc").lexically_normal().string();
  return t;
}

}  // namespace tvlab
