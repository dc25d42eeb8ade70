"""CuTe's layout algebra with CuTe DSL's signatures: every function takes its arguments by position or by
keyword, with the parameter names of CuTe DSL (nvidia-cutlass-dsl 4.2.0, cutlass/cute/core.py), and pycute's
or CuTe C++'s where the DSL has no such function (upcast, downcast, take, nullspace, idx2crd, ...):

    >>> import tvlab
    >>> tvlab.complement("4:2", cotarget=24)
    (2,3):(1,8)
    >>> tvlab.logical_divide(target="(4,2,3):(2,1,8)", tiler="4:2")
    ((2,2),(2,3)):((4,1),(2,8))

Each is also a method of Layout (the layout as its first argument): ``L.complement(cotarget=24)``.
An optional argument left at None is absent (as in the DSL): ``coalesce(L)`` is ``coalesce(L, None)``.
Arguments: Layouts, Swizzles, ints, tuples and lists (None inside a tiler or coordinate is CuTe's _), CuTe
notation strings, or CuTe DSL objects; any other type is a TypeError. All the work is tvlab's C++ engine
(``_tvlab._call``), the same as ``tvlab eval``.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

from . import _tvlab
from ._tvlab import Layout, Swizzle, Value

_call = _tvlab._call

# What the algebra takes and gives (for the signatures; the engine checks every argument).
LayoutLike = Union[Layout, Swizzle, str, int, tuple, list, Any]
Result = Union[Layout, Swizzle, Value, int, tuple]


def _opt(name, required, *optional):
    """_call(name, *required, *optional) with the trailing absent (None) optional arguments left out."""
    optional = list(optional)
    while optional and optional[-1] is None:
        optional.pop()
    return _call(name, *required, *optional)


def _mode_path(mode):
    """The DSL's mode argument ([i, j], (i, j), or an int) as a list; None or [] is no mode."""
    if mode is None:
        return []
    if isinstance(mode, (list, tuple)):
        return list(mode)
    if isinstance(mode, int) and not isinstance(mode, bool):
        return [mode]
    raise TypeError(f"mode is an int or a list of ints (CuTe DSL's mode=[i, j]), got a {type(mode).__name__}")


def _modes(mode, modes):
    """A DSL mode list ([i, j] or (i, j)) or an int, then more ints (tvlab's get(L, i, j)), as a list."""
    if isinstance(mode, (list, tuple)):
        path = list(mode)
    else:
        path = [mode]
    return path + list(modes)


# --- functions of cutlass/cute/core.py (nvidia-cutlass-dsl 4.2.0), with its parameter names -------------

def coalesce(input: LayoutLike, target_profile: Any = None) -> Result:
    """CuTe's coalesce: merge modes while the function is unchanged; with target_profile, mode by mode
    as deep as the profile (DSL: coalesce(input, *, target_profile=None))."""
    return _opt("coalesce", (input,), target_profile)


def filter(input: LayoutLike, target_profile: Any = None) -> Result:  # noqa: A001 (CuTe's name)
    """CuTe's filter: coalesce after removing stride-0 and size-1 modes (C++: filter(layout, trg_profile))."""
    return _opt("filter", (input,), target_profile)


def filter_zeros(input: LayoutLike, target_profile: Any = None) -> Result:
    """CuTe's filter_zeros: stride-0 modes become size 1 (DSL: filter_zeros(input, *, target_profile=None));
    a target_profile is not supported yet (a LayoutError says so)."""
    return _opt("filter_zeros", (input,), target_profile)


def composition(lhs: LayoutLike, rhs: Any) -> Result:
    """CuTe's composition lhs o rhs: (lhs o rhs)(c) = lhs(rhs(c)); rhs a layout, a tiler (a tuple of
    layouts, ints and None) or a swizzle (DSL: composition(lhs, rhs))."""
    return _call("composition", lhs, rhs)


def complement(input: LayoutLike, cotarget: Any = None) -> Result:
    """CuTe's complement of input up to cotarget (default cosize(input)) (DSL: complement(input,
    cotarget))."""
    return _opt("complement", (input,), cotarget)


