#include "tvlab/verify/checks/shared_storage.hpp"

#include <algorithm>
#include <cstdlib>
#include <variant>

#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

int64_t round_up(int64_t x, int64_t a) {
  return a <= 1 ? x : (x + a - 1) / a * a;
}

// A member of a SharedStorage struct as the compiler lays it out: a leaf (an array, barriers, an empty
// struct) or an aggregate of members (a struct or a union).
struct Field {
  std::string name;
  std::string type;  // the C++ type, in words
  int64_t size = 0, align = 1;
  std::vector<Field> members;
  int64_t offset = 0;  // within its parent
};

Field leaf(std::string name, std::string type, int64_t size, int64_t align) {
  Field f;
  f.name = std::move(name), f.type = std::move(type), f.size = size, f.align = align;
  return f;
}

// An empty struct (DefaultEpilogue::SharedStorage, the persistent tile scheduler's, LinearCombination's
// fusion storage): one byte.
Field empty(std::string name, std::string type) {
  return leaf(std::move(name), std::move(type) + " (empty: 1 byte)", 1, 1);
}

// struct { members... } with alignas(min_align) (cute::aligned_struct<N> as a base: no bytes, its alignment).
Field make_struct(std::string name, std::string type, std::vector<Field> members, int64_t min_align = 1) {
  Field s;
  s.name = std::move(name), s.type = std::move(type), s.align = min_align;
  int64_t end = 0;
  for (Field& m : members) {
    m.offset = round_up(end, m.align);
    end = m.offset + m.size;
    s.align = std::max(s.align, m.align);
  }
  s.size = members.empty() ? std::max<int64_t>(1, s.align) : round_up(end, s.align);
  s.members = std::move(members);
  return s;
}

Field make_union(std::string name, std::string type, std::vector<Field> members) {
  Field u;
  u.name = std::move(name), u.type = std::move(type);
  int64_t big = 0;
  for (const Field& m : members) big = std::max(big, m.size), u.align = std::max(u.align, m.align);
  u.size = round_up(big, u.align);
  u.members = std::move(members);
  return u;
}

// A member declared alignas(a): its offset aligned to a, its size its type's.
Field aligned(Field f, int64_t a) {
  f.align = std::max(f.align, a);
  f.type = "alignas(" + std::to_string(a) + ") " + f.type;
  return f;
}

// cute::array_aligned<T, N> (16-byte aligned; ArrayEngine<T, N> holds one for whole-byte T).
Field array_aligned(std::string name, const std::string& type, int bits, int64_t elements,
                    const std::string& layout) {
  return leaf(std::move(name),
              "array_aligned<" + type + ", " + std::to_string(elements) + "> (cosize of " + layout + ")",
              round_up(elements * (bits / 8), 16), 16);
}

// PipelineTmaAsync<S> / PipelineTransactionAsync<S>::SharedStorage: S full and S empty 8-byte barriers;
// with S = 0 two empty cute::array<Barrier, 0> (2 bytes).
Field barriers(std::string name, const std::string& pipeline, int64_t stages) {
  const std::string type = pipeline + "<" + std::to_string(stages) + ">::SharedStorage";
  if (stages == 0) return leaf(std::move(name), type + " (two empty arrays: 2 bytes)", 2, 1);
  return leaf(std::move(name), type + " (" + std::to_string(2 * stages) + " barriers of 8 bytes)",
              16 * stages, 8);
}

void add_steps(const Field& f, const std::string& path, int64_t base, std::vector<ProofStep>& out) {
  const std::string p = path.empty() ? f.name : path + "." + f.name;
  const int64_t at = base + f.offset;
  out.push_back({p + ": " + f.type, "offset " + std::to_string(at) + ", alignment " + std::to_string(f.align),
                 std::to_string(f.size) + " B"});
  for (const Field& m : f.members) add_steps(m, p, at, out);
}

