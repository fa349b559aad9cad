"""allow_oob.py: what a module converted with --allow-oob computes (docs/bounds.md).

  allow_oob.py --bin BINDIR

The rule: an out-of-bounds load reads the nearest element of the buffer (of the block's
own copy for __shared__, of the thread's own copy for a local array); an out-of-bounds
store (or atomic) changes nothing. The kernels below are written here; each is converted
with --allow-oob (exit 0, a warning per access), run with cuda2hlo-run (interp), and
compared with numpy applying the rule. Without --allow-oob each is refused (exit 1).
Prints `N passed, N failed`.
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

KERNEL = r"""
__global__ void oob(const float *x, float *y, float *z, int *h) {
  __shared__ float s[64];
  float loc[4];
  int t = threadIdx.x, i = blockIdx.x * 64 + t;
  s[t] = x[i];
  for (int k = 0; k < 4; k++)
    loc[k] = x[i] + k;
  __syncthreads();
  y[i + 3] = s[t + 2] + loc[t % 8] + x[i - 5];
  if (t == 0)
    z[i - 1] = -1.0f;
  atomicAdd(&h[t - 60], 1);
}
"""
FLAGS = ["--grid", "2", "--block", "64", "--size", "x=128", "--size", "y=128", "--size", "z=128",
         "--size", "h=8"]
counts = {"passed": 0, "failed": 0}


def result(ok, what):
    counts["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + what)


def expected(x, y, z, h):
    y, z, h = y.copy(), z.copy(), h.copy()
    for b in range(2):
        for t in range(64):
            i = b * 64 + t
            s = x[b * 64 + min(t + 2, 63)]                  # the block's own copy
            loc = x[i] + np.float32(min(t % 8, 3))           # the thread's own copy
            xm = x[max(i - 5, 0)]
            if i + 3 < 128:
                y[i + 3] = s + loc + xm
    for b in range(2):                                       # z[-1] dropped, z[63] kept
        if b * 64 - 1 >= 0:
            z[b * 64 - 1] = -1.0
    for b in range(2):
        for t in range(64):
            if 0 <= t - 60 < 8:
                h[t - 60] += 1
    return y, z, h


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    bindir = ap.parse_args().bin
    exe = os.path.join(bindir, "cuda2hlo")
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, 128).astype(np.float32)
    y = rng.uniform(-1, 1, 128).astype(np.float32)
    z = rng.uniform(-1, 1, 128).astype(np.float32)
    h = np.arange(8, dtype=np.int32)
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "oob.cu")
        with open(src, "w") as f:
            f.write(KERNEL)
        mod = os.path.join(tmp, "oob.mlir")
        r = subprocess.run([exe, src] + FLAGS + ["-o", mod], capture_output=True, text=True)
        result(r.returncode == 1 and not os.path.exists(mod),
               f"refused without --allow-oob (exit {r.returncode})")
        r = subprocess.run([exe, src] + FLAGS + ["--allow-oob", "-o", mod], capture_output=True,
                           text=True)
        nwarn = r.stderr.count("warning:")
        result(r.returncode == 0 and nwarn == 6,
               f"--allow-oob: exit 0, 6 warnings (exit {r.returncode}, {nwarn}: {r.stderr[-300:]})")
        if r.returncode != 0:
            return finish()
        args = [os.path.join(bindir, "cuda2hlo-run"), mod, "--out", os.path.join(tmp, "res")]
        for name, arr in (("x", x), ("y", y), ("z", z), ("h", h)):
            np.save(os.path.join(tmp, name + ".npy"), arr)
            args += ["--in", f"{name}={os.path.join(tmp, name + '.npy')}"]
        r = subprocess.run(args, capture_output=True, text=True)
        result(r.returncode == 0, f"cuda2hlo-run (exit {r.returncode}: {r.stderr[-300:]})")
        if r.returncode != 0:
            return finish()
        wy, wz, wh = expected(x, y, z, h)
        gy = np.load(os.path.join(tmp, "res", "y.npy"))
        gz = np.load(os.path.join(tmp, "res", "z.npy"))
        gh = np.load(os.path.join(tmp, "res", "h.npy"))
        bad = np.nonzero(np.abs(gy - wy) > 1e-6)[0]
        result(len(bad) == 0, f"y: loads clamped into their own copy, stores dropped (differs at {bad[:8]})")
        result(np.array_equal(gz, wz), "z: the store to z[-1] dropped, z[63] written")
        result(np.array_equal(gh, wh), f"h: atomics out of bounds dropped (got {gh}, want {wh})")
    return finish()


def finish():
    print(f"{counts['passed']} passed, {counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
