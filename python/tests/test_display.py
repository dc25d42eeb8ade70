"""Pictures in Jupyter and render()'s results: page-sized pictures (the whole SVG up to 2,048 cells, a PNG inside
an SVG past that), render(x, path) returning the path, force=True named in Python's words, and a layout's cells
coloured by bank for a value_type (the element size named on the picture, never guessed)."""
import base64
import pathlib
import re
import struct

import pytest

import tvlab

PAGE_CELLS, PAGE_PX = 2048, 1024


def png_of(picture):
    """The PNG a raster Picture holds (bytes), checked to be one."""
    m = re.search(r'xlink:href="data:image/png;base64,([A-Za-z0-9+/=]*)"', picture)
    assert m, "no PNG in the picture"
    png = base64.b64decode(m.group(1), validate=True)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
    return png


def png_size(png):
    return struct.unpack(">II", png[16:24])


@pytest.mark.parametrize("n", [8, 32])
def test_small_pictures_are_the_whole_svg(cli, tmp_path, n):
    """Up to 2,048 cells: the picture is byte for byte the SVG `tvlab render -o x.svg` writes, as before."""
    L = tvlab.Layout(f"({n},{n}):({n},1)")
    out = tmp_path / "x.svg"
    code, _, err = cli("render", str(L), "-o", str(out))
    assert code == 0, err
    assert L._repr_svg_() == out.read_text() == tvlab.render(L)
    assert not tvlab.render(L).is_raster and "<text" in tvlab.render(L)


@pytest.mark.parametrize("rows,cols", [(128, 128), (256, 256), (64, 33)])
def test_large_pictures_are_a_page_sized_png(cli, tmp_path, rows, cols):
    """Past 2,048 cells: an SVG holding one PNG no larger than the page canvas (1,024 px of grid a side), a
    fraction of the whole SVG, which full=True and a .svg file still give."""
    L = tvlab.Layout(f"({rows},{cols}):({cols},1)")
    pic = tvlab.render(L)
    assert pic.is_raster and pic == L._repr_svg_()
    assert pic.lstrip().startswith("<?xml") and "<svg" in pic and "<text" not in pic
    assert "tvlab render: layout " + str(L) in pic  # the provenance comment, as in every output
    w, h = png_size(png_of(pic))
    assert f'width="{w}" height="{h}"' in pic
    assert w <= PAGE_PX + 100 and h <= PAGE_PX + 200  # the grid fits 1,024 px; titles, legend, notes around it
    whole = tvlab.render(L, full=True)
    assert not whole.is_raster and whole.count("<g><title>") == rows * cols
    assert len(pic) < len(whole) / 4
    out = tmp_path / "x.svg"
    code, _, err = cli("render", str(L), "-o", str(out))
    assert code == 0, err
    assert whole == out.read_text()


def test_page_size_bounds():
    """The sizes of the new format: a raster page is bounded by its canvas, not by the cell count."""
    sizes = {n: len(tvlab.render(tvlab.Layout(f"({n},{n}):({n},1)"))) for n in (128, 256, 512)}
    # An RGB24 PNG of at most ~1,124 x 1,224 px compresses well below its 4 MB of pixels; base64 adds a third.
    assert all(s < 600_000 for s in sizes.values()), sizes


def test_render_returns_the_path(tmp_path):
    L = tvlab.Layout("(4,8):(8,1)")
    for path in (tmp_path / "a.svg", str(tmp_path / "b.png"), tmp_path / "c.txt"):
        got = tvlab.render(L, path)
        assert isinstance(got, pathlib.Path) and got == pathlib.Path(path) and got.is_file()
    got = L.render(tmp_path / "d.tex")
    assert got == tmp_path / "d.tex" and got.read_text().startswith("%")
    assert (tmp_path / "a.svg").read_text() == tvlab.render(L)


def test_too_large_names_the_python_keyword():
    """Past 10^6 cells the error says force=True (Python's keyword), never the CLI's --force."""
    with pytest.raises(tvlab.InputError) as e:
        tvlab.render("(1024,1025):(1025,1)")
    msg = str(e.value)
    assert "force=True" in msg and "--force" not in msg, msg
    with pytest.raises(tvlab.InputError) as e:
        tvlab.render("(4096,1025):(1025,1)", force=True)
    msg = str(e.value)
    assert "even with force=True" in msg and "--force" not in msg, msg


