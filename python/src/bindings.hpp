// The Python module's shared pieces: how notation values cross between Python and tvlab, and how tvlab's
// errors become Python exceptions (tvlab.errors) and its notices Python warnings.
#pragma once

#include <nanobind/nanobind.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "tvlab/core/composed_layout.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/viz/output.hpp"
#include "tvlab/viz/render_request.hpp"

namespace tvlab::py {

namespace nb = nanobind;

// tvlab.Layout: a plain, composed (swizzled) or nested composed layout.
struct PyLayout {
  SwizzledLayout v;
};
// tvlab.Value: any other value of the notation (a tiler holding layouts or _, a swizzle, _, LayoutLeft /
// LayoutRight, a tuple holding scaled bases such as 1@0).
struct PyValue {
  Value v;
};

// tvlab.Swizzle: CuTe's Swizzle<B,M,S> (what CuTe DSL's make_swizzle gives).
struct PySwizzle {
  Swizzle v;
};

// The name of h's type, for messages.
std::string py_type_name(nb::handle h);
// A Python int or a numpy integer scalar (operator.index), never a bool, a float or an array.
bool is_integer_scalar(nb::handle h);
// An object of CuTe DSL (nvidia-cutlass-dsl: its type's module is cutlass or cutlass.*), whose str() is CuTe
// notation.
bool is_cute_dsl_object(nb::handle h);
// An integer ndarray (any shape) swizzled element-wise, as a new int64 ndarray (layout.cpp).
nb::object swizzle_array(const Swizzle& sw, nb::handle array);

// A Python argument as a notation value: tvlab.Layout / tvlab.Value as held; int; tuple or list (of integers:
// a tuple; holding layouts or None: a tiler); None: _; str: CuTe notation read as an argument (a tuple stays
// a tuple); a numpy integer; a CuTe DSL object: its str(). Any other type (float, dict, bytes, object(), an
// ndarray) is a TypeError. Notices go to `notices`.
Value to_value(nb::handle h, std::vector<EvalNotice>& notices);
// A notation value as Python: integers and integer tuples as int / nested tuples, layouts as tvlab.Layout,
// the rest as tvlab.Value.
nb::object from_value(Value v);
// A notation value that must be a layout (a tuple is its compact layout), else TypeError naming `role`.
SwizzledLayout to_layout(Value v, const char* role);

// A JSON value as Python objects (what `--json` prints, parsed).
nb::object to_python(const nlohmann::ordered_json& j);

// Raises tvlab.errors.<cls>(message, **attrs) (throws nb::python_error).
[[noreturn]] void raise(const char* cls, const std::string& message, const nb::dict& attrs = nb::dict());
// A core LayoutError as tvlab.errors.LayoutError with its condition, the message after `prefix` ("" or
// "WHERE: "); `attrs` adds attributes (function, ...).
[[noreturn]] void raise_layout(const LayoutError& e, const std::string& prefix = "",
                               nb::dict attrs = nb::dict());
// An EvalError as LayoutError (with function, condition, argument) or ParseError (syntax; with text,
// column). `text`: the evaluated text, "" for a call on values (the column is then the argument's index).
[[noreturn]] void raise_eval(const EvalError& e, const std::string& text);
// Every notice as a tvlab.errors.DivergenceWarning (an exception if warnings are errors), but the undecided
// ones (a large result compared at a sample only), which tvlab.check_divergence() reports.
void warn_notices(const std::vector<EvalNotice>& notices);

// What `tvlab render` draws for the request, as bytes of `format` (render.cpp); a RenderError raises
// tvlab.errors.InputError, the request's warnings become UserWarnings.
std::string render_bytes(const viz::RenderRequest& request, viz::Format format, const viz::Options& options);
// The request's picture as SVG text sized for a page (Jupyter's _repr_svg_): the whole SVG up to
// viz::kPageCells cells, past that a PNG inside an SVG (viz::to_page_svg).
std::string render_svg(const viz::RenderRequest& request);

// The text of a spec argument as given to plan()/verify() is handled in Python (tvlab/__init__.py).
void bind_values(nb::module_& m);
void bind_layout(nb::module_& m);
void bind_atoms(nb::module_& m);
void bind_specs(nb::module_& m);
void bind_render(nb::module_& m);
void bind_divergence(nb::module_& m);

}  // namespace tvlab::py
