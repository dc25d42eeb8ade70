#include "tvlab/core/tiling/cute_print.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/complement.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/divergence.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/product.hpp"
#include "tvlab/core/recast.hpp"
#include "tvlab/core/tuple_algorithms.hpp"

namespace tvlab {

const char* to_string(PrintFormat f) {
  return f == PrintFormat::Cpp ? "C++ CuTe" : "CuTe DSL";
}

namespace {

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

// "Thr Layout VMNK" and "ThrLayoutVMNK" alike: lower case, no blanks or underscores.
std::string key_of(std::string_view s) {
  std::string k;
  for (char c : s)
    if (c != ' ' && c != '_' && c != '\t')
      k += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return k;
}

enum class Heading { None, TiledMma, MmaAtom, TiledCopy, CopyAtom, ThrMma, ThrCopy };

struct HeadingInfo {
  Heading kind = Heading::None;
  PrintFormat format = PrintFormat::Cpp;
  std::string op;  // sycl-tla's "Copy_Atom (XE_LOAD_2D)": the operation's family
};

HeadingInfo heading_of(const std::string& t) {
  // sycl-tla's block 2D atoms: "Copy_Atom (XE_LOAD_2D)", ... (copy_traits_xe_2d.hpp's print).
  for (const char* f :
       {"XE_LOAD_2D", "XE_LOAD_2D_VNNI", "XE_LOAD_2D_TRANSPOSE", "XE_STORE_2D", "XE_PREFETCH_2D"})
    if (t == std::string("Copy_Atom (") + f + ")") return {Heading::CopyAtom, PrintFormat::Cpp, f};
  static const std::map<std::string, std::pair<Heading, PrintFormat>> names = {
      {"TiledMMA", {Heading::TiledMma, PrintFormat::Cpp}},
      {"MMA_Atom", {Heading::MmaAtom, PrintFormat::Cpp}},
      {"TiledCopy", {Heading::TiledCopy, PrintFormat::Cpp}},
      {"Copy_Atom", {Heading::CopyAtom, PrintFormat::Cpp}},
      {"ThrMMA", {Heading::ThrMma, PrintFormat::Cpp}},
      {"ThrCopy", {Heading::ThrCopy, PrintFormat::Cpp}},
      {"Tiled MMA", {Heading::TiledMma, PrintFormat::Dsl}},
      {"MMA Atom", {Heading::MmaAtom, PrintFormat::Dsl}},
      {"Tiled Copy", {Heading::TiledCopy, PrintFormat::Dsl}},
      {"Copy Atom", {Heading::CopyAtom, PrintFormat::Dsl}}};
  auto it = names.find(t);
  if (it == names.end()) return {};
  return {it->second.first, it->second.second, ""};
}

bool is_label(const std::string& t) {
  return t.size() >= 7 && t.rfind("===", 0) == 0 && t.compare(t.size() - 3, 3, "===") == 0;
}

struct Line {
  int no = 0;
  std::string text;  // trimmed
};

// A block's "Key: value" lines, by normalized key, with the line each came from.
struct Fields {
  std::map<std::string, std::pair<std::string, int>> values;
};

const char* kKeysTiledMma[] = {"thrlayoutvmnk", "permutationmnk"};
const char* kKeysMmaAtom[] = {"thrid", "shapemnk", "layoutatv", "layoutbtv", "layoutctv"};
const char* kKeysTiledCopy[] = {"tilermn", "tiledlayouttv"};
const char* kKeysCopyAtom[] = {"thrid", "vallayoutsrc", "vallayoutdst", "vallayoutref", "valuetype"};

// CuTe DSL's key spellings, normalized to C++'s.
std::string canonical_key(const std::string& k) {
  static const std::map<std::string, std::string> dsl = {
      {"tvlayouta", "layoutatv"},         {"tvlayoutb", "layoutbtv"},      {"tvlayoutc", "layoutctv"},
      {"tvlayouttiled", "tiledlayouttv"}, {"tvlayoutsrc", "vallayoutsrc"}, {"tvlayoutdst", "vallayoutdst"},
      {"tvlayoutref", "vallayoutref"}};
  auto it = dsl.find(k);
  return it == dsl.end() ? k : it->second;
}

// The printed spelling of a canonical key, for messages.
std::string spelled(const std::string& key, PrintFormat f) {
  static const std::map<std::string, std::pair<const char*, const char*>> names = {
      {"thrlayoutvmnk", {"ThrLayoutVMNK", "Thr Layout VMNK"}},
      {"permutationmnk", {"PermutationMNK", "Permutation MNK"}},
      {"thrid", {"ThrID", "ThrID"}},
      {"shapemnk", {"Shape_MNK", "Shape MNK"}},
      {"layoutatv", {"LayoutA_TV", "TV Layout A"}},
      {"layoutbtv", {"LayoutB_TV", "TV Layout B"}},
      {"layoutctv", {"LayoutC_TV", "TV Layout C"}},
      {"tilermn", {"Tiler_MN", "Tiler MN"}},
      {"tiledlayouttv", {"TiledLayout_TV", "TV Layout tiled"}},
      {"vallayoutsrc", {"ValLayoutSrc", "TV Layout Src"}},
      {"vallayoutdst", {"ValLayoutDst", "TV Layout Dst"}},
      {"vallayoutref", {"ValLayoutRef", "TV Layout Ref"}},
      {"valuetype", {"ValueType", "Value type"}},
      {"blockwidth", {"BlockWidth", "BlockWidth"}},
      {"width", {"Width", "Width"}},
      {"height", {"Height", "Height"}},
      {"copytype", {"CopyType", "CopyType"}},
      {"xmode", {"XMode", "XMode"}},
      {"ymode", {"YMode", "YMode"}},
      {"tiledstrides", {"TiledStrides", "TiledStrides"}},
      {"atomvaltype", {"AtomValType", "AtomValType"}}};
  auto it = names.find(key);
  if (it == names.end()) return key;
  return f == PrintFormat::Cpp ? it->second.first : it->second.second;
}

class Reader {
 public:
  explicit Reader(std::string_view text) {
    int no = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
      const std::size_t nl = text.find('\n', pos);
      const std::string_view raw =
          text.substr(pos, nl == std::string_view::npos ? text.size() - pos : nl - pos);
      ++no;
      for (char c : raw)
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\r')
          throw PrintError(
              no, "a control character (byte 0x" + hex(static_cast<unsigned char>(c)) + ") in a print");
      const std::string t = trim(raw);
      if (!t.empty() && t[0] != '#') lines_.push_back({no, t});
      if (nl == std::string_view::npos) break;
      pos = nl + 1;
    }
  }
  bool done() const { return i_ >= lines_.size(); }
  const Line& peek() const { return lines_[i_]; }
  Line next() { return lines_[i_++]; }
  int last_line() const { return lines_.empty() ? 0 : lines_.back().no; }

