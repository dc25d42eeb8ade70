#include "tvlab/verify/report/plan_format.hpp"

#include <sstream>

#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/kernel_checks.hpp"

namespace tvlab {

namespace {
std::string tiler_string(const Tiler& t) {
  return t.is_underscore() ? "_" : to_string(t);
}
// An EpilogueTile as the spec takes it, mode by mode: [128, 16] or [64, "(16,2):(1,64)"].
nlohmann::ordered_json epilogue_tile_json(const Tiler& t) {
  nlohmann::ordered_json j = nlohmann::ordered_json::array();
  for (const Tiler& m : t.modes()) {
    if (m.is_integer())
      j.push_back(m.integer());
    else
      j.push_back(to_string(m));
  }
  return j;
}
}  // namespace

namespace {
using ojson = nlohmann::ordered_json;

ojson mma_json(const TiledMMA& m, const std::string& origin) {
  ojson j;
  j["atom"] = m.atom.name;
  j["tile_mnk"] = {m.tile_mnk[0], m.tile_mnk[1], m.tile_mnk[2]};
  j["permutation"] = {tiler_string(m.permutation[0]), tiler_string(m.permutation[1]),
                      tiler_string(m.permutation[2])};
  j["thr_layout_vmnk"] = to_string(m.thr_layout_vmnk);
  j["a_tv"] = to_string(m.get_layoutA_TV());
  j["b_tv"] = to_string(m.get_layoutB_TV());
  j["c_tv"] = to_string(m.get_layoutC_TV());
  if (!origin.empty()) j["from"] = origin;
  return j;
}

ojson smem_stage_json(const SmemStage& st) {
  ojson sm;
  sm["tile"] = to_string(st.tile);
  sm["layout"] = to_string(st.layout);
  if (st.staged) {
    sm["stages"] = st.stages;
    sm["staged"] = to_string(*st.staged);
  }
  for (const auto& [key, copy, declared] : {std::tuple{"g2s", &st.g2s, &st.g2s_declared},
                                            {"s2r", &st.s2r, &st.s2r_declared},
                                            {"r2s", &st.r2s, &st.r2s_declared}})
    if (*copy) {
      sm[key] = {{"op", (*copy)->atom.name},
                 {"value_type", (*copy)->value_type.name},
                 {"tiler", to_string((*copy)->tiler)},
                 {"tv", to_string((*copy)->tv)},
                 {"tv_src", to_string((*copy)->get_layoutS_TV())},
                 {"tv_dst", to_string((*copy)->get_layoutD_TV())}};
      if (*declared) sm[key]["declared_value_type"] = (*declared)->name;
    }
  return sm;
}

ojson copy_json(const PlannedCopy& p, const Plan& plan) {
  ojson c;
  c["op"] = p.copy.atom.name;
  c["value_type"] = p.copy.value_type.name;
  c["how"] = p.how;
  c["tiler"] = to_string(p.copy.tiler);
  c["tv"] = to_string(p.copy.tv);
  c["tv_src"] = to_string(p.copy.get_layoutS_TV());
  c["tv_dst"] = to_string(p.copy.get_layoutD_TV());
  c["prefetch"] = p.prefetch ? ojson(p.prefetch->atom.name) : ojson(nullptr);
  if (p.kernel) {  // a copy kernel: its global tensors, block and grid (tiled_divide rounds the count up)
    const IntTuple sh = product_each(p.kernel->src.shape);
    c["kernel"] = {{"src", to_string(p.kernel->src)},
                   {"dst", to_string(p.kernel->dst)},
                   {"block", p.kernel->block},
                   {"grid",
                    {(sh[0].ival() + p.kernel->block[0] - 1) / p.kernel->block[0],
                     (sh[1].ival() + p.kernel->block[1] - 1) / p.kernel->block[1]}}};
  }
  if (p.prefetch) {
    c["prefetch_tiler"] = to_string(p.prefetch->tiler);
    c["prefetch_tv"] = to_string(p.prefetch->tv);
  }
  if (p.subtile_sg) {
    ojson sub;
    sub["shape"] = to_string(*p.subtile_shape);
    sub["sg_layout"] = to_string(*p.subtile_sg);
    sub["tv"] = p.subtile_tv ? ojson(to_string(*p.subtile_tv)) : ojson(nullptr);
    c["subtile"] = sub;
  }
  if (p.slm_layout) {
    ojson slm;
    slm["layout"] = to_string(*p.slm_layout);
    for (const auto& [key, copy] : {std::pair{"r2s", &*p.r2s}, {"s2r", &*p.s2r}})
      slm[key] = {{"op", copy->atom.name},
                  {"value_type", copy->value_type.name},
                  {"tiler", to_string(copy->tiler)},
                  {"tv", to_string(copy->tv)}};
    c["slm"] = slm;
  }
  if (p.gmem)
    c["gmem"] = {{"layout", p.gmem->layout_text},
                 {"contiguous", std::string(1, (p.name == "A"   ? "MK"
                                                : p.name == "B" ? "NK"
                                                                : "MN")[p.gmem->contiguous])},
                 {"alignment", p.gmem->alignment}};
  if (p.smem) c["smem"] = smem_stage_json(*p.smem);
  // The g2s copy's global side (kernel_checks.hpp): requests and 32-byte sectors per k-tile, CTA-wide.
  if (plan.mma && p.smem && p.smem->g2s)
    if (const auto s = g2s_gmem_sectors(p, *plan.mma, plan.kernel))
      c["smem"]["g2s_sectors"] = g2s_sectors_json(*s);
  return c;
}

ojson tmem_json(const TmemAccumulator& a, const std::optional<TmemEpilogue>& epilogue) {
  ojson j;
  j["mma"] = a.mma;
  j["value_type"] = a.value_type.name;
  j["ctas"] = a.ctas;
  j["tile"] = {a.tile_m, a.tile_n};
  j["layout"] = to_string(a.layout);
  j["alloc"] = a.alloc == TmemAllocMode::NonInterleaved ? "NonInterleaved" : "Interleaved";
  if (epilogue) {
    const TmemEpilogue& e = *epilogue;
    j["epilogue"] = {{"op", e.copy.atom.name},
                     {"epilogue_tile", epilogue_tile_json(e.tile)},
                     {"threads", e.threads},
                     {"first_thread", e.first_thread},
                     {"tiles", to_string(e.tiles)},
                     {"tiler", to_string(e.copy.tiler)},
                     {"tv", to_string(e.copy.tv)},
                     {"tv_src", to_string(e.copy.get_layoutS_TV())},
                     {"tv_dst", to_string(e.copy.get_layoutD_TV())}};
  }
  return j;
}

// An NVIDIA operand's smem tile as its descriptor and TMA load read it.
ojson smem_tile_json(const PlannedSmem& p) {
  ojson j;
  j["layout"] = p.layout_text;
  j["major"] = to_string(p.major);
  j["descriptor"] = p.descriptor;
  if (p.staged) {
    j["staged"] = std::visit([](const auto& l) { return to_string(l); }, *p.staged);
    j["stages"] = p.stages;
  }
  if (p.tma) {
    const TmaFacts& t = *p.tma;
    const bool runtime = p.tma_ld_alignment > 0;  // representative extents: not the user's
    j["tma"] = {{"rank", t.rank},
                {"box", t.box},
                {"global_dim", runtime ? ojson(nullptr) : ojson(t.global_dim)},
                {"global_stride_bytes", runtime ? ojson(nullptr) : ojson(t.global_stride_bytes)},
                {"swizzle", t.cu_swizzle},
                {"box_bytes", t.box_bytes},
                {"calls", t.calls}};
    if (!p.tma_op.empty()) {
      j["tma"]["op"] = p.tma_op;
      j["tma"]["gmem"] = p.tma_gmem;
      j["tma"]["multicast"] = p.tma_cluster;
    }
  }
  return j;
}
}  // namespace

ojson plan_to_json(const Plan& plan) {
  ojson out;
  if (!plan.name.empty()) out["name"] = plan.name;
  if (plan.kernel) {
    const KernelShape& k = *plan.kernel;
    out["kernel"] = {{"cta_tile", {k.cta_tile[0], k.cta_tile[1], k.cta_tile[2]}},
                     {"stages", k.stages},
                     {"mainloop", k.mainloop},
                     {"arch", k.arch}};
  }
  if (plan.mma) out["mma"] = mma_json(*plan.mma, plan.mma_origin);
  ojson copies = ojson::object();
  for (const PlannedCopy& p : plan.copies) copies[p.name] = copy_json(p, plan);
  out["copies"] = copies;
  // Staged operands without a register copy (the MMA reads shared memory itself): their stage only.
  if (!plan.smem_only.empty()) {
    ojson so = ojson::object();
    for (const PlannedCopy& p : plan.smem_only)
      so[p.name] = {{"value_type", p.mem_type.name}, {"smem", smem_stage_json(*p.smem)}};
    out["smem_only"] = so;
  }
  if (plan.tmem_acc) out["tmem"] = tmem_json(*plan.tmem_acc, plan.tmem);
  if (!plan.smem.empty()) {
    ojson sm = ojson::object();
    for (const PlannedSmem& p : plan.smem) sm[p.name] = smem_tile_json(p);
    out["smem"] = sm;
  }
  return out;
}

namespace {
// "1 thread" (a UMMA atom is issued by one thread), "128 threads".
// What thr_layout_vmnk counts: threads, or the CTAs of a CTA-scoped atom (SM100 UMMA: one CTA, or a pair).
std::string threads_text(int64_t n, const std::string& scope = "") {
  if (scope == "cta") return std::to_string(n) + (n == 1 ? " CTA" : " CTAs");
  return std::to_string(n) + (n == 1 ? " thread" : " threads");
}
}  // namespace

std::string plan_to_text(const Plan& plan) {
  std::ostringstream s;
  if (!plan.name.empty()) s << plan.name << "\n";
  if (plan.mma) {
    const TiledMMA& m = *plan.mma;
    s << "TiledMMA " << m.atom.name << "\n"
      << "  tile_mnk        (" << m.tile_mnk[0] << "," << m.tile_mnk[1] << "," << m.tile_mnk[2] << ")\n"
      << "  permutation     (" << tiler_string(m.permutation[0]) << "," << tiler_string(m.permutation[1])
      << "," << tiler_string(m.permutation[2]) << ")\n"
      << "  thr_layout_vmnk " << to_string(m.thr_layout_vmnk) << "  ("
      << threads_text(m.num_threads(), m.atom.scope) << ")\n"
      << "  A_TV            " << to_string(m.get_layoutA_TV()) << "\n"
      << "  B_TV            " << to_string(m.get_layoutB_TV()) << "\n"
      << "  C_TV            " << to_string(m.get_layoutC_TV()) << "\n";
    if (!plan.mma_origin.empty()) s << "  from            " << plan.mma_origin << "\n";
  }
  for (const PlannedCopy& p : plan.copies) {
    s << "\nCopy " << p.name << " (" << p.how << "): " << p.copy.atom.name << " of " << p.copy.value_type.name
      << "\n"
      << "  tiler  " << to_string(p.copy.tiler) << "  (" << threads_text(p.copy.num_threads()) << ")\n"
      << "  tv     " << to_string(p.copy.tv) << "\n"
      << "  tv_src " << to_string(p.copy.get_layoutS_TV()) << "\n"
      << "  tv_dst " << to_string(p.copy.get_layoutD_TV()) << "\n";
    if (p.kernel) {
      const IntTuple sh = product_each(p.kernel->src.shape);
      const int64_t bm = p.kernel->block[0], bn = p.kernel->block[1];
      s << "  kernel " << to_string(p.kernel->src) << " -> " << to_string(p.kernel->dst) << "  block (" << bm
        << "," << bn << ")  grid (" << sh[0].ival() / bm + (sh[0].ival() % bm != 0) << ","
        << sh[1].ival() / bn + (sh[1].ival() % bn != 0) << ")\n";
    }
    if (p.prefetch)
      s << "  prefetch " << p.prefetch->atom.name << "  tiler " << to_string(p.prefetch->tiler) << "  tv "
        << to_string(p.prefetch->tv) << "\n";
    if (p.subtile_sg)
      s << "  subtile shape " << to_string(*p.subtile_shape) << "  sg_layout " << to_string(*p.subtile_sg)
        << (p.subtile_tv ? "  tv " + to_string(*p.subtile_tv) : std::string()) << "\n";
    if (p.slm_layout) {
      s << "  slm layout " << to_string(*p.slm_layout) << "\n";
      for (const auto& [key, copy] : {std::pair{"r2s", &*p.r2s}, {"s2r", &*p.s2r}})
        s << "  slm " << key << "    " << copy->atom.name << " of " << copy->value_type.name << "  tiler "
          << to_string(copy->tiler) << "  tv " << to_string(copy->tv) << "\n";
    }
  }
  for (const PlannedCopy& p : plan.smem_only) {
    const TiledCopy& g = *p.smem->g2s;
    s << "\nOperand " << p.name << " (smem, no register copy: the MMA reads shared memory itself)\n"
      << "  smem   " << to_string(p.smem->layout) << "\n"
      << "  g2s    " << g.atom.name << " of " << g.value_type.name << "  tiler " << to_string(g.tiler)
      << "  tv " << to_string(g.tv) << "\n";
  }
  // A stage copy whose Copy_Atom declares another value type than its operand's: said, never replaced.
  for (const auto* list : {&plan.copies, &plan.smem_only})
    for (const PlannedCopy& p : *list) {
      if (!p.smem) continue;
      for (const auto& [key, copy, declared] : {std::tuple{"g2s", &p.smem->g2s, &p.smem->g2s_declared},
                                                {"s2r", &p.smem->s2r, &p.smem->s2r_declared},
                                                {"r2s", &p.smem->r2s, &p.smem->r2s_declared}})
        if (*copy && *declared)
          s << "\nOperand " << p.name << "'s " << key << " declares Copy_Atom<" << (*copy)->atom.name << ", "
            << (*declared)->name << ">, over " << p.name << "'s " << p.mem_type.name << " (verify: type."
            << p.name << "." << key << ")\n";
    }
  if (plan.tmem_acc) {
    const TmemAccumulator& a = *plan.tmem_acc;
    const Layout mn = a.mn();
    int64_t last_lane = 0, last_col = 0;
    for (int64_t i = 0; i < size(mn); ++i) {
      const TmemAddress ad = tmem_address(mn(i), a.value_type.bits);
      last_lane = std::max(last_lane, ad.lane);
      last_col = std::max(last_col, ad.column);
    }
    s << "\nTMEM accumulator: " << a.value_type.name << " (" << a.tile_m << "," << a.tile_n << ") per CTA"
      << (a.ctas == 2 ? ", each CTA of the pair holds " + std::to_string(a.mma_m) + " of each MMA's " +
                            std::to_string(2 * a.mma_m) + " rows"
                      : std::string())
      << "\n"
      << "  partition_fragment_C " << to_string(a.layout) << "\n"
      << "  (m,n) -> offset      " << to_string(mn) << "  (lane = offset >> "
      << 16 + tmem_offset_shift(a.value_type.bits) << ", column = "
      << (tmem_offset_shift(a.value_type.bits) == 0
              ? std::string("offset & 0xFFFF")
              : "(offset >> " + std::to_string(tmem_offset_shift(a.value_type.bits)) + ") & 0xFFFF")
      << ")\n"
      << "  lanes 0.." << last_lane << ", columns 0.." << last_col << " of 512"
      << (a.alloc == TmemAllocMode::NonInterleaved ? "  (TmemAllocMode::NonInterleaved)" : "") << "\n";
  }
  if (plan.tmem) {
    const TmemEpilogue& e = *plan.tmem;
    const TiledCopy& c = e.copy;
    const LayoutSlice p0 = e.store() ? c.partition_D(e.tiles, 0) : c.partition_S(e.tiles, 0);
    s << "\nTMEM epilogue " << (e.store() ? "store" : "load") << ": " << c.atom.name << " of "
      << c.value_type.name << ", epilogue tile " << to_string(e.tile) << ", threads " << e.first_thread
      << ".." << e.first_thread + e.threads - 1 << "\n"
      << "  tAcc_epi " << to_string(e.tiles) << "\n"
      << "  tiler    " << to_string(c.tiler) << "  (" << threads_text(c.num_threads()) << ")\n"
      << "  tv       " << to_string(c.tv) << "\n"
      << "  tv_src   " << to_string(c.get_layoutS_TV()) << "\n"
      << "  tv_dst   " << to_string(c.get_layoutD_TV()) << "\n"
      << "  " << (e.store() ? "partition_D" : "partition_S") << " " << to_string(p0.layout) << "  ("
      << size(take(p0.layout, 1, rank(p0.layout))) << " calls per thread)\n";
  }
  for (const PlannedSmem& p : plan.smem) {
    s << "\nSmem " << p.name << " (" << to_string(p.major) << "-major): " << p.layout_text << "\n";
    if (p.staged)
      s << "  " << p.stages
        << " stages: " << std::visit([](const auto& l) { return to_string(l); }, *p.staged) << "\n";
    if (p.tma) {
      auto list = [](const std::vector<int64_t>& v) {
        std::string r;
        for (int64_t x : v) r += (r.empty() ? "" : ",") + std::to_string(x);
        return "{" + r + "}";
      };
      if (!p.tma_op.empty())
        s << "  " << p.tma_op << " of " << p.tma_gmem << ", multicast over " << p.tma_cluster << " CTA(s)\n";
      s << "  tma box " << list(p.tma->box);
      if (p.tma_ld_alignment > 0)
        s << "  globalDim, globalStrides: run-time (ld a multiple of " << p.tma_ld_alignment << " elements)";
      else
        s << "  globalDim " << list(p.tma->global_dim) << "  globalStrides "
          << list(p.tma->global_stride_bytes) << " B";
      s << "  " << p.tma->cu_swizzle << "  " << p.tma->calls << " call(s) of " << p.tma->box_bytes << " B\n";
    }
  }
  return s.str();
}

}  // namespace tvlab
