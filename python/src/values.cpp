#include <nanobind/stl/string.h>

#include "bindings.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab::py {

void raise(const char* cls, const std::string& message, const nb::dict& attrs) {
  nb::object type = nb::module_::import_("tvlab.errors").attr(cls);
  nb::object exc = type(message, **attrs);
  PyErr_SetObject(type.ptr(), exc.ptr());
  throw nb::python_error();
}

nb::object to_python(const nlohmann::ordered_json& j) {
  return nb::module_::import_("json").attr("loads")(j.dump());
}

void raise_layout(const LayoutError& e, const std::string& prefix, nb::dict attrs) {
  attrs["condition"] = e.condition();
  raise("LayoutError", prefix + e.what(), attrs);
}

void raise_eval(const EvalError& e, const std::string& text) {
  nb::dict a;
  if (e.subject() == "syntax") {
    a["text"] = text;
    a["column"] = e.column();
    raise("ParseError", std::string(e.what()) + " (column " + std::to_string(e.column()) + ")", a);
  }
  a["function"] = e.subject();
  a["condition"] = e.condition().empty() ? nb::none() : nb::cast(e.condition());
  a["argument"] = text.empty() && e.column() > 0 ? nb::cast(e.column()) : nb::none();
  std::string where = text.empty() ? "" : " (column " + std::to_string(e.column()) + " of " + text + ")";
  raise("LayoutError", e.subject() + ": " + e.what() + where, a);
}

void warn_notices(const std::vector<EvalNotice>& notices) {
  if (notices.empty()) return;
  nb::object category = nb::module_::import_("tvlab.errors").attr("DivergenceWarning");
  for (const EvalNotice& n : notices) {
    if (n.undecided) continue;  // sampled without a witness: no warning (tvlab.check_divergence says so)
    const std::string text = n.subject + ": " + n.text;
    if (PyErr_WarnEx(category.ptr(), text.c_str(), 2) != 0) throw nb::python_error();
  }
}

namespace {

// A Python integer as an int64, or a LayoutError (tvlab's integers are 64-bit).
int64_t to_int(nb::handle h) {
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
  if (overflow)
    raise("LayoutError", "integer " + nb::cast<std::string>(nb::str(h)) + " does not fit 64 bits");
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  return v;
}

Value evaluate_text(const std::string& text, std::vector<EvalNotice>& notices) {
  try {
    return evaluate_argument(text, &notices);
  } catch (const EvalError& e) {
    raise_eval(e, text);
  }
}

}  // namespace

namespace {
// Python tuples nested as deep as CuTe notation may be (kMaxNesting), with as many leaves (kMaxNodes): a
// hostile argument is an InputError, not an exhausted stack.
Value to_value_at(nb::handle h, std::vector<EvalNotice>& notices, int depth, std::size_t& nodes);
}  // namespace

Value to_value(nb::handle h, std::vector<EvalNotice>& notices) {
  std::size_t nodes = 0;
  return to_value_at(h, notices, 0, nodes);
}

