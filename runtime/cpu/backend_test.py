"""backend_test.py CUDA2HLO_RUN BACKEND [--quick]: a backend against the interpreter.

Runs every case on `cuda2hlo-run --backend interp` and on `--backend BACKEND` (inputs
and outputs through .npy files) and compares: integers and bools identical, floats within
2 ulp (NaN matches NaN; 4 ulp where the module has a transcendental op that
the cpu backend computes with libmvec, runtime/cpu/vmath.c, under CUDA2HLO_CPU_VMATH=1). The interpreter is the reference; it is itself checked against
XLA CPU by tests/runtime/xla_test.py, whose per-op modules (edge values: 0, -0, +-inf,
NaN, INT_MIN, -1, shifts past the width) are reused here, with the random programs of
tests/runtime/gen_random.py and the cases below, written for the fused loop nests of
the cpu backend: element-wise chains with shared producers, broadcasts, iota masks,
slices, pads, concatenates, reshapes, transposes, reverses, dynamic slices and updates,
stencils in the form the raise stage emits, while loops driving fusions, and matrix
products in every operand layout (integer-valued floats, so any summation order is
exact). Sizes above the backend's parallel threshold are included, so the split across
threads is exercised. --quick runs a few cases (for the pjrt backend). Closing line:
N passed, N failed, N skipped. For pjrt, floats agree within 1e-5 (absolute and
relative) instead of 2 ulp: XLA CPU contracts a*b+c into fused multiply-adds."""
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RT_TESTS = os.path.join(HERE, "..", "..", "tests", "runtime")
RUN, BACKEND = sys.argv[1], sys.argv[2]
QUICK = "--quick" in sys.argv
MAX_ULP = 2
# The cpu backend computes these ops with glibc's libmvec where the host has AVX-512
# (runtime/cpu/vmath.c): within 4 ulp of the C library the interpreter calls (glibc's
# documented bound for libmvec; 3 measured), not bit for bit.
VMATH_OPS = ("sine", "cosine", "tan", "tanh", "exponential", "exponential_minus_one", "log",
             "log_plus_one", "cbrt", "atan2", "power", "logistic")
VMATH_ULP = 4
passed = failed = skipped = 0


def ulp_positions(a):
    width = a.dtype.itemsize * 8
    bits = a.view("uint%d" % width).astype(np.uint64)
    sign = (bits >> np.uint64(width - 1)) & np.uint64(1)
    mag = (bits & np.uint64((1 << (width - 1)) - 1)).astype(np.int64)
    return np.where(sign == 1, -mag, mag)


def compare(got, want, max_ulp=MAX_ULP):
    if got.shape != want.shape or got.dtype != want.dtype:
        return "got %s %s, interp %s %s" % (got.dtype, got.shape, want.dtype, want.shape)
    g, w = got.reshape(-1), want.reshape(-1)
    if g.dtype.kind in "biu":
        bad = np.flatnonzero(g != w)
    else:
        gn, wn = np.isnan(g), np.isnan(w)
        far = np.abs(ulp_positions(g) - ulp_positions(w)) > max_ulp
        if BACKEND.startswith("pjrt"):   # XLA contracts a*b+c into FMAs: 1e-5, not 2 ulp
            with np.errstate(invalid="ignore"):
                far &= ~(np.abs(g.astype(np.float64) - w) <= 1e-5 + 1e-5 * np.abs(w.astype(np.float64)))
        bad = np.flatnonzero((gn != wn) | (far & ~(gn & wn)))
    if bad.size == 0:
        return None
    i = bad[0]
    return "%d of %d elements differ; first at %d: got %r, interp %r" % (bad.size, g.size, i, g[i], w[i])


def run(tmp, backend, inputs):
    out = os.path.join(tmp, "out_" + backend.replace(":", "_"))
    cmd = [RUN, os.path.join(tmp, "m.mlir"), "--out", out, "--backend", backend]
    for i in range(len(inputs)):
        cmd += ["--in", "%d=%s" % (i, os.path.join(tmp, "in%d.npy" % i))]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        return None, (p.stderr.strip() or p.stdout.strip())[-400:]
    names = sorted(os.listdir(out), key=lambda n: int(n[6:-4]) if n[6:-4].isdigit() else n)
    res = [np.load(os.path.join(out, n)) for n in names]
    for n in names:
        os.remove(os.path.join(out, n))
    return res, None


def check(tmp, name, text, inputs):
    global passed, failed, skipped
    with open(os.path.join(tmp, "m.mlir"), "w") as f:
        f.write(text)
    for i, x in enumerate(inputs):
        arr = np.asarray(x)
        if arr.dtype.name == "bfloat16":
            arr = arr.view(np.uint16)
        np.save(os.path.join(tmp, "in%d.npy" % i), arr)
    want, err = run(tmp, "interp", inputs)
    if err is not None:
        skipped += 1
        print("SKIP %s: interp: %s" % (name, err.splitlines()[-1][:200]))
        return
    got, err = run(tmp, BACKEND, inputs)
    if err is not None:
        failed += 1
        print("FAIL %s: %s: %s" % (name, BACKEND, err))
        return
    if len(got) != len(want):
        failed += 1
        print("FAIL %s: %d results, interp %d" % (name, len(got), len(want)))
        return
    vmath = os.environ.get("CUDA2HLO_CPU_VMATH") == "1" and \
        any("stablehlo.%s " % op in text for op in VMATH_OPS)
    for k, (g, w) in enumerate(zip(got, want)):
        why = compare(g, w, VMATH_ULP if vmath else MAX_ULP)
        if why:
            failed += 1
            print("FAIL %s result %d: %s" % (name, k, why))
            return
    passed += 1


# ---- the cases of tests/runtime/xla_test.py and gen_random.py ----

def xla_test_cases():
    path = os.path.join(RT_TESTS, "xla_test.py")
    if not os.path.exists(path):
        return []
    src = open(path).read()
    src = src[:src.rindex("\nmain()")]   # definitions only: no XLA run
    ns = {"__file__": path, "__name__": "xla_test_cases"}
    argv, sys.argv = sys.argv, [path, RUN]
    try:
        exec(compile(src, path, "exec"), ns)
    finally:
        sys.argv = argv
    rng = np.random.default_rng(1234)
    for fn in ("add_elementwise", "add_compare_select", "add_convert", "add_shapes", "add_regions"):
        if fn in ns:
            ns[fn](rng)
    return list(ns["CASES"])


def random_cases(n):
    if not os.path.exists(os.path.join(RT_TESTS, "gen_random.py")):
        return []
    sys.path.insert(0, RT_TESTS)
    import gen_random
    return [("gen_random_%d" % s,) + tuple(gen_random.generate(s)) for s in range(n)]


# ---- cases for fused loop nests ----

def ty(t, shape):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), t)


def module(params, body, results):
    args = ", ".join("%%%s: %s" % (n, t) for n, t in params)
    rtys = ", ".join(t for _, t in results)
    lines = ["func.func public @main(%s) -> (%s) {" % (args, rtys)]
    lines += ["  " + b for b in body]
    lines.append("  return %s : %s" % (", ".join(v for v, _ in results), rtys))
    lines.append("}")
    return "\n".join(lines) + "\n"


def smooth(n):
    """DESIGN.md's example: three slices, arithmetic, one dynamic_update_slice."""
    T, S = ty("f32", [n]), ty("f32", [n - 2])
    body = [
        "%l = stablehlo.slice %u [0:{0}] : ({1}) -> {2}".format(n - 2, T, S),
        "%c = stablehlo.slice %u [1:{0}] : ({1}) -> {2}".format(n - 1, T, S),
        "%r = stablehlo.slice %u [2:{0}] : ({1}) -> {2}".format(n, T, S),
        "%q = stablehlo.constant dense<2.500000e-01> : " + S,
        "%h = stablehlo.constant dense<5.000000e-01> : " + S,
        "%0 = stablehlo.multiply %q, %l : " + S,
        "%1 = stablehlo.multiply %h, %c : " + S,
        "%2 = stablehlo.add %0, %1 : " + S,
        "%3 = stablehlo.multiply %q, %r : " + S,
        "%4 = stablehlo.add %2, %3 : " + S,
        "%one = stablehlo.constant dense<1> : tensor<i32>",
        "%5 = stablehlo.dynamic_update_slice %v, %4, %one : ({0}, {1}, tensor<i32>) -> {0}".format(T, S),
    ]
    return module([("u", T), ("v", T)], body, [("%5", T)])


def jacobi2d_body(ny, nx, u, v, pre=""):
    """Lines computing the 5-point Jacobi update of u (flat, ny*nx) into v; the result is
    %<pre>out (flat)."""
    F, G, I = ty("f32", [ny * nx]), ty("f32", [ny, nx]), ty("f32", [ny - 2, nx - 2])
    p = "%" + pre
    s = lambda name, a, b: "{0}{1} = stablehlo.slice {0}g [{2}:{3}, {4}:{5}] : ({6}) -> {7}".format(
        p, name, a, a + ny - 2, b, b + nx - 2, G, I)
    return [
        "{0}g = stablehlo.reshape {1} : ({2}) -> {3}".format(p, u, F, G),
        "{0}w = stablehlo.reshape {1} : ({2}) -> {3}".format(p, v, F, G),
        s("n", 0, 1), s("s", 2, 1), s("e", 1, 2), s("o", 1, 0),
        "{0}a = stablehlo.add {0}n, {0}s : {1}".format(p, I),
        "{0}b = stablehlo.add {0}e, {0}o : {1}".format(p, I),
        "{0}c = stablehlo.add {0}a, {0}b : {1}".format(p, I),
        "{0}q = stablehlo.constant dense<2.500000e-01> : {1}".format(p, I),
        "{0}d = stablehlo.multiply {0}c, {0}q : {1}".format(p, I),
        "{0}one = stablehlo.constant dense<1> : tensor<i32>".format(p),
        "{0}x = stablehlo.dynamic_update_slice {0}w, {0}d, {0}one, {0}one : ({1}, {2}, tensor<i32>, tensor<i32>) -> {1}"
        .format(p, G, I),
        "{0}out = stablehlo.reshape {0}x : ({1}) -> {2}".format(p, G, F),
    ]


