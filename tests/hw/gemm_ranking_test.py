#!/usr/bin/env python3
"""tvlab search's ranking against the GEMM kernels timed on an H200 (tests/data/hw/gemm_sm80_h200.tsv,
hw/gemm/README.md). For every recorded case it runs the current `tvlab search ... --json --top N` and
  (a) checks that search's top N rows are the recorded ones (the spec hashes, in any order): otherwise the
      recording is stale and the test fails naming the command that re-records it;
  (b) reports the Spearman rank correlation of search's order against the measured TFLOPS, and row 1's TFLOPS
      against the fastest measured kernel (rows and CUTLASS's default) and against CUTLASS's default;
  (c) asserts issue 32's criteria: every recorded kernel exact; row 1 >= 0.97x the default and >= 0.95x the
      fastest measured.
  gemm_ranking_test.py TVLAB RECORDING [--jobs J]
  gemm_ranking_test.py --mutate RECORDING   the mutation control: the recorded order with row 1 and the slowest
      row swapped (no search run); the comparison must fail, and it prints MUTANT CAUGHT for each case whose
      recorded order passes and whose mutant fails (ctest hw.gemm_ranking.mutated expects one).
  gemm_ranking_test.py --recorded-order RECORDING   the criteria over the order the recording was made with (its
      row numbers; no search run): the mutation control runs it on tests/data/hw/gemm_sm80_h200_51d467f.tsv,
      the kernels of search's ranking before the wavefronts' lower bound entered it, which must fail.
  gemm_ranking_test.py --stale-control TVLAB RECORDING   the staleness control: the first case alone with its
      row 1's hash replaced; the test must say the recording is stale (ctest hw.gemm_ranking.stale).
  gemm_ranking_test.py --selftest RECORDING   the helpers against known values (Spearman, the judgement, the
      hash, gen.py's bf16 default) and the recording's shape (every case, every kernel exact).
Exit status: 0 all criteria hold, 1 a criterion fails or the recording is stale, 2 bad input."""
import concurrent.futures
import csv
import hashlib
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "hw", "gemm"))
import cases  # noqa: E402

RE_RECORD = ("re-record on an H200: python3 hw/gemm/gen.py build/cli/tvlab DIR 4, then hw/gemm/run.sh OUT and "
             "hw/gemm/merge.py (hw/gemm/README.md)")
MIN_VS_DEFAULT = 0.97
MIN_VS_FASTEST = 0.95


