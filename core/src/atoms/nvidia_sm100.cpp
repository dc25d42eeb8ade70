// NVIDIA SM100 (Blackwell) UMMA atoms, `tcgen05.mma`, as CuTe defines them (CUTLASS 7107b05535f8,
// cute/arch/mma_sm100_umma.hpp, cute/atom/mma_traits_sm100.hpp, cute/arch/mma_sm100_desc.hpp).
//
// One parametrised family per CuTe operation, e.g.
//   SM100_MMA_F16BF16_SS<a_type, b_type, c_type, M, N, a_major, b_major, a_neg = One, b_neg = One>
//   SM100_MMA_MXF4_SS<a_type, b_type, c_type, sf_type, M, N, VS, a_major, b_major, a_neg, b_neg>
// with every restriction CuTe's static_asserts (and the PTX formats its instruction descriptor
// encodes) place on the parameters checked by name.
//
// The layouts are CTA-scoped: a UMMA is issued by one thread per CTA and reads A/B from shared memory
// (SS; descriptors) or A from tensor memory (TS), accumulating in tensor memory. CuTe's traits say so
// with a "thread" mode that counts CTAs:
//   1 CTA  (SM100_MMA_*):        ThrID 1:0, A (1,(M,K)):(0,(1,M)), B (1,(N,K)):(0,(1,N)),
//                                C (1,(M,N)):(0,(1,M))
//   2 CTAs (SM100_MMA_*_2x1SM_*): ThrID 2:1, A (2,(M/2,K)):(M/2,(1,M)), B (2,(N/2,K)):(N/2,(1,N)),
//                                C (2,(M/2,N)):(M/2,(1,M))   (each CTA of the pair holds half of M and N)
// K is 256 bits of A (512 for sparse A), except the F8F6F4 kinds (K = 32, 64 sparse) and MXF4 (K = 64,
// 128 sparse), which CuTe fixes because their sub-byte types are unpacked in shared memory.
#include <functional>
#include <string>
#include <vector>

#include "nvidia_support.hpp"

namespace tvlab {

namespace {

using namespace nv;

enum class Kind { TF32, F16BF16, S8, F8F6F4, MXF8F6F4, MXF4, MXF4NVF4, CF32Interleaved };

struct UmmaOp {
  std::string base;
  Kind kind;
  int ctas;     // 1 or 2 (_2x1SM_)
  bool ts;      // A from tensor memory
  bool sparse;  // 2:4 structured-sparse A (metadata E in tensor memory)
  bool scaled;  // _SCALED: a ScaleC template argument (scale-input-d)
  bool negs;    // a_neg, b_neg template arguments
  bool sat;     // c_sat template argument
  bool vs;      // VS (scale-factor vector size) template argument
  std::function<bool(int64_t)> m_ok;
  std::string m_rule;
  // N rule, given M and b_major ("K" or "MN").
  std::function<bool(int64_t, int64_t, const std::string&)> n_ok;
  std::string n_rule;
};

bool n_mult(int64_t n, int64_t step, int64_t lo) {
  return n % step == 0 && n >= lo && n <= 256;
}

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::TF32:
      return "kind::tf32";
    case Kind::F16BF16:
      return "kind::f16";
    case Kind::S8:
      return "kind::i8";
    case Kind::F8F6F4:
      return "kind::f8f6f4";
    case Kind::MXF8F6F4:
      return "kind::mxf8f6f4 (block scaled)";
    case Kind::MXF4:
      return "kind::mxf4 / mxf4nvf4 (block scaled)";
    case Kind::MXF4NVF4:
      return "kind::mxf4nvf4 (block scaled)";
    case Kind::CF32Interleaved:
      return "kind::tf32, complex f32 interleaved";
  }
  return "?";
}

// Types each kind accepts (PTX tcgen05.mma and CuTe's UMMA format tables).
struct TypeRule {
  std::vector<std::string> ab, c, sf;
  bool same_ab;  // A and B must be the same type
  std::string words;
};