def jacobi2d(ny, nx):
    F = ty("f32", [ny * nx])
    return module([("u", F), ("v", F)], jacobi2d_body(ny, nx, "%u", "%v"), [("%out", F)])


def laplacian3d(n):
    F, C, I = ty("f32", [n ** 3]), ty("f32", [n, n, n]), ty("f32", [n - 2] * 3)
    sl = []
    offs = [("c", 1, 1, 1), ("xm", 1, 1, 0), ("xp", 1, 1, 2), ("ym", 1, 0, 1), ("yp", 1, 2, 1),
            ("zm", 0, 1, 1), ("zp", 2, 1, 1)]
    for name, a, b, c in offs:
        sl.append("%{0} = stablehlo.slice %g [{1}:{2}, {3}:{4}, {5}:{6}] : ({7}) -> {8}".format(
            name, a, a + n - 2, b, b + n - 2, c, c + n - 2, C, I))
    body = ["%g = stablehlo.reshape %u : ({0}) -> {1}".format(F, C),
            "%w = stablehlo.reshape %v : ({0}) -> {1}".format(F, C)] + sl + [
        "%s1 = stablehlo.add %xm, %xp : " + I,
        "%s2 = stablehlo.add %ym, %yp : " + I,
        "%s3 = stablehlo.add %zm, %zp : " + I,
        "%s4 = stablehlo.add %s1, %s2 : " + I,
        "%s5 = stablehlo.add %s4, %s3 : " + I,
        "%six = stablehlo.constant dense<6.000000e+00> : " + I,
        "%m = stablehlo.multiply %six, %c : " + I,
        "%d = stablehlo.subtract %s5, %m : " + I,
        "%one = stablehlo.constant dense<1> : tensor<i32>",
        "%x = stablehlo.dynamic_update_slice %w, %d, %one, %one, %one : ({0}, {1}, tensor<i32>, tensor<i32>, tensor<i32>) -> {0}"
        .format(C, I),
        "%out = stablehlo.reshape %x : ({0}) -> {1}".format(C, F)]
    return module([("u", F), ("v", F)], body, [("%out", F)])


def matmul(m, k, n, t="f32", lc=1, rc=0):
    A = ty(t, [m, k] if lc == 1 else [k, m])
    B = ty(t, [k, n] if rc == 0 else [n, k])
    C = ty(t, [m, n])
    body = ["%0 = stablehlo.dot_general %a, %b, contracting_dims = [{0}] x [{1}] : ({2}, {3}) -> {4}".format(
        lc, rc, A, B, C)]
    return module([("a", A), ("b", B)], body, [("%0", C)])


def dot_dus(m, k, n):
    """A matrix product written into the whole of a flat parameter (the converted form of
    a matrix-product kernel): dynamic_update_slice with an update as large as its operand
    (the cpu backend shares the update's storage), and a second one into a part."""
    A, B, C, F = ty("f32", [m, k]), ty("f32", [k, n]), ty("f32", [m, n]), ty("f32", [m * n])
    P = ty("f32", [m - 1, n - 2])
    body = ["%g = stablehlo.reshape %c : ({0}) -> {1}".format(F, C),
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : ({0}, {1}) -> {2}".format(A, B, C),
            "%i = stablehlo.constant dense<5> : tensor<i32>",
            "%1 = stablehlo.dynamic_update_slice %g, %0, %i, %i : ({0}, {0}, tensor<i32>, tensor<i32>) -> {0}"
            .format(C),
            "%2 = stablehlo.reshape %1 : ({0}) -> {1}".format(C, F),
            "%3 = stablehlo.slice %0 [1:{0}, 2:{1}] : ({2}) -> {3}".format(m, n, C, P),
            "%4 = stablehlo.dynamic_update_slice %g, %3, %i, %i : ({0}, {1}, tensor<i32>, tensor<i32>) -> {0}"
            .format(C, P)]
    return module([("a", A), ("b", B), ("c", F)], body, [("%2", F), ("%4", C)])


def jacobi_loop(ny, nx, steps):
    """A while loop whose body is two Jacobi sweeps (ping-pong) and a counter."""
    F = ty("f32", [ny * nx])
    I = "tensor<i32>"
    body = jacobi2d_body(ny, nx, "%it_u", "%it_v", "k")
    lines = [
        "%zero = stablehlo.constant dense<0> : " + I,
        "%r:3 = stablehlo.while(%it_i = %zero, %it_u = %u, %it_v = %v) : {0}, {1}, {1}".format(I, F),
        " cond {",
        "  %%lim = stablehlo.constant dense<%d> : %s" % (steps, I),
        "  %p = stablehlo.compare LT, %it_i, %lim : ({0}, {0}) -> tensor<i1>".format(I),
        "  stablehlo.return %p : tensor<i1>",
        " } do {"] + ["  " + b for b in body] + [
        "  %inc = stablehlo.constant dense<1> : " + I,
        "  %ni = stablehlo.add %it_i, %inc : " + I,
        "  stablehlo.return %ni, %kout, %it_u : {0}, {1}, {1}".format(I, F),
        " }"]
    return module([("u", F), ("v", F)], lines, [("%r#1", F), ("%r#2", F)])


def chains(n):
    """Shared producers, scalar broadcasts, iota masks, convert chains, exp/log/sqrt."""
    T, B = ty("f32", [n]), ty("i1", [n])
    I, D = ty("i32", [n]), ty("f64", [n])
    body = [
        "%s = stablehlo.constant dense<3.0> : tensor<f32>",
        "%sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> " + T,
        "%m = stablehlo.multiply %x, %sb : " + T,
        "%e = stablehlo.exponential %m : " + T,
        "%sq = stablehlo.multiply %e, %e : " + T,          # %e has two uses: materialized
        "%lg = stablehlo.log_plus_one %sq : " + T,
        "%io = stablehlo.iota dim = 0 : " + I,
        "%c7 = stablehlo.constant dense<7> : " + I,
        "%rm = stablehlo.remainder %io, %c7 : " + I,
        "%z = stablehlo.constant dense<0> : " + I,
        "%mask = stablehlo.compare EQ, %rm, %z : ({0}, {0}) -> {1}".format(I, B),
        "%sel = stablehlo.select %mask, %lg, %x : {0}, {1}".format(B, T),
        "%mx = stablehlo.maximum %sel, %y : " + T,
        "%d = stablehlo.convert %mx : ({0}) -> {1}".format(T, D),
        "%sqd = stablehlo.sqrt %d : " + D,
        "%ci = stablehlo.convert %y : ({0}) -> {1}".format(T, I),
        "%sh = stablehlo.shift_left %ci, %rm : " + I,
        "%dv = stablehlo.divide %sh, %rm : " + I,
    ]
    return module([("x", T), ("y", T)], body, [("%sqd", D), ("%dv", I), ("%e", T)])


def shared_levels(n, levels):
    """Each level reads the one before twice at the same index (a = (a + a) * h): a DAG of
    2^levels paths. plan.c inlines every level into one loop nest and emit.c computes
    each once per element (fused_once checks the nest count); a costly value that a
    slice also reads (%c) stays a buffer; the update of a dynamic_update_slice reads
    a shared value twice (%w * %w)."""
    T, S, R = ty("f32", [n, n]), ty("f32", [n - 2, n - 2]), "tensor<i32>"
    body = ["%h = stablehlo.constant dense<0.5> : " + T, "%a0 = stablehlo.exponential %x : " + T]
    for k in range(levels):
        body += ["%%t%d = stablehlo.add %%a%d, %%a%d : %s" % (k, k, k, T),
                 "%%a%d = stablehlo.multiply %%t%d, %%h : %s" % (k + 1, k, T)]
    a = "%%a%d" % levels
    body += ["%%c = stablehlo.sine %s : %s" % (a, T),
             "%%cs = stablehlo.slice %%c [1:%d, 0:%d] : (%s) -> %s" % (n - 1, n - 2, T, S),
             "%%cc = stablehlo.slice %%c [0:%d, 2:%d] : (%s) -> %s" % (n - 2, n, T, S),
             "%d = stablehlo.add %cs, %cc : " + S,
             "%%w = stablehlo.cosine %%d : %s" % S,
             "%ww = stablehlo.multiply %w, %w : " + S,
             "%one = stablehlo.constant dense<1> : " + R,
             "%%u = stablehlo.dynamic_update_slice %%y, %%ww, %%one, %%one : (%s, %s, %s, %s) -> %s" % (T, S, R, R, T)]
    return module([("x", T), ("y", T)], body, [(a, T), ("%u", T)])


def fused_once(tmp, rng):
    """shared_levels(64, 40) runs as 3 loop nests (a40; c, read by two slices; the update),
    not one per level (CUDA2HLO_CPU_DUMP's first line)."""
    global passed, failed
    with open(os.path.join(tmp, "m.mlir"), "w") as f:
        f.write(shared_levels(64, 40))
    for i in range(2):
        np.save(os.path.join(tmp, "in%d.npy" % i), rng.standard_normal((64, 64)).astype(np.float32))
    cmd = [RUN, os.path.join(tmp, "m.mlir"), "--out", os.path.join(tmp, "out_dump"), "--backend", BACKEND,
           "--in", "0=" + os.path.join(tmp, "in0.npy"), "--in", "1=" + os.path.join(tmp, "in1.npy")]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, CUDA2HLO_CPU_DUMP="1"))
    nests = [l for l in p.stderr.splitlines() if l.startswith("cpu: ") and "loop nests" in l]
    if p.returncode == 0 and nests and nests[0].startswith("cpu: 3 loop nests"):
        passed += 1
    else:
        failed += 1
        print("FAIL fused_once: %s" % ((nests or [p.stderr.strip()[-300:]])[0]))


