#include "tvlab/verify/readers/json_spec.hpp"

#include <algorithm>
#include <initializer_list>
#include <set>

#include "tvlab/core/error.hpp"
#include "tvlab/verify/model/spec_error.hpp"

namespace tvlab {

namespace {
using json = nlohmann::json;

const json* member(const json& obj, const std::string& key) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

std::string get_string(const json& v, const std::string& path) {
  if (!v.is_string()) throw SpecError(path, "expected a string, got " + std::string(v.type_name()));
  return v.get<std::string>();
}

std::optional<std::string> string_at(const json& obj, const char* key, const std::string& path) {
  const json* v = member(obj, key);
  if (!v) return std::nullopt;
  return get_string(*v, spec_path(path, key));
}

// An integer, or `why` at path (the builder checks its range with the same words).
int64_t integer(const json& v, const std::string& path, const std::string& why) {
  if (!v.is_number_integer()) throw SpecError(path, why);
  return v.get<int64_t>();
}

std::optional<int64_t> integer_at(const json& obj, const char* key, const std::string& path,
                                  const std::string& why) {
  const json* v = member(obj, key);
  if (!v) return std::nullopt;
  return integer(*v, spec_path(path, key), why);
}

std::optional<bool> boolean_at(const json& obj, const char* key, const std::string& path) {
  const json* v = member(obj, key);
  if (!v) return std::nullopt;
  if (!v->is_boolean()) throw SpecError(spec_path(path, key), "expected true or false");
  return v->get<bool>();
}

// An array of integers [x, ...] (build_plan checks how many and their range).
std::vector<int64_t> int_vector(const json& v, const std::string& path, std::size_t max_size) {
  if (!v.is_array() || v.empty() || v.size() > max_size)
    throw SpecError(path, "expected an array of 1 to " + std::to_string(max_size) + " integers");
  std::vector<int64_t> out;
  for (std::size_t i = 0; i < v.size(); ++i)
    out.push_back(integer(v[i], spec_index(path, i), "expected an integer"));
  return out;
}

std::optional<std::vector<int64_t>> int_vector_at(const json& obj, const char* key, const std::string& path,
                                                  std::size_t max_size) {
  const json* v = member(obj, key);
  if (!v) return std::nullopt;
  return int_vector(*v, spec_path(path, key), max_size);
}

// [a, b] of two integers, or `why`.
std::array<int64_t, 2> pair(const json& v, const std::string& path, const std::string& why) {
  if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer())
    throw SpecError(path, why);
  return {v[0].get<int64_t>(), v[1].get<int64_t>()};
}

// A layout or tiler mode: an integer or notation text.
Notation notation(const json& v, const std::string& path) {
  if (v.is_number_integer()) return v.get<int64_t>();
  return get_string(v, path);
}

std::optional<Notation> notation_at(const json& obj, const char* key, const std::string& path) {
  const json* v = member(obj, key);
  if (!v) return std::nullopt;
  return notation(*v, spec_path(path, key));
}

// One of CuTe's print() texts ("print": TEXT), exactly one TiledMMA or TiledCopy.
PrintBlock one_print(const json& v, const std::string& path, const char* want) {
  const std::string text = get_string(v, path);
  std::vector<PrintBlock> blocks;
  try {
    blocks = parse_cute_prints(text);
  } catch (const PrintError& e) {
    throw SpecError(path, e.what());
  }
  if (blocks.size() != 1)
    throw SpecError(path, "holds " + std::to_string(blocks.size()) + " prints; give one " + want);
  const bool mma = std::string(want) == "TiledMMA";
  if (mma ? !blocks[0].mma : !blocks[0].copy)
    throw SpecError(path, std::string("is the print of a ") + (mma ? "copy" : "MMA") + "; expected a " +
                              want + " (or its atom)");
  return blocks[0];
}

MmaConfig read_mma(const json& m, const std::string& path) {
  if (!m.is_object()) throw SpecError(path, "expected an object with \"atom\" (or \"print\")");
  MmaConfig c;
  if (const json* p = member(m, "print")) c.print = *one_print(*p, spec_path(path, "print"), "TiledMMA").mma;
  c.atom = string_at(m, "atom", path);
  if (const json* t = member(m, "tile")) {
    const std::string tp = spec_path(path, "tile");
    if (!t->is_array() || t->size() != 3)
      throw SpecError(tp, "expected [M, N, K], a list of 3 positive integers");
    std::array<int64_t, 3> mnk{};
    for (std::size_t i = 0; i < 3; ++i)
      mnk[i] = integer((*t)[i], spec_index(tp, i), "expected a positive integer up to 2^24");
    c.tile = mnk;
  }
  c.sg_layout = notation_at(m, "sg_layout", path);
  c.atom_layout = notation_at(m, "atom_layout", path);
  if (const json* p = member(m, "permutation")) {
    const std::string pp = spec_path(path, "permutation");
    if (p->is_array()) {
      std::vector<Notation> modes;
      for (std::size_t i = 0; i < p->size(); ++i) modes.push_back(notation((*p)[i], spec_index(pp, i)));
      c.permutation = modes;
    } else {
      c.permutation = get_string(*p, pp);
    }
  }
  return c;
}

TmaConfig read_tma(const json& t, const std::string& tp) {
  if (!t.is_object()) throw SpecError(tp, "expected {\"shape\": [...], \"stride\": [...]}");
  for (auto it = t.begin(); it != t.end(); ++it)
    if (it.key() != "shape" && it.key() != "stride" && it.key() != "multicast" && it.key() != "base_align" &&
        it.key() != "arch" && it.key() != "ld_alignment")
      throw SpecError(spec_path(tp, printable(it.key())),
                      "unknown key; a TMA copy has shape, stride, multicast, base_align, arch, ld_alignment");
  if (!member(t, "shape"))
    throw SpecError(spec_path(tp, "shape"), "missing: the global tensor's shape in elements");
  if (!member(t, "stride"))
    throw SpecError(spec_path(tp, "stride"), "missing: the global tensor's strides in elements");
  TmaConfig c;
  c.shape = int_vector(t["shape"], spec_path(tp, "shape"), 8);
  c.stride = int_vector(t["stride"], spec_path(tp, "stride"), 8);
  // One integer, named as the one element of an array (build_plan's range check says multicast[0]).
  for (auto [key, field] : {std::pair{"multicast", &c.multicast},
                            {"base_align", &c.base_align},
                            {"ld_alignment", &c.ld_alignment}})
    if (const json* v = member(t, key))
      *field = integer(*v, spec_index(spec_path(tp, key), 0), "expected an integer");
  c.arch = string_at(t, "arch", tp);
  return c;
}

// The object form of a copy: {"atom", "from_mma", "thr_layout", "val_layout"} and, where `kind` allows them,
// "value_type", "print" + "ref", "tma".
enum class CopyKind { Operand, Stage, Standalone };

CopyConfig read_copy_object(const json& c, const std::string& path, CopyKind kind) {
  CopyConfig out;
  out.atom = string_at(c, "atom", path);
  out.from_mma = boolean_at(c, "from_mma", path);
  out.thr_layout = notation_at(c, "thr_layout", path);
  out.val_layout = notation_at(c, "val_layout", path);
  if (kind != CopyKind::Operand) out.value_type = string_at(c, "value_type", path);
  if (kind == CopyKind::Operand) {
    if (const json* t = member(c, "tma")) out.tma = read_tma(*t, spec_path(path, "tma"));
  }
  if (const json* p = member(c, "print")) {
    // A stage's vector and bank checks need the instruction (ldmatrix, cp.async, ...), which a print does not
    // carry: there the print goes with "atom", which its layouts are checked against.
    if (kind == CopyKind::Stage && !out.atom)
      throw SpecError(
          spec_path(path, "print"),
          "a printed copy in a shared-memory stage needs \"atom\": its vector and bank checks need the "
          "instruction (ldmatrix, cp.async, ...), which a print does not carry; name the atom it was printed "
          "from (\"atom\" next to \"print\"; tvlab's Python API takes it from a CuTe DSL TiledCopy itself)");
    out.print = *one_print(*p, spec_path(path, "print"), "TiledCopy").copy;
  }
  if (kind != CopyKind::Stage || out.print) out.ref = string_at(c, "ref", path);
  return out;
}

// A stage copy (smem.g2s, .s2r, .r2s): an atom's name or an object.
CopyConfig read_stage_copy(const json& c, const std::string& path) {
  if (c.is_string()) return CopyConfig::named(c.get<std::string>());
  if (!c.is_object()) throw SpecError(path, "expected an atom name or an object with \"atom\"");
  return read_copy_object(c, path, CopyKind::Stage);
}

SmemConfig read_smem(const json& s, const std::string& path, const std::string& name, bool xe) {
  if (!s.is_object()) {
    const char* slots = name == "D" ? "\"r2s\"" : xe ? "\"r2s\", \"s2r\"" : "\"g2s\", \"s2r\"";
    throw SpecError(path, std::string("expected an object with \"layout\" or \"atom\" (and ") + slots + ")");
  }
  SmemConfig c;
  c.layout = string_at(s, "layout", path);
  c.atom = string_at(s, "atom", path);
  for (auto [slot, field] : {std::pair{"g2s", &c.g2s}, {"s2r", &c.s2r}, {"r2s", &c.r2s}})
    if (const json* v = member(s, slot)) *field = read_stage_copy(*v, spec_path(path, slot));
  return c;
}

GmemConfig read_gmem(const json& g, const std::string& path) {
  if (!g.is_object())
    throw SpecError(path, "expected {\"layout\": \"RowMajor\" | \"ColumnMajor\", \"alignment\": N}");
  for (auto it = g.begin(); it != g.end(); ++it)
    if (it.key() != "layout" && it.key() != "alignment")
      throw SpecError(spec_path(path, printable(it.key())), "unknown key; gmem has layout and alignment");
  GmemConfig c;
  c.layout = string_at(g, "layout", path);
  c.alignment = integer_at(g, "alignment", path, "expected a power of two (elements), as AlignmentX");
  return c;
}

OperandConfig read_operand(const std::string& name, const json& o, const std::string& path, bool xe) {
  if (!o.is_object()) throw SpecError(path, "expected an object with \"type\"");
  OperandConfig c(name);
  c.type = string_at(o, "type", path);
  if (const json* g = member(o, "gmem")) c.gmem = read_gmem(*g, spec_path(path, "gmem"));
  c.contiguous = string_at(o, "contiguous", path);
  if (const json* s = member(o, "smem")) c.smem = read_smem(*s, spec_path(path, "smem"), name, xe);
  if (const json* v = member(o, "copy")) {
    const std::string cp = spec_path(path, "copy");
    if (v->is_string())
      c.copy = CopyConfig::named(v->get<std::string>());
    else if (v->is_object())
      c.copy = read_copy_object(*v, cp, CopyKind::Operand);
    else if (member(o, "subtile"))
      throw SpecError(cp, "with \"subtile\", expected \"auto\" or a block 2D atom name");
    else
      throw SpecError(cp, "expected \"auto\", \"coop\", an atom name or an object");
  }
  if (const json* v = member(o, "shape"))
    c.shape = pair(*v, spec_path(path, "shape"), "expected [rows, cols], two positive integers");
  for (auto [key, field] : {std::pair{"pitch_bytes", &c.pitch_bytes}, {"base_align", &c.base_align}})
    *field = integer_at(o, key, path, "expected a positive integer (bytes)");
  if (const json* v = member(o, "stride"))
    c.stride = pair(*v, spec_path(path, "stride"),
                    "expected [row_stride, col_stride], two positive integers (elements)");
  c.reorder = string_at(o, "reorder", path);
  c.slm = boolean_at(o, "slm", path);
  if (const json* v = member(o, "subtile")) {
    const std::string sp = spec_path(path, "subtile");
    if (!v->is_object()) throw SpecError(sp, "expected {\"tv\" or \"shape\", \"sg_layout\"}");
    SubtileConfig s;
    s.tv = notation_at(*v, "tv", sp);
    s.sg_layout = notation_at(*v, "sg_layout", sp);
    if (const json* sh = member(*v, "shape"))
      s.shape =
          pair(*sh, spec_path(sp, "shape"), "expected [m, n], two positive integers (the subtile's shape)");
    c.subtile = s;
  }
  return c;
}

CopyTensorConfig read_copy_tensor(const json& v, const std::string& sp) {
  CopyTensorConfig t;
  if (!v.is_object()) {
    t.layout = get_string(v, sp);
    t.layout_only = true;
    return t;
  }
  const json* l = member(v, "layout");
  if (!l)
    throw SpecError(spec_path(sp, "layout"),
                    "missing: the tensor's layout, e.g. \"Sw<3,3,3> o (64,64):(64,1)\"");
  t.layout = get_string(*l, spec_path(sp, "layout"));
  t.memory = string_at(v, "memory", sp);
  return t;
}

StandaloneCopyConfig read_standalone(const std::string& name, const json& c, const std::string& path) {
  if (!c.is_object()) throw SpecError(path, "expected an object with \"atom\" (or \"print\")");
  StandaloneCopyConfig s;
  s.name = name;
  s.copy = read_copy_object(c, path, CopyKind::Standalone);
  s.operand = string_at(c, "operand", path);
  for (auto [side, field] : {std::pair{"src", &s.src}, {"dst", &s.dst}})
    if (const json* v = member(c, side)) *field = read_copy_tensor(*v, spec_path(path, side));
  s.block = int_vector_at(c, "block", path, 2);
  return s;
}

EpilogueOperandConfig read_epilogue_operand(const json& o, const std::string& path, const std::string& x) {
  if (!o.is_object())
    throw SpecError(path,
                    "expected {\"type\": T, \"layout\": \"RowMajor\" | \"ColumnMajor\", \"smem_atom\": "
                    "SmemLayoutAtom" +
                        x + "}");
  EpilogueOperandConfig c;
  c.type = string_at(o, "type", path);
  c.layout = string_at(o, "layout", path);
  c.smem_atom = string_at(o, "smem_atom", path);
  return c;
}

EpilogueConfig read_epilogue(const json& e) {
  const std::string path = "epilogue";
  if (!e.is_object()) throw SpecError(path, "expected an object, {\"collective\": ...}");
  EpilogueConfig c;
  c.collective = string_at(e, "collective", path);
  // A key that is no collective's parameter has no field: refused here as build_plan refuses another
  // collective's parameter (Sm90TmaWarpSpecialized's and Sm70EpilogueVectorized's lists hold every one).
  if (c.collective && !epilogue_parameters(*c.collective).empty()) {
    const std::vector<std::string>& sm90 = epilogue_parameters("Sm90TmaWarpSpecialized");
    const std::vector<std::string>& sm70 = epilogue_parameters("Sm70EpilogueVectorized");
    for (auto it = e.begin(); it != e.end(); ++it)
      if (std::find(sm90.begin(), sm90.end(), it.key()) == sm90.end() &&
          std::find(sm70.begin(), sm70.end(), it.key()) == sm70.end())
        throw SpecError(spec_path(path, printable(it.key())), not_an_epilogue_parameter(*c.collective));
  }
  c.accumulator = string_at(e, "accumulator", path);
  c.smem_layout = string_at(e, "smem_layout", path);
  c.tile = int_vector_at(e, "tile", path, 2);
  for (auto [key, field] : {std::pair{"stages_c", &c.stages_c}, {"stages_d", &c.stages_d}})
    *field = integer_at(e, key, path,
                        std::string("expected an integer from 1 to 64 (the policy's Stages") +
                            (key[7] == 'c' ? "C" : "D") + ")");
  c.reuse_smem_c = boolean_at(e, "reuse_smem_c", path);
  c.fusion = string_at(e, "fusion", path);
  for (auto [key, field] : {std::pair{"C", &c.c}, {"D", &c.d}})
    if (const json* v = member(e, key)) *field = read_epilogue_operand(*v, spec_path(path, key), key);
  return c;
}

TilerConfig read_epilogue_tile(const json& v, const std::string& path) {
  const std::string want = "a positive integer or a layout such as \"(16,2):(1,64)\"";
  if (v.is_array()) {
    std::vector<Notation> modes;
    for (std::size_t i = 0; i < v.size(); ++i) {
      const json& x = v[i];
      if (!x.is_number_integer() && !x.is_string())
        throw SpecError(spec_index(path, i), "expected " + want + ", got " + std::string(x.type_name()));
      modes.push_back(notation(x, spec_index(path, i)));
    }
    return modes;
  }
  if (!v.is_string())
    throw SpecError(path, "expected [M, N] (each " + want + ") or a tiler such as \"(64,(16,2):(1,64))\"");
  return v.get<std::string>();
}

TmemConfig read_tmem(const json& t) {
  const std::string path = "tmem";
  if (!t.is_object())
    throw SpecError(path,
                    "expected an object with \"copy\", \"tile\", \"epilogue_tile\", \"threads\", "
                    "\"first_thread\"");
  TmemConfig c;
  c.copy = string_at(t, "copy", path);
  c.tile = int_vector_at(t, "tile", path, 2);
  if (const json* v = member(t, "epilogue_tile"))
    c.epilogue_tile = read_epilogue_tile(*v, "tmem.epilogue_tile");
  for (auto [key, field] : {std::pair{"threads", &c.threads}, {"first_thread", &c.first_thread}})
    *field = integer_at(t, key, path, "expected an integer in [0, 1024]");
  return c;
}

// The keys each object of a spec may have; anything else is reported as a warning with its path.
void warn_unknown(const json& obj, const std::string& path, std::initializer_list<const char*> known,
                  const char* what, std::vector<SpecWarning>& out) {
  if (!obj.is_object()) return;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    if (std::find_if(known.begin(), known.end(), [&](const char* k) { return it.key() == k; }) != known.end())
      continue;
    std::string list;
    for (const char* k : known) list += (list.empty() ? "" : ", ") + std::string(k);
    out.push_back({"unknown key", spec_path(path, printable(it.key())),
                   std::string("ignored; ") + what + " has " + list});
  }
}

