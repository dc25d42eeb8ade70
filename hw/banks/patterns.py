#!/usr/bin/env python3
"""Writes the bank probe's pattern table (tab separated, one pattern a line) to stdout.

Each pattern is one warp-wide shared-memory instruction: name, op, bytes per lane, active-lane mask
(hex) and 32 per-lane byte addresses. For ldmatrix/stmatrix only lanes 0..8*count-1 give row
addresses; the others are written as 0 here and recorded as null (the hardware ignores them).
Tiles are in 16-bit elements (half_t); swizzles are CuTe's Swizzle<B,M,S> on element offsets.
"""
import random

P = []
FULL = 0xFFFFFFFF


def add(name, op, nbytes, addrs, active=FULL):
    assert len(addrs) == 32, name
    for lane, a in enumerate(addrs):
        assert a >= 0 and a % nbytes == 0 and a + nbytes <= 48 * 1024, (name, lane, a)
    P.append((name, op, nbytes, active, addrs))


def swz(off, b, m, s):
    return off ^ ((off >> s) & (((1 << b) - 1) << m))


L = range(32)

# ---- ld.shared / st.shared, every width, strides in units of the access width ----
for s in range(1, 34):
    add(f"ld32_stride{s}", "ld", 4, [l * s * 4 for l in L])
for s in list(range(1, 10)) + [16, 17, 32, 33]:
    add(f"ld64_stride{s}", "ld", 8, [l * s * 8 for l in L])
for s in list(range(1, 10)) + [16, 17, 32, 33]:
    add(f"ld128_stride{s}", "ld", 16, [l * s * 16 for l in L])
for s in [1, 2, 3, 4, 8, 16, 17, 32, 33]:
    add(f"st32_stride{s}", "st", 4, [l * s * 4 for l in L])
for s in [1, 2, 3, 4, 8, 9, 16, 17]:
    add(f"st64_stride{s}", "st", 8, [l * s * 8 for l in L])
for s in [1, 2, 3, 4, 8, 9, 16, 17]:
    add(f"st128_stride{s}", "st", 16, [l * s * 16 for l in L])

# ---- broadcast and same-word reads ----
for w in (4, 8, 16):
    add(f"ld{w*8}_broadcast_all", "ld", w, [0] * 32)
    add(f"st{w*8}_same_address_all", "st", w, [0] * 32)
