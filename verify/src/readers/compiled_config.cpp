// The compiler as front end: the generated host program, its compile and run, the cache, and the choice
// between the text reader and the compiler.
#include "tvlab/verify/readers/compiled_config.hpp"

#include <stdlib.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "detail/cpp_lexer.hpp"
#include "detail/cpp_locals.hpp"
#include "detail/cpp_reader.hpp"
#include "detail/cpp_tutorial_launch.hpp"
#include "detail/cpp_xe_launch.hpp"
#include "detail/export_header.hpp"
#include "detail/run_process.hpp"
#include "tvlab/core/tiling/cute_print.hpp"
#include "tvlab/verify/model/spec_error.hpp"
#include "tvlab/verify/readers/compiled_cache.hpp"
#include "tvlab/verify/readers/json_spec.hpp"

namespace tvlab {

namespace {
namespace fs = std::filesystem;

// One compile: the compiler and its flags. A host compiler first (-fpermissive accepts the device intrinsics
// that kernel bodies call without a host declaration; no __CUDACC_VER_MAJOR__, which would turn on CUTLASS's
// WMMA paths and their nvcuda:: types); nvcc second, for a file a host compiler cannot take (a kernel launch
// `<<<...>>>`, CUDA's built-ins), at the cost of its front end (~30 s for a CUTLASS example).
struct Attempt {
  std::string cxx, label;
  std::vector<std::string> flags;
  // Tried only where the attempt before failed on an option this nvcc does not know (-fdevice-syntax-only,
  // not in older nvcc): the same compile with device code generated.
  bool only_after_unknown_option = false;
  // nvcc's two passes as two processes that run at once (split_compile): the host pass builds the program,
  // the device pass (-ptx) checks the same translation unit as the device front end sees it.
  bool split_passes = false;
};
std::vector<Attempt> attempts(const Toolchain& t) {
  std::vector<Attempt> out;
  const bool host_is_nvcc = fs::path(t.cxx).filename() == "nvcc";
  // The program runs on the host only: nvcc's device side stops after its front end (-fdevice-syntax-only:
  // templates instantiated and static_asserts checked as for a real build, no NVVM optimisation, PTX or
  // ptxas), for one virtual architecture (-arch=sm_90a would compile both compute_90 and compute_90a).
  // Measured on CUTLASS's example 48 (docs/spec.md): see there.
  const std::vector<std::string> nvcc_full = {
      "-std=c++17", "-x", "cu", "-arch=sm_90a", "--expt-relaxed-constexpr", "-w"};
  const std::vector<std::string> nvcc_front_end = {"-std=c++17",
                                                   "-x",
                                                   "cu",
                                                   "-gencode",
                                                   "arch=compute_90a,code=compute_90a",
                                                   "-fdevice-syntax-only",
                                                   "--expt-relaxed-constexpr",
                                                   "-w"};
  const auto add_nvcc = [&](const std::string& cxx, const std::string& label) {
    out.push_back({cxx, label, nvcc_front_end, false, true});
    out.push_back({cxx, label, nvcc_full, true});
  };
  if (host_is_nvcc) {
    add_nvcc(t.cxx, short_compiler_name(t.cxx, t.version));
    return out;
  }
  Attempt host{t.cxx,
               short_compiler_name(t.cxx, t.version),
               {"-std=c++17", "-O0", "-w", "-fpermissive",
                // CUTLASS's non-template host functions call CUDA's runtime, which the program never calls:
                // linked without libcudart (a CI with CUDA's headers alone has none), as a position-dependent
                // executable (a PIE's unresolved PLT entries do not load).
                "-no-pie", "-Wl,--unresolved-symbols=ignore-all",
                // CUTLASS allows its SM90 builders from CUDA 12 on (__CUDACC_VER_MAJOR__, which a host
                // compiler has not and which would also turn on the WMMA paths): said directly.
                "-DCUTLASS_SM90_COLLECTIVE_BUILDER_SUPPORTED"}};
  host.flags.insert(host.flags.end(), t.extra_flags.begin(), t.extra_flags.end());
  out.push_back(host);
  if (!t.nvcc.empty()) add_nvcc(t.nvcc, "nvcc");
  return out;
}

// Whether nvcc starts beside the host compiler (compile_batch): a file the host compiler likely cannot take,
// a .cu/.cuh or one that declares a kernel or launches one (`__global__`, `<<<`). Only a matter of time:
// the reading compiler is chosen as in sequence either way.
bool one_job() {
  const char* j = std::getenv("TVLAB_COMPILE_JOBS");
  return j && std::string(j) == "1";
}
bool concurrent_nvcc(const std::string& abs_file, const std::string& file_text) {
  if (one_job()) return false;
  const std::string ext = fs::path(abs_file).extension().string();
  return ext == ".cu" || ext == ".cuh" || file_text.find("__global__") != std::string::npos ||
         file_text.find("<<<") != std::string::npos;
}

std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    o += c;
  }
  return o;
}

// The host program: CUDA's built-in variables stubbed for a host compiler (CUTLASS's pipelines and kernels
// name them; never called), the file included with its main() renamed, the type exported from inside the
// namespace that declares it (so NAME is written as the file's own code writes it).
// The line between two exported specs in the program's output.
const char* const kSeparator = "\n//tvlab-export-next\n";

// Names of `names` that are aliases inside a function body (local_aliases): exported through a copy of the
// file (detail/cpp_locals.hpp) in which each hands its type to the program's hook. Its elements: 0 for a name
// that is not local, else the alias's line.
std::vector<int> local_names(const std::string& file_text, const std::vector<std::string>& names) {
  std::vector<int> local(names.size(), 0);
  std::vector<detail::LocalAlias> all;
  try {
    all = detail::local_aliases(file_text);
  } catch (const SpecError&) {
    return local;  // the compiler says what is wrong with the file
  }
  for (std::size_t i = 0; i < names.size(); ++i)
    for (const detail::LocalAlias& a : all)
      if (a.full == names[i]) local[i] = a.line;
  return local;
}

