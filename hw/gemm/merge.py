#!/usr/bin/env python3
"""Joins gen.py's manifest with run.sh's results, resources and meta into the recording
tests/data/hw/gemm_sm80_h200.tsv (hw/gemm/README.md).
  merge.py MANIFEST RESULTS RESOURCES META > tests/data/hw/gemm_sm80_h200.tsv
A kernel's time is the mean of its two passes' medians; a kernel whose result was not exact in either pass is
recorded with exact=no and no time."""
import csv
import json
import sys

M = N = K = 4096


def rows(path):
    with open(path) as f:
        return list(csv.DictReader((l for l in f if not l.startswith("#")), delimiter="\t"))


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    manifest, results, resources, meta = rows(sys.argv[1]), rows(sys.argv[2]), rows(sys.argv[3]), json.load(open(sys.argv[4]))
    by_kernel = {}
    for r in results:
        by_kernel.setdefault(r["kernel"], {})[r["pass"]] = r
    res = {r["kernel"]: r for r in resources}
    out = sys.stdout
    out.write("# tvlab search's top rows and CUTLASS's default, each compiled into a CUTLASS 3 GemmUniversal kernel "
              "(hw/gemm/README.md)\n")
    for key in ("gpu", "driver", "cuda", "date", "command"):
        out.write("# %s\t%s\n" % (key, meta[key]))
    out.write("# problem\tM=N=K=%d L=1, A and B packed in the case's layout, C/D float (int32_t for int8) row-major, "
              "DefaultEpilogue D = 1*AB + 0*C; A, B small integers in [-2,2]: result compared bit for bit with a naive "
              "GEMM on the GPU; ms = mean of two passes' medians of 30 cudaEvent-timed launches after 5 warm-ups; "
              "tflops = 2*M*N*K/ms\n" % M)
    cols = ["case", "kernel", "row", "spec_hash", "exact", "ms_pass1", "ms_pass2", "ms", "tflops", "registers",
            "spill_bytes", "wavefronts_exact", "excess_wavefronts", "gmem_sectors", "smem_instructions", "config"]
    out.write("\t".join(cols) + "\n")
    for m in manifest:
        k = m["kernel"]
        passes = by_kernel.get(k, {})
        p1, p2 = passes.get("1"), passes.get("2")
        exact = "yes" if p1 and p2 and p1["exact"] == "yes" and p2["exact"] == "yes" else "no"
        ms1 = p1["median_ms"] if p1 and p1["exact"] == "yes" else "-"
        ms2 = p2["median_ms"] if p2 and p2["exact"] == "yes" else "-"
        if exact == "yes":
            ms = (float(ms1) + float(ms2)) / 2
            ms_s, tf_s = "%.5f" % ms, "%.2f" % (2.0 * M * N * K / (ms * 1e-3) / 1e12)
        else:
            ms_s = tf_s = "-"
            why = [p["exact"] + (" (%s mismatches)" % p["mismatches"] if p["mismatches"] not in ("-", "0") else "")
                   for p in (p1, p2) if p]
            exact = "no: " + ", ".join(why) if why else "no: not run"
        rr = res.get(k, {})
        spill = "-" if rr.get("spill_stores", "-") == "-" else str(int(rr["spill_stores"]) + int(rr["spill_loads"]))
        out.write("\t".join([m["case"], k, m["row"], m["spec_hash"], exact, ms1, ms2, ms_s, tf_s,
                             rr.get("registers", "-"), spill, m["wavefronts_exact"], m["excess_wavefronts"],
                             m["gmem_sectors"], m["smem_instructions"], m["knobs"]]) + "\n")


if __name__ == "__main__":
    main()
