# Type stubs of tvlab._tvlab, the compiled half of the package (py.typed marks the package as typed).
# Made with nanobind's stubgen (python -m nanobind.stubgen -m tvlab._tvlab -p python/stubgen_patterns.txt,
# with build/python on the path) and its import block replaced by the one below: Layout's algebra methods come
# from tvlab/algebra.py (stubgen_patterns.txt declares them). python/tests/test_stubs.py holds this file to the
# module: every public name, method and property, and the algebra methods' parameters.
import collections.abc
from collections.abc import Iterator
from typing import Any

import numpy
import numpy.typing


class Swizzle:
    """
    CuTe's Swizzle<B,M,S> (CuTe DSL: cute.make_swizzle(b, m, s)): xors the B bits above M+max(0,S) into the B bits above M-min(0,S). Swizzle(3, 3, 3)(72) == 64; str: Sw<3,3,3>.
    """

    def __init__(self, b: object, m: object, s: object) -> None: ...

    def __call__(self, offset: object) -> object:
        """
        The swizzled offset: Swizzle(3,3,3)(72) == 64 (an int ndarray: element-wise).
        """

    def __repr__(self) -> str: ...

    def __str__(self) -> str: ...

    def __eq__(self, arg: object, /) -> bool: ...

    def __hash__(self) -> int: ...

    @property
    def bits(self) -> int:
        """B: the number of bits xor-ed."""

    @property
    def base(self) -> int:
        """M: the least-significant bits kept."""

    @property
    def shift(self) -> int:
        """S: the distance the mask moves."""

    @property
    def num_bits(self) -> int:
        """B (CuTe's Swizzle::num_bits)."""

    @property
    def num_base(self) -> int:
        """M (CuTe's Swizzle::num_base)."""

    @property
    def num_shft(self) -> int:
        """S (CuTe's Swizzle::num_shft)."""

    @property
    def yyy_msk(self) -> int:
        """The mask of the bits read."""

    @property
    def zzz_msk(self) -> int:
        """The mask of the bits written."""

class Value:
    """
    A CuTe value that is not a layout or an integer tuple: a tiler holding layouts or _, a swizzle, _, LayoutLeft/LayoutRight, or a tuple holding scaled bases (1@0).
    """

    def __repr__(self) -> str: ...

    def __str__(self) -> str: ...

    def __eq__(self, arg: object, /) -> bool: ...

    def __hash__(self) -> int: ...