def right_inverse(input: LayoutLike) -> Result:
    """CuTe's right_inverse: input(right_inverse(input)(i)) == i (DSL: right_inverse(input))."""
    return _call("right_inverse", input)


def left_inverse(input: LayoutLike) -> Result:
    """CuTe's left_inverse: left_inverse(input)(input(i)) == i (DSL: left_inverse(input))."""
    return _call("left_inverse", input)


def logical_divide(target: LayoutLike, tiler: Any) -> Result:
    """CuTe's logical_divide(target, tiler) (DSL: logical_divide(target, tiler))."""
    return _call("logical_divide", target, tiler)


def zipped_divide(target: LayoutLike, tiler: Any) -> Result:
    """CuTe's zipped_divide(target, tiler): ((tile), (rest)) (DSL: zipped_divide(target, tiler))."""
    return _call("zipped_divide", target, tiler)


def tiled_divide(target: LayoutLike, tiler: Any) -> Result:
    """CuTe's tiled_divide(target, tiler): ((tile), rest0, rest1, ...) (DSL: tiled_divide(target, tiler))."""
    return _call("tiled_divide", target, tiler)


def flat_divide(target: LayoutLike, tiler: Any) -> Result:
    """CuTe's flat_divide(target, tiler): (tile0, tile1, ..., rest0, ...) (DSL: flat_divide(target, tiler))."""
    return _call("flat_divide", target, tiler)


def logical_product(block: LayoutLike, tiler: Any) -> Result:
    """CuTe's logical_product(block, tiler) (DSL: logical_product(block, tiler))."""
    return _call("logical_product", block, tiler)


def zipped_product(block: LayoutLike, tiler: Any) -> Result:
    """CuTe's zipped_product(block, tiler) (DSL: zipped_product(block, tiler))."""
    return _call("zipped_product", block, tiler)


def tiled_product(block: LayoutLike, tiler: Any) -> Result:
    """CuTe's tiled_product(block, tiler) (DSL: tiled_product(block, tiler))."""
    return _call("tiled_product", block, tiler)


def flat_product(block: LayoutLike, tiler: Any) -> Result:
    """CuTe's flat_product(block, tiler) (DSL: flat_product(block, tiler))."""
    return _call("flat_product", block, tiler)


def blocked_product(block: LayoutLike, tiler: Any) -> Result:
    """CuTe's blocked_product(block, tiler) (DSL: blocked_product(block, tiler))."""
    return _call("blocked_product", block, tiler)


def raked_product(block: LayoutLike, tiler: Any) -> Result:
    """CuTe's raked_product(block, tiler) (DSL: raked_product(block, tiler))."""
    return _call("raked_product", block, tiler)


def tile_to_shape(atom: LayoutLike, trg_shape: Any, order: Any = None) -> Result:
    """CuTe's tile_to_shape(atom, trg_shape, order) (order: a tuple, or LayoutLeft/LayoutRight; default
    column-major) (DSL: tile_to_shape(atom, trg_shape, order))."""
    return _opt("tile_to_shape", (atom, trg_shape), order)


def recast_layout(new_type_bits: int, old_type_bits: int, src_layout: LayoutLike) -> Result:
    """CuTe's recast_layout<Old, New>(src_layout): the layout in units of new_type_bits-bit elements
    (DSL: recast_layout(new_type_bits, old_type_bits, src_layout), its argument order)."""
    return _call("recast_layout", src_layout, old_type_bits, new_type_bits)


def max_common_vector(a: LayoutLike, b: LayoutLike) -> int:
    """CuTe's max_common_vector(a, b) (DSL: max_common_vector(a, b))."""
    return _call("max_common_vector", a, b)


def max_common_layout(a: LayoutLike, b: LayoutLike) -> Result:
    """CuTe's max_common_layout(a, b) (DSL: max_common_layout(a, b))."""
    return _call("max_common_layout", a, b)


