"""fluxes.py WORKDIR: the ocean model's flux boundary conditions and beta-plane Coriolis
(boundary_fluxes.cuh, coriolis.cuh) against values computed here by hand from the
formulas, for the chosen state of fluxes.cu (16 x 16 x 4 cells, 1000 km x 1000 km x 1 km,
dz = 250 m, y = 0 at the channel centre):
  bottom drag (Oceananigans BulkDrag, Cd = 0.003): Gu[k=0] = -Cd |U| u / dz with
    |U|^2 = u^2 + v^2 + (0 + 0 + w1^2 + w1^2) / 4, u = 0.3, v = -0.4, w1 = 0.01; Gv likewise
    with v (0 on the wall face j = 0);
  wind stress tau = 0.1 cos(pi y / Ly) N/m^2: Gu[top] = +tau / (rho0 dz), rho0 = 1026;
  heat flux Q = 10 sin(pi y / Ly) W/m^2 (upward) and surface restoring toward
    T*(y) = 10 - 20 y / Ly with tau = 30 days (flux (dz / tau) (T - T*) upward, T = 12.5):
    GT[top] = -Q / (rho0 cp dz) - (T - T*(y)) / tau, cp = 3991;
  beta plane f = 1e-4 + 1.6e-11 y: Gu = f(y_centre) * 0.2 and Gv = -f(y_face) * 0.1 on the
    uniform state u = 0.1, v = 0.2 (interior rows, where the averages see no wall);
  cells other than the top and bottom ones untouched (0).
Relative tolerance 1e-13. Prints `N passed, N failed`."""
import math
import os
import sys

import emu

NY, LY, DZ = 16, 1.0e6, 1.0e3 / 4
DEFS = ["-DNX=16", "-DNY=16", "-DNZ=4", "-DOCEAN_BOTTOM_DRAG=1", "-DOCEAN_WIND_STRESS=1",
        "-DOCEAN_HEAT_FLUX=1", "-DOCEAN_SURFACE_RESTORING=1", "-DOCEAN_BETA_PLANE=1"]
CD, RHO0, CP = 0.003, 1026.0, 3991.0


def y_centre(j):
    return (j + 0.5) * LY / NY - LY / 2


def expected(name, j):
    speed = math.sqrt(0.3 ** 2 + 0.4 ** 2 + 0.5 * 0.01 ** 2)
    if name == "drag_u":
        return -CD * speed * 0.3 / DZ
    if name == "drag_v":
        return 0.0 if j == 0 else -CD * speed * -0.4 / DZ
    if name == "wind_u":
        return 0.1 * math.cos(math.pi * y_centre(j) / LY) / (RHO0 * DZ)
    if name == "surface_T":
        heat = -10.0 * math.sin(math.pi * y_centre(j) / LY) / (RHO0 * CP * DZ)
        t_star = 10.0 - 20.0 * y_centre(j) / LY
        return heat - (12.5 - t_star) / (30 * 86400.0)
    if name == "untouched":
        return 0.0
    if name == "coriolis_u":
        return (1e-4 + 1.6e-11 * y_centre(j)) * 0.2 if 0 < j < NY - 1 else None
    if name == "coriolis_v":
        return -(1e-4 + 1.6e-11 * (j * LY / NY - LY / 2)) * 0.1 if 0 < j < NY - 1 else None
    raise ValueError(name)


def main(argv):
    work = argv[1] if len(argv) > 1 else "fluxes-work"
    os.makedirs(work, exist_ok=True)
    exe = os.path.join(work, "fluxes")
    emu.build(os.path.join(emu.HERE, "fluxes.cu"), exe, DEFS)
    passed = failed = 0
    worst = {}
    for line in emu.run(exe).splitlines():
        name, j, got = line.split()
        want = expected(name, int(j))
        if want is None:
            continue
        err = abs(float(got) - want)
        ok = err <= 1e-13 * abs(want) + 1e-300
        worst[name] = max(worst.get(name, 0.0), err / abs(want) if want else err)
        if not ok:
            print(f"FAIL {name} j={j}: got {got}, want {want:.17g}")
        passed += ok
        failed += not ok
    for name, e in sorted(worst.items()):
        print(f"{name}: worst relative error {e:.2e}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
