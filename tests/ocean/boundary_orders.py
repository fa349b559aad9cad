"""boundary_orders.py WORKDIR: the reconstruction orders the ocean model uses near a
Bounded boundary against Oceananigans' rules (src/Advection/
topologically_conditional_interpolation.jl, v0.110.19), derived here from those rules:

- a scheme that needs halo H keeps its order at 1-based index i of a direction of N cells
  when, for a reconstruction at a face (ᶠ), H + 1 <= i <= N + 1 - H (outside_biased_haloᶠ,
  both biases together; outside_symmetric_haloᶠ is the same range), and at a centre (ᶜ)
  H <= i <= N + 1 - H; else it falls to its buffer scheme;
- WENO(order=2H-1) and Centered(order=2H) need halo H; the buffer chains are WENO(order=7):
  7, 5, 3, then Centered(order=2) (its minimum_buffer_upwind_order is 3); the
  WENOVectorInvariant's schemes (minimum_buffer_upwind_order 1): 5, 3, then
  UpwindBiased(order=1) (printed as 1); Centered(order=4): 4, then 2.
The model's index is 0-based (face f is i = f + 1). Prints `N passed, N failed`."""
import os
import sys

import emu

DEFS = ["-DNX=16", "-DNY=16", "-DNZ=4", "-DHALO=4", "-DOCEAN_TRACER_ORDER=7",
        "-DOCEAN_VECTOR_INVARIANT=1"]


def keeps(i, n, halo, loc):
    lo = halo + 1 if loc == "f" else halo
    return lo <= i <= n + 1 - halo


def chain(i, n, loc, orders, last):
    """The first order of the chain (order, halo) that i keeps, else last."""
    for order, halo in orders:
        if keeps(i, n, halo, loc):
            return order
    return last


WENO7 = [(7, 4), (5, 3), (3, 2)]
WENO5 = [(5, 3), (3, 2)]
CENTRED4 = [(4, 2)]
RULES = {
    "tracer_face": lambda i, n: chain(i, n, "f", WENO7, 2),
    "vi_face": lambda i, n: chain(i, n, "f", WENO5, 1),
    "vi_centre": lambda i, n: chain(i, n, "c", WENO5, 1),
    "vi_centred_face": lambda i, n: chain(i, n, "f", CENTRED4, 2),
    "vi_centred_centre": lambda i, n: chain(i, n, "c", CENTRED4, 2),
}


def main(argv):
    work = argv[1] if len(argv) > 1 else "orders-work"
    os.makedirs(work, exist_ok=True)
    exe = os.path.join(work, "boundary_orders")
    emu.build(os.path.join(emu.HERE, "boundary_orders.cu"), exe, DEFS)
    passed = failed = 0
    for line in emu.run(exe).splitlines():
        name, n, idx, got = line.split()
        want = RULES[name](int(idx) + 1, int(n))
        if int(got) == want:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {name} n={n} index {idx}: order {got}, Oceananigans' rule {want}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
