"""weno7_order.py WORKDIR: the ocean model's WENO(order=7) reconstruction (weno7.cuh)
converges at seventh order on smooth periodic data. weno7_order.cu reconstructs the face
values of f(x) = exp(sin(2 pi x)) from its exact cell averages at N = 20, 40, 80, 160;
the oracle is the exact face value f(i / N). Observed order between resolutions N and 2N:
log2(err_N / err_2N) of the max-norm errors, from the left and from the right; each must
lie in [6.5, 7.6] (the asymptotic order is 7). Prints `N passed, N failed`."""
import math
import os
import sys

import emu

NS = (20, 40, 80, 160)


def errors(out):
    err = {}
    for line in out.splitlines():
        n, i, left, right = line.split()
        n, i = int(n), int(i)
        exact = math.exp(math.sin(2.0 * math.pi * i / n))
        el, er = err.get(n, (0.0, 0.0))
        err[n] = (max(el, abs(float(left) - exact)), max(er, abs(float(right) - exact)))
    return err


def main(argv):
    work = argv[1] if len(argv) > 1 else "weno7-work"
    os.makedirs(work, exist_ok=True)
    exe = os.path.join(work, "weno7_order")
    emu.build(os.path.join(emu.HERE, "weno7_order.cu"), exe)
    err = errors(emu.run(exe, NS))
    passed = failed = 0
    for side in (0, 1):
        for a, b in zip(NS, NS[1:]):
            order = math.log2(err[a][side] / err[b][side])
            ok = 6.5 <= order <= 7.6
            print(f"{'left' if side == 0 else 'right'} N={a}->{b}: max error "
                  f"{err[a][side]:.3e} -> {err[b][side]:.3e}, order {order:.2f} "
                  f"{'ok' if ok else 'FAIL'}")
            passed += ok
            failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
