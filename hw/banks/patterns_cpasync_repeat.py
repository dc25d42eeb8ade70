#!/usr/bin/env python3
"""The cp.async determinism measurement's pattern tables (banks_probe.cu's format with global sources).

usage: patterns_cpasync_repeat.py RECORDING.json SEED OUTDIR [SET]

SET "variants" (default, the first run) or "shifts" (the second: see shift_set below).

Writes OUTDIR/NN_VARIANT.tsv, one table per variant, and OUTDIR/variants.txt (one line a table: file, variant,
extra ncu options). run_cpasync_repeat.sh runs each table under its own ncu process, in that order (the first
ones matter most: a time budget may cut the tail). Every table holds the same patterns; a pattern's name in a
table is NAME@VARIANT:
  base     the patterns as chosen (below)
  again    the same table once more, a second ncu process (repeat)
  g128     every lane's global source moved by 128 bytes (same line structure, other lines)
  g4k      moved by 4 KiB
  s1k      every shared-memory destination moved by 1 KiB (same banks)
  rev      base in reversed launch order
  l2       base under `ncu --cache-control none` (caches not flushed between replays: sources may hit in L2)
  g8m      global sources moved by 8 MiB + 512 bytes
  s4k      shared-memory destinations moved by 4 KiB
The patterns (from RECORDING, the H200's cp.async recording, and generated):
  rec_*      every 16-byte and a seeded sample of the 4- and 8-byte recorded cp.async patterns that
             analyze_cpasync.py's adopted rule leaves as a bound, and a sample of ones it counts exactly
             (controls: their count is known); the name keeps the recorded name after the prefix
  cutlass_*  CUTLASS's SM80 K-major defaults (f16 TN K 32, tf32 TN K 16, int8 TN K 64: all the same in
             bytes): threads (32,4):(4,1), 16 bytes each, 64-byte rows; smem Swizzle<2,3,3> o (8,32):(32,1)
             halves (bytes: chunk ^= (row >> 1) & 3); global rows LD bytes apart, warp 0's first instruction
  row1_*     search's row 1 of issue 32: one 16-byte vector a row, 32 threads across rows, same smem
  mmajor_*   CUTLASS's M-major f16 default (threads (16,8):(1,16), 8 halves each): 8 lanes read one 128-byte
             line (control: exact today)
  tf32k32_*  CUTLASS's tf32 TN K 32 (Swizzle<3,2,3> o (8,32):(32,1) floats, threads (16,8):(8,1), 4 floats):
             a phase reads one 128-byte row (control)
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analyze_cpasync as A  # noqa: E402

SMEM = 96 * 1024
GLOB = 64 * 1024 * 1024
VARIANTS = [("base", 0, 0, False, ""), ("again", 0, 0, False, ""), ("g128", 128, 0, False, ""),
            ("g4k", 4096, 0, False, ""), ("s1k", 0, 1024, False, ""), ("rev", 0, 0, True, ""),
            ("l2", 0, 0, False, "--cache-control none"), ("g8m", 8 * 1024 * 1024 + 512, 0, False, ""),
            ("s4k", 0, 4096, False, "")]


def cutlass_k64(ld, lanes_per_row=4, rows=8):
    """(smem, glob): lane t at row t // lanes_per_row, 16-byte chunk t % lanes_per_row; 64-byte smem rows."""
    smem, glob = [], []
    for t in range(32):
        r, c = t // lanes_per_row, t % lanes_per_row
        smem.append(r * 64 + 16 * (c ^ ((r >> 1) & 3)))
        glob.append(r * ld + 16 * c)
    return smem, glob


