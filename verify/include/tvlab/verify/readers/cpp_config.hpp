// The configuration reader: CuTe / CUTLASS / sycl-tla configurations read from C++ as kernels write them,
// turned into the typed kernel configuration (model/kernel_config.hpp) that the JSON reader builds.
//
//   using TileShape = Shape<_128,_128,_32>;
//   using TiledMma  = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_2,_2,_1>>,
//   Tile<_32,_32,_16>>; using SmemLayoutAtomA = decltype(composition(Swizzle<2,3,3>{},
//   Layout<Shape<_8,_32>,Stride<_32,_1>>{})); using GmemTiledCopyA  =
//   decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
//                                                    Layout<Shape<_32,_4>,Stride<_4,_1>>{},
//                                                    Layout<Shape<_1,_8>>{}));
//   using Mainloop = cutlass::gemm::collective::CollectiveMma<MainloopSm80CpAsync<3>, TileShape,
//       half_t, TagToStrideA_t<layout::RowMajor>, half_t, TagToStrideB_t<layout::ColumnMajor>, TiledMma,
//       GmemTiledCopyA, SmemLayoutAtomA, Copy_Atom<SM75_U32x4_LDSM_N, half_t>, cute::identity, ...>;
//
// read_cpp_configs() finds every CollectiveMma (one configuration each, named by its alias) and returns its
// KernelConfig: kernel.cta_tile, stages, mainloop, mma, operands A and B {type, gmem, smem {atom, g2s, s2r}}
// (the keys of docs/spec.md), which build_plan() builds exactly as it builds a JSON spec's.
//
// It is a configuration reader, not a C++ compiler. It reads: `using X = T;` and `typedef T X;`, variables
// (`constexpr int N = 8;`, `auto sA = ...;`, `TiledCopy copyA = ...;`, `TiledMMA mma = ...;`), namespaces and
// non-template structs as scopes (`typename Cfg::TiledMma`), function bodies (their declarations),
// `decltype`, `cute::` / `cutlass::` qualifiers, integer arithmetic on constants and `sizeof_bits<T>::value`,
// CuTe's layout notation in C++ (Shape, Stride, Layout, Tile, Swizzle, Int<N>, _8, C<8>, cute::tuple<...>,
// composition, tile_to_shape, make_layout, ...), MMA_Atom<Op>, Copy_Atom<Op, T>, TiledMMA<Atom, Layout,
// Tile>, make_tiled_mma, make_tiled_copy, make_tiled_copy_A/B/C, TiledMMAHelper<...>::TiledMMA, RowMajor /
// ColumnMajor, TagToStrideA/B/C_t, explicit Stride<int64_t, _1, int64_t> strides, the dispatch policies
// MainloopSm80CpAsync<S> / MainloopSm80CpAsyncUnpredicated<S> and CollectiveMma<...> with its member types.
// `#include` and other preprocessor lines, `using namespace`, comments and statements it does not need are
// skipped. A declaration it needs but cannot read (a template parameter, a run-time value, a user template,
// an unknown name) is a CppConfigError naming the line, column and construct: never a guess.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tvlab/verify/model/kernel_config.hpp"
#include "tvlab/verify/model/plan.hpp"
#include "tvlab/verify/model/spec_error.hpp"

namespace tvlab {

// A problem in C++ input, at a 1-based line and column; path() is "line L, column C".
class CppConfigError : public SpecError {
 public:
  CppConfigError(int line, int column, const std::string& construct, const std::string& why);
  // A problem in the text of a --bind KEY=EXPR, at a 1-based column of EXPR: path() is
  // "--bind KEY=EXPR, column C" (EXPR shortened past 60 characters), line() is 0.
  static CppConfigError in_bind(const std::string& key, const std::string& expr, int column,
                                const std::string& why);
  int line() const { return line_; }
  int column() const { return column_; }
  const std::string& construct() const { return construct_; }

