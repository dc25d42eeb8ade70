// What `tvlab show` prints (atom_report.hpp): an atom's layouts as text tables and as JSON.
#include "tvlab/verify/report/atom_report.hpp"

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tiling/tmem.hpp"

namespace tvlab {

namespace {

using ojson = nlohmann::ordered_json;

// Tables are cut to this many rows and columns (a GMMA C tile is 64 x 256).
constexpr int64_t kMaxGrid = 64;

// (thread, value) of a TV layout's 1-D index i: thread mode first, column-major.
struct TV {
  int64_t t, v;
};
int64_t threads_of(const Layout& tv) {
  return rank(tv) >= 1 ? size(mode(tv, 0)) : 1;
}

// A grid whose cells list the (thread, value) pairs a TV layout maps onto them: the cell at (r, c) is
// index r + rows*c (column-major) or c + cols*r (row-major).
std::string tv_grid(const Layout& tv, int64_t rows, int64_t cols, bool row_major, const std::string& corner,
                    const std::string& thr_letter = "T") {
  const int64_t shown_r = std::min(rows, kMaxGrid), shown_c = std::min(cols, kMaxGrid);
  std::vector<std::vector<TV>> owners(static_cast<std::size_t>(shown_r * shown_c));
  const int64_t nthr = threads_of(tv), n = size(tv);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t idx = tv(i);
    if (idx < 0) continue;
    const int64_t r = row_major ? idx / cols : idx % rows, c = row_major ? idx % cols : idx / rows;
    if (r >= shown_r || c >= shown_c) continue;
    owners[static_cast<std::size_t>(r * shown_c + c)].push_back({i % nthr, i / nthr});
  }
  std::vector<std::string> cells(owners.size());
  std::size_t width = 1;
  for (std::size_t k = 0; k < owners.size(); ++k) {
    // At most kMaxOwners owners per cell, then a count of the rest (aliasing legacy atoms).
    constexpr std::size_t kMaxOwners = 2;
    std::string s;
    for (std::size_t o = 0; o < owners[k].size() && o < kMaxOwners; ++o)
      s += (s.empty() ? "" : "/") +
           (thr_letter + std::to_string(owners[k][o].t) + "V" + std::to_string(owners[k][o].v));
    if (owners[k].size() > kMaxOwners) s += "/+" + std::to_string(owners[k].size() - kMaxOwners);
    cells[k] = s.empty() ? "." : s;
    width = std::max(width, cells[k].size());
  }
  width = std::max(width, std::to_string(shown_c - 1).size());
  const std::size_t label = std::max(corner.size(), std::to_string(shown_r - 1).size());
  auto pad = [](const std::string& s, std::size_t w) {
    return std::string(w - std::min(w, s.size()), ' ') + s;
  };
  std::ostringstream out;
  out << "  " << pad(corner, label);
  for (int64_t c = 0; c < shown_c; ++c) out << ' ' << pad(std::to_string(c), width);
  out << '\n';
  for (int64_t r = 0; r < shown_r; ++r) {
    out << "  " << pad(std::to_string(r), label);
    for (int64_t c = 0; c < shown_c; ++c)
      out << ' ' << pad(cells[static_cast<std::size_t>(r * shown_c + c)], width);
    out << '\n';
  }
  if (shown_r < rows || shown_c < cols)
    out << "  (showing " << shown_r << " of " << rows << " rows and " << shown_c << " of " << cols
        << " columns; `tvlab show --json` gives the whole layout)\n";
  return out.str();
}

// One line per thread: the offsets of its values, V0 first.
std::string tv_lines(const Layout& tv) {
  const int64_t nthr = threads_of(tv), nval = size(tv) / std::max<int64_t>(nthr, 1);
  const int64_t shown_t = std::min(nthr, kMaxGrid), shown_v = std::min(nval, kMaxGrid);
  std::size_t width = 1;
  std::vector<std::vector<std::string>> rows(static_cast<std::size_t>(shown_t));
  for (int64_t t = 0; t < shown_t; ++t)
    for (int64_t v = 0; v < shown_v; ++v) {
      rows[static_cast<std::size_t>(t)].push_back(std::to_string(tv(t + nthr * v)));
      width = std::max(width, rows[static_cast<std::size_t>(t)].back().size());
    }
  const std::size_t label = std::to_string(shown_t - 1).size() + 1;
  std::ostringstream out;
  for (int64_t t = 0; t < shown_t; ++t) {
    const std::string name = "T" + std::to_string(t);
    out << "  " << name << ':' << std::string(label - name.size(), ' ');
    for (const std::string& s : rows[static_cast<std::size_t>(t)])
      out << ' ' << std::string(width - s.size(), ' ') << s;
    out << '\n';
  }
  if (shown_t < nthr || shown_v < nval)
    out << "  (showing " << shown_t << " of " << nthr << " threads and " << shown_v << " of " << nval
        << " values each; `tvlab show --json` gives the whole layout)\n";
  return out.str();
}

// "name   value" lines with the names padded to one width.
std::string field(const std::string& name, const std::string& value) {
  return "  " + name + std::string(name.size() < 12 ? 12 - name.size() : 1, ' ') + value + "\n";
}

const char* block2d_kind(Block2D::Kind k) {
  switch (k) {
    case Block2D::Kind::Load:
      return "load";
    case Block2D::Kind::LoadVnni:
      return "VNNI load";
    case Block2D::Kind::LoadTranspose:
      return "transposing load";
    case Block2D::Kind::Store:
      return "store";
    case Block2D::Kind::Prefetch:
      return "prefetch";
  }
  return "?";
}

ojson mma_json(const MmaAtom& a) {
  ojson j;
  j["kind"] = "mma";
  j["name"] = a.name;
  j["shape_mnk"] = {a.m, a.n, a.k};
  j["thr_id"] = to_string(a.thr_id);
  j["a"] = to_string(a.a);
  j["b"] = to_string(a.b);
  j["c"] = to_string(a.c);
  ojson t;
  t["d"] = a.d_type.name;
  t["a"] = a.a_type.name;
  t["b"] = a.b_type.name;
  t["c"] = a.c_type.name;
  j["types"] = a.printed ? ojson(nullptr) : t;  // a print carries no value types
  if (a.printed) j["printed"] = true;
  // Only where the atom has them (the keys above are the whole object for thread-scoped atoms).
  if (!a.scope.empty()) j["scope"] = a.scope;
  if (!a.params.empty()) {
    ojson p;
    for (const auto& [key, value] : a.params) p[key] = value;
    j["params"] = p;
  }
  if (!a.extra.empty()) {
    ojson e;
    for (const auto& [key, layout] : a.extra) e[key] = to_string(layout);
    j["layouts"] = e;
  }
  return j;
}

std::string mma_text(const MmaAtom& a) {
  const std::string m = std::to_string(a.m), n = std::to_string(a.n), k = std::to_string(a.k);
  std::string s = a.name + ": MMA atom (" + (a.printed ? std::string("from CuTe's print") : a.arch) + ")\n";
  s += field("shape_mnk", "(" + m + "," + n + "," + k + ")  M = " + m + ", N = " + n + ", K = " + k);
  s += a.printed ? field("types", "unknown: a print carries no value types")
                 : field("types", "D = " + a.d_type.name + ", A = " + a.a_type.name +
                                      ", B = " + a.b_type.name + ", C = " + a.c_type.name);
  for (const auto& [key, value] : a.params) s += field(key, value);
  const bool cta = a.scope == "cta";
  const std::string tv = cta ? "(cta,val)" : "(thr,val)";
  s += field("thr_id",
             to_string(a.thr_id) + (cta ? "   CTA-scoped: cta -> CTA of the MMA (not a thread)" : ""));
  s += field("a", to_string(a.a) + "   " + tv + " -> m + " + m + "*k");
  s += field("b", to_string(a.b) + "   " + tv + " -> n + " + n + "*k");
  s += field("c", to_string(a.c) + "   " + tv + " -> m + " + m + "*n");
  for (const auto& [key, layout] : a.extra) s += field(key, to_string(layout));
  s += cta ? "\nEach cell lists the (CTA, value) pairs CcVv that hold the element ('.' none, '/' several, "
             "'+n' n "
             "more).\n"
           : "\nEach cell lists the (thread, value) pairs TtVv that hold the element ('.' none, '/' several, "
             "'+n' n "
             "more).\n";
  const std::string letter = cta ? "C" : "T";
  s += "\nA (M x K = " + m + " x " + k + "): rows m, columns k\n" +
       tv_grid(a.a, a.m, a.k, false, "m\\k", letter);
  s += "\nB (N x K = " + n + " x " + k + "): rows n, columns k\n" +
       tv_grid(a.b, a.n, a.k, false, "n\\k", letter);
  s += "\nC (M x N = " + m + " x " + n + "): rows m, columns n\n" +
       tv_grid(a.c, a.m, a.n, false, "m\\n", letter);
  if (is_umma(a)) {
    // The accumulator's place in tensor memory: what a CTA-scoped C layout does not say.
    TmemAccumulator acc;
    try {
      acc = tmem_accumulator(a, a.m, a.n);
    } catch (const AtomError& e) {
      return s + "\nC in tensor memory: not drawn: " + e.what() + "\n";
    }
    s += "\nC in tensor memory (partition_fragment_C, " + acc.value_type.name + ", " +
         (acc.ctas == 2 ? "each CTA's " + std::to_string(acc.mma_m) + " of the " + m + " rows"
                        : std::string("one CTA")) +
         "): " + to_string(acc.layout) + "\n";
    for (const std::string& line : tmem_lane_runs(acc)) s += "  " + line + "\n";
    s += "  (tvlab render draws it: lanes x columns, each cell its (m,n))\n";
  }
  return s;
}

ojson copy_json(const CopyAtom& a, const ValueType& t, const ValueLayouts& v) {
  ojson j;
  j["kind"] = "copy";
  j["name"] = a.name;
  j["thr_id"] = to_string(a.thr_id);
  ojson bits;
  bits["src"] = to_string(a.src);
  bits["dst"] = to_string(a.dst);
  bits["ref"] = to_string(a.ref);
  j["bits"] = bits;
  j["value_type"] = t.name;
  ojson values;
  values["src"] = to_string(v.src);
  values["dst"] = to_string(v.dst);
  values["ref"] = to_string(v.ref);
  j["values"] = values;
  if (a.val_id) j["val_id"] = to_string(*a.val_id);
  if (a.max_vec_bits) j["max_vec_bits"] = a.max_vec_bits;
  if (a.printed) j["printed"] = true;
  return j;
}

std::string copy_text(const CopyAtom& a, const ValueType& t, const ValueLayouts& v) {
  std::string s = a.name + ": copy atom (" + (a.printed ? std::string("from CuTe's print") : a.arch) + ")\n";
  s += field("value type", t.name + " (" + std::to_string(t.bits) + " bits; the atom copies " +
                               (a.max_vec_bits ? std::string("one value of any type per thread)")
                                               : std::to_string(a.copy_bits) + "-bit elements)"));
  if (a.max_vec_bits)
    s += field("vectorize",
               "up to " + std::to_string(a.max_vec_bits) +
                   " bits: cute::copy recasts runs contiguous in both src and dst to wider words, "
                   "as far as the assumed alignment allows");
  if (a.block2d) {
    const Block2D& b = *a.block2d;
    s += field("block 2D", std::string(block2d_kind(b.kind)) + ", Bits = " + std::to_string(b.bits) +
                               ", Height = " + std::to_string(b.height) + ", Width = " +
                               std::to_string(b.width) + ", BlockWidth = " + std::to_string(b.block_width));
  }
  s += field("thr_id", to_string(a.thr_id));
  s += field("bits src", to_string(a.src) + "   (thr,bit) -> bit");
  s += field("bits dst", to_string(a.dst));
  s += field("bits ref", to_string(a.ref));
  s += field("values src", to_string(v.src) + "   (thr,val) -> " + t.name + " offset");
  s += field("values dst", to_string(v.dst));
  s += field("values ref", to_string(v.ref));
  if (!a.prefetch.empty()) s += field("prefetch", a.prefetch);
  if (a.val_id)
    s += field("val_id", to_string(*a.val_id) + "   logical bit -> TMEM address (column bit + lane*2^21)");
  if (!a.note.empty()) s += field("note", a.note);
  const int64_t row_bits = a.block2d ? int64_t{a.block2d->width} * a.block2d->bits : 0;
  if (a.block2d && row_bits % t.bits == 0) {
    const int64_t cols = row_bits / t.bits;
    int64_t rows = a.block2d->height;
    for (int64_t i = 0; i < size(v.ref); ++i) rows = std::max(rows, v.ref(i) / cols + 1);
    s += "\nRef tile (Height x Width = " + std::to_string(rows) + " x " + std::to_string(cols) + " " +
         t.name + " values, offset x + " + std::to_string(cols) +
         "*y): rows y, columns x;\neach cell lists the (thread, value) pairs TtVv holding it ('.' none, '/' "
         "several, '+n' n more)\n";
    s += tv_grid(v.ref, rows, cols, true, "y\\x");
  } else if (a.val_id) {
    // Tensor memory: where each thread's 32-bit registers come from (load) or go to (store).
    const Layout& regs = a.ref == a.src ? a.dst : a.src;
    const int64_t nthr = size(mode(regs, 0)), nreg = size(mode(regs, 1)) / 32;
    constexpr int64_t kLane = int64_t{1} << 21;
    std::vector<int64_t> map;
    for (int64_t r = 0; r < nreg; ++r)
      for (int64_t th = 0; th < nthr; ++th) {
        const int64_t addr = (*a.val_id)(regs(th + nthr * 32 * r));
        map.push_back(addr / kLane * 100000 + (addr % kLane) / 32);
      }
    s += "\nTMEM lane:column (32-bit columns) of each thread's registers R0, R1, ... (first bit of each):\n";
    const int64_t shown_t = std::min(nthr, kMaxGrid), shown_r = std::min(nreg, int64_t{16});
    for (int64_t th = 0; th < shown_t; ++th) {
      std::string line = "  T" + std::to_string(th) + ":" + std::string(th < 10 ? 2 : 1, ' ');
      for (int64_t r = 0; r < shown_r; ++r) {
        const int64_t x = map[static_cast<std::size_t>(r * nthr + th)];
        const std::string cell = std::to_string(x / 100000) + ":" + std::to_string(x % 100000);
        line += std::string(cell.size() < 7 ? 7 - cell.size() : 1, ' ') + cell;
      }
      s += line + "\n";
    }
    if (shown_r < nreg)
      s += "  (showing " + std::to_string(shown_r) + " of " + std::to_string(nreg) +
           " registers each; `tvlab show --json` gives the whole layout)\n";
  } else {
    s += "\nRef value offsets (in " + t.name + " elements) held by each thread, V0 first:\n";
    s += tv_lines(v.ref);
  }
  return s;
}

// The message for a value type given to an MMA atom.
std::string mma_value_type_message(const MmaAtom& mma) {
  return "--value-type applies to copy atoms; " + mma.name +
         " is an MMA atom with types D = " + mma.d_type.name + ", A = " + mma.a_type.name +
         ", B = " + mma.b_type.name + ", C = " + mma.c_type.name;
}

// A copy atom viewed in t (Copy_Atom<Op, T>); `option` is the input that chose t.
ShownAtom view_copy(const CopyAtom& base, const ValueType& t, const std::string& option) {
  ShownAtom s;
  try {
    CopyAtom a = with_value_bits(base, t.bits);
    s.values = value_layouts(a, t.bits);
    s.atom = std::move(a);
  } catch (const AtomError& e) {
    throw ShowInputError("invalid value type", base.name + " with " + t.name, option, e.what());
  }
  s.value_type = t;
  return s;
}

}  // namespace

