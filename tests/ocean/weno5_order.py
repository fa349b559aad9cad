"""weno5_order.py WORKDIR: the ocean model's tracer reconstruction (ocean.cu's face_value,
the one tracer_tendency uses) converges at fifth order with WENO5 and at second order with
Centered(order=2) on smooth data, in a uniform flow on a 1-D periodic line.
weno5_order.cu reconstructs the face values of f(x) = exp(sin(2 pi x)) from its exact cell
averages at N = 20, 40, 80, 160 (from the left and from the right for WENO5); the oracle
is the exact face value f(i / N). Observed order between N and 2N: log2(err_N / err_2N)
of the max-norm errors; WENO5 must lie in [4.5, 5.6], centred in [1.9, 2.1]. Prints
`N passed, N failed`."""
import math
import os
import sys

import emu

NS = (20, 40, 80, 160)
BOUNDS = {"WENO5 left": (4.5, 5.6), "WENO5 right": (4.5, 5.6), "centred": (1.9, 2.1)}


def errors(out):
    err = {}
    for line in out.splitlines():
        n, i, left, right, centred = line.split()
        n, i = int(n), int(i)
        exact = math.exp(math.sin(2.0 * math.pi * i / n))
        e = err.setdefault(n, dict.fromkeys(BOUNDS, 0.0))
        for name, v in zip(BOUNDS, (left, right, centred)):
            e[name] = max(e[name], abs(float(v) - exact))
    return err


def main(argv):
    work = argv[1] if len(argv) > 1 else "weno5-work"
    os.makedirs(work, exist_ok=True)
    exe = os.path.join(work, "weno5_order")
    emu.build(os.path.join(emu.HERE, "weno5_order.cu"), exe)
    err = errors(emu.run(exe, NS))
    passed = failed = 0
    for name, (lo, hi) in BOUNDS.items():
        for a, b in zip(NS, NS[1:]):
            order = math.log2(err[a][name] / err[b][name])
            ok = lo <= order <= hi
            print(f"{name} N={a}->{b}: max error {err[a][name]:.3e} -> {err[b][name]:.3e}, "
                  f"order {order:.2f} (want {lo}..{hi}) {'ok' if ok else 'FAIL'}")
            passed += ok
            failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
