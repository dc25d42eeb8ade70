"""A CuTe DSL SM80 and SM90 GEMM's pieces, as CUTLASS 4.2.0's examples/python/CuTeDSL/ampere/tensorop_gemm.py and
hopper/dense_gemm.py build them, verified and drawn from what nvidia-cutlass-dsl 4.2.0 printed for them
(tests/data/cute/prints/dsl/gemm_sm*.txt, recorded by tests/cute_print/record.sh) with no hand translation: each
atom's name comes from the recorded description of its op (<name>_op.txt: the op's class and fields, which the DSL
object carries and its print does not) through tvlab.dsl, the function the live objects go through (test_dsl.py
checks that the live objects give these same specs). The expected layouts are CuTe's: the DSL's printed results and
the C++ CUTLASS configuration of the same kernel (tests/data/specs/cutlass_sm80_f16_nt_128x128x32.json)."""
import json

import pytest

import tvlab
from tvlab import dsl


@pytest.fixture(scope="module")
def rec(root):
    base = root / "tests/data/cute/prints/dsl"
    return lambda name: (base / f"{name}.txt").read_text()


def op(rec, name):
    return json.loads(rec(name + "_op"))


def copy(rec, name):
    atom, ref = dsl.copy_atom_name(op(rec, name))
    out = {"print": rec(name), "atom": atom}
    if ref:
        out["ref"] = ref
    return out


def sm80_spec(rec, lay):
    """The SM80 example's mainloop: cta_tiler (128,128,32), 3 stages; "mn" is its default (a_major m, b_major n), "tn"
    K-major A and B."""
    majors = {"mn": ("M", "N"), "tn": ("K", "K")}[lay]
    spec = {"cta_tile": [128, 128, 32], "stages": 3,
            "mma": {"print": rec("gemm_sm80_mma"), "atom": dsl.mma_atom_name(op(rec, "gemm_sm80_mma"))},
            "operands": {}}
    for x, major in zip("AB", majors):
        spec["operands"][x] = {"type": "half_t", "contiguous": major,
                               "smem": {"layout": rec(f"gemm_sm80_{lay}_s{x}").strip(),
                                        "g2s": copy(rec, f"gemm_sm80_{lay}_g2s_{x}"),
                                        "s2r": copy(rec, f"gemm_sm80_{lay}_s2r_{x}")}}
    return spec


def sm90_spec(rec):
    """The SM90 example's mainloop for K-major f16: tile (128,128,64), 7 stages, cluster (1,1), TMA loads into the
    kernel's smem tensors (get_tensor(layout.outer, swizzle=layout.inner))."""
    tma, _ = dsl.copy_atom_name(op(rec, "gemm_sm90_tma_A"))
    return {"cta_tile": [128, 128, 64], "stages": 7, "mainloop": "MainloopSm90TmaGmmaWarpSpecialized",
            "cluster_shape": [1, 1, 1],
            "mma": {"print": rec("gemm_sm90_mma"), "atom": dsl.mma_atom_name(op(rec, "gemm_sm90_mma"))},
            "operands": {x: {"type": "half_t", "gmem": {"layout": g},
                             "smem": {"layout": rec(f"gemm_sm90_s{x}_tensor").strip(), "g2s": tma}}
                         for x, g in (("A", "RowMajor"), ("B", "ColumnMajor"))}}


def test_atom_names_from_the_recorded_ops(rec):
    assert dsl.mma_atom_name(op(rec, "gemm_sm80_mma")) == "SM80_16x8x16_F32F16F16F32_TN"
    assert dsl.mma_atom_name(op(rec, "gemm_sm90_mma")) == "SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>"
    assert dsl.copy_atom_name(op(rec, "gemm_sm80_mn_g2s_A")) == ("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", None)
    assert dsl.copy_atom_name(op(rec, "gemm_sm80_mn_s2r_A")) == ("SM75_U16x8_LDSM_T", "dst")
    assert dsl.copy_atom_name(op(rec, "gemm_sm80_tn_s2r_B")) == ("SM75_U32x4_LDSM_N", "dst")
    assert dsl.copy_atom_name(op(rec, "gemm_sm90_tma_A")) == ("SM90_TMA_LOAD", None)


