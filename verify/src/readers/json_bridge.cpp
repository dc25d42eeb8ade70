#include "tvlab/verify/readers/json_bridge.hpp"

#include <algorithm>

#include "tvlab/verify/model/spec_error.hpp"

namespace tvlab {

namespace {

using json = nlohmann::json;

std::string join(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}

// The members of an object; a key not in `known` is a warning.
const json& object_at(const json& j, const std::string& path, std::initializer_list<const char*> known,
                      KernelConfig& c) {
  if (!j.is_object()) throw SpecError(path, "expected an object");
  for (auto it = j.begin(); it != j.end(); ++it)
    if (std::none_of(known.begin(), known.end(), [&](const char* k) { return it.key() == k; }))
      c.warnings.push_back({"unknown key", join(path, it.key()), "ignored"});
  return j;
}

const json* member(const json& j, const char* key) {
  const auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

std::string str(const json& j, const std::string& path) {
  if (!j.is_string()) throw SpecError(path, "expected a string");
  return j.get<std::string>();
}

int64_t integer(const json& j, const std::string& path) {
  if (!j.is_number_integer()) throw SpecError(path, "expected an integer");
  return j.get<int64_t>();
}

bool boolean(const json& j, const std::string& path) {
  if (!j.is_boolean()) throw SpecError(path, "expected true or false");
  return j.get<bool>();
}

std::vector<int64_t> integers(const json& j, const std::string& path) {
  if (!j.is_array()) throw SpecError(path, "expected an array of integers");
  std::vector<int64_t> out;
  for (size_t i = 0; i < j.size(); ++i) out.push_back(integer(j[i], path + "[" + std::to_string(i) + "]"));
  return out;
}

template <size_t N>
std::array<int64_t, N> fixed(const json& j, const std::string& path) {
  const std::vector<int64_t> v = integers(j, path);
  if (v.size() != N) throw SpecError(path, "expected " + std::to_string(N) + " integers");
  std::array<int64_t, N> a{};
  std::copy(v.begin(), v.end(), a.begin());
  return a;
}

Notation notation(const json& j, const std::string& path) {
  if (j.is_number_integer()) return j.get<int64_t>();
  return str(j, path);
}

TilerConfig tiler(const json& j, const std::string& path) {
  if (j.is_string()) return j.get<std::string>();
  if (!j.is_array()) throw SpecError(path, "expected a tiler: a string or an array of modes");
  std::vector<Notation> modes;
  for (size_t i = 0; i < j.size(); ++i) modes.push_back(notation(j[i], path + "[" + std::to_string(i) + "]"));
  return modes;
}

// Sets `out` from j[key] when present.
template <class T, class F>
void opt(const json& j, const char* key, const std::string& path, std::optional<T>& out, F read) {
  if (const json* v = member(j, key)) out = read(*v, join(path, key));
}

void copy_fields(const json& j, const std::string& path, CopyConfig& c) {
  if (member(j, "print")) throw SpecError(join(path, "print"), "a printed copy is build_plan's to read");
  opt(j, "atom", path, c.atom, str);
  opt(j, "from_mma", path, c.from_mma, boolean);
  opt(j, "thr_layout", path, c.thr_layout, notation);
  opt(j, "val_layout", path, c.val_layout, notation);
  opt(j, "value_type", path, c.value_type, str);
  opt(j, "ref", path, c.ref, str);
}

CopyConfig copy_of(const json& j, const std::string& path, std::initializer_list<const char*> known,
                   KernelConfig& k) {
  if (j.is_string()) return CopyConfig::named(j.get<std::string>());
  object_at(j, path, known, k);
  CopyConfig c;
  copy_fields(j, path, c);
  if (const json* t = member(j, "tma")) {
    const std::string tp = join(path, "tma");
    object_at(*t, tp, {"shape", "stride", "multicast", "base_align", "arch"}, k);
    TmaConfig& tma = c.tma.emplace();
    if (const json* v = member(*t, "shape")) tma.shape = integers(*v, join(tp, "shape"));
    if (const json* v = member(*t, "stride")) tma.stride = integers(*v, join(tp, "stride"));
    opt(*t, "multicast", tp, tma.multicast, integer);
    opt(*t, "base_align", tp, tma.base_align, integer);
    opt(*t, "arch", tp, tma.arch, str);
  }
  return c;
}

void read_operand(const json& j, const std::string& path, OperandConfig& o, KernelConfig& k) {
  object_at(j, path,
            {"type", "contiguous", "copy", "shape", "pitch_bytes", "base_align", "reorder", "slm", "stride",
             "subtile", "smem", "gmem"},
            k);
  opt(j, "type", path, o.type, str);
  opt(j, "contiguous", path, o.contiguous, str);
  if (const json* g = member(j, "gmem")) {
    const std::string gp = join(path, "gmem");
    object_at(*g, gp, {"layout", "alignment"}, k);
    GmemConfig& gm = o.gmem.emplace();
    if (const json* l = member(*g, "layout")) gm.layout = str(*l, join(gp, "layout"));
    opt(*g, "alignment", gp, gm.alignment, integer);
  }
  if (const json* c = member(j, "copy"))
    o.copy = copy_of(*c, join(path, "copy"),
                     {"atom", "from_mma", "thr_layout", "val_layout", "tma", "print", "ref"}, k);
  if (const json* s = member(j, "smem")) {
    const std::string sp = join(path, "smem");
    object_at(*s, sp, {"layout", "atom", "g2s", "s2r", "r2s"}, k);
    SmemConfig& sm = o.smem.emplace();
    opt(*s, "layout", sp, sm.layout, str);
    opt(*s, "atom", sp, sm.atom, str);
    for (auto [key, slot] : {std::pair{"g2s", &sm.g2s}, {"s2r", &sm.s2r}, {"r2s", &sm.r2s}})
      if (const json* c = member(*s, key))
        *slot = copy_of(*c, join(sp, key), {"atom", "from_mma", "thr_layout", "val_layout", "value_type"}, k);
  }
  opt(j, "shape", path, o.shape, fixed<2>);
  opt(j, "stride", path, o.stride, fixed<2>);
  opt(j, "pitch_bytes", path, o.pitch_bytes, integer);
  opt(j, "base_align", path, o.base_align, integer);
  opt(j, "reorder", path, o.reorder, str);
  opt(j, "slm", path, o.slm, boolean);
  if (const json* s = member(j, "subtile")) {
    const std::string sp = join(path, "subtile");
    object_at(*s, sp, {"tv", "shape", "sg_layout"}, k);
    SubtileConfig& st = o.subtile.emplace();
    opt(*s, "tv", sp, st.tv, notation);
    opt(*s, "shape", sp, st.shape, fixed<2>);
    opt(*s, "sg_layout", sp, st.sg_layout, notation);
  }
}

CopyTensorConfig tensor_of(const json& j, const std::string& path, KernelConfig& k) {
  CopyTensorConfig t;
  if (j.is_string()) {
    t.layout = j.get<std::string>();
    t.layout_only = true;
    return t;
  }
  object_at(j, path, {"layout", "memory"}, k);
  if (const json* l = member(j, "layout")) t.layout = str(*l, join(path, "layout"));
  opt(j, "memory", path, t.memory, str);
  return t;
}

EpilogueConfig epilogue_of(const json& j, KernelConfig& k) {
  object_at(j, "epilogue",
            {"collective", "accumulator", "smem_layout", "tile", "stages_c", "stages_d", "reuse_smem_c",
             "fusion", "C", "D"},
            k);
  EpilogueConfig e;
  opt(j, "collective", "epilogue", e.collective, str);
  opt(j, "accumulator", "epilogue", e.accumulator, str);
  opt(j, "smem_layout", "epilogue", e.smem_layout, str);
  opt(j, "tile", "epilogue", e.tile, integers);
  opt(j, "stages_c", "epilogue", e.stages_c, integer);
  opt(j, "stages_d", "epilogue", e.stages_d, integer);
  opt(j, "reuse_smem_c", "epilogue", e.reuse_smem_c, boolean);
  opt(j, "fusion", "epilogue", e.fusion, str);
  for (auto [key, slot] : {std::pair{"C", &e.c}, {"D", &e.d}})
    if (const json* x = member(j, key)) {
      const std::string xp = join("epilogue", key);
      object_at(*x, xp, {"type", "layout", "smem_atom"}, k);
      EpilogueOperandConfig& eo = slot->emplace();
      opt(*x, "type", xp, eo.type, str);
      opt(*x, "layout", xp, eo.layout, str);
      opt(*x, "smem_atom", xp, eo.smem_atom, str);
    }
  return e;
}

}  // namespace

KernelConfig config_from_json(const json& spec) {
  KernelConfig c;
  object_at(spec, "",
            {"name", "mma", "operands", "copies", "checks", "$schema", "description", "cta_tile", "stages",
             "mainloop", "arch", "cluster_shape", "problem", "tmem", "kernel_schedule", "epilogue"},
            c);
  if (const json* n = member(spec, "name")) c.name = str(*n, "name");
  KernelParams& k = c.kernel;
  opt(spec, "cta_tile", "", k.cta_tile, integers);
  opt(spec, "stages", "", k.stages, integer);
  opt(spec, "mainloop", "", k.mainloop, str);
  opt(spec, "arch", "", k.arch, str);
  opt(spec, "kernel_schedule", "", k.kernel_schedule, str);
  opt(spec, "cluster_shape", "", k.cluster_shape, integers);
  opt(spec, "problem", "", k.problem, integers);
  if (const json* e = member(spec, "epilogue")) k.epilogue = epilogue_of(*e, c);
  if (const json* m = member(spec, "mma")) {
    object_at(*m, "mma", {"atom", "tile", "sg_layout", "atom_layout", "permutation", "print"}, c);
    if (member(*m, "print")) throw SpecError("mma.print", "a printed MMA is build_plan's to read");
    MmaConfig& mma = c.mma.emplace();
    opt(*m, "atom", "mma", mma.atom, str);
    opt(*m, "tile", "mma", mma.tile, fixed<3>);
    opt(*m, "sg_layout", "mma", mma.sg_layout, notation);
    opt(*m, "atom_layout", "mma", mma.atom_layout, notation);
    opt(*m, "permutation", "mma", mma.permutation, tiler);
  }
  if (const json* ops = member(spec, "operands")) {
    object_at(*ops, "operands", {"A", "B", "C", "D"}, c);
    c.operands_given = true;
    for (const char* x : {"A", "B", "C", "D"})
      if (const json* o = member(*ops, x)) read_operand(*o, join("operands", x), c.operand_or_add(x), c);
  }
  if (const json* cs = member(spec, "copies")) {
    if (!cs->is_object()) throw SpecError("copies", "expected an object");
    for (auto it = cs->begin(); it != cs->end(); ++it) {
      const std::string path = join("copies", it.key());
      object_at(it.value(), path,
                {"atom", "value_type", "from_mma", "operand", "thr_layout", "val_layout", "src", "dst",
                 "print", "ref"},
                c);
      StandaloneCopyConfig& s = c.copies.emplace_back();
      s.name = it.key();
      copy_fields(it.value(), path, s.copy);
      opt(it.value(), "operand", path, s.operand, str);
      if (const json* t = member(it.value(), "src")) s.src = tensor_of(*t, join(path, "src"), c);
      if (const json* t = member(it.value(), "dst")) s.dst = tensor_of(*t, join(path, "dst"), c);
    }
  }
  if (const json* t = member(spec, "tmem")) {
    object_at(*t, "tmem", {"copy", "tile", "epilogue_tile", "threads", "first_thread"}, c);
    TmemConfig& tm = c.tmem.emplace();
    opt(*t, "copy", "tmem", tm.copy, str);
    opt(*t, "tile", "tmem", tm.tile, integers);
    opt(*t, "epilogue_tile", "tmem", tm.epilogue_tile, tiler);
    opt(*t, "threads", "tmem", tm.threads, integer);
    opt(*t, "first_thread", "tmem", tm.first_thread, integer);
  }
  return c;
}

}  // namespace tvlab
