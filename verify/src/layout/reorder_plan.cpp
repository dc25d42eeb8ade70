#include "tvlab/verify/layout/reorder_plan.hpp"

#include <algorithm>

#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tiling/subgroup_tensor.hpp"
#include "tvlab/verify/layout/layout_facts.hpp"

namespace tvlab {

namespace {
// subbyte_sg_tv_swizzle<T>: byte ownership of sub-byte values read element by element.
Layout subbyte_swizzle(const Layout& l, int bits) {
  if (bits >= 8) return l;
  const int64_t values = size(l) / 16, p = 8 / bits;
  if (values % p != 0)
    throw LayoutError("reorder: sub-byte values per work-item",
                      std::to_string(values) + " values per work-item do not fill whole bytes of " +
                          std::to_string(p) + " " + std::to_string(bits) + "-bit values");
  return composition(l, make_layout(make_shape(make_shape(p, 16 / p), make_shape(p, values / p)),
                                    make_stride(make_stride(16, 1), make_stride(16 / p, 16 * p))));
}

Layout first_modes(const Layout& r, int n) {
  const Layout m = r.shape.is_tuple() ? r : make_layout({r});
  return rank(m) >= n ? take(m, 0, n) : Layout();
}

bool matches(const Layout& r, int n, const char* text) {
  return rank(r.shape.is_tuple() ? r : make_layout({r})) >= n && first_modes(r, n) == parse_layout(text);
}

int64_t mode0_shape(const Layout& r) {
  return r.shape.is_tuple() ? size(mode(r, 0)) : size(r);
}
int64_t mode0_stride(const Layout& r) {
  const Layout m = r.shape.is_tuple() ? mode(r, 0) : r;
  return m.stride.is_leaf() ? m.stride.value().value : 0;
}

bool is_one_of(const ValueType& t, std::initializer_list<const char*> names) {
  return std::any_of(names.begin(), names.end(), [&](const char* n) { return t.name == n; });
}

std::string route_of(const std::string& kind, const ValueType& s, const ValueType& d) {
  const bool hand_8bit = is_one_of(s, {"uint8_t", "int8_t", "float_e5m2_t", "float_e4m3_t"}) &&
                         is_one_of(d, {"half_t", "bfloat16_t"}) && (kind == "UU" || kind == "VV");
  const bool hand_4bit = is_one_of(s, {"uint4_t", "int4_t", "float_e2m1_t"}) &&
                         is_one_of(d, {"half_t", "bfloat16_t"}) &&
                         (kind == "UU" || kind == "UV" || kind == "VV");
  const bool hand_fp8 = s.name == "float" && is_one_of(d, {"float_e5m2_t", "float_e4m3_t"}) &&
                        (kind == "UU" || kind == "UU_Universal");
  const bool pack4 = s == d && s.bits == 4 && kind == "UV";
  if (hand_8bit || hand_4bit || hand_fp8 || pack4)
    return "Xe_Reorder<" + kind + "," + s.name + "," + d.name + "> (hand-written)";
  if (kind == "UU" || kind == "UU_Universal")
    return "Universal_Reorder_UU<" + s.name + "," + d.name + "> (element-wise)";
  if (s.bits < 8) return "convert " + s.name + " -> upcast type, then relayout with register-region movs";
  if (d.bits < 8) return "relayout with register-region movs, then convert -> " + d.name;
  if (!(s == d)) return "convert " + s.name + " -> " + d.name + ", then relayout with register-region movs";
  return "register-region movs (XeGeneric)";
}
}  // namespace

std::string classify_xe_reorder(const Layout& r, int sv, int dv) {
  const int64_t vl = 16 * std::max(sv, dv);
  if (mode0_stride(r) == 1) {
    if (mode0_shape(r) % vl == 0) return "UU";
    if (mode0_shape(r) % 16 == 0) return "UU_Universal";
  }
  const std::string s = std::to_string(sv), d = std::to_string(dv);
  if (matches(r, 2, ("(16," + d + "):(" + d + ",1)").c_str())) return "UV";
  if (matches(r, 2, ("(" + s + ",16):(16,1)").c_str())) return "VU";
  if (sv > dv &&
      matches(r, 3,
              ("(" + d + "," + std::to_string(sv / dv) + ",16):(1," + std::to_string(dv * 16) + "," + d + ")")
                  .c_str()))
    return "VV";
  if (dv > sv &&
      matches(r, 3,
              ("(" + s + ",16," + std::to_string(dv / sv) + "):(1," + std::to_string(sv * 16) + "," + s + ")")
                  .c_str()))
    return "VV";
  return "Generic";
}

ReorderPlan plan_xe_reorder(const Layout& src_tv, const Layout& dst_tv, const ValueType& s,
                            const ValueType& d) {
  ReorderPlan p;
  if (size(src_tv) % 16 != 0 || size(dst_tv) % 16 != 0)
    throw LayoutError("reorder", "subgroup TV layouts span 16 work-items; " + to_string(src_tv) + " and " +
                                     to_string(dst_tv) + " do not");
  const IntTuple src_extent = atuple_coshape(src_tv), dst_extent = atuple_coshape(dst_tv);
  if (src_extent != dst_extent)
    throw LayoutError("reorder: same elements",
                      "the source spans " + to_string(src_extent) + " coordinates and the destination " +
                          to_string(dst_extent) + ": a subgroup reorder cannot move data between them");
  p.src = subbyte_swizzle(project_strides(src_tv), s.bits);
  p.dst = subbyte_swizzle(project_strides(dst_tv), d.bits);
  p.steps.push_back({"project both to a column-major index over " + to_string(dst_extent) +
                         (s.bits < 8 || d.bits < 8 ? ", sub-byte types swizzled to element order" : ""),
                     "src " + to_string(src_tv) + ", dst " + to_string(dst_tv),
                     "src " + to_string(p.src) + ", dst " + to_string(p.dst)});
  for (const auto& [side, l] : {std::pair{"source", &p.src}, {"destination", &p.dst}}) {
    const Decision dc = decide_compact(*l);
    if (dc.verdict != Verdict::Proved)
      throw LayoutError(std::string("reorder: ") + side + " holds each element once",
                        std::string("the ") + side + " " + to_string(*l) + " does not hold each of its " +
                            std::to_string(size(*l)) + " elements exactly once");
  }
  p.steps.push_back({"both are bijections onto [0, " + std::to_string(size(p.dst)) +
                         ") (sorted strides, cosize = size): they hold the same elements",
                     "", "a permutation exists"});
  const Layout rinv = right_inverse(p.dst);
  p.rlayout = coalesce(composition(rinv, p.src));
  p.steps.push_back({"source register t + 16v -> destination register", "coalesce(right_inverse(dst) o src)",
                     to_string(p.rlayout)});
  const int sv = std::max(1, 32 / s.bits), dv = std::max(1, 32 / d.bits);
  p.kind = classify_xe_reorder(p.rlayout, sv, dv);
  p.converts = !(s == d);
  const Layout identity = make_layout(IntTuple(size(p.src)));
  const Decision same = decide_equal(p.rlayout, identity);
  p.noop = same.verdict == Verdict::Proved && !p.converts;
  p.steps.push_back({"classify with SV = 32/bits(" + s.name + ") = " + std::to_string(sv) +
                         ", DV = 32/bits(" + d.name + ") = " + std::to_string(dv),
                     "", p.kind});
  if (same.verdict == Verdict::Refuted && same.index_a) {
    p.witness_src = *same.index_a;
    p.witness_dst = p.rlayout(*same.index_a);
  }
  if (same.verdict == Verdict::Proved) {
    p.route = p.converts ? route_of(p.kind, s, d) : "no-op (the compiler removes it)";
    p.steps.push_back(
        {"rlayout is the identity " + to_string(identity), "", p.noop ? "no-op" : "convert in place"});
    return p;
  }
  p.route = route_of(p.kind, s, d);
  // Counting moved values walks the fragment: bounded, so that an absurd tile cannot make verify hang.
  constexpr int64_t kMaxCountedValues = int64_t(1) << 20;
  if (size(p.rlayout) > kMaxCountedValues)
    throw LayoutError("reorder: fragment size",
                      "a subgroup fragment of " + std::to_string(size(p.rlayout)) +
                          " values, more than the 2^20 that moves are counted over");
  for (int64_t i = 0; i < size(p.rlayout); ++i) p.moved_values += p.rlayout(i) != i;
  // The generic path's mov count, on the side with the longer register runs.
  const Layout ir = coalesce(composition(right_inverse(p.src), p.dst));
  const int64_t epg = 64 / std::max<int64_t>(1, d.bits / 8);
  auto vl = [&](const Layout& r) {
    const int64_t st = std::max<int64_t>(1, std::abs(mode0_stride(r)));
    return std::max<int64_t>(1, std::min({int64_t(32), mode0_shape(r), epg / st}));
  };
  const int64_t ds_vl = vl(p.rlayout), ss_vl = vl(ir);
  p.movs = size(p.src) / std::max(ds_vl, ss_vl);
  p.steps.push_back({"register-region movs of up to " + std::to_string(std::max(ds_vl, ss_vl)) +
                         " elements inside one 64-byte GRF (" + std::to_string(epg) + " " + d.name +
                         " per GRF)",
                     "", std::to_string(p.movs) + " movs for " + std::to_string(size(p.src)) + " values"});
  return p;
}

}  // namespace tvlab
