"""unbound_scalars.py: the race and bounds checks with scalars left unbound (issue 14).

  unbound_scalars.py --bin BINDIR

A scalar not bound by --set is an isl parameter: a race or an out-of-bounds access for
some value of its type is reported with that value; a kernel that is safe for every value
converts, and its module, run with the scalar as an input, matches numpy for several
values. With --oob-check, an access out of bounds only for some values is checked when
the module runs instead (runtime/guard.c). Where the check cannot decide (an index not quasi-affine in the scalar, and no
race for the values tried) the kernel converts and --report says so. The kernels are
written here. Prints `N passed, N failed`.
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

GUARDED = r"""
__global__ void scale(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0f * x[i];
}
"""
FOLD = r"""
__global__ void fold(const float *x, float *y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i % m] = x[i];
}
"""
FOLD_WIDE = r"""
__global__ void fold_wide(const float *x, float *y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= 1024) y[i % m] = x[i];
}
"""
LAP = r"""
__global__ void lap(const float *x, float *y, int nx, int ny, int w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  int row = j * nx;
  if (i > 0 && i < nx - 1 && j > 0 && j < ny - 1)
    y[row + i] = (float)w * (x[row + i - 1] + x[row + i + 1] + x[row - nx + i] +
                             x[row + nx + i] - 4.0f * x[row + i]);
}
"""
PICK = r"""
__global__ void pick(const float *x, float *y, int t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i] + x[t];
}
"""
SWEEP = r"""
__global__ void sweep(const float *src, float *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i == 0 || i == n - 1)
    dst[i] = src[i];
  else
    dst[i] = 0.25f * src[i - 1] + 0.5f * src[i] + 0.25f * src[i + 1];
}