// The MoEGEMM call (detail/cpp_xe_launch.hpp) whose launching function `name` names, if any.
std::optional<detail::XeLaunch> launch_named(const std::string& file_text, const std::string& name) {
  if (name.empty()) return std::nullopt;
  std::vector<detail::XeLaunch> all;
  try {
    all = detail::xe_launches_of(file_text, name);
  } catch (const CppConfigError& e) {
    // A call of the named function that is not MoEGEMM's: said at the call (line, column, what MoEGEMM
    // takes), not read as another kind of configuration.
    if (e.construct().rfind("MoEGEMM<", 0) == 0) throw;
    return std::nullopt;  // the compiler says what is wrong with the file
  } catch (const SpecError&) {
    return std::nullopt;
  }
  if (all.empty()) return std::nullopt;
  return all.front();
}

// A program exporting what a hook in the file's copy `include` hands over (a launch replaced by the hook):
// the hook's declarations before the copy, its definitions and the exporter after it, then `main_body`.
std::string hooked_program_text(const std::string& what, const std::string& include,
                                const std::string& declarations, const std::string& definitions,
                                const std::string& main_body) {
  return "// Generated by tvlab (the compiler path, docs/spec.md): exports " + what +
         ".\n"
         "#include <string>\n" +
         declarations +
         "#define main tvlab_export_user_main\n"
         "#include \"" +
         json_escape(include) +
         "\"\n"
         "#undef main\n"
         "#include <tvlab/export.hpp>\n"
         "#include <iostream>\n"
         "#include <sstream>\n"
         "#include <tuple>\n"
         "#include <type_traits>\n"
         "#include <utility>\n" +
         definitions + "int main() {\n" + main_body + "  return std::cout.good() ? 0 : 1;\n}\n";
}

// The program exporting a kernel launched by the function `name` (one name): the hook, the file's copy that
// instantiates it, the exporter.
std::string launch_program_text(const std::string& file, const std::string& include,
                                const std::string& name) {
  return hooked_program_text("the kernel " + name + " launches in " + file, include,
                             detail::xe_launch_hook_declarations(), detail::xe_launch_hook_definitions(name),
                             detail::xe_launch_main(name));
}

// The program exporting what a CuTe tutorial function passes to its kernel launch (one name).
std::string tutorial_program_text(const std::string& file, const std::string& include,
                                  const std::string& name, const detail::TutorialLaunch& l) {
  return hooked_program_text("the kernel launch of " + name + " in " + file, include,
                             detail::tutorial_hook_declarations(), detail::tutorial_hook_definitions(l, name),
                             detail::tutorial_main(l, name));
}

// `include` is the file the program includes: the file itself, or the copy that exports its local aliases.
std::string program_text(const std::string& file, const std::string& include, const std::string& file_text,
                         const std::vector<std::string>& names, const std::vector<int>& local) {
  std::string p = "// Generated by tvlab (the compiler path, docs/spec.md): exports " + names.front() +
                  " of " + file +
                  ".\n"
                  "#if !defined(__CUDACC__)\n"
                  "struct tvlab_export_dim3 { unsigned x, y, z; };\n"
                  "inline tvlab_export_dim3 threadIdx, blockIdx, blockDim, gridDim;\n"
                  "inline void __syncthreads() {}\n"
                  "#endif\n";
  const bool any_local = std::any_of(local.begin(), local.end(), [](int l) { return l > 0; });
  const std::string n = std::to_string(names.size());
  if (any_local)
    // The hook a local alias instantiates where it is declared (the function is never called): its
    // registered member, initialised before main, stores the exporter of that type in slot I.
    p += "namespace tvlab_local {\n"
         "using export_fn = void (*)(void*);\n"
         "inline export_fn slots[" +
         n +
         "] = {};\n"
         "template <class T, int I> struct hook {\n"
         "  static void run(void* os);\n"
         "  static inline const bool registered = (slots[I] = &hook::run, true);\n"
         "};\n"
         "}\n";
  p += "#define main tvlab_export_user_main\n"
       "#include \"" +
       json_escape(include) +
       "\"\n"
       "#undef main\n"
       "#include <tvlab/export.hpp>\n"
       "#include <iostream>\n";
  if (any_local) {
    p += "namespace tvlab_local {\ninline const char* const names[" + n + "] = {";
    for (std::size_t i = 0; i < names.size(); ++i) p += (i ? ", \"" : "\"") + json_escape(names[i]) + "\"";
    p += "};\ntemplate <class T, int I> void hook<T, I>::run(void* os) {\n"
         "  ::tvlab::export_collective<T>(*static_cast<std::ostream*>(os), names[I]);\n}\n}\n";
  }
  std::string calls;
  for (std::size_t i = 0; i < names.size(); ++i) {
    calls += i ? "  std::cout << \"\\n//tvlab-export-next\\n\";\n" : "";
    if (local[i]) {
      const std::string slot = "tvlab_local::slots[" + std::to_string(i) + "]";
      calls +=
          "  if (!" + slot + ") {\n    std::cerr << \"tvlab: " + json_escape(names[i]) + " (line " +
          std::to_string(local[i]) +
          "): the compiler did not compile its declaration (a preprocessor conditional around it is false "
          "for this compiler)\\n\";\n    return 4;\n  }\n  " +
          slot + "(&std::cout);\n";
      continue;
    }
    std::string open, close, qual;
    for (const std::string& ns :
         declaring_namespace(file_text, names[i]).value_or(std::vector<std::string>{})) {
      open += "namespace " + ns + " { ";
      close += "} ";
      qual += ns.empty() ? "" : ns + "::";
    }
    const std::string fn = "tvlab_export_config_" + std::to_string(i);
    p += open + "inline void " + fn + "() {\n#line 1 \"--config\"\n  ::tvlab::export_collective<" + names[i] +
         ">(std::cout, \"" + json_escape(names[i]) + "\");\n}\n" + close + "\n";
    calls += "  " + qual + fn + "();\n";
  }
  return p + "int main() {\n" + calls + "  return std::cout.good() ? 0 : 1;\n}\n";
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  if (from.empty()) return s;
  for (std::size_t p = 0; (p = s.find(from, p)) != std::string::npos; p += to.size())
    s.replace(p, from.size(), to);
  return s;
}

