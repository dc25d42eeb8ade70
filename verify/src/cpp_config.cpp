#include "tvlab/verify/cpp_config.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <variant>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tiling/cute_print.hpp"

namespace tvlab {

CppConfigError::CppConfigError(int line, int column, const std::string& construct, const std::string& why)
    : SpecError("line " + std::to_string(line) + ", column " + std::to_string(column),
                (construct.empty() ? std::string() : construct + ": ") + why),
      line_(line),
      column_(column),
      construct_(construct) {}

bool looks_like_cpp(std::string_view text, std::string_view file_name) {
  if (file_name.ends_with(".json")) return false;
  for (char c : text)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return c != '{' && c != '[';
  return false;
}

namespace {

// ---------------------------------------------------------------------------------------------- tokens

struct Tok {
  enum Kind { Ident, Number, Punct, String, End } kind;
  std::string text;
  int line, col;
};

std::string byte_hex(unsigned char c) {
  const char* d = "0123456789abcdef";
  return std::string("0x") + d[c >> 4] + d[c & 15];
}

// Comments, preprocessor lines, strings and whitespace out; `>>` as two `>` (template arguments close).
std::vector<Tok> lex(std::string_view s) {
  std::vector<Tok> out;
  int line = 1, col = 1;
  std::size_t i = 0;
  bool line_start = true;
  auto adv = [&](std::size_t n = 1) {
    for (std::size_t k = 0; k < n && i < s.size(); ++k, ++i) {
      if (s[i] == '\n')
        ++line, col = 1, line_start = true;
      else
        ++col;
    }
  };
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '\n' || c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      adv();
      continue;
    }
    if (c == '#' && line_start) {  // a preprocessor line, with its continuations
      while (i < s.size() && s[i] != '\n') {
        if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == '\n') adv();
        adv();
      }
      continue;
    }
    line_start = false;
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
      while (i < s.size() && s[i] != '\n') adv();
      continue;
    }
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      const int l0 = line, c0 = col;
      adv(2);
      while (i < s.size() && !(s[i] == '*' && i + 1 < s.size() && s[i + 1] == '/')) adv();
      if (i >= s.size()) throw CppConfigError(l0, c0, "", "unterminated /* comment");
      adv(2);
      continue;
    }
    const int l0 = line, c0 = col;
    if (c == '"' || c == '\'') {
      const char q = static_cast<char>(c);
      adv();
      while (i < s.size() && s[i] != q && s[i] != '\n') {
        if (s[i] == '\\') adv();
        adv();
      }
      if (i >= s.size() || s[i] != q)
        throw CppConfigError(l0, c0, "",
                             std::string("unterminated ") + (q == '"' ? "string" : "character") + " literal");
      adv();
      out.push_back({Tok::String, "", l0, c0});
      continue;
    }
    if (std::isalpha(c) || c == '_') {
      const std::size_t b = i;
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) adv();
      out.push_back({Tok::Ident, std::string(s.substr(b, i - b)), l0, c0});
      continue;
    }
    if (std::isdigit(c)) {
      const std::size_t b = i;
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '\'' || s[i] == '.'))
        adv();
      out.push_back({Tok::Number, std::string(s.substr(b, i - b)), l0, c0});
      continue;
    }
    if (c == ':' && i + 1 < s.size() && s[i + 1] == ':') {
      adv(2);
      out.push_back({Tok::Punct, "::", l0, c0});
      continue;
    }
    if (c < 0x20 || c >= 0x7f)
      throw CppConfigError(
          l0, c0, "",
          "byte " + byte_hex(c) +
              " outside comments and strings: not C++ source text (binary data or a non-ASCII "
              "character)");
    if (std::string_view("<>(){}[],;=*&+-/%!~?:.|^@$\\`").find(static_cast<char>(c)) ==
        std::string_view::npos)
      throw CppConfigError(l0, c0, "", std::string("unexpected character '") + static_cast<char>(c) + "'");
    adv();
    out.push_back({Tok::Punct, std::string(1, static_cast<char>(c)), l0, c0});
  }
  out.push_back({Tok::End, "", line, col});
  return out;
}

// ---------------------------------------------------------------------------------------------- syntax

// A C++ expression or type of the configuration subset: a (qualified) name with template arguments, calls
// or braced initialisers and ::members; a number; a parenthesised expression; integer arithmetic.
struct Node {
  enum class Kind { Name, Number, Group, Unary, Binary } kind = Kind::Name;
  std::string text;  // the name as written (cute::Layout), the number, or the operator
  bool has_targs = false;
  std::vector<Node> targs;
  std::vector<std::pair<char, std::vector<Node>>> calls;  // '(' or '{' and the arguments
  std::vector<std::string> members;                       // ::member after the calls
  std::vector<Node> kids;
  int line = 0, col = 0;
};

// The last component of a qualified name: cute::Layout -> Layout.
std::string base_name(const std::string& q) {
  const auto at = q.rfind("::");
  return at == std::string::npos ? q : q.substr(at + 2);
}

class Parser {
 public:
  Parser(const std::vector<Tok>& t, std::size_t b, std::size_t e) : t_(t), i_(b), end_(e) {}
  Node expr() { return binary(0); }
  bool done() const { return i_ >= end_; }
  const Tok& peek() const { return i_ < end_ ? t_[i_] : t_.back(); }
  std::size_t pos() const { return i_; }
  [[noreturn]] void fail(const std::string& why) const {
    const Tok& k = peek();
    throw CppConfigError(k.line, k.col, "",
                         why + (k.kind == Tok::End || i_ >= end_ ? " at the end of the declaration"
                                                                 : ", at '" + k.text + "'"));
  }

 private:
  const std::vector<Tok>& t_;
  std::size_t i_, end_;
  int depth_ = 0;

  bool is(const char* p) const { return i_ < end_ && t_[i_].kind == Tok::Punct && t_[i_].text == p; }
  void expect(const char* p) {
    if (!is(p)) fail(std::string("expected '") + p + "'");
    ++i_;
  }
  struct Deeper {
    Parser& p;
    explicit Deeper(Parser& q) : p(q) {
      if (++p.depth_ > kMaxCppNesting)
        p.fail("nesting deeper than " + std::to_string(kMaxCppNesting) + " levels");
    }
    ~Deeper() { --p.depth_; }
  };

  static int prec(const std::string& op) {
    return op == "+" || op == "-" ? 1 : op == "*" || op == "/" || op == "%" ? 2 : 0;
  }

  Node binary(int min) {
    Deeper d(*this);
    Node lhs = unary();
    while (i_ < end_ && t_[i_].kind == Tok::Punct && prec(t_[i_].text) > min) {
      Node n;
      n.kind = Node::Kind::Binary;
      n.text = t_[i_].text;
      n.line = lhs.line, n.col = lhs.col;
      const int p = prec(n.text);
      ++i_;
      n.kids.push_back(std::move(lhs));
      n.kids.push_back(binary(p));
      lhs = std::move(n);
    }
    return lhs;
  }

  Node unary() {
    if (is("-") || is("+")) {
      Node n;
      n.kind = Node::Kind::Unary;
      n.text = t_[i_].text;
      n.line = t_[i_].line, n.col = t_[i_].col;
      ++i_;
      Deeper d(*this);
      n.kids.push_back(unary());
      return n;
    }
    return primary();
  }

  std::vector<Node> list(const char* close) {
    std::vector<Node> out;
    if (is(close)) {
      ++i_;
      return out;
    }
    for (;;) {
      out.push_back(expr());
      if (is(close)) {
        ++i_;
        return out;
      }
      if (!is(",")) fail(std::string("expected ',' or '") + close + "'");
      ++i_;
    }
  }

  Node primary() {
    Deeper d(*this);
    while (i_ < end_ && t_[i_].kind == Tok::Ident &&
           (t_[i_].text == "typename" || t_[i_].text == "const" || t_[i_].text == "template"))
      ++i_;
    if (i_ >= end_) fail("expected an expression");
    const Tok& k = t_[i_];
    Node n;
    n.line = k.line, n.col = k.col;
    if (k.kind == Tok::Number) {
      n.kind = Node::Kind::Number;
      n.text = k.text;
      ++i_;
      return n;
    }
    if (is("(")) {
      ++i_;
      n.kind = Node::Kind::Group;
      n.kids.push_back(expr());
      expect(")");
      return n;
    }
    if (is("::")) ++i_;
    if (i_ >= end_ || t_[i_].kind != Tok::Ident) fail("expected a name, a number or '('");
    n.text = t_[i_++].text;
    while (is("::") && i_ + 1 < end_ && t_[i_ + 1].kind == Tok::Ident && !n.has_targs) {
      n.text += "::" + t_[i_ + 1].text;
      i_ += 2;
    }
    if (is("<")) {
      ++i_;
      n.has_targs = true;
      n.targs = list(">");
    }
    for (;;) {
      if (is("(") || is("{")) {
        const char open = t_[i_].text[0];
        ++i_;
        n.calls.push_back({open, list(open == '(' ? ")" : "}")});
      } else if (is("::") && i_ + 1 < end_ && t_[i_ + 1].kind == Tok::Ident) {
        if (t_[i_ + 1].text == "template") fail("'::template' member templates are not read");
        n.members.push_back(t_[i_ + 1].text);
        i_ += 2;
        if (is("<")) fail("a member template's arguments are not read");
      } else {
        break;
      }
    }
    return n;
  }
};

