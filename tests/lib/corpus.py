"""corpus.py: the one parser of the `/* cuda2hlo-test ... */` block (docs/testing.md).

Consumes a corpus .cu file; produces a Test: its launches (or its host entry),
buffers, scalars, checks, seed and expectation, plus the helpers every runner
shares: make_inputs (the input .npy files), compare (the tolerance rule) and
converter_args (the cuda2hlo flags for one launch, or for the entry: `--entry
HOSTFN` with sizes and scalars named by the host function's parameters).
Nothing here runs a kernel.
"""
import os
import re
import subprocess
from dataclasses import dataclass, field

import numpy as np

DTYPES = {
    "bool": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64,
    "f16": np.float16, "f32": np.float32, "f64": np.float64,
}
# Default (rtol, atol) per float type; integers and bool compare exactly.
DEFAULT_TOL = {"f16": (1e-3, 1e-3), "f32": (1e-5, 1e-6), "f64": (1e-12, 1e-12)}
FILLS = {"zeros": 0, "ones": 0, "iota": 0, "const": 1, "uniform": 2, "randint": 2, "file": 1}


class CorpusError(Exception):
    """A malformed test block: message carries file:line."""


@dataclass
class Arg:
    name: str                  # buffer or scalar name, or the struct parameter's name
    kind: str                  # "buffer" | "scalar" | "struct"
    fields: list = field(default_factory=list)   # [(field, value)] for a struct
    ref: bool = False          # `&d{...}`: the kernel takes a pointer to the struct
    field_bufs: list = field(default_factory=list)   # the fields whose value names a buffer


@dataclass
class Launch:
    kernel: str                # may be a template instance, e.g. box_blur<3>
    grid: tuple
    block: tuple
    shmem: int
    args: list
    line: int = 0
    params: list = field(default_factory=list)   # the kernel's parameter names

    def bindings(self):
        """[(parameter name, Arg)] in parameter order."""
        return list(zip(self.params or [a.name for a in self.args], self.args))

    def buffer_bindings(self):
        """[(module parameter, buffer name)] in parameter order: the buffer arguments,
        and a struct's fields that name a buffer (parameter `d.N` for `d{N=x}`)."""
        out = []
        for p, a in self.bindings():
            if a.kind == "buffer":
                out.append((p, a.name))
            elif a.kind == "struct":
                out += [(f"{p}.{f}", v) for f, v in a.fields if f in a.field_bufs]
        return out

    @property
    def c_name(self):
        """The C function name of `--emit c`: box_blur<3> -> box_blur_3; cuda2hlo names an
        instance as clang prints it (k<unsigned> -> k_unsigned_int; the bundled
        cuda_fp16.h's __half is _Float16: k<__half> -> k__Float16)."""
        k = re.sub(r"\bunsigned\b(?!\s+(int|char|short|long)\b)", "unsigned int", self.kernel)
        k = re.sub(r"\b(__half|half)\b", "_Float16", k)
        return re.sub(r"_+$", "", re.sub(r"[^A-Za-z0-9_]+", "_", k))


@dataclass
class Entry:
    """`entry: HOSTFN(ARG, ...)`: a host function run as a whole (docs/testing.md)."""
    function: str
    args: list
    line: int = 0
    params: list = field(default_factory=list)   # the host function's parameter names

    def bindings(self):
        """[(parameter name, Arg)] in parameter order."""
        return list(zip(self.params or [a.name for a in self.args], self.args))

    def buffer_bindings(self):
        """[(parameter name, buffer name)] of the buffer arguments, as Launch's."""
        return [(p, a.name) for p, a in self.bindings() if a.kind == "buffer"]


@dataclass
class Buffer:
    name: str
    dtype: str
    count: int
    fill: str
    params: list
    index: int
    objects: int = 0     # COUNT written NxK: N structs of K scalars (--size NAME=N)
    constant: bool = False     # `constant:`: __constant__ memory the host fills

    @property
    def np_dtype(self):
        return np.dtype(DTYPES[self.dtype])


