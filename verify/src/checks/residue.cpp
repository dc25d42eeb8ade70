#include "tvlab/verify/checks/residue.hpp"

#include <algorithm>
#include <array>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

bool sm80_mainloop(const std::string& m) {
  return m == "MainloopSm80CpAsync" || m == "MainloopSm80CpAsyncUnpredicated";
}

// The four top-level mode sizes of a (CPY, CPY_MN, CPY_K, k) view and the index of a mode coordinate.
struct Modes {
  std::array<int64_t, 4> size{1, 1, 1, 1};
  explicit Modes(const ThreadTensor& t) {
    const auto* l = std::get_if<Layout>(&t.layout);
    if (!l) throw std::logic_error("residue: " + t.name + " is not a plain layout");
    const IntTuple s = product_each(l->shape);
    if (!s.is_tuple() || s.size() != 4)
      throw std::logic_error("residue: " + t.name + " is not a (CPY,CPY_MN,CPY_K,k) view: " + to_string(s));
    for (int i = 0; i < 4; ++i) size[static_cast<size_t>(i)] = s[i].ival();
  }
  int64_t index(int64_t v, int64_t m, int64_t k, int64_t kt) const {
    return v + size[0] * (m + size[1] * (k + size[2] * kt));
  }
};

std::string coord2(const std::vector<int64_t>& c) {
  return "(" + std::to_string(c[0]) + "," + std::to_string(c[1]) + ")";
}

}  // namespace

std::optional<OperandResidue> operand_residue(const Plan& plan, const PlannedCopy& pc) {
  if (!plan.kernel || !plan.kernel->problem || !sm80_mainloop(plan.kernel->mainloop) || !pc.gmem ||
      (pc.name != "A" && pc.name != "B"))
    return std::nullopt;
  const KernelShape& k = *plan.kernel;
  const auto& p = *k.problem;
  OperandResidue r;
  r.predicated = k.mainloop == "MainloopSm80CpAsync";
  const bool a = pc.name == "A";
  r.rows = a ? p[0] : p[1];
  r.depth = p[2];
  r.blk_mn = a ? k.cta_tile[0] : k.cta_tile[1];
  r.blk_k = k.cta_tile[2];
  r.tiles = (r.depth + r.blk_k - 1) / r.blk_k;
  r.k_residue = r.depth - r.blk_k * r.tiles;
  // GemmUniversal's packed strides (TagToStrideX): the contiguous mode has stride 1.
  const bool k_major = pc.gmem->contiguous == 1;
  r.stride_mn = k_major ? r.depth : 1;
  r.stride_k = k_major ? 1 : r.rows;
  return r;
}

std::vector<bool> residue_mask(const ThreadTensor& t, const OperandResidue& r) {
  if (!r.predicated) return {};
  const Modes md(t);
  std::vector<bool> out(static_cast<size_t>(t.size()), false);
  const auto crd = [&](int64_t i) -> const std::vector<int64_t>& { return t.coordinates[size_t(i)]; };
  for (int64_t kt = 0; kt < md.size[3]; ++kt)
    for (int64_t k = 0; k < md.size[2]; ++k)
      for (int64_t m = 0; m < md.size[1]; ++m) {
        // CTA (0,0): residue_m = M; tApA has stride 0 along k (its row's first iteration decides).
        const bool row_off = crd(md.index(0, m, 0, 0))[0] >= r.rows;
        const bool k_off = kt == 0 && crd(md.index(0, 0, k, 0))[1] < -r.k_residue;
        for (int64_t v = 0; v < md.size[0]; ++v) out[size_t(md.index(v, m, k, kt))] = row_off || k_off;
      }
  return out;
}

std::string residue_rule(const std::string& x, const OperandResidue& r) {
  const std::string c = "t" + x + "c" + x, mn = x == "A" ? "m" : "n", MN = x == "A" ? "M" : "N";
  std::string s = "k_residue = K - BLK_K * ceil(K/BLK_K) = " + std::to_string(r.depth) + " - " +
                  std::to_string(r.blk_k) + " * " + std::to_string(r.tiles) + " = " +
                  std::to_string(r.k_residue);
  if (!r.predicated)
    return s + "; MainloopSm80CpAsyncUnpredicated ignores residue_mnk: no shift, no predicate";
  s += "; g" + x + " = domain_offset((0," + std::to_string(r.k_residue) + ",0), g" + x + "): shifted by " +
       std::to_string(r.shift()) + " elements; k-tile 0 issues iteration k iff " + c +
       "(0,0,k).k >= " + std::to_string(-r.k_residue) + "; t" + x + "p" + x + "(" + mn + ") = " + c + "(0," +
       mn + ",0)." + mn + " < " + MN + " = " + std::to_string(r.rows) + " (CTA (0,0))";
  return s;
}

