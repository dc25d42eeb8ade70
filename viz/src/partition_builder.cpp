#include "tvlab/viz/partition_builder.hpp"

#include <map>
#include <set>

#include "tvlab/core/notation.hpp"
#include "tvlab/verify/report/partition_format.hpp"
#include "tvlab/viz/palette.hpp"

namespace tvlab::viz {

Scene build_partition_scene(const ThreadPartitions& p, const ThreadTensor& t, const Options& opt) {
  if (t.axes.size() < 2 || t.extents.size() != t.axes.size())
    throw VizError("a partition is drawn over a tile of two or more axes; " + t.name + " has " +
                   std::to_string(t.axes.size()));
  const int64_t rows = t.extents[0], cols = t.extents[1];
  const std::vector<Touch> rows_of = touches(t);
  // Panels: each value of the axes beyond the first two that the thread touches (stages, k-tiles).
  std::set<std::vector<int64_t>> panels;
  for (const Touch& r : rows_of) panels.insert(std::vector<int64_t>(r.coord.begin() + 2, r.coord.end()));
  check_cells(cells_mul(int64_t(panels.size()), cells_mul(rows, cols)), opt.max_cells,
              "the partition picture of " + t.name);
  // Iterations in issue order: the view's index past its first mode.
  std::map<std::vector<int64_t>, int> iteration;
  for (const Touch& r : rows_of)
    iteration.emplace(std::vector<int64_t>(r.mode_coord.begin() + 1, r.mode_coord.end()), 0);
  int k = 0;
  for (auto& [it, n] : iteration) n = k++;
  // Per panel and cell: the values that land there.
  std::map<std::vector<int64_t>, std::map<int64_t, std::vector<const Touch*>>> at;
  for (const Touch& r : rows_of)
    at[std::vector<int64_t>(r.coord.begin() + 2, r.coord.end())][r.coord[0] + rows * r.coord[1]].push_back(
        &r);

  Scene s;
  s.colorblind = opt.colorblind;
  s.marked_meaning = "a cell the thread touches more than once";
  s.provenance.push_back("tvlab render: partition view of thread " + std::to_string(p.thread) + "'s " +
                         t.name + " = " + t.expr + ": " + t.to_string());
  for (const std::string& line : opt.provenance) s.provenance.push_back(line);
  s.title.push_back("thread " + std::to_string(p.thread) + " of " + std::to_string(p.threads) + ": " +
                    t.name + " = " + t.expr + "  " + t.modes);
  s.title.push_back(t.to_string());
  const int y0 = 3;
  int x0 = 1;
  bool any_marked = false;
  for (const std::vector<int64_t>& panel : panels) {
    std::string heading = t.base + " " + t.axes[0] + " x " + t.axes[1];
    for (std::size_t i = 0; i < panel.size(); ++i)
      heading += ", " + t.axes[i + 2] + " " + std::to_string(panel[i]);
    s.texts.push_back({x0, y0 - 2, heading, TextKind::Heading, Anchor::Left, Axis::None, 0});
    s.texts.push_back(
        {x0 - 1, y0 - 1, t.axes[0] + "\\" + t.axes[1], TextKind::Axis, Anchor::Right, Axis::None, 0});
    for (int c = 0; c < cols; ++c)
      s.texts.push_back({x0 + c, y0 - 1, std::to_string(c), TextKind::Tick, Anchor::Center, Axis::Col, c});
    for (int r = 0; r < rows; ++r)
      s.texts.push_back({x0 - 1, y0 + r, std::to_string(r), TextKind::Tick, Anchor::Right, Axis::Row, r});
    const auto& cells = at[panel];
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c) {
        Cell cell;
        cell.x = x0 + static_cast<int>(c), cell.y = y0 + static_cast<int>(r);
        const auto it = cells.find(r + rows * c);
        if (it != cells.end()) {
          const Touch& first = *it->second.front();
          const int iter =
              iteration[std::vector<int64_t>(first.mode_coord.begin() + 1, first.mode_coord.end())];
          cell.colors.push_back(iter % Palette::kColors);
          std::string label, tip;
          for (const Touch* v : it->second) {
            label += (label.empty() ? "" : ",") + std::to_string(v->index);
            tip += (tip.empty() ? "" : "; ") + std::string("value ") + std::to_string(v->index) + " = " +
                   coord_text(v->mode_coord) +
                   (t.memory == "coord"
                        ? ""
                        : (t.memory == "rmem" ? ", register " : ", element ") + std::to_string(v->element) +
                              (t.memory == "rmem" ? "" : ", byte " + std::to_string(v->byte)));
          }
          cell.label.push_back(label);
          if (t.memory != "coord" && t.memory != "rmem")
            cell.label.push_back("@" + std::to_string(first.element));
          cell.marked = it->second.size() > 1;
          any_marked |= cell.marked;
          cell.tooltip = coord_text(first.coord) + ": " + tip;
        } else {
          cell.tooltip = "(" + std::to_string(r) + "," + std::to_string(c) + "): not touched by thread " +
                         std::to_string(p.thread);
        }
        s.cells.push_back(std::move(cell));
      }
    x0 += static_cast<int>(cols) + 2;
  }
  s.width = x0 - 1;
  s.height = y0 + static_cast<int>(rows);
  for (const auto& [it, n] : iteration) {
    if (n >= Palette::kColors) {
      s.legend.push_back({Swatch::Color, n % Palette::kColors,
                          "... (colours repeat every " + std::to_string(Palette::kColors) + " iterations)"});
      break;
    }
    s.legend.push_back({Swatch::Color, n, "iteration " + coord_text(it)});
  }
  if (any_marked) s.legend.push_back({Swatch::Marked, 0, "touched more than once (a broadcast)"});
  s.notes.push_back("label: the value's index in " + t.name + " (issue order: " + t.modes +
                    ", first mode fastest)" +
                    (t.memory != "coord" && t.memory != "rmem" ? "; @element offset" : ""));
  s.notes.push_back("colour: the iteration (the modes after the first); blank cells: other threads'");
  return s;
}

}  // namespace tvlab::viz