ShownAtom show_atom(std::string_view name, const std::optional<std::string>& type) {
  const std::string text(name);
  Atom atom;
  try {
    atom = find_atom(name);
  } catch (const ParseError& e) {
    throw ShowInputError("atom name", text, "ATOM", e.what(), e.column());
  } catch (const AtomError& e) {
    throw ShowInputError("invalid atom", text, "ATOM", e.what());
  }
  if (const auto* mma = std::get_if<MmaAtom>(&atom)) {
    if (type)
      throw ShowInputError("value type", "--value-type " + *type, "--value-type",
                           mma_value_type_message(*mma));
    return ShownAtom{std::move(atom), std::nullopt, std::nullopt};
  }
  const CopyAtom& base = std::get<CopyAtom>(atom);
  ValueType t;
  try {
    // Copy_Atom<Op, T> says its value type (a given one wins).
    const std::string wrapped = unwrap_atom_spelling(name).value_type;
    t = type ? value_type(*type) : !wrapped.empty() ? value_type(wrapped) : uint_type(base.copy_bits);
  } catch (const AtomError& e) {
    throw ShowInputError("value type", type ? "--value-type " + *type : base.name,
                         type ? "--value-type" : "ATOM", e.what());
  }
  return view_copy(base, t, type ? "--value-type" : "ATOM");
}