// The compiler's first error lines, with the file's absolute path as the user gave it and the generated
// program's line named by its --config; tvlab/export.hpp's static_asserts by their message.
std::string first_errors(const std::string& output, const std::string& abs_file, const std::string& user_file,
                         const std::string& program, const std::string& name) {
  std::istringstream in(output);
  std::string line, out;
  int n = 0;
  while (std::getline(in, line) && n < 6) {
    if (line.find("error:") == std::string::npos) continue;
    const std::size_t sa = line.find("static assertion failed: tvlab");
    // nvcc's spelling: static assertion failed with "tvlab::...: ..." (the message quoted).
    const std::size_t nsa = line.find("static assertion failed with \"tvlab");
    if (sa != std::string::npos) {
      line = line.substr(sa + std::string("static assertion failed: ").size());
    } else if (nsa != std::string::npos) {
      line = line.substr(nsa + std::string("static assertion failed with \"").size());
      if (!line.empty() && line.back() == '"') line.pop_back();
    } else if (line.find("/tvlab/export.hpp") != std::string::npos) {
      continue;  // what follows a static_assert of the exporter inside it: its message says it all
    } else {
      line = replace_all(line, abs_file, user_file);
      line = replace_all(line, program, "(tvlab's program)");
      if (line.rfind("--config:1:", 0) == 0) line = "--config " + name + ", column " + line.substr(11);
    }
    out += (out.empty() ? "" : "; ") + line;
    ++n;
  }
  return out.empty() ? output.substr(0, 2000) : out;
}

std::string export_header_dir(const std::string& cache_dir, const std::string& tmp_dir) {
  // tvlab/export.hpp as this tvlab was built with it, beside the cache (or in the build's directory).
  const std::string hash = sha256_hex(detail::kExportHeader).substr(0, 16);
  const std::string dir = cache_dir.empty() ? tmp_dir + "/export" : cache_dir + "/export-" + hash;
  const std::string path = dir + "/tvlab/export.hpp";
  std::error_code ec;
  bool same = false;
  if (fs::is_regular_file(path, ec)) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    same = s.str() == detail::kExportHeader;
  }
  if (!same && !write_atomically(path, detail::kExportHeader))
    throw SpecError("", "cannot write tvlab/export.hpp to " + path);
  return dir;
}

bool names_config(const std::string& full, const std::string& only) {
  return !only.empty() && ("::" + full + "::").find("::" + only + "::") != std::string::npos;
}
}  // namespace

std::optional<std::vector<std::string>> declaring_namespace(std::string_view text, const std::string& name) {
  // The head of NAME: its first identifier (DefaultGemmConfigurationToCutlass3Types<...>::CollectiveMainloop:
  // DefaultGemmConfigurationToCutlass3Types); a name qualified from the global scope (::x) has none.
  std::size_t i = 0;
  while (i < name.size() && std::isspace(static_cast<unsigned char>(name[i]))) ++i;
  if (name.compare(i, 9, "typename ") == 0) i += 9;
  std::size_t e = i;
  while (e < name.size() && (std::isalnum(static_cast<unsigned char>(name[e])) || name[e] == '_')) ++e;
  const std::string head = name.substr(i, e - i);
  if (head.empty()) return std::nullopt;
  std::vector<detail::Tok> t;
  try {
    t = detail::lex(text);
  } catch (const SpecError&) {
    return std::nullopt;
  }
  std::optional<std::vector<std::string>> first;  // the first namespace that declares it
  std::vector<std::pair<std::string, int>> open;  // namespaces, each with the brace depth inside it
  int depth = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const detail::Tok& x = t[k];
    if (x.kind == detail::Tok::Ident && x.text == "namespace") {
      std::vector<std::string> names;
      std::size_t j = k + 1;
      for (; j < t.size() && (t[j].kind == detail::Tok::Ident || t[j].text == "::"); ++j)
        if (t[j].kind == detail::Tok::Ident && t[j].text != "inline") names.push_back(t[j].text);
      if (j < t.size() && t[j].text == "{") {
        ++depth;
        if (names.empty()) names.push_back("");  // an anonymous namespace
        for (const std::string& n : names) open.push_back({n, depth});
        k = j;
      }
      continue;
    }
    if (x.kind == detail::Tok::Punct && x.text == "{") ++depth;
    if (x.kind == detail::Tok::Punct && x.text == "}") {
      while (!open.empty() && open.back().second == depth) open.pop_back();
      --depth;
    }
    const bool declares =
        x.kind == detail::Tok::Ident && (x.text == "struct" || x.text == "class" || x.text == "using");
    if (declares && k + 1 < t.size() && t[k + 1].text == head &&
        (x.text != "using" || (k + 2 < t.size() && t[k + 2].text == "="))) {
      // Only at namespace scope: inside a struct or function the name is not reachable by itself.
      if (depth != (open.empty() ? 0 : open.back().second)) continue;
      if (open.empty()) return std::vector<std::string>{};  // the global one: what NAME names there
      if (!first) {
        first.emplace();
        for (const auto& [n, d] : open) first->push_back(n);
      }
    }
  }
  return first;
}

