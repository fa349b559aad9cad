#!/usr/bin/env python3
"""fit_diffusivity.py: an inverse problem through a raised CUDA time loop.

heat.cu's host loop `heat_run` (100 explicit steps of dT/dt = div(kappa grad T) on a
32 x 32 grid) is raised by cuda2hlo into one StableHLO module, and Module.jax() turns it
into a jax function. Four experiments (different initial temperatures, run as one
jax.vmap batch) are observed after the 100 steps under an unknown diffusivity field
kappa(x, y). Gradient descent (Adam, written in jax.numpy) fits kappa to the
observations with jax.grad through all 100 raised steps; the whole update (raised
code, loss, regulariser, optimiser) is one jax.jit program. Writes a PNG with the true
field, the fitted field and the loss curve.

    python fit_diffusivity.py [--out fit_diffusivity.png] [--iters 300]
Needs: the cuda2hlo package (pip install ./python after make), jax, matplotlib.
"""
import argparse
import os
import time

import numpy as np

import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)

import cuda2hlo  # noqa: E402

N, STEPS, DT, DX = 32, 100, 0.2, 1.0
HERE = os.path.dirname(os.path.abspath(__file__))


def true_kappa():
    y, x = np.mgrid[0:N, 0:N] / (N - 1)
    blob = lambda cx, cy, w: np.exp(-((x - cx) ** 2 + (y - cy) ** 2) / w)
    return 0.3 + 0.6 * blob(0.65, 0.4, 0.03) + 0.3 * blob(0.25, 0.7, 0.02)


def initial_temperatures(k=4, seed=0):
    """k smooth random fields (a few low sine modes each)."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:N, 0:N] / (N - 1)
    out = []
    for _ in range(k):
        T = np.zeros((N, N))
        for _ in range(4):
            a, b = rng.integers(1, 4, 2)
            T += rng.uniform(-1, 1) * np.sin(np.pi * a * x + rng.uniform(0, 6)) * \
                np.sin(np.pi * b * y + rng.uniform(0, 6))
        out.append(T.reshape(-1))
    return np.stack(out)


def kappa_of(theta):
    return 0.1 + jax.nn.sigmoid(theta)          # positive and < 1.1: dt*4*kappa < 1 (stable)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="fit_diffusivity.png")
    ap.add_argument("--iters", type=int, default=300)
    opts = ap.parse_args()
    t0 = time.time()

    m = cuda2hlo.convert(os.path.join(HERE, "heat.cu"), entry="heat_run",
                         sizes={"T": N * N, "Tn": N * N, "kappa": N * N},
                         scalars={"nx": N, "ny": N, "dx": DX, "dt": DT, "nsteps": STEPS})
    print(f"converted heat_run: {m.params} -> {m.results} ({time.time() - t0:.1f} s)")
    heat = m.jax()

    def simulate(kappa, T0):                     # one experiment: T after STEPS steps
        return heat(T=T0, Tn=T0, kappa=kappa)[0]
    simulate_all = jax.vmap(simulate, in_axes=(None, 0))

    T0s = initial_temperatures()
    kt = true_kappa().reshape(-1)
    obs = simulate_all(kt, T0s)
    # the raised module agrees with the bundled runtime
    ref = m.run(T0s[0], T0s[0], kt)[0]
    print(f"jax vs runtime (cpu), experiment 0: max |diff| = {np.max(np.abs(obs[0] - ref)):.2e}")

    def loss(theta):
        k = kappa_of(theta)
        misfit = jnp.mean((simulate_all(k, T0s) - obs) ** 2)
        kk = k.reshape(N, N)
        smooth = jnp.mean(jnp.diff(kk, axis=0) ** 2) + jnp.mean(jnp.diff(kk, axis=1) ** 2)
        return misfit + 1e-6 * smooth

    @jax.jit
    def update(theta, mom, vel, i):
        val, g = jax.value_and_grad(loss)(theta)
        mom = 0.9 * mom + 0.1 * g
        vel = 0.999 * vel + 0.001 * g * g
        mh, vh = mom / (1 - 0.9 ** i), vel / (1 - 0.999 ** i)
        return theta - 0.05 * mh / (jnp.sqrt(vh) + 1e-12), mom, vel, val

    theta = jnp.zeros(N * N)                    # kappa = 0.6 everywhere to start
    mom = vel = jnp.zeros(N * N)
    losses = []
    for i in range(1, opts.iters + 1):
        theta, mom, vel, val = update(theta, mom, vel, i)
        losses.append(float(val))
        if i == 1 or i % 50 == 0:
            print(f"iteration {i:4d}: loss {losses[-1]:.3e}")
    kf = np.asarray(kappa_of(theta)).reshape(N, N)
    inner = (slice(2, N - 2), slice(2, N - 2))
    err = np.linalg.norm(kf[inner] - true_kappa()[inner]) / np.linalg.norm(true_kappa()[inner])
    print(f"loss {losses[0]:.3e} -> {losses[-1]:.3e}; relative L2 error of kappa "
          f"(interior): {err:.3f}")

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(1, 3, figsize=(13, 4))
    for a, field, title in [(ax[0], true_kappa(), "true diffusivity"),
                            (ax[1], kf, f"fitted ({opts.iters} Adam steps)")]:
        im = a.imshow(field, origin="lower", vmin=0.1, vmax=1.1, cmap="viridis")
        a.set_title(title)
        fig.colorbar(im, ax=a, fraction=0.046)
    ax[2].semilogy(losses)
    ax[2].set_xlabel("iteration")
    ax[2].set_ylabel("loss")
    ax[2].set_title("misfit through 100 raised CUDA steps")
    fig.tight_layout()
    fig.savefig(opts.out, dpi=90)
    print(f"wrote {opts.out} ({time.time() - t0:.1f} s in all)")
    return 0 if losses[-1] < 0.01 * losses[0] else 1


if __name__ == "__main__":
    raise SystemExit(main())