@pytest.mark.parametrize("lay", ["mn", "tn"])
def test_sm80_gemm_verifies(rec, lay):
    r = tvlab.verify(sm80_spec(rec, lay))
    s = r.json()["summary"]
    assert r.passed and s["refuted"] == 0 and s["failed"] == 0, r.text()
    verdicts = {c["code"]: c["verdict"] for c in r.checks}
    for x in "AB":  # the example's swizzles make ldmatrix and the cp.async stores conflict-free
        assert verdicts[f"banks.{x}.s2r"] == "proved"
        assert verdicts[f"vector.{x}.s2r"] == "proved" and verdicts[f"vector.{x}.g2s"] == "proved"
        assert verdicts[f"fragment.{x}"] == "proved" and verdicts[f"smem.{x}.g2s"] == "proved"
        # M-major: each 8 lanes one 128-byte window of a row; K-major: 4 threads a 32-element row, 8 lanes over 2
        # rows at the same offsets (stacked lines). Both proved where rows start 128-byte aligned, said in the data.
        assert verdicts[f"banks.{x}.g2s"] == "proved"
        g2s = next(c for c in r.checks if c["code"] == f"banks.{x}.g2s")
        assert g2s["data"]["assumes_aligned_rows"] is True
        assert g2s["data"]["wavefronts"] == (64 if lay == "mn" else 128)


def test_sm80_gemm_is_the_cutlass_configuration(rec, root):
    """The DSL example's default (A M-major, B N-major) is CUTLASS's SM80 f16 NT 128x128x32 configuration: every
    layout of the plan built from the DSL's prints is that of the C++ configuration's (named atoms, its
    SmemLayoutAtom tiled by tvlab)."""
    got = tvlab.plan(sm80_spec(rec, "mn")).json()
    want = tvlab.plan(root / "tests/data/specs/cutlass_sm80_f16_nt_128x128x32.json").json()
    for k in ("tile_mnk", "thr_layout_vmnk", "a_tv", "b_tv", "c_tv"):
        assert got["mma"][k] == want["mma"][k], k
    for x in "AB":
        g, w = got["copies"][x]["smem"], want["copies"][x]["smem"]
        assert g["staged"] == w["staged"] and g["layout"] == w["layout"]
        for stage in ("s2r", "g2s"):
            for k in ("tiler", "tv", "tv_src", "tv_dst"):
                assert g[stage][k] == w[stage][k], (x, stage, k)
        # CUTLASS's g2s is CACHEALWAYS, the example's LoadCacheMode.GLOBAL: the same layouts, another op
        assert (g["g2s"]["op"], w["g2s"]["op"]) == ("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>",
                                                    "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>")
        assert g["s2r"]["op"] == w["s2r"]["op"] == "SM75_U16x8_LDSM_T"


@pytest.mark.parametrize("lay", ["mn", "tn"])
def test_sm80_pieces_are_the_dsls(rec, lay):
    """tvlab's own constructions of the same calls give the DSL's printed results: make_tiled_copy_A/B of the named
    ldmatrix atom, tile_to_shape of the example's swizzled atom."""
    spec = sm80_spec(rec, lay)
    for x in "AB":
        spec["operands"][x]["smem"]["s2r"] = spec["operands"][x]["smem"]["s2r"]["atom"]  # make_tiled_copy_X
    plan = tvlab.plan(spec).json()
    for x in "AB":
        printed = rec(f"gemm_sm80_{lay}_s2r_{x}")
        tv = next(l.split(":", 1)[1].strip() for l in printed.splitlines() if "TV Layout tiled" in l)
        assert plan["copies"][x]["smem"]["s2r"]["tv"] == tv
        # ... and their shared-memory side is the DSL's layout_src_tv_tiled
        assert plan["copies"][x]["smem"]["s2r"]["tv_src"] == rec(f"gemm_sm80_{lay}_s2r_{x}_src_tv").strip()
    atom = {"mn": "S<3,3,3> o 0 o (64,8):(1,64)", "tn": "S<2,3,3> o 0 o (8,32):(32,1)"}[lay]
    staged = tvlab.tile_to_shape(tvlab.Layout(atom), (128, 32, 3))
    assert str(staged) == rec(f"gemm_sm80_{lay}_sA").strip().replace("S<", "Sw<")