def spec_hash(spec):
    return hashlib.sha256(json.dumps(spec, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def read_recording(path):
    with open(path) as f:
        lines = [l for l in f if not l.startswith("#")]
    rec = {}
    for r in csv.DictReader(lines, delimiter="\t"):
        rec.setdefault(r["case"], []).append(r)
    return rec


def spearman(xs, ys):
    """Spearman's rho with average ranks for ties."""
    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for t in range(i, j + 1):
                r[order[t]] = (i + j) / 2.0 + 1
            i = j + 1
        return r
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy) if vx > 0 and vy > 0 else float("nan")


def judge(case, order, recorded):
    """order: search's ranking as recorded rows (row 1 first). Returns (failures, report line)."""
    failures = []
    default = [r for r in recorded if r["row"] == "default"]
    for r in recorded:
        if r["exact"] != "yes":
            failures.append("%s: %s computed a wrong result on the GPU (%s)" % (case, r["kernel"], r["exact"]))
    if failures:
        return failures, "%s: a recorded kernel is not exact" % case
    tf = lambda r: float(r["tflops"])  # noqa: E731
    fastest = max(recorded, key=tf)
    first = order[0]
    rho = spearman([-i for i in range(len(order))], [tf(r) for r in order])  # search's rank 1 = best
    line = "%-8s row 1 (%s) %7.1f TFLOPS; fastest %s %7.1f (%.3fx)" % (case, first["kernel"], tf(first),
                                                                        fastest["kernel"], tf(fastest),
                                                                        tf(first) / tf(fastest))
    if default:
        d = default[0]
        line += "; default %7.1f (%.3fx)" % (tf(d), tf(first) / tf(d))
        if tf(first) < MIN_VS_DEFAULT * tf(d):
            failures.append("%s: row 1 (%s, %.1f TFLOPS) < %.2fx CUTLASS's default (%.1f TFLOPS): %.3fx" %
                            (case, first["kernel"], tf(first), MIN_VS_DEFAULT, tf(d), tf(first) / tf(d)))
    line += "; Spearman %.2f over %d rows" % (rho, len(order))
    if tf(first) < MIN_VS_FASTEST * tf(fastest):
        failures.append("%s: row 1 (%s, %.1f TFLOPS) < %.2fx the fastest measured (%s, %.1f TFLOPS): %.3fx" %
                        (case, first["kernel"], tf(first), MIN_VS_FASTEST, fastest["kernel"], tf(fastest),
                         tf(first) / tf(fastest)))
    return failures, line


def selftest(recording):
    bad = []
    def expect(what, got, want):
        if got != want:
            bad.append("%s: %r, expected %r" % (what, got, want))
    expect("spearman identical", round(spearman([1, 2, 3, 4], [10, 20, 30, 40]), 6), 1.0)
    expect("spearman reversed", round(spearman([1, 2, 3, 4], [40, 30, 20, 10]), 6), -1.0)
    # d = (0, 0, 1, 1) -> 1 - 6*2/(4*15) = 0.8
    expect("spearman one swap", round(spearman([1, 2, 3, 4], [1, 2, 4, 3]), 6), 0.8)
    # ties get average ranks: y ranks (1.5, 1.5, 3, 4)
    expect("spearman ties", round(spearman([1, 2, 3, 4], [5, 5, 6, 7]), 6), round(0.9486832980505138, 6))
    row = lambda k, r, t, e="yes": {"kernel": k, "row": r, "tflops": str(t), "exact": e}  # noqa: E731
    rec = [row("r1", "1", 100), row("r2", "2", 99), row("d", "default", 100)]
    expect("judge passes", judge("c", rec[:2], rec)[0], [])
    rec = [row("r1", "1", 96.9), row("r2", "2", 90), row("d", "default", 100)]
    expect("judge < 0.97x default", len(judge("c", rec[:2], rec)[0]), 1)
    rec = [row("r1", "1", 94.9), row("r2", "2", 100), row("d", "default", 90)]
    expect("judge < 0.95x fastest", len(judge("c", rec[:2], rec)[0]), 1)
    rec = [row("r1", "1", 100), row("r2", "2", 99, "no: no (3 mismatches)"), row("d", "default", 100)]
    expect("judge inexact", len(judge("c", rec[:2], rec)[0]), 1)
    expect("spec hash", spec_hash({"b": [1, 2], "a": "x"}), hashlib.sha256(b'{"a":"x","b":[1,2]}').hexdigest()[:16])
    # gen.py's bf16 default: CUTLASS's f16 one with the element type and the MMA atom substituted, nothing else
    import gen
    text = open(gen.UPSTREAM).read()
    bf16 = gen.bf16_default(text)
    spec = {"mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN"}, "stages": 3}
    expect("gen.py's spec hash is the test's", gen.spec_hash(spec), spec_hash(spec))
    for want in ("struct DefaultGemm_TensorOpSm80_OperandA<bfloat16_t, layout::RowMajor, 8, 32>",
                 "struct DefaultGemm_TensorOpSm80_OperandA<bfloat16_t, layout::ColumnMajor, 8, SizeK>",
                 "MMA_Atom<SM80_16x8x16_F32BF16BF16F32_TN>", "Copy_Atom<SM75_U16x8_LDSM_T, bfloat16_t>"):
        expect("bf16 default holds " + want, want in bf16, True)
    code = "\n".join(l for l in bf16.splitlines() if not l.startswith("//"))
    expect("bf16 default has no half_t", "half_t" in code.replace("bfloat16_t", ""), False)
    f16 = text[text.index("//\n// F16: 128-by-128-by-64"):text.index("namespace detail {\n\n//\n// TF32")]
    back = bf16.replace("bfloat16_t", "half_t").replace("F32BF16BF16F32", "F32F16F16F32")
    expect("bf16 default is the f16 text with two names substituted, nothing else", f16 in back, True)
    # the recording: every case of cases.py, rows 1..N and the default, each exact with a time, hashes of 16 hex
    rec = read_recording(recording)
    expect("recorded cases", sorted(rec), sorted(c.name for c in cases.CASES))
    for name, rows in rec.items():
        expect(name + " rows", [r["row"] for r in rows], [str(i) for i in range(1, len(rows))] + ["default"])
        for r in rows:
            expect(r["kernel"] + " exact", r["exact"], "yes")
            expect(r["kernel"] + " tflops", float(r["tflops"]) > 0, True)
            if r["row"] != "default":
                expect(r["kernel"] + " spec hash", len(r["spec_hash"]) == 16 and
                       all(ch in "0123456789abcdef" for ch in r["spec_hash"]), True)
    for b in bad:
        print("FAIL " + b)
    print("selftest: %s" % ("FAILED" if bad else "passed"))
    return 1 if bad else 0


