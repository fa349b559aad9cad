#!/usr/bin/env python3
"""test_package.py: the installed cuda2hlo package against the CUDA oracle and JAX's
own transformations (run by venv.py in a fresh venv; ctest python_pkg).

- corpus kernels (element-wise, stencils, reductions, a matrix product, shared memory,
  gathers, atomics, --entry time loops): Module.run (cpu, interp) and jax.jit of
  Module.jax() equal the oracle (tests/oracle) under the test block's tolerances;
- vmap over a batch of 4 equals 4 calls, and batches whole tensors (no loop);
- grad, jvp and vjp of a loss through a raised --entry time loop (f64) agree with
  each other and with central finite differences (rtol 1e-6);
- raised code and jnp code jitted together; the module inside lax.scan;
- convert(symbolic=...): one module run at three values of n, a fourth refused;
  symbolic=True: buffers of symbolic size run at three sizes, one too small refused;
- every error path: conversion diagnostics, argument checks, unknown backend, an op
  lax cannot express, malformed text, 64-bit types without jax_enable_x64.
Prints `N passed, N failed`.
"""
import os
import sys
import tempfile
import traceback

import numpy as np

import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)

import cuda2hlo  # noqa: E402  (the installed package)

ROOT = os.environ["CUDA2HLO_ROOT"]
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, os.path.join(ROOT, "tests", "oracle"))
import corpus  # noqa: E402
import oracle  # noqa: E402

KERNELS = ["ew_saxpy_f32", "ew_daxpy_f64", "ew_hash_u64", "stencil_5pt_2d", "stencil_7pt_3d",
           "stencil_periodic_2d", "reduce_tree_shared", "reduce_dot_f64", "matmul_gemm_f64",
           "matmul_tiled", "gather_index", "hist_global_atomic", "host_heat2d_boundary",
           "host_jacobi_swap"]
HEAT = os.path.join(ROOT, "examples", "python", "heat.cu")
results = {"passed": 0, "failed": 0}


def check(name, fn):
    try:
        fn()
        results["passed"] += 1
        print(f"PASS {name}", flush=True)
    except Exception:
        results["failed"] += 1
        print(f"FAIL {name}\n{traceback.format_exc()}", flush=True)


# ---- corpus kernels against the oracle ----

def launches(t):
    return [t.entry] if t.entry else t.launches


def run_test(t, step):
    """Run every launch of test t with step(module, args) -> results; final buffers."""
    bufs = {b.name: corpus.fill_buffer(t, b) for b in t.buffers.values()}
    for ln in launches(t):
        m = cuda2hlo.convert(t.path, args=corpus.converter_args(t, ln))
        binding = dict(ln.buffer_bindings())
        args = {p.name: bufs[binding[p.name]] for p in m.params}
        outs = step(m, args)
        outs = outs if isinstance(outs, tuple) else (outs,)
        for r, v in zip(m.results, outs):
            bufs[binding[r.name]] = np.asarray(v).reshape(-1)
    return bufs


def oracle_out(t, tmp):
    corpus.make_inputs(t, os.path.join(tmp, "in"))
    oracle.run(t.path, os.path.join(tmp, "in"), os.path.join(tmp, "out"))
    return {c.name: np.load(os.path.join(tmp, "out", c.name + ".npy")) for c in t.checks}


def agree(t, got, want, how):
    for c in t.checks:
        bad = corpus.compare(got[c.name], want[c.name], t.buffers[c.name].dtype, c.rtol,
                             c.atol, limit=3)
        assert not bad, f"{how}: buffer {c.name} differs from the oracle at {bad}"


def corpus_case(name):
    t = corpus.parse(os.path.join(ROOT, "tests", "kernels", name + ".cu"))
    with tempfile.TemporaryDirectory() as tmp:
        want = oracle_out(t, tmp)
    agree(t, run_test(t, lambda m, a: m.run(**a)), want, "Module.run (cpu)")
    agree(t, run_test(t, lambda m, a: m.run(**a, backend="interp")), want, "Module.run (interp)")
    agree(t, run_test(t, lambda m, a: jax.jit(m.jax())(**a)), want, "jit(Module.jax())")


# ---- transformations ----

def heat(nsteps, n=16):
    sizes = {"T": n * n, "Tn": n * n, "kappa": n * n}
    return cuda2hlo.convert(HEAT, entry="heat_run", sizes=sizes,
                            scalars={"nx": n, "ny": n, "dx": 1.0, "dt": 0.2,
                                     "nsteps": nsteps})


def heat_inputs(n=16, seed=0):
    rng = np.random.default_rng(seed)
    T = rng.uniform(0, 1, n * n)
    kappa = rng.uniform(0.2, 1.0, n * n)
    return T, kappa