def test_sm90_gemm_verifies(rec):
    r = tvlab.verify(sm90_spec(rec))
    assert r.passed and r.json()["summary"]["refuted"] == 0, r.text()
    verdicts = {c["code"]: c["verdict"] for c in r.checks}
    assert verdicts["desc.A"] == verdicts["desc.B"] == "proved"
    assert verdicts["tma.A.swizzle_span"] == "proved"
    # The DSL's TMA atom copies 131072 bits (its type: copy_bits = 131072): tvlab's box is the same 16 KiB.
    bits = int(op(rec, "gemm_sm90_tma_A")["type"].split("copy_bits = ")[1].split(",")[0])
    box = [c["data"] for c in r.checks if c["code"] == "tma.A.box"][0]
    assert box["box"][0] * box["box"][1] * 16 == bits and box["swizzle"] == "CU_TENSOR_MAP_SWIZZLE_128B"
    assert tvlab.plan(sm90_spec(rec)).json()["mma"]["atom"] == \
        "SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>"


def test_sm90_element_swizzle_is_not_the_kernels(rec):
    """The staged layout as a value (S<3,4,3> o 0 o L, element offsets) is not what the kernel allocates (the
    swizzle on the pointer, bytes): as an smem layout it is a 256-byte swizzle no TMA takes, and tvlab says so."""
    spec = sm90_spec(rec)
    spec["operands"]["A"]["smem"]["layout"] = rec("gemm_sm90_sA").strip()
    with pytest.raises(tvlab.SpecError, match="not a TMA swizzle"):
        tvlab.verify(spec)


@pytest.mark.parametrize("make", [lambda r: sm80_spec(r, "mn"), lambda r: sm80_spec(r, "tn"), sm90_spec])
def test_gemm_renders(rec, make, tmp_path):
    svg = tvlab.render(make(rec))
    assert "<svg" in svg and svg.rstrip().endswith("</svg>")
    out = tmp_path / "g.svg"
    tvlab.render(make(rec), out)
    assert out.read_text().lstrip().startswith(("<svg", "<?xml"))


def test_mma_print_renders(rec):
    assert "<svg" in tvlab.render({"mma": {"print": rec("gemm_sm90_mma"), "atom": dsl.mma_atom_name(
        op(rec, "gemm_sm90_mma"))}})


def test_printed_stage_copy_needs_its_atom(rec):
    spec = sm80_spec(rec, "tn")
    del spec["operands"]["A"]["smem"]["s2r"]["atom"]
    with pytest.raises(tvlab.SpecError, match=r"operands\.A\.smem\.s2r\.print: a printed copy in a shared-memory "
                                              r"stage needs \"atom\""):
        tvlab.verify(spec)
    spec = sm80_spec(rec, "tn")  # an atom the print is not: its layouts are checked against it
    spec["operands"]["A"]["smem"]["s2r"]["atom"] = "SM75_U16x8_LDSM_T"
    with pytest.raises(tvlab.SpecError, match="is not SM75_U16x8_LDSM_T's"):
        tvlab.verify(spec)


@pytest.mark.parametrize("desc, says", [
    ({"op": "cutlass.cute.nvgpu.cpasync.copy.CopyG2SOp", "fields": {"cache_mode": "STREAMING"},
      "type": "!cute_nvgpu.atom.simt_async_copy<f16, cache = streaming, 128 b>"}, "LoadCacheMode.STREAMING"),
    ({"op": "cutlass.cute.nvgpu.cpasync.copy.CopyG2SOp", "fields": {"cache_mode": "GLOBAL"},
      "type": "!cute_nvgpu.atom.simt_async_copy<f16, cache = global, 64 b>"}, "64 bits"),
    ({"op": "cutlass.cute.nvgpu.warp.copy.LdMatrix16x16x8bOp", "fields": {"num_matrices": 1, "transpose": True},
      "type": ""}, "LdMatrix16x16x8bOp"),
    ({"op": "cutlass.cute.nvgpu.common.CopyUniversalOp", "fields": {},
      "type": "!cute_nvgpu.atom.universal_copy<f16>"}, "num_bits_per_copy"),
    ({"op": "mylib.CopyG2SOp", "fields": {"cache_mode": "ALWAYS"}, "type": ", 128 b>"}, "mylib.CopyG2SOp"),
])
def test_unmapped_copy_ops_are_errors(desc, says):
    with pytest.raises(tvlab.SpecError, match=says):
        dsl.copy_atom_name(desc)


