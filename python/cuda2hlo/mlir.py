"""mlir.py: StableHLO text, as cuda2hlo prints it, -> a small op tree.

Consumes the text of one module (src/hlo_emit/print_stablehlo.c's subset: one op per
line, pretty forms for element-wise and shape ops, the generic form
`"name"(operands) ({regions}) {attributes} : (types) -> types` for ops with regions,
gather and scatter). Produces a `Func` for `@main`: its parameters and results (type and
`cuda2hlo.param` name) and a list of `Op`s whose regions hold nested op lists. Nothing
here knows what an op means; to_jax.py gives the meaning. Text outside the subset is a
`ParseError` naming line and column, never a guess.
"""
import re

import numpy as np

# StableHLO element type -> numpy dtype (i1 is bool; ui* unsigned).
DTYPES = {
    "i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
    "f16": np.float16, "f32": np.float32, "f64": np.float64,
}


class ParseError(Exception):
    """Text the parser does not accept: `line:col: message`."""


class UnsupportedError(Exception):
    """An operation (or an operation's form) that to_jax.py cannot express exactly in
    jax.lax (defined here, not in to_jax.py, so that importing cuda2hlo needs no jax)."""


class TensorType:
    __slots__ = ("shape", "elem")

    def __init__(self, shape, elem):
        self.shape, self.elem = tuple(shape), elem

    @property
    def dtype(self):
        return np.dtype(DTYPES[self.elem])

    def __repr__(self):
        return "tensor<" + "".join(f"{'?' if d is None else d}x" for d in self.shape) + self.elem + ">"


class Op:
    """One operation. results: value names defined (`%5`, or `%5#0`.. for several);
    operands: value names used; attrs: name -> raw text (pretty forms also keep bare
    words such as `GE` and `SIGNED` in words, a slice spec in attrs['slice']);
    types: the result types."""
    __slots__ = ("name", "results", "operands", "attrs", "words", "regions", "types",
                 "line")

    def __init__(self, name, line):
        self.name, self.line = name, line
        self.results, self.operands, self.words, self.regions = [], [], [], []
        self.attrs, self.types = {}, []


class Region:
    __slots__ = ("args", "ops")

    def __init__(self):
        self.args, self.ops = [], []      # args: [(name, TensorType)]


class Param:
    __slots__ = ("name", "type", "value")

    def __init__(self, name, ty, value=None):
        self.name, self.type, self.value = name, ty, value


class Func:
    __slots__ = ("params", "results", "body")

    def __init__(self):
        self.params, self.results, self.body = [], [], Region()


_TYPE = re.compile(r"tensor<((?:(?:\d+|\?)x)*)([a-z]+\d*)>")
_VALUE = re.compile(r"%[A-Za-z0-9_]+(?:#\d+)?")


def parse_type(text, where):
    m = _TYPE.fullmatch(text.strip())
    if not m or m.group(2) not in DTYPES:
        raise ParseError(f"{where}: unsupported type '{text.strip()}' (ranked tensors of "
                         f"{', '.join(DTYPES)} only)")
    # '?': a dimension of symbolic size (cuda2hlo --symbolic), None here
    dims = [None if d == "?" else int(d) for d in m.group(1).split("x") if d]
    return TensorType(dims, m.group(2))


def _top_level(text):
    """(i, c) for each character outside (), [], {}, <> and quotes that is not itself
    a bracket or a quote ('->' is not a closing bracket)."""
    depth, quote = 0, False
    for i, c in enumerate(text):
        if c == '"':
            quote = not quote
        elif quote:
            continue
        elif c in "([{<":
            depth += 1
        elif c in ")]}>" and not (c == ">" and i > 0 and text[i - 1] == "-"):
            depth -= 1
        elif depth == 0:
            yield i, c


def split_top(text, sep=","):
    """Split at sep outside (), [], {}, <> and quotes."""
    out, start = [], 0
    for i, c in _top_level(text):
        if c == sep:
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return [s.strip() for s in out if s.strip()]


def find_top(text, sub):
    """Index of the first sub outside brackets and quotes, or -1."""
    for i, _ in _top_level(text):
        if text.startswith(sub, i):
            return i
    return -1


def _types_after_colon(text, where):
    """`t`, `t, t` or `(t, t) -> t` / `-> (t, t)`: (operand types, result types)."""
    text = text.strip()
    arrow = find_top(text, "->")
    if arrow < 0:
        ts = [parse_type(t, where) for t in split_top(text)]
        return ts[:-1], ts[-1:]
    lhs, rhs = text[:arrow].strip(), text[arrow + 2:].strip()
    if lhs.startswith("(") and lhs.endswith(")"):
        lhs = lhs[1:-1]
    if rhs.startswith("(") and rhs.endswith(")"):
        rhs = rhs[1:-1]
    return ([parse_type(t, where) for t in split_top(lhs)],
            [parse_type(t, where) for t in split_top(rhs)])


