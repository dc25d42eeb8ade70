#!/usr/bin/env python3
"""Joins the bank probe's pattern table with Nsight Compute's raw CSV (one row per launch, in
launch order) into tests/data/hw/banks_h100.json's format.

usage: merge.py patterns.tsv[,more.tsv...] ncu_raw.csv[,more.csv...] meta.json [counters.tsv] > banks.json
(several tables: chunks run by separate ncu processes, paired in order; counters.tsv: every .sum
counter per pattern, cp.async.cg included, for the record)
Patterns with global source offsets (patterns_cpasync.py) record them as "global"; cp.async.ca.warm
(the source read by ld.global.ca first, an L1 hit) records "warm": true.
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
    glob = {}
    tables, csvs = sys.argv[1].split(","), sys.argv[2].split(",")
    if len(tables) != len(csvs):
        sys.exit("merge.py: as many CSV files as pattern tables")
    header, rows = None, []
    for table, raw in zip(tables, csvs):
        n0 = len(pats)
        with open(table) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    c = line.rstrip("\n").split("\t")
                    pats.append((c[0], c[1], int(c[2]), int(c[3], 16), [int(x) for x in c[4:36]]))
                    if len(c) >= 68:
                        glob[c[0]] = [int(x) for x in c[36:68]]
        with open(raw) as f:
            got = [r for r in csv.reader(f) if r and not r[0].startswith("==")]
        if header is None:
            header = got[0]
        elif got[0] != header:
            sys.exit(f"merge.py: {raw} has other columns than the first CSV")
        rows += got[2:]  # row 1 holds the units
        if len(got) - 2 != len(pats) - n0:
            sys.exit(f"merge.py: {raw}: {len(got) - 2} profiled launches but {len(pats) - n0} patterns")
    col = {h: i for i, h in enumerate(header)}
    meta = json.load(open(sys.argv[3]))

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
        if name in glob:
            p["global"] = glob[name]
        if op.endswith(".warm"):
            p["warm"] = True
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
    doc = {k: meta[k] for k in ("gpu", "driver", "cuda", "date", "command") if k in meta}
    doc.update({k: v for k, v in meta.items() if k not in doc})
    doc["metrics"] = used
    doc["patterns"] = out
    sys.stdout.write(json.dumps(doc, indent=None, separators=(",", ":")).replace('{"name"', '\n {"name"') + "\n")


main()
