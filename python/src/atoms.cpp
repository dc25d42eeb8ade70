// Atoms: tvlab.atom(name) and the registry's names.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.hpp"
#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/error.hpp"

namespace tvlab::py {

namespace {

struct PyAtom {
  Atom atom;
};

PyAtom find(const std::string& name) {
  try {
    return {find_atom(name)};
  } catch (const ParseError& e) {
    nb::dict a;
    a["text"] = name;
    a["column"] = e.column();
    raise("ParseError", "atom name " + name + ", column " + std::to_string(e.column()) + ": " + e.what(), a);
  } catch (const AtomError& e) {
    raise("AtomError", e.what());
  } catch (const LayoutError& e) {
    raise("AtomError", name + ": " + e.what());
  }
}

nb::object layout_object(const Layout& l) {
  return nb::cast(PyLayout{l});
}

}  // namespace

void bind_atoms(nb::module_& m) {
  nb::class_<PyAtom>(m, "Atom", "An MMA or copy atom of tvlab's registry (`tvlab show NAME`).")
      .def_prop_ro("name",
                   [](const PyAtom& a) { return std::visit([](const auto& x) { return x.name; }, a.atom); })
      .def_prop_ro("kind",
                   [](const PyAtom& a) { return std::holds_alternative<MmaAtom>(a.atom) ? "mma" : "copy"; })
      .def_prop_ro("arch",
                   [](const PyAtom& a) { return std::visit([](const auto& x) { return x.arch; }, a.atom); })
      .def_prop_ro(
          "shape_mnk",
          [](const PyAtom& a) -> nb::object {
            if (const auto* x = std::get_if<MmaAtom>(&a.atom)) return nb::make_tuple(x->m, x->n, x->k);
            return nb::none();
          },
          "(M, N, K) of an MMA atom; None for a copy atom.")
      .def_prop_ro(
          "layouts",
          [](const PyAtom& a) {
            nb::dict out;
            if (const auto* x = std::get_if<MmaAtom>(&a.atom)) {
              out["thr_id"] = layout_object(x->thr_id);
              out["A"] = layout_object(x->a);
              out["B"] = layout_object(x->b);
              out["C"] = layout_object(x->c);
              for (const auto& [k, l] : x->extra) out[k.c_str()] = layout_object(l);
            } else {
              const CopyAtom& c = std::get<CopyAtom>(a.atom);
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
      .def(
          "_repr_svg_",
          [](const PyAtom& a) {
            viz::RenderRequest r;
            r.what = std::visit([](const auto& x) { return x.name; }, a.atom);
            return render_svg(r);
          },
          "The atom as `tvlab render NAME` draws it.")
      .def("__repr__", [](const PyAtom& a) {
        return "tvlab.atom('" + std::visit([](const auto& x) { return x.name; }, a.atom) + "')";
      });
  m.def("atom", &find, nb::arg("name"), "The atom NAME as tvlab's registry builds it (`tvlab show NAME`).");
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
