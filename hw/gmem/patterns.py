#!/usr/bin/env python3
"""Writes the global-memory sector probe's patterns (gmem_probe.cu's format) to stdout.

usage: patterns.py [SEED]     (default 5; the recording names its seed)

Each line: name, op (ld | st), bytes (1, 2, 4, 8, 16), active mask (hex), 32 byte offsets (aligned to bytes,
inside 64 KiB). Families, for each op and width: contig (lane l at w*l, from a base of 0, 16 or a random
multiple of w), stride (w*k*l), same (all one address), rows (g lanes a row of a random pitch, rows starting
at a random phase), perm (a permutation of contig), rand (anywhere), mask (contig or rows with random lanes off).
"""
import random
import sys

GLOB = 64 * 1024
L = range(32)
P = []


def add(name, op, w, offs, active=0xFFFFFFFF):
    assert len(offs) == 32
    for o in offs:
        assert 0 <= o and o % w == 0 and o + w <= GLOB, (name, o)
    P.append((name, op, w, active, offs))


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    rng = random.Random(seed)
    for op in ("ld", "st"):
        for w in (1, 2, 4, 8, 16):
            for base in sorted({0, 16 // w * w if w <= 16 else 0, rng.randrange(64) * w}):
                add(f"{op}{w}_contig_b{base}", op, w, [base + w * l for l in L])
            for k in (2, 3, 4, 8, 32):
                if 31 * w * k + w <= GLOB:
                    add(f"{op}{w}_stride{k}", op, w, [w * k * l for l in L])
            add(f"{op}{w}_same", op, w, [w * 7] * 32)
            for it in range(6):
                g = rng.choice([1, 2, 4, 8, 16, 32])
                pitch = rng.choice([32, 48, 64, 96, 128, 256, 4096]) // w * w
                pitch = max(pitch, g * w)
                phase = rng.randrange(0, 64 // w) * w if w < 64 else 0
                offs = [phase + (l // g) * pitch + (l % g) * w for l in L]
                if max(offs) + w <= GLOB:
                    add(f"{op}{w}_rows{it}_g{g}_p{pitch}_o{phase}", op, w, offs)
            for it in range(3):
                perm = list(L)
                rng.shuffle(perm)
                add(f"{op}{w}_perm{it}", op, w, [w * perm[l] for l in L])
            for it in range(4):
                add(f"{op}{w}_rand{it}", op, w, [rng.randrange(GLOB // w) * w for _ in L])
            for it in range(4):
                mask = rng.getrandbits(32) | (1 << rng.randrange(32))
                g = rng.choice([4, 8, 32])
                offs = [(l // g) * 256 + (l % g) * w for l in L]
                add(f"{op}{w}_mask{it}", op, w, offs, mask)
    names = [p[0] for p in P]
    assert len(names) == len(set(names)), "duplicate names"
    for name, op, w, active, offs in P:
        print("\t".join([name, op, str(w), f"{active:08x}"] + [str(o) for o in offs]))


main()