def main():
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "--selftest":
        return selftest(args[1])
    mutate = "--mutate" in args
    args = [a for a in args if a != "--mutate"]
    recorded_order = "--recorded-order" in args
    args = [a for a in args if a != "--recorded-order"]
    stale_control = "--stale-control" in args
    args = [a for a in args if a != "--stale-control"]
    jobs = os.cpu_count() or 2
    if "--jobs" in args:
        i = args.index("--jobs")
        jobs = int(args[i + 1])
        del args[i:i + 2]
    if ((mutate or recorded_order) and len(args) != 1) or (not (mutate or recorded_order) and len(args) != 2):
        print(__doc__, file=sys.stderr)
        return 2
    recording = args[-1]
    try:
        rec = read_recording(recording)
    except (OSError, KeyError, csv.Error) as e:
        print("gemm_ranking_test: %s: %s" % (recording, e), file=sys.stderr)
        return 2
    if stale_control:  # one case, its row 1 replaced by a configuration search never gives
        name = next(iter(rec))
        rec = {name: [dict(r, spec_hash="0" * 16) if r["row"] == "1" else r for r in rec[name]]}
    by_name = {c.name: c for c in cases.CASES}
    unknown = [n for n in rec if n not in by_name]
    if unknown or not rec:
        print("gemm_ranking_test: %s: cases %s are not hw/gemm/cases.py's" % (recording, unknown or "(none)"),
              file=sys.stderr)
        return 2

    orders = {}
    stale = []
    if recorded_order:
        for name, recorded in rec.items():
            orders[name] = sorted((r for r in recorded if r["row"] != "default"), key=lambda r: int(r["row"]))
    elif mutate:
        for name, recorded in rec.items():
            rows = sorted((r for r in recorded if r["row"] != "default"), key=lambda r: int(r["row"]))
            ok = [r for r in rows if r["exact"] == "yes"]
            slowest = min(ok, key=lambda r: float(r["tflops"])) if ok else rows[-1]
            i = rows.index(slowest)
            rows[0], rows[i] = rows[i], rows[0]
            orders[name] = rows
            print("mutant %s: row 1 <-> %s" % (name, slowest["kernel"]))
    else:
        tvlab = args[0]

        def search(name):
            n = sum(1 for r in rec[name] if r["row"] != "default")
            cmd = [tvlab] + by_name[name].search_args() + ["--json", "--top", str(n), "--no-progress"]
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            if p.returncode != 0:
                raise RuntimeError("%s exited %d: %s" % (" ".join(cmd), p.returncode, p.stderr[-500:]))
            return [spec_hash(r["spec"]) for r in json.loads(p.stdout)["rows"]], " ".join(cmd[1:])

        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            found = {name: pool.submit(search, name) for name in rec}
            for name, fut in found.items():
                try:
                    hashes, cmd = fut.result()
                except RuntimeError as e:
                    print("gemm_ranking_test: %s" % e, file=sys.stderr)
                    return 1
                recorded = {r["spec_hash"]: r for r in rec[name] if r["row"] != "default"}
                if sorted(hashes) != sorted(recorded):
                    stale.append("%s: `tvlab %s` gives rows %s, the recording holds %s: the recording is stale; %s" %
                                 (name, cmd, hashes, [r["spec_hash"] for r in rec[name] if r["row"] != "default"],
                                  RE_RECORD))
                    continue
                orders[name] = [recorded[h] for h in hashes]
    failures = list(stale)
    for name in rec:
        if name not in orders:
            continue
        f, line = judge(name, orders[name], rec[name])
        print(line)
        failures += f
        if mutate and f:
            recorded_order = sorted((r for r in rec[name] if r["row"] != "default"), key=lambda r: int(r["row"]))
            if not judge(name, recorded_order, rec[name])[0]:
                print("MUTANT CAUGHT %s: the recorded order passes, row 1 and the slowest row swapped fails" % name)
    for f in failures:
        print("FAIL " + f)
    print("gemm ranking: %s (%d cases, %d failures)%s" % ("FAILED" if failures else "passed", len(rec), len(failures),
                                                         " [mutant: row 1 and the slowest row swapped]" if mutate else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