def _attr_dict(text, op, where):
    """`{a = v, b = v}` into op.attrs (values kept as text)."""
    text = text.strip()
    if not (text.startswith("{") and text.endswith("}")):
        raise ParseError(f"{where}: expected an attribute dictionary, got '{text[:40]}'")
    for item in split_top(text[1:-1]):
        k = find_top(item, "=")
        if k < 0:
            op.attrs[item.strip()] = "true"
        else:
            op.attrs[item[:k].strip()] = item[k + 1:].strip()


def _results(lhs, where):
    lhs = lhs.strip()
    m = re.fullmatch(r"(%[A-Za-z0-9_]+)(?::(\d+))?", lhs)
    if not m:
        raise ParseError(f"{where}: cannot read the results '{lhs}'")
    if m.group(2) is None:
        return [m.group(1)]
    return [f"{m.group(1)}#{i}" for i in range(int(m.group(2)))]


class _Lines:
    def __init__(self, text):
        self.lines = text.splitlines()
        self.i = 0

    def next(self):
        while self.i < len(self.lines):
            raw = self.lines[self.i]
            self.i += 1
            s = raw.strip()
            if s and not s.startswith("//"):
                return s, self.i, len(raw) - len(raw.lstrip()) + 1
        return None, self.i, 1


def _pretty(op, rest, where):
    """The pretty form after the op name: items, then `:` and types."""
    colon = find_top(rest, ":")
    if colon < 0:
        raise ParseError(f"{where}: '{op.name}' without ': type'")
    head, tail = rest[:colon], rest[colon + 1:]
    for item in split_top(head):
        if item.startswith("%"):
            m = _VALUE.match(item)
            op.operands.append(m.group(0))
            extra = item[m.end():].strip()
            if extra.startswith("["):
                op.attrs["slice"] = extra
            elif extra:
                raise ParseError(f"{where}: unexpected '{extra}' after {m.group(0)}")
        elif find_top(item, "=") > 0:
            k = find_top(item, "=")
            op.attrs[item[:k].strip()] = item[k + 1:].strip()
        else:
            op.words.append(item)
    _, op.types = _types_after_colon(tail, where)


def _generic(op, rest, lines, where):
    """`"name"(operands)` then `({regions})`, attributes and types."""
    close = rest.index(")")
    op.operands = _VALUE.findall(rest[1:close])
    rest = rest[close + 1:].strip()
    if rest.startswith("({"):
        rest = _regions(op, lines, where)
    if rest.startswith("{"):
        end = _dict_end(rest)
        _attr_dict(rest[:end], op, where)
        rest = rest[end:].strip()
    if not rest.startswith(":"):
        raise ParseError(f"{where}: expected ': (types) -> types' in '{op.name}'")
    _, op.types = _types_after_colon(rest[1:], where)


def _dict_end(text):
    """Index after the attribute dictionary text starts with (brackets inside quoted
    strings, e.g. a shape assertion's `n <= 1000: n = {0}`, do not count)."""
    depth, quote = 0, False
    for i, c in enumerate(text):
        if c == '"' and (i == 0 or text[i - 1] != "\\"):
            quote = not quote
        elif quote:
            continue
        elif c in "{[<(":
            depth += 1
        elif c in "}]>)" and not (c == ">" and text[i - 1] == "-"):
            depth -= 1
            if depth == 0:
                return i + 1
    return len(text)


def _regions(op, lines, where):
    """Regions after `({`: each `^bb0(args):` then ops, separated by `}, {`; returns
    what follows the closing `})` on its line."""
    while True:
        s, ln, col = lines.next()
        m = re.fullmatch(r"\^bb\d+\((.*)\):", s or "")
        if not m:
            raise ParseError(f"{ln}:{col}: expected a block header '^bb0(...):' in '{op.name}'")
        r = Region()
        for a in split_top(m.group(1)):
            name, ty = a.split(":", 1)
            r.args.append((name.strip(), parse_type(ty, f"{ln}:{col}")))
        end = _block(r, lines)
        op.regions.append(r)
        if end == "}, {":
            continue
        if end.startswith("})"):
            return end[2:].strip()
        raise ParseError(f"{where}: region of '{op.name}' ends with '{end}'")


def _block(region, lines):
    """Ops up to a line starting with `}`; returns that line."""
    while True:
        s, ln, col = lines.next()
        if s is None:
            raise ParseError(f"{ln}:1: the text ends inside a region")
        if s.startswith("}"):
            return s
        region.ops.append(_op(s, ln, col, lines))


def _op(s, ln, col, lines):
    where = f"{ln}:{col}"
    results = []
    if s.startswith("%"):
        eq = s.index("=")
        results = _results(s[:eq], where)
        s = s[eq + 1:].strip()
    if s.startswith('"'):
        name = s[1:s.index('"', 1)]
        op = Op(name, ln)
        _generic(op, s[len(name) + 2:].strip(), lines, where)
    else:
        m = re.match(r"[a-z_]+\.[a-z_0-9]+", s)
        if not m:
            raise ParseError(f"{where}: cannot read an operation in '{s[:60]}'")
        op = Op(m.group(0), ln)
        rest = s[m.end():].strip()
        if op.name in ("stablehlo.return", "func.return"):
            colon = find_top(rest, ":")
            op.operands = _VALUE.findall(rest[:colon] if colon >= 0 else rest)
        else:
            _pretty(op, rest, where)
    op.results = results
    return op


