#!/usr/bin/env python3
"""Snapshot every output of tvlab's model commands, and compare two snapshots byte for byte.

A refactor that should change no output (a new reader, the model reorganised, a faster search) is checked
by two snapshots, one from the build before and one from the build after:

    scripts/outputs.py snapshot --tvlab OLD/build/cli/tvlab /tmp/before
    scripts/outputs.py snapshot --tvlab build/cli/tvlab /tmp/after
    scripts/outputs.py compare /tmp/before /tmp/after          # exit 1 and the first differences if any

The snapshot runs, over every spec (JSON), C++ configuration and CuTe print() file under tests/data,
gallery/ and the spec and C++ fuzz corpora: `plan`, `plan --json`, `plan --thread 0`, `verify` (text, JSON,
JUnit), `explore` (the page); and a fixed list of `search` requests (table, --json, --space, --emit cpp and
json, --with). Each output file holds the command's stdout, its stderr and its exit code, so an error message
or an exit code that changes is a difference too. Commands run from the repository root with relative
paths, so two snapshots of one tree compare equal.
"""
import argparse
import concurrent.futures
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CPP_SUFFIXES = {".hpp", ".h", ".cpp", ".cu", ".cuh", ".cc", ".cxx", ".hh"}

# Search requests: the help's examples and the rows the tests emit, each in the forms a user prints.
SEARCHES = [
    ["sm80", "--types", "tfloat32_t", "--layout", "NT", "--tile", "128x128x16", "--threads", "128",
     "--only", "mma.warps=(2,2,1):(2,1,1)", "--with", "tests/data/specs/cutlass_sm80_tf32_nt_128x128x16.json"],
    ["sm80", "--types", "tfloat32_t", "--layout", "NT", "--tile", "64x64x16", "--threads", "128",
     "--only", "mma.warps=(2,2,1):(2,1,1)", "--emit", "cpp", "--row", "1"],
    ["sm80", "--types", "tfloat32_t", "--layout", "NT", "--tile", "64x64x16", "--threads", "128",
     "--only", "mma.warps=(2,2,1):(2,1,1)", "--emit", "json", "--row", "2"],
    ["sm80", "--types", "half_t", "--tile", "128x128x32", "--threads", "128", "--space"],
    ["sm80", "--types", "half_t", "--tile", "64x64x32", "--threads", "128", "--top", "5", "--json"],
    ["sm80", "--types", "half_t", "--layout", "TN", "--tile", "128x128x32", "--threads", "128",
     "--with", "tests/data/cpp/cutlass_sm80_f16_tn.hpp"],
    ["sm80", "--types", "int8_t", "--tile", "64x64x64", "--threads", "128", "--top", "3"],
    ["xe", "--types", "bfloat16_t,int8_t", "--layout", "TT", "--tile", "256x256x32", "--threads", "32"],
    ["xe", "--types", "bfloat16_t", "--tile", "256x256x32", "--threads", "32", "--emit", "cpp", "--row", "1"],
    ["xe", "--types", "bfloat16_t", "--tile", "256x256x32", "--threads", "32", "--emit", "json", "--row", "1"],
    ["sm80", "--types", "half_t", "--tile", "128x128x32", "--threads", "96"],
]


def inputs():
    """Every input file a model command reads, repository-relative, sorted."""
    found = []
    for top in ["tests/data", "gallery", "fuzz/corpus/spec", "fuzz/corpus/cpp_config"]:
        for p in sorted((ROOT / top).rglob("*")):
            if not p.is_file():
                continue
            rel = p.relative_to(ROOT).as_posix()
            if p.suffix in {".svg", ".png", ".pdf", ".tsv", ".md", ".html"} or rel.startswith("tests/data/hw/"):
                continue
            if p.stat().st_size > 1 << 20:
                continue
            found.append(rel)
    return found


def commands(tvlab, files, page_dir):
    """(name, argv) of each command of the snapshot."""
    out = []
    for f in files:
        key = f.replace("/", "__")
        out += [
            (f"{key}.plan", [tvlab, "plan", f]),
            (f"{key}.plan_json", [tvlab, "plan", "--json", f]),
            (f"{key}.plan_thread0", [tvlab, "plan", "--thread", "0", f]),
            (f"{key}.verify", [tvlab, "verify", f]),
            (f"{key}.verify_json", [tvlab, "verify", "--format", "json", f]),
            (f"{key}.verify_junit", [tvlab, "verify", "--format", "junit", f]),
            (f"{key}.explore", [tvlab, "explore", f, "-o", os.path.join(page_dir, key + ".html")]),
        ]
    for i, args in enumerate(SEARCHES):
        out.append((f"search_{i:02d}", [tvlab, "search", "--no-progress", *args]))
    return out


def run_one(name, argv, dest, page_dir):
    try:
        r = subprocess.run(argv, cwd=ROOT, capture_output=True, timeout=600, stdin=subprocess.DEVNULL)
        body = r.stdout + b"\n--- stderr ---\n" + r.stderr + f"\n--- exit {r.returncode} ---\n".encode()
    except subprocess.TimeoutExpired:
        body = b"--- timeout after 600 s ---\n"
    page = Path(page_dir) / (name[: -len(".explore")] + ".html") if name.endswith(".explore") else None
    if page and page.exists():
        body += b"--- page ---\n" + page.read_bytes()
        page.unlink()
    (Path(dest) / name).write_bytes(body)


def snapshot(args):
    tvlab = str(Path(args.tvlab).resolve())
    dest = Path(args.dir)
    dest.mkdir(parents=True, exist_ok=True)
    files = inputs()
    with tempfile.TemporaryDirectory() as page_dir:
        cmds = commands(tvlab, files, page_dir)
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(run_one, n, a, dest, page_dir) for n, a in cmds]
            for i, fut in enumerate(concurrent.futures.as_completed(futures), 1):
                fut.result()
                if i % 200 == 0 or i == len(futures):
                    print(f"{i}/{len(futures)}", file=sys.stderr, flush=True)
    print(f"{len(cmds)} outputs of {len(files)} inputs and {len(SEARCHES)} searches in {dest}")
    return 0


def digest(p):
    return hashlib.sha256(p.read_bytes()).hexdigest()


def compare(args):
    a, b = Path(args.before), Path(args.after)
    names_a = {p.name for p in a.iterdir()}
    names_b = {p.name for p in b.iterdir()}
    only = sorted(names_a ^ names_b)
    differ = sorted(n for n in names_a & names_b if digest(a / n) != digest(b / n))
    for n in only:
        print(f"only in {'before' if n in names_a else 'after'}: {n}")
    for n in differ[: args.show]:
        print(f"differs: {n}")
        subprocess.run(["diff", "-u", str(a / n), str(b / n)], stdout=sys.stdout)
    if len(differ) > args.show:
        print(f"... and {len(differ) - args.show} more:", *differ[args.show:], sep="\n  ")
    print(f"{len(names_a & names_b) - len(differ)} identical, {len(differ)} different, {len(only)} unmatched")
    return 1 if differ or only else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("snapshot", help="run every command and write its outputs to DIR")
    s.add_argument("--tvlab", default=str(ROOT / "build/cli/tvlab"))
    s.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    s.add_argument("dir")
    c = sub.add_parser("compare", help="compare two snapshots; exit 1 when any output differs")
    c.add_argument("before")
    c.add_argument("after")
    c.add_argument("--show", type=int, default=10, help="diffs to print in full (default 10)")
    args = ap.parse_args()
    return snapshot(args) if args.cmd == "snapshot" else compare(args)


if __name__ == "__main__":
    sys.exit(main())
