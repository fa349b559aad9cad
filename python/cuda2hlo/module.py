"""module.py: `convert()` (the cuda2hlo binary) and `Module` (its StableHLO text,
signature, `--report` facts; `run()` through the runtime library, `jax()` as jax.lax).
"""
import os
import re
import subprocess
import tempfile

import numpy as np

from . import _paths, mlir


class ConversionError(Exception):
    """cuda2hlo refused the input. `diagnostics` lists dicts (file, line, col, severity,
    message, text) of every `file:line:col: severity: message` line; `stderr` is the
    whole output, source lines, carets and notes included."""

    def __init__(self, stderr, status):
        self.stderr, self.status = stderr, status
        self.diagnostics = [
            {"file": m.group(1), "line": int(m.group(2)), "col": int(m.group(3)),
             "severity": m.group(4), "message": m.group(5), "text": m.group(0)}
            for m in re.finditer(r"^(.*?):(\d+):(\d+): (error|warning|note): (.*)$",
                                 stderr, re.M)]
        super().__init__(stderr.rstrip() or f"cuda2hlo exited with status {status}")


class Signature:
    """A parameter or result: name (the CUDA parameter), shape, dtype (numpy)."""
    __slots__ = ("name", "shape", "dtype")

    def __init__(self, name, shape, dtype):
        self.name, self.shape, self.dtype = name, tuple(shape), np.dtype(dtype)

    def __repr__(self):
        return f"{self.name}: {self.dtype.name}{list(self.shape)}"


def _dims(v):
    return ",".join(str(int(x)) for x in (v if isinstance(v, (tuple, list)) else [v]))


def _flags(kernel, entry, grid, block, sizes, scalars, defines, include_dirs, shmem):
    out = []
    for k in ([kernel] if isinstance(kernel, str) else kernel or []):
        out += ["--kernel", k]
    if entry:
        out += ["--entry", entry]
    if grid is not None:
        out += ["--grid", _dims(grid)]
    if block is not None:
        out += ["--block", _dims(block)]
    if shmem:
        out += ["--shmem", str(int(shmem))]
    for k, v in (sizes or {}).items():
        out += ["--size", f"{k}={int(v)}"]
    for k, v in (scalars or {}).items():
        v = int(v) if isinstance(v, (bool, np.bool_)) else v
        out += ["--set", f"{k}={v}"]
    for k, v in (defines.items() if isinstance(defines, dict) else
                 ((d, None) for d in defines or [])):
        out += ["-D", k if v is None else f"{k}={v}"]
    for d in include_dirs or []:
        out += ["-I", str(d)]
    return out


def convert(path_or_source, kernel=None, entry=None, grid=None, block=None, sizes=None,
            scalars=None, defines=None, include_dirs=None, shmem=None, symbolic=None, args=()):
    """Convert CUDA (a file path, or source text) with the cuda2hlo binary: a Module.
    kernel: a name or list of names ('box_blur<3>'); entry: a host function (--entry);
    grid/block: int or tuple; sizes: {pointer param: elements}; scalars: {param or
    struct field: value} (--set); defines: {NAME: value} or [NAME]; include_dirs: [dir];
    symbolic: an integer scalar's name or a list of them kept as 0-d inputs, the values
    for which the conversion holds checked at run time (--symbolic, docs/symbolic.md);
    True: every integer scalar not in scalars (--symbolic '*'); with any symbolic, a
    pointer not in sizes is a buffer of symbolic size (tensor<?xT>), and one module runs
    on buffers of any size (each distinct shape compiled once);
    args: further command-line flags. A refused input raises ConversionError."""
    src = str(path_or_source)
    with tempfile.TemporaryDirectory(prefix="cuda2hlo-") as tmp:
        if "\n" in src or not os.path.exists(src):
            if "\n" not in src and src.endswith((".cu", ".cuh")):
                raise FileNotFoundError(src)
            path = os.path.join(tmp, "source.cu")
            with open(path, "w", encoding="utf-8") as f:
                f.write(src)
            name = "<source>.cu"
        else:
            path, name = src, src
        out = os.path.join(tmp, "module.mlir")
        cmd = [_paths.binary(), path, "--report", "-o", out] + \
            _flags(kernel, entry, grid, block, sizes, scalars, defines, include_dirs, shmem) + \
            [x for n in (["*"] if symbolic is True else [symbolic] if isinstance(symbolic, str)
                         else symbolic or [])
             for x in ("--symbolic", n)] + \
            [str(a) for a in args]
        r = subprocess.run(cmd, capture_output=True, text=True)
        stderr = r.stderr.replace(path, name)
        if r.returncode != 0:
            raise ConversionError(stderr, r.returncode)
        with open(out, encoding="utf-8") as f:
            text = f.read()
    return Module(text, report=stderr)


def load(path, report=""):
    """A Module from a .mlir file written by cuda2hlo (or any module in the subset)."""
    with open(path, encoding="utf-8") as f:
        return Module(f.read(), report=report)


def _parse_report(text):
    """`--report` text -> {kernel: {"ops": {class: n}, "gathers": n, ..., "stores": [..]}}"""
    out, cur = {}, None
    for ln in text.splitlines():
        m = re.match(r"(?:kernel|module) (\S+)", ln)
        if m:
            cur = out.setdefault(m.group(1), {"ops": {}, "stores": []})
            continue
        if cur is None or not ln.startswith("  "):
            continue
        w = ln.split()
        if w[0] == "ops" and len(w) == 3:
            cur["ops"][w[1]] = int(w[2])
        elif w[0] in ("gathers", "scatters", "whiles") and len(w) == 2:
            cur[w[0]] = int(w[1])
        elif w[0] == "stores" and len(w) == 5:
            cur["dense"], cur["fallback"] = int(w[2]), int(w[4])
        else:
            cur["stores"].append(ln.strip())
    return out


