// Specs and what tvlab does with them: plans, per-thread partitions, verify reports, the search.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.hpp"
#include "tvlab/verify/checks/partition.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"
#include "tvlab/verify/report/partition_format.hpp"
#include "tvlab/verify/report/plan_format.hpp"
#include "tvlab/verify/report/report_format.hpp"
#include "tvlab/verify/report/search_format.hpp"
#include "tvlab/verify/search/search.hpp"
#include "tvlab/verify/writers/spec_cpp.hpp"

namespace tvlab::py {

namespace {

// A plan of a spec: the kernel model `tvlab plan` prints.
struct PyPlan {
  std::string source;  // the spec's name in messages (a file name, "<dict>", "<text>")
  NamedPlan np;
  std::string text;               // the spec's text, for pictures
  std::vector<std::string> bind;  // its --bind KEY=EXPR
};

// The reports of `tvlab verify` over one or several plans.
struct PyReport {
  std::vector<Report> reports;
  bool strict = false;
};

// SpecError / LayoutError of spec handling as tvlab.errors.SpecError.
template <class F>
auto spec_call(const std::string& source, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const SpecError& e) {
    nb::dict a;
    a["path"] = e.path();
    raise("SpecError", source + (e.path().empty() ? "" : ": " + e.path()) + ": " + e.what(), a);
  } catch (const LayoutError& e) {
    raise("SpecError", source + ": " + e.what());
  }
}

std::vector<PyPlan> load(const std::string& text, const std::string& source, const std::string& config,
                         const std::vector<std::string>& bind) {
  return spec_call(source, [&] {
    std::vector<PyPlan> out;
    for (NamedPlan& np : load_plans(text, config, source, parse_bindings(bind)))
      out.push_back({source, std::move(np), text, bind});
    return out;
  });
}

PyReport verify_plans(const std::vector<PyPlan>& plans, bool strict) {
  PyReport r;
  r.strict = strict;
  for (const PyPlan& p : plans)
    r.reports.push_back(spec_call(p.source, [&] { return verify_plan(p.np.plan, p.source); }));
  return r;
}

std::array<int64_t, 3> tile_of(nb::handle h) {
  std::array<int64_t, 3> t{};
  if (nb::isinstance<nb::str>(h)) {
    const std::string s = nb::cast<std::string>(h);
    char x1 = 0, x2 = 0;
    long long m = 0, n = 0, k = 0;
    int used = 0;
    if (std::sscanf(s.c_str(), "%lld%c%lld%c%lld%n", &m, &x1, &n, &x2, &k, &used) != 5 || x1 != 'x' ||
        x2 != 'x' || used != static_cast<int>(s.size()) || m <= 0 || n <= 0 || k <= 0)
      raise("InputError", "tile: expected MxNxK with positive integers, e.g. 128x128x32, got '" + s + "'",
            [] {
              nb::dict a;
              a["where"] = "tile";
              return a;
            }());
    return {m, n, k};
  }
  auto v = nb::cast<std::vector<int64_t>>(h);
  if (v.size() != 3) throw nb::value_error("tile: expected (M, N, K)");
  std::copy(v.begin(), v.end(), t.begin());
  return t;
}

}  // namespace

