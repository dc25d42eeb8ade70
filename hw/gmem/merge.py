#!/usr/bin/env python3
"""Joins gmem_patterns.tsv with Nsight Compute's raw CSV (one row per launch, in launch order) into
tests/data/hw/gmem_ldst_h200.tsv.

usage: merge.py gmem_patterns.tsv gmem_ncu.csv gmem_meta.json > gmem_ldst.tsv

Output: '#' lines with the GPU, driver, CUDA, date, seed and command, then a header line and one line per
pattern: name, op, bytes, active mask (hex), the op's requests and sectors
(l1tex__t_{requests,sectors}_pipe_lsu_mem_global_op_<op>.sum), the other op's requests and sectors, the
instructions executed (smsp__inst_executed_op_global_ld.sum, ..._st.sum), then the 32 byte offsets.
"""
import csv
import json
import sys


def main():
    pats = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
    rows = [r for r in csv.reader(open(sys.argv[2])) if r and not r[0].startswith("==")]
    head, data = rows[0], rows[2:]
    if len(data) != len(pats):
        sys.exit(f"merge.py: {len(data)} profiled launches but {len(pats)} patterns")
    col = {h: i for i, h in enumerate(head)}
    meta = json.load(open(sys.argv[3]))

    def num(r, m):
        return int(float(r[col[m]].replace(",", "")))

    for k in ("gpu", "driver", "cuda", "date", "seed", "command"):
        print(f"# {k}: {meta[k]}")
    print("\t".join(["name", "op", "bytes", "active", "requests", "sectors", "other_requests", "other_sectors",
                     "inst_ld", "inst_st"] + [f"g{l}" for l in range(32)]))
    g = "l1tex__t_{}_pipe_lsu_mem_global_op_{}.sum"
    for p, r in zip(pats, data):
        op, other = p[1], "st" if p[1] == "ld" else "ld"
        vals = [num(r, g.format("requests", op)), num(r, g.format("sectors", op)),
                num(r, g.format("requests", other)), num(r, g.format("sectors", other)),
                num(r, "smsp__inst_executed_op_global_ld.sum"), num(r, "smsp__inst_executed_op_global_st.sum")]
        print("\t".join(p[:4] + [str(v) for v in vals] + p[4:36]))


main()
