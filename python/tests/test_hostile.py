"""Malformed input raises a Python exception (a tvlab.errors one, TypeError for a wrong kind of argument);
it never crashes the interpreter. The random part runs in a child interpreter so that a crash is seen as one."""
import os
import subprocess
import sys

import pytest

import tvlab

BAD_LAYOUTS = ["", "(", ")", "(4,8):(8,1", "(4,8):(8)", "4:1:1", "Sw<-1,3,3> o 4:1", "(" * 5000 + "4" + ")" * 5000,
               "99999999999999999999999:1", "(1000000000,1000000000,1000000000):(1,1,1)", "\x00", "\xff\xfe",
               "composition(", "frobnicate(4:1)", "_", "LayoutLeft", "Sw<3,3,3>", "smem_ptr[0b](unset) o 4:1",
               "Layout<Shape<int,_8>>{}", "1@0@1@2@3@4@5@6@7@8:1"]


@pytest.mark.parametrize("text", BAD_LAYOUTS, ids=range(len(BAD_LAYOUTS)))
def test_bad_layouts_raise(text):
    with pytest.raises((tvlab.TvlabError, TypeError)):
        tvlab.Layout(text)


def test_bad_arguments_raise():
    L = tvlab.Layout("(4,8):(8,1)")
    for call in [lambda: tvlab.composition(L), lambda: tvlab.composition(L, L, L), lambda: L(99, 99, 99),
                 lambda: L("x"), lambda: tvlab.composition(L, object()), lambda: tvlab.composition(L, 2 ** 70),
                 lambda: tvlab.get(L, -1), lambda: tvlab.Layout((4, 8), (1,)), lambda: tvlab.Layout((4, 8), "x"),
                 lambda: tvlab.upcast(L, 0), lambda: tvlab.composition(L, [L, [L, {}]]),
                 lambda: L.tv_table() if tvlab.Layout("Sw<3,3,3> o (8,64):(64,1)").stride else None,
                 lambda: tvlab.atom("XE_DPAS_TT<8,float"), lambda: tvlab.atom(""),
                 lambda: tvlab.verify({"mma": 5}), lambda: tvlab.verify(b"\x00\x01"),
                 lambda: tvlab.verify("\x00garbage\nline"), lambda: tvlab.plan({}),
                 lambda: tvlab.plan("tests/data/specs/xe_bf16_b_plain_override.json").partition(10 ** 6),
                 lambda: tvlab.plan("tests/data/specs/xe_bf16_b_plain_override.json").partition(0, "Q"),
                 lambda: tvlab.search("sm80", "no_such_type"), lambda: tvlab.search("sm80", "half_t", tile="0x1x2"),
                 lambda: tvlab.search("sm80", "half_t", threads=7)]:
        with pytest.raises((tvlab.TvlabError, TypeError, ValueError)):
            call()


def test_deep_and_wide_python_tuples_raise():
    deep = 4
    for _ in range(100000):  # deeper than any stack would take
        deep = (deep,)
    with pytest.raises(tvlab.InputError, match="deeper"):
        tvlab.composition(tvlab.Layout("(4,8):(8,1)"), deep)
    with pytest.raises(tvlab.InputError, match="more than"):
        tvlab.Layout(tuple([1] * 200000))


CHILD = r"""
import random, sys, warnings
import numpy as np
import tvlab
warnings.simplefilter("ignore")
rng = random.Random(int(sys.argv[1]))
alphabet = "()[],:_@<>o Sw0123456789-{}E" + "".join(n[0] for n, in [("c",), ("s",), ("z",)])
names = [n for n in dir(tvlab) if not n.startswith("_") and callable(getattr(tvlab, n))]
fns = [getattr(tvlab, n) for n in ("composition", "logical_divide", "zipped_divide", "logical_product",
                                   "blocked_product", "raked_product", "complement", "right_inverse",
                                   "left_inverse", "coalesce", "upcast", "downcast", "tile_to_shape",
                                   "max_common_vector", "nullspace", "size", "cosize", "get", "take", "flatten")]
seeds = ["(4,8):(8,1)", "Sw<3,3,3> o (8,64):(64,1)", "(2,(3,4)):(12,(1,3))", "8:0", "(4,2)", "(2,_)", "_", "4",
         "(16,8):(1@1,1@0)"]
ok = err = 0
for i in range(4000):
    if rng.random() < 0.5:
        s = rng.choice(seeds)
        pos = rng.randrange(len(s) + 1)
        s = s[:pos] + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 3))) + s[pos + rng.randint(0, 2):]
    else:
        s = rng.choice(seeds)
    args = [s] + [rng.choice(seeds + [rng.randint(-3, 70), (rng.randint(1, 9), rng.randint(1, 9)), None, 2.5,
                                      tvlab.Swizzle(rng.randint(0, 3), rng.randint(0, 4), rng.choice([3, 4, -4])),
                                      np.arange(rng.randint(0, 5)), (None, rng.randint(0, 3))])
                  for _ in range(rng.randint(0, 2))]
    try:
        if rng.random() < 0.2:  # evaluation, slicing and modes of the layout the text denotes
            L = tvlab.Layout(s)
            rng.choice([lambda: L(*args[1:]), lambda: L[rng.randint(-4, 4)], lambda: list(L),
                        lambda: L(np.arange(rng.randint(-3, 40)) - rng.randint(0, 3))])()
        else:
            rng.choice(fns)(*args)
        ok += 1
    except (tvlab.TvlabError, TypeError, IndexError):
        err += 1
print(ok, err)
"""


