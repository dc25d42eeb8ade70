"""tvlab.Layout and the algebra: CuTe's printed results, the CLI's answers, and brute force."""
import itertools
import random
import warnings

import numpy as np
import pytest

import tvlab

# (expression as tvlab eval takes it, the same call in Python, CuTe's printed result)
LITERALS = [
    ("composition((10,2):(16,4),(5,4):(1,5))",
     lambda: tvlab.composition("(10,2):(16,4)", "(5,4):(1,5)"), "(5,(2,2)):(16,(80,4))"),
    ("complement(4:2,24)", lambda: tvlab.complement(tvlab.Layout("4:2"), 24), "(2,3):(1,8)"),
    ("logical_divide((4,2,3):(2,1,8),4:2)",
     lambda: tvlab.Layout("(4,2,3):(2,1,8)").logical_divide("4:2"), "((2,2),(2,3)):((4,1),(2,8))"),
    ("right_inverse(Sw<3,3,3> o (8,64):(64,1))",
     lambda: tvlab.Layout("Sw<3,3,3> o (8,64):(64,1)").right_inverse(), "Sw<3,0,-6> o 0 o (64,8):(8,1)"),
    ("upcast(Sw<3,3,3> o (8,64):(64,1),2)",
     lambda: tvlab.upcast(tvlab.Layout("Sw<3,3,3> o (8,64):(64,1)"), 2), "Sw<3,2,3> o 0 o (8,32):(32,1)"),
    ("composition((64,8):(8,1),Sw<3,0,3> o (8,8):(8,1))",
     lambda: tvlab.composition(tvlab.Layout("(64,8):(8,1)"), tvlab.Layout("Sw<3,0,3> o (8,8):(8,1)")),
     "Sw<3,3,3> o 0 o (8,8):(64,8)"),
    ("tile_to_shape(Sw<3,3,3> o (8,64):(64,1), (128,64))",
     lambda: tvlab.tile_to_shape(tvlab.Layout("Sw<3,3,3> o (8,64):(64,1)"), (128, 64)), None),
    ("zipped_divide((4,8):(8,1),(2,4))", lambda: tvlab.zipped_divide("(4,8):(8,1)", (2, 4)), None),
    ("blocked_product((2,2):(1,2),(3,4))", lambda: tvlab.blocked_product(tvlab.Layout((2, 2)), (3, 4)), None),
    ("size(logical_divide((4,2,3):(2,1,8),4:2))",
     lambda: tvlab.size(tvlab.logical_divide("(4,2,3):(2,1,8)", "4:2")), "24"),
    ("coalesce((2,(1,6)):(1,(6,2)))", lambda: tvlab.coalesce(tvlab.Layout("(2,(1,6)):(1,(6,2))")), "12:1"),
]


@pytest.mark.parametrize("expr,py,want", LITERALS, ids=[e for e, _, _ in LITERALS])
def test_results_equal_the_cli(cli, expr, py, want):
    code, out, err = cli("eval", expr)
    assert code == 0, err
    got = py()
    assert str(got) == out.strip()
    if want is not None:
        assert str(got) == want
    assert str(tvlab.eval(expr)) == out.strip()


def test_layout_basics():
    L = tvlab.Layout("(4,8):(8,1)")
    assert repr(L) == "(4,8):(8,1)" and L.shape == (4, 8) and L.stride == (8, 1)
    assert L.size() == 32 and L.cosize() == 32 and L.rank() == 2 and L.depth() == 1 and len(L) == 2  # pycute
    assert L(5) == 9 and L(1, 2) == 10 and L((1, 2)) == 10
    assert L == tvlab.Layout((4, 8), (8, 1)) and L != tvlab.Layout((4, 8))
    assert tvlab.Layout((4, 8)) == tvlab.Layout("(4,8):(1,4)") == tvlab.Layout("(4,8)")
    assert len({L, tvlab.Layout("(4,8):(8,1)")}) == 1
    S = tvlab.Layout("Sw<3,3,3> o (8,64):(64,1)")
    assert S.swizzled and S.shape == (8, 64)
    with pytest.raises(tvlab.LayoutError, match="composed"):
        S.stride
    # CuTe's C++ spelling, as users paste it.
    assert tvlab.Layout("Layout<Shape<_4,_8>,Stride<_8,_1>>{}") == L