def cells(svg):
    """(row, col, offset, bank or None) of every cell of a layout's whole SVG, from the tooltips."""
    out = []
    for m in re.finditer(r"<title>\((\d+),(\d+)\) -&gt; (-?\d+)(?:, bank (\d+))?</title>", svg):
        out.append((int(m.group(1)), int(m.group(2)), int(m.group(3)),
                    None if m.group(4) is None else int(m.group(4))))
    return out


@pytest.mark.parametrize("layout,value_type,bits", [
    ("Sw<3,3,3> o (8,64):(64,1)", "half_t", 16),
    ("Sw<2,4,3> o (16,32):(32,1)", "float", 32),
    ("Sw<3,4,3> o (8,128):(128,1)", "int8_t", 8),
    ("Sw<1,4,3> o (8,16):(16,1)", "double", 64),
    ("(8,32):(32,1)", "half_t", 16),
])
def test_bank_colouring(layout, value_type, bits):
    """render(L, value_type=T) colours each cell by the bank of its offset, floor(offset*bits/32) mod 32, and
    says on the picture which element size the banks assume; every cell checked against that rule and against
    the layout's own values."""
    L = tvlab.Layout(layout)
    svg = tvlab.render(L, value_type=value_type, full=True)
    assert f"banks for {bits}-bit elements ({value_type})" in svg
    got = cells(svg)
    rows = L.shape[0] if isinstance(L.shape, tuple) else L.shape
    assert len(got) == L.size()
    for r, c, off, bank in got:
        assert off == L(r + rows * c)
        assert bank == (off * bits // 32) % 32
    # The colours follow the banks: two cells share a fill exactly when their banks agree mod 16.
    fills = {}
    for m in re.finditer(r'<g><title>\((\d+),(\d+)\) -&gt; -?\d+, bank (\d+)</title><rect [^>]*fill="(#[0-9a-f]{6})"',
                         svg):
        fills.setdefault(int(m.group(3)) % 16, set()).add(m.group(4))
    assert all(len(f) == 1 for f in fills.values())
    assert len({next(iter(f)) for f in fills.values()}) == len(fills)


def test_banks_are_never_guessed(tmp_path):
    """Without a value type a swizzled layout is coloured by its offset, as the CLI draws it; a value type
    where no bank colouring applies is an error, not dropped."""
    L = tvlab.Layout("Sw<3,3,3> o (8,64):(64,1)")
    svg = tvlab.render(L)
    assert "bank" not in svg and svg == L._repr_svg_()
    with pytest.raises(tvlab.InputError, match="value type"):
        tvlab.render("(16,2):(1,16)", tile="(8,4)", value_type="half_t")
    with pytest.raises(tvlab.InputError, match="integer offsets"):
        tvlab.render("(4,8):(1@1,1@0)", value_type="half_t")
    with pytest.raises(tvlab.InputError):
        tvlab.render(L, value_type="half_float")


def test_bank_picture_equals_the_cli(cli, tmp_path):
    out = tmp_path / "x.svg"
    code, _, err = cli("render", "Sw<3,3,3> o (8,64):(64,1)", "--value-type", "half_t", "-o", str(out))
    assert code == 0, err
    assert tvlab.render(tvlab.Layout("Sw<3,3,3> o (8,64):(64,1)"), value_type="half_t") == out.read_text()


def test_without_cairo_a_large_picture_is_the_whole_svg_with_a_warning(tmp_path):
    """Cairo is loaded at run time: where it does not load, a large picture is the whole SVG, and a warning
    says why (never an exception in Jupyter's display, never a silent change)."""
    import os
    import subprocess
    import sys
    code = ("import warnings, tvlab\n"
            "with warnings.catch_warnings(record=True) as w:\n"
            "    warnings.simplefilter('always')\n"
            "    p = tvlab.render('(64,64):(64,1)')\n"
            "assert not p.is_raster and p == tvlab.render('(64,64):(64,1)', full=True), len(p)\n"
            "assert any('Cairo' in str(x.message) and '4096 cells' in str(x.message) for x in w), [str(x.message) for x in w]\n"
            "print('ok')\n")
    env = dict(os.environ, TVLAB_CAIRO_LIBRARY=str(tmp_path / "no-libcairo.so.2"))
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr
