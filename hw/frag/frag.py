#!/usr/bin/env python3
"""The fragment probes' host side (python3, standard library only).

  frag.py cu     tables.json > frag_probe.cu         the CUDA probe: one kernel per mma atom + ldmatrix/stmatrix
  frag.py input  tables.json > cases.txt             every case: each atom's table and its mutants
  frag.py check  tables.json cases.txt results.txt meta.json > fragments.json
  frag.py selftest                                   the encodings and permutations (ctest hw.frag_host)

MMA: A, B, C hold random small integers (exact in every type); lane thr_id[t] gets, as value v of
A, the element A[m][k] at a[t + T*v] = m + M*k (likewise B, C), packed value after value into its
32-bit registers; the probe issues the atom's one instruction and the check reads D value v of
thread t as element c[t + T*v] of D = A*B^T + C computed here. ldmatrix: lanes 0..8*count-1 point
at scrambled 16-byte rows filled with src's element indices (src[t + 32*v] at position v), the
others at a poison row; register value v of lane t must be dst[t + 32*v]. stmatrix: registers
hold src's indices, the rows written must hold dst's, and nothing else may change.
Mutants: the same atom with one table's thread index rotated by one (values for 1-thread atoms);
each must FAIL.
"""
import json
import random
import struct
import sys

BITS = {"half_t": 16, "bfloat16_t": 16, "tfloat32_t": 32, "float": 32, "double": 64, "int32_t": 32, "int8_t": 8,
        "uint8_t": 8, "int4_t": 4, "uint4_t": 4, "uint1_t": 1, "float_e4m3_t": 8, "float_e5m2_t": 8,
        "complex<double>": 128}
POISON = 0xEEEE


def lo_hi(t):
    """Range of the random integers for an operand type."""
    return {"uint8_t": (0, 6), "uint4_t": (0, 6), "uint1_t": (0, 1)}.get(t, (-3, 3))


def encode(t, v):
    if t == "complex<double>":
        return encode("double", v.real) | (encode("double", v.imag) << 64)
    if t == "half_t":
        return struct.unpack("<H", struct.pack("<e", v))[0]
    if t == "bfloat16_t":
        return struct.unpack("<I", struct.pack("<f", v))[0] >> 16
    if t in ("float", "tfloat32_t"):
        return struct.unpack("<I", struct.pack("<f", v))[0]
    if t == "double":
        return struct.unpack("<Q", struct.pack("<d", v))[0]
    if t in ("float_e4m3_t", "float_e5m2_t"):
        mbits, bias = (3, 7) if t == "float_e4m3_t" else (2, 15)
        if v == 0:
            return 0
        s, a = (0x80 if v < 0 else 0), abs(int(v))
        e = a.bit_length() - 1
        frac = (a - (1 << e)) << mbits >> e
        assert ((1 << e) + (frac << e >> mbits)) == a, (t, v)
        return s | ((e + bias) << mbits) | frac
    bits = BITS[t]
    return int(v) & ((1 << bits) - 1)


def decode(t, w):
    if t == "complex<double>":
        return complex(decode("double", w & ((1 << 64) - 1)), decode("double", w >> 64))
    if t == "half_t":
        return struct.unpack("<e", struct.pack("<H", w))[0]
    if t == "float":
        return struct.unpack("<f", struct.pack("<I", w))[0]
    if t == "double":
        return struct.unpack("<d", struct.pack("<Q", w))[0]
    if t == "int32_t":
        return w - (1 << 32) if w >> 31 else w
    raise ValueError(t)


