#include "tvlab/verify/checks/kernel_checks.hpp"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/shared_storage.hpp"
#include "tvlab/verify/checks/smem_checks.hpp"

namespace tvlab {

namespace {

std::string operand_dims(const std::string& x) {
  return x == "A" ? "MK" : x == "B" ? "NK" : "MN";
}

IntTuple cta_operand_tile(const KernelShape& k, const std::string& x) {
  const auto& t = k.cta_tile;
  return x == "A" ? make_shape(t[0], t[2]) : x == "B" ? make_shape(t[1], t[2]) : make_shape(t[0], t[1]);
}

// "3*ld+8": the element offset of (r, c) when mode `contiguous` has stride 1 and the other stride ld.
std::string offset_text(int64_t r, int64_t c, int contiguous) {
  const int64_t unit = contiguous == 0 ? r : c, lead = contiguous == 0 ? c : r;
  if (lead == 0) return std::to_string(unit);
  return (lead == 1 ? std::string() : std::to_string(lead) + "*") + "ld" +
         (unit == 0 ? std::string() : "+" + std::to_string(unit));
}

std::string tuple_text(const std::vector<int64_t>& v) {
  std::string s;
  for (int64_t x : v) s += (s.empty() ? "" : ", ") + std::to_string(x);
  return s;
}

}  // namespace

int64_t smem_limit_bytes(const std::string& arch, std::string* source) {
  // CUDA C++ Programming Guide, "Technical Specifications per Compute Capability": maximum shared memory
  // per thread block 163 KB (8.0, 8.7), 99 KB (8.6, 8.9, 12.0), 227 KB (9.0, 10.0); CUTLASS's
  // include/cutlass/arch/arch.h has sm90/sm100_smem_capacity_bytes = 232448 and sm120 = 101376.
  struct Limit {
    const char* arch;
    int64_t bytes;
  };
  static const Limit limits[] = {{"sm80", 163 * 1024}, {"sm87", 163 * 1024}, {"sm86", 99 * 1024},
                                 {"sm89", 99 * 1024},  {"sm90", 232448},     {"sm100", 232448},
                                 {"sm120", 101376}};
  for (const Limit& l : limits)
    if (arch == l.arch) {
      if (source)
        *source =
            "CUDA C++ Programming Guide, Technical Specifications per Compute Capability (maximum "
            "shared memory per thread block); cutlass/arch/arch.h smem_capacity_bytes";
      return l.bytes;
    }
  return 0;
}

std::string memory_vector_witness(const TiledCopy& copy, bool source_side, const IntTuple& tile,
                                  const MemoryMajor& mem, int64_t& vector_values) {
  const int64_t rows = tile[0].ival(), cols = tile[1].ival();
  const int64_t extent = mem.contiguous == 0 ? rows : cols;
  vector_values = 0;
  const std::vector<CopyInstruction> sites = copy_smem_instructions(copy, source_side, tile, 32);
  for (const CopyInstruction& s : sites)
    for (std::size_t l = 0; l < s.lanes.size(); ++l) {
      const std::vector<int64_t>& run = s.lanes[l];
      const int64_t n = static_cast<int64_t>(run.size());
      vector_values = std::max(vector_values, n);
      if (n <= 1) continue;
      std::vector<int64_t> r(run.size()), c(run.size());
      for (std::size_t j = 0; j < run.size(); ++j) r[j] = run[j] % rows, c[j] = run[j] / rows;
      const std::vector<int64_t>& unit = mem.contiguous == 0 ? r : c;
      const std::vector<int64_t>& lead = mem.contiguous == 0 ? c : r;
      bool contiguous = true;
      for (std::size_t j = 1; j < run.size(); ++j)
        contiguous = contiguous && lead[j] == lead[0] && unit[j] == unit[0] + static_cast<int64_t>(j);
      const bool aligned = unit[0] % n == 0, whole = extent % n == 0;
      const bool fits = mem.alignment <= 0 || n <= mem.alignment;
      if (contiguous && aligned && whole && fits) continue;
      // The witness, in words.
      const int64_t t = s.warp * 32 + static_cast<int64_t>(l);
      std::string who = "T" + std::to_string(t) + " (warp " + std::to_string(s.warp) + ", lane " +
                        std::to_string(l) + "), call " + std::to_string(s.block) +
                        (s.repeat ? " of repeat " + std::to_string(s.repeat) : "") + ": its " +
                        std::to_string(n) + " values ";
      std::string coords, offs;
      for (std::size_t j = 0; j < run.size(); ++j) {
        coords += (j ? " " : "") + std::string("(") + std::to_string(r[j]) + "," + std::to_string(c[j]) + ")";
        offs += (j ? ", " : "") + offset_text(r[j], c[j], mem.contiguous);
      }
      if (!contiguous)
        return who + coords + " sit at element offsets " + offs + ": not one vector of " + std::to_string(n);
      if (!aligned)
        return who + coords + " start at element offset " + offset_text(r[0], c[0], mem.contiguous) +
               ", not a multiple of the " + std::to_string(n) + "-element vector";
      if (!whole)
        return who + "form a vector, but the tile's contiguous extent " + std::to_string(extent) +
               " is not a multiple of " + std::to_string(n) + ": the next tile's vectors start misaligned";
      return who + coords + " form a " + std::to_string(n) + "-element vector, but the operand is only " +
             std::to_string(mem.alignment) +
             "-element aligned: with ld = " + std::to_string(extent + mem.alignment) +
             " (a legal leading dimension) the same call at " + "ld-step 1 starts at element offset " +
             std::to_string(extent + mem.alignment) + ", not a multiple of " + std::to_string(n);
    }
  return "";
}

void add_kernel_checks(Report& rep, const Plan& plan) {
  if (!plan.kernel || !plan.mma) return;
  const KernelShape& k = *plan.kernel;
  const TiledMMA& m = *plan.mma;
  {
    CheckResult r;
    r.code = "cta.mma";
    r.method = "algebra";
    const std::string cta = "(" + tuple_text({k.cta_tile[0], k.cta_tile[1], k.cta_tile[2]}) + ")";
    const std::string mt = "(" + tuple_text({m.tile_mnk[0], m.tile_mnk[1], m.tile_mnk[2]}) + ")";
    r.claim = "the TiledMMA's tile " + mt + " divides the CTA tile " + cta;
    std::vector<int64_t> reps;
    std::string bad;
    for (int i = 0; i < 3; ++i) {
      if (m.tile_mnk[i] <= 0 || k.cta_tile[i] % m.tile_mnk[i] != 0)
        bad += (bad.empty() ? "" : "; ") + std::string(1, "MNK"[i]) + ": " + std::to_string(k.cta_tile[i]) +
               " is not a multiple of " + std::to_string(m.tile_mnk[i]);
      reps.push_back(m.tile_mnk[i] > 0 ? k.cta_tile[i] / m.tile_mnk[i] : 0);
    }
    if (bad.empty()) {
      r.verdict = Verdict::Proved;
      r.summary = "the mainloop repeats the TiledMMA " + std::to_string(reps[0]) + " x " +
                  std::to_string(reps[1]) + " times over (M,N) and issues " + std::to_string(reps[2]) +
                  " k-block" + (reps[2] == 1 ? "" : "s") + " per k-tile";
      r.data["repeat_mnk"] = reps;
    } else {
      r.verdict = Verdict::Refuted;
      r.summary = "the CTA tile is not a whole number of TiledMMA tiles";
      r.witnesses.push_back(bad);
    }
    r.steps.push_back({"CTA tile / TiledMMA tile", cta + " / " + mt, "(" + tuple_text(reps) + ")"});
    rep.checks.push_back(std::move(r));
  }
  std::vector<const PlannedCopy*> staged;  // operands with a register copy, then those without (smem_only)
  for (const PlannedCopy& p : plan.copies) staged.push_back(&p);
  for (const PlannedCopy& p : plan.smem_only) staged.push_back(&p);
  for (const PlannedCopy* pp : staged) {
    const PlannedCopy& p = *pp;
    if (!p.smem) continue;
    const IntTuple tile = cta_operand_tile(k, p.name);
    for (const char* cname : {"g2s", "s2r", "r2s"}) {
      const TiledCopy* c = stage_copy(*p.smem, cname);
      if (!c) continue;
      CheckResult r;
      r.code = "cta." + p.name + "." + cname;
      r.method = "algebra";
      const IntTuple ct = c->tile_shape();
      r.claim = std::string(cname) + " (" + c->atom.name + ")'s tile " + to_string(ct) +
                " divides the CTA's " + p.name + " tile " + to_string(tile);
      std::string bad;
      if (rank(ct) != 2) {
        bad = "the copy's tile has rank " + std::to_string(rank(ct)) + ", the operand tile 2";
      } else {
        for (int i = 0; i < 2; ++i)
          if (tile[i].ival() % product(ct[i]) != 0)
            bad += (bad.empty() ? "" : "; ") + std::string(1, operand_dims(p.name)[i]) + ": " +
                   std::to_string(tile[i].ival()) + " is not a multiple of " + std::to_string(product(ct[i]));
      }
      if (bad.empty()) {
        r.verdict = Verdict::Proved;
        r.summary = "each thread repeats it " + std::to_string(tile[0].ival() / product(ct[0])) + " x " +
                    std::to_string(tile[1].ival() / product(ct[1])) + " times";
      } else {
        r.verdict = Verdict::Refuted;
        r.summary = "partition_" + std::string(std::string(cname) == "g2s" ? "D" : "S") +
                    " of the CTA tile leaves a remainder";
        r.witnesses.push_back(bad);
      }
      rep.checks.push_back(std::move(r));
    }
  }
  {
    // The staged operands: an operand's staging counted once, its copies' smem stage (SM80) or its
    // TMA-loaded tile (SM90).
    std::vector<SmemArray> arrays;
    for (const PlannedCopy* pp : staged) {
      const PlannedCopy& p = *pp;
      if (!p.smem || !p.smem->staged || (p.name != "A" && p.name != "B")) continue;
      arrays.push_back({p.name, p.mem_type.name, p.mem_type.bits,
                        std::visit([](const auto& l) { return cosize(l); }, *p.smem->staged),
                        to_string(*p.smem->staged)});
    }
    for (const PlannedSmem& p : plan.smem) {
      if (!p.staged ||
          std::any_of(arrays.begin(), arrays.end(), [&](const SmemArray& a) { return a.name == p.name; }))
        continue;
      arrays.push_back({p.name, p.type.empty() ? std::to_string(p.bits) + "-bit" : p.type, p.bits,
                        std::visit([](const auto& l) { return cosize(l); }, *p.staged),
                        to_string(*p.staged)});
    }
    std::sort(arrays.begin(), arrays.end(),
              [](const SmemArray& a, const SmemArray& b) { return a.name < b.name; });
    if (arrays.empty()) return;  // no staged operand: nothing to add up
    CheckResult r;
    r.code = "smem.budget";
    r.method = "algebra";
    std::string source;
    const int64_t limit = smem_limit_bytes(k.arch, &source);
    const SharedStorageFigure f = shared_storage(k, arrays);
    const bool whole = f.scope == "kernel";
    const bool persistent = k.schedule == "KernelTmaWarpSpecializedCooperative" ||
                            k.schedule == "KernelTmaWarpSpecializedPingpong";
    r.claim =
        whole
            ? "the kernel's shared storage (GemmUniversal's SharedStorageSize: mainloop, epilogue, "
              "pipelines, alignment" +
                  std::string(persistent ? "; the default tile scheduler, PersistentTileSchedulerSm90" : "") +
                  ") fits " + k.arch + "'s limit per block"
            : "the mainloop's shared memory (mainloop only: the epilogue's is not given, \"epilogue\") "
              "fits " +
                  k.arch + "'s limit per block";
    r.data["scope"] = whole ? "kernel" : "mainloop only";
    if (!f.unsupported.empty()) {
      r.summary = "not checked: " + f.unsupported;
      rep.checks.push_back(std::move(r));
      return;
    }
    r.steps = f.steps;
    r.data["bytes"] = f.bytes;
    r.data["limit_bytes"] = limit;
    r.data["layout"] = f.kernel;
    const std::string figure =
        (whole ? "" : "mainloop only: ") + f.parts + " = " + std::to_string(f.bytes) + " B";
    if (limit == 0) {
      r.summary = figure + "; no limit recorded for " + k.arch;
    } else if (f.bytes <= limit) {
      r.verdict = Verdict::Proved;
      r.summary = figure + " of " + std::to_string(limit) + " B" +
                  (whole ? ""
                         : " (the epilogue's shared memory comes on top: give \"epilogue\", in C++ a "
                           "CollectiveEpilogue alias next to the collective)");
      r.data["source"] = source;
    } else {
      r.verdict = Verdict::Refuted;
      r.summary = figure + ", over " + k.arch + "'s " + std::to_string(limit) + " B";
      r.witnesses.push_back(std::to_string(f.bytes - limit) + " B too many" +
                            (whole ? "" : " in the mainloop alone (the kernel needs at least its storage)") +
                            "; fewer stages or a smaller CTA tile");
      r.data["source"] = source;
    }
    r.steps.push_back({"limit (" + source + ")", "", std::to_string(limit) + " B"});
    rep.checks.push_back(std::move(r));
  }
}

namespace {
std::optional<G2sSectors> g2s_gmem_sectors_of(const PlannedCopy& p, const TiledMMA& m,
                                              const std::optional<KernelShape>& kernel, std::string* why) {
  auto no = [&](const std::string& w) -> std::optional<G2sSectors> {
    if (why) *why = w;
    return std::nullopt;
  };
  if (!p.smem || !p.smem->g2s) return no("no g2s copy");
  if (!p.contiguous_given) return no("the spec does not say how global memory holds " + p.name);
  const TiledCopy& c = *p.smem->g2s;
  if (c.value_type.bits % 8 != 0) return no(c.value_type.name + " is not a whole number of bytes");
  const int64_t bytes = c.value_type.bits / 8;
  const IntTuple tile = kernel ? cta_operand_tile(*kernel, p.name) : smem_operand_tile(m, p.name);
  const int64_t rows = tile[0].ival(), cols = tile[1].ival();
  const int contiguous = p.modes.x;
  const int64_t extent = contiguous == 0 ? rows : cols;
  // Each instruction of the tile is walked (as the bank checks walk them): a figure for a CTA's operand tile,
  // not for the fuzzers' 65536-wide ones (2^21 elements took seconds a call).
  constexpr int64_t kMaxTileElements = int64_t{1} << 18;
  if (rows * cols > kMaxTileElements)
    return no("the operand tile holds " + std::to_string(rows * cols) + " elements, more than " +
              std::to_string(kMaxTileElements) + ": its global sectors are not counted");
  G2sSectors out;
  const std::string& atom = c.atom.name;
  out.op = atom.rfind("SM80_CP_ASYNC_CACHEGLOBAL", 0) == 0 ? GmemOpKind::CpAsyncCg
           : atom.rfind("SM80_CP_ASYNC", 0) == 0           ? GmemOpKind::CpAsyncCa
                                                           : GmemOpKind::Load;
  std::vector<CopyInstruction> sites;
  try {
    sites = copy_smem_instructions(c, true, tile, 32);
  } catch (const std::exception& e) {
    return no(std::string("cannot enumerate the copy: ") + e.what());
  }
  int64_t vector = 0;
  std::vector<GmemRowInstruction> insts;
  for (const CopyInstruction& s : sites) {
    GmemRowInstruction in;
    in.op = out.op;
    for (const std::vector<int64_t>& run : s.lanes) {
      if (run.empty()) {
        in.lanes.push_back(std::nullopt);
        continue;
      }
      const int64_t n = static_cast<int64_t>(run.size());
      if (vector && n != vector) return no("the lanes' calls differ in length");
      vector = n;
      const int64_t r0 = run[0] % rows, c0 = run[0] / rows;
      const int64_t unit = contiguous == 0 ? r0 : c0, lead = contiguous == 0 ? c0 : r0;
      for (int64_t j = 1; j < n; ++j) {
        const int64_t r = run[j] % rows, col = run[j] / rows;
        if ((contiguous == 0 ? col : r) != lead || (contiguous == 0 ? r : col) != unit + j)
          return no("a lane's call is not one vector of global memory");
      }
      // A copy wider than the tile (cta.X.g2s refutes it) reads past the row: no figure.
      if (unit + n > extent) return no("a lane's vector runs past the tile's contiguous extent");
      in.lanes.push_back(std::make_pair(lead, unit * bytes));
    }
    insts.push_back(std::move(in));
  }
  if (vector * bytes > 16 || vector == 0) return no("a lane's call is not a vector of 1..16 bytes");
  for (GmemRowInstruction& in : insts) in.bytes = static_cast<int>(vector * bytes);
  const int64_t align_bytes = p.gmem && p.gmem->alignment > 0 ? p.gmem->alignment * bytes : vector * bytes;
  out.row_align_bytes = std::gcd(align_bytes, extent * bytes);
  int64_t pitch = extent;
  if (kernel && kernel->problem && (p.name == "A" || p.name == "B")) {
    const auto& pr = *kernel->problem;
    pitch = std::max(pitch, contiguous == 1 ? pr[2] : (p.name == "A" ? pr[0] : pr[1]));
  }
  out.min_pitch_bytes = pitch * bytes;
  try {
    for (const GmemRowInstruction& in : insts) {
      out.figure += gmem_row_sectors(in, out.row_align_bytes, out.min_pitch_bytes);
      ++out.instructions;
    }
  } catch (const std::exception& e) {
    return no(std::string("the global sectors: ") + e.what());
  }
  out.tile = tile;
  out.insts = std::move(insts);
  return out;
}
}  // namespace

std::optional<G2sSectors> g2s_gmem_sectors(const PlannedCopy& p, const TiledMMA& m,
                                           const std::optional<KernelShape>& kernel, std::string* why) {
  try {  // a figure, never an exception out of verify or plan
    return g2s_gmem_sectors_of(p, m, kernel, why);
  } catch (const std::exception& e) {
    if (why) *why = e.what();
    return std::nullopt;
  }
}

nlohmann::ordered_json g2s_sectors_json(const G2sSectors& s) {
  const GmemSectorFigure& f = s.figure;
  nlohmann::ordered_json g;
  g["op"] = to_string(s.op);
  g["counters"] = gmem_counters(s.op);
  g["measured"] = gmem_rule_measured(s.op);
  g["instructions"] = s.instructions;
  g["requests"] = f.requests;
  g["sectors"] = f.sectors_aligned;
  g["sectors_min"] = f.sectors_min;
  g["sectors_max"] = f.sectors_max;
  g["exact"] = f.exact();
  g["bytes"] = f.bytes;
  g["used_bytes"] = f.used_bytes;
  g["row_align_bytes"] = s.row_align_bytes;
  g["min_pitch_bytes"] = s.min_pitch_bytes;
  return g;
}

std::string g2s_sectors_text(const G2sSectors& s) {
  const GmemSectorFigure& f = s.figure;
  std::string t = ratio_text(f.sectors_aligned, f.requests) + " sectors/request, " +
                  ratio_text(100 * f.used_bytes, 32 * f.sectors_aligned) + "% of each sector used";
  if (!f.exact())
    t += " where rows start 32-byte aligned (" + ratio_text(f.sectors_min, f.requests) + ".." +
         ratio_text(f.sectors_max, f.requests) + " where only " + std::to_string(s.row_align_bytes) +
         "-byte aligned: base pointer, ld)";
  if (!gmem_rule_measured(s.op)) t += " (" + to_string(s.op) + ": the sector rule is not measured for it)";
  return t;
}

std::string g2s_instruction_sectors_text(const G2sSectors& s, std::size_t k) {
  const GmemSectorFigure f = gmem_row_sectors(s.insts.at(k), s.row_align_bytes, s.min_pitch_bytes);
  auto n = [](int64_t x, const char* one, const char* many) {
    return std::to_string(x) + (x == 1 ? one : many);
  };
  return n(f.requests, " request", " requests") + ", " + n(f.sectors_aligned, " sector", " sectors") +
         " of 32 bytes, " + std::to_string(f.used_bytes) + " of " + std::to_string(32 * f.sectors_aligned) +
         " bytes used (" + ratio_text(100 * f.used_bytes, 32 * f.sectors_aligned) +
         "%) where rows start 32-byte aligned" +
         (f.exact() ? " (exact: rows start " + std::to_string(s.row_align_bytes) + "-byte aligned)"
                    : "; " + std::to_string(f.sectors_min) + ".." + std::to_string(f.sectors_max) +
                          " sectors where rows are only " + std::to_string(s.row_align_bytes) +
                          "-byte aligned (base pointer, ld: a bound, not one figure)") +
         (gmem_rule_measured(s.op) ? ""
                                   : " (" + to_string(s.op) + ": the sector rule is not measured for it)");
}

void add_gmem_checks(Report& rep, const PlannedCopy& p, const TiledMMA& m,
                     const std::optional<KernelShape>& kernel) {
  if (!p.smem || !p.smem->g2s) return;
  const TiledCopy& c = *p.smem->g2s;
  CheckResult r;
  r.code = "gmem." + p.name + ".g2s";
  r.method = "enumeration";
  const IntTuple tile = kernel ? cta_operand_tile(*kernel, p.name) : smem_operand_tile(m, p.name);
  const std::string dims = operand_dims(p.name);
  r.claim = "g2s (" + c.atom.name + ") reads each lane's atom values as one aligned vector of global memory";
  if (!p.contiguous_given) {
    r.severity = Severity::Info;
    r.summary = "not checked: the spec does not say how global memory holds " + p.name +
                " (give \"gmem\": {\"layout\": \"RowMajor\" | \"ColumnMajor\", \"alignment\": N})";
    rep.checks.push_back(std::move(r));
    return;
  }
  // An auto-vectorizing g2s atom: one element an access only where that is CuTe's access (smem_checks.hpp,
  // auto_vectorized_unmodelled: a common vector is contiguous in shared memory too).
  if (c.atom.max_vec_bits > c.value_type.bits) {
    std::string unmodelled;
    try {
      SmemCopyBanks b;
      b.copy_name = "g2s";
      b.model = &smem_bank_model(m);
      smem_copy_sites(b, c, p.smem->tile);
      unmodelled = auto_vectorized_unmodelled(c, p.smem->layout, b, p.smem->tile);
    } catch (const std::exception& e) {
      unmodelled = std::string("its shared-memory side cannot be enumerated: ") + e.what();
    }
    if (!unmodelled.empty()) {
      r.summary = "not computed: " + unmodelled;
      rep.checks.push_back(std::move(r));
      return;
    }
  }
  MemoryMajor mem{p.modes.x, p.gmem ? p.gmem->alignment : 0};
  const std::string major = std::string(1, dims[mem.contiguous]) + "-major";
  r.steps.push_back({"global memory of " + p.name,
                     p.gmem ? "gmem.layout " + p.gmem->layout_text : "contiguous",
                     major + " (element offset of (" + dims.substr(0, 1) + "," + dims.substr(1) + ") = " +
                         (mem.contiguous == 0 ? std::string(1, dims[0]) + " + " + dims[1] + "*ld"
                                              : std::string(1, dims[0]) + "*ld + " + dims[1]) +
                         ")"});
  if (p.gmem)
    r.steps.push_back({"alignment", p.gmem->alignment_given ? "gmem.alignment" : "default: 16 bytes",
                       std::to_string(p.gmem->alignment) + " elements"});
  int64_t n = 0;
  std::string why;
  try {
    why = memory_vector_witness(c, true, tile, mem, n);
  } catch (const std::exception& e) {
    r.summary = std::string("cannot enumerate the copy over the ") + to_string(tile) + " tile: " + e.what();
    rep.checks.push_back(std::move(r));
    return;
  }
  r.data["major"] = major;
  r.data["vector_values"] = n;
  r.data["vector_bytes"] = n * c.value_type.bits / 8;
  if (p.gmem) r.data["alignment"] = p.gmem->alignment;
  if (!why.empty()) {
    r.verdict = Verdict::Refuted;
    r.summary = "a lane's atom call is not one vector of " + p.name + " in global memory (" + major + ")";
    r.witnesses.push_back(why);
  } else {
    r.verdict = Verdict::Proved;
    r.summary = std::to_string(n) + " x " + c.value_type.name + " (" +
                std::to_string(n * c.value_type.bits / 8) + " bytes) a call, along " + dims[mem.contiguous] +
                " of " + major + " " + p.name +
                (p.gmem ? ", within its " + std::to_string(p.gmem->alignment) + "-element alignment" : "");
    std::string no_sectors;
    if (const auto s = g2s_gmem_sectors(p, m, kernel, &no_sectors)) {
      const GmemSectorFigure& f = s->figure;
      r.summary += "; " + g2s_sectors_text(*s);
      r.steps.push_back(
          {"global sectors (" + to_string(s->op) + ", one k-tile, " + std::to_string(s->instructions) +
               " warp instructions)",
           "rows " + std::to_string(s->row_align_bytes) +
               "-byte aligned, >= " + std::to_string(s->min_pitch_bytes) + " bytes apart",
           std::to_string(f.requests) + " requests, " + std::to_string(f.sectors_aligned) + " sectors" +
               (f.exact()
                    ? ""
                    : " (" + std::to_string(f.sectors_min) + ".." + std::to_string(f.sectors_max) + ")") +
               ", " + std::to_string(f.used_bytes) + " bytes used"});
      r.data["sectors"] = g2s_sectors_json(*s);
    }
  }
  rep.checks.push_back(std::move(r));
}

}  // namespace tvlab
