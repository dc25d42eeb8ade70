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
}  // namespace

Atom Registry::find(std::string_view name) const {
  AtomName n = parse_atom_name(name);
  // CuTe's nested namespaces (SM120::BLOCKSCALED::, SM103::, ...) are not part of the family name.
  if (const std::size_t colons = n.base.rfind("::"); colons != std::string::npos) n.base.erase(0, colons + 2);
  if (const AtomFamily* f = family(n.base)) return f->make(n);
  std::vector<std::pair<std::size_t, std::string>> near;
  for (const AtomFamily& f : families_) near.emplace_back(edit_distance(n.base, f.base), f.signature);
  std::sort(near.begin(), near.end());
  std::string hint;
  for (std::size_t i = 0; i < near.size() && i < 3; ++i) hint += (i ? ", " : "") + near[i].second;
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