def shapes(a, b):
    """transpose, reverse, pad (negative edge too), concatenate (periodic wrap), dynamic_slice
    with a computed start, broadcast of a row."""
    X = ty("f32", [a, b])
    XT = ty("f32", [b, a])
    P = ty("f32", [a + 3, b - 1])
    W = ty("f32", [a, b])
    body = [
        "%t = stablehlo.transpose %x, dims = [1, 0] : ({0}) -> {1}".format(X, XT),
        "%r = stablehlo.reverse %t, dims = [0] : " + XT,
        "%neg = stablehlo.negate %r : " + XT,
        "%pv = stablehlo.constant dense<-2.5> : tensor<f32>",
        "%p = stablehlo.pad %x, %pv, low = [2, -1], high = [1, 0], interior = [0, 0] : ({0}, tensor<f32>) -> {1}".format(X, P),
        "%p2 = stablehlo.add %p, %p : " + P,
        "%h = stablehlo.slice %x [0:{0}, 1:{1}] : ({2}) -> {3}".format(a, b, X, ty("f32", [a, b - 1])),
        "%k = stablehlo.slice %x [0:{0}, 0:1] : ({1}) -> {2}".format(a, X, ty("f32", [a, 1])),
        "%wrap = stablehlo.concatenate %h, %k, dim = 1 : ({0}, {1}) -> {2}".format(
            ty("f32", [a, b - 1]), ty("f32", [a, 1]), W),
        "%wd = stablehlo.subtract %wrap, %x : " + W,
        "%row = stablehlo.slice %x [0:1, 0:{0}] : ({1}) -> {2}".format(b, X, ty("f32", [1, b])),
        "%rr = stablehlo.reshape %row : ({0}) -> {1}".format(ty("f32", [1, b]), ty("f32", [b])),
        "%bc = stablehlo.broadcast_in_dim %rr, dims = [1] : ({0}) -> {1}".format(ty("f32", [b]), X),
        "%rel = stablehlo.divide %x, %bc : " + X,
        "%st = stablehlo.constant dense<3> : tensor<i64>",
        "%st2 = stablehlo.multiply %st, %st : tensor<i64>",
        "%ds = stablehlo.dynamic_slice %rel, %st2, %st, sizes = [4, 5] : ({0}, tensor<i64>, tensor<i64>) -> {1}".format(
            X, ty("f32", [4, 5])),
    ]
    return module([("x", X)], body, [("%neg", XT), ("%p2", P), ("%wd", W), ("%ds", ty("f32", [4, 5]))])


def int_chain(n, t):
    """Integer semantics inside one loop nest: division by zero, shifts past the width,
    unsigned compare, clamp, convert to i1 and back."""
    T, B = ty(t, [n]), ty("i1", [n])
    body = [
        "%q = stablehlo.divide %x, %y : " + T,
        "%r = stablehlo.remainder %x, %y : " + T,
        "%s = stablehlo.shift_right_arithmetic %x, %y : " + T,
        "%a = stablehlo.add %q, %r : " + T,
        "%b = stablehlo.xor %a, %s : " + T,
        "%%lo = stablehlo.constant dense<%d> : tensor<%s>" % (5 if t.startswith("ui") else -5, t),
        "%%hi = stablehlo.constant dense<100> : tensor<%s>" % t,
        "%c = stablehlo.clamp %lo, %b, %hi : (tensor<{0}>, {1}, tensor<{0}>) -> {1}".format(t, T),
        "%p = stablehlo.compare LT, %x, %y : ({0}, {0}) -> {1}".format(T, B),
        "%pc = stablehlo.convert %p : ({0}) -> {1}".format(B, T),
        "%out = stablehlo.add %c, %pc : " + T,
    ]
    return module([("x", T), ("y", T)], body, [("%out", T)])


def reduce_case(shape, dims, t, op, fuse):
    """reduce over dims with a one-op body; fuse: the input is x*y (fused into the reduce)."""
    X = ty(t, shape)
    R = ty(t, [d for i, d in enumerate(shape) if i not in dims])
    init = {"add": "0", "multiply": "1", "maximum": "-1.0e+30" if t.startswith("f") else "-100",
            "minimum": "1.0e+30" if t.startswith("f") else "100", "and": "true", "or": "false",
            "xor": "false"}[op]
    if t != "i1" and op in ("and", "or", "xor"):
        init = {"and": "-1", "or": "0", "xor": "0"}[op]
    if t.startswith("f") and op in ("add", "multiply") and "." not in init:
        init += ".0"
    body = ["%in = stablehlo.multiply %x, %y : " + X if fuse else "%in = stablehlo.add %x, %y : " + X,
            "%%init = stablehlo.constant dense<%s> : tensor<%s>" % (init, t),
            "%r = stablehlo.reduce(%in init: %init) applies stablehlo.{0} across dimensions = [{1}] : ({2}, tensor<{3}>) -> {4}"
            .format(op, ", ".join(map(str, dims)), X, t, R)]
    return module([("x", X), ("y", X)], body, [("%r", R)])


def reduce_cases(rng):
    out = []
    for shape, dims, t, op, fuse in [([64, 100], [1], "f32", "add", True), ([64, 100], [0], "f32", "add", False),
                                     ([8, 30, 50], [0, 2], "f64", "add", True), ([3000], [0], "f32", "add", True),
                                     ([500, 1000], [1], "f32", "add", True), ([40, 70], [1], "f32", "maximum", False),
                                     ([40, 70], [0, 1], "f32", "minimum", True), ([40, 7], [1], "f32", "multiply", False),
                                     ([99, 33], [1], "i32", "add", True), ([99, 33], [0], "ui8", "maximum", False),
                                     ([50, 20], [1], "i64", "xor", False), ([50, 20], [1], "i1", "and", False),
                                     ([50, 20], [0], "i1", "or", False),
                                     # to one element, split across threads as partials
                                     ([300000], [0], "f32", "add", True), ([400, 700], [0, 1], "i32", "add", True),
                                     ([400, 700], [0, 1], "f32", "maximum", False), ([300, 300], [0, 1], "i1", "and", False),
                                     ([200, 500], [0, 1], "f64", "minimum", True)]:
        n = int(np.prod(shape))
        if t.startswith("f"):
            x = rng.integers(-8, 9, n).astype(t.replace("f", "float")).reshape(shape)
            y = rng.integers(-3, 4, n).astype(x.dtype).reshape(shape)
            if op in ("maximum", "minimum"):
                x = rng.standard_normal(shape).astype(x.dtype)
                x.reshape(-1)[5] = np.nan
            if op == "multiply":
                y = np.ones(shape, x.dtype) * 0.5
        elif t == "i1":
            x, y = rng.integers(0, 2, shape).astype(bool), rng.integers(0, 2, shape).astype(bool)
        else:
            npt = {"i32": np.int32, "ui8": np.uint8, "i64": np.int64}[t]
            x = rng.integers(0, 100, shape).astype(npt)
            y = rng.integers(0, 100, shape).astype(npt)
        name = "reduce_%s_%s_%s_%s%s" % ("x".join(map(str, shape)), "".join(map(str, dims)), t, op, "_fused" if fuse else "")
        out.append((name, reduce_case(shape, dims, t, op, fuse), [x, y]))
    # or / and stop at their absorbing value (all ones / zero): reached at the last
    # element, never, by two elements together (i32: 0x0f0f0f0f | 0xf0f0f0f0), per row
    # and per column; y = 0, so the reduced input x + y is x
    n = 300000
    last, none = np.zeros(n, bool), np.zeros(n, bool)
    last[-1] = True
    rows = rng.integers(0, 2, (300, 1000)) * (rng.random((300, 1000)) < 0.002)
    rows[:, -1] |= np.arange(300) % 7 == 0
    pair = np.full((400, 700), 0x01010101, np.int32)
    pair[399, 698], pair[399, 699] = 0x0F0F0F0F, np.int32(-0x0F0F0F10)   # 0xf0f0f0f0
    half = np.full((500, 400), -1, np.int32)
    half[250, 3], half[499, 399] = 0x0000FFFF, np.int32(-0x10000)          # 0xffff0000
    for name, shape, dims, t, op, x in [("last", [n], [0], "i1", "or", last), ("never", [n], [0], "i1", "or", none),
                                        ("rows", [300, 1000], [1], "i1", "or", rows.astype(bool)),
                                        ("cols", [300, 1000], [0], "i1", "and", rows.astype(bool) == 0),
                                        ("pair", [400, 700], [0, 1], "i32", "or", pair),
                                        ("half", [500, 400], [0, 1], "i32", "and", half)]:
        y = np.zeros(shape, x.dtype)
        out.append(("reduce_absorbing_%s_%s_%s" % (name, t, op), reduce_case(shape, dims, t, op, False), [x, y]))
    return out


def simt_case(n, m, combiner, t="f32"):
    """The SIMT form of loads and stores: point gathers at computed (also out-of-range,
    clamped) indices, then a point scatter at indices with duplicates and out-of-range
    lanes (skipped), replacing or combining in update order."""
    X, I, U = ty(t, [n]), ty("i32", [m]), ty(t, [m])
    I1 = ty("i32", [m, 1])
    gdims = ('{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], '
             'index_vector_dim = 1>, slice_sizes = array<i64: 1>, indices_are_sorted = false}')
    sdims = ('{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], '
             'scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, '
             'unique_indices = false}')
    ret = ("  stablehlo.return %b : tensor<T>" if combiner == "replace" else
           "  %r = stablehlo.C %a, %b : tensor<T>\n  stablehlo.return %r : tensor<T>").replace("C", combiner)
    body = ["%ii = stablehlo.reshape %idx : (I) -> I1",
            '%g = "stablehlo.gather"(%x, %ii) GD : (X, I1) -> U',
            "%c1 = stablehlo.constant dense<1> : I",
            "%i2 = stablehlo.add %idx, %c1 : I",
            "%ii2 = stablehlo.reshape %i2 : (I) -> I1",
            '%g2 = "stablehlo.gather"(%x, %ii2) GD : (X, I1) -> U',
            "%upd = stablehlo.subtract %g2, %g : U",
            "%tgt = stablehlo.reshape %dst : (I) -> I1",
            '%s = "stablehlo.scatter"(%x, %tgt, %upd) ({',
            "^bb0(%a: tensor<T>, %b: tensor<T>):", ret,
            "}) SD : (X, I1, U) -> X"]
    subst = [("GD", gdims), ("SD", sdims), ("I1", I1), ("X", X), ("U", U), ("I", I), ("tensor<T>", "tensor<%s>" % t)]
    for k, v in subst:
        body = [b.replace(k, v) if not b.startswith("^") or k == "tensor<T>" else b for b in body]
    return module([("x", X), ("idx", I), ("dst", I)], body, [("%s", X), ("%g", U)])


