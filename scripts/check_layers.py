#!/usr/bin/env python3
"""Check that verify/'s folders include only the layers below them, and print the include graph.

verify/ is layered (ARCHITECTURE.md; one CMake library per folder in verify/CMakeLists.txt):

    report ──► search ──► checks ──► model ──► banks
       │          └─────► writers ──┘  │
       └────────► readers ─────────────┘   checks ──► layout ──► check

Each folder may include its own headers and those of the layers it links (transitively); an include of any
other verify/ layer, a layer above, is an error naming the file and line. `--graph` prints the folder-level
include graph as measured (edges with the number of includes), which ARCHITECTURE.md shows.

    scripts/check_layers.py            # exit 1 and each offending include, if any
    scripts/check_layers.py --graph    # the graph as measured
"""
import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Direct dependencies of each layer, as verify/CMakeLists.txt links them.
DEPENDS = {
    "check": [],
    "layout": ["check"],
    "banks": [],
    "model": ["banks"],
    "checks": ["model", "layout"],
    "writers": ["model"],
    "readers": ["model"],
    "search": ["checks", "writers"],
    "report": ["search", "readers"],
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"tvlab/verify/([a-z_]+)/')


def allowed(layer):
    out, todo = {layer}, list(DEPENDS[layer])
    while todo:
        d = todo.pop()
        if d not in out:
            out.add(d)
            todo += DEPENDS[d]
    return out


def layer_of(path, verify):
    rel = path.relative_to(verify).parts
    # verify/include/tvlab/verify/<layer>/x.hpp or verify/src/<layer>/...
    if rel[0] == "include":
        return rel[3] if len(rel) > 4 else None
    return rel[1] if rel[0] == "src" and len(rel) > 2 else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--graph", action="store_true", help="print the folder-level include graph")
    ap.add_argument("--verify", default=str(ROOT / "verify"), help="the verify/ folder (default: this tree's)")
    args = ap.parse_args()
    verify = Path(args.verify).resolve()
    errors, edges, unplaced = [], Counter(), []
    for path in sorted(verify.rglob("*")):
        if path.suffix not in {".hpp", ".cpp", ".h"}:
            continue
        layer = layer_of(path, verify)
        where = path.relative_to(verify.parent)
        if layer not in DEPENDS:
            unplaced.append(where)
            continue
        ok = allowed(layer)
        for n, line in enumerate(path.read_text().splitlines(), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            to = m.group(1)
            if to != layer:
                edges[(layer, to)] += 1
            if to not in ok:
                errors.append(f"{where}:{n}: {layer}/ includes {to}/, "
                              f"which is not below it ({layer} may include {', '.join(sorted(ok))})")
    for p in unplaced:
        errors.append(f"{p}: not in a layer folder ({', '.join(DEPENDS)})")
    if args.graph:
        for (a, b), k in sorted(edges.items()):
            print(f"{a:8} -> {b:8} {k:3} includes")
    for e in errors:
        print(e, file=sys.stderr)
    if not errors and not args.graph:
        print(f"verify/: {sum(edges.values())} includes between {len(DEPENDS)} layers, none running up")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
