// Internal to the C++ configuration reader (cpp_config.cpp): the reader of a text's declarations and of the
// values they evaluate to. One class; its members are defined by concept: cpp_declarations.cpp (the
// declarations of a text and their scopes), cpp_eval.cpp (evaluating CuTe expressions), cpp_notation.cpp
// (nodes spelled as core notation and registry names), cpp_collective.cpp (CollectiveMma declarations),
// cpp_bindings.cpp (--bind) and cpp_tutorial.cpp (a host function's kernel launch: --config FUNCTION).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cpp_lexer.hpp"
#include "cpp_locals.hpp"
#include "cpp_syntax.hpp"
#include "cpp_values.hpp"
#include "cpp_xe_launch.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"

namespace tvlab::detail {

struct Decl {
  std::string scope;  // enclosing scopes joined by ::, "" at file scope
  std::string name;
  std::size_t type_b = 0, type_e = 0;  // the declared type (variables)
  std::size_t init_b = 0, init_e = 0;  // the initialiser, or the type when there is none
  int line = 0, col = 0;
  bool template_param = false;
  bool user_template = false;
  bool runtime = false;  // a function parameter: known only when the kernel runs
  std::string full() const { return scope.empty() ? name : scope + "::" + name; }
};

// A function parameter: its name and declared type's tokens [type_b, type_e).
struct FnParam {
  std::string name;
  std::size_t type_b = 0, type_e = 0;
  int line = 0, col = 0;
};

// A function with a body (cpp_declarations.cpp records them): a host function of CuTe's tutorials or a
// __global__ kernel.
struct Function {
  std::string name;   // as declared (gemm_tn)
  std::string outer;  // the enclosing scope ("" at file scope)
  std::string scope;  // the scope of its declarations: outer::name, or outer::name#2 for a second overload
  std::vector<std::string> tparams;
  std::vector<FnParam> params;
  std::size_t body_b = 0, body_e = 0;  // '{' and '}'
  int line = 0, col = 0;
  bool global = false;  // __global__: a kernel
};

// A host function's kernel launch as the text reader read it (Reader::tutorial): where the statement that
// holds the launch is, and which expression of the function's scope plays which role of the configuration
// (cta_tile, mma, A.type, A.gmem, A.smem, A.g2s, A.s2r, A.tma, likewise B; for a copy-only launch: src, dst,
// copy). The compiler path hands decltype of each to its hook (detail/cpp_tutorial_launch.hpp).
struct TutorialLaunch {
  std::string spec;                     // --config as given
  std::string function;                 // the host function's scope
  std::string name;                     // its name as declared (gemm_nt)
  int line = 0, col = 0;                // the function's name
  std::string kernel;                   // the launched kernel's name
  int launch_line = 0, launch_col = 0;  // the launch's first argument
  int stmt_line = 0, stmt_col = 0;      // the statement at the top of the body that holds the launch
  int end_line = 0, end_col = 0;        // the body's closing '}'
  bool copy_only = false;               // tiled_copy.cu's form
  std::vector<std::pair<std::string, std::string>> roles;  // key, C++ expression in the function's scope
  std::vector<std::string> types;  // A's and B's element types (tvlab's names) the text reader bound
};

class Reader {
 public:
  // Lexes the text, matches its brackets and records its declarations (cpp_declarations.cpp).
  explicit Reader(std::string_view text);

  // Whether the text holds no token (only whitespace, comments and preprocessor lines).
  bool empty() const { return t_.size() == 1; }

  // Configurations (cpp_collective.cpp).
  // The declarations whose value is a CollectiveMma: the configurations, in order.
  std::vector<std::string> candidates() const;

  // The configuration `full` names (a CollectiveMma), with its KernelConfig and origins.
  CppConfig config(const std::string& full);

  // Bindings (cpp_bindings.cpp).
  // A configuration without a collective (CuTe's tutorials): the user names what forms it, KEY=EXPR, each
  // EXPR C++ read in `scope` (a function or namespace, "" for the file).
  CppConfig bound(const std::vector<CppBinding>& binds);

  // What a collective leaves to run time, bound on top of it: --bind A.alignment=EXPR (AlignmentX is not a
  // CollectiveMma argument), an integer, and --bind problem=EXPR (GemmUniversal's problem shape, e.g.
  // make_shape(4096, 4096, 4096, 1)), read in the collective's scope (kAlignmentA of its namespace).
  void add_completions(CppConfig& cfg, const std::vector<CppBinding>& binds);

