"""The complex and f8/f6/f4 element types against independent oracles.

    gen_types_test.py EMIT_TOOL CUDA2HLO_RUN

1. Every f8/f6/f4 type: random and special doubles go into a constant; emit_tool parses
   and prints it (tir.c rounds to the format on parse and prints the shortest decimal
   that reads back, or the bits of a NaN); each printed element must have the bits that
   ml_dtypes (the jax project's reference implementation of these formats) gives the
   same double.
2. Complex element-wise ops (complex<f64> and complex<f32>): random operands, the
   expected results computed by numpy, written as a check-dialect file and run with
   `cuda2hlo-run --check`.
Closing line: N passed, N failed."""
import os
import re
import subprocess
import sys
import tempfile

import ml_dtypes
import numpy as np

F8 = {
    "f8E4M3FN": ml_dtypes.float8_e4m3fn, "f8E5M2": ml_dtypes.float8_e5m2,
    "f8E4M3FNUZ": ml_dtypes.float8_e4m3fnuz, "f8E5M2FNUZ": ml_dtypes.float8_e5m2fnuz,
    "f8E4M3B11FNUZ": ml_dtypes.float8_e4m3b11fnuz, "f8E3M4": ml_dtypes.float8_e3m4,
    "f8E4M3": ml_dtypes.float8_e4m3, "f8E8M0FNU": ml_dtypes.float8_e8m0fnu,
    "f6E2M3FN": ml_dtypes.float6_e2m3fn, "f6E3M2FN": ml_dtypes.float6_e3m2fn,
    "f4E2M1FN": ml_dtypes.float4_e2m1fn,
}


def bits_of(x, t):
    return int(np.array([x], dtype=np.float64).astype(t).view(np.uint8)[0])


def f8_inputs(rng, t):
    finfo = ml_dtypes.finfo(t)
    big = float(finfo.max)
    vals = [0.0, 1.0, 0.5, 0.1, 3.1415, float(finfo.tiny), float(finfo.smallest_subnormal)
            if hasattr(finfo, "smallest_subnormal") else float(finfo.tiny), big, big * 0.97]
    vals += list(rng.uniform(-1, 1, 40) * big) + list(np.exp(rng.uniform(-12, 3, 40)))
    if t not in (ml_dtypes.float8_e8m0fnu,):
        vals += [-x for x in vals[:9]]
    # midpoints between neighbours exercise round-to-nearest-even
    grid = np.arange(256, dtype=np.uint8).view(t).astype(np.float64)
    grid = np.unique(grid[np.isfinite(grid)])
    vals += list(((grid[:-1] + grid[1:]) / 2)[::3])
    if t == ml_dtypes.float8_e8m0fnu:
        vals = [v for v in vals if v > 0]
    return [float(v) for v in vals]


def check_f8(tool, tmp, rng):
    passed = failed = 0
    for name, t in F8.items():
        vals = f8_inputs(rng, t)
        lits = ", ".join(repr(v) if ("e" in repr(v) or "." in repr(v)) else repr(v) + ".0" for v in vals)
        text = (f"func.func @main() -> tensor<{len(vals)}x{name}> {{\n"
                f"  %0 = stablehlo.constant dense<[{lits}]> : tensor<{len(vals)}x{name}>\n"
                f"  func.return %0 : tensor<{len(vals)}x{name}>\n}}\n")
        path = os.path.join(tmp, name + ".mlir")
        open(path, "w").write(text)
        out = subprocess.run([tool, "--stablehlo", path], capture_output=True, text=True)
        m = re.search(r"dense<\[(.*?)\]>", out.stdout)
        if out.returncode or not m:
            failed += 1
            print(f"FAIL {name}: emit_tool: {out.stderr.strip()[:300]}")
            continue
        got = [s.strip() for s in m.group(1).split(",")]
        bad = []
        for v, g in zip(vals, got):
            want = bits_of(v, t)
            have = int(g, 16) if g.startswith("0x") else bits_of(float(g), t)
            if have != want:
                bad.append(f"{v!r} -> {g} (bits {have:#04x}, ml_dtypes {want:#04x})")
        if bad or len(got) != len(vals):
            failed += 1
            print(f"FAIL {name}: {len(bad)} of {len(vals)} differ: {'; '.join(bad[:4])}")
        else:
            passed += 1
    return passed, failed