std::string bytes(int64_t b) {
  return std::to_string(b) + " B";
}

// The mainloop's arrays of A and B (array_aligned each).
std::vector<Field> operand_arrays(const std::vector<SmemArray>& ab, bool sm90) {
  std::vector<Field> out;
  for (const SmemArray& a :
       ab)  // sm80_mma_multistage.hpp names them smem_a, smem_b; the SM90 ones smem_A, smem_B
    out.push_back(array_aligned("smem_" + (sm90 || (a.name != "A" && a.name != "B") ? a.name
                                           : a.name == "A"                          ? "a"
                                                                                    : "b"),
                                a.type, a.bits, a.elements, a.layout));
  return out;
}

// The epilogue's SharedStorage as a standalone struct (sm70_gemm.hpp and sm90_gemm_tma.hpp take its sizeof).
Field epilogue_shared_storage(const EpilogueShape& e) {
  if (e.collective == "Sm70EpilogueVectorized") {
    const EpilogueArray& s = *e.staging;
    return make_struct("epilogue", "Sm70EpilogueVectorized::SharedStorage",
                       {array_aligned("smem_epilogue", s.type, s.bits, s.elements, s.layout)});
  }
  return empty("epilogue", "DefaultEpilogue::SharedStorage");
}

// Sm90TmaWarpSpecialized's TensorStorage { collective; thread } (sm90_epilogue_tma_warpspecialized.hpp).
Field sm90_epilogue_tensors(const EpilogueShape& e) {
  const EpilogueArray& c = *e.c;
  const EpilogueArray& d = *e.d;
  auto engine = [](const char* name, const EpilogueArray& a) {
    return leaf(
        name, "ArrayEngine<" + a.type + ", " + std::to_string(a.elements) + "> (cosize of " + a.layout + ")",
        round_up(a.elements * (a.bits / 8), 16), 16);
  };
  Field collective;
  if (c.bits == 0) {
    collective = make_union(
        "collective", "CollectiveStorageWithoutC (union)",
        {empty("smem_C", "cute::array<" + d.type + ", 0>"), aligned(engine("smem_D", d), d.alignment)});
  } else if (e.reuse_smem_c) {
    const int64_t a = std::max(c.alignment, d.alignment);
    collective = make_union("collective", "CollectiveStorageReuseC (union)",
                            {aligned(engine("smem_C", c), a), aligned(engine("smem_D", d), a)});
  } else {
    collective =
        make_struct("collective", "CollectiveStorageWithC",
                    {aligned(engine("smem_C", c), c.alignment), aligned(engine("smem_D", d), d.alignment)});
  }
  return make_struct("epilogue", "CollectiveEpilogue::TensorStorage",
                     {collective, empty("thread", e.fusion + " FusionCallbacks::SharedStorage")});
}

// The epilogue's TensorStorage and PipelineStorage in an SM90 warp-specialized kernel (the others through
// Sm90TmaWarpSpecializedAdapter: their SharedStorage and PipelineTransactionAsync<0>).
std::pair<Field, Field> sm90_epilogue_parts(const EpilogueShape& e) {
  if (e.collective == "Sm90TmaWarpSpecialized")
    return {sm90_epilogue_tensors(e), barriers("epi_load", "PipelineTransactionAsync", e.stages_c)};
  return {epilogue_shared_storage(e), barriers("epi_load", "PipelineTransactionAsync", 0)};
}

bool sub_byte(int bits) {
  return bits % 8 != 0;
}

}  // namespace

