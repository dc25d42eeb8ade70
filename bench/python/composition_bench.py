"""What one call costs from Python (issue 24: composition under 3 microseconds).

    PYTHONPATH=build/python python bench/python/composition_bench.py

Prints the best of 7 timeit repeats per call, in microseconds, for prebuilt Layout arguments (the case the
module is for: layouts held in variables) and for arguments given as notation strings (parsed each call).
Timings, not assertions: the figures in the issue's note come from this script on the named machine.

The second table (issue 36) is the per-call time against the result's size, 64 to 2^20 elements, with the
divergence check on (the default) and off (tvlab.options(divergence_check=False)); the check is decided
from the layouts' structure, so the time should not grow with the size."""
import timeit

import tvlab

A = tvlab.Layout("(4,8):(8,1)")
B = tvlab.Layout("(2,2):(1,4)")
S = tvlab.Layout("Sw<3,3,3> o (8,64):(64,1)")
T = tvlab.Layout("(8,8):(1,8)")
CASES = [
    ("composition(A, B)                      prebuilt layouts", lambda: tvlab.composition(A, B)),
    ("A.composition(B)                       method", lambda: A.composition(B)),
    ("composition((10,2):(16,4),(5,4):(1,5)) prebuilt", None),
    ("composition(S, T)                      swizzled", lambda: tvlab.composition(S, T)),
    ("logical_divide(A, B)", lambda: tvlab.logical_divide(A, B)),
    ("A(1, 2)                                evaluation", lambda: A(1, 2)),
    ("composition('(4,8):(8,1)', '(2,2):(1,4)') strings", lambda: tvlab.composition("(4,8):(8,1)", "(2,2):(1,4)")),
    ("Layout('(4,8):(8,1)')                  parse", lambda: tvlab.Layout("(4,8):(8,1)")),
]
C, D = tvlab.Layout("(10,2):(16,4)"), tvlab.Layout("(5,4):(1,5)")
CASES[2] = (CASES[2][0], lambda: tvlab.composition(C, D))

for name, fn in CASES:
    n = 100000
    best = min(timeit.repeat(fn, number=n, repeat=7)) / n
    print(f"{best * 1e6:7.3f} us  {name}")


def square(n):
    s = 1
    while s * s < n:
        s *= 2
    return s, n // s


def best(fn, n=20000):
    return min(timeit.repeat(fn, number=n, repeat=5)) / n


BIG = tvlab.Layout("(2048,2048):(2048,1)")
have_options = hasattr(tvlab, "options")
print()
print("per call against the result's size (us): composition((2048,2048):(2048,1), (s,t):(1,2048)) and "
      "logical_divide((s,t):(t,1), (8,8))")
print(f"{'elements':>9} {'composition':>12} {'unchecked':>10} {'logical_divide':>15} {'unchecked':>10}")
for n in (64, 4096, 16384, 1 << 20):
    s, t = square(n)
    tile = tvlab.Layout((s, t), (1, 2048))
    tensor = tvlab.Layout((s, t), (t, 1))
    number = 20000 if n <= 4096 else (2000 if n <= 16384 else 20)
    comp = best(lambda: tvlab.composition(BIG, tile), number)
    div = best(lambda: tvlab.logical_divide(tensor, (8, 8)), number)
    if have_options:
        with tvlab.options(divergence_check=False):
            comp_off = best(lambda: tvlab.composition(BIG, tile), 20000)
            div_off = best(lambda: tvlab.logical_divide(tensor, (8, 8)), 20000)
        off = (f"{comp_off * 1e6:10.3f}", f"{div_off * 1e6:10.3f}")
    else:
        off = (f"{'-':>10}", f"{'-':>10}")
    print(f"{n:9d} {comp * 1e6:12.3f} {off[0]} {div * 1e6:15.3f} {off[1]}")
