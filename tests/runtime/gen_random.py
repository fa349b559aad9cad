"""Random well-typed StableHLO programs, deterministic per seed.

    from gen_random import generate
    text, inputs = generate(seed)      # MLIR text of @main, list of numpy arrays

    gen_random.py --count N [--first S] --out DIR
        writes DIR/gen_SEED.mlir and DIR/gen_SEED.aK.npy (argument K, named "aK" by the
        cuda2hlo.param attribute of @main's arguments)

The programs cover the op set the runtime must agree with XLA on: element-wise unary and
binary ops on every element type, compare/select, convert, slice, pad (negative edges
and interior), concatenate, broadcast_in_dim, reshape, transpose, reverse, iota, reduce,
dot_general, clamp. Undefined or implementation-defined corners are avoided so that
every backend must give the same answer:
- integer divisors are never 0 or -1 (select guards the divisor),
- float reductions with add and float dot_general see small integers only (operands
  are rounded and clamped to [-16, 16] first), so the sum is exact in any order,
- shift amounts are kept as generated (the spec defines shifts by >= the bit width),
- float -> integer converts see clamped, NaN-free values,
- no add on i1 (XLA CPU disagrees with the spec when it is fused, see g_binary),
- float results may be NaN or infinite; comparisons must treat NaN as equal to NaN.
bf16 appears inside programs (constants, converts) but not as an argument or result
(.npy has no bf16): bf16 results are converted to f32 before the return.
"""
import argparse
import os

import numpy as np

INT = ["i8", "i16", "i32", "i64"]
UINT = ["ui8", "ui16", "ui32", "ui64"]
FLOAT = ["f16", "bf16", "f32", "f64"]
ALL = ["i1"] + INT + UINT + FLOAT
ARG_TYPES = ["i1", "i8", "i32", "i64", "ui8", "ui32", "ui64", "f16", "f32", "f64"]
NP = {"i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
      "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
      "f16": np.float16, "f32": np.float32, "f64": np.float64}
BITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "ui8": 8, "ui16": 16,
        "ui32": 32, "ui64": 64, "f16": 16, "bf16": 16, "f32": 32, "f64": 64}

UN_ANY_FLOAT = ["floor", "ceil", "round_nearest_afz", "round_nearest_even", "exponential",
                "exponential_minus_one", "log", "log_plus_one", "sqrt", "rsqrt", "cbrt",
                "sine", "cosine", "tan", "tanh", "logistic"]
UN_SIGNED = ["abs", "sign"]
UN_INT = ["popcnt", "count_leading_zeros"]
BIN_NUM = ["add", "subtract", "multiply", "maximum", "minimum"]
BIN_INT_ONLY = ["shift_left", "shift_right_arithmetic", "shift_right_logical"]
BIN_LOGIC = ["and", "or", "xor"]
BIN_FLOAT = ["atan2", "power", "divide", "remainder"]


def is_float(t):
    return t in FLOAT


def is_int(t):
    return t in INT or t in UINT


def ttype(t, shape):
    return "tensor<" + "".join(f"{d}x" for d in shape) + t + ">"


def lit(t, v):
    if t == "i1":
        return "true" if v else "false"
    if is_float(t):
        v = float(v)
        if np.isnan(v):
            return {"f16": "0x7E00", "bf16": "0x7FC0", "f32": "0x7FC00000",
                    "f64": "0x7FF8000000000000"}[t]
        return "%.17e" % v
    return str(int(v))


