"""The divergence check from Python: the switch (tvlab.options) and the verdict (tvlab.check_divergence)."""
import random
import warnings

import pytest

import tvlab


def caught(fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = fn()
    return r, [x for x in w if issubclass(x.category, tvlab.DivergenceWarning)]


def test_options_switch_as_function_and_context_manager():
    bad = lambda: tvlab.composition("(3,2):(16,32)", "4:2")  # noqa: E731
    assert tvlab.options.current() == {"divergence_check": True}
    with tvlab.options(divergence_check=False):
        r, w = caught(bad)
        assert str(r) == "(2,2):(32,32)" and not w  # CuTe's value, no check
        assert tvlab.options.current() == {"divergence_check": False}
    assert tvlab.options.current() == {"divergence_check": True}  # restored
    _, w = caught(bad)
    assert len(w) == 1
    try:
        tvlab.options(divergence_check=False)  # as a function: from now on
        assert not caught(bad)[1]
        assert not caught(lambda: tvlab.eval("composition((3,2):(16,32),4:2)"))[1]
    finally:
        tvlab.options(divergence_check=True)
    assert caught(bad)[1]
    with pytest.raises(TypeError):
        tvlab.options(divergence_check="no")


def test_check_divergence_verdicts():
    v = tvlab.check_divergence("composition", "(3,2):(16,32)", "4:2")
    assert v["verdict"] == "differs" and str(v["result"]) == "(2,2):(32,32)"
    assert (v["witness"]["index"], v["witness"]["got"], v["witness"]["want"]) == (2, 32, 48)
    # A large result proven from its structure: no index evaluated.
    v = tvlab.check_divergence("composition", tvlab.Layout("(2048,2048):(2048,1)"), "(1024,1024):(1,2048)")
    assert (v["verdict"], v["how"], v["evaluated"], v["witness"]) == ("equal", "structure", 0, None)
    v = tvlab.check_divergence("logical_divide", "(1024,1024):(1024,1)", (8, 8))
    assert (v["verdict"], v["evaluated"]) == ("equal", 0)
    v = tvlab.check_divergence("logical_product", "(4,8):(8,1)", "(2,2):(1,2)")
    assert v["verdict"] == "equal"
    with pytest.raises(ValueError):
        tvlab.check_divergence("coalesce", "4:1", "2:1")
    with pytest.raises(tvlab.LayoutError):
        tvlab.check_divergence("composition", "(4,8):(8,1)", "3:3")  # CuTe refuses it: as composition() does


def test_verdict_agrees_with_brute_force():
    rng = random.Random(36)
    n = 0
    for _ in range(400):
        a = tvlab.Layout(tuple(rng.choice([1, 2, 3, 4, 8]) for _ in range(2)),
                         tuple(rng.choice([0, 1, 2, 4, 8, 16]) for _ in range(2)))
        b = tvlab.Layout(tuple(rng.choice([1, 2, 4]) for _ in range(2)),
                         tuple(rng.choice([0, 1, 2, 3, 4]) for _ in range(2)))
        try:
            v = tvlab.check_divergence("composition", a, b)
        except tvlab.LayoutError:
            continue
        r = v["result"]
        diff = [i for i in range(r.size()) if r(i) != a(b(i))]
        assert v["verdict"] == ("differs" if diff else "equal"), (a, b, r)
        if diff:
            assert v["witness"]["index"] == diff[0]
        n += 1
    assert n > 100
