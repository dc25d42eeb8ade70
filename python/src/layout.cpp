// tvlab.Layout and the algebra: every function of `tvlab eval` as a module function and a Layout method.
#include <nanobind/ndarray.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab::py {

using namespace nb::literals;

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

Value as_value(const SwizzledLayout& l) {
  return std::visit([](const auto& x) { return Value(x); }, l);
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
  if (PyUnicode_Check(x.ptr()) || is_cute_dsl_object(x)) {
    const std::string text = nb::cast<std::string>(nb::str(x));
    try {
      v = evaluate(text, notices);  // a lone tuple literal is its compact layout
    } catch (const EvalError& e) {
      raise_eval(e, text);
    }
    warn_notices(notices);
    if (!std::holds_alternative<Layout>(v) && !std::holds_alternative<ComposedLayout>(v) &&
        !std::holds_alternative<NestedLayout>(v) && !std::holds_alternative<IntTuple>(v)) {
      // Well-formed notation of something else (a swizzle, _, a tiler): the text is at fault.
      nb::dict a;
      a["text"] = text;
      a["column"] = 1;
      raise("ParseError", "expected a layout, got " + to_string(v) + " (column 1)", a);
    }
  } else {
    v = to_value(x, notices);  // an int or tuple: a shape, its compact layout (CuTe's make_layout(shape))
    if (!std::holds_alternative<IntTuple>(v))
      throw nb::type_error(
          ("Layout(): expected a layout, a shape or CuTe notation, got " + to_string(v)).c_str());
  }
  return to_layout(std::move(v), "Layout()");
}

// The layout function of an integer-valued plain layout over its leaves, for 1-D indices in [0, size):
// CuTe's crd2idx of an integer (every leaf takes the index modulo its extent, colexicographically; in range,
// the last leaf's remainder is its coordinate), without building an IntTuple per index.
struct FlatLayout {
  std::vector<int64_t> shape, stride;
  int64_t size = 1;
  bool ok = true;  // integer strides, positive extents
  explicit FlatLayout(const Layout& l) {
    const auto sh = leaves(l.shape);
    const auto st = leaves(l.stride);
    for (std::size_t k = 0; k < sh.size(); ++k) {
      if (sh[k].is_basis() || st[k].is_basis() || sh[k].value <= 0) {
        ok = false;
        return;
      }
      shape.push_back(sh[k].value);
      stride.push_back(st[k].value);
      if (__builtin_mul_overflow(size, sh[k].value, &size)) ok = false;
    }
  }
  // L(i) for 0 <= i < size; false on 64-bit overflow (the caller then takes CuTe's checked path).
  bool at(int64_t i, int64_t& out) const {
    int64_t r = 0;
    for (std::size_t k = 0; k < shape.size(); ++k) {
      const int64_t c = i % shape[k];
      i /= shape[k];
      int64_t term;
      if (__builtin_mul_overflow(c, stride[k], &term) || __builtin_add_overflow(r, term, &r)) return false;
    }
    out = r;
    return true;
  }
};

// The value of a swizzled or plain layout at 1-D indices, fast where the layout is integer-valued and the
// index in range, otherwise through CuTe's checked evaluation (value_at), whose errors it raises.
class Evaluator {
 public:
  explicit Evaluator(const SwizzledLayout& l) : l_(l), flat_(inner(l)) {
    if (const auto* c = std::get_if<ComposedLayout>(&l)) {
      composed_ = c;
      if (!c->offset.is_leaf() || c->offset.value().is_basis()) flat_.ok = false;
    } else if (std::holds_alternative<NestedLayout>(l)) {
      flat_.ok = false;
    }
  }
  // Whether every value is an integer (no scaled-basis strides).
  bool integer_valued() const {
    for (const auto& n : inner(l_).stride.nodes())
      if (n.rank < 0 && n.value.is_basis()) return false;
    return true;
  }
  int64_t at(int64_t i) const {
    int64_t v;
    if (flat_.ok && i >= 0 && i < flat_.size && flat_.at(i, v)) {
      if (!composed_) return v;
      int64_t e;
      if (!__builtin_add_overflow(v, composed_->offset.value().value, &e) && e >= 0)
        return composed_->is_smem_flagged() ? swizzle_element_offset(*composed_, e, composed_->smem_ptr_bits)
                                            : composed_->swizzle(e);
    }
    return slow(IntTuple(i)).ival();
  }
  IntTuple slow(const IntTuple& coord) const {
    try {
      return value_at(l_, coord);
    } catch (const LayoutError& e) {
      raise_layout(e, "evaluating " + text_of(l_) + " at " + to_string(coord) + ": ");
    }
  }