 private:
  static std::string hex(unsigned v) {
    const char* d = "0123456789abcdef";
    return std::string{d[v >> 4], d[v & 15]};
  }
  std::vector<Line> lines_;
  std::size_t i_ = 0;
};

// The key lines after a heading, up to the next heading, label or the end.
Fields read_fields(Reader& r, const char* what, PrintFormat f, std::initializer_list<const char*> allowed,
                   int heading_line, std::initializer_list<const char*> optional = {}) {
  Fields out;
  while (!r.done()) {
    const Line& l = r.peek();
    if (heading_of(l.text).kind != Heading::None || is_label(l.text)) break;
    const std::size_t colon = l.text.find(':');
    if (colon == std::string::npos)
      throw PrintError(l.no, "expected 'Key: value' in a " + std::string(what) + " print, got '" +
                                 printable(l.text.substr(0, 80)) + "'");
    const std::string key = canonical_key(key_of(l.text.substr(0, colon)));
    if (std::find_if(allowed.begin(), allowed.end(), [&](const char* k) { return key == k; }) ==
        allowed.end()) {
      std::string list;
      for (const char* k : allowed) list += (list.empty() ? "" : ", ") + spelled(k, f);
      throw PrintError(l.no, "'" + printable(trim(l.text.substr(0, colon))) + "' is not a line of a " + what +
                                 " print; it has " + list);
    }
    if (out.values.count(key))
      throw PrintError(l.no, spelled(key, f) + " given twice (also at line " +
                                 std::to_string(out.values[key].second) + ")");
    out.values[key] = {trim(l.text.substr(colon + 1)), l.no};
    r.next();
  }
  for (const char* k : allowed) {
    if (out.values.count(k)) continue;
    if (std::string(k) == "vallayoutref" && f == PrintFormat::Dsl) continue;  // the DSL prints no Ref
    if (std::find_if(optional.begin(), optional.end(), [&](const char* o) { return std::string(o) == k; }) !=
        optional.end())
      continue;
    throw PrintError(heading_line, "the " + std::string(what) + " print has no " + spelled(k, f) +
                                       " line (a truncated print?)");
  }
  return out;
}

template <class F>
auto value_at(const Fields& fs, const std::string& key, PrintFormat f, F&& read) -> decltype(read("")) {
  const auto& [text, line] = fs.values.at(key);
  try {
    return read(text);
  } catch (const PrintError&) {
    throw;
  } catch (const ParseError& e) {
    throw PrintError(line, spelled(key, f) + ": column " + std::to_string(e.column()) + ": " + e.what());
  } catch (const EvalError& e) {
    throw PrintError(line, spelled(key, f) + ": column " + std::to_string(e.column()) + ": " + e.what());
  } catch (const LayoutError& e) {
    throw PrintError(line, spelled(key, f) + ": " + e.what());
  } catch (const std::invalid_argument& e) {
    throw PrintError(line, spelled(key, f) + ": " + e.what());
  }
}

Layout read_layout(const std::string& text) {
  if (text.empty()) throw std::invalid_argument("empty: expected a layout");
  const Value v = evaluate(text);
  if (const Layout* l = std::get_if<Layout>(&v)) return *l;
  if (const IntTuple* t = std::get_if<IntTuple>(&v)) return make_layout(*t);
  throw std::invalid_argument("expected a layout SHAPE:STRIDE, got " + printable(to_string(v)));
}

bool integer_tuple(const Expr& e) {
  if (e.kind == Expr::Kind::Integer) return !e.value.is_basis();
  if (e.kind != Expr::Kind::Tuple) return false;
  for (const Expr& c : e.children)
    if (!integer_tuple(c)) return false;
  return true;
}

// A tiler as CuTe prints one: (_32,_32,_16) (integers n mean n:1), (_32,(_8,_2,_2):(_1,_16,_8),_16), (_,_,_),
// the DSL's (32:1,32:1,16:1).
// A mode n:1 (or 1:0) tiles as the integer n: the DSL prints (32:1,16:1) where C++ prints (_32,_16).
Tiler plain_modes(const Tiler& t) {
  if (t.is_tuple()) {
    Tiler::Modes m;
    for (const Tiler& x : t.modes()) m.push_back(plain_modes(x));
    return Tiler(m);
  }
  if (t.is_layout() && t.layout().shape.is_leaf()) {
    const Layout& l = t.layout();
    const Scalar d = l.stride.value();
    if (!d.is_basis() && (d.value == 1 || (d.value == 0 && l.shape.ival() == 1)))
      return Tiler(l.shape.ival());
  }
  return t;
}

Tiler read_tiler(const std::string& text) {
  if (text.empty()) throw std::invalid_argument("empty: expected a tiler");
  if (integer_tuple(parse_expr(text))) return Tiler::from_shape(parse_int_tuple(text));
  const Value v = evaluate(text);
  if (const Tiler* t = std::get_if<Tiler>(&v)) return plain_modes(*t);
  if (const IntTuple* t = std::get_if<IntTuple>(&v)) return Tiler::from_shape(*t);
  if (const Layout* l = std::get_if<Layout>(&v)) return Tiler(*l);
  if (std::holds_alternative<Underscore>(v)) return Tiler(Underscore{});
  throw std::invalid_argument("expected a tiler such as (_32,_32,_16), got " + printable(to_string(v)));
}

int read_bits(const std::string& text) {
  // C++ CuTe: sizeof_bits<ValType> followed by 'b' ("16b").
  if (text.size() < 2 || text.back() != 'b' || text.size() > 6)
    throw std::invalid_argument("expected the value width in bits, e.g. 16b, got '" + printable(text) + "'");
  int bits = 0;
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i])))
      throw std::invalid_argument("expected the value width in bits, e.g. 16b, got '" + printable(text) +
                                  "'");
    bits = bits * 10 + (text[i] - '0');
  }
  if (bits <= 0 || bits > 1024) throw std::invalid_argument("a value width of " + text + " bits");
  return bits;
}

