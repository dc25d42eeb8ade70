// Atoms and the hardware facts about them: tvlab.atom(name), the registry, bank conflicts (banks), Xe
// subgroup reorders (reorder) and GMMA/UMMA shared-memory descriptors (desc), as the CLI computes them.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.hpp"
#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/atoms/smem_tile.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/report/atom_report.hpp"
#include "tvlab/verify/report/banks_report.hpp"
#include "tvlab/verify/report/desc_report.hpp"
#include "tvlab/verify/report/report_format.hpp"

namespace tvlab::py {

namespace {

// An atom as `tvlab show` sees it: a copy atom viewed in its value type.
struct PyAtom {
  ShownAtom shown;
  const Atom& atom() const { return shown.atom; }
};

PyAtom find(const std::string& name, std::optional<std::string> value_type) {
  try {
    return {show_atom(name, value_type)};
  } catch (const ShowInputError& e) {
    nb::dict a;
    if (e.kind() == "atom name") {
      a["text"] = name;
      a["column"] = e.column() ? nb::cast(*e.column()) : nb::none();
      raise("ParseError", e.kind() + " at " + e.where() + ": " + e.what(), a);
    }
    if (e.option() == "--value-type") {
      a["where"] = "value_type";
      raise("InputError", e.kind() + " at " + e.where() + ": " + e.what(), a);
    }
    raise("AtomError", e.kind() + " at " + e.where() + ": " + e.what());
  }
}

// One instruction's bank conflicts (`tvlab banks`).
struct PyBanks {
  BanksRequest request;
  BanksResult result;
};

PyBanks banks(const std::string& smem, const std::string& tv, const std::string& type, const std::string& op,
              std::optional<std::string> gmem, const std::string& arch, std::optional<int64_t> warp) {
  BanksRequest r;
  r.smem = smem, r.tv = tv, r.type = type, r.op = op, r.gmem = gmem, r.arch = arch, r.warp = warp;
  try {
    return {r, analyze_banks_request(r)};
  } catch (const BanksInputError& e) {
    nb::dict a;
    a["where"] = e.where().substr(e.where().rfind('-') + 1);  // --smem -> smem: the keyword argument
    raise("InputError",
          e.where() + (e.column() ? ", column " + std::to_string(*e.column()) : std::string()) + ": " +
              e.what(),
          a);
  }
}

nb::object layout_object(const Layout& l) {
  return nb::cast(PyLayout{l});
}

// A subgroup reorder between two TV layouts (`tvlab reorder`).
struct PyReorder {
  ReorderPlan plan;
  ValueType s, d;
};

ValueType type_arg(const std::string& name, const char* where) {
  try {
    return value_type(name);
  } catch (const AtomError& e) {
    nb::dict a;
    a["where"] = where;
    raise("InputError", std::string(where) + ": " + e.what(), a);
  }
}

Layout layout_arg(const std::string& text, const char* where) {
  try {
    return parse_layout(text);
  } catch (const ParseError& e) {
    nb::dict a;
    a["text"] = text;
    a["column"] = e.column();
    raise("ParseError", std::string(where) + ", column " + std::to_string(e.column()) + ": " + e.what(), a);
  } catch (const LayoutError& e) {
    raise_layout(e, std::string(where) + ": ");
  }
}

PyReorder reorder(const std::string& src, const std::string& dst, const std::string& source_type,
                  const std::string& destination_type) {
  const ValueType s = type_arg(source_type, "source_type"),
                  d = type_arg(destination_type, "destination_type");
  const Layout a = layout_arg(src, "src"), b = layout_arg(dst, "dst");
  try {
    return {plan_xe_reorder(a, b, s, d), s, d};
  } catch (const LayoutError& e) {
    nb::dict x;
    x["function"] = "reorder";
    raise_layout(e, "no reorder: ", x);
  }
}

// A GMMA/UMMA shared-memory descriptor (`tvlab desc`).
struct PyDesc {
  DescriptorTiling tiling;
  ValueType type;
  OperandMajor major;
  DescArch arch;
};

PyDesc desc(const std::string& layout, const std::string& type, const std::string& major,
            const std::string& arch, int64_t mn) {
  const std::optional<ValueType> vt = parse_value_type(type);
  nb::dict w;
  if (!vt) {
    w["where"] = "type";
    raise("InputError", "type: '" + type + "' is not a value type tvlab knows", w);
  }
  if (major != "K" && major != "MN") {
    w["where"] = "major";
    raise("InputError", "major: K or MN, got '" + major + "'", w);
  }
  if (arch != "sm90" && arch != "sm100") {
    w["where"] = "arch";
    raise("InputError", "arch: sm90 or sm100, got '" + arch + "'", w);
  }
  const OperandMajor om = major == "K" ? OperandMajor::K : OperandMajor::MN;
  const DescArch da = arch == "sm100" ? DescArch::SM100 : DescArch::SM90;
  try {
    return {make_desc_tiling(parse_smem_tile(layout, vt->bits), om, da, mn), *vt, om, da};
  } catch (const ParseError& e) {
    nb::dict a;
    a["text"] = layout;
    a["column"] = e.column();
    raise("ParseError", "layout, column " + std::to_string(e.column()) + ": " + e.what(), a);
  } catch (const EvalError& e) {
    raise_eval(e, layout);
  } catch (const LayoutError& e) {  // not canonical: the condition names CuTe's rule (GMMA_K.stride_00, ...)
    nb::dict a;
    a["function"] = arch == "sm100" ? "make_umma_desc" : "make_gmma_desc";
    raise_layout(e, "", a);
  }
}

}  // namespace

void bind_atoms(nb::module_& m) {
  nb::class_<PyAtom>(m, "Atom", "An MMA or copy atom of tvlab's registry (`tvlab show NAME`).")
      .def_prop_ro("name",
                   [](const PyAtom& a) { return std::visit([](const auto& x) { return x.name; }, a.atom()); })
      .def_prop_ro("kind",
                   [](const PyAtom& a) { return std::holds_alternative<MmaAtom>(a.atom()) ? "mma" : "copy"; })
      .def_prop_ro("arch",
                   [](const PyAtom& a) { return std::visit([](const auto& x) { return x.arch; }, a.atom()); })
      .def_prop_ro(
          "shape_mnk",
          [](const PyAtom& a) -> nb::object {
            if (const auto* x = std::get_if<MmaAtom>(&a.atom())) return nb::make_tuple(x->m, x->n, x->k);
            return nb::none();
          },
          "(M, N, K) of an MMA atom; None for a copy atom.")
      .def_prop_ro(
          "layouts",
          [](const PyAtom& a) {
            nb::dict out;
            if (const auto* x = std::get_if<MmaAtom>(&a.atom())) {
              out["thr_id"] = layout_object(x->thr_id);
              out["A"] = layout_object(x->a);
              out["B"] = layout_object(x->b);
              out["C"] = layout_object(x->c);
              for (const auto& [k, l] : x->extra) out[k.c_str()] = layout_object(l);
            } else {
              const CopyAtom& c = std::get<CopyAtom>(a.atom());
              out["thr_id"] = layout_object(c.thr_id);
              out["src"] = layout_object(c.src);
              out["dst"] = layout_object(c.dst);
              out["ref"] = layout_object(c.ref);
            }
            return out;
          },
          "The atom's layouts as CuTe defines them: MMA thr_id, A, B, C (TV -> element of the M x K, N x K, "
          "M x N "
          "tile); copy thr_id, src, dst, ref ((thread, bit) -> bit, before the value type).")
      .def_prop_ro(
          "value_type",
          [](const PyAtom& a) -> nb::object {
            if (!a.shown.value_type) return nb::none();
            return nb::str(a.shown.value_type->name.c_str());
          },
          "The type a copy atom's values are counted in (its view, as Copy_Atom<Op, T>'s T); None for an MMA "
          "atom.")
      .def(
          "_repr_svg_",
          [](const PyAtom& a) {
            viz::RenderRequest r;
            r.what = std::visit([](const auto& x) { return x.name; }, a.atom());
            if (a.shown.value_type) r.value_type = a.shown.value_type->name;
            return render_svg(r);
          },
          "The atom as `tvlab render NAME` draws it.")
      .def(
          "text", [](const PyAtom& a) { return atom_text(a.shown); }, "What `tvlab show NAME` prints.")
      .def(
          "json", [](const PyAtom& a) { return to_python(atom_json(a.shown)); },
          "`tvlab show NAME --json`, as Python objects.")
      .def("__repr__", [](const PyAtom& a) {
        return "tvlab.atom('" + std::visit([](const auto& x) { return x.name; }, a.atom()) + "')";
      });
  m.def("atom", &find, nb::arg("name"), nb::arg("value_type") = nb::none(),
        "The atom NAME as tvlab's registry builds it (`tvlab show NAME [--value-type T]`; a copy atom is "
        "viewed in "
        "T, else in Copy_Atom<Op, T>'s T, else in the unsigned type of its width).");
  nb::class_<PyBanks>(m, "Banks",
                      "One shared-memory instruction's wavefronts and bank conflicts (`tvlab banks`).")
      .def_prop_ro("wavefronts", [](const PyBanks& b) { return b.result.analysis.wavefronts; })
      .def_prop_ro("ideal_wavefronts", [](const PyBanks& b) { return b.result.analysis.ideal_wavefronts; })
      .def_prop_ro("bank_conflicts", [](const PyBanks& b) { return b.result.analysis.bank_conflicts; })
      .def_prop_ro(
          "suggestion",
          [](const PyBanks& b) -> nb::object {
            if (!b.result.suggestion) return nb::none();
            return nb::cast(PyLayout{widen(b.result.suggestion->layout)});
          },
          "The cheapest conflict-free layout found for a conflicted access (None: conflict-free, cp.async, "
          "or "
          "none found).")
      .def(
          "text", [](const PyBanks& b) { return banks_to_text(b.result); }, "What `tvlab banks` prints.")
      .def(
          "json", [](const PyBanks& b) { return to_python(banks_to_json(b.result)); },
          "`tvlab banks --json`, as Python objects.")
      .def(
          "_repr_svg_",
          [](const PyBanks& b) -> nb::object {
            // The picture draws one instruction's TV: a warp cut of a larger TV has no picture (None: Jupyter
            // shows the text); banks() of the warp's own (lane, value) layout draws.
            if (b.request.warp) return nb::none();
            viz::RenderRequest r;
            r.view = "banks";
            r.smem = b.request.smem, r.tv = b.request.tv, r.type = b.request.type, r.op = b.request.op;
            return nb::cast(render_svg(r));
          },
          "The instruction as `tvlab render --view banks` draws it (cells by bank, collisions in red); None "
          "for a "
          "warp cut.")
      .def("__repr__", [](const PyBanks& b) { return banks_to_text(b.result); });
  nb::class_<PyReorder>(m, "Reorder", "The subgroup reorder between two TV layouts (`tvlab reorder`).")
      .def_prop_ro("noop", [](const PyReorder& r) { return r.plan.noop; })
      .def_prop_ro("kind", [](const PyReorder& r) { return r.plan.kind; })
      .def_prop_ro("movs", [](const PyReorder& r) { return r.plan.movs; })
      .def_prop_ro("rlayout", [](const PyReorder& r) { return nb::cast(PyLayout{r.plan.rlayout}); })
      .def(
          "text", [](const PyReorder& r) { return reorder_text(r.plan, r.s, r.d); },
          "What `tvlab reorder` prints.")
      .def(
          "json", [](const PyReorder& r) { return to_python(reorder_json(r.plan)); },
          "`tvlab reorder --json`.")
      .def("__repr__", [](const PyReorder& r) { return reorder_text(r.plan, r.s, r.d); });
  m.def("reorder", &reorder, nb::arg("src"), nb::arg("dst"), nb::arg("source_type") = "float",
        nb::arg("destination_type") = "float",
        "The Xe subgroup reorder from TV layout src to dst, (T,V) -> coordinate of 16 work-items, as `tvlab "
        "reorder "
        "--src --dst --types S,D` explains it.");
  nb::class_<PyDesc>(m, "Descriptor", "A GMMA/UMMA shared-memory descriptor (`tvlab desc`).")
      .def_prop_ro("value", [](const PyDesc& d) { return d.tiling.desc.value(); })
      .def(
          "text", [](const PyDesc& d) { return desc_text(d.tiling, d.major, d.arch); },
          "What `tvlab desc` prints.")
      .def(
          "json", [](const PyDesc& d) { return to_python(desc_json(d.tiling, d.type, d.major, d.arch)); },
          "`tvlab desc --json`.")
      .def("__repr__", [](const PyDesc& d) { return desc_text(d.tiling, d.major, d.arch); });
  m.def("desc", &desc, nb::arg("layout"), nb::arg("type"), nb::arg("major"), nb::arg("arch") = "sm90",
        nb::arg("mn") = 0,
        "The shared-memory descriptor of a (swizzled) smem tile for GMMA (sm90) or UMMA (sm100), as `tvlab "
        "desc "
        "LAYOUT --type T --major K|MN [--arch] [--mn]` computes it; not canonical raises LayoutError naming "
        "CuTe's "
        "rule.");
  m.def(
      "banks", &banks, nb::arg("smem"), nb::arg("tv"), nb::arg("type"), nb::arg("op"),
      nb::arg("gmem") = nb::none(), nb::arg("arch") = "nvidia", nb::arg("warp") = nb::none(),
      "One warp-wide shared-memory instruction's bank conflicts, as `tvlab banks` computes them: smem (tile "
      "coordinate -> element offset), tv ((lane, v) -> tile index), type, op (ld, st, cp.async, "
      "ldmatrix.x4[.trans], stmatrix...), gmem (cp.async's global sources), arch nvidia or xe; warp W cuts "
      "threads 32W..32W+31 from a TV of more threads (a TiledCopy's), CuTe's per-warp view.");
  m.def(
      "atoms",
      [](std::optional<std::string> arch) {
        std::vector<std::string> out;
        for (const AtomFamily& f : registry().families())
          if (!arch || f.arch == *arch) out.push_back(f.signature);
        return out;
      },
      nb::arg("arch") = nb::none(),
      "The atom families (signatures), optionally of one arch (`tvlab atoms`).");
}

}  // namespace tvlab::py