double compile_timeout_s() {
  const char* t = std::getenv("TVLAB_COMPILE_TIMEOUT");
  if (t && *t) {
    char* end = nullptr;
    const double v = std::strtod(t, &end);
    if (end && *end == '\0' && v > 0) return v;
  }
  return 120;
}

namespace {

// The cache key of one name's export.
std::string cache_key(const std::string& file_text, const std::string& name, const std::string& abs_file,
                      const Toolchain& toolchain, const std::vector<Attempt>& tries,
                      const detail::TutorialLaunch* tut = nullptr) {
  std::string key_text = "tvlab compiled config 1\n" + file_text + "\n--config\n" + name + "\n" +
                         toolchain.version + "\n" + detail::kExportHeader + "\n" + abs_file + "\n";
  // A tutorial function's launch (detail/cpp_tutorial_launch.hpp): its copy and the program's hook.
  if (tut)
    key_text += "tutorial launch: copy 1\n" + detail::tutorial_export_copy(file_text, *tut, abs_file) +
                detail::tutorial_hook_declarations() + detail::tutorial_hook_definitions(*tut, name) +
                detail::tutorial_main(*tut, name);
  // A local alias is compiled from a copy of the file (detail/cpp_locals.hpp): the copy's form is part of it.
  if (local_names(file_text, {name}).front()) key_text += "local alias: copy 1\n";
  // So is a launched kernel's (detail/cpp_xe_launch.hpp), with the program's hook.
  if (launch_named(file_text, name))
    key_text += "xe launch: copy 1\n" + detail::xe_launch_hook_declarations() +
                detail::xe_launch_hook_definitions(name) + detail::xe_launch_main(name);
  for (const Attempt& a : tries) {
    key_text += a.cxx + (a.split_passes ? " (host and device passes apart)\n" : "\n");
    for (const std::string& f : a.flags) key_text += f + "\n";
  }
  for (const std::string& d : toolchain.include_dirs) key_text += "-I" + d + "\n";
  return sha256_hex(key_text);
}

// One program exporting `names`: their specs, in order, and the compiler that took it. SpecError naming the
// first name where it does not compile or run.
std::vector<std::string> compile_batch(const std::string& file_path, const std::string& abs_file,
                                       const std::string& file_text, const std::vector<std::string>& names,
                                       const Toolchain& toolchain, const std::vector<Attempt>& tries,
                                       const std::string& cache, double timeout_s, const Attempt*& done,
                                       const detail::TutorialLaunch* tut = nullptr) {
  const std::string& name = names.front();
  const auto start = std::chrono::steady_clock::now();
  char tmpl[] = "/tmp/tvlab-compile-XXXXXX";
  if (!::mkdtemp(tmpl)) throw SpecError("", "cannot make a temporary directory for the compile");
  const std::string tmp = tmpl;
  struct Cleanup {
    std::string dir;
    ~Cleanup() {
      std::error_code e;
      fs::remove_all(dir, e);
    }
  } cleanup{tmp};
  const std::string program = tmp + "/tvlab_export.cpp", exe = tmp + "/tvlab_export";
  // A local alias is exported from a copy of the file beside the program (its own directory given with -I
  // below, for its quoted includes), with #line naming the file.
  const std::vector<int> local = local_names(file_text, names);
  std::string include = abs_file;
  const std::optional<detail::XeLaunch> launch =
      names.size() == 1 ? launch_named(file_text, name) : std::optional<detail::XeLaunch>();
  if (tut) {
    include = tmp + "/src/" + fs::path(abs_file).filename().string();
    if (!write_atomically(include, detail::tutorial_export_copy(file_text, *tut, abs_file)))
      throw SpecError("", "cannot write the file's copy to " + include);
  } else if (launch) {
    include = tmp + "/src/" + fs::path(abs_file).filename().string();
    if (!write_atomically(include, detail::xe_launch_export_copy(file_text, *launch, abs_file)))
      throw SpecError("", "cannot write the file's copy to " + include);
  } else if (std::any_of(local.begin(), local.end(), [](int l) { return l > 0; })) {
    std::vector<std::string> fulls;
    for (std::size_t i = 0; i < names.size(); ++i)
      if (local[i]) fulls.push_back(names[i]);
    std::string copy;
    try {
      copy = detail::local_export_copy(file_text, fulls, abs_file);
    } catch (const CppConfigError& e) {
      throw SpecError("", file_path + ": line " + std::to_string(e.line()) + ", column " +
                              std::to_string(e.column()) + ": " + e.what());
    }
    include = tmp + "/src/" + fs::path(abs_file).filename().string();
    if (!write_atomically(include, copy)) throw SpecError("", "cannot write the file's copy to " + include);
  }
  if (!write_atomically(program, tut      ? tutorial_program_text(abs_file, include, name, *tut)
                                 : launch ? launch_program_text(abs_file, include, name)
                                          : program_text(abs_file, include, file_text, names, local)))
    throw SpecError("", "cannot write the export program to " + program);
  const std::string header_dir = export_header_dir(cache, tmp);
  std::string failures;
  done = nullptr;
  const auto command = [&](const Attempt& a, const std::string& source, const std::string& out,
                           bool device_pass) {
    std::vector<std::string> argv = {a.cxx};
    argv.insert(argv.end(), a.flags.begin(), a.flags.end());
    if (device_pass) argv.push_back("-ptx");
    argv.push_back("-I" + fs::path(abs_file).parent_path().string());
    argv.push_back("-I" + header_dir);
    for (const std::string& d : toolchain.include_dirs) argv.push_back("-I" + d);
    argv.insert(argv.end(), {source, "-o", out});
    return argv;
  };
  // nvcc's passes split (Attempt::split_passes): one nvcc compiles the program with its text left out of the
  // device pass (host_program), so that its device front end parses nothing but CUDA's own headers; a second
  // one runs only the device pass (-ptx) over the program whole. Each front end sees the translation unit it
  // sees in one nvcc (the host pass has no __CUDA_ARCH__ either way), with every diagnostic; the two run at
  // once (docs/spec.md, "Which compiler"; TVLAB_COMPILE_JOBS=1: one after the other).
  const std::string host_program = tmp + "/tvlab_export_host.cu", device_out = tmp + "/tvlab_export.ptx";
  if (std::any_of(tries.begin(), tries.end(), [](const Attempt& a) { return a.split_passes; }) &&
      !write_atomically(host_program,
                        "// The host pass of tvlab's program; its device pass runs apart (-ptx).\n"
                        "#if !defined(__CUDA_ARCH__)\n#include \"" +
                            json_escape(program) + "\"\n#endif\n"))
    throw SpecError("", "cannot write the export program to " + host_program);
  // One attempt's processes: the compile, or nvcc's host pass and its device pass (split_passes). The device
  // pass starts with the host pass, or after it where TVLAB_COMPILE_JOBS=1 (device_argv until then).
  struct Compile {
    detail::Running host, device;
    std::vector<std::string> device_argv;
    bool split = false;
  };
  const auto start_compile = [&](const Attempt& a, const std::string& out) {
    Compile c;
    c.split = a.split_passes;
    c.host = detail::start_process(command(a, c.split ? host_program : program, out, false));
    if (c.split) c.device_argv = command(a, program, device_out, true);
    if (c.split && !one_job()) c.device = detail::start_process(c.device_argv);
    return c;
  };
  const auto succeeded = [](const detail::ProcessResult& r) {
    return r.started && !r.timed_out && r.exit_code == 0;
  };
  // The compile's result: the host pass's where it failed, else the device pass's (the same compile's
  // diagnostics either way).
  const auto finish_compile = [&](Compile& c, double left) {
    const auto waited = std::chrono::steady_clock::now();
    detail::ProcessResult r = detail::finish_process(c.host, left);
    if (!c.split) return r;
    if (!succeeded(r)) {
      detail::kill_process(c.device);
      return r;
    }
    if (c.device.pid < 0 && c.device.err.empty()) c.device = detail::start_process(c.device_argv);
    left -= std::chrono::duration<double>(std::chrono::steady_clock::now() - waited).count();
    detail::ProcessResult d = detail::finish_process(c.device, left > 0.5 ? left : 0.5);
    return succeeded(d) ? r : d;
  };
  // A CUDA file (concurrent_nvcc): nvcc's compile starts beside the host compiler's, into its own
  // executable. Which one reads the file is decided as before (the host compiler's result first, nvcc's
  // only where it fails), so the answer is that of the compiles one after the other; what changes is the
  // wall time (nvcc does not wait for the host compiler's failure) and, where the host compiler reads the
  // file, the CPU nvcc spent until it was stopped.
  Compile early;
  const Attempt* early_attempt = nullptr;
  const std::string early_exe = exe + "_nvcc";
  if (tries.size() >= 2 && !tries[1].only_after_unknown_option && tries[1].label == "nvcc" &&
      tries[0].label != "nvcc" && concurrent_nvcc(abs_file, file_text)) {
    early_attempt = &tries[1];
    early = start_compile(tries[1], early_exe);
  }
  std::string done_exe = exe;
  bool unknown_option = false;  // the last attempt's compiler did not know one of its options
  for (const Attempt& a : tries) {
    if (a.only_after_unknown_option && !unknown_option) continue;
    unknown_option = false;
    const double left =
        timeout_s - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (left <= 0) break;
    const bool is_early = &a == early_attempt;
    // Beside nvcc, the host compiler stops at its first error (-fmax-errors=1, which clang takes too): on a
    // file it cannot take (a kernel launch in CUTLASS's headers) the rest of its parse is CPU taken from
    // nvcc.
    Attempt host = a;
    if (early_attempt && !is_early && &a == &tries.front()) host.flags.push_back("-fmax-errors=1");
    Compile now;
    if (!is_early) now = start_compile(host, exe);
    const detail::ProcessResult r = finish_compile(is_early ? early : now, left);
    if (!r.started) {
      failures += (failures.empty() ? "" : "; then ") + a.label + ": " + r.err;
      continue;
    }
    if (r.timed_out) {
      failures += (failures.empty() ? "" : "; then ") + a.label + " did not finish within " +
                  std::to_string(static_cast<int>(timeout_s)) + " s (TVLAB_COMPILE_TIMEOUT)";
      break;
    }
    if (r.exit_code != 0) {
      const std::string all = r.err + r.out;
      unknown_option =
          all.find("nvcc fatal") != std::string::npos && all.find("nknown option") != std::string::npos;
      if (unknown_option) continue;  // an older nvcc: the next attempt is the same compile without the option
      const std::string errors = first_errors(r.err + r.out, abs_file, file_path, program, name);
      failures += (failures.empty() ? "" : "; then ") + a.label + ": " + errors;
      // What nvcc would refuse too: the exporter's static_asserts, a NAME that is not a type.
      if (errors.find("tvlab::export_collective:") != std::string::npos ||
          errors.find("tvlab::export_tutorial_gemm:") != std::string::npos ||
          errors.find("tvlab/export.hpp:") != std::string::npos ||
          errors.find("--config " + name + ", column") != std::string::npos)
        break;
      continue;
    }
    done = &a;
    if (is_early) done_exe = early_exe;
    break;
  }
  // The host compiler read it, or the file is refused: nvcc is not needed.
  detail::kill_process(early.host);
  detail::kill_process(early.device);
  if (!done)
    throw SpecError("", "--config " + name + ": cannot compile it with " + file_path + ": " + failures);
  const double left =
      timeout_s - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const detail::ProcessResult run = detail::run_process({done_exe}, left > 1 ? left : 1);
  if (!run.started || run.timed_out || run.exit_code != 0) {
    std::string err = run.err.substr(0, 2000);
    while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
    throw SpecError("", "--config " + name + ": the export program " +
                            (run.timed_out ? std::string("did not finish") : "failed") + ": " + err);
  }
  std::vector<std::string> specs;
  const std::string sep = kSeparator;
  for (std::size_t b = 0;;) {
    const std::size_t e = run.out.find(sep, b);
    specs.push_back(run.out.substr(b, e == std::string::npos ? std::string::npos : e - b));
    if (e == std::string::npos) break;
    b = e + sep.size();
  }
  if (specs.size() != names.size())
    throw SpecError("", "--config " + name + ": the export program wrote " + std::to_string(specs.size()) +
                            " specs for " + std::to_string(names.size()) + " names");
  for (std::size_t i = 0; i < specs.size(); ++i) {
    try {
      (void)read_json_spec(specs[i]);
    } catch (const SpecError& e) {
      throw SpecError("", "--config " + names[i] +
                              ": tvlab/export.hpp wrote a spec the JSON reader refuses (" + e.path() + ": " +
                              e.what() + ")");
    }
  }
  return specs;
}

}  // namespace

