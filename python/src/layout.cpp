// tvlab.Layout and the algebra: every function of `tvlab eval` as a module function and a Layout method.
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab::py {

namespace {

// call(name, args) with tvlab's errors as Python exceptions and notices as warnings.
nb::object apply_named(const std::string& name, std::vector<Value>&& args, std::vector<EvalNotice>& notices) {
  Value r;
  try {
    r = call(name, std::move(args), &notices);
  } catch (const EvalError& e) {
    raise_eval(e, "");
  }
  warn_notices(notices);
  return from_value(std::move(r));
}

// The innermost plain layout (the domain).
const Layout& inner(const SwizzledLayout& l) {
  if (const auto* p = std::get_if<Layout>(&l)) return *p;
  if (const auto* n = std::get_if<NestedLayout>(&l)) return n->inner.layout;
  return std::get<ComposedLayout>(l).layout;
}

std::string text_of(const SwizzledLayout& l) {
  return to_string(l);
}

// A swizzled layout's value at a coordinate (an element offset); a plain layout's as CuTe evaluates it.
IntTuple value_at(const SwizzledLayout& l, const IntTuple& coord) {
  if (const auto* c = std::get_if<ComposedLayout>(&l)) return IntTuple((*c)(coord));
  if (const auto* n = std::get_if<NestedLayout>(&l)) return IntTuple((*n)(coord));
  return std::get<Layout>(l)(coord);
}

// Layout(x) / Layout(shape, stride).
SwizzledLayout make(nb::handle x, nb::handle stride) {
  std::vector<EvalNotice> notices;
  if (!stride.is_none()) {
    Value s = to_value(x, notices), d = to_value(stride, notices);
    const auto* shape = std::get_if<IntTuple>(&s);
    const auto* strides = std::get_if<IntTuple>(&d);
    if (!shape || !strides) throw nb::type_error("Layout(shape, stride) takes two integer tuples");
    if (!congruent(*shape, *strides))
      raise("LayoutError",
            "stride " + to_string(*strides) + " does not match the profile of shape " + to_string(*shape));
    Layout l(*shape, *strides);
    try {
      validate(l);
    } catch (const LayoutError& e) {
      raise_layout(e);
    }
    return l;
  }
  if (nb::isinstance<PyLayout>(x)) return nb::cast<const PyLayout&>(x).v;
  Value v;
  if (PyLong_Check(x.ptr()) || PyTuple_Check(x.ptr()) || PyList_Check(x.ptr())) {
    v = to_value(x, notices);  // a shape: its compact layout (CuTe's make_layout(shape))
  } else {
    const std::string text = nb::cast<std::string>(nb::str(x));
    try {
      v = evaluate(text, notices);  // a lone tuple literal is its compact layout
    } catch (const EvalError& e) {
      raise_eval(e, text);
    }
  }
  warn_notices(notices);
  return to_layout(std::move(v), "Layout()");
}

// L(i), L(i, j, ...), L((i, j)): the layout function at a 1-D index or a coordinate.
nb::object evaluate_at(const PyLayout& self, nb::args args) {
  std::vector<EvalNotice> notices;
  IntTuple coord;
  if (args.size() == 1) {
    Value v = to_value(args[0], notices);
    if (!std::holds_alternative<IntTuple>(v))
      throw nb::type_error("a coordinate is an int or a tuple of ints");
    coord = std::get<IntTuple>(v);
  } else {
    TupleBuilder b;
    for (nb::handle a : args) {
      Value v = to_value(a, notices);
      if (!std::holds_alternative<IntTuple>(v))
        throw nb::type_error("a coordinate is an int or a tuple of ints");
      b.push(std::get<IntTuple>(v));
    }
    coord = b.build();
  }
  try {
    return from_value(value_at(self.v, coord));
  } catch (const LayoutError& e) {
    raise_layout(e, "evaluating " + text_of(self.v) + " at " + to_string(coord) + ": ");
  }
}

// The layout as a (T, V) table: rows = size of mode 0, columns = the rest, entry L(t + rows*v); a
// coordinate-valued layout (scaled-basis strides) adds a last axis holding the coordinate.
nb::ndarray<nb::numpy, int64_t> tv_table(const PyLayout& self) {
  const Layout& l = inner(self.v);
  const int64_t n = size(l);
  const int64_t rows = l.shape.is_leaf() ? n : product(l.shape[0]);
  const int64_t cols = rows ? n / rows : 0;
  // Each entry: an integer, or a coordinate (a tuple: a coordinate-valued layout, e.g. (16,8):(1@1,1@0)).
  std::vector<IntTuple> values;
  values.reserve(static_cast<std::size_t>(n));
  std::size_t width = 0;  // 0: integers
  for (int64_t i = 0; i < n; ++i) {
    IntTuple v = value_at(self.v, IntTuple(i));
    if (v.is_tuple()) width = std::max<std::size_t>(width, static_cast<std::size_t>(v.size()));
    values.push_back(std::move(v));
  }
  const std::size_t cell_size = std::max<std::size_t>(width, 1);
  auto* data = new int64_t[static_cast<std::size_t>(n) * cell_size]();
  for (int64_t i = 0; i < n; ++i) {
    const IntTuple& v = values[static_cast<std::size_t>(i)];
    int64_t* cell = data + static_cast<std::size_t>((i % rows) * cols + i / rows) * cell_size;
    if (v.is_leaf())
      cell[0] = v.value().value;
    else
      for (int k = 0; k < v.size(); ++k) cell[k] = product(v[k]);  // a component (a leaf in practice)
  }
  nb::capsule owner(data, [](void* p) noexcept { delete[] static_cast<int64_t*>(p); });
  if (width)
    return nb::ndarray<nb::numpy, int64_t>(
        data, {static_cast<std::size_t>(rows), static_cast<std::size_t>(cols), width}, owner);
  return nb::ndarray<nb::numpy, int64_t>(
      data, {static_cast<std::size_t>(rows), static_cast<std::size_t>(cols)}, owner);
}

// The layout's picture as `tvlab render LAYOUT` draws it.
std::string svg_of(const SwizzledLayout& l) {
  viz::RenderRequest r;
  r.what = text_of(l);
  return render_svg(r);
}

}  // namespace

void bind_layout(nb::module_& m) {
  auto cls = nb::class_<PyLayout>(
      m, "Layout",
      "A CuTe layout, plain, composed (swizzled) or nested composed: Layout(\"(8,64):(64,1)\"), "
      "Layout(\"Sw<3,3,3> o "
      "(8,64):(64,1)\"), Layout((4,8)) (compact), Layout((4,8), (8,1)), or any object whose str() is CuTe "
      "notation (CuTe DSL's layouts).");
  cls.def(
         "__init__",
         [](PyLayout* self, nb::handle x, nb::handle stride) { new (self) PyLayout{make(x, stride)}; },
         nb::arg("layout"), nb::arg("stride") = nb::none())
      .def("__call__", &evaluate_at,
           "The layout function at a 1-D index or a coordinate: L(5), L(1, 2), L((1, 2)).")
      .def("__repr__", [](const PyLayout& l) { return text_of(l.v); })
      .def("__str__", [](const PyLayout& l) { return text_of(l.v); })
      .def("__eq__",
           [](const PyLayout& a, nb::handle b) {
             return nb::isinstance<PyLayout>(b) && a.v == nb::cast<const PyLayout&>(b).v;
           })
      .def("__hash__", [](const PyLayout& l) { return nb::hash(nb::str(text_of(l.v).c_str())); })
      .def("__len__", [](const PyLayout& l) { return size(inner(l.v)); })
      .def_prop_ro(
          "shape", [](const PyLayout& l) { return from_value(inner(l.v).shape); },
          "The shape (an int or tuple).")
      .def_prop_ro(
          "stride",
          [](const PyLayout& l) {
            if (!std::holds_alternative<Layout>(l.v))
              raise("LayoutError",
                    "stride() is not defined for a composed layout (CuTe has none): " + text_of(l.v));
            return from_value(std::get<Layout>(l.v).stride);
          },
          "The stride (plain layouts only, as in CuTe).")
      .def_prop_ro(
          "swizzled", [](const PyLayout& l) { return !std::holds_alternative<Layout>(l.v); },
          "Whether this is a composed (swizzled) layout Sw o k o L, or a nested one Sw o k o Sw' o k' o L.")
      .def("tv_table", &tv_table,
           "The layout as a NumPy table: rows index mode 0 (threads of a TV layout), columns the rest "
           "(values); "
           "a coordinate-valued layout gets a last axis with the coordinate.")
      .def("_repr_svg_", [](const PyLayout& l) { return svg_of(l.v); });

  // Every function of `tvlab eval`, as tvlab.NAME(...) and Layout.NAME(...) (self first); shape and
  // stride are the properties above.
  for (const auto& [name, signature] : eval_functions()) {
    const std::string& n = name;  // eval_functions() is static: the strings outlive the module
    const char* doc = signature.c_str();
    m.def(
        n.c_str(),
        [n](nb::args args) {
          std::vector<EvalNotice> notices;
          std::vector<Value> values;
          values.reserve(args.size());
          for (nb::handle a : args) values.push_back(to_value(a, notices));
          return apply_named(n, std::move(values), notices);
        },
        doc);
    if (n == "shape" || n == "stride") continue;
    cls.def(
        n.c_str(),
        [n](nb::handle self, nb::args args) {
          std::vector<EvalNotice> notices;
          std::vector<Value> values;
          values.reserve(args.size() + 1);
          values.push_back(to_value(self, notices));
          for (nb::handle a : args) values.push_back(to_value(a, notices));
          return apply_named(n, std::move(values), notices);
        },
        doc);
  }
  m.def(
      "eval",
      [](const std::string& text) {
        std::vector<EvalNotice> notices;
        Value v;
        try {
          v = evaluate(text, notices);
        } catch (const EvalError& e) {
          raise_eval(e, text);
        }
        warn_notices(notices);
        return from_value(std::move(v));
      },
      nb::arg("text"),
      "An expression as `tvlab eval` evaluates it: tvlab.eval('size(logical_divide(...))').");
}

}  // namespace tvlab::py