TypeRule type_rule(Kind k) {
  switch (k) {
    case Kind::TF32:
      return {{"tfloat32_t"}, {"float"}, {}, true, "a_type = b_type = tfloat32_t; c_type = float"};
    case Kind::F16BF16:
      return {{"half_t", "bfloat16_t"},
              {"half_t", "float"},
              {},
              true,
              "a_type = b_type in {half_t, bfloat16_t}; c_type in {half_t, float}"};
    case Kind::S8:
      return {{"int8_t", "uint8_t"},
              {"int32_t"},
              {},
              false,
              "a_type, b_type in {int8_t, uint8_t}; c_type = int32_t"};
    case Kind::F8F6F4:
      return {{"float_e4m3_t", "float_e5m2_t", "float_e2m3_t", "float_e3m2_t", "float_e2m1_t"},
              {"half_t", "float"},
              {},
              false,
              "a_type, b_type in {float_e4m3_t, float_e5m2_t, float_e2m3_t, float_e3m2_t, float_e2m1_t}; "
              "c_type in "
              "{half_t, float}"};
    case Kind::MXF8F6F4:
      return {{"float_e4m3_t", "float_e5m2_t", "float_e2m3_t", "float_e3m2_t", "float_e2m1_t"},
              {"float"},
              {"float_ue8m0_t"},
              false,
              "a_type, b_type in {float_e4m3_t, float_e5m2_t, float_e2m3_t, float_e3m2_t, float_e2m1_t}; "
              "c_type = "
              "float; sf_type = float_ue8m0_t"};
    case Kind::MXF4:
    case Kind::MXF4NVF4:
      return {{"float_e2m1_t"},
              {"float"},
              {"float_ue8m0_t", "float_ue4m3_t"},
              false,
              "a_type = b_type = float_e2m1_t; c_type = float; sf_type in {float_ue8m0_t, float_ue4m3_t}"};
    case Kind::CF32Interleaved:
      return {{}, {}, {}, false, "fixed types: A = B = complex<tfloat32_t>, C = float"};
  }
  return {};
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
  for (const std::string& s : v)
    if (s == x) return true;
  return false;
}

int a_bits(const ValueType& a) {
  return a.bits;
}

std::string signature(const UmmaOp& op) {
  std::string s = op.base + "<";
  if (op.kind != Kind::CF32Interleaved) s += "a_type, b_type, c_type, ";
  if (op.kind == Kind::MXF8F6F4 || op.kind == Kind::MXF4 || op.kind == Kind::MXF4NVF4) s += "sf_type, ";
  s += "M, N, ";
  if (op.vs) s += "VS, ";
  s += "a_major, b_major";
  if (op.scaled) s += ", ScaleC";
  if (op.negs) s += ", a_neg = One, b_neg = One";
  if (op.sat) s += ", c_sat = False";
  return s + ">";
}

std::string ranges(const UmmaOp& op) {
  std::string s = op.m_rule + "; " + op.n_rule + "; " + type_rule(op.kind).words;
  if (op.vs)
    s += op.kind == Kind::MXF4NVF4 ? "; VS in {32, 64}, VS = 64 needs float_e2m1_t and float_ue8m0_t"
                                   : "; VS in {16, 32}, VS = 32 needs float_e2m1_t and float_ue8m0_t";
  s += "; a_major, b_major in {UMMA::Major::K, UMMA::Major::MN}";
  if (op.ts || op.kind == Kind::CF32Interleaved) s += ", a_major = K (A in tensor memory)";
  if (op.kind == Kind::CF32Interleaved) s += ", b_major = K";
  if (op.scaled) s += "; ScaleC in 0..15";
  if (op.negs) s += "; a_neg, b_neg in {UMMA::ScaleIn::One, UMMA::ScaleIn::Neg}";
  if (op.sat) s += "; c_sat in {UMMA::Saturate::False, UMMA::Saturate::True}";
  return s + " (CTA-scoped: thr = CTA)";
}

