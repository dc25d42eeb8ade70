"""Shared fixtures: the tvlab binary beside the module (TVLAB_BIN, set by ctest) and the source tree."""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(os.environ.get("TVLAB_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def cli():
    """cli(*args) -> (exit code, stdout, stderr) of the tvlab binary; cli.json(*args) -> parsed stdout."""
    binary = os.environ.get("TVLAB_BIN")
    if not binary:
        pytest.skip("TVLAB_BIN is not set (ctest sets it): the CLI comparisons need the binary")

    def run(*args):
        p = subprocess.run([binary, *args], capture_output=True, text=True, cwd=ROOT, timeout=120)
        return p.returncode, p.stdout, p.stderr

    def run_json(*args):
        code, out, err = run(*args)
        assert out, f"tvlab {' '.join(args)}: no output (exit {code}): {err}"
        return json.loads(out)

    run.json = run_json
    return run
