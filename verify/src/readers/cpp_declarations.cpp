// The C++ configuration reader: the declarations of a text (aliases, variables, function parameters,
// template parameters and user templates) in their scopes, and the value a declaration evaluates to.
#include "detail/cpp_reader.hpp"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tvlab::detail {

Reader::Reader(std::string_view text) : t_(lex(text)) {
  match_brackets();
  scan(0, t_.size() - 1, "");
}

void Reader::match_brackets() {
  match_.assign(t_.size(), 0);
  std::vector<std::size_t> open;
  for (std::size_t i = 0; i < t_.size(); ++i) {
    if (t_[i].kind != Tok::Punct) continue;
    const std::string& s = t_[i].text;
    if (s == "(" || s == "{" || s == "[") {
      open.push_back(i);
      if (open.size() > static_cast<std::size_t>(kMaxCppNesting))
        fail_at(t_[i], "", "brackets nested deeper than " + std::to_string(kMaxCppNesting) + " levels");
    } else if (s == ")" || s == "}" || s == "]") {
      const char want = s == ")" ? '(' : s == "}" ? '{' : '[';
      if (open.empty()) fail_at(t_[i], "", "unbalanced '" + s + "': nothing opened it");
      if (t_[open.back()].text[0] != want)
        fail_at(t_[i], "",
                "unbalanced '" + s + "': '" + t_[open.back()].text + "' at line " +
                    std::to_string(t_[open.back()].line) + ", column " + std::to_string(t_[open.back()].col) +
                    " is still open");
      match_[open.back()] = i;
      match_[i] = open.back();
      open.pop_back();
    }
  }
  if (!open.empty()) fail_at(t_[open.back()], "", "unbalanced '" + t_[open.back()].text + "': never closed");
}

void Reader::add(Decl d) {
  const std::string f = d.full();
  if (!decls_.count(f)) order_.push_back(f);
  decls_[f].push_back(std::move(d));
}

std::size_t Reader::template_params(std::size_t i, std::size_t end,
                                    std::vector<std::pair<std::string, std::size_t>>& names) {
  int depth = 0;
  std::size_t last_ident = 0;
  bool have = false;
  for (; i < end; ++i) {
    if (punct(i, "(") || punct(i, "{") || punct(i, "[")) {
      i = match_[i];
      continue;
    }
    if (punct(i, "<")) ++depth;
    if ((punct(i, ",") && depth == 1) || (punct(i, ">") && depth == 1)) {
      if (have) names.push_back({t_[last_ident].text, last_ident});
      have = false;
      if (punct(i, ">")) return i + 1;
      continue;
    }
    if (punct(i, ">")) --depth;
    if (punct(i, "=") && depth == 1) {  // a default argument: the name came before it
      for (++i; i < end && !((punct(i, ",") || punct(i, ">")) && depth == 1); ++i) {
        if (punct(i, "(") || punct(i, "{") || punct(i, "[")) i = match_[i];
        if (punct(i, "<")) ++depth;
        if (punct(i, ">") && depth > 1) --depth;
      }
      --i;
      continue;
    }
    if (t_[i].kind == Tok::Ident && depth == 1 && t_[i].text != "class" && t_[i].text != "typename" &&
        t_[i].text != "int" && t_[i].text != "bool" && t_[i].text != "auto")
      last_ident = i, have = true;
  }
  return end;
}

