#include "tvlab/verify/checks/collective_checks.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/partition.hpp"

namespace tvlab {

namespace {

struct NamedCopy {
  std::string name;  // g2s, s2r, r2s, or "copy" (the operand's register copy, unstaged)
  const TiledCopy* copy;
  bool smem_destination;  // g2s, r2s: the copy writes shared memory
};

// The copies the kernel runs for operand X, each once.
std::vector<NamedCopy> operand_copies(const PlannedCopy& p, bool register_copy) {
  std::vector<NamedCopy> out;
  if (p.smem) {
    if (p.smem->g2s) out.push_back({"g2s", &*p.smem->g2s, true});
    if (p.smem->s2r) out.push_back({"s2r", &*p.smem->s2r, false});
    if (p.smem->r2s) out.push_back({"r2s", &*p.smem->r2s, true});
  }
  if (register_copy && (!p.smem || (!p.smem->s2r && !p.smem->r2s)))
    out.push_back({"copy", &p.copy, p.name == "D"});
  return out;
}

std::string copy_label(const NamedCopy& c) {
  return c.name + " (" + c.copy->atom.name + ")";
}

std::string tile_coord(int64_t index, const IntTuple& tile) {
  const IntTuple c = idx2crd(IntTuple(index), tile);
  return to_string(c);
}

// A copy of more threads than the kernel's: the first tile element only its extra threads copy.
std::string uncopied_witness(const TiledCopy& c, int64_t kernel_threads) {
  const Layout& tv = c.tv;
  const IntTuple tile = c.tile_shape();
  const int64_t n = product(tile), threads = c.num_threads(), values = size(mode(tv, 1));
  if (n > (int64_t(1) << 24)) return "";
  std::vector<int64_t> owner(static_cast<std::size_t>(n), -1);  // the lowest thread copying each element
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t v = 0; v < values; ++v) {
      const int64_t i = tv(IntTuple::tuple({IntTuple(t), IntTuple(v)})).ival();
      if (i < 0 || i >= n) continue;
      auto& o = owner[static_cast<std::size_t>(i)];
      if (o < 0 || t < o) o = t;
    }
  for (int64_t i = 0; i < n; ++i)
    if (owner[static_cast<std::size_t>(i)] >= kernel_threads)
      return "element " + tile_coord(i, tile) + " of the copy's " + to_string(tile) +
             " tile (and of each repeat of it) is copied only by T" +
             std::to_string(owner[static_cast<std::size_t>(i)]) + ", which never runs";
  return "";
}

// A copy of fewer threads than the kernel's: where CuTe's layout carries threads n..kernel-1 (past the
// copy's last thread, the thread mode's last sub-mode keeps counting) over the operand's stage 0: the value
// that lands farthest, past stage 0 when any does.
std::string overrun_witness(const NamedCopy& c, const PlannedCopy& p, int64_t kernel_threads) {
  if (!p.smem) return "";
  const SmemStage& st = *p.smem;
  const Layout& stage0 = inner_layout(st.layout);
  const Layout frg = c.smem_destination ? c.copy->tidfrg_D(stage0) : c.copy->tidfrg_S(stage0);
  const int64_t n = c.copy->num_threads(), values = size(mode(frg, 1)), rest = size(mode(frg, 2));
  if ((kernel_threads - n) * values * rest > (int64_t(1) << 22)) return "";
  // The element offset as the kernel addresses it: Sw(offset + L(...)) of a composed layout; a swizzle on
  // byte addresses (smem_ptr-flagged) is named, not applied.
  const auto* cl = std::get_if<ComposedLayout>(&st.layout);
  const bool swizzled = cl && !cl->is_smem_flagged() && cl->offset.is_leaf();
  auto address = [&](int64_t off) { return swizzled ? cl->swizzle(cl->offset.ival() + off) : off; };
  int64_t best = -1, pre = 0, bt = 0, bv = 0, br = 0;
  for (int64_t t = n; t < kernel_threads; ++t)
    for (int64_t r = 0; r < rest; ++r)
      for (int64_t v = 0; v < values; ++v) {
        const int64_t off = frg(IntTuple::tuple({IntTuple(t), IntTuple(v), IntTuple(r)})).ival();
        if (address(off) > best) best = address(off), pre = off, bt = t, bv = v, br = r;
      }
  const int64_t cos = cosize(stage0);
  const std::string at =
      std::to_string(best) + (swizzled ? " (" + std::to_string(pre) + " before the swizzle)"
                              : cl     ? " (before the smem_ptr swizzle)"
                                       : "");
  std::string w = "T" + std::to_string(bt) + "'s value " + std::to_string(bv) + " of repeat " +
                  std::to_string(br) + (c.smem_destination ? " goes to" : " comes from") +
                  " element offset " + at + " of s" + p.name;
  if (best >= cos) return w + ", past stage 0 (its cosize is " + std::to_string(cos) + " elements)";
  return w + ", inside stage 0, where the copy's own threads " +
         (c.smem_destination ? "write too" : "read too");
}

CheckResult threads_check(const PlannedCopy& p, const TiledMMA& m, const std::vector<NamedCopy>& copies,
                          const std::string& mainloop) {
  CheckResult r;
  const int64_t kernel = m.num_threads();
  r.code = "threads." + p.name;
  r.method = "algebra";
  r.claim = "every copy of " + p.name + " has the kernel's " + std::to_string(kernel) +
            " threads (size(TiledMMA): each thread runs copy.get_slice(threadIdx.x))";
  r.steps.push_back(
      {"the kernel's threads (CUTLASS: MaxThreadsPerBlock = size(TiledMma); CuTe's tutorials "
       "launch size(mma) and static_assert size(copy) == size(mma))",
       "size(TiledMMA)", std::to_string(kernel)});
  std::string bad;
  for (const NamedCopy& c : copies) {
    const int64_t n = c.copy->num_threads();
    r.steps.push_back({"threads of " + copy_label(c), "size(" + c.name + ")", std::to_string(n)});
    if (n == kernel) continue;
    bad += (bad.empty() ? "" : "; ") + c.name + " " + std::to_string(n);
    std::string w =
        copy_label(c) + " has " + std::to_string(n) + " threads, the kernel " + std::to_string(kernel) + ": ";
    if (n > kernel) {
      w += "T" + std::to_string(kernel) + "..T" + std::to_string(n - 1) + " of the copy never run";
      if (const std::string u = uncopied_witness(*c.copy, kernel); !u.empty()) w += ": " + u;
    } else {
      w += "T" + std::to_string(n) + "..T" + std::to_string(kernel - 1) +
           " slice the copy past its last thread";
      try {
        if (const std::string o = overrun_witness(c, p, kernel); !o.empty()) w += ": " + o;
      } catch (const LayoutError&) {
      }
    }
    if (c.name == "g2s" && mainloop == "MainloopSm80CpAsyncUnpredicated")
      w += " (MainloopSm80CpAsyncUnpredicated static_asserts size(gmem_tiled_copy_" + p.name +
           ") == size(tiled_mma))";
    r.witnesses.push_back(w);
  }
  if (bad.empty()) {
    r.verdict = Verdict::Proved;
    r.summary = std::to_string(copies.size()) + " cop" + (copies.size() == 1 ? "y" : "ies") + " of " +
                std::to_string(kernel) + " threads";
  } else {
    r.verdict = Verdict::Refuted;
    r.summary =
        "copies of another thread count than the kernel's " + std::to_string(kernel) + " (" + bad + ")";
  }
  return r;
}

CheckResult type_check(const PlannedCopy& p, const NamedCopy& c, const ValueType& declared) {
  CheckResult r;
  r.code = "type." + p.name + "." + c.name;
  r.method = "algebra";
  const ValueType& mem = p.mem_type;
  r.claim = c.name + "'s Copy_Atom<" + c.copy->atom.name + ", " + declared.name + "> moves " + p.name +
            "'s " + mem.name + " values";
  r.steps.push_back({"the value type the Copy_Atom declares", "",
                     declared.name + " (" + std::to_string(declared.bits) + " bits)"});
  r.steps.push_back(
      {"the element type of " + p.name, "", mem.name + " (" + std::to_string(mem.bits) + " bits)"});
  r.data["declared"] = declared.name;
  r.data["element"] = mem.name;
  if (declared.bits == mem.bits) {
    r.verdict = Verdict::Proved;
    r.summary = declared.name + " and " + mem.name + " have the same width: CuTe's copy moves the same bits";
    return r;
  }
  r.verdict = Verdict::Refuted;
  r.summary = "the copy counts its values in " + declared.name + ", the memory holds " + mem.name;
  std::string what;
  if (c.copy->atom.name.find("LDSM") != std::string::npos ||
      c.copy->atom.name.find("STSM") != std::string::npos)
    what = "CuTe's copy_unpack cannot vectorize " + mem.name + " values into the atom's registers";
  else if (c.copy->atom.copy_bits >= declared.bits)
    what = "each atom call moves the bytes of " + std::to_string(c.copy->atom.copy_bits / declared.bits) +
           " x " + declared.name + " from a " + mem.name + " tensor: vectors of the wrong size and alignment";
  else
    what = "the atom's values are counted in " + declared.name + ", the tensor's in " + mem.name +
           ": vectors of the wrong size and alignment";
  r.witnesses.push_back("Copy_Atom<" + c.copy->atom.name + ", " + declared.name + "> over " + p.name + "'s " +
                        mem.name + " (" + std::to_string(declared.bits) + " != " + std::to_string(mem.bits) +
                        " bits): " + what + "; declare Copy_Atom<" + c.copy->atom.name + ", " + mem.name +
                        ">");
  r.data["note"] = "the other checks of this copy model it over " + mem.name;
  return r;
}

// A top-level mode's size of a view.
int64_t mode_size(const ThreadTensor& t, int i) {
  const auto* c = std::get_if<ComposedLayout>(&t.layout);
  const IntTuple& shape = c ? c->layout.shape : std::get<Layout>(t.layout).shape;
  if (!shape.is_tuple()) return i == 0 ? product(shape) : 1;
  return i < shape.size() ? product(shape[i]) : 1;
}

const ThreadTensor* find_tensor(const ThreadPartitions& tp, const std::string& name) {
  for (const ThreadTensor& t : tp.tensors)
    if (t.name == name) return &t;
  return nullptr;
}

constexpr int64_t kMaxPartitionCheckValues = int64_t(1) << 14;

CheckResult partition_check(const Plan& plan, const std::string& x) {
  CheckResult r;
  r.code = "partition." + x;
  r.method = "algebra";
  r.claim = "the collective's per-thread partitions of " + x +
            " compile as CuTe computes them (partition_S/D, partition_fragment, retile_D), their modes "
            "agreeing";
  // Each view is enumerated value by value (and cross-checked against the tile's layout): a stage of more
  // than kMaxPartitionCheckValues values a thread is left to `tvlab plan --thread`, which shows one thread.
  const PlannedCopy* pc = nullptr;
  for (const auto* list : {&plan.copies, &plan.smem_only})
    for (const PlannedCopy& p : *list)
      if (p.name == x) pc = &p;
  if (pc && pc->smem && plan.mma) {
    const SmemStage& st = *pc->smem;
    const int64_t per_thread =
        std::visit([](const auto& l) { return size(l); }, st.staged ? *st.staged : st.layout) /
        std::max<int64_t>(1, plan.mma->num_threads());
    if (per_thread > kMaxPartitionCheckValues) {
      r.summary = "not computed: about " + std::to_string(per_thread) + " staged values a thread, over the " +
                  std::to_string(kMaxPartitionCheckValues) +
                  " this check enumerates; `tvlab plan --thread T " + "--operand " + x +
                  "` computes one thread's views";
      return r;
    }
  }
  std::vector<ThreadPartitions> views;
  try {
    // Thread 0: CuTe's conditions on these partitions are static (the same types for every thread), and
    // search evaluates this check for every candidate.
    views.push_back(PartitionQuery(plan, x).at(0));
  } catch (const SpecError& e) {
    // A condition of CuTe's (path "operand": the partition would not compile) refutes; a view over tvlab's
    // size cap (path "thread") or a slice tvlab does not model decides nothing.
    const std::string why = e.what();
    const bool unmodelled = e.path() != "operand" || why.find("not modelled") != std::string::npos ||
                            why.find("not modeled") != std::string::npos;
    r.verdict = unmodelled ? Verdict::Unknown : Verdict::Refuted;
    r.summary = unmodelled ? "not computed: " + why : "CuTe rejects a partition of " + x;
    if (!unmodelled) r.witnesses.push_back(why);
    return r;
  }
  for (const ThreadPartitions& tp : views) {
    std::string names;
    for (const ThreadTensor& t : tp.tensors) names += (names.empty() ? "" : ", ") + t.name;
    r.steps.push_back({"thread " + std::to_string(tp.thread) + "'s views", "", names});
  }
  // sm80_mma_multistage.hpp: CUTE_STATIC_ASSERT_V(size<1>(tCsA) == size<1>(tCrA_copy_view)) // CPY_M, and
  // size<2> // CPY_K.
  const ThreadPartitions& v0 = views.front();
  const ThreadTensor* src = find_tensor(v0, "tCs" + x);
  const ThreadTensor* dst = find_tensor(v0, "tCr" + x + "_copy_view");
  if (src && dst) {
    const std::string mn = x == "B" ? "N" : "M";
    for (int i : {1, 2}) {
      const int64_t a = mode_size(*src, i), b = mode_size(*dst, i);
      const std::string what = i == 1 ? "CPY_" + mn : std::string("CPY_K");
      r.steps.push_back({what + ": size<" + std::to_string(i) + ">(" + src->name + ") == size<" +
                             std::to_string(i) + ">(" + dst->name + ")",
                         "", std::to_string(a) + " == " + std::to_string(b)});
      if (a != b)
        r.witnesses.push_back(what + ": size<" + std::to_string(i) + ">(" + src->name + ") is " +
                              std::to_string(a) + ", size<" + std::to_string(i) + ">(" + dst->name + ") " +
                              std::to_string(b) + " (the collective's CUTE_STATIC_ASSERT_V)");
    }
  }
  if (!r.witnesses.empty()) {
    r.verdict = Verdict::Refuted;
    r.summary = "the s2r copy's view of shared memory and of the MMA's fragment disagree";
    return r;
  }
  r.verdict = Verdict::Proved;
  r.summary = std::to_string(v0.tensors.size()) + (v0.tensors.size() == 1 ? " view" : " views") +
              " of thread 0, as CuTe computes them";
  return r;
}

// MainloopSm90TmaGmmaRmemAWarpSpecialized::mma(): CUTE_STATIC_ASSERT_V(size<2>(tCrA) > _2{}, "RS loops
// require more than 2 MMA k-iterations for correctness."); tCrA = partition_fragment_A(sA(_,_,0)), whose mode
// 2 is BLK_K over the TiledMMA's K.
CheckResult rs_k_blocks_check(const KernelShape& k, const TiledMMA& m) {
  CheckResult r;
  r.code = "rs.k_blocks";
  r.method = "algebra";
  r.claim =
      "MainloopSm90TmaGmmaRmemAWarpSpecialized: size<2>(tCrA) > 2 (more than 2 MMA k-iterations per k-tile)";
  const int64_t tk = m.tile_mnk[2];
  r.data["swap_ab"] = k.swap_ab;
  if (tk <= 0 || k.cta_tile[2] % tk != 0) {
    r.summary = "not computed: the TiledMMA's K does not divide BLK_K (cta.mma)";
    return r;
  }
  const int64_t kb = k.cta_tile[2] / tk;
  r.data["k_blocks"] = kb;
  r.steps.push_back(
      {"size<2>(tCrA) = BLK_K / the TiledMMA's K", "",
       std::to_string(k.cta_tile[2]) + " / " + std::to_string(tk) + " = " + std::to_string(kb)});
  if (kb <= 2) {
    r.verdict = Verdict::Refuted;
    r.summary = "size<2>(tCrA) is " + std::to_string(kb);
    r.witnesses.push_back("size<2>(tCrA) = BLK_K " + std::to_string(k.cta_tile[2]) + " / TiledMMA K " +
                          std::to_string(tk) + " = " + std::to_string(kb) +
                          ": RS loops require more than 2 MMA k-iterations for correctness (the collective's "
                          "CUTE_STATIC_ASSERT_V)");
    return r;
  }
  r.verdict = Verdict::Proved;
  r.summary =
      std::to_string(kb) + " k-iterations" +
      (k.swap_ab ? " (SwapAB: the GMMA's A is B as given, in registers; its B is A, from shared memory)"
                 : " (A in registers, B from shared memory)");
  return r;
}

}  // namespace