void sweep_run(float *a, float *b, int n) {
  for (int it = 0; it < 5; it++) {
    sweep<<<8, 128>>>(a, b, n);
    float *t = a;
    a = b;
    b = t;
  }
}
"""
LAP_FLAGS = ["--grid", "4,4", "--block", "16,16", "--size", "x=1024", "--size", "y=1024",
             "--report"]
FLAGS = ["--grid", "4", "--block", "256", "--size", "x=1024", "--size", "y=1024"]
counts = {"passed": 0, "failed": 0}


def result(ok, what):
    counts["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + what)


def convert(exe, tmp, name, text, extra=(), flags=FLAGS):
    src = os.path.join(tmp, name + ".cu")
    with open(src, "w") as f:
        f.write(text)
    mod = os.path.join(tmp, name + ".mlir")
    r = subprocess.run([exe, src] + flags + list(extra) + ["-o", mod], capture_output=True,
                       text=True)
    return r, mod


def run(bindir, tmp, mod, ins):
    out = os.path.join(tmp, "res")
    args = [os.path.join(bindir, "cuda2hlo-run"), mod, "--out", out]
    for name, arr in ins.items():
        p = os.path.join(tmp, name + ".npy")
        np.save(p, arr)
        args += ["--in", f"{name}={p}"]
    r = subprocess.run(args, capture_output=True, text=True)
    return np.load(os.path.join(out, "y.npy")) if r.returncode == 0 else None


def lap_want(x, y, nx, ny, w):
    want = y.copy().reshape(-1, nx)
    u = x.reshape(-1, nx)
    want[1:ny - 1, 1:nx - 1] = np.float32(w) * (
        u[1:ny - 1, :nx - 2] + u[1:ny - 1, 2:] + u[:ny - 2, 1:nx - 1] + u[2:ny, 1:nx - 1]
        - np.float32(4) * u[1:ny - 1, 1:nx - 1])
    return want.reshape(-1)


def report_names(bindir, exe, tmp, rng):
    """--report names the unbound scalars that indices and guards depend on (nx, ny, not
    w, a value only), and the --set it suggests makes the stencil dense and correct."""
    r, mod = convert(exe, tmp, "lap", LAP, flags=LAP_FLAGS)
    line = [l for l in r.stderr.splitlines() if "unbound scalars in indices" in l]
    result(r.returncode == 0 and "scatters 1" in r.stderr and len(line) == 1
           and line[0].strip() == "unbound scalars in indices, guards or loop bounds: nx, ny "
           "(for a dense raise: --set nx=VALUE (in the index at 7:7), --symbolic ny or "
           "--set ny=VALUE (only in guards and loop bounds))",
           f"lap with nx, ny, w unbound: --report names nx, ny and the flag for each "
           f"(exit {r.returncode}: {line})")
    x = rng.uniform(-1, 1, 1024).astype(np.float32)
    y = rng.uniform(-1, 1, 1024).astype(np.float32)
    sets = ["--set", "nx=32", "--set", "ny=32"]
    r, mod = convert(exe, tmp, "lap_set", LAP.replace("lap(", "lap_set("), sets, LAP_FLAGS)
    dense = r.returncode == 0 and "stores dense 1 fallback 0" in r.stderr \
        and "gathers 0" in r.stderr and "unbound scalars" not in r.stderr
    got = run(bindir, tmp, mod, {"x": x, "y": y, "w": np.array(3, np.int32)}) if dense else None
    result(got is not None and np.allclose(got, lap_want(x, y, 32, 32, 3), rtol=1e-6, atol=1e-6),
           f"lap with the suggested --set nx=32 --set ny=32: dense, no gather, equals numpy "
           f"(exit {r.returncode}: {r.stderr[-300:]})")
    # the suggestion itself: nx bound, ny an input checked by a shape assertion
    sugg = ["--set", "nx=32", "--symbolic", "ny"]
    r, mod = convert(exe, tmp, "lap_sym", LAP.replace("lap(", "lap_sym("), sugg, LAP_FLAGS)
    dense = r.returncode == 0 and "stores dense 1 fallback 0" in r.stderr \
        and "gathers 0" in r.stderr and "scatters 0" in r.stderr
    for ny in (32, 20, 3):
        got = run(bindir, tmp, mod, {"x": x, "y": y, "w": np.array(3, np.int32),
                                     "ny": np.array(ny, np.int32)}) if dense else None
        result(got is not None and np.allclose(got, lap_want(x, y, 32, ny, 3), rtol=1e-6, atol=1e-6),
               f"lap with the suggested --set nx=32 --symbolic ny: dense, equals numpy at ny={ny} "
               f"(exit {r.returncode}: {r.stderr[-300:]})")
    r, mod = convert(exe, tmp, "scale_r", GUARDED, ["--report"])
    result(r.returncode == 0 and "stores dense 1" in r.stderr and "unbound scalars" not in r.stderr,
           f"if (i < n) with n unbound is dense: no unbound-scalars line (exit {r.returncode})")


def report_entry(bindir, exe, tmp, rng):
    """Under --entry the line says the host passes the values and suggests --symbolic for
    a scalar only in guards; following it makes both stores dense and equal to numpy."""
    flags = ["--entry", "sweep_run", "--size", "a=1000", "--size", "b=1000", "--report"]
    r, mod = convert(exe, tmp, "sweep", SWEEP, flags=flags)
    line = [l.strip() for l in r.stderr.splitlines() if "unbound scalars in indices" in l]
    result(r.returncode == 0 and "fallback 2" in r.stderr and line == [
        "unbound scalars in indices, guards or loop bounds: n (values the host program passes; "
        "for a dense raise: --symbolic n (only in guards and loop bounds))"],
        f"--entry: the line suggests --symbolic n (exit {r.returncode}: {line})")
    r, mod = convert(exe, tmp, "sweep_sym", SWEEP, ["--symbolic", "n"], flags)
    ok = r.returncode == 0 and "stores dense 2 fallback 0" in r.stderr and "gathers 0" in r.stderr
    a0 = rng.uniform(-1, 1, 1000).astype(np.float32)
    b0 = rng.uniform(-1, 1, 1000).astype(np.float32)
    for n in (1000, 517):
        bufs = [a0.copy(), b0.copy()]
        for it in range(5):
            src, dst = bufs[it % 2], bufs[1 - it % 2]
            s = src.copy()
            dst[0], dst[n - 1] = s[0], s[n - 1]
            dst[1:n - 1] = np.float32(0.25) * s[:n - 2] + np.float32(0.5) * s[1:n - 1] + \
                np.float32(0.25) * s[2:n]
        out = os.path.join(tmp, "res")
        args = [os.path.join(bindir, "cuda2hlo-run"), mod, "--out", out]
        for name, arr in (("a", a0), ("b", b0), ("n", np.array(n, np.int32))):
            np.save(os.path.join(tmp, name + ".npy"), arr)
            args += ["--in", f"{name}={os.path.join(tmp, name + '.npy')}"]
        got = subprocess.run(args, capture_output=True, text=True) if ok else None
        same = got is not None and got.returncode == 0 and all(
            np.allclose(np.load(os.path.join(out, f"{k}.npy")), bufs[i], rtol=1e-6, atol=1e-6)
            for i, k in enumerate("ab"))
        result(same, f"--entry with the suggested --symbolic n: dense, equals numpy at n={n} "
               f"(exit {r.returncode}: {r.stderr[-200:]})")


def oob_check(bindir, exe, tmp, x, y):
    """x[t] leaves x for t < 0 or t > 1023: refused with t unbound, converted with
    --oob-check; its module runs for t in bounds (equal to numpy) and refuses to run,
    naming the access and t, for t out of bounds, on interp and cpu."""
    r, mod = convert(exe, tmp, "pick", PICK)
    result(r.returncode == 1 and "'x' is read out of bounds" in r.stderr and not os.path.exists(mod),
           f"x[t] with t unbound is refused (exit {r.returncode})")
    r, mod = convert(exe, tmp, "pick", PICK, ["--oob-check"])
    result(r.returncode == 0 and "cuda2hlo.oob_checks" in open(mod).read() if r.returncode == 0 else False,
           f"--oob-check converts it with the condition in the module (exit {r.returncode}: {r.stderr[-300:]})")
    if r.returncode:
        return
    for backend in ("interp", "cpu"):
        for t in (0, 17, 1023, -1, 1024, -2**31, 2**31 - 1):
            out = os.path.join(tmp, "res")
            args = [os.path.join(bindir, "cuda2hlo-run"), mod, "--out", out, "--backend", backend]
            for name, arr in {"x": x, "y": y, "t": np.array(t, np.int32)}.items():
                np.save(os.path.join(tmp, name + ".npy"), arr)
                args += ["--in", f"{name}={os.path.join(tmp, name + '.npy')}"]
            rr = subprocess.run(args, capture_output=True, text=True)
            if 0 <= t <= 1023:
                got = np.load(os.path.join(out, "y.npy")) if rr.returncode == 0 else None
                result(got is not None and np.array_equal(got, x + x[t]),
                       f"pick t = {t} on {backend} runs and matches numpy ({rr.stderr[-200:]})")
            else:
                result(rr.returncode == 1 and f"pick.cu:4:17: 'x' is read out of bounds (1024 elements) when t = {t}"
                       in rr.stderr, f"pick t = {t} on {backend} refused naming the access ({rr.stderr[-300:]})")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    bindir = ap.parse_args().bin
    exe = os.path.join(bindir, "cuda2hlo")
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, 1024).astype(np.float32)
    y = rng.uniform(-1, 1, 1024).astype(np.float32)
    with tempfile.TemporaryDirectory() as tmp:
        r, mod = convert(exe, tmp, "scale", GUARDED)
        result(r.returncode == 0 and "error" not in r.stderr,
               f"if (i < n) y[i] = ... with n unbound converts (exit {r.returncode}: {r.stderr[-300:]})")
        for n in (0, 700, 1024, 5000):
            got = run(bindir, tmp, mod, {"x": x, "y": y, "n": np.array(n, np.int32)}) \
                if r.returncode == 0 else None
            want = y.copy()
            k = min(n, 1024)
            want[:k] = 2 * x[:k]
            result(got is not None and np.array_equal(got, want), f"scale with n = {n} matches numpy")
        r, mod = convert(exe, tmp, "fold", FOLD)
        result(r.returncode == 1 and "data race on 'y'" in r.stderr and "when m = 1" in r.stderr
               and not os.path.exists(mod),
               f"y[i % m] with m unbound is a race, reported with m = 1 (exit {r.returncode})")
        r, mod = convert(exe, tmp, "fold", FOLD, ["--set", "m=1024"])
        result(r.returncode == 0, f"y[i % m] with --set m=1024 converts (exit {r.returncode})")
        r, mod = convert(exe, tmp, "fold_wide", FOLD_WIDE, ["--report"])
        result(r.returncode == 0 and "races: not proven race-free" in r.stderr,
               f"m >= 1024 guarding y[i % m]: undecided, converts, --report says so "
               f"(exit {r.returncode}: {r.stderr[-300:]})")
        report_names(bindir, exe, tmp, rng)
        report_entry(bindir, exe, tmp, rng)
        oob_check(bindir, exe, tmp, x, y)
    print(f"{counts['passed']} passed, {counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