 private:
  const SwizzledLayout& l_;
  FlatLayout flat_;
  const ComposedLayout* composed_ = nullptr;
};

nb::object numpy() {
  return nb::module_::import_("numpy");
}

bool is_array(nb::handle h) {
  return nb::hasattr(h, "__array_interface__") && nb::hasattr(h, "dtype") && nb::hasattr(h, "shape");
}

// An integer array as a C-contiguous int64 ndarray (a TypeError for other dtypes, a LayoutError for
// unsigned values past 2^63).
nb::object int64_array(nb::handle a) {
  nb::object np = numpy();
  nb::object arr = np.attr("asarray")(a);
  nb::object dtype = arr.attr("dtype");
  const std::string kind = nb::cast<std::string>(nb::str(dtype.attr("kind")));
  if (kind != "i" && kind != "u") {
    const std::string name = nb::cast<std::string>(nb::str(dtype.attr("name")));
    throw nb::type_error(("an array of indices or coordinates holds integers, got dtype " + name).c_str());
  }
  if (kind == "u" && nb::cast<int64_t>(dtype.attr("itemsize")) == 8 &&
      nb::cast<int64_t>(arr.attr("size")) > 0 &&
      nb::cast<int64_t>(np.attr("count_nonzero")(arr.attr("__gt__")(nb::int_(INT64_MAX)))) > 0)
    raise("LayoutError", "an index does not fit 64 bits");
  return np.attr("ascontiguousarray")(arr, "dtype"_a = np.attr("int64"));
}

using Int64Array = nb::ndarray<int64_t, nb::c_contig, nb::device::cpu>;

// A new C-contiguous int64 ndarray of `shape` (and its data). numpy's longlong, the type nanobind gave the
// tables before (their repr, dtype=int64, is unchanged for the notebook's recorded outputs).
nb::object new_array(nb::object shape, int64_t*& data) {
  nb::object out = numpy().attr("empty")(shape, "dtype"_a = numpy().attr("longlong"));
  data = nb::cast<Int64Array>(out).data();
  return out;
}

