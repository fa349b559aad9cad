#!/usr/bin/env python3
"""test_ocean.py: the ocean model (examples/oceananigans/ocean.cu, `--entry simulate`,
16 x 16 x 4 cells, 10 steps) through the installed cuda2hlo package (run by hand
with venv.py; not a ctest: docs/python.md, "Large modules"):
- jax.jit(Module.jax()) equals Module.run on the bundled cpu backend (every result,
  max |diff| <= 1e-9 max |ref|);
- jax.grad of the final kinetic energy 0.5 sum(u^2 + v^2) with respect to the initial
  temperature agrees with central finite differences in 3 random directions (rtol 1e-5).
Prints `N passed, N failed`.
"""
import os
import sys
import time

import numpy as np

import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)

import cuda2hlo  # noqa: E402

ROOT = os.environ["CUDA2HLO_ROOT"]
NX, NY, NZ, H, STEPS = 16, 16, 4, 3, 10
N3, N2 = (NX + 2 * H) * (NY + 2 * H) * (NZ + 2 * H), (NX + 2 * H) * (NY + 2 * H)
F3 = ["u", "v", "w", "T", "S", "b", "p", "Gu", "Gv", "GT", "GS", "Gum", "Gvm", "GTm", "GSm"]
F2 = ["eta", "Geta", "Getam"]


def initial_state():
    """A meridional temperature front in a stratified channel, with a little noise."""
    rng = np.random.default_rng(0)
    k, j, i = np.meshgrid(np.arange(NZ + 2 * H), np.arange(NY + 2 * H), np.arange(NX + 2 * H),
                          indexing="ij")
    y, z = (j - H + 0.5) / NY, (k - H + 0.5) / NZ
    s = {f: np.zeros(N3) for f in F3}
    s.update({f: np.zeros(N2) for f in F2})
    T = 10 + 2 * z + 0.5 * np.tanh((y - 0.5) / 0.1) + 0.01 * rng.standard_normal(z.shape)
    s["T"] = T.reshape(-1)
    s["S"] = np.full(N3, 35.0)
    s["u"] = 1e-3 * rng.standard_normal(N3)
    s["v"] = 1e-3 * rng.standard_normal(N3)
    return s


def main():
    t0 = time.time()
    sizes = {f: N3 for f in F3}
    sizes.update({f: N2 for f in F2})
    m = cuda2hlo.convert(os.path.join(ROOT, "examples", "oceananigans", "ocean.cu"),
                         entry="simulate", defines={"NX": NX, "NY": NY, "NZ": NZ},
                         sizes=sizes, scalars={"dt": 150.0, "last_dt": 150.0, "nsteps": STEPS, "first": 1,
                                               "scheme": 1})
    print(f"converted in {time.time() - t0:.1f} s: {len(m.text)} bytes, "
          f"{len(m.params)} parameters", flush=True)
    s = initial_state()
    passed = failed = 0

    t0 = time.time()
    want = m.run(**s, backend="cpu")
    print(f"cpu backend: {time.time() - t0:.1f} s", flush=True)
    f = m.jax()
    fj = jax.jit(f)
    t0 = time.time()
    got = fj(**s)
    print(f"jit(Module.jax()): {time.time() - t0:.1f} s (trace, compile, run)", flush=True)
    bad = []
    for r, g, w in zip(m.results, got, want):
        d = float(np.max(np.abs(np.asarray(g) - w)))
        if d > 1e-9 * max(float(np.max(np.abs(w))), 1e-300):
            bad.append(f"{r.name}: max |diff| {d:.3e}")
    if bad:
        failed += 1
        print("FAIL jit(Module.jax()) vs cpu backend: " + "; ".join(bad))
    else:
        passed += 1
        print(f"PASS jit(Module.jax()) equals the cpu backend on all {len(m.results)} results")

    res = [r.name for r in m.results]
    iu, iv = res.index("u"), res.index("v")

    def ke(T):
        out = f(**dict(s, T=T))
        return 0.5 * (jnp.sum(out[iu] ** 2) + jnp.sum(out[iv] ** 2))

    def ke_forward(T):            # the forward program compiled above, KE in numpy (f64)
        out = fj(**dict(s, T=T))
        return 0.5 * (np.sum(np.asarray(out[iu]) ** 2) + np.sum(np.asarray(out[iv]) ** 2))
    t0 = time.time()
    # LLVM's optimisation of the gradient program's IR is what takes the time on CPU
    # (CalledValuePropagation over tens of thousands of ops: > 15 minutes at -O2 here);
    # at backend optimisation level 0 (no fast-math, no contraction either way) it is fast.
    grad_exe = jax.jit(jax.grad(ke)).lower(s["T"]).compile(
        compiler_options={"xla_backend_optimization_level": 0})
    g = np.asarray(grad_exe(s["T"]))
    print(f"jit(grad(KE)): {time.time() - t0:.1f} s (trace, compile, run)", flush=True)
    rng = np.random.default_rng(1)
    ok = True
    for n in range(3):
        v = rng.standard_normal(N3)
        h = 1e-4
        fd = (ke_forward(s["T"] + h * v) - ke_forward(s["T"] - h * v)) / (2 * h)
        gv = float(np.dot(g, v))
        good = abs(gv - fd) <= 1e-5 * abs(fd)
        ok &= good
        print(f"  direction {n}: grad.v {gv:.10e}  central FD {fd:.10e}  "
              f"{'ok' if good else 'MISMATCH'}")
    if ok:
        passed += 1
        print("PASS grad of final kinetic energy wrt initial T agrees with central FD")
    else:
        failed += 1
        print("FAIL grad of final kinetic energy")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