std::vector<SpecWarning> unknown_keys(const json& spec) {
  std::vector<SpecWarning> w;
  warn_unknown(spec, "",
               {"name", "mma", "operands", "copies", "checks", "$schema", "description", "cta_tile", "stages",
                "mainloop", "arch", "cluster_shape", "problem", "tmem", "kernel_schedule", "epilogue"},
               "a spec", w);
  if (const json* t = member(spec, "tmem"))
    warn_unknown(*t, "tmem", {"copy", "tile", "epilogue_tile", "threads", "first_thread"}, "tmem", w);
  if (const json* m = member(spec, "mma"))
    warn_unknown(*m, "mma", {"atom", "tile", "sg_layout", "atom_layout", "permutation", "print"}, "an mma",
                 w);
  if (const json* ops = member(spec, "operands"); ops && ops->is_object()) {
    for (const char* name : {"A", "B", "C", "D"})
      if (const json* o = member(*ops, name)) {
        const std::string path = std::string("operands.") + name;
        warn_unknown(*o, path,
                     {"type", "contiguous", "copy", "shape", "pitch_bytes", "base_align", "reorder", "slm",
                      "stride", "subtile", "smem", "gmem"},
                     "an operand", w);
        if (const json* c = member(*o, "copy"))
          warn_unknown(*c, path + ".copy",
                       {"atom", "from_mma", "thr_layout", "val_layout", "tma", "print", "ref"}, "a copy", w);
        if (const json* sub = member(*o, "subtile"))
          warn_unknown(*sub, path + ".subtile", {"tv", "shape", "sg_layout"}, "a subtile", w);
        if (const json* sm = member(*o, "smem")) {
          warn_unknown(*sm, path + ".smem", {"layout", "atom", "g2s", "s2r", "r2s"}, "an smem stage", w);
          for (const char* k : {"g2s", "s2r", "r2s"})
            if (const json* c = member(*sm, k))
              warn_unknown(*c, path + ".smem." + k,
                           {"atom", "from_mma", "thr_layout", "val_layout", "value_type", "print", "ref"},
                           "a copy", w);
        }
      }
  }
  if (const json* cs = member(spec, "copies"); cs && cs->is_object())
    for (auto it = cs->begin(); it != cs->end(); ++it)
      warn_unknown(it.value(), "copies." + printable(it.key()),
                   {"atom", "value_type", "from_mma", "operand", "thr_layout", "val_layout", "src", "dst",
                    "block", "print", "ref"},
                   "a copy", w);
  return w;
}

