"""Specs from Python: the README tour's questions answered by the module and by the CLI, compared."""
import json

import pytest

import tvlab

SPECS = ["tests/data/specs/xe_bf16_b_plain_override.json", "gallery/specs/xe_bf16_256x256x32.json",
         "tests/data/specs/cutlass_sm80_tf32_nt_128x128x32.json", "tests/data/cpp/cutlass_sm80_f16_tn.hpp"]


@pytest.mark.parametrize("spec", SPECS)
def test_verify_equals_the_cli(cli, spec):
    code, out, _ = cli("verify", "--format", "json", spec)
    r = tvlab.verify(spec)
    assert r.json() == json.loads(out)
    assert r.passed == (code == 0)
    code_text, text, _ = cli("verify", spec)
    assert r.text() == text
    assert {c["code"] for c in r.checks} == {c["code"] for s in json.loads(out)["specs"] for c in s["checks"]}


@pytest.mark.parametrize("spec", SPECS[:3])
def test_plan_equals_the_cli(cli, spec):
    p = tvlab.plan(spec)
    assert p.json() == cli.json("plan", "--json", spec)
    assert p.text() == cli("plan", spec)[1]


def test_partitions_equal_the_cli(cli):
    spec, bind = "tests/data/cpp/cutlass_sm80_f16_tn.hpp", "problem=make_shape(4096,4096,4096,1)"
    p = tvlab.plan(spec, bind=[bind])
    assert p.partition(5, "A", table=False) == cli("plan", spec, "--thread", "5", "--operand", "A", "--bind", bind,
                                                   "--no-table")[1]
    assert p.partition_json(37) == cli.json("plan", spec, "--thread", "37", "--bind", bind, "--json")


def test_spec_as_dict_and_text_equal_the_file(root):
    path = root / "tests/data/specs/xe_bf16_b_plain_override.json"
    d = json.loads(path.read_text())
    by_file, by_dict, by_text = tvlab.verify(path), tvlab.verify(d), tvlab.verify(path.read_text())
    strip = lambda j: [[(c["code"], c["verdict"], c["summary"]) for c in s["checks"]] for s in j["specs"]]
    assert strip(by_file.json()) == strip(by_dict.json()) == strip(by_text.json())
    cpp = (root / "tests/data/cpp/cutlass_sm80_f16_tn.hpp").read_text()
    assert tvlab.verify(cpp).passed == tvlab.verify(root / "tests/data/cpp/cutlass_sm80_f16_tn.hpp").passed


def test_prints_of_cute_dsl_verify_as_the_cli(cli, root):
    # CuTe DSL's documented print format (recorded from nvidia-cutlass-dsl 4.2.0): the module reads what the CLI
    # reads, with the same verdicts.
    for name in ["mma_sm80_16x8x16_f32f16_2x2_32x32x16", "mma_universal_fma_f32_16x16"]:
        path = root / "tests/data/cute/prints/dsl" / f"{name}.txt"
        code, out, _ = cli("verify", "--format", "json", str(path))
        assert tvlab.verify(path.read_text()).json()["summary"] == json.loads(out)["summary"], name


def test_search_equals_the_cli(cli):
    args = ["sm80", "--types", "tfloat32_t", "--layout", "NT", "--tile", "128x128x16", "--threads", "128",
            "--top", "2", "--only", "mma.warps=(2,2,1)", "--only", "A.g2s=16 B x (32,4):(1,32)"]
    code, out, err = cli("search", *args, "--json")
    assert code == 0, err
    s = tvlab.search("sm80", "tfloat32_t", layout="NT", tile="128x128x16", threads=128, top=2,
                     only=["mma.warps=(2,2,1)", "A.g2s=16 B x (32,4):(1,32)"])
    assert s.json() == json.loads(out)
    assert s.cpp(1) == cli("search", *args, "--emit", "cpp", "--row", "1")[1]


def test_bad_specs_raise():
    with pytest.raises(tvlab.SpecError) as e:
        tvlab.verify({"mma": {"atom": "NO_SUCH_ATOM"}})
    assert e.value.path
    with pytest.raises(tvlab.SpecError):
        tvlab.plan("tests/data/specs/no_such_file.json")
    with pytest.raises(tvlab.SpecError):
        tvlab.plan("{not json")
    with pytest.raises(tvlab.InputError) as e:
        tvlab.search("sm80", "half_t", layout="XY")
    assert e.value.where == "layout"
    with pytest.raises(tvlab.InputError):
        tvlab.search("sm90", "half_t")


