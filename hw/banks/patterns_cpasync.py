#!/usr/bin/env python3
"""Writes the narrow cp.async pattern table (banks_probe.cu's format with global addresses) to stdout.

usage: patterns_cpasync.py [SEED]     (default seed 22; the recording names its seed)

Each line: name, op, bytes, active mask (hex), 32 shared-memory byte addresses, 32 global byte offsets.
Families (names start with the family):
  glob_*   the same shared-memory pattern under several global arrangements (does the source matter?)
  bank_*   k lanes writing distinct words of one bank, the others conflict-free, lanes chosen at random
  grp_*    only some 8-lane groups active, each with a chosen number of ways, same or other banks
  tile_*   random structured tiles: row- or column-major, padded or swizzled, random thread arrangements,
           global source contiguous in thread order, mirroring the tile, or 16 bytes a lane
  mask_*   random tiles with a random active mask
  warm_*   a tile pattern again after an ld.global.ca of its source (an L1 hit)
  ctl_*    controls of the other ops (ld, st, ldmatrix, 16-byte cp.async) on random tiles
"""
import random
import sys

SMEM = 48 * 1024
GLOB = 64 * 1024
FULL = 0xFFFFFFFF
L = range(32)
P = []


def add(name, op, w, addrs, glob=None, active=FULL):
    assert len(addrs) == 32, name
    for a in addrs:
        assert 0 <= a and a % w == 0 and a + w <= SMEM, (name, a)
    if glob is None:
        glob = [16 * l for l in L]
    for g in glob:
        assert 0 <= g and g % w == 0 and g + w <= GLOB, (name, g)
    P.append((name, op, w, active, list(addrs), list(glob)))


def swz(off, b, m, s):
    return off ^ ((off >> s) & (((1 << b) - 1) << m))


