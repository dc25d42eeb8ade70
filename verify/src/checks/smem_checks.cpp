#include "tvlab/verify/checks/smem_checks.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <variant>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/banks/bank_suggest.hpp"

namespace tvlab {

std::string ratio_text(int64_t a, int64_t b) {
  if (b == 0) return "0";
  if (a % b == 0) return std::to_string(a / b);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(a) / static_cast<double>(b));
  std::string t = buf;
  while (t.back() == '0') t.pop_back();
  return t;
}

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
                                                    const IntTuple& tile, int lanes) {
  if (lanes <= 0) throw LayoutError("copy_smem_instructions", "lanes must be positive");
  const Layout x = make_layout(tile);
  const Layout f = smem_is_source ? copy.tidfrg_S(x) : copy.tidfrg_D(x);
  const ValueLayouts vl = copy.atom_values();
  const int64_t nv = size(mode(smem_is_source ? vl.src : vl.dst, 1));
  const int64_t T = size(mode(f, 0)), J = size(mode(f, 1));
  // A copy whose tiler dwarfs the tile (a hostile val_layout) would enumerate forever: its values must stay
  // within a few times the tile's (an MMA replicates an operand over at most its threads).
  if (size(f) > (int64_t(1) << 26) || size(f) / std::max<int64_t>(1, product(tile)) > 4096)
    throw LayoutError("copy_smem_instructions",
                      "the copy's " + std::to_string(size(f)) + " (thread, value) pairs over a tile of " +
                          std::to_string(product(tile)) + " elements: its tiler does not fit the tile");
  const int64_t R = size(f) / (T * J);
  if (nv <= 0 || J % nv != 0)
    throw LayoutError("copy_smem_instructions", "the atom's " + std::to_string(nv) +
                                                    " values do not divide the " + std::to_string(J) +
                                                    " values of a thread");
  // f's index -> tile index through its flattened modes (Layout::operator() walks the nested tuple each
  // call).
  const auto shp = leaves(f.shape), str = leaves(f.stride);
  for (const Scalar& d : str)
    if (d.is_basis()) throw LayoutError("copy_smem_instructions", "the copy's tile indices are not integers");
  auto at = [&](int64_t i) {
    int64_t off = 0;
    for (std::size_t k = 0; k < shp.size(); ++k) {
      off += (i % shp[k].value) * str[k].value;
      i /= shp[k].value;
    }
    return off;
  };
  std::vector<CopyInstruction> out;
  const int64_t L = lanes;
  for (int64_t w = 0; w * L < T; ++w)
    for (int64_t r = 0; r < R; ++r)
      for (int64_t k = 0; k < J / nv; ++k) {
        CopyInstruction in{w, k, r, LaneIndices(static_cast<std::size_t>(L))};
        for (int64_t l = 0; l < L && L * w + l < T; ++l) {
          in.lanes[l].reserve(static_cast<std::size_t>(nv));
          for (int64_t v = 0; v < nv; ++v) in.lanes[l].push_back(at(L * w + l + T * ((v + nv * k) + J * r)));
        }
        out.push_back(std::move(in));
      }
  return out;
}

const BankModel& smem_bank_model(const TiledMMA& m) {
  return m.is_xe() ? xe_slm_bank_model() : nvidia_bank_model();
}

int worst_smem_instruction(const std::vector<BankAnalysis>& analyses) {
  int worst = -1, worst_conf = -1;
  for (std::size_t i = 0; i < analyses.size(); ++i)
    if (analyses[i].bank_conflicts > worst_conf)
      worst_conf = analyses[i].bank_conflicts, worst = static_cast<int>(i);
  return worst;
}

const TiledCopy* stage_copy(const SmemStage& st, const std::string& name) {
  const std::optional<TiledCopy>* c = name == "s2r"   ? &st.s2r
                                      : name == "g2s" ? &st.g2s
                                      : name == "r2s" ? &st.r2s
                                                      : nullptr;
  return c && *c ? &**c : nullptr;
}

void smem_copy_sites(SmemCopyBanks& b, const TiledCopy& c, const IntTuple& tile) {
  const bool src = b.copy_name == "s2r";
  b.op = smem_op_of(c, src);
  b.sites = copy_smem_instructions(c, src, tile, b.model->lanes);
}