@dataclass
class Check:
    name: str
    rtol: float
    atol: float


@dataclass
class Test:
    path: str
    launches: list = field(default_factory=list)
    entry: Entry = None                           # set instead of launches
    buffers: dict = field(default_factory=dict)   # name -> Buffer, block order
    scalars: dict = field(default_factory=dict)   # name -> value text
    checks: list = field(default_factory=list)
    seed: int = 0
    expect: str = ""
    notes: list = field(default_factory=list)
    flags: list = field(default_factory=list)     # `flags:` cuda2hlo flags of every conversion
    rdc_sources: list = field(default_factory=list)   # `rdc-source:` other files of the program
    check_stdout: bool = False                    # `check: stdout`: what the kernels print

    @property
    def name(self):
        return os.path.splitext(os.path.basename(self.path))[0]


def _split_top(text, sep=","):
    """Split at `sep` outside (), {}, <> and []."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "({[<":
            depth += 1
        elif ch in ")}]>":
            depth -= 1
        if ch == sep and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _int(text, where):
    if not re.fullmatch(r"[0-9xXa-fA-F+\-*/() ]+", text):
        raise CorpusError(f"{where}: expected an integer, got '{text}'")
    try:
        return int(eval(text.replace("/", "//"), {"__builtins__": {}}))
    except Exception:
        raise CorpusError(f"{where}: bad integer '{text}'") from None


def _dim(text, where):
    m = re.fullmatch(r"dim3\s*\((.*)\)", text.strip())
    parts = _split_top(m.group(1)) if m else [text]
    if not 1 <= len(parts) <= 3:
        raise CorpusError(f"{where}: dim3 takes 1 to 3 values")
    dims = [_int(p, where) for p in parts] + [1] * (3 - len(parts))
    if min(dims) < 1:
        raise CorpusError(f"{where}: launch dimensions must be positive")
    return tuple(dims)


def _launch(value, where):
    m = re.fullmatch(r"(.+?)\s*<<<(.+)>>>\s*\((.*)\)", value)
    if not m:
        raise CorpusError(f"{where}: expected NAME<<<GRID, BLOCK[, SHMEM]>>>(ARGS)")
    cfg = _split_top(m.group(2))
    if len(cfg) not in (2, 3):
        raise CorpusError(f"{where}: the launch configuration takes GRID, BLOCK[, SHMEM]")
    args = []
    for a in _split_top(m.group(3)):
        s = re.fullmatch(r"(&?)\s*([A-Za-z_]\w*)\s*\{(.*)\}", a)
        if s:
            fields = []
            for f in _split_top(s.group(3)):
                fm = re.fullmatch(r"([A-Za-z_][\w.\[\]]*)\s*=\s*(\S+)", f)
                if not fm:
                    raise CorpusError(f"{where}: bad struct field '{f}' (want field=V)")
                fields.append((fm.group(1), fm.group(2)))
            args.append(Arg(s.group(2), "struct", fields, ref=s.group(1) == "&"))
        elif re.fullmatch(r"[A-Za-z_]\w*", a):
            args.append(Arg(a, "?"))
        else:
            raise CorpusError(f"{where}: bad launch argument '{a}'")
    shmem = _int(cfg[2], where) if len(cfg) == 3 else 0
    return Launch(m.group(1).strip(), _dim(cfg[0], where), _dim(cfg[1], where), shmem, args)


def _entry(value, where):
    m = re.fullmatch(r"([A-Za-z_][\w:]*)\s*\((.*)\)", value)
    if not m:
        raise CorpusError(f"{where}: expected HOSTFN(ARG, ...)")
    args = []
    for a in _split_top(m.group(2)):
        if not re.fullmatch(r"[A-Za-z_]\w*", a):
            raise CorpusError(f"{where}: bad entry argument '{a}' (a buffer or scalar name)")
        args.append(Arg(a, "?"))
    return Entry(m.group(1), args)


def _buffer(value, where, index):
    p = value.split()
    if len(p) < 4:
        raise CorpusError(f"{where}: expected NAME DTYPE COUNT FILL")
    m = re.fullmatch(r"([1-9][0-9]*)x([1-9][0-9]*)", p[2])     # N structs of K scalars
    objects = int(m.group(1)) if m else 0
    count = objects * int(m.group(2)) if m else _int(p[2], where)
    name, dt, fill, params = p[0], p[1], p[3], p[4:]
    if dt not in DTYPES:
        raise CorpusError(f"{where}: unknown dtype '{dt}' (one of {' '.join(DTYPES)})")
    if fill not in FILLS:
        raise CorpusError(f"{where}: unknown fill '{fill}' (one of {' '.join(FILLS)})")
    if len(params) != FILLS[fill]:
        raise CorpusError(f"{where}: fill '{fill}' takes {FILLS[fill]} value(s)")
    if fill == "uniform" and dt[0] != "f":
        raise CorpusError(f"{where}: 'uniform' is for float buffers; use randint")
    if fill == "randint" and dt[0] == "f":
        raise CorpusError(f"{where}: 'randint' is for integer buffers; use uniform")
    if count < 1:
        raise CorpusError(f"{where}: a buffer needs at least one element")
    return Buffer(name, dt, count, fill, params, index, objects)


def _check(value, where, buffers):
    p = value.split()
    if not p:
        raise CorpusError(f"{where}: expected NAME [rtol=R] [atol=A]")
    if p[0] not in buffers:
        raise CorpusError(f"{where}: check of unknown buffer '{p[0]}'")
    rtol, atol = DEFAULT_TOL.get(buffers[p[0]].dtype, (0.0, 0.0))
    for kv in p[1:]:
        k, _, v = kv.partition("=")
        if k == "rtol":
            rtol = float(v)
        elif k == "atol":
            atol = float(v)
        else:
            raise CorpusError(f"{where}: unknown check option '{kv}'")
    return Check(p[0], rtol, atol)


def parse_text(text, path="<string>"):
    m = re.search(r"/\*\s*cuda2hlo-test\b(.*?)\*/", text, re.S)
    if not m:
        raise CorpusError(f"{path}: no /* cuda2hlo-test ... */ block")
    t = Test(path)
    first = text.count("\n", 0, m.start(1)) + 1
    pending_checks = []
    for i, line in enumerate(m.group(1).split("\n")):
        line = line.strip()
        where = f"{path}:{first + i}"
        if not line:
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not sep:
            raise CorpusError(f"{where}: expected 'key: value'")
        if key == "launch":
            ln = _launch(value, where)
            ln.line = first + i
            t.launches.append(ln)
        elif key == "entry":
            if t.entry:
                raise CorpusError(f"{where}: a test block has one entry")
            t.entry = _entry(value, where)
            t.entry.line = first + i
        elif key in ("buffer", "constant"):
            b = _buffer(value, where, len(t.buffers))
            b.constant = key == "constant"
            if b.name in t.buffers or b.name in t.scalars:
                raise CorpusError(f"{where}: '{b.name}' defined twice")
            t.buffers[b.name] = b
        elif key == "scalar":
            sm = re.fullmatch(r"([A-Za-z_]\w*)\s*=\s*(\S+)", value)
            if not sm:
                raise CorpusError(f"{where}: expected NAME = VALUE")
            if sm.group(1) in t.buffers or sm.group(1) in t.scalars:
                raise CorpusError(f"{where}: '{sm.group(1)}' defined twice")
            t.scalars[sm.group(1)] = sm.group(2)
        elif key == "check" and value == "stdout":
            t.check_stdout = True
        elif key == "check":
            pending_checks.append((value, where))
        elif key == "seed":
            t.seed = _int(value, where)
        elif key == "expect":
            if value not in ("race",):
                raise CorpusError(f"{where}: unknown expectation '{value}'")
            t.expect = value
        elif key == "note":
            t.notes.append(value)
        elif key == "flags":
            if any(f not in FLAGS for f in value.split()):
                raise CorpusError(f"{where}: flags may be {', '.join(FLAGS)}")
            t.flags += value.split()
        elif key == "rdc-source":
            for f in value.split():
                f = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(path)), f))
                if not os.path.isfile(f):
                    raise CorpusError(f"{where}: no rdc-source file {f}")
                t.rdc_sources.append(f)
        else:
            raise CorpusError(f"{where}: unknown key '{key}'")
    for value, where in pending_checks:
        t.checks.append(_check(value, where, t.buffers))
    if t.entry and t.launches:
        raise CorpusError(f"{path}:{t.entry.line}: a block with an entry has no launch lines")
    if not t.launches and not t.entry:
        raise CorpusError(f"{path}: the test block has no launch (or entry)")
    for ln in t.launches + ([t.entry] if t.entry else []):
        for a in ln.args:
            if a.kind == "struct":     # a field valued by a buffer's name: that buffer
                a.field_bufs = [f for f, v in a.fields if v in t.buffers]
                continue
            if a.name in t.buffers and t.buffers[a.name].constant:
                raise CorpusError(f"{path}:{ln.line}: '{a.name}' is a constant: the host "
                                  "fills it with cudaMemcpyToSymbol, it is not an argument")
            if a.name in t.buffers:
                a.kind = "buffer"
            elif a.name in t.scalars:
                a.kind = "scalar"
            else:
                what = "entry" if ln is t.entry else "launch"
                raise CorpusError(f"{path}:{ln.line}: {what} argument '{a.name}' is "
                                  "neither a buffer nor a scalar")
    _bind_params(t, text)
    return t


def _strip_comments(src):
    src = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), src, flags=re.S)
    return re.sub(r"//[^\n]*", "", src)


def kernel_params(src, kernel):
    """Parameter names of the __global__ definition of kernel (template arguments and
    namespace ignored), or None when no definition with named parameters is found.
    Explicit instantiations (`template __global__ void k<3>(int *);`) are skipped."""
    base = re.sub(r"<.*", "", kernel).split("::")[-1].strip()
    pat = re.compile(r"__global__[^;{}()]*?\bvoid\s+(?:__launch_bounds__\s*\([^)]*\)\s*)?"
                     + re.escape(base) + r"\s*\(")
    return _def_params(_strip_comments(src), pat)


def host_params(src, function):
    """Parameter names of the definition of host function `function` (a return type
    before the name, a body after the parameter list; `__global__`/`__device__`
    functions and calls are not definitions), or None when none is found."""
    base = function.split("::")[-1].strip()
    code = _strip_comments(src)
    pat = re.compile(r"(?:^|[;{}\n])[ \t]*((?:[A-Za-z_][\w:<>,*& \t]*?)[\s*&])"
                     + re.escape(base) + r"\s*\(")
    for m in pat.finditer(code):
        ret = m.group(1)
        if re.search(r"\b(__global__|__device__|return|else|new)\b", ret):
            continue
        names = _def_params(code, pat, m)
        if names is not None:
            return names
    return None


def _def_params(code, pat, only=None):
    """Parameter names of the first match of pat (ending at its open paren) that is a
    definition (a body follows the parameter list); None if none has named ones."""
    for m in ([only] if only else pat.finditer(code)):
        depth, j = 0, m.end() - 1
        for j in range(m.end() - 1, len(code)):
            depth += {"(": 1, ")": -1}.get(code[j], 0)
            if depth == 0:
                break
        if not re.match(r"\s*\{", code[j + 1:]):
            continue
        names = []
        for p in _split_top(code[m.end():j]):
            p = re.sub(r"=.*", "", p).strip()
            p = re.sub(r"(\[[^\]]*\]\s*)+$", "", p).strip()
            nm = re.search(r"([A-Za-z_]\w*)\s*$", p)
            if not nm or p == nm.group(1) or p in ("void",):
                return None if p != "void" else []
            names.append(nm.group(1))
        return names
    return None


def _included_cu(src, path, depth=0):
    """The text of the files named by `#include "X.cu"` in src (relative to path's
    folder, recursively); empty when there are none or path is not a file."""
    out = []
    for m in re.finditer(r'^\s*#\s*include\s*"([^"]+\.cu)"', _strip_comments(src), re.M):
        inc = os.path.join(os.path.dirname(os.path.abspath(path)), m.group(1))
        if depth < 8 and os.path.isfile(inc):
            with open(inc, encoding="utf-8") as f:
                text = f.read()
            out += [text, _included_cu(text, inc, depth + 1)]
    return "\n".join(out)


def _preprocessed(path):
    """path through the C preprocessor (the oracle's CUDA headers), or "" when that fails:
    a host function whose parameter list is written with macros (an X-macro list of the
    state, examples/oceananigans/state.cuh) has its names only after expansion."""
    inc = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "oracle")
    cmd = [os.environ.get("CUEMU_CXX", "g++"), "-E", "-P", "-x", "c++",
           "-I", os.path.join(inc, "include"), "-I", inc, path]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return r.stdout if r.returncode == 0 else ""


def _bind_params(t, src):
    if t.entry:
        names = host_params(src, t.entry.function)
        if names is None:      # the host function may be in an included .cu file
            names = host_params(_included_cu(src, t.path), t.entry.function)
        if (names is None or len(names) != len(t.entry.args)) and os.path.isfile(t.path):
            names = host_params(_preprocessed(t.path), t.entry.function) or names
        if names is None:
            raise CorpusError(f"{t.path}:{t.entry.line}: no definition of host function "
                              f"'{t.entry.function}' with named parameters in the file")
        if len(names) != len(t.entry.args):
            raise CorpusError(f"{t.path}:{t.entry.line}: {t.entry.function} takes "
                              f"{len(names)} parameters, the entry passes {len(t.entry.args)}")
        t.entry.params = names
    for ln in t.launches:
        names = kernel_params(src, ln.kernel)
        if names is None:
            continue
        if len(names) != len(ln.args):
            raise CorpusError(f"{t.path}:{ln.line}: {ln.kernel} takes {len(names)} "
                              f"parameters, the launch passes {len(ln.args)}")
        ln.params = names


def parse(path):
    with open(path, encoding="utf-8") as f:
        return parse_text(f.read(), path)


def fill_buffer(test, b):
    """The initial contents of buffer b, as a 1-D numpy array of its dtype."""
    dt = b.np_dtype
    rng = np.random.default_rng(test.seed + b.index)
    if b.fill == "zeros":
        return np.zeros(b.count, dt)
    if b.fill == "ones":
        return np.ones(b.count, dt)
    if b.fill == "iota":
        return np.arange(b.count).astype(dt)
    if b.fill == "const":
        v = b.params[0]
        return np.full(b.count, float(v) if dt.kind == "f" else int(v, 0), dt)
    if b.fill == "uniform":
        lo, hi = float(b.params[0]), float(b.params[1])
        return rng.uniform(lo, hi, b.count).astype(dt)
    if b.fill == "randint":
        lo, hi = int(b.params[0], 0), int(b.params[1], 0)
        if dt == np.bool_:
            return rng.integers(lo, hi, b.count).astype(dt)
        return rng.integers(lo, hi, b.count, dtype=dt)
    if b.fill == "file":
        a = np.load(os.path.join(os.path.dirname(test.path), b.params[0]))
        if a.size != b.count:
            raise CorpusError(f"{test.path}: {b.params[0]} has {a.size} elements, "
                              f"buffer '{b.name}' wants {b.count}")
        return np.ascontiguousarray(a.reshape(-1)).astype(dt)
    raise CorpusError(f"unknown fill {b.fill}")


def make_inputs(test, directory):
    """Write NAME.npy for every buffer of the test into directory."""
    os.makedirs(directory, exist_ok=True)
    for b in test.buffers.values():
        np.save(os.path.join(directory, b.name + ".npy"), fill_buffer(test, b))


def compare(got, want, dtype, rtol=None, atol=None, limit=None):
    """Mismatches [(index, got, want)] between two 1-D arrays (docs/testing.md rule)."""
    got, want = np.asarray(got).reshape(-1), np.asarray(want).reshape(-1)
    if got.shape != want.shape:
        return [(-1, f"{got.size} elements", f"{want.size} elements")]
    if np.dtype(DTYPES[dtype]).kind == "f":
        d_rtol, d_atol = DEFAULT_TOL[dtype]
        rtol = d_rtol if rtol is None else rtol
        atol = d_atol if atol is None else atol
        g, w = got.astype(np.float64), want.astype(np.float64)
        with np.errstate(invalid="ignore", over="ignore"):
            ok = (g == w) | (np.isnan(g) & np.isnan(w)) | (np.abs(g - w) <= atol + rtol * np.abs(w))
    else:
        ok = got == want
    bad = np.flatnonzero(~ok)
    if limit is not None:
        bad = bad[:limit]
    return [(int(i), got[i].item(), want[i].item()) for i in bad]


def buffer_size(b):
    """The --size of a buffer: its objects (NxK) or its elements."""
    return b.objects or b.count


# The cuda2hlo flags a test block may ask for with `flags:` (each changes what is
# accepted, never how a result is computed).
FLAGS = ("--allow-printf",)


def rdc_args(test):
    """`--rdc-source FILE` per `rdc-source:` file: the program's other files, each
    compiled on its own by the oracle (nvcc -rdc=true)."""
    return [x for f in test.rdc_sources for x in ("--rdc-source", f)]


def entry_args(test):
    """The cuda2hlo flags of an entry test: `--entry HOSTFN`, then `--size P=N` and
    `--set P=V` named by the host function's parameters."""
    out = ["--entry", test.entry.function] + test.flags + rdc_args(test)
    for p, a in test.entry.bindings():
        if a.kind == "buffer":
            out += ["--size", f"{p}={buffer_size(test.buffers[a.name])}"]
        else:
            out += ["--set", f"{p}={test.scalars[a.name]}"]
    return out


def converter_args(test, launch=None):
    """The cuda2hlo flags that describe one launch, named by the kernel's parameters
    (found in the source; else the launch's argument names); for an entry test (or
    launch an Entry) the entry's flags."""
    if isinstance(launch, Entry) or (launch is None and test.entry):
        return entry_args(test)
    out = ["--kernel", launch.kernel,
           "--grid", ",".join(map(str, launch.grid)),
           "--block", ",".join(map(str, launch.block))] + test.flags + rdc_args(test)
    if launch.shmem:
        out += ["--shmem", str(launch.shmem)]
    for p, a in launch.bindings():
        if a.kind == "buffer":
            out += ["--size", f"{p}={buffer_size(test.buffers[a.name])}"]
        elif a.kind == "scalar":
            out += ["--set", f"{p}={test.scalars[a.name]}"]
        else:
            out += [x for f, v in a.fields for x in
                    (("--size", f"{p}.{f}={buffer_size(test.buffers[v])}") if f in a.field_bufs
                     else ("--set", f"{p}.{f}={v}"))]
    return out


def corpus_files(root):
    """tests/kernels/*.cu and one level of subfolders (e.g. race/), sorted."""
    out = []
    for dirpath, _, files in os.walk(root):
        if os.path.relpath(dirpath, root).count(os.sep) > 0:
            continue
        out += [os.path.join(dirpath, f) for f in files if f.endswith(".cu")]
    return sorted(out)
