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
    args = [s] + [rng.choice(seeds + [rng.randint(-3, 70), (rng.randint(1, 9), rng.randint(1, 9)), None])
                  for _ in range(rng.randint(0, 2))]
    try:
        rng.choice(fns)(*args)
        ok += 1
    except (tvlab.TvlabError, TypeError):
        err += 1
print(ok, err)
"""


def test_random_calls_never_crash():
    env = dict(os.environ)
    p = subprocess.run([sys.executable, "-c", CHILD, "7"], capture_output=True, text=True, env=env, timeout=240)
    assert p.returncode == 0, p.stderr[-2000:]
    ok, err = map(int, p.stdout.split())
    assert ok > 100 and err > 100  # both accepted and refused inputs were reached
