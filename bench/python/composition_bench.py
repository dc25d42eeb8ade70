"""What one call costs from Python (issue 24: composition under 3 microseconds).

    PYTHONPATH=build/python python bench/python/composition_bench.py

Prints the best of 7 timeit repeats per call, in microseconds, for prebuilt Layout arguments (the case the
module is for: layouts held in variables) and for arguments given as notation strings (parsed each call).
Timings, not assertions: the figures in the issue's note come from this script on the named machine."""
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
