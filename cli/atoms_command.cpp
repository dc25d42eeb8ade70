#include "atoms_command.hpp"

#include <algorithm>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include <filesystem>

#include "command.hpp"
#include "io.hpp"
#include "tvlab/core/atoms/atom.hpp"
#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tiling/cute_print.hpp"
#include "tvlab/core/tiling/tmem.hpp"

namespace tvlab::cli {

namespace {

using ojson = nlohmann::ordered_json;

// The registry's architectures, in the order `tvlab atoms` lists them.
const std::vector<std::string>& arch_order() {
  static const std::vector<std::string> v = {"xe",   "xe-legacy", "sm61",  "sm70",  "sm75",     "sm80",
                                             "sm89", "sm90",      "sm100", "sm120", "universal"};
  return v;
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

std::vector<std::string> instances_of(const AtomFamily& f) {
  return f.instances ? f.instances() : std::vector<std::string>{};
}

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

// ---- tvlab show ----------------------------------------------------------------------------

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

struct ShowOptions {
  std::string atom;
  std::string value_type;
  std::string ref;  // a CuTe DSL copy atom's print: the reference layout (src or dst)
  bool json = false;
};

// `tvlab show FILE` of CuTe's print() of one atom (or of a TiledMMA / TiledCopy: its atom): the atom as
// printed.
int show_printed(const ShowOptions& opt, const std::string& text) {
  try {
    const std::vector<PrintBlock> blocks = parse_cute_prints(text);
    if (blocks.size() != 1)
      throw PrintError(0, "holds " + std::to_string(blocks.size()) + " prints; show takes one atom's");
    const PrintBlock& b = blocks[0];
    std::string out;
    if (b.mma) {
      if (!opt.value_type.empty())
        throw PrintError(0, "--value-type applies to copy atoms; this is an MMA atom's print");
      const MmaAtom a = printed_mma_atom(*b.mma);
      out = opt.json ? mma_json(a).dump() + "\n" : mma_text(a);
    } else {
      const ValueType t = opt.value_type.empty() ? printed_value_type(*b.copy) : value_type(opt.value_type);
      if (t.bits != b.copy->value_bits)
        throw PrintError(b.copy->line, "the print's values are " + std::to_string(b.copy->value_bits) +
                                           "-bit, " + t.name + " is " + std::to_string(t.bits) + "-bit");
      const CopyAtom a = printed_copy_atom(*b.copy, opt.ref.empty()    ? PrintedRef::Given
                                                    : opt.ref == "src" ? PrintedRef::Src
                                                                       : PrintedRef::Dst);
      const ValueLayouts v = value_layouts(a, t.bits);
      out = opt.json ? copy_json(a, t, v).dump() + "\n" : copy_text(a, t, v);
    }
    std::cout << out << std::flush;
    return kOk;
  } catch (const PrintError& e) {
    report("invalid print", opt.atom, e.what());
  } catch (const AtomError& e) {
    report("value type", "--value-type " + opt.value_type, e.what());
  }
  return kBadInput;
}

int run_show(const ShowOptions& opt) {
  // A file holding CuTe's print() of an atom.
  std::error_code ec;
  if (opt.atom.find('<') == std::string::npos && std::filesystem::is_regular_file(opt.atom, ec)) {
    std::string text;
    if (!read_input(opt.atom, text, "print")) return kBadInput;
    if (looks_like_cute_print(text)) return show_printed(opt, text);
  }
  Atom atom;
  try {
    atom = find_atom(opt.atom);
  } catch (const ParseError& e) {
    report("atom name", opt.atom + ", column " + std::to_string(e.column()), e.what());
    return kBadInput;
  } catch (const AtomError& e) {
    report("invalid atom", opt.atom, e.what());
    return kBadInput;
  }
  std::string out;
  if (const auto* mma = std::get_if<MmaAtom>(&atom)) {
    if (!opt.value_type.empty()) {
      report("value type", "--value-type " + opt.value_type,
             "--value-type applies to copy atoms; " + mma->name +
                 " is an MMA atom with types D = " + mma->d_type.name + ", A = " + mma->a_type.name +
                 ", B = " + mma->b_type.name + ", C = " + mma->c_type.name);
      return kBadInput;
    }
    out = opt.json ? mma_json(*mma).dump() + "\n" : mma_text(*mma);
  } else {
    const CopyAtom& base = std::get<CopyAtom>(atom);
    ValueType t;
    try {
      // Copy_Atom<Op, T> says its value type (--value-type, if given, wins).
      const std::string wrapped = unwrap_atom_spelling(opt.atom).value_type;
      t = !opt.value_type.empty() ? value_type(opt.value_type)
          : !wrapped.empty()      ? value_type(wrapped)
                                  : uint_type(base.copy_bits);
    } catch (const AtomError& e) {
      report("value type", opt.value_type.empty() ? base.name : "--value-type " + opt.value_type, e.what());
      return kBadInput;
    }
    CopyAtom a;
    ValueLayouts v;
    try {
      a = with_value_bits(base, t.bits);
      v = value_layouts(a, t.bits);
    } catch (const AtomError& e) {
      report("invalid value type", base.name + " with " + t.name, e.what());
      return kBadInput;
    }
    out = opt.json ? copy_json(a, t, v).dump() + "\n" : copy_text(a, t, v);
  }
  std::cout << out << std::flush;
  return kOk;
}

// ---- tvlab atoms ---------------------------------------------------------------------------

struct AtomsOptions {
  std::string arch;
  bool json = false;
};

int run_atoms(const AtomsOptions& opt) {
  const auto& archs = arch_order();
  if (!opt.arch.empty() && std::find(archs.begin(), archs.end(), opt.arch) == archs.end()) {
    report("atoms", "--arch " + opt.arch, "unknown architecture; allowed values: " + join(archs, ", "));
    return kBadInput;
  }
  const auto& families = registry().families();
  // Families grouped by architecture (known ones in arch_order(), any other after them).
  std::vector<std::string> order = archs;
  for (const AtomFamily& f : families)
    if (std::find(order.begin(), order.end(), f.arch) == order.end()) order.push_back(f.arch);
  if (!opt.arch.empty()) order = {opt.arch};

  std::string out;
  if (opt.json) {
    ojson list = ojson::array();
    for (const std::string& arch : order)
      for (const AtomFamily& f : families) {
        if (f.arch != arch) continue;
        ojson j;
        j["arch"] = f.arch;
        j["kind"] = f.kind;
        j["name"] = f.base;
        j["signature"] = f.signature;
        j["ranges"] = f.ranges;
        j["instances"] = instances_of(f);
        list.push_back(std::move(j));
      }
    out = list.dump() + "\n";
  } else {
    std::ostringstream s;
    bool first = true;
    for (const std::string& arch : order) {
      std::vector<const AtomFamily*> group;
      for (const AtomFamily& f : families)
        if (f.arch == arch) group.push_back(&f);
      if (group.empty()) continue;
      s << (first ? "" : "\n") << arch << " (" << group.size()
        << (group.size() == 1 ? " family" : " families") << ")\n";
      first = false;
      std::size_t width = 0;
      for (const AtomFamily* f : group)
        width = std::max(width, std::min<std::size_t>(f->signature.size(), 48));
      for (const AtomFamily* f : group) {
        const std::string kind = f->kind == "mma" ? "mma " : f->kind;
        s << "  " << kind << "  " << f->signature;
        s << std::string(f->signature.size() < width ? width - f->signature.size() : 0, ' ') << "  "
          << f->ranges << '\n';
        const std::vector<std::string> inst = instances_of(*f);
        if (inst.size() >= 2 && inst.size() <= 16) s << "          instances: " << join(inst, ", ") << '\n';
      }
    }
    out = s.str();
  }
  std::cout << out << std::flush;
  return kOk;
}

}  // namespace

std::function<int()> setup_atoms(CLI::App& app) {
  auto opt = std::make_shared<AtomsOptions>();
  auto* cmd = app.add_subcommand("atoms", "List every MMA and copy atom tvlab knows, with valid parameters.");
  cmd->footer(
      "Examples:\n"
      "  tvlab atoms --arch xe                 # XE_DPAS_TT, XE_LOAD_2D, XE_LOAD_2D_VNNI, ...\n"
      "  tvlab atoms --arch sm80 --json | jq '.[].name'\n"
      "\n"
      "Each line is one atom family: its kind (mma or copy), how to write it (the upstream C++ type name,\n"
      "template parameters with their defaults) and the parameters' valid ranges; families with a few\n"
      "concrete atoms list them. --json prints an array of objects\n"
      "{arch, kind, name, signature, ranges, instances}, instances being every valid concrete name where\n"
      "that list is reasonably small (else empty). 'tvlab show ATOM' describes one atom.");
  cmd->add_option(
      "--arch", opt->arch,
      "Only this architecture: xe, xe-legacy, sm61, sm70, sm75, sm80, sm89, sm90, sm100, sm120 or universal");
  cmd->add_flag("--json", opt->json, "Print a JSON array instead of text");
  return [opt]() -> int { return run_atoms(*opt); };
}

std::function<int()> setup_show(CLI::App& app) {
  auto opt = std::make_shared<ShowOptions>();
  std::string types;
  std::size_t col = 0;
  for (const ValueType& t : value_types()) {
    const std::string item = t.alias.empty() ? t.name : t.name + "/" + t.alias;
    if (col > 0 && col + item.size() > 100) types += "\n", col = 0;
    types += (col == 0 ? "  " : " ") + item;
    col += item.size() + (col == 0 ? 2 : 1);
  }
  types += "\n";
  auto* cmd = app.add_subcommand("show", "Describe one MMA or copy atom: its layouts and who holds what.");
  cmd->footer(
      std::string("Examples:\n") +
      "  tvlab show 'XE_DPAS_TT<8,float,bfloat16_t>'\n"
      "  tvlab show 'XE_LOAD_2D<16,8,16>' --json\n"
      "  tvlab show SM75_U32x4_LDSM_N --value-type half_t\n"
      "  tvlab show 'UniversalCopy<uint128_t>' --value-type f16\n"
      "  tvlab show atom.txt                    (what print(mma_atom) or print(copy_atom) printed)\n"
      "\n"
      "Atom names are the upstream C++ type names (spaces and cute:: are accepted); 'tvlab atoms' lists\n"
      "them. An MMA atom shows Shape_MNK, its types and the (thread,value) layouts of A (-> m + M*k),\n"
      "B (-> n + N*k) and C (-> m + M*n), with a table of the thread and value holding each element.\n"
      "A copy atom shows its Copy_Traits bit layouts (thr,bit) -> bit, built for the value type, and the\n"
      "same recast to that value type (the default is the atom's own width, e.g. uint16_t); an Xe block 2D\n"
      "atom also draws its Height x Width tile.\n"
      "--json prints one object:\n"
      "  MMA:  {kind, name, shape_mnk, thr_id, a, b, c, types: {d, a, b, c}}\n"
      "  copy: {kind, name, thr_id, bits: {src, dst, ref}, value_type, values: {src, dst, ref}}\n"
      "  (where the atom has them: MMA scope \"cta\" for CTA-scoped SM100 UMMA, params {...}, layouts\n"
      "  {sfa, sfb, e}; copy val_id for SM100 TMEM copies)\n"
      "Value types (C++ name / alias):\n" +
      types +
      "Invalid parameters exit 2 naming the violated rule and the allowed range, e.g.\n"
      "  error: invalid atom at XE_LOAD_2D<16,64,16>: XE_LOAD_2D: 1 <= Height <= 32: ...");
  cmd->add_option("atom", opt->atom, "The atom, e.g. 'XE_LOAD_2D<16,8,16>' (quote the <>)")->required();
  cmd->add_option("--value-type", opt->value_type,
                  "Copy atoms: the value type to view the layouts in (default: the atom's width)");
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text");
  cmd->add_option(
         "--ref", opt->ref,
         "A CuTe DSL copy atom's print, which has no Ref layout: src or dst (where Src and Dst differ)")
      ->check(CLI::IsMember({"src", "dst"}));
  return [opt]() -> int { return run_show(*opt); };
}

}  // namespace tvlab::cli