// CuTe DSL's (MLIR's) element type names.
std::optional<ValueType> dsl_value_type(const std::string& name) {
  static const std::map<std::string, std::string> names = {{"f16", "half_t"},
                                                           {"bf16", "bfloat16_t"},
                                                           {"f32", "float"},
                                                           {"f64", "double"},
                                                           {"tf32", "tfloat32_t"},
                                                           {"i8", "int8_t"},
                                                           {"ui8", "uint8_t"},
                                                           {"u8", "uint8_t"},
                                                           {"i16", "int16_t"},
                                                           {"ui16", "uint16_t"},
                                                           {"i32", "int32_t"},
                                                           {"ui32", "uint32_t"},
                                                           {"i64", "int64_t"},
                                                           {"ui64", "uint64_t"},
                                                           {"i4", "int4_t"},
                                                           {"ui4", "uint4_t"},
                                                           {"f8E4M3FN", "float_e4m3_t"},
                                                           {"f8E5M2", "float_e5m2_t"},
                                                           {"i128", "int128_t"},
                                                           {"ui128", "uint128_t"}};
  auto it = names.find(name);
  if (it == names.end()) return std::nullopt;
  return parse_value_type(it->second);
}

// Layouts equal as functions of their index (and of equal size), decided from their canonical forms
// (divergence.hpp) at any size; layouts with scaled-basis strides index by index, small ones only.
bool same_function(const Layout& x, const Layout& y) {
  const DivergenceCheck c = check_same_function(x, y);
  if (c.verdict != DivergenceVerdict::NotDecided) return c.verdict == DivergenceVerdict::Equal;
  if (size(x) > (int64_t(1) << 16))
    throw LayoutError("compare", "two layouts with scaled-basis strides of " + std::to_string(size(x)) +
                                     " indices (at most 65536 are compared)");
  for (int64_t i = 0; i < size(x); ++i)
    if (x(i) != y(i)) return false;
  return true;
}

// A copy atom's (thr, val) -> value offset as Copy_Traits hold it, (thr, bit) -> bit: the thread mode's
// strides scaled to bits, the value mode downcast (each value its bits, consecutive). Not recast_layout of
// the whole layout, which would grow a thread mode of stride 1 into more threads.
Layout value_to_bits(const Layout& v, int bits) {
  const Layout thr = mode(v, 0);
  const IntTuple stride = transform_leaf(thr.stride, [&](const Scalar& d) {
    if (d.is_basis()) throw LayoutError("recast", "a thread stride that is not an integer");
    return Scalar(checked_mul(d.value, bits));
  });
  return make_layout({make_layout(thr.shape, stride), downcast(mode(v, 1), bits)});
}

// The first index where two layouts differ, as a message.
std::string first_difference(const Layout& printed, const Layout& known) {
  const DivergenceCheck c = check_same_function(printed, known);
  if (!c.witness) return "they differ";
  if (size(printed) != size(known)) return c.witness->text;
  return "index " + std::to_string(c.witness->index) + " maps to " + std::to_string(c.witness->got) +
         " in the print, " + std::to_string(c.witness->want) + " in the atom";
}

PrintedMma read_mma(Reader& r, bool tiled, PrintFormat f, int line) {
  PrintedMma p;
  p.format = f;
  p.tiled = tiled;
  p.line = line;
  if (tiled) {
    const Fields t = read_fields(r, f == PrintFormat::Cpp ? "TiledMMA" : "Tiled MMA", f,
                                 {kKeysTiledMma[0], kKeysTiledMma[1]}, line);
    p.thr_layout_vmnk = value_at(t, "thrlayoutvmnk", f, read_layout);
    p.permutation = value_at(t, "permutationmnk", f, read_tiler);
    if (r.done() || heading_of(r.peek().text).kind != Heading::MmaAtom)
      throw PrintError(r.done() ? r.last_line() : r.peek().no,
                       std::string("a TiledMMA print continues with its atom (") +
                           (f == PrintFormat::Cpp ? "MMA_Atom" : "MMA Atom") + "), " +
                           (r.done() ? "the text ends (a truncated print?)"
                                     : "got '" + printable(r.peek().text.substr(0, 80)) + "'"));
    const Line h = r.next();
    if (heading_of(h.text).format != f)
      throw PrintError(h.no, std::string("the atom's heading is ") + to_string(heading_of(h.text).format) +
                                 "'s, the TiledMMA's " + to_string(f) + "'s: two prints mixed?");
  } else {
    p.permutation = Tiler(Tiler::Modes{Tiler(Underscore{}), Tiler(Underscore{}), Tiler(Underscore{})});
  }
  const Fields a = read_fields(
      r, f == PrintFormat::Cpp ? "MMA_Atom" : "MMA Atom", f,
      {kKeysMmaAtom[0], kKeysMmaAtom[1], kKeysMmaAtom[2], kKeysMmaAtom[3], kKeysMmaAtom[4]}, line);
  p.thr_id = value_at(a, "thrid", f, read_layout);
  p.shape_mnk = value_at(a, "shapemnk", f, [](const std::string& s) {
    if (s.empty()) throw std::invalid_argument("empty: expected (M,N,K)");
    const IntTuple t = parse_int_tuple(s);
    if (!t.is_tuple() || rank(t) != 3 || !t[0].is_leaf() || !t[1].is_leaf() || !t[2].is_leaf())
      throw std::invalid_argument("expected (M,N,K), three integers, got " + printable(s));
    for (int i = 0; i < 3; ++i)
      if (t[i].ival() <= 0 || t[i].ival() > (int64_t(1) << 16))
        throw std::invalid_argument("expected (M,N,K), three integers from 1 to 65536, got " + printable(s));
    return t;
  });
  p.a = value_at(a, "layoutatv", f, read_layout);
  p.b = value_at(a, "layoutbtv", f, read_layout);
  p.c = value_at(a, "layoutctv", f, read_layout);
  if (!tiled) {
    // One atom: make_tiled_mma(atom) has ThrLayoutVMNK (ThrID, 1, 1, 1).
    p.thr_layout_vmnk =
        make_layout({p.thr_id, make_layout(IntTuple(1), IntTuple(0)), make_layout(IntTuple(1), IntTuple(0)),
                     make_layout(IntTuple(1), IntTuple(0))});
  }
  return p;
}

