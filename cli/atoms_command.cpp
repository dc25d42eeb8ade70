#include "atoms_command.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "command.hpp"
#include "io.hpp"
#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/tiling/cute_print.hpp"
#include "tvlab/verify/report/atom_report.hpp"

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

struct ShowOptions {
  std::string atom;
  std::string value_type;
  std::string ref;  // a CuTe DSL copy atom's print: the reference layout (src or dst)
  bool json = false;
};

// ---- tvlab show ----------------------------------------------------------------------------

int run_show(const ShowOptions& opt) {
  const std::optional<std::string> type =
      opt.value_type.empty() ? std::nullopt : std::optional<std::string>(opt.value_type);
  try {
    // A file holding CuTe's print() of an atom (or of a TiledMMA / TiledCopy: its atom), shown as printed.
    std::error_code ec;
    std::optional<ShownAtom> shown;
    if (opt.atom.find('<') == std::string::npos && std::filesystem::is_regular_file(opt.atom, ec)) {
      std::string text;
      if (!read_input(opt.atom, text, "print")) return kBadInput;
      if (looks_like_cute_print(text))
        shown = show_printed_atom(text, type,
                                  opt.ref.empty()    ? PrintedRef::Given
                                  : opt.ref == "src" ? PrintedRef::Src
                                                     : PrintedRef::Dst,
                                  opt.atom);
    }
    if (!shown) shown = show_atom(opt.atom, type);
    std::cout << (opt.json ? atom_json(*shown).dump() + "\n" : atom_text(*shown)) << std::flush;
    return kOk;
  } catch (const ShowInputError& e) {
    report(e.kind(), e.column() ? e.where() + ", column " + std::to_string(*e.column()) : e.where(),
           e.what());
    return kBadInput;
  }
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
      "  tvlab show tests/data/cute/prints/cpp/atom_mma_sm80_16x8x16_f32f16.txt   (what print(mma_atom) "
      "printed)\n"
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
