#include "tvlab/verify/smem_checks.hpp"

#include <set>
#include <unordered_map>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/bank_suggest.hpp"

namespace tvlab {

SmemOp smem_op_of(const TiledCopy& copy, bool smem_is_source) {
  const std::string& n = copy.atom.name;
  for (const char* kind : {"_LDSM_", "_STSM_"}) {
    const auto at = n.find(kind);
    if (at == std::string::npos) continue;
    // SM75_U32x4_LDSM_N: 4 matrices; SM75_U16x8_LDSM_T: 8 16-bit registers = 4 matrices, transposed.
    const auto x = n.rfind('x', at);
    const int count = std::stoi(n.substr(x + 1, at - x - 1));
    const bool u16 = n.find("_U16x") != std::string::npos;
    SmemOp op = parse_smem_op(std::string(kind[1] == 'L' ? "ldmatrix" : "stmatrix") + ".x" +
                              std::to_string(u16 ? count / 2 : count));
    op.trans = n.back() == 'T';
    return op;
  }
  if (n.rfind("SM80_CP_ASYNC", 0) == 0) return parse_smem_op("cp.async");
  return parse_smem_op(smem_is_source ? "ld" : "st");
}

std::vector<CopyInstruction> copy_smem_instructions(const TiledCopy& copy, bool smem_is_source,
                                                    const IntTuple& tile) {
  const Layout x = make_layout(tile);
  const Layout f = smem_is_source ? copy.tidfrg_S(x) : copy.tidfrg_D(x);
  const ValueLayouts vl = copy.atom_values();
  const int64_t nv = size(mode(smem_is_source ? vl.src : vl.dst, 1));
  const int64_t T = size(mode(f, 0)), J = size(mode(f, 1));
  const int64_t R = size(f) / (T * J);
  if (nv <= 0 || J % nv != 0)
    throw LayoutError("copy_smem_instructions", "the atom's " + std::to_string(nv) +
                                                    " values do not divide the " + std::to_string(J) +
                                                    " values of a thread");
  std::vector<CopyInstruction> out;
  for (int64_t w = 0; w * 32 < T; ++w)
    for (int64_t r = 0; r < R; ++r)
      for (int64_t k = 0; k < J / nv; ++k) {
        CopyInstruction in{w, k, r, LaneIndices(32)};
        for (int64_t l = 0; l < 32 && 32 * w + l < T; ++l)
          for (int64_t v = 0; v < nv; ++v) in.lanes[l].push_back(f(32 * w + l + T * ((v + nv * k) + J * r)));
        out.push_back(std::move(in));
      }
  return out;
}

namespace {

std::string coord(int64_t i, const IntTuple& tile) {
  return to_string(idx2crd(IntTuple(i), tile));
}

CheckResult layout_check(const PlannedCopy& p, const IntTuple& tile) {
  CheckResult r;
  r.code = "smem." + p.name + ".layout";
  r.claim = "the shared-memory layout maps the " + to_string(tile) + " tile of " + p.name + " one-to-one";
  r.method = "enumeration";
  const SmemLayout& s = p.smem->layout;
  r.steps.push_back({"the layout", "", to_string(s)});
  const int64_t n = product(tile);
  if (smem_tile_size(s) != n) {
    r.verdict = Verdict::Refuted;
    r.summary =
        "the layout has " + std::to_string(smem_tile_size(s)) + " coordinates, the tile " + std::to_string(n);
    return r;
  }
  if (n > (int64_t(1) << 24)) {
    r.summary = "the tile is too large to enumerate";
    return r;
  }
  std::unordered_map<int64_t, int64_t> seen;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t off = smem_element_offset(s, i, p.mem_type.bits);
    auto [it, fresh] = seen.emplace(off, i);
    if (!fresh) {
      r.verdict = Verdict::Refuted;
      r.summary = "two elements share one address";
      r.witnesses.push_back(coord(it->second, tile) + " and " + coord(i, tile) + " both at element offset " +
                            std::to_string(off));
      return r;
    }
  }
  r.verdict = Verdict::Proved;
  r.summary = "injective: " + std::to_string(n) + " elements at distinct offsets";
  return r;
}

struct Built {
  std::vector<CopyInstruction> sites;
  std::vector<SmemInstruction> insts;
  SmemOp op;
};

// vector.<X>.<c>: every instruction builds (contiguous, aligned runs); the instructions for the banks check.
CheckResult vector_check(const PlannedCopy& p, const TiledCopy& c, const std::string& cname, bool src,
                         const IntTuple& tile, Built& b) {
  CheckResult r;
  r.code = "vector." + p.name + "." + cname;
  r.claim = cname + " (" + c.atom.name + ") accesses each lane's atom values as one vector in shared memory";
  r.method = "enumeration";
  try {
    b.op = smem_op_of(c, src);
    b.sites = copy_smem_instructions(c, src, tile);
  } catch (const std::exception& e) {
    r.summary = std::string("cannot enumerate the copy's instructions: ") + e.what();
    return r;
  }
  for (const CopyInstruction& s : b.sites) {
    try {
      b.insts.push_back(smem_instruction(p.smem->layout, s.lanes, c.value_type, b.op));
    } catch (const std::exception& e) {
      r.verdict = Verdict::Refuted;
      r.summary = "a lane's values are not one vector access: max_common_vector is below the atom's width";
      r.witnesses.push_back("warp " + std::to_string(s.warp) + ", instruction " + std::to_string(s.block) +
                            " (repeat " + std::to_string(s.repeat) + "): " + e.what());
      b.insts.clear();
      return r;
    }
  }
  r.verdict = Verdict::Proved;
  const int bytes = b.insts.empty() ? 0 : b.insts.front().bytes;
  r.summary = std::to_string(b.insts.size()) + " " + to_string(b.op) + " instructions, " +
              std::to_string(bytes) + " bytes (" + std::to_string(bytes * 8 / c.value_type.bits) + " x " +
              c.value_type.name + ") a lane";
  r.data["instructions"] = b.insts.size();
  r.data["bytes_per_lane"] = bytes;
  return r;
}

CheckResult banks_check(const PlannedCopy& p, const TiledCopy& c, const std::string& cname, const Built& b) {
  CheckResult r;
  r.code = "banks." + p.name + "." + cname;
  r.claim = cname + " (" + c.atom.name + ") is free of shared-memory bank conflicts";
  r.method = "bank model (H100-measured)";
  r.severity = Severity::Warning;
  int wf = 0, ideal = 0, worst = -1, worst_conf = -1;
  std::vector<BankAnalysis> all;
  for (std::size_t i = 0; i < b.insts.size(); ++i) {
    all.push_back(analyze_banks(b.insts[i]));
    wf += all.back().wavefronts;
    ideal += all.back().ideal_wavefronts;
    if (all.back().bank_conflicts > worst_conf)
      worst_conf = all.back().bank_conflicts, worst = static_cast<int>(i);
  }
  r.data["instructions"] = b.insts.size();
  r.data["wavefronts"] = wf;
  r.data["ideal_wavefronts"] = ideal;
  r.data["bank_conflicts"] = wf - ideal;
  const std::string per =
      b.insts.empty() ? ""
                      : " (" + std::to_string(wf / static_cast<int>(b.insts.size())) + " per instruction)";
  r.steps.push_back(
      {"wavefronts over " + std::to_string(b.insts.size()) + " " + to_string(b.op) + " instructions", "",
       std::to_string(wf) + per + ", ideal " + std::to_string(ideal)});
  if (wf == ideal) {
    r.verdict = Verdict::Proved;
    r.summary = std::to_string(wf) + " wavefronts" + per + ": ideal";
    return r;
  }
  r.verdict = Verdict::Refuted;
  r.summary = std::to_string(wf) + " wavefronts" + per + ", ideal " + std::to_string(ideal) + ": " +
              std::to_string(wf - ideal) + " bank conflicts";
  const BankAnalysis& a = all[worst];
  const CopyInstruction& s = b.sites[worst];
  r.data["worst"] = {{"warp", s.warp},
                     {"instruction", s.block},
                     {"repeat", s.repeat},
                     {"wavefronts", a.wavefronts},
                     {"ideal_wavefronts", a.ideal_wavefronts}};
  for (const BankPhase& ph : a.phases) {
    if (ph.collisions.empty()) continue;
    const BankCollision& col = ph.collisions.front();
    std::string lanes, addrs;
    for (int l : col.lanes) {
      lanes += (lanes.empty() ? "" : ",") + std::to_string(l);
      addrs += (addrs.empty() ? "" : ",") + std::to_string(*b.insts[worst].addresses[l]);
    }
    r.witnesses.push_back("warp " + std::to_string(s.warp) + ", instruction " + std::to_string(s.block) +
                          ": lanes " + lanes + " at bytes " + addrs + " meet in bank " +
                          std::to_string(col.bank) + " (" + std::to_string(col.ways) + " ways; " +
                          std::to_string(a.wavefronts) + " wavefronts, ideal " +
                          std::to_string(a.ideal_wavefronts) + ")");
    break;
  }
  std::vector<LaneIndices> lanes;
  for (const CopyInstruction& ci : b.sites) lanes.push_back(ci.lanes);
  if (auto sug = suggest_smem_layout(p.smem->layout, lanes, c.value_type, b.op)) {
    r.summary += "; suggest " + sug->text();
    r.data["suggest"] = {{"layout", to_string(sug->layout)},
                         {"kind", sug->kind},
                         {"wavefronts", sug->wavefronts},
                         {"vector", sug->vector}};
  }
  return r;
}

CheckResult coverage_check(const PlannedCopy& p, const IntTuple& tile, const Built& g, const Built& s) {
  CheckResult r;
  r.code = "smem." + p.name + ".g2s";
  r.claim = "g2s writes every element of the " + to_string(tile) + " tile, and s2r reads only written ones";
  r.method = "enumeration";
  std::set<int64_t> written, read;
  for (const CopyInstruction& c : g.sites)
    for (const auto& l : c.lanes) written.insert(l.begin(), l.end());
  for (const CopyInstruction& c : s.sites)
    for (const auto& l : c.lanes) read.insert(l.begin(), l.end());
  const int64_t n = product(tile);
  for (int64_t i = 0; i < n; ++i)
    if (!written.count(i)) {
      r.verdict = Verdict::Refuted;
      r.summary = "g2s leaves elements of the tile unwritten";
      r.witnesses.push_back("element " + coord(i, tile) + " is never written" +
                            (read.count(i) ? " but s2r reads it" : ""));
      return r;
    }
  r.verdict = Verdict::Proved;
  r.summary = "g2s writes all " + std::to_string(n) + " elements; s2r reads " + std::to_string(read.size()) +
              " of them";
  return r;
}

}  // namespace