int read_count(const std::string& text) {
  if (text.empty() || text.size() > 6 || !std::all_of(text.begin(), text.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      }))
    throw std::invalid_argument("expected a positive integer, got '" + printable(text) + "'");
  const int v = std::stoi(text);
  if (v <= 0) throw std::invalid_argument("expected a positive integer, got '" + printable(text) + "'");
  return v;
}

// sycl-tla's block 2D atom (copy_traits_xe_2d.hpp): the operation's parameters, then its layouts.
PrintedCopy read_xe_copy(Reader& r, PrintedCopy p, const std::string& family, int line) {
  const bool block_width = family == "XE_LOAD_2D" || family == "XE_LOAD_2D_VNNI";
  const std::string what = "Copy_Atom (" + family + ")";
  const Fields a =
      read_fields(r, what.c_str(), PrintFormat::Cpp,
                  {"blockwidth", "width", "height", "copytype", "valuetype", "xmode", "ymode", "tiledstrides",
                   "thrid", "vallayoutsrc", "vallayoutdst", "vallayoutref", "atomvaltype"},
                  line, {"atomvaltype", "blockwidth"});
  if (block_width != (a.values.count("blockwidth") > 0))
    throw PrintError(line, what + (block_width ? " has no BlockWidth line (a truncated print?)"
                                               : " prints a BlockWidth, which " + family + " does not take"));
  const PrintFormat f = PrintFormat::Cpp;
  const int bits = value_at(a, "copytype", f, read_bits);
  const int height = value_at(a, "height", f, read_count);
  const int width = value_at(a, "width", f, read_count);
  p.op = family + "<" + std::to_string(bits) + "," + std::to_string(height) + "," + std::to_string(width);
  if (block_width) p.op += "," + std::to_string(value_at(a, "blockwidth", f, read_count));
  p.op += ">";
  p.thr_id = value_at(a, "thrid", f, read_layout);
  p.src = value_at(a, "vallayoutsrc", f, read_layout);
  p.dst = value_at(a, "vallayoutdst", f, read_layout);
  p.ref = value_at(a, "vallayoutref", f, read_layout);
  // The value layouts are in the Copy_Atom's value type: AtomValType where it is printed, else ValueType.
  p.value_bits = a.values.count("atomvaltype") ? value_at(a, "atomvaltype", f, read_bits)
                                               : value_at(a, "valuetype", f, read_bits);
  if (!p.tiled) {
    p.tv = make_layout(make_shape(size(mode(*p.ref, 0)), size(mode(*p.ref, 1))));
    p.tiler = Tiler::from_shape(IntTuple(size(p.tv)));
  }
  return p;
}

PrintedCopy read_copy(Reader& r, bool tiled, PrintFormat f, int line, std::string op = "") {
  PrintedCopy p;
  p.format = f;
  p.tiled = tiled;
  p.line = line;
  if (tiled) {
    const Fields t = read_fields(r, f == PrintFormat::Cpp ? "TiledCopy" : "Tiled Copy", f,
                                 {kKeysTiledCopy[0], kKeysTiledCopy[1]}, line);
    p.tiler = value_at(t, "tilermn", f, read_tiler);
    p.tv = value_at(t, "tiledlayouttv", f, read_layout);
    if (r.done() || heading_of(r.peek().text).kind != Heading::CopyAtom)
      throw PrintError(r.done() ? r.last_line() : r.peek().no,
                       std::string("a TiledCopy print continues with its atom (") +
                           (f == PrintFormat::Cpp ? "Copy_Atom" : "Copy Atom") + "), " +
                           (r.done() ? "the text ends (a truncated print?)"
                                     : "got '" + printable(r.peek().text.substr(0, 80)) + "'"));
    const Line h = r.next();
    if (heading_of(h.text).format != f)
      throw PrintError(h.no, std::string("the atom's heading is ") + to_string(heading_of(h.text).format) +
                                 "'s, the TiledCopy's " + to_string(f) + "'s: two prints mixed?");
    op = heading_of(h.text).op;
  }
  if (!op.empty()) return read_xe_copy(r, p, op, line);
  const Fields a = read_fields(
      r, f == PrintFormat::Cpp ? "Copy_Atom" : "Copy Atom", f,
      {kKeysCopyAtom[0], kKeysCopyAtom[1], kKeysCopyAtom[2], kKeysCopyAtom[3], kKeysCopyAtom[4]}, line);
  p.thr_id = value_at(a, "thrid", f, read_layout);
  p.src = value_at(a, "vallayoutsrc", f, read_layout);
  p.dst = value_at(a, "vallayoutdst", f, read_layout);
  if (a.values.count("vallayoutref")) p.ref = value_at(a, "vallayoutref", f, read_layout);
  if (f == PrintFormat::Cpp) {
    p.value_bits = value_at(a, "valuetype", f, read_bits);
  } else {
    p.value_type = value_at(a, "valuetype", f, [](const std::string& s) {
      const auto vt = dsl_value_type(s);
      if (!vt)
        throw std::invalid_argument(
            "'" + printable(s) +
            "' is not a CuTe DSL element type tvlab knows (f16, bf16, f32, tf32, f64, "
            "i8, ui8, i16, i32, i64, i4, f8E4M3FN, f8E5M2, ...)");
      return s;
    });
    p.value_bits = dsl_value_type(p.value_type)->bits;
  }
  if (!tiled) {
    // One atom: the TV layout is its reference's, over (thr, val).
    p.tv =
        make_layout(make_shape(size(mode(p.ref.value_or(p.dst), 0)), size(mode(p.ref.value_or(p.dst), 1))));
    p.tiler = Tiler::from_shape(IntTuple(size(p.tv)));
  }
  return p;
}

