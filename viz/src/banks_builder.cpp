#include "tvlab/viz/banks_builder.hpp"

#include <map>
#include <set>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tuple_algorithms.hpp"
#include "tvlab/verify/report/banks_report.hpp"
#include "tvlab/viz/palette.hpp"

namespace tvlab::viz {

namespace {

// The tile's 2-D domain: rows = size of the layout's mode 0, columns = the rest (as the layout view).
const Layout& domain_of(const SmemLayout& smem) {
  if (const auto* c = std::get_if<ComposedLayout>(&smem)) return c->layout;
  return std::get<Layout>(smem);
}

Scene draw(const SmemLayout& smem, const LaneIndices& lanes, const SmemInstruction& in, const ValueType& type,
           const std::string& heading, const std::vector<std::string>& provenance, const Options& opt,
           const BankModel& model) {
  const BankAnalysis a = analyze_banks(in, model);
  const Layout& dom = domain_of(smem);
  const int64_t n = smem_tile_size(smem);
  check_cells(n, opt.max_cells, "the shared-memory tile " + to_string(smem));
  const int64_t rows = rank(dom) <= 1 ? n : size(mode(dom, 0)), cols = n / rows;
  // Each tile index: its 4-byte word (bank_bytes) and the lanes whose access covers it.
  std::vector<int64_t> word(static_cast<std::size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    word[static_cast<std::size_t>(i)] =
        checked_mul(smem_element_offset(smem, i, type.bits), type.bits) / 8 / model.bank_bytes;
  std::vector<std::vector<int>> owners(static_cast<std::size_t>(n));
  for (std::size_t l = 0; l < lanes.size() && l < in.addresses.size(); ++l)
    if (in.addresses[l])
      for (int64_t i : lanes[l]) owners[static_cast<std::size_t>(i)].push_back(static_cast<int>(l));
  // Marked: a cell of lane l whose word is one of the words a colliding bank serves l in some phase.
  std::set<std::pair<int, int64_t>> colliding;  // (lane, word)
  for (const BankPhase& ph : a.phases)
    for (const BankCollision& c : ph.collisions)
      for (int l : c.lanes)
        for (int64_t w : c.words) colliding.insert({l, w});

  Scene s;
  s.colorblind = opt.colorblind;
  // A cp.async the model does not cover (its global sources unknown or in no measured arrangement): the
  // counts are a lower bound (the most distinct words one bank holds, ...), the one "phase" all its lanes.
  const bool bound = !a.exact;
  const std::string meeting = bound ? "lanes whose words share a bank (each word a wavefront at least)"
                                    : "lanes meeting in one bank in one phase";
  s.marked_meaning = meeting;
  s.provenance = provenance;
  for (const std::string& p : opt.provenance) s.provenance.push_back(p);
  s.title.push_back(heading);
  if (bound)
    s.title.push_back("at least " + std::to_string(a.wavefronts) +
                      (a.wavefronts == 1 ? " wavefront" : " wavefronts") +
                      " (a lower bound; ideal and bank conflicts unknown): not modeled: " + a.not_modeled);
  else
    s.title.push_back("wavefronts " + std::to_string(a.wavefronts) + " (ideal " +
                      std::to_string(a.ideal_wavefronts) + "), " + std::to_string(a.bank_conflicts) +
                      " bank conflicts" + (a.bank_conflicts == 0 ? " (conflict-free)" : ""));
  if (!model.validated)
    s.title.push_back("model: unvalidated (" + model.name + ": no public source states its banking)");
  const int x0 = 1, y0 = 2;
  s.texts.push_back({x0 - 1, y0 - 1, "r\\c", TextKind::Axis, Anchor::Right, Axis::None, 0});
  for (int c = 0; c < cols; ++c)
    s.texts.push_back({x0 + c, y0 - 1, std::to_string(c), TextKind::Tick, Anchor::Center, Axis::Col, c});
  for (int r = 0; r < rows; ++r)
    s.texts.push_back({x0 - 1, y0 + r, std::to_string(r), TextKind::Tick, Anchor::Right, Axis::Row, r});
  std::vector<int64_t> group(static_cast<std::size_t>(n), -1);  // row-major for add_boundaries
  bool any_marked = false;
  s.cells.reserve(static_cast<std::size_t>(n));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      const auto i = static_cast<std::size_t>(r + rows * c);
      const int bank = static_cast<int>(((word[i] % model.banks) + model.banks) % model.banks);
      Cell cell;
      cell.x = x0 + static_cast<int>(c), cell.y = y0 + static_cast<int>(r);
      cell.colors.push_back(bank % Palette::kColors);
      std::string who;
      for (int l : owners[i]) {
        who += (who.empty() ? "L" : ",L") + std::to_string(l);
        cell.marked |= colliding.count({l, word[i]}) > 0;
      }
      any_marked |= cell.marked;
      cell.label.push_back(who.empty() ? "b" + std::to_string(bank) : who + " b" + std::to_string(bank));
      cell.tooltip = "(" + std::to_string(r) + "," + std::to_string(c) + "): element offset " +
                     std::to_string(smem_element_offset(smem, static_cast<int64_t>(i), type.bits)) +
                     ", word " + std::to_string(word[i]) + ", bank " + std::to_string(bank) +
                     (who.empty() ? "" : "; " + who) + (cell.marked ? " (collides)" : "");
      if (!owners[i].empty()) group[static_cast<std::size_t>(r * cols + c)] = owners[i].front();
      s.cells.push_back(std::move(cell));
    }
  s.width = x0 + static_cast<int>(cols);
  s.height = y0 + static_cast<int>(rows);
  add_boundaries(s, x0, y0, static_cast<int>(cols), static_cast<int>(rows), group);
  const std::string pal = opt.colorblind ? "colorblind" : "default";
  for (int k = 0; k < Palette::kColors && k < model.banks; ++k)
    s.legend.push_back(
        {Swatch::Color, k,
         "bank " + std::to_string(k) +
             (k + Palette::kColors < model.banks ? "/" + std::to_string(k + Palette::kColors) : "")});
  s.legend.push_back({Swatch::Boundary, 0, "one lane's access (L<lane>)"});
  if (any_marked) s.legend.push_back({Swatch::Marked, 0, meeting});
  s.notes.push_back("cell colour: the bank of the element's " + std::to_string(model.bank_bytes) +
                    "-byte word (" + std::to_string(model.banks) + " banks), colour = bank mod " +
                    std::to_string(Palette::kColors) + " (palette " + pal + "); label b<bank>, L<lane>");
  s.notes.push_back(to_string(in.op) + " of " + type.name + ", " + std::to_string(in.bytes) +
                    " bytes a lane; model " + model.name);
  for (std::size_t p = 0; p < a.phases.size(); ++p) {
    const BankPhase& ph = a.phases[p];
    if (ph.lanes.empty()) continue;
    std::string line =
        (bound ? "all lanes (phases not modeled): lanes " : "phase " + std::to_string(p) + ": lanes ") +
        lane_list(ph.lanes) + ", " + (bound ? "at least " : "") + std::to_string(ph.wavefronts) +
        (ph.wavefronts == 1 ? " wavefront" : " wavefronts");
    if (!ph.collisions.empty()) {
      const BankCollision& c = ph.collisions.front();
      line += "; bank " + std::to_string(c.bank) + (bound ? " holds " : " serves ") + std::to_string(c.ways) +
              (bound ? " words of lanes " : " words to lanes ") + lane_list(c.lanes);
      if (ph.collisions.size() > 1)
        line += " (and " + std::to_string(ph.collisions.size() - 1) + " more banks)";
    }
    s.notes.push_back(line);
  }
  return s;
}

std::string describe(const SmemOp& op, const ValueType& type, const SmemLayout& smem) {
  return to_string(op) + " of " + type.name + " over " + to_string(smem);
}

}  // namespace

Scene build_banks_scene(const SmemLayout& smem, const Layout& tv, const ValueType& type, const SmemOp& op,
                        const Options& opt, const BankModel& model) {
  const SmemInstruction in = smem_instruction(smem, tv, type, op, model);  // validates tv (rank 2, runs)
  const int64_t nl = size(mode(tv, 0)), nv = size(mode(tv, 1));
  LaneIndices lanes(static_cast<std::size_t>(nl));
  for (int64_t l = 0; l < nl; ++l)
    for (int64_t v = 0; v < nv; ++v) lanes[static_cast<std::size_t>(l)].push_back(tv(l + nl * v));
  return draw(smem, lanes, in, type, describe(op, type, smem) + ", TV " + to_string(tv),
              {"tvlab render: --view banks --smem " + to_string(smem) + " --tv " + to_string(tv) +
               " --type " + type.name + " --op " + to_string(op)},
              opt, model);
}

Scene build_banks_scene(const SmemLayout& smem, const LaneIndices& lanes, const ValueType& type,
                        const SmemOp& op, const std::string& which, const Options& opt,
                        const BankModel& model) {
  return build_banks_scene(smem, lanes, smem_instruction(smem, lanes, type, op, model), type, which, opt,
                           model);
}

Scene build_banks_scene(const SmemLayout& smem, const LaneIndices& lanes, const SmemInstruction& in,
                        const ValueType& type, const std::string& which, const Options& opt,
                        const BankModel& model) {
  return draw(smem, lanes, in, type, describe(in.op, type, smem) + ": " + which,
              {"tvlab render: --view banks " + which}, opt, model);
}

}  // namespace tvlab::viz