class Layout:
    """
    A CuTe layout, plain, composed (swizzled) or nested composed: Layout("(8,64):(64,1)"), Layout("Sw<3,3,3> o (8,64):(64,1)"), Layout((4,8)) (compact), Layout((4,8), (8,1)), or a CuTe DSL layout. len(L) is its rank, L[i] its mode i, L(i) / L(i, j) its value, L(None, j) CuTe's slice.
    """

    def __init__(self, layout: object, stride: object | None = None) -> None: ...

    def __call__(self, *coord: Any) -> Any:
        """L(i), L(i, j), L((i, j)); L(None, j) a slice; integer ndarrays give an ndarray."""

    def __repr__(self) -> str: ...

    def __str__(self) -> str: ...

    def __eq__(self, arg: object, /) -> bool: ...

    def __hash__(self) -> int: ...

    def __len__(self) -> int:
        """The rank (pycute's len)."""

    def __getitem__(self, mode: int | slice) -> Layout:
        """Mode i as a Layout; L[b:e] is take(L, b, e)."""

    def __iter__(self) -> Iterator[Layout]:
        """The modes, L[0], L[1], ..."""

    @property
    def shape(self) -> object:
        """The shape (an int or tuple)."""

    @property
    def stride(self) -> object:
        """The stride (plain layouts only, as in CuTe)."""

    @property
    def swizzled(self) -> bool:
        """
        Whether this is a composed (swizzled) layout Sw o k o L, or a nested one Sw o k o Sw' o k' o L.
        """

    @property
    def inner(self) -> object:
        """
        A composed layout's inner function Sw of Sw o k o L, a Swizzle (CuTe DSL's ComposedLayout.inner).
        """

    @property
    def offset(self) -> object:
        """
        A composed layout's offset k of Sw o k o L (CuTe DSL's ComposedLayout.offset).
        """

    @property
    def outer(self) -> object:
        """
        A composed layout's outer layout L of Sw o k o L, applied first (CuTe DSL's ComposedLayout.outer); of a nested one, the composed layout inside.
        """

    def tv_table(self) -> numpy.typing.NDArray[numpy.int64]:
        """The layout as a NumPy table (rows: mode 0; columns: the rest)."""
    def coalesce(self, target_profile: Any = None) -> Any: ...
    def filter(self, target_profile: Any = None) -> Any: ...
    def filter_zeros(self, target_profile: Any = None) -> Any: ...
    def composition(self, rhs: Any) -> Any: ...
    def complement(self, cotarget: Any = None) -> Any: ...
    def right_inverse(self) -> Any: ...
    def left_inverse(self) -> Any: ...
    def logical_divide(self, tiler: Any) -> Any: ...
    def zipped_divide(self, tiler: Any) -> Any: ...
    def tiled_divide(self, tiler: Any) -> Any: ...
    def flat_divide(self, tiler: Any) -> Any: ...
    def logical_product(self, tiler: Any) -> Any: ...
    def zipped_product(self, tiler: Any) -> Any: ...
    def tiled_product(self, tiler: Any) -> Any: ...
    def flat_product(self, tiler: Any) -> Any: ...
    def blocked_product(self, tiler: Any) -> Any: ...
    def raked_product(self, tiler: Any) -> Any: ...
    def tile_to_shape(self, trg_shape: Any, order: Any = None) -> Any: ...
    def max_common_vector(self, b: Any) -> int: ...
    def max_common_layout(self, b: Any) -> Any: ...
    def size(self, mode: Any = ()) -> int: ...
    def cosize(self, mode: Any = ()) -> int: ...
    def coshape(self) -> Any: ...
    def rank(self) -> int: ...
    def depth(self) -> int: ...
    def get(self, mode: Any, *modes: Any) -> Any: ...
    def select(self, mode: Any, *modes: Any) -> Any: ...
    def flatten(self) -> Any: ...
    def append(self, elem: Any = None) -> Any: ...
    def prepend(self, elem: Any = None) -> Any: ...
    def ceil_div(self, tiler: Any) -> Any: ...
    def shape_div(self, rhs: Any) -> Any: ...
    def product_each(self) -> Any: ...
    def upcast(self, n: int) -> Any: ...
    def downcast(self, n: int) -> Any: ...
    def as_position_independent_swizzle_layout(self) -> Any: ...
    def nullspace(self) -> Any: ...
    def with_shape(self, shape: Any) -> Any: ...
    def take(self, begin: int, end: int) -> Any: ...
    def group(self, begin: int, end: int) -> Any: ...
    def zip(self, b: Any = None) -> Any: ...
    def group_modes(self, begin: int, end: int) -> Any: ...
    def slice_(self, coord: Any) -> Any: ...
    def recast_layout(self, new_type_bits: int, old_type_bits: int) -> Any: ...

    def render(self, path: Any = None, **options: Any) -> Any:
        """This object's picture: tvlab.render(self, path, **options) (tvlab/__init__.py)."""

def make_composed_layout(inner: object, offset: object, outer: object) -> object:
    """
    CuTe DSL's make_composed_layout(inner, offset, outer): inner o offset o outer, evaluated as inner(offset + outer(c)); inner a Swizzle, offset an int, outer a layout (a swizzled outer nests).
    """

def check_divergence(function: str, a: object, b: object) -> dict:
    """
    Whether CuTe's function(a, b) (composition, logical_divide or logical_product) is the function its
    definition names: a dict with result (CuTe's), verdict ('equal': proven from the layouts' structure
    or every index; 'differs': witness holds the index; 'not decided': a large result whose structure
    does not decide it, compared at a bounded sample only), how, evaluated (indices) and witness.
    It runs whatever tvlab.options(divergence_check=...) says (the switch governs the warnings).
    """

def eval(text: str) -> object:
    """
    An expression as `tvlab eval` evaluates it: tvlab.eval('size(logical_divide(...))').
    """

class Atom:
    """An MMA or copy atom of tvlab's registry (`tvlab show NAME`)."""

    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def arch(self) -> str: ...

    @property
    def shape_mnk(self) -> object:
        """(M, N, K) of an MMA atom; None for a copy atom."""

    @property
    def layouts(self) -> dict:
        """
        The atom's layouts as CuTe defines them: MMA thr_id, A, B, C (TV -> element of the M x K, N x K, M x N tile); copy thr_id, src, dst, ref ((thread, bit) -> bit, before the value type).
        """

    @property
    def value_type(self) -> object:
        """
        The type a copy atom's values are counted in (its view, as Copy_Atom<Op, T>'s T); None for an MMA atom.
        """

    def text(self) -> str:
        """What `tvlab show NAME` prints."""

    def json(self) -> object:
        """`tvlab show NAME --json`, as Python objects."""

    def __repr__(self) -> str: ...

    def render(self, path: Any = None, **options: Any) -> Any:
        """This object's picture: tvlab.render(self, path, **options) (tvlab/__init__.py)."""

