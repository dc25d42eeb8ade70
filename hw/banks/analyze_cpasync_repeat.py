#!/usr/bin/env python3
"""Is cp.async's shared-memory wavefront count deterministic? The two determinism recordings, offline.

usage: analyze_cpasync_repeat.py [--control]

Reads tests/data/hw/banks_cpasync_repeat_h200.json (run 1: 151 patterns x 9 variants, names NAME@VARIANT, see
patterns_cpasync_repeat.py) and banks_cpasync_repeat_shifts_h200.json (run 2: 62 patterns x 8 global shifts,
NAME@gSHIFT), standard library only. Prints
  1. per variant of run 1, how many patterns measured another count than `base` (repeat, launch order, L2 not
     flushed, shared memory moved: the things a model cannot know besides the addresses);
  2. per pattern family, how many counts change when only the global sources move (run 1 and run 2);
  3. CUTLASS's SM80 K-major g2s by leading dimension (run 1);
  4. the adopted rule (analyze_cpasync.adopted, = verify/src/banks/banks.cpp) on every measurement of both
     runs and of banks_cpasync_h200.json, split fit / held-out by FNV-1a of "32:BASE_NAME" (all variants of a
     pattern on the same side): exact and right, bound equal, bound below, and WRONG.
Exit status 1 if the adopted rule is wrong anywhere (an exact count that differs, a bound above the
measurement). --control: the rule before 2026-11-29 (two lines apart always exact); exit status 0 only if it
IS wrong somewhere (the mutation control: the data can tell the two rules apart).
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import analyze_cpasync as A  # noqa: E402

DATA = os.path.join(HERE, "..", "..", "tests", "data", "hw")
RUN1 = os.path.join(DATA, "banks_cpasync_repeat_h200.json")
RUN2 = os.path.join(DATA, "banks_cpasync_repeat_shifts_h200.json")
BASE = os.path.join(DATA, "banks_cpasync_h200.json")


def load(path):
    doc = json.load(open(path))
    out = {}
    for p in doc["patterns"]:
        if p["op"] != "cp.async" or p.get("warm"):
            continue
        name, _, var = p["name"].partition("@")
        out[(name, var)] = dict(name=p["name"], bytes=p["bytes"], lanes=p.get("active", list(range(32))),
                                smem=p["addresses"], glob=p.get("global", [16 * l for l in range(32)]),
                                measured=p["wavefronts"])
    return doc, out


def family(name):
    n = name[4:] if name.startswith("rec_") else name
    return n.split("_")[0] + f"{'(rec)' if name.startswith('rec_') else ''}"


def main():
    control = "--control" in sys.argv[1:]
    d1, r1 = load(RUN1)
    d2, r2 = load(RUN2)
    _, r0 = load(BASE)
    for d, label in ((d1, "run 1"), (d2, "run 2")):
        print(f"{label}: {d['gpu']}, driver {d['driver']}, {d['date']}; {d.get('variants_run', '')}")

    names1 = sorted({n for n, _ in r1})
    vars1 = [v.split(" ")[0] for v in d1["variants_run"].split(",")]
    print(f"\n1. run 1, {len(names1)} patterns: patterns whose count differs from base, per variant")
    for v in vars1[1:]:
        diff = [n for n in names1 if r1[(n, v)]["measured"] != r1[(n, "base")]["measured"]]
        print(f"   {v:6s} {len(diff):3d}" + (f"   e.g. {diff[0]}" if diff else ""))

    print("\n2. counts that change when only the global sources move (patterns per family: changed / all)")
    for label, r, shifts in ((("run 1 (base, g128, g4k, g8m)"), r1, ["base", "g128", "g4k", "g8m"]),
                             ("run 2 (8 shifts 0 .. 8 MiB + 512)", r2, sorted({v for _, v in r2}))):
        fam = collections.defaultdict(lambda: [0, 0])
        for n in sorted({n for n, _ in r}):
            vals = {r[(n, v)]["measured"] for v in shifts if (n, v) in r}
            fam[family(n)][0] += len(vals) > 1
            fam[family(n)][1] += 1
        print(f"   {label}: " + ", ".join(f"{k} {a}/{b}" for k, (a, b) in sorted(fam.items())))

    print("\n3. CUTLASS's SM80 K-major g2s (two 64-byte rows per 8 lanes), wavefronts per instruction by leading"
          " dimension (bytes) over run 1's variants")
    for n in names1:
        if n.startswith("cutlass_"):
            vals = [r1[(n, v)]["measured"] for v in vars1]
            print(f"   ld {n.split('ld')[1]:>5s}: {sorted(set(vals))}"
                  + ("" if len(set(vals)) == 1 else "   (depends on the address: " + ", ".join(
                      f"{v} {x}" for v, x in zip(vars1, vals)) + ")"))

    print(f"\n4. the {'rule before 2026-11-29 (control)' if control else 'adopted rule'} on every measurement"
          " (split by FNV-1a of '32:BASE_NAME')")
    bad = 0
    for label, r in (("banks_cpasync_h200", r0), ("repeat run 1", r1), ("repeat run 2", r2)):
        c = collections.Counter()
        for (n, _), p in r.items():
            part = "held-out" if A.fnv1a(f"32:{n[4:] if n.startswith('rec_') else n}") % 2 else "fit"
            w, exact = A.adopted(p, two_lines_anywhere=control)
            m = p["measured"]
            if exact:
                k = "exact, right" if w == m else "EXACT BUT WRONG"
            else:
                k = "bound, equal" if w == m else "bound, below" if w < m else "BOUND VIOLATED"
            c[(part, k)] += 1
            if k.isupper() or k.startswith("EXACT"):
                bad += 1
                if bad <= 10:
                    print(f"   WRONG {label} {p['name']}: measured {m}, rule {w} ({'exact' if exact else 'bound'})")
        for part in ("fit", "held-out"):
            tot = sum(v for (pp, _), v in c.items() if pp == part)
            print(f"   {label:18s} {part:8s} {tot:4d}: " + ", ".join(
                f"{k} {v}" for (pp, k), v in sorted(c.items()) if pp == part))
    print(f"\n{bad} wrong")
    if control:
        return 0 if bad else 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