// Runs f, turning the errors of tvlab's layout algebra (an overflow, a condition CuTe checks) into
// PrintErrors at the print's line: a print never ends in any other error.
template <class F>
auto guarded(int line, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const PrintError&) {
    throw;
  } catch (const LayoutError& e) {
    throw PrintError(line, e.what());
  } catch (const AtomError& e) {
    throw PrintError(line, e.what());
  } catch (const EvalError& e) {
    throw PrintError(line, e.what());
  } catch (const ParseError& e) {
    throw PrintError(line, e.what());
  }
}

void require_tv(const Layout& l, const std::string& what, int line) {
  if (rank(l) != 2)
    throw PrintError(line, what + " " + to_string(l) + " is not a (thread, value) layout of rank 2");
}

}  // namespace

bool looks_like_cute_print(std::string_view text) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t nl = text.find('\n', pos);
    const std::string t = trim(text.substr(pos, nl == std::string_view::npos ? text.size() - pos : nl - pos));
    if (!t.empty() && t[0] != '#') return heading_of(t).kind != Heading::None || is_label(t);
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return false;
}

std::vector<PrintBlock> parse_cute_prints(std::string_view text) {
  if (text.size() > (std::size_t(1) << 24)) throw PrintError(0, "a print larger than 16 MiB");
  Reader r(text);
  std::vector<PrintBlock> out;
  std::string label;
  int label_line = 0;
  while (!r.done()) {
    const Line l = r.next();
    if (is_label(l.text)) {
      if (!label.empty())
        throw PrintError(l.no, "two labels with no print between them (the first at line " +
                                   std::to_string(label_line) + ")");
      label = trim(std::string_view(l.text).substr(3, l.text.size() - 6));
      label_line = l.no;
      if (label.empty()) throw PrintError(l.no, "an empty label");
      continue;
    }
    HeadingInfo h = heading_of(l.text);
    if (h.kind == Heading::None)
      throw PrintError(l.no,
                       "expected a print's heading (TiledMMA, MMA_Atom, TiledCopy, Copy_Atom or CuTe DSL's "
                       "Tiled MMA, MMA Atom, Tiled Copy, Copy Atom), got '" +
                           printable(l.text.substr(0, 80)) + "'");
    if (h.kind == Heading::ThrMma || h.kind == Heading::ThrCopy) {
      // print(thr_mma) / print(thr_copy): the thread's line, then the tiled object's print.
      const char* key = h.kind == Heading::ThrMma ? "thrvmnk" : "thridx";
      if (r.done() || key_of(r.peek().text.substr(0, r.peek().text.find(':'))) != key)
        throw PrintError(l.no, std::string(h.kind == Heading::ThrMma ? "ThrMMA" : "ThrCopy") +
                                   " is followed by its thread (" +
                                   (h.kind == Heading::ThrMma ? "Thr VMNK" : "ThrIdx") + ")");
      r.next();
      const Heading want = h.kind == Heading::ThrMma ? Heading::TiledMma : Heading::TiledCopy;
      if (r.done() || heading_of(r.peek().text).kind != want)
        throw PrintError(r.done() ? r.last_line() : r.peek().no,
                         std::string("expected the ") +
                             (want == Heading::TiledMma ? "TiledMMA" : "TiledCopy") +
                             " of the thread's print");
      const Line t = r.next();
      h = heading_of(t.text);
    }
    PrintBlock b;
    b.label = label;
    label.clear();
    guarded(l.no, [&] {
      if (h.kind == Heading::TiledMma || h.kind == Heading::MmaAtom)
        b.mma = read_mma(r, h.kind == Heading::TiledMma, h.format, l.no);
      else
        b.copy = read_copy(r, h.kind == Heading::TiledCopy, h.format, l.no, h.op);
    });
    out.push_back(std::move(b));
  }
  if (!label.empty()) throw PrintError(label_line, "a label with no print after it");
  if (out.empty())
    throw PrintError(0, "no print in the text (expected TiledMMA, TiledCopy, MMA_Atom or Copy_Atom)");
  return out;
}

namespace {
MmaAtom printed_mma_atom_impl(const PrintedMma& p) {
  MmaAtom a;
  a.name = "MMA_Atom (printed)";
  a.printed = true;
  a.m = p.shape_mnk[0].ival();
  a.n = p.shape_mnk[1].ival();
  a.k = p.shape_mnk[2].ival();
  a.thr_id = p.thr_id;
  a.a = p.a;
  a.b = p.b;
  a.c = p.c;
  const int64_t nthr = size(p.thr_id);
  const std::pair<const char*, const Layout*> tvs[] = {{"A", &p.a}, {"B", &p.b}, {"C", &p.c}};
  const int64_t tile[] = {a.m * a.k, a.n * a.k, a.m * a.n};
  const char* dims[] = {"M*K", "N*K", "M*N"};
  for (int i = 0; i < 3; ++i) {
    const Layout& l = *tvs[i].second;
    const std::string what = std::string("Layout") + tvs[i].first + "_TV";
    require_tv(l, what, p.line);
    if (size(mode(l, 0)) != nthr)
      throw PrintError(p.line, what + " " + to_string(l) + " has " + std::to_string(size(mode(l, 0))) +
                                   " threads, ThrID " + to_string(p.thr_id) + " " + std::to_string(nthr));
    for (const Scalar& d : leaves(l.stride))
      if (d.is_basis() || d.value < 0)
        throw PrintError(p.line,
                         what + " " + to_string(l) + " has a stride that is not a non-negative integer");
    if (cosize(l) > tile[i])
      throw PrintError(p.line, what + " " + to_string(l) + " reaches index " + std::to_string(cosize(l) - 1) +
                                   ", outside the " + dims[i] + " = " + std::to_string(tile[i]) +
                                   " atom tile of Shape_MNK " + to_string(p.shape_mnk));
  }
  return a;
}
}  // namespace

