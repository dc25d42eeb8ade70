// tvlab.options(divergence_check=...) and tvlab.check_divergence(): the switch and the verdict of the
// check that CuTe's composition / logical_divide / logical_product result is the function its definition
// names (core/include/tvlab/core/divergence.hpp).
#include <nanobind/stl/string.h>

#include "bindings.hpp"
#include "tvlab/core/divergence.hpp"

namespace tvlab::py {

namespace {

const char* verdict_name(DivergenceVerdict v) {
  switch (v) {
    case DivergenceVerdict::Equal:
      return "equal";
    case DivergenceVerdict::Differs:
      return "differs";
    case DivergenceVerdict::NotDecided:
      break;
  }
  return "not decided";
}

// A plain layout argument (a tuple is its compact layout), else TypeError.
Layout plain_layout(const Value& v, const char* role) {
  if (const auto* l = std::get_if<Layout>(&v)) return *l;
  if (const auto* t = std::get_if<IntTuple>(&v)) return make_layout(*t);
  throw nb::type_error((std::string(role) + ": expected a plain layout, got " + to_string(v)).c_str());
}

Tiler tiler_of(const Value& v) {
  if (const auto* l = std::get_if<Layout>(&v)) return Tiler(*l);
  if (const auto* t = std::get_if<IntTuple>(&v)) return Tiler::from_shape(*t);
  if (const auto* t = std::get_if<Tiler>(&v)) return *t;
  if (std::holds_alternative<Underscore>(v)) return Tiler(Underscore{});
  throw nb::type_error(
      ("tiler: expected a layout, an integer, None or a tuple of those, got " + to_string(v)).c_str());
}

nb::dict check_divergence(const std::string& function, nb::handle a, nb::handle b) {
  using Check = DivergenceCheck (*)(const Layout&, const Tiler&, const Layout&, DivergenceLimits);
  Check check = nullptr;
  if (function == "composition") check = &check_composition;
  if (function == "logical_divide") check = &check_logical_divide;
  if (function == "logical_product") check = &check_logical_product;
  if (!check)
    throw nb::value_error(
        ("function: composition, logical_divide or logical_product, got '" + function + "'").c_str());
  std::vector<EvalNotice> ignored;
  const Value av = to_value(a, ignored), bv = to_value(b, ignored);
  const Layout al = plain_layout(av, "a");
  const Tiler bt = tiler_of(bv);
  Value r;
  try {
    r = call(function, {av, bv});
  } catch (const EvalError& e) {
    raise_eval(e, "");
  }
  const Layout rl = plain_layout(r, "result");
  const DivergenceCheck c = check(al, bt, rl, DivergenceLimits{});
  nb::dict out;
  out["result"] = from_value(Value(rl));
  out["verdict"] = verdict_name(c.verdict);
  out["how"] = c.how;
  out["evaluated"] = c.evaluated;
  if (c.witness) {
    nb::dict w;
    w["mode"] = c.witness->mode;
    w["index"] = c.witness->index;
    w["got"] = c.witness->got;
    w["want"] = c.witness->want;
    w["text"] = c.witness->text;
    out["witness"] = w;
  } else {
    out["witness"] = nb::none();
  }
  return out;
}

}  // namespace

void bind_divergence(nb::module_& m) {
  m.def("_set_divergence_check", &set_divergence_checks, nb::arg("on"));
  m.def("_divergence_check", &divergence_checks);
  m.def(
      "check_divergence", &check_divergence, nb::arg("function"), nb::arg("a"), nb::arg("b"),
      "Whether CuTe's function(a, b) (composition, logical_divide or logical_product) is the function its\n"
      "definition names: a dict with result (CuTe's), verdict ('equal': proven from the layouts' structure\n"
      "or every index; 'differs': witness holds the index; 'not decided': a large result whose structure\n"
      "does not decide it, compared at a bounded sample only), how, evaluated (indices) and witness.\n"
      "It runs whatever tvlab.options(divergence_check=...) says (the switch governs the warnings).");
}

}  // namespace tvlab::py