// ---------------------------------------------------------------------------------------------- values

struct CInt {
  int64_t v;
};
struct CCore {
  Value v;
};
struct CType {
  std::string name;  // tvlab's value type name (half_t) or an integer type (int64_t)
  int bits = 0;
  bool integer_type = false;  // int, int64_t, long ... (strides' dynamic modes)
  // sycl-tla's mixed-input collectives: ElementX as cute::tuple<T[, ElementScale, StrideScale[, ElementZero,
  // StrideZero]]>; `mixed` says the tuple form, `tuple_extra` counts what follows T.
  bool mixed = false;
  std::size_t tuple_extra = 0;
};
struct CMmaAtom {
  std::string op;
};
struct CCopyAtom {
  std::string op;
  std::string type;  // Copy_Atom's value type ("" for a bare op)
};
struct CTiledMma {
  nlohmann::json mma;
};
struct CTiledCopy {
  nlohmann::json copy;
  std::string type;
};
struct CTag {
  bool row_major;
};
struct CStride {
  std::string tag;  // RowMajor / ColumnMajor (TagToStride), or "" for explicit strides
  char operand = 0;
  int unit_mode = -1;  // explicit: which of the first two modes is static 1
};
struct CPolicy {
  std::string name;
  int64_t stages;
  std::vector<int64_t> cluster = {};  // SM90: the policy's ClusterShape
};
struct CIdentity {};
struct CVoid {};
struct CRuntime {
  std::string owner;  // the function whose parameter it is
};                    // `void`: the collective picks (sycl-tla's GmemTiledCopy), or no such stage
struct CCollective;
struct CTemplateParam {
  std::string owner;
};
using CVal = std::variant<CInt, CCore, CType, CMmaAtom, CCopyAtom, CTiledMma, CTiledCopy, CTag, CStride,
                          CPolicy, CIdentity, std::shared_ptr<CCollective>, CTemplateParam, CVoid, CRuntime>;
struct CCollective {
  nlohmann::json spec;
  std::vector<CppOrigin> origins;
  std::vector<std::pair<std::string, CVal>> members;
};

const char* kind_of(const CVal& v) {
  static const char* const names[] = {"an integer",           "a layout value", "a type",
                                      "an MMA atom",          "a copy atom",    "a TiledMMA",
                                      "a TiledCopy",          "a layout tag",   "a stride",
                                      "a dispatch policy",    "cute::identity", "a CollectiveMma",
                                      "a template parameter", "void",           "a run-time value"};
  return names[v.index()];
}

// ---------------------------------------------------------------------------------------------- reader

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

class Reader {
 public:
  explicit Reader(std::string_view text) : t_(lex(text)) {
    match_brackets();
    scan(0, t_.size() - 1, "");
  }

  // The declarations whose value is a CollectiveMma: the configurations, in order.
  std::vector<std::string> candidates() const {
    std::vector<std::string> out;
    for (const std::string& full : order_) {
      const Decl& d = decls_.at(full).front();
      if (d.template_param || d.user_template || d.init_b >= d.init_e) continue;
      std::size_t k = d.init_b;
      while (k < d.init_e && t_[k].kind == Tok::Ident &&
             (t_[k].text == "typename" || t_[k].text == "decltype"))
        ++k;
      while (k < d.init_e && punct(k, "(")) ++k;
      std::string name;
      for (; k < d.init_e && (t_[k].kind == Tok::Ident || punct(k, "::")); ++k) name += t_[k].text;
      if (base_name(name) == "CollectiveMma") out.push_back(full);
    }
    return out;
  }

  // A configuration without a collective (CuTe's tutorials): the user names what forms it, KEY=EXPR, each
  // EXPR C++ read in `scope` (a function or namespace, "" for the file).
  CppConfig bound(const std::vector<CppBinding>& binds) {
    std::string scope;
    for (const CppBinding& b : binds)
      if (b.key == "scope") scope = b.expr;
    CppConfig cfg;
    cfg.name = scope.empty() ? "bound" : scope;
    nlohmann::json& s = cfg.spec;
    for (const CppBinding& b : binds) {
      if (b.key == "scope") continue;
      const std::string construct = "--bind " + b.key;
      std::vector<Tok> toks;
      try {
        toks = lex(b.expr);
      } catch (const CppConfigError& e) {
        throw CppConfigError(1, e.column(), construct, e.what());
      }
      Parser p(toks, 0, toks.size() - 1);
      Node n;
      CVal v;
      try {
        if (toks.size() == 1) throw CppConfigError(1, 1, "", "an empty expression");
        n = p.expr();
        if (!p.done()) p.fail("unexpected text after the expression");
        v = eval(n, scope);
      } catch (const CppConfigError& e) {
        throw CppConfigError(1, e.column(), construct, e.what());
      }
      auto bad = [&](const std::string& want) -> void {
        throw CppConfigError(1, 1, construct, "expected " + want + ", got " + kind_of(v));
      };
      const std::string& k = b.key;
      if (k == "name") {
        cfg.name = b.expr;
      } else if (k == "cta_tile") {
        const CCore* c = std::get_if<CCore>(&v);
        const IntTuple* t = c ? std::get_if<IntTuple>(&c->v) : nullptr;
        if (!t || !t->is_tuple() || rank(*t) != 3) bad("a shape (BLK_M, BLK_N, BLK_K)");
        for (int i = 0; i < 3; ++i) {
          if (!(*t)[i].is_leaf()) bad("a flat shape (BLK_M, BLK_N, BLK_K)");
          s["cta_tile"].push_back((*t)[i].ival());
        }
      } else if (k == "stages") {
        s["stages"] = as_int(n, scope, construct);
      } else if (k == "problem") {
        s["problem"] = problem_shape(n, scope, construct);
      } else if (k == "mainloop") {
        const CPolicy* pol = std::get_if<CPolicy>(&v);
        if (!pol) bad("a dispatch policy");
        s["mainloop"] = pol->name;
        if (!s.contains("stages")) s["stages"] = pol->stages;
      } else if (k == "mma") {
        const CTiledMma* m = std::get_if<CTiledMma>(&v);
        if (!m) bad("a TiledMMA");
        s["mma"] = m->mma;
      } else if (k.size() > 2 && (k[0] == 'A' || k[0] == 'B') && k[1] == '.') {
        nlohmann::json& o = s["operands"][k.substr(0, 1)];
        const std::string f = k.substr(2);
        if (f == "type") {
          const CType* t = std::get_if<CType>(&v);
          if (!t || t->bits == 0) bad("an element type");
          o["type"] = t->name;
        } else if (f == "gmem") {
          if (const CStride* st = std::get_if<CStride>(&v))
            o["gmem"]["layout"] =
                st->tag.empty() ? std::string(1, (k[0] == 'A' ? "MK" : "NK")[st->unit_mode]) : st->tag;
          else if (const CTag* tag = std::get_if<CTag>(&v))
            o["gmem"]["layout"] = tag->row_major ? "RowMajor" : "ColumnMajor";
          else
            bad("a stride (make_stride(ldA, Int<1>{}), TagToStrideA_t<...>) or a layout tag");
        } else if (f == "alignment") {
          o["gmem"]["alignment"] = as_int(n, scope, construct);
        } else if (f == "smem") {
          const CCore* c = std::get_if<CCore>(&v);
          if (!c || !(std::holds_alternative<Layout>(c->v) || std::holds_alternative<ComposedLayout>(c->v)))
            bad("a shared-memory layout ((m,k) or (m,k,stage))");
          o["smem"]["layout"] = to_string(c->v);
        } else if (f == "atom") {
          const CCore* c = std::get_if<CCore>(&v);
          if (!c) bad("a shared-memory layout atom");
          o["smem"]["atom"] = to_string(c->v);
        } else if (f == "g2s") {
          const CTiledCopy* c = std::get_if<CTiledCopy>(&v);
          if (!c || c->copy.contains("from_mma"))
            bad("a TiledCopy made with make_tiled_copy(atom, thr, val)");
          o["smem"]["g2s"] = c->copy;
        } else if (f == "s2r") {
          if (const CCopyAtom* a = std::get_if<CCopyAtom>(&v))
            o["smem"]["s2r"] = a->op;
          else if (const CTiledCopy* c = std::get_if<CTiledCopy>(&v); c && c->copy.contains("from_mma"))
            o["smem"]["s2r"] = c->copy["atom"];
          else
            bad("a copy atom (Copy_Atom<SM75_U32x4_LDSM_N, half_t>) or make_tiled_copy_A/B(atom, mma)");
        } else {
          throw CppConfigError(1, 1, construct,
                               "unknown key; per operand: type, gmem, alignment, smem, atom, g2s, s2r");
        }
      } else {
        throw CppConfigError(
            1, 1, construct,
            "unknown key; expected scope, name, cta_tile, stages, mainloop, problem, mma, or A.* / B.* "
            "(type, gmem, alignment, smem, atom, g2s, s2r)");
      }
      cfg.origins.push_back({k == "mma" || k == "cta_tile" || k == "stages" || k == "mainloop" ? k
                             : k.size() > 2 ? "operands." + k.substr(0, 1)
                                            : k,
                             1, 1, construct});
    }
    s["name"] = cfg.name;
    return cfg;
  }