 private:
  int line_, column_;
  std::string construct_;
};

// Where a part of a configuration came from in the C++ text.
struct CppOrigin {
  std::string spec_path;  // the part's spec path (docs/spec.md), e.g. "operands.A.smem.atom"
  int line = 0, column = 0;
  std::string construct;  // e.g. "SmemLayoutAtomA"
  std::string bind_expr;  // a --bind's value (line 0): construct is "--bind KEY"
};

struct CppConfig {
  std::string name;  // the alias or variable that declares it, with its scopes: sm80_f16_tn::Mainloop
  int line = 0, column = 0;
  KernelConfig config;  // config.name is `name`
  std::vector<CppOrigin> origins;
};

// Every configuration of the text, in order. CppConfigError on text it cannot read (binary data, unbalanced
// brackets, nesting deeper than kMaxCppNesting) or on a configuration's declaration it cannot evaluate.
inline constexpr int kMaxCppNesting = 256;
std::vector<CppConfig> read_cpp_configs(std::string_view text);

// build_plan(config.config), its SpecErrors rethrown as CppConfigErrors at the C++ that produced the key.
Plan build_plan_from_cpp(const CppConfig& config);

// A TiledMMA written as one C++ expression, as CuTe prints or kernels declare it: TiledMMA<MMA_Atom<Op>,
// Layout<...>, Tile<...>>, make_tiled_mma(Op{}, ...), TiledMMAHelper<...>::TiledMMA; nullopt when the text
// does not start with one of them; CppConfigError when it does and cannot be read.
std::optional<TiledMMA> read_cpp_tiled_mma(std::string_view text);

// A TiledCopy written as one C++ expression: as compilers spell its type, TiledCopy<Copy_Atom<Op, T>,
// LayoutCopy_TV, ShapeTiler_MN> (g++'s __PRETTY_FUNCTION__, nvcc's messages), or
// make_tiled_copy(Copy_Atom<Op, T>{}, thr, val); nullopt when the text does not start with one of them;
// CppConfigError when it does and cannot be read.
std::optional<TiledCopy> read_cpp_tiled_copy(std::string_view text);

// True when the file name ends as a C++ source or header does (.hpp, .h, .cpp, .cu, .cuh, .cc, ...).
bool cpp_file_name(std::string_view file_name);

// True when the text is C++, not JSON: its file name (if given) does not end in .json and either ends as C++
// (cpp_file_name) or the text's first non-blank character is neither '{' nor '['.
bool looks_like_cpp(std::string_view text, std::string_view file_name = "");

// One KEY=EXPR of a configuration that no collective declares (CuTe's tutorials: local variables of a host
// function): scope=gemm_tn (where the names are looked up), name, cta_tile, stages, mainloop, mma, and per
// operand A.type, A.gmem (make_stride(ldA, Int<1>{}), TagToStrideA_t<...>, RowMajor), A.alignment, A.smem (an
// (m,k) or (m,k,stage) layout), A.atom (an SmemLayoutAtom), A.g2s (make_tiled_copy), A.s2r (Copy_Atom or
// make_tiled_copy_A); likewise B. Each EXPR is C++ of the subset above. Bindings of A.alignment / B.alignment
// alone complete the file's collectives instead (AlignmentX is not a CollectiveMma argument), each EXPR read
// in the collective's scope.
// A KEY naming a template parameter of the scope (--bind TA=half_t) binds it: its uses in the scope's
// declarations read EXPR. Errors in an EXPR are CppConfigError::in_bind (the bind's text and column); errors
// in a declaration of the text that EXPR names keep the text's line and column.
struct CppBinding {
  std::string key, expr;
};
// "KEY=EXPR" texts (--bind) as bindings; a SpecError naming the text when one has no '='.
std::vector<CppBinding> parse_bindings(const std::vector<std::string>& texts);

// The plans of a spec text, JSON or C++ (every configuration, or the one named `only`; an unknown name is a
// SpecError listing the names), each with its name ("" for JSON).
struct NamedPlan {
  std::string config;
  Plan plan;
};
std::vector<NamedPlan> load_plans(const std::string& text, const std::string& only = "",
                                  std::string_view file_name = "", const std::vector<CppBinding>& bind = {});
// The one plan of a spec text: as load_plans, and a SpecError naming the configurations when the text holds
// several and `only` names none.
Plan load_plan(const std::string& text, const std::string& only = "", std::string_view file_name = "",
               const std::vector<CppBinding>& bind = {});

// What a C++ text holds that the text reader does not read beside the configurations it does: a sentence
// naming the mainloop CollectiveBuilders and their lines ("" when there are none, or the text is not C++).
// verify without --config says it, so a file's "passed" is never read as covering them.
std::string unread_beside_configs(const std::string& text, std::string_view file_name);

}  // namespace tvlab