def inplace_case(n, m, self_read):
    """A scatter whose operand (y = 2x, materialized) dies at the scatter: updated in place
    only when the updates do not read it (self_read: they gather from y itself)."""
    X, I, I1 = ty("f32", [n]), ty("i32", [m]), ty("i32", [m, 1])
    U = ty("f32", [m])
    src = "%y" if self_read else "%x"
    gd = ('{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], '
          'index_vector_dim = 1>, slice_sizes = array<i64: 1>, indices_are_sorted = false}')
    sd = ('{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], '
          'scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, '
          'unique_indices = false}')
    body = ["%two = stablehlo.constant dense<2.0> : " + X,
            "%y = stablehlo.multiply %x, %two : " + X,
            "%%ii = stablehlo.reshape %%idx : (%s) -> %s" % (I, I1),
            '%%g = "stablehlo.gather"(%s, %%ii) %s : (%s, %s) -> %s' % (src, gd, X, I1, U),
            "%one = stablehlo.constant dense<1.0> : " + U,
            "%upd = stablehlo.add %g, %one : " + U,
            "%%tgt = stablehlo.reshape %%dst : (%s) -> %s" % (I, I1),
            '%s = "stablehlo.scatter"(%y, %tgt, %upd) ({',
            "^bb0(%a: tensor<f32>, %b: tensor<f32>):",
            "  stablehlo.return %b : tensor<f32>",
            "}) %s : (%s, %s, %s) -> %s" % (sd, X, I1, U, X)]
    return module([("x", X), ("idx", I), ("dst", I)], body, [("%s", X)])



def store_loop(n, m, steps, keep, init="arg"):
    """The converter's SIMT store in a loop: x = slice(scatter(concatenate(x, [0]), idx[i],
    upd + i), [0:n]), masked lanes at index n (the extra element). keep: the loop also
    carries the old x, so the concatenate's operand does not die there (no update in place).
    init: the loop starts from the argument x, from x * 2 computed before it ("computed":
    it dies at the loop, which takes it over), or from x * 2 that the body also reads
    ("captured": the loop must not take it over)."""
    X, X1, I, U = ty("f32", [n]), ty("f32", [n + 1]), "tensor<i32>", ty("f32", [m])
    IX, ROW, ROW1 = ty("i32", [steps, m]), ty("i32", [1, m]), ty("i32", [m, 1])
    sd = ('{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], '
          'scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, '
          'unique_indices = false}')
    x0 = "%x" if init == "arg" else "%x2"
    carried = "%it_i = %zero, %it_x = " + x0 + (", %it_o = " + x0 if keep else "")
    tys = "{0}, {1}".format(I, X) + (", " + X if keep else "")
    lines = [
        "%zero = stablehlo.constant dense<0> : " + I,
        "%two = stablehlo.constant dense<2.0> : " + X,
        "%x2 = stablehlo.multiply %x, %two : " + X,
        "%%r:%d = stablehlo.while(%s) : %s" % (3 if keep else 2, carried, tys),
        " cond {",
        "  %%lim = stablehlo.constant dense<%d> : %s" % (steps, I),
        "  %p = stablehlo.compare LT, %it_i, %lim : ({0}, {0}) -> tensor<i1>".format(I),
        "  stablehlo.return %p : tensor<i1>",
        " } do {",
        "  %%pad = stablehlo.constant dense<[0.0]> : %s" % ty("f32", [1]),
        "  %%c = stablehlo.concatenate %%it_x, %%pad, dim = 0 : (%s, %s) -> %s" % (X, ty("f32", [1]), X1),
        "  %%z = stablehlo.constant dense<0> : %s" % I,
        "  %%row = stablehlo.dynamic_slice %%idx, %%it_i, %%z, sizes = [1, %d] : (%s, %s, %s) -> %s" % (m, IX, I, I, ROW),
        "  %%ri = stablehlo.reshape %%row : (%s) -> %s" % (ROW, ROW1),
        "  %%fi = stablehlo.convert %%it_i : (%s) -> tensor<f32>" % I,
        "  %%fb = stablehlo.broadcast_in_dim %%fi, dims = [] : (tensor<f32>) -> %s" % U,
        "  %%u0 = stablehlo.add %%upd, %%fb : %s" % U,
        "  %%xs = stablehlo.slice %%x2 [0:%d] : (%s) -> %s" % (m, X, U) if init == "captured" else
        "  %%xs = stablehlo.constant dense<0.0> : %s" % U,
        "  %%u = stablehlo.add %%u0, %%xs : %s" % U,
        '  %s = "stablehlo.scatter"(%c, %ri, %u) ({',
        "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):",
        "    stablehlo.return %b : tensor<f32>",
        "  }) %s : (%s, %s, %s) -> %s" % (sd, X1, ROW1, U, X1),
        "  %%nx = stablehlo.slice %%s [0:%d] : (%s) -> %s" % (n, X1, X),
        "  %inc = stablehlo.constant dense<1> : " + I,
        "  %ni = stablehlo.add %it_i, %inc : " + I,
        "  stablehlo.return %ni, %nx" + (", %it_x" if keep else "") + " : " + tys,
        " }"]
    return module([("x", X), ("idx", IX), ("upd", U)], lines,
                  [("%r#1", X)] + ([("%r#2", X)] if keep else []))


def gather_store_loop(n, m, steps):
    """The SIMT store of particlefilter's search loop: each step gathers positions from the
    carried x, extends x by one element (masked lanes' target), scatters there and slices
    back. The gathered index is computed before the concatenate but read by the scatter
    after it; plan.c materializes it, so x dies at the concatenate, which then writes
    only its tail in x's storage (tail_in_place checks the count)."""
    X, X1, I, U, U1 = ty("i32", [n]), ty("i32", [n + 1]), "tensor<i32>", ty("i32", [m]), ty("i32", [m, 1])
    gd = ('{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], '
          'index_vector_dim = 1>, slice_sizes = array<i64: 1>, indices_are_sorted = false}')
    sd = ('{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], '
          'scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, '
          'unique_indices = false}')
    lines = [
        "%zero = stablehlo.constant dense<0> : " + I,
        "%r:2 = stablehlo.while(%it_i = %zero, %it_x = %x) : {0}, {1}".format(I, X),
        " cond {",
        "  %%lim = stablehlo.constant dense<%d> : %s" % (steps, I),
        "  %p = stablehlo.compare LT, %it_i, %lim : ({0}, {0}) -> tensor<i1>".format(I),
        "  stablehlo.return %p : tensor<i1>",
        " } do {",
        "  %%ii = stablehlo.reshape %%idx : (%s) -> %s" % (U, U1),
        '  %%g = "stablehlo.gather"(%%it_x, %%ii) %s : (%s, %s) -> %s' % (gd, X, U1, U),
        "  %%lo = stablehlo.constant dense<0> : %s" % U,
        "  %%hi = stablehlo.constant dense<%d> : %s" % (n, U),
        "  %t = stablehlo.clamp %lo, %g, %hi : " + U,
        "  %%pad = stablehlo.constant dense<[0]> : %s" % ty("i32", [1]),
        "  %%c = stablehlo.concatenate %%it_x, %%pad, dim = 0 : (%s, %s) -> %s" % (X, ty("i32", [1]), X1),
        "  %%ti = stablehlo.reshape %%t : (%s) -> %s" % (U, U1),
        "  %ib = stablehlo.broadcast_in_dim %it_i, dims = [] : ({0}) -> {1}".format(I, U),
        "  %u = stablehlo.add %upd, %ib : " + U,
        '  %s = "stablehlo.scatter"(%c, %ti, %u) ({',
        "  ^bb0(%a: tensor<i32>, %b: tensor<i32>):",
        "    stablehlo.return %b : tensor<i32>",
        "  }) %s : (%s, %s, %s) -> %s" % (sd, X1, U1, U, X1),
        "  %%nx = stablehlo.slice %%s [0:%d] : (%s) -> %s" % (n, X1, X),
        "  %inc = stablehlo.constant dense<1> : " + I,
        "  %ni = stablehlo.add %it_i, %inc : " + I,
        "  stablehlo.return %ni, %nx : {0}, {1}".format(I, X),
        " }"]
    return module([("x", X), ("idx", U), ("upd", U)], lines, [("%r#1", X)])


def gather_store_inputs(rng, n, m):
    return [rng.integers(0, n + 3, n).astype(np.int32), rng.integers(0, n, m).astype(np.int32),
            rng.integers(0, n + 3, m).astype(np.int32)]


def tail_in_place(tmp, rng):
    """gather_store_loop's concatenate updates x in place from the second step on (the
    first gets the caller's argument): 2 * steps - 1 updates in place, the scatters'
    included (CUDA2HLO_CPU_PROFILE's count); a copy of x per step otherwise."""
    global passed, failed
    n, m, steps = 3000, 500, 6
    with open(os.path.join(tmp, "m.mlir"), "w") as f:
        f.write(gather_store_loop(n, m, steps))
    cmd = [RUN, os.path.join(tmp, "m.mlir"), "--out", os.path.join(tmp, "out_tail"), "--backend", BACKEND]
    for i, x in enumerate(gather_store_inputs(rng, n, m)):
        np.save(os.path.join(tmp, "in%d.npy" % i), x)
        cmd += ["--in", "%d=%s" % (i, os.path.join(tmp, "in%d.npy" % i))]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, CUDA2HLO_CPU_PROFILE="1"))
    counts = [l for l in p.stderr.splitlines() if "updates in place" in l]
    if p.returncode == 0 and counts and counts[0].split()[2] == str(2 * steps - 1):
        passed += 1
    else:
        failed += 1
        print("FAIL tail_in_place: %s" % ((counts or [p.stderr.strip()[-300:]])[0]))


