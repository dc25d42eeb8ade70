#!/usr/bin/env python3
"""cli.help_examples: every example command line that `tvlab --help` and `tvlab COMMAND --help` show runs,
from the repository root, and exits as the example documents.

help_examples_test.py TVLAB [ROOT]

An example is a help line, indented, that starts with `tvlab ` or `printf ` (a line ending in ` \\` goes on
on the next). The command ends at `#` after a blank or at two or more blanks (outside quotes): what follows
describes it (or, when nothing follows, the line below it if that holds only a description). The exit code is
0 unless that description, or a `# ...` comment line right above the example, says `exit N` / `exits N`. The
line must be valid shell as pasted (bash -n). Pipelines and `&&` keep their parts up to the last one that runs
tvlab (viewers and filters after it, jq, xdg-open, pdflatex, are not run); the pipeline's status is tvlab's
(pipefail). Files an example writes (-o, --proof) go to a temporary directory; nothing may appear in the
repository root. Distinct examples run side by side; about 4 s on two cores (search's take 1-2 s each).
"""
import concurrent.futures
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

OUTPUT_OPTIONS = {'-o', '--output', '--proof'}


def help_text(tvlab, args):
    r = subprocess.run([tvlab, *args, '--help'], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f'FAIL tvlab {" ".join(args)} --help exits {r.returncode}: {r.stderr}')
    return r.stdout


def commands_of(top_help):
    """The subcommands `tvlab --help` lists (CLI11's 'SUBCOMMANDS:' section)."""
    names, inside = [], False
    for line in top_help.splitlines():
        if re.match(r'^SUBCOMMANDS:', line, re.I):
            inside = True
            continue
        if inside:
            m = re.match(r'^  (\w+)\s', line)
            if m:
                names.append(m.group(1))
            elif line.strip() and not line.startswith(' '):
                break
    return names