void Reader::scan(std::size_t b, std::size_t e, const std::string& scope) {
  std::size_t i = b;
  std::vector<std::pair<std::string, std::size_t>> tparams;
  bool is_template = false;
  while (i < e) {
    if (punct(i, ";")) {
      ++i;
      continue;
    }
    if (punct(i, "{")) {
      scan(i + 1, match_[i], scope);
      i = match_[i] + 1;
      continue;
    }
    if ((ident(i, "public") || ident(i, "private") || ident(i, "protected")) && punct(i + 1, ":")) {
      i += 2;
      continue;
    }
    if (ident(i, "template") && punct(i + 1, "<")) {
      tparams.clear();
      i = template_params(i + 1, e, tparams);
      is_template = true;
      continue;
    }
    if (ident(i, "namespace")) {
      std::string name;
      std::size_t k = i + 1;
      for (; k < e && (t_[k].kind == Tok::Ident || punct(k, "::")); ++k) name += t_[k].text;
      if (k < e && punct(k, "{")) {
        scan(k + 1, match_[k], name.empty() ? scope : scope.empty() ? name : scope + "::" + name);
        i = match_[k] + 1;
      } else {
        i = skip_statement(i, e);
      }
      continue;
    }
    if (ident(i, "using") && ident(i + 1, "namespace")) {
      i = skip_statement(i, e);
      continue;
    }
    if (ident(i, "struct") || ident(i, "class") || ident(i, "union") || ident(i, "enum")) {
      std::size_t k = i + 1;
      if (ident(k, "class") || ident(k, "struct")) ++k;  // enum class
      const std::size_t name_at = k;
      std::string name = t_[k].kind == Tok::Ident ? t_[k].text : "";
      while (k < e && !punct(k, "{") && !punct(k, ";")) {
        if (punct(k, "(") || punct(k, "[")) k = match_[k];
        ++k;
      }
      if (k < e && punct(k, "{")) {
        const std::string inner = scope.empty() ? name : scope + "::" + name;
        if (ident(i, "struct") || ident(i, "class")) {
          if (is_template) {
            Decl d{scope, name, 0, 0, 0, 0, t_[name_at].line, t_[name_at].col, false, true};
            add(d);
          } else if (!name.empty()) {
            scan(k + 1, match_[k], inner);
          }
        }
        k = match_[k] + 1;
      }
      is_template = false;
      i = skip_statement(k, e);
      continue;
    }
    // A statement: up to ';' at depth 0, or a body '{' (a function, if, for ...) when no '=' came first.
    std::size_t k = i;
    bool assigned = false;
    std::size_t body = 0;
    for (; k < e && !punct(k, ";"); ++k) {
      if (punct(k, "=")) assigned = true;
      if (punct(k, "(") || punct(k, "[")) {
        k = match_[k];
        continue;
      }
      if (punct(k, "{")) {
        const bool after_header =
            k > i &&
            (punct(k - 1, ")") || ident(k - 1, "const") || ident(k - 1, "else") || ident(k - 1, "noexcept") ||
             ident(k - 1, "override") || ident(k - 1, "do") || ident(k - 1, "try"));
        if (!assigned && after_header) {
          body = k;
          break;
        }
        k = match_[k];
      }
    }
    if (body) {
      // A function (its name: the identifier before its parameter list) or a control statement.
      // Attributes' parentheses (__launch_bounds__(...), alignas(...)) come before the name.
      static const std::set<std::string> attributes = {
          "__launch_bounds__", "__attribute__", "alignas", "__declspec", "decltype", "__cluster_dims__"};
      std::string fname;
      std::size_t name_at = 0;
      bool global = false;
      for (std::size_t j = i; j < body; ++j) {
        if (ident(j, "__global__")) global = true;
        if (punct(j, "(") && j > i && t_[j - 1].kind == Tok::Ident) {
          if (attributes.count(t_[j - 1].text)) {
            j = match_[j];
            continue;
          }
          fname = t_[j - 1].text;
          name_at = j - 1;
          break;
        }
      }
      const bool control = fname == "if" || fname == "for" || fname == "while" || fname == "switch" ||
                           fname == "catch" || fname.empty();
      std::string inner = control ? scope : scope.empty() ? fname : scope + "::" + fname;
      if (!control) {
        // An overload: its declarations in a scope of their own (gemm_tn#2), so that its parameters are not
        // the first overload's declared twice.
        int seen = 0;
        for (const Function& f : functions_) seen += f.outer == scope && f.name == fname;
        if (seen) inner += "#" + std::to_string(seen + 1);
      }
      if (is_template && !control)
        for (const auto& [n, at] : tparams)
          add(Decl{inner, n, 0, 0, 0, 0, t_[at].line, t_[at].col, true, false});
      if (!control) {
        Function f;
        f.name = fname, f.outer = scope, f.scope = inner;
        if (is_template)
          for (const auto& tp : tparams) f.tparams.push_back(tp.first);
        f.params = function_params(i, body, inner);
        f.body_b = body, f.body_e = match_[body];
        f.line = t_[name_at].line, f.col = t_[name_at].col;
        f.global = global;
        functions_.push_back(std::move(f));
      }
      scan(body + 1, match_[body], inner);
      is_template = false;
      i = match_[body] + 1;
      continue;
    }
    if (!is_template) declaration(i, k, scope);
    is_template = false;
    i = k + 1;
  }
}

std::vector<FnParam> Reader::function_params(std::size_t b, std::size_t body, const std::string& scope) {
  std::vector<FnParam> out;
  std::size_t open = 0;
  for (std::size_t j = b; j < body; ++j)
    if (punct(j, "(")) {
      // Past attributes' parentheses (__launch_bounds__(...)) to the parameter list.
      if (j > b && t_[j - 1].kind == Tok::Ident &&
          (t_[j - 1].text == "__launch_bounds__" || t_[j - 1].text == "__attribute__" ||
           t_[j - 1].text == "alignas" || t_[j - 1].text == "decltype" ||
           t_[j - 1].text == "__cluster_dims__")) {
        j = match_[j];
        continue;
      }
      open = j;
      break;
    }
  if (!open) return out;
  const std::size_t close = match_[open];
  std::size_t last = 0, start = open + 1;
  bool in_default = false;
  for (std::size_t j = open + 1; j <= close; ++j) {
    if (j < close && (punct(j, "(") || punct(j, "{") || punct(j, "["))) {
      j = match_[j];
      continue;
    }
    if (j == close || punct(j, ",")) {
      if (last) {
        Decl d{scope, t_[last].text, 0, 0, 0, 0, t_[last].line, t_[last].col, false, false};
        d.runtime = true;
        add(d);
        out.push_back({t_[last].text, start, last, t_[last].line, t_[last].col});
      }
      last = 0, in_default = false, start = j + 1;
      continue;
    }
    if (punct(j, "=")) in_default = true;
    if (!in_default && t_[j].kind == Tok::Ident) last = j;
  }
  return out;
}

