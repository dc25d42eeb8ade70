"""tvlab: CuTe's layout algebra, the atoms, the checker and the pictures, in Python.

    >>> import tvlab
    >>> L = tvlab.Layout("(4,8):(8,1)")
    >>> tvlab.composition(L, tvlab.Layout("(2,2):(1,4)"))
    (2,2):(8,1)
    >>> L(1, 2), L.size()
    (10, 32)

Every function of ``tvlab eval`` is a function here and a method of Layout, with CuTe's names and
arguments (layouts, ints, tuples, None for ``_``, CuTe notation strings, or any object whose str() is
CuTe notation, such as CuTe DSL's layouts). Errors are tvlab.errors exceptions carrying CuTe's condition
name; a CuTe result that is not the function its definition names comes with a DivergenceWarning.

Specs (a dict, a JSON or C++ file, JSON or C++ text, what CuTe's print() printed, or a CuTe DSL TiledMma /
TiledCopy) go to plan() and verify(); atom(name) gives an atom; search() ranks configurations. Layouts,
atoms, plans and reports show as pictures in Jupyter; render() writes .svg, .png, .pdf, .tex or .txt.
"""

import json as _json
import os as _os
import pathlib as _pathlib

from . import errors
from .errors import (AtomError, DivergenceWarning, InputError, LayoutError, ParseError, SpecError,
                     TvlabError)
from ._tvlab import *  # noqa: F401,F403  (Layout, Swizzle, Value, Atom, Plan, Report, ...)
from ._tvlab import Atom, Layout, Plan, Report, Swizzle, Value  # noqa: F401
from . import _tvlab
from .algebra import *  # noqa: F401,F403  (the algebra with CuTe DSL's keywords; Layout's methods)
from .algebra import ComposedLayout, make_swizzle  # noqa: F401
from ._options import options  # noqa: F401  (tvlab.options(divergence_check=False))
from . import dsl as _dsl

__version__ = "0.1.0"

_CPP_SUFFIXES = (".hpp", ".h", ".hh", ".cpp", ".cc", ".cu", ".cuh", ".cxx")


def _spec_text(spec):
    """(text, source) of a spec argument: a dict (a JSON spec; other objects in it as their str(), so a CuTe
    DSL TiledMma may stand where its print would), an os.PathLike or a str naming an existing
    file, other str (JSON, C++ or CuTe print text), or an object whose str() is CuTe's print (CuTe DSL's
    TiledMma / TiledCopy)."""
    if isinstance(spec, dict):  # CuTe DSL objects in it converted from the objects (tvlab.dsl), others as str()
        return _json.dumps(_dsl.spec_objects(spec), default=str), "<dict>"
    as_spec = _dsl.object_spec(spec)  # a CuTe DSL TiledMma / TiledCopy alone: its print and its atom's name
    if as_spec is not None:
        return _json.dumps(as_spec), f"<{_dsl.kind(spec)}>"
    if isinstance(spec, _os.PathLike) or (isinstance(spec, str) and "\n" not in spec and
                                          _os.path.isfile(spec)):
        path = _os.fspath(spec)
        try:
            with open(path, "rb") as f:
                data = f.read((16 << 20) + 1)
        except OSError as e:
            raise SpecError(f"{path}: cannot read: {e.strerror}") from None
        if len(data) > 16 << 20:
            raise SpecError(f"{path}: larger than 16 MiB")
        return data.decode("utf-8", errors="replace"), path
    if isinstance(spec, str):
        if spec.endswith(".json") or spec.endswith(_CPP_SUFFIXES):
            raise SpecError(f"{spec}: no such file")
        return spec, "<text>"
    return str(spec), f"<{type(spec).__name__}>"


def _bindings(bind):
    if bind is None:
        return []
    if isinstance(bind, dict):
        return [f"{k}={v}" for k, v in bind.items()]
    return list(bind)


def plans(spec, config=None, bind=None):
    """Every plan of a spec (a C++ file may hold several configurations): a list of Plan."""
    text, source = _spec_text(spec)
    return _tvlab._load_plans(text, source, config or "", _bindings(bind))


