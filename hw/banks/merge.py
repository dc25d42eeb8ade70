#!/usr/bin/env python3
"""Joins the bank probe's pattern table with Nsight Compute's raw CSV (one row per launch, in
launch order) into tests/data/hw/banks_h100.json's format.

usage: merge.py patterns.tsv ncu_raw.csv meta.json [counters.tsv] > banks.json
(counters.tsv: every .sum counter per pattern, cp.async.cg included, for the record)
meta.json: {"gpu", "driver", "cuda", "date", "command"}.
Per pattern, "wavefronts" and "bank_conflicts" are the per-op counters of its op type
(ld and ldmatrix -> op_ld, st and stmatrix -> op_st: Nsight Compute 2025.3 on sm_90 has no op_ldsm /
op_stsm counters); the kernel holds no other shared-memory instruction of that type. cp.async.ca:
no per-op wavefront counter exists, so its wavefronts are the total minus every named op (the
"metrics" list spells the formula), its conflicts op_ldgsts. cp.async.cg is left out: its
shared-memory writes do not show in these counters (0 wavefronts even 8-way conflicted).
"""
import csv
import json
import sys

# On H100 / ncu 2025.3 ldmatrix counts under op_ld and stmatrix under op_st (no op_ldsm/op_stsm).
OPKEY = {"ld": "ld", "st": "st", "ldmatrix": "ld", "stmatrix": "st", "cp.async": "ldgsts"}
WAVE = "l1tex__data_pipe_lsu_wavefronts_mem_shared"
CONF = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared"


def main():
    pats = []
    with open(sys.argv[1]) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                c = line.rstrip("\n").split("\t")
                pats.append((c[0], c[1], int(c[2]), int(c[3], 16), [int(x) for x in c[4:36]]))
    with open(sys.argv[2]) as f:
        rows = [r for r in csv.reader(f) if r and not r[0].startswith("==")]
    header, rows = rows[0], rows[2:]  # row 1 holds the units
    col = {h: i for i, h in enumerate(header)}
    meta = json.load(open(sys.argv[3]))
    if len(rows) != len(pats):
        sys.exit(f"merge.py: {len(rows)} profiled launches but {len(pats)} patterns")

    def num(row, metric):
        v = row[col[metric]].replace(",", "")
        return int(float(v))

    named = [f"{WAVE}_op_{o}.sum" for o in ("ld", "st", "atom", "gmma", "ipa", "misc")]
    used = []
    out = []
    for (name, op, nbytes, active, addrs), row in zip(pats, rows):
        if op == "cp.async.cg":
            continue  # its shared-memory writes are not in these counters (measured 0): see README
        family = "cp.async" if op.startswith("cp.async") else op.split(".")[0]
        key = OPKEY[family]
        cm = f"{CONF}_op_{key}.sum"
        if family == "cp.async":
            # no per-op wavefront counter for LDGSTS: what the total has beyond the named ops
            wm = f"{WAVE}.sum - ({' + '.join(named)})"
            waves = num(row, f"{WAVE}.sum") - sum(num(row, m) for m in named)
        else:
            wm = f"{WAVE}_op_{key}.sum"
            waves = num(row, wm)
        for m in (wm, cm):
            if m not in used:
                used.append(m)
        p = {"name": name, "op": "cp.async" if family == "cp.async" else op, "bytes": nbytes}
        if family in ("ldmatrix", "stmatrix"):
            count = int(op.split(".")[1][1:])
            p["addresses"] = [a if lane < 8 * count else None for lane, a in enumerate(addrs)]
        else:
            p["addresses"] = addrs
        if active != 0xFFFFFFFF:
            p["active"] = [lane for lane in range(32) if (active >> lane) & 1]
        p["wavefronts"] = waves
        p["bank_conflicts"] = num(row, cm)
        out.append(p)
    if len(sys.argv) > 4:
        sums = [h for h in header if h.startswith("l1tex") and h.endswith(".sum")]
        with open(sys.argv[4], "w") as f:
            f.write("\t".join(["name", "op", "bytes"] + sums) + "\n")
            for (name, op, nbytes, _, _), row in zip(pats, rows):
                f.write("\t".join([name, op, str(nbytes)] + [str(num(row, m)) for m in sums]) + "\n")
    doc = {k: meta[k] for k in ("gpu", "driver", "cuda", "date", "command")}
    doc["metrics"] = used
    doc["patterns"] = out
    sys.stdout.write(json.dumps(doc, indent=None, separators=(",", ":")).replace('{"name"', '\n {"name"') + "\n")


main()