std::size_t Reader::skip_statement(std::size_t i, std::size_t e) {
  for (; i < e && !punct(i, ";"); ++i)
    if (punct(i, "(") || punct(i, "{") || punct(i, "[")) i = match_[i];
  return i + 1;
}

void Reader::declaration(std::size_t b, std::size_t e, const std::string& scope) {
  if (b >= e) return;
  if (ident(b, "using")) {
    if (b + 2 < e && t_[b + 1].kind == Tok::Ident && punct(b + 2, "="))
      add(Decl{scope, t_[b + 1].text, 0, 0, b + 3, e, t_[b + 1].line, t_[b + 1].col, false, false});
    return;
  }
  if (ident(b, "typedef")) {
    if (e - b >= 3 && t_[e - 1].kind == Tok::Ident)
      add(Decl{scope, t_[e - 1].text, 0, 0, b + 1, e - 1, t_[e - 1].line, t_[e - 1].col, false, false});
    return;
  }
  static const std::set<std::string> specifiers = {
      "static",        "constexpr", "const",        "inline",           "constinit",
      "volatile",      "extern",    "thread_local", "CUTE_HOST_DEVICE", "CUTLASS_HOST_DEVICE",
      "CUTLASS_DEVICE"};
  while (b < e && t_[b].kind == Tok::Ident && specifiers.count(t_[b].text)) ++b;
  if (b >= e || t_[b].kind != Tok::Ident) return;
  static const std::set<std::string> statements = {
      "return",   "if",   "for",    "while", "static_assert", "throw",  "break",
      "continue", "goto", "delete", "case",  "default",       "friend", "operator"};
  if (statements.count(t_[b].text)) return;
  std::size_t eq = 0;
  for (std::size_t k = b; k < e; ++k) {
    if (punct(k, "(") || punct(k, "{") || punct(k, "[")) {
      k = match_[k];
      continue;
    }
    if (punct(k, "=")) {
      eq = k;
      break;
    }
  }
  if (eq) {
    if (eq - b < 2 || t_[eq - 1].kind != Tok::Ident) return;  // an assignment, not a declaration
    add(Decl{scope, t_[eq - 1].text, b, eq - 1, eq + 1, e, t_[eq - 1].line, t_[eq - 1].col, false, false});
    return;
  }
  // TYPE NAME, TYPE NAME{...}, TYPE NAME(...): the value is the type, constructed.
  std::size_t n = e;
  if (punct(e - 1, "}") || punct(e - 1, ")")) n = match_[e - 1];
  if (n - b < 2 || t_[n - 1].kind != Tok::Ident) return;
  add(Decl{scope, t_[n - 1].text, b, n - 1, b, n - 1, t_[n - 1].line, t_[n - 1].col, false, false});
}

const Decl* Reader::lookup(const std::string& name, const std::string& scope, std::string* full) const {
  std::string q = name.rfind("::", 0) == 0 ? name.substr(2) : name;
  std::string s = scope;
  for (;;) {
    const std::string f = s.empty() ? q : s + "::" + q;
    auto it = decls_.find(f);
    if (it != decls_.end()) {
      if (it->second.size() > 1) {
        const Decl& a = it->second[0];
        const Decl& b = it->second[1];
        throw CppConfigError(b.line, b.col, f,
                             "declared twice (also at line " + std::to_string(a.line) + ", column " +
                                 std::to_string(a.col) + "); tvlab does not pick one");
      }
      if (full) *full = f;
      return &it->second.front();
    }
    if (s.empty()) return nullptr;
    const auto at = s.rfind("::");
    s = at == std::string::npos ? "" : s.substr(0, at);
  }
}

