"""gen.py: a random race-free CUDA kernel generator (issue 14, "Never silently wrong").

Consumes a seed; produces the text of one .cu file with a cuda2hlo-test block
(docs/testing.md): its launch, buffers, scalars and checks. The same seed gives
the same file (random.Random(seed), no other source of randomness).

Every kernel is race-free and in bounds by construction: a thread writes only the
elements it owns (or shared tiles between barriers, or atomics), and every index is
the thread's own, a clamped or periodic neighbour, or a value reduced modulo the
buffer size. Every value carries an interval (lo, hi): signed integer arithmetic
never overflows (operands are reduced with % first), divisors are never zero,
shifts stay below the width, float to integer casts stay in range. Floats carry
an error bound `err` (a forward error estimate against the oracle, rounding and
library differences of a few ulps per operation); a float that is not exact
(computed with rounding) is never compared, truncated or floored, so a rounding
difference cannot flip a branch. The checks' atol comes from those bounds.

Shapes: element-wise over 1-3D launches (guards, partial edge blocks, early return,
struct parameters), grid-stride loops, 1-D shared tiles with halos and barriers,
tree reductions in shared memory, warp-shuffle reductions, integer atomics
(histograms, min/max/or/xor). Thread bodies mix every scalar type, casts,
ternaries, div/mod of negatives, shifts, math functions, loops with constant and
data-dependent trips carrying sums, local structs and arrays, and __device__
helpers (one or several statements) called in every expression position.

Usage: gen.py SEED [OUT.cu]      (prints to stdout without OUT)
       gen.py SEED,SEED,... [OUT.cu]   (one file, a kernel and a launch per seed)
"""
import math
import random
import sys
from dataclasses import dataclass

# ---- scalar types -------------------------------------------------------
@dataclass(frozen=True)
class Ty:
    c: str        # C spelling
    dtype: str    # corpus dtype
    kind: str     # 'b' bool, 'i' signed, 'u' unsigned, 'f' float
    bits: int

    @property
    def lo(self):
        return {"b": 0, "u": 0, "i": -(1 << (self.bits - 1))}.get(self.kind, -math.inf)

    @property
    def hi(self):
        if self.kind == "b":
            return 1
        if self.kind == "u":
            return (1 << self.bits) - 1
        return (1 << (self.bits - 1)) - 1 if self.kind == "i" else math.inf


T = {t.c: t for t in [
    Ty("bool", "bool", "b", 1), Ty("signed char", "i8", "i", 8), Ty("unsigned char", "u8", "u", 8),
    Ty("short", "i16", "i", 16), Ty("unsigned short", "u16", "u", 16), Ty("int", "i32", "i", 32),
    Ty("unsigned", "u32", "u", 32), Ty("long long", "i64", "i", 64),
    Ty("unsigned long long", "u64", "u", 64), Ty("float", "f32", "f", 32),
    Ty("double", "f64", "f", 64)]}
INT, UNS, F32, F64, BOOL = T["int"], T["unsigned"], T["float"], T["double"], T["bool"]
ARITH_INTS = [T["int"], T["unsigned"], T["long long"], T["unsigned long long"]]
ALL_INTS = [t for t in T.values() if t.kind in "iu"]
ULP = {32: 2.0 ** -22, 64: 2.0 ** -50}     # 4 ulps: libm vs XLA math, per operation
FLOAT_CAP = {32: 16.0, 64: 64.0}             # magnitudes beyond this are clamped
INT_INPUT = {"i8": (-100, 100), "u8": (0, 256), "i16": (-1000, 1000), "u16": (0, 60000),
             "i32": (-1000, 1000), "u32": (0, 100000), "i64": (-10 ** 6, 10 ** 6),
             "u64": (0, 10 ** 9), "bool": (0, 2)}


def promote(t):
    return INT if t.kind in "bi" and t.bits < 32 or t.kind == "u" and t.bits < 32 else t


def arith(a, b):
    """C's usual arithmetic conversions."""
    if F64 in (a, b):
        return F64
    if F32 in (a, b):
        return F32
    a, b = promote(a), promote(b)
    if a == b:
        return a
    if a.kind == b.kind:
        return a if a.bits > b.bits else b
    s, u = (a, b) if a.kind == "i" else (b, a)
    if u.bits >= s.bits:
        return u
    return s


@dataclass
class E:
    s: str
    t: Ty
    lo: float
    hi: float
    exact: bool = True   # floats: no rounding happened (loads, constants, exact conversions)
    err: float = 0.0     # floats: absolute error bound against the oracle
    gain: float = 0.0    # a helper's result: its error per unit of argument error

    @property
    def mag(self):
        return max(abs(self.lo), abs(self.hi))


def lit(v, t):
    if t.kind == "b":
        return E("true" if v else "false", t, int(bool(v)), int(bool(v)))
    if t.kind == "f":
        s = repr(float(v)) + ("f" if t.bits == 32 else "")
        return E(f"({s})" if v < 0 else s, t, v, v)
    suf = {"int": "", "unsigned": "u", "long long": "ll", "unsigned long long": "ull"}
    if t.c in suf:
        s = f"{abs(v)}{suf[t.c]}"
        return E(f"(-{s})" if v < 0 else s, t, v, v)
    return E(f"(({t.c}){v})", t, v, v)


def in_range(lo, hi, t):
    return t.lo <= lo and hi <= t.hi


def convert(e, t):
    """(t)e with C semantics: integers wrap modulo 2^bits (the interval becomes the
    whole type unless it fits), floats to integers only when exact and in range."""
    if e.t == t:
        return e
    s = f"(({t.c})({e.s}))"
    if t.kind == "b":
        return E(s, t, 0, 1)
    if t.kind == "f":
        exact = e.exact and (e.t.kind != "f" and e.mag <= 2 ** (24 if t.bits == 32 else 53)
                             or e.t.kind == "f" and e.t.bits <= t.bits)
        err = e.err + (0 if exact else ULP[t.bits] * max(e.mag, 1))
        return E(s, t, float(e.lo), float(e.hi), exact, err)
    if e.t.kind == "f":
        assert e.exact and e.lo > t.lo - 1 and e.hi < t.hi + 1, "float to int out of range"
        return E(s, t, math.trunc(e.lo), math.trunc(e.hi))
    if in_range(e.lo, e.hi, t):
        return E(s, t, e.lo, e.hi)
    return E(s, t, t.lo, t.hi)


# ---- the generator -------------------------------------------------------
@dataclass
class Buf:
    name: str
    t: Ty
    count: int
    fill: str
    role: str      # in | out | hist


