#!/usr/bin/env python3
"""Writes the fragment probes' input tables from tvlab's own output (run where tvlab is built):

    python3 hw/frag/gen_tables.py build/cli/tvlab > hw/frag/tables.json

For every mma.sync atom of sm61..sm90 (not the SM90 GMMA families: they are wgmma) and the SM89
FP8 atoms, and for the ldmatrix (SM75_*_LDSM_*) and stmatrix (SM90_*_STSM_*) copy atoms, it asks
`tvlab show ATOM --json` for the layouts and `tvlab eval` for their values: each table lists
L(i) for i in [0, size(L)), i.e. (thread t, value v) at i = t + T*v. MMA: A -> m + M*k,
B -> n + N*k, C -> m + M*n, thr_id: logical thread -> lane. Copy atoms are read in 16-bit values.
If this tvlab does not know the SM89 FP8 atoms yet, their layouts are taken from CuTe's
mma_traits_sm89.hpp (written below, "source": "cute-traits") so the hardware can still check them.
"""
import json
import re
import subprocess
import sys

TVLAB = sys.argv[1] if len(sys.argv) > 1 else "build/cli/tvlab"

# CuTe include/cute/atom/mma_traits_sm89.hpp: every SM89 16x8x32 FP8 atom shares these layouts.
SM89_A = "((4,8),(4,2,2)):((64,1),(16,8,256))"
SM89_B = "((4,8),(4,2)):((32,1),(8,128))"
SM89_C = "((4,8),(2,2)):((32,1),(16,8))"
SM89 = [f"SM89_16x8x32_{d}{a}{b}{d}_TN" for d in ("F32", "F16") for a in ("E4M3", "E5M2") for b in ("E4M3", "E5M2")]

TYPE_TOKENS = re.compile(r"BF16|TF32|F64|F32|F16|S32|S8|U8|S4|U4|U1|E4M3|E5M2|C64")
PTX_TYPE = {"BF16": "bf16", "TF32": "tf32", "F64": "f64", "F32": "f32", "F16": "f16", "S32": "s32", "S8": "s8",
            "U8": "u8", "S4": "s4", "U4": "u4", "U1": "b1", "E4M3": "e4m3", "E5M2": "e5m2", "C64": "c64"}
MAJOR = {"TN": "row.col", "NT": "col.row", "NN": "col.col", "TT": "row.row"}


def tv(*args):
    return subprocess.run([TVLAB, *args], check=True, capture_output=True, text=True).stdout


def ptx_of(name):
    """The instruction an atom issues, derived from its CuTe name (checked against CuTe's arch headers)."""
    if name == "SM61_DP4A":
        return "dp4a.s32.s32"
    if name == "SM61_DP2A":
        return None  # CuTe writes "dp2a.s32.s32", which has no .lo/.hi mode: ptxas rejects it
    m = re.fullmatch(r"SM\d+_(\d+)x(\d+)x(\d+)_([A-Z0-9]+)_(TN|NT|NN|TT)(_SATURATE|_XORPOPC|_ANDPOPC)?", name)
    if not m:
        return None
    mm, nn, kk, types, major, suffix = m.groups()
    toks = TYPE_TOKENS.findall(types)
    if "".join(toks) != types or len(toks) != 4:
        return None
    if toks == ["C64"] * 4:  # complex<double>: CuTe issues four f64 mmas (re*re, -im*im, re*im, im*re)
        return f"c64x4:mma.sync.aligned.m{mm}n{nn}k{kk}.{MAJOR[major]}.f64.f64.f64.f64"
    s = f"mma.sync.aligned.m{mm}n{nn}k{kk}.{MAJOR[major]}." + ".".join(PTX_TYPE[t] for t in toks)
    s += {None: "", "_SATURATE": ".satfinite", "_XORPOPC": ".xor.popc", "_ANDPOPC": ".and.popc"}[suffix]
    return s


def evaluate(layouts):
    """{key: layout string} -> {key: [L(0), ..., L(size-1)]} through tvlab eval."""
    keys = list(layouts)
    sizes = tv("eval", *[f"size({layouts[k]})" for k in keys]).split()
    lines, spans = [], []
    for k, n in zip(keys, sizes):
        spans.append((k, len(lines), int(n)))
        lines += [f"crd2idx({i},{layouts[k]})" for i in range(int(n))]
    out = subprocess.run([TVLAB, "eval", "--batch", "-"], input="\n".join(lines) + "\n", check=True,
                         capture_output=True, text=True).stdout.split()
    assert len(out) == len(lines)
    return {k: [int(x) for x in out[a:a + n]] for k, a, n in spans}


def main():
    names = []
    for arch in ("sm61", "sm70", "sm75", "sm80", "sm89", "sm90"):
        try:
            fams = json.loads(tv("atoms", "--arch", arch, "--json"))
        except subprocess.CalledProcessError:
            continue  # this tvlab has no such arch yet
        for f in fams:
            for inst in f["instances"]:
                if f["kind"] == "mma" and not inst.startswith("SM90_64x"):
                    names.append(("mma", inst))
                if f["kind"] == "copy" and ("_LDSM_" in inst or "_STSM_" in inst):
                    names.append(("copy", inst))
    known = {n for _, n in names}
    mma, copy, skipped = [], [], []
    for kind, name in names:
        if kind == "mma":
            j = json.loads(tv("show", name, "--json"))
            ptx = ptx_of(name)
            if ptx is None:
                skipped.append({"name": name, "why": "no single PTX instruction to probe (see README)"})
                continue
            t = evaluate({"thr_id": j["thr_id"], "a": j["a"], "b": j["b"], "c": j["c"]})
            mma.append({"name": name, "source": "tvlab", "ptx": ptx, "shape_mnk": j["shape_mnk"], "types": j["types"],
                        "layouts": {k: j[k] for k in ("thr_id", "a", "b", "c")}, **t})
        else:
            j = json.loads(tv("show", name, "--json", "--value-type", "u16"))
            t = evaluate({"src": j["values"]["src"], "dst": j["values"]["dst"]})
            op = "ldmatrix" if "_LDSM_" in name else "stmatrix"
            count = int(re.search(r"U(\d+)x(\d)", name).group(2)) // (2 if "U16" in name else 1)
            copy.append({"name": name, "source": "tvlab", "op": op, "count": count, "trans": name.endswith("_T"),
                         "layouts": j["values"], **t})
    for name in SM89:
        if name in known:
            continue
        toks = TYPE_TOKENS.findall(name.split("_")[2])
        t = evaluate({"thr_id": "32:1", "a": SM89_A, "b": SM89_B, "c": SM89_C})
        ty = {"F32": "float", "F16": "half_t", "E4M3": "float_e4m3_t", "E5M2": "float_e5m2_t"}
        mma.append({"name": name, "source": "cute-traits", "ptx": ptx_of(name), "shape_mnk": [16, 8, 32],
                    "types": {"d": ty[toks[0]], "a": ty[toks[1]], "b": ty[toks[2]], "c": ty[toks[3]]},
                    "layouts": {"thr_id": "32:1", "a": SM89_A, "b": SM89_B, "c": SM89_C}, **t})
    json.dump({"tvlab": tv("--version").strip(), "mma": mma, "copy": copy, "skipped": skipped}, sys.stdout)
    sys.stdout.write("\n")


main()