def make_layout(shape: Any, *layouts: Any, stride: Any = None) -> Result:
    """CuTe's make_layout(shape, stride=...) (DSL: make_layout(shape, *, stride=None)); make_layout(L0, L1,
    ...) concatenates layouts as modes (C++ make_layout(layouts...))."""
    if layouts:
        if stride is not None:
            raise TypeError("make_layout(L0, L1, ...) takes no stride")
        return _call("make_layout", shape, *layouts)
    return _opt("make_layout", (shape,), stride)


def make_ordered_layout(shape: Any, order: Any) -> Result:
    """CuTe's make_ordered_layout(shape, order) (DSL: make_ordered_layout(shape, order))."""
    return _call("make_ordered_layout", shape, order)


def make_identity_layout(shape: Any) -> Result:
    """CuTe's make_identity_layout(shape): coordinates as values (DSL: make_identity_layout(shape))."""
    return _call("make_identity_layout", shape)


def make_composed_layout(inner: Any, offset: int, outer: LayoutLike) -> Layout:
    """CuTe DSL's make_composed_layout(inner, offset, outer): inner o offset o outer, evaluated as
    inner(offset + outer(c)); inner a Swizzle, offset an int, outer a layout (a swizzled one nests)."""
    return _tvlab.make_composed_layout(inner, offset, outer)


def size(a: LayoutLike, mode: Sequence[int] = ()) -> int:
    """CuTe's size: the domain size; with mode [i, j], of mode (i, j) (DSL: size(a, mode=[]))."""
    path = _mode_path(mode)
    if path:
        a = get(a, path)
    return _call("size", a)


def cosize(a: LayoutLike, mode: Sequence[int] = ()) -> int:
    """CuTe's cosize: the codomain size; with mode [i, j], of mode (i, j) (DSL: cosize(a, mode=[]))."""
    path = _mode_path(mode)
    if path:
        a = get(a, path)
    return _call("cosize", a)


def shape(input: LayoutLike, mode: Optional[Sequence[int]] = None) -> Result:
    """CuTe's shape, of mode [i, j] with mode (DSL: shape(input, *, mode=None))."""
    path = _mode_path(mode)
    if path:
        input = get(input, path)
    return _call("shape", input)


def stride(input: LayoutLike, mode: Optional[Sequence[int]] = None) -> Result:
    """CuTe's stride, of mode [i, j] with mode (plain layouts only, as in CuTe)."""
    path = _mode_path(mode)
    if path:
        input = get(input, path)
    return _call("stride", input)


def coshape(input: LayoutLike) -> Result:
    """CuTe's coshape: the codomain's shape."""
    return _call("coshape", input)


def rank(a: LayoutLike) -> int:
    """CuTe's rank: the number of modes (1 for an integer shape) (DSL: rank(a))."""
    return _call("rank", a)


def depth(a: LayoutLike) -> int:
    """CuTe's depth: the nesting depth (0 for an integer shape) (DSL: depth(a))."""
    return _call("depth", a)


def crd2idx(coord: Any, layout: Any, stride: Any = None) -> Result:
    """CuTe's crd2idx(coord, layout) (DSL's signature), or crd2idx(coord, shape, stride) (C++)."""
    return _opt("crd2idx", (coord, layout), stride)


def get(input: LayoutLike, mode: Union[int, Sequence[int]], *modes: int) -> Result:
    """CuTe's get<i, j...>: the mode at the path mode = [i, j] (DSL: get(input, mode)); get(L, i, j) too."""
    return _call("get", input, *_modes(mode, modes))


def select(input: LayoutLike, mode: Union[int, Sequence[int]], *modes: int) -> Result:
    """CuTe's select<i, j...>: the modes i, j, ... in that order (DSL: select(input, mode))."""
    return _call("select", input, *_modes(mode, modes))


def flatten(a: LayoutLike) -> Result:
    """CuTe's flatten: every leaf a mode (DSL: flatten(a))."""
    return _call("flatten", a)


def append(input: LayoutLike, elem: Any = None) -> Result:
    """CuTe's append: elem (default 1:0) as a last mode (DSL: append(input, elem))."""
    return _opt("append", (input,), elem)