namespace {
CompiledConfig compile_one(const std::string& file_path, const std::string& file_text,
                           const std::string& name, const Toolchain& toolchain, double timeout_s,
                           const std::vector<std::string>& also, const detail::TutorialLaunch* tut);
}  // namespace

CompiledConfig compile_config(const std::string& file_path, const std::string& file_text,
                              const std::string& name, const Toolchain& toolchain, double timeout_s,
                              const std::vector<std::string>& also) {
  return compile_one(file_path, file_text, name, toolchain, timeout_s, also, nullptr);
}

namespace {
CompiledConfig compile_one(const std::string& file_path, const std::string& file_text,
                           const std::string& name, const Toolchain& toolchain, double timeout_s,
                           const std::vector<std::string>& also, const detail::TutorialLaunch* tut) {
  if (timeout_s <= 0) timeout_s = compile_timeout_s();
  std::error_code ec;
  const std::string abs_file = fs::absolute(file_path, ec).lexically_normal().string();
  const std::vector<Attempt> tries = attempts(toolchain);
  CompiledConfig c;
  const std::string cache = compiled_cache_dir();
  const std::string key = cache_key(file_text, name, abs_file, toolchain, tries, tut);
  auto cached = [&](const std::string& k) -> std::optional<std::string> {
    if (std::optional<std::string> hit = cache_get(cache, k)) {
      try {
        (void)read_json_spec(*hit);
        return hit;
      } catch (const SpecError&) {
        cache_drop(cache, k);  // corrupt: compiled again
      }
    }
    return std::nullopt;
  };
  if (std::optional<std::string> hit = cached(key)) {
    c.json = *hit;
    c.cached = true;
    std::ifstream in(cache + "/" + key + ".compiler");
    std::getline(in, c.compiler);
    if (c.compiler.empty()) c.compiler = tries.front().label;
    return c;
  }
  // The other configurations of the file that are not cached yet go into the same program: one compile
  // serves them all. Where one of them does not compile, `name` is compiled alone.
  std::vector<std::string> names = {name}, keys = {key};
  for (const std::string& n : tut ? std::vector<std::string>{} : also) {
    const std::string k = cache_key(file_text, n, abs_file, toolchain, tries);
    if (n != name && !cached(k)) names.push_back(n), keys.push_back(k);
  }
  const auto start = std::chrono::steady_clock::now();
  const Attempt* done = nullptr;
  std::vector<std::string> specs;
  try {
    specs =
        compile_batch(file_path, abs_file, file_text, names, toolchain, tries, cache, timeout_s, done, tut);
  } catch (const SpecError&) {
    if (names.size() == 1) throw;
    names.resize(1), keys.resize(1);
    specs = compile_batch(file_path, abs_file, file_text, names, toolchain, tries, cache, timeout_s, done);
  }
  c.compiler = done->label;
  c.json = specs.front();
  c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // A cache that cannot be written is no error: the next run compiles again.
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (cache_put(cache, keys[i], specs[i]) && done != &tries.front())
      write_atomically(cache + "/" + keys[i] + ".compiler", c.compiler + "\n");
  return c;
}
}  // namespace

