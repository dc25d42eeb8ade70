#include <algorithm>
#include <map>

#include "tvlab/viz/backends.hpp"

namespace tvlab::viz {

namespace {
// A cell's text: its owners joined by '/', '.' for a hole, '*' in front of a moved value.
std::string cell_text(const Cell& c) {
  if (c.hole) return ".";
  std::string s = c.marked ? "*" : "";
  for (std::size_t i = 0; i < c.label.size(); ++i) s += (i ? "/" : "") + c.label[i];
  return s;
}

void put(std::string& row, std::size_t at, const std::string& s, bool stop_at_text) {
  if (row.size() < at + s.size()) row.resize(at + s.size(), ' ');
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (stop_at_text && row[at + i] != ' ') return;
    row[at + i] = s[i];
  }
}
}  // namespace

std::string to_text(const Scene& s) {
  std::size_t w = 1;
  for (const Cell& c : s.cells) w = std::max(w, cell_text(c).size());
  for (const Text& t : s.texts)
    if (t.kind == TextKind::Tick || t.kind == TextKind::Axis) w = std::max(w, t.text.size());
  const std::size_t cw = w + 1;
  std::vector<std::string> rows(static_cast<std::size_t>(std::max(0, s.height)));
  auto at = [&](int x) { return static_cast<std::size_t>(x) * cw; };
  auto right = [&](std::string& row, int x, const std::string& t) {
    put(row, at(x) + cw - t.size(), t, false);
  };
  for (const Cell& c : s.cells) right(rows[static_cast<std::size_t>(c.y)], c.x, cell_text(c));
  for (const Text& t : s.texts)
    if (t.kind != TextKind::Heading) right(rows[static_cast<std::size_t>(t.y)], t.x, t.text);
  // Headings last, rightmost first: a long heading stops where the next one starts.
  std::vector<const Text*> heads;
  for (const Text& t : s.texts)
    if (t.kind == TextKind::Heading) heads.push_back(&t);
  std::stable_sort(heads.begin(), heads.end(), [](const Text* a, const Text* b) { return a->x > b->x; });
  for (const Text* t : heads) put(rows[static_cast<std::size_t>(t->y)], at(t->x) + 1, t->text, true);
  std::string out;
  for (const std::string& p : s.provenance) out += "# " + p + "\n";
  for (const std::string& t : s.title) out += t + "\n";
  bool holes = false, several = false, marked = false;
  for (const Cell& c : s.cells) holes |= c.hole, several |= c.label.size() > 1, marked |= c.marked;
  if (holes || several || marked) {
    std::string key;
    if (holes) key += "'.' no owner";
    if (several) key += std::string(key.empty() ? "" : ", ") + "'/' several owners";
    if (marked) key += std::string(key.empty() ? "" : ", ") + "'*' " + s.marked_meaning;
    out += "(" + key + ")\n";
  }
  for (std::string& r : rows) {
    while (!r.empty() && r.back() == ' ') r.pop_back();
    out += r + "\n";
  }
  for (const std::string& n : s.notes) out += n + "\n";
  return out;
}

}  // namespace tvlab::viz