ShownAtom show_printed_atom(std::string_view print, const std::optional<std::string>& type, PrintedRef ref,
                            const std::string& source) {
  try {
    const std::vector<PrintBlock> blocks = parse_cute_prints(print);
    if (blocks.size() != 1)
      throw PrintError(0, "holds " + std::to_string(blocks.size()) + " prints; show takes one atom's");
    const PrintBlock& b = blocks[0];
    if (b.mma) {
      if (type)
        throw ShowInputError("invalid print", source, "--value-type",
                             "--value-type applies to copy atoms; this is an MMA atom's print");
      return ShownAtom{printed_mma_atom(*b.mma), std::nullopt, std::nullopt};
    }
    const ValueType t = type ? value_type(*type) : printed_value_type(*b.copy);
    if (t.bits != b.copy->value_bits)
      throw ShowInputError(
          "invalid print", source, type ? "--value-type" : "ATOM",
          PrintError(b.copy->line, "the print's values are " + std::to_string(b.copy->value_bits) + "-bit, " +
                                       t.name + " is " + std::to_string(t.bits) + "-bit")
              .what());
    CopyAtom a = printed_copy_atom(*b.copy, ref);
    ShownAtom s;
    s.values = value_layouts(a, t.bits);
    s.atom = std::move(a);
    s.value_type = t;
    return s;
  } catch (const PrintError& e) {
    throw ShowInputError("invalid print", source, "ATOM", e.what());
  } catch (const AtomError& e) {
    throw ShowInputError("value type", "--value-type " + type.value_or(""), "--value-type", e.what());
  }
}

