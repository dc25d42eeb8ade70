// Pictures: what `tvlab render` draws (viz::build_scene), as SVG text for Jupyter or a file of any backend.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <utility>

#include "bindings.hpp"
#include "tvlab/viz/backends.hpp"
#include "tvlab/viz/output.hpp"
#include "tvlab/viz/render_request.hpp"

namespace tvlab::py {

namespace {

// The CLI's "--force" as the Python keyword that does the same (render(x, force=True)).
std::string python_words(std::string m) {
  for (const auto& [cli, py] :
       {std::pair<std::string, std::string>{"pass --force", "pass force=True to tvlab.render"},
        {"even with --force", "even with force=True"}})
    for (std::size_t i = 0; (i = m.find(cli, i)) != std::string::npos; i += py.size())
      m.replace(i, cli.size(), py);
  return m;
}

// The picture of a request; a RenderError raises tvlab.errors.InputError, the request's warnings become
// UserWarnings.
viz::Scene scene_of(const viz::RenderRequest& request, const viz::Options& options) {
  std::vector<viz::RenderWarning> warnings;
  viz::Scene scene;
  try {
    scene = viz::build_scene(request, options, &warnings);
  } catch (const viz::RenderError& e) {
    nb::dict a;
    a["where"] = e.where();
    raise("InputError", python_words(e.what()), a);
  } catch (const viz::VizError& e) {
    raise("InputError", python_words(e.what()));
  }
  for (const viz::RenderWarning& w : warnings) {
    const std::string text = w.what + " at " + w.where + ": " + w.why;
    if (PyErr_WarnEx(PyExc_UserWarning, text.c_str(), 2) != 0) throw nb::python_error();
  }
  return scene;
}

// The picture sized for a page (viz::to_page_svg); without Cairo a large one is the whole SVG, with a
// warning.
std::string page_svg(const viz::Scene& scene) {
  try {
    return viz::to_page_svg(scene);
  } catch (const viz::VizError& e) {
    const std::string text = std::string("the picture has ") + std::to_string(scene.cells.size()) +
                             " cells, shown as a PNG past " + std::to_string(viz::kPageCells) + ", but " +
                             e.what() + ": the whole SVG instead";
    if (PyErr_WarnEx(PyExc_UserWarning, text.c_str(), 2) != 0) throw nb::python_error();
    return viz::to_svg(scene);
  }
}

}  // namespace

std::string render_bytes(const viz::RenderRequest& request, viz::Format format, const viz::Options& options) {
  const viz::Scene scene = scene_of(request, options);
  try {
    return viz::render(scene, format);
  } catch (const viz::VizError& e) {
    raise("InputError", e.what());
  }
}

std::string render_svg(const viz::RenderRequest& request) {
  return page_svg(scene_of(request, viz::render_options(false, false)));
}

void bind_render(nb::module_& m) {
  m.def(
      "_render",
      [](const std::string& what, std::optional<std::string> spec_text, const std::string& config,
         const std::vector<std::string>& bind, const std::string& view, const std::string& operand,
         const std::string& tile, const std::string& value_type, std::optional<int64_t> thread,
         const std::string& tensor, const std::vector<std::string>& reorder, const std::string& smem,
         const std::string& tv, const std::string& type, const std::string& op, bool colorblind, bool force,
         std::optional<std::string> path, bool full) -> nb::object {
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
        if (!path) {  // the picture for a page, or (full) the whole SVG `tvlab render -o x.svg` writes
          const viz::Scene scene = scene_of(r, o);
          const std::string svg = full ? viz::to_svg(scene) : page_svg(scene);
          return nb::str(svg.c_str(), svg.size());
        }
        const std::string bytes = render_bytes(r, format, o);
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
      nb::arg("colorblind"), nb::arg("force"), nb::arg("path").none(), nb::arg("full") = false);
}

}  // namespace tvlab::py
