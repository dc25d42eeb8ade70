#include "tvlab/core/atoms/registry.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "tvlab/core/error.hpp"

namespace tvlab {

AtomName parse_atom_name(std::string_view text) {
  constexpr std::size_t kMaxLength = 4096;
  if (text.size() > kMaxLength) throw ParseError(kMaxLength, "atom name longer than 4096 characters");
  // Drop whitespace (remembering original columns) and every `cute::` qualifier.
  std::string s;
  std::vector<std::size_t> col;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '<' && c != '>' && c != ',' &&
        c != ':')
      throw ParseError(i + 1, std::string("unexpected character '") + c + "' in atom name");
    s += c, col.push_back(i + 1);
  }
  for (std::size_t p; (p = s.find("cute::")) != std::string::npos;)
    s.erase(p, 6), col.erase(col.begin() + static_cast<std::ptrdiff_t>(p),
                             col.begin() + static_cast<std::ptrdiff_t>(p) + 6);
  if (s.empty()) throw ParseError(1, "empty atom name");
  AtomName n;
  const std::size_t lt = s.find('<');
  n.base = s.substr(0, lt);
  if (n.base.empty()) throw ParseError(col[0], "atom name must start with a name");
  if (n.base.find('>') != std::string::npos || n.base.find(',') != std::string::npos)
    throw ParseError(col[n.base.find_first_of(">,")], "unexpected '>' or ',' in atom name");
  if (lt == std::string::npos) return n;
  n.templated = true;
  int depth = 0;
  std::string arg;
  for (std::size_t i = lt; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '<') {
      if (++depth > 1) arg += c;
    } else if (c == '>') {
      if (depth == 0) throw ParseError(col[i], "unbalanced '>' in atom name");
      if (--depth == 0) {
        if (i + 1 != s.size()) throw ParseError(col[i + 1], "text after the closing '>' of the atom name");
        if (!arg.empty() || !n.args.empty()) {
          if (arg.empty()) throw ParseError(col[i], "empty template argument");
          n.args.push_back(arg);
        }
        return n;
      }
      arg += c;
    } else if (c == ',' && depth == 1) {
      if (arg.empty()) throw ParseError(col[i], "empty template argument");
      n.args.push_back(arg), arg.clear();
    } else {
      arg += c;
    }
  }
  throw ParseError(col.back() + 1, "missing '>' at the end of the atom name");
}

int64_t atom_int_arg(const AtomName& n, std::size_t i, const char* what) {
  const std::string& a = n.args.at(i);
  std::string_view v = a;
  if (v.size() > 1 && v[0] == '_') v.remove_prefix(1);  // CuTe's static spelling _16
  int64_t x = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec != std::errc() || p != v.data() + v.size())
    throw AtomError(n.base + ": " + what, "expected an integer, got '" + a + "'");
  return x;
}

void Registry::add(AtomFamily f) {
  families_.push_back(std::move(f));
}

const AtomFamily* Registry::family(std::string_view base) const {
  for (const AtomFamily& f : families_)
    if (f.base == base) return &f;
  return nullptr;
}