void add_collective_checks(Report& rep, const Plan& plan) {
  if (!plan.mma || plan.mma->is_xe()) return;
  const TiledMMA& m = *plan.mma;
  const std::string mainloop = plan.kernel ? plan.kernel->mainloop : "";
  const std::vector<std::string> viewed = partition_operands(plan);
  if (plan.kernel && plan.kernel->rmem_a()) rep.checks.push_back(rs_k_blocks_check(*plan.kernel, m));
  for (const auto* list : {&plan.copies, &plan.smem_only})
    for (const PlannedCopy& p : *list) {
      if (p.name != "A" && p.name != "B" && p.name != "C" && p.name != "D") continue;
      const std::vector<NamedCopy> copies = operand_copies(p, list == &plan.copies);
      if (copies.empty()) continue;
      rep.checks.push_back(threads_check(p, m, copies, mainloop));
      if (p.smem)
        for (const NamedCopy& c : copies) {
          const std::optional<ValueType>& d = c.name == "g2s"   ? p.smem->g2s_declared
                                              : c.name == "s2r" ? p.smem->s2r_declared
                                                                : p.smem->r2s_declared;
          if (c.name != "copy" && d) rep.checks.push_back(type_check(p, c, *d));
        }
      if (p.smem && std::find(viewed.begin(), viewed.end(), p.name) != viewed.end())
        rep.checks.push_back(partition_check(plan, p.name));
    }
}

}  // namespace tvlab
