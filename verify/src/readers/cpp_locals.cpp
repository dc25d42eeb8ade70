// Local aliases: type aliases inside function bodies (main(), gtest TEST() bodies) and the copy of the file
// the compiler path compiles to export one (detail/cpp_locals.hpp).
#include "detail/cpp_locals.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "detail/cpp_reader.hpp"
#include "tvlab/verify/model/spec_error.hpp"

namespace tvlab::detail {

namespace {

bool gtest_macro(const std::string& name) {
  return name == "TEST" || name == "TEST_F" || name == "TEST_P" || name == "TYPED_TEST" ||
         name == "TYPED_TEST_P";
}

}  // namespace

std::vector<std::size_t> line_starts(std::string_view text) {
  std::vector<std::size_t> s = {0, 0};
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') s.push_back(i + 1);
  return s;
}

std::vector<LocalAlias> Reader::local_aliases() const {
  // Linear in the tokens: each token's innermost open bracket, and the functions by their scopes (a scope
  // names one function: an overload's is NAME#2).
  std::vector<std::size_t> parent(t_.size(), t_.size());
  std::vector<std::size_t> open;
  for (std::size_t i = 0; i < t_.size(); ++i) {
    if (!open.empty()) parent[i] = open.back();
    if (punct(i, "(") || punct(i, "{") || punct(i, "[")) open.push_back(i);
    if ((punct(i, ")") || punct(i, "}") || punct(i, "]")) && !open.empty()) open.pop_back();
  }
  std::map<std::string, const Function*> by_scope;
  for (const Function& f : functions_) by_scope[f.scope] = &f;
  std::vector<LocalAlias> out;
  for (const std::string& full : order_)
    for (const Decl& d : decls_.at(full)) {
      if (d.template_param || d.user_template || d.runtime || d.init_b >= d.init_e) continue;
      const bool is_using =
          d.init_b >= 3 && ident(d.init_b - 3, "using") && punct(d.init_b - 1, "=") && d.type_b == d.type_e;
      const bool is_typedef = d.init_b >= 1 && ident(d.init_b - 1, "typedef");
      if (!is_using && !is_typedef) continue;
      const std::size_t first = is_using ? d.init_b - 3 : d.init_b - 1;  // `using` or `typedef`
      // The function whose body holds it and whose scope is its scope.
      const auto it = by_scope.find(d.scope);
      if (it == by_scope.end()) continue;
      const Function* fn = it->second;
      if (!(fn->body_b < first && d.init_e < fn->body_e)) continue;
      LocalAlias a;
      a.full = d.full(), a.name = d.name, a.function = fn->scope;
      a.line = d.line, a.col = d.col;
      std::size_t end = d.init_e;  // the ';' (a typedef's initialiser ends before its name)
      while (end + 1 < t_.size() && !punct(end, ";")) ++end;
      a.end_line = t_[end].line, a.end_col = t_[end].col;
      a.in_template = !fn->tparams.empty();
      a.top_level = parent[first] == fn->body_b;
      std::size_t k = d.init_b;
      while (k < d.init_e && (ident(k, "typename") || ident(k, "decltype") || punct(k, "("))) ++k;
      std::string head;
      for (; k < d.init_e && (t_[k].kind == Tok::Ident || punct(k, "::")); ++k) head += t_[k].text;
      a.configuration = base_name(head) == "CollectiveMma";
      for (std::size_t i = d.init_b; i < d.init_e && !a.configuration; ++i)
        a.configuration = mainloop_builder(i);
      out.push_back(std::move(a));
    }
  std::sort(out.begin(), out.end(), [](const LocalAlias& x, const LocalAlias& y) {
    return std::pair(x.line, x.col) < std::pair(y.line, y.col);
  });
  return out;
}

std::string Reader::local_export_copy(std::string_view text, const std::vector<std::string>& fulls,
                                      const std::string& file_name) const {
  const std::vector<std::size_t> starts = line_starts(text);
  const auto at = [&](const Tok& k) { return starts[k.line] + static_cast<std::size_t>(k.col - 1); };
  const std::vector<LocalAlias> all = local_aliases();
  // The targets, by the function that holds them.
  struct Target {
    std::size_t index;
    const LocalAlias* alias;
  };
  std::map<std::string, std::vector<Target>> by_function;
  for (std::size_t i = 0; i < fulls.size(); ++i) {
    const LocalAlias* a = nullptr;
    for (const LocalAlias& x : all)
      if (x.full == fulls[i]) a = &x;
    if (!a) throw SpecError("", "--config " + fulls[i] + ": not an alias declared inside a function body");
    by_function[a->function].push_back({i, a});
  }
  std::string out(text);
  // Replacements that change lengths, applied from the end: (offset, length replaced, text).
  struct Edit {
    std::size_t at, length;
    std::string with;
  };
  std::vector<Edit> edits;
  std::size_t test_count = 0;
  for (const Function& f : functions_) {
    const auto it = by_function.find(f.scope);
    // A gtest TEST(SUITE, NAME) { ... } at the start of a statement (not a function that happens to be named
    // TEST): the macro's header runs from its name to the ')' before the body.
    std::size_t name_at = f.body_b;
    while (name_at > 0 && !(t_[name_at].line == f.line && t_[name_at].col == f.col)) --name_at;
    const bool test =
        gtest_macro(f.name) && f.outer.empty() &&
        (name_at == 0 || punct(name_at - 1, ";") || punct(name_at - 1, "}") || punct(name_at - 1, "{")) &&
        punct(name_at + 1, "(") && match_[name_at + 1] + 1 == f.body_b;
    const std::size_t body_open = at(t_[f.body_b]), body_close = at(t_[f.body_e]);
    if (it == by_function.end()) {
      if (test) blank_keeping_directives(out, at(t_[name_at]), body_close + 1);
      continue;
    }
    std::vector<Target>& targets = it->second;
    std::sort(targets.begin(), targets.end(), [](const Target& x, const Target& y) {
      return std::pair(x.alias->end_line, x.alias->end_col) < std::pair(y.alias->end_line, y.alias->end_col);
    });
    const LocalAlias& last = *targets.back().alias;
    const std::size_t after_last = starts[last.end_line] + static_cast<std::size_t>(last.end_col);
    if (last.top_level && after_last < body_close) blank_keeping_directives(out, after_last, body_close);
    for (const Target& tg : targets) {
      const std::size_t p = starts[tg.alias->end_line] + static_cast<std::size_t>(tg.alias->end_col);
      edits.push_back({p, 0,
                       " (void)&::tvlab_local::hook<" + tg.alias->name + ", " + std::to_string(tg.index) +
                           ">::registered;"});
    }
    if (test) {
      const std::size_t b = at(t_[name_at]), e = at(t_[f.body_b - 1]) + 1;
      std::string header = "void tvlab_test_" + std::to_string(test_count++) + "()";
      for (std::size_t c = b; c < e; ++c)
        if (text[c] == '\n') header += '\n';
      edits.push_back({b, e - b, header});
    }
    (void)body_open;
  }
  std::sort(edits.begin(), edits.end(), [](const Edit& x, const Edit& y) { return x.at > y.at; });
  for (const Edit& e : edits) out.replace(e.at, e.length, e.with);
  std::string quoted;
  for (char c : file_name) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return "#line 1 \"" + quoted + "\"\n" + out;
}

std::vector<LocalAlias> local_aliases(std::string_view text) {
  return Reader(text).local_aliases();
}

std::string local_export_copy(std::string_view text, const std::vector<std::string>& fulls,
                              const std::string& file_name) {
  return Reader(text).local_export_copy(text, fulls, file_name);
}

bool names_local(const LocalAlias& a, const std::string& config) {
  std::string c = config;
  // TEST#1::X is the first TEST's (the reader's TEST::X).
  for (std::size_t p; (p = c.find("#1::")) != std::string::npos;) c.replace(p, 4, "::");
  if (c.empty()) return false;
  return a.full == c || ("::" + a.full).ends_with("::" + c);
}

void blank_keeping_directives(std::string& text, std::size_t from, std::size_t to) {
  to = std::min(to, text.size());
  if (from >= to) return;
  // Read from the text as it was; write spaces into `text`.
  const std::string orig = text.substr(0, to);
  const auto at = [&](std::size_t i) { return i < orig.size() ? orig[i] : '\0'; };
  enum { Code, LineComment, BlockComment, Str, Chr } state = Code;
  bool directive = false;  // inside a preprocessor line (kept)
  bool line_start = true;  // only whitespace so far on this line (in code)
  for (std::size_t i = from; i < to; ++i) {
    const char c = orig[i];
    if (c == '\n') {
      const bool continued = i > 0 && orig[i - 1] == '\\';
      if (!continued) directive = false;
      if (state == LineComment && !continued) state = Code;
      line_start = state == Code && !directive;
      continue;
    }
    if (directive) continue;
    bool skip_next = false;  // a two-character token (/*, */, an escape) blanked whole
    switch (state) {
      case Code:
        if (line_start && c == '#') {
          directive = true;
          continue;
        }
        if (c != ' ' && c != '\t' && c != '\r') line_start = false;
        if (c == '/' && at(i + 1) == '/') {
          state = LineComment;
        } else if (c == '/' && at(i + 1) == '*') {
          state = BlockComment, skip_next = true;
        } else if (c == '"') {
          state = Str;
        } else if (c == '\'' && !(i > 0 && std::isalnum(static_cast<unsigned char>(orig[i - 1])))) {
          state = Chr;  // not a digit separator (1'000)
        }
        break;
      case LineComment:
        break;
      case BlockComment:
        if (c == '*' && at(i + 1) == '/') state = Code, skip_next = true;
        break;
      case Str:
      case Chr:
        if (c == '\\')
          skip_next = at(i + 1) != '\n';
        else if ((state == Str && c == '"') || (state == Chr && c == '\''))
          state = Code;
        break;
    }
    text[i] = ' ';
    if (skip_next && i + 1 < to) text[++i] = ' ';
  }
}

}  // namespace tvlab::detail
