// Internal to the readers: the compiler path's reading of a CuTe tutorial host function (sgemm_sm70.cu's
// gemm_nt, sgemm_sm80.cu's gemm_tn<cute::half_t>, wgmma_sm90.cu, wgmma_tma_sm90.cu). The text reader matches
// the kernel launch's arguments to their roles (Reader::tutorial, TutorialLaunch); the compiler path compiles
// a copy of the file in which the statement holding the launch is replaced by
// `(void)&::tvlab_local::tut_hook<decltype(cta_tiler), decltype(mmaC), decltype(A), ...>::registered;`
// (the rest of the body blanked), whose static member registers an exporter wherever the compiler
// instantiates the function (its callers bind the template arguments; the file's main, renamed, is compiled,
// never run). The exporter (tvlab::export_tutorial_gemm) turns the types into the spec (docs/spec.md,
// "Compiler path: tutorial functions").
#pragma once

#include <string>
#include <string_view>

#include "cpp_reader.hpp"

namespace tvlab::detail {

// The roles' order in the hook's template arguments (export_tutorial_gemm's parameters).
inline constexpr const char* kTutorialSlots[] = {"cta_tile", "mma",   "A.type", "A.gmem", "A.smem",
                                                 "A.g2s",    "A.s2r", "A.tma",  "B.type", "B.gmem",
                                                 "B.smem",   "B.g2s", "B.s2r",  "B.tma"};

// Why the compiler path does not read this launch ("" when it does): a copy-only launch (tiled_copy.cu),
// whose tensors' extents are run-time ints the types do not carry.
std::string tutorial_launch_unread(const TutorialLaunch& l);

// The text the compiler path compiles in the file's place; lines keep their numbers (`#line 1 "FILE"`).
std::string tutorial_export_copy(std::string_view text, const TutorialLaunch& l,
                                 const std::string& file_name);

// The program's parts around the included copy: the hook (before it), its exporter (after tvlab/export.hpp)
// writing the spec named `name`, and main's body: the one instantiation whose A and B element types are the
// ones the text reader bound (l.types), or exit 4 with a message (none, or several different specs).
std::string tutorial_hook_declarations();
std::string tutorial_hook_definitions(const TutorialLaunch& l, const std::string& name);
std::string tutorial_main(const TutorialLaunch& l, const std::string& name);

}  // namespace tvlab::detail