// Parser callback: rejects duplicate keys (nlohmann would keep the last one silently) and nesting beyond
// kMaxSpecNesting, naming the path of the offending key or container.
class StrictKeys {
 public:
  bool operator()(int depth, json::parse_event_t event, json& parsed) {
    using E = json::parse_event_t;
    switch (event) {
      case E::object_start:
      case E::array_start: {
        const std::string path = frames_.empty() ? std::string() : child_path();
        if (depth >= kMaxSpecNesting)
          throw SpecError(path, "nesting deeper than " + std::to_string(kMaxSpecNesting) + " levels");
        frames_.push_back({event == E::object_start, path, {}, {}, 0});
        break;
      }
      case E::object_end:
      case E::array_end:
        frames_.pop_back();
        break;
      case E::key: {
        Frame& f = frames_.back();
        f.key = parsed.get<std::string>();
        if (!f.keys.insert(f.key).second)
          throw SpecError(spec_path(f.path, printable(f.key)),
                          "duplicate key; each key may appear once in an object");
        break;
      }
      case E::value:
        if (!frames_.empty()) child_path();
        break;
    }
    return true;
  }

 private:
  struct Frame {
    bool object;
    std::string path;
    std::set<std::string> keys;
    std::string key;
    std::size_t index;
  };
  std::vector<Frame> frames_;
  // Path of the next element of the innermost container (advances an array's index).
  std::string child_path() {
    Frame& f = frames_.back();
    if (f.object) return spec_path(f.path, printable(f.key));
    return f.path + "[" + std::to_string(f.index++) + "]";
  }
};

