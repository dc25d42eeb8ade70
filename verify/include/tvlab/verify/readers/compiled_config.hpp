// The compiler as front end (issue 34): a C++ configuration the text reader (cpp_config.hpp) cannot read --
// a CollectiveBuilder<...>::CollectiveOp, a CollectiveMma inside a template specialisation
// (DefaultGemmConfigurationToCutlass3Types<...>::CollectiveMainloop), any type expression -- is compiled: a
// small host program includes the file, instantiates the named type and writes it with tvlab/export.hpp as a
// JSON spec, which the JSON reader reads. The toolchain (toolchain.hpp) is the user's C++ compiler with
// CUTLASS's and CUDA's headers; the JSON is cached by content hash (compiled_cache.hpp).
//
//   tvlab verify default_gemm_configuration.hpp --config 'DefaultGemmConfigurationToCutlass3Types<...>::
//       CollectiveMainloop'
//   tvlab: DefaultGemm...::CollectiveMainloop read through g++ 12.2.0 (compiled in 2.3 s)
//
// choose_reader picks the path (--reader auto|text|compiler): auto reads with the text reader first and
// compiles only where it finds no configuration named NAME; text never compiles; compiler always does.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/readers/toolchain.hpp"

namespace tvlab {

struct ReaderChoice {
  std::string reader = "auto";            // "auto", "text" or "compiler"
  std::vector<std::string> include_dirs;  // -I / --include: searched first (CUTLASS's and the file's own)
  bool told = false;                      // --reader given: the text reader's use is said on stderr too
};

// Where a compiled configuration came from.
struct CompiledConfig {
  std::string json;      // the spec tvlab/export.hpp wrote
  bool cached = false;   // read from the cache (no compile)
  double seconds = 0;    // the compile and run, when not cached
  std::string compiler;  // "g++ 12.2.0"
};

// Compiles `file_path` (its text `file_text`, hashed for the cache) with the toolchain and exports the type
// `name`: the JSON spec, from the cache where the same inputs were compiled before. SpecError (exit 2) with
// the compiler's first error lines (those in the file at its line) where it does not compile, or when the
// compile or the program exceeds `timeout_s` seconds (0: compile_timeout_s()); nothing is cached then. The
// names in `also` (the file's other configurations) not yet cached are exported by the same program and
// cached too (one compile for the whole file); where one of them does not compile, `name` is compiled alone.
CompiledConfig compile_config(const std::string& file_path, const std::string& file_text,
                              const std::string& name, const Toolchain& toolchain, double timeout_s = 0,
                              const std::vector<std::string>& also = {});

// The namespaces (outermost first) that declare NAME's first identifier at namespace scope in the text
// (`struct X`, `class X`, `using X =`): the generated program exports NAME from inside them, so NAME reads as
// the file writes it (DefaultGemmConfigurationToCutlass3Types<...> in cutlass::gemm::device); empty where the
// file declares it at global scope (which wins over a namespace's), nullopt where it declares no such name at
// namespace scope (NAME is then read at global scope).
std::optional<std::vector<std::string>> declaring_namespace(std::string_view text, const std::string& name);

// The compile timeout: TVLAB_COMPILE_TIMEOUT (seconds) or 120.
double compile_timeout_s();

// The reader for FILE's configuration `config`: nullopt when the text reader reads it (then call load_plans
// as usual), else the JSON spec the compiler path made (read it as a JSON spec, without --config). `note`
// gets the line to print on stderr ("" for the text reader under --reader auto). SpecError for a bad --reader
// value, for --reader compiler without a --config or with --bind, and where auto finds neither a
// configuration nor a toolchain (the text reader's message, naming what would help).
std::optional<CompiledConfig> choose_reader(const ReaderChoice& choice, const std::string& file_path,
                                            const std::string& text, const std::string& config,
                                            const std::vector<CppBinding>& bind, std::string& note);

// --reader compiler without --config (verify): every configuration the text reader lists in the file,
// exported by one program (then each from the cache); `note` the line for stderr.
std::vector<CompiledConfig> compile_all(const ReaderChoice& choice, const std::string& file_path,
                                        const std::string& text, std::string& note);

}  // namespace tvlab
