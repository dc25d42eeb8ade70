// sycl-tla kernels written with its CuTe interface, launched from a host function (examples/12's
// MoEGEMMLauncher): the calls, the copy of the file that hands their types to the compiler path's program,
// and that program's hook (detail/cpp_xe_launch.hpp).
#include "detail/cpp_xe_launch.hpp"

#include <cctype>
#include <string>
#include <vector>

#include "detail/cpp_locals.hpp"
#include "detail/cpp_reader.hpp"

namespace tvlab::detail {

namespace {

std::string trimmed(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  std::string out;
  // One line: a newline inside an argument (a long template argument list) becomes a blank.
  for (char c : s.substr(b, e - b)) out += (c == '\n' || c == '\r') ? ' ' : c;
  return out;
}

// examples/12_xe20_moe_gemm_cute_interface/moe_grouped_gemm.hpp (intel/sycl-tla 6601377d): MoEGEMM<
// GmemTiledCopyA, GmemTiledCopyB, GmemTiledCopyD, LayoutKindA, LayoutKindB, LayoutKindD>(Activations,
// Weights, Scales, Outputs, mma, M_per_group, num_experts, N, K, scheduler_params).
constexpr std::size_t kTargs = 6, kMinArgs = 5;
constexpr std::size_t kArgA = 0, kArgB = 1, kArgD = 3, kArgMma = 4;

}  // namespace

std::vector<XeLaunch> Reader::xe_launches(std::string_view text, const std::string* config) const {
  const std::vector<std::size_t> starts = line_starts(text);
  const auto at = [&](std::size_t k) {
    return starts[static_cast<std::size_t>(t_[k].line)] + static_cast<std::size_t>(t_[k].col - 1);
  };
  const auto slice = [&](std::size_t b, std::size_t e) { return trimmed(text.substr(at(b), at(e) - at(b))); };
  std::vector<XeLaunch> out;
  for (std::size_t i = 0; i + 1 < t_.size(); ++i) {
    if (!(t_[i].kind == Tok::Ident && t_[i].text == "MoEGEMM" && punct(i + 1, "<"))) continue;
    // A declaration (the function template itself) is no call: its name follows a type, not an expression.
    const Function* fn = nullptr;  // the outermost function whose body holds the call
    for (const Function& f : functions_)
      if (f.body_b < i && i < f.body_e && (!fn || f.body_b < fn->body_b)) fn = &f;
    if (!fn) continue;
    std::size_t b = i;
    while (b >= 2 && punct(b - 1, "::") && t_[b - 2].kind == Tok::Ident) b -= 2;
    XeLaunch l;
    l.function = fn->scope, l.function_line = fn->line;
    l.callee = tokens_text(b, i + 1);
    l.line = t_[i].line, l.col = t_[i].col;
    l.in_template = !fn->tparams.empty();
    if (config && !names_xe_launch(l, *config)) continue;
    // The template argument list: commas at its own depth split it.
    int angle = 1;
    std::size_t k = i + 2, start = i + 2;
    for (; k < t_.size() && angle > 0; ++k) {
      if (punct(k, "(") || punct(k, "{") || punct(k, "[")) {
        k = match_[k];
        continue;
      }
      if (punct(k, "<") && t_[k - 1].kind == Tok::Ident) ++angle;
      if (punct(k, ">") && --angle == 0) break;
      if (punct(k, ",") && angle == 1) {
        l.targs.push_back(slice(start, k));
        start = k + 1;
      }
    }
    if (k >= t_.size()) fail_at(t_[i], "MoEGEMM<...>", "the template argument list is never closed");
    l.targs.push_back(slice(start, k));
    if (!punct(k + 1, "(")) continue;  // named, not called
    for (const auto& [ab, ae] : arguments(k + 1)) l.args.push_back(slice(ab, ae));
    if (l.targs.size() != kTargs || l.args.size() < kMinArgs)
      fail_at(
          t_[i], "MoEGEMM<...>(...)",
          "expected sycl-tla's MoE::MoEGEMM<CopyA, CopyB, CopyD, LayoutA, LayoutB, LayoutD>(A, B, scales, "
          "D, mma, ...) (examples/12_xe20_moe_gemm_cute_interface/moe_grouped_gemm.hpp): " +
              std::to_string(l.targs.size()) + " template arguments and " + std::to_string(l.args.size()) +
              " arguments");
    // The statement at the top of the body that holds the call: it starts after the last ';' or '}' of the
    // body's top level before the call.
    std::size_t stmt = fn->body_b + 1;
    for (std::size_t q = fn->body_b + 1; q < i;) {
      const bool group = punct(q, "(") || punct(q, "{") || punct(q, "[");
      if (group && match_[q] > i) break;  // the group holds the call
      const std::size_t last = group ? match_[q] : q;
      if (punct(last, ";") || punct(last, "}")) stmt = last + 1;
      q = last + 1;
    }
    l.stmt_line = t_[stmt].line, l.stmt_col = t_[stmt].col;
    l.end_line = t_[fn->body_e].line, l.end_col = t_[fn->body_e].col;
    out.push_back(std::move(l));
  }
  return out;
}

std::vector<XeLaunch> xe_launches(std::string_view text) {
  return Reader(text).xe_launches(text);
}

std::vector<XeLaunch> xe_launches_of(std::string_view text, const std::string& config) {
  return Reader(text).xe_launches(text, &config);
}

bool names_xe_launch(const XeLaunch& l, const std::string& config) {
  return !config.empty() && (l.function == config || ("::" + l.function).ends_with("::" + config));
}

std::string xe_launch_export_copy(std::string_view text, const XeLaunch& l, const std::string& file_name) {
  const std::vector<std::size_t> starts = line_starts(text);
  const auto offset = [&](int line, int col) {
    return starts[static_cast<std::size_t>(line)] + static_cast<std::size_t>(col - 1);
  };
  const std::size_t stmt = offset(l.stmt_line, l.stmt_col), close = offset(l.end_line, l.end_col);
  std::string hook = " (void)&::tvlab_local::moe_hook<";
  for (const std::string& t : l.targs) hook += t + ", ";
  hook += "decltype(" + l.args[kArgMma] + "), decltype(" + l.args[kArgA] + "), decltype(" + l.args[kArgB] +
          "), decltype(" + l.args[kArgD] + ")>::registered; ";
  std::string out(text);
  blank_keeping_directives(out, stmt, close);
  out.insert(stmt, hook);
  std::string quoted;
  for (char c : file_name) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return "#line 1 \"" + quoted + "\"\n" + out;
}

std::string xe_launch_hook_declarations() {
  // Each instantiation of the launching function instantiates one hook, whose registered member (initialised
  // before main) appends its exporter.
  return "namespace tvlab_local {\n"
         "using launch_fn = void (*)(void*);\n"
         "inline launch_fn launches[16] = {};\n"
         "inline int launch_count = 0;\n"
         "template <class GA, class GB, class GD, char LA, char LB, char LD, class Mma, class PA, class PB, "
         "class PD>\n"
         "struct moe_hook {\n"
         "  static void run(void* os);\n"
         "  static inline const bool registered =\n"
         "      (launch_count < 16 ? (void)(launches[launch_count] = &moe_hook::run) : (void)0, "
         "++launch_count, "
         "true);\n"
         "};\n"
         "}\n";
}

std::string xe_launch_not_modelled() {
  return "not modelled (nothing checks them): MoE's grouped scheduling (PersistentTileSchedulerXeMoE: which "
         "work-group computes which expert's tiles, M per expert read at run time), the tiles at an expert's "
         "M "
         "edge (left to the block 2D hardware's bounds), the block 2D run-time rules of the global tensors "
         "(width, height, pitch, base: their extents are run-time values), the prefetch distance (3) and the "
         "k-loop's barriers, and the Scales argument (MoEGEMM hands it to no copy)";
}

std::string xe_launch_hook_definitions(const std::string& name) {
  std::string quoted, what;
  for (char c : name) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  for (char c :
       "examples/12's MoE::MoEGEMM kernel (moe_gemm: get_block_2d_copy_{A,B,D}<Op>(mma, tensor), "
       "reorder, cute::gemm); " +
           xe_launch_not_modelled()) {
    if (c == '"' || c == '\\') what += '\\';
    if (c) what += c;
  }
  // The tensors MoEGEMM builds (moe_grouped_gemm.hpp): make_moe_tensor<T, Kind>(ptr, rows, cols) of A (M,K)
  // with LayoutKindA, B (N,K) with actual_layout_of_B = LayoutKindB ^ ('R' ^ 'C'), D (M,N) with LayoutKindD;
  // their layouts' types are the example's own. moe_gemm's own condition (16-bit floating-point A and B) is
  // checked by naming the call it makes (overload resolution, as the device pass does).
  return "namespace tvlab_local {\n"
         "template <class GA, class GB, class GD, char LA, char LB, char LD, class Mma, class PA, class PB, "
         "class PD>\n"
         "void moe_hook<GA, GB, GD, LA, LB, LD, Mma, PA, PB, PD>::run(void* os) {\n"
         "  using M = std::decay_t<Mma>;\n"
         "  using EA = std::remove_cv_t<std::remove_pointer_t<std::decay_t<PA>>>;\n"
         "  using EB = std::remove_cv_t<std::remove_pointer_t<std::decay_t<PB>>>;\n"
         "  using ED = std::remove_cv_t<std::remove_pointer_t<std::decay_t<PD>>>;\n"
         "  constexpr char kind_b = LB ^ ('R' ^ 'C');\n"
         "  using TA = decltype(MoE::make_moe_tensor<EA, LA>(nullptr, 0, 0));\n"
         "  using TB = decltype(MoE::make_moe_tensor<EB, kind_b>(nullptr, 0, 0));\n"
         "  using TD = decltype(MoE::make_moe_tensor<ED, LD>(nullptr, 0, 0));\n"
         "  using called = decltype(MoE::moe_gemm<GA, GB, GD>(std::declval<TA const&>(), "
         "std::declval<TB const&>(), std::declval<TD&>(), std::declval<cute::Coord<int, int, "
         "cute::Underscore, "
         "int>>(), std::declval<M const&>()));\n"
         "  static_assert(std::is_void_v<called>);\n"
         "  ::tvlab::export_xe_gemm<M, EA, typename TA::layout_type, GA, EB, typename TB::layout_type, GB, "
         "ED, "
         "typename TD::layout_type, GD>(*static_cast<std::ostream*>(os), \"" +
         quoted + "\", \"" + what +
         "\");\n"
         "}\n"
         "}\n";
}

std::string xe_launch_main(const std::string& name) {
  std::string quoted;
  for (char c : name) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return "  if (tvlab_local::launch_count != 1) {\n"
         "    std::cerr << \"tvlab: " +
         quoted +
         ": the compiler instantiated it \" << tvlab_local::launch_count << \" times (\" << "
         "(tvlab_local::launch_count == 0 ? \"nothing in the file calls it: its template arguments are "
         "unbound\" : \"once for each set of template arguments its callers give; tvlab reads one\") << "
         "\")\\n\";\n"
         "    return 4;\n"
         "  }\n"
         "  tvlab_local::launches[0](&std::cout);\n";
}

}  // namespace tvlab::detail