Atom make_umma(const UmmaOp& op, const AtomName& n) {
  const std::string sig = signature(op);
  const bool typed = op.kind != Kind::CF32Interleaved;
  const bool has_sf = op.kind == Kind::MXF8F6F4 || op.kind == Kind::MXF4 || op.kind == Kind::MXF4NVF4;
  const std::size_t fixed =
      (typed ? 3 : 0) + (has_sf ? 1 : 0) + 2 + (op.vs ? 1 : 0) + 2 + (op.scaled ? 1 : 0);
  const std::size_t optional = (op.negs ? 2 : 0) + (op.sat ? 1 : 0);
  expect_arg_count(n, fixed, fixed + optional, sig);
  std::size_t i = 0;
  std::vector<std::string> canon;
  const TypeRule tr = type_rule(op.kind);
  ValueType ta, tb, tc, tsf;
  if (typed) {
    ta = type_arg(n, i++, "a_type");
    tb = type_arg(n, i++, "b_type");
    tc = type_arg(n, i++, "c_type");
    for (const auto& [what, t] : {std::pair<const char*, ValueType>{"a_type", ta}, {"b_type", tb}})
      if (!contains(tr.ab, t.name))
        throw AtomError(op.base + ": " + tr.words,
                        std::string(what) + " = " + t.name + " is not accepted by " + kind_name(op.kind));
    if (tr.same_ab && ta != tb)
      throw AtomError(op.base + ": " + tr.words,
                      "a_type = " + ta.name + " and b_type = " + tb.name + " must be the same type");
    if (!contains(tr.c, tc.name))
      throw AtomError(op.base + ": " + tr.words,
                      "c_type = " + tc.name + " is not an accumulator type of " + kind_name(op.kind));
    canon = {ta.name, tb.name, tc.name};
    if (has_sf) {
      tsf = type_arg(n, i++, "sf_type");
      if (!contains(tr.sf, tsf.name))
        throw AtomError(op.base + ": " + tr.words,
                        "sf_type = " + tsf.name + " is not a scale-factor type of " + kind_name(op.kind));
      canon.push_back(tsf.name);
    }
  } else {
    // CuTe's traits: a_type = b_type = complex<tfloat32_t>, c_type = float.
    ta = value_type("complex<tfloat32_t>"), tb = ta, tc = value_type("float");
  }
  const int64_t m = atom_int_arg(n, i++, "M");
  const int64_t nn = atom_int_arg(n, i++, "N");
  int64_t vs = 0;
  if (op.vs) vs = atom_int_arg(n, i++, "VS");
  std::string majors[2];
  for (int j = 0; j < 2; ++j) {
    const std::string& raw = n.args[i++];
    majors[j] = enum_value(raw, {"cute::", "SM100::", "UMMA::", "Major::"});
    const char* what = j == 0 ? "a_major" : "b_major";
    if (majors[j] != "K" && majors[j] != "MN")
      throw AtomError(op.base + ": " + what + " in {UMMA::Major::K, UMMA::Major::MN}",
                      "'" + raw + "' is not a UMMA::Major value (K or MN)");
  }
  if (!op.m_ok(m)) throw AtomError(op.base + ": " + op.m_rule, "M = " + std::to_string(m));
  if (!op.n_ok(nn, m, majors[1]))
    throw AtomError(op.base + ": " + op.n_rule, "N = " + std::to_string(nn) + " (M = " + std::to_string(m) +
                                                    ", b_major = " + majors[1] + ")");
  if (op.vs) {
    const bool mx = op.kind == Kind::MXF4NVF4;
    const int64_t lo = mx ? 32 : 16, hi = mx ? 64 : 32;
    if (vs != lo && vs != hi)
      throw AtomError(
          op.base + ": VS in {" + std::to_string(lo) + ", " + std::to_string(hi) + "}",
          "VS = " + std::to_string(vs) + " is not a scale-factor vector size of " + kind_name(op.kind));
    if (vs == hi && tsf.name != "float_ue8m0_t")
      throw AtomError(op.base + ": VS = " + std::to_string(hi) + " needs float_e2m1_t and float_ue8m0_t",
                      "sf_type = " + tsf.name + " (the " + (mx ? "" : "2x ") +
                          "mode with VS = " + std::to_string(hi) + " scales with float_ue8m0_t only)");
  }
  if ((op.ts || op.kind == Kind::CF32Interleaved) && majors[0] != "K")
    throw AtomError(
        op.base + ": a_major == UMMA::Major::K",
        "A is read from tensor memory, which can't be transposed; got a_major = UMMA::Major::" + majors[0]);
  if (op.kind == Kind::CF32Interleaved && majors[1] != "K")
    throw AtomError(
        op.base + ": b_major == UMMA::Major::K",
        "B from shared memory must be K-major for this operation; got b_major = UMMA::Major::" + majors[1]);
  canon.push_back(std::to_string(m));
  canon.push_back(std::to_string(nn));
  if (op.vs) canon.push_back(std::to_string(vs));
  canon.push_back("UMMA::Major::" + majors[0]);
  canon.push_back("UMMA::Major::" + majors[1]);
  int64_t scale_c = -1;
  if (op.scaled) {
    scale_c = atom_int_arg(n, i++, "ScaleC");
    if (scale_c < 0 || scale_c > 15)
      throw AtomError(op.base + ": ScaleC in 0..15",
                      "ScaleC = " + std::to_string(scale_c) + " (tcgen05.mma scale-input-d is 0..15)");
    canon.push_back(std::to_string(scale_c));
  }
  std::vector<std::string> tail;
  std::string negs[2] = {"One", "One"};
  if (op.negs)
    for (int j = 0; j < 2 && i < n.args.size(); ++j) {
      const std::string& raw = n.args[i++];
      negs[j] = enum_value(raw, {"cute::", "SM100::", "UMMA::", "ScaleIn::"});
      const char* what = j == 0 ? "a_neg" : "b_neg";
      if (negs[j] != "One" && negs[j] != "Neg")
        throw AtomError(op.base + ": " + what + " in {UMMA::ScaleIn::One, UMMA::ScaleIn::Neg}",
                        "'" + raw + "' is not a UMMA::ScaleIn value (One or Neg)");
      tail.push_back("UMMA::ScaleIn::" + negs[j]);
    }
  std::string sat = "False";
  if (op.sat && i < n.args.size()) {
    const std::string& raw = n.args[i++];
    sat = enum_value(raw, {"cute::", "SM100::", "UMMA::", "Saturate::"});
    if (sat != "False" && sat != "True")
      throw AtomError(op.base + ": c_sat in {UMMA::Saturate::False, UMMA::Saturate::True}",
                      "'" + raw + "' is not a UMMA::Saturate value (False or True)");
    if (op.negs) tail.resize(2, "UMMA::ScaleIn::One");
    tail.push_back("UMMA::Saturate::" + sat);
  }
  // Canonical spelling: trailing defaults dropped.
  while (!tail.empty() && (tail.back() == "UMMA::ScaleIn::One" || tail.back() == "UMMA::Saturate::False"))
    tail.pop_back();
  canon.insert(canon.end(), tail.begin(), tail.end());

  const int64_t k = op.kind == Kind::F8F6F4 || op.kind == Kind::MXF8F6F4 ? (op.sparse ? 64 : 32)
                    : op.kind == Kind::MXF4 || op.kind == Kind::MXF4NVF4
                        ? (op.sparse ? 128 : 64)
                        : (op.sparse ? 512 : 256) / a_bits(ta);
  const std::string ms = std::to_string(m), ns = std::to_string(nn), ks = std::to_string(k);
  MmaSpec s;
  s.name = op.base + "<" + join(canon) + ">";
  s.arch = "sm100";
  s.m = m, s.n = nn, s.k = k;
  if (op.ctas == 1) {
    s.thr = "1:0";
    s.a = "(1,(" + ms + "," + ks + ")):(0,(1," + ms + "))";
    s.b = "(1,(" + ns + "," + ks + ")):(0,(1," + ns + "))";
    s.c = "(1,(" + ms + "," + ns + ")):(0,(1," + ms + "))";
  } else {
    const std::string m2 = std::to_string(m / 2), n2 = std::to_string(nn / 2);
    s.thr = "2:1";
    s.a = "(2,(" + m2 + "," + ks + ")):(" + m2 + ",(1," + ms + "))";
    s.b = "(2,(" + n2 + "," + ks + ")):(" + n2 + ",(1," + ns + "))";
    s.c = "(2,(" + m2 + "," + ns + ")):(" + m2 + ",(1," + ms + "))";
  }
  s.td = tc.name, s.ta = ta.name, s.tb = tb.name, s.tc = tc.name;
  MmaAtom atom = build_mma(s);
  if (op.kind == Kind::CF32Interleaved)
    atom.params.push_back({"types",
                           "CuTe's traits: A = B = complex<tfloat32_t>, C = D = float (the complex "
                           "accumulator is stored as interleaved real and imaginary floats)"});
  atom.scope = "cta";
  atom.params.push_back({"scope", op.ctas == 1
                                      ? "CTA: thr_id counts CTAs; one CTA issues the MMA (one elected "
                                        "thread); values are elements, not registers"
                                      : "CTA pair: thr_id counts the 2 CTAs of the pair (peer CTA "
                                        "rank); each holds M/2 rows of A and C and N/2 rows of B"});
  atom.params.push_back({"kind", kind_name(op.kind)});
  atom.params.push_back({"operands", std::string("A from ") +
                                         (op.ts ? "tensor memory" : "shared memory (descriptor)") +
                                         ", B from shared memory (descriptor), C/D in tensor memory"});
  atom.params.push_back({"majors", "a_major = " + majors[0] + ", b_major = " + majors[1]});
  if (has_sf)
    atom.params.push_back({"scale factors", "sf_type = " + tsf.name + ", SFVecSize = " +
                                                std::to_string(op.vs       ? vs
                                                               : op.sparse ? 64
                                                                           : 32) +
                                                " (SFA/SFB in tensor memory)"});
  if (op.sparse)
    atom.params.push_back({"sparse", "A is 2:4 structured sparse: K = " + ks +
                                         " logical, half stored; metadata E in tensor memory"});
  if (op.scaled) atom.params.push_back({"ScaleC", std::to_string(scale_c) + " (D = A*B + C * 2^-ScaleC)"});
  if (negs[0] == "Neg" || negs[1] == "Neg")
    atom.params.push_back({"negate", "a_neg = " + negs[0] + ", b_neg = " + negs[1]});
  if (sat == "True") atom.params.push_back({"saturate", "c_sat = True"});
  return atom;
}

