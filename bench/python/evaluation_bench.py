"""What evaluating a layout costs per element from Python (issue 36): tv_table(), L(np.arange(n)) and, for
comparison, a Python loop of L(i); and what a keyword call adds to a positional one.

    PYTHONPATH=build/python python bench/python/evaluation_bench.py

Prints the best of 5 repeats, in nanoseconds per element (per call for the keyword lines). Timings, not
assertions. Before issue 36, tv_table() built an IntTuple per cell: 960-1500 ns a cell on the loaded 2-core
build machine (16384 cells)."""
import timeit

import numpy as np

import tvlab

LAYOUTS = ["(128,128):(128,1)", "((32,4),(8,16)):((1,256),(32,1024))", "Sw<3,3,3> o (64,64):(64,1)",
           "Sw<3,4,3> o smem_ptr[16b](unset) o (64,64):(64,1)"]

for text in LAYOUTS:
    L = tvlab.Layout(text)
    n = L.size()
    idx = np.arange(n)
    table = min(timeit.repeat(L.tv_table, number=5, repeat=5)) / 5 / n
    vector = min(timeit.repeat(lambda: L(idx), number=5, repeat=5)) / 5 / n
    loop = min(timeit.repeat(lambda: [L(i) for i in range(1024)], number=1, repeat=5)) / 1024
    print(f"{table * 1e9:7.1f} ns tv_table  {vector * 1e9:7.1f} ns L(arange)  {loop * 1e9:7.1f} ns L(i) loop  {text}")

A = tvlab.Layout("(4,2,3):(2,1,8)")
for name, fn in [("complement(A, 96)", lambda: tvlab.complement(A, 96)),
                 ("complement(A, cotarget=96)", lambda: tvlab.complement(A, cotarget=96)),
                 ("A.complement(cotarget=96)", lambda: A.complement(cotarget=96))]:
    best = min(timeit.repeat(fn, number=20000, repeat=5)) / 20000
    print(f"{best * 1e9:7.1f} ns  {name}")