  // A C++ expression whose value is a TiledMMA (TiledMMA<...>, make_tiled_mma(...),
  // TiledMMAHelper<...>::TiledMMA, decltype(...)), as mma JSON; nullopt when the text does not start so.
  std::optional<nlohmann::json> tiled_mma_expression() {
    std::size_t k = 0;
    while (t_[k].kind == Tok::Ident && (t_[k].text == "typename" || t_[k].text == "decltype")) ++k;
    while (punct(k, "(")) ++k;
    std::string head;
    for (; t_[k].kind == Tok::Ident || punct(k, "::"); ++k) head += t_[k].text;
    const std::string b = base_name(head);
    if (b != "TiledMMA" && b != "make_tiled_mma" && b != "TiledMMAHelper") return std::nullopt;
    std::size_t end = t_.size() - 1;  // a trailing ';' (a pasted declaration's) is not part of it
    while (end > 0 && punct(end - 1, ";")) --end;
    Parser p(t_, 0, end);
    Node n = p.expr();
    if (!p.done()) p.fail("unexpected text after the expression");
    const CVal v = eval(n, "");
    const CTiledMma* m = std::get_if<CTiledMma>(&v);
    if (!m) fail(n, b, std::string("expected a TiledMMA, got ") + kind_of(v));
    return m->mma;
  }

  // What a collective leaves to run time, bound on top of it: --bind A.alignment=EXPR (AlignmentX is not a
  // CollectiveMma argument), an integer, and --bind problem=EXPR (GemmUniversal's problem shape, e.g.
  // make_shape(4096, 4096, 4096, 1)), read in the collective's scope (kAlignmentA of its namespace).
  void add_completions(CppConfig& cfg, const std::vector<CppBinding>& binds) {
    const auto at = cfg.name.rfind("::");
    const std::string scope = at == std::string::npos ? "" : cfg.name.substr(0, at);
    for (const CppBinding& b : binds) {
      const std::string construct = "--bind " + b.key;
      std::vector<Tok> toks;
      try {
        toks = lex(b.expr);
        if (toks.size() == 1) throw CppConfigError(1, 1, "", "an empty expression");
        Parser p(toks, 0, toks.size() - 1);
        const Node n = p.expr();
        if (!p.done()) p.fail("unexpected text after the expression");
        if (b.key == "problem") {
          cfg.spec["problem"] = problem_shape(n, scope, construct);
          cfg.origins.push_back({"problem", 1, 1, construct});
          continue;
        }
        cfg.spec["operands"][b.key.substr(0, 1)]["gmem"]["alignment"] = as_int(n, scope, construct);
      } catch (const CppConfigError& e) {
        throw CppConfigError(1, e.column(), construct, e.what());
      }
      cfg.origins.push_back({"operands." + b.key.substr(0, 1) + ".gmem.alignment", 1, 1, construct});
    }
  }

  // A problem shape (M, N, K[, L]): make_shape(...), Shape<...>, a tuple of integers.
  nlohmann::json problem_shape(const Node& n, const std::string& scope, const std::string& construct) {
    const CVal v = eval(n, scope);
    const CCore* c = std::get_if<CCore>(&v);
    const IntTuple* t = c ? std::get_if<IntTuple>(&c->v) : nullptr;
    if (!t || !t->is_tuple() || rank(*t) < 3 || rank(*t) > 4)
      throw CppConfigError(1, 1, construct,
                           std::string("expected a problem shape (M, N, K) or (M, N, K, L), e.g. "
                                       "make_shape(4096, 4096, 4096, 1), got ") +
                               kind_of(v));
    nlohmann::json out = nlohmann::json::array();
    for (int i = 0; i < rank(*t); ++i) {
      if (!(*t)[i].is_leaf()) throw CppConfigError(1, 1, construct, "expected a flat problem shape");
      out.push_back((*t)[i].ival());
    }
    return out;
  }

  CppConfig config(const std::string& full) {
    const Decl& d = decls_.at(full).front();
    const CVal v = eval_decl(full);
    const auto* c = std::get_if<std::shared_ptr<CCollective>>(&v);
    if (!c)
      throw CppConfigError(d.line, d.col, full, std::string("is ") + kind_of(v) + ", not a CollectiveMma");
    CppConfig cfg;
    cfg.name = full;
    cfg.line = d.line, cfg.column = d.col;
    cfg.spec = (*c)->spec;
    cfg.spec["name"] = full;
    cfg.origins = (*c)->origins;
    return cfg;
  }

 private:
  std::vector<Tok> t_;
  std::vector<std::size_t> match_;
  std::map<std::string, std::vector<Decl>> decls_;
  std::vector<std::string> order_;
  std::map<std::string, CVal> memo_;
  std::set<std::string> active_;
  int depth_ = 0;
  bool allow_runtime_ = false;  // inside make_stride / Stride: a run-time mode is a dynamic stride

  [[noreturn]] void fail_at(const Tok& k, const std::string& construct, const std::string& why) const {
    throw CppConfigError(k.line, k.col, construct, why);
  }
  [[noreturn]] static void fail(const Node& n, const std::string& construct, const std::string& why) {
    throw CppConfigError(n.line, n.col, construct, why);
  }

  bool punct(std::size_t i, const char* p) const { return t_[i].kind == Tok::Punct && t_[i].text == p; }
  bool ident(std::size_t i, const char* p) const { return t_[i].kind == Tok::Ident && t_[i].text == p; }