// L(arrays...): one integer array per top-level mode (one array: 1-D indices), broadcast together, the
// layout evaluated at each element in C++. A coordinate-valued layout adds a last axis (the coordinate).
nb::object evaluate_arrays(const PyLayout& self, nb::args args) {
  nb::object np = numpy();
  nb::list arrays;
  for (nb::handle a : args) {
    if (!is_array(a) && !is_integer_scalar(a))
      throw nb::type_error(
          ("with an array, every coordinate is an int or an integer array, got a " + py_type_name(a))
              .c_str());
    arrays.append(int64_array(a));
  }
  nb::object b = np.attr("broadcast_arrays")(*arrays);
  std::vector<Int64Array> in;
  std::vector<nb::object> keep;
  for (nb::handle a : b) {
    keep.push_back(np.attr("ascontiguousarray")(a));
    in.push_back(nb::cast<Int64Array>(keep.back()));
  }
  nb::object shape = keep[0].attr("shape");
  const std::size_t n = nb::cast<std::size_t>(keep[0].attr("size"));
  const Evaluator eval(self.v);
  if (in.size() == 1 && eval.integer_valued()) {
    int64_t* out;
    nb::object result = new_array(shape, out);
    const int64_t* idx = in[0].data();
    for (std::size_t k = 0; k < n; ++k) out[k] = eval.at(idx[k]);
    return result;
  }
  // Coordinates (or a coordinate-valued layout): CuTe's evaluation of each coordinate; modes fast where
  // each is a plain integer layout.
  const Layout& l = inner(self.v);
  const bool plain = std::holds_alternative<Layout>(self.v) && eval.integer_valued();
  std::vector<FlatLayout> modes;
  bool fast = plain && in.size() > 1 && l.shape.is_tuple() && l.shape.size() == static_cast<int>(in.size());
  if (fast)
    for (int m = 0; m < l.shape.size(); ++m) {
      modes.emplace_back(Layout(l.shape[m], l.stride[m], Layout::Trusted{}));
      fast &= modes.back().ok;
    }
  const int width = eval.integer_valued() ? 0 : std::max(1, rank(coprofile(l)));
  int64_t* out;
  nb::object result = new_array(width ? nb::object(nb::tuple(shape) + nb::make_tuple(width)) : shape, out);
  for (std::size_t k = 0; k < n; ++k) {
    if (fast) {
      int64_t sum = 0, v = 0;
      bool ok = true;
      for (std::size_t m = 0; m < modes.size() && ok; ++m) {
        const int64_t c = in[m].data()[k];
        ok = c >= 0 && c < modes[m].size && modes[m].at(c, v) && !__builtin_add_overflow(sum, v, &sum);
      }
      if (ok) {
        out[k] = sum;
        continue;
      }
    }
    IntTuple coord;
    if (in.size() == 1) {
      coord = IntTuple(in[0].data()[k]);
    } else {
      TupleBuilder c;
      for (const Int64Array& a : in) c.push(Scalar(a.data()[k]));
      coord = c.build();
    }
    const IntTuple v = eval.slow(coord);
    if (!width) {
      out[k] = v.ival();
    } else {
      int64_t* cell = out + k * static_cast<std::size_t>(width);
      std::fill(cell, cell + width, 0);
      if (v.is_leaf())
        cell[0] = v.value().value;
      else
        for (int j = 0; j < v.size() && j < width; ++j) cell[j] = product(v[j]);
    }
  }
  return result;
}

// Whether a coordinate holds None (CuTe's _) at any depth.
bool has_underscore(nb::handle h) {
  if (h.is_none()) return true;
  if (PyTuple_Check(h.ptr()) || PyList_Check(h.ptr()))
    for (nb::handle e : h)
      if (has_underscore(e)) return true;
  return false;
}

// CuTe's lift_slice (cute/underscore.hpp): the modes of (shape, stride) that `coord` keeps (its _ leaves),
// appended to `s`/`d` as whole modes, flattened across the coordinate's tuples as filter_tuple does.
void lift_slice(nb::handle coord, const IntTuple& shape, const IntTuple& stride, TupleBuilder& s,
                TupleBuilder& d) {
  if (coord.is_none()) {
    s.push(shape);
    d.push(stride);
    return;
  }
  if (PyTuple_Check(coord.ptr()) || PyList_Check(coord.ptr())) {
    const int n = static_cast<int>(nb::len(coord));
    if (!shape.is_tuple() || shape.size() != n)
      raise("LayoutError",
            "slice: the coordinate " + nb::cast<std::string>(nb::str(coord)) + " has rank " +
                std::to_string(n) + ", the shape " + to_string(shape) + " rank " +
                std::to_string(rank(shape)) + " (CuTe: Mismatched Ranks)",
            [] {
              nb::dict a;
              a["condition"] = "Mismatched Ranks";
              a["function"] = "slice";
              return a;
            }());
    for (int k = 0; k < n; ++k) lift_slice(coord[k], shape[k], stride[k], s, d);
    return;
  }
  if (!is_integer_scalar(coord))
    throw nb::type_error(
        ("a coordinate holds ints, tuples and None (CuTe's _), got a " + py_type_name(coord)).c_str());
  // An integer coordinate: the mode is sliced away (CuTe does not read its value).
}