ShownAtom shown_atom(const Atom& atom, const std::optional<ValueType>& type) {
  if (const auto* mma = std::get_if<MmaAtom>(&atom)) {
    if (type)
      throw ShowInputError("value type", "--value-type " + type->name, "--value-type",
                           mma_value_type_message(*mma));
    return ShownAtom{atom, std::nullopt, std::nullopt};
  }
  const CopyAtom& base = std::get<CopyAtom>(atom);
  return view_copy(base, type.value_or(uint_type(base.copy_bits)), type ? "--value-type" : "ATOM");
}

std::string atom_text(const ShownAtom& shown) {
  if (const auto* mma = std::get_if<MmaAtom>(&shown.atom)) return mma_text(*mma);
  if (!shown.value_type || !shown.values) return atom_text(shown_atom(shown.atom, shown.value_type));
  return copy_text(std::get<CopyAtom>(shown.atom), *shown.value_type, *shown.values);
}

nlohmann::ordered_json atom_json(const ShownAtom& shown) {
  if (const auto* mma = std::get_if<MmaAtom>(&shown.atom)) return mma_json(*mma);
  if (!shown.value_type || !shown.values) return atom_json(shown_atom(shown.atom, shown.value_type));
  return copy_json(std::get<CopyAtom>(shown.atom), *shown.value_type, *shown.values);
}

std::string atom_text(const Atom& atom, const std::optional<ValueType>& type) {
  return atom_text(shown_atom(atom, type));
}

nlohmann::ordered_json atom_json(const Atom& atom, const std::optional<ValueType>& type) {
  return atom_json(shown_atom(atom, type));
}

}  // namespace tvlab
