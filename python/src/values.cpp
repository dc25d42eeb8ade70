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
  // Malformed notation, and in a string a name that is no function of the notation: the text is at fault
  // (ParseError with its column), not a CuTe function.
  const std::string_view why = e.what();
  const bool unknown_name =
      !text.empty() && (why.starts_with("unknown function") || why.starts_with("unknown name"));
  if (e.subject() == "syntax" || unknown_name) {
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

std::string py_type_name(nb::handle h) {
  return nb::cast<std::string>(
      nb::str(nb::handle(reinterpret_cast<PyObject*>(Py_TYPE(h.ptr()))).attr("__name__")));
}

bool is_integer_scalar(nb::handle h) {
  if (PyLong_Check(h.ptr())) return !PyBool_Check(h.ptr());
  if (PyFloat_Check(h.ptr()) || !PyIndex_Check(h.ptr())) return false;
  // numpy.bool_ has __index__ in old numpy; an ndarray of one element too: neither is an integer here.
  if (nb::hasattr(h, "dtype")) {
    if (nb::hasattr(h, "ndim") && nb::cast<int>(h.attr("ndim")) != 0) return false;
    nb::object dtype = h.attr("dtype");
    const std::string kind = nb::cast<std::string>(nb::str(dtype.attr("kind")));
    return kind == "i" || kind == "u";
  }
  return true;
}

bool is_cute_dsl_object(nb::handle h) {
  nb::handle type(reinterpret_cast<PyObject*>(Py_TYPE(h.ptr())));
  if (!nb::hasattr(type, "__module__")) return false;
  nb::object module = type.attr("__module__");
  if (!PyUnicode_Check(module.ptr())) return false;
  const std::string name = nb::cast<std::string>(module);
  return name == "cutlass" || name.starts_with("cutlass.");
}

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
  if (nb::isinstance<PySwizzle>(h)) return nb::cast<const PySwizzle&>(h).v;
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
  if (PyUnicode_Check(h.ptr())) return evaluate_text(nb::cast<std::string>(nb::str(h)), notices);
  if (is_integer_scalar(h)) {  // numpy's integers (operator.index); never a bool or a float
    nb::object i = nb::steal(PyNumber_Index(h.ptr()));
    if (!i.is_valid()) throw nb::python_error();
    return IntTuple(to_int(i));
  }
  // CuTe DSL's objects (layouts, swizzles, composed layouts) print CuTe notation; any other type is not a
  // CuTe value.
  if (is_cute_dsl_object(h)) return evaluate_text(nb::cast<std::string>(nb::str(h)), notices);
  throw nb::type_error(("a " + py_type_name(h) +
                        " is not a CuTe value: give a tvlab.Layout or Swizzle, an int, a tuple or list, None "
                        "(CuTe's _), CuTe notation (a str) or a CuTe DSL layout")
                           .c_str());
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
  if (auto* s = std::get_if<Swizzle>(&v)) return nb::cast(PySwizzle{*s});
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

namespace {
// Swizzle(b, m, s): CuTe's Swizzle<B,M,S> (its static_asserts as LayoutError).
Swizzle make_swizzle_checked(nb::handle b, nb::handle mm, nb::handle s) {
  int v[3];
  const nb::handle args[3] = {b, mm, s};
  for (int k = 0; k < 3; ++k) {
    if (!is_integer_scalar(args[k]))
      throw nb::type_error(("Swizzle(b, m, s): " + std::string(1, "bms"[k]) + " must be an int, got a " +
                            py_type_name(args[k]))
                               .c_str());
    const int64_t x = to_int(nb::steal(PyNumber_Index(args[k].ptr())));
    if (x < -64 || x > 64)
      raise("LayoutError", "Swizzle(b, m, s): " + std::to_string(x) + " is out of range");
    v[k] = static_cast<int>(x);
  }
  try {
    return Swizzle(v[0], v[1], v[2]);
  } catch (const LayoutError& e) {
    raise_layout(e, "Swizzle(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," +
                        std::to_string(v[2]) + "): ");
  }
}
}  // namespace

void bind_values(nb::module_& m) {
  nb::class_<PySwizzle>(m, "Swizzle",
                        "CuTe's Swizzle<B,M,S> (CuTe DSL: cute.make_swizzle(b, m, s)): xors the B bits above "
                        "M+max(0,S) into the B bits above M-min(0,S). Swizzle(3, 3, 3)(72) == 64; "
                        "str: Sw<3,3,3>.")
      .def(
          "__init__",
          [](PySwizzle* self, nb::handle b, nb::handle mm, nb::handle s) {
            new (self) PySwizzle{make_swizzle_checked(b, mm, s)};
          },
          nb::arg("b"), nb::arg("m"), nb::arg("s"))
      .def(
          "__call__",
          [](const PySwizzle& sw, nb::handle offset) -> nb::object {
            if (nb::hasattr(offset, "dtype") && nb::hasattr(offset, "shape") && !is_integer_scalar(offset))
              return swizzle_array(sw.v, offset);
            if (!is_integer_scalar(offset))
              throw nb::type_error(
                  ("a swizzle acts on an int offset (or an int ndarray), got a " + py_type_name(offset))
                      .c_str());
            const int64_t x = to_int(nb::steal(PyNumber_Index(offset.ptr())));
            if (x < 0) raise("LayoutError", "Swizzle: a negative offset " + std::to_string(x));
            return nb::int_(sw.v(x));
          },
          nb::arg("offset"), "The swizzled offset: Swizzle(3,3,3)(72) == 64 (an int ndarray: element-wise).")
      .def("__repr__", [](const PySwizzle& s) { return to_string(Value(s.v)); })
      .def("__str__", [](const PySwizzle& s) { return to_string(Value(s.v)); })
      .def("__eq__",
           [](const PySwizzle& a, nb::handle b) {
             return nb::isinstance<PySwizzle>(b) && a.v == nb::cast<const PySwizzle&>(b).v;
           })
      .def("__hash__",
           [](const PySwizzle& s) { return nb::hash(nb::make_tuple(s.v.bits, s.v.base, s.v.shift)); })
      .def_prop_ro(
          "bits", [](const PySwizzle& s) { return s.v.bits; }, "B: the number of bits xor-ed.")
      .def_prop_ro(
          "base", [](const PySwizzle& s) { return s.v.base; }, "M: the least-significant bits kept.")
      .def_prop_ro(
          "shift", [](const PySwizzle& s) { return s.v.shift; }, "S: the distance the mask moves.")
      .def_prop_ro(
          "num_bits", [](const PySwizzle& s) { return s.v.bits; }, "B (CuTe's Swizzle::num_bits).")
      .def_prop_ro(
          "num_base", [](const PySwizzle& s) { return s.v.base; }, "M (CuTe's Swizzle::num_base).")
      .def_prop_ro(
          "num_shft", [](const PySwizzle& s) { return s.v.shift; }, "S (CuTe's Swizzle::num_shft).")
      .def_prop_ro(
          "yyy_msk", [](const PySwizzle& s) { return s.v.yyy_mask(); }, "The mask of the bits read.")
      .def_prop_ro(
          "zzz_msk", [](const PySwizzle& s) { return s.v.zzz_mask(); }, "The mask of the bits written.");

  nb::class_<PyValue>(m, "Value",
                      "A CuTe value that is not a layout or an integer tuple: a tiler holding layouts or _, "
                      "a swizzle, _, LayoutLeft/LayoutRight, or a tuple holding scaled bases (1@0).")
      .def("__repr__", [](const PyValue& v) { return to_string(v.v); })
      .def("__str__", [](const PyValue& v) { return to_string(v.v); })
      .def("__eq__",
           [](const PyValue& a, nb::handle b) {
             return nb::isinstance<PyValue>(b) && a.v == nb::cast<const PyValue&>(b).v;
           })
      .def("__hash__", [](const PyValue& v) { return nb::hash(nb::str(to_string(v.v).c_str())); });
}

}  // namespace tvlab::py