void add_residue_checks(Report& rep, const Plan& plan) {
  if (!plan.mma) return;
  for (const PlannedCopy& pc : plan.copies) {
    const auto r = operand_residue(plan, pc);
    if (!r || !pc.smem || !pc.smem->g2s) continue;
    const std::string& x = pc.name;
    const std::string MN = x == "A" ? "M" : "N", mn = x == "A" ? "m" : "n";
    CheckResult c;
    c.code = "residue." + x;
    c.method = r->predicated ? "enumeration" : "algebra";
    c.data["k_residue"] = r->k_residue;
    c.data["shift"] = r->shift();
    c.steps.push_back({"residue_mnk (sm70_gemm.hpp)", "K - BLK_K * ceil(K/BLK_K)", residue_rule(x, *r)});
    if (!r->predicated) {
      c.claim = "MainloopSm80CpAsyncUnpredicated copies whole tiles: " + MN +
                " and K are multiples of the "
                "CTA tile";
      const bool mn_ok = r->rows % r->blk_mn == 0, k_ok = r->depth % r->blk_k == 0;
      c.verdict = mn_ok && k_ok ? Verdict::Proved : Verdict::Refuted;
      if (!k_ok)
        c.witnesses.push_back("K = " + std::to_string(r->depth) + " is not a multiple of BLK_K = " +
                              std::to_string(r->blk_k) + ": k-tile " + std::to_string(r->tiles - 1) +
                              " reads k = " + std::to_string((r->tiles - 1) * r->blk_k) + ".." +
                              std::to_string(r->tiles * r->blk_k - 1) + ", " + std::to_string(-r->k_residue) +
                              " columns past K (sm80_mma_multistage.hpp: `(void) residue_mnk;`)");
      if (!mn_ok)
        c.witnesses.push_back(MN + " = " + std::to_string(r->rows) + " is not a multiple of BLK_" + MN +
                              " = " + std::to_string(r->blk_mn) + ": the last CTA reads " + mn + " = " +
                              std::to_string(r->rows / r->blk_mn * r->blk_mn) + ".." +
                              std::to_string((r->rows / r->blk_mn + 1) * r->blk_mn - 1) + ", past " + MN);
      c.summary =
          c.verdict == Verdict::Proved
              ? MN + " = " + std::to_string(r->rows) + " and K = " + std::to_string(r->depth) +
                    " are multiples of the tile (" + std::to_string(r->blk_mn) + ", " +
                    std::to_string(r->blk_k) + "): every copy is in bounds"
              : "the unpredicated mainloop reads past " + x + " (MainloopSm80CpAsync predicates the residue)";
      rep.checks.push_back(c);
    }
    const bool pred = r->predicated;
    c.claim =
        "MainloopSm80CpAsync's predicates (one decision per copy iteration, from its first value) "
        "read exactly " +
        x + "'s values inside the problem";
    const int64_t res_mn = r->last_mn_residue();
    c.steps.push_back(
        {"the last CTA along " + MN, MN + " % BLK_" + MN, "residue_" + mn + " = " + std::to_string(res_mn)});
    // gmem.X.problem: every issued atom call starts on a multiple of its vector at the problem's addresses.
    CheckResult g;
    g.code = "gmem." + x + ".problem";
    g.method = "enumeration";
    g.claim = "each issued g2s atom call of " + x + " starts on a multiple of its vector at the problem's " +
              "addresses (" + MN + " = " + std::to_string(r->rows) + ", K = " + std::to_string(r->depth) +
              ", the k-residue shift " + std::to_string(r->shift()) + ")";
    std::string bad, misaligned;
    int64_t vec = 0;
    try {
      // A plan of the last CTA's residue along MN: the collective's own views, with the row predicate of the
      // last CTA (CTA (0,0)'s rows are checked by the first, a full tile or M itself).
      const PartitionQuery q(plan, x);
      const std::string g_name = "t" + x + "g" + x;
      for (int64_t t = 0; t < q.threads() && bad.empty(); ++t) {
        const ThreadTensor view = q.global_view(t);
        const ThreadTensor* tg = &view;
        const Modes md(*tg);
        vec = md.size[0];
        const auto crd = [&](int64_t i) -> const std::vector<int64_t>& { return tg->coordinates[size_t(i)]; };
        for (int64_t kt = 0; kt < md.size[3] && bad.empty(); ++kt)
          for (int64_t k = 0; k < md.size[2] && bad.empty(); ++k)
            for (int64_t m = 0; m < md.size[1] && bad.empty(); ++m) {
              const int64_t first = md.index(0, m, k, kt);
              const bool row_off = crd(md.index(0, m, 0, 0))[0] >= res_mn;
              const bool k_off = kt == 0 && crd(md.index(0, 0, k, 0))[1] < -r->k_residue;
              // The unpredicated mainloop issues every iteration (residue.X refutes a residue).
              const bool issued = !pred || (!row_off && !k_off);
              for (int64_t v = 0; pred && v < md.size[0] && bad.empty(); ++v) {
                const std::vector<int64_t>& cv = crd(md.index(v, m, k, kt));
                const int64_t gk = kt * r->blk_k + cv[1] + r->k_residue;
                const bool inside = cv[0] < res_mn && gk >= 0 && gk < r->depth;
                if (inside == issued) continue;
                const std::vector<int64_t>& c0 = crd(first);
                bad = "thread " + std::to_string(t) + ", " + g_name + "(" + std::to_string(v) + "," +
                      std::to_string(m) + "," + std::to_string(k) + "," + std::to_string(kt) + "): tile " +
                      coord2(cv) + " of k-tile " + std::to_string(kt) + " is " + x + "'s (" + mn + ",k) = (" +
                      std::to_string(cv[0]) + "," + std::to_string(gk) + ")" +
                      (inside ? ", inside " + x + ", but" : ", outside " + x + ", but") +
                      " its iteration (_," + std::to_string(m) + "," + std::to_string(k) + ") is " +
                      (issued ? "issued" : "masked") + " by its first value " + coord2(c0) +
                      (inside ? ": the value is never loaded (left zero)" : ": read out of bounds") +
                      " (residue_" + mn + " = " + std::to_string(res_mn) +
                      ", k_residue = " + std::to_string(r->k_residue) + ")";
              }
              if (issued && misaligned.empty() && vec > 1) {
                const int64_t e = tg->element(first);
                if (e % vec != 0)
                  misaligned = "thread " + std::to_string(t) + ", " + g_name + "(_," + std::to_string(m) +
                               "," + std::to_string(k) + "," + std::to_string(kt) + ") starts at element " +
                               std::to_string(e) + " (tile " + coord2(crd(first)) + "), not a multiple of " +
                               "its " + std::to_string(vec) + "-value vector";
              }
            }
      }
    } catch (const SpecError& e) {
      for (CheckResult* u : {&c, &g}) {
        u->verdict = Verdict::Unknown;
        u->summary = std::string("not checked: ") + e.what();
      }
      if (pred) rep.checks.push_back(std::move(c));
      rep.checks.push_back(std::move(g));
      continue;
    }
    c.verdict = bad.empty() ? Verdict::Proved : Verdict::Refuted;
    c.summary = bad.empty()
                    ? "every copy iteration lies wholly inside or wholly outside " + x + " (rows " + MN +
                          " % BLK_" + MN + " = " + std::to_string(res_mn) + ", the first " +
                          std::to_string(-r->k_residue) + " columns of k-tile 0)"
                    : "a copy iteration straddles the residue: its predicate reads or drops values wrongly";
    if (!bad.empty()) c.witnesses.push_back(bad);
    if (pred) rep.checks.push_back(std::move(c));
    g.data["vector_values"] = vec;
    // Other CTAs and batches add BLK_MN * stride_MN and MN * K elements: multiples of the vector too.
    const int64_t cta_step = r->blk_mn * r->stride_mn, batch = r->rows * r->depth;
    if (misaligned.empty() && vec > 1 && cta_step % vec != 0)
      misaligned = "the next CTA's tile starts BLK_" + MN + " * stride = " + std::to_string(cta_step) +
                   " elements further, not a multiple of the " + std::to_string(vec) + "-value vector";
    if (misaligned.empty() && vec > 1 && batch % vec != 0)
      misaligned = "batch 1 starts " + MN + " * K = " + std::to_string(batch) +
                   " elements further, not a multiple of the " + std::to_string(vec) + "-value vector";
    g.verdict = misaligned.empty() ? Verdict::Proved : Verdict::Refuted;
    g.summary = misaligned.empty() ? "every issued call starts on a multiple of its " + std::to_string(vec) +
                                         "-value vector (base pointer aligned to it)"
                                   : "a cp.async vector is misaligned at the problem's addresses";
    if (!misaligned.empty()) g.witnesses.push_back(misaligned);
    rep.checks.push_back(std::move(g));
  }
}

}  // namespace tvlab