def _signature(s, where):
    """`func.func public @main(%arg0: T {cuda2hlo.param = "u"}, ...) -> (T {...}, ...) {`"""
    m = re.match(r"func\.func\s+(?:public\s+)?@(\w+)\(", s)
    if not m or not s.endswith("{"):
        raise ParseError(f"{where}: cannot read the function signature")
    close = m.end() - 1 + _dict_end(s[m.end() - 1:])
    args, res = s[m.end():close - 1], s[close:-1].strip()
    if res and not res.startswith("->"):
        raise ParseError(f"{where}: cannot read the function results")
    res = res[2:].strip()
    f = Func()
    for i, a in enumerate(split_top(args)):
        name, rest = a.split(":", 1)
        ty, pname = _type_and_name(rest, f"arg{i}", where)
        f.body.args.append((name.strip(), ty))
        f.params.append(Param(pname, ty))
    if res.startswith("("):
        res = res[1:res.rindex(")")]
    for i, r in enumerate(split_top(res)):
        ty, pname = _type_and_name(r, f"result{i}", where)
        f.results.append(Param(pname, ty))
    return m.group(1), f


def _type_and_name(text, dflt, where):
    text = text.strip()
    brace = text.find("{")
    ty = parse_type(text[:brace] if brace >= 0 else text, where)
    name = dflt
    if brace >= 0:
        m = re.search(r'(?:cuda2hlo\.param|jax\.arg_info|jax\.result_info)\s*=\s*"([^"]*)"',
                      text[brace:])
        if m:
            name = m.group(1)
    return ty, name


def parse_module(text):
    """The @main function of a module's text."""
    lines = _Lines(text)
    funcs = {}
    while True:
        s, ln, col = lines.next()
        if s is None:
            break
        if s.startswith("module") or s == "}":
            continue
        if s.startswith("func.func"):
            name, f = _signature(s, f"{ln}:{col}")
            end = _block(f.body, lines)
            if end != "}":
                raise ParseError(f"{ln}:{col}: function @{name} ends with '{end}'")
            funcs[name] = f
            continue
        raise ParseError(f"{ln}:{col}: expected 'module' or 'func.func', got '{s[:40]}'")
    if "main" not in funcs:
        raise ParseError("1:1: the module has no function @main")
    if len(funcs) > 1:
        raise ParseError("1:1: the module has functions besides @main (func.call is not "
                         "supported)")
    return funcs["main"]


# ---- attribute values ----

def ints(text):
    """`[1, 0]`, `array<i64: 0, 1>`, `array<i64>`, `3`, `3 : i64` -> list of ints."""
    text = text.strip()
    if text.startswith("array<"):
        text = text[text.index(":") + 1:] if ":" in text else ""
    text = re.sub(r":\s*i\d+\s*$", "", text)
    return [int(v) for v in re.findall(r"-?\d+", text)]


def struct(text):
    """`#stablehlo.gather<a = [0], b = 1>` -> {a: '[0]', b: '1'}."""
    text = text.strip()
    inner = text[text.index("<") + 1:text.rindex(">")]
    out = {}
    for item in split_top(inner):
        k = find_top(item, "=")
        out[item[:k].strip()] = item[k + 1:].strip()
    return out


def dense(text, ty, where):
    """`dense<...>` of type ty -> numpy array of ty's shape and dtype."""
    m = re.fullmatch(r"dense<(.*)>", text.strip(), re.S)
    if not m:
        raise ParseError(f"{where}: cannot read the constant '{text[:40]}'")
    body, dt = m.group(1).strip(), ty.dtype
    if body.startswith('"0x'):          # a raw hex blob, little-endian
        raw = bytes.fromhex(body[3:-1])
        a = np.frombuffer(raw, dtype=dt)
        return (np.broadcast_to(a[0], ty.shape) if a.size == 1 else a.reshape(ty.shape)).copy()
    vals = [_elem(v, dt, where) for v in re.findall(r"0x[0-9A-Fa-f]+|true|false|[-+0-9.eE]+|inf|nan", body)]
    if "(" in body:
        raise ParseError(f"{where}: complex constants are not supported")
    n = int(np.prod(ty.shape, dtype=np.int64))
    if len(vals) == 1 and not body.startswith("["):
        return np.full(ty.shape, vals[0], dtype=dt)
    if len(vals) != n:
        raise ParseError(f"{where}: constant has {len(vals)} elements, its type {n}")
    return np.array(vals, dtype=dt).reshape(ty.shape)


def _elem(v, dt, where):
    if v in ("true", "false"):
        return v == "true"
    if v.startswith("0x"):
        bits = int(v, 16)
        if dt.kind == "f":
            return np.array([bits], dtype=f"u{dt.itemsize}").view(dt)[0]
        return np.array([bits], dtype=np.uint64).astype(dt)[0] if dt.kind in "iu" else bits
    if dt.kind == "f":
        return float(v)
    if dt.kind == "b":
        return bool(int(v))
    return int(v)