def test_unmapped_mma_ops_are_errors():
    with pytest.raises(tvlab.SpecError, match="MmaF8Op"):
        dsl.mma_atom_name({"op": "cutlass.cute.nvgpu.warpgroup.mma.MmaF8Op", "fields": {}, "type": ""})
    with pytest.raises(tvlab.SpecError, match="Float8E4M3FN"):
        dsl.mma_atom_name({"op": "cutlass.cute.nvgpu.warp.mma.MmaF16BF16Op", "fields": {
            "ab_dtype": "Float8E4M3FN", "acc_dtype": "Float32", "shape_mnk": [16, 8, 16]}, "type": ""})


def test_banks_cuts_one_warp_of_a_tiled_copy(rec):
    """The K-major s2r TiledCopy's shared-memory side (the DSL's layout_src_tv_tiled: 128 threads, 8 contiguous
    halves each) over its (32,16) tile of the staged A: warp W is threads 32W..32W+31. Cross-checks: warp 0 is the
    first 32 threads as a layout of their own; the last thread mode has stride 0 (the MMA's N warps read the same A),
    so warps 2 and 3 are warps 0 and 1; without the swizzle the same access conflicts."""
    tv = rec("gemm_sm80_tn_s2r_A_src_tv").strip()
    assert tv == "((16,2,2,2),(8,1)):((1,256,16,0),(32,0))"
    smem = "S<2,3,3> o 0 o ((8,4),16):((32,256),1)"  # rows 0..31, columns 0..15 of the staged K-major A
    with pytest.raises(tvlab.InputError, match=r"128 threads.*give the warp"):
        tvlab.banks(smem, tv, "half_t", "ldmatrix.x4")
    with pytest.raises(tvlab.InputError, match="warps 0..3"):
        tvlab.banks(smem, tv, "half_t", "ldmatrix.x4", warp=4)
    w = [tvlab.banks(smem, tv, "half_t", "ldmatrix.x4", warp=k).json() for k in range(4)]
    alone = tvlab.banks(smem, "((16,2),(8,1)):((1,256),(32,0))", "half_t", "ldmatrix.x4").json()
    assert w[0]["phases"] == alone["phases"] and w[0]["wavefronts"] == alone["wavefronts"]
    assert w[2]["phases"] == w[0]["phases"] and w[3]["phases"] == w[1]["phases"]
    assert w[1]["phases"] != w[0]["phases"]
    assert all(x["bank_conflicts"] == 0 and x["warp"] == k for k, x in enumerate(w))
    cut = tvlab.banks(smem, tv, "half_t", "ldmatrix.x4", warp=1)
    assert cut._repr_svg_() is None and "warp 1 of 4" in repr(cut)  # Jupyter shows the text, not a wrong picture
    assert tvlab.banks("((8,4),16):((32,256),1)", tv, "half_t", "ldmatrix.x4", warp=1).bank_conflicts > 0
    with pytest.raises(tvlab.InputError, match="no warp to cut"):
        tvlab.banks(smem, "((16,2),(8,1)):((1,256),(32,0))", "half_t", "ldmatrix.x4", warp=0)
    # The DSL's own tiled print of the same copy is its register side (Dst): as a bank access it is no ldmatrix.
    with pytest.raises(tvlab.InputError, match="contiguous"):
        tvlab.banks(smem, rec("gemm_sm80_tn_s2r_A").splitlines()[2].split(":", 1)[1].strip(), "half_t",
                    "ldmatrix.x4", warp=0)


def test_dynamic_extents_say_what_to_do(rec):
    with pytest.raises(tvlab.ParseError, match=r"dynamic extent.*static values") as e:
        tvlab.Layout(rec("layout_dsl_dynamic_div8").strip())
    assert e.value.column == 2
