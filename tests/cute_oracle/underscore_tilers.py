#!/usr/bin/env python3
"""CuTe's divides and products with `_` (Underscore) in the tiler, compiled against real CuTe.

underscore_tilers.py record OUT CUTLASS_INCLUDE CUDA_INCLUDE
    compiles one host program with every case CuTe accepts and prints them, and one syntax-only
    translation unit per case it rejects (its first compiler error names CuTe's condition); writes the
    recording OUT (tests/data/cute/underscore_tilers.txt).

The cases are CASES below, in tvlab's notation; each is translated to CuTe's C++ (static integers).
The recording is compared with tvlab by tests/cli/underscore_tilers_test.sh (ctest cli.underscore_tilers).
"""
import datetime
import os
import re
import subprocess
import sys
import tempfile

# (layout, tiler) pairs; every function in FUNCS is applied to each.
CASES = [
    ('(4,8):(8,1)', '(2,_)'),
    ('(4,8):(8,1)', '(_,2)'),
    ('(4,8):(8,1)', '(_,_)'),
    ('(4,8):(8,1)', '_'),
    ('(4,8):(8,1)', '(4:2,_)'),
    ('((2,4),8):((1,2),8)', '(_,2)'),
    ('((2,4),8):((1,2),8)', '(_,_)'),
    ('(4,(2,3),5):(1,(4,8),24)', '(2,_)'),
    ('(4,(2,3),5):(1,(4,8),24)', '(2,_,_)'),
    ('(4,(2,3),5):(1,(4,8),24)', '_'),
    ('((4,(2,4)),6):((1,(4,8)),32)', '((2,_),3)'),
    ('((4,(2,4)),6):((1,(4,8)),32)', '((_,2),3)'),
    ('((2,2,2),8):((1,2,4),8)', '(_,4)'),
    ('((8,2),(4,2)):((1,32),(8,64))', '(_,_)'),
    ('((8,2),(4,2)):((1,32),(8,64))', '((4,_),2:2)'),
]
FUNCS = ['logical_divide', 'zipped_divide', 'tiled_divide', 'flat_divide',
         'logical_product', 'zipped_product', 'tiled_product', 'flat_product']


def tokens(s):
    return re.findall(r'\d+|[(),:_]', s.replace(' ', ''))


def parse(toks, i):
    """One tiler element at toks[i]: ('_',), ('int', n), ('tuple', [..]) or ('layout', shape, stride)."""
    t = toks[i]
    if t == '_':
        node, i = ('_',), i + 1
    elif t == '(':
        items, i = [], i + 1
        while True:
            item, i = parse(toks, i)
            items.append(item)
            if toks[i] == ')':
                i += 1
                break
            assert toks[i] == ',', toks[i:]
            i += 1
        node = ('tuple', items)
    else:
        node, i = ('int', int(t)), i + 1
    if i < len(toks) and toks[i] == ':':
        stride, i = parse(toks, i + 1)
        node = ('layout', node, stride)
    return node, i


def cpp(node, tiler):
    kind = node[0]
    if kind == '_':
        return '_'
    if kind == 'int':
        return f'Int<{node[1]}>{{}}'
    if kind == 'layout':
        return f'make_layout({cpp(node[1], False)}, {cpp(node[2], False)})'
    inner = ', '.join(cpp(x, tiler) for x in node[1])
    return f'make_tile({inner})' if tiler else f'make_tuple({inner})'


def cpp_expr(func, layout, tiler):
    lay, _ = parse(tokens(layout), 0)
    til, _ = parse(tokens(tiler), 0)
    return f'{func}({cpp(lay, False)}, {cpp(til, True)})'


HEADER = '#include "pch.hpp"\nusing namespace cute;\n'  # pch.hpp: cute/layout.hpp, precompiled


