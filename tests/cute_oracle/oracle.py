#!/usr/bin/env python3
"""CuTe as an oracle for tvlab (issue 21): the CollectiveMma configurations of tests/data/cpp/*.hpp are compiled
against real CuTe (host code, g++), whose print() of each layout is compared with what tvlab builds from the
same file.

  oracle.py live     --tvlab T --out DIR --cutlass-include I --cuda-include C [--cuda-include C2] [--origin TEXT]
      compile one program per configuration file (every configuration of the file in one translation unit),
      run it, compare CuTe with tvlab, and CuTe with the recording (tests/data/cute/oracle_<file>.txt) when the
      recording was made from the same input with the same CUTLASS version.
  oracle.py record   (the same arguments)  as live, then (re)write the recordings.
  oracle.py recorded --tvlab T --out DIR   compare tvlab against the recordings (no CUTLASS needed).
  oracle.py mutated  --tvlab T --out DIR   as recorded, with two strides swapped in every recorded mma.a_tv:
      must report MISMATCH and exit 1 (the ctest cute.oracle.mutated expects exactly that).

The configuration files include tests/data/cpp/generated_sm{80,90}.hpp, drawn by generate.py over atoms,
swizzles, tiles and layouts (its docstring).

Every run also performs the in-process mutation control: the first configuration's CuTe output with two strides
of one layout swapped must be reported as a mismatch by the same comparison, or the run fails.

What is compared, per configuration (key = CuTe's expression; tvlab's side):
  mma.tile_mnk          tile_size<0..2>(TiledMma)                         plan --json mma.tile_mnk
  mma.permutation       TiledMma's PermutationMNK (integers as N:1)       plan --json mma.permutation
  mma.thr_layout_vmnk   TiledMma.get_thr_layout_vmnk()                    plan --json mma.thr_layout_vmnk
  mma.{a,b,c}_tv        TiledMma.get_layout{A,B,C}_TV()                   plan --json mma.{a,b,c}_tv
  copies.X.{tiler,tv,tv_src,tv_dst}   make_tiled_copy_X(SmemCopyAtomX, TiledMma): Tiler_MN, TiledLayout_TV,
                        get_layoutS_TV(), get_layoutD_TV()                plan --json copies.X.*
  gmem.X.{tiler,tv,tv_src,tv_dst}     GmemTiledCopyX: the same four       plan --json of a JSON spec holding
                        make_tiled_copy's atom, thr and val layouts as read from the configuration's text (tvlab's
                        plan does not print the g2s copy it builds from a C++ configuration)
  smem.X.atom           SmemLayoutAtomX                                   eval of the atom's text
  smem.X.layout         CollectiveMma::SmemLayoutX (all stages)           plan --json copies.X.smem.staged (SM80)
                                                                          or smem.X.staged (SM90)
  smem.X.stage0         SmemLayoutX(_,_,0)                                plan --json smem.X.layout
  tma.X.{box,global_dim,global_stride_bytes,swizzle}  SM90: what to_underlying_arguments hands
                        cuTensorMapEncodeTiled for the problem TMA_PROBLEM (a recording stub of the driver call)
                                                                          plan --json --bind problem=... smem.X.tma
  tma.X.bits            SM90: Params::TMA_X's BitLayoutSrc (1,NumBitsPerTMA), the box before multicast
                        truncation                                        plan --json smem.X.tma: 8 x box_bytes
                                                                          (one CTA's part) x multicast
  collective.{tile_shape,stages}      recorded only (the inputs of the eval above)
  part.T.X.<tensor>[.offset|.elements]  thread T's partitions (SM80 mainloops, T in PART_THREADS) as the collective
                        makes them: tAgA = GmemTiledCopyA's partition_S(gA) (gA: PART_PROBLEM's CTA (0,0) tile,
                        shifted by domain_offset of the k residue under MainloopSm80CpAsync, and .masked: the
                        indices of its values the collective's predicates (tApA, k-tile 0's k residue) leave unread),
                        tAsA = its partition_D(sA), tCrA = partition_fragment_A(sA(_,_,0)), tCsA = the s2r copy's
                        partition_S(sA), tCrA_copy_view = its retile_D(tCrA); the layout, the pointer's offset
                        and every value's element offset (&t(i) - base)     plan --json --thread T --bind problem=
                        SM90 TMA + GMMA mainloops: tCsA = partition_A(sA) of the warpgroup's thread_mma, tCrA =
                        make_fragment_A(tCsA): its layout, .elements (each descriptor's start address less the
                        first's) and .desc (the first's LBO,SBO,base_offset)
                        MainloopSm90TmaGmmaRmemAWarpSpecialized: A (the collective's internal A, B under SwapAB)
                        as the SM80 s2r views with make_tiled_copy_A(InternalSmemCopyAtomA, mma), B's as SM90's;
                        copies.A is that copy
                        Compiled only by `record` or with --partitions (TVLAB_ORACLE_PARTITIONS=1): they double the
                        compile time; otherwise their recording is compared with tvlab.
Texts are compared after dropping blanks and the underscore of CuTe's static integers (_4 -> 4), and with CuTe's
MixedBits offsets (M_0|(2&2)=2) as their value.
"""
import argparse
import concurrent.futures
import datetime
import fnmatch
import hashlib
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CPP_DIR = os.path.join(ROOT, "tests", "data", "cpp")
RECORDED_DIR = os.path.join(ROOT, "tests", "data", "cute")
# The problem (M, N, K, L) whose SM90 tensor maps are compared: multiples of 64, so every stride is 16-byte aligned.
TMA_PROBLEM = (1088, 832, 704, 2)
# The problem whose per-thread partitions (SM80 mainloops) are compared: K = 720 leaves a k residue for BLK_K = 32,
# 64 and 128 (-16, -48, -48) and N = 104 masks the rows of a CTA tile with BLK_N > 104; every leading dimension is
# a multiple of 16 elements (a 16-byte cp.async vector of any type here).
PART_PROBLEM = (1088, 104, 720, 2)
# The threads whose partitions are compared (those beyond a TiledMMA's size are skipped): the first, one inside the
# first warp, one in another warp, the last of 128 and of 256.
PART_THREADS = (0, 5, 37, 127, 255)
SWIZZLE_NAMES = {0: "CU_TENSOR_MAP_SWIZZLE_NONE", 1: "CU_TENSOR_MAP_SWIZZLE_32B", 2: "CU_TENSOR_MAP_SWIZZLE_64B",
                 3: "CU_TENSOR_MAP_SWIZZLE_128B"}
ARGS = ["DispatchPolicy", "TileShape", "ElementA", "StrideA", "ElementB", "StrideB", "TiledMma", "GmemTiledCopyA",
        "SmemLayoutAtomA", "SmemCopyAtomA", "TransformA", "GmemTiledCopyB", "SmemLayoutAtomB", "SmemCopyAtomB",
        "TransformB"]


# ---------------------------------------------------------------------------------------------------------------
# Reading the configuration files: their CollectiveMma aliases, and the text of the aliases they name.

def strip_cpp(text):
    """Comments, string/char literals and preprocessor lines blanked (offsets kept)."""
    out = list(text)
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#":
            j = i
            while j < n and text[j] != "\n":
                j += 2 if text[j] == "\\" and j + 1 < n else 1
            for k in range(i, min(j, n)):
                if out[k] != "\n":
                    out[k] = " "
            i = j
            continue
        if c == "\n":
            line_start = True
            i += 1
            continue
        if c in " \t\r":
            i += 1
            continue
        line_start = False
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j += 1
        else:
            i += 1
            continue
        for k in range(i, min(j, n)):
            if out[k] != "\n":
                out[k] = " "
        i = j
    return "".join(out)


TOKEN = re.compile(r"[A-Za-z_]\w*|\d[\w.']*|::|\S")
CONFIG_RE = re.compile(r"(?:typename\s+)?(?:::\s*)?(?:[A-Za-z_]\w*\s*::\s*)*CollectiveMma\s*<", re.S)
QUALIFIED = re.compile(r"(?<![\w:])(?:::\s*)?[A-Za-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)*")


