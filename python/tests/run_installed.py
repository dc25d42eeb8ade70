"""python.notebook: the package as pip installs it, used from outside the source tree.

    run_installed.py BUILD_DIR NOTEBOOK [--update]

Installs the build's component "python" (what the wheel holds: python/CMakeLists.txt) into a temporary
directory with `cmake --install BUILD_DIR --component python --prefix TMP/site`, checks that it holds the package
and nothing else, imports it from there (a smoke test: the module is the installed one, an algebra call and a
picture work), then executes a copy of NOTEBOOK in TMP (run_notebook.py: outputs compared with the committed
ones; --update writes them back into NOTEBOOK). Only TMP/site is on PYTHONPATH and the working directory is
TMP, so the notebook cannot import the build tree or read a file of the clone.
"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent

SMOKE = r"""
import pathlib, sys
import tvlab
site = pathlib.Path(sys.argv[1]).resolve()
where = pathlib.Path(tvlab.__file__).resolve()
assert site in where.parents, f"tvlab imported from {where}, not from {site}"
assert pathlib.Path(tvlab._tvlab.__file__).resolve().parent == where.parent
assert str(tvlab.composition(tvlab.Layout("(4,8):(8,1)"), (2, 4))) == "(2,4):(8,1)"
assert "<svg" in tvlab.Layout("Sw<3,3,3> o (8,64):(64,1)")._repr_svg_()
print(f"smoke: tvlab {tvlab.__version__} imported from {where.parent}")
"""


def main():
    build, notebook = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
    update = "--update" in sys.argv[3:]
    cmake = os.environ.get("CMAKE_COMMAND", "cmake")
    with tempfile.TemporaryDirectory(prefix="tvlab-installed-") as tmp:
        tmp = pathlib.Path(tmp)
        site = tmp / "site"
        subprocess.run([cmake, "--install", str(build), "--component", "python", "--prefix", str(site)],
                       check=True, stdout=subprocess.DEVNULL)
        top = sorted(p.name for p in site.iterdir())
        if top != ["tvlab"]:
            print(f"the component python installs {top}, not the package tvlab alone", file=sys.stderr)
            return 1
        files = sorted(p.name for p in (site / "tvlab").iterdir())
        if "__init__.py" not in files or not any(f.startswith("_tvlab.") and f.endswith(".so") for f in files):
            print(f"the installed package lacks __init__.py or the module: {files}", file=sys.stderr)
            return 1
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "TVLAB_SOURCE_DIR", "TVLAB_BIN", "PYTHONHOME")}
        env["PYTHONPATH"] = str(site)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        subprocess.run([sys.executable, "-c", SMOKE, str(site)], check=True, cwd=tmp, env=env)
        copy = tmp / "notebook" / notebook.name
        copy.parent.mkdir()
        shutil.copyfile(notebook, copy)
        args = [sys.executable, str(HERE / "run_notebook.py"), str(copy)] + (["--update"] if update else [])
        code = subprocess.run(args, cwd=tmp, env=env).returncode
        if code == 0 and update:
            shutil.copyfile(copy, notebook)
            print(f"{notebook}: outputs updated (from the installed package)")
        return code


if __name__ == "__main__":
    sys.exit(main())
