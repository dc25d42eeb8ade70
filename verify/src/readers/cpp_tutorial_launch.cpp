// CuTe tutorial host functions through the compiler (detail/cpp_tutorial_launch.hpp).
#include "detail/cpp_tutorial_launch.hpp"

#include <string>
#include <vector>

#include "detail/cpp_locals.hpp"

namespace tvlab::detail {

namespace {

std::string quoted(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string role(const TutorialLaunch& l, const std::string& key) {
  for (const auto& [k, e] : l.roles)
    if (k == key) return e;
  return "";
}

}  // namespace

std::string tutorial_launch_unread(const TutorialLaunch& l) {
  if (l.copy_only)
    return l.name + " launches " + l.kernel +
           " (a copy-only launch): its tensors' extents (make_layout(make_shape(m, n))) are run-time ints, "
           "which the compiler's types do not carry (Layout<Shape<int, int>, ...>); only the TiledCopy and "
           "the "
           "block shape are types. The text reader reads it (--reader text or auto)";
  if (role(l, "cta_tile").empty() || role(l, "mma").empty() || role(l, "A.type").empty() ||
      role(l, "B.type").empty())
    return l.name + "'s " + l.kernel +
           " launch: the text reader found no CTA tiler, TiledMMA or A / B pointer among its arguments";
  return "";
}

std::string tutorial_export_copy(std::string_view text, const TutorialLaunch& l,
                                 const std::string& file_name) {
  const std::vector<std::size_t> starts = line_starts(text);
  const auto offset = [&](int line, int col) {
    return starts[static_cast<std::size_t>(line)] + static_cast<std::size_t>(col - 1);
  };
  const std::size_t stmt = offset(l.stmt_line, l.stmt_col), close = offset(l.end_line, l.end_col);
  std::string hook = " (void)&::tvlab_local::tut_hook<";
  bool first = true;
  for (const char* slot : kTutorialSlots) {
    const std::string e = role(l, slot);
    hook += (first ? "" : ", ") + (e.empty() ? std::string("void") : "decltype(" + e + ")");
    first = false;
  }
  hook += ">::registered; ";
  std::string out(text);
  blank_keeping_directives(out, stmt, close);
  out.insert(stmt, hook);
  return "#line 1 \"" + quoted(file_name) + "\"\n" + out;
}

std::string tutorial_hook_declarations() {
  return "namespace tvlab_local {\n"
         "using tut_fn = void (*)(void*);\n"
         "using tut_types_fn = std::string (*)();\n"
         "inline tut_fn tut_runs[16] = {};\n"
         "inline tut_types_fn tut_types[16] = {};\n"
         "inline int tut_count = 0;\n"
         "template <class... Ts>\n"
         "struct tut_hook {\n"
         "  static void run(void* os);\n"
         "  static std::string types();\n"
         "  static inline const bool registered =\n"
         "      (tut_count < 16 ? (void)(tut_runs[tut_count] = &tut_hook::run, tut_types[tut_count] = "
         "&tut_hook::types) : (void)0, ++tut_count, true);\n"
         "};\n"
         "}\n";
}

std::string tutorial_hook_definitions(const TutorialLaunch& l, const std::string& name) {
  const std::string what = l.name + "'s " + l.kernel + " launch (line " + std::to_string(l.launch_line) +
                           "), its arguments' types by the roles the text reader gives them";
  return "namespace tvlab_local {\n"
         "template <class... Ts>\n"
         "void tut_hook<Ts...>::run(void* os) {\n"
         "  ::tvlab::export_tutorial_gemm<Ts...>(*static_cast<std::ostream*>(os), \"" +
         quoted(name) + "\", \"" + quoted(what) +
         "\");\n"
         "}\n"
         "template <class... Ts>\n"
         "std::string tut_hook<Ts...>::types() {\n"
         "  using R = std::tuple<Ts...>;\n"
         "  return ::tvlab::tutorial_types<std::tuple_element_t<2, R>, std::tuple_element_t<8, R>>();\n"
         "}\n"
         "}\n";
}

std::string tutorial_main(const TutorialLaunch& l, const std::string& name) {
  std::string want;
  for (const std::string& t : l.types) want += (want.empty() ? "" : ",") + t;
  const std::string n = quoted(name), fn = quoted(l.name + " (line " + std::to_string(l.line) + ")");
  return "  std::string chosen, seen;\n"
         "  int matches = 0;\n"
         "  for (int i = 0; i < tvlab_local::tut_count && i < 16; ++i) {\n"
         "    const std::string t = tvlab_local::tut_types[i]();\n"
         "    seen += (seen.empty() ? \"\" : \"; \") + t;\n"
         "    if (t != \"" +
         quoted(want) +
         "\") continue;\n"
         "    std::ostringstream s;\n"
         "    tvlab_local::tut_runs[i](&s);\n"
         "    if (matches == 0) chosen = s.str(), matches = 1;\n"
         "    else if (s.str() != chosen) matches = 2;  // instantiations that export different specs\n"
         "  }\n"
         "  if (matches != 1) {\n"
         "    std::cerr << \"tvlab: " +
         n + ": the compiler instantiated " + fn +
         " \" << tvlab_local::tut_count << \" time(s)\" << (seen.empty() ? std::string() : \" (A, B element "
         "types: \" + seen + \")\") << \", \" << (matches == 0 ? \"none with the element types " +
         quoted(want) +
         " the text reader binds (nothing in the file calls it with them: its callers bind the template "
         "arguments)\" : \"several with the element types " +
         quoted(want) +
         " and different types (tvlab reads one)\") << \"\\n\";\n"
         "    return 4;\n"
         "  }\n"
         "  std::cout << chosen;\n";
}

}  // namespace tvlab::detail
