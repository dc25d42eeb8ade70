#!/usr/bin/env python3
"""Writes 10,000 mixed layout-algebra expressions for `tvlab eval --batch` (bench/eval_batch.sh).

The kinds the README tour shows: composition, complement, divides, products, inverses, coalesce, plain
layouts and swizzled layouts `Sw<B,M,S> o L`, on the rank-1..4 layouts GEMM kernels use. Deterministic
(fixed seed): the same file on every machine. About 1 line in 50 is a CuTe precondition failure (an error
line), as in an interactive session.
Usage: bench/eval_batch_gen.py [N] > FILE
"""
import random
import sys

LAYOUTS = [
    "(128,64):(64,1)", "((4,8),(2,2)):((32,1),(16,8))", "(8,16,2):(1,8,128)",
    "((2,2,2),(4,8)):((1,16,32),(2,64))", "(64,32):(1,64)", "(16,(8,4)):(32,(1,8))",
    "(10,2):(16,4)", "(4,2,3):(2,1,8)", "(32,8):(8,1)", "((8,4),(2,16)):((1,64),(8,256))",
    "(4,8)", "(8,8):(8,1)", "24:1", "(2,(1,6)):(1,(6,2))",
]
TILERS = [
    "(16,8):(1,16)", "(32,4):(1,32)", "(4,(2,2)):(2,(1,8))", "(8,(4,4)):(4,(1,32))",
    "((2,4),(4,2)):((1,8),(32,256))", "(4,8):(8,1)", "4:2", "(5,4):(1,5)", "2:1", "(2,2):(1,4)",
]
SMALL = ["(2,2):(1,2)", "4:1", "(2,4):(4,1)", "(4,2):(1,8)", "3:1"]
TILES = ["(8,4)", "(16,8)", "(4,_)", "(2:1,4:2)", "(_,8)"]
SWIZZLES = ["Sw<3,3,3> o (8,64):(64,1)", "Sw<2,0,2> o (4,4):(4,1)", "Sw<3,4,3> o (16,64):(64,1)",
            "Sw<2,3,3> o (8,32):(32,1)", "Sw<1,2,3> o 32 o (8,16):(16,1)"]
# Combinations that violate a CuTe precondition (tvlab prints an error line): drawn only through ERRORS.
INVALID = {
    "composition(((4,8),(2,2)):((32,1),(16,8)),(5,4):(1,5))",
    "composition(((2,2,2),(4,8)):((1,16,32),(2,64)),(5,4):(1,5))",
    "composition((10,2):(16,4),(16,8):(1,16))",
    "composition((10,2):(16,4),(32,4):(1,32))",
    "composition((10,2):(16,4),(8,(4,4)):(4,(1,32)))",
    "composition((10,2):(16,4),((2,4),(4,2)):((1,8),(32,256)))",
    "composition((4,2,3):(2,1,8),(5,4):(1,5))",
    "logical_divide((10,2):(16,4),(4,8):(1,4))",
    "logical_divide(24:1,(8,4))",
    "logical_divide(24:1,(16,8))",
    "logical_divide(24:1,(4,_))",
    "logical_divide(24:1,(2:1,4:2))",
    "logical_divide(24:1,(_,8))",
    "zipped_divide((128,64):(64,1),(4,_))",
    "zipped_divide((128,64):(64,1),(_,8))",
    "zipped_divide((8,16,2):(1,8,128),(4,_))",
    "zipped_divide((8,16,2):(1,8,128),(_,8))",
    "zipped_divide(((2,2,2),(4,8)):((1,16,32),(2,64)),(_,8))",
    "zipped_divide((64,32):(1,64),(4,_))",
    "zipped_divide((64,32):(1,64),(_,8))",
    "zipped_divide((16,(8,4)):(32,(1,8)),(_,8))",
    "zipped_divide((10,2):(16,4),(4,_))",
    "zipped_divide((10,2):(16,4),(_,8))",
    "zipped_divide((4,2,3):(2,1,8),(4,_))",
    "zipped_divide((4,2,3):(2,1,8),(_,8))",
    "zipped_divide((32,8):(8,1),(4,_))",
    "zipped_divide((32,8):(8,1),(_,8))",
    "zipped_divide((4,8),(4,_))",
    "zipped_divide((4,8),(_,8))",
    "zipped_divide((8,8):(8,1),(4,_))",
    "zipped_divide((8,8):(8,1),(_,8))",
    "zipped_divide(24:1,(8,4))",
    "zipped_divide(24:1,(16,8))",
    "zipped_divide(24:1,(4,_))",
    "zipped_divide(24:1,(2:1,4:2))",
    "zipped_divide(24:1,(_,8))",
    "zipped_divide((2,(1,6)):(1,(6,2)),(_,8))",
    "logical_product(4:1,(4,8))",
    "logical_product((4,2):(1,8),(2,3):(3,1))",
    "logical_product(3:1,(4,8))",
}
ERRORS = ["composition((4,3):(1,8),2:6)", "complement((2,2):(1,1),8)", "composition((6,2):(8,2),(4,3):(1,2))"]


def line(r):
    while True:
        text = draw(r)
        if text not in INVALID:
            return text


def draw(r):
    k = r.randrange(100)
    L, T = r.choice(LAYOUTS), r.choice(TILERS)
    if k < 2:
        return r.choice(ERRORS)
    if k < 30:
        return f"composition({L},{T})"
    if k < 40:
        return f"complement({T},{r.choice([4096, 8192, 16384])})"
    if k < 50:
        return f"logical_divide({L},{r.choice(TILES + ['(4,8):(1,4)', '8:1'])})"
    if k < 58:
        return f"zipped_divide({L},{r.choice(TILES)})"
    if k < 66:
        return f"logical_product({r.choice(SMALL)},{r.choice(['(4,8)', '(2,3):(3,1)', '4:1', '(8,8):(8,1)'])})"
    if k < 74:
        return f"right_inverse({L})"
    if k < 80:
        return f"coalesce({L})"
    if k < 84:
        return L
    if k < 90:
        return r.choice(SWIZZLES)
    if k < 94:
        return f"coalesce({r.choice(SWIZZLES)})"
    if k < 97:
        return f"logical_divide({r.choice(SWIZZLES)},{r.choice(['(4,8)', '(8,8)', '(2,_)'])})"
    return f"raked_product({r.choice(SMALL)},{r.choice(['(4,8)', '(2,2):(2,1)'])})"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    r = random.Random(16)
    sys.stdout.write("".join(line(r) + "\n" for _ in range(n)))


if __name__ == "__main__":
    main()
