"""The type stubs (tvlab/_tvlab.pyi, py.typed) against the module: every public function, class, method and
property of tvlab._tvlab is declared, and Layout's algebra methods with algebra.py's parameters."""
import ast
import inspect
import pathlib

import tvlab
from tvlab import _tvlab, algebra

PACKAGE = pathlib.Path(tvlab.__file__).resolve().parent


def stub():
    tree = ast.parse((PACKAGE / "_tvlab.pyi").read_text())
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = {n.name: {m.name: m for m in n.body if isinstance(m, ast.FunctionDef)}
               for n in tree.body if isinstance(n, ast.ClassDef)}
    return functions, classes


def test_package_is_typed():
    assert (PACKAGE / "py.typed").exists() and (PACKAGE / "_tvlab.pyi").exists()


def test_every_public_name_is_declared():
    functions, classes = stub()
    for name in dir(_tvlab):
        if name.startswith("__"):
            continue
        obj = getattr(_tvlab, name)
        if isinstance(obj, type):
            assert name in classes, name
            for attr in vars(obj):
                if not attr.startswith("_") or attr in ("__call__", "__getitem__", "__len__", "__iter__") or \
                        (attr == "__init__" and name in ("Layout", "Swizzle")):
                    assert attr in classes[name], f"{name}.{attr}"
        elif callable(obj) and not name.startswith("_"):
            assert name in functions, name
    for name in functions:
        assert hasattr(_tvlab, name), f"the stub declares {name}, which the module lacks"


def test_algebra_methods_match_algebra_py():
    _, classes = stub()
    layout = classes["Layout"]
    for name in algebra.METHODS:
        fn = getattr(algebra, name)
        want = list(inspect.signature(fn).parameters)[1:]
        args = layout[name].args
        got = [a.arg for a in args.args[1:]] + ([args.vararg.arg] if args.vararg else [])
        assert got == want, name
    rec = layout["recast_layout"].args
    assert [a.arg for a in rec.args[1:]] == ["new_type_bits", "old_type_bits"]