def split_command(line):
    """(command, description): the command ends at ` #` or at a run of 2+ blanks outside quotes."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
            continue
        if ch in '\'"':
            quote = ch
        elif ch == '#' and i > 0 and line[i - 1] == ' ':
            return line[:i].rstrip(), line[i + 1:].strip()
        elif ch == ' ' and line[i:i + 2] == '  ':
            return line[:i].rstrip(), line[i:].strip()
    return line.rstrip(), ''


def top_level_split(cmd):
    """The parts of a command line between top-level `|` and `&&` (outside quotes), with the separators."""
    parts, quote, start, i = [], None, 0, 0
    while i < len(cmd):
        ch = cmd[i]
        if quote:
            quote = None if ch == quote else quote
        elif ch in '\'"':
            quote = ch
        elif cmd.startswith('&&', i) or ch == '|':
            parts.append(cmd[start:i].strip())
            sep = '&&' if ch == '&' else '|'
            parts.append(sep)
            i += len(sep)
            start = i
            continue
        i += 1
    parts.append(cmd[start:].strip())
    return parts


def examples(text):
    """(command, documented exit code, the help line) for every example in one help text."""
    lines = text.splitlines()
    out, k = [], 0
    while k < len(lines):
        raw = lines[k]
        body = raw.strip()
        if not (raw.startswith('  ') and (body.startswith('tvlab ') or body.startswith('printf '))):
            k += 1
            continue
        above = lines[k - 1].strip() if k > 0 else ''
        while body.endswith(' \\') and k + 1 < len(lines):
            k += 1
            body = body[:-2].rstrip() + ' ' + lines[k].strip()
        cmd, desc = split_command(body)
        # A description may also sit alone on the next line (tvlab --help aligns long examples' that way).
        nxt = lines[k + 1] if k + 1 < len(lines) else ''
        if not desc and nxt.startswith('    ') and not nxt.strip().startswith(('tvlab ', 'printf ', '#')):
            desc = nxt.strip()
        docs = desc + (' ' + above[1:] if above.startswith('#') else '')
        m = re.search(r'\bexits? (\d)\b', docs)
        out.append((cmd, int(m.group(1)) if m else 0, body))
        k += 1
    return out


def runnable(cmd, tvlab, outdir, root):
    """The shell text that runs the example: parts after the last tvlab dropped, tvlab the binary under test,
    output files moved to outdir."""
    parts = top_level_split(cmd)
    last = max(i for i, p in enumerate(parts) if p.startswith('tvlab '))
    parts = parts[:last + 1]
    for i, p in enumerate(parts):
        if not p.startswith('tvlab '):
            continue
        words = []
        for w in shlex.split(p):  # a glob (specs/*.json) expands as the shell would, from root
            hits = sorted(glob.glob(w, root_dir=root)) if re.search(r'[*?[]', w) else []
            words += hits or [w]
        words[0] = tvlab
        for j in range(1, len(words) - 1):
            if words[j] in OUTPUT_OPTIONS:
                words[j + 1] = os.path.join(outdir, os.path.basename(words[j + 1]))
        parts[i] = shlex.join(words)
    return ' '.join(parts)


def main():
    tvlab = os.path.abspath(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, '..', '..'))
    top = help_text(tvlab, [])
    cmds = commands_of(top)
    if len(cmds) < 10:
        raise SystemExit(f'FAIL tvlab --help lists {len(cmds)} commands: {cmds}')
    found = [('', e) for e in examples(top)]
    for c in cmds:
        found += [(c, e) for e in examples(help_text(tvlab, [c]))]
    before = sorted(os.listdir(root))
    fails = passes = 0
    per_command = {}
    t0 = time.monotonic()
    unique = {}  # an example shown twice (tvlab --help repeats some) runs once
    for where, (cmd, want, line) in found:
        per_command[where] = per_command.get(where, 0) + 1
        unique.setdefault((cmd, want), where)
    with tempfile.TemporaryDirectory() as outdir:
        def run_one(key):
            cmd, want = key
            # As a user pastes it: the whole line must be valid shell (quoted parentheses, globs, pipes).
            syntax = subprocess.run(['bash', '-n', '-c', cmd], capture_output=True, text=True)
            if syntax.returncode != 0:
                return key, 'not valid shell: ' + syntax.stderr.strip(), None, 0.0
            shell = runnable(cmd, tvlab, outdir, root)
            t = time.monotonic()
            r = subprocess.run(['bash', '-o', 'pipefail', '-c', shell], cwd=root, capture_output=True, text=True,
                               timeout=60)
            return key, shell, r, time.monotonic() - t

        # The examples run side by side (search's take a second each); each writes its own output name.
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
            results = list(pool.map(run_one, unique))
        for (cmd, want), shell, r, secs in results:
            where = unique[(cmd, want)]
            if r is None or r.returncode != want:
                fails += 1
                got = 'is ' + shell if r is None else f'exits {r.returncode}'
                print(f'FAIL tvlab {where + " " if where else ""}--help: `{cmd}` {got} (documented: exit {want})')
                if r is not None:
                    print('  ran: ' + shell)
                    for ln in (r.stderr or r.stdout).strip().splitlines()[:4]:
                        print('  ' + ln)
            else:
                passes += 1
            if secs > 1.5:
                print(f'note: `{cmd}` took {secs:.1f} s')
    after = sorted(os.listdir(root))
    if after != before:
        fails += 1
        print(f'FAIL examples wrote into the repository root: {sorted(set(after) - set(before))}')
    missing = [c for c in cmds if c not in per_command and c != 'repl']
    if missing:  # every command shows examples (repl shows its piped form)
        fails += 1
        print(f'FAIL commands whose --help shows no example: {missing}')
    print(f'cli.help_examples: {passes} passed, {fails} failed ({len(found)} examples, {len(unique)} distinct, of '
          f'{len(cmds)} commands and tvlab --help, {time.monotonic() - t0:.1f} s)')
    sys.exit(1 if fails else 0)


if __name__ == '__main__':
    main()