def test_random_calls_never_crash():
    env = dict(os.environ)
    p = subprocess.run([sys.executable, "-c", CHILD, "7"], capture_output=True, text=True, env=env, timeout=240)
    assert p.returncode == 0, p.stderr[-2000:]
    ok, err = map(int, p.stdout.split())
    assert ok > 100 and err > 100  # both accepted and refused inputs were reached


# --- The hostile suite of Python calls (issue 36): every wrong type a TypeError, every bad string a ParseError
# with its column, over every algebra function and argument position, Layout(), L(...), Swizzle().
import numpy as np  # noqa: E402

from tvlab import algebra  # noqa: E402

L0 = "(4,8):(8,1)"
VALID = {  # a call of each algebra function that succeeds
    "coalesce": [L0], "filter": [L0], "filter_zeros": [L0], "composition": [L0, "(2,2):(1,4)"],
    "complement": ["4:2", 24], "right_inverse": [L0], "left_inverse": [L0], "logical_divide": [L0, (2, 4)],
    "zipped_divide": [L0, (2, 4)], "tiled_divide": [L0, (2, 4)], "flat_divide": [L0, (2, 4)],
    "logical_product": ["(2,2):(1,2)", (3, 4)], "zipped_product": ["(2,2):(1,2)", (3, 4)],
    "tiled_product": ["(2,2):(1,2)", (3, 4)], "flat_product": ["(2,2):(1,2)", (3, 4)],
    "blocked_product": ["(2,2):(1,2)", "(3,4):(1,3)"], "raked_product": ["(2,2):(1,2)", "(3,4):(1,3)"],
    "tile_to_shape": ["(2,2):(1,2)", (8, 8)], "recast_layout": [16, 8, L0], "max_common_vector": [L0, L0],
    "max_common_layout": [L0, L0], "make_layout": [(4, 8)], "make_ordered_layout": [(2, 3), (1, 0)],
    "make_identity_layout": [(4, 8)], "make_composed_layout": [tvlab.Swizzle(3, 3, 3), 0, "(8,64):(64,1)"],
    "size": [L0], "cosize": [L0], "shape": [L0], "stride": [L0], "coshape": [L0], "rank": [L0], "depth": [L0],
    "crd2idx": [(1, 2), L0], "get": [L0, 1], "select": [L0, 1], "flatten": [L0], "append": [L0], "prepend": [L0],
    "ceil_div": [(8, 8), (2, 4)], "shape_div": [(8, 8), (2, 4)], "product_each": [(8, (2, 4))],
    "upcast": [L0, 2], "downcast": [L0, 2], "nullspace": ["(4,8):(0,1)"], "with_shape": [L0, (8, 4)],
    "idx2crd": [5, (4, 8)], "take": [L0, 0, 1], "group": [L0, 0, 2], "zip": ["((2,2),(3,3)):((1,2),(4,12))"],
    "as_position_independent_swizzle_layout": ["Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)"],
    "eval": ["size(4:1)"], "group_modes": [L0, 0, 2], "slice_": [L0, (None, 1)]}

BAD_TYPES = [2.5, object(), {}, {"shape": 4}, b"4:1", bytearray(b"4"), 1j, set(), frozenset(), np.float64(1.0),
             np.array([1.0]), np.array([1, 2]), True, np.bool_(True), len, type, Ellipsis, slice(1), range(3),
             [2.5], (4, object()), ((4, 2), [{}]), ("(4,8):(8,1)", 2.0)]
BAD_STRINGS = ["", "(4,8", "(4,8):(8,1", "4:1:1", ")", "@@", "frobnicate(4:1)", "size(", "Sw<3,3>", "(4,,8)", "4:", ":4",
               "(4,8):(8,1))", "composition(4:1 4:1)", "xyz", "1@", "(" * 70 + "4" + ")" * 70]


