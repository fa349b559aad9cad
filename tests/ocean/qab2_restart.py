"""qab2_restart.py WORKDIR [-DNAME=V ...]: the ocean model's QAB2 time stepping on a restart, as
Oceananigans' time_step! does it (src/TimeSteppers/quasi_adams_bashforth_2.jl and the
HydrostaticFreeSurfaceModel's AB2 step): a forward Euler step when the time step differs
from the clock's last one, with the stored previous tendencies G^- not read (Oceananigans
zeroes them, issue 2259), and AB2 with chi = 0.1 when it is unchanged. The emulated model
(build_emulated.py, 16 x 16 x 4) runs 10 steps of 150 s and saves (A); then:

- restart with --dt 100, 1 step (B): every prognostic field's interior is
  A + 100 G (forward Euler; G the step's tendency, which the step stores as B's G^-),
  last_dt.npy = 100;
- the same from A with every G^- set to NaN (B'): B' equals B exactly and is finite;
- restart with --dt 150, 1 step (C): C = A + 150 (1.6 G - 0.6 G^-_A) (AB2 continues);
- the same from A with every G^- set to NaN, one at a time (C'): the AB2 step reads that
  G^-, so the field is NaN after the step (or the run stops with main.cu's "the solution
  blew up", exit 1, when the NaN reaches the kinetic energy first): the guard only drops a
  G^- whose coefficient is 0, a NaN it must read is never turned into a number.
Hand formulas, checked to 1e-13 of each field's scale. With compile flags (-DOCEAN_FS=SPLIT
-DOCEAN_CATKE=1: the split-explicit free surface, whose barotropic forcing integrates
(3/2 + chi) Gu - (1/2 + chi) Gu^- over the column, slow_tendency in split_explicit.cuh, and
CATKE's e with its G^- Gem) the hand formulas do not hold (barotropic correction, implicit
vertical diffusion) and only the NaN checks run, on every G^- of the configuration.
Prints `N passed, N failed`."""
import os
import shutil
import subprocess
import sys

import numpy as np

import emu

NX, NY, NZ, H = 16, 16, 4, 3
PROG = [("u", "Gum", 3), ("v", "Gvm", 3), ("T", "GTm", 3), ("S", "GSm", 3), ("eta", "Getam", 2)]


def interior(a, dims):
    tx, ty = NX + 2 * H, NY + 2 * H
    if dims == 2:
        return a.reshape(ty, tx)[H:H + NY, H:H + NX]
    return a.reshape(NZ + 2 * H, ty, tx)[H:H + NZ, H:H + NY, H:H + NX]


def load(d, name):
    return np.load(os.path.join(d, name + ".npy"))


def run(exe, *args):
    subprocess.run([exe, "--every", "1", *map(str, args)], check=True, capture_output=True)


def main(argv):
    work = argv[1] if len(argv) > 1 else "qab2-work"
    flags = argv[2:]
    prog = PROG + ([("e", "Gem", 3)] if "-DOCEAN_CATKE=1" in flags else [])
    if "-DOCEAN_FS=SPLIT" in flags:    # eta is substepped from GU, GV: Getam is not read
        prog = [x for x in prog if x[0] != "eta"]
    os.makedirs(work, exist_ok=True)
    exe = os.path.join(work, "ocean-emu")
    subprocess.run([sys.executable, os.path.join(emu.OCEAN, "build_emulated.py"), exe,
                    "-DNX=%d" % NX, "-DNY=%d" % NY, "-DNZ=%d" % NZ] + flags, check=True)
    d = {x: os.path.join(work, x) for x in ("A", "A_nan", "B", "B_nan", "C", "C_nan")}
    for x in d.values():
        shutil.rmtree(x, ignore_errors=True)
        os.makedirs(x)
    run(exe, "--steps", 10, "--dt", 150, "--save", d["A"])
    shutil.rmtree(d["A_nan"])
    shutil.copytree(d["A"], d["A_nan"])
    for _, gm, _ in prog:
        a = load(d["A"], gm)
        np.save(os.path.join(d["A_nan"], gm + ".npy"), np.full_like(a, np.nan))
    run(exe, "--load", d["A"], "--steps", 1, "--dt", 100, "--save", d["B"])
    b_nan_rc = subprocess.run([exe, "--every", "1", "--load", d["A_nan"], "--steps", "1", "--dt",
                               "100", "--save", d["B_nan"]], capture_output=True).returncode
    run(exe, "--load", d["A"], "--steps", 1, "--dt", 150, "--save", d["C"])
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        print("%s: %s" % (what, "ok" if ok else "FAIL"))
        passed, failed = passed + bool(ok), failed + (not ok)

    for f, gm, dims in prog:
        bn = load(d["B_nan"], f) if b_nan_rc == 0 else None
        check(bn is not None and np.all(np.isfinite(bn)) and np.array_equal(bn, load(d["B"], f)),
              "dt 150 -> 100 with NaN in %s: %s finite and equal (exit %d)" % (gm, f, b_nan_rc))
        one = os.path.join(work, "A_nan_" + gm)
        shutil.rmtree(one, ignore_errors=True)
        shutil.copytree(d["A"], one)
        np.save(os.path.join(one, gm + ".npy"), load(d["A_nan"], gm))
        shutil.rmtree(d["C_nan"], ignore_errors=True)
        os.makedirs(d["C_nan"])
        r = subprocess.run([exe, "--every", "1", "--load", one, "--steps", "1", "--dt", "150",
                            "--save", d["C_nan"]], capture_output=True, text=True)
        if r.returncode == 0:
            ok = np.isnan(interior(load(d["C_nan"], f), dims)).any()
            how = "%s NaN after the step" % f
        else:
            ok = r.returncode == 1 and "blew up" in r.stderr
            how = "the run stops (exit %d)" % r.returncode
        check(ok, "dt 150 -> 150 with NaN in %s: AB2 reads it, %s" % (gm, how))
        if flags:
            continue
        a = interior(load(d["A"], f), dims)
        scale = max(np.max(np.abs(a)), 1e-300)
        b, gb = interior(load(d["B"], f), dims), interior(load(d["B"], gm), dims)
        err = np.max(np.abs(b - (a + 100.0 * gb))) / scale
        check(err <= 1e-13, "dt 150 -> 100: %s = A + dt G (Euler), max err %.2e of |%s|" % (f, err, f))
        c, gc = interior(load(d["C"], f), dims), interior(load(d["C"], gm), dims)
        gma = interior(load(d["A"], gm), dims)
        err = np.max(np.abs(c - (a + 150.0 * (1.6 * gc - 0.6 * gma)))) / scale
        check(err <= 1e-13, "dt 150 -> 150: %s = A + dt (1.6 G - 0.6 G-) (AB2), max err %.2e" % (f, err))
    check(float(load(d["B"], "last_dt")) == 100.0, "B's last_dt = 100")
    check(float(load(d["A"], "last_dt")) == 150.0, "A's last_dt = 150")
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