MmaAtom printed_mma_atom(const PrintedMma& p) {
  return guarded(p.line, [&] { return printed_mma_atom_impl(p); });
}

namespace {
TiledMMA printed_tiled_mma_impl(const PrintedMma& p, const std::optional<MmaAtom>& known) {
  const MmaAtom printed = printed_mma_atom(p);
  MmaAtom atom = printed;
  if (known) {
    const std::pair<const char*, std::pair<const Layout*, const Layout*>> cmp[] = {
        {"ThrID", {&printed.thr_id, &known->thr_id}},
        {"LayoutA_TV", {&printed.a, &known->a}},
        {"LayoutB_TV", {&printed.b, &known->b}},
        {"LayoutC_TV", {&printed.c, &known->c}}};
    if (printed.m != known->m || printed.n != known->n || printed.k != known->k)
      throw PrintError(p.line, "the print's Shape_MNK " + to_string(p.shape_mnk) + " is not " + known->name +
                                   "'s (" + std::to_string(known->m) + "," + std::to_string(known->n) + "," +
                                   std::to_string(known->k) + ")");
    for (const auto& [what, ls] : cmp)
      if (!same_function(*ls.first, *ls.second))
        throw PrintError(p.line, std::string("the print's ") + what + " " + to_string(*ls.first) +
                                     " is not " + known->name + "'s " + to_string(*ls.second) + ": " +
                                     first_difference(*ls.first, *ls.second));
    atom = *known;
  }
  const Layout& vmnk = p.thr_layout_vmnk;
  if (rank(vmnk) != 4)
    throw PrintError(p.line, "ThrLayoutVMNK " + to_string(vmnk) + " has rank " + std::to_string(rank(vmnk)) +
                                 "; it is (V,M,N,K)");
  if (!same_function(mode(vmnk, 0), printed.thr_id))
    throw PrintError(p.line, "ThrLayoutVMNK's first mode " + to_string(mode(vmnk, 0)) +
                                 " is not the atom's ThrID " + to_string(printed.thr_id));
  for (const Scalar& d : leaves(vmnk.stride))
    if (d.is_basis() || d.value < 0)
      throw PrintError(
          p.line, "ThrLayoutVMNK " + to_string(vmnk) + " has a stride that is not a non-negative integer");
  if (size(vmnk) > (int64_t(1) << 16))
    throw PrintError(p.line, "ThrLayoutVMNK " + to_string(vmnk) + " has " + std::to_string(size(vmnk)) +
                                 " threads; tvlab reads up to 65536");
  // ThrLayoutVMNK is tiled_product(ThrID, AtomLayout): recover the atom layout and rebuild it.
  {
    const Layout rest = make_layout({mode(vmnk, 1), mode(vmnk, 2), mode(vmnk, 3)});
    bool ok = false;
    try {
      const Layout comp =
          complement(printed.thr_id, checked_mul(size(printed.thr_id), std::max<int64_t>(1, cosize(rest))));
      const Layout atom_layout = composition(left_inverse(comp), rest);
      ok = same_function(tiled_product(printed.thr_id, Tiler(atom_layout)), vmnk);
    } catch (const LayoutError&) {
      ok = false;
    }
    if (!ok)
      throw PrintError(p.line, "ThrLayoutVMNK " + to_string(vmnk) + " is not tiled_product(ThrID " +
                                   to_string(printed.thr_id) +
                                   ", AtomLayout) for any atom layout: not one CuTe builds");
  }
  TiledMMA t;
  t.atom = atom;
  t.thr_layout_vmnk = vmnk;
  if (!p.permutation.is_tuple() || p.permutation.rank() != 3)
    throw PrintError(p.line, "PermutationMNK " + to_string(p.permutation) + " does not have 3 modes (M,N,K)");
  const int64_t shape[3] = {atom.m, atom.n, atom.k};
  for (int i = 0; i < 3; ++i) {
    Tiler m = p.permutation.modes()[i];
    if (m.is_integer()) m = Tiler(make_layout(IntTuple(m.integer()), IntTuple(1)));
    if (m.is_tuple())
      throw PrintError(p.line, "PermutationMNK's mode " + std::to_string(i) +
                                   " is a tuple; each is a layout, an integer or _");
    t.permutation[i] = m;
    t.tile_mnk[i] = m.is_underscore() ? checked_mul(shape[i], size(mode(vmnk, i + 1))) : size(m.layout());
    if (t.tile_mnk[i] <= 0 || t.tile_mnk[i] > (int64_t(1) << 24))
      throw PrintError(p.line, "PermutationMNK's mode " + std::to_string(i) + " tiles " +
                                   std::to_string(t.tile_mnk[i]) + " elements; tvlab reads 1 to 2^24");
  }
  try {
    (void)t.get_layoutA_TV();
    (void)t.get_layoutB_TV();
    (void)t.get_layoutC_TV();
  } catch (const LayoutError& e) {
    throw PrintError(p.line, std::string("CuTe cannot tile this TiledMMA: ") + e.what());
  }
  return t;
}
}  // namespace

TiledMMA printed_tiled_mma(const PrintedMma& p, const std::optional<MmaAtom>& known) {
  return guarded(p.line, [&] { return printed_tiled_mma_impl(p, known); });
}

std::vector<std::string> mma_atoms_with_layouts(const MmaAtom& printed) {
  std::vector<std::string> out;
  for (const AtomFamily& f : registry().families()) {
    if (f.kind != "mma") continue;
    for (const std::string& name : f.instances()) {
      MmaAtom a;
      try {
        a = find_mma_atom(name);
      } catch (const AtomError&) {
        continue;
      }
      if (a.m == printed.m && a.n == printed.n && a.k == printed.k &&
          same_function(a.thr_id, printed.thr_id) && same_function(a.a, printed.a) &&
          same_function(a.b, printed.b) && same_function(a.c, printed.c))
        out.push_back(a.name);
    }
  }
  return out;
}