  // What the text holds when it holds no configuration: a sentence for "no configuration found" naming
  // what was found instead (a CollectiveBuilder, a template, a function, a TEST body) and the flag that
  // reads it where there is one (cpp_collective.cpp).
  std::string found_instead() const;
  // Whether token i names a mainloop's CollectiveBuilder (not the epilogue's), and the lines of all of them.
  bool mainloop_builder(std::size_t i) const;
  std::vector<int> mainloop_builder_lines() const;

  // Local aliases (cpp_locals.cpp): type aliases inside function bodies, and the copy of the text that
  // exports some of them through the compiler (detail/cpp_locals.hpp).
  std::vector<LocalAlias> local_aliases() const;
  std::string local_export_copy(std::string_view text, const std::vector<std::string>& fulls,
                                const std::string& file_name) const;

  // sycl-tla kernels written with its CuTe interface (cpp_xe_launch.cpp): the MoEGEMM<...>(...) calls of the
  // text (detail/cpp_xe_launch.hpp); `text` is the text the reader was made from. With `config`, only the
  // calls of the functions it names (names_xe_launch): a malformed call elsewhere is no error.
  std::vector<XeLaunch> xe_launches(std::string_view text, const std::string* config = nullptr) const;

  // Tutorial functions (cpp_tutorial.cpp).
  // Whether `spec` (--config NAME or NAME<T, ...>) names a host function of the text.
  bool names_function(const std::string& spec) const;
  // The configuration a host function passes to its kernel launch, the function chosen by name and, where
  // overloaded or a template, by the element types of its pointer parameters (NAME<TA, TB, TC>) or its
  // callers; `user` binds (--bind KEY=EXPR) override what the launch gives.
  CppConfig tutorial(const std::string& spec, const std::vector<CppBinding>& user);
  // The launch the last tutorial() call read (set once the launch's arguments are matched to their roles,
  // before their values are evaluated into the configuration); nullopt before.
  const std::optional<TutorialLaunch>& tutorial_launch() const { return tutorial_launch_; }

  // A problem shape (M, N, K[, L]): make_shape(...), Shape<...>, a tuple of integers.
  std::vector<int64_t> problem_shape(const Node& n, const std::string& scope, const std::string& construct);

  // Expressions (cpp_eval.cpp).
  // A C++ expression whose value is a TiledMMA (TiledMMA<...>, make_tiled_mma(...),
  // TiledMMAHelper<...>::TiledMMA, decltype(...)), as the configuration's mma; nullopt when the text does not
  // start so.
  std::optional<MmaConfig> tiled_mma_expression();
  // A C++ expression whose value is a TiledCopy (TiledCopy<Copy_Atom<Op, T>, TV, Tiler> as compilers spell
  // it, make_tiled_copy(...)): the copy with its value type; nullopt when the text does not start so.
  std::optional<CopyConfig> tiled_copy_expression();

 private:
  std::optional<TutorialLaunch> tutorial_launch_;
  // The statement at the top of f's body that holds token k: its first token.
  std::size_t top_statement(const Function& f, std::size_t k) const;
  // A pasted expression whose head (past typename, decltype and parentheses) is one of `heads`: its value
  // (head and node set for errors); nullopt for another head.
  std::optional<CVal> pasted_expression(std::initializer_list<std::string_view> heads, std::string& head,
                                        Node& node);
  std::vector<Tok> t_;
  std::vector<std::size_t> match_;
  std::map<std::string, std::vector<Decl>> decls_;
  std::vector<std::string> order_;
  std::vector<Function> functions_;
  std::map<std::string, CVal> memo_;
  std::set<std::string> active_;
  int depth_ = 0;
  bool allow_runtime_ = false;  // inside make_stride / Stride: a run-time mode is a dynamic stride
  // Tuple aliases (Shape, Stride, Step, Coord, Tile) spelled cute::tuple, as the compiler sees them: set
  // while a layout is read again after core's notation refused an alias in another alias's place.
  bool canonical_tuples_ = false;
  // Template parameters bound by --bind NAME=TYPE (their full names), read where they are used.
  std::map<std::string, CppBinding> bound_params_;

  [[noreturn]] void fail_at(const Tok& k, const std::string& construct, const std::string& why) const {
    throw CppConfigError(k.line, k.col, construct, why);
  }
  [[noreturn]] static void fail(const Node& n, const std::string& construct, const std::string& why) {
    throw CppConfigError(n.line, n.col, construct, why);
  }

