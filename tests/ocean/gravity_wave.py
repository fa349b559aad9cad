"""gravity_wave.py BUILD_DIR WORK_DIR [-DNAME=V ...]: the free surface's gravity-wave speed.

A surface gravity wave of one Fourier mode, eta = A cos(k x) with k = 2 pi / LX, travelling
in +x (u = sqrt(g / H) eta at every level, U = H u), in the ocean model (examples/oceananigans,
built by its build_emulated.py with the given -D options: the split-explicit free surface;
x-periodic, flat bottom H = LZ, no rotation, uniform T and S), saved after N1 and N2 steps
(N2 - N1 about 3/4 of a period). Checks, with oracles that are not the model:
  1. the phase speed from the phase of the mode's Fourier coefficient of eta between the two
     saves, c = (phase(N1) - phase(N2)) / (k (N2 - N1) dt), is within 1% of sqrt(g H)
     (g = 9.80665);
  2. the mode's complex amplitude at N1 and N2 (relative to step 0) is within 1e-3 of the
     discrete scheme's: the 2x2 map of (eta, U) of one baroclinic step, the average over
     Oceananigans' substeps (forward-backward, the C-grid differences' symbol
     2i sin(k dx/2)/dx) with the weights of its weights_from_substeps and
     averaging_shape_function, written here from those formulas, to the power N.
Prints `N passed, N failed`.
"""
import math
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OCEAN = os.path.join(ROOT, "examples", "oceananigans")

NX, NY, NZ, HALO = 64, 8, 2, 3
LX, LZ, G = 1.0e6, 1.0e3, 9.80665
DT, AMP = 150.0, 1.0e-2



def initial_state(exe, folder):
    """The travelling mode on the padded arrays (halos included: the mode is x-periodic
    and uniform in y and z, so the halos are what the fills would give); every other
    field of the model's state (its --fields list) zero."""
    tx, ty, tz = NX + 2 * HALO, NY + 2 * HALO, NZ + 2 * HALO
    dx = LX / NX
    k = 2 * math.pi / LX
    i = np.arange(tx) - HALO
    c = math.sqrt(G * LZ)
    eta_row = AMP * np.cos(k * (i + 0.5) * dx)            # cell centres
    u_row = c / LZ * AMP * np.cos(k * i * dx)             # west faces
    listing = subprocess.run([exe, "--fields"], capture_output=True, text=True, check=True).stdout
    fields = {n: np.zeros(int(size)) for n, size in (ln.split() for ln in listing.splitlines())}
    fields["T"][:] = 10.0
    fields["S"][:] = 35.0
    fields["u"][:] = np.tile(u_row, ty * tz)
    fields["eta"][:] = np.tile(eta_row, ty)
    fields["U"][:] = np.tile(LZ * u_row, ty)
    os.makedirs(folder, exist_ok=True)
    for n, a in fields.items():
        np.save(os.path.join(folder, n + ".npy"), a)


def mode(eta):
    """Complex amplitude of cos(k x) in row j = 0 of the interior of a padded 2-D eta."""
    tx = NX + 2 * HALO
    row = eta.reshape(-1, tx)[HALO, HALO:HALO + NX]
    return 2.0 * np.fft.rfft(row)[1] / NX


def shape(tau, p=2, q=4, r=0.18927):
    """Oceananigans' averaging_shape_function (Shchepetkin and McWilliams 2005)."""
    tau0 = (p + 2) * (p + q + 2) / (p + 1) / (p + q + 1)
    return (tau / tau0) ** p * (1 - (tau / tau0) ** q) - r * (tau / tau0)


