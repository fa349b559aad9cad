"""host_entry.py: benchmark (not a test) for `cuda2hlo --entry` (issue 8).

A 100-step 2-D heat program (tests/kernels/host_heat2d_boundary.cu: interior kernel,
boundary kernel, pointer swap) on an NX x NY grid, run on XLA CPU through jaxlib:
  one      the whole host function converted as one module (--entry heat_run: a while)
  separate the two kernels converted alone (--kernel), executed 100 times each from
           Python with the buffers kept on the device and swapped by reference
Both are compiled first; the figure is the median wall time of REPS runs of all 100
steps. Both results are compared with each other (they must agree exactly or nearly).

Usage: build/venv/bin/python bench/host_entry.py [--bin build/host/bin] [--n 256] [--reps 5]
"""
import argparse
import os
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import xla  # noqa: E402

SRC = os.path.join(ROOT, "tests", "kernels", "host_heat2d_boundary.cu")


def convert(exe, args):
    r = subprocess.run([exe, SRC] + args + ["-o", "-"], capture_output=True, text=True, check=False)
    if r.returncode:
        sys.exit("cuda2hlo failed: " + r.stderr)
    return r.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--n", type=int, default=256)
    ap.add_argument("--reps", type=int, default=5)
    cfg = ap.parse_args()
    import jax
    exe = os.path.join(cfg.bin, "cuda2hlo")
    nx = ny = cfg.n
    size = [f"--size=T={nx * ny}", f"--size=Tn={nx * ny}"]
    sets = ["--set", f"nx={nx}", "--set", f"ny={ny}"]
    one = convert(exe, ["--entry", "heat_run"] + size + sets + ["--set", "alpha=1", "--set", "dx=1", "--set", "dt=0.2"])
    gx, gy, nb = (nx + 15) // 16, (ny + 7) // 8, 2 * nx + 2 * ny - 4
    inner = convert(exe, ["--kernel", "heat_interior", "--grid", f"{gx},{gy}", "--block", "16,8",
                          "--set", "r=0.2"] + size + sets)
    bound = convert(exe, ["--kernel", "heat_boundary", "--grid", str((nb + 63) // 64), "--block", "64",
                          f"--size=Tn={nx * ny}"] + sets)
    e1, dev = xla._compile(one)
    e_in, _ = xla._compile(inner)
    e_bd, _ = xla._compile(bound)
    rng = np.random.default_rng(1)
    T0 = rng.uniform(0, 1, nx * ny).astype(np.float32)
    Tn0 = np.zeros(nx * ny, np.float32)
    T, Tn = jax.device_put(T0, dev), jax.device_put(Tn0, dev)

    def run_one():
        out = e1.execute([T, Tn])
        out[0].block_until_ready()
        return out

    def run_separate():
        a, b = T, Tn
        for _ in range(100):
            b = e_in.execute([a, b])[0]
            b = e_bd.execute([b])[0]
            a, b = b, a
        a.block_until_ready()
        return [a, b]

    res = {}
    for name, fn in (("one", run_one), ("separate", run_separate)):
        fn()
        ts = []
        for _ in range(cfg.reps):
            t0 = time.perf_counter()
            out = fn()
            ts.append(time.perf_counter() - t0)
        res[name] = (sorted(ts)[len(ts) // 2], [np.asarray(o) for o in out])
    d = max(float(np.abs(x - y).max()) for x, y in zip(res["one"][1], res["separate"][1]))
    print(f"heat2d {nx}x{ny}, 100 steps, XLA CPU: one module {res['one'][0] * 1e3:.2f} ms, "
          f"200 kernel modules {res['separate'][0] * 1e3:.2f} ms, ratio {res['separate'][0] / res['one'][0]:.2f}x; "
          f"max |difference| {d:.3g}")


if __name__ == "__main__":
    main()