std::string smem_copy_instructions(SmemCopyBanks& b, const SmemLayout& smem, const ValueType& type) {
  b.insts.clear();
  std::vector<int64_t> offsets;
  try {
    offsets = smem_element_offsets(smem, smem_tile_size(smem), type.bits);
  } catch (const std::exception& e) {
    return std::string("the layout's element offsets: ") + e.what();
  }
  for (const CopyInstruction& s : b.sites) {
    try {
      b.insts.push_back(smem_instruction(offsets, s.lanes, type, b.op, *b.model));
    } catch (const std::exception& e) {
      b.insts.clear();
      return (b.model->lanes == 32 ? "warp " : "subgroup ") + std::to_string(s.warp) + ", instruction " +
             std::to_string(s.block) + " (repeat " + std::to_string(s.repeat) + "): " + e.what();
    }
  }
  return "";
}

void smem_copy_sources(SmemCopyBanks& b, const PlannedCopy& p, const TiledCopy& c, const IntTuple& tile) {
  if (b.op.kind != SmemOpKind::CpAsync || !p.contiguous_given || c.value_type.bits % 8 != 0) return;
  std::vector<CopyInstruction> src;
  int64_t rows = 0;
  try {
    src = copy_smem_instructions(c, true, tile, b.model->lanes);
    rows = tile[0].ival();
  } catch (const std::exception&) {
    return;  // sources unknown: the model says so
  }
  if (src.size() != b.insts.size() || rows <= 0) return;
  const int64_t bytes = c.value_type.bits / 8, row_apart = int64_t(1) << 40;
  for (std::size_t k = 0; k < src.size(); ++k) {
    SmemInstruction& in = b.insts[k];
    in.sources.assign(in.addresses.size(), std::nullopt);
    in.sources_absolute = false;
    for (std::size_t l = 0; l < in.addresses.size() && l < src[k].lanes.size(); ++l) {
      if (src[k].lanes[l].empty()) continue;
      const int64_t i = src[k].lanes[l].front(), r = i % rows, col = i / rows;
      const int64_t unit = p.modes.x == 0 ? r : col, lead = p.modes.x == 0 ? col : r;
      in.sources[l] = checked_add(checked_mul(lead, row_apart), checked_mul(unit, bytes));
    }
  }
}

void smem_copy_analyses(SmemCopyBanks& b) {
  b.analyses.clear();
  b.wavefronts = b.ideal_wavefronts = 0;
  for (const SmemInstruction& in : b.insts) {
    b.analyses.push_back(analyze_banks(in, *b.model));
    b.wavefronts += b.analyses.back().wavefronts;
    b.ideal_wavefronts += b.analyses.back().ideal_wavefronts;
  }
  b.worst = worst_smem_instruction(b.analyses);
}

std::string auto_vectorized_unmodelled(const TiledCopy& c, const SmemLayout& smem, const SmemCopyBanks& b,
                                       const IntTuple& tile) {
  const int n = c.atom.max_vec_bits, bits = c.value_type.bits;
  if (n <= 0 || n <= bits) return "";
  const Layout& inner = inner_layout(smem);
  const bool swizzled = std::holds_alternative<ComposedLayout>(smem);
  std::vector<int64_t> offsets;
  try {
    offsets = smem_element_offsets(SmemLayout(inner), product(tile), bits);
  } catch (const std::exception& e) {
    return std::string("the layout's element offsets: ") + e.what();
  }
  // Each thread's values (tile indices) over every instruction: a superset of one copy() call's.
  const int64_t lanes = b.model ? b.model->lanes : 32;
  std::unordered_map<int64_t, std::vector<std::pair<int64_t, int64_t>>> by_thread;  // (offset, tile index)
  for (const CopyInstruction& s : b.sites)
    for (std::size_t l = 0; l < s.lanes.size(); ++l)
      for (int64_t i : s.lanes[l])
        if (i >= 0 && static_cast<std::size_t>(i) < offsets.size())
          by_thread[s.warp * lanes + static_cast<int64_t>(l)].push_back(
              {offsets[static_cast<std::size_t>(i)], i});
  int64_t worst_thread = -1;
  std::pair<int64_t, int64_t> x{}, y{};
  for (auto& [t, v] : by_thread) {
    std::sort(v.begin(), v.end());
    for (std::size_t k = 1; k < v.size(); ++k)
      if (v[k].first == v[k - 1].first + 1 && (worst_thread < 0 || t < worst_thread))
        worst_thread = t, x = v[k - 1], y = v[k];
  }
  if (worst_thread < 0) return "";
  return "copy() of " + c.atom.name +
         " vectorizes over the thread's whole partition (cute/algorithm/copy.hpp: " + "up to " +
         std::to_string(n) + "-bit accesses where max_common_vector of the src and dst views and " +
         "their alignment allow), and thread " + std::to_string(worst_thread) + " holds " +
         to_string(idx2crd(IntTuple(x.second), tile)) + " and " +
         to_string(idx2crd(IntTuple(y.second), tile)) + " at adjacent element offsets " +
         std::to_string(x.first) + " and " + std::to_string(y.first) +
         (swizzled ? " of the swizzled layout's inner layout" : "") +
         ": the access width CuTe picks is not modelled (tvlab models one " + std::to_string(bits) +
         "-bit element per access)";
}

