"""Executes a notebook headless (nbclient, the python of this environment as its kernel, from the notebook's
directory) and compares what each cell shows with the outputs committed in it, so the notebook the README points
to never goes stale. The python.notebook test runs it through run_installed.py, on a copy of docs/tvlab.ipynb
outside the clone with the installed package on PYTHONPATH.

    run_notebook.py NOTEBOOK            execute, compare; exit 1 on a difference, an error or no SVG picture
    run_notebook.py NOTEBOOK --update   execute and write the fresh outputs into NOTEBOOK
"""
import os
import sys

import nbformat
from nbclient import NotebookClient

SHOWN = ("text/plain", "image/svg+xml", "text/html")


def shown(nb):
    """Per code cell: its outputs as (kind, mime, text), the parts a reader sees."""
    cells = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        out = []
        for o in cell.get("outputs", []):
            if o.output_type == "stream":
                # The kernel flushes a print in one message or several ("True", "\n"), as timing has it:
                # consecutive stream outputs of one name are one text to the reader.
                if out and out[-1][:2] == ("stream", o.name):
                    out[-1] = ("stream", o.name, out[-1][2] + o.text)
                else:
                    out.append(("stream", o.name, o.text))
            elif o.output_type in ("execute_result", "display_data"):
                for mime in SHOWN:
                    if mime in o.data:
                        out.append((o.output_type, mime, o.data[mime]))
            elif o.output_type == "error":
                out.append(("error", o.ename, o.evalue))
        cells.append(out)
    return cells


def main():
    path, update = sys.argv[1], "--update" in sys.argv[2:]
    committed = nbformat.read(path, as_version=4)
    fresh = nbformat.read(path, as_version=4)
    for cell in fresh.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    NotebookClient(fresh, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": os.path.dirname(os.path.abspath(path))}}).execute()
    got = shown(fresh)
    errors = [o for cell in got for o in cell if o[0] == "error"]
    if errors:
        print(f"{path}: a cell raised: {errors[0][1]}: {errors[0][2]}", file=sys.stderr)
        return 1
    if not any(o[1] == "image/svg+xml" for cell in got for o in cell):
        print(f"{path}: no cell shows an SVG picture", file=sys.stderr)
        return 1
    if update:
        for cell in fresh.cells:  # deterministic file: no kernel timing metadata
            cell.metadata.pop("execution", None)
        fresh.metadata.pop("widgets", None)
        nbformat.write(fresh, path)
        print(f"{path}: outputs updated")
        return 0
    want = shown(committed)
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            print(f"{path}: code cell {i + 1} shows something else than the committed outputs "
                  f"(rerun with --update if the change is meant):\n  committed: {str(w)[:400]}\n  now: "
                  f"{str(g)[:400]}", file=sys.stderr)
            return 1
    if len(got) != len(want):
        print(f"{path}: {len(got)} code cells, {len(want)} committed", file=sys.stderr)
        return 1
    print(f"{path}: {len(got)} code cells, outputs as committed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