class Module:
    """A converted module: `text` (StableHLO), `params` and `results` (Signature lists,
    in the module's order: pointer parameters in CUDA order, then unbound scalars),
    `report` (the --report text) and `facts` (it, parsed)."""

    def __init__(self, text, report=""):
        self.text, self.report = text, report
        self.facts = _parse_report(report)
        self.func = mlir.parse_module(text)
        self.params = [Signature(p.name, p.type.shape, p.type.dtype) for p in self.func.params]
        self.results = [Signature(p.name, p.type.shape, p.type.dtype) for p in self.func.results]
        self._rt = None

    def __repr__(self):
        return f"Module({self.params} -> {self.results})"

    def save(self, path):
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.text)

    def _bind(self, args, kwargs, convert_arg):
        """The arguments in parameter order, from positions and names."""
        if len(args) > len(self.params):
            raise TypeError(f"{len(args)} arguments given, the module takes "
                            f"{len(self.params)}: {self.params}")
        vals = list(args) + [None] * (len(self.params) - len(args))
        names = [p.name for p in self.params]
        for k, v in kwargs.items():
            if k not in names:
                raise TypeError(f"no parameter named '{k}' (parameters: {', '.join(names)})")
            i = names.index(k)
            if i < len(args):
                raise TypeError(f"parameter '{k}' given twice")
            vals[i] = v
        for i, p in enumerate(self.params):    # the device printf/assert/check records
            if vals[i] is None and p.name.startswith(RECORD) and convert_arg is _numpy_arg:
                vals[i] = np.zeros(p.shape, p.dtype)
        missing = [names[i] for i, v in enumerate(vals) if v is None]
        if missing:
            raise TypeError(f"missing argument(s): {', '.join(missing)}")
        return [convert_arg(p, v) for p, v in zip(self.params, vals)]

    def run(self, *args, backend="cpu", **kwargs):
        """Run on the bundled runtime (numpy in, numpy out; no JAX needed). Arguments
        by position or by parameter name; each must have the parameter's shape and dtype
        (a Python scalar is taken as the dtype; a buffer of symbolic size, shape
        (None,), takes an array of any length, and the results have the lengths of
        the arrays given). Returns one array, or a tuple in the
        order of `results`."""
        from . import runtime
        arrays = self._bind(args, kwargs, _numpy_arg)
        if self._rt is None:
            self._rt = runtime.RtModule(self.text)
        outs = self._rt.run(arrays, backend)
        outs = [o for o, r in zip(outs, self.results) if not r.name.startswith(RECORD)]
        return outs[0] if len(outs) == 1 else tuple(outs)

    def jax(self):
        """A function of jax arrays computing the module with jax.lax operations: works
        under jit, vmap, grad, jvp, vjp and lax.scan. Same calling convention as run()."""
        from . import to_jax
        dyn = list(dict.fromkeys(p.name for p in self.params + self.results if None in p.shape))
        if dyn:
            raise NotImplementedError(
                f"Module.jax(): {', '.join(dyn)} have a symbolic size (tensor<?xT>, "
                "docs/symbolic.md): run such a module with run(), or convert with sizes")
        if _checked_sites(self.text):
            raise NotImplementedError(
                "Module.jax(): the module carries device asserts or run-time bounds checks "
                "(--oob-check), which jax cannot report: run it with run()")
        to_jax.check_ops(self.func)
        to_jax.check_x64(self.func)
        func = self.func

        def fn(*args, **kwargs):
            outs = to_jax.run(func, self._bind(args, kwargs, _jax_arg))
            return outs[0] if len(outs) == 1 else tuple(outs)
        fn.__name__ = "cuda2hlo_module"
        fn.__doc__ = f"cuda2hlo module {self.params} -> {self.results}"
        return fn


# The parameters (and results) that hold a kernel's device printf, assert and bounds-check
# records (src/frontend/printf.c): run() passes zeros and checks them (runtime.py).
RECORD = "cuda2hlo_printf"


def _checked_sites(text):
    """Whether the module's device printf description (cuda2hlo.printf, docs/idioms.md
    "Device printf") has a device assert (`a`) or a bounds check (`o`) site."""
    m = re.search(r'cuda2hlo\.printf = "([^"]*)"', text)
    return bool(m) and any(item.strip()[:2] in ("a ", "o ") for item in m.group(1).split(";"))


def _check(p, shape, dtype):
    """shape fits p's (a None dimension, tensor<?xT>, takes any size) and dtype is p's."""
    fits = len(shape) == len(p.shape) and all(w is None or g == w for g, w in zip(shape, p.shape))
    if not fits or np.dtype(dtype) != p.dtype:
        raise TypeError(f"argument '{p.name}' is {np.dtype(dtype).name}{list(shape)}, the "
                        f"module wants {p.dtype.name}{list(p.shape)}")


def _numpy_arg(p, v):
    if isinstance(v, (bool, int, float, np.generic)) and p.shape == ():
        return np.asarray(v, dtype=p.dtype)
    a = np.asarray(v)
    _check(p, a.shape, a.dtype)
    return np.ascontiguousarray(a)


def _jax_arg(p, v):
    import jax.numpy as jnp
    if isinstance(v, (bool, int, float)) and p.shape == ():
        return jnp.asarray(v, dtype=p.dtype)
    if isinstance(v, np.ndarray) or isinstance(v, np.generic):
        _check(p, v.shape, v.dtype)
        return v if isinstance(v, np.ndarray) else np.asarray(v)
    _check(p, v.shape, v.dtype)
    return v