def generated():
    out = []
    for ld in (64, 80, 96, 128, 192, 256, 320, 384, 512, 1024, 2048, 4096, 8192, 8208, 8256, 8320, 16384):
        s, g = cutlass_k64(ld)
        out.append((f"cutlass_k64B_ld{ld}", 16, 0xFFFFFFFF, s, g))
    for ld in (64, 128, 8192, 8256):
        s, g = cutlass_k64(ld, lanes_per_row=1)
        out.append((f"row1_ld{ld}", 16, 0xFFFFFFFF, s, g))
    for ldm in (256, 8192):  # M-major: lane t -> m chunk t % 16 (8 halves), k = t // 16; smem (64,8) swizzled
        s = [((t // 16) * 128 + (t % 8) * 16) ^ (((t // 16) & 7) << 4) + (t % 16 // 8) * 1024 for t in range(32)]
        g = [(t % 16) * 16 + (t // 16) * ldm for t in range(32)]
        out.append((f"mmajor_ld{ldm}", 16, 0xFFFFFFFF, s, g))
    for ld in (16384, 16400):  # tf32 K 32: 8 lanes a 128-byte row, rows LD bytes apart
        s = [(t // 8) * 128 + 16 * ((t % 8) ^ ((t // 8) & 7)) for t in range(32)]
        g = [(t // 8) * ld + 16 * (t % 8) for t in range(32)]
        out.append((f"tf32k32_ld{ld}", 16, 0xFFFFFFFF, s, g))
    return out


def chosen(recording, seed):
    doc = json.load(open(recording))
    rng = random.Random(seed)
    bounded, exact = [], []
    for p in doc["patterns"]:
        if p["op"] != "cp.async" or p.get("warm"):
            continue
        lanes = p.get("active", list(range(32)))
        q = dict(name=p["name"], bytes=p["bytes"], lanes=lanes, smem=p["addresses"],
                 glob=p.get("global", [16 * l for l in range(32)]), measured=p["wavefronts"])
        (exact if A.adopted(q)[1] else bounded).append((p, sum(1 << l for l in lanes), q["glob"]))
    pick = [b for b in bounded if b[0]["bytes"] == 16]
    rest = [b for b in bounded if b[0]["bytes"] != 16]
    pick += rng.sample(rest, min(len(rest), 96))
    pick += rng.sample(exact, 16)
    return [(f"rec_{p['name']}", p["bytes"], mask, p["addresses"], glob) for p, mask, glob in pick]


SHIFTS = [0, 128, 256, 512, 1024, 4096, 65536 + 384, 8 * 1024 * 1024 + 512]


def shift_set(recording, seed):
    """The second run (one table, variant "shift"): each pattern at the global shifts SHIFTS (name
    NAME@gSHIFT): every recorded 4/8-byte pattern with a phase reading two lines that share no source word
    position (the adopted rule's exact "two lines apart"), seeded lane-linear 4/8-byte runs starting
    mid-line (same kind) into 1, 2 or 4 shared-memory rows, CUTLASS's K-major 16-byte g2s at leading
    dimensions 128 and 8192 (two rows on the same positions), and 16-byte rows of 128 bytes starting 16..112
    bytes into a line (one window, two lines)."""
    doc = json.load(open(recording))
    rng = random.Random(seed + 1)
    base = []
    for p in doc["patterns"]:
        if p["op"] != "cp.async" or p.get("warm") or p["bytes"] == 16:
            continue
        lanes = p.get("active", list(range(32)))
        q = dict(name=p["name"], bytes=p["bytes"], lanes=lanes, smem=p["addresses"],
                 glob=p.get("global", [16 * l for l in range(32)]), measured=p["wavefronts"])
        if any(A.phase_kind(q, ph) == "two lines apart" for ph in A.phases(q)):
            base.append((f"rec_{p['name']}", p["bytes"], sum(1 << l for l in lanes), p["addresses"], q["glob"]))
    for w in (4, 8):
        for it in range(10):
            start = rng.randrange(1, 128 // w) * w
            rows = rng.choice([1, 2, 4])  # destination: 32 / rows lanes a row, rows 1 KiB apart
            smem = [(l % (32 // rows)) * w + (l // (32 // rows)) * 1024 for l in range(32)]
            glob = [4096 + start + l * w for l in range(32)]
            base.append((f"run_w{w}_{it}_at{start}_r{rows}", w, 0xFFFFFFFF, smem, glob))
    for ld in (128, 8192):
        s, g = cutlass_k64(ld)
        base.append((f"cutlass_k64B_ld{ld}", 16, 0xFFFFFFFF, s, g))
    for off in range(16, 128, 16):
        s = [(t // 8) * 128 + 16 * ((t % 8) ^ ((t // 8) & 7)) for t in range(32)]
        g = [(t // 8) * 16384 + off + 16 * (t % 8) for t in range(32)]
        base.append((f"row128_at{off}", 16, 0xFFFFFFFF, s, g))
    out = []
    for sh in SHIFTS:
        for name, w, mask, smem, glob in base:
            out.append((f"{name}@g{sh}", w, mask, smem, [a + sh for a in glob]))
    return out


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    recording, seed, outdir = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    os.makedirs(outdir, exist_ok=True)
    if len(sys.argv) == 5 and sys.argv[4] == "shifts":
        pats = shift_set(recording, seed)
        with open(os.path.join(outdir, "variants.txt"), "w") as vf:
            vf.write("00_shift.tsv\tshift\t\n")
        with open(os.path.join(outdir, "00_shift.tsv"), "w") as f:
            for name, w, mask, smem, glob in pats:
                assert all(0 <= a and a % w == 0 and a + w <= SMEM for a in smem), name
                assert all(0 <= a and a % w == 0 and a + w <= GLOB for a in glob), name
                f.write("\t".join([name, "cp.async.ca", str(w), f"{mask:08x}"] + [str(a) for a in smem]
                                  + [str(a) for a in glob]) + "\n")
        print(f"{len(pats)} patterns (shifts) -> {outdir}")
        return
    elif len(sys.argv) == 5 and sys.argv[4] != "variants":
        sys.exit(__doc__)
    pats = generated() + chosen(recording, seed)
    with open(os.path.join(outdir, "variants.txt"), "w") as vf:
        for i, (var, gs, ss, rev, opts) in enumerate(VARIANTS):
            fname = f"{i:02d}_{var}.tsv"
            vf.write(f"{fname}\t{var}\t{opts}\n")
            with open(os.path.join(outdir, fname), "w") as f:
                for name, w, mask, smem, glob in (reversed(pats) if rev else pats):
                    s = [a + ss for a in smem]
                    g = [a + gs for a in glob]
                    assert all(0 <= a and a % w == 0 and a + w <= SMEM for a in s), name
                    assert all(0 <= a and a % w == 0 and a + w <= GLOB for a in g), name
                    f.write("\t".join([f"{name}@{var}", "cp.async.ca", str(w), f"{mask:08x}"]
                                      + [str(a) for a in s] + [str(a) for a in g]) + "\n")
    print(f"{len(pats)} patterns x {len(VARIANTS)} variants -> {outdir}")


if __name__ == "__main__":
    main()