namespace {
// The toolchain that compiles FILE (its compiler, CuTe's or sycl-tla's headers), or nullopt and why not.
std::optional<Toolchain> toolchain_for(const ReaderChoice& choice, const std::string& file_path,
                                       const std::string& text, std::string& why) {
  std::error_code ec;
  if (!fs::is_regular_file(file_path, ec)) {
    why = file_path + " is not a file the program can #include (standard input is read by the text reader)";
    return std::nullopt;
  }
  return find_toolchain(choice.include_dirs, why, sycl_tla_source(text));
}
}  // namespace

std::optional<CompiledConfig> choose_reader(const ReaderChoice& choice, const std::string& file_path,
                                            const std::string& text, const std::string& config,
                                            const std::vector<CppBinding>& bind, std::string& note) {
  note.clear();
  const std::string& how = choice.reader;
  if (how != "auto" && how != "text" && how != "compiler")
    throw SpecError("", "--reader " + how + ": expected auto, text or compiler");
  const bool cpp = looks_like_cpp(text, file_path) && !looks_like_cute_print(text);
  // A kernel a function launches, written with sycl-tla's CuTe interface (examples/12's MoEGEMMLauncher):
  // only the compiler reads it (detail/cpp_xe_launch.hpp).
  if (const std::optional<detail::XeLaunch> launch = cpp ? launch_named(text, config) : std::nullopt) {
    const std::string what = "--config " + config + ": " + launch->function + " (line " +
                             std::to_string(launch->function_line) + ") launches sycl-tla's " +
                             launch->callee + "<...> (line " + std::to_string(launch->line) + ")";
    if (how == "text")
      throw SpecError("", what +
                              ", which the text reader does not read (its TiledMMA comes from a function "
                              "template, its element types from the callers): read it through the compiler "
                              "(--reader auto or compiler)");
    if (!bind.empty())
      throw SpecError("", what +
                              ": --bind is read by the text reader; the compiler path exports what the "
                              "compiler instantiates");
    std::string why;
    const std::optional<Toolchain> tc = toolchain_for(choice, file_path, text, why);
    if (!tc) throw SpecError("", what + ", which the compiler path reads, but " + why);
    const CompiledConfig c = compile_config(file_path, text, launch->function, *tc);
    std::ostringstream s;
    s.precision(2);
    s << std::fixed << c.seconds;
    note = "tvlab: " + launch->function + " read through " + c.compiler +
           (c.cached ? std::string(" (cached)") : " (compiled in " + s.str() + " s)") +
           "\ntvlab: " + launch->function + ": the spec is the TiledMMA and the A, B, D block 2D copies of " +
           launch->callee + "<...> (line " + std::to_string(launch->line) +
           "), reordered to and from the MMA's fragments; " + detail::xe_launch_not_modelled();
    return c;
  }
  // A host function of CuTe's tutorials (--config gemm_tn, 'gemm_tn<cute::half_t>'): the text reader reads
  // what it passes to its kernel launch; the compiler path exports the launch arguments' types, by the roles
  // the text reader gives them (detail/cpp_tutorial_launch.hpp), under --reader compiler.
  if (cpp && !config.empty() && how != "text") {
    std::optional<detail::TutorialLaunch> tut;
    std::string text_error;
    bool function = false;
    try {
      detail::Reader r(text);
      const std::vector<std::string> all = r.candidates();
      function = r.names_function(config) && std::none_of(all.begin(), all.end(), [&](const std::string& n) {
                   return names_config(n, config);
                 });
      if (function) {
        try {
          (void)r.tutorial(config, {});
        } catch (const SpecError& e) {
          text_error = e.what();
          if (!e.path().empty()) text_error = e.path() + ": " + text_error;
        }
        tut = r.tutorial_launch();
      }
    } catch (const SpecError&) {
      function = false;  // the file's own errors: as before
    }
    // Under auto the text reader reads them: its refusals of the tutorials' forms are CuTe's own
    // static_asserts or forms it names (a copy-only launch's layout), which a compile would not change.
    if (function && how == "compiler") {
      if (!bind.empty())
        throw SpecError("",
                        "--config " + config +
                            ": --bind is read by the text reader (--reader text or auto); the compiler path "
                            "exports the types the launch passes");
      if (!tut) throw SpecError("", text_error);
      const std::string what = "--config " + config + ": " + tut->name + " (line " +
                               std::to_string(tut->line) + ") launches " + tut->kernel + " (line " +
                               std::to_string(tut->launch_line) + ")";
      if (const std::string why = detail::tutorial_launch_unread(*tut); !why.empty())
        throw SpecError("", what + ", which the compiler path does not read: " + why);
      std::string why;
      const std::optional<Toolchain> tc = toolchain_for(choice, file_path, text, why);
      if (!tc) throw SpecError("", what + ", which the compiler path reads, but " + why);
      const CompiledConfig c = compile_one(file_path, text, config, *tc, 0, {}, &*tut);
      std::ostringstream s;
      s.precision(2);
      s << std::fixed << c.seconds;
      note = "tvlab: " + config + " read through " + c.compiler +
             (c.cached ? std::string(" (cached)") : " (compiled in " + s.str() + " s)") +
             (text_error.empty() ? std::string() : "\ntvlab: the text reader refuses it: " + text_error);
      return c;
    }
  }
  if (how == "text" || !cpp) {
    if (choice.told && cpp)
      note = "tvlab: " + (config.empty() ? file_path : config) + " read by the text reader";
    if (how == "compiler")
      throw SpecError("", "--reader compiler reads C++ configurations; " + file_path + " is not C++");
    return std::nullopt;
  }
  if (how == "compiler" && config.empty())
    throw SpecError("",
                    "--reader compiler needs --config NAME (the type to export, e.g. "
                    "ns::CollectiveMainloop or CollectiveBuilder<...>::CollectiveOp)");
  if (how == "compiler" && !bind.empty())
    throw SpecError("",
                    "--bind is read by the text reader (--reader text or auto); the compiler path exports "
                    "the type --config names");
  // The text reader's configurations: one named `config` is read by it (auto), and gives the compiler its
  // qualified name (--config CollectiveMainloop names sm80_f16_tn::CollectiveMainloop).
  std::string name = config, text_error, ambiguous;
  std::vector<std::string> all;
  bool text_reads = false;
  std::optional<detail::LocalAlias> local;
  try {
    detail::Reader r(text);
    std::vector<std::string> matches;
    all = r.candidates();
    for (const std::string& full : all)
      if (names_config(full, config)) matches.push_back(full);
    // A NAME the file declares at global scope (a builder's alias) is that one, though a configuration in a
    // namespace ends with the same name: the text reader reads it only where it is that very name.
    const std::optional<std::vector<std::string>> where = declaring_namespace(text, config);
    const bool global = where && where->empty();
    const bool exact = std::find(matches.begin(), matches.end(), config) != matches.end();
    // A host function of CuTe's tutorials (--config gemm_tn, gemm_tn<cute::half_t>): the text reader reads
    // what it passes to its kernel launch; the compiler has no type to export there.
    text_reads = exact || (!matches.empty() && !global) || (matches.empty() && r.names_function(config));
    if (matches.size() == 1 && !global) name = matches.front();
    // An alias inside a function body (main(), a TEST() body): exported through a copy of the file
    // (detail/cpp_locals.hpp) by its reader's name, TEST#2::CollectiveMainloop. A NAME declared at global
    // scope is that one.
    if (!global && !config.empty()) {
      std::vector<detail::LocalAlias> named;
      for (const detail::LocalAlias& a : r.local_aliases())
        if (detail::names_local(a, config)) named.push_back(a);
      std::vector<std::string> distinct = matches;
      for (const detail::LocalAlias& a : named)
        if (std::find(distinct.begin(), distinct.end(), a.full) == distinct.end()) distinct.push_back(a.full);
      if (!named.empty() && distinct.size() > 1) {
        std::vector<std::pair<int, std::string>> by_line;  // in the order of the file
        for (const std::string& d : distinct) {
          int line = 0;
          for (const detail::LocalAlias& a : named)
            if (a.full == d) line = a.line;
          by_line.push_back({line, d});
        }
        std::stable_sort(by_line.begin(), by_line.end(),
                         [](const auto& x, const auto& y) { return x.first < y.first; });
        for (const auto& [line, d] : by_line)
          ambiguous += (ambiguous.empty() ? "" : ", ") + std::string("--config '") + d + "'" +
                       (line ? " (line " + std::to_string(line) + ")" : std::string());
        ambiguous = "--config " + config + " names " + std::to_string(distinct.size()) +
                    " configurations of " + file_path + ": " + ambiguous + "; give one of them";
      } else if (named.size() == 1) {
        local = named.front();
        name = local->full;
      }
    }
  } catch (const SpecError& e) {
    text_error = e.what();
  }
  if (!ambiguous.empty() && how != "text") throw SpecError("", ambiguous);
  if (local && local->in_template && !(how == "auto" && text_reads))
    throw SpecError("", "--config " + config + ": " + local->full + " (line " + std::to_string(local->line) +
                            ") is declared in the function template " + local->function +
                            ", whose template parameters nothing binds: the compiler path reads the local "
                            "aliases of functions that are not templates");
  // A local configuration the text reader lists but cannot read (CUTLASS's example 50 builds its
  // CollectiveMma in main() with ss_op_selector): auto compiles it.
  if (how == "auto" && local && text_reads && bind.empty()) {
    try {
      (void)load_plans(text, config, file_path, bind);
    } catch (const SpecError&) {
      text_reads = false;
    }
  }
  if (how == "auto" && (config.empty() || !bind.empty() || text_reads)) {
    if (choice.told) note = "tvlab: " + (config.empty() ? file_path : config) + " read by the text reader";
    return std::nullopt;
  }
  std::string why;
  const std::optional<Toolchain> tc = toolchain_for(choice, file_path, text, why);
  if (!tc) {
    if (how == "auto") {
      // The text reader's own error (load_plans throws it), with what would have read the file.
      try {
        (void)load_plans(text, config, file_path, bind);
      } catch (const SpecError& e) {
        throw SpecError(e.path(), std::string(e.what()) + " (the compiler path would read '" + config +
                                      "' as the compiler does, but " + why + ")");
      }
      return std::nullopt;
    }
    throw SpecError("", "--reader compiler: " + why);
  }
  CompiledConfig c;
  try {
    c = compile_config(file_path, text, name, *tc);
  } catch (const SpecError& e) {
    if (how != "auto") throw;
    // A local alias the text reader does not list: its error would be about another thing.
    if (local && std::find(all.begin(), all.end(), local->full) == all.end()) throw;
    // Neither read it: the text reader's error first (a typo in --config reads as before), then the
    // compiler's.
    try {
      (void)load_plans(text, config, file_path, bind);
    } catch (const SpecError& t) {
      throw SpecError(t.path(), std::string(t.what()) + "; nor does the compiler: " + e.what());
    }
    throw;
  }
  std::ostringstream s;
  s.precision(2);
  s << std::fixed << c.seconds;
  note = "tvlab: " + name + " read through " + c.compiler +
         (c.cached ? std::string(" (cached)") : " (compiled in " + s.str() + " s)");
  return c;
}