// L(coord with None): CuTe's Layout::operator() with an underscore, slice(coord, layout) (cute/layout.hpp):
// the layout of the kept modes, without the offset of the fixed ones.
nb::object slice_layout(const PyLayout& self, nb::handle coord) {
  const auto* l = std::get_if<Layout>(&self.v);
  if (!l)
    raise("LayoutError",
          "slicing a composed (swizzled) layout with None is not supported: CuTe folds the swizzle into the "
          "slice by the fixed coordinate's bits (swizzle_layout.hpp); slice its inner layout (.outer) "
          "instead: " +
              text_of(self.v));
  if (coord.is_none()) return nb::cast(PyLayout{*l});  // slice(_, b) == b
  TupleBuilder s, d;
  lift_slice(coord, l->shape, l->stride, s, d);
  return nb::cast(PyLayout{Layout(s.build(), d.build())});
}

// L(i), L(i, j, ...), L((i, j)): the layout function at a 1-D index or a coordinate; with None, a slice;
// with integer arrays, an array of values.
nb::object evaluate_at(const PyLayout& self, nb::args args) {
  if (args.size() == 0)
    throw nb::type_error("L() takes a 1-D index or a coordinate: L(5), L(1, 2), L((1, 2))");
  for (nb::handle a : args)
    if (is_array(a) && !is_integer_scalar(a)) return evaluate_arrays(self, args);
  if (has_underscore(args))
    return slice_layout(self, args.size() == 1 ? nb::handle(args[0]) : nb::handle(args));
  std::vector<EvalNotice> notices;
  IntTuple coord;
  const auto as_coord = [&](nb::handle a) {
    Value v = to_value(a, notices);
    if (!std::holds_alternative<IntTuple>(v)) {
      if (PyUnicode_Check(a.ptr())) {  // well-formed notation of something else: the text is at fault
        nb::dict at;
        at["text"] = a;
        at["column"] = 1;
        raise("ParseError", "a coordinate is an int or a tuple of ints, got " + to_string(v) + " (column 1)",
              at);
      }
      throw nb::type_error(("a coordinate is an int or a tuple of ints, got " + to_string(v)).c_str());
    }
    return std::get<IntTuple>(std::move(v));
  };
  if (args.size() == 1) {
    coord = as_coord(args[0]);
  } else {
    TupleBuilder b;
    for (nb::handle a : args) b.push(as_coord(a));
    coord = b.build();
  }
  if (coord.is_leaf()) {
    const Evaluator eval(self.v);
    if (eval.integer_valued()) return nb::int_(eval.at(coord.value().value));
  }
  try {
    return from_value(value_at(self.v, coord));
  } catch (const LayoutError& e) {
    raise_layout(e, "evaluating " + text_of(self.v) + " at " + to_string(coord) + ": ");
  }
}

// The layout as a (T, V) table: rows = size of mode 0, columns = the rest, entry L(t + rows*v); a
// coordinate-valued layout (scaled-basis strides) adds a last axis holding the coordinate.
nb::object tv_table(const PyLayout& self) {
  const Layout& l = inner(self.v);
  const int64_t n = size(l);
  const int64_t rows = l.shape.is_leaf() ? n : product(l.shape[0]);
  const int64_t cols = rows ? n / rows : 0;
  const Evaluator eval(self.v);
  if (eval.integer_valued()) {
    int64_t* data;
    nb::object out = new_array(nb::make_tuple(rows, cols), data);
    for (int64_t i = 0; i < n; ++i) data[(i % rows) * cols + i / rows] = eval.at(i);
    return out;
  }
  // Each entry a coordinate (e.g. (16,8):(1@1,1@0)).
  std::vector<IntTuple> values;
  values.reserve(static_cast<std::size_t>(n));
  std::size_t width = 1;
  for (int64_t i = 0; i < n; ++i) {
    IntTuple v = eval.slow(IntTuple(i));
    if (v.is_tuple()) width = std::max<std::size_t>(width, static_cast<std::size_t>(v.size()));
    values.push_back(std::move(v));
  }
  int64_t* data;
  nb::object out = new_array(nb::make_tuple(rows, cols, width), data);
  std::fill(data, data + n * static_cast<int64_t>(width), 0);
  for (int64_t i = 0; i < n; ++i) {
    const IntTuple& v = values[static_cast<std::size_t>(i)];
    int64_t* cell = data + static_cast<std::size_t>((i % rows) * cols + i / rows) * width;
    if (v.is_leaf())
      cell[0] = v.value().value;
    else
      for (int k = 0; k < v.size(); ++k) cell[k] = product(v[k]);  // a component (a leaf in practice)
  }
  return out;
}

