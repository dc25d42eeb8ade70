#include "tvlab/verify/report/search_format.hpp"

#include <sstream>

#include "tvlab/verify/writers/spec_json.hpp"

namespace tvlab {

namespace {

std::string bytes_text(int64_t b) {
  if (b % 1024 == 0) return std::to_string(b / 1024) + " KiB";
  std::ostringstream os;
  os.precision(1);
  os << std::fixed << double(b) / 1024 << " KiB";
  return os.str();
}

std::string wavefront_text(const SearchFigures& f) {
  return (f.wavefronts_exact ? "" : ">=") + std::to_string(f.wavefronts) + "/" +
         std::to_string(f.ideal_wavefronts);
}

// "256" (exact: rows provably 32-byte aligned) or "256-384" (aligned rows .. the most any allows).
std::string sectors_text(const SearchFigures& f) {
  return f.gmem_sectors == f.gmem_sectors_max
             ? std::to_string(f.gmem_sectors)
             : std::to_string(f.gmem_sectors) + "-" + std::to_string(f.gmem_sectors_max);
}

std::string pad(std::string s, size_t w, bool right = false) {
  if (s.size() >= w) return s;
  return right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
}

}  // namespace

std::string search_to_text(const SearchResult& res) {
  std::ostringstream os;
  const SearchSpace& sp = res.space;
  os << "space: ";
  std::ostringstream cand;
  cand.precision(3);
  cand << sp.candidates;
  os << cand.str() << " candidate configurations from " << sp.knobs.size() << " knobs";
  if (res.evaluated > 0) {  // searched (not only stated)
    os << "; " << res.evaluated << " partial specs verified (" << res.refuted << " refuted); " << res.valid
       << " combinations of parts that pass verify";
    if (res.reorder_free >= 0) os << ", " << res.reorder_free << " of them reorder-free";
  }
  os << "\n";
  if (!res.refuted_by.empty()) {
    std::vector<std::pair<int64_t, std::string>> by;
    for (const auto& [code, n] : res.refuted_by) by.emplace_back(-n, code);
    std::sort(by.begin(), by.end());
    os << "  refuted by:";
    for (size_t i = 0; i < by.size() && i < 6; ++i)
      os << (i ? ", " : " ") << by[i].second << " " << -by[i].first;
    if (by.size() > 6) os << ", ...";
    os << "\n";
  }
  for (const SearchKnob& k : sp.knobs) {
    os << "  " << pad(k.name, 14) << " " << k.values.size() << ": ";
    std::string vals;
    for (size_t i = 0; i < k.values.size() && i < 6; ++i) vals += (i ? ", " : "") + k.values[i];
    if (k.values.size() > 6) vals += ", ...";
    os << vals << "  (" << k.meaning << ")\n";
  }
  for (const std::string& f : sp.fixed) os << "  fixed: " << f << "\n";
  os << "ranked by " << res.ranking << "\n\n";
  if (res.rows.empty()) {
    os << "no configuration in the space passes verify\n";
    return os.str();
  }
  const bool xe = res.reorder_free >= 0;
  os << pad("rank", 5);
  if (xe)
    os << pad("reorder movs", 13, true) << "  " << pad("2D loads", 8, true);
  else
    os << pad("excess", 8, true) << "  " << pad("wavefronts", 12, true) << "  " << pad("g sectors", 9, true)
       << "  " << pad("smem instr", 10, true) << "  " << pad("smem", 9, true);
  os << "  " << pad("regs", 5, true) << "  warnings\n";
  for (const SearchRow& r : res.rows) {
    const SearchFigures& f = r.figures;
    os << pad("#" + std::to_string(r.rank), 5);
    if (xe)
      os << pad(std::to_string(f.reorder_movs), 13, true) << "  "
         << pad(std::to_string(f.block2d_loads), 8, true);
    else
      os << pad((f.wavefronts_exact ? "" : ">=") + std::to_string(f.excess_wavefronts), 8, true) << "  "
         << pad(wavefront_text(f), 12, true) << "  " << pad(sectors_text(f), 9, true) << "  "
         << pad(std::to_string(f.smem_instructions), 10, true) << "  "
         << pad(bytes_text(f.smem_bytes), 9, true);
    os << "  " << pad(std::to_string(f.registers), 5, true) << "  " << f.warnings << "\n";
    std::string line;
    for (const auto& [k, v] : r.knobs) line += (line.empty() ? "" : ", ") + k + " " + v;
    os << "      " << line << "\n";
  }
  if (xe)
    os << "\nreorder movs: register moves of the reorders from A's and B's copy fragments to the MMA's "
          "(reorder.X: "
          "one subgroup, one k-tile); 2D loads: block 2D loads a subgroup issues per k-tile (prefetches not "
          "counted); "
          "regs: A, B and C values a work-item holds. `--emit cpp --row N` prints a row as C++.\n";
  else
    os << "\nexcess: wavefronts over the ideal per k-tile (banks.X.g2s + banks.X.s2r, CTA-wide; >= where a "
          "cp.async "
          "is not modeled); g sectors: global 32-byte sectors the g2s copies read per k-tile (gmem.X.g2s, "
          "CTA-wide: with 32-byte-aligned rows, then the most AlignmentX allows); smem instr: vector.X.* "
          "instructions per k-tile; smem: smem.budget; regs: A and B "
          "values "
          "(one k-tile) and C values a thread holds. `--emit cpp --row N` prints a row as C++.\n";
  return os.str();
}

nlohmann::ordered_json search_to_json(const SearchResult& res) {
  using ojson = nlohmann::ordered_json;
  ojson j;
  ojson knobs = ojson::array();
  for (const SearchKnob& k : res.space.knobs)
    knobs.push_back({{"name", k.name}, {"meaning", k.meaning}, {"values", k.values}});
  j["space"] = {{"knobs", knobs},
                {"candidates", res.space.candidates},
                {"evaluations", res.space.evaluations},
                {"fixed", res.space.fixed}};
  j["evaluated"] = res.evaluated;
  j["refuted"] = res.refuted;
  j["refuted_by"] = res.refuted_by;
  j["valid_combinations"] = res.valid;
  if (res.reorder_free >= 0) j["reorder_free_combinations"] = res.reorder_free;
  j["ranking"] = res.ranking;
  j["figures_computed"] = {
      {"excess_wavefronts", "wavefronts - ideal_wavefronts"},
      {"wavefronts",
       "sum of data.wavefronts of banks.A.g2s, banks.A.s2r, banks.B.g2s, banks.B.s2r: one k-tile, "
       "all warps (a not-modeled cp.async counts its lower bound and its ideal alike)"},
      {"wavefronts_exact", "false when a banks check is unknown (a cp.async's global sources not modeled)"},
      {"gmem_sectors",
       "sum of data.sectors.sectors of gmem.A.g2s and gmem.B.g2s: 32-byte sectors one k-tile's g2s reads, "
       "all warps, rows 32-byte aligned"},
      {"gmem_sectors_max", "sum of data.sectors.sectors_max: the most any row alignment AlignmentX allows"},
      {"gmem_bytes", "sum of data.sectors.bytes: the bytes those copies move"},
      {"smem_instructions",
       "sum of data.instructions of vector.X.g2s and vector.X.s2r: one k-tile, all warps"},
      {"vector_bytes", "data.bytes_per_lane of each vector.X.<copy>"},
      {"smem_bytes",
       "data.bytes of smem.budget: the mainloop's shared storage (all stages of A and B; SM90: its "
       "pipeline)"},
      {"registers",
       "A and B values (one k-tile) and C values a thread holds: size<1> of the TiledMMA's TV "
       "layouts times the CTA tile's repeats of the TiledMMA"},
      {"reorder_movs", "sum of data.movs of reorder.A and reorder.B: one subgroup, one k-tile"},
      {"block2d_loads",
       "block 2D copy atoms a subgroup calls for A and B per k-tile (prefetches not counted)"},
      {"warnings", "refuted checks of severity warning (bank conflicts, reorders)"}};
  ojson rows = ojson::array();
  for (const SearchRow& r : res.rows) {
    const SearchFigures& f = r.figures;
    ojson vec = ojson::object();
    for (const auto& [k, v] : f.vectors) vec[k] = v;
    ojson knobs_of = ojson::object();
    for (const auto& [k, v] : r.knobs) knobs_of[k] = v;
    int proved = 0, warned = 0;
    for (const CheckResult& c : r.report.checks) {
      proved += c.verdict == Verdict::Proved;
      warned += c.verdict == Verdict::Refuted;
    }
    rows.push_back({{"rank", r.rank},
                    {"figures",
                     {{"excess_wavefronts", f.excess_wavefronts},
                      {"wavefronts", f.wavefronts},
                      {"ideal_wavefronts", f.ideal_wavefronts},
                      {"wavefronts_exact", f.wavefronts_exact},
                      {"gmem_sectors", f.gmem_sectors},
                      {"gmem_sectors_max", f.gmem_sectors_max},
                      {"gmem_bytes", f.gmem_bytes},
                      {"smem_instructions", f.smem_instructions},
                      {"vector_bytes", vec},
                      {"smem_bytes", f.smem_bytes},
                      {"registers", f.registers},
                      {"reorder_movs", f.reorder_movs},
                      {"block2d_loads", f.block2d_loads},
                      {"warnings", f.warnings}}},
                    {"knobs", knobs_of},
                    {"checks", {{"proved", proved}, {"refuted", warned}, {"total", r.report.checks.size()}}},
                    {"spec", config_to_json(r.config)}});
  }
  j["rows"] = rows;
  return j;
}

}  // namespace tvlab