SharedStorageFigure shared_storage(const KernelShape& k, const std::vector<SmemArray>& ab) {
  SharedStorageFigure out;
  for (const SmemArray& a : ab)
    if (sub_byte(a.bits))
      out.unsupported = a.name + "'s " + a.type +
                        " is a sub-byte type: the size of its array_aligned (sizeof(" + a.type +
                        ") per element) is not modelled";
  if (k.epilogue)
    for (const auto* a : {&k.epilogue->c, &k.epilogue->d, &k.epilogue->staging})
      if (*a && sub_byte((*a)->bits))
        out.unsupported =
            "the epilogue's " + (*a)->type + " is a sub-byte type: its array_subbyte is not modelled";
  if (!out.unsupported.empty()) return out;

  const bool sm80 = k.mainloop.rfind("MainloopSm80", 0) == 0;
  const bool sm90_ws = k.sm90_ws();
  const bool sm90_tma = k.mainloop == "MainloopSm90TmaGmma";
  std::vector<Field> top;  // the parts the summary names
  int64_t root_align = 1;  // GemmUniversal::SharedStorage's alignment (SM90 warp-specialized kernels)
  if (!sm80 && !sm90_ws && !sm90_tma) {
    // No collective named: the arrays themselves.
    out.scope = "mainloop only";
    out.kernel =
        "the staged operands: their cosize x sizeof(T) (no CUTLASS mainloop whose SharedStorage tvlab lays "
        "out)";
    for (const SmemArray& a : ab) {
      const int64_t b = a.elements * a.bits / 8;
      top.push_back(
          leaf(a.name, a.type + "[" + std::to_string(a.elements) + "] (cosize of " + a.layout + ")", b, 1));
      top.back().offset = out.bytes;
      out.bytes += b;
    }
  } else if (!k.epilogue) {
    out.scope = "mainloop only";
    if (sm90_ws) {
      // What the mainloop adds to any SM90 warp-specialized kernel: its TensorStorage and PipelineStorage.
      out.kernel = std::string(k.rmem_a() ? "sm90_mma_tma_gmma_rs_warpspecialized.hpp"
                                          : "sm90_mma_tma_gmma_ss_warpspecialized.hpp") +
                   ": sizeof(TensorStorage) + sizeof(PipelineStorage)";
      top.push_back(make_struct("mainloop.tensors", "aligned_struct<128> TensorStorage",
                                operand_arrays(ab, true), 128));
      top.push_back(barriers("mainloop.pipeline", "PipelineTmaAsync", k.stages));
      top.back().offset = top.front().size;
      out.bytes = top.front().size + top.back().size;
    } else {
      out.kernel = sm80 ? "sm80_mma_multistage.hpp: sizeof(SharedStorage)"
                        : "sm90_mma_tma_gmma_ss.hpp: sizeof(SharedStorage)";
      std::vector<Field> m = operand_arrays(ab, !sm80);
      if (sm90_tma) m.push_back(aligned(barriers("pipeline_storage", "PipelineTmaAsync", k.stages), 16));
      top.push_back(make_struct("mainloop", "CollectiveMainloop::SharedStorage", std::move(m)));
      out.bytes = top.front().size;
    }
  } else if (sm80 || sm90_tma) {
    const EpilogueShape& e = *k.epilogue;
    out.scope = "kernel";
    out.kernel =
        sm80 ? "sm70_gemm.hpp: SharedStorageSize = max(sizeof(CollectiveMainloop::SharedStorage), "
               "sizeof(CollectiveEpilogue::SharedStorage))"
             : "sm90_gemm_tma.hpp: SharedStorageSize = max(sizeof(CollectiveMainloop::SharedStorage), "
               "sizeof(CollectiveEpilogue::SharedStorage))";
    std::vector<Field> m = operand_arrays(ab, !sm80);
    if (sm90_tma) m.push_back(aligned(barriers("pipeline_storage", "PipelineTmaAsync", k.stages), 16));
    top.push_back(make_struct("mainloop", "CollectiveMainloop::SharedStorage", std::move(m)));
    top.push_back(epilogue_shared_storage(e));
    out.bytes = std::max(top[0].size, top[1].size);
  } else {
    const EpilogueShape& e = *k.epilogue;
    out.scope = "kernel";
    auto [epi_tensors, epi_pipe] = sm90_epilogue_parts(e);
    Field ml_tensors = make_struct("mainloop", "aligned_struct<128> CollectiveMainloop::TensorStorage",
                                   operand_arrays(ab, true), 128);
    Field ml_pipe = barriers("mainloop", "PipelineTmaAsync", k.stages);
    epi_tensors.name = "epilogue";
    Field root;
    if (k.schedule == "KernelTmaWarpSpecialized") {
      out.kernel =
          "sm90_gemm_tma_warpspecialized.hpp: struct SharedStorage { union TensorStorage tensors; "
          "PipelineStorage pipelines; }";
      root = make_struct("SharedStorage", "GemmUniversal::SharedStorage",
                         {make_union("tensors", "union TensorStorage", {ml_tensors, epi_tensors}),
                          make_struct("pipelines", "aligned_struct<16> PipelineStorage",
                                      {aligned(ml_pipe, 16), aligned(epi_pipe, 16)}, 16)});
    } else {
      const bool ping = k.schedule == "KernelTmaWarpSpecializedPingpong";
      out.kernel = std::string(ping ? "sm90_gemm_tma_warpspecialized_pingpong.hpp"
                                    : "sm90_gemm_tma_warpspecialized_cooperative.hpp") +
                   ": struct SharedStorage { PipelineStorage pipelines; alignas(16) TileSchedulerStorage "
                   "scheduler; TensorStorage tensors { epilogue; mainloop }; }";
      std::vector<Field> pipes = {aligned(ml_pipe, 16), aligned(epi_pipe, 16)};
      if (ping)
        pipes.push_back(aligned(
            leaf("math_wg_order", "OrderedSequenceBarrierSharedStorage<2, 2> (4 barriers of 8 bytes)", 32, 8),
            16));
      pipes.push_back(aligned(
          leaf("load_order", "OrderedSequenceBarrier<1, 2>::SharedStorage (2 barriers of 8 bytes)", 16, 8),
          16));
      root = make_struct(
          "SharedStorage", "GemmUniversal::SharedStorage",
          {make_struct("pipelines", "aligned_struct<16> PipelineStorage", std::move(pipes), 16),
           aligned(empty("scheduler", "PersistentTileSchedulerSm90::SharedStorage"), 16),
           make_struct("tensors", "aligned_struct<128> TensorStorage", {epi_tensors, ml_tensors}, 128)});
    }
    out.bytes = root.size;
    root_align = root.align;
    for (const Field& f : root.members) top.push_back(f);
    out.steps.push_back({"GemmUniversal::SharedStorage (" + out.kernel + ")",
                         "alignment " + std::to_string(root.align), bytes(root.size)});
  }
  // One struct (a mainloop's SharedStorage alone): its members, A's and B's arrays.
  const std::vector<Field>& named = top.size() == 1 && !top[0].members.empty() ? top[0].members : top;
  for (const Field& f : named)
    out.parts += (out.parts.empty() ? "" : " + ") + f.name + " " + bytes(f.size) +
                 (f.offset ? " at " + std::to_string(f.offset) : std::string());
  if (&named != &top) out.parts = top[0].name + " { " + out.parts + " }";
  // A struct's size rounded up to its alignment: the padding after its last member, said.
  if (!named.empty() && out.bytes > named.back().offset + named.back().size && out.scope == "kernel" &&
      !sm80 && !sm90_tma)
    out.parts += " + " + bytes(out.bytes - named.back().offset - named.back().size) +
                 " padding to the struct's " + std::to_string(root_align) + "-byte alignment";
  for (const Field& f : top) add_steps(f, "", 0, out.steps);
  if (out.scope == "kernel" && (sm80 || sm90_tma))
    out.parts = "max(" + out.parts.replace(out.parts.find(" + "), 3, ", ") + ")";
  return out;
}

}  // namespace tvlab