class DslLike:
    """What a CuTe DSL layout is to tvlab: an object of the DSL's package (cutlass.*) whose str() is CuTe
    notation. Objects of other types are TypeErrors (test_hostile.py)."""
    __module__ = "cutlass.cute.core"

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text


def test_any_object_printing_cute_notation():
    assert tvlab.Layout(DslLike("(4,8):(8,1)")) == tvlab.Layout("(4,8):(8,1)")
    assert tvlab.composition(DslLike("(4,8):(8,1)"), DslLike("(2,2):(1,4)")) == \
        tvlab.composition("(4,8):(8,1)", "(2,2):(1,4)")


def test_tuples_stay_tilers():
    # (2,4) as an argument is a tiler mode by mode, as in eval; Layout((2,4)) is its compact layout.
    L = tvlab.Layout("(8,8):(8,1)")
    assert str(tvlab.composition(L, (2, 4))) == str(tvlab.eval("composition((8,8):(8,1),(2,4))"))
    assert str(tvlab.composition(L, "(2,4)")) == str(tvlab.composition(L, (2, 4)))
    assert tvlab.composition(L, tvlab.Layout((2, 4))) == tvlab.eval("composition((8,8):(8,1),(2,4):(1,2))")
    assert str(tvlab.logical_divide(L, (tvlab.Layout("2:1"), None))) == \
        str(tvlab.eval("logical_divide((8,8):(8,1),(2:1,_))"))


def test_errors_carry_cutes_condition():
    with pytest.raises(tvlab.LayoutError) as e:
        tvlab.composition("(4,3):(1,8)", "2:6")
    assert e.value.condition == "Stride Divisibility Condition" and e.value.function == "composition"
    with pytest.raises(tvlab.LayoutError) as e:
        tvlab.upcast(tvlab.Layout("(4,8):(8,1)"), (2, 2))
    assert e.value.argument == 2 and e.value.condition is None
    with pytest.raises(tvlab.ParseError) as e:
        tvlab.Layout("(4,8):(8,1")
    assert e.value.column >= 1
    with pytest.raises(tvlab.LayoutError):
        tvlab.blocked_product(tvlab.Layout("(5):(2)"), tvlab.Layout("4:1"))  # CuTe: Mismatched Ranks
    with pytest.raises(TypeError):
        tvlab.composition(tvlab.Layout("4:1"), True)
    with pytest.raises(ValueError):  # tvlab's errors are ValueErrors too
        tvlab.frobnicate = None or tvlab.eval("frobnicate(4:1)")


def test_divergence_is_a_warning_not_silence():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = tvlab.composition("(3,2):(16,32)", "4:2")
    assert str(r) == "(2,2):(32,32)"  # CuTe's result, as CuTe returns it
    assert len(w) == 1 and issubclass(w[0].category, tvlab.DivergenceWarning)
    assert "48" in str(w[0].message)  # the witness: A(B(2)) = 48
    with warnings.catch_warnings():
        warnings.simplefilter("error", tvlab.DivergenceWarning)
        with pytest.raises(tvlab.DivergenceWarning):
            tvlab.composition("(3,2):(16,32)", "4:2")


