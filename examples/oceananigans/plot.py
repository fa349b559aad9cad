"""plot.py FIELDS SERIES.csv --grid NX,NY,NZ [--lx M --ly M] [--out DIR]: the pictures of
an ocean run (examples/oceananigans) as PNG, drawn with matplotlib from what the run saved.

Consumes FIELDS, a folder of the state as .npy (ocean_run's --out, main.cu's --save: u, v,
T, eta with their halos, i fastest), and SERIES.csv (ocean_run's --series: step, days,
kinetic_energy_J, T_content_K_m3, S_content_m3, max_abs_eta_m). The halo follows from the
length of eta. Produces in --out (default: FIELDS):
  surface_T.png      temperature of the top cell (deg C), x and y in km, colour bar,
                     model time (days, the series' last row) in the title;
  surface_speed.png  the speed sqrt(u^2 + v^2) of the top cell at the cell centres (m/s),
                     u and v averaged from their faces;
  series.png         kinetic energy (J) and the temperature content's change relative to
                     its initial value against time (days).
Prints each path. Exit 1 when an input is missing or inconsistent."""
import argparse
import csv
import os
import sys

import numpy as np

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def load_series(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    if not rows:
        sys.exit("plot.py: %s has no rows" % path)
    return {k: np.array([float(r[k]) for r in rows]) for k in rows[0]}


def surface(fields, name, nx, ny, nz):
    """The top interior layer of field NAME as an (NY, NX + 1) array (one extra column:
    the first halo column east of the interior, for averaging u to centres), with the halo
    taken from eta's length."""
    eta = np.load(os.path.join(fields, "eta.npy")).ravel()
    c = np.load(os.path.join(fields, name + ".npy")).ravel()
    halo = None
    for h in range(0, 9):
        if (nx + 2 * h) * (ny + 2 * h) == eta.size:
            halo = h
    if halo is None or c.size != eta.size * (nz + 2 * halo):
        sys.exit("plot.py: %s/%s.npy does not fit a %dx%dx%d grid with a halo" % (fields, name, nx, ny, nz))
    h = halo
    c = c.reshape(nz + 2 * h, ny + 2 * h, nx + 2 * h)
    return c[h + nz - 1, h:h + ny + 1, h:h + nx + 1]


def map_plot(path, field, lx, ly, title, label, cmap):
    ny, nx = field.shape
    x = np.linspace(0, lx / 1e3, nx + 1)
    y = np.linspace(-ly / 2e3, ly / 2e3, ny + 1)
    fig, ax = plt.subplots(figsize=(6.4, 5.4))
    pc = ax.pcolormesh(x, y, field, cmap=cmap, shading="flat")
    ax.set_aspect("equal")
    ax.set_xlabel("x (km)")
    ax.set_ylabel("y (km)")
    ax.set_title(title)
    fig.colorbar(pc, ax=ax, label=label, shrink=0.85)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    print("plot.py: wrote %s" % path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("fields")
    ap.add_argument("series")
    ap.add_argument("--grid", required=True, help="NX,NY,NZ")
    ap.add_argument("--lx", type=float, default=1.0e6, help="domain length in x (m)")
    ap.add_argument("--ly", type=float, default=1.0e6, help="domain length in y (m)")
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    nx, ny, nz = (int(v) for v in a.grid.split(","))
    out = a.out or a.fields
    os.makedirs(out, exist_ok=True)
    s = load_series(a.series)
    days = s["days"][-1]

    T = surface(a.fields, "T", nx, ny, nz)[:ny, :nx]
    map_plot(os.path.join(out, "surface_T.png"), T, a.lx, a.ly,
             "Surface temperature, day %.1f" % days, "temperature (°C)", "RdYlBu_r")

    u = surface(a.fields, "u", nx, ny, nz)  # faces 0 .. NX (face NX: the periodic halo)
    vs = surface(a.fields, "v", nx, ny, nz)
    uc = 0.5 * (u[:ny, :nx] + u[:ny, 1:nx + 1])
    # v on faces 0 .. NY: surface() gives rows 0 .. NY (face NY is the north wall).
    vc = 0.5 * (vs[:ny, :nx] + vs[1:ny + 1, :nx])
    speed = np.sqrt(uc * uc + vc * vc)
    map_plot(os.path.join(out, "surface_speed.png"), speed, a.lx, a.ly,
             "Surface speed, day %.1f" % days, "speed (m/s)", "viridis")

    fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(6.4, 5.4), sharex=True)
    ax1.plot(s["days"], s["kinetic_energy_J"], "-", color="C0")
    ax1.set_ylabel("kinetic energy (J)")
    ax1.set_title("Kinetic energy and tracer content")
    ax1.grid(alpha=0.3)
    t0 = s["T_content_K_m3"][0]
    ax2.plot(s["days"], (s["T_content_K_m3"] - t0) / abs(t0) if t0 else s["T_content_K_m3"], "-",
             color="C3")
    ax2.set_ylabel("∫T dV relative change")
    ax2.set_xlabel("time (days)")
    ax2.grid(alpha=0.3)
    fig.tight_layout()
    path = os.path.join(out, "series.png")
    fig.savefig(path, dpi=100)
    plt.close(fig)
    print("plot.py: wrote %s" % path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
