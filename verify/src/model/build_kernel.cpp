// The collective around the TiledMMA (KernelShape): "cta_tile" (CollectiveMma's TileShape), "stages" (the
// dispatch policy's Stages), "mainloop" (the policy), "arch" (whose shared-memory limit applies), the
// cluster, the problem shape, the SM90 kernel schedule and the kernel's CollectiveEpilogue. The collectives'
// static_asserts are errors at the key.
#include <algorithm>

#include "build_support.hpp"

namespace tvlab::model {

namespace {
const std::string kEpilogue = "epilogue";

// One of Sm90TmaWarpSpecialized's C and D ("epilogue.C", "epilogue.D"): its type, global layout and
// SmemLayoutAtom, staged as the collective does: tile_to_shape(atom, (EPI_M, EPI_N, stages), Step<_2,_1,_3>
// for an M-major (ColumnMajor) tensor) (sm90_epilogue_tma_warpspecialized.hpp, SmemLayoutC/D).
EpilogueArray epilogue_operand(const std::optional<EpilogueOperandConfig>& o, const std::string& x,
                               const std::array<int64_t, 2>& tile, int64_t stages) {
  const std::string path = spec_path(kEpilogue, x);
  if (!o)
    throw SpecError(path,
                    "expected {\"type\": T, \"layout\": \"RowMajor\" | \"ColumnMajor\", \"smem_atom\": "
                    "SmemLayoutAtom" +
                        x + "}");
  EpilogueArray a;
  if (!o->type)
    throw SpecError(spec_path(path, "type"), "give the element type (Element" + x + "; \"void\" for none)");
  a.type = *o->type;
  if (a.type == "void") {
    if (x == "D")
      throw SpecError(
          spec_path(path, "type"),
          "a void ElementD stores the fusion's auxiliary tensor in D's place, which tvlab does not model");
    return a;
  }
  a.bits = value_type_at(a.type, spec_path(path, "type")).bits;
  const std::string lt = o->layout.value_or("");
  if (lt != "RowMajor" && lt != "ColumnMajor")
    throw SpecError(spec_path(path, "layout"), "expected \"RowMajor\" or \"ColumnMajor\" (Stride" + x +
                                                   ": an M-major " + x + " tiles its atom N first)");
  const std::string ap = spec_path(path, "smem_atom");
  if (!o->smem_atom) throw SpecError(ap, "give SmemLayoutAtom" + x + " (the epilogue's smem layout atom)");
  const SmemLayout atom = smem_layout_at(*o->smem_atom, ap);
  // tile_to_shape's condition, with the epilogue tile named (staged_smem_layout names the CTA's tiles).
  for (int i = 0; i < 2 && smem_rank(atom) == 2; ++i)
    if (tile[i] % smem_mode_size(atom, i) != 0)
      throw SpecError(ap, "SmemLayoutAtom" + x + " must evenly divide the epilogue tile (" +
                              std::to_string(tile[0]) + "," + std::to_string(tile[1]) + "): mode " +
                              std::to_string(i) + " of the atom " + to_string(atom) + " is " +
                              std::to_string(smem_mode_size(atom, i)));
  const ModeOrder order = lt == "ColumnMajor" ? ModeOrder(make_shape(2, 1, 3)) : ModeOrder(Major::Left);
  const SmemLayout staged = staged_smem_layout(atom, make_shape(tile[0], tile[1]), stages, ap, order);
  a.elements = std::visit([](const auto& v) { return cosize(v); }, staged);
  a.alignment = alignment_for_swizzle(staged);
  a.layout = to_string(staged);
  return a;
}

// The parameters given, in the order a JSON object lists its keys (byte order), with none of another
// collective's accepted.
void only_parameters_of(const EpilogueConfig& e, const std::string& collective) {
  const std::vector<std::pair<std::string, bool>> given = {{"C", e.c.has_value()},
                                                           {"D", e.d.has_value()},
                                                           {"accumulator", e.accumulator.has_value()},
                                                           {"collective", true},
                                                           {"fusion", e.fusion.has_value()},
                                                           {"reuse_smem_c", e.reuse_smem_c.has_value()},
                                                           {"smem_layout", e.smem_layout.has_value()},
                                                           {"stages_c", e.stages_c.has_value()},
                                                           {"stages_d", e.stages_d.has_value()},
                                                           {"tile", e.tile.has_value()}};
  const std::vector<std::string>& known = epilogue_parameters(collective);
  for (const auto& [key, set] : given)
    if (set && std::find(known.begin(), known.end(), key) == known.end())
      throw SpecError(spec_path(kEpilogue, key), not_an_epilogue_parameter(collective));
}

void sm90_epilogue(const EpilogueConfig& e, const KernelShape& k, bool ws, EpilogueShape& ep) {
  if (!ws)
    throw SpecError(spec_path(kEpilogue, "collective"),
                    "Sm90TmaWarpSpecialized runs in the SM90 warp-specialized kernels (\"mainloop\": "
                    "\"MainloopSm90TmaGmmaWarpSpecialized\")");
  if (!e.tile) throw SpecError(spec_path(kEpilogue, "tile"), "give EpilogueTile: [EPI_TILE_M, EPI_TILE_N]");
  const std::vector<int64_t>& t = *e.tile;
  check_ints(t, spec_path(kEpilogue, "tile"), 1, 2);
  if (t.size() != 2)
    throw SpecError(spec_path(kEpilogue, "tile"), "EpilogueTile must be rank-2: [EPI_TILE_M, EPI_TILE_N]");
  for (int i = 0; i < 2; ++i)
    if (k.cta_tile[i] % t[i] != 0)
      throw SpecError(spec_path(kEpilogue, "tile"),
                      std::string(i ? "EPI_TILE_N must divide CTA_N" : "EPI_TILE_M must divide CTA_M") +
                          " (" + std::to_string(t[i]) + ", " + std::to_string(k.cta_tile[i]) + ")");
  ep.tile = {t[0], t[1]};
  for (auto [key, given, field] : {std::tuple{"stages_c", &e.stages_c, &ep.stages_c},
                                   std::tuple{"stages_d", &e.stages_d, &ep.stages_d}}) {
    if (!*given || **given < 1 || **given > 64)
      throw SpecError(spec_path(kEpilogue, key), "expected an integer from 1 to 64 (the policy's Stages" +
                                                     std::string(key[7] == 'c' ? "C" : "D") + ")");
    *field = **given;
  }
  const bool reuse = e.reuse_smem_c.value_or(false);
  ep.fusion = e.fusion.value_or("LinearCombination");
  if (ep.fusion != "LinearCombination")
    throw SpecError(spec_path(kEpilogue, "fusion"),
                    "tvlab models the LinearCombination fusion (an empty SharedStorage); the storage of '" +
                        printable(ep.fusion) + "' is not modelled");
  ep.c = epilogue_operand(e.c, "C", ep.tile, ep.stages_c);
  ep.reuse_smem_c = reuse;  // ElementD is never void here
  ep.d = epilogue_operand(e.d, "D", ep.tile, reuse ? ep.stages_c : ep.stages_d);
  if (reuse) {
    const int64_t per_c = ep.c->bits ? ep.c->elements / ep.stages_c : 0, per_d = ep.d->elements / ep.stages_c;
    if (ep.c->bits == 0 || ep.stages_d > ep.stages_c || per_c != per_d)
      throw SpecError(
          spec_path(kEpilogue, "reuse_smem_c"),
          "Smem reuse requirements not met: ReuseSmemC needs a source C, StagesD <= StagesC and C's and D's "
          "stage of equal cosize (" +
              std::string(ep.c->bits == 0 ? "C is void"
                          : ep.stages_d > ep.stages_c
                              ? "StagesD " + std::to_string(ep.stages_d) + " > StagesC " +
                                    std::to_string(ep.stages_c)
                              : "cosize " + std::to_string(per_c) + " != " + std::to_string(per_d)) +
              ")");
  }
}

// "kernel_schedule" and "epilogue": the kernel around the collective, for the whole kernel's shared storage
// (docs/spec.md, "The kernel's shared storage").
void kernel_epilogue(const KernelParams& kp, KernelShape& k) {
  const bool ws = k.sm90_ws();
  if (kp.kernel_schedule) {
    k.schedule = *kp.kernel_schedule;
    if (!ws)
      throw SpecError(
          "kernel_schedule",
          "a schedule of the SM90 warp-specialized mainloops (\"mainloop\": "
          "\"MainloopSm90TmaGmmaWarpSpecialized\" or \"MainloopSm90TmaGmmaRmemAWarpSpecialized\"); "
          "MainloopSm90TmaGmma runs "
          "KernelTma, the SM80 mainloops sm70_gemm.hpp's kernel");
    if (k.schedule != "KernelTmaWarpSpecialized" && k.schedule != "KernelTmaWarpSpecializedPingpong" &&
        k.schedule != "KernelTmaWarpSpecializedCooperative")
      throw SpecError("kernel_schedule",
                      "unknown schedule '" + printable(k.schedule) +
                          "'; tvlab models KernelTmaWarpSpecialized, "
                          "KernelTmaWarpSpecializedPingpong, KernelTmaWarpSpecializedCooperative");
  }
  if (!kp.epilogue) return;
  const EpilogueConfig& e = *kp.epilogue;
  if (k.mainloop.rfind("MainloopSm", 0) != 0)
    throw SpecError(kEpilogue,
                    "the kernel's epilogue is modelled for CUTLASS's SM80 and SM90 kernels: give "
                    "\"mainloop\" (MainloopSm80CpAsync..., MainloopSm90TmaGmma...)");
  if (ws && k.schedule.empty())
    throw SpecError("kernel_schedule",
                    "the kernel's shared storage depends on its schedule: give \"kernel_schedule\" "
                    "(KernelTmaWarpSpecialized, KernelTmaWarpSpecializedPingpong or "
                    "KernelTmaWarpSpecializedCooperative) with \"epilogue\"");
  if (!e.collective)
    throw SpecError(
        spec_path(kEpilogue, "collective"),
        "give the collective epilogue: DefaultEpilogue, Sm70EpilogueVectorized or Sm90TmaWarpSpecialized");
  EpilogueShape ep;
  ep.collective = *e.collective;
  if (epilogue_parameters(ep.collective).empty())
    throw SpecError(spec_path(kEpilogue, "collective"),
                    "unknown collective epilogue '" + printable(ep.collective) +
                        "'; tvlab models DefaultEpilogue, Sm70EpilogueVectorized, Sm90TmaWarpSpecialized");
  only_parameters_of(e, ep.collective);
  if (ep.collective == "Sm70EpilogueVectorized") {
    if (!e.accumulator || !e.smem_layout)
      throw SpecError(spec_path(kEpilogue, e.accumulator ? "smem_layout" : "accumulator"),
                      "Sm70EpilogueVectorized's SharedStorage is array_aligned<ElementAccumulator, "
                      "cosize(SmemLayout)>: give \"accumulator\" and \"smem_layout\"");
    EpilogueArray a;
    a.type = *e.accumulator;
    a.bits = value_type_at(a.type, spec_path(kEpilogue, "accumulator")).bits;
    const SmemLayout l = smem_layout_at(*e.smem_layout, spec_path(kEpilogue, "smem_layout"));
    a.elements = std::visit([](const auto& v) { return cosize(v); }, l);
    a.layout = to_string(l);
    ep.staging = a;
  } else if (ep.collective == "Sm90TmaWarpSpecialized") {
    sm90_epilogue(e, k, ws, ep);
  }
  k.epilogue = ep;
}

const char* const kMainloops[] = {"MainloopSm80CpAsync",
                                  "MainloopSm80CpAsyncUnpredicated",
                                  "MainloopSm90TmaGmma",
                                  "MainloopSm90TmaGmmaWarpSpecialized",
                                  "MainloopSm90TmaGmmaRmemAWarpSpecialized",
                                  "MainloopXeL1Staged",
                                  "MainloopIntelXeXMX16",
                                  "MainloopIntelXeXMX16MixedPrecision"};

void mainloop(const KernelParams& kp, KernelShape& k) {
  if (kp.stages) {
    if (*kp.stages < 1 || *kp.stages > 64)
      throw SpecError("stages", "expected an integer from 1 to 64 (the pipeline's Stages)");
    k.stages = *kp.stages;
  }
  if (!kp.mainloop) return;
  k.mainloop = *kp.mainloop;
  if (std::find(std::begin(kMainloops), std::end(kMainloops), k.mainloop) == std::end(kMainloops)) {
    std::string list;
    for (const char* n : kMainloops) list += (list.empty() ? "" : ", ") + std::string(n);
    throw SpecError("mainloop",
                    "unknown dispatch policy '" + printable(k.mainloop) + "'; tvlab models " + list);
  }
  if (k.mainloop.rfind("MainloopSm80CpAsync", 0) == 0 && k.stages < 2)
    throw SpecError("stages", "CpAsync mainloop must have at least 2 stages in the pipeline (" +
                                  std::to_string(k.stages) + " given)");
  if (k.sm90_tma() && k.stages < 2)
    throw SpecError("stages", "Specialization requires Stages set to value 2 or more (" +
                                  std::to_string(k.stages) + " given)");
}

void cluster_and_problem(const KernelParams& kp, KernelShape& k) {
  if (kp.cluster_shape) {
    const std::vector<int64_t>& v = *kp.cluster_shape;
    check_ints(v, "cluster_shape", 1, 3);
    if (v.size() != 3) throw SpecError("cluster_shape", "expected [x, y, z], 3 positive integers");
    if (v[0] * v[1] * v[2] > 16)
      throw SpecError("cluster_shape", "a cluster has at most 16 CTAs (8 portably), not " +
                                           std::to_string(v[0] * v[1] * v[2]));
    for (int i = 0; i < 3; ++i) k.cluster[i] = v[i];
    if (v[0] * v[1] * v[2] > 1 && !k.sm90_tma())
      throw SpecError("cluster_shape",
                      "thread block clusters are modelled for the SM90 TMA mainloops "
                      "(\"mainloop\": \"MainloopSm90TmaGmma...\")");
  }
  if (kp.problem) {
    const std::vector<int64_t>& v = *kp.problem;
    check_ints(v, "problem", 1, 4);
    if (v.size() < 3) throw SpecError("problem", "expected [M, N, K] or [M, N, K, L], positive integers");
    for (std::size_t i = 0; i < v.size(); ++i)
      if (v[i] > (int64_t(1) << 31) - 1)
        throw SpecError(spec_index("problem", i),
                        "expected at most 2^31 - 1 (GemmUniversal's problem shape is int)");
    k.problem = std::array<int64_t, 4>{v[0], v[1], v[2], v.size() == 4 ? v[3] : 1};
  }
}

void arch(const KernelParams& kp, const TiledMMA& mma, KernelShape& k) {
  if (k.sm90_tma()) {
    const std::string& an = mma.atom.name;
    const bool gmma = an.rfind("SM90_64x", 0) == 0, rs = an.find("_RS") != std::string::npos;
    // sm90_mma_tma_gmma_rs_warpspecialized.hpp: FrgTypeA is not a GMMA::DescriptorIterator, FrgTypeB is.
    if (k.rmem_a() && !(gmma && rs))
      throw SpecError("mma.atom",
                      "MMA atom must source A from rmem and B operand from smem_desc for this mainloop: " +
                          mma.atom.name + " is not an SM90 GMMA _RS atom");
    if (!k.rmem_a() && !(gmma && !rs))
      throw SpecError("mma.atom",
                      "MMA atom must source both A and B operand from smem_desc for this mainloop: " +
                          mma.atom.name + " is not an SM90 GMMA _SS atom");
  }
  const std::string& atom_arch = mma.atom.arch;
  k.arch = k.mainloop.rfind("MainloopSm80", 0) == 0                              ? "sm80"
           : k.sm90_tma()                                                        ? "sm90"
           : k.mainloop.rfind("Mainloop", 0) == 0                                ? "xe"
           : atom_arch.rfind("xe", 0) == 0                                       ? "xe"
           : atom_arch == "sm90" || atom_arch == "sm100" || atom_arch == "sm120" ? atom_arch
                                                                                 : "sm80";
  if (kp.arch) {
    static const char* const archs[] = {"sm80", "sm86", "sm87", "sm89", "sm90", "sm100", "sm120", "xe"};
    if (std::find(std::begin(archs), std::end(archs), *kp.arch) == std::end(archs))
      throw SpecError("arch", "expected one of sm80, sm86, sm87, sm89, sm90, sm100, sm120, xe");
    k.arch = *kp.arch;
  }
}
}  // namespace

std::optional<KernelShape> kernel_shape(const KernelConfig& c, const std::optional<TiledMMA>& mma) {
  const KernelParams& kp = c.kernel;
  if (!kp.cta_tile) {
    for (auto [key, given] : {std::pair{"stages", kp.stages.has_value()},
                              {"mainloop", kp.mainloop.has_value()},
                              {"arch", kp.arch.has_value()},
                              {"cluster_shape", kp.cluster_shape.has_value()},
                              {"problem", kp.problem.has_value()},
                              {"kernel_schedule", kp.kernel_schedule.has_value()},
                              {"epilogue", kp.epilogue.has_value()}})
      if (given)
        throw SpecError(key, "describes the collective around a CTA tile: give \"cta_tile\": [M, N, K] too");
    return std::nullopt;
  }
  if (!mma) throw SpecError("cta_tile", "a CTA tile is tiled by a TiledMMA: give \"mma\" too");
  if (mma->atom.printed)
    throw SpecError("cta_tile",
                    "the MMA is known only from its print: the collective's rules (architecture, shared "
                    "memory budget, mainloop) need the atom's identity; give \"atom\" next to \"print\" "
                    "in \"mma\"");
  KernelShape k;
  const std::vector<int64_t>& t = *kp.cta_tile;
  check_ints(t, "cta_tile", 1, 3);
  if (t.size() != 3) throw SpecError("cta_tile", "expected [M, N, K], 3 positive integers");
  for (std::size_t i = 0; i < 3; ++i) {
    if (t[i] > (int64_t(1) << 16)) throw SpecError(spec_index("cta_tile", i), "expected at most 65536");
    k.cta_tile[i] = t[i];
  }
  mainloop(kp, k);
  cluster_and_problem(kp, k);
  arch(kp, *mma, k);
  kernel_epilogue(kp, k);
  return k;
}

}  // namespace tvlab::model
