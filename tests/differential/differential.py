#!/usr/bin/env python3
"""The randomized differential test and the compiled-mutation suite (issue 33 item 6): tvlab's verdict and thread
views against CuTe's, for the cases of cases.py (random SM80/SM90 mainloops, valid or with one drawn defect, and
one-change mutations of tests/data/cpp's real configurations).

CuTe's verdict on a case, from one translation unit per case (a static_assert stops a whole TU):
  rejected    g++ -fsyntax-only of a host function that instantiates what the kernel instantiates (SM80: the
              CollectiveMma's operator() with the kernel's gA/gB/accumulator types, sm70_gemm.hpp; SM90: its
              load_init, load, mma and mma_tail, and to_underlying_arguments, sm90_gemm_tma_warpspecialized_*.hpp)
              fails; `why` is the first static_assert message (else the first error).
  misbehaves  it compiles, but the program (g++ -O0, run on the host) finds a run-time property broken:
              runtime.X.g2s.stageS  the GmemTiledCopy over the kernel's threads (size(TiledMma): sm70_gemm.hpp's
                                    MaxThreadsPerBlock) writes every byte of smem stage S exactly once, with each
                                    cp.async instruction (Copy_Traits' DstLayout bits, at the address of its first
                                    value, as Copy_Atom::call tiles the fragment) aligned to its size, and no byte
                                    outside the stage (the collective's copy_if into tAsA(_,_,_,k_pipe));
              (and each instruction's values lie in its bytes, in order);
              runtime.X.s2r     each s2r instruction (make_tiled_copy_X(SmemCopyAtomX, TiledMma): an ldmatrix
                                lane's row) reads its values from contiguous, aligned bytes, in order;
              runtime.X.smem_injective  SmemLayoutX maps no two coordinates to one element;
              runtime.smem      the collective's SharedStorage fits the architecture's dynamic shared memory
                                (sm80 166912 B, sm90 232448 B; cudaFuncSetAttribute fails beyond: the kernel never
                                runs). The mainloop's alone: the epilogue's can only add to it.
  accepted    otherwise; the program also prints, via tests/cute_oracle/oracle.py's dump, the TiledMMA, copies,
              smem layouts and the per-thread partitions (threads PART_THREADS; SM80 with gA/gB shifted by the K
              residue as the collective shifts them), which tvlab's plan (--thread T --bind problem=...) must equal.

tvlab's side: `tvlab verify CASE --config NAME --format json`. A disagreement is
  verdict   CuTe rejects or it misbehaves, and tvlab exits 0 (or 1 with no Error-severity refuted check);
            or CuTe accepts and tvlab refutes with an Error (a false alarm: its codes are named);
  crash     tvlab exits 3 (or dies) on any case;
  unsupported  CuTe accepts and tvlab exits 2 (allowed by the first rule, listed all the same);
  view:K    CuTe accepts and tvlab's K (an oracle key without the thread: mma.a_tv, part.A.tAgA, ...) differs.
tests/data/differential/known_disagreements.txt lists the disagreements known today (`CASE KIND  # why`): each
must still disagree (a fixed one fails the test, to be removed from the list), every other one fails.

  differential.py live     --tvlab T --out DIR --cutlass-include I --cuda-include C... [--jobs N]
  differential.py record   (the same) also (re)writes tests/data/differential/cute_verdicts.txt
  differential.py cute     (the same, no tvlab) CuTe's side only, into DIR/cute_verdicts.txt (for a machine
                           without tvlab; `recorded --verdicts FILE` then compares)
  differential.py recorded --tvlab T --out DIR   tvlab against the recording (no CUTLASS; seconds)
  differential.py mutated  --tvlab T --out DIR   the recording with one rejected case's verdict flipped to
                           accepted, one accepted case's to rejected, and one accepted case's mma.a_tv altered (two
                           strides swapped): each must be reported (exit 0 if so)
"""
import argparse
import concurrent.futures
import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "cute_oracle"))
sys.path.insert(0, HERE)
import cases as cases_mod  # noqa: E402
import oracle  # noqa: E402

DATA = cases_mod.DATA
RECORDING = os.path.join(DATA, "cute_verdicts.txt")
KNOWN = os.path.join(DATA, "known_disagreements.txt")
# Threads whose views are compared: one in the first warp, the last of 128 (those beyond size(TiledMma) skipped).
PART_THREADS = (5, 127)
MUTATION_PROBLEM = (1088, 832, 704, 2)


# ---------------------------------------------------------------------------------------------------------------
# The cases

