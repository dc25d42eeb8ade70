#!/usr/bin/env python3
"""How cp.async (LDGSTS) splits into shared-memory wavefronts: hypotheses tested on every recorded pattern.

usage: analyze_cpasync.py [RECORDING.json] [--seed N] [--show CLASS] [--failures N]

--show CLASS ("one line", "two lines apart", "lines overlap"): the patterns of that kind H5 gets wrong.
--failures N: for each hypothesis, its first N wrong patterns (measured, predicted).

Reads tests/data/hw/banks_cpasync_h200.json (default; standard library only), splits its cp.async patterns
at random into a fit part and a held-out part (a pattern is held out when the 32-bit FNV-1a hash of
"SEED:name" is odd; default seed 32: the ctest verify.BanksH200.CpAsyncEveryRecording splits the same way),
and reports for each
hypothesis how many patterns it gets exactly right, on both halves, by copy width (4, 8, 16 bytes).
Then it checks the rule tvlab adopts (verify/src/banks/banks.cpp, docs/banks.md "cp.async"): exact where it
says exact, a lower bound (and the active lanes an upper bound) everywhere else. Exit status 1 if the adopted
rule is wrong on any pattern: a wrong exact count, or a measurement outside its bounds.

2026-11-29: two lines apart are exact only for 4/8-byte copies within one 1 KiB-aligned block
(analyze_cpasync_repeat.py: the determinism recordings showed the count depends on the absolute addresses).

Honest note: the hypotheses were explored on ALL recordings (2026-11-28) before this split was written into the
script; the held-out half is therefore not unseen data. The adopted rule has no fitted parameter.

Terms: a lane's source word position is (global byte address / 4) % 32, its place in its 128-byte line; its
banks are (shared byte address / 4) % 32 (one per 4 bytes it writes). A phase is a group of 128/bytes
consecutive lanes (32, 16 or 8), as for st.shared of the same width.
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = os.path.join(HERE, "..", "..", "tests", "data", "hw", "banks_cpasync_h200.json")


def load(path):
    doc = json.load(open(path))
    out = []
    for p in doc["patterns"]:
        if p["op"] != "cp.async":
            continue
        w = p["bytes"]
        lanes = p.get("active", list(range(32)))
        glob = p.get("global", [16 * l for l in range(32)])  # the probe's default source
        out.append(dict(name=p["name"], bytes=w, lanes=lanes, smem=p["addresses"], glob=glob,
                        measured=p["wavefronts"]))
    return doc, out


# ---- per-lane facts ----
def banks(p, l):
    a = p["smem"][l]
    return {(a // 4 + k) % 32 for k in range(p["bytes"] // 4)}


def smem_words(p, l):
    a = p["smem"][l]
    return [a // 4 + k for k in range(p["bytes"] // 4)]


def positions(p, l):
    g = p["glob"][l]
    return {(g // 4 + k) % 32 for k in range(p["bytes"] // 4)}


def line(p, l):
    return p["glob"][l] // 128


def phases(p):
    n = 128 // p["bytes"]
    return [ph for ph in ([l for l in p["lanes"] if s <= l < s + n] for s in range(0, 32, n)) if ph]


def by_line(p, lanes):
    g = collections.OrderedDict()
    for l in lanes:
        g.setdefault(line(p, l), []).append(l)
    return list(g.values())


# ---- building blocks ----
def first_fit(p, lanes, use_positions=True):
    """Lanes in lane order, each into the first wavefront where neither its banks nor (use_positions) its
    source word positions are taken. Returns the wavefronts (each a dict of taken banks and positions)."""
    waves = []
    for l in lanes:
        b, s = banks(p, l), positions(p, l) if use_positions else set()
        for w in waves:
            if not (w["b"] & b) and not (w["s"] & s):
                break
        else:
            w = {"b": set(), "s": set()}
            waves.append(w)
        w["b"] |= b
        w["s"] |= s
    return waves


def next_fit(p, lanes):
    """Lanes in lane order; a conflict with the current wavefront opens a new one."""
    waves = []
    for l in lanes:
        b, s = banks(p, l), positions(p, l)
        if not waves or waves[-1]["b"] & b or waves[-1]["s"] & s:
            waves.append({"b": set(), "s": set()})
        waves[-1]["b"] |= b
        waves[-1]["s"] |= s
    return waves


def lockstep(p, lanes, skew, order="lane"):
    """Each line's own first-fit wavefronts as a stream; every cycle the lines, in the order their first lanes
    come, emit their next wavefront if it fits (banks, positions) beside those already emitted this cycle;
    skew: a line starts no earlier than one cycle after the line before it."""
    groups = by_line(p, lanes)
    if order == "address":
        groups.sort(key=lambda ls: p["glob"][ls[0]])
    elif order == "shortest":
        groups.sort(key=lambda ls: len(first_fit(p, ls)))
    streams = [first_fit(p, ls) for ls in groups]
    idx = [0] * len(streams)
    start = [None] * len(streams)
    c = 0
    while any(i < len(s) for i, s in zip(idx, streams)):
        b, s = set(), set()
        for k, st in enumerate(streams):
            if idx[k] >= len(st):
                continue
            if idx[k] == 0 and k > 0 and (start[k - 1] is None or (skew and start[k - 1] >= c)):
                continue
            w = st[idx[k]]
            if b & w["b"] or s & w["s"]:
                continue
            b |= w["b"]
            s |= w["s"]
            if idx[k] == 0:
                start[k] = c
            idx[k] += 1
        c += 1
    return c


def phase_lower_bound(p, ph):
    """Valid for any sources (checked on every recording): the most distinct words one bank holds, the most
    lanes reading one source word position, the active bytes / 128."""
    words, pos = collections.defaultdict(set), collections.Counter()
    for l in ph:
        for w in smem_words(p, l):
            words[w % 32].add(w)
        for s in positions(p, l):
            pos[s] += 1
    return max(max(len(v) for v in words.values()), max(pos.values()), -(-len(ph) * p["bytes"] // 128))


def phase_kind(p, ph):
    """'one line', 'two lines apart' (disjoint source word positions: any lane-linear run), or 'lines overlap'
    (two or more lines sharing a source word position, or three or more lines)."""
    g = by_line(p, ph)
    if len(g) == 1:
        return "one line"
    if len(g) == 2:
        a, b = (set().union(*(positions(p, l) for l in ls)) for ls in g)
        if not a & b:
            return "two lines apart"
    return "lines overlap"


# ---- the adopted rule (verify/src/banks/banks.cpp) ----
def two_lines_settled(p, ph):
    """Two lines apart are a count only for 4- and 8-byte copies whose two lines lie in one 1 KiB-aligned block
    (hw/banks/analyze_cpasync_repeat.py: across a 1 KiB boundary, and for 16-byte copies, the H200 measured
    first-fit or more depending on the lines' absolute addresses)."""
    ls = sorted({line(p, l) for l in ph})
    return p["bytes"] < 16 and ls[0] // 8 == ls[-1] // 8


def stacked(p, ph, any_width=False):
    """Stacked lines (2026-11-29): 16-byte copies whose phase reads two or more lines that each hold the same
    source word positions, one lane a position, the line's lanes on distinct banks: one wavefront a line.
    any_width: the same for 4- and 8-byte copies (a mutation control: the H200 measured more there)."""
    g = by_line(p, ph)
    if len(g) < 2 or (p["bytes"] < 16 and not any_width):
        return False
    first = None
    for ls in g:
        pos, bks = [], []
        for l in ls:
            pos += sorted(positions(p, l))
            bks += sorted(banks(p, l))
        if len(set(pos)) != len(pos) or len(set(bks)) != len(bks):
            return False
        if first is None:
            first = set(pos)
        elif set(pos) != first:
            return False
    return True


def adopted(p, two_lines_anywhere=False, stacked_any_width=False):
    """(wavefronts, exact). Phases add up. A phase whose lanes read one line, or two lines with disjoint source
    word positions (settled: two_lines_settled): first-fit by banks and source positions, exact; unsettled two
    lines: first-fit as a lower bound. Otherwise a lower bound, exact only when it equals the phase's active
    lanes (one lane a wavefront is the most a phase can take). two_lines_anywhere: the rule before 2026-11-29
    (every two-lines-apart phase exact), kept as a mutation control."""
    total, exact = 0, True
    for ph in phases(p):
        kind = phase_kind(p, ph)
        if kind == "lines overlap" and stacked(p, ph, stacked_any_width):
            total += len(by_line(p, ph))
            continue
        if kind != "lines overlap":
            n = len(first_fit(p, ph))
            total += n
            if kind == "two lines apart" and not two_lines_anywhere and not two_lines_settled(p, ph):
                exact = exact and n == len(ph)
        else:
            lb = phase_lower_bound(p, ph)
            total += lb
            exact = exact and lb == len(ph)
    return total, exact


HYPOTHESES = [
    ("H1 whole warp, first-fit by banks and source positions", lambda p: len(first_fit(p, p["lanes"]))),
    ("H2 whole warp, first-fit by banks only", lambda p: len(first_fit(p, p["lanes"], False))),
    ("H3 each 128-byte line alone (first-fit), lines add up",
     lambda p: sum(len(first_fit(p, ls)) for ls in by_line(p, p["lanes"]))),
    ("H4 each 32-byte sector alone (first-fit), sectors add up",
     lambda p: sum(len(first_fit(p, ls)) for ls in by_sector(p, p["lanes"]))),
    ("H5 phases add up; in a phase first-fit by banks and positions",
     lambda p: sum(len(first_fit(p, ph)) for ph in phases(p))),
    ("H6 phases add up; in a phase each line alone", lambda p: sum(
        len(first_fit(p, ls)) for ph in phases(p) for ls in by_line(p, ph))),
    ("H7 phases add up; in a phase next-fit (lane order, no going back)",
     lambda p: sum(len(next_fit(p, ph)) for ph in phases(p))),
    ("H8 phases add up; lines' first-fit streams in lockstep", lambda p: sum(lockstep(p, ph, 0) for ph in phases(p))),
    ("H9 phases add up; lines' streams in lockstep, one cycle apart",
     lambda p: sum(lockstep(p, ph, 1) for ph in phases(p))),
    ("H10 as H8, lines in address order", lambda p: sum(lockstep(p, ph, 0, "address") for ph in phases(p))),
    ("H11 as H8, the line with the fewest wavefronts first",
     lambda p: sum(lockstep(p, ph, 0, "shortest") for ph in phases(p))),
]


def fnv1a(text):
    h = 0x811C9DC5
    for c in text.encode():
        h = ((h ^ c) * 0x01000193) & 0xFFFFFFFF
    return h


def by_sector(p, lanes):
    g = collections.OrderedDict()
    for l in lanes:
        g.setdefault(p["glob"][l] // 32, []).append(l)
    return list(g.values())


def main():
    args = sys.argv[1:]
    seed, show, failures = 32, None, 0
    if "--failures" in args:
        i = args.index("--failures")
        failures = int(args[i + 1])
        del args[i:i + 2]
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    if "--show" in args:
        i = args.index("--show")
        show = args[i + 1]
        del args[i:i + 2]
    path = args[0] if args else DEFAULT
    doc, pats = load(path)
    held = {p["name"] for p in pats if fnv1a(f"{seed}:{p['name']}") % 2 == 1}
    parts = {"fit": [p for p in pats if p["name"] not in held], "held-out": [p for p in pats if p["name"] in held]}
    print(f"{path}: {doc.get('gpu')} driver {doc.get('driver')} {doc.get('date')}; {len(pats)} cp.async patterns, "
          f"split by FNV-1a of '{seed}:name': fit {len(parts['fit'])}, held-out {len(parts['held-out'])}")
    print("\nexact agreement of each hypothesis (fit | held-out; by width 4/8/16 bytes on all; on the patterns with a"
          " phase whose lines share source positions):")
    overlap = [p for p in pats if any(phase_kind(p, ph) == "lines overlap" for ph in phases(p))]
    for label, f in HYPOTHESES:
        ok = {k: sum(f(p) == p["measured"] for p in v) for k, v in parts.items()}
        ov = sum(f(p) == p["measured"] for p in overlap)
        byw = collections.Counter(p["bytes"] for p in pats if f(p) == p["measured"])
        tot = collections.Counter(p["bytes"] for p in pats)
        print(f"  {label:70s} {ok['fit']:4d}/{len(parts['fit'])} | {ok['held-out']:4d}/{len(parts['held-out'])}"
              f"   " + " ".join(f"{w}B {byw[w]}/{tot[w]}" for w in (4, 8, 16)) + f"   overlap {ov}/{len(overlap)}")
        if failures:
            wrong = [(p["name"], p["measured"], f(p)) for p in pats if f(p) != p["measured"]]
            for name, m, v in wrong[:failures]:
                print(f"      {name}: measured {m}, predicted {v}")

    print("\nby phase kind (a pattern's kind: its worst phase): H5 exact / patterns")
    order = ["one line", "two lines apart", "lines overlap"]
    kinds = collections.defaultdict(list)
    for p in pats:
        kinds[max((phase_kind(p, ph) for ph in phases(p)), key=order.index)].append(p)
    h5 = HYPOTHESES[4][1]
    for k in order:
        v = kinds[k]
        print(f"  {k:16s} {sum(h5(p) == p['measured'] for p in v):4d}/{len(v):4d}   widths "
              + " ".join(f"{w}B {sum(p['bytes'] == w for p in v)}" for w in (4, 8, 16)))
        if show and show == k:
            for p in v:
                if h5(p) != p["measured"]:
                    print(f"      {p['name']}: measured {p['measured']}, H5 {h5(p)}")

    print("\nthe adopted rule:")
    bad = 0
    for part, v in parts.items():
        c = collections.Counter()
        for p in v:
            n, exact = adopted(p)
            m = p["measured"]
            if exact:
                c["exact, right" if n == m else "EXACT BUT WRONG"] += 1
            else:
                c["bound, equal" if n == m else "bound, below" if n < m else "BOUND VIOLATED"] += 1
            if m > sum(len(ph) for ph in phases(p)):
                c["UPPER BOUND VIOLATED"] += 1
            if (exact and n != m) or n > m or m > sum(len(ph) for ph in phases(p)):
                bad += 1
                print(f"  WRONG {p['name']}: measured {m}, rule {n} ({'exact' if exact else 'bound'})")
        print(f"  {part:9s} {len(v):4d} patterns: " + ", ".join(f"{k} {c[k]}" for k in sorted(c)))
    print("\nwhy 'lines overlap' stays a bound: the same structure measures differently, e.g.")
    for a, b in (("tile_w4_9_rm35x64p68_t16x2nd24_mirrorT", "tile_w4_79_cm8x21p8sw113_t2x16nd21_mirror"),
                 ("tile_w4_17_rm7x22p22_t2x16md11_mirror", "tile_w4_109_rm2x64p66_t2x16md11_mirror")):
        pa = next((p for p in pats if p["name"] == a), None)
        pb = next((p for p in pats if p["name"] == b), None)
        if pa and pb:
            print(f"  {a}: measured {pa['measured']}, each line alone {HYPOTHESES[5][1](pa)};"
                  f" {b}: measured {pb['measured']}, each line alone {HYPOTHESES[5][1](pb)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