// Whether the MMA the spec names is an Xe atom (only for the words of an error).
bool names_xe_mma(const json& spec) {
  const json* m = member(spec, "mma");
  const json* a = m ? member(*m, "atom") : nullptr;
  if (!a || !a->is_string()) return false;
  const std::string n = a->get<std::string>();
  return n.rfind("XE_", 0) == 0 || n.find("::XE_") != std::string::npos;
}
}  // namespace

KernelConfig read_json_value(const json& spec) {
  if (!spec.is_object())
    throw SpecError("", "a spec is a JSON object with \"mma\", \"operands\" and/or \"copies\"");
  KernelConfig c;
  c.warnings = unknown_keys(spec);
  if (const json* n = member(spec, "name")) c.name = get_string(*n, "name");
  if (const json* m = member(spec, "mma")) c.mma = read_mma(*m, "mma");
  KernelParams& k = c.kernel;
  k.cta_tile = int_vector_at(spec, "cta_tile", "", 3);
  k.stages = integer_at(spec, "stages", "", "expected an integer from 1 to 64 (the pipeline's Stages)");
  k.mainloop = string_at(spec, "mainloop", "");
  k.arch = string_at(spec, "arch", "");
  k.kernel_schedule = string_at(spec, "kernel_schedule", "");
  k.cluster_shape = int_vector_at(spec, "cluster_shape", "", 3);
  k.problem = int_vector_at(spec, "problem", "", 4);
  if (const json* e = member(spec, "epilogue")) k.epilogue = read_epilogue(*e);
  if (const json* ops = member(spec, "operands")) {
    if (!ops->is_object()) throw SpecError("operands", "expected an object with keys A, B, C, D");
    c.operands_given = true;
    const bool xe = names_xe_mma(spec);
    for (const char* name : {"A", "B", "C", "D"})
      if (const json* o = member(*ops, name))
        c.operands.push_back(read_operand(name, *o, std::string("operands.") + name, xe));
    for (auto it = ops->begin(); it != ops->end(); ++it)
      if (it.key() != "A" && it.key() != "B" && it.key() != "C" && it.key() != "D")
        throw SpecError("operands." + it.key(), "unknown operand; expected A, B, C or D");
  }
  if (const json* cs = member(spec, "copies")) {
    if (!cs->is_object()) throw SpecError("copies", "expected an object of named copies");
    for (auto it = cs->begin(); it != cs->end(); ++it)
      c.copies.push_back(read_standalone(it.key(), it.value(), "copies." + it.key()));
  }
  if (const json* t = member(spec, "tmem")) c.tmem = read_tmem(*t);
  return c;
}

KernelConfig read_json_spec(const std::string& text) {
  json spec;
  try {
    spec = json::parse(text, StrictKeys());
  } catch (const json::parse_error& e) {
    throw SpecError("", "malformed JSON at byte " + std::to_string(e.byte) + ": " + printable(e.what()));
  } catch (const json::exception& e) {  // e.g. a number beyond a double (fuzz finding: it escaped, exit 3)
    throw SpecError("", "malformed JSON: " + printable(e.what()));
  }
  return read_json_value(spec);
}

}  // namespace tvlab