class Case:
    def __init__(self, name, config, family, text, problem, what, k_residue):
        self.name, self.config, self.family, self.text = name, config, family, text
        self.problem, self.what, self.k_residue = problem, what, k_residue

    def sha(self):
        return hashlib.sha256(" ".join(oracle.strip_cpp(self.text).split()).encode()).hexdigest()[:16]


def load_cases():
    out = []
    for fam in ("sm80", "sm90"):
        for c in cases_mod.read_random(os.path.join(DATA, "random_%s.hpp" % fam)):
            out.append(Case(c["name"], c["config"], fam, c["text"], c["problem"], "random, defect " + c["defect"],
                            True))
    with open(os.path.join(DATA, "mutations.json"), encoding="utf-8") as f:
        muts = json.load(f)
    for m in muts:
        fam = "sm90" if "sm90" in m["file"] else "sm80"
        out.append(Case(m["name"], m["config"], fam, cases_mod.mutated_text(m), MUTATION_PROBLEM,
                        "mutation of %s %s: %s (%s -> %s)" % (m["file"], m["config"], m["what"], m["old"], m["new"]),
                        False))
    return out


def materialize(case, out):
    d = os.path.join(out, "cases")
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, case.name + ".hpp")
    with open(path, "w", encoding="utf-8") as f:
        f.write(case.text)
    return path


# ---------------------------------------------------------------------------------------------------------------
# CuTe's side