def split_top(text, sep=","):
    """Splits at `sep` outside (), [], {}, <>."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


class ConfigFile:
    """The aliases (using X = ...; typedef ... X;) of a configuration file, by scope, and its CollectiveMma
    configurations. Scopes are namespaces and non-template structs; an alias inside a function body or a
    template is not nameable from C++ and is noted as such."""

    def __init__(self, path):
        self.path = path
        with open(path, encoding="utf-8") as f:
            self.text = f.read()
        self.clean = strip_cpp(self.text)
        self.aliases = {}  # (scope tuple, name) -> text
        self.consts = {}  # (scope tuple, name) -> text of a constexpr/const initializer
        self.configs = []  # (qualified name, scope tuple, CollectiveMma text)
        self.unreachable = []  # (name, why)
        self._scan()

    def _scan(self):
        toks = [(m.group(), m.start(), m.end()) for m in TOKEN.finditer(self.clean)]
        stack = []  # (name or None, nameable)
        stmt = 0  # token index where the current statement began

        def end_of_statement(j):
            depth = 0
            while j < len(toks):
                t = toks[j][0]
                if t in "([{":
                    depth += 1
                elif t in ")]}":
                    depth -= 1
                elif t == ";" and depth <= 0:
                    return j
                j += 1
            return j

        i = 0
        while i < len(toks):
            t = toks[i][0]
            nameable = all(s[1] for s in stack)
            scope = tuple(s[0] for s in stack if s[0])
            if t == "namespace":
                j, names = i + 1, []
                while j < len(toks) and toks[j][0] not in ("{", ";", "="):
                    if toks[j][0] not in ("::", "inline"):
                        names.append(toks[j][0])
                    j += 1
                if j < len(toks) and toks[j][0] == "{":
                    for k, nm in enumerate(names or [""]):
                        stack.append((nm, True, k == max(len(names), 1) - 1))
                    if not names:
                        stack[-1] = (None, True, True)
                    i, stmt = j + 1, j + 1
                    continue
                i = end_of_statement(j) + 1
                stmt = i
                continue
            if t in ("struct", "class", "union") and not (i > 0 and toks[i - 1][0] == "enum"):
                j, depth = i + 1, 0
                while j < len(toks):
                    u = toks[j][0]
                    if u in "(<":
                        depth += 1
                    elif u in ")>":
                        depth -= 1
                    elif depth == 0 and u in ("{", ";"):
                        break
                    j += 1
                if j < len(toks) and toks[j][0] == "{":
                    name = toks[i + 1][0] if re.match(r"[A-Za-z_]", toks[i + 1][0]) else None
                    templ = any(toks[k][0] == "template" for k in range(stmt, i))
                    stack.append((name, not templ and name is not None, True))
                    i, stmt = j + 1, j + 1
                    continue
            if t == "using" and i + 2 < len(toks) and toks[i + 2][0] == "=" and re.match(r"[A-Za-z_]", toks[i + 1][0]):
                j = end_of_statement(i + 3)
                name = toks[i + 1][0]
                body = self.clean[toks[i + 3][1]:toks[j][1] if j < len(toks) else len(self.clean)].strip()
                self._alias(scope, name, body, nameable)
                i, stmt = j + 1, j + 1
                continue
            if t in ("static", "constexpr", "inline", "const") and i == stmt:
                # an integer constant: static constexpr int kAlignmentA = 16;
                j, depth = i, 0
                while j < len(toks) and not (depth == 0 and toks[j][0] in ("=", "{", ";", "(")):
                    depth += toks[j][0] == "<"
                    depth -= toks[j][0] == ">"
                    j += 1
                if j < len(toks) and toks[j][0] == "=" and re.match(r"[A-Za-z_]", toks[j - 1][0]) and any(
                        toks[k][0] in ("constexpr", "const") for k in range(i, j)):
                    end = end_of_statement(j + 1)
                    if nameable:
                        self.consts[(scope, toks[j - 1][0])] = self.clean[toks[j + 1][1]:toks[end][1]].strip()
                    i, stmt = end + 1, end + 1
                    continue
            if t == "typedef":
                j = end_of_statement(i + 1)
                if j - 1 > i + 1:
                    name = toks[j - 1][0]
                    body = self.clean[toks[i + 1][1]:toks[j - 1][1]].strip()
                    self._alias(scope, name, body, nameable)
                i, stmt = j + 1, j + 1
                continue
            if t == "{":
                stack.append((None, False, True))
            elif t == "}":
                # a nested `namespace a::b {` pushed several scopes, closed by one brace
                while stack:
                    last = stack.pop()
                    if last[2]:
                        break
                stmt = i + 1
            elif t == ";":
                stmt = i + 1
            i += 1

    def _alias(self, scope, name, body, nameable):
        qual = "::".join(scope + (name,))
        if CONFIG_RE.match(body):
            if nameable:
                self.configs.append((qual, scope, body))
            else:
                self.unreachable.append((name, "declared in a function body or a template: not nameable in C++"))
        if nameable:
            self.aliases[(scope, name)] = body

    def lookup(self, name, scope, table=None):
        table = self.aliases if table is None else table
        parts = [p.strip() for p in name.strip().lstrip(":").split("::")]
        for k in range(len(scope), -1, -1):
            key = (tuple(scope[:k]) + tuple(parts[:-1]), parts[-1])
            if key in table:
                return table[key], key[0]
        return None

    def constant(self, name, scope, depth=0):
        """The value of an integer constant of the file (literals and + - * / % ( ) over constants), or None."""
        found = self.lookup(name, scope, self.consts)
        if not found or depth > 32:
            return None
        text = found[0]
        for m in reversed(list(QUALIFIED.finditer(text))):
            v = self.constant(m.group(), found[1], depth + 1)
            if v is None:
                return None
            text = text[:m.start()] + str(v) + text[m.end():]
        text = re.sub(r"(?<=\d)[uUlL]+", "", text)
        if not re.fullmatch(r"[\d\s+\-*/%()]+", text):
            return None
        try:
            return int(eval(text.replace("/", "//"), {"__builtins__": {}}))  # noqa: S307 - digits and operators
        except (SyntaxError, ZeroDivisionError):
            return None

    def resolve(self, text, scope, depth=0):
        """('type' | 'expr', text) with the file's aliases substituted; decltype(E) gives ('expr', E)."""
        if depth > 32:
            raise ValueError("aliases nested too deeply")
        t = re.sub(r"^typename\s+", "", text.strip())
        if QUALIFIED.fullmatch(t):
            found = self.lookup(t, scope)
            if found:
                return self.resolve(found[0], found[1], depth + 1)
            return "type", t
        m = re.fullmatch(r"decltype\s*\((.*)\)", t, re.S)
        if m and split_top(m.group(1), ";") == [m.group(1).strip()]:
            return "expr", self.expand(m.group(1), scope, depth + 1)
        return "type", self.expand(t, scope, depth + 1)

    def expand(self, text, scope, depth):
        out, pos = [], 0
        for m in QUALIFIED.finditer(text):
            found = self.lookup(m.group(), scope)
            if not found:
                value = self.constant(m.group(), scope)
                if value is not None:
                    out.append(text[pos:m.start()])
                    out.append(str(value))
                    pos = m.end()
                continue
            kind, sub = self.resolve(m.group(), scope, depth + 1)
            end = m.end()
            if kind == "expr":
                braces = re.match(r"\s*\{\s*\}", text[end:])
                if braces:
                    end += braces.end()
                else:
                    sub = "decltype(" + sub + ")"
            out.append(text[pos:m.start()])
            out.append(sub)
            pos = end
        out.append(text[pos:])
        return "".join(out).strip()

    def policy(self, body, scope):
        """The dispatch policy's template name, e.g. MainloopSm80CpAsync."""
        _, text = self.resolve(self.collective_args(body)["DispatchPolicy"], scope)
        names = re.findall(r"[A-Za-z_]\w*", text.split("<")[0])
        return names[-1] if names else text

    def collective_args(self, body):
        m = CONFIG_RE.match(body)
        inner = body[m.end():]
        close = inner.rfind(">")
        args = split_top(inner[:close])
        if len(args) != len(ARGS):
            raise ValueError("CollectiveMma with %d template arguments, expected %d" % (len(args), len(ARGS)))
        return dict(zip(ARGS, args))