void bind_specs(nb::module_& m) {
  nb::class_<PyPlan>(m, "Plan", "What tvlab builds from a spec: the TiledMMA and each operand's copy.")
      .def_prop_ro(
          "config", [](const PyPlan& p) { return p.np.config; },
          "The C++ configuration's name (\"\" for JSON).")
      .def_prop_ro("source", [](const PyPlan& p) { return p.source; })
      .def("_spec_text", [](const PyPlan& p) { return p.text; })
      .def("_bind", [](const PyPlan& p) { return p.bind; })
      .def_prop_ro(
          "warnings",
          [](const PyPlan& p) {
            std::vector<std::string> out;
            for (const SpecWarning& w : p.np.plan.warnings)
              out.push_back(w.what + " at " + w.path + ": " + w.why);
            return out;
          },
          "What the spec reader warned about (as `tvlab plan` prints on stderr).")
      .def(
          "text",
          [](const PyPlan& p) {
            const nlohmann::ordered_json r =
                reorders_json(spec_call(p.source, [&] { return verify_plan(p.np.plan, p.source); }));
            return plan_to_text(p.np.plan) + reorders_text(r);
          },
          "What `tvlab plan SPEC` prints.")
      .def(
          "json",
          [](const PyPlan& p) {
            nlohmann::ordered_json j = plan_to_json(p.np.plan);
            j["reorders"] =
                reorders_json(spec_call(p.source, [&] { return verify_plan(p.np.plan, p.source); }));
            return to_python(j);
          },
          "What `tvlab plan SPEC --json` prints, as Python objects.")
      .def(
          "_repr_svg_",
          [](const PyPlan& p) {
            viz::RenderRequest r;
            r.what = p.source;
            r.spec_text = p.text;
            r.config = p.np.config;
            r.bind = p.bind;
            return render_svg(r);
          },
          "The plan as `tvlab render SPEC` draws it (the TiledMMA; an SM100 UMMA's accumulator in TMEM).")
      .def_prop_ro(
          "operands", [](const PyPlan& p) { return partition_operands(p.np.plan); },
          "The operands and copies partition() takes.")
      .def(
          "partition",
          [](const PyPlan& p, int64_t thread, std::optional<std::string> operand, bool table) {
            return spec_call(p.source, [&] {
              std::string out;
              for (const std::string& x :
                   operand ? std::vector<std::string>{*operand} : partition_operands(p.np.plan))
                out += (out.empty() ? "" : "\n") +
                       partitions_to_text(thread_partitions(p.np.plan, x, thread), table);
              return out;
            });
          },
          nb::arg("thread"), nb::arg("operand") = nb::none(), nb::arg("table") = true,
          "What `tvlab plan SPEC --thread T [--operand X] [--no-table]` prints: thread T's tensors as CuTe "
          "prints "
          "them, and (table) every value's coordinate and offsets.")
      .def(
          "partition_json",
          [](const PyPlan& p, int64_t thread, std::optional<std::string> operand) {
            return spec_call(p.source, [&] {
              nlohmann::ordered_json all = nlohmann::ordered_json::array();
              for (const std::string& x :
                   operand ? std::vector<std::string>{*operand} : partition_operands(p.np.plan))
                all.push_back(partitions_to_json(thread_partitions(p.np.plan, x, thread)));
              return to_python(all);
            });
          },
          nb::arg("thread"), nb::arg("operand") = nb::none(),
          "`tvlab plan SPEC --thread T --json`, as Python objects.");

  nb::class_<PyReport>(m, "Report",
                       "What `tvlab verify` reports: every check with its verdict and witnesses.")
      .def_prop_ro(
          "passed",
          [](const PyReport& r) {
            for (const Report& x : r.reports)
              if (x.failed(r.strict)) return false;
            return true;
          },
          "True when no check failed (with strict, no warning either): `tvlab verify`'s exit code 0.")
      .def(
          "text", [](const PyReport& r) { return report_text(r.reports, r.strict); },
          "`tvlab verify SPEC`'s text.")
      .def(
          "json", [](const PyReport& r) { return to_python(report_json(r.reports, r.strict)); },
          "`tvlab verify --format json`, as Python objects.")
      .def("junit", [](const PyReport& r) { return report_junit(r.reports, r.strict); })
      .def(
          "proof",
          [](const PyReport& r, const std::string& format) {
            if (format == "md" || format == "markdown") return proof_markdown(r.reports);
            if (format == "tex" || format == "latex") return proof_latex(r.reports);
            throw nb::value_error("proof format: md or tex");
          },
          nb::arg("format") = "md", "The proof document (`tvlab verify --proof FILE.md|.tex`).");

  m.def("_load_plans", &load, nb::arg("text"), nb::arg("source"), nb::arg("config") = "",
        nb::arg("bind") = std::vector<std::string>());
  m.def("_verify_plans", &verify_plans, nb::arg("plans"), nb::arg("strict") = false);

  m.def(
      "_search",
      [](const std::string& arch, const std::vector<std::string>& types, const std::string& layout,
         nb::handle tiles, const std::vector<int64_t>& threads, int64_t stages, int64_t align_a,
         int64_t align_b, const std::vector<std::string>& only, int top, int jobs, int64_t max_evaluations) {
        SearchRequest req;
        req.arch = arch;
        if (types.empty() || types.size() > 3) raise("InputError", "types: expected 1 to 3 element types");
        req.type_a = types[0];
        req.type_b = types.size() > 1 ? types[1] : types[0];
        req.type_c = types.size() > 2 ? types[2] : "";
        if (layout.size() != 2 || layout.find_first_not_of("TN") != std::string::npos) {
          nb::dict a;
          a["where"] = "layout";
          raise("InputError",
                "layout: expected two letters of T (RowMajor) and N (ColumnMajor), got '" + layout + "'", a);
        }
        req.layout_a = layout[0] == 'T' ? "RowMajor" : "ColumnMajor";
        req.layout_b = layout[1] == 'T' ? "RowMajor" : "ColumnMajor";
        for (nb::handle t : tiles) req.cta_tiles.push_back(tile_of(t));
        req.threads = threads;
        req.stages = stages;
        req.align_a = align_a;
        req.align_b = align_b;
        req.only = only;
        req.top = top;
        req.jobs = jobs;
        req.max_evaluations = max_evaluations;
        SearchResult res;
        try {
          nb::gil_scoped_release release;
          res = search(req, {});
        } catch (const SearchError& e) {
          nb::dict a;
          a["where"] = e.knob();
          raise("InputError", e.what(), a);
        }
        nb::dict out;
        out["text"] = search_to_text(res);
        out["json"] = to_python(search_to_json(res));
        nb::list cpp;
        for (const SearchRow& r : res.rows)
          cpp.append(spec_to_cpp(r.config, "tvlab_search_row" + std::to_string(r.rank)));
        out["cpp"] = cpp;
        return out;
      },
      nb::arg("arch"), nb::arg("types"), nb::arg("layout"), nb::arg("tiles"), nb::arg("threads"),
      nb::arg("stages"), nb::arg("align_a"), nb::arg("align_b"), nb::arg("only"), nb::arg("top"),
      nb::arg("jobs"), nb::arg("max_evaluations"));
}

}  // namespace tvlab::py