DIFF_CODE = r"""
#include <string>
#include <vector>
namespace tvlab_diff {
using namespace cute;
#ifdef TVLAB_DIFF_SYNTAX
// What the SM80 kernel instantiates (cutlass/gemm/kernel/sm70_gemm.hpp): the collective's operator() with its
// gA/gB (local_tile of the (M,K)/(N,K) tensors), the accumulators and the k-tile iterator. Never called.
template <class C>
void instantiate_sm80(int thread_idx) {
  typename C::TiledMma mma;
  auto accum = partition_fragment_C(mma, take<0, 2>(typename C::TileShape{}));
  auto mA = make_tensor(make_gmem_ptr(static_cast<typename C::ElementA const*>(nullptr)), make_shape(1024, 1024),
                        select<0, 1>(typename C::StrideA{}));
  auto mB = make_tensor(make_gmem_ptr(static_cast<typename C::ElementB const*>(nullptr)), make_shape(1024, 1024),
                        select<0, 1>(typename C::StrideB{}));
  auto gA = local_tile(mA, select<0, 2>(typename C::TileShape{}), make_coord(0, _));
  auto gB = local_tile(mB, select<1, 2>(typename C::TileShape{}), make_coord(0, _));
  auto k_tile_iter = make_coord_iterator(shape<2>(gA));
  C collective;
  collective(accum, gA, gB, accum, k_tile_iter, 4, make_tuple(1024, 1024, -16), thread_idx, (char*)nullptr);
}
// What the SM90 kernels instantiate (sm90_gemm_tma_warpspecialized_cooperative.hpp): to_underlying_arguments, the
// producer's load_init and load, the consumer's mma and mma_tail. Never called.
template <class C>
void instantiate_sm90(int thread_idx) {
  auto problem = make_shape(1024, 1024, 1024, 1);
  typename C::Arguments args{};
  auto params = C::to_underlying_arguments(problem, args, nullptr);
  C& c = *static_cast<C*>(nullptr);
  auto& pipeline = *static_cast<typename C::MainloopPipeline*>(nullptr);
  auto& storage = *static_cast<typename C::TensorStorage*>(nullptr);
  typename C::PipelineState state{};
  auto inputs = c.load_init(problem, params);
  auto k_tile_iter = make_coord_iterator(shape<3>(get<0>(inputs)));
  c.load(params, pipeline, state, inputs, make_coord(0, 0, _, 0), k_tile_iter, 4, thread_idx, 0u, storage);
  auto accum = partition_fragment_C(typename C::TiledMma{}, take<0, 2>(typename C::TileShape{}));
  c.mma(pipeline, state, accum, 4, thread_idx, storage, params);
  c.mma_tail(pipeline, state, 4);
}
#else
// Every byte of each smem stage written exactly once by the g2s copy over the kernel's threads (see the module).
template <class E, class SmemLayout, class GmemCopy>
void g2s_coverage(const char* x, int threads) {
  constexpr int stages = size<2>(SmemLayout{});
  constexpr long cos = cosize_v<SmemLayout>;
  alignas(128) static E smem[cos];
  Tensor s = make_tensor(make_smem_ptr(smem), SmemLayout{});
  constexpr int vals = GmemCopy::NumValDst;
  constexpr int bytes = size<1>(typename GmemCopy::BitLayoutDst{}) / 8;
  const long total = cos * long(sizeof(E));
  auto at = [&](void const* p) { return long(reinterpret_cast<char const*>(p) - reinterpret_cast<char*>(smem)); };
  for (int stage : {0, stages - 1}) {
    std::vector<int> hits(total, 0), writer(total, -1);
    std::vector<long> elem(total, -1);
    Tensor st = s(_, _, stage);
    for (int i = 0; i < int(size(st)); ++i)
      for (int b = 0; b < int(sizeof(E)); ++b) elem[at(raw_pointer_cast(&st(i))) + b] = i;
    char witness[400] = "";
    auto fail = [&](auto... a) { if (!witness[0]) std::snprintf(witness, sizeof witness, a...); };
    for (int t = 0; t < threads; ++t) {
      Tensor d = GmemCopy{}.get_slice(t).partition_D(s);
      Tensor ds = d(_, _, _, stage);
      Tensor dv = group_modes<1, rank_v<decltype(ds)>>(ds);
      for (int r = 0; r < int(size<1>(dv)); ++r)
        for (int j = 0; j + vals <= int(size<0>(dv)); j += vals) {
          long o = at(raw_pointer_cast(&dv(j, r)));
          if (o % bytes)
            fail("thread %d's %d-byte copy instruction writes smem byte %ld, not %d-byte aligned", t, bytes, o, bytes);
          // the instruction moves contiguous bytes: its values must lie there, in order
          for (int v = 1; v < vals; ++v)
            if (at(raw_pointer_cast(&dv(j + v, r))) != o + v * long(sizeof(E)))
              fail("thread %d's %d-byte copy instruction at smem byte %ld: its value %d is at byte %ld, not %ld", t,
                   bytes, o, v, at(raw_pointer_cast(&dv(j + v, r))), o + v * long(sizeof(E)));
          for (int b = 0; b < bytes; ++b) {
            long ob = o + b;
            if (ob < 0 || ob >= total) {
              fail("thread %d writes byte %ld, outside the %ld bytes of shared memory", t, ob, total);
              continue;
            }
            if (elem[ob] < 0)
              fail("thread %d writes byte %ld, outside stage %d (the mainloop's copy_if into tAsA(_,_,_,%d))", t, ob,
                   stage, stage);
            else if (hits[ob]++)
              fail("threads %d and %d both write byte %ld of stage %d (element (%ld,%ld))", writer[ob], t, ob, stage,
                   elem[ob] % long(size<0>(st)), elem[ob] / long(size<0>(st)));
            writer[ob] = t;
          }
        }
    }
    for (long ob = 0; ob < total && !witness[0]; ++ob)
      if (elem[ob] >= 0 && !hits[ob])
        fail("element (%ld,%ld) of stage %d is never written by threads 0..%d (the TiledMMA's)",
             elem[ob] % long(size<0>(st)), elem[ob] / long(size<0>(st)), stage, threads - 1);
    std::printf("runtime.%s.g2s.stage%d = %s%s\n", x, stage, witness[0] ? "FAIL " : "ok", witness);
  }
}
// The s2r copy (make_tiled_copy_A/B(SmemCopyAtom, TiledMma), the collective's tCsA): each instruction (ldmatrix: a
// lane's 16-byte row) reads contiguous, aligned bytes: the values of one call must lie there, in order.
template <class E, class SmemLayout, class S2R>
void s2r_contiguity(const char* x, int threads) {
  constexpr long cos = cosize_v<SmemLayout>;
  alignas(128) static E smem[cos];
  Tensor s = make_tensor(make_smem_ptr(smem), SmemLayout{});
  constexpr int vals = S2R::NumValSrc;
  constexpr int bytes = size<1>(typename S2R::BitLayoutSrc{}) / 8;
  auto at = [&](void const* p) { return long(reinterpret_cast<char const*>(p) - reinterpret_cast<char*>(smem)); };
  char witness[300] = "";
  for (int t = 0; t < threads && !witness[0]; ++t) {
    Tensor d = S2R{}.get_slice(t).partition_S(s);
    Tensor ds = d(_, _, _, 0);
    Tensor dv = group_modes<1, rank_v<decltype(ds)>>(ds);
    for (int r = 0; r < int(size<1>(dv)) && !witness[0]; ++r)
      for (int j = 0; j + vals <= int(size<0>(dv)) && !witness[0]; j += vals) {
        long o = at(raw_pointer_cast(&dv(j, r)));
        if (bytes >= int(sizeof(E)) && o % bytes)
          std::snprintf(witness, sizeof witness, "thread %d's %d-byte read at smem byte %ld is not %d-byte aligned", t,
                        bytes, o, bytes);
        for (int v = 1; v < vals && !witness[0]; ++v)
          if (at(raw_pointer_cast(&dv(j + v, r))) != o + v * long(sizeof(E)))
            std::snprintf(witness, sizeof witness,
                          "thread %d's %d-byte read at smem byte %ld: its value %d is at byte %ld, not %ld", t, bytes,
                          o, v, at(raw_pointer_cast(&dv(j + v, r))), o + v * long(sizeof(E)));
      }
  }
  std::printf("runtime.%s.s2r = %s%s\n", x, witness[0] ? "FAIL " : "ok", witness);
}
template <class SmemLayout>
void smem_injective(const char* x) {
  std::vector<int> seen(cosize_v<SmemLayout>, -1);
  SmemLayout l{};
  for (int i = 0; i < int(size(l)); ++i) {
    long o = l(i);
    if (o < 0 || o >= long(seen.size()) || seen[o] >= 0) {
      std::printf("runtime.%s.smem_injective = FAIL coordinates %d and %d both map to element %ld\n", x,
                  o >= 0 && o < long(seen.size()) ? seen[o] : -1, i, o);
      return;
    }
    seen[o] = i;
  }
  std::printf("runtime.%s.smem_injective = ok\n", x);
}
template <class C>
void runtime(long limit) {
  long bytes = long(sizeof(typename C::SharedStorage));
  if (bytes > limit)
    std::printf("runtime.smem = FAIL the mainloop's SharedStorage is %ld B, over the %ld B a kernel may use\n", bytes,
                limit);
  else
    std::printf("runtime.smem = ok\n");
  std::printf("runtime.smem_bytes = %ld\n", bytes);
  smem_injective<typename C::SmemLayoutA>("A");
  smem_injective<typename C::SmemLayoutB>("B");
  if constexpr (tvlab_oracle::is_tiled_copy<typename C::GmemTiledCopyA>::value) {
    int threads = int(size(typename C::TiledMma{}));
    g2s_coverage<typename C::ElementA, typename C::SmemLayoutA, typename C::GmemTiledCopyA>("A", threads);
    g2s_coverage<typename C::ElementB, typename C::SmemLayoutB, typename C::GmemTiledCopyB>("B", threads);
  }
  if constexpr (!is_void_v<typename C::SmemCopyAtomA>) {
    typename C::TiledMma mma;
    int threads = int(size(mma));
    s2r_contiguity<typename C::ElementA, typename C::SmemLayoutA,
                   decltype(make_tiled_copy_A(typename C::SmemCopyAtomA{}, mma))>("A", threads);
    s2r_contiguity<typename C::ElementB, typename C::SmemLayoutB,
                   decltype(make_tiled_copy_B(typename C::SmemCopyAtomB{}, mma))>("B", threads);
  }
}
#endif
}  // namespace tvlab_diff

"""


