// The toolchain the compiler path (compiled_config.hpp) compiles with: a C++ compiler and the headers CuTe
// needs on the host.
//
//   compiler      $CXX, else g++, else c++ (on PATH); its version from `--version`'s first line
//   CUTLASS       the user's -I / --include directories, $TVLAB_CUTLASS_DIR, $CUTLASS_DIR (a CUTLASS tree
//   with
//                 include/cute, or that include directory), the nvidia-cutlass package from PyPI in
//                 ${TVLAB_CUTLASS_VENV:-${XDG_CACHE_HOME:-~/.cache}/tvlab/cutlass-venv} (as
//                 tests/cute_oracle/cutlass_include.sh finds it): the first holding cute/tensor.hpp
//   CUDA          the directory holding cuda_runtime_api.h (and its cccl/ for cuda/std): $TVLAB_CUDA_INCLUDE,
//                 $CUDA_HOME/include, $CUDA_PATH/include, /usr/local/cuda/include, /usr/local/cuda-*/include
//                 (newest first), /usr/include (tests/cute_oracle/cuda_include.sh's order); CUTLASS's
//                 tools/util/include beside its include/ where there is one (cutlass/util/*.h)
//   nvcc          on PATH, else beside CUDA's include directory (../bin/nvcc)
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tvlab {

struct Toolchain {
  std::string cxx;                        // the compiler's path
  std::string version;                    // its `--version` first line
  std::vector<std::string> include_dirs;  // -I, in order: the user's, CUTLASS's, CUDA's (and its cccl/)
  std::string cutlass_include;            // the directory holding cute/tensor.hpp
  // nvcc (PATH, else CUDA's bin/): the second try, for files a host compiler cannot take (kernel launches
  // `<<<...>>>`, CUDA built-ins); "" when there is none.
  std::string nvcc;
  // Flags after the host compiler's own: for sycl-tla (sycl_tla_source), the defines sycl-tla's CMake sets
  // for an Intel target and libsycl's link (the host pass of a SYCL build; tests/sycl_tla_oracle/README.md).
  std::vector<std::string> extra_flags;
};

// Whether a file is sycl-tla's: it names an Xe dispatch policy, atom or copy (MainloopXeL1Staged,
// MainloopIntelXe..., XE_DPAS_TT, XE_2D_..., XE_LOAD_2D..., IntelXe, KernelXe).
bool sycl_tla_source(const std::string& text);

// The toolchain, or nullopt with `why` saying what was looked for and where.
// With `sycl_tla`, CuTe is sycl-tla's: -I DIR, $TVLAB_SYCL_TLA_DIR,
// ${XDG_CACHE_HOME:-~/.cache}/tvlab/sycl-tla; Intel's SYCL headers and libsycl from
// ${TVLAB_SYCL_VENV:-<cache>/tvlab/sycl-venv} (PyPI's intel-sycl-rt); no CUDA, no nvcc.
std::optional<Toolchain> find_toolchain(const std::vector<std::string>& user_include_dirs, std::string& why,
                                        bool sycl_tla = false);

// "g++ 12.2.0" from a version line ("g++ (Debian 12.2.0-14+deb12u1) 12.2.0"): the program's name and the last
// word that starts with a digit; the line itself where it has no such word.
std::string short_compiler_name(const std::string& cxx, const std::string& version_line);

}  // namespace tvlab