class Gen:
    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed)
        self.bufs = []
        self.scalars = []          # (name, Ty, value)
        self.helpers = []          # (name, ret Ty, [param Ty], [bounds], text, ret E template)
        self.helper_text = []
        self.vars = []             # E named variables in scope
        self.lines = []
        self.depth = 1
        self.uid = 0
        self.index = None          # Index: how a thread addresses the buffers
        self.stores = {}           # buffer name -> max atol needed
        self.dense = False         # only what raise-affine can make dense (shape_dense)

    def fresh(self, p):
        self.uid += 1
        return f"{p}{self.uid}"

    def emit(self, text):
        self.lines.append("  " * self.depth + text)

    def chance(self, p):
        return self.r.random() < p

    # ---- leaves ---------------------------------------------------------
    def int_const(self, t):
        t = promote(t)
        lo = 0 if t.kind == "u" else -9
        return lit(self.r.randint(lo, 9), t)

    def float_const(self, t):
        v = self.r.choice([0.5, 0.25, 1.5, 2.0, 0.75, 3.0, 0.125, 1.25, 1.0])
        return lit(v if self.chance(0.7) else -v, t)

    def load(self, t_kind):
        """A load from an input buffer of the given kind ('i' any integer, 'f')."""
        cands = [b for b in self.bufs if b.role == "in" and
                 (b.t.kind == "f") == (t_kind == "f")]
        if not cands or self.index is None:
            return None
        b = self.r.choice(cands)
        s = self.index.pick(self, b)
        if b.t.kind == "f":
            lo, hi = map(float, b.fill.split()[1:])
            return E(s, b.t, lo, hi)
        lo, hi = INT_INPUT[b.t.dtype]
        return E(s, b.t, lo, hi - 1)

    def var(self, pred):
        c = [v for v in self.vars if pred(v)]
        return self.r.choice(c) if c else None

    # ---- integers ---------------------------------------------------------
    def iexpr(self, t, d):
        """An integer expression of type t (a promoted type: int, unsigned, long long,
        unsigned long long), or of a narrower type converted to it."""
        e = self.ileaf(t) if d <= 0 or self.chance(0.2) else self.inode(t, d)
        return convert(e, t) if e.t != t else e

    def ileaf(self, t):
        for _ in range(4):
            k = self.r.random()
            if k < 0.3:
                e = self.var(lambda v: v.t.kind in "iub")
            elif k < 0.6:
                e = self.load("i")
            elif k < 0.7:
                e = self.fcast_int(t)
            elif k < 0.85:
                e = self.helper_call(t, 0)
            else:
                e = None
            if e is not None:
                return e
        return self.int_const(t)

    def fcast_int(self, t):
        """(t)x for an exact float x in range: truncation toward zero."""
        f = self.var(lambda v: v.t.kind == "f" and v.exact and v.mag < 1e6) or self.load("f")
        if f is None or not f.exact or (t.kind == "u" and f.lo <= -1):
            return None
        return convert(f, t)

    def inode(self, t, d):
        k = self.r.random()
        if k < 0.45:
            return self.ibin(t, d)
        if k < 0.55:
            return self.ternary(t, d)
        if k < 0.65:
            h = self.helper_call(t, d)
            if h:
                return h
        if k < 0.73:
            return self.iminmax(t, d)
        if k < 0.8 and t.kind == "i":
            a = self.iexpr(t, d - 1)
            fn = "abs" if t.bits == 32 else "llabs"
            return E(f"{fn}({a.s})", t, 0, a.mag)
        if k < 0.88:
            o = self.r.choice([x for x in ALL_INTS if x != t])
            return convert(convert(self.iexpr(promote(o), d - 1), o), t)
        return self.ibin(t, d)

    def shrink(self, e, limit):
        """e reduced with % so that |e| <= limit (C's truncating remainder)."""
        if max(abs(e.lo), abs(e.hi)) <= limit:
            return e
        m = self.r.choice([7, 31, 101, 1021, 9973])
        while m > limit:
            m //= 3
        m = max(m, 2)
        c = lit(m, promote(e.t))
        lo = 0 if e.lo >= 0 else -(m - 1)
        hi = 0 if e.hi <= 0 else m - 1
        return E(f"({e.s} % {c.s})", promote(e.t), lo, hi)

    def ibin(self, t, d):
        op = self.r.choice("+-*/%&|^<>" + "+-*")
        a = self.iexpr(t, d - 1)
        if op in "<>":
            return self.ishift(a, op, t)
        if op in "/%":
            return self.idiv(a, op, t, d)
        b = self.iexpr(t, d - 1) if self.chance(0.7) else self.int_const(t)
        if op in "&|^":
            return self.ibits(a, b, op, t)
        lim = t.hi // 2 if t.kind == "i" else math.inf
        if op == "*":
            a, b = self.shrink(a, 1 << 12), self.shrink(b, 1 << 12)
            if t.kind == "i" and t.bits == 32:
                a, b = self.shrink(a, 1000), self.shrink(b, 1000)
        else:
            a, b = self.shrink(a, lim // 2), self.shrink(b, lim // 2)
        vals = [x * y if op == "*" else x + y if op == "+" else x - y
                for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
        r = E(f"({a.s} {op} {b.s})", arith(a.t, b.t), min(vals), max(vals))
        return self.fix_unsigned(r)

    def fix_unsigned(self, r):
        if r.t.kind == "u" and not in_range(r.lo, r.hi, r.t):
            r.lo, r.hi = 0, r.t.hi       # unsigned arithmetic wraps (defined)
        return r

    def ishift(self, a, op, t):
        bits = promote(a.t).bits
        c = self.r.randint(0, min(7, bits - 1))
        if op == ">":
            return E(f"({a.s} >> {c})", promote(a.t), a.lo >> c, a.hi >> c)
        if a.lo < 0:
            a = E(f"({a.s} & {lit(255, promote(a.t)).s})", promote(a.t), 0, 255)
        r = E(f"({a.s} << {c})", promote(a.t), a.lo << c, a.hi << c)
        if r.t.kind == "i" and r.hi > r.t.hi // 2:
            return a
        return self.fix_unsigned(r)

    def idiv(self, a, op, t, d):
        """a / b or a % b with b never zero: a constant, or a positive or negative
        value built from data ((x & 7) + 1)."""
        if self.chance(0.5):
            v = self.r.choice([1, 2, 3, 5, 7, 16]) * (1 if t.kind == "u" or self.chance(0.6) else -1)
            b = lit(v, t)
        else:
            x = self.iexpr(t, d - 1)
            b = E(f"(({x.s} & {lit(7, promote(x.t)).s}) + {lit(1, promote(x.t)).s})",
                  promote(x.t), 1, 8)
            if t.kind == "i" and b.t.kind == "i" and self.chance(0.4):
                b = E(f"(-{b.s})", b.t, -8, -1)
        rt = arith(a.t, b.t)
        if rt.kind == "u" and (a.lo < 0 or b.lo < 0):
            return E(f"({a.s} {op} {b.s})", rt, 0, rt.hi)
        m = max(abs(a.lo), abs(a.hi))
        bmax = max(abs(b.lo), abs(b.hi))
        if op == "/":
            lo, hi = (0 if a.lo >= 0 and b.lo > 0 else -m), (0 if a.hi <= 0 and b.lo > 0 else m)
        else:
            lo, hi = (0 if a.lo >= 0 else -(bmax - 1)), (0 if a.hi <= 0 else bmax - 1)
        return E(f"({a.s} {op} {b.s})", rt, lo, hi)

    def ibits(self, a, b, op, t):
        rt = arith(a.t, b.t)
        if op == "&" and self.chance(0.5):
            m = self.r.choice([1, 3, 7, 15, 255, 1023])
            return E(f"({a.s} & {lit(m, promote(a.t)).s})", promote(a.t), 0, m)
        if a.lo < 0 or b.lo < 0:
            if rt.kind == "u":
                return E(f"({a.s} {op} {b.s})", rt, 0, rt.hi)
            m = max(a.mag, b.mag)
            top = 1 << int(m).bit_length()
            return E(f"({a.s} {op} {b.s})", rt, -top, top - 1)
        top = (1 << int(max(a.hi, b.hi)).bit_length()) - 1
        if op == "&":
            return E(f"({a.s} & {b.s})", rt, 0, min(a.hi, b.hi))
        return E(f"({a.s} {op} {b.s})", rt, 0, top)

    def iminmax(self, t, d):
        a, b = self.iexpr(t, d - 1), self.iexpr(t, d - 1)
        fn = self.r.choice(["min", "max"])
        lo = min(a.lo, b.lo) if fn == "min" else max(a.lo, b.lo)
        hi = min(a.hi, b.hi) if fn == "min" else max(a.hi, b.hi)
        return E(f"{fn}({a.s}, {b.s})", t, lo, hi)

    # ---- booleans ---------------------------------------------------------
    def bexpr(self, d):
        k = self.r.random()
        if d > 0 and k < 0.25:
            a, b = self.bexpr(d - 1), self.bexpr(d - 1)
            if self.chance(0.5):
                b = self.helper_call(BOOL, d - 1) or b   # a call on the right of && / ||
            op = self.r.choice(["&&", "||"])
            return E(f"({a.s} {op} {b.s})", BOOL, 0, 1)
        if d > 0 and k < 0.32:
            return E(f"(!{self.bexpr(d - 1).s})", BOOL, 0, 1)
        if d > 0 and k < 0.4:
            h = self.helper_call(BOOL, d - 1)
            if h:
                return h
        a = self.exact_float() if k >= 0.7 else None
        if a is None:
            t = self.r.choice(ARITH_INTS[:2] if self.chance(0.8) else ARITH_INTS)
            a, b = self.iexpr(t, d - 1), self.iexpr(t, d - 1)
        else:
            b = self.exact_float() if self.chance(0.5) else None
            b = b or self.float_const(a.t)
        op = self.r.choice(["<", "<=", ">", ">=", "==", "!="])
        return E(f"({a.s} {op} {b.s})", BOOL, 0, 1)

    def exact_float(self):
        v = self.var(lambda v: v.t.kind == "f" and v.exact)
        return v if v and self.chance(0.5) else self.load("f")

    # ---- floats -----------------------------------------------------------
    def fexpr(self, t, d):
        e = self.fleaf(t) if d <= 0 or self.chance(0.2) else self.fnode(t, d)
        if e.t.kind != "f" and e.mag > 1 << 20:
            e = self.shrink(e, 1 << 20)      # so that converting it to float is exact
        if e.t != t:
            e = convert(e, t)
        return self.cap(e)

    def cap(self, e):
        c = FLOAT_CAP[e.t.bits]
        if e.mag <= c:
            return e
        lo, hi = lit(-c, e.t), lit(c, e.t)
        fmin, fmax = ("fminf", "fmaxf") if e.t.bits == 32 else ("fmin", "fmax")
        return E(f"{fmin}({fmax}({e.s}, {lo.s}), {hi.s})", e.t, max(e.lo, -c), min(e.hi, c),
                 e.exact, min(e.err, 2 * c))

    def fleaf(self, t):
        for _ in range(4):
            k = self.r.random()
            if k < 0.3:
                e = self.var(lambda v: v.t.kind == "f")
            elif k < 0.65:
                e = self.load("f")
            elif k < 0.75:
                e = self.iexpr(self.r.choice(ARITH_INTS[:2]), 0)
            elif k < 0.9:
                e = self.helper_call(t, 0)
            else:
                e = None
            if e is not None:
                return e
        return self.float_const(t)

    def fnode(self, t, d):
        k = self.r.random()
        if k < 0.5:
            return self.fbin(t, d)
        if k < 0.6:
            return self.ternary(t, d)
        if k < 0.7:
            h = self.helper_call(t, d)
            if h:
                return h
        if k < 0.85:
            return self.fmath(t, d)
        if k < 0.92:
            o = F64 if t == F32 else F32
            return convert(self.fexpr(o, d - 1), t)
        return self.iexpr(self.r.choice(ARITH_INTS), d - 1)   # fexpr converts it

    def rnd(self, t, m):
        return ULP[t.bits] * max(m, 1.0)

    def fbin(self, t, d):
        op = self.r.choice("+-*/")
        a = self.fexpr(t, d - 1)
        if op == "/":
            if self.chance(0.5):
                b = self.float_const(t)
                q = abs(float(b.lo))
                vals = [a.lo / b.lo, a.hi / b.lo]
                r = E(f"({a.s} / {b.s})", t, min(vals), max(vals), False)
                r.err = a.err / q + self.rnd(t, r.mag)
                return r
            x = self.fexpr(t, d - 1)
            fab = "fabsf" if t.bits == 32 else "fabs"
            one = lit(1.0, t)
            m = a.mag
            r = E(f"({a.s} / ({fab}({x.s}) + {one.s}))", t, -m if a.lo < 0 else 0,
                  m if a.hi > 0 else 0, False)
            r.err = a.err + m * x.err + self.rnd(t, m) * 2
            return r
        b = self.fexpr(t, d - 1) if self.chance(0.7) else self.float_const(t)
        if op == "*":
            vals = [x * y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
            err = a.err * b.mag + b.err * a.mag + a.err * b.err
        else:
            vals = [x + y if op == "+" else x - y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
            err = a.err + b.err
        r = E(f"({a.s} {op} {b.s})", t, min(vals), max(vals), False)
        r.err = err + self.rnd(t, r.mag)
        return r

    def fmath(self, t, d):
        a = self.fexpr(t, d - 1)
        f = "f" if t.bits == 32 else ""
        one = lit(1.0, t)
        k = self.r.choice(["sqrt", "exp", "sin", "cos", "tanh", "fabs", "log", "minmax",
                           "floor", "fma", "rsqrt"])
        m = a.mag
        if k == "sqrt":
            r = E(f"sqrt{f}(fabs{f}({a.s}) + {one.s})", t, 1.0, math.sqrt(m + 1), False)
            r.err = a.err / 2
        elif k == "rsqrt" and t.bits == 32:
            r = E(f"rsqrtf(fabsf({a.s}) + 1.0f)", t, 0.0, 1.0, False)
            r.err = a.err / 2 + 4 * self.rnd(t, 1)
        elif k == "exp" and m <= 4:
            r = E(f"exp{f}({a.s})", t, math.exp(a.lo), math.exp(a.hi), False)
            r.err = a.err * math.exp(a.hi) * 1.01
        elif k in ("sin", "cos") and m <= 64:
            r = E(f"{k}{f}({a.s})", t, -1.0, 1.0, False)
            r.err = a.err
        elif k == "tanh":
            r = E(f"tanh{f}({a.s})", t, -1.0, 1.0, False)
            r.err = a.err
        elif k == "log":
            r = E(f"log{f}(fabs{f}({a.s}) + {one.s})", t, 0.0, math.log(m + 1), False)
            r.err = a.err
        elif k == "floor" and a.exact:
            return E(f"floor{f}({a.s})", t, math.floor(a.lo), math.floor(a.hi))
        elif k == "minmax":
            b = self.fexpr(t, d - 1)
            fn = self.r.choice(["fmin", "fmax"])
            lo = min(a.lo, b.lo) if fn == "fmin" else max(a.lo, b.lo)
            hi = min(a.hi, b.hi) if fn == "fmin" else max(a.hi, b.hi)
            return E(f"{fn}{f}({a.s}, {b.s})", t, lo, hi, a.exact and b.exact, max(a.err, b.err))
        elif k == "fma":
            b, c = self.fexpr(t, d - 1), self.fexpr(t, d - 1)
            vals = [x * y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
            r = E(f"fma{f}({a.s}, {b.s}, {c.s})", t, min(vals) + c.lo, max(vals) + c.hi, False)
            r.err = a.err * b.mag + b.err * a.mag + a.err * b.err + c.err
        else:
            return E(f"fabs{f}({a.s})", t, 0.0 if a.lo <= 0 <= a.hi else min(abs(a.lo), abs(a.hi)),
                     m, a.exact, a.err)
        r.err += self.rnd(t, r.mag)
        return r

    # ---- shared by all types ------------------------------------------------
    def expr(self, t, d):
        if t.kind == "f":
            return self.fexpr(t, d)
        if t.kind == "b":
            return self.bexpr(d)
        return self.iexpr(promote(t), d)

    def ternary(self, t, d):
        c = self.bexpr(d - 1)
        a = self.helper_call(t, d - 1) if self.chance(0.3) else None
        a = a or self.expr(t, d - 1)
        b = self.expr(t, d - 1)
        a, b = convert(a, t), convert(b, t)
        return E(f"({c.s} ? {a.s} : {b.s})", t, min(a.lo, b.lo), max(a.hi, b.hi),
                 a.exact and b.exact, max(a.err, b.err))

    def helper_call(self, t, d):
        """A call of a __device__ helper returning t, its arguments fitted to the
        bounds the helper was generated for."""
        hs = [h for h in self.helpers if h.ret == t]
        if not hs or d < 0:
            return None
        h = self.r.choice(hs)
        args, err = [], 0.0
        for pt, (lo, hi) in zip(h.params, h.bounds):
            a = self.expr(pt, max(d - 1, 0))
            a = convert(a, pt)
            a = self.fit(a, lo, hi)
            err = max(err, a.err)
            args.append(a.s)
        r = E(f"{h.name}({', '.join(args)})", t, h.res.lo, h.res.hi, h.res.exact)
        r.err = h.res.err + h.res.gain * err if t.kind == "f" else 0.0
        if t.kind == "f" and err > 0:
            r.exact = False
        return r

    def fit(self, a, lo, hi):
        if lo <= a.lo and a.hi <= hi:
            return a
        if a.t.kind == "f":
            fmin, fmax = ("fminf", "fmaxf") if a.t.bits == 32 else ("fmin", "fmax")
            return E(f"{fmin}({fmax}({a.s}, {lit(lo, a.t).s}), {lit(hi, a.t).s})", a.t,
                     max(a.lo, lo), min(a.hi, hi), a.exact, a.err)
        if a.t.kind == "b":
            return a
        m = min(abs(lo), abs(hi))
        if lo >= 0:
            k = lit(hi + 1, a.t)
            if a.lo >= 0:
                return E(f"({a.s} % {k.s})", a.t, 0, hi)
            return E(f"(({a.s} % {k.s} + {k.s}) % {k.s})", a.t, 0, hi)
        return E(f"({a.s} % {lit(m + 1, a.t).s})", a.t, -m, m)


HPERR = 1e-6    # the error a helper's float parameters are assumed to carry


@dataclass
class Helper:
    name: str
    ret: Ty
    params: list
    bounds: list
    res: E


# ---- how a thread addresses the buffers ------------------------------------
class Index:
    """Coordinates (names), sizes (C expressions) and the linear index `idx` of a
    thread's own element; pick() gives an in-bounds index into a buffer of the
    whole size: the own element, a clamped or periodic neighbour, or a gather
    reduced modulo the size. `tiles` maps a buffer to the shared tile that holds it."""

    def __init__(self, coords, sizes):
        self.coords, self.sizes = coords, sizes
        self.total = " * ".join(sizes)
        self.clamp = None        # name of an int clamp(v, lo, hi) helper, if any
        self.tiles = {}          # buffer name -> (tile name, radius)
        self.no_neighbours = False

    def linear(self, cs):
        """(k * ny + j) * nx + i, built from the outermost dimension inwards."""
        out = cs[-1]
        for dim in range(len(cs) - 2, -1, -1):
            out = f"({out}) * {self.sizes[dim]} + {cs[dim]}"
        return out

    def neighbour(self, g, dim, o):
        c, n = self.coords[dim], self.sizes[dim]
        k = g.r.random()
        sign = "+" if o >= 0 else "-"
        if k < 0.4:
            return f"min(max({c} {sign} {abs(o)}, 0), {n} - 1)"
        if k < 0.55 and self.clamp:
            return f"{self.clamp}({c} {sign} {abs(o)}, 0, {n} - 1)"
        return f"(({c} {sign} {abs(o)} + {n}) % {n})"

    def pick(self, g, b):
        if b.name in self.tiles:
            tile, rad = self.tiles[b.name]
            return f"{tile}[threadIdx.x + {rad + g.r.randint(-rad, rad)}]"
        k = g.r.random()
        if k < 0.5 or self.no_neighbours:
            return f"{b.name}[idx]"
        if k < 0.85 or g.dense:
            cs = list(self.coords)
            dim = g.r.randrange(len(cs))
            o = g.r.choice([-2, -1, 1, 2])
            cs[dim] = self.neighbour(g, dim, o)
            return f"{b.name}[{self.linear(cs)}]"
        saved, self.no_neighbours = self.no_neighbours, True
        e = g.iexpr(INT, 1)
        self.no_neighbours = saved
        return f"{b.name}[(int)((unsigned)({e.s}) % (unsigned)({self.total}))]"


def union(name, t, es):
    return E(name, t, min(e.lo for e in es), max(e.hi for e in es),
             all(e.exact for e in es), max(e.err for e in es))


class Kernel(Gen):
    """Statements, helpers and kernel shapes on top of the expression generator."""

    # ---- __device__ helpers -------------------------------------------------
    def make_helper(self):
        name = self.fresh(f"h{self.seed}_")
        ret = self.r.choice([INT, INT, F32, F32, F64, UNS, BOOL, T["long long"]])
        params, bounds, pv = [], [], []
        for k in range(self.r.randint(1, 3)):
            pt = self.r.choice([INT, INT, UNS, F32, F64])
            lo, hi = {"i": self.r.choice([(-1000, 1000), (0, 255)]), "u": (0, 1000),
                      "f": (-8.0, 8.0)}[pt.kind]
            params.append(pt)
            bounds.append((lo, hi))
            pv.append(E(f"a{k}", pt, lo, hi, pt.kind != "f", HPERR if pt.kind == "f" else 0.0))
        # The body twice from the same random state, its float parameters carrying
        # errors 0 and HPERR: the error of a call is then res0.err + gain * (argument
        # error), the gain being (res1.err - res0.err) / HPERR (errors grow linearly).
        state, uid = self.r.getstate(), self.uid
        res0, _ = self.helper_pass(pv, ret, 0.0)
        self.r.setstate(state)
        self.uid = uid
        res, body = self.helper_pass(pv, ret, HPERR)
        res.gain = (res.err - res0.err) / HPERR
        res.err = res0.err
        qual = self.qualifier
        sig = ", ".join(f"{pt.c} a{k}" for k, pt in enumerate(params))
        self.helper_text.append(f"{qual} {ret.c} {name}({sig}) {{\n" + "\n".join(body) + "\n}\n")
        self.helpers.append(Helper(name, ret, params, bounds, res))

    def helper_pass(self, pv, ret, perr):
        for p in pv:
            p.err = perr if p.t.kind == "f" else 0.0
        saved = (self.vars, self.index, self.lines, self.depth)
        self.vars, self.index, self.lines, self.depth = list(pv), None, [], 1
        res = self.helper_body(ret)
        body = self.lines
        self.vars, self.index, self.lines, self.depth = saved
        return res, body

    def helper_body(self, ret):
        kind = self.r.choice(["one", "multi", "early", "loop"] if ret != BOOL else ["one", "early"])
        if kind == "one":
            e = convert(self.expr(ret, 2), ret)
            self.emit(f"return {e.s};")
            return e
        if kind == "loop":
            acc = self.stmt_loop(1, t=ret)
            self.emit(f"return {acc.s};")
            return acc
        if kind == "multi":
            for _ in range(self.r.randint(0, 2)):
                self.stmt_decl(1)
        c = self.bexpr(1)
        e1, e2 = convert(self.expr(ret, 1), ret), convert(self.expr(ret, 2), ret)
        if kind == "early":
            self.emit(f"if ({c.s}) return {e1.s};")
            self.emit(f"return {e2.s};")
        else:
            r = self.fresh("r")
            self.emit(f"{ret.c} {r} = {e1.s};")
            self.emit(f"if ({c.s}) {{")
            self.emit(f"  {r} = {e2.s};")
            self.emit("}")
            self.emit(f"return {r};")
        return union("", ret, [e1, e2])

    def clamp_helper(self):
        name = self.fresh(f"clampi{self.seed}_")
        if self.chance(0.5):
            body = "  return v < lo ? lo : (v > hi ? hi : v);"
        else:
            body = "  if (v < lo) return lo;\n  if (v > hi) return hi;\n  return v;"
        self.helper_text.append(f"__device__ int {name}(int v, int lo, int hi) {{\n{body}\n}}\n")
        return name

    # ---- statements ---------------------------------------------------------
    VAR_TYPES = [INT, INT, INT, F32, F32, F32, F64, UNS, T["long long"], T["short"],
                 T["unsigned char"], T["signed char"], T["unsigned short"], BOOL,
                 T["unsigned long long"]]

    def declare(self, t, e, prefix="v"):
        name = self.fresh(prefix)
        self.emit(f"{t.c} {name} = {e.s};")
        v = E(name, t, e.lo, e.hi, e.exact, e.err)
        self.vars.append(v)
        return v

    def stmt_decl(self, d):
        t = self.r.choice(self.VAR_TYPES)
        return self.declare(t, convert(self.expr(t, d), t))

    def stmt_if(self, d):
        t = self.r.choice([INT, F32, F64, UNS])
        e0 = convert(self.expr(t, d), t)
        name = self.fresh("v")
        self.emit(f"{t.c} {name} = {e0.s};")
        c = self.bexpr(d - 1)
        e1 = convert(self.expr(t, d), t)
        self.emit(f"if ({c.s}) {{")
        self.emit(f"  {name} = {e1.s};")
        es = [e0, e1]
        if self.chance(0.5):
            e2 = convert(self.expr(t, d), t)
            self.emit("} else {")
            self.emit(f"  {name} = {e2.s};")
            es.append(e2)
        self.emit("}")
        self.vars.append(union(name, t, es))

    def trip(self, d):
        """(test text given the loop variable, max trips): constant, data-dependent,
        or a helper call in the loop test."""
        k = self.r.random()
        if k < 0.4 or self.dense:
            n = self.r.randint(1, 6)
            return (lambda t: f"{t} < {n}"), n
        if k < 0.6:
            h = self.helper_call(INT, 1)
            if h:
                n = self.r.randint(1, 5)
                return (lambda t: f"{t} < min({h.s}, {n})"), n
        m = self.fit(self.iexpr(INT, d), 0, self.r.choice([3, 5, 7]))
        mv = self.declare(INT, m, "m")
        return (lambda t: f"{t} < {mv.s}"), mv.hi

    def stmt_loop(self, d, t=None):
        t = t or self.r.choice([F32, F32, F64, INT, INT, UNS])
        e0 = convert(self.expr(t, d - 1), t)
        if t.kind in "iu":
            e0 = self.shrink(e0, 1000)
            e0 = convert(e0, t)
        acc = self.fresh("acc")
        self.emit(f"{t.c} {acc} = {e0.s};")
        test, n = self.trip(d)
        tv = self.fresh("t")
        form = self.r.choice(["for", "for", "while", "do"])
        if form == "for":
            self.emit(f"for (int {tv} = 0; {test(tv)}; ++{tv}) {{")
        elif form == "while":
            self.emit(f"int {tv} = 0;")
            self.emit(f"while ({test(tv)}) {{")
        else:
            self.emit(f"int {tv} = 0;")
            self.emit("do {")
            n = max(n, 1)
        self.depth += 1
        mark = len(self.vars)
        self.vars.append(E(tv, INT, 0, max(n - 1, 0)))
        if self.chance(0.2) and form == "for":
            c = self.bexpr(0)
            self.emit(f"if ({c.s}) {self.r.choice(['continue', 'break'])};")
        res = self.loop_update(t, acc, e0, n, d)
        del self.vars[mark:]
        if form == "while":
            self.emit(f"++{tv};")
        self.depth -= 1
        self.emit(f"}} while ({test('++' + tv)});" if form == "do" else "}")
        self.vars.append(res)
        return res

    def loop_update(self, t, acc, e0, n, d):
        if t.kind == "f":
            b = self.fexpr(t, d - 1)
            if self.chance(0.5):
                self.emit(f"{acc} += {b.s};")
                lo, hi = e0.lo + n * min(b.lo, 0), e0.hi + n * max(b.hi, 0)
                r = E(acc, t, lo, hi, False)
                r.err = e0.err + n * (b.err + self.rnd(t, r.mag))
                return r
            c = self.r.choice([0.5, -0.5, 0.25, 0.75])
            self.emit(f"{acc} = {acc} * {lit(c, t).s} + {b.s};")
            m = max(e0.mag, b.mag / (1 - abs(c)))
            r = E(acc, t, -m, m, False)
            r.err = e0.err + (b.err + 2 * self.rnd(t, m)) / (1 - abs(c))
            return r
        b = convert(self.shrink(self.iexpr(t, d - 1), 1 << 20), t)
        if self.chance(0.5):
            self.emit(f"{acc} += {b.s};")
            r = E(acc, t, e0.lo + n * min(b.lo, 0), e0.hi + n * max(b.hi, 0))
            return self.fix_unsigned(r)
        b = convert(self.shrink(b, 1000), t)
        k = lit(1009, t)
        self.emit(f"{acc} = ({acc} * {lit(3, t).s} + {b.s}) % {k.s};")
        return union(acc, t, [e0, E("", t, -1008 if t.kind == "i" else 0, 1008)])

    def stmt_struct(self, d):
        sname = self.fresh(f"Pair{self.seed}_")
        self.structs.append(f"struct {sname} {{\n  float a;\n  int b;\n}};\n")
        q = self.fresh("q")
        fa, ib = self.fexpr(F32, d), self.iexpr(INT, d)
        self.emit(f"{sname} {q};")
        self.emit(f"{q}.a = {fa.s};")
        self.emit(f"{q}.b = {ib.s};")
        self.vars += [E(f"{q}.a", F32, fa.lo, fa.hi, fa.exact, fa.err),
                      E(f"{q}.b", INT, ib.lo, ib.hi)]

    def stmt_array(self, d):
        t = self.r.choice([F32, INT])
        a, tv = self.fresh("arr"), self.fresh("t")
        self.emit(f"{t.c} {a}[4];")
        self.emit(f"for (int {tv} = 0; {tv} < 4; ++{tv}) {{")
        self.vars.append(E(tv, INT, 0, 3))
        e = convert(self.expr(t, d - 1), t)
        self.vars.pop()
        self.emit(f"  {a}[{tv}] = {e.s};")
        self.emit("}")
        x = self.iexpr(INT, 0)
        for at in (str(self.r.randint(0, 3)), f"({x.s}) & 3"):
            self.vars.append(E(f"{a}[{at}]", t, e.lo, e.hi, e.exact, e.err))

    def statements(self, n, d):
        for _ in range(n):
            k = self.r.random()
            if k < 0.4:
                self.stmt_decl(d)
            elif k < 0.55:
                self.stmt_if(d)
            elif k < 0.85:
                self.stmt_loop(d)
            elif k < 0.93 or self.dense:
                self.stmt_struct(d)
            else:
                self.stmt_array(d)

    # ---- stores and atomics -------------------------------------------------
    def store(self, b, at="idx"):
        e = self.expr(b.t, 2 + self.r.randint(0, 1))
        if b.t.kind != "f" and b.t.kind != "b":
            e = convert(e, b.t)
        elif b.t.kind == "f":
            e = convert(e, b.t)
        if b.t.kind == "f" and self.chance(0.2):
            old = E(f"{b.name}[{at}]", b.t, -2.0, 2.0)
            e = E(f"{old.s} * {lit(0.5, b.t).s} + {e.s}", b.t, e.lo - 1, e.hi + 1, False,
                  e.err + self.rnd(b.t, e.mag + 1))
        self.need(b, e)
        if self.chance(0.2):
            self.emit(f"if ({self.bexpr(1).s}) {b.name}[{at}] = {e.s};")
        else:
            self.emit(f"{b.name}[{at}] = {e.s};")

    def need(self, b, e):
        if b.t.kind == "f":
            self.stores[b.name] = max(self.stores.get(b.name, 0.0), e.err)

    def atomic(self, h, op=None, target=None):
        """op(&target[bin], v) for a bin in range; target defaults to buffer h."""
        op = op or self.r.choice(["atomicAdd", "atomicAdd", "atomicMax", "atomicMin", "atomicOr",
                                  "atomicXor", "atomicAnd"] + (["atomicSub"] if h.t.bits == 32 else []))
        target = target or h.name
        v = self.shrink(self.iexpr(INT if self.chance(0.6) else UNS, 1), 1 << 16)
        nb = h.count
        if nb == 1:
            at = self.r.choice([target, f"&{target}[0]"])
        else:
            x = self.iexpr(INT, 1)
            at = f"&{target}[{self.fit(x, 0, nb - 1).s}]" if self.chance(0.5) else \
                f"&{target}[(unsigned)({x.s}) % {nb}u]"
        self.emit(f"{op}({at}, ({h.t.c})({v.s}));")
        return op

    # ---- kernel shapes ------------------------------------------------------
    def add_buf(self, role, t, count):
        name = {"in": "in", "out": "out", "hist": "hist"}[role] + str(len(self.bufs))
        if role == "hist":
            fill = "zeros" if self.chance(0.6) else "randint 0 100"
        elif t.kind == "f":
            fill = "uniform -2 2" if role == "out" or self.chance(0.6) else "uniform -8 8"
        else:
            lo, hi = INT_INPUT[t.dtype]
            fill = f"randint {lo} {hi}"
        b = Buf(name, t, count, fill, role)
        self.bufs.append(b)
        return b

    def data_type(self):
        return self.r.choice([F32, F32, F32, F64, INT, INT, UNS, T["long long"], T["short"],
                              T["unsigned char"], T["signed char"], T["unsigned short"],
                              T["unsigned long long"], BOOL])

    def scalar(self, name, t, v):
        self.scalars.append((name, t, v))
        e = lit(v, t)
        self.vars.append(E(name, t, e.lo, e.hi))

    def prologue_inputs(self, total):
        for _ in range(self.r.randint(1, 3)):
            self.add_buf("in", self.data_type(), total)
        if not any(b.t.kind == "f" for b in self.bufs) and self.chance(0.7):
            self.add_buf("in", F32, total)
        if self.chance(0.4):
            self.scalar("alpha", F32, self.r.choice([0.5, 1.5, -0.25, 2.0]))
        if self.chance(0.3):
            self.scalar("kk", INT, self.r.randint(-5, 9))

    def sizes_1d(self, block, min_blocks=1):
        n = self.r.randint(block * min_blocks + 1, max(block * min_blocks + 2, 1600))
        if self.chance(0.3):
            n = self.r.randint(block * min_blocks + 1, block * (min_blocks + 2))
        grid = -(-n // block) + (1 if self.chance(0.15) else 0)
        return n, grid

    def shape_ew(self):
        dims = self.r.choice([1, 1, 1, 2, 2, 3])
        names = ["i", "j", "k"][:dims]
        block = {1: lambda: (self.r.choice([32, 64, 128, 256]),),
                 2: lambda: self.r.choice([(16, 8), (32, 4), (8, 8), (16, 16), (32, 8)]),
                 3: lambda: self.r.choice([(8, 4, 4), (4, 4, 4), (16, 4, 2)])}[dims]()
        if dims == 1:
            n, g = self.sizes_1d(block[0])
            ext, grid = [n], [g]
        else:
            ext = [self.r.randint(5, 48 if dims == 2 else 14) for _ in range(dims)]
            grid = [-(-e // b) for e, b in zip(ext, block)]
        use_struct = self.chance(0.3)
        fields = ["nx", "ny", "nz"][:dims] if dims > 1 or use_struct else ["n"]
        if use_struct:
            self.struct_param = (f"Dims{self.seed}", "p", list(zip(fields, ext)))
            sizes = [f"p.{f}" for f in fields]
            for f, v in zip(fields, ext):
                self.vars.append(E(f"p.{f}", INT, v, v))
        else:
            sizes = fields
            for f, v in zip(fields, ext):
                self.scalar(f, INT, v)
        total = 1
        for e in ext:
            total *= e
        self.prologue_inputs(total)
        outs = [self.add_buf("out", self.data_type(), total) for _ in range(self.r.randint(1, 2))]
        hist = self.add_buf("hist", self.r.choice([INT, UNS, T["unsigned long long"]]),
                            self.r.choice([1, 4, 16, 64])) if self.chance(0.3) and not self.dense \
            else None
        self.launch_dims = (grid, list(block))
        self.index = Index(names, sizes)
        if self.chance(0.3):
            self.index.clamp = self.clamp_helper()
        for _ in range(self.r.randint(0, 3)):
            self.make_helper()
        xyz = "xyz"
        for dim, c in enumerate(names):
            a = xyz[dim]
            self.emit(f"int {c} = blockIdx.{a} * blockDim.{a} + threadIdx.{a};")
        guard = " && ".join(f"{c} < {s}" for c, s in zip(names, sizes))
        early = self.chance(0.4)
        if early:
            self.emit(f"if (!({guard})) return;")
        else:
            self.emit(f"if ({guard}) {{")
            self.depth += 1
        self.emit(f"int idx = {self.index.linear(names)};")
        for c, e in zip(names, ext):
            self.vars.append(E(c, INT, 0, e - 1))
        self.body(outs, hist)
        if not early:
            self.depth -= 1
            self.emit("}")

    def shape_dense(self):
        """ew without what sends raise-affine to SIMT lanes: loads of the own element
        and of clamped or periodic neighbours only, constant trips, no atomics or local
        arrays; so the stores become slices, pads, concatenates and selects."""
        self.dense = True
        self.shape_ew()

    def body(self, outs, hist):
        self.statements(self.r.randint(1, 4), 2)
        for b in outs:
            self.store(b)
        if hist:
            self.atomic(hist)

    def shape_gridstride(self):
        block = self.r.choice([32, 64, 128])
        n = self.r.randint(block + 1, 2000)
        grid = self.r.randint(1, 4)
        self.scalar("n", INT, n)
        self.prologue_inputs(n)
        outs = [self.add_buf("out", self.data_type(), n) for _ in range(self.r.randint(1, 2))]
        hist = self.add_buf("hist", self.r.choice([INT, UNS]), self.r.choice([1, 8])) \
            if self.chance(0.3) else None
        self.launch_dims = ([grid], [block])
        self.index = Index(["i"], ["n"])
        for _ in range(self.r.randint(0, 3)):
            self.make_helper()
        step = self.r.choice(["blockDim.x * gridDim.x", "gridDim.x * blockDim.x"])
        self.emit(f"for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += {step}) {{")
        self.depth += 1
        self.emit("int idx = i;")
        self.vars.append(E("i", INT, 0, n - 1))
        self.body(outs, hist)
        self.depth -= 1
        self.emit("}")

    def shape_tile(self):
        """A 1-D shared tile with a halo of radius R (clamped or periodic at the ends),
        a barrier, then the body reads the tile; optionally a second tile stage."""
        block = self.r.choice([32, 64, 128])
        rad = self.r.randint(1, 2)
        n, grid = self.sizes_1d(block, 2)
        self.scalar("n", INT, n)
        src = self.add_buf("in", self.r.choice([F32, F32, INT, F64]), n)
        self.prologue_inputs(n)
        outs = [self.add_buf("out", self.data_type(), n) for _ in range(self.r.randint(1, 2))]
        self.launch_dims = ([grid], [block])
        self.index = Index(["i"], ["n"])
        for _ in range(self.r.randint(0, 2)):
            self.make_helper()
        periodic = self.chance(0.5)
        tile = self.fresh("tile")
        self.emit(f"__shared__ {src.t.c} {tile}[{block + 2 * rad}];")
        self.emit("int i = blockIdx.x * blockDim.x + threadIdx.x;")
        self.emit("int base = blockIdx.x * blockDim.x;")
        if periodic:
            own, left, right = "i % n", f"(base - {rad} + threadIdx.x + n) % n", \
                f"(base + {block} + threadIdx.x) % n"
        else:
            # min(.., n - 1) on the left too: a block past the end (grid rounded up one
            # more) has base >= n.
            own = "min(i, n - 1)"
            left = f"min(max(base - {rad} + (int)threadIdx.x, 0), n - 1)"
            right = f"min(base + {block} + (int)threadIdx.x, n - 1)"
        self.emit(f"{tile}[threadIdx.x + {rad}] = {src.name}[{own}];")
        self.emit(f"if (threadIdx.x < {rad}) {{")
        self.emit(f"  {tile}[threadIdx.x] = {src.name}[{left}];")
        self.emit(f"  {tile}[threadIdx.x + {block + rad}] = {src.name}[{right}];")
        self.emit("}")
        self.emit("__syncthreads();")
        self.index.tiles[src.name] = (tile, rad)
        if self.chance(0.4):
            self.second_stage(block)
        self.emit("if (i < n) {")
        self.depth += 1
        self.emit("int idx = i;")
        self.vars.append(E("i", INT, 0, n - 1))
        self.body(outs, None)
        self.depth -= 1
        self.emit("}")

    def second_stage(self, block):
        t = self.r.choice([F32, INT])
        st = self.fresh("stage")
        self.emit(f"__shared__ {t.c} {st}[{block}];")
        w = self.fresh("w")
        self.emit(f"{t.c} {w} = {lit(0, t).s};")
        self.emit("if (i < n) {")
        self.depth += 1
        self.emit("int idx = i;")
        mark = len(self.vars)
        self.vars.append(E("i", INT, 0, 1 << 20))
        e = convert(self.expr(t, 2), t)
        del self.vars[mark:]
        self.emit(f"{w} = {e.s};")
        self.depth -= 1
        self.emit("}")
        self.emit(f"{st}[threadIdx.x] = {w};")
        self.emit("__syncthreads();")
        o = self.r.randint(1, block - 1)
        z = union("", t, [e, lit(0, t)])
        for at in ("threadIdx.x", f"(threadIdx.x + {o}) % {block}"):
            self.vars.append(E(f"{st}[{at}]", t, z.lo, z.hi, z.exact, z.err))

    def reduced_value(self, t, n):
        """`T v = 0; if (i < n) { ...; v = e; }`: the value each thread contributes."""
        self.emit(f"{t.c} v = {lit(0, t).s};")
        self.emit("if (i < n) {")
        self.depth += 1
        self.emit("int idx = i;")
        mark = len(self.vars)
        self.vars.append(E("i", INT, 0, n - 1))
        self.statements(self.r.randint(0, 2), 2)
        e = convert(self.expr(t, 2), t)
        if t.kind in "iu":
            e = convert(self.shrink(e, 1 << 16), t)
        self.emit(f"v = {e.s};")
        del self.vars[mark:]
        self.depth -= 1
        self.emit("}")
        return union("v", t, [e, lit(0, t)])

    def combine(self, op, t, a, b):
        if op == "+":
            return f"{a} + {b}"
        f = "" if t.kind != "f" else ("f" if t.bits == 32 else "")
        fn = ("fmax" if op == "max" else "fmin") + f if t.kind == "f" else op
        return f"{fn}({a}, {b})"

    def shape_reduce(self):
        block = self.r.choice([32, 64, 128, 256])
        n, grid = self.sizes_1d(block)
        self.scalar("n", INT, n)
        self.prologue_inputs(n)
        t = self.r.choice([F32, F32, F64, INT, UNS])
        op = self.r.choice(["+", "+", "max", "min"])
        out = self.add_buf("out", t, grid)
        self.launch_dims = ([grid], [block])
        self.index = Index(["i"], ["n"])
        for _ in range(self.r.randint(0, 2)):
            self.make_helper()
        self.emit(f"__shared__ {t.c} s[{block}];")
        self.emit("int i = blockIdx.x * blockDim.x + threadIdx.x;")
        v = self.reduced_value(t, n)
        self.emit("s[threadIdx.x] = v;")
        self.emit("__syncthreads();")
        st = self.r.choice([f"int st = {block // 2}", "unsigned st = blockDim.x / 2"])
        self.emit(f"for ({st}; st > 0; st >>= 1) {{")
        self.emit(f"  if (threadIdx.x < st) s[threadIdx.x] = "
                  f"{self.combine(op, t, 's[threadIdx.x]', 's[threadIdx.x + st]')};")
        self.emit("  __syncthreads();")
        self.emit("}")
        self.emit(f"if (threadIdx.x == 0) {out.name}[blockIdx.x] = s[0];")
        self.reduction_err(out, t, v, op, block)

    def reduction_err(self, out, t, v, op, count):
        if t.kind == "f":
            m = v.mag * (count if op == "+" else 1)
            err = (count if op == "+" else 1) * (v.err + self.rnd(t, m))
            self.stores[out.name] = max(self.stores.get(out.name, 0.0), err)

    def shape_shuffle(self):
        block = self.r.choice([32, 64, 128, 256])
        n, grid = self.sizes_1d(block)
        self.scalar("n", INT, n)
        self.prologue_inputs(n)
        t = self.r.choice([F32, F32, F64, INT, UNS])
        kind = self.r.choice(["down", "xor", "scan", "block"])
        op = "+" if kind == "scan" or t.kind == "f" and self.chance(0.7) else \
            self.r.choice(["+", "max", "min"])
        count = {"scan": n, "block": grid}.get(kind, grid * block // 32)
        out = self.add_buf("out", t, count)
        self.launch_dims = ([grid], [block])
        self.index = Index(["i"], ["n"])
        for _ in range(self.r.randint(0, 2)):
            self.make_helper()
        self.emit("int i = blockIdx.x * blockDim.x + threadIdx.x;")
        self.emit(self.r.choice(["int lane = threadIdx.x & 31;", "int lane = threadIdx.x % 32;"]))
        v = self.reduced_value(t, n)
        if kind == "scan":
            self.emit("for (int off = 1; off < 32; off <<= 1) {")
            self.emit(f"  {t.c} y = __shfl_up_sync(0xffffffffu, v, off);")
            self.emit("  if (lane >= off) v += y;")
            self.emit("}")
            self.emit(f"if (i < n) {out.name}[i] = v;")
            self.reduction_err(out, t, v, op, 32)
            return
        self.warp_reduce(t, op, kind)
        if kind != "block":
            self.emit(f"if (lane == 0) {out.name}[i / 32] = v;")
            self.reduction_err(out, t, v, op, 32)
            return
        self.emit(f"__shared__ {t.c} ws[{block // 32}];")
        self.emit("if (lane == 0) ws[threadIdx.x / 32] = v;")
        self.emit("__syncthreads();")
        self.emit("if (threadIdx.x < 32) {")
        self.depth += 1
        self.emit(f"v = lane < {block // 32} ? ws[lane] : {lit(0, t).s};")
        self.warp_reduce(t, op, "down")
        self.emit(f"if (lane == 0) {out.name}[blockIdx.x] = v;")
        self.depth -= 1
        self.emit("}")
        self.reduction_err(out, t, v, op, block)

    def warp_reduce(self, t, op, kind):
        fn = "__shfl_xor_sync" if kind == "xor" else "__shfl_down_sync"
        self.emit("for (int off = 16; off > 0; off >>= 1)")
        self.emit(f"  v = {self.combine(op, t, 'v', f'{fn}(0xffffffffu, v, off)')};")

    def shape_atomics(self):
        """Integer atomics only: a histogram-like kernel over a 1-D guard."""
        block = self.r.choice([32, 64, 128, 256])
        n, grid = self.sizes_1d(block)
        self.scalar("n", INT, n)
        self.prologue_inputs(n)
        hs = [self.add_buf("hist", self.r.choice([INT, UNS, T["unsigned long long"]]),
                           self.r.choice([1, 4, 16, 64, 256])) for _ in range(self.r.randint(1, 2))]
        self.launch_dims = ([grid], [block])
        self.index = Index(["i"], ["n"])
        for _ in range(self.r.randint(0, 2)):
            self.make_helper()
        self.emit("int i = blockIdx.x * blockDim.x + threadIdx.x;")
        h0, sh = hs[0], None
        if h0.t.bits == 32 and self.chance(0.5):     # a block-private histogram in shared memory
            sh = self.fresh("sh")
            self.emit(f"__shared__ {h0.t.c} {sh}[{h0.count}];")
            self.emit(f"for (int b = threadIdx.x; b < {h0.count}; b += blockDim.x) {sh}[b] = 0;")
            self.emit("__syncthreads();")
        self.emit("if (i < n) {")
        self.depth += 1
        self.emit("int idx = i;")
        self.vars.append(E("i", INT, 0, n - 1))
        self.statements(self.r.randint(0, 2), 2)
        op = self.atomic(h0, target=sh)
        for h in hs[1:]:
            self.atomic(h)
        self.depth -= 1
        self.emit("}")
        if sh:
            self.emit("__syncthreads();")
            self.emit(f"for (int b = threadIdx.x; b < {h0.count}; b += blockDim.x)")
            self.emit(f"  if ({sh}[b]) {op}(&{h0.name}[b], {sh}[b]);")

    SHAPES = [("ew", 30), ("dense", 20), ("gridstride", 10), ("tile", 12), ("reduce", 10),
              ("shuffle", 10), ("atomics", 8)]

    def generate(self):
        self.structs, self.struct_param = [], None
        # __host__ __device__ for all helpers or for none: a host-device function
        # may not call a device-only one.
        self.qualifier = self.r.choice(["__device__", "__device__", "__device__ __forceinline__",
                                        "static __device__ inline", "__host__ __device__"])
        names = [s for s, _ in self.SHAPES]
        shape = self.r.choices(names, [w for _, w in self.SHAPES])[0]
        self.shape = shape
        getattr(self, "shape_" + shape)()

    # ---- the file -----------------------------------------------------------
    def block(self, pre=""):
        """The test block's lines for this kernel; block-level names (buffers, scalars,
        the struct argument) get prefix pre, so that several kernels share a block."""
        params, args = [], []
        sp = self.struct_param
        if sp:
            params.append(f"{sp[0]} {sp[1]}")
            args.append(f"{pre}{sp[1]}{{" + ", ".join(f"{f}={v}" for f, v in sp[2]) + "}")
        for b in self.bufs:
            params.append(f"{'const ' if b.role == 'in' else ''}{b.t.c} *{b.name}")
            args.append(pre + b.name)
        for name, t, v in self.scalars:
            params.append(f"{t.c} {name}")
            args.append(pre + name)
        self.params = params
        grid, block = self.launch_dims
        dim = (lambda d: str(d[0]) if len(d) == 1 else f"dim3({', '.join(map(str, d))})")
        blk = [f"launch: {self.kname}<<<{dim(grid)}, {dim(block)}>>>({', '.join(args)})"]
        blk += [f"buffer: {pre}{b.name} {b.t.dtype} {b.count} {b.fill}" for b in self.bufs]
        blk += [f"scalar: {pre}{name} = {v}" for name, t, v in self.scalars]
        for b in self.bufs:
            if b.role == "in":
                continue
            tol = ""
            if b.t.kind == "f":
                floor = 1e-6 if b.t.bits == 32 else 1e-12
                tol = f" rtol={1e-5 if b.t.bits == 32 else 1e-12:g} " \
                      f"atol={max(floor, 4 * self.stores.get(b.name, 0.0)):.3g}"
            blk.append(f"check: {pre}{b.name}{tol}")
        return blk + [f"note: {self.kname}: tests/random/gen.py seed {self.seed}, shape {self.shape}"]

    def code(self):
        out = [f"// Generated by tests/random/gen.py {self.seed} (shape {self.shape})."]
        sp = self.struct_param
        if sp:
            out.append(f"struct {sp[0]} {{\n" + "".join(f"  int {f};\n" for f, _ in sp[2]) + "};")
        out += self.structs + self.helper_text
        out.append(f"__global__ void {self.kname}({', '.join(self.params)}) {{")
        return out + self.lines + ["}"]

    def build(self):
        self.kname = f"rk{self.seed}"
        self.generate()
        return self


def generate(seed):
    """The .cu text of seed's kernel."""
    return generate_batch([seed])


def generate_batch(seeds):
    """One .cu holding the kernels of several seeds, one launch each (in seed order),
    block-level names prefixed with `s<SEED>_` when there is more than one."""
    ks = [Kernel(s).build() for s in seeds]
    blk = ["/* cuda2hlo-test"]
    for k in ks:
        blk += k.block(f"s{k.seed}_" if len(ks) > 1 else "")
    blk += [f"seed: {seeds[0]}", "*/"]
    out = blk
    for k in ks:
        out += k.code()
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__.split("Usage:")[1].strip(), file=sys.stderr)
        return 2
    text = generate_batch([int(x) for x in argv[1].split(",")])
    if len(argv) == 3:
        with open(argv[2], "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
