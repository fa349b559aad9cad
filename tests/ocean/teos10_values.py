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