// The layout's picture as `tvlab render LAYOUT` draws it.
std::string svg_of(const SwizzledLayout& l) {
  viz::RenderRequest r;
  r.what = text_of(l);
  return render_svg(r);
}

// CuTe's rank of the layout (of the inner layout for a composed one): len(L), as pycute's len.
int rank_of(const SwizzledLayout& l) {
  return rank(inner(l).shape);
}

// L[i]: mode i (CuTe DSL's Layout.__getitem__ is get(L, mode=[i]); pycute's Layout(shape[i], stride[i]));
// negative i counts from the end; a swizzled layout keeps its swizzle (CuTe's get on composed layouts).
nb::object mode_of(const PyLayout& self, nb::handle index) {
  if (PySlice_Check(index.ptr())) {
    Py_ssize_t start, stop, step, count;
    if (PySlice_GetIndicesEx(index.ptr(), rank_of(self.v), &start, &stop, &step, &count) != 0)
      throw nb::python_error();
    if (step != 1) throw nb::value_error("a Layout's modes are sliced with step 1 only (CuTe's take<B,E>)");
    if (count <= 0) throw nb::index_error("an empty slice of a layout's modes");
    std::vector<EvalNotice> notices;
    return apply_named("take", {as_value(self.v), IntTuple(int64_t(start)), IntTuple(int64_t(stop))},
                       notices);
  }
  if (!is_integer_scalar(index))
    throw nb::type_error(
        ("a Layout's modes are indexed by an int or a slice, got a " + py_type_name(index)).c_str());
  int64_t i = nb::cast<int64_t>(nb::int_(index));
  const int r = rank_of(self.v);
  if (i < 0) i += r;
  if (i < 0 || i >= r)
    throw nb::index_error(("mode " + nb::cast<std::string>(nb::str(index)) + " of a rank-" +
                           std::to_string(r) + " layout " + text_of(self.v))
                              .c_str());
  std::vector<EvalNotice> notices;
  return apply_named("get", {as_value(self.v), IntTuple(i)}, notices);
}

// make_composed_layout(inner, offset, outer) (CuTe DSL's name; CuTe's ComposedLayout{a, o, b}): inner a
// Swizzle, offset an integer, outer a layout (a swizzled outer nests, as CuTe's ComposedLayout<...,
// Composed>).
nb::object make_composed(nb::handle inner_h, nb::handle offset_h, nb::handle outer_h) {
  std::vector<EvalNotice> notices;
  if (!nb::isinstance<PySwizzle>(inner_h)) {
    Value v = to_value(inner_h, notices);
    if (!std::holds_alternative<Swizzle>(v)) {
      if (std::holds_alternative<Layout>(v))
        raise("LayoutError",
              "make_composed_layout: a layout as the inner function (Layout o offset o Layout) is not "
              "supported; "
              "tvlab composes swizzles: " +
                  to_string(v));
      throw nb::type_error(("make_composed_layout: inner is a Swizzle, got " + to_string(v)).c_str());
    }
  }
  const Swizzle sw = nb::isinstance<PySwizzle>(inner_h) ? nb::cast<const PySwizzle&>(inner_h).v
                                                        : std::get<Swizzle>(to_value(inner_h, notices));
  int64_t offset = 0;
  if (PyUnicode_Check(offset_h.ptr())) {  // CuTe notation of an integer
    Value ov = to_value(offset_h, notices);
    const auto* t = std::get_if<IntTuple>(&ov);
    if (!t || !t->is_leaf() || t->value().is_basis()) {
      nb::dict at;
      at["text"] = offset_h;
      at["column"] = 1;
      raise("ParseError", "make_composed_layout: offset is an integer, got " + to_string(ov) + " (column 1)",
            at);
    }
    offset = t->value().value;
  } else {
    if (!is_integer_scalar(offset_h))
      throw nb::type_error(
          ("make_composed_layout: offset is an int, got a " + py_type_name(offset_h)).c_str());
    offset = nb::cast<int64_t>(nb::int_(offset_h));
  }
  if (offset < 0) raise("LayoutError", "make_composed_layout: a negative offset " + std::to_string(offset));
  Value outer_v = to_value(outer_h, notices);
  if (outer_h.is_none() || std::holds_alternative<Underscore>(outer_v))
    throw nb::type_error("make_composed_layout: outer is a layout, got None");
  SwizzledLayout outer = to_layout(std::move(outer_v), "make_composed_layout: outer");
  try {
    if (const auto* l = std::get_if<Layout>(&outer)) {
      for (const auto& n : l->stride.nodes())
        if (n.rank < 0 && n.value.is_basis())
          throw nb::type_error(("make_composed_layout: a swizzle over a coordinate-valued layout " +
                                to_string(*l) + " (CuTe DSL: invalid composition)")
                                   .c_str());
      return nb::cast(PyLayout{ComposedLayout(sw, IntTuple(offset), *l)});
    }
    return nb::cast(PyLayout{composition(sw, offset, outer)});
  } catch (const LayoutError& e) {
    raise_layout(e, "make_composed_layout: ");
  }
}

}  // namespace

