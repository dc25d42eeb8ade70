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


GEMM_CHILD = r"""
import json, sys
import tvlab
from tvlab import dsl
import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.hopper_helpers as sm90_utils
from cutlass.cute.nvgpu import cpasync, warp, warpgroup
from cutlass.cute.runtime import make_ptr
sys.path.insert(0, sys.argv[1])
from prints_dsl import sm80_gmem_tiled_copy_ab, sm80_smem_layout_ab

out = {"verify": {}, "plan": {}, "desc": {}, "banks": {}, "render": {}}


def summary(spec):
    r = tvlab.verify(spec)
    return {"summary": r.json()["summary"], "verdicts": {c["code"]: c["verdict"] for c in r.checks}}


@cute.jit
def trace(gptr: cute.Pointer, sptr: cute.Pointer):
    f16, f32 = cutlass.Float16, cutlass.Float32
    # examples/python/CuTeDSL/ampere/tensorop_gemm.py (CUTLASS 4.2.0), as tests/cute_print/prints_dsl.py records it
    mma = cute.make_tiled_mma(warp.MmaF16BF16Op(f16, f32, (16, 8, 16)), cute.make_layout((2, 2, 1)),
                              permutation_mnk=(32, 32, 16))
    out["desc"]["gemm_sm80_mma"] = dsl.describe(mma)
    out["render"]["sm80_mma"] = len(tvlab.render(mma))
    g2s = cute.make_copy_atom(cpasync.CopyG2SOp(cache_mode=cpasync.LoadCacheMode.GLOBAL), f16, num_bits_per_copy=128)
    for lay, a_row, b_row, majors in (("mn", False, False, "MN"), ("tn", True, True, "KK")):
        spec = {"cta_tile": [128, 128, 32], "stages": 3, "mma": mma, "operands": {}}
        for x, row, major, mn in (("A", a_row, majors[0], 128), ("B", b_row, majors[1], 128)):
            s2r = (cute.make_tiled_copy_A if x == "A" else cute.make_tiled_copy_B)(
                cute.make_copy_atom(warp.LdMatrix8x8x16bOp(not row, 4), f16), mma)
            cp = sm80_gmem_tiled_copy_ab(g2s, f16, row, 128, 128, 32, mn)
            out["desc"]["gemm_sm80_%s_g2s_%s" % (lay, x)] = dsl.describe(cp)
            out["desc"]["gemm_sm80_%s_s2r_%s" % (lay, x)] = dsl.describe(s2r)
            spec["operands"][x] = {"type": "half_t", "contiguous": major,
                                   "smem": {"layout": sm80_smem_layout_ab(f16, row, 128, (mn, 32, 3)), "g2s": cp,
                                            "s2r": s2r}}
        out["verify"]["sm80_" + lay] = summary(spec)
        out["plan"]["sm80_" + lay] = tvlab.plan(spec).json()
        out["render"]["sm80_" + lay] = len(tvlab.render(spec))
    # one warp of the K-major A ldmatrix's smem side, from the objects (no control flow: the DSL rewrites `if`)
    s2r = cute.make_tiled_copy_A(cute.make_copy_atom(warp.LdMatrix8x8x16bOp(False, 4), f16), mma)
    sw = cute.make_composed_layout(cute.make_swizzle(2, 3, 3), 0, cute.make_layout(((8, 4), 16), stride=((32, 256), 1)))
    out["copy_alone"] = {"verify": tvlab.verify(s2r).json()["summary"], "render": len(tvlab.render(s2r))}
    out["banks"]["tn_s2r_A"] = [tvlab.banks(sw, s2r.layout_src_tv_tiled, "half_t", "ldmatrix.x4", warp=w).json()
                                for w in range(4)]
    # examples/python/CuTeDSL/hopper/dense_gemm.py (CUTLASS 4.2.0)
    K = warpgroup.OperandMajorMode.K
    mma90 = sm90_utils.make_trivial_tiled_mma(f16, f16, K, K, f32, (1, 1, 1), tiler_mn=(64, 128))
    out["desc"]["gemm_sm90_mma"] = dsl.describe(mma90)
    out["render"]["sm90_mma"] = len(tvlab.render(mma90))
    atom = warpgroup.make_smem_layout_atom(sm90_utils.get_smem_layout_atom(utils.LayoutEnum.ROW_MAJOR, f16, 64), f16)
    sA = cute.tile_to_shape(atom, (128, 64, 7), order=(0, 1, 2))
    A = cute.make_tensor(gptr, cute.make_layout((4096, 4096, 1), stride=(4096, 1, 4096 * 4096)))
    tma, _ = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), A, cute.slice_(sA, (None, None, 0)),
                                         (128, 64), num_multicast=1)
    out["desc"]["gemm_sm90_tma_A"] = dsl.describe(tma)
    smem = cute.make_tensor(cute.recast_ptr(sptr, sA.inner, dtype=f16), sA.outer)  # the kernel's get_tensor
    spec = {"cta_tile": [128, 128, 64], "stages": 7, "mainloop": "MainloopSm90TmaGmmaWarpSpecialized",
            "cluster_shape": [1, 1, 1], "mma": mma90,
            "operands": {x: {"type": "half_t", "gmem": {"layout": g}, "smem": {"layout": smem, "g2s": tma}}
                         for x, g in (("A", "RowMajor"), ("B", "ColumnMajor"))}}
    out["verify"]["sm90"] = summary(spec)
    out["plan"]["sm90"] = tvlab.plan(spec).json()
    out["render"]["sm90"] = len(tvlab.render(spec))
    # an op tvlab does not map: an error naming its class, not a guess
    try:
        tvlab.verify({"copies": {"c": cute.make_tiled_copy_tv(
            cute.make_copy_atom(cpasync.CopyG2SOp(cache_mode=cpasync.LoadCacheMode.STREAMING), f16,
                                num_bits_per_copy=128), cute.make_layout(32), cute.make_layout(8))}})
        out["unmapped"] = "accepted"
    except tvlab.SpecError as e:
        out["unmapped"] = str(e)


trace(make_ptr(cutlass.Float16, 0, cute.AddressSpace.gmem, assumed_align=16),
      make_ptr(cutlass.Float16, 1024, cute.AddressSpace.smem, assumed_align=1024))
print("TVLAB-DSL " + json.dumps(out))
"""