def pack(values, bits):
    """Values of `bits` bits each, first value in the low bits, into 32-bit words."""
    acc, words = 0, []
    for i, v in enumerate(values):
        acc |= v << (i * bits)
    n = max(1, (len(values) * bits + 31) // 32)
    return [(acc >> (32 * i)) & 0xFFFFFFFF for i in range(n)]


def unpack(words, bits, n):
    acc = 0
    for i, w in enumerate(words):
        acc |= w << (32 * i)
    return [(acc >> (i * bits)) & ((1 << bits) - 1) for i in range(n)]


def geometry(atom):
    T = len(atom["thr_id"])
    per = {k: len(atom[k]) // T for k in ("a", "b", "c")}
    ty = atom["types"]
    words = {k: max(1, per[k] * BITS[ty[k]] // 32) for k in ("a", "b", "c")}
    words["d"] = max(1, per["c"] * BITS[ty["d"]] // 32)
    return T, per, words


def rotate(table, T):
    n = len(table) // T
    if T == 1:
        return [table[(v + 1) % n] for v in range(n)]
    return [table[((i % T) + 1) % T + T * (i // T)] for i in range(len(table))]


# ---------------------------------------------------------------- the CUDA source
def c64_kernel(i, ptx, per):
    """complex<double> D = A*B + C as CuTe's SM80_8x8x4_C64C64C64C64_TN issues it: four f64 mmas."""
    assert per["a"] == 1 and per["b"] == 1 and per["c"] == 2
    mma = (f'"{ptx} {{%0,%1}}, {{%2}}, {{%3}}, {{%4,%5}};" : "=d"(D0), "=d"(D1) : "d"(X), "d"(Y), "d"(C0), "d"(C1)')
    body = [f'__global__ void mma_{i}(const unsigned* A, const unsigned* B, const unsigned* C, unsigned* D) {{',
            '  const int l = threadIdx.x;',
            '  auto dbl = [](const unsigned* p) { return __hiloint2double(int(p[1]), int(p[0])); };',
            '  const double ar = dbl(A + l*4), ai = dbl(A + l*4 + 2), br = dbl(B + l*4), bi = dbl(B + l*4 + 2);',
            '  const double cr0 = dbl(C + l*8), ci0 = dbl(C + l*8 + 2), cr1 = dbl(C + l*8 + 4), ci1 = dbl(C + l*8 + 6);',
            '  const double nai = -ai;',
            '  double dr0, dr1, di0, di1;']
    for d0, d1, x, y, c0, c1 in (("dr0", "dr1", "ar", "br", "cr0", "cr1"), ("dr0", "dr1", "nai", "bi", "dr0", "dr1"),
                                 ("di0", "di1", "ar", "bi", "ci0", "ci1"), ("di0", "di1", "ai", "br", "di0", "di1")):
        body.append('  asm volatile(' + mma.replace("D0", d0).replace("D1", d1).replace("(X)", f"({x})")
                    .replace("(Y)", f"({y})").replace("C0", c0).replace("C1", c1) + ');')
    body += ['  const double out[4] = {dr0, di0, dr1, di1};',
             '  for (int j = 0; j < 4; ++j) { D[l*8+2*j] = unsigned(__double2loint(out[j])); '
             'D[l*8+2*j+1] = unsigned(__double2hiint(out[j])); }',
             '}']
    return body


def cu(tables):
    out = ['// Generated by hw/frag/frag.py from tvlab\'s tables: do not edit.',
           '#include <cstdio>', '#include <cstdlib>', '#include <cstring>', '#include <string>', '#include <vector>', '']
    out.append('#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { '
               'std::fprintf(stderr, "%s: %s\\n", #x, cudaGetErrorString(e_)); std::exit(3); } } while (0)')
    for i, atom in enumerate(tables["mma"]):
        T, per, w = geometry(atom)
        f64 = atom["types"]["a"] == "double"
        out.append(f'// {atom["name"]}')
        if atom["ptx"].startswith("c64x4:"):
            out += c64_kernel(i, atom["ptx"][6:], per)
            continue
        out.append(f'__global__ void mma_{i}(const unsigned* A, const unsigned* B, const unsigned* C, unsigned* D) {{')
        out.append('  const int l = threadIdx.x;')
        if f64:
            for k, n in (("a", per["a"]), ("b", per["b"]), ("c", per["c"])):
                src = k.upper()
                out.append(f'  double {k}[{n}];')
                out.append(f'  for (int j = 0; j < {n}; ++j) {k}[j] = __hiloint2double(int({src}[(l*{n}+j)*2+1]), int({src}[(l*{n}+j)*2]));')
            out.append(f'  double d[{per["c"]}];')
            cons = "d"
        else:
            for k in ("a", "b", "c"):
                out.append(f'  unsigned {k}[{w[k]}];')
                out.append(f'  for (int j = 0; j < {w[k]}; ++j) {k}[j] = {k.upper()}[l*{w[k]}+j];')
            out.append(f'  unsigned d[{w["d"]}];')
            cons = "r"
        nd = per["c"] if f64 else w["d"]
        na, nb, nc = (per["a"], per["b"], per["c"]) if f64 else (w["a"], w["b"], w["c"])
        idx = 0

        def group(n):
            nonlocal idx
            s = "{" + ",".join(f"%{idx + j}" for j in range(n)) + "}"
            idx += n
            return s
        if atom["ptx"].startswith("dp4a"):
            ops = "%0, %1, %2, %3"
        else:
            ops = ", ".join([group(nd), group(na), group(nb), group(nc)])
        outs = ", ".join(f'"={cons}"(d[{j}])' for j in range(nd))
        ins = ", ".join([f'"{cons}"(a[{j}])' for j in range(na)] + [f'"{cons}"(b[{j}])' for j in range(nb)] +
                        [f'"{cons}"(c[{j}])' for j in range(nc)])
        out.append(f'  asm volatile("{atom["ptx"]} {ops};" : {outs} : {ins});')
        if f64:
            out.append(f'  for (int j = 0; j < {nd}; ++j) {{ D[(l*{nd}+j)*2] = unsigned(__double2loint(d[j])); '
                       f'D[(l*{nd}+j)*2+1] = unsigned(__double2hiint(d[j])); }}')
        else:
            out.append(f'  for (int j = 0; j < {nd}; ++j) D[l*{nd}+j] = d[j];')
        out.append('}')
    out.append('typedef void (*MmaKernel)(const unsigned*, const unsigned*, const unsigned*, unsigned*);')
    out.append('static MmaKernel kMma[] = {' + ", ".join(f"mma_{i}" for i in range(len(tables["mma"]))) + '};')
    # ldmatrix / stmatrix: 12 kernels over 4 KB of shared memory, per-lane byte offsets
    for op in ("ldmatrix", "stmatrix"):
        for count in (1, 2, 4):
            for trans in ("", ".trans"):
                kname = f'{op[:2]}sm{count}{"t" if trans else ""}'
                regs = "{" + ",".join(f"%{j + (1 if op == 'stmatrix' else 0)}" for j in range(count)) + "}"
                out.append(f'__global__ void {kname}(const unsigned* addr, unsigned* smem_io, unsigned* regs_io) {{')
                out.append('  __shared__ __align__(16) unsigned s[1024];')
                out.append('  const int l = threadIdx.x;')
                out.append('  for (int j = l; j < 1024; j += 32) s[j] = smem_io[j];')
                out.append(f'  unsigned r[4] = {{regs_io[l*4], regs_io[l*4+1], regs_io[l*4+2], regs_io[l*4+3]}};')
                out.append('  __syncwarp();')
                out.append('  const unsigned a = unsigned(__cvta_generic_to_shared(s)) + addr[l];')
                rl = ", ".join(f'"r"(r[{j}])' for j in range(count))
                if op == "ldmatrix":
                    outs = ", ".join(f'"=r"(r[{j}])' for j in range(count))
                    out.append(f'  asm volatile("ldmatrix.sync.aligned.m8n8.x{count}{trans}.shared.b16 {regs}, [%{count}];" '
                               f': {outs} : "r"(a));')
                else:
                    out.append(f'  asm volatile("stmatrix.sync.aligned.m8n8.x{count}{trans}.shared.b16 [%0], {regs};" '
                               f':: "r"(a), {rl} : "memory");')
                out.append('  __syncwarp();')
                out.append('  for (int j = l; j < 1024; j += 32) smem_io[j] = s[j];')
                out.append('  for (int j = 0; j < 4; ++j) regs_io[l*4+j] = r[j];')
                out.append('}')
    out.append(r'''
static std::vector<unsigned> words(char*& p, int n) {
  std::vector<unsigned> v(n);
  for (int i = 0; i < n; ++i) v[i] = unsigned(std::strtoul(p, &p, 16));
  return v;
}
static unsigned* dev(const std::vector<unsigned>& v) {
  unsigned* d = nullptr;
  CK(cudaMalloc(&d, v.size() * sizeof(unsigned) + 16));
  CK(cudaMemcpy(d, v.data(), v.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
  return d;
}
static std::vector<unsigned> host(const unsigned* d, int n) {
  std::vector<unsigned> v(n);
  CK(cudaMemcpy(v.data(), d, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  return v;
}
// cases.txt: one case per line.
//   mma  NAME K NA NB NC ND  32*NA A words, 32*NB B, 32*NC C (hex)   -> NAME 32*ND D words
//   copy NAME KERNEL         32 lane byte offsets, 1024 smem words, 128 register words -> NAME 1024 smem + 128 regs
int main(int argc, char** argv) {
  if (argc != 2) { std::fprintf(stderr, "usage: frag_probe cases.txt\n"); return 2; }
  FILE* f = std::fopen(argv[1], "r");
  if (!f) { std::fprintf(stderr, "cannot read %s\n", argv[1]); return 2; }
  static char line[1 << 20];
  int n = 0;
  while (std::fgets(line, sizeof line, f)) {
    char kind[16], name[256];
    int used = 0;
    if (std::sscanf(line, "%15s %255s %n", kind, name, &used) != 2) continue;
    char* p = line + used;
    std::vector<unsigned> res;
    if (std::strcmp(kind, "mma") == 0) {
      int k = int(std::strtol(p, &p, 10)), na = int(std::strtol(p, &p, 10)), nb = int(std::strtol(p, &p, 10));
      int nc = int(std::strtol(p, &p, 10)), nd = int(std::strtol(p, &p, 10));
      unsigned *A = dev(words(p, 32 * na)), *B = dev(words(p, 32 * nb)), *C = dev(words(p, 32 * nc));
      unsigned* D = dev(std::vector<unsigned>(32 * nd, 0xDEADBEEFu));
      kMma[k]<<<1, 32>>>(A, B, C, D);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      res = host(D, 32 * nd);
      cudaFree(A); cudaFree(B); cudaFree(C); cudaFree(D);
    } else {
      char kern[16];
      std::sscanf(p, "%15s %n", kern, &used);
      p += used;
      unsigned *addr = dev(words(p, 32)), *smem = dev(words(p, 1024)), *regs = dev(words(p, 128));
      void (*kf)(const unsigned*, unsigned*, unsigned*) = nullptr;
      const std::string ks = kern;
#define K(x) if (ks == #x) kf = x;
      K(ldsm1) K(ldsm1t) K(ldsm2) K(ldsm2t) K(ldsm4) K(ldsm4t) K(stsm1) K(stsm1t) K(stsm2) K(stsm2t) K(stsm4) K(stsm4t)
      if (!kf) { std::fprintf(stderr, "unknown kernel %s\n", kern); return 2; }
      kf<<<1, 32>>>(addr, smem, regs);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      res = host(smem, 1024);
      std::vector<unsigned> r = host(regs, 128);
      res.insert(res.end(), r.begin(), r.end());
      cudaFree(addr); cudaFree(smem); cudaFree(regs);
    }
    std::printf("%s", name);
    for (unsigned w : res) std::printf(" %x", w);
    std::printf("\n");
    ++n;
  }
  std::fprintf(stderr, "%d cases\n", n);
  return 0;
}''')
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- the cases
def mma_cases(atom, idx, rng):
    T, per, w = geometry(atom)
    M, N, K = atom["shape_mnk"]
    ty = atom["types"]
    if ty["a"] == "complex<double>":
        def draw(_t):
            return complex(rng.randint(-3, 3), rng.randint(-3, 3))
    else:
        def draw(t):
            return rng.randint(*lo_hi(t))
    A = [[draw(ty["a"]) for _ in range(K)] for _ in range(M)]
    B = [[draw(ty["b"]) for _ in range(K)] for _ in range(N)]
    C = [[draw("int32_t") for _ in range(N)] for _ in range(M)]
    variants = [("", atom["a"], atom["b"], atom["c"])]
    for which in ("a", "b", "c"):
        tabs = {k: atom[k] for k in ("a", "b", "c")}
        tabs[which] = rotate(atom[which], T)
        if tabs[which] != atom[which]:
            variants.append((f"#mutant_{which}", tabs["a"], tabs["b"], tabs["c"]))
    cases = []
    for suffix, ta, tb, tc in variants:
        regs = {}
        for k, tab, get in (("a", ta, lambda c: A[c % M][c // M]), ("b", tb, lambda c: B[c % N][c // N]),
                            ("c", tc, lambda c: C[c % M][c // M])):
            bits = BITS[ty[k]]
            lanes = [[0] * w[k] for _ in range(32)]
            for t in range(T):
                vals = [encode(ty[k], get(tab[t + T * v])) for v in range(per[k])]
                lanes[atom["thr_id"][t]] = pack(vals, bits)
            regs[k] = [x for lane in lanes for x in lane]
        line = f'mma {atom["name"]}{suffix} {idx} {w["a"]} {w["b"]} {w["c"]} {w["d"]} ' + \
            " ".join(f"{x:x}" for k in ("a", "b", "c") for x in regs[k])
        cases.append((line, {"name": atom["name"] + suffix, "kind": "mma", "c": tc, "A": A, "B": B, "C": C}))
    return cases


def copy_cases(atom, rng):
    count, lanes_with_rows = atom["count"], 8 * atom["count"]
    kern = f'{atom["op"][:2]}sm{count}{"t" if atom["trans"] else ""}'
    variants = [("", atom["src"], atom["dst"]), ("#mutant_src", rotate(atom["src"], 32), atom["dst"]),
                ("#mutant_dst", atom["src"], rotate(atom["dst"], 32))]
    slots = rng.sample(range(1, 256), 32)  # 16-byte rows of the 4 KB; row 0 is the poison row
    nv = len(atom["src"]) // 32 if atom["op"] == "stmatrix" else len(atom["dst"]) // 32
    cases = []
    for suffix, src, dst in variants:
        addr = [slots[t] * 16 if t < lanes_with_rows else 0 for t in range(32)]
        smem16 = [POISON] * 2048
        regs = [0] * 128
        if atom["op"] == "ldmatrix":
            for t in range(lanes_with_rows):
                for v in range(8):
                    smem16[slots[t] * 8 + v] = src[t + 32 * v]
        else:
            for t in range(32):
                r = [src[t + 32 * v] for v in range(nv)] + [POISON] * (8 - nv)
                regs[4 * t:4 * t + 4] = [r[2 * j] | (r[2 * j + 1] << 16) for j in range(4)]
        smem = [smem16[2 * j] | (smem16[2 * j + 1] << 16) for j in range(1024)]
        line = f'copy {atom["name"]}{suffix} {kern} ' + " ".join(f"{x:x}" for x in addr + smem + regs)
        cases.append((line, {"name": atom["name"] + suffix, "kind": atom["op"], "dst": dst, "slots": slots,
                             "rows": lanes_with_rows, "nv": nv}))
    return cases


def all_cases(tables):
    rng = random.Random(15)
    cases = []
    for i, atom in enumerate(tables["mma"]):
        cases += mma_cases(atom, i, rng)
    for atom in tables["copy"]:
        cases += copy_cases(atom, rng)
    return cases


# ---------------------------------------------------------------- the check
def check_mma(atom, exp, words):
    T, per, w = geometry(atom)
    M, N, K = atom["shape_mnk"]
    ty = atom["types"]
    A, B, C, tc = exp["A"], exp["B"], exp["C"], exp["c"]
    popc = atom["ptx"].endswith(".popc")
    bad = []
    for t in range(T):
        lane = atom["thr_id"][t]
        dw = words[lane * w["d"]:(lane + 1) * w["d"]]
        bits = BITS[ty["d"]]
        vals = unpack(dw, bits, per["c"])
        for v in range(per["c"]):
            c = tc[t + T * v]
            m, n = c % M, c // M
            if popc:
                op = (lambda x, y: x & y) if ".and." in atom["ptx"] else (lambda x, y: x ^ y)
                want = sum(op(A[m][k], B[n][k]) for k in range(K)) + C[m][n]
            else:
                want = sum(A[m][k] * B[n][k] for k in range(K)) + C[m][n]
            got = decode(ty["d"], vals[v])
            if got != want:
                bad.append(f"T{t}V{v} (lane {lane}) holds {got}, expected D({m},{n}) = {want}")
    return bad


def check_copy(exp, words):
    smem, regs = words[:1024], words[1024:]
    s16 = [x for j in range(1024) for x in (smem[j] & 0xFFFF, smem[j] >> 16)]
    r16 = [x for t in range(32) for j in range(4) for x in (regs[4 * t + j] & 0xFFFF, regs[4 * t + j] >> 16)]
    dst, bad = exp["dst"], []
    if exp["kind"] == "ldmatrix":
        for t in range(32):
            for v in range(len(dst) // 32):
                if r16[8 * t + v] != dst[t + 32 * v]:
                    bad.append(f"lane {t} value {v} holds element {r16[8 * t + v]}, table says {dst[t + 32 * v]}")
    else:
        want = [POISON] * 2048
        for t in range(exp["rows"]):
            for v in range(8):
                want[exp["slots"][t] * 8 + v] = dst[t + 32 * v]
        for i in range(2048):
            if s16[i] != want[i]:
                bad.append(f"shared half {i} (row {i // 8}) holds {s16[i]}, expected {want[i]}")
    return bad


def selftest():
    """The host side's encodings and permutations, against known bit patterns (ctest hw.frag_host)."""
    cases = [("half_t", 1, 0x3C00), ("half_t", -2, 0xC000), ("half_t", 0, 0), ("bfloat16_t", 1, 0x3F80),
             ("bfloat16_t", -3, 0xC040), ("float", 2, 0x40000000), ("tfloat32_t", -1, 0xBF800000),
             ("float_e4m3_t", 1, 0x38), ("float_e4m3_t", -3, 0xC4), ("float_e4m3_t", 2, 0x40),
             ("float_e5m2_t", 1, 0x3C), ("float_e5m2_t", 3, 0x42), ("float_e5m2_t", -2, 0xC0),
             ("int8_t", -1, 0xFF), ("int4_t", -3, 0xD), ("uint4_t", 6, 0x6), ("uint1_t", 1, 1),
             ("double", 1, 0x3FF0000000000000), ("complex<double>", complex(1, -2), 0xC000000000000000 << 64 | 0x3FF << 52)]
    bad = [f"encode({t}, {v}) = {encode(t, v):#x}, expected {w:#x}" for t, v, w in cases if encode(t, v) != w]
    for t, v in (("half_t", -3), ("float", 7), ("double", -5), ("int32_t", -7), ("complex<double>", complex(-3, 2))):
        bits = {"int32_t": 0xFFFFFFFF}.get(t)
        if decode(t, encode(t, v) if bits is None else v & bits) != v:
            bad.append(f"decode(encode({t}, {v})) != {v}")
    if pack([1, 2, 3], 8) != [0x030201] or pack([0xF, 0x1], 4) != [0x1F] or pack([1] * 64, 1) != [0xFFFFFFFF] * 2:
        bad.append("pack")
    if unpack(pack([5, 6, 7, 8, 9], 16), 16, 5) != [5, 6, 7, 8, 9]:
        bad.append("unpack")
    if rotate([0, 1, 2, 3, 10, 11, 12, 13], 4) != [1, 2, 3, 0, 11, 12, 13, 10] or rotate([7, 8, 9], 1) != [8, 9, 7]:
        bad.append("rotate")
    for b in bad:
        print("selftest:", b, file=sys.stderr)
    print(f"selftest: {len(cases)} encodings, round trips, pack/unpack, rotate: {'FAIL' if bad else 'ok'}")
    sys.exit(1 if bad else 0)


def main():
    if sys.argv[1:] == ["selftest"]:
        selftest()
    cmd, tables = sys.argv[1], json.load(open(sys.argv[2]))
    if cmd == "cu":
        sys.stdout.write(cu(tables))
    elif cmd == "input":
        for line, _ in all_cases(tables):
            print(line)
    elif cmd == "check":
        exp = {e["name"]: e for _, e in all_cases(tables)}
        got = {}
        for line in open(sys.argv[4]):
            parts = line.split()
            got[parts[0]] = [int(x, 16) for x in parts[1:]]
        meta = json.load(open(sys.argv[5]))
        atoms = {a["name"]: a for a in tables["mma"]}
        records, failures = [], 0
        for a in tables["mma"] + tables["copy"]:
            rec = {"name": a["name"], "source": a["source"], "layouts": a["layouts"]}
            rec.update({k: a[k] for k in (("ptx", "shape_mnk", "types") if a["name"] in atoms
                                          else ("op", "count", "trans"))})
            mutants = {}
            for name in [n for n in exp if n == a["name"] or n.startswith(a["name"] + "#")]:
                if name not in got:
                    bad = ["no result from the device"]
                elif a["name"] in atoms:
                    bad = check_mma(a, exp[name], got[name])
                else:
                    bad = check_copy(exp[name], got[name])
                if name == a["name"]:
                    rec["result"] = "pass" if not bad else "FAIL"
                    rec["mismatches"] = bad[:8]
                    failures += bool(bad)
                else:
                    mutants[name.split("#")[1]] = "failed as it must" if bad else "PASSED (control broken)"
                    failures += not bad
            rec["mutants"] = mutants
            records.append(rec)
        doc = {k: meta[k] for k in ("gpu", "driver", "cuda", "date", "command")}
        doc.update({"tvlab": tables["tvlab"], "skipped": tables["skipped"], "atoms": records})
        json.dump(doc, sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
        print(f"fragments: {sum(r['result'] == 'pass' for r in records)}/{len(records)} atoms pass, "
              f"{failures} unexpected results", file=sys.stderr)
        sys.exit(1 if failures else 0)


main()
