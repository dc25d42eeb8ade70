#!/usr/bin/env python3
"""What CuTe prints, verified as tvlab verifies the named-atom spec it came from (issue 22; ctest cute.print).

  compare.py TVLAB [OUTDIR]

For each configuration below: the named-atom spec (TWINS: mma atom, atom_layout, permutation; copies by atom) and
the recorded prints of the same configuration (tests/data/cute/prints/{cpp,dsl}/*.txt, by tests/cute_print/
record.sh from C++ CuTe and CuTe DSL; sycl_tla/*.txt written from sycl-tla's printing code, its README) are given
to tvlab in three forms:
  print      JSON spec, "mma": {"print": TEXT}, copies {"print": TEXT} (the DSL's with "ref" where Src != Dst)
  print+atom the same with the atoms named next to the prints ("atom"): the printed layouts are cross-checked
  file       (C++ prints) the print text itself as the spec file: the TiledMMA, then "=== A ===" and the copy
and each must give the named spec's plan (every layout of plan --json: thr_layout_vmnk, tile_mnk, A/B/C TV;
copies' tiler, tv, tv_src, tv_dst) and the same verdicts (verify --format json: each check's code, verdict and
severity). Where the print carries no identity the verdict is "unknown" instead, and only there: width.X for a
printed MMA without "atom" (a print carries no value types), and in the file form source.X (the print alone does
not say how memory holds the operand, "contiguous"). print+atom must match exactly.
Prints the comparison count; exit 1 on any difference.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PRINTS = os.path.join(ROOT, "tests", "data", "cute", "prints")

SM80 = {"atom": "SM80_16x8x16_F32F16F16F32_TN", "atom_layout": "(2,2,1)", "permutation": "(32,32,16)"}
FMA = {"atom": "UniversalFMA<float,float,float,float>", "atom_layout": "(16,16,1)"}
# (name, named-atom spec, the mma print, [(operand or copy name, print file, its atom, ref for the DSL)])
TWINS = [
    ("sm80_f32f16_2x2", {"mma": SM80}, "mma_sm80_16x8x16_f32f16_2x2_32x32x16", []),
    ("sm80_f16_permuted",
     {"mma": {"atom": "SM80_16x8x16_F16F16F16F16_TN", "atom_layout": "(2,2,1)",
              "permutation": "(32,(8,2,2):(1,16,8),16)"}},
     "mma_sm80_16x8x16_f16_2x2_permuted", []),
    ("sm90_gmma_2x1",
     {"mma": {"atom": "SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>", "atom_layout": "(2,1,1)"}},
     "mma_sm90_64x128x16_f32f16_ss_2x1", []),
    ("sm70_nt_2x2", {"mma": {"atom": "SM70_8x8x4_F32F16F16F32_NT", "atom_layout": "(2,2,1)"}},
     "mma_sm70_8x8x4_f32f16_nt_2x2", []),
    ("sm75_2x1", {"mma": {"atom": "SM75_16x8x8_F32F16F16F32_TN", "atom_layout": "(2,1,1)"}},
     "mma_sm75_16x8x8_f32f16_2x1", []),
    ("sm80_s8_2x2",
     {"mma": {"atom": "SM80_16x8x32_S32S8S8S32_TN", "atom_layout": "(2,2,1)", "permutation": "(32,32,32)"}},
     "mma_sm80_16x8x32_s8_2x2_32x32x32", []),
    ("sm80_ldsm_a_b_stsm_d",
     {"mma": SM80, "operands": {
         "A": {"type": "half_t", "contiguous": "K", "copy": "SM75_U32x4_LDSM_N"},
         "B": {"type": "half_t", "contiguous": "N", "copy": "SM75_U16x8_LDSM_T"},
         "D": {"type": "half_t", "copy": "SM90_U32x4_STSM_N"}}},
     "mma_sm80_16x8x16_f32f16_2x2_32x32x16",
     [("A", "copy_ldsm_n_a_sm80", "SM75_U32x4_LDSM_N", "dst"),
      ("B", "copy_ldsm_t_b_sm80", "SM75_U16x8_LDSM_T", "dst"),
      ("D", "copy_stsm_n_c_sm80", "SM90_U32x4_STSM_N", "src")]),
    ("sm80_ldsm_n_b_wrong_fragment",
     {"mma": SM80, "operands": {"B": {"type": "half_t", "copy": "SM75_U32x2_LDSM_N"}}},
     "mma_sm80_16x8x16_f32f16_2x2_32x32x16",
     [("B", "copy_ldsm_n_b_sm80", "SM75_U32x2_LDSM_N", "dst")]),
    ("fma_universal_c",
     {"mma": FMA, "operands": {"C": {"type": "float", "copy": "UniversalCopy<float>"}}},
     "mma_universal_fma_f32_16x16",
     [("C", "copy_universal_f32_c_fma", "UniversalCopy<float>", None)]),
    ("standalone_copies",
     {"copies": {
         "g2s": {"atom": "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "value_type": "half_t", "thr_layout": "(32,4):(4,1)",
                 "val_layout": "(1,8)"},
         "u64": {"atom": "UniversalCopy<uint64_t>", "value_type": "half_t", "thr_layout": "(4,32):(32,1)",
                 "val_layout": "(1,4)"}}},
     None,
     [("g2s", "copy_sm80_cp_async_128b_f16_32x4", "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", None),
      ("u64", "copy_universal_u64_f16_4x32", "UniversalCopy<uint64_t>", None)]),
]
# sycl-tla's prints (written from its printing code: tests/data/cute/prints/sycl_tla/README.md). A printed Xe MMA
# is checked as Xe only with its atom named (the MMA_Atom print does not say it is Xe): the print form names it.
XE_TWINS = [
    ("xe_bf16_block2d_a_b",
     {"mma": {"atom": "XE_DPAS_TT<8,float,bfloat16_t>", "tile": [256, 256, 32], "sg_layout": "(8,4,1):(4,1,0)"},
      "operands": {"A": {"type": "bfloat16_t", "contiguous": "K", "copy": "XE_LOAD_2D<16,32,32,16>"},
                   "B": {"type": "bfloat16_t", "contiguous": "N", "copy": "XE_LOAD_2D_VNNI<16,16,32,16>"}}},
     "mma_xe_dpas_bf16_256x256x32_8x4",
     [("A", "copy_xe_load_2d_a_bf16", "XE_LOAD_2D<16,32,32,16>", None),
      ("B", "copy_xe_load_2d_vnni_b_bf16", "XE_LOAD_2D_VNNI<16,16,32,16>", None)]),
]
MMA_KEYS = ["tile_mnk", "permutation", "thr_layout_vmnk", "a_tv", "b_tv", "c_tv"]
COPY_KEYS = ["tiler", "tv", "tv_src", "tv_dst"]


def read(rel):
    with open(os.path.join(PRINTS, rel), encoding="utf-8") as f:
        return f.read()


def run(tvlab, args, spec_path):
    r = subprocess.run([tvlab] + args + [spec_path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return r.returncode, r.stdout, r.stderr


def plan_and_verdicts(tvlab, path):
    rc, out, err = run(tvlab, ["plan", "--json"], path)
    if rc != 0:
        raise RuntimeError("tvlab plan %s exited %d: %s" % (path, rc, err.strip()))
    plan = json.loads(out)
    rc, out, err = run(tvlab, ["verify", "--format", "json"], path)
    if rc not in (0, 1):
        raise RuntimeError("tvlab verify %s exited %d: %s" % (path, rc, err.strip()))
    reports = json.loads(out)["specs"]
    checks = []
    for r in reports:
        for c in r["checks"]:
            checks.append((c["code"], c["verdict"], c.get("severity")))
    return plan, checks


def layouts(plan):
    out = {}
    if "mma" in plan:
        for k in MMA_KEYS:
            out["mma." + k] = plan["mma"][k]
    for name, c in plan.get("copies", {}).items():
        for k in COPY_KEYS:
            out["copies.%s.%s" % (name, k)] = c[k]
    return out


def main():
    tvlab = sys.argv[1]
    out_dir = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp()
    os.makedirs(out_dir, exist_ok=True)
    failures, comparisons = [], 0

    def write(name, text):
        path = os.path.join(out_dir, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    for name, spec, mma_file, copies in TWINS + XE_TWINS:
        xe = (name, spec, mma_file, copies) in XE_TWINS
        named_path = write(name + ".named.json", json.dumps(spec, indent=1))
        want_plan, want_checks = plan_and_verdicts(tvlab, named_path)
        want_layouts = layouts(want_plan)
        for fmt in ("sycl_tla",) if xe else ("cpp", "dsl"):
            have = [f for f in ([mma_file] if mma_file else []) + [c[1] for c in copies]
                    if os.path.exists(os.path.join(PRINTS, fmt, f + ".txt"))]
            if len(have) != len(([mma_file] if mma_file else []) + copies):
                continue  # not every print of the configuration is recorded in this format
            forms = {}
            for with_atom in (False, True):
                s = json.loads(json.dumps(spec))
                if mma_file:
                    s["mma"] = {"print": read("%s/%s.txt" % (fmt, mma_file))}
                    if with_atom or xe:
                        s["mma"]["atom"] = spec["mma"]["atom"]
                for cname, cfile, catom, ref in copies:
                    c = {"print": read("%s/%s.txt" % (fmt, cfile))}
                    if with_atom:
                        c["atom"] = catom
                    if fmt == "dsl" and ref:
                        c["ref"] = ref
                    if cname in s.get("operands", {}):
                        s["operands"][cname]["copy"] = c
                    else:
                        vt = s["copies"][cname].get("value_type")
                        s["copies"][cname] = c
                        if vt:
                            s["copies"][cname]["value_type"] = vt
                forms["print+atom" if with_atom else "print"] = write(
                    "%s.%s.%s.json" % (name, fmt, "print_atom" if with_atom else "print"), json.dumps(s, indent=1))
            if fmt == "cpp":
                text = (read("cpp/%s.txt" % mma_file) if mma_file else "")
                for cname, cfile, _, _ in copies:
                    text += "=== %s ===\n" % cname + read("cpp/%s.txt" % cfile)
                forms["file"] = write("%s.cpp.print.txt" % name, text)
            for form, path in forms.items():
                plan, checks = plan_and_verdicts(tvlab, path)
                got = layouts(plan)
                for k, v in want_layouts.items():
                    comparisons += 1
                    if got.get(k) != v:
                        failures.append("%s %s %s: %s is %s, the named spec's %s" % (name, fmt, form, k, got.get(k), v))
                want_codes = [c[0] for c in want_checks]
                if [c[0] for c in checks] != want_codes:
                    failures.append("%s %s %s: checks %s, the named spec's %s" % (
                        name, fmt, form, [c[0] for c in checks], want_codes))
                    continue
                for (code, verdict, sev), (_, wverdict, wsev) in zip(checks, want_checks):
                    comparisons += 1
                    identity = form != "print+atom" and mma_file and not xe and code.startswith("width.")
                    # The file form is the print alone: it does not say how memory holds an operand.
                    memory = form == "file" and code.startswith("source.")
                    if memory:
                        if verdict != "unknown" or sev != "info":
                            failures.append("%s %s %s: %s is %s (%s); the print says nothing of memory: unknown" % (
                                name, fmt, form, code, verdict, sev))
                    elif identity:
                        if verdict != "unknown":
                            failures.append("%s %s %s: %s is %s; a printed MMA has no value types: unknown" % (
                                name, fmt, form, code, verdict))
                    elif (verdict, sev) != (wverdict, wsev):
                        failures.append("%s %s %s: %s is %s (%s), the named spec's %s (%s)" % (
                            name, fmt, form, code, verdict, sev, wverdict, wsev))
    # Control: the same comparison must see a difference where there is one (the SM75 2x1 print against the SM80
    # 2x2 spec), or it proves nothing.
    named_path = os.path.join(out_dir, "sm80_f32f16_2x2.named.json")
    control = write("control.json", json.dumps({"mma": {"print": read("cpp/mma_sm75_16x8x8_f32f16_2x1.txt")}}))
    want = layouts(plan_and_verdicts(tvlab, named_path)[0])
    got = layouts(plan_and_verdicts(tvlab, control)[0])
    if all(got.get(k) == v for k, v in want.items()):
        failures.append("control: the SM75 print compared equal to the SM80 spec: the comparison sees nothing")
    for f in failures:
        print("MISMATCH " + f)
    print("cute.print: %d comparisons, %d mismatches" % (comparisons, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
