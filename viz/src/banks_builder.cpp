#include "tvlab/viz/banks_builder.hpp"

#include <map>
#include <optional>
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

// What a spec's copy adds to the picture of its instruction k (build_copy_banks_scene).
struct CopyExtra {
  const SmemCopyBanks* b = nullptr;
  int k = 0;
  std::string check;    // banks.X.c
  std::string operand;  // X
  const std::optional<G2sSectors>* sectors = nullptr;
  std::string no_sectors;
};

std::string plural(int64_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// An exact cp.async count from relative sources (verify's rows a run-time leading dimension apart) holds
// under the condition banks.X.g2s states.
const std::string kAlignedRows = std::string(", ") + kAlignedRowsCondition;

// The copy's totals: every instruction's wavefronts in issue order (">=" where a lower bound), and their sum
// as banks.X.c gives it.
std::string copy_totals(const CopyExtra& x) {
  const SmemCopyBanks& b = *x.b;
  bool exact = true, aligned_rows = false;
  std::string each;
  for (const BankAnalysis& a : b.analyses) {
    exact = exact && a.exact;
    aligned_rows = aligned_rows || a.assumes_aligned_rows;
    each += (each.empty() ? "" : " ") + std::string(a.exact ? "" : ">=") + std::to_string(a.wavefronts);
  }
  const std::string copy = b.copy_name + " (" + x.check + "): " +
                           plural(static_cast<int64_t>(b.analyses.size()), to_string(b.op) + " instruction",
                                  to_string(b.op) + " instructions") +
                           ", ";
  if (!exact)
    return copy + "at least " + std::to_string(b.wavefronts) +
           " wavefronts (a lower bound; ideal and bank conflicts unknown); in issue order " + each;
  return copy + std::to_string(b.wavefronts) + " wavefronts, ideal " + std::to_string(b.ideal_wavefronts) +
         (b.wavefronts == b.ideal_wavefronts
              ? " (conflict-free)"
              : ": " + std::to_string(b.wavefronts - b.ideal_wavefronts) + " bank conflicts") +
         (aligned_rows ? kAlignedRows : "") + "; in issue order " + each;
}

Scene draw(const SmemLayout& smem, const LaneIndices& lanes, const SmemInstruction& in, const ValueType& type,
           const std::string& heading, const std::vector<std::string>& provenance, const Options& opt,
           const BankModel& model, const CopyExtra* extra = nullptr) {
  const BankAnalysis a = analyze_banks(in, model);
  const Layout& dom = domain_of(smem);
  const int64_t n = smem_tile_size(smem);
  // The global side of a g2s instruction: its lanes' (row, byte offset) as gmem.X.g2s counts them, over the
  // same tile as the bank sites (else not drawn, and said why).
  const GmemRowInstruction* gi = nullptr;
  std::string no_global;
  if (extra && extra->sectors) {
    const std::optional<G2sSectors>& sec = *extra->sectors;
    if (!sec)
      no_global = extra->no_sectors;
    else if (sec->insts.size() != extra->b->sites.size())
      no_global = "gmem." + extra->operand + ".g2s counts " + std::to_string(sec->insts.size()) +
                  " instructions, the bank check " + std::to_string(extra->b->sites.size());
    else
      gi = &sec->insts[static_cast<std::size_t>(extra->k)];
  }
  check_cells(gi ? 2 * n : n, opt.max_cells, "the shared-memory tile " + to_string(smem));
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
  // instruction's count is a lower bound, the sum of its phases' (each exact, or a bound with its reason).
  const bool bound = !a.exact;
  const std::string meeting = bound
                                  ? "lanes meeting in one bank in one phase (in a bound phase: words sharing "
                                    "a bank, each a wavefront at least)"
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
                      " bank conflicts" + (a.bank_conflicts == 0 ? " (conflict-free)" : "") +
                      (a.assumes_aligned_rows ? kAlignedRows : ""));
  if (!model.validated)
    s.title.push_back("model: unvalidated (" + model.name + ": no public source states its banking)");
  const int x0 = 1, y0 = 2;
  auto ticks = [&](int x) {
    s.texts.push_back({x - 1, y0 - 1, "r\\c", TextKind::Axis, Anchor::Right, Axis::None, 0});
    for (int c = 0; c < cols; ++c)
      s.texts.push_back({x + c, y0 - 1, std::to_string(c), TextKind::Tick, Anchor::Center, Axis::Col, c});
    for (int r = 0; r < rows; ++r)
      s.texts.push_back({x - 1, y0 + r, std::to_string(r), TextKind::Tick, Anchor::Right, Axis::Row, r});
  };
  ticks(x0);
  std::vector<int64_t> group(static_cast<std::size_t>(n), -1);  // row-major for add_boundaries
  bool any_marked = false;
  s.cells.reserve(static_cast<std::size_t>(gi ? 2 * n : n));
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

  // The global panel: each element the instruction reads, labelled with its lane and the 32-byte sector
  // (s<k>, numbered in lane order) it lies in when rows start 32-byte aligned; each sector outlined.
  std::vector<std::string> global_notes;
  if (gi) {
    const int gx = x0 + static_cast<int>(cols) + 2;
    const int64_t eb = type.bits / 8;
    std::map<std::pair<int64_t, int64_t>, int> sector_id;  // (row, sector in the row) -> s<k>
    std::vector<std::vector<int>> sector_lanes;
    std::vector<int64_t> sector_of(static_cast<std::size_t>(n), -1);
    std::vector<std::string> label(static_cast<std::size_t>(n));
    for (std::size_t l = 0; l < gi->lanes.size() && l < lanes.size(); ++l) {
      if (!gi->lanes[l]) continue;
      const auto [row, off] = *gi->lanes[l];
      for (std::size_t j = 0; j < lanes[l].size(); ++j) {
        const auto key = std::make_pair(row, (off + static_cast<int64_t>(j) * eb) / kGmemSectorBytes);
        const auto [it, fresh] = sector_id.emplace(key, static_cast<int>(sector_lanes.size()));
        if (fresh) sector_lanes.emplace_back();
        if (sector_lanes[static_cast<std::size_t>(it->second)].empty() ||
            sector_lanes[static_cast<std::size_t>(it->second)].back() != static_cast<int>(l))
          sector_lanes[static_cast<std::size_t>(it->second)].push_back(static_cast<int>(l));
        const auto i = static_cast<std::size_t>(lanes[l][j]);
        if (i >= static_cast<std::size_t>(n)) continue;
        sector_of[i] = it->second;
        label[i] += (label[i].empty() ? "L" : ",L") + std::to_string(l);
      }
    }
    ticks(gx);
    std::vector<int64_t> sgroup(static_cast<std::size_t>(n), -1);
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c) {
        const auto i = static_cast<std::size_t>(r + rows * c);
        Cell cell;
        cell.x = gx + static_cast<int>(c), cell.y = y0 + static_cast<int>(r);
        if (sector_of[i] >= 0) {
          cell.label.push_back(label[i] + " s" + std::to_string(sector_of[i]));
          cell.tooltip = "(" + std::to_string(r) + "," + std::to_string(c) + "): " + label[i] +
                         ", global sector s" + std::to_string(sector_of[i]);
          sgroup[static_cast<std::size_t>(r * cols + c)] = sector_of[i];
          cell.colors.push_back(static_cast<int>(sector_of[i] % 2));  // neighbouring sectors told apart
        }
        s.cells.push_back(std::move(cell));
      }
    add_boundaries(s, gx, y0, static_cast<int>(cols), static_cast<int>(rows), sgroup);
    s.width = gx + static_cast<int>(cols);
    s.texts.push_back({x0 - 1, 0, "shared memory: the bank of each element", TextKind::Heading, Anchor::Left,
                       Axis::None, 0});
    s.texts.push_back({gx - 1, 0, "global memory: the 32-byte sector each element is read from",
                       TextKind::Heading, Anchor::Left, Axis::None, 0});
    const G2sSectors& sec = **extra->sectors;
    std::string shared;
    for (std::size_t k = 0; k < sector_lanes.size(); ++k)
      if (sector_lanes[k].size() > 1)
        shared +=
            (shared.empty() ? "" : ", ") + ("s" + std::to_string(k) + " lanes ") + lane_list(sector_lanes[k]);
    global_notes.push_back("global (" + to_string(sec.op) + "), this instruction: " +
                           g2s_instruction_sectors_text(sec, static_cast<std::size_t>(extra->k)));
    global_notes.push_back("lanes sharing a sector: " + (shared.empty() ? std::string("none") : shared));
    global_notes.push_back("the whole g2s copy, one k-tile (gmem." + extra->operand + ".g2s): " +
                           std::to_string(sec.figure.requests) + " requests; " + g2s_sectors_text(sec));
  } else if (extra && extra->sectors) {
    global_notes.push_back("global side not drawn: " + no_global);
  }
  const std::string pal = opt.colorblind ? "colorblind" : "default";
  for (int k = 0; k < Palette::kColors && k < model.banks; ++k)
    s.legend.push_back(
        {Swatch::Color, k,
         "bank " + std::to_string(k) +
             (k + Palette::kColors < model.banks ? "/" + std::to_string(k + Palette::kColors) : "")});
  s.legend.push_back({Swatch::Boundary, 0,
                      gi ? "one lane's access (L<lane>); global: one 32-byte sector (s<k>)"
                         : "one lane's access (L<lane>)"});
  if (gi) {
    s.legend.push_back({Swatch::Color, 0, "global: an even sector (s0, s2, ...)"});
    s.legend.push_back({Swatch::Color, 1, "global: an odd sector (s1, s3, ...)"});
  }
  if (any_marked) s.legend.push_back({Swatch::Marked, 0, meeting});
  s.notes.push_back("cell colour: the bank of the element's " + std::to_string(model.bank_bytes) +
                    "-byte word (" + std::to_string(model.banks) + " banks), colour = bank mod " +
                    std::to_string(Palette::kColors) + " (palette " + pal + "); label b<bank>, L<lane>");
  s.notes.push_back(to_string(in.op) + " of " + type.name + ", " + std::to_string(in.bytes) +
                    " bytes a lane; model " + model.name);
  // The phases as the model splits them, each exact or a lower bound with its reason; they add up to the
  // instruction's count.
  for (std::size_t p = 0; p < a.phases.size(); ++p) {
    const BankPhase& ph = a.phases[p];
    if (ph.lanes.empty()) continue;
    std::string line = "phase " + std::to_string(p) + ": lanes " + lane_list(ph.lanes) + ", " +
                       (ph.exact() ? "" : "at least ") + std::to_string(ph.wavefronts) +
                       (ph.wavefronts == 1 ? " wavefront" : " wavefronts");
    if (!ph.collisions.empty()) {
      const BankCollision& c = ph.collisions.front();
      line += "; bank " + std::to_string(c.bank) + (ph.exact() ? " serves " : " holds ") +
              std::to_string(c.ways) + (ph.exact() ? " words to lanes " : " words of lanes ") +
              lane_list(c.lanes);
      if (ph.collisions.size() > 1)
        line += " (and " + std::to_string(ph.collisions.size() - 1) + " more banks)";
    }
    if (!ph.exact()) line += "; a lower bound: " + ph.bound;
    s.notes.push_back(line);
  }
  if (extra) s.notes.push_back(copy_totals(*extra));
  for (std::string& g : global_notes) s.notes.push_back(std::move(g));
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

Scene build_copy_banks_scene(const SmemLayout& smem, const SmemCopyBanks& b, int k, const ValueType& type,
                             const std::string& which, const std::string& check,
                             const std::optional<G2sSectors>& sectors, const std::string& no_sectors,
                             const Options& opt) {
  if (k < 0 || static_cast<std::size_t>(k) >= b.insts.size() || b.sites.size() != b.insts.size())
    throw VizError("build_copy_banks_scene: instruction " + std::to_string(k) + " of " +
                   std::to_string(b.insts.size()));
  CopyExtra x;
  x.b = &b;
  x.k = k;
  x.check = check;
  x.operand = check.size() > 6 ? check.substr(6, check.find('.', 6) - 6) : "";
  if (b.copy_name == "g2s") x.sectors = &sectors;
  x.no_sectors = no_sectors;
  const SmemInstruction& in = b.insts[static_cast<std::size_t>(k)];
  return draw(smem, b.sites[static_cast<std::size_t>(k)].lanes, in, type,
              describe(in.op, type, smem) + ": " + which, {"tvlab render: --view banks " + which}, opt,
              *b.model, &x);
}

}  // namespace tvlab::viz
