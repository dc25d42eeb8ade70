"""CuTe DSL (nvidia-cutlass-dsl) objects as tvlab input (issue 36).

The DSL prints a Copy Atom / TiledCopy without its operation (``Copy Atom``, ``ThrID``, ``TV Layout Src/Dst``, ``Value
type``) and a TiledMma without its MMA's name: a print alone cannot stand in a shared-memory stage, where the vector
and bank checks need the instruction. Here each object is converted from the object itself: its print (the layouts,
which tvlab reads and checks against the named atom) and the atom's name taken from ``type(obj.op).__name__`` and the
op's fields (the classes and fields of nvidia-cutlass-dsl 4.2.0: cutlass/cute/nvgpu/{common,cpasync/copy,warp/copy,
warp/mma,warpgroup/mma}.py). An op tvlab does not map is a SpecError naming its class: never a guess.

Layouts, composed layouts and swizzles are their str(): CuTe notation (``S<3,3,3> o 0 o (8,64):(64,1)``).
"""

import re as _re

from .errors import SpecError

_KINDS = ("TiledMma", "MmaAtom", "TiledCopy", "CopyAtom", "ComposedLayout", "Swizzle", "Layout")


def kind(x):
    """The CuTe DSL class x is an instance of ("TiledMma", "TiledCopy", "CopyAtom", "Layout" ...), or None when x is
    not a CuTe DSL object (the class is looked up in cutlass.cute's own modules, not guessed from str())."""
    for cls in type(x).__mro__:
        if cls.__module__.startswith("cutlass.cute") and cls.__name__ in _KINDS:
            return cls.__name__
    return None


# cutlass.Numeric class name -> tvlab's value type (CuTe's C++ name).
_TYPES = {"Float16": "half_t", "BFloat16": "bfloat16_t", "Float32": "float", "Float64": "double",
          "TFloat32": "tfloat32_t", "Int8": "int8_t", "Uint8": "uint8_t", "Int16": "int16_t", "Uint16": "uint16_t",
          "Int32": "int32_t", "Uint32": "uint32_t", "Int64": "int64_t", "Uint64": "uint64_t",
          "Float8E4M3FN": "float_e4m3_t", "Float8E5M2": "float_e5m2_t"}
# ... and as the MMA names spell it (SM80_16x8x16_F32F16F16F32_TN).
_MMA_TYPES = {"Float16": "F16", "BFloat16": "BF16", "Float32": "F32"}


def value_type(dtype):
    """tvlab's name of a cutlass.Numeric class (cutlass.Float16 -> "half_t")."""
    name = getattr(dtype, "__name__", str(dtype))
    if name not in _TYPES:
        raise SpecError(f"CuTe DSL value type {name}: tvlab has no such value type")
    return _TYPES[name]


def _field(v):
    """An op field as the description holds it: an enum by its name, a cutlass.Numeric class by its name, a tuple
    as a list, bool / int as they are (tests/cute_print/prints_dsl.py records the same)."""
    import enum
    if isinstance(v, enum.Enum):
        return v.name
    if isinstance(v, type):
        return v.__name__
    if isinstance(v, tuple):
        return [_field(e) for e in v]
    if isinstance(v, (bool, int, str)):
        return v
    return str(v)


def describe(obj):
    """What a CuTe DSL atom says of its operation, from the object: {"op": module.Class of obj.op, "fields": the
    op's dataclass fields, "type": the atom's type (`!cute_nvgpu.atom.simt_async_copy<f16, cache = global,
    128 b>`)}. tests/cute_print/prints_dsl.py records the same description next to each print."""
    import dataclasses
    op = obj.op
    fields = {f.name: _field(getattr(op, f.name)) for f in dataclasses.fields(op)} \
        if dataclasses.is_dataclass(op) else {}
    return {"op": f"{type(op).__module__}.{type(op).__name__}", "fields": fields, "type": str(obj.type)}


def _copy_bits(desc):
    """The bits one copy moves per thread, as the atom's type names them (`..., 128 b>`); None where it names none
    (an auto-vectorizing CopyUniversalOp)."""
    m = _re.search(r",\s*(\d+) b>", desc["type"])
    return int(m.group(1)) if m else None


def _check_bits(atom, desc):
    """The atom's type's bits against its layouts (values per thread x value width)."""
    import cutlass.cute as cute
    bits = _copy_bits(desc)
    per_thread = cute.size(atom.layout_src_tv) // cute.size(atom.thr_id) * atom.value_type.width
    if bits is not None and bits != per_thread and "CopyBulkTensor" not in desc["op"]:
        raise SpecError(f"CuTe DSL copy atom {desc['op']}: its type says {bits} bits a copy, its layouts "
                        f"{per_thread} ({desc['type']})")