def atom(name: str, value_type: str | None = None) -> Atom:
    """
    The atom NAME as tvlab's registry builds it (`tvlab show NAME [--value-type T]`; a copy atom is viewed in T, else in Copy_Atom<Op, T>'s T, else in the unsigned type of its width).
    """

class Banks:
    """
    One shared-memory instruction's wavefronts and bank conflicts (`tvlab banks`).
    """

    @property
    def wavefronts(self) -> int: ...

    @property
    def ideal_wavefronts(self) -> int: ...

    @property
    def bank_conflicts(self) -> int: ...

    @property
    def suggestion(self) -> object:
        """
        The cheapest conflict-free layout found for a conflicted access (None: conflict-free, cp.async, or none found).
        """

    def text(self) -> str:
        """What `tvlab banks` prints."""

    def json(self) -> object:
        """`tvlab banks --json`, as Python objects."""

    def __repr__(self) -> str: ...

class Reorder:
    """The subgroup reorder between two TV layouts (`tvlab reorder`)."""

    @property
    def noop(self) -> bool: ...

    @property
    def kind(self) -> str: ...

    @property
    def movs(self) -> int: ...

    @property
    def rlayout(self) -> object: ...

    def text(self) -> str:
        """What `tvlab reorder` prints."""

    def json(self) -> object:
        """`tvlab reorder --json`."""

    def __repr__(self) -> str: ...

def reorder(src: str, dst: str, source_type: str = 'float', destination_type: str = 'float') -> Reorder:
    """
    The Xe subgroup reorder from TV layout src to dst, (T,V) -> coordinate of 16 work-items, as `tvlab reorder --src --dst --types S,D` explains it.
    """

class Descriptor:
    """A GMMA/UMMA shared-memory descriptor (`tvlab desc`)."""

    @property
    def value(self) -> int: ...

    def text(self) -> str:
        """What `tvlab desc` prints."""

    def json(self) -> object:
        """`tvlab desc --json`."""

    def __repr__(self) -> str: ...

def desc(layout: str, type: str, major: str, arch: str = 'sm90', mn: int = 0) -> Descriptor:
    """
    The shared-memory descriptor of a (swizzled) smem tile for GMMA (sm90) or UMMA (sm100), as `tvlab desc LAYOUT --type T --major K|MN [--arch] [--mn]` computes it; not canonical raises LayoutError naming CuTe's rule.
    """

def banks(smem: str, tv: str, type: str, op: str, gmem: str | None = None, arch: str = 'nvidia') -> Banks:
    """
    One warp-wide shared-memory instruction's bank conflicts, as `tvlab banks` computes them: smem (tile coordinate -> element offset), tv ((lane, v) -> tile index), type, op (ld, st, cp.async, ldmatrix.x4[.trans], stmatrix...), gmem (cp.async's global sources), arch nvidia or xe.
    """

def atoms(arch: str | None = None) -> list[str]:
    """
    The atom families (signatures), optionally of one arch (`tvlab atoms`).
    """

class Plan:
    """What tvlab builds from a spec: the TiledMMA and each operand's copy."""

    @property
    def config(self) -> str:
        """The C++ configuration's name ("" for JSON)."""

    @property
    def source(self) -> str: ...

    @property
    def warnings(self) -> list[str]:
        """What the spec reader warned about (as `tvlab plan` prints on stderr)."""

    def text(self) -> str:
        """What `tvlab plan SPEC` prints."""

    def json(self) -> object:
        """What `tvlab plan SPEC --json` prints, as Python objects."""

    @property
    def operands(self) -> list[str]:
        """The operands and copies partition() takes."""

    def partition(self, thread: int, operand: str | None = None, table: bool = True) -> str:
        """
        What `tvlab plan SPEC --thread T [--operand X] [--no-table]` prints: thread T's tensors as CuTe prints them, and (table) every value's coordinate and offsets.
        """

    def partition_json(self, thread: int, operand: str | None = None) -> object:
        """`tvlab plan SPEC --thread T --json`, as Python objects."""

    def render(self, path: Any = None, **options: Any) -> Any:
        """This object's picture: tvlab.render(self, path, **options) (tvlab/__init__.py)."""

class Report:
    """
    What `tvlab verify` reports: every check with its verdict and witnesses.
    """

    @property
    def passed(self) -> bool:
        """
        True when no check failed (with strict, no warning either): `tvlab verify`'s exit code 0.
        """

    def text(self) -> str:
        """`tvlab verify SPEC`'s text."""

    def json(self) -> object:
        """`tvlab verify --format json`, as Python objects."""

    def junit(self) -> str: ...

    def proof(self, format: str = 'md') -> str:
        """The proof document (`tvlab verify --proof FILE.md|.tex`)."""

    @property
    def checks(self) -> list[dict]:
        """Every check of every report (tvlab/__init__.py)."""