bool Reader::integer_type(std::size_t b, std::size_t e, std::string& name, int& bits,
                          bool& is_unsigned) const {
  // [basic.fundamental] on an LP64 host (Linux, the hosts CUDA and SYCL compile for): int 32 bits, long and
  // long long 64; <cstdint>'s and <cstddef>'s names their widths. 0 bits: a narrower integer type.
  static const std::map<std::string, std::pair<int, bool>> named = {
      {"int32_t", {32, false}},  {"uint32_t", {32, true}},  {"int64_t", {64, false}},
      {"uint64_t", {64, true}},  {"size_t", {64, true}},    {"ptrdiff_t", {64, false}},
      {"intptr_t", {64, false}}, {"uintptr_t", {64, true}}, {"ssize_t", {64, false}},
      {"int8_t", {0, false}},    {"uint8_t", {0, true}},    {"int16_t", {0, false}},
      {"uint16_t", {0, true}},   {"bool", {0, true}}};
  std::vector<std::string> words;
  for (std::size_t k = b; k < e; ++k) {
    if (punct(k, "::") || ident(k, "const") || ident(k, "std") || ident(k, "cute") || ident(k, "cutlass"))
      continue;
    if (t_[k].kind != Tok::Ident) return false;
    words.push_back(t_[k].text);
  }
  if (words.empty()) return false;
  name.clear();
  for (const std::string& w : words) name += (name.empty() ? "" : " ") + w;
  if (words.size() == 1)
    if (auto it = named.find(words[0]); it != named.end()) {
      bits = it->second.first, is_unsigned = it->second.second;
      return true;
    }
  int longs = 0, ints = 0, shorts = 0, chars = 0, sign = 0, unsign = 0;
  for (const std::string& w : words) {
    if (w == "long")
      ++longs;
    else if (w == "int")
      ++ints;
    else if (w == "short")
      ++shorts;
    else if (w == "char")
      ++chars;
    else if (w == "signed")
      ++sign;
    else if (w == "unsigned")
      ++unsign;
    else
      return false;
  }
  is_unsigned = unsign > 0;
  bits = shorts || chars ? 0 : longs ? 64 : 32;
  return true;
}

CVal Reader::eval_decl(const std::string& full) {
  if (auto it = memo_.find(full); it != memo_.end()) return it->second;
  const Decl& d = decls_.at(full).front();
  if (d.template_param) {
    const auto b = bound_params_.find(full);
    if (b == bound_params_.end()) return CTemplateParam{d.scope};
    // --bind TA=half_t: the parameter is the bound type (or value), read in the template's scope.
    if (active_.count(full))
      throw CppConfigError::in_bind(b->second.key, b->second.expr, 1, "refers to itself");
    active_.insert(full);
    try {
      const CVal v = eval(bind_node(b->second), d.scope);
      active_.erase(full);
      return memo_[full] = v;
    } catch (const CppConfigError& e) {
      active_.erase(full);
      throw rebind(b->second, e);
    }
  }
  if (d.runtime) return CRuntime{d.scope};
  if (d.user_template)
    throw CppConfigError(
        d.line, d.col, full,
        "a user template: tvlab reads concrete declarations and does not instantiate templates "
        "(write the configuration's types out, e.g. as `using` aliases)");
  if (active_.count(full)) throw CppConfigError(d.line, d.col, full, "refers to itself");
  if (depth_ + 1 > kMaxCppNesting)
    throw CppConfigError(d.line, d.col, full,
                         "declarations nested deeper than " + std::to_string(kMaxCppNesting) +
                             " levels (each referring to the next)");
  // Active while its initialiser is evaluated, and no longer once that ends, by a value or an error: callers
  // catch errors to try another reading (eval_is_one, a tuple's first element), and a declaration left
  // active by a failed evaluation would read as one that "refers to itself" on the next use.
  struct Active {
    Reader& r;
    const std::string& full;
    Active(Reader& reader, const std::string& f) : r(reader), full(f) {
      r.active_.insert(full);
      ++r.depth_;
    }
    Active(const Active&) = delete;
    Active& operator=(const Active&) = delete;
    ~Active() {
      r.active_.erase(full);
      --r.depth_;
    }
  } active{*this, full};
  Parser p(t_, d.init_b, d.init_e);
  Node n = p.expr();
  p.expect_end();
  // A variable declared with a type and initialised: `int`, `auto`, `TiledCopy`... the initialiser decides,
  // but an integer takes its variable's type (constexpr int X = ...; int64_t Y = ...).
  CVal v = eval(n, d.scope);
  if (CInt* i = std::get_if<CInt>(&v); i && d.type_e > d.type_b) {
    std::string type;
    int bits = 0;
    bool is_unsigned = false;
    if (integer_type(d.type_b, d.type_e, type, bits, is_unsigned)) {
      if (bits == 0)
        fail_at(t_[d.type_b], full,
                "declared " + type + ": tvlab reads integers of int's width or wider (int, long, size_t...)");
      try {
        *i = converted(*i, bits, is_unsigned);
      } catch (const IntError& e) {
        fail_at(t_[d.init_b], full, std::string("declared ") + type + ": " + e.what());
      }
    }
  }
  memo_.emplace(full, v);
  return v;
}

}  // namespace tvlab::detail
