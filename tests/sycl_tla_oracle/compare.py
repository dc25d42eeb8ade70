#!/usr/bin/env python3
"""tvlab against sycl-tla's own output (issue 22): the lines oracle.cpp prints (live, or recorded in
tests/data/sycl_tla/xe_partitions.txt) compared with what tvlab computes for the same specs.

  compare.py --tvlab T FILE            compare; exit 1 on any MISMATCH (or a key tvlab lacks)
  compare.py --tvlab T FILE --mutate   the mutation control: per case, its first MMA or atom layout, its first
                                       copy layout (two strides swapped) and its first partition (one coordinate
                                       moved) altered, one at a time: each must be reported as a MISMATCH; exit 0
                                       when all are, 1 when any alteration goes unnoticed
  compare.py --same A B                exit 0 when two oracle outputs hold the same lines (the header aside)

What is compared, per `case SPEC` (keys as oracle.cpp prints them; tvlab's side):
  mma.*                 tvlab plan SPEC --json: mma.tile_mnk, permutation[0..2], thr_layout_vmnk, a_tv, b_tv, c_tv
  copies.X.*            plan --json: copies.X.{op, tiler, tv, tv_src, tv_dst, prefetch, prefetch_tiler, prefetch_tv}
  part.T.X.tensor       plan SPEC --thread T --json: operand X's tensor, as CuTe prints it
  part.T.X.coords       the same tensor's values[].coord, in index order
and for `case atoms`: atom.OP.* against tvlab show OP --json (thr_id, bits.{src,dst,ref}, values.{src,dst,ref}).
Texts are compared after dropping blanks and the underscore of CuTe's static integers (_4 -> 4).
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def norm(text):
    return re.sub(r"(?<![\w])_(\d)", r"\1", re.sub(r"\s+", "", str(text)))


def parse(path):
    """[(case, [(key, value)])] in file order; '#' lines are the header."""
    cases = []
    with open(path) as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            if line.startswith("case "):
                cases.append((line[5:].strip(), []))
            elif " = " in line and cases:
                k, v = line.split(" = ", 1)
                cases[-1][1].append((k.strip(), v.strip()))
            else:
                raise SystemExit(f"{path}: unexpected line: {line[:120]}")
    return cases


def run_json(tvlab, args):
    r = subprocess.run([tvlab] + args, cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        return None, (r.stderr or r.stdout).strip().splitlines()[-1:] or ["exit %d" % r.returncode]
    return json.loads(r.stdout), None


def tvlab_values(tvlab, case, keys):
    """{key: tvlab's text} for the keys of one case (absent keys: tvlab has no such value)."""
    out = {}
    if case == "atoms":
        for op in sorted({k.split(".")[1] for k in keys}):
            d, err = run_json(tvlab, ["show", op, "--json"])
            if d is None:
                out[f"atom.{op}.error"] = " ".join(err)
                continue
            out[f"atom.{op}.thr_id"] = d.get("thr_id")
            for side in ("src", "dst", "ref"):
                out[f"atom.{op}.bits_{side}"] = d.get("bits", {}).get(side)
                out[f"atom.{op}.values_{side}"] = d.get("values", {}).get(side)
        return out
    plan, err = run_json(tvlab, ["plan", case, "--json"])
    if plan is None:
        return {"plan.error": " ".join(err)}
    mma = plan.get("mma") or {}
    if "tile_mnk" in mma:
        out["mma.tile_mnk"] = "(" + ",".join(str(v) for v in mma["tile_mnk"]) + ")"
    for i, p in enumerate(mma.get("permutation") or []):
        out[f"mma.permutation.{i}"] = p
    for k in ("thr_layout_vmnk", "a_tv", "b_tv", "c_tv"):
        if k in mma:
            out["mma." + k] = mma[k]
    for x, c in (plan.get("copies") or {}).items():
        for k in ("op", "tiler", "tv", "tv_src", "tv_dst", "prefetch", "prefetch_tiler", "prefetch_tv"):
            if c.get(k) is not None:
                out[f"copies.{x}.{k}"] = c[k]
    for t in sorted({int(k.split(".")[1]) for k in keys if k.startswith("part.")}):
        parts, err = run_json(tvlab, ["plan", case, "--thread", str(t), "--json"])
        if parts is None:
            out[f"part.{t}.error"] = " ".join(err)
            continue
        for p in parts:
            if p.get("tensors"):
                tensor = p["tensors"][0]
                out[f"part.{t}.{p['operand']}.tensor"] = tensor["tensor"]
                out[f"part.{t}.{p['operand']}.coords"] = " ".join(
                    "(" + ",".join(str(c) for c in v["coord"]) + ")" for v in tensor["values"])
    return out


def compare(tvlab, cases, quiet=False):
    """[(case, key, sycl_tla, tvlab)] of the mismatches, and the number of comparisons."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        mine = list(pool.map(lambda c: tvlab_values(tvlab, c[0], [k for k, _ in c[1]]), cases))
    bad, n = [], 0
    for (case, kv), have in zip(cases, mine):
        for key, want in kv:
            n += 1
            got = have.get(key)
            if got is None or norm(got) != norm(want):
                bad.append((case, key, want, got if got is not None else
                            "(none: " + "; ".join(v for k, v in have.items() if k.endswith("error")) + ")"))
    if not quiet:
        for case, key, want, got in bad:
            print(f"MISMATCH {case} {key}\n  sycl-tla: {want}\n  tvlab:    {got}")
    return bad, n


def swap_two_strides(layout):
    """The layout with its first two distinct strides swapped (None when it has fewer than two)."""
    if ":" not in layout:
        return None
    shape, stride = layout.split(":", 1)
    nums = list(re.finditer(r"-?\d+(?:@\d+)?", stride))
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            if nums[i].group() != nums[j].group():
                a, b = nums[i], nums[j]
                s = stride[:a.start()] + b.group() + stride[a.end():b.start()] + a.group() + stride[b.end():]
                return shape + ":" + s
    return None


def mutations(cases):
    """One altered copy of the recording per case: a layout's strides swapped, or a partition coordinate moved."""
    out = []
    for ci, (case, kv) in enumerate(cases):
        done = set()  # per case: the first layout, the first copy layout and the first partition altered
        for ki, (key, value) in enumerate(kv):
            kind = "part" if key.startswith("part.") else "copy" if key.startswith("copies.") else "layout"
            if kind in done:
                continue
            alt = None
            if key.endswith(".coords"):
                alt = re.sub(r"\((\d+)", lambda m: "(" + str(int(m.group(1)) + 1), value, count=1)
            elif key.endswith(("_tv", ".tv", "tv_src", "tv_dst", "bits_dst", "values_dst")):
                alt = swap_two_strides(value)
            if alt and norm(alt) != norm(value):
                altered = [(c, list(k)) for c, k in cases]
                altered[ci][1][ki] = (key, alt)
                out.append((case, key, altered))
                done.add(kind)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file")
    ap.add_argument("other", nargs="?")
    ap.add_argument("--tvlab")
    ap.add_argument("--mutate", action="store_true")
    ap.add_argument("--same", action="store_true")
    a = ap.parse_args()
    if a.same:
        same = parse(a.file) == parse(a.other)
        print("sycl-tla's output equals the recording" if same else "sycl-tla's output DIFFERS from the recording")
        return 0 if same else 1
    cases = parse(a.file)
    if not cases:
        print(f"{a.file}: no case")
        return 1
    if not a.mutate:
        bad, n = compare(a.tvlab, cases)
        print(f"{n} comparisons over {len(cases)} cases: {len(bad)} mismatches")
        return 1 if bad else 0
    missed, muts = 0, mutations(cases)
    for case, key, altered in muts:
        bad, _ = compare(a.tvlab, [c for c in altered if c[0] == case], quiet=True)
        hit = any(k == key for _, k, _, _ in bad)
        print(f"{'MISMATCH (expected)' if hit else 'UNNOTICED'} {case} {key}")
        missed += 0 if hit else 1
    n = len(muts)
    print(f"mutation control: {n - missed} of {n} alterations reported as MISMATCH")
    return 1 if missed or n == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