def plan(spec, config=None, bind=None):
    """What tvlab builds from a spec (``tvlab plan``): a Plan, with .text(), .json(), .partition(thread).

    config names the C++ configuration of a file holding several; bind completes one (``{"problem":
    "make_shape(4096,4096,4096,1)"}`` or ``["A.alignment=8"]``), as ``--bind`` does."""
    ps = plans(spec, config, bind)
    if len(ps) != 1:
        names = ", ".join(p.config for p in ps)
        raise SpecError(f"the spec holds {len(ps)} configurations ({names}): name one with config=")
    return ps[0]


def verify(spec, config=None, bind=None, strict=False):
    """Verify a spec (``tvlab verify``): a Report with .passed, .checks, .text(), .json(), .proof().

    A C++ file's configurations are all verified unless config names one. strict: warnings fail too."""
    return _tvlab._verify_plans(plans(spec, config, bind), strict)


def search(arch, types, layout="TN", tile="128x128x32", threads=128, stages=0, align_a=0, align_b=0,
           only=(), top=10, jobs=1, max_evaluations=20000):
    """Every configuration of a mainloop, verified and ranked (``tvlab search``).

    arch "sm80" or "xe"; types "half_t" or ("bfloat16_t", "int8_t"[, C]); layout "TN"/"NT"/"NN"/"TT";
    tile "128x128x32", (128, 128, 32) or a list of those; threads an int or a list; only knob filters
    ["A.s2r=..."]. Returns a SearchResult: .rows (dicts), .text(), .json(), .cpp(row) (the row as C++)."""
    if isinstance(types, str):
        types = types.split(",")
    tiles = [tile] if isinstance(tile, str) or (isinstance(tile, tuple) and tile and
                                                isinstance(tile[0], int)) else list(tile)
    threads = [threads] if isinstance(threads, int) else list(threads)
    return SearchResult(_tvlab._search(arch, list(types), layout, tiles, threads, stages, align_a, align_b,
                                       list(only), top, jobs, max_evaluations))


class SearchResult:
    """The result of search(): rows best first."""

    def __init__(self, raw):
        self._raw = raw

    @property
    def rows(self):
        return self._raw["json"]["rows"]

    def text(self):
        return self._raw["text"]

    def json(self):
        return self._raw["json"]

    def cpp(self, row=1):
        """Row `row` (1 = the best) as the C++ CollectiveMma declarations (``--emit cpp --row N``)."""
        if not 1 <= row <= len(self._raw["cpp"]):
            raise InputError(f"row {row}: the search has {len(self._raw['cpp'])} rows", "row")
        return self._raw["cpp"][row - 1]

    def __repr__(self):
        return self.text()


def banks(smem, tv, type, op, gmem=None, arch="nvidia", warp=None):
    """One warp-wide shared-memory instruction's bank conflicts (``tvlab banks``): smem (tile coordinate -> element
    offset) and tv ((thread, value) -> tile index) as CuTe notation, tvlab Layouts or CuTe DSL layouts (a composed
    layout S<B,M,S> o 0 o L included); type, op (ld, st, cp.async, ldmatrix.x4[.trans], stmatrix...), gmem
    (cp.async's global sources), arch nvidia or xe. A TV of more threads than a warp (a TiledCopy's 128) needs warp=W:
    threads 32W..32W+31, CuTe's per-warp view."""
    return _tvlab.banks(_dsl.notation(smem, "smem"), _dsl.notation(tv, "tv"), type, op,
                        None if gmem is None else _dsl.notation(gmem, "gmem"), arch, warp)


def _report_checks(self):
    """Every check of every report: dicts with code, verdict, message and witnesses (the JSON's)."""
    out = []
    for r in self.json()["specs"]:
        for c in r["checks"]:
            out.append(dict(c, spec=r.get("spec")))
    return out


Report.checks = property(_report_checks)


def _report_html(self):
    """A report in Jupyter: the verdict, then each check as `tvlab verify` prints it (failures in red)."""
    import html
    j = self.json()
    s = j["summary"]
    colour = "#1a7f37" if self.passed else "#cf222e"
    head = (f'<p><b style="color:{colour}">{"PASSED" if self.passed else "FAILED"}</b> &mdash; '
            f'{s["proved"]} proved, {s["refuted"]} refuted, {s["unknown"]} unknown</p>')
    lines = []
    for line in self.text().splitlines():
        esc = html.escape(line)
        if line.lstrip().startswith(("FAIL", "fail")):
            esc = f'<span style="color:#cf222e">{esc}</span>'
        elif line.lstrip().startswith(("warn", "WARN")):
            esc = f'<span style="color:#9a6700">{esc}</span>'
        lines.append(esc)
    return head + "<pre>" + "\n".join(lines) + "</pre>"