SmemCopyBanks analyze_smem_copy(const PlannedCopy& p, const TiledMMA& m, const std::string& copy_name) {
  const TiledCopy* c = p.smem ? stage_copy(*p.smem, copy_name) : nullptr;
  if (!c) throw std::invalid_argument("operand " + p.name + " has no smem " + copy_name + " copy");
  SmemCopyBanks b;
  b.copy_name = copy_name;
  b.model = &smem_bank_model(m);
  smem_copy_sites(b, *c, p.smem->tile);
  if (std::string why = auto_vectorized_unmodelled(*c, p.smem->layout, b, p.smem->tile); !why.empty())
    throw BankError(why);
  if (std::string why = smem_copy_instructions(b, p.smem->layout, c->value_type); !why.empty())
    throw BankError(why);
  smem_copy_sources(b, p, *c, p.smem->tile);
  smem_copy_analyses(b);
  return b;
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
  auto too_large = [&](int64_t elements) {
    // __int128: the product cannot overflow before it is compared.
    if (static_cast<__int128>(elements) * p.mem_type.bits <=
        static_cast<__int128>(kMaxSmemEnumerationBytes) * 8)
      return false;
    r.summary = "not enumerated: " + std::to_string(elements) + " elements of " + p.mem_type.name + " (" +
                std::to_string(static_cast<int64_t>(static_cast<__int128>(elements) * p.mem_type.bits / 8)) +
                " bytes), over tvlab's enumeration cap of " + std::to_string(kMaxSmemEnumerationBytes) +
                " bytes, more shared memory than any GPU has (smem.budget says by how much)";
    r.steps.push_back(
        {"the enumeration cap (bytes of shared memory)", "", std::to_string(kMaxSmemEnumerationBytes)});
    return true;
  };
  if (too_large(n)) return r;
  // With stages (tile_to_shape(atom, (MN, K, stages))): every stage, and each stage is stage 0 moved.
  const SmemLayout& all = p.smem->staged ? *p.smem->staged : s;
  const int64_t stages = p.smem->staged ? p.smem->stages : 1;
  if (p.smem->staged) {
    r.claim += " in each of its " + std::to_string(stages) + " stages, the stages disjoint";
    r.steps.push_back({p.smem->atom_text.empty()
                           ? std::string("the staged layout (m,k,stage)")
                           : "tile_to_shape(" + p.smem->atom_text + ", (" + std::to_string(tile[0].ival()) +
                                 "," + std::to_string(tile[1].ival()) + "," + std::to_string(stages) + "))",
                       "", to_string(all)});
  }
  if (too_large(n * stages)) return r;
  std::vector<int64_t> stage_off(static_cast<std::size_t>(stages), 0);
  bool shifted = true;
  const std::vector<int64_t> offs = smem_element_offsets(all, n * stages, p.mem_type.bits);
  // Who holds each offset: a table over the offsets' range when it is compact (plain, swizzled or padded
  // layouts), else a hash map.
  const auto [lo, hi] = std::minmax_element(offs.begin(), offs.end());
  const bool dense = *hi - *lo < 8 * n * stages;
  std::vector<int64_t> owner(dense ? static_cast<std::size_t>(*hi - *lo + 1) : 0, -1);
  std::unordered_map<int64_t, int64_t> seen;
  for (int64_t i = 0; i < n * stages; ++i) {
    const int64_t off = offs[i];
    const int64_t st = i / n;
    if (i % n == 0) stage_off[st] = off - offs[0];
    if (st > 0 && off != offs[i % n] + stage_off[st]) shifted = false;
    int64_t prev = -1;
    if (dense) {
      int64_t& o = owner[static_cast<std::size_t>(off - *lo)];
      if (o < 0)
        o = i;
      else
        prev = o;
    } else if (auto [it, fresh] = seen.emplace(off, i); !fresh) {
      prev = it->second;
    }
    if (prev >= 0) {
      r.verdict = Verdict::Refuted;
      r.summary = "two elements share one address";
      auto where = [&](int64_t j) {
        return coord(j % n, tile) + (stages > 1 ? " of stage " + std::to_string(j / n) : std::string());
      };
      r.witnesses.push_back(where(prev) + " and " + where(i) + " both at element offset " +
                            std::to_string(off));
      return r;
    }
  }
  r.verdict = Verdict::Proved;
  r.summary = "injective: " + std::to_string(n * stages) + " elements at distinct offsets";
  if (stages > 1) {
    bool banks_alike = shifted;
    for (int64_t off : stage_off) banks_alike = banks_alike && (off * p.mem_type.bits / 8) % 128 == 0;
    r.data["stages"] = stages;
    r.data["stage_offsets"] = stage_off;
    r.data["stages_bank_alike"] = banks_alike;
    r.summary += banks_alike
                     ? "; each stage is stage 0 moved by a multiple of 128 bytes (the same banks)"
                     : "; the stages are not stage 0 moved by multiples of 128 bytes: the bank checks "
                       "below are stage 0's";
  }
  return r;
}

// vector.<X>.<c>: every instruction builds (contiguous, aligned runs); the instructions for the banks check.
CheckResult vector_check(const PlannedCopy& p, const TiledCopy& c, const IntTuple& tile, SmemCopyBanks& b) {
  const std::string& cname = b.copy_name;
  CheckResult r;
  r.code = "vector." + p.name + "." + cname;
  r.claim = cname + " (" + c.atom.name + ") accesses each lane's atom values as one vector in shared memory";
  r.method = "enumeration";
  try {
    smem_copy_sites(b, c, tile);
  } catch (const std::exception& e) {
    r.summary = std::string("cannot enumerate the copy's instructions: ") + e.what();
    return r;
  }
  if (std::string why = smem_copy_instructions(b, p.smem->layout, c.value_type); !why.empty()) {
    r.verdict = Verdict::Refuted;
    r.summary = "a lane's values are not one vector access: max_common_vector is below the atom's width";
    r.witnesses.push_back(std::move(why));
    return r;
  }
  smem_copy_sources(b, p, c, tile);
  r.verdict = Verdict::Proved;
  const int bytes = b.insts.empty() ? 0 : b.insts.front().bytes;
  r.summary = std::to_string(b.insts.size()) + " " + to_string(b.op) + " instructions, " +
              std::to_string(bytes) + " bytes (" + std::to_string(bytes * 8 / c.value_type.bits) + " x " +
              c.value_type.name + ") a lane";
  r.data["instructions"] = b.insts.size();
  r.data["bytes_per_lane"] = bytes;
  return r;
}

CheckResult banks_check(const PlannedCopy& p, const TiledCopy& c, SmemCopyBanks& b, bool suggest) {
  const std::string& cname = b.copy_name;
  const BankModel& model = *b.model;
  const std::string unit = model.lanes == 32 ? "warp " : "subgroup ";
  const std::string unvalidated = model.validated ? "" : "model: unvalidated; ";
  smem_copy_analyses(b);
  CheckResult r;
  r.code = "banks." + p.name + "." + cname;
  r.claim = cname + " (" + c.atom.name + ") is free of shared-memory bank conflicts";
  r.method = model.validated ? "bank model (H100-measured)"
                             : "bank model " + model.name + " (model: unvalidated, no public source)";
  r.severity = Severity::Warning;
  const int wf = b.wavefronts, ideal = b.ideal_wavefronts;
  r.data["instructions"] = b.insts.size();
  r.data["wavefronts"] = wf;
  r.data["ideal_wavefronts"] = ideal;
  r.data["bank_conflicts"] = wf - ideal;
  r.data["model"] = model.name;
  r.data["validated"] = model.validated;
  const std::string per =
      b.insts.empty() ? ""
                      : " (" + ratio_text(wf, static_cast<int64_t>(b.insts.size())) + " per instruction)";
  r.steps.push_back({"wavefronts over " + std::to_string(b.insts.size()) + " " + to_string(b.op) +
                         " instructions" +
                         (model.validated ? "" : " (model " + model.name + ": unvalidated)"),
                     "", std::to_string(wf) + per + ", ideal " + std::to_string(ideal)});
  // The mainloop issues s2r one k-block (the TiledMMA's K) at a time, over the CTA's (MN, BLK_K) tile.
  const int64_t kb = cname == "s2r" ? p.smem->k_blocks : 1;
  std::string per_kb;
  if (kb > 1) {
    r.data["k_blocks"] = kb;
    r.data["wavefronts_per_k_block"] = wf / kb;
    r.data["ideal_wavefronts_per_k_block"] = ideal / kb;
    per_kb = ", " + std::to_string(wf / kb) + " a k-block (of " + std::to_string(kb) + ")";
  }
  int inexact = -1;
  for (std::size_t i = 0; i < b.analyses.size() && inexact < 0; ++i)
    if (!b.analyses[i].exact) inexact = static_cast<int>(i);
  if (inexact >= 0) {
    // cp.async whose global sources are not known or not in a measured arrangement: a lower bound only.
    const BankAnalysis& a = b.analyses[inexact];
    const CopyInstruction& s = b.sites[inexact];
    r.verdict = Verdict::Unknown;
    r.data["exact"] = false;
    r.data["not_modeled"] = a.not_modeled;
    r.data.erase("bank_conflicts");
    r.data.erase("ideal_wavefronts");
    r.summary = unvalidated + "at least " + std::to_string(wf) + " wavefronts" + per + per_kb +
                "; not modeled: " + a.not_modeled;
    r.witnesses.push_back(unit + std::to_string(s.warp) + ", instruction " + std::to_string(s.block) +
                          " (repeat " + std::to_string(s.repeat) + "): " + a.not_modeled);
    return r;
  }
  // cp.async counted from relative sources: what it holds for, in the claim and the summary.
  bool aligned_rows = false;
  for (const BankAnalysis& a : b.analyses) aligned_rows = aligned_rows || a.assumes_aligned_rows;
  const std::string rows = aligned_rows ? std::string(" ") + kAlignedRowsCondition : "";
  if (aligned_rows) {
    r.claim += rows;
    r.data["assumes_aligned_rows"] = true;
  }
  if (wf == ideal) {
    r.verdict = Verdict::Proved;
    r.summary = unvalidated + std::to_string(wf) + " wavefronts" + per + per_kb + ": ideal" + rows;
    return r;
  }
  r.verdict = Verdict::Refuted;
  r.summary = unvalidated + std::to_string(wf) + " wavefronts" + per + per_kb + ", ideal " +
              std::to_string(ideal) + ": " + std::to_string(wf - ideal) + " bank conflicts" +
              (kb > 1 ? " (" + std::to_string((wf - ideal) / kb) + " a k-block)" : "") + rows;
  const BankAnalysis& a = b.analyses[b.worst];
  const CopyInstruction& s = b.sites[b.worst];
  r.data["worst"] = {{unit == "warp " ? "warp" : "subgroup", s.warp},
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
      addrs += (addrs.empty() ? "" : ",") + std::to_string(*b.insts[b.worst].addresses[l]);
    }
    r.witnesses.push_back(unit + std::to_string(s.warp) + ", instruction " + std::to_string(s.block) +
                          ": lanes " + lanes + " at bytes " + addrs + " meet in bank " +
                          std::to_string(col.bank) + " (" + std::to_string(col.ways) + " ways; " +
                          std::to_string(a.wavefronts) + " wavefronts, ideal " +
                          std::to_string(a.ideal_wavefronts) + ")");
    break;
  }
  if (!suggest) {
    r.data["suggest"] = nullptr;
    return r;
  }
  std::vector<LaneIndices> lanes;
  for (const CopyInstruction& ci : b.sites) lanes.push_back(ci.lanes);
  if (auto sug = suggest_smem_layout(p.smem->layout, lanes, c.value_type, b.op, model)) {
    r.summary += "; suggest " + sug->text();
    r.data["suggest"] = {{"layout", to_string(sug->layout)},
                         {"kind", sug->kind},
                         {"wavefronts", sug->wavefronts},
                         {"vector", sug->vector}};
  } else if (b.op.kind == SmemOpKind::CpAsync) {
    r.summary +=
        "; no suggestion: cp.async layouts are not searched (their wavefronts depend on the global "
        "sources)";
    r.data["suggest"] = nullptr;
  } else {
    r.summary += "; no suggestion: no Sw<B,M,S> or row padding that keeps the vector is conflict-free";
    r.data["suggest"] = nullptr;
  }
  return r;
}