namespace {
// CuTe DSL's print of a tensor: "tensor<ptr<f16, smem, align<1024>, S<3,4,3>> o ((8,16),64):((64,512),1)>". A
// swizzle on the pointer (recast_ptr(ptr, swizzle_=S), get_tensor(layout.outer, swizzle=layout.inner)) acts
// on byte addresses, as C++ CuTe's smem_ptr_flag does: it reads as C++'s "Sw<3,4,3> o smem_ptr[16b](unset) o
// L". (nvidia-cutlass-dsl 4.2.0 cutlass/cute/nvgpu/warpgroup/helpers.py make_smem_layout_atom builds S<3,4,3>
// for the 128-byte swizzle of every element width: a swizzle of byte addresses.)
std::optional<TensorPrint> read_dsl_tensor_print(std::string_view text, std::size_t i) {
  if (text.compare(i, 11, "tensor<ptr<") != 0) return std::nullopt;
  i += 11;
  const std::size_t close = text.find('>', i);  // the first '>' closes align<N> or the pointer
  const std::size_t end = text.find_last_not_of(" \t\r\n");
  if (close == std::string_view::npos || end == std::string_view::npos || text[end] != '>')
    return std::nullopt;
  // The pointer's fields: type, memory, align<N>[, S<B,M,S>], up to the "> o " that ends it.
  const std::size_t ptr_end = text.find("> o ", i);
  if (ptr_end == std::string_view::npos || ptr_end > end) return std::nullopt;
  std::vector<std::string> fields;
  std::string cur;
  int depth = 0;
  for (std::size_t k = i; k < ptr_end; ++k) {
    const char c = text[k];
    if (c == '<') ++depth;
    if (c == '>') --depth;
    if (c == ',' && depth == 0) {
      fields.push_back(trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  fields.push_back(trim(cur));
  if (fields.size() < 2 || fields.size() > 4) return std::nullopt;
  const auto vt = dsl_value_type(fields[0]);
  if (!vt) return std::nullopt;
  TensorPrint t;
  t.bits = vt->bits;
  t.memory = fields[1] == "smem" || fields[1] == "gmem" || fields[1] == "rmem" ? fields[1] : "";
  std::string swizzle;
  for (std::size_t f = 2; f < fields.size(); ++f) {
    if (fields[f].rfind("align<", 0) == 0) continue;
    if (fields[f].rfind("S<", 0) != 0) return std::nullopt;
    swizzle = fields[f];
  }
  const std::string layout = trim(text.substr(ptr_end + 4, end - (ptr_end + 4)));
  t.layout = swizzle.empty() ? layout
                             : "Sw<" + swizzle.substr(2) + " o smem_ptr[" + std::to_string(t.bits) +
                                   "b](unset) o " + layout;
  return t;
}
}  // namespace

std::optional<TensorPrint> read_tensor_print(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (auto dsl = read_dsl_tensor_print(text, i)) return dsl;
  TensorPrint t;
  for (const char* m : {"gmem", "smem", "rmem", ""}) {
    const std::string head = std::string(m) + (*m ? "_ptr[" : "ptr[");
    if (text.compare(i, head.size(), head) == 0) {
      t.memory = m;
      i += head.size();
      break;
    }
    if (*m == 0) return std::nullopt;
  }
  const std::size_t digits = i;
  while (i < text.size() && i - digits < 5 && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  if (i == digits || text.compare(i, 3, "b](") != 0) return std::nullopt;
  t.bits = std::stoi(std::string(text.substr(digits, i - digits)));
  i += 3;
  // The address as printf's %p writes it: 0x..., or (nil) for a null pointer.
  const std::size_t addr = i;
  if (text.compare(i, 5, "(nil)") == 0) {
    i += 5;
  } else if (text.compare(i, 2, "0x") == 0) {
    i += 2;
    while (i < text.size() && std::isxdigit(static_cast<unsigned char>(text[i])) && i - addr < 18) ++i;
    if (i == addr + 2) return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (i >= text.size() || text[i] != ')') return std::nullopt;
  ++i;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i >= text.size() || text[i] != 'o') return std::nullopt;
  ++i;
  if (t.bits <= 0 || t.bits > 1024) return std::nullopt;
  t.layout = trim(text.substr(i));
  return t;
}

ValueType printed_value_type(const PrintedCopy& p) {
  if (!p.value_type.empty()) {
    if (auto vt = dsl_value_type(p.value_type)) return *vt;
    throw PrintError(p.line, "'" + printable(p.value_type) + "' is not a CuTe DSL element type tvlab knows");
  }
  // C++ CuTe prints the bit width alone ("ValueType: 16b"): the unsigned type of that width, where one
  // exists.
  try {
    return uint_type(p.value_bits);
  } catch (const AtomError& e) {
    throw PrintError(p.line, "ValueType: " + std::to_string(p.value_bits) + "b: " + e.what());
  }
}

namespace {
CopyAtom printed_copy_atom_impl(const PrintedCopy& p, PrintedRef ref) {
  const std::pair<const char*, const Layout*> vals[] = {{"ValLayoutSrc", &p.src}, {"ValLayoutDst", &p.dst}};
  const int64_t nthr = size(p.thr_id);
  for (const auto& [what, l] : vals) {
    require_tv(*l, what, p.line);
    if (size(mode(*l, 0)) != nthr)
      throw PrintError(p.line, std::string(what) + " " + to_string(*l) + " has " +
                                   std::to_string(size(mode(*l, 0))) + " threads, ThrID " +
                                   to_string(p.thr_id) + " " + std::to_string(nthr));
    for (const Scalar& d : leaves(l->stride))
      if (d.is_basis() || d.value < 0)
        throw PrintError(p.line, std::string(what) + " " + to_string(*l) +
                                     " has a stride that is not a non-negative integer");
  }
  Layout r;
  if (p.ref) {
    if (ref != PrintedRef::Given) {
      const Layout& named = ref == PrintedRef::Src ? p.src : p.dst;
      if (!same_function(named, *p.ref))
        throw PrintError(p.line, std::string("the print's ValLayoutRef is not its ") +
                                     (ref == PrintedRef::Src ? "Src" : "Dst") + " layout, as \"ref\" says");
    }
    r = *p.ref;
    if (!same_function(r, p.src) && !same_function(r, p.dst))
      throw PrintError(p.line, "ValLayoutRef " + to_string(r) + " is neither ValLayoutSrc nor ValLayoutDst");
  } else if (same_function(p.src, p.dst)) {
    r = p.src;
  } else if (ref == PrintedRef::Given) {
    throw PrintError(p.line,
                     std::string(to_string(p.format)) +
                         " prints no Ref layout and this atom's Src and Dst differ: say which one the "
                         "TiledLayout_TV is written in (\"ref\": \"src\" or \"dst\"; CuTe's loads such as "
                         "ldmatrix reference Dst, its stores such as stmatrix Src)");
  } else {
    r = ref == PrintedRef::Src ? p.src : p.dst;
  }
  CopyAtom a;
  a.name = "Copy_Atom (printed)";
  a.printed = true;
  a.thr_id = p.thr_id;
  a.copy_bits = p.value_bits;
  a.val_bits = p.value_bits;
  try {
    a.src = value_to_bits(p.src, p.value_bits);
    a.dst = value_to_bits(p.dst, p.value_bits);
    a.ref = value_to_bits(r, p.value_bits);
    const ValueLayouts back = value_layouts(a, p.value_bits);
    if (!same_function(back.src, p.src) || !same_function(back.dst, p.dst) || !same_function(back.ref, r))
      throw LayoutError("recast", "the value layouts do not survive a round trip through bits");
  } catch (const std::runtime_error& e) {
    throw PrintError(p.line, "cannot read the atom's value layouts as " + std::to_string(p.value_bits) +
                                 "-bit values: " + e.what());
  }
  return a;
}
}  // namespace

CopyAtom printed_copy_atom(const PrintedCopy& p, PrintedRef ref) {
  return guarded(p.line, [&] { return printed_copy_atom_impl(p, ref); });
}

namespace {
TiledCopy printed_tiled_copy_impl(const PrintedCopy& p, const ValueType& vt, PrintedRef ref,
                                  const std::optional<CopyAtom>& known) {
  if (vt.bits != p.value_bits)
    throw PrintError(p.line, "the print's values are " + std::to_string(p.value_bits) + "-bit, " + vt.name +
                                 " is " + std::to_string(vt.bits) + "-bit");
  CopyAtom atom = printed_copy_atom(p, ref);
  std::optional<CopyAtom> named = known;
  if (!p.op.empty()) {
    if (known && known->name != p.op)
      throw PrintError(p.line, "the print names " + p.op + ", not " + known->name);
    try {
      named = find_copy_atom(p.op);
    } catch (const AtomError& e) {
      throw PrintError(p.line, "the print names " + p.op + ": " + e.what());
    }
  }
  if (named) {
    ValueLayouts k, q;
    CopyAtom with_bits;
    try {
      with_bits = with_value_bits(*named, vt.bits);
      k = value_layouts(with_bits, vt.bits);
      q = value_layouts(atom, vt.bits);
    } catch (const std::runtime_error& e) {
      throw PrintError(p.line, named->name + " with " + vt.name + ": " + e.what());
    }
    const std::pair<const char*, std::pair<const Layout*, const Layout*>> cmp[] = {
        {"ThrID", {&atom.thr_id, &with_bits.thr_id}},
        {"ValLayoutSrc", {&q.src, &k.src}},
        {"ValLayoutDst", {&q.dst, &k.dst}},
        {"ValLayoutRef", {&q.ref, &k.ref}}};
    for (const auto& [what, ls] : cmp)
      if (!same_function(*ls.first, *ls.second))
        throw PrintError(p.line, std::string("the print's ") + what + " " + to_string(*ls.first) +
                                     " is not " + named->name + "'s " + to_string(*ls.second) + " for " +
                                     vt.name + ": " + first_difference(*ls.first, *ls.second));
    atom = *named;
  }
  require_tv(p.tv, "TiledLayout_TV", p.line);
  for (const Scalar& d : leaves(p.tv.stride))
    if (d.is_basis() || d.value < 0)
      throw PrintError(
          p.line, "TiledLayout_TV " + to_string(p.tv) + " has a stride that is not a non-negative integer");
  if (size(p.tv) > (int64_t(1) << 24))
    throw PrintError(p.line, "TiledLayout_TV " + to_string(p.tv) + " has " + std::to_string(size(p.tv)) +
                                 " (thread, value) pairs; tvlab reads up to 2^24");
  try {
    TiledCopy c = make_tiled_copy_impl(atom, vt, p.tv, p.tiler);
    const int64_t tile = product(c.tile_shape());
    if (tile <= 0 || tile > (int64_t(1) << 24))
      throw PrintError(p.line, "Tiler_MN " + to_string(p.tiler) + " tiles " + std::to_string(tile) +
                                   " elements; tvlab reads 1 to 2^24");
    if (cosize(filter(p.tv)) > tile)
      throw PrintError(p.line, "TiledLayout_TV " + to_string(p.tv) + " reaches index " +
                                   std::to_string(cosize(filter(p.tv)) - 1) + ", outside the " +
                                   std::to_string(tile) + "-element tile of Tiler_MN " + to_string(p.tiler));
    (void)c.get_layoutS_TV();
    (void)c.get_layoutD_TV();
    return c;
  } catch (const PrintError&) {
    throw;
  } catch (const LayoutError& e) {
    throw PrintError(p.line, std::string("CuTe cannot tile this TiledCopy: ") + e.what());
  } catch (const AtomError& e) {
    throw PrintError(p.line, std::string("CuTe cannot tile this TiledCopy: ") + e.what());
  }
}
}  // namespace

TiledCopy printed_tiled_copy(const PrintedCopy& p, const ValueType& vt, PrintedRef ref,
                             const std::optional<CopyAtom>& known) {
  return guarded(p.line, [&] { return printed_tiled_copy_impl(p, vt, ref, known); });
}

}  // namespace tvlab
