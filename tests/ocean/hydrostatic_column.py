"""hydrostatic_column.py WORKDIR: the ocean model's linear equation of state and top-cell
hydrostatic pressure against values computed by hand (hydrostatic_column.cu sets T and S
so that b = g (alpha T - beta S) = N2 z, N2 = 1e-5 1/s^2, on NZ = 4 levels of dz = 250 m).

- Equation of state (Oceananigans' LinearEquationOfState, no reference values): b = N2 z
  at every centre (relative 1e-12); with the old reference values T0 = 10, S0 = 35 it
  would be off by g (beta 35 - alpha 10) = 0.248 m/s^2.
- Hydrostatic pressure (Oceananigans' _update_hydrostatic_pressure!: the top centre gets
  -b(top face) dz, then p_k = p_(k+1) - b(face k+1) dz downward): for b linear in z the
  face means are exact, so p_k = N2 z_k^2 / 2 + 3/8 N2 dz^2; by hand at the top centre
  z = -125 m: p = -b dz = 1.25e-3 * 250 = 0.3125 m^2/s^2, and below 0.9375, 2.1875,
  4.0625. The old top value -b dz/2 gives 0.15625 at the top (every level 0.15625 less).
Prints `N passed, N failed`."""
import os
import sys

import emu

N2, DZ = 1.0e-5, 250.0
HAND_P = [4.0625, 2.1875, 0.9375, 0.3125]     # k = 0 (bottom) .. 3 (top)


def main(argv):
    work = argv[1] if len(argv) > 1 else "hydrostatic-work"
    os.makedirs(work, exist_ok=True)
    exe = os.path.join(work, "hydrostatic_column")
    emu.build(os.path.join(emu.HERE, "hydrostatic_column.cu"), exe,
              ["-DNX=16", "-DNY=8", "-DNZ=4", *argv[2:]])
    rows = [tuple(float(x) for x in line.split()) for line in emu.run(exe).splitlines()]
    passed = failed = 0
    for k, z, b, p in rows:
        k = int(k)
        want_p = N2 * z * z / 2 + 3.0 / 8.0 * N2 * DZ * DZ
        checks = [("b", b, N2 * z), ("p", p, want_p), ("p by hand", p, HAND_P[k])]
        for what, got, want in checks:
            ok = abs(got - want) <= 1e-12 * abs(want)
            print("%s k=%d z=%g: %.17g (want %.17g) %s" % (what, k, z, got, want, "ok" if ok else "FAIL"))
            passed, failed = passed + ok, failed + (not ok)
    if len(rows) != 4:
        print("FAIL: %d levels printed, want 4" % len(rows))
        failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
