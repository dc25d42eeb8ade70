// Internal to the readers: a sycl-tla kernel written with its CuTe interface rather than a collective,
// launched from a host function (sycl-tla's examples/12_xe20_moe_gemm_cute_interface: MoEGEMMLauncher's
// kernel lambda calls MoE::MoEGEMM<CopyA, CopyB, CopyD, 'R', 'R', 'R'>(A, B, scales, D, mma, ...)). No text
// reader reads it (its TiledMMA comes from a function template, its element types from the callers'
// DeviceAllocation<T>): the compiler path exports it from a copy of the file in which the launching function
// hands the call's types to the program (compiled_config.cpp; docs/spec.md, "Kernels written with sycl-tla's
// CuTe interface").
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tvlab::detail {

// One call of MoEGEMM<...>(...) in a function body.
struct XeLaunch {
  std::string function;             // the launching function's scope (MoEGEMMLauncher, ns::f)
  std::string callee;               // as written (MoE::MoEGEMM)
  int line = 0, col = 0;            // the callee's name
  int function_line = 0;            // the launching function's name
  std::vector<std::string> targs;   // the template arguments' texts, as written
  std::vector<std::string> args;    // the call arguments' texts, as written
  int stmt_line = 0, stmt_col = 0;  // the statement that holds the call, at the top of the function's body
  int end_line = 0, end_col = 0;    // the function body's closing '}'
  bool in_template = false;         // the launching function is a template (the callers bind it)
};

// The MoEGEMM calls of a text, in the order of the file. CppConfigError where the text does not lex or its
// brackets do not match; one whose template arguments or arguments are not MoEGEMM's (6 template
// arguments, at least 5 arguments) is an error at the call.
std::vector<XeLaunch> xe_launches(std::string_view text);

// The MoEGEMM calls of the functions `config` names (names_xe_launch), in the order of the file: errors as
// xe_launches, a call that is not MoEGEMM's only where such a function makes it (construct
// "MoEGEMM<...>(...)").
std::vector<XeLaunch> xe_launches_of(std::string_view text, const std::string& config);

// Whether `config` (--config) names the function that makes the call: its scope or the scope's tail.
bool names_xe_launch(const XeLaunch& l, const std::string& config);

// The text the compiler path compiles in the file's place: the file with, in place of the statement that
// holds the call, a statement that instantiates the program's hook with the call's types
// (`(void)&::tvlab_local::moe_hook<CopyA, CopyB, CopyD, 'R', 'R', 'R', decltype(mma), decltype(A), ...>::
// registered;`): it registers the exporter wherever the compiler instantiates the function (the callers give
// its template arguments). The rest of the body, that statement included, is left out (blanked, preprocessor
// lines kept: what follows cannot change the types the call names, and the launch, the timing and the
// reference check are not compiled). Lines keep their numbers (`#line 1 "FILE"` first).
std::string xe_launch_export_copy(std::string_view text, const XeLaunch& l, const std::string& file_name);

// The program's parts around the included copy: the hook (before it) and its exporter (after
// tvlab/export.hpp), which writes the spec named `name` through tvlab::export_xe_gemm.
std::string xe_launch_hook_declarations();
std::string xe_launch_hook_definitions(const std::string& name);
// The program's main body: the registered exporter, or exit 4 with a message when the compiler instantiated
// the launching function not once.
std::string xe_launch_main(const std::string& name);

// What of the kernel the spec does not model (said with every read, on stderr, and in the spec's
// description).
std::string xe_launch_not_modelled();

}  // namespace tvlab::detail