const std::vector<AtomMeaning>& atom_meanings() {
  // Longer words hide the shorter ones inside them: "stmatrix" is no "tma", "cpasyncbulk" no "cpasync".
  static const std::vector<AtomMeaning> table = {
      {{"ldmatrix", "ldsm"}, {"SM75_U32x{1,2,4}_LDSM_N", "SM75_U16x{2,4,8}_LDSM_T"}},
      {{"stmatrix", "stsm"}, {"SM90_U32x{1,2,4}_STSM_N", "SM90_U16x{2,4,8}_STSM_T"}},
      {{"tma", "cpasyncbulk", "bulktensor", "tensormap", "bulk"},
       {"SM90_TMA_LOAD", "SM90_TMA_LOAD_MULTICAST", "SM90_TMA_STORE", "SM100_TMA_2SM_LOAD"}},
      {{"cpasync", "ldgsts", "async"}, {"SM80_CP_ASYNC_{CACHEALWAYS,CACHEGLOBAL}{,_ZFILL}<S, D = S>"}},
      {{"block2d", "2dblock", "load2d", "2dload", "store2d", "2dstore", "prefetch2d", "2dprefetch"},
       {"XE_LOAD_2D<Bits, Height, Width, BlockWidth = Width>",
        "XE_LOAD_2D_VNNI<Bits, Height, Width, BlockWidth = Width>",
        "XE_LOAD_2D_TRANSPOSE<Bits, Height, Width>", "XE_STORE_2D<Bits, Height, Width>",
        "XE_PREFETCH_2D<Bits, Height, Width>"}},
      {{"copy", "memcpy", "defaultcopy", "universalcopy", "autovectoriz", "vectoriz", "default"},
       {"UniversalCopy<S, D = S>", "DefaultCopy", "AutoVectorizingCopy",
        "AutoVectorizingCopyWithAssumedAlignment<MaxVecBits = 128>"}},
      {{"universal"}, {"UniversalCopy<S, D = S>", "UniversalFMA<D, A = D, B = A, C = D>"}},
      {{"fma", "universalfma"}, {"UniversalFMA<D, A = D, B = A, C = D>"}},
      {{"dpas"}, {"XE_DPAS_TT<M, TD, TA, TB = TA, TC = TD>"}},
      {{"tmem", "tcgen05ld", "tcgen05st"},
       {"SM100_TMEM_LOAD_32dp32b{1,2,4,8,16,32,64,128}x", "SM100_TMEM_STORE_32dp32b{1,2,4,8,16,32,64,128}x"}},
  };
  return table;
}

namespace {
// Lower case letters and digits only: "cp.async" -> "cpasync", "XE_LOAD_2D" -> "xeload2d".
std::string meaning_key(std::string_view text) {
  std::string k;
  for (char c : text)
    if (std::isalnum(static_cast<unsigned char>(c)))
      k += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return k;
}
}  // namespace

std::vector<std::string> atoms_by_meaning(std::string_view text) {
  std::string key = meaning_key(text);
  struct Word {
    std::string word;
    std::size_t entry;
  };
  std::vector<Word> words;
  const std::vector<AtomMeaning>& table = atom_meanings();
  for (std::size_t e = 0; e < table.size(); ++e)
    for (const std::string& w : table[e].words) words.push_back({w, e});
  std::stable_sort(words.begin(), words.end(),
                   [](const Word& a, const Word& b) { return a.word.size() > b.word.size(); });
  std::vector<bool> hit(table.size(), false);
  for (const Word& w : words)
    for (std::size_t p; (p = key.find(w.word)) != std::string::npos;) {
      hit[w.entry] = true;
      key.replace(p, w.word.size(), w.word.size(), ' ');  // hides the shorter words inside it
    }
  std::vector<std::string> out;
  for (std::size_t e = 0; e < table.size(); ++e)
    if (hit[e])
      for (const std::string& f : table[e].families)
        if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  return out;
}

std::vector<std::string> expand_braces(const std::string& pattern) {
  const std::size_t open = pattern.find('{');
  if (open == std::string::npos) return {pattern};
  const std::size_t close = pattern.find('}', open);
  if (close == std::string::npos) return {pattern};
  std::vector<std::string> out;
  const std::string head = pattern.substr(0, open), tail = pattern.substr(close + 1);
  std::size_t from = open + 1;
  while (true) {
    const std::size_t comma = std::min(pattern.find(',', from), close);
    for (const std::string& rest : expand_braces(tail))
      out.push_back(head + pattern.substr(from, comma - from) + rest);
    if (comma == close) break;
    from = comma + 1;
  }
  return out;
}