  bool punct(std::size_t i, const char* p) const { return t_[i].kind == Tok::Punct && t_[i].text == p; }
  bool ident(std::size_t i, const char* p) const { return t_[i].kind == Tok::Ident && t_[i].text == p; }

  // ------------------------------------------------------------------ declarations (cpp_declarations.cpp)

  void match_brackets();

  void add(Decl d);

  // The template parameters of `template <...>` starting at i ('<'): their names; returns the index after
  // '>'.
  std::size_t template_params(std::size_t i, std::size_t end,
                              std::vector<std::pair<std::string, std::size_t>>& names);

  // Declarations of the token range [b, e) in `scope`.
  void scan(std::size_t b, std::size_t e, const std::string& scope);

  // The parameters of the function whose header is [b, body): run-time values in its scope.
  std::vector<FnParam> function_params(std::size_t b, std::size_t body, const std::string& scope);

  std::size_t skip_statement(std::size_t i, std::size_t e);

  // using X = T; typedef T X; [specifiers] TYPE NAME = INIT; TYPE NAME{...}; TYPE NAME;
  void declaration(std::size_t b, std::size_t e, const std::string& scope);

  // The declaration a name refers to from `scope` (innermost scope first), or nullptr.
  const Decl* lookup(const std::string& name, const std::string& scope, std::string* full = nullptr) const;

  CVal eval_decl(const std::string& full);

  // Whether tokens [b, e) name an integer type (int, unsigned long, std::int64_t, size_t...): its name, its
  // width (0 for one narrower than int) and signedness.
  bool integer_type(std::size_t b, std::size_t e, std::string& name, int& bits, bool& is_unsigned) const;

  // ------------------------------------------------------------------ evaluation (cpp_eval.cpp)

  std::optional<CType> type_named(const std::string& q) const;

  int64_t as_int(const Node& n, const std::string& scope, const std::string& what);
  // An integer with its C++ type (detail/cpp_integers.hpp).
  CInt as_cint(const Node& n, const std::string& scope, const std::string& what);
  // An integer literal's value and type.
  static CInt literal(const Node& n);

  std::vector<Node> args_of(const Node& n, std::size_t want_min, std::size_t want_max, const char* form);
  void want_targs(const Node& n, std::size_t lo, std::size_t hi, const char* form);

  CMmaAtom mma_atom_of(const Node& n, const std::string& scope);
  CCopyAtom copy_atom_of(const Node& n, const std::string& scope);
  std::string core_text(const Node& n, const std::string& scope, bool want_layout);

  CVal apply_members(const Node& n, CVal v);