def random_layouts(n, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        rank = rng.randint(1, 3)
        shape = tuple(rng.choice([1, 2, 3, 4, 8]) for _ in range(rank))
        stride = tuple(rng.choice([0, 1, 2, 3, 4, 8, 16, 32]) for _ in range(rank))
        out.append(tvlab.Layout(shape, stride))
    return out


def test_evaluation_and_tables_by_brute_force():
    for L in random_layouts(60, 1):
        shape = L.shape if isinstance(L.shape, tuple) else (L.shape,)
        stride = L.stride if isinstance(L.stride, tuple) else (L.stride,)
        table = L.tv_table()
        assert table.shape == (shape[0], L.size() // shape[0])
        for i, coord in enumerate(itertools.product(*[range(s) for s in reversed(shape)])):
            coord = tuple(reversed(coord))  # colexicographic: mode 0 fastest
            want = sum(c * d for c, d in zip(coord, stride))
            assert L(coord) == want and L(i) == want
            assert table[i % shape[0], i // shape[0]] == want


def test_composition_is_functional_where_cute_says_so():
    # composition(A, B)(i) == A(B(i)) over generated pairs, where CuTe accepts them and gives no warning.
    checked = 0
    for A, B in zip(random_layouts(200, 2), random_layouts(200, 3)):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            try:
                R = tvlab.composition(A, B)
            except tvlab.LayoutError:
                continue
        if w:
            continue
        for i in range(R.size()):
            assert R(i) == A(B(i) % A.size()) or B(i) >= A.size()
        checked += 1
    assert checked > 20


def test_coordinate_tables():
    table = tvlab.Layout("(16,8):(1@1,1@0)").tv_table()
    assert table.shape == (16, 8, 2)
    assert table[3, 5].tolist() == [5, 3]
    assert isinstance(table, np.ndarray)


def test_svg():
    svg = tvlab.Layout("Sw<3,3,3> o (8,64):(64,1)")._repr_svg_()
    assert svg.lstrip().startswith("<") and "<svg" in svg


def test_tv_pictures():
    tv = tvlab.Layout("(16,2):(1,16)")
    pic = tv.render(tile="(8,4)")
    assert isinstance(pic, str) and pic._repr_svg_() == pic and "<svg" in pic
    assert pic != tv._repr_svg_()  # a TV layout over its tile, not the layout over its domain


def swizzle(b, m, s, x):
    """CuTe's Swizzle<B,M,S>(x): the B bits above M+max(0,S) xor-ed into the B bits above M (S may be negative)."""
    yyy = ((1 << b) - 1) << (m + max(0, s))
    return x ^ ((x & yyy) >> s if s >= 0 else (x & yyy) << -s)


@pytest.mark.parametrize("text,sw,offset,inner", [
    ("Sw<3,3,3> o (8,64):(64,1)", (3, 3, 3), 0, "(8,64):(64,1)"),
    ("Sw<2,3,3> o 32 o (8,32):(32,1)", (2, 3, 3), 32, "(8,32):(32,1)"),
    ("Sw<3,4,3> o 64 o ((8,8),64):((64,512),1)", (3, 4, 3), 64, "((8,8),64):((64,512),1)"),
    ("Sw<3,0,-6> o (64,8):(8,1)", (3, 0, -6), 0, "(64,8):(8,1)"),
])
def test_swizzled_evaluation_by_brute_force(text, sw, offset, inner):
    L, I = tvlab.Layout(text), tvlab.Layout(inner)
    table = L.tv_table()
    rows = table.shape[0]
    for i in range(L.size()):
        want = swizzle(*sw, offset + I(i))
        assert L(i) == want and table[i % rows, i // rows] == want
    # The algebra keeps the swizzle and the offset (CuTe's rule: f(Sw o k o L) = Sw o k o f(L)).
    C = tvlab.composition(L, (2, 4))
    assert str(C).startswith(str(L).split(" o (")[0])
    for i in range(C.size()):
        assert C(i) == swizzle(*sw, offset + tvlab.composition(I, (2, 4))(i))


def test_nested_composed_layouts(cli):
    """Composing two swizzled layouts nests them, as CuTe does (its unit test composition.cpp); the result is a
    tvlab.Layout that evaluates as A o B and prints, renders and re-enters the algebra as the CLI's."""
    A, B = tvlab.Layout("Sw<2,0,3> o (8,8):(8,1)"), tvlab.Layout("Sw<2,0,-3> o (8,8):(8,1)")
    R = tvlab.composition(A, B)
    code, out, _ = cli("eval", f"composition({A},{B})")
    assert code == 0 and str(R) == out.strip() == "Sw<2,0,3> o 0 o Sw<2,0,3> o 0 o (8,8):(1,8)"
    assert isinstance(R, tvlab.Layout) and R.swizzled and R == tvlab.Layout(str(R))
    table = R.tv_table()
    for i in range(R.size()):
        assert R(i) == A(B(i)) == table[i % 8, i // 8]
    assert str(R.upcast(2)) == "Sw<1,0,3> o 0 o Sw<1,0,3> o 0 o (4,8):(1,4)"  # CuTe 4.2.0's print
    assert "<svg" in R._repr_svg_()
    with pytest.raises(tvlab.errors.LayoutError, match="nested composed"):
        R.right_inverse()
    with pytest.raises(tvlab.errors.LayoutError):
        R.stride