void add_smem_checks(Report& rep, const PlannedCopy& p, const TiledMMA& m) {
  if (!p.smem) return;
  const IntTuple tile = p.name == "A"   ? make_shape(m.tile_mnk[0], m.tile_mnk[2])
                        : p.name == "B" ? make_shape(m.tile_mnk[1], m.tile_mnk[2])
                                        : make_shape(m.tile_mnk[0], m.tile_mnk[1]);
  CheckResult lay = layout_check(p, tile);
  const bool layout_ok = lay.verdict == Verdict::Proved;
  rep.checks.push_back(std::move(lay));
  if (!layout_ok) return;
  Built g, s;
  bool g_ok = false, s_ok = false;
  for (auto [copy, name, src, built, ok] : {std::tuple{&p.smem->s2r, "s2r", true, &s, &s_ok},
                                            std::tuple{&p.smem->g2s, "g2s", false, &g, &g_ok}}) {
    if (!*copy) continue;
    CheckResult v = vector_check(p, **copy, name, src, tile, *built);
    *ok = v.verdict == Verdict::Proved;
    rep.checks.push_back(std::move(v));
    if (*ok) rep.checks.push_back(banks_check(p, **copy, name, *built));
  }
  if (g_ok && s_ok) rep.checks.push_back(coverage_check(p, tile, g, s));
}

}  // namespace tvlab
