#include "tvlab/verify/checks/verifier.hpp"

#include <cstdio>
#include "tvlab/verify/checks/collective_checks.hpp"
#include "tvlab/verify/checks/copy_kernel.hpp"
#include "tvlab/verify/checks/gmma_fragment.hpp"
#include "tvlab/verify/checks/kernel_checks.hpp"
#include "tvlab/verify/checks/residue.hpp"
#include "tvlab/verify/checks/smem_checks.hpp"
#include "tvlab/verify/checks/tmem_checks.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <set>
#include <unordered_map>

#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tiling/subgroup_tensor.hpp"
#include "tvlab/verify/layout/layout_facts.hpp"
#include "tvlab/verify/layout/reorder_plan.hpp"

namespace tvlab {

namespace {
// The reorder's facts in a check's JSON data (reorder.X, subtiled reorder.X).
void put_reorder_data(CheckResult& r, const ReorderPlan& plan) {
  r.data["kind"] = plan.kind;
  r.data["rlayout"] = to_string(plan.rlayout);
  r.data["noop"] = plan.noop;
  r.data["movs"] = plan.movs;
  r.data["converts"] = plan.converts;
  r.data["route"] = plan.route;
  r.data["moved_values"] = plan.moved_values;
}

std::string tv_at(int64_t i, int64_t nthr) {
  return "(T" + std::to_string(i % nthr) + ",V" + std::to_string(i / nthr) + ")";
}
std::string coord_text(int64_t idx, int64_t rows) {
  return "(" + std::to_string(idx % rows) + "," + std::to_string(idx / rows) + ")";
}
const char* operand_dims(const std::string& x) {
  return x == "A" ? "(M,K)" : x == "B" ? "(N,K)" : "(M,N)";
}
int64_t operand_rows(const TiledMMA& m, const std::string& x) {
  return x == "B" ? m.tile_mnk[1] : m.tile_mnk[0];
}
int64_t operand_size(const TiledMMA& m, const std::string& x) {
  return x == "A"   ? m.tile_mnk[0] * m.tile_mnk[2]
         : x == "B" ? m.tile_mnk[1] * m.tile_mnk[2]
                    : m.tile_mnk[0] * m.tile_mnk[1];
}
Layout mma_tv(const TiledMMA& m, const std::string& x) {
  return x == "A" ? m.get_layoutA_TV() : x == "B" ? m.get_layoutB_TV() : m.get_layoutC_TV();
}
const ValueType& mma_type(const TiledMMA& m, const std::string& x) {
  return x == "A" ? m.atom.a_type : x == "B" ? m.atom.b_type : x == "C" ? m.atom.c_type : m.atom.d_type;
}
XeOperand xe_operand(const std::string& x) {
  return x == "A" ? XeOperand::A : x == "B" ? XeOperand::B : x == "C" ? XeOperand::C : XeOperand::D;
}

// A coordinate (tuple or scaled basis) as a column-major index over (rows, ...).
int64_t coord_index(const IntTuple& c, int64_t rows) {
  int64_t idx = 0;
  if (c.is_leaf()) {
    const Scalar s = c.value();
    return s.is_basis() && s.path(0) == 1 ? s.value * rows : s.value;
  }
  for (int i = 0; i < rank(c); ++i) {
    const int64_t v = coord_index(c[i], rows);
    idx += i == 0 ? v : (c[i].is_leaf() && c[i].value().is_basis() ? v : v * rows);
  }
  return idx;
}
}  // namespace

CheckResult check_coverage(const std::string& code, const std::string& what, const Layout& tv,
                           int64_t tile_size) {
  CheckResult r;
  r.code = code;
  r.claim =
      what + " covers its " + std::to_string(tile_size) + "-element tile, each element once per replica";
  const Layout f = filter(tv);
  const int64_t replicas = size(tv) / std::max<int64_t>(1, size(f));
  r.data["tv"] = to_string(tv);
  r.data["replication"] = replicas;
  r.steps.push_back({"drop the stride-0 modes (replication: the same element held by " +
                         std::to_string(replicas) + " (T,V) pairs by design)",
                     "filter(" + to_string(tv) + ")", to_string(f)});
  Decision d = decide_compact(f);
  r.method = d.method;
  for (auto& s : d.steps) r.steps.push_back(s);
  const int64_t nthr = size(mode(tv, 0));
  if (d.verdict == Verdict::Proved && size(f) == tile_size) {
    r.verdict = Verdict::Proved;
    r.summary = "covers all " + std::to_string(tile_size) + " elements" +
                (replicas > 1 ? ", each held " + std::to_string(replicas) + " times (redundant by design)"
                              : " exactly once");
    return r;
  }
  if (d.verdict == Verdict::Proved) {
    r.verdict = Verdict::Refuted;
    r.summary = size(f) < tile_size
                    ? "covers only " + std::to_string(size(f)) + " of " + std::to_string(tile_size) +
                          " elements: index " + std::to_string(size(f)) + " onwards are holes"
                    : "reaches " + std::to_string(size(f)) + " elements, past the " +
                          std::to_string(tile_size) + "-element tile";
    if (size(f) > tile_size) {
      if (auto i = find_preimage(tv, tile_size))
        r.witnesses.push_back(tv_at(*i, nthr) + " -> index " + std::to_string(tile_size) +
                              ", outside the tile");
    } else {
      r.witnesses.push_back("index " + std::to_string(size(f)) + " is held by no (T,V)");
    }
    return r;
  }
  if (d.verdict == Verdict::Refuted) {
    r.verdict = Verdict::Refuted;
    if (d.index_b) {
      const int64_t v = f(*d.index_a);
      r.summary =
          "two (T,V) pairs hold the same element " + std::to_string(v) + " beyond the intended replication";
      std::vector<int64_t> owners;
      if (size(tv) <= kEnumerationCap)
        for (int64_t i = 0; i < size(tv) && owners.size() < 2; ++i)
          if (tv(i) == v && (owners.empty() || tv(owners[0]) == v)) owners.push_back(i);
      if (owners.size() == 2)
        r.witnesses.push_back(tv_at(owners[0], nthr) + " and " + tv_at(owners[1], nthr) +
                              " both hold index " + std::to_string(v));
      else
        r.witnesses.push_back("index " + std::to_string(v) + " is held twice in " + to_string(f));
    } else if (d.index_a) {
      r.summary = "element " + std::to_string(*d.index_a) + " is never held (a hole)";
      r.witnesses.push_back("index " + std::to_string(*d.index_a) + " is held by no (T,V)");
    }
    return r;
  }
  r.summary = "could not decide (too large to enumerate and not separable by strides)";
  return r;
}

namespace {
void add_width(Report& rep, const PlannedCopy& p, const TiledMMA& m) {
  CheckResult r;
  r.code = "width." + p.name;
  const ValueType& want = mma_type(m, p.name);
  r.claim = "copy " + p.name + " moves " + want.name + " values, as MMA " + (p.name == "D" ? "C" : p.name) +
            " holds";
  r.method = "algebra";
  r.data["copy_type"] = p.copy.value_type.name;
  if (m.atom.printed) {
    // A print carries no value types (C++ CuTe prints none of the MMA's; the DSL none either).
    r.claim = "copy " + p.name + " moves the values MMA " + (p.name == "D" ? "C" : p.name) + " holds";
    r.data["mma_type"] = nullptr;
    r.verdict = Verdict::Unknown;
    r.summary = "the MMA is known only from its print, which carries no value types: the copy moves " +
                p.copy.value_type.name + " (" + std::to_string(p.copy.value_type.bits) +
                " bits), the MMA's type is not known (give \"atom\" next to \"print\" in \"mma\")";
    rep.checks.push_back(std::move(r));
    return;
  }
  r.data["mma_type"] = want.name;
  if (p.staged_type) {
    // The RS mainloop's register operand: the copy moves the bits the TMA stage holds (ConvertedElement).
    const ValueType& held = *p.staged_type;
    r.claim = "copy " + p.name + " moves the values shared memory holds, as MMA " + p.name + " holds them";
    r.data["smem_type"] = held.name;
    const bool same = held == want && p.copy.value_type.bits == want.bits;
    r.verdict = same ? Verdict::Proved : Verdict::Refuted;
    const std::string conv = held.name != p.mem_type.name
                                 ? " (the TMA load converts " + p.mem_type.name + " to " + held.name + ")"
                                 : "";
    if (same) {
      r.summary = "shared memory holds " + held.name + conv + ", the MMA reads " + want.name + "; the " +
                  std::to_string(p.copy.value_type.bits) + "-bit " + p.copy.atom.name +
                  " moves them unchanged";
    } else {
      r.summary = "shared memory holds " + held.name + conv + ", the MMA reads " + want.name +
                  ": the registers would be misread";
      r.witnesses.push_back(held.name + " in shared memory, copied by a " +
                            std::to_string(p.copy.value_type.bits) + "-bit atom, read by the MMA as " +
                            want.name + " (" + std::to_string(want.bits) + " bits)");
    }
    rep.checks.push_back(std::move(r));
    return;
  }
  if (p.copy.value_type.bits == want.bits && p.copy.value_type == want) {
    r.verdict = Verdict::Proved;
    r.summary = "both " + want.name;
  } else {
    r.verdict = Verdict::Refuted;
    const bool xe = m.is_xe();
    r.severity = xe ? Severity::Info : Severity::Error;
    r.summary = "copy " + p.name + " moves " + p.copy.value_type.name + " (" +
                std::to_string(p.copy.value_type.bits) + " bits), MMA " + (p.name == "D" ? "C" : p.name) +
                " holds " + want.name + " (" + std::to_string(want.bits) + " bits)" +
                (xe ? ": a converting reorder is needed" : ": the registers would be misread");
    if (p.copy.value_type.bits != want.bits)
      r.witnesses.push_back("sizeof_bits(" + p.copy.value_type.name +
                            ") = " + std::to_string(p.copy.value_type.bits) + " != sizeof_bits(" + want.name +
                            ") = " + std::to_string(want.bits));
    else  // one width, two types (half_t and bfloat16_t, int16_t and half_t): the encodings differ
      r.witnesses.push_back("value type " + p.copy.value_type.name + " != " + want.name + " (both " +
                            std::to_string(want.bits) + " bits: the same width, another type)");
  }
  rep.checks.push_back(std::move(r));
}

// Xe: per subgroup, the copy's register fragment against the MMA's.
void add_xe_fragment(Report& rep, const PlannedCopy& p, const TiledMMA& m) {
  const bool store = p.name == "D";
  const XeOperand op = xe_operand(p.name);
  const int64_t rows = operand_rows(m, p.name);
  const std::string side = store ? "S" : "D";
  CheckResult f;
  f.code = "fragment." + p.name;
  f.claim = "in every subgroup, copy " + p.name + "'s register fragment (" + side + ") and MMA " +
            (store ? "C" : p.name) + "'s hold the same elements of the " + operand_dims(p.name) + " tile";
  const int64_t nsg = m.num_threads() / 16;
  const SubgroupTensor c0 = store ? partition_sg_fragment_S(p.copy, 0) : partition_sg_fragment_D(p.copy, 0);
  const SubgroupTensor m0 = partition_sg_fragment(op, m, 0);
  f.steps.push_back(
      {"subgroup 0's copy fragment", "partition_sg_fragment_" + side + "(copy)", to_string(c0.tv)});
  f.steps.push_back({"subgroup 0's MMA fragment",
                     "partition_sg_fragment_" + std::string(store ? "C" : p.name) + "(mma)",
                     to_string(m0.tv)});
  f.method = "algebra";
  // Offsets: where each subgroup's part starts, in both.
  if (p.copy.num_threads() != m.num_threads()) {
    f.verdict = Verdict::Refuted;
    f.summary = "the copy runs on " + std::to_string(p.copy.num_threads()) + " work-items, the MMA on " +
                std::to_string(m.num_threads());
    f.witnesses.push_back(f.summary);
    rep.checks.push_back(std::move(f));
    return;
  }
  const std::vector<IntTuple> copy_offsets = subgroup_offsets(p.copy, store);
  const std::vector<IntTuple> mma_offsets = xe_atom_partition_offsets(op, m);
  for (int64_t s = 0; s < nsg; ++s) {
    const IntTuple& co = copy_offsets[std::size_t(s)];
    const IntTuple& mo = mma_offsets[std::size_t(s)];
    if (coord_index(co, rows) != coord_index(mo, rows)) {
      f.verdict = Verdict::Refuted;
      f.summary = "subgroup " + std::to_string(s) + "'s copy starts at " +
                  coord_text(coord_index(co, rows), rows) + ", its MMA fragment at " +
                  coord_text(coord_index(mo, rows), rows);
      f.witnesses.push_back("subgroup " + std::to_string(s) + ": copy " + side + " (T0,V0) -> " +
                            coord_text(coord_index(co, rows), rows) + " but MMA expects " +
                            coord_text(coord_index(mo, rows), rows) + " at (T0,V0)'s subgroup origin");
      rep.checks.push_back(std::move(f));
      return;
    }
  }
  f.steps.push_back({"every subgroup's copy and MMA fragments start at the same coordinate", "",
                     std::to_string(nsg) + " subgroups"});
  const IntTuple ce = atuple_coshape(c0.tv), me = atuple_coshape(m0.tv);
  if (ce != me || size(c0.tv) != size(m0.tv)) {
    f.verdict = Verdict::Refuted;
    f.summary = "subgroup 0's copy fragment spans " + to_string(ce) + " (" + std::to_string(size(c0.tv)) +
                " values), its MMA fragment " + to_string(me) + " (" + std::to_string(size(m0.tv)) + ")";
    f.witnesses.push_back(f.summary);
    rep.checks.push_back(std::move(f));
    return;
  }
  CheckResult r;
  r.code = "reorder." + p.name;
  r.claim =
      "the reorder from copy " + p.name + "'s fragment to MMA " + (store ? "C" : p.name) + "'s is a no-op";
  // Legacy (XE_2D_*) mainloops copy straight into the MMA fragment, converting element-wise: they
  // have no reorder step, so any data movement is a bug there.
  const bool legacy = p.how == "legacy";
  r.severity = p.expect_noop || legacy ? Severity::Error : Severity::Warning;
  const ValueType& s_type = store ? mma_type(m, "C") : p.copy.value_type;
  const ValueType& d_type = store ? p.copy.value_type : mma_type(m, p.name);
  try {
    const Layout& src = store ? m0.tv : c0.tv;
    const Layout& dst = store ? c0.tv : m0.tv;
    const ReorderPlan plan = plan_xe_reorder(src, dst, s_type, d_type);
    f.verdict = Verdict::Proved;
    f.summary = "same elements in all " + std::to_string(nsg) + " subgroups";
    f.steps.push_back({"both fragments span " + to_string(ce) +
                           " and, projected to column-major indices, are "
                           "bijections onto the same [0, " +
                           std::to_string(size(m0.tv)) + ")",
                       "", "the same elements"});
    r.steps = plan.steps;
    r.method = "algebra";
    put_reorder_data(r, plan);
    if (plan.noop) {
      r.verdict = Verdict::Proved;
      r.summary = "no-op: rlayout " + to_string(plan.rlayout);
    } else if (p.fragment_from_copy) {
      // The collective never puts the values in the MMA's order: it lays the MMA's fragment out as the
      // copy's.
      r.verdict = Verdict::Unknown;
      r.severity = Severity::Warning;
      r.summary = "the copy's and the MMA's register orders differ (" + std::to_string(plan.moved_values) +
                  " of " + std::to_string(size(plan.rlayout)) +
                  " values), but this mainloop allocates the MMA's fragment with make_fragment_layout(" +
                  "tiled_copy, ...), in the copy's order, which tvlab does not model: whether each DPAS "
                  "call reads its operand in order is not checked";
    } else {
      r.verdict = Verdict::Refuted;
      r.summary =
          plan.kind +
          (plan.converts ? " reorder converting " + s_type.name + " -> " + d_type.name : " reorder") + ", " +
          std::to_string(plan.moved_values) + " of " + std::to_string(size(plan.rlayout)) + " values move, " +
          std::to_string(plan.movs) + " movs; " + plan.route +
          (legacy ? ". A legacy mainloop has no reorder step: the MMA would read these values from the "
                    "wrong registers"
                  : "");
      if (plan.witness_src) {
        const int64_t i = *plan.witness_src, j = *plan.witness_dst;
        const int64_t ext0 = atuple_coshape(src).is_tuple() ? atuple_coshape(src)[0].ival() : rows;
        const std::string crd = coord_text(plan.src(i), ext0);
        const std::string from = store ? "MMA C" : (p.how == "slm" ? "s2r " : "copy ") + side;
        const std::string to = store ? "copy S" : "MMA " + p.name;
        r.witnesses.push_back(from + " (T" + std::to_string(i % 16) + ",V" + std::to_string(i / 16) +
                              ") -> " + crd + " but " + to + " expects " + crd + " in (T" +
                              std::to_string(j % 16) + ",V" + std::to_string(j / 16) + ")");
      } else if (plan.converts) {
        r.witnesses.push_back("values stay in place but convert " + s_type.name + " -> " + d_type.name);
      }
    }
  } catch (const LayoutError& e) {
    // A fragment too large to walk is undecided, not refuted.
    const bool too_large = e.condition() == "reorder: fragment size";
    f.verdict = too_large ? Verdict::Unknown : Verdict::Refuted;
    f.summary = e.what();
    if (!too_large) f.witnesses.push_back(e.what());
    rep.checks.push_back(std::move(f));
    return;
  }
  rep.checks.push_back(std::move(f));
  rep.checks.push_back(std::move(r));
}

// NVIDIA (and any whole-work-group copy): the register side must be the MMA's TV layout.
void add_tv_fragment(Report& rep, const PlannedCopy& p, const TiledMMA& m) {
  const bool store = p.name == "D";
  const std::string mx = store ? "C" : p.name;
  CheckResult f;
  f.code = "fragment." + p.name;
  f.claim = "copy " + p.name + "'s register side equals MMA " + mx + "'s TV layout";
  const IntTuple mma_tile = mx == "A"   ? make_shape(m.tile_mnk[0], m.tile_mnk[2])
                            : mx == "B" ? make_shape(m.tile_mnk[1], m.tile_mnk[2])
                                        : make_shape(m.tile_mnk[0], m.tile_mnk[1]);
  if (p.copy.tile_shape() != mma_tile) {
    f.method = "algebra";
    f.summary = "not compared: the copy tiles " + to_string(p.copy.tile_shape()) + ", MMA " + mx + " tiles " +
                to_string(mma_tile) +
                " (a copy that does not feed registers directly, e.g. into shared memory?)";
    f.steps.push_back({"the tiles differ", "", f.summary});
    rep.checks.push_back(std::move(f));
    return;
  }
  const Layout reg = store ? p.copy.get_layoutS_TV() : p.copy.get_layoutD_TV();
  const Layout want = mma_tv(m, mx);
  const int64_t rows = operand_rows(m, mx), nthr = size(mode(reg, 0));
  f.steps.push_back(
      {"the copy's register side", store ? "get_layoutS_TV()" : "get_layoutD_TV()", to_string(reg)});
  f.steps.push_back({"the MMA's fragment", "get_layout" + mx + "_TV()", to_string(want)});
  const Decision d = decide_equal(reg, want);
  f.method = d.method;
  for (const auto& s : d.steps) f.steps.push_back(s);
  f.verdict = d.verdict;
  if (d.verdict == Verdict::Proved) {
    f.summary = "identical: no data moves between threads";
  } else if (d.verdict == Verdict::Refuted) {
    int64_t i = d.index_a.value_or(0);
    if (size(reg) != size(want)) {
      // Different (T,V) domains (e.g. the MMA replicates A over threads along N): the first index where
      // the two disagree, within the common part if there is one.
      const int64_t common = std::min(size(reg), size(want));
      i = common;
      if (common <= kEnumerationCap)
        for (int64_t j = 0; j < common; ++j)
          if (reg(j) != want(j)) {
            i = j;
            break;
          }
      f.steps.push_back({"the copy has " + std::to_string(size(reg)) + " (T,V) pairs, the MMA " +
                             std::to_string(size(want)),
                         "", "first disagreement at index " + std::to_string(i)});
      if (i >= size(reg))
        f.witnesses.push_back("MMA " + mx + " expects " + coord_text(want(i), rows) + " in " +
                              tv_at(i, size(mode(want, 0))) + ", but the copy has only " +
                              std::to_string(nthr) + " threads x " + std::to_string(size(mode(reg, 1))) +
                              " values");
    }
    if (i < size(reg)) {
      const int64_t e = reg(i);
      const auto owner = find_preimage(want, e);
      f.witnesses.push_back("copy " + std::string(store ? "S " : "D ") + tv_at(i, nthr) + " -> " +
                            coord_text(e, rows) +
                            (owner ? " but MMA " + mx + " expects " + coord_text(e, rows) + " in " +
                                         tv_at(*owner, size(mode(want, 0)))
                                   : " but MMA " + mx + " holds no such element"));
    }
    // Cost: values whose owning thread differs.
    int64_t cross = 0;
    if (size(want) <= kEnumerationCap && size(reg) <= kEnumerationCap) {
      std::unordered_map<int64_t, int64_t> owner;
      for (int64_t j = 0; j < size(want); ++j) owner.emplace(want(j), j % size(mode(want, 0)));
      for (int64_t j = 0; j < size(reg); ++j) {
        auto it = owner.find(reg(j));
        cross += it == owner.end() || it->second != j % nthr;
      }
      f.data["values_crossing_threads"] = cross;
    }
    f.summary =
        std::to_string(cross) + " of " + std::to_string(size(reg)) +
        " values sit in another thread than the MMA expects (warp shuffles or a shared-memory round trip)";
  }
  rep.checks.push_back(std::move(f));
}

// NVIDIA: the source side of a register copy that reads memory the spec does not stage in shared memory
// (shared-memory sources are vector.X.s2r's): each access, described, and checked against how the spec says
// memory holds the operand ("contiguous" or "gmem"); unknown where it does not say.
void add_source(Report& rep, const PlannedCopy& p, const TiledMMA& m) {
  if (p.name == "D" || p.smem) return;
  CheckResult r;
  r.code = "source." + p.name;
  r.claim = "copy " + p.name + "'s source side reads each lane's atom values as one vector of memory";
  const Layout src = p.copy.get_layoutS_TV();
  const int64_t rows = operand_rows(m, p.name);
  const int64_t bits = p.copy.value_type.bits;
  // The atom's source side: how many bits each source thread reads contiguously (one access).
  const Layout atom_src = coalesce(mode(p.copy.atom.src, 1));
  const Layout run0 = atom_src.shape.is_tuple() ? mode(atom_src, 0) : atom_src;
  const int64_t run_bits = run0.stride.is_leaf() && run0.stride.value().value == 1 ? size(run0) : bits;
  const int64_t run = std::max<int64_t>(1, std::min<int64_t>(run_bits / bits, size(mode(src, 1))));
  const Layout access = coalesce(composition(mode(src, 1), make_layout(IntTuple(run))));
  const std::string dims = operand_dims(p.name);
  const std::string d0 = dims.substr(1, 1), d1 = dims.substr(3, 1);
  std::string order;
  const auto sh = leaves(access.shape);
  const auto st = leaves(access.stride);
  for (std::size_t i = 0; i < sh.size(); ++i) {
    if (sh[i].value == 1) continue;
    const int64_t d = st[i].value;
    std::string part = std::to_string(sh[i].value) + " along ";
    if (d % rows == 0)
      part += d1 + (d / rows == 1 ? "" : " (step " + std::to_string(d / rows) + ")");
    else if (d < rows)
      part += d0 + (d == 1 ? "" : " (step " + std::to_string(d) + ")");
    else
      part = std::to_string(sh[i].value) + " at stride " + std::to_string(d);
    order += (order.empty() ? "" : ", then ") + part;
  }
  r.data["tv_src"] = to_string(src);
  r.data["access_values"] = run;
  r.data["access_layout"] = to_string(access);
  const std::string access_text = "each source thread reads " + std::to_string(run) + " " +
                                  p.copy.value_type.name + " per access (" + std::to_string(run * bits / 8) +
                                  " bytes), ordered " + (order.empty() ? "as one value" : order) +
                                  " of the " + dims + " tile";
  r.steps.push_back({"one access of a source thread: its first " + std::to_string(run) + " values",
                     "coalesce(get_layoutS_TV()<1> o " + std::to_string(run) + ":1)", to_string(access)});
  r.steps.push_back({"source (thread, value) -> column-major index", "get_layoutS_TV()", to_string(src)});
  if (!p.contiguous_given) {
    r.severity = Severity::Info;
    r.method = "algebra";
    r.summary = access_text + "; not checked against memory: the spec does not say how memory holds " +
                p.name + " (\"contiguous\" or \"gmem\")";
    rep.checks.push_back(std::move(r));
    return;
  }
  r.method = "enumeration";
  const MemoryMajor mem{p.modes.x, p.gmem ? p.gmem->alignment : 0};
  const std::string major = std::string(1, dims[1 + 2 * mem.contiguous]) + "-major";
  r.data["major"] = major;
  int64_t n = 0;
  std::string why;
  try {
    why = memory_vector_witness(p.copy, true, p.copy.tile_shape(), mem, n);
  } catch (const std::exception& e) {
    r.summary = access_text + "; cannot enumerate its calls: " + e.what();
    rep.checks.push_back(std::move(r));
    return;
  }
  if (!why.empty()) {
    r.verdict = Verdict::Refuted;
    r.summary = access_text + ": not one vector of " + major + " " + p.name;
    r.witnesses.push_back(why);
  } else {
    r.verdict = Verdict::Proved;
    r.summary = access_text + ": one vector of " + major + " " + p.name + " each";
  }
  rep.checks.push_back(std::move(r));
}

void add_block2d(Report& rep, const PlannedCopy& p) {
  if (!p.copy.atom.block2d || p.copy.atom.arch != "xe") return;
  const int64_t bits = p.mem_type.bits;
  auto rule = [&](const std::string& code, const std::string& claim, bool ok, Severity sev,
                  const std::string& why) {
    CheckResult r;
    r.code = "block2d." + p.name + "." + code;
    r.claim = claim;
    r.method = "algebra";
    r.verdict = ok ? Verdict::Proved : Verdict::Refuted;
    r.severity = sev;
    r.summary = why;
    if (!ok) r.witnesses.push_back(why);
    rep.checks.push_back(std::move(r));
  };
  // The static rules (xe-atoms.md section 2) hold by construction: an op that breaks one is refused
  // when the plan is built (exit 2, naming the rule); record it as a proved check.
  rule("static",
       p.copy.atom.name +
           " satisfies the block 2D rules (bits, height, width x bits <= 512, count, VNNI, "
           "transpose and store limits)",
       true, Severity::Error, p.copy.atom.name + ": every static rule holds");
  constexpr int64_t kLimit = int64_t(1) << 24;
  if (p.shape) {
    // A width of up to 2^63-1 elements: its size in bits may not fit in 64 bits (then it is far beyond 2^24).
    int64_t width_bits = 0;
    const bool wraps = __builtin_mul_overflow((*p.shape)[p.modes.x], bits, &width_bits);
    const int64_t width_bytes = wraps ? INT64_MAX : width_bits / 8, height = (*p.shape)[p.modes.y];
    rule("width", "the surface width in bytes is a multiple of 4 and below 2^24",
         !wraps && width_bytes % 4 == 0 && width_bytes < kLimit, Severity::Error,
         "width " + std::to_string((*p.shape)[p.modes.x]) + " x " + std::to_string(bits) + " bits = " +
             (wraps ? std::string("more than 2^60 bytes") : std::to_string(width_bytes) + " bytes"));
    rule("height", "the surface height is below 2^24 rows", height < kLimit, Severity::Error,
         "height " + std::to_string(height) + " rows");
    const int64_t pitch = p.pitch_bytes.value_or(width_bytes);
    const bool ok16 = pitch % 16 == 0, ok4 = pitch % 4 == 0;
    rule("pitch", "the row pitch in bytes is 16-byte aligned and below 2^24", ok16 && pitch < kLimit,
         ok4 && pitch < kLimit ? Severity::Warning : Severity::Error,
         "pitch " + std::to_string(pitch) + " bytes" +
             (ok16  ? ""
              : ok4 ? " (4-byte aligned: tolerated on some parts only)"
                    : " (not even 4-byte aligned)"));
  }
  if (p.base_align)
    rule("base", "the base address is 64-byte aligned", *p.base_align % 64 == 0, Severity::Error,
         "base aligned to " + std::to_string(*p.base_align) + " bytes");
}

// Subtiled C/D copies (make_block_2d_copy_{C,D,CD}_subtiled): every subgroup copies one subtile of its
// MMA C block (the K subgroups of a block split it), and, given the subtile's TV layout, the reorder
// between the subtile fragment and the copy's registers.
void add_subtiled(Report& rep, const PlannedCopy& p, const TiledMMA& m) {
  const bool store = p.name == "D";
  const int64_t rows = m.tile_mnk[0];
  CheckResult f;
  f.code = "subtile." + p.name;
  f.claim = "every subgroup's copy " + p.name + " lies in its MMA C block and holds one " +
            to_string(*p.subtile_shape) + " subtile";
  f.method = "enumeration";
  const int64_t nsg = p.copy.num_threads() / 16, subtile = product(*p.subtile_shape);
  f.steps.push_back({"the copy's subgroups", "",
                     std::to_string(nsg) + " of the MMA's " + std::to_string(m.num_threads() / 16)});
  f.verdict = Verdict::Proved;
  f.summary = "each of the " + std::to_string(nsg) + " subgroups copies " + std::to_string(subtile) +
              " elements of its C block";
  if (nsg > m.num_threads() / 16) {
    f.verdict = Verdict::Refuted;
    f.summary = "the copy has " + std::to_string(nsg) + " subgroups, the MMA " +
                std::to_string(m.num_threads() / 16) + ": sg_layout has more subtiles than ThrK";
    f.witnesses.push_back(f.summary);
  }
  const int64_t nthr = p.copy.num_threads(), nval = size(mode(p.copy.tv, 1));
  if (f.verdict == Verdict::Proved && size(p.copy.tv) > (int64_t(1) << 22)) {
    f.verdict = Verdict::Unknown;
    f.summary =
        "not enumerated: the copy moves " + std::to_string(size(p.copy.tv)) + " values, more than 2^22";
  }
  for (int64_t sg = 0; sg < nsg && f.verdict == Verdict::Proved; ++sg) {
    const SubgroupTensor c = partition_sg_fragment(XeOperand::C, m, sg);
    std::set<int64_t> block;
    for (int64_t i = 0; i < size(c.tv); ++i)
      block.insert(coord_index(c.tv(IntTuple(i)), rows) + coord_index(c.offset, rows));
    std::set<int64_t> mine;
    for (int64_t t = 16 * sg; t < 16 * sg + 16; ++t)
      for (int64_t v = 0; v < nval; ++v) {
        const int64_t idx = p.copy.tv(t + nthr * v);
        mine.insert(idx);
        if (!block.count(idx)) {
          f.verdict = Verdict::Refuted;
          f.summary = "subgroup " + std::to_string(sg) + " copies " + coord_text(idx, rows) +
                      ", outside its MMA C block";
          f.witnesses.push_back("copy " + p.name + " " + tv_at(t + nthr * v, nthr) + " -> " +
                                coord_text(idx, rows));
          break;
        }
      }
    if (f.verdict == Verdict::Proved && int64_t(mine.size()) != subtile) {
      f.verdict = Verdict::Refuted;
      f.summary = "subgroup " + std::to_string(sg) + " copies " + std::to_string(mine.size()) +
                  " elements, the subtile has " + std::to_string(subtile);
      f.witnesses.push_back(f.summary);
    }
  }
  rep.checks.push_back(f);
  if (!p.subtile_tv || f.verdict != Verdict::Proved) return;
  // The subtile fragment <-> the copy's registers, subgroup 0 (the others are the same layouts moved).
  CheckResult r;
  r.code = "reorder." + p.name;
  r.claim = std::string("the reorder ") +
            (store ? "from the subtile fragment to copy D's" : "from copy C's fragment to the subtile's") +
            " is a no-op";
  r.severity = p.expect_noop ? Severity::Error : Severity::Warning;
  r.method = "algebra";
  try {
    const SubgroupTensor c0 = store ? partition_sg_fragment_S(p.copy, 0) : partition_sg_fragment_D(p.copy, 0);
    const Layout& src = store ? *p.subtile_tv : c0.tv;
    const Layout& dst = store ? c0.tv : *p.subtile_tv;
    const ValueType& s_type = store ? mma_type(m, "C") : p.copy.value_type;
    const ValueType& d_type = store ? p.copy.value_type : mma_type(m, "C");
    const ReorderPlan plan = plan_xe_reorder(src, dst, s_type, d_type);
    r.steps = plan.steps;
    put_reorder_data(r, plan);
    r.verdict = plan.noop ? Verdict::Proved : Verdict::Refuted;
    r.summary = plan.noop ? "no-op: rlayout " + to_string(plan.rlayout)
                          : plan.kind + " reorder, " + std::to_string(plan.moved_values) + " of " +
                                std::to_string(size(plan.rlayout)) + " values move, " +
                                std::to_string(plan.movs) + " movs; " + plan.route;
    if (!plan.noop && plan.converts) r.summary += " (converting " + s_type.name + " -> " + d_type.name + ")";
  } catch (const LayoutError& e) {
    r.verdict = Verdict::Refuted;
    r.summary = e.what();
    r.witnesses.push_back(e.what());
  }
  rep.checks.push_back(std::move(r));
}

// desc.X: the GMMA/UMMA descriptor of the operand's smem tile (make_desc_tiling), or CuTe's rule it breaks;
// for SM90 also the descriptor of what the collective's make_fragment_X reads (frg_block).
void add_desc(Report& rep, const PlannedSmem& s, const TiledMMA* mma) {
  if (!s.descriptor) return;
  CheckResult r;
  r.code = "desc." + s.name;
  r.claim = std::string(s.arch == DescArch::SM90 ? "make_gmma_desc" : "make_umma_desc") + "<" +
            to_string(s.major) + "> accepts the smem layout of " + s.name +
            " (a canonical layout) and gives its descriptor";
  r.method = "algebra";
  r.data["layout"] = s.layout_text;
  const int64_t mn = size(mode(s.tile.layout, 0)),
                k = rank(s.tile.layout) == 2 ? size(mode(s.tile.layout, 1)) : 0;
  if (rank(s.tile.layout) != 2 || mn % s.mma_tile[0] != 0 || k % s.mma_tile[1] != 0) {
    r.verdict = Verdict::Refuted;
    r.summary = "the smem tile " + to_string(s.tile.layout) + " does not tile by the MMA's " + s.name +
                " tile (" + std::to_string(s.mma_tile[0]) + "," + std::to_string(s.mma_tile[1]) + ")";
    r.witnesses.push_back(r.summary);
    rep.checks.push_back(std::move(r));
    return;
  }
  if (s.atom_major != s.major) {
    r.verdict = Verdict::Refuted;
    r.summary = "the MMA atom reads " + s.name + " " + to_string(s.atom_major) +
                "-major, but the operand is " + to_string(s.major) + "-major (\"contiguous\")";
    r.witnesses.push_back(r.summary);
    rep.checks.push_back(std::move(r));
    return;
  }
  try {
    const DescriptorTiling dt = make_desc_tiling(s.tile, s.major, s.arch, s.block_mn);
    const SmemDescriptor& d = dt.desc;
    char hex[24];
    std::snprintf(hex, sizeof hex, "0x%016llx", static_cast<unsigned long long>(d.value()));
    r.verdict = Verdict::Proved;
    r.data["value"] = hex;
    r.data["layout_type"] = d.layout_type_name;
    r.data["leading_byte_offset"] = d.leading_byte_offset;
    r.data["stride_byte_offset"] = d.stride_byte_offset;
    r.data["block_offsets"] = dt.block_offsets;
    r.summary = std::string(hex) + ": " + d.layout_type_name + ", LBO " +
                std::to_string(d.leading_byte_offset) + ", SBO " + std::to_string(d.stride_byte_offset) +
                " (16-byte units), " + std::to_string(dt.block_offsets.size()) + " instruction block(s)";
    r.steps.push_back(
        {"one instruction's block in 16-byte units", "recast<uint128_t>", to_string(d.u128_layout)});
    r.steps.push_back({"the canonical form", "logical_divide", to_string(d.canonical)});
    if (mma && s.arch == DescArch::SM90) {
      // The collective builds its descriptors from tensor<0>(partition_X(sX)), not from the tile's blocks.
      const GmmaBlock b = gmma_block(*mma, s);
      const std::string what = "tensor<0>(thread_mma.partition_" + s.name + "(s" + s.name + "))";
      r.steps.push_back(
          {"make_fragment_" + s.name + " reads " + what, "thrfrg_" + s.name, to_string(b.layout)});
      SmemTile t = s.tile;
      t.layout = b.layout;
      try {
        (void)make_gmma_desc(t, s.major);
      } catch (const LayoutError& e) {
        r.verdict = Verdict::Refuted;
        r.data["rule"] = e.condition();
        r.data["fragment_layout"] = to_string(b.layout);
        r.summary = "make_fragment_" + s.name + "(partition_" + s.name + "(s" + s.name +
                    ")) does not compile: " + what + " = " + to_string(b.layout) +
                    " (the TiledMMA's permutation " + "reorders the atom's block): " + e.what();
        r.witnesses.push_back(r.summary);
        rep.checks.push_back(std::move(r));
        return;
      }
      const std::string why = gmma_block_order_witness(b, s);
      if (!why.empty()) {
        r.verdict = Verdict::Refuted;
        r.data["rule"] = "fragment_order";
        r.data["fragment_layout"] = to_string(b.layout);
        r.summary = "CuTe compiles make_fragment_" + s.name +
                    ", but its descriptor reads other elements than " + what + " = " + to_string(b.layout) +
                    " says (the TiledMMA's permutation reorders " + (s.name == "A" ? "M" : "N") +
                    " or moves K across blocks): wrong results";
        r.witnesses.push_back(why);
      }
    }
  } catch (const LayoutError& e) {
    r.verdict = Verdict::Refuted;
    r.data["rule"] = e.condition();
    r.summary = e.what();
    r.witnesses.push_back(e.what());
  }
  rep.checks.push_back(std::move(r));
}

// tma.X.<rule>: every TMA restriction of the operand's TMA copy, proved or refuted with its values.
void add_tma(Report& rep, const PlannedSmem& s) {
  if (!s.tma) return;
  const bool runtime = s.tma_ld_alignment > 0;  // run-time extents: the rules hold for every problem
  for (TmaRule t : tma_restrictions(*s.tma, s.tile, s.tma_base_align)) {
    // A run-time ld whose alignment does not give 16 bytes: the caller's precondition, not decided.
    bool undecided = false;
    if (runtime && t.code == "global_stride") {
      // Every stride of the packed global tensor is a multiple of AlignmentX elements (CUTLASS's
      // can_implement checks it); 4099 x AlignmentX is one such leading dimension.
      const int64_t bits = s.tma_ld_alignment * s.bits;
      t.claim =
          "global strides are multiples of 16 bytes for every leading dimension that is a multiple of "
          "the operand's alignment";
      t.ok = bits % 128 == 0;
      undecided = !t.ok && s.tma_ld_precondition;
      if (t.ok) {
        t.why = (s.tma_ld_precondition ? "ld a multiple of " : "AlignmentX = ") +
                std::to_string(s.tma_ld_alignment) + " elements = " + std::to_string(bits / 8) +
                " bytes divides every stride of " + s.tma_gmem;
      } else if (undecided) {
        const int64_t need = 128 / std::gcd<int64_t>(128, s.bits);
        t.why =
            "holds when ld is a multiple of " + std::to_string(need) +
            " elements (16 bytes): the leading dimension of " + s.tma_gmem +
            (s.tma_ld_alignment == 1 ? std::string(" is a run-time int")
                                     : " is a run-time value known only to be a multiple of " +
                                           std::to_string(s.tma_ld_alignment)) +
            " (cuTensorMapEncodeTiled refuses another at run time); --bind problem=make_shape(M,N,K) checks "
            "one packed problem";
      } else {
        t.why = "ld = 4099 x " + std::to_string(s.tma_ld_alignment) + " = " +
                std::to_string(4099 * s.tma_ld_alignment) + " elements (a multiple of AlignmentX) is " +
                std::to_string(4099 * bits) +
                " bits, not a multiple of 16 bytes: CUTLASS's can_implement refuses it; TMA needs 16-byte "
                "aligned operands (AlignmentX >= " +
                std::to_string(128 / s.bits) + ")";
      }
    }
    if (runtime && t.code == "global_dim") {
      t.claim = "global dimensions are 1..2^32";
      t.why = s.tma_gmem + " with int extents" +
              (s.tma_ld_precondition ? "" : " (GemmUniversal's Shape<int,int,int,int>)") +
              ": each below 2^31";
    }
    CheckResult r;
    r.code = "tma." + s.name + "." + t.code;
    r.claim = t.claim;
    r.method = "algebra";
    r.verdict = undecided ? Verdict::Unknown : t.ok ? Verdict::Proved : Verdict::Refuted;
    r.summary = t.why;
    if (!t.ok && !undecided) r.witnesses.push_back(t.why);
    if (t.code == "box") {
      r.data["box"] = s.tma->box;
      // Run-time extents: the tensor map was built for a representative problem, not the user's (null).
      r.data["global_dim"] = nullptr;
      r.data["global_stride_bytes"] = nullptr;
      if (!runtime) {
        r.data["global_dim"] = s.tma->global_dim;
        r.data["global_stride_bytes"] = s.tma->global_stride_bytes;
      }
      r.data["swizzle"] = s.tma->cu_swizzle;
      r.data["calls"] = s.tma->calls;
    }
    rep.checks.push_back(std::move(r));
  }
  if (!s.tma_op.empty()) {
    // make_tma_copy_{A,B}_sm90 splits the tile between the cluster's CTAs along N (A) or M (B); only the
    // multicast op delivers every part to every CTA (SM90_TMA_LOAD ignores the multicast mask).
    CheckResult r;
    r.code = "tma." + s.name + ".multicast_op";
    r.claim = s.tma_op + " fills " + s.name + "'s whole tile in each of the " +
              std::to_string(s.tma_cluster) + " CTA(s) sharing it (ClusterShape's " +
              (s.name == "A" ? "N" : "M") + ")";
    r.method = "algebra";
    const bool ok = s.tma_op == "SM90_TMA_LOAD_MULTICAST" || s.tma_cluster == 1;
    r.verdict = ok ? Verdict::Proved : Verdict::Refuted;
    if (ok) {
      r.summary = s.tma_cluster == 1
                      ? "one CTA loads the whole tile"
                      : "each of " + std::to_string(s.tma_cluster) + " CTAs loads 1/" +
                            std::to_string(s.tma_cluster) + " of the tile and multicasts it to all";
    } else {
      r.summary = "SM90_TMA_LOAD with " + std::to_string(s.tma_cluster) + " CTAs along " +
                  (s.name == "A" ? "N" : "M") + ": the box is cut to 1/" + std::to_string(s.tma_cluster) +
                  " of the tile, and SM90_TMA_LOAD ignores the multicast mask";
      r.witnesses.push_back(
          "each CTA receives " + std::to_string(s.tma->box_bytes * s.tma->calls) + " of " +
          std::to_string(size(s.tile.layout) * s.bits / 8) +
          " bytes per stage, while the pipeline waits for all of them; use "
          "SM90_TMA_LOAD_MULTICAST (CUTLASS picks it when the cluster's size there is > 1)");
    }
    rep.checks.push_back(std::move(r));
  }
}

void add_slm(Report& rep, const PlannedCopy& p) {
  if (!p.slm_layout) return;
  const int64_t tile = product(p.r2s->tile_shape());
  CheckResult w = check_coverage("slm." + p.name + ".r2s", "r2s of " + p.name, p.r2s->tv, tile);
  w.claim = "registers -> SLM writes every element of the " + std::to_string(tile) +
            "-element SLM tile exactly once";
  const bool written = w.verdict == Verdict::Proved && w.data["replication"] == 1;
  if (w.verdict == Verdict::Proved && !written) {
    w.verdict = Verdict::Refuted;
    w.summary = "two subgroups write the same SLM element";
  }
  rep.checks.push_back(std::move(w));
  CheckResult r = check_coverage("slm." + p.name + ".s2r", "s2r of " + p.name, p.s2r->tv, tile);
  r.claim =
      "SLM -> registers reads only elements r2s wrote (every element, replicated across the MMA's subgroups)";
  if (!written && r.verdict == Verdict::Proved) {
    r.verdict = Verdict::Unknown;
    r.summary = "reads are in the tile, but the writes do not cover it";
  }
  rep.checks.push_back(std::move(r));
}
}  // namespace

Report verify_plan(const Plan& plan, const std::string& spec_name, const VerifyOptions& opts) {
  Report rep;
  rep.spec = spec_name;
  rep.name = plan.name;
  if (plan.mma) {
    const TiledMMA& m = *plan.mma;
    for (const char* x : {"A", "B", "C"}) {
      CheckResult c = check_coverage(std::string("coverage.mma.") + x, std::string("MMA ") + x + " TV layout",
                                     mma_tv(m, x), operand_size(m, x));
      // Xe split-k (subgroups along K): CuTe's get_layoutC_TV runs its K threads past the tile, while the
      // Xe helpers (make_block_2d_copy_{C,D}[_subtiled]) partition C per subgroup with thrfrg_C, the K
      // subgroups of a block sharing it. Reported, as a warning.
      if (x[0] == 'C' && m.is_xe() && size(mode(m.thr_layout_vmnk, 3)) > 1 && c.verdict == Verdict::Refuted) {
        c.severity = Severity::Warning;
        c.summary +=
            " (CuTe's get_layoutC_TV with " + std::to_string(size(mode(m.thr_layout_vmnk, 3))) +
            " subgroups along K; per subgroup, thrfrg_C gives the K subgroups of a block the same C block)";
      }
      rep.checks.push_back(std::move(c));
    }
  }
  add_kernel_checks(rep, plan);
  add_collective_checks(rep, plan);
  add_residue_checks(rep, plan);
  for (const PlannedCopy& p : plan.copies) {
    rep.checks.push_back(check_coverage("coverage." + p.name,
                                        "copy " + p.name + " (" + p.copy.atom.name + ")", p.copy.tv,
                                        product(p.copy.tile_shape())));
    add_copy_kernel_checks(rep, p);
    const bool operand = plan.mma && (p.name == "A" || p.name == "B" || p.name == "C" || p.name == "D");
    if (!operand) continue;
    const TiledMMA& m = *plan.mma;
    add_width(rep, p, m);
    if (p.subtile_sg) {
      add_subtiled(rep, p, m);
    } else if (p.slm_layout) {
      add_slm(rep, p);
      // The MMA reads its fragments through s2r: compare that copy's registers with the MMA's (sycl-tla
      // e45955935 builds s2r from thrfrg_X over the operand tile, so they match for every type).
      const IntTuple operand_tile =
          p.name == "B" ? make_shape(m.tile_mnk[1], m.tile_mnk[2]) : make_shape(m.tile_mnk[0], m.tile_mnk[2]);
      if (p.s2r->tile_shape() == operand_tile) {
        PlannedCopy via = p;
        via.copy = *p.s2r;
        via.how = "slm";
        add_xe_fragment(rep, via, m);
      }
    } else if (m.is_xe() && p.copy.num_threads() % 16 == 0 && p.copy.atom.arch.rfind("xe", 0) == 0) {
      add_xe_fragment(rep, p, m);
    } else {
      add_tv_fragment(rep, p, m);
      if (!m.is_xe()) add_source(rep, p, m);
    }
    add_block2d(rep, p);
    add_gmem_checks(rep, p, m, plan.kernel);
    add_smem_checks(rep, p, m, opts.suggest, opts.s2r_accesses);
  }
  // Staged with no register copy (the MMA reads shared memory itself): the g2s copy and the smem layout are
  // checked as for any staged operand; the MMA's own shared-memory reads are not an s2r copy tvlab walks.
  if (plan.mma)
    for (const PlannedCopy& p : plan.smem_only) {
      add_gmem_checks(rep, p, *plan.mma, plan.kernel);
      add_smem_checks(rep, p, *plan.mma, opts.suggest, opts.s2r_accesses);
    }
  for (const PlannedSmem& s : plan.smem) {
    add_desc(rep, s, plan.mma ? &*plan.mma : nullptr);
    add_tma(rep, s);
  }
  if (plan.tmem) {
    rep.checks.push_back(check_tmem_coverage(*plan.tmem));
    rep.checks.push_back(check_tmem_subpartition(*plan.tmem));
  }
  return rep;
}

}  // namespace tvlab