def prefix_slices():
    """Slices of a materialized value: prefixes of its memory (shared storage) and not."""
    A, B = ty("f32", [3, 4]), ty("f32", [1, 5, 4])
    body = ["%a = stablehlo.slice %x [0:2, 0:4] : ({0}) -> {1}".format(A, ty("f32", [2, 4])),
            "%b = stablehlo.slice %x [0:3, 0:2] : ({0}) -> {1}".format(A, ty("f32", [3, 2])),
            "%c = stablehlo.slice %y [0:1, 0:3, 0:4] : ({0}) -> {1}".format(B, ty("f32", [1, 3, 4])),
            "%d = stablehlo.slice %y [0:1, 0:5, 0:3] : ({0}) -> {1}".format(B, ty("f32", [1, 5, 3])),
            "%e = stablehlo.slice %x [0:3, 0:4] : ({0}) -> {0}".format(A),
            "%two = stablehlo.constant dense<2.0> : " + ty("f32", [2, 4]),
            "%f = stablehlo.multiply %a, %two : " + ty("f32", [2, 4])]
    return module([("x", A), ("y", B)], body, [("%a", ty("f32", [2, 4])), ("%b", ty("f32", [3, 2])),
                                                ("%c", ty("f32", [1, 3, 4])), ("%d", ty("f32", [1, 5, 3])),
                                                ("%e", A), ("%f", ty("f32", [2, 4]))])


def simt_cases(rng):
    out = []
    for n, m, comb, t in [(100, 300, "replace", "f32"), (100, 300, "add", "f32"), (5000, 200000, "replace", "f32"),
                          (64, 500, "maximum", "i32"), (64, 500, "add", "i64")]:
        npt = {"f32": np.float32, "i32": np.int32, "i64": np.int64}[t]
        x = (rng.standard_normal(n) * 10).astype(npt) if t == "f32" else rng.integers(-50, 50, n).astype(npt)
        idx = rng.integers(-5, n + 5, m).astype(np.int32)
        dst = rng.integers(-3, n + 3, m).astype(np.int32)   # duplicates and out-of-range lanes
        if t == "f32" and comb == "add":
            x = np.round(x)
        out.append(("simt_%d_%d_%s_%s" % (n, m, comb, t), simt_case(n, m, comb, t), [x, idx, dst]))
    for self_read in (False, True):
        n, m = 400000, 300000
        x = rng.standard_normal(n).astype(np.float32)
        idx = rng.integers(0, n, m).astype(np.int32)
        dst = np.roll(idx, 1)   # each update reads where an earlier one wrote
        out.append(("inplace_scatter_%s" % ("self_read" if self_read else "other"), inplace_case(n, m, self_read),
                    [x, idx, dst]))
    for n, m, steps, keep, init in [(1000, 300, 9, False, "arg"), (1000, 300, 9, True, "arg"),
                                    (200000, 50000, 5, False, "arg"), (1000, 300, 9, False, "computed"),
                                    (1000, 300, 9, True, "computed"), (1000, 300, 9, False, "captured")]:
        x = rng.standard_normal(n).astype(np.float32)
        idx = rng.integers(0, n + 1, (steps, m)).astype(np.int32)
        idx[:, ::3] = n   # masked lanes: the extra element
        out.append(("store_loop_%d_%s_%s" % (n, "keep" if keep else "inplace", init),
                    store_loop(n, m, steps, keep, init), [x, idx, rng.standard_normal(m).astype(np.float32)]))
    out.append(("prefix_slices", prefix_slices(), [rng.standard_normal((3, 4)).astype(np.float32),
                                                   rng.standard_normal((1, 5, 4)).astype(np.float32)]))
    return out


def math_chain(shape):
    """sin, cos, atan2, exp, log, tanh on f64 and f32 in one nest (runtime/cpu/vmath.c)."""
    D, F = ty("f64", shape), ty("f32", shape)
    body = ["%s = stablehlo.%s %s : %s" % a for a in [
        ("%0", "sine", "%x", D), ("%1", "cosine", "%x", D), ("%2", "multiply", "%0, %1", D),
        ("%3", "atan2", "%2, %x", D), ("%4", "exponential", "%3", D), ("%5", "add", "%4, %0", D)]]
    body += ["%6 = stablehlo.convert %x : (" + D + ") -> " + F,
             "%7 = stablehlo.abs %6 : " + F, "%8 = stablehlo.log %7 : " + F,
             "%9 = stablehlo.tanh %8 : " + F]
    return module([("x", D)], body, [("%5", D), ("%9", F)])


def vector_math(tmp, rng):
    """The libmvec path gives every element the same value whatever the thread split
    (the scalar iterations around a vector loop call the same variant): with
    CUDA2HLO_CPU_VMATH=1 cpu with 1 and 2 threads agree bit for bit; by default (the
    variable unset) cpu gives the interpreter's values."""
    global passed, failed
    for shape in ([100003], [37, 61]):
        text = math_chain(shape)
        x = rng.uniform(-30, 30, shape)
        x.reshape(-1)[:3] = [0.0, -0.0, 1e-300]
        outs = {}
        for label, backend, env in [("interp", "interp", {}), ("t1", "cpu:threads=1", {"CUDA2HLO_CPU_VMATH": "1"}),
                                    ("t2", "cpu:threads=2", {"CUDA2HLO_CPU_VMATH": "1"}), ("off", "cpu", {"CUDA2HLO_CPU_VMATH": ""})]:
            with open(os.path.join(tmp, "m.mlir"), "w") as f:
                f.write(text)
            np.save(os.path.join(tmp, "in0.npy"), x)
            saved = dict(os.environ)
            os.environ.update(env)
            try:
                outs[label], err = run(tmp, backend, [0])
            finally:
                os.environ.clear()
                os.environ.update(saved)
            if err is not None:
                failed += 1
                print("FAIL vector_math %s %s: %s" % (shape, label, err))
                return
        same = lambda a, b: all(np.array_equal(p.view("u%d" % p.itemsize), q.view("u%d" % q.itemsize))
                                for p, q in zip(outs[a], outs[b]))
        # a chain of ops amplifies the 3-4 ulp of each (exp of an atan2 of a product, plus
        # a sine that cancels it): absolute and relative 1e-12 (f64), 1e-5 (f32)
        why = ["%s: not within %g of the interpreter" % (g.dtype, tol)
               for g, v in zip(outs["t1"], outs["interp"])
               for tol in [1e-12 if g.dtype == np.float64 else 1e-5]
               if not np.allclose(g, v, rtol=tol, atol=tol)]
        if not same("t1", "t2"):
            why.append("1 and 2 threads differ")
        if not same("off", "interp"):
            why.append("cpu without CUDA2HLO_CPU_VMATH=1 differs from the interpreter")
        if why:
            failed += 1
            print("FAIL vector_math %s: %s" % (shape, "; ".join(why)))
        else:
            passed += 1


def int_div_scalar(n, t):
    """Integer division and remainder by a 0-d parameter (a kernel's scalar argument,
    loaded once before the loop nest) and by a tensor: emit.c divides integers of at most
    32 bits in double (vectorized), 32-bit ones by the 0-d parameter with a multiplier
    computed before the loop (udiv_invariant), which must give the interpreter's values
    exactly (70000 elements: not a multiple of any vector width)."""
    T, S = ty(t, [n]), ty(t, [])
    body = [
        "%b = stablehlo.broadcast_in_dim %d, dims = [] : ({0}) -> {1}".format(S, T),
        "%q = stablehlo.divide %x, %b : " + T,
        "%r = stablehlo.remainder %x, %b : " + T,
        "%qy = stablehlo.divide %x, %y : " + T,
        "%ry = stablehlo.remainder %y, %x : " + T,
        "%s = stablehlo.add %q, %r : " + T,
        "%out = stablehlo.multiply %s, %b : " + T,
    ]
    return module([("x", T), ("y", T), ("d", S)], body, [("%q", T), ("%r", T), ("%qy", T), ("%ry", T), ("%out", T)])