def copy_atom_name(desc):
    """(tvlab atom name, ref) of a CuTe DSL copy operation's description (describe()): ref is "dst" for loads into
    registers (ldmatrix), "src" for stores (stmatrix), None where Src and Dst are the same layout. The classes and
    fields are nvidia-cutlass-dsl 4.2.0's (cutlass/cute/nvgpu/common.py CopyUniversalOp, cpasync/copy.py CopyG2SOp
    (cache_mode: LoadCacheMode) and the CopyBulkTensorTile ops, warp/copy.py LdMatrix8x8x16bOp / StMatrix8x8x16bOp
    (transpose, num_matrices))."""
    op, f = desc["op"], desc["fields"]
    mod, _, cls = op.rpartition(".")
    nvgpu = mod.startswith("cutlass.cute.nvgpu")
    if nvgpu and cls == "CopyUniversalOp":
        bits = _copy_bits(desc)
        if bits is None:
            raise SpecError("CuTe DSL CopyUniversalOp without num_bits_per_copy auto-vectorizes, which tvlab does "
                            "not model: give num_bits_per_copy (UniversalCopy<uintN_t>)")
        if bits not in (8, 16, 32, 64, 128):
            raise SpecError(f"CuTe DSL CopyUniversalOp of {bits} bits: UniversalCopy takes 8, 16, 32, 64 or 128")
        return f"UniversalCopy<uint{bits}_t>", None
    if nvgpu and cls == "CopyG2SOp" and ".cpasync" in mod:
        bits = _copy_bits(desc)
        mode = f.get("cache_mode")
        if mode == "ALWAYS" and bits in (32, 64, 128):
            return f"SM80_CP_ASYNC_CACHEALWAYS<uint{bits}_t>", None
        if mode == "GLOBAL" and bits == 128:
            return "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", None
        raise SpecError(f"CuTe DSL cpasync.CopyG2SOp with cache_mode LoadCacheMode.{mode} and {bits} bits a copy: "
                        "tvlab models cp.async with LoadCacheMode.ALWAYS (32, 64, 128 bits) and GLOBAL (128 bits)")
    if nvgpu and ".warp" in mod and cls in ("LdMatrix8x8x16bOp", "StMatrix8x8x16bOp"):
        n, t = f["num_matrices"], f["transpose"]
        arch, what, ref = ("SM75", "LDSM", "dst") if cls.startswith("Ld") else ("SM90", "STSM", "src")
        return (f"{arch}_U16x{2 * n}_{what}_T" if t else f"{arch}_U32x{n}_{what}_N"), ref
    if nvgpu and ".cpasync" in mod and cls in _TMA and f.get("cta_group", "ONE") == "ONE":
        return _TMA[cls], None
    raise SpecError(f"CuTe DSL copy operation {op} ({f}): tvlab does not map it to an atom (it maps "
                    "CopyUniversalOp, cpasync.CopyG2SOp, warp.LdMatrix8x8x16bOp, warp.StMatrix8x8x16bOp and the "
                    "SM90 TMA tile ops with one CTA)")


def copy_atom(atom):
    """(tvlab atom name, ref) of a CuTe DSL CopyAtom or TiledCopy (copy_atom_name of its description, its bits
    checked against its layouts)."""
    desc = describe(atom)
    _check_bits(atom, desc)
    return copy_atom_name(desc)


_TMA = {"CopyBulkTensorTileG2SOp": "SM90_TMA_LOAD", "CopyBulkTensorTileG2SMulticastOp": "SM90_TMA_LOAD_MULTICAST",
        "CopyBulkTensorTileS2GOp": "SM90_TMA_STORE"}


def mma_atom_name(desc):
    """tvlab's name of a CuTe DSL MMA operation's description (describe()): nvidia-cutlass-dsl 4.2.0's
    cutlass/cute/nvgpu/common.py MmaUniversalOp (abacc_dtype), warp/mma.py MmaF16BF16Op (ab_dtype, acc_dtype,
    shape_mnk), warpgroup/mma.py MmaF16BF16Op (a_dtype, b_dtype, acc_dtype, shape_mnk, a_src, a_major_mode,
    b_major_mode)."""
    op, f = desc["op"], desc["fields"]
    mod, _, cls = op.rpartition(".")

    def t(name):
        if name not in _MMA_TYPES:
            raise SpecError(f"CuTe DSL {op} with {name}: tvlab has no such MMA")
        return _MMA_TYPES[name]

    if mod.startswith("cutlass.cute.nvgpu") and cls == "MmaUniversalOp":
        v = value_type(f["abacc_dtype"])
        return f"UniversalFMA<{v},{v},{v}>"
    if mod.startswith("cutlass.cute.nvgpu.warp.") and cls == "MmaF16BF16Op":
        m, n, k = f["shape_mnk"]
        ab, acc = t(f["ab_dtype"]), t(f["acc_dtype"])
        return f"SM80_{m}x{n}x{k}_{acc}{ab}{ab}{acc}_TN"
    if mod.startswith("cutlass.cute.nvgpu.warpgroup") and cls == "MmaF16BF16Op":
        m, n, k = f["shape_mnk"]
        if f["a_dtype"] != f["b_dtype"]:
            raise SpecError(f"CuTe DSL {op} with A {f['a_dtype']} and B {f['b_dtype']}: tvlab has no such MMA")
        ab, acc = t(f["a_dtype"]), t(f["acc_dtype"])
        src = {"SMEM": "SS", "RMEM": "RS"}[f["a_src"]]
        return f"SM90_{m}x{n}x{k}_{acc}{ab}{ab}_{src}<GMMA::Major::{f['a_major_mode']},GMMA::Major::{f['b_major_mode']}>"
    raise SpecError(f"CuTe DSL MMA operation {op}: tvlab does not map it to an atom (it maps MmaUniversalOp, "
                    "warp.MmaF16BF16Op and warpgroup.MmaF16BF16Op)")