# The warp intrinsics the SM90 collectives name in their bodies (instantiated by the syntax pass, never called):
# declared for the host compile as the oracle declares __syncthreads.
STUBS = r"""
template <class T> T __shfl_sync(unsigned, T v, int, int = 32) { return v; }
template <class T> T __shfl_xor_sync(unsigned, T v, int, int = 32) { return v; }
"""


def program(case, path):
    oracle.PART_THREADS = PART_THREADS
    oracle.TMA_PROBLEM = oracle.PART_PROBLEM = case.problem  # tensor maps and thread views alike
    text = oracle.program_text(path, [], True)
    head, sep, tail = text.partition("int main() {")
    assert sep, "oracle.program_text has no main"
    # oracle.py shifts gA/gB by the K residue as MainloopSm80CpAsync does (always, since issue 33).
    pre = STUBS
    body = head + DIFF_CODE + sep + tail.rstrip().rstrip("}")
    body += "#ifdef TVLAB_DIFF_SYNTAX\n  if (threadIdx.x == 12345) tvlab_diff::instantiate_%s<%s>(0);\n#else\n" % (
        case.family, case.config)
    body += '  tvlab_oracle::dump<%s>("%s");\n' % (case.config, case.name)
    body += "  tvlab_diff::runtime<%s>(%d);\n#endif\n}\n" % (case.config, cases_mod.SMEM_LIMIT[case.family])
    return pre + body


HARNESS_ERROR = re.compile(r"error: .*(?:__\w+|threadIdx|blockIdx)\S* was not declared|error: .*No such file")


def first_error(log):
    lines = log.splitlines()
    for pat in (r"static assertion failed: (.*)", r"error: (.*)"):
        for ln in lines:
            m = re.search(pat, ln)
            if m:
                msg = m.group(1).strip()
                src = re.match(r"([^:\s]+):(\d+):\d+:", ln)
                where = ""
                if src:
                    where = " [%s:%s]" % (re.sub(r".*/include/", "", src.group(1)), src.group(2))
                return msg + where
    return (lines[-1] if lines else "no output")[:300]