def vmap_case():
    for m in [cuda2hlo.convert(os.path.join(ROOT, "tests", "kernels", "stencil_5pt_2d.cu"),
                               args=corpus.converter_args(corpus.parse(os.path.join(
                                   ROOT, "tests", "kernels", "stencil_5pt_2d.cu")),
                                   corpus.parse(os.path.join(ROOT, "tests", "kernels",
                                                             "stencil_5pt_2d.cu")).launches[0])),
              heat(10)]:
        f = m.jax()
        rng = np.random.default_rng(1)
        batch = [rng.uniform(-1, 1, (4,) + p.shape).astype(p.dtype) for p in m.params]
        got = jax.jit(jax.vmap(f))(*batch)
        got = got if isinstance(got, tuple) else (got,)
        for i in range(4):
            one = f(*[b[i] for b in batch])
            one = one if isinstance(one, tuple) else (one,)
            for g, o in zip(got, one):
                np.testing.assert_allclose(np.asarray(g[i]), np.asarray(o), rtol=1e-6, atol=1e-7)
        if "while" not in m.text:
            jaxpr = str(jax.make_jaxpr(jax.vmap(f))(*batch))
            assert "while" not in jaxpr and "scan" not in jaxpr, "vmap made a loop"


def grad_case():
    m = heat(10)
    f = m.jax()
    T0, kappa = heat_inputs()
    w = np.random.default_rng(2).uniform(0, 1, T0.size)

    def loss(k):
        T, _, _ = f(T0, T0, k)
        return jnp.sum(w * T ** 2)
    g = jax.jit(jax.grad(loss))(kappa)
    rng = np.random.default_rng(3)
    for _ in range(3):
        v = rng.standard_normal(kappa.size)
        _, jv = jax.jvp(loss, (kappa,), (v,))
        h = 1e-5
        fd = (float(loss(kappa + h * v)) - float(loss(kappa - h * v))) / (2 * h)
        np.testing.assert_allclose(float(jv), fd, rtol=1e-6)
        np.testing.assert_allclose(float(np.dot(g, v)), float(jv), rtol=1e-10)
    _, pull = jax.vjp(loss, kappa)
    np.testing.assert_allclose(np.asarray(pull(1.0)[0]), np.asarray(g), rtol=1e-12)
    # the loop became lax.scan (reverse-mode differentiable), not while_loop
    assert "scan" in str(jax.make_jaxpr(loss)(kappa))


def fuse_case():
    t = corpus.parse(os.path.join(ROOT, "tests", "kernels", "ew_saxpy_f32.cu"))
    m = cuda2hlo.convert(t.path, args=corpus.converter_args(t, t.launches[0]))
    f = m.jax()
    rng = np.random.default_rng(4)
    x, y = (rng.uniform(-1, 1, 1000).astype(np.float32) for _ in range(2))

    def g(x, y):
        return jnp.sum(jnp.tanh(f(x=2 * x, y=jnp.cos(y))))
    lowered = jax.jit(g).lower(x, y)
    text = lowered.as_text()
    assert "tanh" in text and "cosine" in text and "custom_call" not in text
    got = lowered.compile()(x, y)
    want = np.sum(np.tanh(m.run(x=2 * x, y=np.cos(y))), dtype=np.float64)
    np.testing.assert_allclose(float(got), want, rtol=1e-5)


def scan_case():
    f2 = heat(2).jax()
    T0, kappa = heat_inputs()

    def body(T, _):
        return f2(T, T, kappa)[0], None
    got, _ = jax.jit(lambda T: jax.lax.scan(body, T, None, length=5))(T0)
    want = heat(10).run(T0, T0, kappa)[0]
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-12)


def run_named_case():
    m = heat(4)
    T0, kappa = heat_inputs()
    a = m.run(T0, T0, kappa)
    b = m.run(kappa=kappa, Tn=T0, T=T0)
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)
    assert [p.name for p in m.params] == ["T", "Tn", "kappa"]
    assert m.params[0].dtype == np.float64 and m.params[0].shape == (256,)
    assert m.facts and "whiles" in next(iter(m.facts.values()))


# ---- error paths ----

