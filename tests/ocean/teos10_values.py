"""teos10_values.py WORK: TEOS-10 density (examples/oceananigans/teos10.cuh, run on the CUDA
emulator) against published check values, to the digits published.

Check values (Theta = 10 degC Conservative Temperature, S_A = 30 g/kg Absolute Salinity,
p = 1000 dbar, i.e. geopotential height Z = -1000 m):
  - Roquet, Madec, McDougall & Barker (2015), "Accurate polynomial expressions for the
    density and specific volume of seawater using the TEOS-10 standard", Ocean Modelling
    90, 29-43: the check values of the Boussinesq fit polyTEOS10-bsq, as printed in the
    authors' polyTEOS10.py (github.com/fabien-roquet/polyTEOS): r0 = 4.59763035,
    r = 1022.85377, rho = 1027.45140 kg/m^3;
  - the same three numbers are SeawaterPolynomials.jl's test values for its
    TEOS10EquationOfState (test/runtests.jl, "Test/check values from Roquet et al.").
Each is compared to half a unit in its last published digit.

The thermal expansion alpha = -(1/rho_0) d rho/d Theta and haline contraction
beta = (1/rho_0) d rho/d S_A (teos10.cuh, from the polynomial's derivatives) against
finite differences of the device's own density at states across the ocean's range:
centred differences with steps h and h/2 combined by Richardson extrapolation
((4 D(h/2) - D(h)) / 3), relative difference at most 1e-9 (measured <= 1.1e-10; a dropped or wrong term of the
derivative is off by 1e-5 or more).
Prints `N passed, N failed`; exit 1 on a failure."""
import os
import sys

import emu

HERE = os.path.dirname(os.path.abspath(__file__))

# (Theta, S_A, Z) -> [(name, column, published value, published decimals)]
CHECKS = [
    ((10.0, 30.0, -1000.0), [("r0", 0, 4.59763035, 8),
                             ("r'", 1, 1022.85377, 5),
                             ("rho", 2, 1027.45140, 5)]),
]


# (Theta degC, S_A g/kg, Z m): warm and fresh at the surface, cold and salty at depth,
# the published check state, near freezing.
DERIV_STATES = [(25.0, 35.0, 0.0), (2.0, 34.7, -4000.0), (10.0, 30.0, -1000.0), (-1.5, 33.0, -50.0),
                (15.0, 5.0, -200.0)]
RHO_REF = 1020.0


def check_derivatives(exe, state):
    th, sa, z = state
    hs = {"alpha": 0.05, "beta": 0.05}
    pts = [state]
    for h in (hs["alpha"], hs["alpha"] / 2):
        pts += [(th + h, sa, z), (th - h, sa, z)]
    for h in (hs["beta"], hs["beta"] / 2):
        pts += [(th, sa + h, z), (th, sa - h, z)]
    out = emu.run(exe, [repr(x) for pt in pts for x in pt])
    rows = [list(map(float, line.split())) for line in out.splitlines()]
    rho = [r[2] for r in rows]
    alpha, beta = rows[0][3], rows[0][4]
    d = [(rho[1] - rho[2]) / (2 * hs["alpha"]), (rho[3] - rho[4]) / hs["alpha"],
         (rho[5] - rho[6]) / (2 * hs["beta"]), (rho[7] - rho[8]) / hs["beta"]]
    fd_alpha = -(4 * d[1] - d[0]) / 3 / RHO_REF
    fd_beta = (4 * d[3] - d[2]) / 3 / RHO_REF
    passed = failed = 0
    for name, got, fd in (("alpha", alpha, fd_alpha), ("beta", beta, fd_beta)):
        rel = abs(got - fd) / abs(fd)
        ok = rel <= 1e-9
        print("%s %s(Theta=%g, S_A=%g, Z=%g) = %.10e, finite differences %.10e (rel %.1e)" %
              ("ok  " if ok else "FAIL", name, th, sa, z, got, fd, rel))
        passed += ok
        failed += not ok
    return passed, failed


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    work = argv[1]
    os.makedirs(work, exist_ok=True)
    exe = os.path.join(work, "teos10_values")
    emu.build(os.path.join(HERE, "teos10_values.cu"), exe)
    out = emu.run(exe, [repr(x) for state, _ in CHECKS for x in state])
    rows = [list(map(float, line.split())) for line in out.splitlines()]
    passed = failed = 0
    for state in DERIV_STATES:
        p, f = check_derivatives(exe, state)
        passed, failed = passed + p, failed + f
    for (state, checks), row in zip(CHECKS, rows):
        for name, col, want, places in checks:
            got = row[col]
            ok = abs(got - want) <= 0.5 * 10.0 ** -places
            print("%s %s(Theta=%g, S_A=%g, Z=%g) = %.10f, published %.*f" %
                  ("ok  " if ok else "FAIL", name, *state, got, places, want))
            passed += ok
            failed += not ok
    if len(rows) != len(CHECKS):
        print("FAIL: the driver printed %d rows for %d states" % (len(rows), len(CHECKS)))
        failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
