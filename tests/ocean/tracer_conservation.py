"""tracer_conservation.py WORKDIR: the ocean model's tracer step conserves the tracer
content in a closed basin with no-flux boundaries (walls in y, bottom and top with w = 0
there, periodic x): tracer_conservation.cu advects and diffuses a tracer with a fixed,
discretely non-divergent velocity (an x-z overturning cell and a sheared horizontal gyre,
no flow through any boundary) for 1000 QAB2 steps of 1 h on 16 x 16 x 8 cells with WENO5
(and its reduced orders next to the boundaries). The content sum(T dV) must change by at
most 1e-12 relative, while the tracer itself changes by more than 0.05 somewhere (the
flow does move it: not a vacuous check). Prints `N passed, N failed`."""
import os
import sys
from decimal import Decimal

import emu


def main(argv):
    work = argv[1] if len(argv) > 1 else "conservation-work"
    os.makedirs(work, exist_ok=True)
    exe = os.path.join(work, "tracer_conservation")
    emu.build(os.path.join(emu.HERE, "tracer_conservation.cu"), exe,
              ["-DNX=16", "-DNY=16", "-DNZ=8", *argv[2:]])
    c0, c1, change = emu.run(exe).split()
    rel = float(abs(Decimal(c1) - Decimal(c0)) / abs(Decimal(c0)))   # long double digits
    change = float(change)
    checks = [("content conserved: relative change %.3e (bound 1e-12)" % rel, rel <= 1e-12),
              ("the tracer moved: max |T - T0| = %.3e (> 0.05)" % change, change > 0.05)]
    for what, ok in checks:
        print("%s: %s" % (what, "ok" if ok else "FAIL"))
    failed = sum(not ok for _, ok in checks)
    print("%d passed, %d failed" % (len(checks) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
