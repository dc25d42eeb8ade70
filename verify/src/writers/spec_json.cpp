#include "tvlab/verify/writers/spec_json.hpp"

#include "tvlab/verify/model/spec_error.hpp"

namespace tvlab {

namespace {
using ojson = nlohmann::ordered_json;

ojson notation(const Notation& n) {
  if (const auto* i = std::get_if<int64_t>(&n)) return *i;
  return std::get<std::string>(n);
}

ojson tiler(const TilerConfig& t) {
  if (const auto* s = std::get_if<std::string>(&t)) return *s;
  ojson a = ojson::array();
  for (const Notation& m : std::get<std::vector<Notation>>(t)) a.push_back(notation(m));
  return a;
}

template <class T>
void put(ojson& j, const char* key, const std::optional<T>& v) {
  if (v) j[key] = *v;
}
void put(ojson& j, const char* key, const std::optional<Notation>& v) {
  if (v) j[key] = notation(*v);
}

ojson copy_json(const CopyConfig& c, const std::string& path) {
  if (c.name) return *c.name;
  if (c.print) throw SpecError(path + ".print", "a printed copy has no JSON form but the print's text");
  ojson j = ojson::object();
  put(j, "atom", c.atom);
  put(j, "value_type", c.value_type);
  put(j, "from_mma", c.from_mma);
  put(j, "thr_layout", c.thr_layout);
  put(j, "val_layout", c.val_layout);
  put(j, "ref", c.ref);
  if (c.tma) {
    ojson t = ojson::object();
    t["shape"] = c.tma->shape;
    t["stride"] = c.tma->stride;
    put(t, "multicast", c.tma->multicast);
    put(t, "base_align", c.tma->base_align);
    put(t, "arch", c.tma->arch);
    put(t, "ld_alignment", c.tma->ld_alignment);
    j["tma"] = t;
  }
  return j;
}

ojson operand_json(const OperandConfig& o) {
  const std::string path = "operands." + o.name;
  ojson j = ojson::object();
  put(j, "type", o.type);
  put(j, "contiguous", o.contiguous);
  if (o.gmem) {
    ojson g = ojson::object();
    put(g, "layout", o.gmem->layout);
    put(g, "alignment", o.gmem->alignment);
    j["gmem"] = g;
  }
  if (o.copy) j["copy"] = copy_json(*o.copy, path + ".copy");
  if (o.smem) {
    ojson s = ojson::object();
    put(s, "layout", o.smem->layout);
    put(s, "atom", o.smem->atom);
    for (auto [key, c] : {std::pair{"g2s", &o.smem->g2s}, {"s2r", &o.smem->s2r}, {"r2s", &o.smem->r2s}})
      if (*c) s[key] = copy_json(**c, path + ".smem." + key);
    j["smem"] = s;
  }
  put(j, "shape", o.shape);
  put(j, "stride", o.stride);
  put(j, "pitch_bytes", o.pitch_bytes);
  put(j, "base_align", o.base_align);
  put(j, "reorder", o.reorder);
  put(j, "slm", o.slm);
  if (o.subtile) {
    ojson s = ojson::object();
    put(s, "tv", o.subtile->tv);
    put(s, "shape", o.subtile->shape);
    put(s, "sg_layout", o.subtile->sg_layout);
    j["subtile"] = s;
  }
  return j;
}

ojson tensor_json(const CopyTensorConfig& t) {
  if (t.layout_only) return t.layout;
  ojson j = ojson::object();
  j["layout"] = t.layout;
  put(j, "memory", t.memory);
  return j;
}

ojson epilogue_json(const EpilogueConfig& e) {
  ojson j = ojson::object();
  put(j, "collective", e.collective);
  put(j, "accumulator", e.accumulator);
  put(j, "smem_layout", e.smem_layout);
  put(j, "tile", e.tile);
  put(j, "stages_c", e.stages_c);
  put(j, "stages_d", e.stages_d);
  put(j, "reuse_smem_c", e.reuse_smem_c);
  put(j, "fusion", e.fusion);
  for (auto [key, x] : {std::pair{"C", &e.c}, {"D", &e.d}})
    if (*x) {
      ojson o = ojson::object();
      put(o, "type", (*x)->type);
      put(o, "layout", (*x)->layout);
      put(o, "smem_atom", (*x)->smem_atom);
      j[key] = o;
    }
  return j;
}
}  // namespace

ojson config_to_json(const KernelConfig& c) {
  ojson j = ojson::object();
  if (!c.name.empty()) j["name"] = c.name;
  const KernelParams& k = c.kernel;
  put(j, "cta_tile", k.cta_tile);
  put(j, "stages", k.stages);
  put(j, "mainloop", k.mainloop);
  put(j, "arch", k.arch);
  put(j, "kernel_schedule", k.kernel_schedule);
  put(j, "cluster_shape", k.cluster_shape);
  put(j, "problem", k.problem);
  if (k.epilogue) j["epilogue"] = epilogue_json(*k.epilogue);
  if (c.mma) {
    const MmaConfig& m = *c.mma;
    if (m.print) throw SpecError("mma.print", "a printed MMA has no JSON form but the print's text");
    ojson mj = ojson::object();
    put(mj, "atom", m.atom);
    put(mj, "tile", m.tile);
    put(mj, "sg_layout", m.sg_layout);
    put(mj, "atom_layout", m.atom_layout);
    if (m.permutation) mj["permutation"] = tiler(*m.permutation);
    j["mma"] = mj;
  }
  if (c.operands_given || !c.operands.empty()) {
    ojson ops = ojson::object();
    for (const OperandConfig& o : c.operands) ops[o.name] = operand_json(o);
    j["operands"] = ops;
  }
  if (!c.copies.empty()) {
    ojson cs = ojson::object();
    for (const StandaloneCopyConfig& s : c.copies) {
      ojson one = copy_json(s.copy, "copies." + s.name);
      put(one, "operand", s.operand);
      if (s.src) one["src"] = tensor_json(*s.src);
      if (s.dst) one["dst"] = tensor_json(*s.dst);
      put(one, "block", s.block);
      cs[s.name] = one;
    }
    j["copies"] = cs;
  }
  if (c.tmem) {
    ojson t = ojson::object();
    put(t, "copy", c.tmem->copy);
    put(t, "tile", c.tmem->tile);
    if (c.tmem->epilogue_tile) t["epilogue_tile"] = tiler(*c.tmem->epilogue_tile);
    put(t, "threads", c.tmem->threads);
    put(t, "first_thread", c.tmem->first_thread);
    j["tmem"] = t;
  }
  return j;
}

}  // namespace tvlab