namespace {
Value to_value_at(nb::handle h, std::vector<EvalNotice>& notices, int depth, std::size_t& nodes) {
  if (depth > kMaxNesting || ++nodes > kMaxNodes) {
    nb::dict a;
    a["where"] = "argument";
    raise("InputError",
          depth > kMaxNesting ? "a tuple nested deeper than " + std::to_string(kMaxNesting) + " levels"
                              : "a tuple of more than " + std::to_string(kMaxNodes) + " elements",
          a);
  }
  if (nb::isinstance<PyLayout>(h)) {
    return std::visit([](const auto& l) { return Value(l); }, nb::cast<const PyLayout&>(h).v);
  }
  if (nb::isinstance<PyValue>(h)) return nb::cast<const PyValue&>(h).v;
  if (h.is_none()) return Underscore{};
  if (PyBool_Check(h.ptr())) throw nb::type_error("a bool is not a CuTe value (give an int)");
  if (PyLong_Check(h.ptr())) return IntTuple(to_int(h));
  if (PyTuple_Check(h.ptr()) || PyList_Check(h.ptr())) {
    std::vector<Value> elems;
    bool all_int = true;
    for (nb::handle e : h) {
      elems.push_back(to_value_at(e, notices, depth + 1, nodes));
      all_int &= std::holds_alternative<IntTuple>(elems.back());
    }
    if (all_int) {
      TupleBuilder b;
      for (const Value& v : elems) b.push(std::get<IntTuple>(v));
      return b.build();
    }
    Tiler::Modes modes;
    for (const Value& v : elems) {
      if (const auto* t = std::get_if<IntTuple>(&v))
        modes.push_back(Tiler::from_shape(*t));
      else if (const auto* l = std::get_if<Layout>(&v))
        modes.push_back(Tiler(*l));
      else if (const auto* t2 = std::get_if<Tiler>(&v))
        modes.push_back(*t2);
      else if (std::holds_alternative<Underscore>(v))
        modes.push_back(Tiler(Underscore{}));
      else
        throw nb::type_error(
            ("a tuple cannot hold " + to_string(v) + " (a tiler holds layouts, ints and _)").c_str());
    }
    return Tiler(std::move(modes));
  }
  // str, and any object whose str() is CuTe notation (CuTe DSL's layouts, numpy integers).
  return evaluate_text(nb::cast<std::string>(nb::str(h)), notices);
}

}  // namespace

namespace {
nb::object int_tuple_object(const IntTuple& t) {
  if (t.is_leaf()) return nb::int_(t.value().value);
  nb::list out;
  for (const IntTuple& c : t.children()) out.append(int_tuple_object(c));
  return nb::tuple(out);
}
bool has_basis(const IntTuple& t) {
  for (const auto& n : t.nodes())
    if (n.rank < 0 && n.value.is_basis()) return true;
  return false;
}
}  // namespace

nb::object from_value(Value v) {
  if (auto* t = std::get_if<IntTuple>(&v); t && !has_basis(*t)) return int_tuple_object(*t);
  if (auto* l = std::get_if<Layout>(&v)) return nb::cast(PyLayout{std::move(*l)});
  if (auto* c = std::get_if<ComposedLayout>(&v)) return nb::cast(PyLayout{std::move(*c)});
  if (auto* n = std::get_if<NestedLayout>(&v)) return nb::cast(PyLayout{std::move(*n)});
  return nb::cast(PyValue{std::move(v)});
}

SwizzledLayout to_layout(Value v, const char* role) {
  if (auto* l = std::get_if<Layout>(&v)) return std::move(*l);
  if (auto* c = std::get_if<ComposedLayout>(&v)) return std::move(*c);
  if (auto* n = std::get_if<NestedLayout>(&v)) return std::move(*n);
  if (auto* t = std::get_if<IntTuple>(&v)) {
    try {
      Layout l = make_layout(*t);
      validate(l);
      return l;
    } catch (const LayoutError& e) {
      raise_layout(e);
    }
  }
  throw nb::type_error((std::string(role) + ": expected a layout, got " + to_string(v)).c_str());
}

void bind_values(nb::module_& m) {
  nb::class_<PyValue>(m, "Value",
                      "A CuTe value that is not a layout or an integer tuple: a tiler holding layouts or _, "
                      "a swizzle, _, LayoutLeft/LayoutRight, or a tuple holding scaled bases (1@0).")
      .def("__repr__", [](const PyValue& v) { return to_string(v.v); })
      .def("__str__", [](const PyValue& v) { return to_string(v.v); })
      .def("__eq__", [](const PyValue& a, const PyValue& b) { return a.v == b.v; })
      .def("__hash__", [](const PyValue& v) { return nb::hash(nb::str(to_string(v.v).c_str())); });
}

}  // namespace tvlab::py