std::vector<CompiledConfig> compile_all(const ReaderChoice& choice, const std::string& file_path,
                                        const std::string& text, std::string& note) {
  note.clear();
  std::vector<std::string> names;
  {
    detail::Reader r(text);  // its errors are the file's (exit 2)
    names = r.candidates();
  }
  if (names.empty())
    throw SpecError("",
                    "--reader compiler without --config exports the configurations the text reader lists "
                    "(CollectiveMma aliases), and " +
                        file_path + " has none: name the type with --config NAME");
  std::string why;
  const std::optional<Toolchain> tc = find_toolchain(choice.include_dirs, why, sycl_tla_source(text));
  if (!tc) throw SpecError("", "--reader compiler: " + why);
  std::vector<CompiledConfig> out;
  const std::vector<std::string> rest(names.begin() + 1, names.end());
  out.push_back(compile_config(file_path, text, names.front(), *tc, 0, rest));
  for (std::size_t i = 1; i < names.size(); ++i)
    out.push_back(compile_config(file_path, text, names[i], *tc));
  std::ostringstream s;
  s.precision(2);
  s << std::fixed << out.front().seconds;
  note = "tvlab: " + std::to_string(out.size()) + " configuration(s) of " + file_path + " read through " +
         out.front().compiler +
         (out.front().cached ? std::string(" (cached)") : " (compiled in " + s.str() + " s)");
  return out;
}

}  // namespace tvlab