def test_atoms(cli):
    a = tvlab.atom("XE_DPAS_TT<8,float,bfloat16_t>")
    assert a.kind == "mma" and a.shape_mnk == (8, 16, 16) and a.arch == "xe"
    assert str(a.layouts["A"]) == "(16,8):(8,1)"
    assert "<svg" in a._repr_svg_()
    with pytest.raises(tvlab.AtomError):
        tvlab.atom("cp.async")
    names = tvlab.atoms("xe")
    assert any(n.startswith("XE_DPAS_TT") for n in names)


@pytest.mark.parametrize("args,subject", [
    (["(4,8):(8,1)"], lambda: tvlab.Layout("(4,8):(8,1)")),
    (["Sw<3,3,3> o (8,64):(64,1)"], lambda: tvlab.Layout("Sw<3,3,3> o (8,64):(64,1)")),
    (["(16,2):(1,16)", "--tile", "(8,4)"], lambda: tvlab.render("(16,2):(1,16)", tile="(8,4)")),
    (["XE_DPAS_TT<8,float,bfloat16_t>"], lambda: tvlab.atom("XE_DPAS_TT<8,float,bfloat16_t>")),
    (["SM75_U32x4_LDSM_N", "--value-type", "half_t"], lambda: tvlab.render("SM75_U32x4_LDSM_N", value_type="half_t")),
    (["tests/data/specs/cutlass_sm80_tf32_nt_128x128x32.json", "--operand", "A"],
     lambda: tvlab.render("tests/data/specs/cutlass_sm80_tf32_nt_128x128x32.json", operand="A")),
    (["tests/data/specs/xe_bf16_b_plain_override.json"],
     lambda: tvlab.plan("tests/data/specs/xe_bf16_b_plain_override.json")),
    (["SM75_U32x4_LDSM_N", "--value-type", "half_t"], lambda: tvlab.atom("SM75_U32x4_LDSM_N", "half_t")),
    (["XE_LOAD_2D_VNNI<16,4,16>"], lambda: tvlab.atom("XE_LOAD_2D_VNNI<16,4,16>")),
], ids=range(9))
def test_pictures_equal_the_cli(cli, tmp_path, args, subject):
    out = tmp_path / "x.svg"
    code, _, err = cli("render", *args, "-o", str(out))
    assert code == 0, err
    x = subject()
    svg = x if isinstance(x, str) else x._repr_svg_()
    if tvlab.Picture(svg).is_raster:  # past 2,048 cells Jupyter shows a page-sized PNG; full=True: the whole SVG
        assert len(svg) < len(out.read_text()) / 4
        svg = tvlab.render(x, full=True)
    assert svg == out.read_text()
    png = tmp_path / "x.png"
    tvlab.render(args[0] if len(args) > 1 else x, png, **({} if len(args) == 1 else
                                                         {"tile": "(8,4)"} if "--tile" in args else
                                                         {"value_type": "half_t"} if "--value-type" in args else
                                                         {"operand": "A"}))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_render_errors_raise(tmp_path):
    with pytest.raises(tvlab.InputError) as e:
        tvlab.render("(4,8):(8,1)", view="tmem")
    assert e.value.where
    with pytest.raises(tvlab.InputError):
        tvlab.render("(4,8):(8,1)", tmp_path / "x.gif")
    with pytest.raises(tvlab.InputError):
        tvlab.render("(4,8):(8,1)", tmp_path / "no" / "dir" / "x.svg")
    assert not list(tmp_path.iterdir())  # nothing half-written


@pytest.mark.parametrize("name,value_type", [("XE_LOAD_2D_VNNI<16,4,16>", None), ("SM75_U32x4_LDSM_N", "half_t"),
                                             ("XE_DPAS_TT<8,float,bfloat16_t>", None),
                                             ("SM80_16x8x16_F32F16F16F32_TN", None),
                                             ("SM100_MMA_F16BF16_SS<half_t,half_t,float,64,64,UMMA::Major::K,UMMA::Major::K>",
                                              None)])