class Gen:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.lines = []
        self.pool = []        # (name, dtype, shape)
        self.n = 0

    # ---- helpers ----
    def fresh(self):
        self.n += 1
        return f"%v{self.n}"

    def emit(self, text, t, shape):
        name = self.fresh()
        self.lines.append(f"    {name} = {text}")
        self.pool.append((name, t, tuple(shape)))
        return name

    def pick(self, pred=lambda v: True):
        cands = [v for v in self.pool if pred(v)]
        if not cands:
            return None
        # prefer recent values, so programs are chains rather than forests
        k = len(cands)
        i = min(k - 1, int(k - 1 - abs(self.rng.normal(0, max(1.0, k / 3)))))
        return cands[max(0, i)]

    def rand_shape(self, rank=None):
        if rank is None:
            rank = int(self.rng.integers(0, 4))
        return tuple(int(self.rng.integers(1, 5)) for _ in range(rank))

    def rand_values(self, t, shape, small=False):
        r = self.rng
        if t == "i1":
            return r.integers(0, 2, size=shape).astype(bool)
        if is_int(t):
            if small:
                lo, hi = (-8, 9) if t in INT else (0, 9)
            elif t in INT:
                b = BITS[t]
                lo, hi = (-(1 << (b - 1)), 1 << (b - 1)) if r.random() < 0.3 else (-100, 101)
            else:
                b = BITS[t]
                lo, hi = (0, 1 << b) if r.random() < 0.3 else (0, 200)
            return r.integers(lo, hi, size=shape, dtype=np.int64 if hi <= 2**63 else np.uint64,
                              endpoint=False).astype(NP[t])
        v = r.uniform(-10, 10, size=shape)
        if r.random() < 0.2:
            v = np.round(v)
        npt = np.float32 if t == "bf16" else NP[t]
        return v.astype(npt)

    def constant(self, t, shape, small=False):
        vals = self.rand_values(t, shape, small)
        if t == "bf16":
            # values exactly representable in bf16: keep 8 significant bits
            vals = np.asarray(vals, np.float32)
            vals = (vals.view(np.uint32) & np.uint32(0xFFFF0000)).view(np.float32)
        flat = np.asarray(vals).reshape(-1)
        if flat.size == 1 or (self.rng.random() < 0.3 and flat.size > 0):
            body = lit(t, flat[0])
        else:
            body = self.nested(t, np.asarray(vals), shape)
        return self.emit(f"stablehlo.constant dense<{body}> : {ttype(t, shape)}", t, shape)

    def nested(self, t, vals, shape):
        if len(shape) == 0:
            return lit(t, vals.reshape(()).item())
        return "[" + ", ".join(self.nested(t, vals[i], shape[1:]) for i in range(shape[0])) + "]"

    def same_type(self, v):
        """Another value of v's type (from the pool or a new constant)."""
        w = self.pick(lambda u: u[1] == v[1] and u[2] == v[2] and u[0] != v[0])
        if w is None or self.rng.random() < 0.3:
            self.constant(v[1], v[2])
            return self.pool[-1]
        return w

    def last(self):
        return self.pool[-1]

    # ---- op generators ----
    def g_unary(self):
        v = self.pick(lambda u: u[1] != "i1")
        if v is None:
            return
        t = v[1]
        ops = []
        if is_float(t):
            ops = UN_ANY_FLOAT + UN_SIGNED + ["negate", "is_finite"]
        elif t in INT:
            ops = UN_SIGNED + UN_INT + ["negate", "not"]
        else:
            ops = UN_INT + ["negate", "not"]
        op = ops[int(self.rng.integers(len(ops)))]
        if op == "is_finite":
            self.emit(f"stablehlo.is_finite {v[0]} : ({ttype(t, v[2])}) -> {ttype('i1', v[2])}",
                      "i1", v[2])
        else:
            self.emit(f"stablehlo.{op} {v[0]} : {ttype(t, v[2])}", t, v[2])

    def guard_divisor(self, d):
        """select(d == 0 or d == -1, 1, d) for integer divisors."""
        t, s = d[1], d[2]
        one = self.emit(f"stablehlo.constant dense<1> : {ttype(t, s)}", t, s)
        zero = self.emit(f"stablehlo.constant dense<0> : {ttype(t, s)}", t, s)
        ct = "SIGNED" if t in INT else "UNSIGNED"
        tt, pt = ttype(t, s), ttype("i1", s)
        bad = self.emit(f"stablehlo.compare EQ, {d[0]}, {zero}, {ct} : ({tt}, {tt}) -> {pt}", "i1", s)
        if t in INT:
            m1 = self.emit(f"stablehlo.constant dense<-1> : {tt}", t, s)
            b2 = self.emit(f"stablehlo.compare EQ, {d[0]}, {m1}, {ct} : ({tt}, {tt}) -> {pt}", "i1", s)
            bad = self.emit(f"stablehlo.or {bad}, {b2} : {pt}", "i1", s)
        return self.emit(f"stablehlo.select {bad}, {one}, {d[0]} : {pt}, {tt}", t, s)

    def g_binary(self):
        v = self.pick()
        if v is None:
            return
        t = v[1]
        w = self.same_type(v)
        if t == "i1":
            # not add: XLA CPU computes a fused i1 add as a byte add truncated to 1 bit
            # (1 + 1 = 0), where the spec says logical or (found by gen_xla_test seed 135)
            ops = BIN_LOGIC + ["multiply", "maximum", "minimum"]
        elif is_float(t):
            ops = BIN_NUM + BIN_FLOAT
        else:
            ops = BIN_NUM + BIN_LOGIC + BIN_INT_ONLY + ["divide", "remainder"]
        op = ops[int(self.rng.integers(len(ops)))]
        rhs = w[0]
        if is_int(t) and op in ("divide", "remainder"):
            rhs = self.guard_divisor(w)
        self.emit(f"stablehlo.{op} {v[0]}, {rhs} : {ttype(t, v[2])}", t, v[2])

    def g_compare_select(self):
        v = self.pick()
        if v is None:
            return
        t, s = v[1], v[2]
        w = self.same_type(v)
        d = ["EQ", "NE", "GE", "GT", "LE", "LT"][int(self.rng.integers(6))]
        ct = "FLOAT" if is_float(t) else "SIGNED" if t in INT else "UNSIGNED"
        if is_float(t) and self.rng.random() < 0.2:
            ct = "TOTALORDER"
        tt, pt = ttype(t, s), ttype("i1", s)
        p = self.emit(f"stablehlo.compare {d}, {v[0]}, {w[0]}, {ct} : ({tt}, {tt}) -> {pt}", "i1", s)
        if self.rng.random() < 0.7:
            self.emit(f"stablehlo.select {p}, {v[0]}, {w[0]} : {pt}, {tt}", t, s)

    def g_convert(self):
        v = self.pick()
        if v is None:
            return
        to = ALL[int(self.rng.integers(len(ALL)))]
        if is_float(v[1]) and is_int(to):
            # float -> int of out-of-range values is implementation-defined: clamp first
            lo, hi = (-100.0, 100.0) if to in INT else (0.0, 200.0)
            ft = ttype(v[1], ())
            a = self.emit(f"stablehlo.constant dense<{lit(v[1], lo)}> : {ft}", v[1], ())
            b = self.emit(f"stablehlo.constant dense<{lit(v[1], hi)}> : {ft}", v[1], ())
            c = self.emit(f"stablehlo.clamp {a}, {v[0]}, {b} : ({ft}, {ttype(v[1], v[2])}, {ft}) -> "
                          f"{ttype(v[1], v[2])}", v[1], v[2])
            z = self.emit(f"stablehlo.constant dense<{lit(v[1], 0.0)}> : {ttype(v[1], v[2])}", v[1], v[2])
            tt, pt = ttype(v[1], v[2]), ttype("i1", v[2])
            nan = self.emit(f"stablehlo.compare NE, {c}, {c}, FLOAT : ({tt}, {tt}) -> {pt}", "i1", v[2])
            src = self.emit(f"stablehlo.select {nan}, {z}, {c} : {pt}, {tt}", v[1], v[2])
        else:
            src = v[0]
        self.emit(f"stablehlo.convert {src} : ({ttype(v[1], v[2])}) -> {ttype(to, v[2])}", to, v[2])

    def g_slice(self):
        v = self.pick(lambda u: len(u[2]) > 0)
        if v is None:
            return
        parts, out = [], []
        for d in v[2]:
            a = int(self.rng.integers(0, d))
            b = int(self.rng.integers(a + 1, d + 1))
            st = int(self.rng.integers(1, 3))
            parts.append(f"{a}:{b}" + (f":{st}" if st != 1 else ""))
            out.append((b - a + st - 1) // st)
        self.emit(f"stablehlo.slice {v[0]} [{', '.join(parts)}] : ({ttype(v[1], v[2])}) -> "
                  f"{ttype(v[1], out)}", v[1], out)

    def g_pad(self):
        v = self.pick(lambda u: len(u[2]) > 0)
        if v is None:
            return
        t = v[1]
        pv = self.constant(t, ())
        lo, hi, it, out = [], [], [], []
        for d in v[2]:
            i = int(self.rng.integers(0, 2))
            full = d + (d - 1) * i
            a = int(self.rng.integers(-1, 3))
            b = int(self.rng.integers(-1, 3))
            if full + a + b < 1:
                a, b = 0, 0
            lo.append(a), hi.append(b), it.append(i), out.append(full + a + b)
        self.emit(f"stablehlo.pad {v[0]}, {pv}, low = {lo}, high = {hi}, interior = {it} : "
                  f"({ttype(t, v[2])}, {ttype(t, ())}) -> {ttype(t, out)}", t, out)

    def g_concatenate(self):
        v = self.pick(lambda u: len(u[2]) > 0)
        if v is None:
            return
        dim = int(self.rng.integers(len(v[2])))
        others = [u for u in self.pool if u[1] == v[1] and len(u[2]) == len(v[2]) and
                  all(a == b for k, (a, b) in enumerate(zip(u[2], v[2])) if k != dim)]
        ws = [others[int(self.rng.integers(len(others)))] for _ in range(int(self.rng.integers(1, 3)))]
        xs = [v] + ws
        out = list(v[2])
        out[dim] = sum(x[2][dim] for x in xs)
        types = ", ".join(ttype(x[1], x[2]) for x in xs)
        self.emit(f"stablehlo.concatenate {', '.join(x[0] for x in xs)}, dim = {dim} : ({types}) -> "
                  f"{ttype(v[1], out)}", v[1], out)

    def g_broadcast(self):
        v = self.pick(lambda u: len(u[2]) < 3)
        if v is None:
            return
        r = len(v[2]) + int(self.rng.integers(0, 4 - len(v[2])))
        dims = sorted(self.rng.choice(r, size=len(v[2]), replace=False).tolist())
        out = [int(self.rng.integers(1, 4)) for _ in range(r)]
        for k, d in enumerate(dims):
            out[d] = v[2][k] if v[2][k] != 1 or self.rng.random() < 0.5 else out[d]
        self.emit(f"stablehlo.broadcast_in_dim {v[0]}, dims = {dims} : ({ttype(v[1], v[2])}) -> "
                  f"{ttype(v[1], out)}", v[1], out)

    def g_reshape(self):
        v = self.pick()
        if v is None:
            return
        n = int(np.prod(v[2])) if v[2] else 1
        out = []
        while n > 1 and len(out) < 3:
            divs = [d for d in range(2, n + 1) if n % d == 0]
            d = divs[int(self.rng.integers(len(divs)))]
            out.append(d)
            n //= d
        if n > 1:
            out.append(n)
        if self.rng.random() < 0.3:
            out.insert(int(self.rng.integers(len(out) + 1)), 1)
        self.emit(f"stablehlo.reshape {v[0]} : ({ttype(v[1], v[2])}) -> {ttype(v[1], out)}", v[1], out)

    def g_transpose(self):
        v = self.pick(lambda u: len(u[2]) > 1)
        if v is None:
            return
        perm = self.rng.permutation(len(v[2])).tolist()
        out = [v[2][p] for p in perm]
        self.emit(f"stablehlo.transpose {v[0]}, dims = {perm} : ({ttype(v[1], v[2])}) -> "
                  f"{ttype(v[1], out)}", v[1], out)

    def g_reverse(self):
        v = self.pick(lambda u: len(u[2]) > 0)
        if v is None:
            return
        dims = sorted(self.rng.choice(len(v[2]), size=int(self.rng.integers(1, len(v[2]) + 1)),
                                      replace=False).tolist())
        self.emit(f"stablehlo.reverse {v[0]}, dims = {dims} : {ttype(v[1], v[2])}", v[1], v[2])

    def g_iota(self):
        t = [x for x in ALL if x != "i1"][int(self.rng.integers(len(ALL) - 1))]
        s = self.rand_shape(int(self.rng.integers(1, 4)))
        self.emit(f"stablehlo.iota dim = {int(self.rng.integers(len(s)))} : {ttype(t, s)}", t, s)

    def exact_small(self, v):
        """For float v: round_nearest_even(clamp(-16, v, 16)); ints unchanged."""
        if not is_float(v[1]):
            return v
        t, s = v[1], v[2]
        ft, tt = ttype(t, ()), ttype(t, s)
        a = self.emit(f"stablehlo.constant dense<{lit(t, -16.0)}> : {ft}", t, ())
        b = self.emit(f"stablehlo.constant dense<{lit(t, 16.0)}> : {ft}", t, ())
        c = self.emit(f"stablehlo.clamp {a}, {v[0]}, {b} : ({ft}, {tt}, {ft}) -> {tt}", t, s)
        r = self.emit(f"stablehlo.round_nearest_even {c} : {tt}", t, s)
        return (r, t, s)

    def g_reduce(self):
        v = self.pick(lambda u: len(u[2]) > 0)
        if v is None:
            return
        t = v[1]
        ops = ["add", "maximum", "minimum"] + (["and", "or"] if t == "i1" or is_int(t) else []) + \
              (["multiply"] if is_int(t) else [])
        op = ops[int(self.rng.integers(len(ops)))]
        if op == "add" and is_float(t):
            if t in ("f16", "bf16"):
                return   # sums of up to 64 small integers exceed f16/bf16 exactness only rarely
            v = self.exact_small(v)
        init = {"add": 0, "or": 0, "xor": 0, "multiply": 1, "and": -1}.get(op)
        if op in ("maximum", "minimum"):
            init_v = self.constant(t, ())
        else:
            val = init if t != "i1" else (op == "and")
            if t in UINT and val == -1:
                val = (1 << BITS[t]) - 1
            if is_float(t):
                val = float(val)
            init_v = self.emit(f"stablehlo.constant dense<{lit(t, val)}> : {ttype(t, ())}", t, ())
        r = len(v[2])
        dims = sorted(self.rng.choice(r, size=int(self.rng.integers(1, r + 1)), replace=False).tolist())
        out = [d for k, d in enumerate(v[2]) if k not in dims]
        self.emit(f"stablehlo.reduce({v[0]} init: {init_v}) applies stablehlo.{op} across "
                  f"dimensions = {dims} : ({ttype(t, v[2])}, {ttype(t, ())}) -> {ttype(t, out)}", t, out)

    def g_dot(self):
        t = ["i32", "i64", "ui32", "f32", "f64", "i8"][int(self.rng.integers(6))]
        m, k, n = (int(self.rng.integers(1, 5)) for _ in range(3))
        batch = self.rng.random() < 0.4
        b = int(self.rng.integers(1, 3))
        ls = (b, m, k) if batch else (m, k)
        rs = (b, k, n) if batch else (k, n)
        lhs = self.pick(lambda u: u[1] == t and u[2] == ls)
        lv = self.exact_small(lhs) if lhs else (self.constant(t, ls, small=True), t, ls)
        rv = (self.constant(t, rs, small=True), t, rs)
        out = (b, m, n) if batch else (m, n)
        dims = "batching_dims = [0] x [0], contracting_dims = [2] x [1]" if batch else \
               "contracting_dims = [1] x [0]"
        self.emit(f"stablehlo.dot_general {lv[0]}, {rv[0]}, {dims} : ({ttype(t, ls)}, {ttype(t, rs)}) -> "
                  f"{ttype(t, out)}", t, out)

    def g_clamp(self):
        v = self.pick(lambda u: u[1] != "i1")
        if v is None:
            return
        t = v[1]
        lo = self.constant(t, ())
        hi = self.constant(t, ())
        ft, tt = ttype(t, ()), ttype(t, v[2])
        self.emit(f"stablehlo.clamp {lo}, {v[0]}, {hi} : ({ft}, {tt}, {ft}) -> {tt}", t, v[2])

    # ---- program ----
    def program(self):
        args = []
        for k in range(int(self.rng.integers(1, 4))):
            t = ARG_TYPES[int(self.rng.integers(len(ARG_TYPES)))]
            s = self.rand_shape()
            self.pool.append((f"%arg{k}", t, s))
            args.append((t, s, np.asarray(self.rand_values(t, s), dtype=NP[t])))
        gens = [self.g_unary] * 3 + [self.g_binary] * 4 + [self.g_compare_select, self.g_convert,
                self.g_slice, self.g_pad, self.g_concatenate, self.g_broadcast, self.g_reshape,
                self.g_transpose, self.g_reverse, self.g_iota, self.g_reduce, self.g_dot, self.g_clamp]
        for _ in range(int(self.rng.integers(4, 16))):
            gens[int(self.rng.integers(len(gens)))]()
        k = int(self.rng.integers(1, 4))
        results = []
        for v in self.pool[::-1][:k]:
            if v[1] == "bf16":
                v = (self.emit(f"stablehlo.convert {v[0]} : ({ttype('bf16', v[2])}) -> "
                               f"{ttype('f32', v[2])}", "f32", v[2]), "f32", v[2])
            results.append(v)
        sig = ", ".join(f"%arg{k}: {ttype(t, s)} {{cuda2hlo.param = \"a{k}\"}}"
                        for k, (t, s, _) in enumerate(args))
        res = ", ".join(ttype(v[1], v[2]) for v in results)
        text = (f"module {{\n  func.func public @main({sig}) -> ({res}) {{\n" + "\n".join(self.lines) +
                f"\n    return {', '.join(v[0] for v in results)} : {res}\n  }}\n}}\n")
        return text, [a[2] for a in args]


def generate(seed):
    """The program for seed: (MLIR text, list of numpy inputs)."""
    return Gen(seed).program()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for seed in range(a.first, a.first + a.count):
        text, inputs = generate(seed)
        base = os.path.join(a.out, f"gen_{seed:04d}")
        with open(base + ".mlir", "w") as f:
            f.write(text)
        for k, x in enumerate(inputs):
            np.save(f"{base}.a{k}.npy", x)


if __name__ == "__main__":
    main()