def test_valid_calls_cover_the_algebra():
    assert set(VALID) == set(algebra.ALGEBRA)
    for name, args in VALID.items():
        getattr(tvlab, name)(*args)


CASES = [(name, k) for name, args in VALID.items() for k in range(len(args))]


@pytest.mark.parametrize("name,k", CASES, ids=[f"{n}-{k}" for n, k in CASES])
def test_wrong_types_are_type_errors(name, k):
    fn = getattr(tvlab, name)
    for bad in BAD_TYPES:
        args = list(VALID[name])
        args[k] = bad
        with pytest.raises(TypeError):
            fn(*args)


@pytest.mark.parametrize("name,k", CASES, ids=[f"{n}-{k}" for n, k in CASES])
def test_bad_strings_are_parse_errors_with_a_column(name, k):
    fn = getattr(tvlab, name)
    for bad in BAD_STRINGS:
        args = list(VALID[name])
        args[k] = bad
        with pytest.raises(tvlab.ParseError) as e:
            fn(*args)
        assert isinstance(e.value.column, int) and e.value.column >= 1, (name, k, bad)
        assert f"column {e.value.column}" in str(e.value)


@pytest.mark.parametrize("name,k", CASES, ids=[f"{n}-{k}" for n, k in CASES])
def test_none_is_cutes_underscore_or_a_type_error(name, k):
    """None is CuTe's _ (a tiler's or a coordinate's mode) where the function takes one, an absent optional
    argument, or a TypeError; never another error."""
    args = list(VALID[name])
    args[k] = None
    try:
        getattr(tvlab, name)(*args)
    except TypeError:
        pass


@pytest.mark.parametrize("bad", BAD_TYPES + [None], ids=range(len(BAD_TYPES) + 1))
def test_layout_and_call_wrong_types(bad):
    if not isinstance(bad, (tuple, list, range)) or bad == [2.5]:
        with pytest.raises(TypeError):
            tvlab.Layout(bad)
    if bad is not None:  # Layout(shape, None): the compact layout
        with pytest.raises(TypeError):
            tvlab.Layout((4, 8), bad)
    L = tvlab.Layout(L0)
    int_array = isinstance(bad, np.ndarray) and bad.dtype.kind in "iu"  # L(array), Swizzle(array): evaluated
    if bad is not None and not int_array:
        with pytest.raises(TypeError):
            L(bad)
        with pytest.raises(TypeError):
            L(1, bad)
    with pytest.raises(TypeError):
        tvlab.Swizzle(3, 3, bad)
    if not isinstance(bad, (tuple, list, range, slice)):  # L[b:e] is take
        with pytest.raises(TypeError):
            L[bad]
        if not int_array:
            with pytest.raises(TypeError):
                tvlab.Swizzle(3, 3, 3)(bad)


@pytest.mark.parametrize("bad", BAD_STRINGS, ids=range(len(BAD_STRINGS)))
def test_layout_and_call_bad_strings(bad):
    for call in (lambda: tvlab.Layout(bad), lambda: tvlab.Layout(L0)(bad), lambda: tvlab.Layout(L0)(1, bad),
                 lambda: tvlab.Layout((4, 8), bad), lambda: tvlab.composition(L0, (bad, 2))):
        with pytest.raises(tvlab.ParseError) as e:
            call()
        assert e.value.column >= 1


def test_literal_hostile_calls():
    L = tvlab.Layout(L0)
    with pytest.raises(TypeError):
        tvlab.complement(L, cotarget=2.5)
    with pytest.raises(TypeError):
        tvlab.coalesce(L, target_profile={})
    with pytest.raises(TypeError):
        tvlab.logical_divide(L, tiler=object())
    with pytest.raises(TypeError):
        tvlab.composition(None, L)
    with pytest.raises(TypeError):
        tvlab.upcast(L, n=2.0)
    with pytest.raises(TypeError):
        L.complement(cotraget=24)
    with pytest.raises(tvlab.ParseError) as e:
        tvlab.Layout("(4,8):(8,1")
    assert e.value.column >= 1 and e.value.text == "(4,8):(8,1"
    with pytest.raises(tvlab.ParseError) as e:
        tvlab.composition(L, "(2,2):(1,4")
    assert e.value.column >= 1
    with pytest.raises(tvlab.ParseError):
        tvlab.Layout("Sw<3,3,3>")  # a swizzle's notation, not a layout's
    with pytest.raises(IndexError):
        L[2]
    with pytest.raises(TypeError):
        L["0"]