// smem.<X>.<w>: the writing copy (g2s, r2s) writes every element of the tile exactly once, counting only
// the kernel's threads (a copy of more threads than the TiledMMA's has threads that never run: threads.X);
// the reading copy (s2r, if any) reads only written elements.
CheckResult coverage_check(const PlannedCopy& p, const IntTuple& tile, const SmemCopyBanks& w,
                           const SmemCopyBanks* s, int64_t kernel_threads) {
  const std::string& wn = w.copy_name;
  CheckResult r;
  r.code = "smem." + p.name + "." + wn;
  r.claim = wn + " writes every element of the " + to_string(tile) + " tile exactly once" +
            (s ? ", and s2r reads only written ones" : "");
  r.method = "enumeration";
  const int64_t n = product(tile);
  // Per tile index (the sites hold indices inside the tile: copy_smem_instructions): the first writer and
  // how many (thread, value) pairs of running threads write it.
  std::vector<int64_t> writer(static_cast<std::size_t>(n), -1);
  std::vector<int> writes(static_cast<std::size_t>(n), 0);
  std::vector<char> read(static_cast<std::size_t>(n), 0);
  int64_t outside = -1;  // a running thread writing past the tile
  for (const CopyInstruction& c : w.sites)
    for (std::size_t l = 0; l < c.lanes.size(); ++l) {
      const int64_t t = c.warp * static_cast<int64_t>(c.lanes.size()) + static_cast<int64_t>(l);
      if (t >= kernel_threads) continue;
      for (int64_t i : c.lanes[l]) {
        if (i < 0 || i >= n) {
          outside = t;
          continue;
        }
        const auto k = static_cast<std::size_t>(i);
        if (writes[k]++ == 0)
          writer[k] = t;
        else if (writes[k] == 2) {
          r.verdict = Verdict::Refuted;
          r.summary = wn + " writes an element of the tile twice";
          r.witnesses.push_back("element " + coord(i, tile) + " is written by T" + std::to_string(writer[k]) +
                                " and by T" + std::to_string(t));
          return r;
        }
      }
    }
  if (outside >= 0) {
    r.verdict = Verdict::Refuted;
    r.summary = wn + " writes outside the tile";
    r.witnesses.push_back("T" + std::to_string(outside) + " writes past the " + to_string(tile) + " tile");
    return r;
  }
  if (s)
    for (const CopyInstruction& c : s->sites)
      for (const auto& l : c.lanes)
        for (int64_t i : l)
          if (i >= 0 && i < n) read[static_cast<std::size_t>(i)] = 1;
  for (int64_t i = 0; i < n; ++i)
    if (!writes[static_cast<std::size_t>(i)]) {
      r.verdict = Verdict::Refuted;
      r.summary = wn + " leaves elements of the tile unwritten";
      r.witnesses.push_back("element " + coord(i, tile) + " is never written by the kernel's " +
                            std::to_string(kernel_threads) + " threads" +
                            (read[static_cast<std::size_t>(i)] ? " but s2r reads it" : ""));
      return r;
    }
  r.verdict = Verdict::Proved;
  r.summary =
      wn + " writes all " + std::to_string(n) + " elements once" +
      (s ? "; s2r reads " + std::to_string(std::count(read.begin(), read.end(), 1)) + " of them" : "");
  return r;
}

}  // namespace

