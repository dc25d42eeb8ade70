// tvlab._tvlab: the compiled half of the Python package (tvlab/__init__.py is the other).
#include "bindings.hpp"
#include "tvlab/core/atoms/atom.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/verify/model/spec_error.hpp"

NB_MODULE(_tvlab, m) {
  namespace py = tvlab::py;
  // Objects a host (CuTe DSL's tracer, a notebook kernel) still holds at interpreter exit are not leaks of
  // the bindings: no report on stderr.
  nanobind::set_leak_warnings(false);
  m.doc() = "tvlab's engine: CuTe's layout algebra, atoms, specs, verify, search and pictures.";
  // tvlab's exceptions that a binding did not turn into a tvlab.errors exception itself: still a Python
  // exception of the right family, never a crash.
  nanobind::register_exception_translator([](const std::exception_ptr& p, void*) {
    const auto as = [](const char* cls, const std::string& message) {
      nanobind::object type = nanobind::module_::import_("tvlab.errors").attr(cls);
      PyErr_SetObject(type.ptr(), type(message).ptr());
    };
    try {
      std::rethrow_exception(p);
    } catch (const tvlab::EvalError& e) {
      as("LayoutError", e.subject() + ": " + e.what());
    } catch (const tvlab::LayoutError& e) {
      try {
        py::raise_layout(e);  // sets the Python error (with CuTe's condition) and throws to say so
      } catch (nanobind::python_error& set) {
        set.restore();
      }
    } catch (const tvlab::ParseError& e) {
      as("ParseError", e.what());
    } catch (const tvlab::AtomError& e) {
      as("AtomError", e.what());
    } catch (const tvlab::SpecError& e) {
      as("SpecError", e.what());
    }
  });
  py::bind_values(m);
  py::bind_layout(m);
  py::bind_atoms(m);
  py::bind_specs(m);
  py::bind_render(m);
  py::bind_divergence(m);
}