  void match_brackets() {
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
                      std::to_string(t_[open.back()].line) + ", column " +
                      std::to_string(t_[open.back()].col) + " is still open");
        match_[open.back()] = i;
        match_[i] = open.back();
        open.pop_back();
      }
    }
    if (!open.empty())
      fail_at(t_[open.back()], "", "unbalanced '" + t_[open.back()].text + "': never closed");
  }

  void add(Decl d) {
    const std::string f = d.full();
    if (!decls_.count(f)) order_.push_back(f);
    decls_[f].push_back(std::move(d));
  }

  // The template parameters of `template <...>` starting at i ('<'): their names; returns the index after
  // '>'.
  std::size_t template_params(std::size_t i, std::size_t end,
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

  // Declarations of the token range [b, e) in `scope`.
  void scan(std::size_t b, std::size_t e, const std::string& scope) {
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
              k > i && (punct(k - 1, ")") || ident(k - 1, "const") || ident(k - 1, "else") ||
                        ident(k - 1, "noexcept") || ident(k - 1, "override") || ident(k - 1, "do") ||
                        ident(k - 1, "try"));
          if (!assigned && after_header) {
            body = k;
            break;
          }
          k = match_[k];
        }
      }
      if (body) {
        // A function (its name: the identifier before its parameter list) or a control statement.
        std::string fname;
        for (std::size_t j = i; j < body; ++j)
          if (punct(j, "(") && j > i && t_[j - 1].kind == Tok::Ident) {
            fname = t_[j - 1].text;
            break;
          }
        const bool control = fname == "if" || fname == "for" || fname == "while" || fname == "switch" ||
                             fname == "catch" || fname.empty();
        const std::string inner = control ? scope : scope.empty() ? fname : scope + "::" + fname;
        if (is_template && !control)
          for (const auto& [n, at] : tparams)
            add(Decl{inner, n, 0, 0, 0, 0, t_[at].line, t_[at].col, true, false});
        if (!control) function_params(i, body, inner);
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

  // The parameters of the function whose header is [b, body): run-time values in its scope.
  void function_params(std::size_t b, std::size_t body, const std::string& scope) {
    std::size_t open = 0;
    for (std::size_t j = b; j < body; ++j)
      if (punct(j, "(")) {
        open = j;
        break;
      }
    if (!open) return;
    const std::size_t close = match_[open];
    std::size_t last = 0;
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
        }
        last = 0, in_default = false;
        continue;
      }
      if (punct(j, "=")) in_default = true;
      if (!in_default && t_[j].kind == Tok::Ident) last = j;
    }
  }

  std::size_t skip_statement(std::size_t i, std::size_t e) {
    for (; i < e && !punct(i, ";"); ++i)
      if (punct(i, "(") || punct(i, "{") || punct(i, "[")) i = match_[i];
    return i + 1;
  }

  // using X = T; typedef T X; [specifiers] TYPE NAME = INIT; TYPE NAME{...}; TYPE NAME;
  void declaration(std::size_t b, std::size_t e, const std::string& scope) {
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

  // The declaration a name refers to from `scope` (innermost scope first), or nullptr.
  const Decl* lookup(const std::string& name, const std::string& scope, std::string* full = nullptr) const {
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

  CVal eval_decl(const std::string& full) {
    if (auto it = memo_.find(full); it != memo_.end()) return it->second;
    const Decl& d = decls_.at(full).front();
    if (d.template_param) return CTemplateParam{d.scope};
    if (d.runtime) return CRuntime{d.scope};
    if (d.user_template)
      throw CppConfigError(
          d.line, d.col, full,
          "a user template: tvlab reads concrete declarations and does not instantiate templates "
          "(write the configuration's types out, e.g. as `using` aliases)");
    if (active_.count(full)) throw CppConfigError(d.line, d.col, full, "refers to itself");
    if (++depth_ > kMaxCppNesting)
      throw CppConfigError(d.line, d.col, full, "declarations nested too deeply");
    active_.insert(full);
    Parser p(t_, d.init_b, d.init_e);
    Node n = p.expr();
    if (!p.done()) p.fail("unexpected text after the expression");
    CVal v = eval(n, d.scope);
    // A variable declared with a type and initialised: `int`, `auto`, `TiledCopy`... the initialiser decides.
    active_.erase(full);
    --depth_;
    memo_.emplace(full, v);
    return v;
  }

  // ------------------------------------------------------------------ evaluation

  std::optional<CType> type_named(const std::string& q) const {
    const std::string b = base_name(q);
    if (b.size() > 1 && b[0] == '_' && std::all_of(b.begin() + 1, b.end(), ::isdigit))
      return std::nullopt;  // _8
    static const std::set<std::string> ints = {"int",    "long",     "int64_t", "int32_t",
                                               "size_t", "unsigned", "uint64_t"};
    if (ints.count(b) && !(b == "int64_t" || b == "int32_t" || b == "uint64_t")) return CType{b, 0, true};
    try {
      const ValueType vt = value_type(b);
      return CType{vt.name, vt.bits, b == "int64_t" || b == "int32_t" || b == "uint64_t"};
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }

  int64_t as_int(const Node& n, const std::string& scope, const std::string& what) {
    const CVal v = eval(n, scope);
    if (const CInt* i = std::get_if<CInt>(&v)) return i->v;
    if (const CCore* c = std::get_if<CCore>(&v))
      if (const IntTuple* t = std::get_if<IntTuple>(&c->v); t && t->is_leaf() && !t->value().is_basis())
        return t->ival();
    fail(n, what, std::string("expected an integer, got ") + kind_of(v));
  }

  // The text of an op or type as tvlab's registry names it: namespaces dropped, aliases resolved.
  std::string op_text(const Node& n, const std::string& scope) {
    if (n.kind == Node::Kind::Number) return std::to_string(int_literal(n));
    if (n.kind != Node::Kind::Name) return std::to_string(as_int(n, scope, "template argument"));
    if (const Decl* d = lookup(n.text, scope); d && !n.has_targs) {
      std::string full;
      lookup(n.text, scope, &full);
      const CVal v = eval_decl(full);
      if (const CType* t = std::get_if<CType>(&v)) return t->name;
      if (const CInt* i = std::get_if<CInt>(&v)) return std::to_string(i->v);
      if (const CMmaAtom* a = std::get_if<CMmaAtom>(&v)) return a->op;
      if (const CCopyAtom* a = std::get_if<CCopyAtom>(&v); a && a->type.empty()) return a->op;
      if (std::holds_alternative<CTemplateParam>(v))
        fail(n, n.text,
             "a template parameter of " + std::get<CTemplateParam>(v).owner +
                 ": tvlab does not instantiate templates (give the type, e.g. `using " + n.text +
                 " = half_t;`)");
      fail(n, n.text, std::string("expected an op or a type, got ") + kind_of(v));
    }
    std::string s = base_name(n.text);
    if (n.has_targs) {
      s += "<";
      for (std::size_t i = 0; i < n.targs.size(); ++i) s += (i ? "," : "") + op_text(n.targs[i], scope);
      s += ">";
    }
    return s;
  }

  // Core notation for a layout-valued node: declared names replaced by their values' notation.
  std::string render(const Node& n, const std::string& scope) {
    switch (n.kind) {
      case Node::Kind::Number:
        return std::to_string(int_literal(n));
      case Node::Kind::Group:
        return "(" + render(n.kids[0], scope) + ")";
      case Node::Kind::Unary:
      case Node::Kind::Binary:
        return std::to_string(std::get<CInt>(eval(n, scope)).v);
      case Node::Kind::Name:
        break;
    }
    std::string full;
    if (!n.has_targs && lookup(n.text, scope, &full)) {
      const CVal v = eval_decl(full);
      for (const auto& [open, args] : n.calls)
        if (!args.empty()) fail(n, n.text, "a value constructed with arguments is not read");
      if (!n.members.empty()) return render_members(n, v);
      if (const CInt* i = std::get_if<CInt>(&v)) return std::to_string(i->v);
      if (const CCore* c = std::get_if<CCore>(&v)) {
        // A tuple in C++ spelling (Shape<Int<256>,...>): it may stand as a template argument
        // (Layout<TileShape>).
        if (const IntTuple* t = std::get_if<IntTuple>(&c->v); t && t->is_tuple()) return cpp_tuple(*t);
        return to_string(c->v);
      }
      if (std::holds_alternative<CTemplateParam>(v))
        fail(n, n.text,
             "a template parameter of " + std::get<CTemplateParam>(v).owner +
                 ": tvlab does not instantiate templates");
      fail(n, n.text, std::string("is ") + kind_of(v) + ", not a layout, shape or integer");
    }
    if (!n.members.empty()) return render_members(n, eval(n, scope));
    const std::string b = base_name(n.text);
    if (b == "decltype" && n.calls.size() == 1 && n.calls[0].second.size() == 1)
      return render(n.calls[0].second[0], scope);
    std::string s = n.text;
    if (n.has_targs) {
      s += "<";
      for (std::size_t i = 0; i < n.targs.size(); ++i) s += (i ? "," : "") + render(n.targs[i], scope);
      s += ">";
    }
    for (const auto& [open, args] : n.calls) {
      s += open;
      for (std::size_t i = 0; i < args.size(); ++i) s += (i ? "," : "") + render(args[i], scope);
      s += open == '(' ? ")" : "}";
    }
    return s;
  }

  static std::string cpp_tuple(const IntTuple& t) {
    if (t.is_leaf()) return t.value().is_basis() ? to_string(t) : "Int<" + std::to_string(t.ival()) + ">";
    std::string s = "Shape<";
    for (int i = 0; i < t.size(); ++i) s += (i ? "," : "") + cpp_tuple(t[i]);
    return s + ">";
  }

  std::string render_members(const Node& n, const CVal& v) {
    if (const CInt* i = std::get_if<CInt>(&v)) return std::to_string(i->v);
    if (const CCore* c = std::get_if<CCore>(&v)) return to_string(c->v);
    fail(n, n.text, std::string("is ") + kind_of(v) + ", not a layout, shape or integer");
  }

  static int64_t int_literal(const Node& n) {
    std::string s;
    for (char c : n.text)
      if (c != '\'') s += c;
    while (!s.empty() && (s.back() == 'u' || s.back() == 'U' || s.back() == 'l' || s.back() == 'L' ||
                          s.back() == 'z' || s.back() == 'Z'))
      s.pop_back();
    const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const std::string digits = hex ? s.substr(2) : s;
    if (digits.empty()) fail(n, n.text, "not an integer literal");
    int64_t v = 0;
    for (char c : digits) {
      int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
              : hex && std::isxdigit(static_cast<unsigned char>(c))
                  ? std::tolower(static_cast<unsigned char>(c)) - 'a' + 10
                  : -1;
      if (d < 0) fail(n, n.text, "not an integer literal (floating point and other forms are not read)");
      if (__builtin_mul_overflow(v, hex ? 16 : 10, &v) || __builtin_add_overflow(v, d, &v))
        fail(n, n.text, "integer literal out of range (beyond 2^63)");
    }
    return v;
  }

  std::vector<Node> args_of(const Node& n, std::size_t want_min, std::size_t want_max, const char* form) {
    if (n.calls.empty() || n.calls[0].first != '(')
      fail(n, base_name(n.text), std::string("expected a call ") + form);
    const auto& a = n.calls[0].second;
    if (a.size() < want_min || a.size() > want_max)
      fail(n, base_name(n.text),
           "takes " + std::to_string(want_min) +
               (want_max != want_min ? " to " + std::to_string(want_max) : "") + " arguments, " +
               std::to_string(a.size()) + " given: " + form);
    return a;
  }
  void want_targs(const Node& n, std::size_t lo, std::size_t hi, const char* form) {
    if (!n.has_targs || n.targs.size() < lo || n.targs.size() > hi)
      fail(n, base_name(n.text),
           "takes " + std::to_string(lo) + (hi != lo ? " to " + std::to_string(hi) : "") +
               " template arguments, " + std::to_string(n.targs.size()) + " given: " + form);
  }

  CMmaAtom mma_atom_of(const Node& n, const std::string& scope) {
    const CVal v = eval(n, scope);
    if (const CMmaAtom* a = std::get_if<CMmaAtom>(&v)) return *a;
    fail(n, base_name(n.text), std::string("expected an MMA atom (MMA_Atom<Op> or Op{}), got ") + kind_of(v));
  }
  CCopyAtom copy_atom_of(const Node& n, const std::string& scope) {
    const CVal v = eval(n, scope);
    if (const CCopyAtom* a = std::get_if<CCopyAtom>(&v)) return *a;
    fail(n, base_name(n.text), std::string("expected a copy atom (Copy_Atom<Op, T>), got ") + kind_of(v));
  }
  std::string core_text(const Node& n, const std::string& scope, bool want_layout) {
    const CVal v = eval(n, scope);
    if (const CCore* c = std::get_if<CCore>(&v)) {
      if (want_layout && !std::holds_alternative<Layout>(c->v) && !std::holds_alternative<IntTuple>(c->v))
        fail(n, base_name(n.text), "expected a layout, got " + to_string(c->v));
      return to_string(c->v);
    }
    if (const CInt* i = std::get_if<CInt>(&v)) return std::to_string(i->v);
    fail(n, base_name(n.text), std::string("expected a layout, got ") + kind_of(v));
  }

  CVal apply_members(const Node& n, CVal v) {
    for (const std::string& m : n.members) {
      if (auto* c = std::get_if<std::shared_ptr<CCollective>>(&v)) {
        auto it = std::find_if((*c)->members.begin(), (*c)->members.end(),
                               [&](const auto& p) { return p.first == m; });
        if (it == (*c)->members.end())
          fail(n, n.text + "::" + m, "not a member type of CollectiveMma that tvlab reads");
        v = it->second;
        continue;
      }
      fail(n, n.text + "::" + m, std::string("members of ") + kind_of(v) + " are not read");
    }
    return v;
  }

  CVal eval(const Node& n, const std::string& scope) {
    if (++depth_ > kMaxCppNesting) fail(n, "", "expressions nested too deeply");
    struct Back {
      int& d;
      ~Back() { --d; }
    } back{depth_};
    switch (n.kind) {
      case Node::Kind::Number:
        return CInt{int_literal(n)};
      case Node::Kind::Group:
        return eval(n.kids[0], scope);
      case Node::Kind::Unary: {
        const int64_t x = as_int(n.kids[0], scope, n.text);
        if (n.text == "-" && x == INT64_MIN) fail(n, "-", "integer overflow");
        return CInt{n.text == "-" ? -x : x};
      }
      case Node::Kind::Binary: {
        const int64_t a = as_int(n.kids[0], scope, n.text), b = as_int(n.kids[1], scope, n.text);
        int64_t r = 0;
        bool over = false;
        if (n.text == "+") over = __builtin_add_overflow(a, b, &r);
        if (n.text == "-") over = __builtin_sub_overflow(a, b, &r);
        if (n.text == "*") over = __builtin_mul_overflow(a, b, &r);
        if (n.text == "/" || n.text == "%") {
          if (b == 0) fail(n, n.text, "division by zero");
          if (a == INT64_MIN && b == -1)
            over = true;
          else
            r = n.text == "/" ? a / b : a % b;
        }
        if (over) fail(n, n.text, "integer overflow");
        return CInt{r};
      }
      case Node::Kind::Name:
        break;
    }
    std::string full;
    if (!n.has_targs && lookup(n.text, scope, &full)) {
      CVal v = eval_decl(full);
      for (const auto& [open, args] : n.calls)
        if (!args.empty()) fail(n, n.text, "a value constructed with arguments is not read");
      if (std::holds_alternative<CTemplateParam>(v))
        fail(n, n.text,
             "a template parameter of " + std::get<CTemplateParam>(v).owner +
                 ": tvlab does not instantiate templates (write the configuration's types out)");
      if (std::holds_alternative<CRuntime>(v) && !allow_runtime_)
        fail(n, n.text,
             "a parameter of " + std::get<CRuntime>(v).owner +
                 ": a run-time value, which tvlab cannot know (use a compile-time constant)");
      return apply_members(n, std::move(v));
    }
    if (n.has_targs)
      if (const Decl* d = lookup(n.text, scope); d && d->user_template)
        fail(n, n.text,
             "a user template: tvlab reads concrete declarations and does not instantiate templates "
             "(write the configuration's types out, e.g. as `using` aliases)");
    const std::string b = base_name(n.text);
    if (b == "decltype") {
      const auto a = args_of(n, 1, 1, "decltype(expression)");
      return apply_members(n, eval(a[0], scope));
    }
    if (b == "tuple" && n.has_targs && !n.targs.empty() && n.calls.empty() && n.members.empty()) {
      // A tuple whose first element is a type: a mixed-input collective's ElementX (else a shape, below).
      try {
        const CVal first = eval(n.targs[0], scope);
        if (const CType* t = std::get_if<CType>(&first); t && !t->integer_type) {
          CType m = *t;
          m.mixed = true;
          m.tuple_extra = n.targs.size() - 1;
          return m;
        }
      } catch (const CppConfigError&) {
      }
    }
    if (b == "MMA_Atom") {
      want_targs(n, 1, 1, "MMA_Atom<Op>");
      const Node& inner = unwrap(n.targs[0], "MMA_Traits");  // MMA_Atom<MMA_Traits<Op>> names the same atom
      CVal v = op_value(inner, scope, true);
      if (const CMmaAtom* a = std::get_if<CMmaAtom>(&v)) return apply_members(n, *a);
      fail(inner, op_text(inner, scope), "not an MMA op tvlab knows (`tvlab atoms` lists them)");
    }
    if (b == "Copy_Atom") {
      want_targs(n, 2, 2, "Copy_Atom<Op, T>");
      const Node& inner = unwrap(n.targs[0], "Copy_Traits");
      CVal v = op_value(inner, scope, false);
      const CCopyAtom* a = std::get_if<CCopyAtom>(&v);
      if (!a) fail(inner, op_text(inner, scope), "not a copy op tvlab knows (`tvlab atoms` lists them)");
      const CVal t = eval(n.targs[1], scope);
      const CType* ty = std::get_if<CType>(&t);
      if (!ty || (ty->integer_type && ty->bits == 0))
        fail(n.targs[1], op_text(n.targs[1], scope), "expected the copy's value type (half_t, float, ...)");
      return apply_members(n, CCopyAtom{a->op, ty->name});
    }
    if (b == "TiledMMA" || b == "make_tiled_mma") {
      const bool call = b == "make_tiled_mma";
      if (!call) want_targs(n, 1, 3, "TiledMMA<MMA_Atom<Op>, Layout<...>, Tile<...>>");
      const std::vector<Node> a =
          call ? args_of(n, 1, 3, "make_tiled_mma(MMA_Atom<Op>{} or Op{}, thr_layout, permutation)")
               : n.targs;
      nlohmann::json mma;
      mma["atom"] = mma_atom_of(a[0], scope).op;
      if (a.size() > 1) mma["atom_layout"] = core_text(a[1], scope, true);
      if (a.size() > 2) mma["permutation"] = core_text(a[2], scope, false);
      return apply_members(n, CTiledMma{mma});
    }
    if (b == "make_tiled_copy") {
      const auto a = args_of(n, 2, 3, "make_tiled_copy(Copy_Atom<Op, T>{}, thr_layout, val_layout)");
      const CCopyAtom atom = copy_atom_of(a[0], scope);
      nlohmann::json c;
      c["atom"] = atom.op;
      c["thr_layout"] = core_text(a[1], scope, true);
      if (a.size() > 2) c["val_layout"] = core_text(a[2], scope, true);
      return apply_members(n, CTiledCopy{c, atom.type});
    }
    if (b == "make_tiled_copy_A" || b == "make_tiled_copy_B" || b == "make_tiled_copy_C") {
      const auto a = args_of(n, 2, 2, "make_tiled_copy_X(Copy_Atom<Op, T>{}, tiled_mma)");
      const CCopyAtom atom = copy_atom_of(a[0], scope);
      const CVal m = eval(a[1], scope);
      if (!std::holds_alternative<CTiledMma>(m))
        fail(a[1], b, std::string("expected a TiledMMA, got ") + kind_of(m));
      nlohmann::json c;
      c["atom"] = atom.op;
      c["from_mma"] = true;
      c["operand"] = b.substr(b.size() - 1);
      return apply_members(n, CTiledCopy{c, atom.type});
    }
    if (n.text == "void" && !n.has_targs && n.calls.empty() && n.members.empty()) return CVoid{};
    if (b == "MainloopXeL1Staged" || b == "MainloopIntelXeXMX16" ||
        b == "MainloopIntelXeXMX16MixedPrecision") {
      want_targs(n, 1, 2, "MainloopXeL1Staged<Stages[, Schedule]>");
      return apply_members(n, CPolicy{b, as_int(n.targs[0], scope, b)});
    }
    if (b == "TiledMMAHelper") {
      // sycl-tla: TiledMMAHelper<MMA_Atom<Op>, Layout<TileShape>, SubgroupLayout>::TiledMMA.
      want_targs(n, 3, 3, "TiledMMAHelper<MMA_Atom<Op>, Layout<TileShape>, subgroup layout>::TiledMMA");
      if (n.members.size() != 1 || n.members[0] != "TiledMMA")
        fail(n, b, "expected TiledMMAHelper<...>::TiledMMA");
      nlohmann::json mma;
      mma["atom"] = mma_atom_of(n.targs[0], scope).op;
      const CVal t = eval(n.targs[1], scope);
      const CCore* tc = std::get_if<CCore>(&t);
      const Layout* tl = tc ? std::get_if<Layout>(&tc->v) : nullptr;
      const IntTuple* tt = tc ? std::get_if<IntTuple>(&tc->v) : nullptr;
      const IntTuple shape = tl ? tl->shape : tt ? *tt : IntTuple();
      if (!shape.is_tuple() || rank(shape) != 3)
        fail(n.targs[1], b, "expected Layout<TileShape> with a shape (M, N, K)");
      for (int i = 0; i < 3; ++i) {
        if (!shape[i].is_leaf()) fail(n.targs[1], b, "expected a flat tile shape (M, N, K)");
        mma["tile"].push_back(shape[i].ival());
      }
      mma["sg_layout"] = core_text(n.targs[2], scope, true);
      return CTiledMma{mma};
    }
    if (b == "MainloopSm90TmaGmma" || b == "MainloopSm90TmaGmmaWarpSpecialized") {
      // <Stages, ClusterShape = Shape<_1,_1,_1>, KernelSchedule (or PipelineAsyncMmaStages)>: the third
      // argument does not change the layouts.
      want_targs(n, 1, 3, "MainloopSm90TmaGmmaWarpSpecialized<Stages, ClusterShape, KernelSchedule>");
      CPolicy pol{b, as_int(n.targs[0], scope, b)};
      pol.cluster = {1, 1, 1};
      if (n.targs.size() > 1) {
        const CVal c = eval(n.targs[1], scope);
        const CCore* cc = std::get_if<CCore>(&c);
        const IntTuple* t = cc ? std::get_if<IntTuple>(&cc->v) : nullptr;
        if (!t || !t->is_tuple() || rank(*t) != 3)
          fail(n.targs[1], b, "expected a ClusterShape, e.g. Shape<_1,_2,_1>");
        for (int i = 0; i < 3; ++i) {
          if (!(*t)[i].is_leaf()) fail(n.targs[1], b, "expected a flat ClusterShape (x, y, z)");
          pol.cluster[i] = (*t)[i].ival();
        }
      }
      return apply_members(n, pol);
    }
    if (b == "MainloopSm80CpAsync" || b == "MainloopSm80CpAsyncUnpredicated") {
      want_targs(n, 1, 2, "MainloopSm80CpAsync<Stages[, ClusterShape]>");
      return apply_members(n, CPolicy{b, as_int(n.targs[0], scope, b)});
    }
    if (b == "TagToStrideA_t" || b == "TagToStrideB_t" || b == "TagToStrideC_t") {
      want_targs(n, 1, 1, "TagToStrideX_t<cutlass::layout::RowMajor | ColumnMajor>");
      const CVal t = eval(n.targs[0], scope);
      const CTag* tag = std::get_if<CTag>(&t);
      if (!tag) fail(n.targs[0], b, std::string("expected RowMajor or ColumnMajor, got ") + kind_of(t));
      return apply_members(n, CStride{tag->row_major ? "RowMajor" : "ColumnMajor", b[11], -1});
    }
    if (b == "RowMajor" || b == "ColumnMajor") return apply_members(n, CTag{b == "RowMajor"});
    if (b == "identity") return apply_members(n, CIdentity{});
    if ((b == "sizeof_bits" && n.members.size() == 1 && n.members[0] == "value") || b == "sizeof_bits_v") {
      want_targs(n, 1, 1, "sizeof_bits<T>::value");
      const CVal t = eval(n.targs[0], scope);
      const CType* ty = std::get_if<CType>(&t);
      if (!ty || ty->bits == 0) fail(n.targs[0], b, "expected an element type");
      return CInt{ty->bits};
    }
    if (b == "CollectiveMma") return apply_members(n, collective(n, scope));
    if (b == "make_stride" && !n.calls.empty()) {
      // make_stride(ldA, Int<1>{}) (CuTe's tutorials): run-time modes are dynamic strides.
      const auto a = args_of(n, 2, 3, "make_stride(dM, dK[, dL])");
      std::vector<int> unit;
      bool dynamic = false;
      for (std::size_t i = 0; i < a.size(); ++i) {
        allow_runtime_ = true;
        CVal v;
        try {
          v = eval(a[i], scope);
        } catch (...) {
          allow_runtime_ = false;
          throw;
        }
        allow_runtime_ = false;
        if (std::holds_alternative<CRuntime>(v)) {
          dynamic = true;
          continue;
        }
        if (eval_is_one(a[i], scope)) unit.push_back(static_cast<int>(i));
      }
      if (dynamic) {
        if (unit.empty() || unit[0] > 1)
          fail(n, "make_stride",
               "no static unit stride among the first two modes: tvlab checks vectors along a "
               "mode of stride Int<1>");
        return apply_members(n, CStride{"", 0, unit[0]});
      }
    }
    if (b == "Stride" && n.has_targs) {
      // Explicit strides with run-time modes: Stride<int64_t, _1, int64_t> (K-major A).
      bool dynamic = false;
      std::vector<int> unit;
      for (std::size_t i = 0; i < n.targs.size(); ++i) {
        const Node& a = n.targs[i];
        if (a.kind == Node::Kind::Name && !lookup(a.text, scope)) {
          if (auto ty = type_named(a.text); ty && (ty->integer_type || ty->name == "int64_t")) {
            dynamic = true;
            continue;
          }
        }
        if (eval_is_one(a, scope)) unit.push_back(static_cast<int>(i));
      }
      if (dynamic) {
        if (unit.empty() || unit[0] > 1)
          fail(n, "Stride",
               "no static unit stride among the first two modes: tvlab checks vectors along a mode "
               "of stride _1");
        return apply_members(n, CStride{"", 0, unit[0]});
      }
    }
    if (n.members.empty() && n.calls.empty() && !n.has_targs)
      if (auto ty = type_named(n.text)) return *ty;
    if (!n.has_targs && n.calls.empty() && n.members.empty()) {
      // An op named alone (SM80_16x8x16_F32F16F16F32_TN, SM75_U32x4_LDSM_N).
      if (auto v = atom_op(n.text, n)) return *v;
    }
    if (n.has_targs && n.members.empty() && b.rfind("make_", 0) != 0) {
      // An op with template arguments (SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, XE_DPAS_TT<8,float,bfloat16_t>).
      std::optional<std::string> op;
      try {
        op = op_text(n, scope);
      } catch (const CppConfigError&) {  // not an op's spelling: a layout, read below
      }
      if (op)
        if (auto v = atom_op(*op, n)) return *v;
    }
    if (!n.calls.empty() && n.calls.size() == 1 && n.calls[0].second.empty() && n.members.empty()) {
      Node bare = n;
      bare.calls.clear();
      if (!n.has_targs || base_name(n.text).rfind("SM", 0) == 0 || base_name(n.text).rfind("XE", 0) == 0) {
        const std::string op = bare.has_targs ? op_text(bare, scope) : base_name(bare.text);
        if (auto v = atom_op(op, n)) return *v;
      }
    }
    if (!n.members.empty()) fail(n, n.text + "::" + n.members[0], "member types of this are not read");
    // Everything else: CuTe's layout notation in C++ (core's evaluate).
    const std::string text = render(n, scope);
    try {
      return CCore{evaluate(text)};
    } catch (const EvalError& e) {
      fail(n, base_name(n.text), std::string("cannot read '") + printable(text) + "': " + e.what());
    } catch (const ParseError& e) {
      fail(n, base_name(n.text), std::string("cannot read '") + printable(text) + "': " + e.what());
    } catch (const LayoutError& e) {
      fail(n, base_name(n.text), e.what());
    }
  }

  // The op an atom wrapper names: a declared alias, or an op of the registry; an unknown op is an error with
  // the registry's closest names.
  CVal op_value(const Node& op, const std::string& scope, bool mma) {
    if (op.kind != Node::Kind::Name || (!op.has_targs && lookup(op.text, scope))) return eval(op, scope);
    const std::string text = op_text(op, scope);
    if (auto v = atom_op(text, op)) return *v;
    try {
      if (mma)
        (void)find_mma_atom(text);
      else
        (void)find_copy_atom(text);
    } catch (const AtomError& e) {
      fail(op, text, e.what());
    }
    return eval(op, scope);
  }

  // Op itself for Traits<Op> (MMA_Traits, Copy_Traits), else the node.
  static const Node& unwrap(const Node& op, const char* traits) {
    return op.kind == Node::Kind::Name && base_name(op.text) == traits && op.targs.size() == 1 ? op.targs[0]
                                                                                               : op;
  }

  bool eval_is_one(const Node& a, const std::string& scope) {
    // _1 alone is core's layout 1:0 (a bare static integer read as a shape); as a stride it is the integer 1.
    if (a.kind == Node::Kind::Name && !a.has_targs && a.calls.empty() && base_name(a.text) == "_1" &&
        !lookup(a.text, scope))
      return true;
    try {
      const CVal v = eval(a, scope);
      if (const CInt* i = std::get_if<CInt>(&v)) return i->v == 1;
      if (const CCore* c = std::get_if<CCore>(&v))
        if (const IntTuple* t = std::get_if<IntTuple>(&c->v)) return t->is_leaf() && t->ival() == 1;
    } catch (const CppConfigError&) {
    }
    return false;
  }

  // An op of tvlab's registry (SM80_16x8x16_F32F16F16F32_TN, SM80_CP_ASYNC_CACHEALWAYS<uint128_t>): nullopt
  // when no atom family has the name; a family's refusal of the parameters is an error at n.
  static std::optional<CVal> atom_op(const std::string& op, const Node& n) {
    std::string base = op.substr(0, op.find('<'));
    if (const auto colons = base.rfind("::"); colons != std::string::npos) base.erase(0, colons + 2);
    const AtomFamily* f = registry().family(base);
    // An SM90 mainloop's GmemTiledCopy: the op alone; make_tma_copy tiles it (the spec's smem.g2s).
    if (op.find('<') == std::string::npos && (base == "SM90_TMA_LOAD" || base == "SM90_TMA_LOAD_MULTICAST"))
      return CVal(CCopyAtom{base, ""});
    if (!f) return std::nullopt;
    try {
      if (f->kind == "mma") return CVal(CMmaAtom{find_mma_atom(op).name});
      (void)find_copy_atom(op);
      return CVal(CCopyAtom{op, ""});
    } catch (const AtomError& e) {
      fail(n, op, e.what());
    }
  }

  // CollectiveMma<DispatchPolicy, TileShape, ElementA, StrideA, ElementB, StrideB, TiledMma, GmemTiledCopyA,
  // SmemLayoutAtomA, SmemCopyAtomA, TransformA, GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, TransformB>.
  std::shared_ptr<CCollective> collective(const Node& n, const std::string& scope) {
    static const char* const names[] = {"DispatchPolicy",  "TileShape",     "ElementA",   "StrideA",
                                        "ElementB",        "StrideB",       "TiledMma",   "GmemTiledCopyA",
                                        "SmemLayoutAtomA", "SmemCopyAtomA", "TransformA", "GmemTiledCopyB",
                                        "SmemLayoutAtomB", "SmemCopyAtomB", "TransformB"};
    want_targs(n, 15, 15,
               "CollectiveMma<DispatchPolicy, TileShape, ElementA, StrideA, ElementB, StrideB, TiledMma, "
               "GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, TransformA, GmemTiledCopyB, SmemLayoutAtomB, "
               "SmemCopyAtomB, TransformB>");
    auto c = std::make_shared<CCollective>();
    std::vector<CVal> v;
    for (std::size_t i = 0; i < 15; ++i) {
      v.push_back(eval(n.targs[i], scope));
      c->members.push_back({names[i], v.back()});
    }
    auto origin = [&](const std::string& path, std::size_t i) {
      c->origins.push_back({path, n.targs[i].line, n.targs[i].col, std::string(names[i])});
    };
    auto want = [&](std::size_t i, auto* p, const std::string& what) {
      if (!p) fail(n.targs[i], names[i], "expected " + what + ", got " + kind_of(v[i]));
    };
    const CPolicy* pol = std::get_if<CPolicy>(&v[0]);
    want(0, pol,
         "a dispatch policy (tvlab reads MainloopSm80CpAsync<S>, MainloopSm80CpAsyncUnpredicated<S>, "
         "MainloopSm90TmaGmma[WarpSpecialized]<S, ClusterShape, Schedule>, "
         "MainloopXeL1Staged<S>, MainloopIntelXeXMX16<S> and MainloopIntelXeXMX16MixedPrecision<S>)");
    const bool sm90 = pol->name.rfind("MainloopSm90", 0) == 0;
    const bool xe = pol->name.rfind("MainloopSm80", 0) != 0 && !sm90;
    nlohmann::json& s = c->spec;
    s["mainloop"] = pol->name;
    s["stages"] = pol->stages;
    origin("stages", 0);
    origin("mainloop", 0);
    if (sm90) {
      s["cluster_shape"] = pol->cluster;
      origin("cluster_shape", 0);
    }
    const CCore* tile = std::get_if<CCore>(&v[1]);
    const IntTuple* ts = tile ? std::get_if<IntTuple>(&tile->v) : nullptr;
    if (!ts || !ts->is_tuple() || rank(*ts) != 3)
      fail(n.targs[1], names[1], "expected a shape (BLK_M, BLK_N, BLK_K), e.g. Shape<_128,_128,_32>");
    for (int i = 0; i < 3; ++i) {
      if (!(*ts)[i].is_leaf()) fail(n.targs[1], names[1], "expected a flat shape (BLK_M, BLK_N, BLK_K)");
      s["cta_tile"].push_back((*ts)[i].ival());
    }
    origin("cta_tile", 1);
    const CTiledMma* mma = std::get_if<CTiledMma>(&v[6]);
    want(6, mma, "a TiledMMA");
    s["mma"] = mma->mma;
    origin("mma", 6);
    if (pol->name == "MainloopIntelXeXMX16MixedPrecision") {
      const CType* ta = std::get_if<CType>(&v[2]);
      const CType* tb = std::get_if<CType>(&v[4]);
      if (ta && tb && ta->mixed == tb->mixed)
        fail(n.targs[ta->mixed ? 4 : 2], names[ta->mixed ? 4 : 2],
             "Either A OR B must be a tuple. It must take the from {ElementOperand, [ElementScale], "
             "[ElementZero]}");
    }
    for (int op = 0; op < 2; ++op) {
      const std::string x = op == 0 ? "A" : "B";
      const std::size_t e = 2 + 2 * op, st = 3 + 2 * op, g = 7 + 4 * op, atom = 8 + 4 * op, s2r = 9 + 4 * op,
                        tr = 10 + 4 * op;
      const std::string path = "operands." + x;
      nlohmann::json o;
      const CType* ty = std::get_if<CType>(&v[e]);
      want(e, ty, "an element type");
      const bool mixed_policy = pol->name == "MainloopIntelXeXMX16MixedPrecision";
      if (ty->mixed && !mixed_policy)
        fail(n.targs[e], names[e],
             "a tuple element type is read by the mixed-input mainloop (MainloopIntelXeXMX16MixedPrecision), "
             "not " +
                 pol->name);
      if (ty->tuple_extra > 0)
        fail(n.targs[e], names[e],
             "the scale and zero-point tensors of a mixed-input mainloop (tuple elements after " + ty->name +
                 ") are loaded by copies tvlab does not model: write cute::tuple<" + ty->name +
                 "> (ConvertOnly) to check A's and B's copies, the conversion included");
      o["type"] = ty->name;
      origin(path + ".type", e);
      const CStride* sd = std::get_if<CStride>(&v[st]);
      want(st, sd, "a stride (TagToStride" + std::string(x) + "_t<RowMajor | ColumnMajor> or Stride<...>)");
      if (sd->tag.empty()) {
        o["gmem"]["layout"] = std::string(1, (x == "A" ? "MK" : "NK")[sd->unit_mode]);
      } else {
        if (sd->operand != x[0])
          fail(n.targs[st], names[st],
               "TagToStride" + std::string(1, sd->operand) + "_t describes operand " + sd->operand + ", in " +
                   x + "'s place");
        o["gmem"]["layout"] = sd->tag;
      }
      origin(path + ".gmem", st);
      if (xe) {
        // sycl-tla: GmemTiledCopyX void (get_block_2d_copy_X picks the block 2D copy) or a block 2D op (the
        // user's override); no shared memory (SmemLayoutAtomX and SmemCopyAtomX are void).
        if (std::holds_alternative<CVoid>(v[g])) {
          o["copy"] = "auto";
        } else if (const CCopyAtom* op_ = std::get_if<CCopyAtom>(&v[g])) {
          o["copy"] = op_->op;
        } else {
          fail(n.targs[g], names[g],
               std::string("expected void or a block 2D copy op (XE_LOAD_2D<...>), got ") + kind_of(v[g]));
        }
        origin(path + ".copy", g);
        for (std::size_t k : {atom, s2r})
          if (!std::holds_alternative<CVoid>(v[k]))
            fail(n.targs[k], names[k],
                 std::string("the Xe collectives take void here, got ") + kind_of(v[k]));
        if (!std::holds_alternative<CIdentity>(v[tr]))
          fail(n.targs[tr], names[tr],
               "Transformation for " + x + " is not currently supported on Intel PVC");
        s["operands"][x] = o;
        continue;
      }
      if (sm90) {
        // GmemTiledCopyX: the TMA op (make_tma_copy_X_sm90 tiles it); SmemCopyAtomX: void (GMMA reads
        // shared memory through descriptors).
        const CCopyAtom* op_ = std::get_if<CCopyAtom>(&v[g]);
        if (!op_ || (op_->op != "SM90_TMA_LOAD" && op_->op != "SM90_TMA_LOAD_MULTICAST"))
          fail(n.targs[g], names[g],
               "GmemTiledCopy - invalid SM90 TMA copy atom specified: expected SM90_TMA_LOAD or "
               "SM90_TMA_LOAD_MULTICAST" +
                   (op_ ? ", got " + op_->op : std::string(", got ") + kind_of(v[g])));
        const CCore* sa = std::get_if<CCore>(&v[atom]);
        want(atom, sa, "a shared-memory layout atom (GMMA::Layout_K_SW128_Atom<T>)");
        o["smem"]["atom"] = to_string(sa->v);
        origin(path + ".smem.atom", atom);
        o["smem"]["g2s"] = op_->op;
        origin(path + ".smem.g2s", g);
        if (!std::holds_alternative<CVoid>(v[s2r]))
          fail(n.targs[s2r], names[s2r],
               "SM90 GMMA mainloops cannot have a non-void copy atom for smem sourced instructions");
        if (!std::holds_alternative<CIdentity>(v[tr]))
          fail(n.targs[tr], names[tr], "tvlab models cute::identity transforms only");
        s["operands"][x] = o;
        continue;
      }
      const CTiledCopy* gc = std::get_if<CTiledCopy>(&v[g]);
      want(g, gc, "a TiledCopy (make_tiled_copy(Copy_Atom<Op, T>{}, thr_layout, val_layout))");
      if (gc->copy.contains("from_mma"))
        fail(n.targs[g], names[g], "a global -> shared copy is made with make_tiled_copy(atom, thr, val)");
      nlohmann::json g2s = gc->copy;
      if (!gc->type.empty()) {
        const ValueType ct = value_type(gc->type);
        if (ct.bits != ty->bits)
          fail(n.targs[g], names[g],
               "Copy_Atom's value type " + ct.name + " (" + std::to_string(ct.bits) +
                   " bits) is not the element type " + ty->name + " (" + std::to_string(ty->bits) + " bits)");
      }
      const CCore* sa = std::get_if<CCore>(&v[atom]);
      want(atom, sa, "a shared-memory layout atom");
      o["smem"]["atom"] = to_string(sa->v);
      origin(path + ".smem.atom", atom);
      o["smem"]["g2s"] = g2s;
      origin(path + ".smem.g2s", g);
      const CCopyAtom* sc = std::get_if<CCopyAtom>(&v[s2r]);
      want(s2r, sc, "a copy atom (Copy_Atom<SM75_U32x4_LDSM_N, half_t>)");
      if (!sc->type.empty() && value_type(sc->type).bits != ty->bits)
        fail(n.targs[s2r], names[s2r],
             "Copy_Atom's value type " + sc->type + " is not " + x + "'s " + ty->name);
      o["smem"]["s2r"] = sc->op;
      origin(path + ".smem.s2r", s2r);
      if (!std::holds_alternative<CIdentity>(v[tr]))
        fail(n.targs[tr], names[tr], "tvlab models cute::identity transforms only");
      s["operands"][x] = o;
    }
    return c;
  }
};

}  // namespace

const char* const kNoConfig =
    "no configuration found: tvlab reads CUTLASS's CollectiveMma<...> declarations (using Mainloop = "
    "cutlass::gemm::collective::CollectiveMma<...>; see docs/spec.md)";

// --bind keys that complete the file's collectives (what a CollectiveMma leaves to run time).
bool completes_collectives(const CppBinding& b) {
  return b.key == "A.alignment" || b.key == "B.alignment" || b.key == "problem";
}

bool names_config(const std::string& full, const std::string& only) {
  // Whole components of the full name: the name, its last components (CollectiveMainloop) or a scope that
  // holds it (a namespace).
  return !only.empty() && ("::" + full + "::").find("::" + only + "::") != std::string::npos;
}

std::vector<CppConfig> read_cpp_configs(std::string_view text) {
  Reader r(text);
  std::vector<CppConfig> out;
  for (const std::string& name : r.candidates()) out.push_back(r.config(name));
  if (out.empty()) throw CppConfigError(1, 1, "", kNoConfig);
  return out;
}

Plan build_plan_from_cpp(const CppConfig& config) {
  try {
    return build_plan(config.spec);
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
    if (best) throw CppConfigError(best->line, best->column, best->construct, e.what() + where);
    throw CppConfigError(config.line, config.column, config.name, e.what() + where);
  }
}

std::vector<NamedPlan> load_plans(const std::string& text, const std::string& only,
                                  std::string_view file_name, const std::vector<CppBinding>& bind) {
  std::vector<NamedPlan> out;
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
  Reader r(text);
  // Only alignments and the problem bound: they complete the file's collectives; any other key: a
  // configuration of its own.
  const bool completions_only = !bind.empty() && std::all_of(bind.begin(), bind.end(), completes_collectives);
  if (!bind.empty() && !(completions_only && !r.candidates().empty())) {
    const CppConfig c = r.bound(bind);
    out.push_back({c.name, build_plan_from_cpp(c)});
    return out;
  }
  const std::vector<std::string> all = r.candidates();
  if (all.empty()) throw CppConfigError(1, 1, "", kNoConfig);
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
    CppConfig c = r.config(n);
    r.add_completions(c, bind);
    out.push_back({c.name, build_plan_from_cpp(c)});
  }
  return out;
}