def compiles(cxx, flags, body, tmp):
    src = os.path.join(tmp, 'case.cpp')
    with open(src, 'w', encoding='utf-8') as f:
        f.write(HEADER + 'void f() { auto r = ' + body + '; print(r); }\n')
    r = subprocess.run(cxx + flags + ['-fsyntax-only', src], capture_output=True, text=True)
    if r.returncode == 0:
        return None
    errs = [ln for ln in r.stderr.splitlines() if 'error:' in ln]
    # The first error, without the path: CuTe's static_assert message or the incomplete type.
    first = errs[0].split('error:', 1)[1].strip() if errs else r.stderr.strip().splitlines()[-1]
    where = errs[0].split('error:', 1)[0] if errs else ''
    m = re.search(r'include/(cute/[^:]+):(\d+)', where)
    return first + (f' ({m.group(1)}:{m.group(2)})' if m else '')


def record(out, cutlass_inc, cuda_inc):
    cxx = ['g++', '-std=c++17']
    flags = ['-I' + cutlass_inc, '-I' + cuda_inc, '-I' + os.path.join(cuda_inc, 'cccl')]
    with open(os.path.join(cutlass_inc, 'cutlass', 'version.h'), encoding='utf-8') as f:
        v = dict(re.findall(r'#define CUTLASS_(MAJOR|MINOR|PATCH) (\d+)', f.read()))
    version = f"{v['MAJOR']}.{v['MINOR']}.{v['PATCH']}"
    gxx = subprocess.run(['g++', '--version'], capture_output=True, text=True).stdout.splitlines()[0]
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        pch = os.path.join(tmp, 'pch.hpp')
        with open(pch, 'w', encoding='utf-8') as f:
            f.write('#include <cute/layout.hpp>\n#include <cstdio>\n')
        subprocess.run(cxx + flags + ['-x', 'c++-header', pch, '-o', pch + '.gch'], check=True)
        accepted = []
        for layout, tiler in CASES:
            for func in FUNCS:
                expr = f'{func}({layout},{tiler})'
                err = compiles(cxx, flags, cpp_expr(func, layout, tiler), tmp)
                if err is None:
                    accepted.append((expr, cpp_expr(func, layout, tiler)))
                else:
                    results[expr] = 'REJECTED: ' + err
        src = os.path.join(tmp, 'accepted.cpp')
        with open(src, 'w', encoding='utf-8') as f:
            f.write(HEADER + 'int main() {\n')
            for expr, body in accepted:
                f.write(f'  printf("%s\\n", "{expr}"); print({body}); printf("\\n");\n')
            f.write('}\n')
        exe = os.path.join(tmp, 'accepted')
        subprocess.run(cxx + flags + ['-O0', src, '-o', exe], check=True)
        lines = subprocess.run([exe], capture_output=True, text=True, check=True).stdout.splitlines()
        for k in range(0, len(lines), 2):
            results[lines[k]] = lines[k + 1]
    with open(out, 'w', encoding='utf-8') as f:
        f.write('# CuTe\'s divides and products with `_` (Underscore) in the tiler, as CuTe prints them (print(),\n'
                '# static integers) or REJECTED with the first compiler error (a static_assert, or the incomplete\n'
                '# tuple_size of an integer in zip2_by\'s `static_assert(tuple_size<T>::value == 2, "Mismatched\n'
                '# ranks")`). Compared with tvlab by ctest cli.underscore_tilers.\n')
        origin = 'the nvidia-cutlass wheel from PyPI' if 'cutlass_library' in cutlass_inc else cutlass_inc
        f.write(f'# CUTLASS {version} (headers from {origin}), {gxx}, '
                f'recorded {datetime.date.today().isoformat()}.\n')
        f.write('# Command: python3 tests/cute_oracle/underscore_tilers.py record tests/data/cute/underscore_tilers.txt '
                'CUTLASS_INCLUDE CUDA_INCLUDE\n')
        f.write(f'# cutlass-version: {version}\n')
        for layout, tiler in CASES:
            for func in FUNCS:
                expr = f'{func}({layout},{tiler})'
                f.write(f'{expr} = {results[expr]}\n')


if __name__ == '__main__':
    if len(sys.argv) != 5 or sys.argv[1] != 'record':
        sys.exit(__doc__)
    record(*sys.argv[2:])