void add_smem_checks(Report& rep, const PlannedCopy& p, const TiledMMA& m, bool suggest, bool s2r_accesses) {
  if (!p.smem) return;
  const IntTuple& tile = p.smem->tile;
  CheckResult lay = layout_check(p, tile);
  const bool layout_ok = lay.verdict == Verdict::Proved;
  rep.checks.push_back(std::move(lay));
  if (!layout_ok) return;
  std::optional<SmemCopyBanks> reader, writer;
  for (const char* name : {"s2r", "g2s", "r2s"}) {
    const TiledCopy* c = stage_copy(*p.smem, name);
    if (!c) continue;
    SmemCopyBanks b;
    b.copy_name = name;
    b.model = &smem_bank_model(m);
    if (!s2r_accesses && b.copy_name == "s2r") {
      // Only what the writer's coverage check reads: the tile indices s2r touches.
      try {
        smem_copy_sites(b, *c, tile);
        reader = std::move(b);
      } catch (const std::exception&) {
      }
      continue;
    }
    // The RS mainloop's copy(smem_tiled_copy_A, ...) of an AutoVectorizingCopy atom (cute/algorithm/copy.hpp)
    // vectorizes over the thread's whole k-block (max_common_vector of tCsA and tCrA_copy_view), not per atom
    // call. The RS GMMA's A fragment of a 32-bit type holds no two adjacent values (m, m+8, k, k+4: CuTe's
    // max_common_vector is 1, measured for tests/data/cpp/cutlass_sm90_tf32_rs_gmma.hpp); a narrower type's
    // holds (k, k+1) pairs, whose vectorization is not modelled.
    const std::string& an = c->atom.name;
    if (std::string(name) == "s2r" && p.staged_type && p.staged_type->bits < 32 &&
        (an.rfind("AutoVectorizingCopy", 0) == 0 || an == "DefaultCopy")) {
      for (const char* code : {"vector.", "banks."}) {
        CheckResult u;
        u.code = code + p.name + ".s2r";
        u.method = "algebra";
        u.claim = std::string(code) == "vector."
                      ? "each lane's s2r accesses are aligned vectors in shared memory"
                      : "the s2r copy's bank conflicts";
        u.verdict = Verdict::Unknown;
        u.summary = "not computed: copy() of " + an +
                    " vectorizes over the thread's whole k-block (max_common_vector of the smem and register "
                    "views), which is not modelled for " +
                    std::to_string(p.staged_type->bits) + "-bit values";
        rep.checks.push_back(std::move(u));
      }
      continue;
    }
    // Any other auto-vectorizing copy: one element per access where that is CuTe's access, else unknown.
    std::string unmodelled;
    try {
      smem_copy_sites(b, *c, tile);
      unmodelled = auto_vectorized_unmodelled(*c, p.smem->layout, b, tile);
    } catch (const std::exception&) {
      // vector_check says why the copy cannot be enumerated
    }
    if (!unmodelled.empty()) {
      for (const char* code : {"vector.", "banks."}) {
        CheckResult u;
        u.code = code + p.name + "." + name;
        u.method = "enumeration";
        u.claim = std::string(code) == "vector."
                      ? std::string(name) + " (" + an + ") accesses each lane's values as CuTe's copy() does"
                      : std::string("the ") + name + " copy's bank conflicts";
        u.verdict = Verdict::Unknown;
        u.summary = "not computed: " + unmodelled;
        rep.checks.push_back(std::move(u));
      }
      // Which elements it touches is known (the sites): the coverage check still reads them.
      (std::string(name) == "s2r" ? reader : writer) = std::move(b);
      continue;
    }
    CheckResult v = vector_check(p, *c, tile, b);
    if (v.verdict == Verdict::Proved && c->atom.max_vec_bits > 0) {
      const bool narrow = c->atom.max_vec_bits <= c->value_type.bits;
      v.summary +=
          " (" + an + ": CuTe's copy() accesses one " + c->value_type.name + " at a time here, " +
          (narrow ? "its " + std::to_string(c->atom.max_vec_bits) + "-bit vectors being no wider"
                  : std::string("max_common_vector 1: no thread holds two values at adjacent offsets")) +
          ")";
      v.data["access_bits"] = c->value_type.bits;
    }
    const bool ok = v.verdict == Verdict::Proved;
    rep.checks.push_back(std::move(v));
    if (!ok) continue;
    rep.checks.push_back(banks_check(p, *c, b, suggest));
    (std::string(name) == "s2r" ? reader : writer) = std::move(b);
  }
  // A loaded operand's writer is checked against its reader; D's (the epilogue's r2s) alone, and so is the
  // writer of a stage no s2r copy reads (the MMA reads shared memory itself: Plan::smem_only).
  if (writer && (reader || p.name == "D" || !stage_copy(*p.smem, "s2r")))
    rep.checks.push_back(coverage_check(p, tile, *writer, reader ? &*reader : nullptr, m.num_threads()));
}

}  // namespace tvlab