add("ld32_pairs_share_word", "ld", 4, [(l // 2) * 4 for l in L])
add("ld32_quads_share_word", "ld", 4, [(l // 4) * 4 for l in L])
add("ld32_halves_share_word", "ld", 4, [(l % 16) * 4 for l in L])
add("ld32_eight_words", "ld", 4, [(l % 8) * 4 for l in L])
add("ld32_two_words_same_bank", "ld", 4, [(l % 2) * 128 for l in L])
add("ld32_half_broadcast_half_stride32", "ld", 4, [0 if l < 16 else (l - 16) * 128 for l in L])
add("ld32_upper_half_other_row", "ld", 4, [l * 4 if l < 16 else (l - 16) * 4 + 128 for l in L])
add("ld32_reversed", "ld", 4, [(31 - l) * 4 for l in L])
add("ld32_bank_pairs_distinct_words", "ld", 4, [(l // 2) * 4 + (l % 2) * 128 for l in L])
# 64-bit: lane i and i+16 (the other half-warp) vs neighbouring lanes share 8 bytes
add("ld64_halves_share_dword", "ld", 8, [(l % 16) * 8 for l in L])
add("ld64_pairs_share_dword", "ld", 8, [(l // 2) * 8 for l in L])
add("ld64_eight_dwords", "ld", 8, [(l % 8) * 8 for l in L])
add("ld64_each_half_own_row", "ld", 8, [(l % 16) * 8 + (l // 16) * 256 for l in L])
add("ld64_lane_i_i8_share", "ld", 8, [(l % 8) * 8 + (l // 16) * 64 for l in L])
add("ld64_halves_same_banks_other_row", "ld", 8, [(l % 16) * 8 + (l // 16) * 128 for l in L])
add("ld64_interleaved_halves", "ld", 8, [(l % 2) * 128 + (l // 2) * 8 for l in L])
# 128-bit: phases of 8 lanes?  lane i and i+8 vs neighbouring lanes share 16 bytes
add("ld128_quarters_share", "ld", 16, [(l % 8) * 16 for l in L])
add("ld128_pairs_share", "ld", 16, [(l // 2) * 16 for l in L])
add("ld128_halves_share", "ld", 16, [(l % 16) * 16 for l in L])
add("ld128_i_i4_share", "ld", 16, [((l % 4) + (l // 8) * 4) * 16 for l in L])
add("ld128_quarter_permuted", "ld", 16, [(((l % 8) * 3) % 8 + (l // 8) * 8) * 16 for l in L])
add("ld128_interleaved_quarters", "ld", 16, [((l % 4) * 8 + l // 4) * 16 for l in L])
add("ld128_lanes_0_8_16_24_same_bank", "ld", 16, [(l % 8) * 16 + (l // 8) * 128 for l in L])
add("st64_halves_same_banks_other_row", "st", 8, [(l % 16) * 8 + (l // 16) * 128 for l in L])
add("st128_interleaved_quarters", "st", 16, [((l % 4) * 8 + l // 4) * 16 for l in L])
add("st32_bank_pairs_distinct_words", "st", 4, [(l // 2) * 4 + (l % 2) * 128 for l in L])

# ---- sharing structure of 64- and 128-bit accesses (which lanes read the same bytes) ----
for w in (8, 16):
    for k in (2, 4, 8, 16):
        add(f"ld{w*8}_mod{k}", "ld", w, [(l % k) * w for l in L])          # lanes i, i+k, ... share
        add(f"ld{w*8}_div{k}", "ld", w, [(l // k) * w for l in L])         # k neighbours share
        add(f"ld{w*8}_xor{k}", "ld", w, [(l ^ k) * w for l in L])          # a permutation, all distinct
        add(f"ld{w*8}_mod{k}_rows", "ld", w, [(l % k) * w + (l // k) * 256 for l in L])  # distinct, same banks
    add(f"ld{w*8}_two_addresses_same_bank", "ld", w, [(l % 2) * 256 for l in L])
    add(f"ld{w*8}_two_addresses_other_banks", "ld", w, [(l % 2) * w for l in L])
    add(f"ld{w*8}_halves_broadcast_distinct", "ld", w, [(l // 16) * 256 for l in L])
    add(f"st{w*8}_div2", "st", w, [(l // 2) * w for l in L])
    add(f"st{w*8}_mod8", "st", w, [(l % 8) * w for l in L])
# few distinct addresses shared by many lanes: how phases of 64/128-bit accesses merge
for w in (8, 16):
    for k in (3, 5, 6, 7):
        add(f"ld{w*8}_mod{k}", "ld", w, [(l % k) * w for l in L])
    for k in (3, 4):
        add(f"ld{w*8}_mod{k}_same_bank", "ld", w, [(l % k) * 256 for l in L])
    for g in (2, 4, 8):
        add(f"ld{w*8}_alternate_every{g}", "ld", w, [((l // g) % 2) * w for l in L])
        add(f"ld{w*8}_alternate_every{g}_same_bank", "ld", w, [((l // g) % 2) * 256 for l in L])
    add(f"ld{w*8}_even_broadcast_odd_distinct", "ld", w, [0 if l % 2 == 0 else l * w for l in L])
    add(f"ld{w*8}_mod2_upper_half_shifted", "ld", w, [(l % 2) * w + (l // 16) * 2 * w for l in L])
    add(f"st{w*8}_mod2", "st", w, [(l % 2) * w for l in L])
add("ld32_mod2_rows", "ld", 4, [(l % 2) * 4 + (l // 2) * 128 for l in L])
add("ld32_div2_rows", "ld", 4, [(l // 16) * 4 + (l % 16) * 128 for l in L])
add("st32_pairs_same_word", "st", 4, [(l // 2) * 4 for l in L])

# ---- random ----
rng = random.Random(14)
for w in (4, 8, 16):
    for k in range(2):
        add(f"ld{w*8}_random{k}", "ld", w, [rng.randrange(0, 4096 // w) * w for _ in L])
    words = rng.sample(range(4096 // w), 32)
    add(f"st{w*8}_random_distinct", "st", w, [x * w for x in words])

# ---- tiles of half_t: row-major, padded, swizzled; 16-byte reads of 8 halves ----
TILES = [
    ("rm64", 64, None),         # rows of 64 halves (128 B)
    ("rm32", 32, None),         # rows of 32 halves (64 B)
    ("rm16", 16, None),
    ("rm8", 8, None),           # dense: 16 B rows
    ("pad72", 72, None),        # 64 + 8 halves of padding
    ("pad40", 40, None),
    ("sw333_rm64", 64, (3, 3, 3)),
    ("sw233_rm32", 32, (2, 3, 3)),
    ("sw133_rm16", 16, (1, 3, 3)),
]


def tile_addr(tile, r, c):
    _, row, sw = tile
    off = r * row + c
    if sw:
        off = swz(off, *sw)
    return off * 2


def rows_for(count, lane):
    """(row, col) of the 8x8 matrix row that lane gives for ldmatrix/stmatrix .x<count>
    (the SM80 A-operand arrangement for x4: rows 0..15, k blocks 0 and 8)."""
    if count == 4:
        return lane % 16, (lane // 16) * 8
    return lane, 0


for t in TILES:
    add(f"ld128_{t[0]}_8rows_x4cols", "ld", 16, [tile_addr(t, l % 8, (l // 8) * 8) for l in L])
    add(f"ld128_{t[0]}_32rows", "ld", 16, [tile_addr(t, l, 0) for l in L])
    for count in (1, 2, 4):
        for trans in ("", ".trans"):
            for kind in ("ldmatrix", "stmatrix"):
                addrs = [tile_addr(t, *rows_for(count, l)) if l < 8 * count else 0 for l in L]
                add(f"{kind}.x{count}{trans}_{t[0]}", f"{kind}.x{count}{trans}", 16, addrs)
# k block 1 (cols 16..31) of the swizzled tiles, and an x4 arranged as four 8-row blocks
for t in (TILES[6], TILES[7]):
    add(f"ldmatrix.x4_{t[0]}_kblock1", "ldmatrix.x4", 16, [tile_addr(t, l % 16, 16 + (l // 16) * 8) for l in L])
    add(f"stmatrix.x4_{t[0]}_kblock1", "stmatrix.x4", 16, [tile_addr(t, l % 16, 16 + (l // 16) * 8) for l in L])
for t in (TILES[0], TILES[6]):
    add(f"ldmatrix.x4_{t[0]}_32rows", "ldmatrix.x4", 16, [tile_addr(t, l, 0) for l in L])
    add(f"ldmatrix.x4_{t[0]}_8rows_4kblocks", "ldmatrix.x4", 16, [tile_addr(t, l % 8, (l // 8) * 8) for l in L])
    add(f"stmatrix.x4_{t[0]}_8rows_4kblocks", "stmatrix.x4", 16, [tile_addr(t, l % 8, (l // 8) * 8) for l in L])
add("ldmatrix.x4_all_same_row", "ldmatrix.x4", 16, [0] * 32)
add("ldmatrix.x4_matrices_share_rows", "ldmatrix.x4", 16, [(l % 8) * 16 for l in L])

# ---- cp.async, every width ----
for w in (4, 8, 16):
    ops = ["cp.async.ca"] + (["cp.async.cg"] if w == 16 else [])
    for op in ops:
        for s in (1, 2, 8, 32 // (w // 4) if w < 16 else 9):
            add(f"{op}{w*8}_stride{s}", op, w, [l * s * w for l in L])
        add(f"{op}{w*8}_half_active", op, w, [l * w for l in L], 0x0000FFFF)
for t in (TILES[0], TILES[6]):
    add(f"cp.async.cg128_{t[0]}_8rows_x4cols", "cp.async.cg", 16, [tile_addr(t, l % 8, (l // 8) * 8) for l in L])

# ---- partial warps ----
add("ld32_stride1_lanes0_15", "ld", 4, [l * 4 for l in L], 0x0000FFFF)
add("ld32_stride32_even_lanes", "ld", 4, [l * 128 for l in L], 0x55555555)
add("ld32_stride32_lane0_only", "ld", 4, [l * 128 for l in L], 0x00000001)
add("ld32_stride32_lanes16_31", "ld", 4, [l * 128 for l in L], 0xFFFF0000)
add("ld64_stride1_lanes0_15", "ld", 8, [l * 8 for l in L], 0x0000FFFF)
add("ld64_stride1_odd_lanes", "ld", 8, [l * 8 for l in L], 0xAAAAAAAA)
add("ld128_stride1_lanes0_7", "ld", 16, [l * 16 for l in L], 0x000000FF)
add("ld128_stride1_lanes_0_8_16_24", "ld", 16, [l * 16 for l in L], 0x01010101)
add("ld128_stride8_lanes_0_8_16_24", "ld", 16, [l * 128 for l in L], 0x01010101)
add("ld128_stride1_lanes24_31", "ld", 16, [l * 16 for l in L], 0xFF000000)
add("st32_stride32_lanes0_15", "st", 4, [l * 128 for l in L], 0x0000FFFF)
add("st128_stride1_lanes0_7", "st", 16, [l * 16 for l in L], 0x000000FF)
add("st64_stride1_odd_lanes", "st", 8, [l * 8 for l in L], 0xAAAAAAAA)

names = [p[0] for p in P]
assert len(names) == len(set(names)), "duplicate pattern names"
for name, op, nbytes, active, addrs in P:
    print("\t".join([name, op, str(nbytes), f"{active:08x}"] + [str(a) for a in addrs]))