def prepend(input: LayoutLike, elem: Any = None) -> Result:
    """CuTe's prepend: elem (default 1:0) as a first mode (DSL: prepend(input, elem))."""
    return _opt("prepend", (input,), elem)


def ceil_div(input: Any, tiler: Any) -> Result:
    """CuTe's ceil_div(input, tiler) (DSL: ceil_div(input, tiler))."""
    return _call("ceil_div", input, tiler)


def shape_div(lhs: Any, rhs: Any) -> Result:
    """CuTe's shape_div(lhs, rhs) (DSL: shape_div(lhs, rhs))."""
    return _call("shape_div", lhs, rhs)


def product_each(a: Any) -> Result:
    """CuTe's product_each: the size of each mode (DSL: product_each(a))."""
    return _call("product_each", a)


# --- CuTe C++ functions the DSL does not have (pycute's or C++'s names) -----------------------------------

def upcast(input: LayoutLike, n: int) -> Result:
    """CuTe's upcast<n>(input): n elements become one (a swizzle's M moves down by log2 n)."""
    return _call("upcast", input, n)


def downcast(input: LayoutLike, n: int) -> Result:
    """CuTe's downcast<n>(input): one element becomes n."""
    return _call("downcast", input, n)


def as_position_independent_swizzle_layout(input: LayoutLike) -> Result:
    """CuTe's as_position_independent_swizzle_layout: Sw o smem_ptr[W] o L as an element-index swizzle."""
    return _call("as_position_independent_swizzle_layout", input)


def nullspace(input: LayoutLike) -> Result:
    """CuTe's nullspace: the layout of the coordinates input maps to 0."""
    return _call("nullspace", input)


def with_shape(input: LayoutLike, shape: Any) -> Result:
    """CuTe's layout.with_shape(shape) = composition(input, make_layout(shape))."""
    return _call("with_shape", input, shape)


def idx2crd(idx: Any, shape: Any, stride: Any = None) -> Result:
    """CuTe's idx2crd(idx, shape[, stride]) (pycute's idx2crd(idx, shape, stride=None))."""
    return _opt("idx2crd", (idx, shape), stride)


def take(input: LayoutLike, begin: int, end: int) -> Result:
    """CuTe's take<begin, end>: modes [begin, end)."""
    return _call("take", input, begin, end)


def group(input: LayoutLike, begin: int, end: int) -> Result:
    """CuTe's group<begin, end>: modes [begin, end) as one mode (DSL: group_modes(input, begin, end))."""
    return _call("group", input, begin, end)


def group_modes(input: LayoutLike, begin: int, end: int) -> Result:
    """CuTe DSL's group_modes(input, begin, end): CuTe's group<begin, end>, modes [begin, end) as one."""
    return _call("group", input, begin, end)


def slice_(src: LayoutLike, coord: Any) -> Layout:
    """CuTe DSL's slice_(src, coord): CuTe's slice(coord, layout), the modes coord leaves as None (CuTe's _),
    as L(coord) gives it (src a layout)."""
    if not isinstance(src, Layout):
        src = Layout(src)
    if isinstance(coord, str):  # notation: a bad one is a ParseError; _ is None here
        _tvlab.eval(coord)
        raise TypeError("slice_ takes its coordinate as a tuple with None for CuTe's _, not a str")
    if not _has_underscore(coord):  # CuTe's slice keeps no mode: the empty layout (cute/underscore.hpp)
        return Layout((), ())
    return src(coord)


def _has_underscore(coord):
    """Whether coord (an int, None, or a tuple/list of those) holds None; a TypeError for other types."""
    if coord is None:
        return True
    if isinstance(coord, (tuple, list)):
        return any([_has_underscore(c) for c in coord])
    if isinstance(coord, int) and not isinstance(coord, bool):
        return False
    dtype = getattr(coord, "dtype", None)  # a numpy integer scalar
    if dtype is not None and getattr(coord, "ndim", 1) == 0 and dtype.kind in "iu":
        return False
    raise TypeError(f"a coordinate holds ints, tuples and None (CuTe's _), got a {type(coord).__name__}")


