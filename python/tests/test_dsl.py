"""CuTe DSL's own objects handed to tvlab directly (not their printed text): layouts into the algebra, a TiledMMA
and TiledCopies into plan() and verify(), compared with tvlab on the same layouts and with the recorded prints.

nvidia-cutlass-dsl traces @cute.jit functions without a GPU (its JIT's last step, loading the CUDA driver, fails
afterwards and is ignored here). It is not a CI dependency (hundreds of MB): the test runs where an environment
with it exists ($TVLAB_CUTLASS_DSL_PYTHON, else ~/.cache/tvlab/cutlass-dsl-venv, as tests/cute_print/record.sh
makes it) and is skipped with that message elsewhere; test_specs.py covers the DSL's printed forms always."""
import json
import os
import pathlib
import subprocess

import pytest

import tvlab

DSL_PYTHON = os.environ.get("TVLAB_CUTLASS_DSL_PYTHON",
                            str(pathlib.Path.home() / ".cache/tvlab/cutlass-dsl-venv/bin/python"))

CHILD = r"""
import json, warnings
import tvlab
import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import cpasync, warp

out = {}

@cute.jit
def trace():
    f16, f32 = cutlass.Float16, cutlass.Float32
    L = cute.make_layout((8, 64), stride=(64, 1))
    T = cute.make_layout((2, 4), stride=(1, 8))
    out["layout"] = str(tvlab.Layout(L))
    out["composition"] = str(tvlab.composition(L, T))
    out["logical_divide"] = str(tvlab.logical_divide(L, (cute.make_layout(4), None)))
    out["call"] = tvlab.Layout(L)(3, 5)
    mma = cute.make_tiled_mma(warp.MmaF16BF16Op(f16, f32, (16, 8, 16)), cute.make_layout((2, 2, 1)),
                              permutation_mnk=(32, 32, 16))
    out["mma_print"] = str(mma)
    out["mma_verify"] = tvlab.verify(mma).json()["summary"]

    ldsm = cute.make_tiled_copy_A(cute.make_copy_atom(warp.LdMatrix8x8x16bOp(False, 4), f16), mma)
    out["copy_print"] = str(ldsm)
    # DSL objects anywhere in a dict spec stand for their prints (the DSL prints no Ref layout: "ref").
    spec = {"mma": {"print": mma},
            "operands": {"A": {"type": "half_t", "contiguous": "K", "copy": {"print": ldsm, "ref": "dst"}}}}
    out["spec_verify"] = tvlab.verify(spec).json()["summary"]

trace()
print("TVLAB-DSL " + json.dumps(out))
"""


def test_cute_dsl_objects_directly(root, tmp_path):
    if not os.path.exists(DSL_PYTHON):
        pytest.skip(f"nvidia-cutlass-dsl not found ({DSL_PYTHON}; python3 -m venv there and pip install "
                    "nvidia-cutlass-dsl==4.2.0, or set TVLAB_CUTLASS_DSL_PYTHON): its printed forms are tested "
                    "in test_specs.py")
    # The child imports the tvlab under test (the build tree's, or an installed one's directory).
    here = str(pathlib.Path(tvlab.__file__).resolve().parents[1])
    env = dict(os.environ, CUTE_DSL_ARCH="sm_90a",
               PYTHONPATH=os.pathsep.join([here] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
    script = tmp_path / "dsl_child.py"  # the DSL reads the traced function's source from its file
    script.write_text(CHILD)
    p = subprocess.run([DSL_PYTHON, str(script)], capture_output=True, text=True, env=env, timeout=240)
    lines = [l for l in p.stdout.splitlines() if l.startswith("TVLAB-DSL ")]
    if not lines and "No module named 'cutlass'" in p.stderr:
        pytest.skip(f"{DSL_PYTHON} has no cutlass DSL")
    assert lines, p.stderr[-3000:]
    got = json.loads(lines[0][len("TVLAB-DSL "):])
    L = tvlab.Layout("(8,64):(64,1)")
    assert got["layout"] == str(L)
    assert got["composition"] == str(tvlab.composition(L, "(2,4):(1,8)"))
    assert got["logical_divide"] == str(tvlab.logical_divide(L, (tvlab.Layout("4:1"), None)))
    assert got["call"] == L(3, 5)
    # The DSL objects verify as their prints (the recorded ones: same DSL version) do.
    prints = root / "tests/data/cute/prints/dsl"
    assert got["mma_print"].strip() == (prints / "mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt").read_text().strip()
    assert got["mma_verify"] == tvlab.verify(got["mma_print"]).json()["summary"]
    # The objects carry their ops: the spec they stand for names the atoms (tvlab.dsl), as a hand-written one would.
    spec = {"mma": {"print": got["mma_print"], "atom": "SM80_16x8x16_F32F16F16F32_TN"},
            "operands": {"A": {"type": "half_t", "contiguous": "K",
                               "copy": {"print": got["copy_print"], "atom": "SM75_U32x4_LDSM_N", "ref": "dst"}}}}
    assert got["spec_verify"] == tvlab.verify(spec).json()["summary"]
    assert got["spec_verify"]["refuted"] == 0
    assert got["copy_print"].strip() == (prints / "copy_ldsm_n_a_sm80.txt").read_text().strip()