def mma_atom(mma):
    """tvlab's name of a CuTe DSL TiledMma's / MmaAtom's MMA."""
    return mma_atom_name(describe(mma))


def copy_spec(x, extra=None):
    """A CuTe DSL TiledCopy as a spec's copy object: {"print", "atom", "ref"} (extra keys the user gave kept; a
    user's "atom" or "ref" that differs from the object's is an error)."""
    if kind(x) != "TiledCopy":
        raise SpecError(f"expected a CuTe DSL TiledCopy (print(tiled_copy)), got a CuTe DSL {kind(x)}")
    name, ref = copy_atom(x)
    out = dict(extra or {})
    out["print"] = str(x)
    for key, val in (("atom", name), ("ref", ref)):
        if val is None:
            continue
        if key in out and out[key] != val:
            raise SpecError(f"the CuTe DSL TiledCopy is {name}" + (f" (ref {ref})" if ref else "") +
                            f", the spec says {key} {out[key]!r}")
        out[key] = val
    return out


def mma_spec(x, extra=None):
    """A CuTe DSL TiledMma as a spec's "mma": {"print", "atom"}."""
    if kind(x) not in ("TiledMma",):
        raise SpecError(f"expected a CuTe DSL TiledMma, got a CuTe DSL {kind(x)}")
    out = dict(extra or {})
    name = mma_atom(x)
    if "atom" in out and out["atom"] != name:
        raise SpecError(f"the CuTe DSL TiledMma's MMA is {name}, the spec says atom {out['atom']!r}")
    out["print"], out["atom"] = str(x), name
    return out


def spec_objects(spec):
    """A dict spec with every CuTe DSL object in it converted: a TiledMma or TiledCopy where a spec takes an MMA or a
    copy (as the value, or as "print" in an object) becomes {"print", "atom"[, "ref"]}; an SM90 TMA copy atom a stage's
    "g2s" its op's name; layouts, composed layouts and swizzles their notation (str)."""

    def conv(v):
        k = kind(v)
        if k == "TiledMma":
            return mma_spec(v)
        if k == "TiledCopy":
            return copy_spec(v)
        if k == "CopyAtom":  # an SM90 TMA atom (make_tiled_tma_atom): its op; others are not a spec's copy
            name, _ = copy_atom(v)
            if name.startswith("SM90_TMA"):
                return name
            raise SpecError(f"a CuTe DSL Copy Atom ({name}) is not a copy a spec takes: tile it (make_tiled_copy_tv,"
                            " make_tiled_copy_A/B/C) and give the TiledCopy")
        if k is not None:
            return str(v)
        if isinstance(v, dict):
            p = v.get("print")
            pk = kind(p)
            if pk == "TiledCopy":
                return copy_spec(p, {key: conv(val) for key, val in v.items() if key != "print"})
            if pk == "TiledMma":
                return mma_spec(p, {key: conv(val) for key, val in v.items() if key != "print"})
            return {key: conv(val) for key, val in v.items()}
        if isinstance(v, (list, tuple)):
            return [conv(e) for e in v]
        return v

    return conv(spec)


def object_spec(x):
    """A CuTe DSL TiledMma or TiledCopy given alone as a spec: the dict spec it stands for."""
    k = kind(x)
    if k == "TiledMma":
        return {"mma": mma_spec(x)}
    if k == "TiledCopy":
        return {"copies": {"copy": copy_spec(x)}}
    return None


def notation(x, what):
    """CuTe notation text of a banks()/render() layout argument: a str as given; a tvlab Layout or a CuTe DSL layout,
    composed layout or swizzle as its str(); anything else a TypeError naming the argument."""
    if isinstance(x, str):
        return x
    k = kind(x)
    if k in ("Layout", "ComposedLayout", "Swizzle") or type(x).__module__.startswith("tvlab"):
        return str(x)
    raise TypeError(f"{what}: expected a layout (CuTe notation str, tvlab.Layout or a CuTe DSL layout), got "
                    f"{type(x).__name__}" + (f" (a CuTe DSL {k})" if k else ""))
