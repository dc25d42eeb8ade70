"""Records pycute's answers (CUTLASS python/pycute, as the nvidia-cutlass wheel ships it) for generated layouts:
len, L[i], L(coord with None) (CuTe's slice), coalesce, complement(L, cotarget), composition and
logical_divide with a tiler; test_pyapi.py holds tvlab to them. Run with a Python that has pycute
(tests/cute_oracle/cutlass_include.sh makes ~/.cache/tvlab/cutlass-venv):

    ~/.cache/tvlab/cutlass-venv/bin/python python/tests/record_pycute.py > python/tests/data/pycute_cases.json
"""
import json
import random

import pycute


def shapes(rng, depth=0):
    if depth < 2 and rng.random() < 0.3:
        return tuple(shapes(rng, depth + 1) for _ in range(rng.randint(1, 3)))
    return rng.choice([1, 2, 3, 4, 8])


def strides(rng, shape):
    if isinstance(shape, tuple):
        return tuple(strides(rng, s) for s in shape)
    return rng.choice([0, 1, 2, 4, 8, 16, 32])


def coords(rng, shape):
    """A coordinate with None (CuTe's _) somewhere, congruent with the top level."""
    if not isinstance(shape, tuple):
        return None if rng.random() < 0.5 else rng.randrange(shape)
    c = tuple(None if rng.random() < 0.4 else
              (coords(rng, s) if isinstance(s, tuple) and rng.random() < 0.5 else rng.randrange(pycute.product(s)))
              for s in shape)
    return c


def has_none(c):
    return c is None or (isinstance(c, tuple) and any(has_none(x) for x in c))


def as_json(x):
    if isinstance(x, pycute.Layout):
        return {"shape": x.shape, "stride": x.stride}
    return x


def main():
    rng = random.Random(36)
    cases = []
    while len(cases) < 60:
        shape = tuple(shapes(rng) for _ in range(rng.randint(1, 3))) if rng.random() < 0.85 else shapes(rng)
        stride = strides(rng, shape)
        L = pycute.Layout(shape, stride)
        case = {"shape": shape, "stride": stride, "len": len(L),
                "modes": [as_json(L[i]) for i in range(len(L))] if isinstance(shape, tuple) else [as_json(L[0])],
                "slices": [], "calls": []}
        for _ in range(4):
            c = coords(rng, shape) if isinstance(shape, tuple) else None
            if c is None or not has_none(c):
                continue
            case["slices"].append({"coord": c, "result": as_json(L(c))})
        if isinstance(shape, tuple) and len(shape) >= 2:
            c = tuple(None if i == 0 else 0 for i in range(len(shape)))
            case["slices"].append({"args": list(c), "result": as_json(L(*c))})
        calls = [("coalesce", {}, lambda: pycute.coalesce(L)),
                 ("complement", {"cotarget": 256}, lambda: pycute.complement(L, max_idx=256)),
                 ("composition", {"rhs": "4:2"}, lambda: pycute.composition(L, pycute.Layout(4, 2))),
                 ("logical_divide", {"tiler": "2:1"}, lambda: pycute.logical_divide(L, pycute.Layout(2, 1)))]
        for name, kw, fn in calls:
            try:
                r = fn()
            except Exception:  # pycute refuses (an assert): not recorded
                continue
            case["calls"].append({"function": name, "keywords": kw, "result": as_json(r)})
        cases.append(case)
    print(json.dumps({"source": "pycute of nvidia-cutlass 4.2.0.0 (CUTLASS python/pycute)", "cases": cases}, indent=None))


if __name__ == "__main__":
    main()
