// Pictures: what `tvlab render` draws (viz::build_scene), as SVG text for Jupyter or a file of any backend.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.hpp"
#include "tvlab/viz/output.hpp"
#include "tvlab/viz/render_request.hpp"

namespace tvlab::py {

std::string render_bytes(const viz::RenderRequest& request, viz::Format format, const viz::Options& options) {
  std::vector<viz::RenderWarning> warnings;
  std::string bytes;
  try {
    bytes = viz::render(viz::build_scene(request, options, &warnings), format);
  } catch (const viz::RenderError& e) {
    nb::dict a;
    a["where"] = e.where();
    raise("InputError", e.what(), a);
  } catch (const viz::VizError& e) {
    raise("InputError", e.what());
  }
  for (const viz::RenderWarning& w : warnings) {
    const std::string text = w.what + " at " + w.where + ": " + w.why;
    if (PyErr_WarnEx(PyExc_UserWarning, text.c_str(), 2) != 0) throw nb::python_error();
  }
  return bytes;
}

std::string render_svg(const viz::RenderRequest& request) {
  return render_bytes(request, viz::Format::Svg, viz::render_options(false, false));
}

void bind_render(nb::module_& m) {
  m.def(
      "_render",
      [](const std::string& what, std::optional<std::string> spec_text, const std::string& config,
         const std::vector<std::string>& bind, const std::string& view, const std::string& operand,
         const std::string& tile, const std::string& value_type, std::optional<int64_t> thread,
         const std::string& tensor, const std::vector<std::string>& reorder, const std::string& smem,
         const std::string& tv, const std::string& type, const std::string& op, bool colorblind, bool force,
         std::optional<std::string> path) -> nb::object {
        viz::RenderRequest r;
        r.what = what;
        r.spec_text = std::move(spec_text);
        r.config = config;
        r.bind = bind;
        r.view = view;
        r.operand = operand;
        r.tile = tile;
        r.value_type = value_type;
        r.thread = thread;
        r.tensor = tensor;
        r.reorder = reorder;
        r.smem = smem, r.tv = tv, r.type = type, r.op = op;
        const viz::Options o = viz::render_options(colorblind, force);
        viz::Format format = viz::Format::Svg;
        if (path) {
          try {
            format = viz::format_of(*path);
          } catch (const viz::VizError& e) {
            nb::dict a;
            a["where"] = "path";
            raise("InputError", e.what(), a);
          }
        }
        const std::string bytes = render_bytes(r, format, o);
        if (!path) return nb::str(bytes.c_str(), bytes.size());
        try {
          viz::write_file_atomic(*path, bytes);
        } catch (const viz::VizError& e) {
          nb::dict a;
          a["where"] = "path";
          raise("InputError", e.what(), a);
        }
        return nb::none();
      },
      nb::arg("what"), nb::arg("spec_text").none(), nb::arg("config"), nb::arg("bind"), nb::arg("view"),
      nb::arg("operand"), nb::arg("tile"), nb::arg("value_type"), nb::arg("thread").none(), nb::arg("tensor"),
      nb::arg("reorder"), nb::arg("smem"), nb::arg("tv"), nb::arg("type"), nb::arg("op"),
      nb::arg("colorblind"), nb::arg("force"), nb::arg("path").none());
}

}  // namespace tvlab::py