namespace {
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min(
          {row[j] + 1, row[j - 1] + 1, diag + (std::toupper(a[i - 1]) == std::toupper(b[j - 1]) ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// A name written as prose rather than as a C++ type ("cp.async", "tcgen05.mma", "ld-matrix"): letters,
// digits, spaces and . - / _ only, short, with one of . - /. Such a name is an unknown atom with what it may
// mean, not a syntax error.
bool prose_name(std::string_view text) {
  constexpr std::size_t kMaxProse = 64;
  bool separator = false, alnum = false;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '.' || c == '-' || c == '/')
      separator = true;
    else if (std::isalnum(u))
      alnum = true;
    else if (c != ' ' && c != '_')
      return false;
  }
  return separator && alnum && text.size() <= kMaxProse;
}
}  // namespace

AtomSpelling unwrap_atom_spelling(std::string_view text) {
  AtomSpelling out;
  AtomName n;
  try {
    n = parse_atom_name(text);
  } catch (const ParseError&) {
    return out;
  }
  auto base = [](std::string b) {
    if (const std::size_t colons = b.rfind("::"); colons != std::string::npos) b.erase(0, colons + 2);
    return b;
  };
  const std::string b = base(n.base);
  const bool mma = b == "MMA_Atom" && n.args.size() == 1, copy = b == "Copy_Atom" && n.args.size() == 2;
  if (!mma && !copy) return out;
  out.wrapper = b;
  out.op = n.args[0];
  // MMA_Traits<Op> / Copy_Traits<Op> inside: the op itself.
  if (const AtomName inner = parse_atom_name(out.op);
      (base(inner.base) == "MMA_Traits" || base(inner.base) == "Copy_Traits") && inner.args.size() == 1)
    out.op = inner.args[0];
  if (copy) out.value_type = n.args[1];
  return out;
}

Atom Registry::find(std::string_view name) const {
  AtomName n;
  try {
    n = parse_atom_name(name);
  } catch (const ParseError&) {
    if (!prose_name(name)) throw;
    for (char c : name)
      if (c != ' ') n.base += c;
  }
  // CuTe's nested namespaces (SM120::BLOCKSCALED::, SM103::, ...) are not part of the family name.
  if (const std::size_t colons = n.base.rfind("::"); colons != std::string::npos) n.base.erase(0, colons + 2);
  // The wrappers kernels write: MMA_Atom<Op>, Copy_Atom<Op, T> (and <MMA_Traits<Op>>, <Copy_Traits<Op>, T>).
  if (const AtomSpelling w = unwrap_atom_spelling(name); !w.wrapper.empty()) return find(w.op);
  if (const AtomFamily* f = family(n.base)) return f->make(n);
  // Closest: the families the name's words mean (at most 5), then those of the 3 nearest spellings that are
  // not among them; after meanings, only spellings a typo away (at most a third of the name's letters).
  constexpr std::size_t kMeanings = 5, kNearest = 3;
  std::vector<std::string> hints = atoms_by_meaning(n.base);
  if (hints.size() > kMeanings) hints.resize(kMeanings);
  std::vector<std::string> meant;
  for (const std::string& h : hints)
    for (const std::string& e : expand_braces(h)) meant.push_back(e.substr(0, e.find('<')));
  std::vector<std::pair<std::size_t, const AtomFamily*>> near;
  for (const AtomFamily& f : families_) near.emplace_back(edit_distance(n.base, f.base), &f);
  std::stable_sort(near.begin(), near.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : a.second->signature < b.second->signature;
  });
  const std::size_t typo = hints.empty() ? std::string::npos : std::max<std::size_t>(2, n.base.size() / 3);
  for (std::size_t i = 0; i < near.size() && i < kNearest; ++i)
    if (near[i].first <= typo && std::find(meant.begin(), meant.end(), near[i].second->base) == meant.end())
      hints.push_back(near[i].second->signature);
  std::string hint;
  for (std::size_t i = 0; i < hints.size(); ++i) hint += (i ? ", " : "") + hints[i];
  throw AtomError("unknown atom",
                  "no atom named '" + n.base + "' (closest: " + hint + "; `tvlab atoms` lists them all)");
}

const Registry& registry() {
  static const Registry r = [] {
    Registry reg;
    register_xe_dpas(reg);
    register_xe_block2d(reg);
    register_xe_legacy(reg);
    register_nvidia(reg);
    register_nvidia_sm89(reg);
    register_nvidia_sm100(reg);
    register_nvidia_tmem(reg);
    register_nvidia_sm120(reg);
    return reg;
  }();
  return r;
}

MmaAtom find_mma_atom(std::string_view name) {
  Atom a = find_atom(name);
  if (auto* m = std::get_if<MmaAtom>(&a)) return *m;
  throw AtomError("not an MMA atom", "'" + atom_name(a) + "' is a copy atom");
}

CopyAtom find_copy_atom(std::string_view name) {
  Atom a = find_atom(name);
  if (auto* c = std::get_if<CopyAtom>(&a)) return *c;
  throw AtomError("not a copy atom", "'" + atom_name(a) + "' is an MMA atom");
}

}  // namespace tvlab