def raises(exc, fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except exc as e:
        return e
    raise AssertionError(f"{fn.__name__} did not raise {exc.__name__}")


BAD_CUDA = """__global__ void k(float *x, int n) {
  int i = threadIdx.x;
  x[i] = undefined_name * 2.0f;
}
"""
RACE_CUDA = """__global__ void k(float *x) {
  x[0] = threadIdx.x;
}
"""


GATHER_CUDA = """__global__ void k(const float *x, const int *idx, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[idx[i]];
}
"""


def checked_case():
    """A module with a run-time bounds check (--oob-check): run() returns the gather for
    in-range indices (numpy's) and raises for one out of range; jax() refuses it."""
    m = cuda2hlo.convert(GATHER_CUDA, kernel="k", grid=2, block=32,
                         sizes={"x": 50, "idx": 64, "y": 64}, args=["--oob-check"])
    x = np.arange(50, dtype=np.float32) * np.float32(0.5)
    idx = (np.arange(64, dtype=np.int32) * 7) % 50
    np.testing.assert_array_equal(m.run(x, idx, np.zeros(64, np.float32)), x[idx])
    idx[40] = 50
    e = raises(cuda2hlo.RuntimeError, m.run, x, idx, np.zeros(64, np.float32))
    assert "'x' is read out of bounds" in str(e) and "thread: [8,0,0]" in str(e), str(e)
    raises(NotImplementedError, m.jax)
    p = cuda2hlo.convert(PRINTF_CUDA, kernel="k", grid=1, block=4, sizes={"y": 4})
    r, w = os.pipe()          # what the kernel printed reaches the process's stdout
    saved = os.dup(1)
    os.dup2(w, 1)
    try:
        y = p.run(np.zeros(4, np.float32))
        sys.stdout.flush()
    finally:
        os.dup2(saved, 1)
        os.close(w)
    printed = os.read(r, 4096).decode()
    np.testing.assert_array_equal(y, np.float32([0, 2, 4, 6]))
    assert printed == "t 0\nt 1\nt 2\nt 3\n", repr(printed)


PRINTF_CUDA = """#include <cstdio>
__global__ void k(float *y) {
  y[threadIdx.x] = 2.0f * threadIdx.x;
  printf("t %d\\n", (int)threadIdx.x);
}
"""


def errors_case():
    e = raises(cuda2hlo.ConversionError, cuda2hlo.convert, BAD_CUDA, kernel="k", grid=1,
               block=32, sizes={"x": 32}, scalars={"n": 32})
    d = e.diagnostics[0]
    assert (d["line"], d["col"], d["severity"]) == (3, 10, "error"), d
    assert "undefined_name" in d["message"] and d["file"] == "<source>.cu", d
    e = raises(cuda2hlo.ConversionError, cuda2hlo.convert, RACE_CUDA, kernel="k", grid=1,
               block=32, sizes={"x": 1})
    assert e.diagnostics[0]["line"] == 2 and "race" in e.diagnostics[0]["message"], e
    raises(FileNotFoundError, cuda2hlo.convert, "/nonexistent/k.cu", kernel="k")
    m = heat(2)
    T0, kappa = heat_inputs()
    raises(TypeError, m.run, T0.astype(np.float32), T0, kappa)
    raises(TypeError, m.run, T0[:10], T0, kappa)
    raises(TypeError, m.run, T0, T0)
    raises(TypeError, m.run, T0, T0, kappa, temperature=T0)
    raises(TypeError, m.jax(), T0.astype(np.float32), T0, kappa)
    e = raises(cuda2hlo.RuntimeError, m.run, T0, T0, kappa, backend="no-such-backend")
    assert "C2H_EBACKEND" in str(e), e


UNSUPPORTED = """module {
  func.func public @main(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = stablehlo.cholesky %arg0, lower = true : tensor<4x4xf32>
    func.return %0 : tensor<4x4xf32>
  }
}
"""


def unsupported_case():
    m = cuda2hlo.Module(UNSUPPORTED)
    e = raises(cuda2hlo.UnsupportedError, m.jax)
    assert "line 3" in str(e) and "stablehlo.cholesky" in str(e), e
    e = raises(cuda2hlo.ParseError, cuda2hlo.Module, UNSUPPORTED.replace("tensor<4x4xf32>)", "tensor<4x4xf32"))
    assert str(e).startswith("2:"), e
    jax.config.update("jax_enable_x64", False)
    try:
        e = raises(cuda2hlo.UnsupportedError, heat(2).jax)
        assert "jax_enable_x64" in str(e), e
    finally:
        jax.config.update("jax_enable_x64", True)


NO_JAX = """
import sys, numpy as np, cuda2hlo
m = cuda2hlo.convert(sys.argv[1], entry="heat_run", sizes={"T": 64, "Tn": 64, "kappa": 64},
                     scalars={"nx": 8, "ny": 8, "dx": 1.0, "dt": 0.2, "nsteps": 2})
T = np.linspace(0, 1, 64) ** 2
out = m.run(T, T, np.full(64, 0.5))
assert out[0].shape == (64,) and out[0][9] != T[9]
assert not [k for k in sys.modules if k == "jax" or k.startswith("jax.")], "jax was imported"
"""


def no_jax_case():
    import subprocess
    r = subprocess.run([sys.executable, "-c", NO_JAX, HEAT], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def pjrt_case():
    m = heat(4)
    T0, kappa = heat_inputs()
    try:
        got = m.run(T0, T0, kappa, backend="pjrt")
    except cuda2hlo.RuntimeError as e:
        if "C2H_EBACKEND" in str(e):
            print(f"  (pjrt: no plugin here: {e})")
            return
        raise
    for g, w in zip(got, m.run(T0, T0, kappa)):
        np.testing.assert_allclose(g, w, rtol=1e-12)


def symbolic_case():
    """convert(symbolic=...): one module run at several n against numpy; a value outside
    the assumption (n <= 1000: y has 1000 elements) is refused at run time."""
    m = cuda2hlo.convert(os.path.join(ROOT, "tests", "symbolic", "sym_scale.cu"),
                         kernel="axpy_n", grid=4, block=256, sizes={"x": 1000, "y": 1000},
                         scalars={"a": 1.5}, symbolic="n")
    assert [p.name for p in m.params] == ["x", "y", "n"] and m.params[2].shape == ()
    rng = np.random.default_rng(5)
    x, y = (rng.uniform(-1, 1, 1000).astype(np.float32) for _ in range(2))
    for n in (1, 517, 1000):
        want = y.copy()
        want[:n] = np.float32(1.5) * x[:n] + y[:n]
        np.testing.assert_array_equal(m.run(x=x, y=y, n=n), want)
    e = raises(Exception, m.run, x=x, y=y, n=1001)
    assert "only when n <= 1000: n = 1001" in str(e), str(e)
    e = raises(cuda2hlo.ConversionError, cuda2hlo.convert,
               os.path.join(ROOT, "tests", "symbolic", "sym_scale.cu"), kernel="axpy_n",
               grid=4, block=256, sizes={"x": 1000, "y": 1000}, symbolic=["n", "x"])
    assert "--symbolic x" in str(e), str(e)


def symbolic_sizes_case():
    """convert(symbolic=True): every integer scalar without a value and every buffer
    without a size stays a symbol: one module run on buffers of three sizes against numpy
    (cpu and interp), a buffer too small for n refused at run time, jax() refused."""
    m = cuda2hlo.convert(os.path.join(ROOT, "tests", "symbolic", "sym_scale.cu"),
                         kernel="axpy_n", grid=4, block=256, scalars={"a": 1.5}, symbolic=True)
    assert [(p.name, p.shape) for p in m.params] == [("x", (None,)), ("y", (None,)), ("n", ())], m
    assert [(p.name, p.shape) for p in m.results] == [("y", (None,))], m
    rng = np.random.default_rng(6)
    for n, nx, ny in ((1, 1, 1), (517, 517, 600), (1000, 2000, 1000)):
        x = rng.uniform(-1, 1, nx).astype(np.float32)
        y = rng.uniform(-1, 1, ny).astype(np.float32)
        want = y.copy()
        want[:n] = np.float32(1.5) * x[:n] + y[:n]
        for backend in ("cpu", "interp"):
            np.testing.assert_array_equal(m.run(x=x, y=y, n=n, backend=backend), want)
    e = raises(Exception, m.run, x=np.zeros(517, np.float32), y=np.zeros(600, np.float32), n=518)
    assert "shape assertion failed" in str(e) and "size(x) = 517" in str(e), str(e)
    e = raises(TypeError, m.run, x=np.zeros((2, 3), np.float32), y=np.zeros(6, np.float32), n=1)
    raises(NotImplementedError, m.jax)


def main():
    assert "site-packages" in cuda2hlo.__file__, f"not the installed package: {cuda2hlo.__file__}"
    only = sys.argv[1:]
    for k in KERNELS:
        if not only or k in only:
            check(f"corpus {k}", lambda: corpus_case(k))
    for name, fn in [("vmap", vmap_case), ("grad/jvp/vjp vs finite differences", grad_case),
                     ("jit with jnp code", fuse_case), ("lax.scan", scan_case),
                     ("run by name, signature, facts", run_named_case),
                     ("errors", errors_case), ("checked", checked_case), ("numpy path without jax", no_jax_case), ("unsupported op, parse error, x64", unsupported_case),
                     ("pjrt", pjrt_case), ("symbolic", symbolic_case),
                     ("symbolic_sizes", symbolic_sizes_case)]:
        if not only or name.split()[0] in only:
            check(name, fn)
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