def step_map(ny, dt):
    """The discrete scheme's map of the mode's (eta, U) over one baroclinic step of dt:
    S = max(5, ceil(2 dt / dt_bt)) substeps of the cfl = 0.7 rule, weights a_m = shape(2 m /
    S) normalised up to the last positive one M*, dtau = dt / sum(a_m m), and the average
    sum a_m (E U)^m of the forward-backward substeps U' = U - dtau g H D eta,
    eta' = eta - dtau D U'."""
    dx, dy = LX / NX, LX / ny
    c = math.sqrt(G * LZ)
    dt_bt = 0.7 / math.sqrt(1 / dx ** 2 + 1 / dy ** 2) / c
    s = max(5, math.ceil(2 * dt / dt_bt))
    a = [shape(2 * m / s) for m in range(1, s + 1)]
    mstar = max(i for i, x in enumerate(a) if x > 0) + 1
    w = np.array(a[:mstar]) / sum(a[:mstar])
    dtau = dt / float(np.sum(w * np.arange(1, mstar + 1)))
    d = 2j * math.sin(math.pi / NX) / dx
    sub = np.array([[1, -dtau * d], [0, 1]]) @ np.array([[1, 0], [-dtau * G * LZ * d, 1]])
    f, power = np.zeros((2, 2), complex), np.eye(2, dtype=complex)
    for m in range(mstar):
        power = sub @ power
        f += w[m] * power
    return f


def run(exe, src, dst, steps):
    os.makedirs(dst, exist_ok=True)
    r = subprocess.run([exe, "--load", src, "--dt", str(DT), "--steps", str(steps),
                        "--every", str(steps), "--save", dst], capture_output=True, text=True)
    if r.returncode:
        print(r.stdout + r.stderr)
    return r.returncode == 0


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    work, defs = argv[2], argv[3:]
    os.makedirs(work, exist_ok=True)
    exe = os.path.join(work, "ocean-wave")
    defs = ["-DNX=%d" % NX, "-DNY=%d" % NY, "-DNZ=%d" % NZ, "-DF0=0"] + defs
    if subprocess.run([sys.executable, os.path.join(OCEAN, "build_emulated.py"), exe] + defs).returncode:
        print("gravity_wave: FAIL: the emulated build\n0 passed, 1 failed")
        return 1
    c = math.sqrt(G * LZ)
    n1 = 10
    n2 = n1 + int(round(0.75 * LX / c / DT))
    init, out1, out2 = (os.path.join(work, d) for d in ("init", "out1", "out2"))
    initial_state(exe, init)
    if not (run(exe, init, out1, n1) and run(exe, out1, out2, n2 - n1)):
        print("gravity_wave: FAIL: the run\n0 passed, 1 failed")
        return 1
    a0, a1, a2 = (mode(np.load(os.path.join(d, "eta.npy"))) for d in (init, out1, out2))
    k = 2 * math.pi / LX
    speed = ((np.angle(a1) - np.angle(a2)) % (2 * math.pi)) / (k * (n2 - n1) * DT)
    err = speed / c - 1.0
    f = step_map(NY, DT)
    v0 = np.array([1.0, c])
    p1 = (np.linalg.matrix_power(f, n1) @ v0)[0]
    p2 = (np.linalg.matrix_power(f, n2) @ v0)[0]
    dev = max(abs(a1 / a0 - p1), abs(a2 / a0 - p2))
    label = "gravity wave " + " ".join(defs[4:])
    print("%s: steps %d..%d of %g s: phase speed %.4f m/s, sqrt(g H) = %.4f m/s, relative "
          "difference %.2e (bound 1e-2)" % (label, n1, n2, DT, speed, c, err))
    print("%s: amplitude at step %d / step 0 %.6f%+.6fi, the discrete scheme's %.6f%+.6fi; "
          "largest difference (steps %d, %d) %.1e (bound 1e-3)"
          % (label, n2, (a2 / a0).real, (a2 / a0).imag, p2.real, p2.imag, n1, n2, dev))
    ok = abs(err) < 1e-2 and dev < 1e-3
    print("%s: %s" % (label, "OK" if ok else "FAIL"))
    print("%d passed, %d failed" % (int(ok), int(not ok)))
    return 0 if ok else 1

if __name__ == "__main__":
    sys.exit(main(sys.argv))
