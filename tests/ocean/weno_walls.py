"""weno_walls.py WORKDIR: the ocean model reduces the order of its WENO5 tracer
reconstruction next to Bounded boundaries as Oceananigans does
(src/Advection/topologically_conditional_interpolation.jl: a scheme needing `b` cells
each side only on faces at least `b` cells from both walls, else its buffer scheme):
on the faces of y (NY = 8) and z (NZ = 8) walls and bottom get no flux, the first
interior face (1, N-1) Centered(order=2), the second (2, N-2) WENO(order=3), the rest
WENO(order=5). The oracle recomputes each face value here from Oceananigans' formulas
(its tabulated smoothness coefficients, 10 -31 11 25 -19 4 etc., and the Z-WENO weights
C* (1 + (tau / (beta + 1e-8))^2)), for velocity +1 and -1 (upwind from either side), on
random values of amplitude 1e-4 with NaN halos (weno_walls.cu). Agreement to 1e-12
relative. Extra arguments are compile flags: with -DOCEAN_BOUNDED_X=1 the faces of x
(NX = 16, walls at 0 and 16) are checked by the same rule. Prints `N passed, N failed`."""
import math
import os
import sys

import emu

EPS = 1e-8


def zweno(cstar, betas, qs, tau):
    a = [c * (1 + (tau / (b + EPS)) ** 2) for c, b in zip(cstar, betas)]
    return sum(x * q for x, q in zip(a, qs)) / sum(a)


def quad(coef, psi):
    """Oceananigans' tabulated smoothness form over the stencil values psi."""
    n, s, m = len(psi), 0.0, 0
    for a in range(n):
        for b in range(a, n):
            s += coef[m] * psi[a] * psi[b]
            m += 1
    return s


def weno5(v1, v2, v3, v4, v5):
    """Face between v3 and v4, v3 the nearest upwind cell (stencil 0 starts at v3)."""
    q = [(2 * v3 + 5 * v4 - v5) / 6, (-v2 + 5 * v3 + 2 * v4) / 6, (2 * v1 - 7 * v2 + 11 * v3) / 6]
    b = [quad((10, -31, 11, 25, -19, 4), (v3, v4, v5)), quad((4, -13, 5, 13, -13, 4), (v2, v3, v4)),
         quad((4, -19, 11, 25, -31, 10), (v1, v2, v3))]
    return zweno((0.3, 0.6, 0.1), b, q, abs(b[0] - b[2]))


def weno3(v1, v2, v3):
    """Face between v2 and v3, v2 the nearest upwind cell."""
    q = [(v2 + v3) / 2, (3 * v2 - v1) / 2]
    b = [quad((1, -2, 1), (v2, v3)), quad((1, -2, 1), (v1, v2))]
    return zweno((2 / 3, 1 / 3), b, q, abs(b[0] - b[1]))


def expected(c, f, vel):
    """Oceananigans' value times vel on face f (between cells f-1 and f) of len(c) cells."""
    d = min(f, len(c) - f)
    if d == 0:
        return 0.0
    if d == 1:
        return vel * 0.5 * (c[f - 1] + c[f])
    up = (lambda m: c[f - 1 - m]) if vel > 0 else (lambda m: c[f + m])    # m-th upwind cell
    down = (lambda m: c[f + m]) if vel > 0 else (lambda m: c[f - 1 - m])
    if d == 2:
        return vel * weno3(up(1), up(0), down(0))
    return vel * weno5(up(2), up(1), up(0), down(0), down(1))


def main(argv):
    work = argv[1] if len(argv) > 1 else "weno-walls-work"
    os.makedirs(work, exist_ok=True)
    exe = os.path.join(work, "weno_walls")
    defs = ["-DNX=16", "-DNY=8", "-DNZ=8", *argv[2:]]
    emu.build(os.path.join(emu.HERE, "weno_walls.cu"), exe, defs)
    dirs = ("x", "y", "z") if "-DOCEAN_BOUNDED_X=1" in defs else ("y", "z")
    passed = failed = 0
    for vel in (1.0, -1.0):
        cells, flux = {d: {} for d in dirs}, {d: {} for d in dirs}
        for line in emu.run(exe, [vel]).splitlines():
            w = line.split()
            if w[0] == "c":
                cells[w[1]][int(w[2])] = float(w[3])
            else:
                flux[w[0]][int(w[1])] = float(w[2])
        for d in dirs:
            c = [cells[d][m] for m in range(len(cells[d]))]
            n = len(c)
            for f, got in sorted(flux[d].items()):
                want = expected(c, f, vel)
                ok = math.isfinite(got) and abs(got - want) <= 1e-12 * max(abs(want), 1e-300)
                kind = ["wall", "centred", "WENO3"][min(f, n - f)] if min(f, n - f) < 3 else "WENO5"
                print("%s face %d vel %+g (%s): %.17g want %.17g %s" % (d, f, vel, kind, got, want,
                                                                     "ok" if ok else "FAIL"))
                passed, failed = passed + ok, failed + (not ok)
    print("%d passed, %d failed" % (passed, failed))
    faces = 2 * (9 + 8 + (17 if "x" in dirs else 0))   # y faces 0..8, z 0..7, x 0..16; vel +-1
    if passed + failed != faces:
        print("FAIL: %d face values printed, want %d" % (passed + failed, faces))
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