Report._repr_html_ = _report_html
Report.__repr__ = lambda self: self.text()
Plan.__repr__ = lambda self: self.text()


def _render_subject(x, config, bind):
    """(what, spec_text, config, bind, value_type) of render()'s subject x."""
    if isinstance(x, Layout):
        return str(x), None, "", [], ""
    if isinstance(x, Atom):
        return x.name, None, "", [], x.value_type or ""
    if isinstance(x, Plan):
        return x.source, x._spec_text(), x.config, list(x._bind()), ""
    if _dsl.kind(x) in ("TiledMma", "TiledCopy"):  # a CuTe DSL TiledMma / TiledCopy: the spec it stands for
        text, source = _spec_text(x)
        return source, text, "", [], ""
    if isinstance(x, (dict, _os.PathLike)) or (isinstance(x, str) and "\n" not in x and
                                                (_os.path.isfile(x) or x.endswith(".json"))):
        text, source = _spec_text(x)
        return source, text, config or "", _bindings(bind), ""
    if isinstance(x, str) and "\n" in x:  # spec text (JSON, C++, a print)
        return "<text>", x, config or "", _bindings(bind), ""
    # An expression or an atom name as `tvlab render WHAT` takes it; CuTe DSL's layouts by their str().
    return str(x), None, "", [], ""


def render(x, path=None, view="", operand="", tile="", value_type="", thread=None, tensor="", config=None,
           bind=None, reorder=None, smem="", tv="", type="", op="", colorblind=False, force=False,
           full=False):
    """Draw x as ``tvlab render`` does: a Layout, an Atom, a Plan, a spec (dict, file, text), a layout
    expression or an atom name.

    With path (.svg .png .pdf .tex .txt) the file is written (whole or not at all) and its path returned (a
    pathlib.Path). Without, a Picture (SVG text Jupyter shows) sized for a page: the whole SVG up to 2,048
    cells, past that a PNG (Cairo) inside an SVG, tens of kilobytes where the whole SVG would take
    megabytes; full=True gives the whole SVG whatever its size.

    The keywords are render's options: view ("layout", "tv", "mma", "copy", "subgroup", "slm", "reorder",
    "banks", "partition", "tmem", "tmem-copy"), operand, tile "(8,4)", value_type (a copy atom's value type;
    for a layout, plain or swizzled, its element type: the cells are coloured by the shared-memory bank of
    their offset, and the picture names the element size), thread and tensor (view "partition"), reorder
    (SRC_TV, DST_TV), smem/tv/type/op (view "banks" of one instruction), colorblind, force (pictures of up
    to 2^22 cells instead of 10^6)."""
    what, spec_text, cfg, binds, atom_type = _render_subject(x, config, bind)
    smem = _dsl.notation(smem, "smem") if smem != "" else ""
    tv = _dsl.notation(tv, "tv") if tv != "" else ""
    value_type = value_type or atom_type
    if reorder is not None:
        what = ""
    out = _tvlab._render(what, spec_text, cfg, binds, view, operand, tile, value_type, thread, tensor,
                         list(reorder or []), smem, tv, type, op, colorblind, force,
                         None if path is None else _os.fspath(path), full)
    return _pathlib.Path(_os.fspath(path)) if out is None else Picture(out)


class Picture(str):
    """A picture as SVG text, which Jupyter shows (render() without a path): tvlab.render(L, tile="(8,4)").

    Sized for a page: a large picture is a PNG inside the SVG (see render()); .is_raster says which."""

    def _repr_svg_(self):
        return str(self)

    @property
    def is_raster(self):
        """Whether the picture is a PNG inside an SVG (more than 2,048 cells) rather than vector drawing."""
        return 'xlink:href="data:image/png;base64,' in self

    def __repr__(self):
        kind = "SVG holding a PNG" if self.is_raster else "SVG"
        return f"<tvlab.Picture: {len(self)} bytes of {kind}>"


def _render_method(self, path=None, **options):
    """This object's picture: render(self, path, **options) (see tvlab.render)."""
    return render(self, path, **options)


Layout.render = Atom.render = Plan.render = _render_method