def clit(z, t):
    fmt = (lambda x: repr(float(np.float32(x)))) if t == "f32" else (lambda x: repr(float(x)))
    return f"({fmt(z.real)}, {fmt(z.imag)})"


def dense(zs, t):
    return "[" + ", ".join(clit(z, t) for z in zs) + "]"


UNARY = {
    "negate": np.negative, "exponential": np.exp, "log": np.log, "sqrt": np.sqrt,
    "rsqrt": lambda z: 1 / np.sqrt(z), "sine": np.sin, "cosine": np.cos, "tanh": np.tanh,
    "tan": np.tan, "log_plus_one": np.log1p, "exponential_minus_one": np.expm1,
    "logistic": lambda z: 1 / (1 + np.exp(-z)),
}
BINARY = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply,
          "divide": np.divide, "power": np.power}


def complex_cases(rng, t):
    nt = np.complex64 if t == "f32" else np.complex128
    ty = f"tensor<8xcomplex<{t}>>"
    a = (rng.uniform(-2, 2, 8) + 1j * rng.uniform(-2, 2, 8)).astype(nt)
    b = (rng.uniform(0.5, 2, 8) + 1j * rng.uniform(-2, 2, 8)).astype(nt)
    tol = 1e-4 if t == "f32" else 1e-9
    cases = []
    for op, fn in list(UNARY.items()) + list(BINARY.items()):
        args = [a] if op in UNARY else [a, b]
        want = fn(*[x.astype(np.complex128) for x in args]).astype(nt)
        lines = [f"func.func @{op}_{t}() {{"]
        for i, x in enumerate(args):
            lines.append(f"  %a{i} = stablehlo.constant dense<{dense(x, t)}> : {ty}")
        ops = ", ".join(f"%a{i}" for i in range(len(args)))
        lines.append(f"  %r = stablehlo.{op} {ops} : {ty}")
        # relative tolerance through scaling would change the op; use an absolute one
        # sized to the largest expected magnitude
        scale = max(1.0, float(np.max(np.abs(want))))
        lines.append(f"  check.expect_almost_eq_const %r, dense<{dense(want, t)}>, "
                     f"tolerance = {tol * scale!r} : {ty}")
        lines.append("  func.return\n}")
        cases.append("\n".join(lines))
    want = np.abs(a.astype(np.complex128)).astype(np.float32 if t == "f32" else np.float64)
    cases.append(f"func.func @abs_{t}() {{\n  %a = stablehlo.constant dense<{dense(a, t)}> : {ty}\n"
                 f"  %r = stablehlo.abs %a : ({ty}) -> tensor<8x{t}>\n"
                 f"  check.expect_almost_eq_const %r, dense<[{', '.join(repr(float(x)) for x in want)}]>"
                 f", tolerance = {tol * 4!r} : tensor<8x{t}>\n  func.return\n}}")
    return cases


def check_complex(run, tmp, rng):
    cases = complex_cases(rng, "f64") + complex_cases(rng, "f32")
    path = os.path.join(tmp, "complex.mlir")
    open(path, "w").write("\n// -----\n".join(cases) + "\n")
    out = subprocess.run([run, "--check", path], capture_output=True, text=True)
    m = re.search(r"(\d+) passed, (\d+) failed", out.stdout + out.stderr)
    if not m:
        print("FAIL complex: no closing line:", (out.stdout + out.stderr)[-400:])
        return 0, 1
    for line in (out.stdout + out.stderr).splitlines():
        if "passed" not in line:
            print("FAIL complex:", line[:300])
    p, f = int(m.group(1)), int(m.group(2))
    if p != len(cases):
        f = max(f, len(cases) - p)
    return p, f


def main():
    tool, run = sys.argv[1], sys.argv[2]
    rng = np.random.default_rng(7)
    with tempfile.TemporaryDirectory() as tmp:
        p1, f1 = check_f8(tool, tmp, rng)
        p2, f2 = check_complex(run, tmp, rng)
    print(f"{p1 + p2} passed, {f1 + f2} failed")
    return 1 if f1 + f2 else 0


if __name__ == "__main__":
    sys.exit(main())
