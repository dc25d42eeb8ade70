// The C++ configuration reader: --config FUNCTION, the configuration a host function of CuTe's tutorials
// passes to its kernel launch (`gemm_device<<<...>>>(prob_shape, cta_tiler, A, dA, sA, copyA, s2r_atom_A,
// ...)`), matched to the kernel's parameters: no --bind list to copy.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "detail/cpp_reader.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tuple_algorithms.hpp"

namespace tvlab::detail {

namespace {

// --config NAME or NAME<T, ...> as written: the name and its template argument texts.
struct ConfigName {
  std::string name;
  std::vector<std::string> targs;
  std::vector<int> cols;  // each argument's column in the --config text
  bool has_targs = false;
};

SpecError config_error(const std::string& spec, const std::string& why) {
  return SpecError("--config " + printable(spec), why);
}

ConfigName parse_config_name(const std::string& spec) {
  std::vector<Tok> t;
  try {
    t = lex(spec);
  } catch (const CppConfigError& e) {
    throw config_error(spec, e.what());
  }
  ConfigName out;
  std::size_t i = 0;
  for (; i + 1 < t.size() && (t[i].kind == Tok::Ident || (t[i].kind == Tok::Punct && t[i].text == "::")); ++i)
    out.name += t[i].text;
  if (out.name.empty() || out.name.ends_with("::"))
    throw config_error(spec,
                       "expected a name, e.g. --config gemm_tn or --config 'gemm_nt<float, float, float>'");
  if (i + 1 == t.size()) return out;
  if (t[i].text != "<")
    throw config_error(spec, "column " + std::to_string(t[i].col) + ": expected '<' or the end, at '" +
                                 t[i].text + "' (write NAME or NAME<T, ...>)");
  out.has_targs = true;
  int depth = 1;
  std::string cur;
  for (++i; i + 1 < t.size(); ++i) {
    const std::string& s = t[i].text;
    if (cur.empty()) out.cols.push_back(t[i].col);
    if (t[i].kind == Tok::Punct && s == "<") ++depth;
    if (t[i].kind == Tok::Punct && s == ">" && --depth == 0) {
      if (cur.empty())
        throw config_error(spec, "column " + std::to_string(t[i].col) + ": an empty template argument");
      out.targs.push_back(cur);
      if (i + 2 != t.size())
        throw config_error(spec, "column " + std::to_string(t[i + 1].col) + ": text after the closing '>'");
      return out;
    }
    if (t[i].kind == Tok::Punct && s == "," && depth == 1) {
      if (cur.empty())
        throw config_error(spec, "column " + std::to_string(t[i].col) + ": an empty template argument");
      out.targs.push_back(cur);
      cur.clear();
      continue;
    }
    cur += (cur.empty() || s == "::" || cur.ends_with("::") ? "" : " ") + s;
  }
  throw config_error(spec, "unbalanced '<': write NAME<T, ...>");
}

std::string join(const std::vector<std::string>& v, const char* sep = ", ") {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

}  // namespace

std::string Reader::tokens_text(std::size_t b, std::size_t e) const {
  std::string out;
  for (std::size_t k = b; k < e; ++k) {
    const bool glue = k == b || t_[k].text == "::" || t_[k - 1].text == "::";
    out += (glue ? "" : " ") + t_[k].text;
  }
  return out;
}

std::vector<std::pair<std::size_t, std::size_t>> Reader::arguments(std::size_t open) const {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  const std::size_t close = match_[open];
  if (close == open + 1) return out;
  int angle = 0;
  std::size_t start = open + 1;
  for (std::size_t k = open + 1; k < close; ++k) {
    if (punct(k, "(") || punct(k, "{") || punct(k, "[")) {
      k = match_[k];
      continue;
    }
    // A template argument list opens after a name (Copy_Atom<...>); a comparison is not a kernel argument.
    if (punct(k, "<") && t_[k - 1].kind == Tok::Ident) ++angle;
    if (punct(k, ">") && angle > 0) --angle;
    if (punct(k, ",") && angle == 0) {
      out.push_back({start, k});
      start = k + 1;
    }
  }
  out.push_back({start, close});
  return out;
}

std::string Reader::pointee(const FnParam& p) const {
  bool ptr = false;
  std::string out;
  for (std::size_t k = p.type_b; k < p.type_e; ++k) {
    if (punct(k, "*")) {
      ptr = true;
      continue;
    }
    if (ident(k, "const") || ident(k, "volatile") || ident(k, "__restrict__") || punct(k, "&")) continue;
    out += t_[k].text;
  }
  return ptr ? out : "";
}

namespace {

bool is_tparam(const Function& f, const std::string& name) {
  return std::find(f.tparams.begin(), f.tparams.end(), name) != f.tparams.end();
}

}  // namespace

std::string Reader::argument_type(std::size_t b, std::size_t e, const Function& caller, int depth) {
  if (depth > 8 || b >= e || t_[b].kind != Tok::Ident) return "";
  // The type text's registry name, read in the caller's scope (using TA = cute::half_t; in main).
  auto resolve = [&](std::size_t tb, std::size_t te) -> std::string {
    try {
      Parser p(t_, tb, te);
      const Node n = p.expr();
      p.expect_end();
      const CVal v = eval(n, caller.scope);
      const CType* ty = std::get_if<CType>(&v);
      return ty && ty->bits ? ty->name : "";
    } catch (const SpecError&) {
      return "";
    }
  };
  const std::string& x = t_[b].text;
  // A parameter of the caller: its pointer type, or its template parameter, told by the caller's callers.
  for (std::size_t i = 0; i < caller.params.size(); ++i) {
    const FnParam& p = caller.params[i];
    if (p.name != x || e != b + 1) continue;
    const std::string t = pointee(p);
    if (t.empty()) return "";
    if (is_tparam(caller, t)) {
      const std::vector<std::string> all = caller_types(caller, i, depth + 1);
      if (all.empty() || std::find(all.begin(), all.end(), "") != all.end()) return "";
      return std::all_of(all.begin(), all.end(), [&](const std::string& s) { return s == all[0]; }) ? all[0]
                                                                                                    : "";
    }
    std::size_t tb = p.type_b, te = p.type_e;
    while (tb < te && (ident(tb, "const") || ident(tb, "volatile"))) ++tb;
    while (te > tb && (punct(te - 1, "*") || ident(te - 1, "const") || punct(te - 1, "&"))) --te;
    return resolve(tb, te);
  }
  // A container's storage: X.data().get() (thrust), X.data(), thrust::raw_pointer_cast(X.data()); X declared
  // as a template of its element type (thrust::device_vector<TA> d_A).
  std::size_t xb = b;
  if ((ident(b, "thrust") || ident(b, "raw_pointer_cast")) && e > b + 4) {
    std::size_t k = b;
    while (k < e && !punct(k, "(")) ++k;
    if (k + 1 >= e) return "";
    xb = k + 1;
  }
  if (!(xb + 4 < e + 1 && t_[xb].kind == Tok::Ident && punct(xb + 1, ".") && ident(xb + 2, "data")))
    return "";
  const auto it = decls_.find(caller.scope + "::" + t_[xb].text);
  if (it == decls_.end() || it->second.size() != 1) return "";
  const Decl& d = it->second.front();
  std::size_t k = d.type_b;
  while (k < d.type_e && !punct(k, "<")) ++k;
  if (k >= d.type_e) return "";
  std::size_t a = k + 1, depth_angle = 1, end = a;
  for (; end < d.type_e; ++end) {
    if (punct(end, "<")) ++depth_angle;
    if (punct(end, ">") && --depth_angle == 0) break;
    if (punct(end, ",") && depth_angle == 1) break;
  }
  return end < d.type_e ? resolve(a, end) : "";
}

std::vector<std::string> Reader::caller_types(const Function& f, std::size_t index, int depth) {
  std::vector<std::string> out;
  if (depth > 8) return {""};
  for (const Function& g : functions_) {
    if (&g == &f || g.global) continue;
    for (std::size_t j = g.body_b + 1; j + 1 < g.body_e; ++j) {
      if (!(t_[j].kind == Tok::Ident && t_[j].text == f.name && punct(j + 1, "("))) continue;
      if (punct(j - 1, ".") || punct(j - 1, ">")) continue;  // a member, x->f
      const auto args = arguments(j + 1);
      out.push_back(index < args.size() ? argument_type(args[index].first, args[index].second, g, depth)
                                        : "");
    }
  }
  return out;
}

void Reader::launch_of(const Function& f, const Function*& kernel,
                       std::vector<std::pair<std::size_t, std::size_t>>& args) const {
  // KERNEL<<<...>>>(args) (KERNEL a __global__ function or a variable holding one), or a launch call whose
  // arguments name the kernel and then pass its arguments (launch_kernel_on_cluster).
  kernel = nullptr;
  args.clear();
  std::set<std::string> kernels;
  for (const Function& g : functions_)
    if (g.global) kernels.insert(g.name);
  auto kernel_named = [&](std::size_t k) -> const Function* {
    // k: an identifier; a kernel, or a local variable whose initialiser names one.
    if (t_[k].kind != Tok::Ident) return nullptr;
    std::string name = t_[k].text;
    if (!kernels.count(name)) {
      const auto it = decls_.find(f.scope + "::" + name);
      if (it == decls_.end()) return nullptr;
      const Decl& d = it->second.front();
      name.clear();
      for (std::size_t j = d.init_b; j < d.init_e && name.empty(); ++j)
        if (t_[j].kind == Tok::Ident && kernels.count(t_[j].text)) name = t_[j].text;
      if (name.empty()) return nullptr;
    }
    for (const Function& g : functions_)
      if (g.global && g.name == name) return &g;
    return nullptr;
  };
  for (std::size_t j = f.body_b + 1; j + 3 < f.body_e && !kernel; ++j) {
    if (punct(j, "<") && punct(j + 1, "<") && punct(j + 2, "<") && t_[j - 1].kind == Tok::Ident) {
      const Function* k = kernel_named(j - 1);
      std::size_t c = j + 3;
      while (c + 3 < f.body_e && !(punct(c, ">") && punct(c + 1, ">") && punct(c + 2, ">"))) {
        if (punct(c, "(") || punct(c, "{") || punct(c, "[")) c = match_[c];
        ++c;
      }
      if (!k || !punct(c + 3, "(")) continue;
      kernel = k, args = arguments(c + 3);
      if (args.size() != kernel->params.size())
        fail_at(t_[j - 1], f.name,
                "the launch passes " + std::to_string(args.size()) + " arguments to " + kernel->name +
                    ", which takes " + std::to_string(kernel->params.size()));
      continue;
    }
    if (t_[j].kind == Tok::Ident && punct(j + 1, "(") && !kernels.count(t_[j].text)) {
      const auto all = arguments(j + 1);
      for (std::size_t a = 0; a < all.size(); ++a) {
        const Function* k = nullptr;
        for (std::size_t x = all[a].first; x < all[a].second && !k; ++x) k = kernel_named(x);
        if (k && all.size() - a - 1 == k->params.size()) {
          kernel = k;
          args.assign(all.begin() + static_cast<std::ptrdiff_t>(a) + 1, all.end());
          break;
        }
      }
    }
  }
}

std::size_t Reader::top_statement(const Function& f, std::size_t k) const {
  // It starts after the last ';' or '}' of the body's top level before k.
  std::size_t stmt = f.body_b + 1;
  for (std::size_t q = f.body_b + 1; q < k;) {
    const bool group = punct(q, "(") || punct(q, "{") || punct(q, "[");
    if (group && match_[q] > k) break;  // the group holds k
    const std::size_t last = group ? match_[q] : q;
    if (punct(last, ";") || punct(last, "}")) stmt = last + 1;
    q = last + 1;
  }
  return stmt;
}

bool Reader::names_function(const std::string& spec) const {
  std::string name = spec.substr(0, spec.find('<'));
  while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.pop_back();
  if (name.empty()) return false;
  for (const Function& f : functions_) {
    if (f.global) continue;
    const std::string q = f.outer.empty() ? f.name : f.outer + "::" + f.name;
    if (f.name == name || q == name || "::" + q == name) return true;
  }
  return false;
}

CppConfig Reader::tutorial(const std::string& spec, const std::vector<CppBinding>& user) {
  tutorial_launch_.reset();
  const ConfigName want = parse_config_name(spec);
  std::vector<const Function*> cands;
  for (const Function& f : functions_) {
    if (f.global) continue;
    const std::string q = f.outer.empty() ? f.name : f.outer + "::" + f.name;
    if (f.name == want.name || q == want.name || "::" + q == want.name) cands.push_back(&f);
  }
  if (cands.empty()) {
    // The functions that launch a kernel, each with its flag.
    std::string launching;
    for (const Function& f : functions_) {
      if (f.global) continue;
      const Function* kernel = nullptr;
      std::vector<std::pair<std::size_t, std::size_t>> args;
      try {
        launch_of(f, kernel, args);
      } catch (const CppConfigError&) {
        kernel = nullptr;
      }
      if (kernel)
        launching += (launching.empty() ? "" : ", ") + f.name + " (line " + std::to_string(f.line) +
                     ", column " + std::to_string(f.col) + "): --config " + f.name;
    }
    throw config_error(
        spec,
        "no function or configuration named " + want.name +
            (launching.empty() ? "; no function of the file launches a kernel" +
                                     (found_instead().empty() ? std::string() : "; found: " + found_instead())
                               : "; the functions that launch a kernel: " + launching));
  }
  auto where = [](const Function& f) {
    return "line " + std::to_string(f.line) + ", column " + std::to_string(f.col);
  };
  // The pointer parameters of a function: A's, B's, C's element types as written.
  auto pointers = [&](const Function& f) {
    std::vector<std::string> out;
    for (const FnParam& p : f.params)
      if (const std::string t = pointee(p); !t.empty()) out.push_back(t);
    return out;
  };
  auto registry_type = [&](const std::string& text, const std::string& scope) -> std::string {
    try {
      const std::vector<Tok> toks = lex(text);
      Parser p(toks, 0, toks.size() - 1);
      const Node n = p.expr();
      p.expect_end();
      const CVal v = eval(n, scope);
      const CType* ty = std::get_if<CType>(&v);
      return ty && ty->bits ? ty->name : "";
    } catch (const SpecError&) {
      return "";
    }
  };
  // The flag that names an overload.
  auto flag_for = [&](const Function& f) {
    const std::vector<std::string> ptrs = pointers(f);
    bool generic = false;
    for (const std::string& t : ptrs) generic |= is_tparam(f, t);
    std::vector<std::string> shown = ptrs;
    if (!generic && !ptrs.empty() &&
        std::all_of(ptrs.begin(), ptrs.end(), [&](const std::string& s) { return s == ptrs[0]; }))
      shown = {ptrs[0]};
    std::string flag = "--config '" + want.name + "<" + join(shown) + ">'";
    if (generic) flag += " (" + join(ptrs) + ": the element types of its pointer parameters, e.g. float)";
    return flag;
  };
  auto describe = [&](const Function& f) {
    std::string ps;
    for (const FnParam& p : f.params)
      if (!pointee(p).empty())
        ps += (ps.empty() ? "" : ", ") + tokens_text(p.type_b, p.type_e) + " " + p.name;
    return where(f) + ": " + (f.tparams.empty() ? "" : "template <" + join(f.tparams) + "> ") + f.name + "(" +
           ps + (ps.empty() ? "" : ", ...") + "): " + flag_for(f);
  };
  auto listing = [&]() {
    std::string out;
    for (const Function* f : cands) out += (out.empty() ? ": " : "; ") + describe(*f);
    return out;
  };

  // The overload, and the types of its template parameters that its pointer parameters name.
  const Function* chosen = nullptr;
  std::map<std::string, std::string> tbind;  // TA -> half_t
  if (want.has_targs) {
    std::vector<std::string> given;
    for (std::size_t i = 0; i < want.targs.size(); ++i) {
      const std::string t = registry_type(want.targs[i], "");
      if (t.empty())
        throw config_error(spec, "column " + std::to_string(want.cols[i]) + ": template argument " +
                                     std::to_string(i + 1) + " '" + want.targs[i] +
                                     "' is not an element type tvlab knows (float, cute::half_t, "
                                     "cute::bfloat16_t, double, int8_t, ...)" +
                                     (cands.size() > 1 ? "; the overloads" + listing() : ""));
      given.push_back(t);
    }
    std::vector<std::pair<std::size_t, const Function*>> viable;  // (template parameters bound, overload)
    std::vector<std::string> why_not;
    std::map<const Function*, std::map<std::string, std::string>> binds_of;
    for (const Function* f : cands) {
      const std::vector<std::string> ptrs = pointers(*f);
      std::map<std::string, std::string> m;
      std::string why;
      if (given.size() > ptrs.size())
        why = std::to_string(ptrs.size()) + " pointer parameters, " + std::to_string(given.size()) +
              " types given";
      for (std::size_t i = 0; why.empty() && i < ptrs.size(); ++i) {
        if (is_tparam(*f, ptrs[i])) {
          if (i >= given.size()) {
            if (!m.count(ptrs[i])) why = ptrs[i] + " not given";
            continue;
          }
          if (m.count(ptrs[i]) && m[ptrs[i]] != given[i])
            why = ptrs[i] + " given as " + m[ptrs[i]] + " and " + given[i];
          m[ptrs[i]] = given[i];
        } else if (i < given.size()) {
          const std::string t = registry_type(ptrs[i], f->scope);
          if (t != given[i])
            why = "pointer parameter " + std::to_string(i + 1) + " is " + ptrs[i] + ", not " + want.targs[i];
        }
      }
      if (why.empty()) {
        viable.push_back({m.size(), f});
        binds_of[f] = m;
      } else {
        why_not.push_back(where(*f) + ": " + why);
      }
    }
    if (viable.empty())
      throw config_error(spec, "no overload of " + want.name + " takes these element types (" +
                                   join(why_not, "; ") + "); write one of" + listing());
    std::sort(viable.begin(), viable.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    if (viable.size() > 1 && viable[0].first == viable[1].first)
      throw config_error(
          spec, "names " + std::to_string(viable.size()) + " overloads equally; write one of" + listing());
    chosen = viable[0].second;  // the most specialised, as C++'s partial ordering picks
    tbind = binds_of[chosen];
  } else {
    if (cands.size() > 1)
      throw config_error(spec, want.name + " is overloaded (" + std::to_string(cands.size()) +
                                   " functions); choose one by the element types of its pointer parameters" +
                                   listing());
    chosen = cands[0];
  }
  const Function& f = *chosen;
  const std::vector<std::string> ptrs = pointers(f);
  // Template parameters the pointers name and --config did not give: the callers' types, all of them
  // agreeing, or an error saying what to write (never a guess).
  std::vector<std::string> missing;
  std::size_t pi = 0;
  for (std::size_t i = 0; i < f.params.size(); ++i) {
    const std::string t = pointee(f.params[i]);
    if (t.empty()) continue;
    ++pi;
    if (!is_tparam(f, t) || tbind.count(t)) continue;
    bool by_user = false;
    for (const CppBinding& b : user) by_user |= b.key == t;
    if (by_user) continue;
    const std::vector<std::string> all = caller_types(f, i, 0);
    if (!all.empty() && std::find(all.begin(), all.end(), "") == all.end() &&
        std::all_of(all.begin(), all.end(), [&](const std::string& s) { return s == all[0]; }))
      tbind[t] = all[0];
    else if (std::find(missing.begin(), missing.end(), t) == missing.end())
      missing.push_back(t);
  }
  if (!missing.empty()) {
    const std::vector<std::string> example(ptrs.size(), "float");
    throw CppConfigError(f.line, f.col, "",
                         join(missing) + ": template parameter" + (missing.size() > 1 ? "s" : "") + " of " +
                             f.name +
                             " that no call in the file gives a concrete type (tvlab does not guess "
                             "them); write --config '" +
                             want.name + "<" + join(ptrs) +
                             ">' with the element types of its pointer parameters, e.g. --config '" +
                             want.name + "<" + join(example) + ">'");
  }

  const Function* kernel = nullptr;
  std::vector<std::pair<std::size_t, std::size_t>> args;
  launch_of(f, kernel, args);
  if (!kernel)
    throw CppConfigError(
        f.line, f.col, f.name,
        "launches no kernel (no KERNEL<<<...>>>(...) of a __global__ function of the file, nor a "
        "launch call passing one its arguments): no configuration to read" +
            (cands.size() > 1 ? "; the overloads" + listing() : std::string()));

  // A kernel without pointer parameters (CuTe's tiled_copy.cu: copy_kernel_vectorized(TensorS, TensorD,
  // TiledCopy)) is a copy-only launch: its tensors and TiledCopy form a copy kernel (copy_launch).
  TutorialLaunch launch;
  launch.spec = spec;
  launch.function = f.scope;
  launch.name = f.name;
  launch.line = f.line, launch.col = f.col;
  launch.kernel = kernel->name;
  if (!args.empty()) launch.launch_line = t_[args[0].first].line, launch.launch_col = t_[args[0].first].col;
  {
    const std::size_t stmt = top_statement(f, args.empty() ? f.body_b + 1 : args[0].first);
    launch.stmt_line = t_[stmt].line, launch.stmt_col = t_[stmt].col;
    launch.end_line = t_[f.body_e].line, launch.end_col = t_[f.body_e].col;
  }
  if (std::none_of(kernel->params.begin(), kernel->params.end(),
                   [&](const FnParam& p) { return !pointee(p).empty(); })) {
    if (!user.empty())
      throw CppConfigError(f.line, f.col, f.name,
                           "--bind is not read with a copy-only launch (" + kernel->name +
                               "): its tensors and TiledCopy come from the launch");
    launch.copy_only = true;
    if (args.size() == 3) {
      static const char* const keys[] = {"src", "dst", "copy"};
      for (std::size_t i = 0; i < 3; ++i)
        launch.roles.push_back({keys[i], tokens_text(args[i].first, args[i].second)});
    }
    tutorial_launch_ = launch;
    return copy_launch(f, *kernel, args, spec);
  }
  // The launch's arguments matched to the kernel's parameters: those after the kernel's first, second and
  // third pointer parameters are A's, B's and C's (its `TA const* A, AStride dA, ASmemLayout sA_layout,
  // TiledCopyA copy_a, S2RAtomA s2r_atom_a`); each read as its value says.
  struct Arg {
    std::string key, expr;
    int line, col;
    std::string text;
  };
  std::vector<Arg> found;
  std::vector<CppBinding> binds = {{"scope", f.scope}};
  for (const auto& [p, t] : tbind) binds.push_back({p, t});
  bind_template_params(binds, f.scope, nullptr);  // the types the arguments' values read
  int pointer = -1;
  int64_t stages = 0;
  std::string stages_from;
  struct TmaArg {
    std::string x;
    int line, col;
    std::string text;
  };
  std::vector<TmaArg> tma_args;  // operands loaded by make_tma_atom's SM90_TMA_LOAD
  for (std::size_t i = 0; i < args.size(); ++i) {
    const FnParam& kp = kernel->params[i];
    const auto [b, e] = args[i];
    const Tok& at = t_[b];
    const std::string text = tokens_text(b, e);
    const std::string what = "argument " + std::to_string(i + 1) + " (" + text + ") of the " + kernel->name +
                             " launch, its parameter " + kp.name;
    if (!pointee(kp).empty()) {
      ++pointer;
      if (pointer > 2) fail_at(at, f.name, what + ": a fourth pointer parameter; tvlab reads A, B and C");
      if (pointer == 2) continue;  // C: the epilogue is not modelled here
      const std::string X(1, "AB"[pointer]);
      // The element type: the host function's parameter the argument names.
      std::string type;
      for (const FnParam& hp : f.params)
        if (e == b + 1 && hp.name == at.text) type = pointee(hp);
      if (type.empty())
        fail_at(at, f.name,
                what + ": tvlab reads the element type of a parameter of " + f.name +
                    " passed as it is; give it: --bind " + X + ".type=T");
      found.push_back({X + ".type", type, at.line, at.col, text});
      continue;
    }
    const std::string X = pointer == 0 ? "A" : pointer == 1 ? "B" : pointer == 2 ? "C" : "";
    CVal v;
    try {
      Parser ps(t_, b, e);
      const Node n = ps.expr();
      ps.expect_end();
      v = eval(n, f.scope);
    } catch (const CppConfigError& err) {
      // A TMA atom: the descriptor needs the global tensor's shape, not read in this form yet.
      std::string head;
      if (e == b + 1)
        if (const auto it = decls_.find(f.scope + "::" + at.text); it != decls_.end())
          for (std::size_t j = it->second.front().init_b; j < it->second.front().init_e && head.empty(); ++j)
            if (t_[j].kind == Tok::Ident && (t_[j].text == "make_tma_atom" || t_[j].text == "make_tma_copy"))
              head = t_[j].text;
      if (head == "make_tma_copy")
        fail_at(at, f.name, what + ": make_tma_copy is not read in the tutorial form (make_tma_atom is)");
      if (!head.empty()) {
        // make_tma_atom(SM90_TMA_LOAD{}, mX, sX(_,_,0), make_shape(bM,bK)) over mX = make_tensor(X, shape,
        // dX): the operand's type, stride and staged smem; the tensor map itself needs the problem (below).
        if (X != "A" && X != "B") fail_at(at, f.name, what + ": a TMA atom of neither A nor B");
        const Decl& d = decls_.at(f.scope + "::" + at.text).front();
        Parser pa(t_, d.init_b, d.init_e);
        const Node call = pa.expr();
        const auto args_of_call = [&](const Node& n, std::size_t want, const char* form) {
          if (n.calls.size() != 1 || n.calls[0].second.size() != want)
            fail(n, base_name(n.text), std::string("expected ") + form);
          return n.calls[0].second;
        };
        const auto ta =
            args_of_call(call, 4, "make_tma_atom(SM90_TMA_LOAD{}, mX, sX(_,_,0), make_shape(bM, bK))");
        if (base_name(ta[0].text) != "SM90_TMA_LOAD")
          fail(ta[0], "make_tma_atom",
               base_name(ta[0].text) +
                   ": tvlab reads the tutorial's SM90_TMA_LOAD (a multicast's CTA count is "
                   "the launch's cluster, which it does not read)");
        const auto md = decls_.find(f.scope + "::" + ta[1].text);
        if (ta[1].kind != Node::Kind::Name || md == decls_.end())
          fail(ta[1], "make_tma_atom",
               "expected the global tensor, a variable mX = make_tensor(X, shape, dX)");
        Parser pm(t_, md->second.front().init_b, md->second.front().init_e);
        const Node mt = pm.expr();
        const auto ma = args_of_call(mt, 3, "make_tensor(X, make_shape(M, K), dX)");
        std::string type;
        for (const FnParam& hp : f.params)
          if (ma[0].kind == Node::Kind::Name && hp.name == ma[0].text) type = pointee(hp);
        if (type.empty())
          fail(ma[0], "make_tensor", "expected a pointer parameter of " + f.name + " (its element type)");
        if (ta[2].kind != Node::Kind::Name || ta[2].calls.size() != 1)
          fail(ta[2], "make_tma_atom", "expected a stage of the smem layout, sX(_,_,0)");
        found.push_back({X + ".type", type, ma[0].line, ma[0].col, ma[0].text});
        found.push_back({X + ".gmem", spelled(ma[2]), ma[2].line, ma[2].col, spelled(ma[2])});
        const CVal sv =
            eval(Node{Node::Kind::Name, ta[2].text, false, {}, {}, {}, {}, ta[2].line, ta[2].col}, f.scope);
        const CCore* sc = std::get_if<CCore>(&sv);
        const IntTuple* shape = !sc                                     ? nullptr
                                : std::holds_alternative<Layout>(sc->v) ? &std::get<Layout>(sc->v).shape
                                : std::holds_alternative<ComposedLayout>(sc->v)
                                    ? &std::get<ComposedLayout>(sc->v).layout.shape
                                    : nullptr;
        if (!shape || !shape->is_tuple() || rank(*shape) != 3)
          fail(ta[2], ta[2].text, "expected an (m,k,stage) shared-memory layout");
        const int64_t st = product((*shape)[2]);
        if (stages && st != stages)
          fail(ta[2], ta[2].text,
               std::to_string(st) + " stages, and " + std::to_string(stages) + " in " + stages_from);
        stages = st, stages_from = ta[2].text;
        found.push_back({X + ".smem", ta[2].text, ta[2].line, ta[2].col, ta[2].text});
        tma_args.push_back({X, at.line, at.col, text});
        continue;
      }
      // What tvlab does not model (the problem's run-time shape, C's stride and layout, alpha and beta) is
      // not read; an operand's part that does not read is an error.
      if ((X.empty() || X == "C") && std::string(err.what()).find("a run-time value") != std::string::npos)
        continue;
      throw CppConfigError(err.line(), err.column(), "", std::string(err.what()) + " (reading " + what + ")");
    }
    std::string key;
    if (std::holds_alternative<CTiledMma>(v)) {
      key = "mma";
    } else if (std::holds_alternative<CRuntime>(v) || std::holds_alternative<CType>(v) || X == "C") {
      continue;  // alpha, beta, C's stride and smem layout: not modelled
    } else if (X.empty()) {
      const CCore* c = std::get_if<CCore>(&v);
      const IntTuple* t = c ? std::get_if<IntTuple>(&c->v) : nullptr;
      if (t && t->is_tuple() && rank(*t) == 3)
        key = "cta_tile";
      else
        continue;  // the problem shape (run-time)
    } else if (std::holds_alternative<CStride>(v) || std::holds_alternative<CTag>(v)) {
      key = X + ".gmem";
    } else if (const CCore* c = std::get_if<CCore>(&v);
               c && (std::holds_alternative<Layout>(c->v) || std::holds_alternative<ComposedLayout>(c->v))) {
      key = X + ".smem";
      const IntTuple& shape = std::holds_alternative<Layout>(c->v)
                                  ? std::get<Layout>(c->v).shape
                                  : std::get<ComposedLayout>(c->v).layout.shape;
      if (shape.is_tuple() && rank(shape) == 3) {
        const int64_t s = product(shape[2]);
        if (stages && s != stages)
          fail_at(at, f.name,
                  what + ": " + std::to_string(s) + " stages, and " + std::to_string(stages) + " in " +
                      stages_from + ": the pipeline stages its operands alike");
        stages = s, stages_from = text;
      }
    } else if (const CTiledCopy* c = std::get_if<CTiledCopy>(&v); c && !c->copy.from_mma) {
      key = X + ".g2s";
    } else if (std::holds_alternative<CCopyAtom>(v) || std::holds_alternative<CTiledCopy>(v)) {
      key = X + ".s2r";
    } else {
      fail_at(at, f.name, what + ": " + kind_of(v) + ", which tvlab does not read as a part of operand " + X);
    }
    for (const Arg& a : found)
      if (a.key == key)
        fail_at(at, f.name,
                what + ": a second " + key + " (the first: " + a.text + " at line " + std::to_string(a.line) +
                    ")");
    found.push_back({key, text, at.line, at.col, text});
  }
  // The roles, for the compiler path (tutorial_launch()): each argument's expression, A's and B's types.
  for (const Arg& a : found) {
    // A TMA operand names its pointer twice (the launch's argument, make_tensor's): its first.
    if (std::any_of(launch.roles.begin(), launch.roles.end(),
                    [&](const auto& r) { return r.first == a.key; }))
      continue;
    launch.roles.push_back({a.key, a.text});
    if (!a.key.ends_with(".type")) continue;
    const auto it = tbind.find(a.expr);
    launch.types.push_back(it != tbind.end() ? it->second : registry_type(a.expr, f.scope));
  }
  for (const TmaArg& t : tma_args) launch.roles.push_back({t.x + ".tma", t.text});
  tutorial_launch_ = launch;
  if (stages) found.push_back({"stages", std::to_string(stages), 0, 0, stages_from});

  // The binds the launch gives, --bind's own on top (a key given replaces the launch's).
  std::map<std::string, const Arg*> by_key;
  for (const Arg& a : found) {
    bool overridden = false;
    for (const CppBinding& u : user) overridden |= u.key == a.key;
    if (overridden) continue;
    binds.push_back({a.key, a.expr});
    by_key[a.key] = &a;
  }
  for (const CppBinding& u : user) {
    if (u.key == "scope")
      throw CppConfigError::in_bind(u.key, u.expr, 1,
                                    "--config " + spec + " names the function; leave scope out");
    if (tbind.count(u.key)) continue;  // a --bind TA=... : bound below, over --config's
    binds.push_back(u);
  }
  for (const CppBinding& u : user)
    if (tbind.count(u.key))
      for (CppBinding& b : binds)
        if (b.key == u.key) b.expr = u.expr;
  bound_params_.clear();
  memo_.clear();
  CppConfig cfg;
  try {
    cfg = bound(binds);
  } catch (const CppConfigError& err) {
    // An error at a launch argument's value: at that argument in the file.
    const std::string& c = err.construct();
    if (c.rfind("--bind ", 0) == 0)
      if (const auto it = by_key.find(c.substr(7)); it != by_key.end() && it->second->line) {
        std::string why = err.what();
        if (const std::string own = "--bind " + it->first + ": "; why.rfind(own, 0) == 0)
          why = why.substr(own.size());
        throw CppConfigError(it->second->line, it->second->col, it->second->text + " (" + it->first + ")",
                             why);
      }
    throw;
  }
  // The TMA loads: the tensor map of the global tensor (M,K) / (N,K). Given --bind problem=make_shape(M, N,
  // K), the tensor is packed (ldA = M for M-major A, K for K-major; what the tutorial's main passes). Without
  // it the extents and ldA are the host function's run-time ints: a representative problem (extents 4099
  // tiles, no box multiple) with ld_alignment 1, so the stride rule is the caller's precondition (not
  // decided).
  for (const TmaArg& t : tma_args) {
    const auto& pr = cfg.config.kernel.problem;
    const auto& tile = cfg.config.kernel.cta_tile;
    if (!pr && !tile)
      throw CppConfigError(t.line, t.col, t.text + " (" + t.x + "'s TMA load)",
                           "make_tma_atom over a run-time global tensor and no CTA tile to size it by: give "
                           "--bind problem=make_shape(M, N, K)");
    OperandConfig& o = cfg.config.operand_or_add(t.x);
    const int64_t rows =
                      pr ? (t.x == "A" ? (*pr)[0] : (*pr)[1]) : (t.x == "A" ? (*tile)[0] : (*tile)[1]) * 4099,
                  depth = pr ? (*pr)[2] : (*tile)[2] * 4099;
    const std::string unit = o.gmem && o.gmem->layout ? *o.gmem->layout : "";
    if (unit != "K" && unit != "M" && unit != "N")
      throw CppConfigError(t.line, t.col, t.text,
                           "expected a stride with a static unit mode (make_stride(Int<1>{}, ld))");
    TmaConfig tc;
    tc.shape = {rows, depth};
    tc.stride = unit == "K" ? std::vector<int64_t>{depth, 1} : std::vector<int64_t>{1, rows};
    tc.multicast = 1;
    tc.arch = "sm90";
    if (!pr) tc.ld_alignment = 1;
    CopyConfig c;
    c.tma = tc;
    o.copy = c;
    cfg.origins.push_back(
        {"operands." + t.x + ".copy", t.line, t.col, t.text + " (" + t.x + "'s TMA load)", ""});
  }
  // Origins at the arguments, so that a plan error lands on the file's line and column.
  for (CppOrigin& o : cfg.origins)
    if (o.construct.rfind("--bind ", 0) == 0)
      if (const auto it = by_key.find(o.construct.substr(7)); it != by_key.end()) {
        const Arg& a = *it->second;
        o.line = a.line ? a.line : f.line;
        o.column = a.line ? a.col : f.col;
        o.construct = a.text + " (" + a.key + ", passed to " + kernel->name + ")";
        o.bind_expr.clear();
      }
  if (std::none_of(user.begin(), user.end(), [](const CppBinding& b) { return b.key == "name"; }))
    cfg.name = cfg.config.name = spec;
  cfg.line = f.line;
  cfg.column = f.col;
  return cfg;
}

CppConfig Reader::copy_launch(const Function& f, const Function& kernel,
                              const std::vector<std::pair<std::size_t, std::size_t>>& args,
                              const std::string& spec) {
  const std::string form =
      "tvlab reads a copy-only launch of the form of CuTe's tiled_copy.cu: KERNEL<<<grid, block>>>(S, D, "
      "tiled_copy), S and D tiled_divide(make_tensor(make_gmem_ptr(ptr), make_layout(shape)), block_shape), "
      "the kernel copying S(make_coord(_,_), blockIdx.x, blockIdx.y) into D's tile through "
      "tiled_copy.get_thread_slice(threadIdx.x)'s partition_S / partition_D";
  if (args.size() != 3 || kernel.params.size() != 3)
    fail_at(t_[args.empty() ? f.body_b : args[0].first], f.name,
            "its " + kernel.name + " launch passes " + std::to_string(args.size()) + " arguments; " + form);
  // The kernel's body: S and D sliced at the block, partitioned by the TiledCopy's thread slice, copied.
  const std::string& ps = kernel.params[0].name;
  const std::string& pd = kernel.params[1].name;
  const std::string& pc = kernel.params[2].name;
  // The first position of `seq` in g's body, 0 when absent.
  const auto find_seq_in = [&](const Function& g, const std::vector<std::string>& seq) -> std::size_t {
    for (std::size_t j = g.body_b + 1; j + seq.size() <= g.body_e; ++j) {
      bool ok = true;
      for (std::size_t q = 0; q < seq.size() && ok; ++q) ok = t_[j + q].text == seq[q];
      if (ok) return j;
    }
    return 0;
  };
  std::vector<std::string> missing;
  std::string tile_of[2];
  for (int side = 0; side < 2; ++side) {
    const std::string& x = side ? pd : ps;
    const std::size_t at = find_seq_in(kernel, {x, "(", "make_coord", "(", "_", ",", "_", ")", ",",
                                                "blockIdx", ".", "x", ",", "blockIdx", ".", "y", ")"});
    if (at && t_[at - 1].text == "=" && t_[at - 2].kind == Tok::Ident) tile_of[side] = t_[at - 2].text;
    if (tile_of[side].empty()) {
      missing.push_back("Tensor tile = " + x + "(make_coord(_, _), blockIdx.x, blockIdx.y)");
      continue;
    }
    if (!find_seq_in(kernel, {side ? "partition_D" : "partition_S", "(", tile_of[side], ")"}))
      missing.push_back(std::string(side ? "partition_D(" : "partition_S(") + tile_of[side] + ")");
  }
  if (!find_seq_in(kernel, {pc, ".", "get_thread_slice", "(", "threadIdx", ".", "x", ")"}))
    missing.push_back(pc + ".get_thread_slice(threadIdx.x)");
  if (!find_seq_in(kernel, {"copy", "(", pc, ","})) missing.push_back("copy(" + pc + ", ...)");
  if (!missing.empty()) {
    std::string m;
    for (const std::string& s : missing) m += (m.empty() ? "" : "; ") + s;
    fail_at(t_[kernel.body_b], kernel.name,
            "the kernel's body is not the form tvlab reads (missing: " + m + "); " + form +
                "; nothing of this function was checked");
  }
  // The launch's grid and block: dim3 G(size<1>(X), size<2>(X)) over a tensor argument X (one CTA a block
  // tile) and dim3 B(size(L)) of a layout L (checked below to have the TiledCopy's thread count), as
  // tiled_copy.cu writes them; any other grid or block leaves tiles or threads out, or adds some, and is not
  // read.
  std::string grid_name, block_name;
  for (std::size_t j = f.body_b + 1; j + 3 < f.body_e && grid_name.empty(); ++j)
    if (t_[j].text == kernel.name && punct(j + 1, "<") && punct(j + 2, "<") && punct(j + 3, "<") &&
        j + 7 < f.body_e && t_[j + 4].kind == Tok::Ident && punct(j + 5, ",") &&
        t_[j + 6].kind == Tok::Ident && punct(j + 7, ">"))
      grid_name = t_[j + 4].text, block_name = t_[j + 6].text;
  const std::string launch_form =
      "the launch's grid and block as tiled_copy.cu writes them: KERNEL<<<gridDim, blockDim>>>(...) with "
      "dim3 gridDim(size<1>(D), size<2>(D)) and dim3 blockDim(size(thr_layout))";
  if (grid_name.empty())
    fail_at(t_[args[0].first], f.name,
            "tvlab reads " + launch_form + "; nothing of this function was checked");
  std::string thr_name;
  {
    const std::string d1 = tokens_text(args[1].first, args[1].second),
                      d0 = tokens_text(args[0].first, args[0].second);
    bool grid_ok = false;
    for (const std::string& d : {d1, d0})
      grid_ok = grid_ok || find_seq_in(f, {"dim3", grid_name, "(", "size", "<", "1", ">", "(", d, ")", ",",
                                           "size", "<", "2", ">", "(", d, ")", ")"});
    const std::size_t bk = find_seq_in(f, {"dim3", block_name, "(", "size", "("});
    if (bk && t_[bk + 5].kind == Tok::Ident && punct(bk + 6, ")") && punct(bk + 7, ")"))
      thr_name = t_[bk + 5].text;
    if (!grid_ok || thr_name.empty())
      fail_at(t_[args[0].first], f.name,
              "tvlab reads " + launch_form + " (" + (grid_ok ? "blockDim" : "gridDim") +
                  " is not); nothing of this function was checked");
  }
  // The TiledCopy.
  const auto value_of = [&](std::size_t b, std::size_t e) {
    Parser p(t_, b, e);
    const Node n = p.expr();
    p.expect_end();
    return eval(n, f.scope);
  };
  const CVal cv = value_of(args[2].first, args[2].second);
  const CTiledCopy* tc = std::get_if<CTiledCopy>(&cv);
  if (!tc || tc->copy.from_mma || tc->copy.print)
    fail_at(t_[args[2].first], f.name,
            "argument 3 (" + tokens_text(args[2].first, args[2].second) + ") of the " + kernel.name +
                " launch: " + (tc ? "a TiledCopy of an MMA's operand" : kind_of(cv)) +
                ", where tvlab reads make_tiled_copy(Copy_Atom<Op, T>{}, thr_layout, val_layout)");
  {
    std::size_t tb = 0;
    for (std::size_t j = f.body_b + 1; j < f.body_e && !tb; ++j)
      if (t_[j].text == thr_name && t_[j].kind == Tok::Ident) tb = j;
    const CVal tv =
        eval(Node{Node::Kind::Name, thr_name, false, {}, {}, {}, {}, t_[tb].line, t_[tb].col}, f.scope);
    const CCore* tl = std::get_if<CCore>(&tv);
    int64_t threads = -1;
    if (tl && std::holds_alternative<Layout>(tl->v)) threads = size(std::get<Layout>(tl->v));
    int64_t want = -1;
    if (tc->copy.thr_layout) {
      if (const int64_t* n = std::get_if<int64_t>(&*tc->copy.thr_layout))
        want = *n;
      else
        try {
          want = size(parse_layout(std::get<std::string>(*tc->copy.thr_layout)));
        } catch (const std::exception&) {
          want = -1;
        }
    }
    if (threads != want)
      fail_at(t_[tb], f.name,
              "blockDim(size(" + thr_name + ")) launches " + std::to_string(threads) +
                  " threads, and the TiledCopy has " + std::to_string(want) +
                  ": tvlab reads a launch of exactly the TiledCopy's threads");
  }
  StandaloneCopyConfig sc;
  sc.name = tokens_text(args[2].first, args[2].second);
  if (args[2].second != args[2].first + 1 || t_[args[2].first].kind != Tok::Ident) sc.name = "copy";
  sc.copy = tc->copy;
  sc.copy.value_type = tc->type;
  CppConfig cfg;
  // The tensors: tiled_divide(make_tensor(make_gmem_ptr(ptr), make_layout(shape)), block_shape).
  std::optional<std::vector<int64_t>> block;
  std::string block_from;
  for (int side = 0; side < 2; ++side) {
    const auto [b, e] = args[static_cast<std::size_t>(side)];
    const Tok& at = t_[b];
    const std::string what = std::string("argument ") + (side ? "2" : "1") + " (" + tokens_text(b, e) +
                             ") of the " + kernel.name + " launch, the tensor it copies " +
                             (side ? "into" : "from");
    const auto decl_init = [&](const Tok& name, const char* head,
                               std::vector<std::pair<std::size_t, std::size_t>>& inner) -> const Decl& {
      const auto it = decls_.find(f.scope + "::" + name.text);
      if (name.kind != Tok::Ident || it == decls_.end())
        fail_at(name, f.name, what + ": expected a variable of " + f.name + " declared = " + head + "(...)");
      const Decl& d = it->second.front();
      if (!(d.init_e > d.init_b + 1 && t_[d.init_b].text == head && punct(d.init_b + 1, "(")))
        fail_at(t_[d.init_b], f.name,
                what + ": " + name.text + " is " + tokens_text(d.init_b, d.init_e) + ", where tvlab reads " +
                    head + "(...); " + form);
      inner = arguments(d.init_b + 1);
      return d;
    };
    if (e != b + 1) fail_at(at, f.name, what + ": expected a variable (" + form + ")");
    std::vector<std::pair<std::size_t, std::size_t>> div, mt, gp;
    decl_init(at, "tiled_divide", div);
    if (div.size() != 2 || div[0].second != div[0].first + 1)
      fail_at(t_[div.empty() ? b : div[0].first], f.name,
              what + ": expected tiled_divide(tensor, block_shape)");
    // The block shape.
    const CVal bv = value_of(div[1].first, div[1].second);
    const CCore* bc = std::get_if<CCore>(&bv);
    const IntTuple* bt = bc ? std::get_if<IntTuple>(&bc->v) : nullptr;
    if (!bt || !bt->is_tuple() || rank(*bt) != 2 || !(*bt)[0].is_leaf() || !(*bt)[1].is_leaf())
      fail_at(t_[div[1].first], f.name,
              what + ": the block shape " + tokens_text(div[1].first, div[1].second) +
                  " is not a static (M, N) shape (make_shape(Int<M>{}, Int<N>{}))");
    const std::vector<int64_t> bl = {(*bt)[0].ival(), (*bt)[1].ival()};
    if (block && *block != bl)
      fail_at(t_[div[1].first], f.name,
              what + ": block shape (" + std::to_string(bl[0]) + "," + std::to_string(bl[1]) + "), and (" +
                  std::to_string((*block)[0]) + "," + std::to_string((*block)[1]) + ") in " + block_from +
                  ": the kernel slices both tensors at the same block");
    block = bl, block_from = tokens_text(b, e);
    // The global tensor.
    decl_init(t_[div[0].first], "make_tensor", mt);
    if (mt.size() != 2)
      fail_at(t_[div[0].first], f.name,
              what + ": expected make_tensor(make_gmem_ptr(ptr), make_layout(shape))");
    if (!(ident(mt[0].first, "make_gmem_ptr") && punct(mt[0].first + 1, "(")))
      fail_at(t_[mt[0].first], f.name,
              what + ": the tensor's pointer " + tokens_text(mt[0].first, mt[0].second) +
                  " is not make_gmem_ptr(...): tvlab reads a copy of global memory");
    gp = arguments(mt[0].first + 1);
    const std::string type = gp.size() == 1 ? argument_type(gp[0].first, gp[0].second, f, 0) : "";
    if (type.empty())
      fail_at(t_[mt[0].first], f.name,
              what + ": the element type of " + tokens_text(mt[0].first, mt[0].second) +
                  " is not told (tvlab reads a pointer parameter, X.data(), X.data().get() or "
                  "thrust::raw_pointer_cast(X.data()) of a thrust::device_vector<T> X)");
    if (type != tc->type)
      fail_at(t_[mt[0].first], f.name,
              what + ": a tensor of " + type + " copied by a Copy_Atom of " + tc->type +
                  ": tvlab reads a copy whose atom's value type is the tensors' element type");
    // make_layout(shape) or make_layout(shape, LayoutLeft{} / LayoutRight{}): CuTe's compact layouts, the
    // unit stride a static _1 (what copy_unpack's recast needs), the others run-time.
    Parser pl(t_, mt[1].first, mt[1].second);
    const Node ln = pl.expr();
    pl.expect_end();
    const std::vector<Node>* la = ln.calls.size() == 1 ? &ln.calls[0].second : nullptr;
    bool right = false;
    if (la && la->size() == 2) {
      const std::string tag = base_name((*la)[1].text);
      if ((tag == "LayoutLeft" || tag == "LayoutRight") && (*la)[1].calls.size() == 1 &&
          (*la)[1].calls[0].second.empty())
        right = tag == "LayoutRight";
      else
        la = nullptr;
    }
    if (base_name(ln.text) != "make_layout" || !la || la->empty() || la->size() > 2)
      fail(ln, f.name,
           what + ": the layout " + spelled(ln) +
               " is not make_layout(shape) or make_layout(shape, LayoutLeft{} / LayoutRight{}) (a stride "
               "written out does not say which of its modes are static, which CuTe's vector copy needs)");
    const CVal sv = eval((*la)[0], f.scope);
    const CCore* scv = std::get_if<CCore>(&sv);
    const IntTuple* st = scv ? std::get_if<IntTuple>(&scv->v) : nullptr;
    if (!st || !st->is_tuple() || rank(*st) != 2 || !(*st)[0].is_leaf() || !(*st)[1].is_leaf())
      fail((*la)[0], f.name,
           what + ": the shape " + spelled((*la)[0]) + " is not an (m, n) shape of integers");
    const int64_t m = (*st)[0].ival(), n = (*st)[1].ival();
    if (m <= 0 || n <= 0)
      fail((*la)[0], f.name,
           what + ": the shape (" + std::to_string(m) + "," + std::to_string(n) + ") is empty");
    const std::string layout = "(" + std::to_string(m) + "," + std::to_string(n) + "):(" +
                               (right ? std::to_string(n) + ",1)" : "1," + std::to_string(m) + ")");
    CopyTensorConfig ct;
    ct.layout = layout;
    ct.memory = "gmem";
    (side ? sc.dst : sc.src) = ct;
    cfg.origins.push_back(
        {"copies." + sc.name + (side ? ".dst" : ".src"), at.line, at.col,
         tokens_text(b, e) + " (" + (side ? "dst" : "src") + ", passed to " + kernel.name + ")", ""});
  }
  sc.block = block;
  cfg.origins.push_back({"copies." + sc.name + ".block", t_[args[0].first].line, t_[args[0].first].col,
                         block_from + "'s block shape", ""});
  cfg.origins.push_back({"copies." + sc.name, t_[args[2].first].line, t_[args[2].first].col,
                         sc.name + " (passed to " + kernel.name + ")", ""});
  cfg.config.copies.push_back(std::move(sc));
  cfg.name = cfg.config.name = spec;
  cfg.line = f.line;
  cfg.column = f.col;
  return cfg;
}

}  // namespace tvlab::detail