def cute_case(case, out, cxx, includes):
    """CuTe's verdict and output for one case: {key: value} with verdict, why (and dump keys when accepted)."""
    hpp = os.path.join(out, "cases", case.name + ".hpp")
    same_case = False
    if os.path.exists(hpp):
        with open(hpp, encoding="utf-8") as f:
            same_case = f.read() == case.text
    path = materialize(case, out)
    src = os.path.join(out, "cases", case.name + ".cpp")
    exe = os.path.join(out, "cases", case.name)
    text = program(case, path)
    # the same program of the same case in the same OUTDIR (an interrupted run): its compiles are reused
    same = False
    if os.path.exists(src) and same_case:
        with open(src, encoding="utf-8") as f:
            same = f.read() == text
    if not same:
        if os.path.exists(exe):
            os.remove(exe)
        if os.path.exists(src + ".log"):
            os.replace(src + ".log", src + ".log.keep")
        with open(src, "w", encoding="utf-8") as f:
            f.write(text)
    base = [cxx, "-std=c++17", "-w", "-fpermissive", "-D__CUDACC_VER_MAJOR__=13", "-D__CUDACC_VER_MINOR__=0"]
    base += ["-I" + i for i in includes]
    t0 = time.time()
    # the syntax pass sees only what is outside the run-time section: its log is reused while that is the same
    key = hashlib.sha256(re.sub(r"#else\n// Every byte.*?#endif", "", text, flags=re.S).encode()).hexdigest()
    keyfile = src + ".syntax-key"
    if os.path.exists(src + ".log.keep") and os.path.exists(keyfile) and same_case:
        with open(keyfile, encoding="utf-8") as f:
            if f.read() == key and not os.path.exists(src + ".log"):
                os.replace(src + ".log.keep", src + ".log")
    with open(keyfile, "w", encoding="utf-8") as f:
        f.write(key)
    if os.path.exists(exe):
        r = subprocess.CompletedProcess([], 0, "")
    elif os.path.exists(src + ".log"):
        with open(src + ".log", encoding="utf-8") as f:
            r = subprocess.CompletedProcess([], 1, f.read())
    else:
        r = subprocess.run(base + ["-fsyntax-only", "-DTVLAB_DIFF_SYNTAX", src], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    res = {"config": case.config}
    if r.returncode != 0 and HARNESS_ERROR.search(r.stdout.replace("\u2018", "").replace("\u2019", "")):
        with open(src + ".log", "w", encoding="utf-8") as f:
            f.write(r.stdout)
        raise RuntimeError("%s: the host compile lacks something of CUDA's, not CuTe's verdict: %s (see %s.log)" % (
            case.name, first_error(r.stdout), src))
    if r.returncode != 0:
        with open(src + ".log", "w", encoding="utf-8") as f:
            f.write(r.stdout)
        res.update(verdict="rejected", why=first_error(r.stdout))
        return res, time.time() - t0
    if not os.path.exists(exe):
        r = subprocess.run(base + ["-O0", src, "-o", exe + ".tmp"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        if r.returncode == 0:
            os.replace(exe + ".tmp", exe)
    if r.returncode != 0:
        with open(src + ".log", "w", encoding="utf-8") as f:
            f.write(r.stdout)
        raise RuntimeError("%s: the syntax pass compiles but the program does not (%s; see %s.log)" % (
            case.name, first_error(r.stdout), src))
    r = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s: the program exited %d: %s" % (case.name, r.returncode, r.stderr[-1000:]))
    version, results = oracle.parse_results(r.stdout)
    kv = results[case.name]
    fails = ["%s: %s" % (k, v[5:]) for k, v in kv.items() if k.startswith("runtime.") and v.startswith("FAIL ")]
    res.update(verdict="misbehaves" if fails else "accepted", why="; ".join(fails) if fails else "")
    res["cutlass"] = version
    res.update(kv)
    return res, time.time() - t0


def run_cute(cases, out, cxx, includes, jobs):
    results, version = {}, None
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        futs = {c.name: pool.submit(cute_case, c, out, cxx, includes) for c in cases}
        for c in cases:
            res, secs = futs[c.name].result()
            version = version or res.get("cutlass")
            res.pop("cutlass", None)
            res["input"] = c.sha()
            print("CuTe %-40s %-10s %5.1f s  %s" % (c.name, res["verdict"], secs, res["why"][:150]), flush=True)
            results[c.name] = res
    return version, results


def cutlass_version(includes):
    for inc in includes:
        p = os.path.join(inc, "cutlass", "version.h")
        if os.path.exists(p):
            with open(p, encoding="utf-8") as f:
                t = f.read()
            v = [re.search(r"#define CUTLASS_%s (\d+)" % k, t).group(1) for k in ("MAJOR", "MINOR", "PATCH")]
            return ".".join(v)
    return "unknown"


def write_recording(path, results, version, origin, compiler, command):
    lines = [
        "# CuTe's verdicts (and, for accepted cases, its layouts and per-thread views) on the differential cases",
        "# (tests/differential/cases.py: random_sm80.hpp, random_sm90.hpp, mutations.json), one translation unit a",
        "# case, by tests/differential/differential.py; the ctest differential.recorded compares tvlab with this file.",
        "# CUTLASS %s (%s), %s, recorded %s." % (version, origin, compiler, datetime.date.today().isoformat()),
        "# command: %s" % command,
        "# cutlass-version: %s" % version,
    ]
    for name, kv in results.items():
        lines.append("[%s]" % name)
        lines += ["%s = %s" % (k, v) for k, v in kv.items()]
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(path + ".tmp", path)


def read_recording(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    meta = dict(re.findall(r"^# (cutlass-version): (\S+)", text, re.M))
    return meta, oracle.parse_results(text)[1]


# ---------------------------------------------------------------------------------------------------------------
# tvlab's side and the comparison

def tvlab_verify(tv, path, config):
    r = tv.run(["verify", path, "--config", config, "--format", "json"])
    errors = []
    try:
        doc = json.loads(r.stdout) if r.stdout.strip() else None
    except ValueError:
        doc = None
    checks = []
    if isinstance(doc, dict):
        checks = doc.get("checks") or [c for s in doc.get("specs", []) for c in s.get("checks", [])]
    elif isinstance(doc, list):
        for s in doc:
            checks += s.get("checks", []) if isinstance(s, dict) else []
    for c in checks:
        if c.get("verdict") == "refuted" and c.get("severity") == "error":
            errors.append("%s: %s" % (c.get("code"), (c.get("summary") or "")[:200]))
    return r.returncode, errors, (r.stderr.strip().splitlines() or [""])[-1][:300]


def view_kind(key):
    """part.5.A.tAgA.elements -> view:part.A.tAgA; mma.a_tv -> view:mma.a_tv."""
    parts = key.split(".")
    if parts[0] == "part":
        return "view:part.%s.%s" % (parts[2], parts[3])
    return "view:" + key


def compare_case(tv, case, path, cute):
    """[(kind, detail)]: the disagreements of one case, and a line of what tvlab said."""
    out = []
    rc, errors, last = tvlab_verify(tv, path, case.config)
    said = "tvlab verify exit %d%s%s" % (rc, ", errors: " + "; ".join(errors) if errors else "",
                                         ", stderr: " + last if last and rc not in (0, 1) else "")
    if rc not in (0, 1, 2):
        out.append(("crash", said))
        return out, said
    verdict = cute["verdict"]
    if verdict in ("rejected", "misbehaves"):
        if rc == 0 or (rc == 1 and not errors):
            out.append(("verdict", "CuTe: %s (%s); %s" % (verdict, cute["why"], said)))
        return out, said
    if errors:
        out.append(("verdict", "CuTe: accepted; %s" % said))
    if rc == 2:
        out.append(("unsupported", "CuTe: accepted; %s" % said))
        return out, said
    # the thread views and layouts: the oracle's comparison with the case's problem
    oracle.TMA_PROBLEM = oracle.PART_PROBLEM = case.problem  # tensor maps and thread views alike
    dump = {k: v for k, v in cute.items() if k not in ("config", "verdict", "why", "input")
            and not k.startswith("runtime.")}
    cf = oracle.ConfigFile(path)
    found = [(n, s, b) for n, s, b in cf.configs if n == case.config]
    if not found:
        out.append(("crash", "the harness finds no %s in %s" % (case.config, path)))
        return out, said
    name, scope, body = found[0]
    try:
        got, why, refusal = oracle.tvlab_side(tv, cf, name, scope, body, dump)
    except (RuntimeError, ValueError) as e:
        out.append(("verdict", "CuTe: accepted; tvlab plan fails: %s" % str(e)[:300]))
        return out, said
    if refusal:
        kind = "crash" if "exit 3" in refusal else "verdict"
        out.append((kind, "CuTe: accepted; tvlab plan refuses: %s" % refusal[:300]))
    for k, w in why.items():
        if "exit 3" in w:
            out.append(("crash", "%s: %s" % (k, w[:300])))
            break
    mismatches, compared, missing = oracle.compare(dump, got, why)
    said += "; %d views compared" % len(compared)
    parts = [k for k in dump if k.startswith("part.")]
    if parts and not any(k.startswith("part.") for k in compared):
        out.append(("views", "CuTe printed %d per-thread views, none compared: %s" % (
            len(parts), "; ".join(sorted(set(missing.values())))[:300])))
    seen = set()
    for key, c, t in mismatches:
        kind = view_kind(key)
        if kind in seen:
            continue
        seen.add(kind)
        out.append((kind, "%s\n      CuTe : %s\n      tvlab: %s" % (key, c[:400], t[:400])))
    return out, said


def read_known(path):
    known = {}
    if not os.path.exists(path):
        return known
    with open(path, encoding="utf-8") as f:
        for n, ln in enumerate(f, 1):
            body = ln.split("#", 1)[0].strip()
            if not body:
                continue
            parts = body.split()
            if len(parts) != 2 or "#" not in ln:
                raise ValueError("%s:%d: expected `CASE KIND  # why`, got %r" % (path, n, ln.rstrip()))
            known[(parts[0], parts[1])] = ln.split("#", 1)[1].strip()
    return known


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["live", "record", "cute", "recorded", "mutated"])
    ap.add_argument("--tvlab")
    ap.add_argument("--out", required=True)
    ap.add_argument("--cutlass-include")
    ap.add_argument("--cuda-include", action="append", default=[])
    ap.add_argument("--origin", default="CUTLASS headers")
    ap.add_argument("--cxx", default="g++")
    ap.add_argument("--jobs", type=int, default=max(1, min(os.cpu_count() or 1, 16)))
    ap.add_argument("--verdicts", default=RECORDING, help="the recording to compare with (recorded, mutated)")
    ap.add_argument("--only", help="a regular expression: the cases whose name matches it")
    ap.add_argument("--known", default=KNOWN)
    a = ap.parse_args()
    t_start = time.time()
    os.makedirs(a.out, exist_ok=True)
    try:
        cases = load_cases()
    except ValueError as e:
        print("FAIL %s" % e)
        return 1
    if a.only:
        cases = [c for c in cases if re.search(a.only, c.name)]
    failures = []

    if a.mode in ("live", "record", "cute"):
        includes = [a.cutlass_include] + a.cuda_include
        compiler = subprocess.run([a.cxx, "--version"], stdout=subprocess.PIPE, text=True).stdout.splitlines()[0]
        print("CuTe: %s (%s), %s, %d cases, %d jobs" % (a.cutlass_include, a.origin, compiler, len(cases), a.jobs))
        try:
            version, cute = run_cute(cases, a.out, a.cxx, includes, a.jobs)
        except RuntimeError as e:
            print("FAIL %s" % e)
            return 1
        version = version or cutlass_version(includes)
        command = ("python3 tests/differential/differential.py %s --out OUTDIR --cutlass-include I --cuda-include C "
                   "--jobs %d%s" % (a.mode, a.jobs, " (then copied here)" if a.mode == "cute" else ""))
        dest = RECORDING if a.mode == "record" else os.path.join(a.out, "cute_verdicts.txt")
        if not a.only or a.mode != "record":
            write_recording(dest, cute, version, a.origin, compiler, command)
            print("wrote %s" % os.path.relpath(dest, ROOT))
        if a.mode == "live" and os.path.exists(RECORDING):
            meta, rec = read_recording(RECORDING)
            if meta.get("cutlass-version") == version:
                for c in cases:
                    if c.name in rec and rec[c.name].get("input") == cute[c.name]["input"] and \
                            rec[c.name] != cute[c.name]:
                        diff = [k for k in set(rec[c.name]) | set(cute[c.name])
                                if rec[c.name].get(k) != cute[c.name].get(k)]
                        failures.append("%s: CuTe now says something else than the recording (%s)" % (
                            c.name, ", ".join(sorted(diff)[:6])))
        if a.mode == "cute":
            return 0
    else:
        if not os.path.exists(a.verdicts):
            print("FAIL no recording %s: run tests/differential/run.sh record" % a.verdicts)
            return 1
        meta, cute = read_recording(a.verdicts)
        print("CuTe's verdicts recorded with CUTLASS %s: %s" % (meta.get("cutlass-version"),
                                                                os.path.relpath(a.verdicts, ROOT)))
        for c in cases:
            if c.name not in cute:
                failures.append("%s has no recorded verdict: run tests/differential/run.sh record" % c.name)
            elif cute[c.name].get("input") != c.sha():
                failures.append("%s changed since it was recorded: run tests/differential/run.sh record" % c.name)
        if a.mode == "mutated":
            # the mutation control: a flipped verdict and an altered view must both be reported
            # (cases tvlab agrees on: a known disagreement flipped would agree)
            listed = {k[0] for k in read_known(a.known)}
            rej = next((n for n, kv in cute.items() if kv["verdict"] == "rejected" and n not in listed), None)
            acc = next((n for n, kv in cute.items() if kv["verdict"] == "accepted" and n not in listed), None)
            flips = {}
            if rej:
                cute[rej] = {k: v for k, v in cute[rej].items() if k in ("config", "input")}
                cute[rej].update(verdict="accepted", why="")
                flips[rej] = "verdict"
                print("mutated: %s's verdict flipped to accepted" % rej)
            if acc:
                cute[acc]["verdict"] = "rejected"
                cute[acc]["why"] = "mutated"
                flips[acc] = "verdict"
                print("mutated: %s's verdict flipped to rejected" % acc)
            # and one accepted case's view: two strides of its mma.a_tv swapped
            acc2 = next((n for n, kv in cute.items() if kv["verdict"] == "accepted" and n not in listed and n != acc
                         and oracle.mutate(kv.get("mma.a_tv", "")) not in (None, kv.get("mma.a_tv"))), None)
            if acc2:
                cute[acc2]["mma.a_tv"] = oracle.mutate(cute[acc2]["mma.a_tv"])
                flips[acc2] = "view:mma.a_tv"
                print("mutated: two strides of %s's mma.a_tv swapped: %s" % (acc2, cute[acc2]["mma.a_tv"]))
            cases = [c for c in cases if c.name in flips]

    # the harness's own postcondition: generate.py's valid draws (defect none) compile and run clean
    for c in cases:
        if c.what == "random, defect none" and c.name in cute and cute[c.name]["verdict"] != "accepted" \
                and a.mode != "mutated":
            failures.append("%s: a valid draw of generate.py that CuTe %s (%s): the harness or the draw is wrong" % (
                c.name, cute[c.name]["verdict"], cute[c.name]["why"]))
    tv = oracle.Tvlab(a.tvlab, a.out)
    known = read_known(a.known)
    if a.mode == "mutated":
        known = {}
    found = {}
    counts = {"accepted": 0, "rejected": 0, "misbehaves": 0}
    for c in cases:
        res = cute.get(c.name)
        if res is None or res.get("input") != c.sha():
            continue
        counts[res["verdict"]] = counts.get(res["verdict"], 0) + 1
        path = materialize(c, a.out)
        dis, said = compare_case(tv, c, path, res)
        for kind, detail in dis:
            found[(c.name, kind)] = detail
        status = "agree" if not dis else "DISAGREE"
        print("%-44s CuTe %-10s | %s | %s" % (c.name, res["verdict"], said[:120], status))
        for kind, detail in dis:
            tag = "known" if (c.name, kind) in known else "NEW"
            print("    %s %s: %s" % (tag, kind, detail))
    names = {c.name for c in cases}
    if a.mode == "mutated":
        missed = [n for n in names if (n, flips[n]) not in found and not (flips[n] == "verdict" and any(
            k[0] == n for k in found))]
        for n in missed:
            failures.append("mutation control: %s's altered %s was not reported" % (n, flips[n]))
        print("mutation control: %d altered case(s), %d reported" % (len(names), len(names) - len(missed)))
    else:
        for key, detail in sorted(found.items()):
            if key not in known:
                failures.append("%s %s: a disagreement not in %s" % (key[0], key[1], os.path.relpath(a.known, ROOT)))
        for key, why in sorted(known.items()):
            if key[0] in names and key not in found:
                failures.append("%s %s agrees now (listed as: %s): remove it from %s" % (
                    key[0], key[1], why, os.path.relpath(a.known, ROOT)))
            elif key[0] not in names and not a.only:
                failures.append("%s %s: no such case (listed in %s)" % (key[0], key[1], os.path.relpath(a.known, ROOT)))
    new = [(k, d) for k, d in sorted(found.items()) if k not in known]
    if new and a.mode != "mutated":
        print("lines for %s, if these are to be fixed elsewhere (edit the why):" % os.path.relpath(a.known, ROOT))
        for (name, kind), detail in new:
            print("%s %s  # %s" % (name, kind, " ".join(detail.split())[:160]))
    print("%d cases (CuTe: %s); %d disagreement(s), %d known; tvlab: %d calls, %.1f s; total %.1f s" % (
        sum(counts.values()), ", ".join("%d %s" % (v, k) for k, v in counts.items()), len(found),
        len([k for k in found if k in known]), tv.calls, tv.secs, time.time() - t_start))
    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
