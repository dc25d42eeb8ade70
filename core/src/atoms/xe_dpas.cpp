#include "tvlab/core/atoms/xe_dpas.hpp"

#include <array>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/error.hpp"

namespace tvlab {

namespace {
// The (TD, TA, TB, TC) combinations DPAS supports, as xe-atoms.md section 1 lists them (29: the
// issue speaks of 30, the list has 29).
constexpr std::array<std::array<const char*, 4>, 29> kCombos = {{
    {"f32", "tf32", "tf32", "f32"},  {"f32", "bf16", "bf16", "f32"},   {"bf16", "bf16", "bf16", "f32"},
    {"f32", "bf16", "bf16", "bf16"}, {"bf16", "bf16", "bf16", "bf16"}, {"f32", "f16", "f16", "f32"},
    {"f32", "f16", "f16", "f16"},    {"f16", "f16", "f16", "f32"},     {"f16", "f16", "f16", "f16"},
    {"u32", "u8", "u8", "u32"},      {"s32", "u8", "u8", "s32"},       {"s32", "u8", "s8", "s32"},
    {"s32", "s8", "u8", "s32"},      {"s32", "s8", "s8", "s32"},       {"u32", "u8", "u4", "u32"},
    {"s32", "u8", "u4", "s32"},      {"s32", "u8", "s4", "s32"},       {"s32", "s8", "u4", "s32"},
    {"s32", "s8", "s4", "s32"},      {"u32", "u4", "u8", "u32"},       {"s32", "u4", "u8", "s32"},
    {"s32", "u4", "s8", "s32"},      {"s32", "s4", "u8", "s32"},       {"s32", "s4", "s8", "s32"},
    {"u32", "u4", "u4", "u32"},      {"s32", "u4", "u4", "s32"},       {"s32", "u4", "s4", "s32"},
    {"s32", "s4", "u4", "s32"},      {"s32", "s4", "s4", "s32"},
}};

bool supported(const ValueType& d, const ValueType& a, const ValueType& b, const ValueType& c) {
  for (const auto& k : kCombos)
    if (value_type(k[0]) == d && value_type(k[1]) == a && value_type(k[2]) == b && value_type(k[3]) == c)
      return true;
  return false;
}

std::string combos_text() {
  std::string s;
  for (const auto& k : kCombos)
    s += std::string(s.empty() ? "" : " ") + k[0] + "," + k[1] + "," + k[2] + "," + k[3];
  return s;
}

// Upstream spelling: defaulted trailing parameters are left out.
std::string dpas_name(int m, const ValueType& d, const ValueType& a, const ValueType& b, const ValueType& c) {
  std::string n = "XE_DPAS_TT<" + std::to_string(m) + "," + d.name + "," + a.name;
  if (!(b == a) || !(c == d)) n += "," + b.name;
  if (!(c == d)) n += "," + c.name;
  return n + ">";
}
}  // namespace

Layout xe_wi_interleave(const Layout& l, int type_bits) {
  const int64_t pb = ceil_div(8, type_bits);
  const int64_t vals = ceil_div(size(l), 16);
  const Layout tv = make_layout(make_shape(16, make_shape(pb, ceil_div(vals, pb))),
                                make_stride(pb, make_stride(1, 16 * pb)));
  return coalesce(composition(l, tv), make_shape(1, 1));
}

MmaAtom make_xe_dpas(int m, const ValueType& d, const ValueType& a, const ValueType& b, const ValueType& c) {
  if (m < 1 || m > 8)
    throw AtomError("XE_DPAS_TT: 1 <= M <= 8",
                    "M = " + std::to_string(m) + " is outside the repeat count range 1..8");
  if (!supported(d, a, b, c))
    throw AtomError("XE_DPAS_TT: supported types",
                    "(TD,TA,TB,TC) = (" + d.name + "," + a.name + "," + b.name + "," + c.name +
                        ") is not a DPAS type combination; supported: " + combos_text());
  MmaAtom atom;
  atom.name = dpas_name(m, d, a, b, c);
  atom.arch = "xe";
  atom.m = m, atom.n = 16, atom.k = 256 / std::max(a.bits, b.bits);
  atom.thr_id = make_layout(IntTuple(16), IntTuple(1));
  const int64_t k = atom.k;
  atom.a = xe_wi_interleave(make_layout(make_shape(k, m), make_stride(m, 1)), a.bits);
  const int64_t bv = 32 / b.bits;
  atom.b = xe_wi_interleave(make_layout(make_shape(bv, 16, k / bv), make_stride(16, 1, 16 * bv)), b.bits);
  atom.c = make_layout(make_shape(16, m), make_stride(m, 1));
  atom.d_type = d, atom.a_type = a, atom.b_type = b, atom.c_type = c;
  return atom;
}

void register_xe_dpas(Registry& r) {
  AtomFamily f;
  f.arch = "xe";
  f.kind = "mma";
  f.base = "XE_DPAS_TT";
  f.signature = "XE_DPAS_TT<M, TD, TA, TB = TA, TC = TD>";
  f.ranges = "M in 1..8; N = 16; K = 256/max(bits(TA),bits(TB)); (TD,TA,TB,TC) in {" + combos_text() + "}";
  f.make = [](const AtomName& n) -> Atom {
    if (n.args.size() < 3 || n.args.size() > 5)
      throw AtomError("XE_DPAS_TT: parameters", "expected XE_DPAS_TT<M, TD, TA[, TB[, TC]]>, got " +
                                                    std::to_string(n.args.size()) + " template arguments");
    const int64_t m = atom_int_arg(n, 0, "M");
    if (m < 1 || m > 8)
      throw AtomError("XE_DPAS_TT: 1 <= M <= 8",
                      "M = " + n.args[0] + " is outside the repeat count range 1..8");
    const ValueType d = value_type(n.args[1]), a = value_type(n.args[2]);
    const ValueType b = n.args.size() > 3 ? value_type(n.args[3]) : a;
    const ValueType c = n.args.size() > 4 ? value_type(n.args[4]) : d;
    return make_xe_dpas(static_cast<int>(m), d, a, b, c);
  };
  f.instances = [] {
    std::vector<std::string> v;
    for (const auto& k : kCombos)
      for (int m = 1; m <= 8; ++m)
        v.push_back(dpas_name(m, value_type(k[0]), value_type(k[1]), value_type(k[2]), value_type(k[3])));
    return v;
  };
  r.add(std::move(f));
}

}  // namespace tvlab