  CVal eval(const Node& n, const std::string& scope);
  // eval's parts (cpp_eval.cpp says why it is split): a name is read by the builtin its last component b
  // names, else by its form (eval_other).
  CVal eval_arithmetic(const Node& n, const std::string& scope);
  CVal eval_name(const Node& n, const std::string& scope);
  using Builtin = CVal (Reader::*)(const Node& n, const std::string& scope, const std::string& b);
  static Builtin builtin(const Node& n, const std::string& b);
  CVal eval_other(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_decltype(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_void(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_mma_atom(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_copy_atom(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_tiled_mma(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_make_tiled_copy(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_make_tiled_copy_x(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_printed_tiled_copy(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_policy(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_sm90_policy(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_tiled_mma_helper(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_tag_to_stride(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_tag(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_identity(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_sizeof_bits(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_size_of(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_collective(const Node& n, const std::string& scope, const std::string& b);
  std::optional<CVal> eval_mixed_tuple(const Node& n, const std::string& scope);
  std::optional<CVal> eval_stride(const Node& n, const std::string& scope, const std::string& b);
  std::optional<CVal> eval_op(const Node& n, const std::string& scope, const std::string& b);
  CVal eval_notation(const Node& n, const std::string& scope);

  // The op an atom wrapper names: a declared alias, or an op of the registry; an unknown op is an error with
  // the registry's closest names.
  CVal op_value(const Node& op, const std::string& scope, bool mma);

  // Op itself for Traits<Op> (MMA_Traits, Copy_Traits), else the node.
  static const Node& unwrap(const Node& op, const char* traits);

  bool eval_is_one(const Node& a, const std::string& scope);

  // An op of tvlab's registry (SM80_16x8x16_F32F16F16F32_TN, SM80_CP_ASYNC_CACHEALWAYS<uint128_t>): nullopt
  // when no atom family has the name; a family's refusal of the parameters is an error at n.
  static std::optional<CVal> atom_op(const std::string& op, const Node& n);

  // ------------------------------------------------------------------ spelling (cpp_notation.cpp)

  // The text of an op or type as tvlab's registry names it: namespaces dropped, aliases resolved.
  std::string op_text(const Node& n, const std::string& scope);

  // Core notation for a layout-valued node: declared names replaced by their values' notation.
  std::string render(const Node& n, const std::string& scope);

  std::string cpp_tuple(const IntTuple& t) const;

  // Whether a name is one of CuTe's aliases of cute::tuple (Shape, Stride, Step, Coord, Tile) or tuple.
  static bool tuple_alias(const std::string& base);

  std::string render_members(const Node& n, const CVal& v);

  // ------------------------------------------------------------------ --bind (cpp_bindings.cpp)

  // The value of a --bind KEY=EXPR parsed (its tokens' lines offset so that errors are told apart from the
  // file's); a CppConfigError at the bind's text when it does not parse.
  Node bind_node(const CppBinding& b);
  // An error met reading a --bind's value: at the bind's text and key when it is there, else at the file's
  // line and column, saying which bind read it.
  static CppConfigError rebind(const CppBinding& b, const CppConfigError& e);
  // Binds naming a template parameter seen from `scope` (--bind TA=half_t) into bound_params_; the others
  // into *rest.
  void bind_template_params(const std::vector<CppBinding>& binds, const std::string& scope,
                            std::vector<CppBinding>* rest);
  static bool known_bind_key(const std::string& k);
  // The spec path a --bind key sets (A.g2s: operands.A.smem.g2s).
  static std::string origin_path(const std::string& k);

  // ------------------------------------------------------------------ tutorial functions (cpp_tutorial.cpp)

  // Tokens [b, e) as C++ text (re-lexed by --bind's reader).
  std::string tokens_text(std::size_t b, std::size_t e) const;
  // The arguments of a parenthesised list ('(' at open): token ranges, split at commas outside brackets and
  // template argument lists.
  std::vector<std::pair<std::size_t, std::size_t>> arguments(std::size_t open) const;
  // The kernel launch of a host function: the __global__ function and the launch's arguments (kernel null
  // when there is none); an error when a launch's argument count is not the kernel's.
  void launch_of(const Function& f, const Function*& kernel,
                 std::vector<std::pair<std::size_t, std::size_t>>& args) const;
  // A copy-only launch (CuTe's tiled_copy.cu: copy_kernel_vectorized<<<...>>>(tiled_tensor_S,
  // tiled_tensor_D, tiled_copy)): the kernel's body checked for the form it reads, and the tensors' and the
  // TiledCopy's declarations in f read into a standalone copy with "block" (cpp_tutorial.cpp).
  CppConfig copy_launch(const Function& f, const Function& kernel,
                        const std::vector<std::pair<std::size_t, std::size_t>>& args,
                        const std::string& spec);
  // The element type of a pointer parameter's type tokens (TA const*: TA), empty when not a pointer.
  std::string pointee(const FnParam& p) const;
  // The element type the caller passes at argument [b, e) of a call in `caller`: a type's registry name, ""
  // when it cannot be told (depth: callers followed so far).
  std::string argument_type(std::size_t b, std::size_t e, const Function& caller, int depth);
  // The types the text's calls of `f` give its template parameter `param` (through its pointer parameter
  // `index`), "" when a call does not tell; every call's.
  std::vector<std::string> caller_types(const Function& f, std::size_t index, int depth);

  // ------------------------------------------------------------------ CollectiveMma (cpp_collective.cpp)

  // CollectiveMma<DispatchPolicy, TileShape, ElementA, StrideA, ElementB, StrideB, TiledMma, GmemTiledCopyA,
  // SmemLayoutAtomA, SmemCopyAtomA, TransformA, GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, TransformB>.
  std::shared_ptr<CCollective> collective(const Node& n, const std::string& scope);

  // The kernel's epilogue: the alias CollectiveEpilogue declared in `scope` (the collective's), as the
  // kernel's epilogue (spec path "epilogue": DefaultEpilogue, Sm90TmaWarpSpecializedAdapter<...>,
  // collective::Epilogue (Sm70EpilogueVectorized), CollectiveEpilogue<Sm90TmaWarpSpecialized<...>, ...>);
  // nullopt when there is none or CUTLASS's CollectiveBuilder picks it (the budget is then the mainloop's).
  std::optional<EpilogueConfig> epilogue(const std::string& scope, std::vector<CppOrigin>& origins);
};

}  // namespace tvlab::detail