def test_show_equals_the_cli(cli, name, value_type):
    extra = ["--value-type", value_type] if value_type else []
    a = tvlab.atom(name, value_type)
    assert a.text() == cli("show", name, *extra)[1]
    assert a.json() == cli.json("show", name, *extra, "--json")


BANKS = [dict(smem="(64,64):(64,1)", tv="((8,4),8):((1,512),64)", type="half_t", op="ldmatrix.x4"),
         dict(smem="Sw<3,3,3> o (64,64):(64,1)", tv="((8,4),8):((1,512),64)", type="half_t", op="ldmatrix.x4"),
         dict(smem="(32,32):(33,1)", tv="(32,1):(1,0)", type="float", op="ld"),
         dict(smem="1024:1", tv="(32,1):(1,0)", type="float", op="cp.async", gmem="1024:1")]


@pytest.mark.parametrize("kw", BANKS, ids=range(len(BANKS)))
def test_banks_equal_the_cli(cli, kw):
    args = [x for k, v in kw.items() for x in (f"--{k}", v)]
    code, out, _ = cli("banks", *args)
    b = tvlab.banks(**kw)
    assert b.text() == out and (b.bank_conflicts > 0) == (code == 1)
    assert b.json() == cli.json("banks", *args, "--json")
    if b.suggestion is not None:
        assert tvlab.banks(**dict(kw, smem=str(b.suggestion))).bank_conflicts == 0


def test_bad_atoms_and_banks_raise():
    with pytest.raises(tvlab.ParseError):
        tvlab.atom("XE_DPAS_TT<8,float")
    with pytest.raises(tvlab.InputError) as e:
        tvlab.atom("SM75_U32x4_LDSM_N", "no_such_type")
    assert e.value.where == "value_type"
    with pytest.raises(tvlab.InputError) as e:
        tvlab.banks(smem="(64,64):(64,1)", tv="((8,4),8):((1,512),64", type="half_t", op="ldmatrix.x4")
    assert e.value.where == "tv"
    with pytest.raises(tvlab.InputError) as e:  # ldmatrix on Xe's 16-lane SLM model (it once corrupted the heap)
        tvlab.banks(smem="(64,64):(64,1)", tv="((8,4),8):((1,512),64)", type="half_t", op="ldmatrix.x4", arch="xe")
    with pytest.raises(tvlab.InputError) as e:
        tvlab.banks(smem="1024:1", tv="(32,1):(1,0)", type="float", op="cp.async")
    assert e.value.where == "op"


def test_reorder_and_desc_equal_the_cli(cli):
    src, dst = "(16,16):(1@0,1@1)", "((2,8),(2,8)):((1@1,1@0),(8@0,2@1))"  # the README's
    r = tvlab.reorder(src, dst, "bf16", "bf16")
    assert r.text() == cli("reorder", "--src", src, "--dst", dst, "--types", "bf16,bf16")[1]
    assert r.json() == cli.json("reorder", "--src", src, "--dst", dst, "--types", "bf16,bf16", "--json")
    assert not r.noop and r.movs > 0
    assert tvlab.reorder("(16,16):(1@0,1@1)", "(16,16):(1@0,1@1)", "bf16", "bf16").noop
    for layout, major, more in [("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),64):((64,512),1)", "K", []),
                                ("tile_to_shape(Sw<3,3,3> o (64,8):(1,64), (128,32))", "MN", ["--mn", "64"])]:
        d = tvlab.desc(layout, "half_t", major, mn=int(more[1]) if more else 0)
        assert d.text() == cli("desc", layout, "--type", "half_t", "--major", major, *more)[1]
        assert d.json() == cli.json("desc", layout, "--type", "half_t", "--major", major, *more, "--json")
    with pytest.raises(tvlab.LayoutError) as e:  # not canonical: CuTe's rule by name
        tvlab.desc("(64,8):(9,1)", "half_t", "K")
    assert e.value.condition
    with pytest.raises(tvlab.InputError):
        tvlab.desc("(64,8):(8,1)", "no_type", "K")
    with pytest.raises((tvlab.LayoutError, tvlab.ParseError)):
        tvlab.reorder("(16,8):(1@1,1@0)", "(16,4):(1@1,1@0)", "bf16", "bf16")