void bind_layout(nb::module_& m) {
  auto cls = nb::class_<PyLayout>(
      m, "Layout",
      "A CuTe layout, plain, composed (swizzled) or nested composed: Layout(\"(8,64):(64,1)\"), "
      "Layout(\"Sw<3,3,3> o (8,64):(64,1)\"), Layout((4,8)) (compact), Layout((4,8), (8,1)), or a CuTe DSL "
      "layout. len(L) is its rank, L[i] its mode i, L(i) / L(i, j) its value, L(None, j) CuTe's slice.");
  cls.def(
         "__init__",
         [](PyLayout* self, nb::handle x, nb::handle stride) { new (self) PyLayout{make(x, stride)}; },
         nb::arg("layout"), nb::arg("stride") = nb::none())
      .def("__call__", &evaluate_at,
           "The layout function at a 1-D index or a coordinate: L(5), L(1, 2), L((1, 2)); with None (CuTe's "
           "_) "
           "CuTe's slice, L(None, 2) (a Layout, without the offset, as CuTe's Layout::operator()); with "
           "integer "
           "ndarrays, an ndarray of values (one array: 1-D indices; one per mode: coordinates, broadcast).")
      .def("__repr__", [](const PyLayout& l) { return text_of(l.v); })
      .def("__str__", [](const PyLayout& l) { return text_of(l.v); })
      .def("__eq__",
           [](const PyLayout& a, nb::handle b) {
             return nb::isinstance<PyLayout>(b) && a.v == nb::cast<const PyLayout&>(b).v;
           })
      .def("__hash__", [](const PyLayout& l) { return nb::hash(nb::str(text_of(l.v).c_str())); })
      .def(
          "__len__", [](const PyLayout& l) { return rank_of(l.v); },
          "The rank (the number of modes), as pycute's len(layout); L.size() is the size.")
      .def("__getitem__", &mode_of, nb::arg("mode"),
           "Mode i as a Layout (CuTe DSL's L[i] = get(L, mode=[i])); negative i from the end; a slice L[b:e] "
           "is "
           "take(L, b, e).")
      .def(
          "__iter__",
          [](nb::handle self) {
            const PyLayout& l = nb::cast<const PyLayout&>(self);
            nb::list modes;
            for (int i = 0; i < rank_of(l.v); ++i) modes.append(mode_of(l, nb::int_(i)));
            return nb::iter(modes);
          },
          "The modes, L[0], L[1], ...")
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
      .def_prop_ro(
          "inner",
          [](const PyLayout& l) -> nb::object {
            if (const auto* c = std::get_if<ComposedLayout>(&l.v)) return nb::cast(PySwizzle{c->swizzle});
            if (const auto* n = std::get_if<NestedLayout>(&l.v))
              return nb::cast(PySwizzle{n->outer[0].swizzle});
            throw nb::attribute_error(
                "a plain layout has no inner function (only a composed layout Sw o k o L)");
          },
          "A composed layout's inner function Sw of Sw o k o L, a Swizzle (CuTe DSL's ComposedLayout.inner).")
      .def_prop_ro(
          "offset",
          [](const PyLayout& l) -> nb::object {
            if (const auto* c = std::get_if<ComposedLayout>(&l.v)) {
              if (c->is_smem_flagged())
                raise("LayoutError", "the offset of " + text_of(l.v) + " is CuTe's smem_ptr_flag_bits<" +
                                         std::to_string(c->smem_ptr_bits) +
                                         "> (the swizzle acts on byte addresses), not an integer");
              return from_value(c->offset);
            }
            if (const auto* n = std::get_if<NestedLayout>(&l.v)) return nb::int_(n->outer[0].offset);
            throw nb::attribute_error("a plain layout has no offset (only a composed layout Sw o k o L)");
          },
          "A composed layout's offset k of Sw o k o L (CuTe DSL's ComposedLayout.offset).")
      .def_prop_ro(
          "outer",
          [](const PyLayout& l) -> nb::object {
            if (const auto* c = std::get_if<ComposedLayout>(&l.v)) return nb::cast(PyLayout{c->layout});
            if (const auto* n = std::get_if<NestedLayout>(&l.v)) {
              if (n->outer.size() == 1) return nb::cast(PyLayout{n->inner});
              NestedLayout rest = *n;
              rest.outer.erase(rest.outer.begin());
              return nb::cast(PyLayout{std::move(rest)});
            }
            throw nb::attribute_error(
                "a plain layout has no outer layout (only a composed layout Sw o k o L)");
          },
          "A composed layout's outer layout L of Sw o k o L, applied first (CuTe DSL's "
          "ComposedLayout.outer); "
          "of a nested one, the composed layout inside.")
      .def("tv_table", &tv_table,
           "The layout as a NumPy table: rows index mode 0 (threads of a TV layout), columns the rest "
           "(values); a coordinate-valued layout gets a last axis with the coordinate.")
      .def("_repr_svg_", [](const PyLayout& l) { return svg_of(l.v); });

  // The algebra: _call(name, *args) applies `tvlab eval`'s function `name`; tvlab/algebra.py gives each its
  // CuTe DSL signature (keywords) as a module function and a Layout method.
  m.def(
      "_call",
      [](const std::string& name, nb::args args) {
        std::vector<EvalNotice> notices;
        std::vector<Value> values;
        values.reserve(args.size());
        for (nb::handle a : args) values.push_back(to_value(a, notices));
        Value r;
        try {
          r = call(name, std::move(values), &notices);
        } catch (const EvalError& e) {
          // None (CuTe's _) where the function takes no _: a wrong type of argument.
          const std::size_t k = e.column();
          if (k >= 1 && k <= args.size() && args[k - 1].is_none() && e.condition().empty())
            throw nb::type_error((name + ": argument " + std::to_string(k) + " is None (CuTe's _), which " +
                                  name + " does not take there: " + e.what())
                                     .c_str());
          raise_eval(e, "");
        }
        warn_notices(notices);
        return from_value(std::move(r));
      },
      nb::arg("name"), nb::arg("args"), "tvlab eval's function `name` applied to the arguments.");
  m.def("_eval_functions", [] { return eval_functions(); });
  m.def("make_composed_layout", &make_composed, nb::arg("inner"), nb::arg("offset"), nb::arg("outer"),
        "CuTe DSL's make_composed_layout(inner, offset, outer): inner o offset o outer, evaluated as "
        "inner(offset + outer(c)); inner a Swizzle, offset an int, outer a layout (a swizzled outer nests).");
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

nb::object swizzle_array(const Swizzle& sw, nb::handle array) {
  nb::object keep = int64_array(array);
  Int64Array in = nb::cast<Int64Array>(keep);
  int64_t* out;
  nb::object result = new_array(keep.attr("shape"), out);
  const std::size_t n = in.size();
  for (std::size_t k = 0; k < n; ++k) {
    if (in.data()[k] < 0) raise("LayoutError", "Swizzle: a negative offset " + std::to_string(in.data()[k]));
    out[k] = sw(in.data()[k]);
  }
  return result;
}

}  // namespace tvlab::py