def glob_modes(rng, w, smem):
    perm = list(L)
    rng.shuffle(perm)
    return {
        "g16": [16 * l for l in L],
        "contig": [l * w for l in L],
        "rev": [(31 - l) * w for l in L],
        "line": [l * 128 for l in L],
        "same": [0] * 32,
        "mirror": [a for a in smem],
        "perm": [perm[l] * w for l in L],
        "rand": [rng.randrange(GLOB // w) * w for _ in L],
    }


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 22
    rng = random.Random(seed)

    # ---- glob: does the global arrangement change the shared-memory wavefronts? ----
    for w in (4, 8, 16):
        u = w // 4  # words per access
        base = {
            "stride1": [l * w for l in L],
            "stride2": [l * 2 * w for l in L],
            "stride8": [l * 8 * w for l in L],
            "bank0": [l * 128 for l in L],
            "ex1": [w * (64 * (l % 4) + l // 4) for l in L],  # (8,64):(64,1), tv ((4,8),1):((1,8),8)
            "ex2": [w * ((l // 8) + 128 * (l % 8)) for l in L],  # (128,8):(1,128), tv ((8,4),1):((128,1),0)
            "sgemm": [w * ((l // 8) + 129 * (l % 8)) for l in L],  # (128,8):(1,129), threads (32,8):(8,1)
            "randw": [rng.randrange(SMEM // w) * w for _ in L],
        }
        if u > 1:
            base = {k: v for k, v in base.items() if max(v) + w <= SMEM}
        for bname, smem in base.items():
            for gname, glob in glob_modes(rng, w, smem).items():
                if max(glob) + w > GLOB:
                    continue
                add(f"glob_w{w}_{bname}_{gname}", "cp.async.ca", w, smem, glob)

    # ---- bank: k lanes on distinct words of bank 0, the others on distinct other banks ----
    for w in (4, 8):
        u = w // 4
        for it in range(48):
            k = rng.choice([2, 2, 3, 4, 4, 5, 6, 8, 8, 12, 16, 24, 32])
            lanes = sorted(rng.sample(list(L), k))
            others = [l for l in L if l not in lanes]
            # other lanes: distinct banks away from bank 0 (w=8: 2 banks per lane)
            free = list(range(1, 32 // u))
            rng.shuffle(free)
            smem = [0] * 32
            for i, l in enumerate(lanes):
                smem[l] = i * 128
            for i, l in enumerate(others):
                slot = free[i % len(free)]
                row = 40 + i // len(free) * 2 + rng.randrange(2)
                smem[l] = row * 128 + slot * w
            for gname in ("g16", "contig"):
                glob = [16 * l for l in L] if gname == "g16" else [l * w for l in L]
                add(f"bank_w{w}_k{k}_{it}_{gname}", "cp.async.ca", w, smem, glob)

    # ---- grp: only some 8-lane groups active, chosen ways, same or other banks ----
    for w in (4, 8):
        u = w // 4
        for it in range(36):
            groups = sorted(rng.sample(range(4), rng.choice([1, 1, 2, 2, 3, 4])))
            same_bank = rng.random() < 0.5
            smem = [0] * 32
            mask = 0
            for gi, g in enumerate(groups):
                ways = rng.choice([1, 2, 4, 8])
                bank0 = 0 if same_bank else gi * 8 // u * u
                for j in range(8):
                    l = 8 * g + j
                    mask |= 1 << l
                    # lanes j % ways == same row; ways distinct rows per bank set
                    smem[l] = (gi * 16 + (j % ways)) * 128 + (bank0 * 4 + (j // ways) * w) % 128
            lanes = list(L)
            rng.shuffle(lanes)
            for gname in ("g16", "contig"):
                glob = [16 * l for l in L] if gname == "g16" else [l * w for l in L]
                add(f"grp_w{w}_{it}_{''.join(map(str, groups))}_{'same' if same_bank else 'other'}_{gname}",
                    "cp.async.ca", w, smem, glob, mask)

    # ---- tile: random structured tiles and thread arrangements ----
    def random_tile(w):
        while True:
            tm = rng.choice([1, 2, 4, 8, 16, 32])
            tn = 32 // tm
            dr = rng.choice([1, 1, 1, 2])
            dc = rng.choice([1, 1, 1, 2, 4])
            r0 = rng.randrange(4)
            c0 = rng.randrange(4)
            rows = r0 + tm * dr + rng.randrange(4)
            cols = c0 + tn * dc + rng.randrange(8)
            cols = max(cols, rng.choice([8, 16, 32, 64]) // (w // 4) if w < 16 else cols)
            pad = rng.choice([0, 0, 0, 1, 1, 2, 4, 8])
            colmajor = rng.random() < 0.5
            pitch = (rows if colmajor else cols) + pad
            sw = None
            if pad == 0 and rng.random() < 0.5:
                b = rng.choice([1, 2, 3])
                m = rng.choice([0, 1, 2, 3])
                s = rng.choice([3, 4, 5, 6])
                if s >= b:
                    sw = (b, m, s)
            mmajor_threads = rng.random() < 0.5
            permute = rng.random() < 0.15
            coords = []
            for t in L:
                i, j = (t % tm, t // tm) if mmajor_threads else (t // tn, t % tn)
                coords.append((r0 + i * dr, c0 + j * dc))
            if permute:
                rng.shuffle(coords)
            offs = []
            for r, c in coords:
                off = (r + c * pitch) if colmajor else (r * pitch + c)
                if sw:
                    off = swz(off, *sw)
                offs.append(off)
            extent = ((cols if colmajor else rows) + 1) * pitch
            if sw:
                extent = max(extent, max(offs) + 1)
            if max(offs) * w + w > SMEM:
                continue
            desc = (f"{'cm' if colmajor else 'rm'}{rows}x{cols}p{pitch}"
                    + (f"sw{sw[0]}{sw[1]}{sw[2]}" if sw else "")
                    + f"_t{tm}x{tn}{'m' if mmajor_threads else 'n'}d{dr}{dc}" + ("perm" if permute else ""))
            return desc, coords, [o * w for o in offs]

    def tile_globals(w, coords):
        gp = rng.choice([64, 128, 256, 512]) // (w // 4)
        gm = [(r * gp + c) * w for r, c in coords]
        if max(gm) + w > GLOB:
            gm = None
        gcm = [(c * 128 + r) * w for r, c in coords]
        if max(gcm) + w > GLOB:
            gcm = None
        return {"contig": [l * w for l in L], "mirror": gm, "mirrorT": gcm, "g16": [16 * l for l in L]}

    for w in (4, 8):
        for it in range(110):
            desc, coords, smem = random_tile(w)
            gs = tile_globals(w, coords)
            for gname in ("contig", "mirror", "mirrorT", "g16"):
                if gs[gname] is None or (gname == "g16" and it % 3):
                    continue
                add(f"tile_w{w}_{it}_{desc}_{gname}", "cp.async.ca", w, smem, gs[gname])

    # ---- mask: random tiles with random active lanes ----
    for w in (4, 8):
        for it in range(30):
            desc, coords, smem = random_tile(w)
            mask = rng.getrandbits(32) | (1 << rng.randrange(32))
            if rng.random() < 0.3:
                mask &= rng.getrandbits(32)
            mask = mask or 1
            add(f"mask_w{w}_{it}_{desc}", "cp.async.ca", w, smem, [l * w for l in L], mask)

    # ---- warm: L1 hits ----
    for w in (4, 8, 16):
        for it in range(12):
            desc, coords, smem = random_tile(w)
            glob = [l * w for l in L]
            add(f"warmcold_w{w}_{it}_{desc}", "cp.async.ca", w, smem, glob)
            add(f"warm_w{w}_{it}_{desc}", "cp.async.ca.warm", w, smem, glob)

    # ---- ctl: other ops on random tiles (and 16-byte cp.async) ----
    for it in range(16):
        for op, w in (("ld", 4), ("ld", 8), ("ld", 16), ("st", 4), ("st", 8), ("st", 16), ("cp.async.ca", 16)):
            desc, coords, smem = random_tile(w)
            glob = [l * w for l in L] if rng.random() < 0.5 else None
            add(f"ctl_{op}{w}_{it}_{desc}", op, w, smem, glob)
        for op in ("ldmatrix.x4", "stmatrix.x4", "ldmatrix.x2.trans"):
            desc, coords, smem = random_tile(16)
            n = int(op.split(".")[1][1:])
            add(f"ctl_{op}_{it}_{desc}", op, 16, [a if l < 8 * n else 0 for l, a in enumerate(smem)])

    names = [p[0] for p in P]
    assert len(names) == len(set(names)), "duplicate pattern names"
    for name, op, w, active, addrs, glob in P:
        print("\t".join([name, op, str(w), f"{active:08x}"] + [str(a) for a in addrs] + [str(g) for g in glob]))


main()