def discover(cpp_dir):
    """Every configuration file (a *.hpp under cpp_dir that declares a CollectiveMma alias)."""
    files = []
    for name in sorted(os.listdir(cpp_dir)):
        path = os.path.join(cpp_dir, name)
        if name.endswith(".hpp") and os.path.isfile(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                if re.search(r"CollectiveMma\s*<", strip_cpp(f.read())):
                    files.append(path)
    return files


# ---------------------------------------------------------------------------------------------------------------
# CuTe's side: one generated program per configuration file.

PROGRAM_HEAD = r"""// Generated by tests/cute_oracle/oracle.py from %(rel)s: CuTe's print() of each configuration's layouts.
// Host-only g++ compile of CUTLASS's collectives: the CUDA built-ins named in their kernels' bodies get stubs here
// (never called) and -fpermissive accepts the device intrinsics called there without a host declaration.
struct tvlab_oracle_dim3 { unsigned x, y, z; };
inline tvlab_oracle_dim3 threadIdx, blockIdx, blockDim, gridDim;
inline void __syncthreads() {}

// The SM90 collectives' tensor maps: CuTe's make_tma_copy hands the box, the global dimensions and strides and the
// swizzle mode to the driver's cuTensorMapEncodeTiled (called directly: CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL,
// with CUDA 13's version macros, which a host compile lacks). Defined here, it records them instead: no driver,
// no GPU. to_underlying_arguments encodes A's map, then B's.
#include "tma_encode_stub.hpp"

#include "%(path)s"

#include <cstdio>
#include <cute/tensor.hpp>
#include <cutlass/version.h>

namespace tvlab_oracle {
using namespace cute;

template <class T>
void show(const char* key, T const& value) {
  std::printf("%%s = ", key);
  print(value);
  std::printf("\n");
}
// A static result is printed from its type alone: CuTe's functions are then only instantiated (for their return
// types), not compiled to code, which keeps the compile short; a dynamic one is computed.
template <class F>
void show_of(const char* key, F const& f) {
  using T = decltype(f());
  if constexpr (is_static<T>::value) {
    show(key, T{});
  } else {
    show(key, f());
  }
}
#define TVLAB_SHOW(key, ...) show_of(key, [&] { return __VA_ARGS__; })
template <class P>
void show_tiler_mode(P const& p) {
  if constexpr (is_underscore<P>::value) {
    std::printf("_");
  } else if constexpr (is_integral<P>::value) {
    print(make_layout(p));  // an integer N tiles as N:1 (tvlab prints it so)
  } else {
    print(p);
  }
}
template <class Atom, class Thr, class Perm>
void show_permutation(TiledMMA<Atom, Thr, Perm> const&) {
  std::printf("mma.permutation = (");
  show_tiler_mode(get<0>(Perm{}));
  std::printf(",");
  show_tiler_mode(get<1>(Perm{}));
  std::printf(",");
  show_tiler_mode(get<2>(Perm{}));
  std::printf(")\n");
}
template <class Copy>
void show_copy(const char* prefix, Copy const& copy) {
  char key[96];
  std::snprintf(key, sizeof key, "%%s.tiler", prefix);
  show(key, typename Copy::Tiler_MN{});
  std::snprintf(key, sizeof key, "%%s.tv", prefix);
  show(key, typename Copy::TiledLayout_TV{});
  std::snprintf(key, sizeof key, "%%s.tv_src", prefix);
  TVLAB_SHOW(key, copy.get_layoutS_TV());
  std::snprintf(key, sizeof key, "%%s.tv_dst", prefix);
  TVLAB_SHOW(key, copy.get_layoutD_TV());
}

// A TiledCopy (an SM80 mainloop's GmemTiledCopy), not an SM90 mainloop's bare TMA op.
template <class T, class = void>
struct is_tiled_copy : false_type {};
template <class T>
struct is_tiled_copy<T, void_t<typename T::TiledLayout_TV>> : true_type {};

// An SM90 TMA collective: Params::TMA_X is make_tma_copy_X_sm90's TiledCopy type, whose traits carry the bits
// one TMA call moves into one CTA (Copy_Traits<SM90_TMA_LOAD, NumBitsPerTMA, ...>, as BitLayoutSrc).
template <class C, class = void>
struct has_tma : false_type {};
template <class C>
struct has_tma<C, void_t<typename C::Params::TMA_A, typename C::Params::TMA_B>> : true_type {};

constexpr int TMA_PROBLEM[4] = {%(problem)s};
constexpr int PART_PROBLEM[4] = {%(part_problem)s};

// MainloopSm80CpAsync predicates its global loads (the residue); MainloopSm80CpAsyncUnpredicated does not.
template <class P>
struct is_predicated : false_type {};
template <int S, class CS>
struct is_predicated<cutlass::gemm::MainloopSm80CpAsync<S, CS>> : true_type {};

// Per-thread partitions (issue 22) of an SM80 mainloop (a GmemTiledCopy TiledCopy and an SmemCopyAtom), as the
// collective makes them (sm80_mma_multistage.hpp), for the threads PART_THREADS: each tensor's layout, its
// pointer's offset from the tensor it partitions, and the element offset of every value (&t(i) - base).
constexpr int PART_THREADS[] = {%(threads)s};
template <class T, class Base>
void show_part(int thread, const char* x, const char* name, T const& t, Base const* base) {
  std::printf("part.%%d.%%s.%%s = ", thread, x, name);
  print(t.layout());
  std::printf("\npart.%%d.%%s.%%s.offset = %%ld\npart.%%d.%%s.%%s.elements = ", thread, x, name,
              (long)(raw_pointer_cast(t.data()) - base), thread, x, name);
  for (int i = 0; i < int(size(t)); ++i)
    std::printf(i ? ",%%ld" : "%%ld", (long)(raw_pointer_cast(&t(i)) - base));
  std::printf("\n");
}
template <bool IsA, class C, class Element, class SmemLayout, class GmemCopy, class SmemAtom, class Stride, class Mma>
void dump_operand(const char* x, Mma const& mma, int rows, int depth) {
  alignas(4096) static Element smem[cosize_v<SmemLayout>];
  Element* gbase = reinterpret_cast<Element*>(uintptr_t(1) << 32);  // never dereferenced
  Stride d{};
  if constexpr (is_static<decltype(get<1>(d))>::value) get<0>(d) = depth; else get<1>(d) = rows;
  Tensor m = make_tensor(make_gmem_ptr(gbase), make_shape(rows, depth), select<0, 1>(d));
  auto blk = make_shape(get<IsA ? 0 : 1>(typename C::TileShape{}), get<2>(typename C::TileShape{}));
  Tensor g = local_tile(m, blk, make_coord(0, _));
  // CTA (0,0)'s residue_mnk as kernel/sm70_gemm.hpp computes it: (M or N) - BLK * 0, K - BLK_K * k_tiles.
  const int residue_mn = rows;
  const int k_residue = depth - int(size<1>(g) * size<2>(g));
  constexpr bool predicated = is_predicated<typename C::DispatchPolicy>::value;
  // sm80_mma_multistage.hpp (MainloopSm80CpAsync): "Shift tensor so residue_k is at origin".
  if constexpr (predicated) g = cute::domain_offset(make_coord(0, k_residue, 0), g);
  Tensor s = make_tensor(make_smem_ptr(smem), SmemLayout{});
  auto smem_copy = [&] {
    if constexpr (IsA) return make_tiled_copy_A(SmemAtom{}, mma);
    else return make_tiled_copy_B(SmemAtom{}, mma);
  }();
  for (int thread : PART_THREADS) {
    if (thread >= int(size(mma))) continue;
    auto gthr = GmemCopy{}.get_slice(thread);
    auto tXgX = gthr.partition_S(g);
    show_part(thread, x, IsA ? "tAgA" : "tBgB", tXgX, gbase);
    if constexpr (predicated) {
      // The collective's predicates: tApA(m,_) for every copy, and k-tile 0's iterations k issued only when
      // tAcA(0,0,k)'s k >= -k_residue. Printed: the indices of tAgA's values no copy_if issues.
      auto tXsX = gthr.partition_D(s);
      Tensor cX = make_identity_tensor(make_shape(size<0>(s), size<1>(s)));
      Tensor tXcX = gthr.partition_S(cX);
      Tensor tXpX = make_tensor<bool>(make_shape(size<1>(tXsX), size<2>(tXsX)), cute::Stride<_1, _0>{});
      for (int mi = 0; mi < size<0>(tXpX); ++mi) tXpX(mi, 0) = get<0>(tXcX(0, mi, 0)) < residue_mn;
      std::printf("part.%%d.%%s.%%s.masked = ", thread, x, IsA ? "tAgA" : "tBgB");
      int n = 0;
      auto shp = product_each(shape(tXgX));
      for (int i = 0; i < int(size(tXgX)); ++i) {
        auto c = idx2crd(i, shp);
        const int mi = int(get<1>(c)), ki = int(get<2>(c)), kt = int(get<3>(c));
        const bool issued = tXpX(mi, ki) && (kt > 0 || get<1>(tXcX(0, 0, ki)) >= -k_residue);
        if (!issued) std::printf(n++ ? ",%%d" : "%%d", i);
      }
      std::printf(n ? "\n" : "none\n");
    }
    show_part(thread, x, IsA ? "tAsA" : "tBsB", gthr.partition_D(s), smem);
    auto thr_mma = mma.get_slice(thread);
    if constexpr (IsA) {
      auto tCr = thr_mma.partition_fragment_A(s(_, _, 0));
      show_part(thread, x, "tCrA", tCr, raw_pointer_cast(tCr.data()));
      auto sthr = smem_copy.get_slice(thread);
      show_part(thread, x, "tCsA", sthr.partition_S(s), smem);
      show_part(thread, x, "tCrA_copy_view", sthr.retile_D(tCr), raw_pointer_cast(tCr.data()));
    } else {
      auto tCr = thr_mma.partition_fragment_B(s(_, _, 0));
      show_part(thread, x, "tCrB", tCr, raw_pointer_cast(tCr.data()));
      auto sthr = smem_copy.get_slice(thread);
      show_part(thread, x, "tCsB", sthr.partition_S(s), smem);
      show_part(thread, x, "tCrB_copy_view", sthr.retile_D(tCr), raw_pointer_cast(tCr.data()));
    }
  }
}
template <class C, class Mma>
void dump_partitions(Mma const& mma) {
  constexpr int M = PART_PROBLEM[0], N = PART_PROBLEM[1], K = PART_PROBLEM[2];
  dump_operand<true, C, typename C::ElementA, typename C::SmemLayoutA, typename C::GmemTiledCopyA,
               typename C::SmemCopyAtomA, typename C::StrideA>("A", mma, M, K);
  dump_operand<false, C, typename C::ElementB, typename C::SmemLayoutB, typename C::GmemTiledCopyB,
               typename C::SmemCopyAtomB, typename C::StrideB>("B", mma, N, K);
  for (int thread : PART_THREADS) {
    if (thread >= int(size(mma))) continue;
    auto shape_mn = make_shape(get<0>(typename C::TileShape{}), get<1>(typename C::TileShape{}));
    auto tCrC = mma.get_slice(thread).partition_fragment_C(make_identity_tensor(shape_mn));
    std::printf("part.%%d.C.tCrC = ", thread);
    print(tCrC.layout());
    std::printf("\n");
  }
}

// Per-thread views of an SM90 TMA + GMMA collective (sm90_mma_tma_gmma_ss_warpspecialized.hpp, mma()): thread_mma
// sliced at the warpgroup (warp_group_thread_layout), tCsX = partition_X(sX), tCrX = make_fragment_X(tCsX) (GMMA
// descriptors: its layout, each descriptor's start address less the first's, and the first's LBO,SBO,base_offset).
template <class T, class S>
void show_desc(int thread, const char* x, const char* name, T const& t, S const& tcs, void const* base) {
  std::printf("part.%%d.%%s.%%s = ", thread, x, name);
  print(t.layout());
  std::printf("\npart.%%d.%%s.%%s.elements = ", thread, x, name);
  const int first = int(t(0).bitfield.start_address_);
  for (int i = 0; i < int(size(t)); ++i) std::printf(i ? ",%%d" : "%%d", int(t(i).bitfield.start_address_) - first);
  auto d = t(0);
  std::printf("\npart.%%d.%%s.%%s.desc = %%d,%%d,%%d\n", thread, x, name, int(d.bitfield.leading_byte_offset_),
              int(d.bitfield.stride_byte_offset_), int(d.bitfield.base_offset_));
  (void)tcs;
  (void)base;
}
// MainloopSm90TmaGmmaRmemAWarpSpecialized (sm90_mma_tma_gmma_rs_warpspecialized.hpp): its internal A (B under
// SwapAB) is read into registers by make_tiled_copy_A(InternalSmemCopyAtomA, tiled_mma).
template <class C, class = void>
struct is_rmem_a : false_type {};
template <class C>
struct is_rmem_a<C, void_t<typename C::InternalSmemCopyAtomA>> : true_type {};

// Per-thread views of an SM90 collective's mma(). B (and A of the SS collective) through the warpgroup's
// slice: tCsX = partition_X(sX), tCrX = make_fragment_X(tCsX) (GMMA descriptors). The RS collective's A through
// the thread's slice: tCrA = partition_fragment_A(sA(_,_,0)), tCsA = smem_thr_copy_A.partition_S(sA),
// tCrA_copy_view = retile_D(tCrA).
template <class C, class Mma>
void dump_sm90_partitions(Mma const& mma) {
  using TA = typename Mma::ValTypeA;
  using TB = typename Mma::ValTypeB;
  alignas(1024) static TA a[cosize_v<typename C::SmemLayoutA>];
  alignas(1024) static TB b[cosize_v<typename C::SmemLayoutB>];
  Tensor sA = make_tensor(make_smem_ptr(a), typename C::SmemLayoutA{});
  Tensor sB = make_tensor(make_smem_ptr(b), typename C::SmemLayoutB{});
  constexpr int MmaWarpGroups = size(Mma{}) / 128;
  Layout warp_group_thread_layout = make_layout(Int<MmaWarpGroups>{}, Int<128>{});
  for (int thread : PART_THREADS) {
    if (thread >= int(size(mma))) continue;
    auto thread_mma = mma.get_slice(warp_group_thread_layout(thread / 128));
    if constexpr (is_rmem_a<C>::value) {
      auto smem_tiled_copy_A = make_tiled_copy_A(typename C::InternalSmemCopyAtomA{}, mma);
      Tensor tCrA = mma.get_thread_slice(thread).partition_fragment_A(sA(_, _, Int<0>{}));
      auto sthr = smem_tiled_copy_A.get_thread_slice(thread);
      show_part(thread, "A", "tCrA", tCrA, raw_pointer_cast(tCrA.data()));
      show_part(thread, "A", "tCsA", sthr.partition_S(sA), a);
      show_part(thread, "A", "tCrA_copy_view", sthr.retile_D(tCrA), raw_pointer_cast(tCrA.data()));
    } else {
      Tensor tCsA = thread_mma.partition_A(sA);
      Tensor tCrA = thread_mma.make_fragment_A(tCsA);
      show_part(thread, "A", "tCsA", tCsA, a);
      show_desc(thread, "A", "tCrA", tCrA, tCsA, a);
    }
    Tensor tCsB = thread_mma.partition_B(sB);
    Tensor tCrB = thread_mma.make_fragment_B(tCsB);
    show_part(thread, "B", "tCsB", tCsB, b);
    show_desc(thread, "B", "tCrB", tCrB, tCsB, b);
  }
}

template <class C>
void dump(const char* name) {
  std::printf("[%%s]\n", name);
  using TiledMma = typename C::TiledMma;
  TiledMma mma{};
  show("collective.tile_shape", typename C::TileShape{});
  show("collective.stages", Int<C::DispatchPolicy::Stages>{});
  TVLAB_SHOW("mma.tile_mnk", make_shape(tile_size<0>(mma), tile_size<1>(mma), tile_size<2>(mma)));
  show_permutation(mma);
  TVLAB_SHOW("mma.thr_layout_vmnk", mma.get_thr_layout_vmnk());
  TVLAB_SHOW("mma.a_tv", mma.get_layoutA_TV());
  TVLAB_SHOW("mma.b_tv", mma.get_layoutB_TV());
  TVLAB_SHOW("mma.c_tv", mma.get_layoutC_TV());
  // SM90 GMMA mainloops: no SmemCopyAtom (void), and the GmemTiledCopy is a TMA op make_tma_copy tiles.
  if constexpr (is_rmem_a<C>::value)
    show_copy("copies.A", decltype(make_tiled_copy_A(typename C::InternalSmemCopyAtomA{}, mma)){});
  else if constexpr (!is_void_v<typename C::SmemCopyAtomA>)
    show_copy("copies.A", decltype(make_tiled_copy_A(typename C::SmemCopyAtomA{}, mma)){});
  if constexpr (!is_rmem_a<C>::value && !is_void_v<typename C::SmemCopyAtomB>)
    show_copy("copies.B", decltype(make_tiled_copy_B(typename C::SmemCopyAtomB{}, mma)){});
  if constexpr (is_tiled_copy<typename C::GmemTiledCopyA>::value)
    show_copy("gmem.A", typename C::GmemTiledCopyA{});
  if constexpr (is_tiled_copy<typename C::GmemTiledCopyB>::value)
    show_copy("gmem.B", typename C::GmemTiledCopyB{});
  if constexpr (has_tma<C>::value) {
    show("tma.A.bits", typename C::Params::TMA_A::BitLayoutSrc{});
    show("tma.B.bits", typename C::Params::TMA_B::BitLayoutSrc{});
    // The tensor maps of one problem, TMA_PROBLEM, with TagToStrideX_t's packed strides.
    constexpr int M = TMA_PROBLEM[0], N = TMA_PROBLEM[1], K = TMA_PROBLEM[2], L = TMA_PROBLEM[3];
    typename C::StrideA dA{};
    typename C::StrideB dB{};
    if constexpr (is_static<decltype(get<1>(dA))>::value) get<0>(dA) = K; else get<1>(dA) = M;
    get<2>(dA) = int64_t(M) * K;
    if constexpr (is_static<decltype(get<1>(dB))>::value) get<0>(dB) = K; else get<1>(dB) = N;
    get<2>(dB) = int64_t(N) * K;
    alignas(128) static char data[128];  // never read: the recorded encode takes only its address
    typename C::Arguments args{reinterpret_cast<typename C::ElementA const*>(data), dA,
                               reinterpret_cast<typename C::ElementB const*>(data), dB};
    tvlab_oracle_tma_calls = 0;
    (void)C::to_underlying_arguments(make_shape(M, N, K, L), args, nullptr);
    if constexpr (%(partitions)d) dump_sm90_partitions<C>(mma);
  }
  if constexpr (%(partitions)d && is_tiled_copy<typename C::GmemTiledCopyA>::value &&
                !is_void_v<typename C::SmemCopyAtomA>)
    dump_partitions<C>(mma);
  show("smem.A.atom", typename C::SmemLayoutAtomA{});
  show("smem.A.layout", typename C::SmemLayoutA{});
  TVLAB_SHOW("smem.A.stage0", typename C::SmemLayoutA{}(_, _, Int<0>{}));
  show("smem.B.atom", typename C::SmemLayoutAtomB{});
  show("smem.B.layout", typename C::SmemLayoutB{});
  TVLAB_SHOW("smem.B.stage0", typename C::SmemLayoutB{}(_, _, Int<0>{}));
}
}  // namespace tvlab_oracle

int main() {
  std::printf("# CUTLASS %%d.%%d.%%d\n", CUTLASS_MAJOR, CUTLASS_MINOR, CUTLASS_PATCH);
"""


def program_text(path, names, partitions):
    rel = os.path.relpath(path, ROOT)
    body = PROGRAM_HEAD % {"rel": rel, "path": path, "problem": ", ".join(str(x) for x in TMA_PROBLEM),
                           "part_problem": ", ".join(str(x) for x in PART_PROBLEM),
                           "threads": ", ".join(str(t) for t in PART_THREADS),
                           "partitions": 1 if partitions else 0}
    for n in names:
        body += '  tvlab_oracle::dump<%s>("%s");\n' % (n, n)
    return body + "}\n"


def run_cute(path, names, out, cxx, includes, partitions):
    """Compiles and runs the program of one configuration file: (CUTLASS version, {config: {key: text}}, secs)."""
    stem = os.path.splitext(os.path.basename(path))[0]
    src = os.path.join(out, "oracle_%s.cpp" % stem)
    exe = os.path.join(out, "oracle_%s" % stem)
    with open(src, "w", encoding="utf-8") as f:
        f.write(program_text(path, names, partitions))
    cmd = [cxx, "-std=c++17", "-O0", "-w", "-fpermissive", "-D__CUDACC_VER_MAJOR__=13", "-D__CUDACC_VER_MINOR__=0",
           "-I" + os.path.dirname(path), "-I" + os.path.dirname(os.path.abspath(__file__))]
    cmd += ["-I" + i for i in includes] + [src, "-o", exe]
    t0 = time.time()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    secs = time.time() - t0
    if r.returncode != 0:
        log = exe + ".log"
        with open(log, "w", encoding="utf-8") as f:
            f.write(r.stdout)
        errors = [l for l in r.stdout.splitlines() if "error" in l][:40]
        raise RuntimeError("compiling %s against CuTe failed (%s):\n%s\n(the compiler's whole output: %s)" % (
            os.path.relpath(path, ROOT), " ".join(cmd), "\n".join(errors) or r.stdout[-4000:], log))
    r = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s exited with %d:\n%s" % (exe, r.returncode, r.stderr[-2000:]))
    with open(os.path.join(out, "oracle_%s.out" % stem), "w", encoding="utf-8") as f:
        f.write(r.stdout)
    version, results = parse_results(r.stdout)
    return version, results, secs


def parse_results(text):
    version, results, cur = None, {}, None
    for line in text.splitlines():
        if line.startswith("# CUTLASS ") and version is None:
            version = line[len("# CUTLASS "):].split()[0]
        if not line.strip() or line.startswith("#"):
            continue
        # make_gmma_desc on the host: CuTe's cast_smem_ptr_to_uint has no host path and says so (the descriptors'
        # start addresses are then relative: only their differences are compared).
        if line.strip() == "ERROR: cast_smem_ptr_to_uint not supported but used.":
            continue
        if line.startswith("[") and line.endswith("]"):
            cur = results.setdefault(line[1:-1], {})
            continue
        key, sep, value = line.partition(" = ")
        if not sep or cur is None:
            raise ValueError("unreadable line in CuTe's output: %r" % line)
        cur[key.strip()] = value.strip()
    return version, results


# ---------------------------------------------------------------------------------------------------------------
# tvlab's side.

class Tvlab:
    def __init__(self, exe, out):
        self.exe, self.out, self.calls, self.secs = exe, out, 0, 0.0

    def run(self, args):
        t0 = time.time()
        r = subprocess.run([self.exe] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           stdin=subprocess.DEVNULL)
        self.calls += 1
        self.secs += time.time() - t0
        return r

    def plan(self, path, config=None, extra=()):
        r = self.run(["plan", "--json", path] + (["--config", config] if config else []) + list(extra))
        if r.returncode != 0:
            raise RuntimeError("tvlab plan %s%s: exit %d: %s" % (os.path.relpath(path, ROOT),
                               " --config " + config if config else "", r.returncode, r.stderr.strip()))
        return json.loads(r.stdout)

    def eval(self, expr):
        r = self.run(["eval", expr])
        if r.returncode != 0 or r.stdout.startswith("error"):
            raise RuntimeError("tvlab eval '%s': %s" % (expr, (r.stdout + r.stderr).strip()))
        return r.stdout.strip()

    def config_names(self, path):
        """The configurations tvlab finds in the file (from its 'no configuration named' message), or None."""
        r = self.run(["plan", "--json", "--reader", "text", path, "--config", "tvlab_oracle_no_such_config"])
        m = re.search(r"the file has (.*)$", r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "")
        return [n.strip() for n in m.group(1).split(",")] if m else None


def strip_quals(text):
    return re.sub(r"\b(?:cute|cutlass)\s*::\s*", "", text).replace(" ", "")


def gmem_side(tv, cf, name, scope, args, x, got, why):
    """The global -> shared copy, make_tiled_copy(Copy_Atom<Op, T>{}, thr, val) as the file writes it, planned
    by tvlab from a JSON spec (plan does not print the g2s copy of a configuration)."""
    keys = ("tiler", "tv", "tv_src", "tv_dst")
    try:
        kind, text = cf.resolve(args["GmemTiledCopy" + x], scope)
        mm = re.fullmatch(r"(?:cute\s*::\s*)?make_tiled_copy\s*\((.*)\)", text, re.S)
        if kind != "expr" or not mm:
            raise ValueError("GmemTiledCopy%s is not make_tiled_copy(atom, thr, val): %s" % (x, text))
        cargs = split_top(mm.group(1))
        am = re.fullmatch(r"(?:cute\s*::\s*)?Copy_Atom\s*<(.*)>\s*\{\s*\}", cargs[0], re.S)
        if not am or len(split_top(am.group(1))) != 2:
            raise ValueError("GmemTiledCopy%s's atom is not Copy_Atom<Op, T>{}: %s" % (x, cargs[0]))
        op, vt = split_top(am.group(1))
        copy = {"atom": strip_quals(op), "value_type": strip_quals(vt), "thr_layout": tv.eval(cargs[1]),
                "val_layout": tv.eval(cargs[2]) if len(cargs) > 2 else "1:0"}
        spec = os.path.join(tv.out, "g2s_%s_%s.json" % (re.sub(r"\W", "_", name), x))
        with open(spec, "w", encoding="utf-8") as f:
            json.dump({"copies": {"g2s": copy}}, f)
        c = tv.plan(spec)["copies"]["g2s"]
        for k in keys:
            got["gmem.%s.%s" % (x, k)] = c[k]
    except (ValueError, RuntimeError) as e:
        for k in keys:
            why["gmem.%s.%s" % (x, k)] = str(e)


def tvlab_side(tv, cf, name, scope, body, cute):
    """{key: tvlab's text} for the keys of CuTe's output, and {key: why not compared}."""
    got, why, refusal = {}, {}, None
    try:
        p = tv.plan(cf.path, name)
    except RuntimeError as e:  # tvlab refuses the configuration: what does not need its plan is still compared
        refusal, p = str(e), {}
        for key in cute:
            if key.startswith(("mma.", "copies.")) or key.endswith(".stage0"):
                why[key] = "tvlab refuses this configuration"
    m = p.get("mma") or {}
    if m:
        got["mma.tile_mnk"] = "(" + ",".join(str(x) for x in m["tile_mnk"]) + ")"
        got["mma.permutation"] = "(" + ",".join(m["permutation"]) + ")"
        for k in ("thr_layout_vmnk", "a_tv", "b_tv", "c_tv"):
            got["mma." + k] = m[k]
    for x in ("A", "B"):
        c = p.get("copies", {}).get(x)
        if c:
            for k in ("tiler", "tv", "tv_src", "tv_dst"):
                got["copies.%s.%s" % (x, k)] = c[k]
        s = p.get("smem", {}).get(x)
        if s:
            got["smem.%s.stage0" % x] = s["layout"]
            if "staged" in s:  # the SM90 mainloops' staged layout, as the kernel model builds it
                got["smem.%s.layout" % x] = s["staged"]
            if "tma" in s:  # CuTe's NumBitsPerTMA is the box before the multicast cuts it into one part a CTA
                got["tma.%s.bits" % x] = "(1,%d):(0,1)" % (8 * s["tma"]["box_bytes"] * s["tma"].get("multicast", 1))
    if any(k.startswith("tma.") and k.endswith(".box") for k in cute):
        # the tensor maps of TMA_PROBLEM: plan with the problem bound
        try:
            pp = tv.plan(cf.path, name, ["--bind", "problem=make_shape(%d, %d, %d, %d)" % TMA_PROBLEM])
            for x in ("A", "B"):
                t = pp.get("smem", {}).get(x, {}).get("tma", {})
                for k in ("box", "global_dim", "global_stride_bytes"):
                    got["tma.%s.%s" % (x, k)] = "{" + ",".join(str(v) for v in t[k]) + "}"
                got["tma.%s.swizzle" % x] = t["swizzle"]
        except (RuntimeError, KeyError) as e:
            for x in ("A", "B"):
                for k in ("box", "global_dim", "global_stride_bytes", "swizzle"):
                    why["tma.%s.%s" % (x, k)] = str(e)
        if c and c.get("smem", {}).get("staged"):  # the SM80 mainloops' (copies.X.smem)
            got["smem.%s.layout" % x] = c["smem"]["staged"]
    part_threads = sorted({int(k.split(".")[1]) for k in cute if k.startswith("part.")})
    if os.environ.get("TVLAB_SANITIZED") == "1":  # under the sanitizers one thread's partitions suffice
        for k in cute:
            if k.startswith("part.") and int(k.split(".")[1]) != 5:
                why[k] = "one thread (5) under the sanitizers"
        part_threads = [t for t in part_threads if t == 5]
    for t in part_threads:
        # thread t's partitions, the global ones for TMA_PROBLEM
        try:
            views = tv.plan(cf.path, name, ["--thread", str(t), "--bind", "problem=make_shape(%d, %d, %d, %d)"
                                            % PART_PROBLEM])
            for op in views:
                for tensor in op["tensors"]:
                    key = "part.%d.%s.%s" % (t, op["operand"], tensor["name"])
                    got[key] = tensor["layout"]
                    if tensor["memory"] != "coord":
                        got[key + ".offset"] = tensor["offset"]
                        got[key + ".elements"] = ",".join(str(v["element"]) for v in tensor["values"])
                    if "descriptor" in tensor:  # GMMA descriptors: LBO, SBO, base_offset of the first
                        d = tensor["descriptor"]
                        got[key + ".desc"] = "%d,%d,%d" % (d["leading_byte_offset"], d["stride_byte_offset"],
                                                           d["base_offset"])
                    if "predicate" in tensor:  # MainloopSm80CpAsync's predicates: the values no copy issues
                        masked = [str(v["index"]) for v in tensor["values"] if v["masked"]]
                        got[key + ".masked"] = ",".join(masked) or "none"
        except (RuntimeError, KeyError) as e:
            for k in cute:
                if k.startswith("part.%d." % t):
                    why[k] = str(e)
    args = cf.collective_args(body)
    for x in ("A", "B"):
        if "gmem.%s.tv" % x in cute:  # an SM90 TMA op prints no TiledCopy: nothing to compare
            gmem_side(tv, cf, name, scope, args, x, got, why)
        # the shared-memory atom; the staged layout is the plan's (SmemLayoutX as the kernel model builds it)
        try:
            kind, atom = cf.resolve(args["SmemLayoutAtom" + x], scope)
            if kind == "type":
                atom += "{}"
            got["smem.%s.atom" % x] = tv.eval(atom)
        except (ValueError, RuntimeError) as e:
            why["smem.%s.atom" % x] = str(e)
        if "smem.%s.layout" % x not in got and not refusal:
            why["smem.%s.layout" % x] = "tvlab's plan prints no staged layout for %s" % x
    return got, why, refusal


# ---------------------------------------------------------------------------------------------------------------
# The comparison.

STATIC_INT = re.compile(r"(?<![\w.])_(?=-?\d)")


# A swizzled slice that keeps its swizzle carries the thread's bits as CuTe's MixedBits, printed
# M_<static>|(<dynamic>&<mask>)=<value>; tvlab prints the value.
MIXED_BITS = re.compile(r"M_-?\d+\|\(-?\d+&-?\d+\)=(-?\d+)")


def normalize(text):
    return re.sub(r"\s+", "", STATIC_INT.sub("", MIXED_BITS.sub(r"\1", text)))


RECORDED_ONLY = ("collective.tile_shape", "collective.stages")

# Configurations tvlab refuses today (tvlab plan exits 2), each with a text its refusal must name. CuTe's output is
# still recorded and the keys that need no plan of tvlab's (gmem.*, smem.X.atom, smem.X.layout) are still compared;
# when tvlab reads one of them the test fails, to have the entry removed and the whole configuration compared.
KNOWN_REFUSALS = {
    # "name_pattern::CollectiveMainloop": "text of the refusal",
}


SMEM_PTR_FLAG = re.compile(r"o\s*smem_ptr\[\d+b\]\(unset\)\s*o")
IDENTITY_SWIZZLE = re.compile(r"^\s*Sw<0,\s*\d+,\s*\d+>\s*o\s*_?0\s*o\s*")


def compare(cute, got, why):
    """(mismatches [(key, cute, tvlab)], compared keys, not compared {key: why})."""
    mismatches, compared, missing = [], [], {}
    for key, value in cute.items():
        if key in RECORDED_ONLY:
            continue
        if key not in got:
            missing[key] = why.get(key, "tvlab prints no counterpart")
            continue
        compared.append(key)
        mine = got[key]
        if key.endswith(".stage0"):
            # CuTe's slice SmemLayoutX(_,_,0) folds an smem_ptr_flag offset into the integer _0 (its take<0,2>
            # keeps it, as tvlab does); make_tma_copy and the GMMA descriptor read only the swizzle and the
            # layout, so the stage is compared on those.
            mine = SMEM_PTR_FLAG.sub("o _0 o", mine)
            # ... and composes the identity swizzle Sw<0,M,S> away (GMMA's INTER atoms): the bare layout.
            mine = IDENTITY_SWIZZLE.sub("", mine)
        if normalize(value) != normalize(mine):
            mismatches.append((key, value, got[key]))
    return mismatches, compared, missing


def mutate(layout):
    """The layout text with its first two distinct stride values swapped (None if it has fewer than two)."""
    depth = 0
    for i, c in enumerate(layout):
        depth += c == "("
        depth -= c == ")"
        if c == ":" and depth == 0:
            shape, stride = layout[:i], layout[i + 1:]
            nums = list(re.finditer(r"-?\d+", stride))
            for a in nums:
                for b in nums:
                    if a.group() != b.group() and a.start() < b.start():
                        s = stride[:a.start()] + b.group() + stride[a.end():b.start()] + a.group() + stride[b.end():]
                        return shape + ":" + s
            return None
    return None


# ---------------------------------------------------------------------------------------------------------------
# Recordings: tests/data/cute/oracle_<file>.txt

def recording_path(path, recorded_dir):
    return os.path.join(recorded_dir, "oracle_%s.txt" % os.path.splitext(os.path.basename(path))[0])


def sha256(path):
    """Of the file's C++ without comments and blank runs: editing a comment keeps a recording valid."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = " ".join(strip_cpp(f.read()).split())
    return hashlib.sha256(text.encode()).hexdigest()


def read_recording(rpath):
    meta = {}
    with open(rpath, encoding="utf-8") as f:
        text = f.read()
    for line in text.splitlines():
        m = re.match(r"# (input-sha256|cutlass-version): (\S+)", line)
        if m:
            meta[m.group(1)] = m.group(2)
    _, results = parse_results(text)
    return meta, results


def compare_recording(rec, results, rpath, rel, version, failures):
    """CuTe's output now against its recording: equal, or a failure listing every key that differs."""
    if rec == results:
        print("CuTe's output equals the recording %s" % os.path.relpath(rpath, ROOT))
        return
    failures.append("%s: CuTe now prints something else than the recording" % rel)
    print("FAIL CuTe (CUTLASS %s) now prints something else than %s:" % (version, os.path.relpath(rpath, ROOT)))
    for n in sorted(set(rec) | set(results)):
        for k in sorted(set(rec.get(n, {})) | set(results.get(n, {}))):
            if rec.get(n, {}).get(k) != results.get(n, {}).get(k):
                print("  %s %s\n    now:      %s\n    recorded: %s" % (
                    n, k, results.get(n, {}).get(k), rec.get(n, {}).get(k)))


def write_recording(rpath, path, version, origin, compiler, results):
    rel = os.path.relpath(path, ROOT)
    lines = [
        "# CuTe's print() of the layouts of each CollectiveMma configuration in %s, compiled against real CuTe" % rel,
        "# (host code) by tests/cute_oracle/run.sh record; cute.oracle.recorded compares tvlab against this file.",
        "# CUTLASS %s (%s), %s, recorded %s." % (version, origin, compiler, datetime.date.today().isoformat()),
        "# Keys: see tests/cute_oracle/oracle.py. collective.* are recorded only.",
        "# cutlass-version: %s" % version,
        "# input-sha256: %s (of its C++ text without comments and blank runs)" % sha256(path),
    ]
    for name, kv in results.items():
        lines.append("[%s]" % name)
        lines += ["%s = %s" % (k, v) for k, v in kv.items()]
    with open(rpath + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(rpath + ".tmp", rpath)


# ---------------------------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["live", "record", "recorded", "mutated"])
    ap.add_argument("--tvlab", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--cpp-dir", default=CPP_DIR)
    ap.add_argument("--recorded-dir", default=RECORDED_DIR)
    ap.add_argument("--cutlass-include")
    ap.add_argument("--cuda-include", action="append", default=[])
    ap.add_argument("--origin", default="CUTLASS headers")
    ap.add_argument("--cxx", default="g++")
    ap.add_argument("--live-files", choices=["all", "changed"], default="all",
                    help="live: compile every file (all), or only those whose recording is missing or stale plus one "
                         "canary (changed; the unchanged ones compare tvlab with their recording, which CuTe printed "
                         "from the same input and CUTLASS version)")
    ap.add_argument("--partitions", action="store_true",
                    help="live: compile the per-thread partitions too (record always does)")
    a = ap.parse_args()
    t_start = time.time()
    os.makedirs(a.out, exist_ok=True)
    live = a.mode in ("live", "record")
    tv = Tvlab(a.tvlab, a.out)
    failures = []

    files = discover(a.cpp_dir)
    if os.environ.get("TVLAB_SANITIZED") == "1" and a.mode in ("recorded", "mutated"):
        # Under the sanitizers (scripts/sanitize.sh) tvlab's reading is what is at stake: the hand-written files;
        # the generated ones repeat the same code paths (the normal build compares them all).
        files = [f for f in files if not os.path.basename(f).startswith("generated_")]
        print("sanitized run: the hand-written configuration files only")
    if not files:
        print("FAIL no configuration file (a *.hpp with a CollectiveMma alias) under %s" % a.cpp_dir)
        return 1
    cfs = []
    for path in files:
        cf = ConfigFile(path)
        rel = os.path.relpath(path, ROOT)
        for name, why in cf.unreachable:
            print("note %s: %s %s" % (rel, name, why))
        names = [n for n, _, _ in cf.configs]
        # NVIDIA CUTLASS's collectives (MainloopSm70..Sm100...) compile against it; sycl-tla's (MainloopXe...,
        # MainloopIntel...) need Intel's fork, which is not on PyPI: noted, neither compiled nor recorded.
        cf.nvidia = []
        for n, scope, body in cf.configs:
            try:
                pol = cf.policy(body, scope)
            except ValueError as e:
                failures.append("%s %s: %s" % (rel, n, e))
                print("FAIL %s %s: %s" % (rel, n, e))
                continue
            if re.match(r"MainloopSm\d", pol):
                cf.nvidia.append((n, scope, body))
            else:
                print("note %s %s: dispatch policy %s is not NVIDIA CUTLASS's (sycl-tla?): not compiled against "
                      "CuTe, not recorded" % (rel, n, pol))
        theirs = tv.config_names(path)
        if theirs is not None and sorted(theirs) != sorted(names):
            failures.append("%s: the configurations found here (%s) are not tvlab's (%s)" % (
                rel, ", ".join(names), ", ".join(theirs)))
        cfs.append(cf)

    # CuTe's results: compiled now (live, record) or recorded.
    cute_by_file, version = {}, None
    if live:
        includes = [a.cutlass_include] + a.cuda_include
        # The partitions (part.*) take most of the compile time: compiled when recording (or asked for);
        # otherwise their recorded values stand for CuTe's and tvlab is still compared with them.
        partitions = a.mode == "record" or a.partitions
        if not partitions:
            print("partitions (part.*): the recorded CuTe output (compiled with --partitions or when recording)")
        compiler = subprocess.run([a.cxx, "--version"], stdout=subprocess.PIPE, text=True).stdout.splitlines()[0]
        print("CuTe: the CUTLASS headers in %s (%s); CUDA includes %s; %s" % (
            a.cutlass_include, a.origin, " ".join(a.cuda_include), compiler))
        jobs = max(1, min(len(cfs), os.cpu_count() or 1, 4))
        compiled = [cf for cf in cfs if cf.nvidia]
        if a.live_files == "changed":
            # The canary: the README's configuration file (else the first), compiled every run so that the toolchain
            # and CUTLASS still give the recording; the others only when their input changed or has no recording.
            canary = next((cf for cf in compiled if os.path.basename(cf.path) == "cutlass_sm80_f16_tn.hpp"),
                          compiled[0] if compiled else None)

            def unchanged(cf):
                rpath = recording_path(cf.path, a.recorded_dir)
                return os.path.exists(rpath) and read_recording(rpath)[0].get("input-sha256") == sha256(cf.path)

            kept = [cf for cf in compiled if cf is canary or not unchanged(cf)]
            for cf in compiled:
                if cf in kept:
                    continue
                rpath = recording_path(cf.path, a.recorded_dir)
                meta, rec = read_recording(rpath)
                print("unchanged since recorded with CUTLASS %s: %s (tvlab compared with the recording; "
                      "--live-files all compiles it)" % (meta.get("cutlass-version"), os.path.relpath(cf.path, ROOT)))
                cute_by_file[cf.path] = rec
            compiled = kept
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            futs = {cf.path: pool.submit(run_cute, cf.path, [n for n, _, _ in cf.nvidia], a.out, a.cxx, includes,
                                         partitions)
                    for cf in compiled}
            for cf in cfs:
                rel = os.path.relpath(cf.path, ROOT)
                if cf.path not in futs:
                    continue
                try:
                    v, results, secs = futs[cf.path].result()
                except Exception as e:  # noqa: BLE001 - reported as a failure with its text
                    failures.append(str(e))
                    print("FAIL %s" % e)
                    continue
                version = version or v
                print("compiled and ran %s against CuTe (CUTLASS %s): %.1f s, %d configuration(s)" % (
                    rel, v, secs, len(results)))
                cute_by_file[cf.path] = results
                rpath = recording_path(cf.path, a.recorded_dir)
                if a.mode == "record":
                    write_recording(rpath, cf.path, v, a.origin, compiler, results)
                    print("recorded %s" % os.path.relpath(rpath, ROOT))
                elif os.path.exists(rpath):
                    meta, rec = read_recording(rpath)
                    if meta.get("input-sha256") != sha256(cf.path):
                        print("note %s was recorded from another version of %s: "
                              "rerun tests/cute_oracle/run.sh record" % (os.path.relpath(rpath, ROOT), rel))
                    elif meta.get("cutlass-version") != v:
                        print("note %s was recorded with CUTLASS %s, this is %s: not compared with it" % (
                            os.path.relpath(rpath, ROOT), meta.get("cutlass-version"), v))
                    else:
                        if not partitions:  # the recorded partitions join what CuTe printed now
                            for n, kv in rec.items():
                                for k, val in kv.items():
                                    if k.startswith("part.") and n in results:
                                        results[n][k] = val
                        compare_recording(rec, results, rpath, rel, v, failures)
                else:
                    print("note %s has no recording (%s): tests/cute_oracle/run.sh record writes it" % (
                        rel, os.path.relpath(rpath, ROOT)))
    else:
        for cf in cfs:
            if not cf.nvidia:
                continue
            rel = os.path.relpath(cf.path, ROOT)
            rpath = recording_path(cf.path, a.recorded_dir)
            if not os.path.exists(rpath):
                failures.append("%s has no recording %s" % (rel, os.path.relpath(rpath, ROOT)))
                print("FAIL %s has no recording of CuTe's output (%s): run tests/cute_oracle/run.sh record" % (
                    rel, os.path.relpath(rpath, ROOT)))
                continue
            meta, rec = read_recording(rpath)
            if meta.get("input-sha256") != sha256(cf.path):
                failures.append("%s changed since %s was recorded" % (rel, os.path.relpath(rpath, ROOT)))
                print("FAIL %s changed since %s was recorded: run tests/cute_oracle/run.sh record" % (
                    rel, os.path.relpath(rpath, ROOT)))
                continue
            print("CuTe's output recorded with CUTLASS %s: %s" % (meta.get("cutlass-version"),
                                                                 os.path.relpath(rpath, ROOT)))
            cute_by_file[cf.path] = rec

    if a.mode == "mutated":
        for results in cute_by_file.values():
            for name, kv in results.items():
                kv["mma.a_tv"] = mutate(kv["mma.a_tv"])
                print("mutated: two strides of %s's mma.a_tv swapped: %s" % (name, kv["mma.a_tv"]))

    # The comparison, configuration by configuration.
    n_compared, n_mismatch, control_done = 0, 0, False
    for cf in cfs:
        results = cute_by_file.get(cf.path)
        if results is None:
            continue
        rel = os.path.relpath(cf.path, ROOT)
        for name, scope, body in cf.nvidia:
            cute = results.get(name)
            if cute is None:
                failures.append("%s: no CuTe output for %s" % (rel, name))
                print("FAIL %s: no CuTe output for %s" % (rel, name))
                continue
            try:
                got, why, refusal = tvlab_side(tv, cf, name, scope, body, cute)
            except (RuntimeError, ValueError) as e:
                failures.append(str(e))
                print("FAIL %s %s: %s" % (rel, name, e))
                continue
            known = [n for pat, n in KNOWN_REFUSALS.items() if fnmatch.fnmatchcase(name, pat)]
            if refusal and known and known[0] in refusal:
                print("%s %s: tvlab refuses it, as known (%s): %s" % (rel, name, known[0], refusal))
            elif refusal:
                failures.append(refusal)
                print("FAIL %s %s: %s" % (rel, name, refusal))
            elif known:
                failures.append("%s: tvlab reads it now; remove it from KNOWN_REFUSALS in oracle.py" % name)
                print("FAIL %s %s: tvlab reads it now (it refused it for %s): remove it from KNOWN_REFUSALS in "
                      "tests/cute_oracle/oracle.py" % (rel, name, known[0]))
            mismatches, compared, missing = compare(cute, got, why)
            n_compared += len(compared)
            n_mismatch += len(mismatches)
            print("%s %s: %d compared, %d mismatch(es), %d not compared" % (
                rel, name, len(compared), len(mismatches), len(missing)))
            for key in compared:
                if key not in [k for k, _, _ in mismatches]:
                    print("  ok       %-22s %s" % (key, cute[key]))
            for key, c, t in mismatches:
                print("  MISMATCH %-22s\n    CuTe : %s\n    tvlab: %s" % (key, c, t))
            for key, w in missing.items():
                print("  not compared %s (CuTe: %s): %s" % (key, cute[key], w))
            if mismatches:
                failures.append("%s %s: %d mismatch(es) between CuTe and tvlab" % (rel, name, len(mismatches)))
            if not control_done and a.mode != "mutated":
                # Mutation control: two strides of one compared layout swapped must be reported.
                for key in compared:
                    bad = mutate(cute[key]) if ":" in cute[key] else None
                    if bad is None or normalize(bad) == normalize(cute[key]):
                        continue
                    mut = dict(cute)
                    mut[key] = bad
                    mm, _, _ = compare(mut, got, why)
                    if any(k == key for k, _, _ in mm):
                        print("mutation control: %s %s with two strides swapped (%s) is reported as a mismatch" % (
                            name, key, bad))
                    else:
                        failures.append("mutation control: a swapped stride in %s was not reported" % key)
                        print("FAIL mutation control: %s with two strides swapped (%s) was not reported" % (key, bad))
                    control_done = True
                    break
    if n_compared and not control_done and a.mode != "mutated":
        failures.append("mutation control: no layout to mutate")
    print("%d comparisons, %d mismatch(es); tvlab: %d calls, %.1f s; total %.1f s" % (
        n_compared, n_mismatch, tv.calls, tv.secs, time.time() - t_start))
    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
