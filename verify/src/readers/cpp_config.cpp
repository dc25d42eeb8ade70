// The C++ configuration reader's entry points: read_cpp_configs, build_plan_from_cpp, load_plans / load_plan,
// read_cpp_tiled_mma. The reader itself: detail/cpp_reader.hpp (cpp_lexer, cpp_syntax, cpp_values,
// cpp_declarations, cpp_eval, cpp_notation, cpp_collective, cpp_bindings).
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/load.hpp"
#include "tvlab/verify/readers/print_spec.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "detail/cpp_reader.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/tiling/cute_print.hpp"

namespace tvlab {

CppConfigError::CppConfigError(int line, int column, const std::string& construct, const std::string& why)
    : SpecError("line " + std::to_string(line) + ", column " + std::to_string(column),
                (construct.empty() ? std::string() : construct + ": ") + why),
      line_(line),
      column_(column),
      construct_(construct) {}

CppConfigError CppConfigError::in_bind(const std::string& key, const std::string& expr, int column,
                                       const std::string& why) {
  std::string shown = printable(expr);
  if (shown.size() > 60) shown = shown.substr(0, 57) + "...";
  CppConfigError e(0, column, "--bind " + key, why);
  static_cast<SpecError&>(e) =
      SpecError("--bind " + printable(key) + "=" + shown + ", column " + std::to_string(column), why);
  return e;
}

bool cpp_file_name(std::string_view file_name) {
  for (std::string_view ext :
       {".hpp", ".h", ".hh", ".hxx", ".cpp", ".cc", ".cxx", ".cu", ".cuh", ".inl", ".ipp"})
    if (file_name.ends_with(ext)) return true;
  return false;
}

bool looks_like_cpp(std::string_view text, std::string_view file_name) {
  if (file_name.ends_with(".json")) return false;
  if (cpp_file_name(file_name)) return true;
  for (char c : text)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return c != '{' && c != '[';
  return false;
}

namespace {

const char* const kNoConfig =
    "no configuration found: tvlab reads CUTLASS's CollectiveMma<...> declarations (using Mainloop = "
    "cutlass::gemm::collective::CollectiveMma<...>; see docs/spec.md)";

// kNoConfig with what the text holds instead, and the flag that reads it where there is one.
std::string no_config(const detail::Reader& r) {
  const std::string instead = r.found_instead();
  return instead.empty() ? std::string(kNoConfig) : std::string(kNoConfig) + "; found instead: " + instead;
}

const char* const kNoDeclaration =
    "no configuration found: the file holds no C++ declaration (only comments, preprocessor lines or "
    "whitespace)";

// --bind keys that complete the file's collectives (what a CollectiveMma leaves to run time).
bool completes_collectives(const CppBinding& b) {
  return b.key == "A.alignment" || b.key == "B.alignment" || b.key == "problem";
}

bool names_config(const std::string& full, const std::string& only) {
  // Whole components of the full name: the name, its last components (CollectiveMainloop) or a scope that
  // holds it (a namespace).
  return !only.empty() && ("::" + full + "::").find("::" + only + "::") != std::string::npos;
}

}  // namespace

std::vector<CppConfig> read_cpp_configs(std::string_view text) {
  detail::Reader r(text);
  std::vector<CppConfig> out;
  for (const std::string& name : r.candidates()) out.push_back(r.config(name));
  if (out.empty()) throw CppConfigError(1, 1, "", r.empty() ? std::string(kNoDeclaration) : no_config(r));
  return out;
}

Plan build_plan_from_cpp(const CppConfig& config) {
  try {
    return build_plan(config.config);
  } catch (const CppConfigError&) {
    throw;
  } catch (const SpecError& e) {
    const CppOrigin* best = nullptr;
    for (const CppOrigin& o : config.origins) {
      const bool prefix = e.path().rfind(o.spec_path, 0) == 0 &&
                          (e.path().size() == o.spec_path.size() || e.path()[o.spec_path.size()] == '.' ||
                           e.path()[o.spec_path.size()] == '[');
      if (prefix && (!best || o.spec_path.size() > best->spec_path.size())) best = &o;
    }
    const std::string where = e.path().empty() ? "" : " (spec " + e.path() + ")";
    if (best && best->line == 0)  // a --bind's value: its key and text
      throw CppConfigError::in_bind(best->construct.substr(std::string("--bind ").size()), best->bind_expr, 1,
                                    e.what() + where);
    if (best) throw CppConfigError(best->line, best->column, best->construct, e.what() + where);
    if (config.line == 0) {  // a configuration of --bind values: no line of the file holds it
      // The key that would set the path (operands.A.gmem.layout: A.gmem), where one does.
      std::string key;
      const std::string& p = e.path();
      if (p.rfind("operands.", 0) == 0 && p.size() > 11 && p[10] == '.') {
        const std::string x = p.substr(9, 1), rest = p.substr(11);
        for (const auto& [prefix, k] : {std::pair<const char*, const char*>{"gmem.alignment", "alignment"},
                                        {"gmem", "gmem"},
                                        {"type", "type"},
                                        {"smem.layout", "smem"},
                                        {"smem.atom", "atom"},
                                        {"smem.g2s", "g2s"},
                                        {"smem.s2r", "s2r"}})
          if (rest.rfind(prefix, 0) == 0) {
            key = x + "." + k;
            break;
          }
      } else if (p == "mma" || p.rfind("mma.", 0) == 0) {
        key = "mma";
      }
      throw SpecError(p, e.what() + std::string(" (the configuration the --bind values form") +
                             (key.empty() ? ")" : "; --bind " + key + "=EXPR gives it)"));
    }
    throw CppConfigError(config.line, config.column, config.name, e.what() + where);
  }
}

std::vector<NamedPlan> load_plans(const std::string& text, const std::string& only,
                                  std::string_view file_name, const std::vector<CppBinding>& bind) {
  std::vector<NamedPlan> out;
  if (std::all_of(text.begin(), text.end(),
                  [](char c) { return std::isspace(static_cast<unsigned char>(c)); })) {
    // Nothing to read: no JSON value and no C++ declaration.
    const std::string what = text.empty() ? "the file is empty" : "the file holds only whitespace";
    if (cpp_file_name(file_name)) throw CppConfigError(1, 1, "", "no configuration found: " + what);
    throw SpecError(
        "", "malformed JSON: " + what + " (a spec is JSON, a C++ configuration or CuTe's print() output)");
  }
  if (looks_like_cpp(text, file_name) && looks_like_cute_print(text)) {
    // CuTe's print() output (print(tiled_mma), print(tiled_copy)) as it was printed.
    if (!only.empty() || !bind.empty())
      throw SpecError("", (bind.empty() ? "--config " + only : std::string("--bind")) +
                              " names C++ declarations; this spec is CuTe's print() output");
    out.push_back({"", build_plan_from_print(text)});
    return out;
  }
  if (!looks_like_cpp(text, file_name)) {
    if (!only.empty() || !bind.empty())
      throw SpecError("", (bind.empty() ? "--config " + only : std::string("--bind")) +
                              " names C++ declarations; this spec is JSON (one configuration)");
    out.push_back({"", build_plan_from_text(text)});
    return out;
  }
  detail::Reader r(text);
  // --config FUNCTION (or FUNCTION<T, ...>): the configuration a host function passes to its kernel launch,
  // --bind's keys over it; a collective of that name comes first.
  const std::vector<std::string> collectives = r.candidates();
  if (!only.empty() &&
      (only.find('<') != std::string::npos || r.names_function(only) || collectives.empty())) {
    const std::vector<std::string>& all = collectives;
    if (std::none_of(all.begin(), all.end(), [&](const std::string& n) { return names_config(n, only); })) {
      const CppConfig c = r.tutorial(only, bind);
      out.push_back({c.name, build_plan_from_cpp(c)});
      return out;
    }
  }
  // Only alignments and the problem bound: they complete the file's collectives; any other key: a
  // configuration of its own.
  const bool completions_only = !bind.empty() && std::all_of(bind.begin(), bind.end(), completes_collectives);
  if (!bind.empty() && !(completions_only && !r.candidates().empty())) {
    const CppConfig c = r.bound(bind);
    out.push_back({c.name, build_plan_from_cpp(c)});
    return out;
  }
  const std::vector<std::string> all = r.candidates();
  if (all.empty()) throw CppConfigError(1, 1, "", r.empty() ? std::string(kNoDeclaration) : no_config(r));
  std::string names;
  for (const std::string& n : all) names += (names.empty() ? "" : ", ") + n;
  std::vector<std::string> chosen;
  for (const std::string& n : all)
    if (only.empty() || names_config(n, only)) chosen.push_back(n);
  if (chosen.empty()) throw SpecError("", "no configuration named '" + only + "'; the file has " + names);
  if (!only.empty() && chosen.size() > 1)
    throw SpecError("", "'" + only + "' names " + std::to_string(chosen.size()) +
                            " configurations; give the qualified name (" + names + ")");
  for (const std::string& n : chosen) {
    CppConfig c;
    try {
      c = r.config(n);
    } catch (const CppConfigError& e) {
      // An alias inside a function body that the text reader cannot evaluate (CUTLASS's example 50 builds its
      // CollectiveMma with ss_op_selector): the compiler path reads it (detail/cpp_locals.hpp).
      for (const detail::LocalAlias& a : r.local_aliases())
        if (a.full == n && !a.in_template)
          throw CppConfigError(
              e.line(), e.column(), e.construct(),
              std::string(e.what()).substr(e.construct().empty() ? 0 : e.construct().size() + 2) + " (" + n +
                  " is an alias inside a function body: the compiler path reads it as the "
                  "compiler does, --config '" +
                  n +
                  "' with CUTLASS's headers found or given with -I; docs/spec.md, \"Local "
                  "aliases\")");
      throw;
    }
    r.add_completions(c, bind);
    out.push_back({c.name, build_plan_from_cpp(c)});
  }
  return out;
}

Plan load_plan(const std::string& text, const std::string& only, std::string_view file_name,
               const std::vector<CppBinding>& bind) {
  const bool completions_only = std::all_of(bind.begin(), bind.end(), completes_collectives);
  if (looks_like_cpp(text, file_name) && !looks_like_cute_print(text) && only.empty() && completions_only) {
    detail::Reader r(text);
    const std::vector<std::string> all = r.candidates();
    if (all.size() > 1) {
      std::string names;
      for (const std::string& n : all) names += (names.empty() ? "" : ", ") + n;
      throw SpecError("", "the file holds " + std::to_string(all.size()) + " configurations (" + names +
                              "): name one with --config NAME");
    }
  }
  return std::move(load_plans(text, only, file_name, bind).front().plan);
}

namespace {

// The name a pasted expression starts with (past typename, decltype and parentheses), without its scope:
// read before anything else, as a layout expression is not C++ this reader needs to see.
std::string expression_head(std::string_view v) {
  for (bool more = true; more;) {
    more = false;
    while (!v.empty() && std::isspace(static_cast<unsigned char>(v.front()))) v.remove_prefix(1);
    for (std::string_view w : {"typename", "decltype", "("})
      if (v.starts_with(w)) v.remove_prefix(w.size()), more = true;
  }
  std::size_t end = 0;
  while (end < v.size() &&
         (std::isalnum(static_cast<unsigned char>(v[end])) || v[end] == '_' || v[end] == ':'))
    ++end;
  return detail::base_name(std::string(v.substr(0, end)));
}

}  // namespace

std::optional<TiledMMA> read_cpp_tiled_mma(std::string_view text) {
  const std::string head = expression_head(text);
  if (head != "TiledMMA" && head != "make_tiled_mma" && head != "TiledMMAHelper") return std::nullopt;
  detail::Reader r(text);
  std::optional<MmaConfig> mma = r.tiled_mma_expression();
  if (!mma) return std::nullopt;
  KernelConfig config;
  config.mma = std::move(mma);
  try {
    return build_plan(config).mma;
  } catch (const SpecError& e) {
    throw CppConfigError(1, 1, "TiledMMA", e.what());
  }
}

std::optional<TiledCopy> read_cpp_tiled_copy(std::string_view text) {
  const std::string head = expression_head(text);
  if (head != "TiledCopy" && head != "make_tiled_copy") return std::nullopt;
  detail::Reader r(text);
  std::optional<CopyConfig> copy = r.tiled_copy_expression();
  if (!copy) return std::nullopt;
  // A standalone copy of the spec ("copies"), built as the JSON form's is.
  KernelConfig config;
  StandaloneCopyConfig s;
  s.name = "copy";
  s.copy = std::move(*copy);
  config.copies.push_back(std::move(s));
  try {
    return build_plan(config).copies.front().copy;
  } catch (const SpecError& e) {
    throw CppConfigError(1, 1, "TiledCopy", e.what());
  }
}

std::string unread_beside_configs(const std::string& text, std::string_view file_name) {
  if (!looks_like_cpp(text, file_name) || looks_like_cute_print(text)) return "";
  const detail::Reader reader(text);
  const std::vector<int> lines = reader.mainloop_builder_lines();
  if (lines.empty()) return "";
  // The flag that reads each through the compiler: an alias inside a function body by its reader's name
  // (TEST#2::CollectiveMainloop; detail/cpp_locals.hpp).
  const std::vector<detail::LocalAlias> locals = reader.local_aliases();
  std::string at, flags;
  std::size_t outside = 0, in_template = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    at += (i ? ", " : "") + std::to_string(lines[i]);
    const detail::LocalAlias* holder = nullptr;
    for (const detail::LocalAlias& a : locals)
      if (a.configuration && a.line <= lines[i] && lines[i] <= a.end_line) holder = &a;
    if (holder && holder->in_template)
      ++in_template;
    else if (holder)
      flags += (flags.empty() ? "" : ", ") + std::string("--config '") + holder->full + "' (line " +
               std::to_string(lines[i]) + ")";
    else
      ++outside;
  }
  std::string how;
  if (!flags.empty()) how = "read each through the compiler: " + flags;
  if (outside)
    how += std::string(how.empty() ? "" : "; ") +
           "one declared outside a function body reads with --reader compiler --config NAME";
  if (in_template)
    how += std::string(how.empty() ? "" : "; ") +
           "one inside a function template is not read: its template parameters are not bound";
  return std::to_string(lines.size()) + " CollectiveBuilder" + (lines.size() > 1 ? "s" : "") + " (line" +
         (lines.size() > 1 ? "s " : " ") + at + ") the text reader does not read: no check covers them (" +
         how + "; docs/spec.md, \"Two readers\")";
}

}  // namespace tvlab
