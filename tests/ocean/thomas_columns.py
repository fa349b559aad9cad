"""thomas_columns.py WORK: the ocean model's vertically implicit diffusion (catke.cuh,
implicit_vertical_diffusion: a Thomas solve per water column, run on the CUDA emulator)
against a dense solve (numpy.linalg.solve) of the same systems on random columns.

For each column of field points (i, j) the system is, with r = dt / dz^2 and the face
diffusivity kappa_k on the bottom face of cell k (0 on the bottom and top walls):
  -r kappa_k x_{k-1} + (1 - dt lin L_k + r (kappa_k + kappa_{k+1})) x_k - r kappa_{k+1} x_{k+1} = c_k
(diagonally dominant: kappa >= 0, L <= 0). The face diffusivity of a centred field is
kappa itself (loc 0), of u the mean over cells i-1, i (loc 1), of v over j-1, j (loc 2;
the wall row j = 0 is not solved). Random kappa spans 1e-6 .. 1e1 m^2/s (log-uniform),
dt = 600 s, L in [-1e-2, 0] 1/s. Each column's solution must agree to 1e-12 relative
(2-norm); every point the solve must not touch (halos, v's wall row) must be unchanged.
Prints `N passed, N failed`."""
import os
import sys

import numpy as np

import emu

HERE = os.path.dirname(os.path.abspath(__file__))
NX, NY, NZ, H = 16, 8, 24, 3
LZ = 1000.0  # ocean.cu's default depth
DZ = LZ / NZ
DT = 600.0
TX, TY, TZ = NX + 2 * H, NY + 2 * H, NZ + 2 * H
CASES = [(0, 1.0), (1, 0.0), (2, 0.0)]  # (loc, lin)


def dense_solution(c, kappa, L, loc, lin, i, j):
    """The column's solution by numpy.linalg.solve of the full matrix (arrays from k = 0)."""
    def face(k):
        if k == 0 or k == NZ:
            return 0.0
        if loc == 1:
            return 0.5 * (kappa[k, j, i - 1] + kappa[k, j, i])
        if loc == 2:
            return 0.5 * (kappa[k, j - 1, i] + kappa[k, j, i])
        return kappa[k, j, i]
    r = DT / DZ ** 2
    a = np.zeros((NZ, NZ))
    for k in range(NZ):
        lo, up = r * face(k), r * face(k + 1)
        a[k, k] = 1.0 - DT * lin * L[k, j, i] + lo + up
        if k > 0:
            a[k, k - 1] = -lo
        if k < NZ - 1:
            a[k, k + 1] = -up
    return np.linalg.solve(a, c[:NZ, j, i])


def check(work, exe, loc, lin, rng):
    shape = (TZ, TY, TX)
    c = rng.uniform(-2.0, 2.0, shape)
    kappa = 10.0 ** rng.uniform(-6.0, 1.0, shape)
    L = rng.uniform(-1e-2, 0.0, shape)
    ind, outd = os.path.join(work, "in"), os.path.join(work, "out")
    os.makedirs(ind, exist_ok=True)
    os.makedirs(outd, exist_ok=True)
    for name, x in (("c", c), ("kappa", kappa), ("L", L)):
        x.tofile(os.path.join(ind, name + ".bin"))
    emu.run(exe, [ind, outd, loc, lin, DT])
    got = np.fromfile(os.path.join(outd, "c.bin")).reshape(shape)
    worst, touched = 0.0, np.zeros(shape, bool)
    for j in range(1 if loc == 2 else 0, NY):
        for i in range(NX):
            want = dense_solution(c[H:], kappa[H:], L[H:], loc, lin, i + H, j + H)
            col = got[H:H + NZ, j + H, i + H]
            worst = max(worst, np.linalg.norm(col - want) / np.linalg.norm(want))
            touched[H:H + NZ, j + H, i + H] = True
    untouched_same = np.array_equal(got[~touched], c[~touched])
    ok = worst <= 1e-12 and untouched_same
    print("%s loc %d lin %g: worst column relative difference %.2e vs numpy.linalg.solve "
          "(bound 1e-12); points outside the solved columns %s" %
          ("ok  " if ok else "FAIL", loc, lin, worst,
           "unchanged" if untouched_same else "CHANGED"))
    return ok


def main(argv):
    work = argv[1] if len(argv) > 1 else "thomas-work"
    os.makedirs(work, exist_ok=True)
    exe = os.path.join(work, "thomas_columns")
    emu.build(os.path.join(HERE, "thomas_columns.cu"), exe,
              ["-DOCEAN_CATKE=1", "-DNX=%d" % NX, "-DNY=%d" % NY, "-DNZ=%d" % NZ])
    rng = np.random.default_rng(19)
    results = [check(work, exe, loc, lin, rng) for loc, lin in CASES]
    passed = sum(results)
    print("%d passed, %d failed" % (passed, len(results) - passed))
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