std::string n_words(int64_t step, int64_t lo) {
  return "N % " + std::to_string(step) + " == 0 and " + std::to_string(lo) + " <= N <= 256";
}

void add_umma(Registry& r, UmmaOp op) {
  AtomFamily f;
  f.arch = "sm100";
  f.kind = "mma";
  f.base = op.base;
  f.signature = signature(op);
  f.ranges = ranges(op);
  f.make = [op](const AtomName& n) -> Atom { return make_umma(op, n); };
  f.instances = [] { return std::vector<std::string>{}; };  // M x N x types x majors: too many to list
  r.add(std::move(f));
}

}  // namespace

void register_nvidia_sm100(Registry& r) {
  const auto m_1sm = [](int64_t m) { return m == 64 || m == 128; };
  const auto m_2sm = [](int64_t m) { return m == 128 || m == 256; };
  const auto m_128 = [](int64_t m) { return m == 128; };
  const auto m_256 = [](int64_t m) { return m == 256; };
  const std::string r1 = "M in {64, 128}", r2 = "M in {128, 256}";
  using NOk = std::function<bool(int64_t, int64_t, const std::string&)>;
  const NOk n8 = [](int64_t n, int64_t, const std::string&) { return n_mult(n, 8, 8); };
  const NOk n16 = [](int64_t n, int64_t, const std::string&) { return n_mult(n, 16, 16); };
  const NOk n32 = [](int64_t n, int64_t, const std::string&) { return n_mult(n, 32, 32); };
  const NOk n_by_m = [](int64_t n, int64_t m, const std::string&) {
    return m == 64 ? n_mult(n, 8, 8) : n_mult(n, 16, 16);
  };
  const NOk n_s8 = [](int64_t n, int64_t, const std::string&) { return n == 8 || n_mult(n, 16, 16); };
  const NOk n_by_bmajor_1 = [](int64_t n, int64_t, const std::string& b) {
    return b == "K" ? n_mult(n, 8, 8) : n_mult(n, 16, 16);
  };
  const NOk n_by_bmajor_2 = [](int64_t n, int64_t, const std::string& b) {
    return b == "K" ? n_mult(n, 16, 16) : n_mult(n, 32, 32);
  };
  const std::string w8 = n_words(8, 8), w16 = n_words(16, 16), w32 = n_words(32, 32);
  const std::string wm = "M = 64: " + w8 + "; M = 128: " + w16;
  const std::string ws8 = "N == 8 or " + w16;
  const std::string wb1 = "b_major = K: " + w8 + "; b_major = MN: " + w16;
  const std::string wb2 = "b_major = K: " + w16 + "; b_major = MN: " + w32;

  // base, kind, ctas, ts, sparse, scaled, negs, sat, vs, m_ok, m_rule, n_ok, n_rule
  const std::vector<UmmaOp> ops = {
      // 1 CTA, dense
      {"SM100_MMA_TF32_SS", Kind::TF32, 1, false, false, false, true, false, false, m_1sm, r1, n8, w8},
      {"SM100_MMA_F16BF16_SS", Kind::F16BF16, 1, false, false, false, true, false, false, m_1sm, r1, n8, w8},
      {"SM100_MMA_TF32_TS", Kind::TF32, 1, true, false, false, true, true, false, m_1sm, r1, n_by_m, wm},
      {"SM100_MMA_F16BF16_TS", Kind::F16BF16, 1, true, false, false, true, true, false, m_1sm, r1, n_by_m,
       wm},
      {"SM100_MMA_TF32_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN", Kind::CF32Interleaved, 1, true, false, false,
       true, true, false, m_1sm, r1, n_by_m, wm},
      {"SM100_MMA_F16BF16_SS_SCALED", Kind::F16BF16, 1, false, false, true, true, false, false, m_1sm, r1, n8,
       w8},
      {"SM100_MMA_TF32_TS_SCALED", Kind::TF32, 1, true, false, true, true, true, false, m_1sm, r1, n_by_m,
       wm},
      {"SM100_MMA_F16BF16_TS_SCALED", Kind::F16BF16, 1, true, false, true, true, true, false, m_1sm, r1,
       n_by_m, wm},
      {"SM100_MMA_S8_SS", Kind::S8, 1, false, false, false, false, true, false, m_1sm, r1, n_s8, ws8},
      {"SM100_MMA_S8_TS", Kind::S8, 1, true, false, false, true, true, false, m_1sm, r1, n_s8, ws8},
      {"SM100_MMA_F8F6F4_SS", Kind::F8F6F4, 1, false, false, false, true, false, false, m_1sm, r1,
       n_by_bmajor_1, wb1},
      {"SM100_MMA_F8F6F4_TS", Kind::F8F6F4, 1, true, false, false, true, true, false, m_1sm, r1, n_by_m, wm},
      {"SM100_MMA_MXF8F6F4_SS", Kind::MXF8F6F4, 1, false, false, false, true, false, false, m_128, "M == 128",
       n8, w8},
      {"SM100_MMA_MXF4_SS", Kind::MXF4, 1, false, false, false, true, false, true, m_128, "M == 128", n8, w8},
      // 1 CTA, sparse
      {"SM100_MMA_TF32_SS_SPARSE", Kind::TF32, 1, false, true, false, true, false, false, m_1sm, r1, n8, w8},
      {"SM100_MMA_F16BF16_SS_SPARSE", Kind::F16BF16, 1, false, true, false, true, false, false, m_1sm, r1, n8,
       w8},
      {"SM100_MMA_S8_SS_SPARSE", Kind::S8, 1, false, true, false, false, true, false, m_1sm, r1, n_s8, ws8},
      {"SM100_MMA_F8F6F4_SS_SPARSE", Kind::F8F6F4, 1, false, true, false, true, false, false, m_1sm, r1,
       n_by_m, wm},
      {"SM100_MMA_MXF8F6F4_SS_SPARSE", Kind::MXF8F6F4, 1, false, true, false, true, false, false, m_128,
       "M == 128", n8, w8},
      {"SM100_MMA_MXF4NVF4_SS_SPARSE", Kind::MXF4NVF4, 1, false, true, false, true, false, true, m_128,
       "M == 128", n8, w8},
      // 2 CTAs, dense
      {"SM100_MMA_TF32_2x1SM_SS", Kind::TF32, 2, false, false, false, true, false, false, m_2sm, r2, n16,
       w16},
      {"SM100_MMA_F16BF16_2x1SM_SS", Kind::F16BF16, 2, false, false, false, true, false, false, m_2sm, r2,
       n16, w16},
      {"SM100_MMA_TF32_2x1SM_TS", Kind::TF32, 2, true, false, false, true, true, false, m_2sm, r2, n32, w32},
      {"SM100_MMA_F16BF16_2x1SM_TS", Kind::F16BF16, 2, true, false, false, true, true, false, m_2sm, r2, n32,
       w32},
      {"SM100_MMA_TF32_2x1SM_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN", Kind::CF32Interleaved, 2, true, false,
       false, true, true, false, m_2sm, r2, n32, w32},
      {"SM100_MMA_F16BF16_2x1SM_SS_SCALED", Kind::F16BF16, 2, false, false, true, true, false, false, m_2sm,
       r2, n16, w16},
      {"SM100_MMA_TF32_2x1SM_TS_SCALED", Kind::TF32, 2, true, false, true, true, true, false, m_2sm, r2, n32,
       w32},
      {"SM100_MMA_F16BF16_2x1SM_TS_SCALED", Kind::F16BF16, 2, true, false, true, true, true, false, m_2sm, r2,
       n32, w32},
      {"SM100_MMA_S8_2x1SM_SS", Kind::S8, 2, false, false, false, false, true, false, m_2sm, r2, n32, w32},
      {"SM100_MMA_S8_2x1SM_TS", Kind::S8, 2, true, false, false, true, true, false, m_2sm, r2, n32, w32},
      {"SM100_MMA_F8F6F4_2x1SM_SS", Kind::F8F6F4, 2, false, false, false, true, false, false, m_2sm, r2,
       n_by_bmajor_2, wb2},
      {"SM100_MMA_F8F6F4_2x1SM_TS", Kind::F8F6F4, 2, true, false, false, true, true, false, m_2sm, r2, n32,
       w32},
      {"SM100_MMA_MXF8F6F4_2x1SM_SS", Kind::MXF8F6F4, 2, false, false, false, true, false, false, m_256,
       "M == 256", n16, w16},
      {"SM100_MMA_MXF4_2x1SM_SS", Kind::MXF4, 2, false, false, false, true, false, true, m_2sm, r2, n16, w16},
      // 2 CTAs, sparse
      {"SM100_MMA_TF32_2x1SM_SS_SPARSE", Kind::TF32, 2, false, true, false, true, false, false, m_2sm, r2,
       n16, w16},
      {"SM100_MMA_F16BF16_2x1SM_SS_SPARSE", Kind::F16BF16, 2, false, true, false, true, false, false, m_2sm,
       r2, n16, w16},
      {"SM100_MMA_S8_2x1SM_SS_SPARSE", Kind::S8, 2, false, true, false, false, true, false, m_2sm, r2, n32,
       w32},
      {"SM100_MMA_F8F6F4_2x1SM_SS_SPARSE", Kind::F8F6F4, 2, false, true, false, true, false, false, m_2sm, r2,
       n32, w32},
      {"SM100_MMA_MXF8F6F4_2x1SM_SS_SPARSE", Kind::MXF8F6F4, 2, false, true, false, true, false, false, m_256,
       "M == 256", n16, w16},
      {"SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE", Kind::MXF4NVF4, 2, false, true, false, true, false, true, m_2sm,
       r2, n16, w16},
  };
  for (const UmmaOp& op : ops) add_umma(r, op);
}

}  // namespace tvlab