def zip(a: LayoutLike, b: Any = None) -> Result:  # noqa: A001 (CuTe's name)
    """CuTe's zip: the i-th elements of every mode together (zip(a, b): of a and b)."""
    return _opt("zip", (a,), b)


def eval(text: str) -> Result:  # noqa: A001 (tvlab eval's name)
    """An expression as ``tvlab eval`` evaluates it: tvlab.eval("size(logical_divide((4,2,3):(2,1,8),4:2))")."""
    return _tvlab.eval(text)


ALGEBRA = [
    "coalesce", "filter", "filter_zeros", "composition", "complement", "right_inverse", "left_inverse",
    "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product", "zipped_product",
    "tiled_product", "flat_product", "blocked_product", "raked_product", "tile_to_shape", "recast_layout",
    "max_common_vector", "max_common_layout", "make_layout", "make_ordered_layout", "make_identity_layout",
    "make_composed_layout", "size", "cosize", "shape", "stride", "coshape", "rank", "depth", "crd2idx", "get",
    "select", "flatten", "append", "prepend", "ceil_div", "shape_div", "product_each", "upcast", "downcast",
    "as_position_independent_swizzle_layout", "nullspace", "with_shape", "idx2crd", "take", "group", "zip",
    "eval", "group_modes", "slice_"]

# Layout methods: the functions whose first argument is the layout (shape and stride are properties;
# make_*, crd2idx, idx2crd and eval do not start with a layout).
_NOT_METHODS = {"shape", "stride", "make_layout", "make_ordered_layout", "make_identity_layout",
                "make_composed_layout", "crd2idx", "idx2crd", "eval", "recast_layout"}
METHODS = [n for n in ALGEBRA if n not in _NOT_METHODS]


def _recast_method(self, new_type_bits: int, old_type_bits: int) -> Result:
    """recast_layout(new_type_bits, old_type_bits, self)."""
    return recast_layout(new_type_bits, old_type_bits, self)


def _install_methods():
    g = globals()
    for name in METHODS:
        setattr(Layout, name, g[name])
    Layout.recast_layout = _recast_method
    # The compiled classes' constructors, for inspect.signature and help() (a nanobind type has no
    # __text_signature__).
    import inspect
    P = inspect.Parameter
    Layout.__signature__ = inspect.Signature([P("layout", P.POSITIONAL_OR_KEYWORD),
                                              P("stride", P.POSITIONAL_OR_KEYWORD, default=None)])
    Swizzle.__signature__ = inspect.Signature([P(n, P.POSITIONAL_OR_KEYWORD, annotation=int) for n in "bms"])


_install_methods()


class _ComposedLayoutType(type):
    def __instancecheck__(cls, x):
        return isinstance(x, Layout) and x.swizzled


class ComposedLayout(metaclass=_ComposedLayoutType):
    """CuTe's ComposedLayout inner o offset o outer (CuTe DSL's cute.ComposedLayout): ComposedLayout(inner,
    offset, outer) is make_composed_layout(inner, offset, outer), a tvlab.Layout with .inner (a Swizzle),
    .offset and .outer; isinstance(L, ComposedLayout) holds for every swizzled Layout."""

    def __new__(cls, inner: Any, offset: int, outer: LayoutLike) -> Layout:  # type: ignore[misc]
        return make_composed_layout(inner, offset, outer)


def make_swizzle(b: int, m: int, s: int) -> Swizzle:
    """CuTe DSL's make_swizzle(b, m, s): Swizzle(b, m, s); b == 0 gives Sw<0,4,3>, the identity swizzle the
    DSL canonicalises to (cutlass/cute/core.py, make_swizzle)."""
    if isinstance(b, int) and not isinstance(b, bool) and b == 0:
        m, s = 4, 3
    return Swizzle(b, m, s)


__all__ = ALGEBRA + ["ComposedLayout", "make_swizzle"]
