#!/usr/bin/env python3
"""`tvlab render SPEC --view banks --operand X --copy g2s` against `tvlab verify --format json SPEC`, for every
spec in tests/data/specs with a g2s copy (a banks.X.g2s check):

- the picture's phases add up to its instruction's count, "at least" on the instruction exactly when some
  phase is a lower bound (and then each such phase gives its reason);
- its per-instruction counts (issue order) add up to its copy total, and both (and the instruction count) are
  banks.X.g2s's data.wavefronts / data.instructions; the copy is "at least" exactly when verify says unknown;
  ideal and conflicts equal verify's where exact;
- the drawn instruction is verify's witness (data.worst) where verify names one, with its wavefronts;
- the global panel holds as many distinct sectors as the caption counts for the instruction, and the copy's
  sector line is gmem.X.g2s's own figure (its summary's words, its requests).

Usage: banks_g2s_crosscheck.py TVLAB ROOT TMPDIR; exit 1 naming every disagreement.
"""
import glob
import json
import os
import re
import subprocess
import sys

tvlab, root, tmp = sys.argv[1:4]
fails = []
checked = 0


def fail(spec, x, why):
    fails.append(f"{os.path.basename(spec)} {x}: {why}")


for spec in sorted(glob.glob(os.path.join(root, "tests/data/specs/*.json"))):
    rep = subprocess.run([tvlab, "verify", "--format", "json", spec], capture_output=True, text=True)
    try:
        checks = {c["code"]: c for s in json.loads(rep.stdout)["specs"] for c in s["checks"]}
    except (ValueError, KeyError):
        continue  # a spec verify refuses (exit 2): nothing to draw either
    for code, chk in checks.items():
        m = re.fullmatch(r"banks\.([ABCD])\.g2s", code)
        if not m or "wavefronts" not in chk.get("data", {}):
            continue
        x, data = m.group(1), chk["data"]
        out = os.path.join(tmp, "xc.txt")
        r = subprocess.run([tvlab, "render", spec, "--view", "banks", "--operand", x, "--copy", "g2s", "-o", out],
                           capture_output=True, text=True)
        if r.returncode != 0:
            fail(spec, x, "render exit %d: %s" % (r.returncode, r.stderr.strip()))
            continue
        checked += 1
        lines = open(out).read().splitlines()
        title = lines[3]
        t = re.fullmatch(r"wavefronts (\d+) \(ideal (\d+)\), (\d+) bank conflicts.*", title)
        b = re.match(r"at least (\d+) wavefronts? \(a lower bound; ideal and bank conflicts unknown\): not modeled: .+",
                     title)
        if not t and not b:
            fail(spec, x, "no instruction count in the title: " + title)
            continue
        inst = int((t or b).group(1))
        phases = [re.match(r"phase (\d+): lanes [0-9, -]+, (at least )?(\d+) wavefronts?(.*)", l) for l in lines]
        phases = [p for p in phases if p]
        if sum(int(p.group(3)) for p in phases) != inst:
            fail(spec, x, "phases %s do not add up to the instruction's %d" % ([p.group(3) for p in phases], inst))
        bounded = [p for p in phases if p.group(2)]
        if bool(bounded) != bool(b):
            fail(spec, x, "instruction %s but %d bound phases" % ("bounded" if b else "exact", len(bounded)))
        if any("; a lower bound: " not in p.group(4) for p in bounded):
            fail(spec, x, "a bound phase without its reason")
        if any("a lower bound" in p.group(4) for p in phases if not p.group(2)):
            fail(spec, x, "an exact phase called a bound")
        total = [l for l in lines if l.startswith("g2s (banks.%s.g2s): " % x)]
        if len(total) != 1:
            fail(spec, x, "no copy total line")
            continue
        c = re.fullmatch(r"g2s \(banks\.\w\.g2s\): (\d+) cp\.async instructions?, (at least )?(\d+) wavefronts"
                         r"(?: \(a lower bound; ideal and bank conflicts unknown\)|, ideal (\d+)(?: \(conflict-free\)"
                         r"|: (\d+) bank conflicts)(, where rows start 128-byte aligned \(base, leading dimension\))?);"
                         r" in issue order ((?:>=)?\d+(?: (?:>=)?\d+)*)", total[0])
        if not c:
            fail(spec, x, "copy total unreadable: " + total[0])
            continue
        each = c.group(7).split()
        if bool(c.group(6)) != bool(data.get("assumes_aligned_rows")):
            fail(spec, x, "picture %s the aligned-rows assumption, verify %s" %
                 ("states" if c.group(6) else "omits", data.get("assumes_aligned_rows")))
        n, copy_total = int(c.group(1)), int(c.group(3))
        if sum(int(e.lstrip(">=")) for e in each) != copy_total or len(each) != n:
            fail(spec, x, "the instructions %s do not add up to %d over %d" % (each, copy_total, n))
        if copy_total != data["wavefronts"] or n != data["instructions"]:
            fail(spec, x, "picture %d over %d, verify %d over %d" % (copy_total, n, data["wavefronts"],
                                                                     data["instructions"]))
        if bool(c.group(2)) != (chk["verdict"] == "unknown"):
            fail(spec, x, "picture %s, verify %s" % ("at least" if c.group(2) else "exact", chk["verdict"]))
        if not c.group(2) and int(c.group(4)) != data["ideal_wavefronts"]:
            fail(spec, x, "ideal %s, verify %d" % (c.group(4), data["ideal_wavefronts"]))
        if str(inst) not in [e.lstrip(">=") for e in each]:
            fail(spec, x, "the drawn instruction's %d is none of the copy's %s" % (inst, each))
        w = data.get("worst")
        if w and ("warp %d, instruction %d (repeat %d)" % (w["warp"], w["instruction"], w["repeat"]) not in lines[2]
                  or w["wavefronts"] != inst):
            fail(spec, x, "verify's witness %s, the picture %s: %d" % (w, lines[2], inst))
        # The global side.
        g = checks.get("gmem.%s.g2s" % x, {})
        sec = g.get("data", {}).get("sectors")
        cap = [re.match(r"global \(([\w.]+)\), this instruction: (\d+) requests?, (\d+) sectors? of 32 bytes", l)
               for l in lines]
        cap = [m for m in cap if m]
        if not sec:
            if cap or not any(l.startswith("global side not drawn: ") for l in lines):
                fail(spec, x, "gmem.%s.g2s has no figure, the picture %s" % (x, "draws one" if cap else "says nothing"))
            continue
        if len(cap) != 1 or cap[0].group(1) != sec["op"]:
            fail(spec, x, "the sector caption %s, gmem %s" % ([m.group(0) for m in cap], sec["op"]))
            continue
        labels = set(re.findall(r"\bs(\d+)\b", "\n".join(l for l in lines if l.startswith(" ") or l[:1].isdigit())))
        if len(labels) != int(cap[0].group(3)):
            fail(spec, x, "%d sector labels in the panel, the caption %s" % (len(labels), cap[0].group(3)))
        whole = [l for l in lines if l.startswith("the whole g2s copy, one k-tile (gmem.%s.g2s): " % x)]
        want = "%d requests; %s" % (sec["requests"], g["summary"].split("; ", 1)[1])
        if len(whole) != 1 or not whole[0].endswith(want):
            fail(spec, x, "copy sectors %s, gmem %s" % (whole, want))

for f in fails:
    print("FAIL " + f)
print("banks g2s cross-check: %d copies, %d disagreements" % (checked, len(fails)))
sys.exit(1 if fails or checked < 20 else 0)
