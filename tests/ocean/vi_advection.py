"""vi_advection.py WORKDIR: the ocean model's vector-invariant momentum advection
(vector_invariant.cuh, -DOCEAN_VECTOR_INVARIANT=1) against the exact advection of smooth
analytic fields. vi_advection.cu evaluates U·∇u and U·∇v for the non-divergent field
u = cos(kx) sin(ly) cos(mz), v = sin(kx) cos(ly) cos(mz), w = (k+l)/m sin(kx) sin(ly) sin(mz)
(k = 2 pi/Lx, l = 2 pi/Ly, m = pi/Lz; Lx = 2 Ly, so the vorticity is not zero) on N x N x N/2
grids, N = 24, 48,
96 (Lx = 1000 km, Ly = 500 km, Lz = 1 km), compared in the fixed box Ly/4 <= y <= 3Ly/4,
Lz/3 <= z <= 2Lz/3 (where every grid reconstructs at full order); the oracle is
(u·∇)u = u u_x + v u_y + w u_z (and likewise v), differentiated here by hand. The max
error relative to the max of the exact term must fall at an observed order of at least 1.8
(the scheme is second order: the transverse velocity averages v̂, û are) and be below 1e-2
at N = 48; a missing term or a wrong sign leaves an O(1) error that does not converge.
Prints `N passed, N failed`."""
import math
import os
import sys

import emu

LX, LY, LZ = 1.0e6, 5.0e5, 1.0e3
NS = (24, 48, 96)


def exact(n, which, i, j, k):
    """(u·∇)u or (u·∇)v at the u or v point (i, j, k) of the n x n x n/2 grid, None outside
    the box compared."""
    DX, DY, DZ = LX / n, LY / n, LZ / (n // 2)
    kx, ly, mz = 2 * math.pi / LX, 2 * math.pi / LY, math.pi / LZ
    if which == "u":
        x, y, z = i * DX, (j + 0.5) * DY, (k + 0.5) * DZ
    else:
        x, y, z = (i + 0.5) * DX, j * DY, (k + 0.5) * DZ
    if not (LY / 4 <= y <= 3 * LY / 4 and LZ / 3 <= z <= 2 * LZ / 3):
        return None
    cx, sx, cy, sy, cz, sz = (math.cos(kx * x), math.sin(kx * x), math.cos(ly * y),
                              math.sin(ly * y), math.cos(mz * z), math.sin(mz * z))
    u, v, w = cx * sy * cz, sx * cy * cz, (kx + ly) / mz * sx * sy * sz
    if which == "u":
        return u * (-kx * sx * sy * cz) + v * (ly * cx * cy * cz) + w * (-mz * cx * sy * sz)
    return u * (kx * cx * cy * cz) + v * (-ly * sx * sy * cz) + w * (-mz * sx * cy * sz)


def main(argv):
    work = argv[1] if len(argv) > 1 else "vi-work"
    os.makedirs(work, exist_ok=True)
    err, scale = {}, {}
    for n in NS:
        exe = os.path.join(work, f"vi_advection_{n}")
        emu.build(os.path.join(emu.HERE, "vi_advection.cu"), exe,
                  [f"-DNX={n}", f"-DNY={n}", f"-DNZ={n // 2}", "-DLY=5.0e5", "-DOCEAN_VECTOR_INVARIANT=1"])
        for line in emu.run(exe).splitlines():
            which, i, j, k, got = line.split()
            key = (n, which)
            want = exact(n, which, int(i), int(j), int(k))
            if want is None:
                continue
            err[key] = max(err.get(key, 0.0), abs(float(got) - want))
            scale[key] = max(scale.get(key, 0.0), abs(want))
    passed = failed = 0
    for which in ("u", "v"):
        rel = {n: err[(n, which)] / scale[(n, which)] for n in NS}
        checks = [(f"U·∇{which} N=48 relative error {rel[48]:.2e} < 1e-2", rel[48] < 1e-2)]
        for a, b in zip(NS, NS[1:]):
            order = math.log2(rel[a] / rel[b])
            checks.append((f"U·∇{which} N={a}->{b}: relative error {rel[a]:.2e} -> "
                           f"{rel[b]:.2e}, order {order:.2f} >= 1.8", order >= 1.8))
        for text, ok in checks:
            print(("ok   " if ok else "FAIL ") + text)
            passed += ok
            failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