def int_div_scalar_cases(rng):
    out = []
    for t, npt in [("i32", np.int32), ("ui32", np.uint32), ("i16", np.int16), ("ui8", np.uint8), ("i64", np.int64)]:
        info = np.iinfo(npt)
        n = 70000
        x = rng.integers(info.min, info.max, n, dtype=npt, endpoint=True)
        y = rng.integers(info.min, info.max, n, dtype=npt, endpoint=True)
        y[n // 2:] = rng.integers(info.min // 2 ** (info.bits - 4), 2 ** (info.bits - 4), n - n // 2).astype(npt)
        x[:6] = [info.min, info.max, 0, 1, info.max - 1, info.min + 1 if info.min else 2]
        y[:6] = [npt(-1) if info.min else 0, 0, info.max, info.min, 3, info.max]
        for d in [0, 1, 2, 3, 7, 641, 1024, 65537, info.max, info.max - 1, info.min, -1, -7, -1024,
                  info.min + 1, 2 ** (info.bits - 1) - 1, 2 ** (info.bits - 1), 2 ** (info.bits - 1) + 1]:
            if not info.min and d < 0 or d > info.max or d < info.min:
                continue
            out.append(("int_div_scalar_%s_%d" % (t, d), int_div_scalar(n, t), [x, y, npt(d)]))
    return out


def small_float(t, n):
    """f16 / bf16 element-wise ops, compares, converts, a reduce, an iota and bitcasts, in
    the cpu backend's fused loops (raw bits in registers, f32 arithmetic between decode
    and encode, or double arithmetic and an encode of the double through f32 rounded to
    odd, runtime/cpu/small.c); every result is returned as its raw bits, so the
    comparison with the interpreter is bit for bit, NaN payloads included. y has no NaN,
    so no op sees two NaNs (which one an addition returns is the compiler's choice, in the
    interpreter's C as in LLVM: both treat + as commutative)."""
    o = "bf16" if t == "f16" else "f16"
    T, I, B, F, D = ty(t, [n]), ty("i16", [n]), ty("i1", [n]), ty("f32", [n]), ty("f64", [n])
    I32, I8, O, U = ty("i32", [n]), ty("i8", [n]), ty(o, [n]), ty("ui16", [n])
    bits, res = [], []

    def out(v, vt, it="i16"):
        bits.append("%%%s_b = stablehlo.bitcast_convert %%%s : (%s) -> %s" % (v, v, vt, ty(it, [n])))
        res.append(("%%%s_b" % v, ty(it, [n])))
    body = []
    for op in ["add", "subtract", "multiply", "divide", "maximum", "minimum", "remainder", "power", "atan2"]:
        body.append("%%%s = stablehlo.%s %%x, %%y : %s" % (op, op, T))
        out(op, T)
    for op in ["sqrt", "negate", "abs", "sign", "floor", "ceil", "round_nearest_afz", "round_nearest_even",
               "exponential", "log", "tanh", "sine", "rsqrt", "logistic", "cbrt"]:
        body.append("%%%s = stablehlo.%s %%x : %s" % (op, op, T))
        out(op, T)
    body += ["%lt = stablehlo.compare LT, %x, %y : ({0}, {0}) -> {1}".format(T, B),
             "%ne = stablehlo.compare NE, %x, %y : ({0}, {0}) -> {1}".format(T, B),
             "%fin = stablehlo.is_finite %x : ({0}) -> {1}".format(T, B),
             "%sel = stablehlo.select %lt, %x, %y : {0}, {1}".format(B, T),
             "%sum = stablehlo.add %multiply, %y : " + T,
             "%chain = stablehlo.divide %sum, %y : " + T,
             "%tof = stablehlo.convert %x : ({0}) -> {1}".format(T, F),
             "%tod = stablehlo.convert %x : ({0}) -> {1}".format(T, D),
             "%toi = stablehlo.convert %x : ({0}) -> {1}".format(T, I32),
             "%too = stablehlo.convert %x : ({0}) -> {1}".format(T, O),
             "%fromf = stablehlo.convert %z : ({0}) -> {1}".format(F, T),
             "%clamp = stablehlo.clamp %y, %x, %fromf : {0}".format(T),
             "%fromi8 = stablehlo.convert %w : ({0}) -> {1}".format(I8, T),
             "%fromd = stablehlo.convert %zd : ({0}) -> {1}".format(D, T),
             "%fromi64 = stablehlo.convert %k64 : ({0}) -> {1}".format(ty("i64" if t == "f16" else "i32", [n]), T),
             "%fromi = stablehlo.convert %k : ({0}) -> {1}".format(I32, T),
             "%io = stablehlo.iota dim = 0 : " + T,
             "%iosum = stablehlo.add %io, %x : " + T,
             "%r2 = stablehlo.reshape %y : ({0}) -> {1}".format(T, ty(t, [n // 256, 256])),
             "%zero = stablehlo.constant dense<-0.0> : " + ty(t, []),
             "%red = stablehlo.reduce(%r2 init: %zero) applies stablehlo.add across dimensions = [1] : "
             "({0}, {1}) -> {2}".format(ty(t, [n // 256, 256]), ty(t, []), ty(t, [n // 256])),
             "%asu = stablehlo.bitcast_convert %x : ({0}) -> {1}".format(T, U),
             "%sh = stablehlo.shift_right_logical %asu, %asu : " + U,
             "%back = stablehlo.bitcast_convert %sh : ({0}) -> {1}".format(U, T)]
    for v in ["sel", "clamp", "chain", "fromf", "fromi8", "fromi", "fromd", "fromi64", "iosum", "back"]:
        out(v, T)
    out("too", O)
    out("tof", F, "i32")
    out("tod", D, "i64")
    R = ty(t, [n // 256])
    bits.append("%%red_b = stablehlo.bitcast_convert %%red : (%s) -> %s" % (R, ty("i16", [n // 256])))
    res += [("%lt", B), ("%ne", B), ("%fin", B), ("%toi", I32), ("%red_b", ty("i16", [n // 256]))]
    params = [("x", T), ("y", T), ("z", F), ("w", I8), ("k", I32), ("zd", D), ("k64", ty("i64" if t == "f16" else "i32", [n]))]
    return module(params, body + bits, res)


def small_float_cases(rng):
    n = 1 << 16
    out = []
    for t in ["f16", "bf16"]:
        x = np.arange(n, dtype=np.uint16)          # every bit pattern, NaN payloads too
        y = rng.permutation(x)
        y[:4096] = x[:4096] ^ 1                    # neighbours: ties of the roundings
        nan = (y & 0x7fff) > (0x7c00 if t == "f16" else 0x7f80)
        y[nan] = rng.integers(0, 0x7000, int(nan.sum())).astype(np.uint16)
        z = rng.integers(0, 2 ** 32, n, dtype=np.uint64).astype(np.uint32).view(np.float32)
        z[np.isnan(z)] = 1.5
        z[:8] = [np.float32(65519.99), np.float32(65520), 2 ** -25, 2 ** -24 * 1.5, np.nan, -np.inf, -0.0, 1e-45]
        w = rng.integers(-128, 128, n).astype(np.int8)
        k = rng.integers(-2 ** 31, 2 ** 31, n).astype(np.int32)
        k[: n // 2] >>= rng.integers(0, 31, n // 2).astype(np.int32)   # every magnitude
        k64 = rng.integers(-2 ** 63, 2 ** 63, n, dtype=np.int64) >> rng.integers(0, 63, n)
        k64 = k64 if t == "f16" else k
        # doubles near the small type's rounding boundaries: its values, +- half an ulp,
        # +- a few double ulps, beside random doubles of every exponent
        with np.errstate(invalid="ignore", over="ignore"):
            base = x.view(np.float16).astype(np.float64) if t == "f16" else \
                (x.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
            step = np.spacing(base.astype(np.float16 if t == "f16" else np.float32))
            step = step.astype(np.float64) * (1 if t == "f16" else 2 ** 16) / 2
            zd = base + step * rng.choice([-1.0, 1.0], n) + np.spacing(base) * rng.integers(-2, 3, n)
        zd[::7] = rng.standard_normal(len(zd[::7])) * 2.0 ** rng.integers(-160, 160, len(zd[::7]))
        if t == "f16":
            x, y = x.view(np.float16), y.view(np.float16)
        out.append(("small_float_" + t, small_float(t, n), [x, y, z, w, k, zd, k64]))
    return out


def own_cases(rng):
    f32 = lambda *s: rng.standard_normal(s).astype(np.float32)
    ints = lambda *s: rng.integers(-8, 9, s).astype(np.float32)
    out = [("smooth_1000", smooth(1000), [f32(1000), f32(1000)]),
           ("jacobi2d_37x61", jacobi2d(37, 61), [f32(37 * 61), f32(37 * 61)]),
           ("jacobi2d_300x700", jacobi2d(300, 700), [f32(300 * 700), f32(300 * 700)]),
           ("laplacian3d_19", laplacian3d(19), [f32(19 ** 3), f32(19 ** 3)]),
           ("laplacian3d_64", laplacian3d(64), [f32(64 ** 3), f32(64 ** 3)]),
           ("jacobi_loop", jacobi_loop(40, 50, 7), [f32(2000), f32(2000)]),
           ("chains_1000", chains(1000), [f32(1000), f32(1000) * 40]),
           ("chains_300000", chains(300000), [f32(300000), f32(300000) * 40]),
           ("shapes_13x17", shapes(13, 17), [f32(13, 17)]),
           ("shapes_400x300", shapes(400, 300), [f32(400, 300)]),
           ("shared_levels_64", shared_levels(64, 40), [f32(64, 64), f32(64, 64)]),
           ("shared_levels_600", shared_levels(600, 12), [f32(600, 600), f32(600, 600)])]
    for t, npt in [("i32", np.int32), ("i8", np.int8), ("ui16", np.uint16), ("i64", np.int64)]:
        info = np.iinfo(npt)
        x = rng.integers(info.min, info.max, 5000, dtype=npt, endpoint=True)
        y = rng.integers(-3 if info.min else 0, 70, 5000).astype(npt)
        x[:4] = [info.min, info.max, 0, 1]
        y[:4] = [npt(-1) if info.min else 0, 0, 0, 0]
        out.append(("int_chain_" + t, int_chain(5000, t), [x, y]))
    for m, k, n, lc, rc, t in [(37, 53, 29, 1, 0, "f32"), (37, 53, 29, 0, 0, "f32"), (37, 53, 29, 1, 1, "f32"),
                               (37, 53, 29, 0, 1, "f32"), (64, 300, 70, 1, 0, "f64"), (1, 17, 5, 1, 0, "f32"),
                               (200, 600, 129, 1, 0, "f32"), (397, 260, 45, 0, 1, "f32"),
                               (250, 513, 97, 1, 0, "f64"), (25, 7, 300, 1, 1, "f64")]:
        npt = np.float32 if t == "f32" else np.float64
        a = ints(*([m, k] if lc == 1 else [k, m])).astype(npt)
        b = ints(*([k, n] if rc == 0 else [n, k])).astype(npt)
        out.append(("dot_%dx%dx%d_%d%d_%s" % (m, k, n, lc, rc, t), matmul(m, k, n, t, lc, rc), [a, b]))
    out.append(("dot_dus_37x53x29", dot_dus(37, 53, 29), [ints(37, 53), ints(53, 29), f32(37 * 29)]))
    out.append(("gather_store_loop", gather_store_loop(3000, 500, 6), gather_store_inputs(rng, 3000, 500)))
    return out + int_div_scalar_cases(rng) + small_float_cases(rng) + gather_cases(rng) + \
        equal_chains_cases(rng) + concat_root_cases(rng)


GATHER_DIMS = ('{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], '
               'index_vector_dim = 2>, slice_sizes = array<i64: 1>, indices_are_sorted = false}')


def gather_nest(r, c, n, index_lines, extra=(), params=(), t="f32"):
    """out[i, j] = x[idx[i, j]] (+ y[idx2] where index_lines define %idx2) over an r x c
    launch, the form in which the raise stage emits a kernel's loads: a point gather
    per load, its index computed from iotas in the same nest."""
    I, X = ty("i32", [r, c]), ty(t, [n])
    body = ["%%i0 = stablehlo.iota dim = 0 : %s" % I, "%%i1 = stablehlo.iota dim = 1 : %s" % I]
    body += ["%%c%d = stablehlo.constant dense<%d> : %s" % (k, k, I) for k in (1, 2, 128, 256)]
    body += [l.format(I=I) for l in index_lines]
    out = ["%r"]
    for k, ix in enumerate(["%idx"] + list(extra)):
        body += ["%%ri%d = stablehlo.reshape %s : (%s) -> %s" % (k, ix, I, ty("i32", [r, c, 1])),
                 '%%g%d = "stablehlo.gather"(%%x, %%ri%d) %s : (%s, %s) -> %s'
                 % (k, k, GATHER_DIMS, X, ty("i32", [r, c, 1]), ty(t, [r, c]))]
    acc = "%g0"
    for k in range(1, len(extra) + 1):
        body.append("%%s%d = stablehlo.add %s, %%g%d : %s" % (k, acc, k, ty(t, [r, c])))
        acc = "%%s%d" % k
    return module([("x", X)] + list(params), body, [(acc, ty(t, [r, c]))])


def gather_cases(rng):
    """Nests of point gathers, the shapes stride.c tells apart (with the alias scope or
    not: gather_scope below checks which): concat's blocks (row * 256 + a concatenate of
    two iotas + (j / 128) * 128 - j / 128 * 128 + select), bitonic-sort's partner (i +
    s / 2 under a compare with (i / s) * s, s a scalar parameter; -1, clamped, where the
    compare fails; once more with the index read by two nests, so that plan.c
    materializes it and the gathers load it as data: cpu_value_step) and viterbi's
    column walk (j * rows + i: far)."""
    r, c = 2000, 256
    blocks = ["%a = stablehlo.multiply %i0, %c256 : {I}",
              "%q = stablehlo.divide %i1, %c128 : {I}",
              "%qq = stablehlo.multiply %q, %c128 : {I}",
              "%h = stablehlo.iota dim = 1 : " + ty("i32", [r, c // 2]),
              "%cc = stablehlo.concatenate %h, %h, dim = 1 : ({H}, {H}) -> {I}".replace("{H}", ty("i32", [r, c // 2])),
              "%b = stablehlo.add %a, %qq : {I}",
              "%idx = stablehlo.add %b, %cc : {I}",
              "%m = stablehlo.remainder %i1, %c128 : {I}",
              "%lt = stablehlo.compare LT, %i1, %c128 : ({I}, {I}) -> " + ty("i1", [r, c]),
              "%sel = stablehlo.select %lt, %m, %i1 : " + ty("i1", [r, c]) + ", {I}",
              "%idx2 = stablehlo.add %a, %sel : {I}"]
    pair = ["%a = stablehlo.multiply %i0, %c256 : {I}",
            "%i = stablehlo.add %a, %i1 : {I}",
            "%sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<i32>) -> {I}",
            "%d = stablehlo.divide %i, %sb : {I}",
            "%ds = stablehlo.multiply %sb, %d : {I}",
            "%h = stablehlo.divide %sb, %c2 : {I}",
            "%e = stablehlo.add %ds, %h : {I}",
            "%lt = stablehlo.compare LT, %i, %e : ({I}, {I}) -> " + ty("i1", [r, c]),
            "%p = stablehlo.add %i, %h : {I}",
            "%m1 = stablehlo.constant dense<-1> : {I}",
            "%idx = stablehlo.select %lt, %p, %m1 : " + ty("i1", [r, c]) + ", {I}",
            "%idx2 = stablehlo.add %i, %c1 : {I}"]
    cols = ["%rows = stablehlo.constant dense<" + str(r) + "> : {I}",
            "%a = stablehlo.multiply %i1, %rows : {I}",
            "%idx = stablehlo.add %a, %i0 : {I}"]
    n = r * c
    f32 = rng.standard_normal(n).astype(np.float32)
    ints = rng.integers(-1000, 1000, n).astype(np.int32)
    shared = gather_nest(r, c, n, pair, ["%idx2", "%idx"], [("s", "tensor<i32>")], "i32")
    T = ty("i32", [r, c])
    shared = shared.replace("return %s2 : " + T, "return %s2, %g2 : " + T + ", " + T).replace(
        "-> (" + T, "-> (" + T + ", " + T, 1)
    return [("gather_blocks", gather_nest(r, c, n, blocks, ["%idx2"]), [f32]),
            ("gather_shared_index", shared, [ints, np.int32(64)]),
            ("gather_pair", gather_nest(r, c, n, pair, ["%idx2"], [("s", "tensor<i32>")], "i32"),
             [ints, np.int32(1024)]),
            ("gather_columns", gather_nest(r, c, n, cols), [f32])]


def gather_scope(tmp, rng):
    """Which gather nests stride.c lets vectorize: the optimized IR (CUDA2HLO_CPU_IR, no
    object cache) of the near-contiguous ones holds the alias scope of the output, the
    column walk's does not (a vectorized gather of lanes 2000 elements apart is slower
    than the scalar loop: hmm's viterbi). Every nest of the near-contiguous modules has
    it (the materialized index included)."""
    global passed, failed
    for name, text, inputs in gather_cases(rng):
        want = name != "gather_columns"
        with open(os.path.join(tmp, "m.mlir"), "w") as f:
            f.write(text)
        cmd = [RUN, os.path.join(tmp, "m.mlir"), "--backend", BACKEND]
        for i, x in enumerate(inputs):
            np.save(os.path.join(tmp, "in%d.npy" % i), np.asarray(x))
            cmd += ["--in", "%d=%s" % (i, os.path.join(tmp, "in%d.npy" % i))]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                           env=dict(os.environ, CUDA2HLO_CPU_IR="1", CUDA2HLO_CACHE_DIR=""))
        fns = [f for f in p.stderr.split("define ")[1:] if "c2h_fusion_" in f.split("(")[0]]
        scoped = ["!alias.scope" in f for f in fns]
        got = all(scoped) if want else any(scoped)
        if p.returncode == 0 and fns and got == want:
            passed += 1
        else:
            failed += 1
            print("FAIL gather_scope %s: %d fusions, scope %s, want %s (rc %d)"
                  % (name, len(fns), got, want, p.returncode))


SCATTER_DIMS = ('{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], '
                'scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, '
                'unique_indices = false}')


def equal_chains(r, c, tail=True):
    """bitonic-sort's module (its SIMT form): the guard and partner index chain
    (divisions by the scalar s) is emitted twice, once for the loads and once for the
    store's index; the new value x[i] or x[partner] where the pair is out of order, then
    the swap's second store as a scatter into x extended by one element (out-of-order
    lanes' target). plan.c shares the second chain's materialized values with the first
    (cse.c; `same` steps). Beside them, values that differ only in an attribute
    (compare direction, a slice's bounds, a constant) and so must not be shared, two
    returned equal values, and a cheap equal copy that stays inlined; the values that
    differ by an attribute are returned (materialized), so that sharing them would show."""
    n = r * c
    I, B, X, X1 = ty("i32", [r, c]), ty("i1", [r, c]), ty("i32", [n]), ty("i32", [n + 1])
    I3 = ty("i32", [r, c, 1])
    body = []

    def chain(p):
        body.extend(l.replace("@", p).format(I=I, B=B, I3=I3, X=X, G=GATHER_DIMS) for l in [
            "%@i0 = stablehlo.iota dim = 0 : {I}",
            "%@i1 = stablehlo.iota dim = 1 : {I}",
            "%@w = stablehlo.constant dense<" + str(c) + "> : {I}",
            "%@a = stablehlo.multiply %@i0, %@w : {I}",
            "%@i = stablehlo.add %@a, %@i1 : {I}",
            "%@sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<i32>) -> {I}",
            "%@tb = stablehlo.broadcast_in_dim %t, dims = [] : (tensor<i32>) -> {I}",
            "%@d = stablehlo.divide %@i, %@sb : {I}",
            "%@ds = stablehlo.multiply %@sb, %@d : {I}",
            "%@two = stablehlo.constant dense<2> : {I}",
            "%@h = stablehlo.divide %@sb, %@two : {I}",
            "%@e = stablehlo.add %@ds, %@h : {I}",
            "%@lt = stablehlo.compare LT, %@i, %@e, SIGNED : ({I}, {I}) -> {B}",
            "%@p = stablehlo.add %@i, %@h : {I}",
            "%@m1 = stablehlo.constant dense<-1> : {I}",
            "%@idx = stablehlo.select %@lt, %@p, %@m1 : {B}, {I}",
            "%@ok = stablehlo.compare NE, %@idx, %@m1, SIGNED : ({I}, {I}) -> {B}",
            "%@o = stablehlo.divide %@d, %@tb : {I}",
            "%@or = stablehlo.remainder %@o, %@two : {I}",
            "%@z = stablehlo.constant dense<0> : {I}",
            "%@inc = stablehlo.compare EQ, %@or, %@z, SIGNED : ({I}, {I}) -> {B}",
            "%@xr = stablehlo.reshape %x : ({X}) -> {I}",
            "%@ri = stablehlo.reshape %@idx : ({I}) -> {I3}",
            '%@g = "stablehlo.gather"(%x, %@ri) {G} : ({X}, {I3}) -> {I}',
            "%@gt = stablehlo.compare GT, %@xr, %@g, SIGNED : ({I}, {I}) -> {B}",
            "%@ls = stablehlo.compare LT, %@xr, %@g, SIGNED : ({I}, {I}) -> {B}",
            "%@up = stablehlo.and %@gt, %@inc : {B}",
            "%@ni = stablehlo.not %@inc : {B}",
            "%@dn = stablehlo.and %@ls, %@ni : {B}",
            "%@sw = stablehlo.or %@up, %@dn : {B}",
            "%@do = stablehlo.and %@ok, %@sw : {B}"])
    chain("A")
    body += ["%new = stablehlo.select %Ado, %Ag, %Axr : {B}, {I}".format(B=B, I=I),
             "%newf = stablehlo.reshape %new : ({I}) -> {X}".format(I=I, X=X),
             "%pad = stablehlo.constant dense<[0]> : tensor<1xi32>",
             "%ext = stablehlo.concatenate %newf, %pad, dim = 0 : ({X}, tensor<1xi32>) -> {X1}".format(X=X, X1=X1)]
    chain("B")
    body += ["%%N = stablehlo.constant dense<%d> : %s" % (n, I),
             "%si = stablehlo.select %Bdo, %Bidx, %N : {B}, {I}".format(B=B, I=I),
             "%sif = stablehlo.reshape %si : ({I}) -> {X}".format(I=I, X=X),
             "%%sir = stablehlo.reshape %%sif : (%s) -> %s" % (X, ty("i32", [n, 1])),
             '%sc = "stablehlo.scatter"(%ext, %sir, %x) ({',
             "^bb0(%u: tensor<i32>, %v: tensor<i32>):",
             "  stablehlo.return %v : tensor<i32>",
             "}) %s : (%s, %s, %s) -> %s" % (SCATTER_DIMS, X1, ty("i32", [n, 1]), X, X1),
             "%%out = stablehlo.slice %%sc [0:%d] : (%s) -> %s" % (n, X1, X),
             # equal but for an attribute: must stay apart
             "%Cgt = stablehlo.compare GE, %Bxr, %Bg, SIGNED : ({I}, {I}) -> {B}".format(I=I, B=B),
             "%Cm2 = stablehlo.constant dense<-2> : {I}".format(I=I),
             "%Cidx = stablehlo.select %Blt, %Bp, %Cm2 : {B}, {I}".format(B=B, I=I),
             "%%Cs1 = stablehlo.slice %%Bd [0:%d, 0:%d] : (%s) -> %s" % (r, c - 1, I, ty("i32", [r, c - 1])),
             "%%Cs2 = stablehlo.slice %%Bd [0:%d, 1:%d] : (%s) -> %s" % (r, c, I, ty("i32", [r, c - 1])),
             "%Dgt = stablehlo.compare GT, %Bxr, %Bg, SIGNED : ({I}, {I}) -> {B}".format(I=I, B=B),
             "%Cdiff = stablehlo.select %Cgt, %Cidx, %Bi : {B}, {I}".format(B=B, I=I)]
    S = ty("i32", [r, c - 1])
    return module([("x", X), ("s", "tensor<i32>"), ("t", "tensor<i32>")], body,
                  [("%out", X), ("%Aidx", I), ("%Bidx", I), ("%Cdiff", I), ("%Cs1", S), ("%Cs2", S),
                   ("%Dgt", B), ("%Cgt", B), ("%Cidx", I), ("%Bi", I)])


def equal_chains_inputs(rng, r, c, s, t):
    return [rng.integers(-50, 50, r * c).astype(np.int32), np.int32(s), np.int32(t)]


def equal_chains_cases(rng):
    return [("equal_chains_%dx%d_%d_%d" % (r, c, s, t), equal_chains(r, c), equal_chains_inputs(rng, r, c, s, t))
            for r, c, s, t in [(4, 8, 2, 1), (4, 8, 8, 2), (300, 256, 64, 4), (3000, 256, 1 << 17, 1)]]


def shared_steps(tmp, rng):
    """equal_chains runs the second chain's materialized values as `same` steps
    (CUDA2HLO_CPU_DUMP): its divisions, partner index and order flag are computed once."""
    global passed, failed
    with open(os.path.join(tmp, "m.mlir"), "w") as f:
        f.write(equal_chains(300, 256))
    cmd = [RUN, os.path.join(tmp, "m.mlir"), "--out", os.path.join(tmp, "out_same"), "--backend", BACKEND]
    for i, x in enumerate(equal_chains_inputs(rng, 300, 256, 64, 4)):
        np.save(os.path.join(tmp, "in%d.npy" % i), x)
        cmd += ["--in", "%d=%s" % (i, os.path.join(tmp, "in%d.npy" % i))]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, CUDA2HLO_CPU_DUMP="1"))
    steps = [l for l in p.stderr.splitlines() if l.startswith("cpu: block of @main")]
    if p.returncode == 0 and steps and steps[0].count(" same") >= 3:
        passed += 1
    else:
        failed += 1
        print("FAIL shared_steps: %s" % ((steps or [p.stderr.strip()[-300:]])[0]))


def concat_root(shape, dim, widths, t="f32"):
    """A concatenate root along dim of operands computed in the nest: a product with the
    operand's own iota, a slice, a broadcast row and a gather from x at a reversed index;
    emit.c loops over each operand's part of the range in turn."""
    I = lambda w: ty("i32", shape[:dim] + [w] + shape[dim + 1:])
    T = lambda w: ty(t, shape[:dim] + [w] + shape[dim + 1:])
    n = 1
    for d in shape:
        n *= d
    total = sum(widths)
    full = shape[:dim] + [total] + shape[dim + 1:]
    body, ops = [], []
    for k, w in enumerate(widths):
        sh = shape[:dim] + [w] + shape[dim + 1:]
        m = 1
        for d in sh:
            m *= d
        kind = k % 4
        if kind == 0:
            body += ["%%io%d = stablehlo.iota dim = %d : %s" % (k, dim, T(w)),
                     "%%sl%d = stablehlo.slice %%y [%s] : (%s) -> %s"
                     % (k, ", ".join("0:%d" % d for d in sh), ty(t, full), T(w)),
                     "%%op%d = stablehlo.multiply %%io%d, %%sl%d : %s" % (k, k, k, T(w))]
        elif kind == 1:
            body += ["%%op%d = stablehlo.slice %%y [%s] : (%s) -> %s"
                     % (k, ", ".join("%d:%d" % (total - w, total) if d == dim else "0:%d" % sh[d]
                                     for d in range(len(sh))), ty(t, full), T(w))]
        elif kind == 2:
            body += ["%%op%d = stablehlo.broadcast_in_dim %%z, dims = [] : (tensor<%s>) -> %s" % (k, t, T(w))]
        else:
            body += ["%%lin%d = stablehlo.iota dim = 0 : %s" % (k, ty("i32", [m])),
                     "%%top%d = stablehlo.constant dense<%d> : %s" % (k, n - 1, ty("i32", [m])),
                     "%%rev%d = stablehlo.subtract %%top%d, %%lin%d : %s" % (k, k, k, ty("i32", [m])),
                     "%%ri%d = stablehlo.reshape %%rev%d : (%s) -> %s" % (k, k, ty("i32", [m]), ty("i32", sh + [1])),
                     '%%op%d = "stablehlo.gather"(%%x, %%ri%d) %s : (%s, %s) -> %s'
                     % (k, k, GATHER_DIMS.replace("index_vector_dim = 2", "index_vector_dim = %d" % len(sh)),
                        ty(t, [n]), ty("i32", sh + [1]), T(w))]
        ops.append("%%op%d" % k)
    body.append("%%r = stablehlo.concatenate %s, dim = %d : (%s) -> %s"
                % (", ".join(ops), dim, ", ".join(T(w) for w in widths), ty(t, full)))
    return module([("x", ty(t, [n])), ("y", ty(t, full)), ("z", "tensor<%s>" % t)], body, [("%r", ty(t, full))])


def concat_root_cases(rng):
    out = []
    for shape, dim, widths in [([7], 0, [3, 1, 5, 2]), ([4000000], 0, [2500000, 1, 1500000, 3]),
                               ([1, 3000000], 1, [1, 2999999]), ([300, 40, 20], 1, [17, 1, 9, 13, 5]),
                               ([2000, 300], 0, [700, 1300]), ([5, 6], 1, [2, 4])]:
        total = sum(widths)
        full = shape[:dim] + [total] + shape[dim + 1:]
        n = int(np.prod(shape))
        out.append(("concat_root_%s_d%d_%d" % ("x".join(map(str, shape)), dim, len(widths)),
                    concat_root(shape, dim, widths),
                    [rng.standard_normal(n).astype(np.float32), rng.standard_normal(full).astype(np.float32),
                     np.float32(rng.standard_normal())]))
    return out


def backend_available(tmp):
    """False when BACKEND cannot run at all (no PJRT plugin installed): the test is skipped."""
    with open(os.path.join(tmp, "m.mlir"), "w") as f:
        f.write(module([("x", "tensor<f32>")], [], [("%x", "tensor<f32>")]))
    np.save(os.path.join(tmp, "in0.npy"), np.float32(1))
    _, err = run(tmp, BACKEND, [0])
    if err is not None:
        print("note: backend %s does not run: %s" % (BACKEND, err.splitlines()[-1][:300]))
    return err is None


def main():
    rng = np.random.default_rng(7)
    if QUICK:
        cases = own_cases(rng)[:6] + [c for c in own_cases(rng) if c[0].startswith("dot_37")][:2]
    else:
        cases = own_cases(rng) + reduce_cases(rng) + simt_cases(rng) + xla_test_cases() + random_cases(200)
    with tempfile.TemporaryDirectory() as tmp:
        if not backend_available(tmp):
            print("0 passed, 0 failed, 1 skipped")
            sys.exit(77)
        for name, text, inputs in cases:
            check(tmp, name, text, inputs)
        if BACKEND == "cpu":
            fused_once(tmp, rng)
            tail_in_place(tmp, rng)
            vector_math(tmp, rng)
            gather_scope(tmp, rng)
            shared_steps(tmp, rng)
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    sys.exit(1 if failed else 0)


main()