Plan load_plan(const std::string& text, const std::string& only, std::string_view file_name,
               const std::vector<CppBinding>& bind) {
  const bool completions_only = std::all_of(bind.begin(), bind.end(), completes_collectives);
  if (looks_like_cpp(text, file_name) && !looks_like_cute_print(text) && only.empty() && completions_only) {
    Reader r(text);
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

std::vector<CppBinding> parse_bindings(const std::vector<std::string>& texts) {
  std::vector<CppBinding> out;
  for (const std::string& t : texts) {
    const auto eq = t.find('=');
    if (eq == std::string::npos || eq == 0)
      throw SpecError("--bind " + printable(t), "expected KEY=EXPR, e.g. mma=mmaC or A.g2s=copyA");
    out.push_back({t.substr(0, eq), t.substr(eq + 1)});
  }
  return out;
}

std::optional<TiledMMA> read_cpp_tiled_mma(std::string_view text) {
  // The head, before reading anything else (a layout expression is not C++ this reader needs to see).
  std::string_view v = text;
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
  const std::string head = base_name(std::string(v.substr(0, end)));
  if (head != "TiledMMA" && head != "make_tiled_mma" && head != "TiledMMAHelper") return std::nullopt;
  Reader r(text);
  const std::optional<nlohmann::json> mma = r.tiled_mma_expression();
  if (!mma) return std::nullopt;
  nlohmann::json spec;
  spec["mma"] = *mma;
  try {
    return build_plan(spec).mma;
  } catch (const SpecError& e) {
    throw CppConfigError(1, 1, "TiledMMA", e.what());
  }
}

}  // namespace tvlab