def test_cute_dsl_gemm_objects(root, tmp_path):
    """The SM80 and SM90 GEMM pieces as live CuTe DSL objects, handed to verify / plan / render / banks as they are:
    the same verdicts and plans as the recorded prints and op descriptions give (test_dsl_gemm.py), the same op
    descriptions as recorded."""
    if not os.path.exists(DSL_PYTHON):
        pytest.skip(f"nvidia-cutlass-dsl not found ({DSL_PYTHON}): test_dsl_gemm.py covers the recorded prints")
    import sys
    sys.path.insert(0, str(pathlib.Path(__file__).parent))
    import test_dsl_gemm as recorded
    here = str(pathlib.Path(tvlab.__file__).resolve().parents[1])
    env = dict(os.environ, CUTE_DSL_ARCH="sm_90a",
               PYTHONPATH=os.pathsep.join([here] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
    script = tmp_path / "dsl_gemm_child.py"
    script.write_text(GEMM_CHILD)
    p = subprocess.run([DSL_PYTHON, str(script), str(root / "tests/cute_print")], capture_output=True, text=True,
                       env=env, timeout=300)
    lines = [l for l in p.stdout.splitlines() if l.startswith("TVLAB-DSL ")]
    if not lines and "No module named 'cutlass'" in p.stderr:
        pytest.skip(f"{DSL_PYTHON} has no cutlass DSL")
    assert lines, p.stderr[-3000:]
    got = json.loads(lines[0][len("TVLAB-DSL "):])
    base = root / "tests/data/cute/prints/dsl"
    rec = lambda name: (base / f"{name}.txt").read_text()  # noqa: E731
    for name, desc in got["desc"].items():
        assert desc == json.loads(rec(name + "_op")), name
    want = {"sm80_mn": recorded.sm80_spec(rec, "mn"), "sm80_tn": recorded.sm80_spec(rec, "tn"),
            "sm90": recorded.sm90_spec(rec)}
    for key, spec in want.items():
        r = tvlab.verify(spec)
        assert got["verify"][key] == {"summary": r.json()["summary"],
                                      "verdicts": {c["code"]: c["verdict"] for c in r.checks}}, key
        assert got["verify"][key]["summary"]["refuted"] == 0
        plan = tvlab.plan(spec).json()
        got["plan"][key].pop("name", None), plan.pop("name", None)
        assert got["plan"][key] == plan, key
        assert got["render"][key] == len(tvlab.render(spec)), key
    assert got["render"]["sm80_mma"] > 0 and got["render"]["sm90_mma"] > 0
    tv = rec("gemm_sm80_tn_s2r_A_src_tv").strip()
    smem = "S<2,3,3> o 0 o ((8,4),16):((32,256),1)"
    assert got["banks"]["tn_s2r_A"] == [tvlab.banks(smem, tv, "half_t", "ldmatrix.x4", warp=w).json()
                                        for w in range(4)]
    alone = {"copies": {"copy": recorded.copy(rec, "gemm_sm80_tn_s2r_A")}}  # a TiledCopy given alone as the spec
    assert got["copy_alone"] == {"verify": tvlab.verify(alone).json()["summary"], "render": len(tvlab.render(alone))}
    assert got["copy_alone"]["verify"]["refuted"] == 0
    assert "cpasync.CopyG2SOp" in got["unmapped"] and "STREAMING" in got["unmapped"]
