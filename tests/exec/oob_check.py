"""oob_check.py: accesses not proven in bounds, checked when the module runs (issue 20).

  oob_check.py --bin BINDIR

An index the bounds walk cannot decide (data-dependent x[idx[i]], i * s, x[i + d] that may
overflow) is, with `cuda2hlo --oob-check`, checked inside the module (frontend
oobguard.c): a run in which some thread's index leaves its buffer fails with exit status
1, the access's location, the thread, its index and the buffer's extent, and writes no
result; a run in bounds equals numpy. The strategy --report names (affine or SIMT) is the one the
kernel gets without --oob-check (except SIMT_CHECKED). Since session 26 also the
positions that were left unchecked before: a loop's later iterations, a loop with a
break, a loop's test and step, a barrier's argument, statements with several effects,
an index with an effect (race_later.c, oobguard.c). Kernels written here; interp and cpu
backends. Prints `N passed, N failed`.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

N = 1024
KERNELS = {
    # name: (source, flags beyond the launch); inputs() below makes their inputs
    "gather": (r"""
__global__ void gather(const float *x, const int *idx, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[idx[i]];
}
""", ["--size", "x=1024", "--size", "idx=1024", "--size", "y=1024"]),
    "scatter": (r"""
__global__ void scatter(const float *x, const int *idx, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[idx[i]] = x[i];
}
""", ["--size", "x=1024", "--size", "idx=1024", "--size", "y=1024"]),
    "shift": (r"""
__global__ void shift(const float *x, float *y, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 512) y[i] = x[i + d];
}
""", ["--size", "x=1024", "--size", "y=1024"]),
    "stride": (r"""
__global__ void stride(const float *x, float *y, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i * s];
}
""", ["--size", "x=1024", "--size", "y=1024"]),
    "lazy": (r"""
__global__ void lazy(const float *x, const int *idx, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = idx[i] >= 0 ? x[idx[i]] : -1.0f;
}
""", ["--size", "x=1024", "--size", "idx=1024", "--size", "y=1024"]),
    "rows": (r"""
__global__ void rows(const int *len, const int *idx, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  int k = 0;
  while (k < len[i]) {
    s += x[idx[i * 4 + k]];
    k++;
  }
  y[i] = s;
}
""", ["--size", "len=1024", "--size", "idx=4096", "--size", "x=1024", "--size", "y=1024"]),
    "tile": (r"""
__global__ void tile(const int *idx, const float *x, float *y) {
  __shared__ float t[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  t[threadIdx.x] = x[i];
  __syncthreads();
  y[i] = t[idx[i]];
}
""", ["--size", "idx=1024", "--size", "x=1024", "--size", "y=1024"]),
    # the positions the walk did not check (session 26): a loop's later iterations, a loop
    # with jumps, a loop's test and step, a barrier's argument, a statement with another
    # effect, an index with an effect
    "later": (r"""
__global__ void later(const float *x, float *y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 1; k < m; k *= 2)
    s += x[i + k];
  y[i] = s;
}
""", ["--size", "x=2048", "--size", "y=1024"]),
    # a loop halving its variable: iterations 1 and 2 (followed exactly) are in bounds, the
    # later ones proven on a superset of t's values (race_later.c scaled()) or checked
    "halving": (r"""
__global__ void halving(const float *x, float *y, int lim) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  if (i < 512)
    for (int t = 256; t > lim; t >>= 1)
      s += x[i + 1024 - 4 * t];
  y[i] = s;
}
""", ["--size", "x=1024", "--size", "y=1024"]),
    # a loop test that is not affine as a whole: its affine conjunct bounds the superset
    # of the iterations (race_later.c test_set), which does not prove i + k here
    "conjunct": (r"""
__global__ void conjunct(const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < 1200 && x[k] < 2.0f; ++k)
    s += x[i + k];
  y[i] = s;
}
""", ["--size", "x=2048", "--size", "y=1024"]),
    "jump": (r"""
__global__ void jump(const float *x, float *y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < m; k++) {
    if (x[i + k] > 5.0f)
      break;
    s += x[i + k];
  }
  y[i] = s;
}
""", ["--size", "x=2048", "--size", "y=1024"]),
    "test": (r"""
__global__ void test(const float *x, float *y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = 0;
  while (k < m && x[i + k] < 5.0f)
    k++;
  y[i] = k;
}
""", ["--size", "x=2048", "--size", "y=1024"]),
    "fortest": (r"""
__global__ void fortest(const float *x, float *y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int n = 0;
  for (int k = 0; k < m && x[i + k] < 5.0f; k++) {
    if (x[i + k] > 4.0f)
      break;
    n++;
  }
  y[i] = n;
}
""", ["--size", "x=2048", "--size", "y=1024"]),
    "step": (r"""
__global__ void step(const int *skip, float *y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < m; k += 1 + skip[i + k])
    s += 1.0f;
  y[i] = s;
}
""", ["--size", "skip=2048", "--size", "y=1024"]),
    "barrier": (r"""
__global__ void barrier(const float *x, const int *idx, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int c = __syncthreads_count(x[idx[i]] > 0.0f);
  y[i] = c;
}
""", ["--size", "x=1024", "--size", "idx=1024", "--size", "y=1024"]),
    "effect": (r"""
__global__ void effect(const float *x, const int *idx, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = 2 * i;
  y[j++] = x[idx[i]];
  y[j] = 0.0f;
}
""", ["--size", "x=1024", "--size", "idx=1024", "--size", "y=2048"]),
    "effidx": (r"""
__global__ void effidx(const float *x, const int *idx, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = idx[i];
  y[i] = x[k++];
  y[i] += k;
}
""", ["--size", "x=1024", "--size", "idx=1024", "--size", "y=1024"]),
    "compact": (r"""
__global__ void compact(const float *x, int *cnt, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (x[i] > 0.0f) y[atomicAdd(cnt, 1)] = 1.0f;
}
""", ["--size", "x=1024", "--size", "cnt=1", "--size", "y=1024"]),
}
LAUNCH = ["--grid", "4", "--block", "256"]
# where each kernel's checked access is, as the message names it
WHERE = {"gather": ("4:10", "x", "read", 1024), "scatter": ("4:3", "y", "written", 1024),
         "shift": ("4:23", "x", "read", 1024), "stride": ("4:10", "x", "read", 1024),
         "lazy": ("4:24", "x", "read", 1024), "rows": ("7:10", "x", "read", 1024),
         "tile": ("7:10", "t", "read", 256), "later": ("6:10", "x", "read", 2048),
         "jump": ("6:9", "x", "read", 2048), "test": ("5:19", "x", "read", 2048),
         "fortest": ("5:28", "x", "read", 2048), "step": ("5:35", "skip", "read", 2048),
         "barrier": ("4:31", "x", "read", 1024), "effect": ("5:12", "x", "read", 1024),
         "effidx": ("5:10", "x", "read", 1024), "halving": ("7:12", "x", "read", 1024),
         "conjunct": ("6:10", "x", "read", 2048), "compact": ("4:20", "y", "written", 1024)}
SIMT_CHECKED = {"compact"}
# the index the first bad thread uses, from inputs(): gather's idx[700] = -701, lazy's
# N + 3, scatter's N; shift's thread 424 reads x[424 + 600]; stride's thread 512
# x[512 * 2]; rows' thread 700 its third element, idx[2802] = N + 10. The message names
# it (`at index V`); for the others any integer is accepted.
INDEX = {"gather": -701, "lazy": N + 3, "scatter": N, "shift": 1024, "stride": 1024, "rows": N + 10}
# the first thread out of bounds where it is not the bad thread (700)
FIRST = {"halving": 4, "conjunct": 849, "shift": 424, "stride": 512, "later": 0, "jump": 949, "test": 949, "fortest": 949,
         "step": 949}
counts = {"passed": 0, "failed": 0}


def result(ok, what):
    counts["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + what)
    sys.stdout.flush()


def inputs(name, rng, bad):
    """The inputs of kernel name, in bounds, or with one thread's index out (bad: the
    thread). Returns (inputs, numpy results or None)."""
    x = rng.uniform(-1, 1, N).astype(np.float32)
    y = rng.uniform(-1, 1, N).astype(np.float32)
    perm = rng.permutation(N).astype(np.int32)
    ins, want = {"x": x, "y": y}, y.copy()
    if name in ("gather", "lazy"):
        idx = perm.copy()
        if name == "lazy":
            idx[::7] = -5                     # not read: the check must not fire there
        if bad is not None:
            idx[bad] = N + 3 if name == "lazy" else -1 - bad
        ins["idx"] = idx
        want = np.where(idx >= 0, x[np.clip(idx, 0, N - 1)], np.float32(-1)).astype(np.float32)
    elif name == "scatter":
        idx = perm.copy()
        if bad is not None:
            idx[bad] = N
        ins["idx"] = idx
        if bad is None:
            want[idx] = x
    elif name == "shift":
        d = 600 if bad is not None else 500
        ins["d"] = np.array(d, np.int32)
        want[:512] = x[d:512 + d] if d + 512 <= N else 0
    elif name == "halving":
        lim = 0 if bad is not None else 64      # t = 64 reads x[i + 768] (out for i >= 256), t = 1 x[i + 1020]
        ins["lim"] = np.array(lim, np.int32)
        want = np.zeros(N, np.float32)
        for t in (256, 128):
            want[:512] = want[:512] + x[1024 - 4 * t:1024 - 4 * t + 512]
    elif name == "conjunct":
        # x of 2048: stops at k = 1000 (x[1000] >= 2), in bounds; without the stop k runs
        # to 1199 and i + k leaves x for i >= 849
        x2 = rng.uniform(-1, 1, 2 * N).astype(np.float32)
        if bad is None:
            x2[1000] = 5.0
        ins = {"x": x2, "y": y}
        want = np.array([np.add.accumulate(x2[i:i + 1000], dtype=np.float32)[-1]
                         for i in range(N)], np.float32)
    elif name == "stride":
        s = 2 if bad is not None else 1
        ins["s"] = np.array(s, np.int32)
        want = x[np.arange(N) * s] if s == 1 else None
    elif name == "rows":
        ln = rng.integers(0, 5, N).astype(np.int32)
        idx = rng.integers(0, N, 4 * N).astype(np.int32)
        if bad is not None:
            ln[bad] = 3
            idx[bad * 4 + 2] = N + 10
        ins.update({"len": ln, "idx": idx})
        want = np.zeros(N, np.float32)
        for i in range(N if bad is None else 0):
            s = np.float32(0)
            for k in range(ln[i]):
                s = np.float32(s + x[idx[i * 4 + k]])
            want[i] = s
    elif name == "tile":
        idx = rng.integers(0, 256, N).astype(np.int32)
        if bad is not None:
            idx[bad] = 256
        ins["idx"] = idx
        want = x.reshape(4, 256)[np.arange(N) // 256, idx % 256]
    elif name in ("later", "jump", "test", "fortest", "step"):
        # x of 2048 read at i + k: in bounds up to k = 1024
        x2 = rng.uniform(-1, 1, 2 * N).astype(np.float32)
        m = (3000 if name == "later" else 1100) if bad is not None else \
            (2048 if name == "later" else 1025)
        ins = {"x": x2, "y": y, "m": np.array(m, np.int32)}
        if name == "step":
            ins = {"skip": np.zeros(2 * N, np.int32), "y": y, "m": np.array(m, np.int32)}
        want = np.zeros(N, np.float32)
        for i in range(N if bad is None else 0):
            s = np.float32(0)
            if name == "later":
                k = 1
                while k < m:
                    s = np.float32(s + x2[i + k])
                    k *= 2
            elif name == "jump":
                for k in range(m):
                    s = np.float32(s + x2[i + k])
            else:
                s = np.float32(m)
            want[i] = s
    elif name == "barrier":
        idx = perm.copy()
        if bad is not None:
            idx[bad] = N + 3
        ins["idx"] = idx
        pos = (x[np.clip(idx, 0, N - 1)] > 0).reshape(4, 256).sum(axis=1)
        want = np.repeat(pos, 256).astype(np.float32)
    elif name == "effect":
        idx = perm.copy()
        if bad is not None:
            idx[bad] = -1 - bad
        y2 = rng.uniform(-1, 1, 2 * N).astype(np.float32)
        ins = {"x": x, "idx": idx, "y": y2}
        want = np.zeros(2 * N, np.float32)
        want[0::2] = x[np.clip(idx, 0, N - 1)]
    elif name == "effidx":
        idx = perm.copy()
        if bad is not None:
            idx[bad] = N
        ins["idx"] = idx
        want = (x[np.clip(idx, 0, N - 1)] + (idx + 1)).astype(np.float32)
    elif name == "compact":
        # an index with an effect (an atomic's old value): captured, checked after the store
        xc = x.copy()
        if bad is not None:
            xc[:bad] = -np.abs(xc[:bad]) - 0.5   # the first thread that stores: bad
            xc[bad] = np.abs(xc[bad]) + 0.1
        ins = {"x": xc, "cnt": np.array([1024 if bad is not None else 0], np.int32), "y": y}
        want = y.copy()
        want[:int((xc > 0).sum())] = 1.0
    return ins, ({"y": want} if bad is None else None)


def convert(exe, tmp, name, extra):
    src, flags = KERNELS[name]
    path = os.path.join(tmp, name + ".cu")
    with open(path, "w") as f:
        f.write(src)
    mod = os.path.join(tmp, name + ("_c" if extra else "") + ".mlir")
    r = subprocess.run([exe, path] + LAUNCH + flags + extra + ["--report", "-o", mod],
                       capture_output=True, text=True)
    strategy = [l.split()[1] for l in r.stderr.splitlines() if l.strip().startswith("strategy ")]
    return r, mod, strategy


def run(bindir, tmp, mod, ins, backend):
    out = os.path.join(tmp, "res")
    if os.path.isdir(out):
        for f in os.listdir(out):
            os.remove(os.path.join(out, f))
    args = [os.path.join(bindir, "cuda2hlo-run"), mod, "--backend", backend, "--out", out]
    for k, v in ins.items():
        p = os.path.join(tmp, k + ".npy")
        np.save(p, v)
        args += ["--in", f"{k}={p}"]
    r = subprocess.run(args, capture_output=True, text=True)
    files = os.listdir(out) if os.path.isdir(out) else []
    got = {f[:-4]: np.load(os.path.join(out, f)) for f in files} if r.returncode == 0 else None
    return r, got, files


def kernel(bindir, tmp, name, rng):
    exe = os.path.join(bindir, "cuda2hlo")
    plain, _, s0 = convert(exe, tmp, name, [])
    r, mod, s1 = convert(exe, tmp, name, ["--oob-check"])
    checked = "checked at run time" in r.stderr
    # compact's captured index (`y[tmp = atomicAdd(..)]`) is an assignment the affine
    # strategies refuse: SIMT with --oob-check (docs/bounds.md)
    want_s = ["simt"] if name in SIMT_CHECKED else s0
    result(r.returncode == 0 and checked and s1 == want_s and s1,
           f"{name}: --oob-check converts it with a run-time check, strategy {s1} as without "
           f"it ({s0}) (exit {r.returncode}: {r.stderr[-300:]})")
    if r.returncode:
        return
    loc, buf, how, count = WHERE[name]
    for backend in ("interp", "cpu"):
        ins, want = inputs(name, rng, None)
        p, got, _ = run(bindir, tmp, mod, ins, backend)
        recs = [v for k, v in (got or {}).items() if k.startswith("cuda2hlo_printf")]
        same = got is not None and np.allclose(got["y"], want["y"], rtol=1e-6, atol=1e-6) and \
            recs and not any(v.any() for v in recs)
        result(same, f"{name} on {backend}: in bounds, equals numpy, no record set "
               f"(exit {p.returncode}: {p.stderr[-300:]})")
        bad = 700
        ins, _ = inputs(name, rng, bad)
        p, got, files = run(bindir, tmp, mod, ins, backend)
        first = FIRST.get(name, bad)
        b, t = divmod(first, 256)
        msg = (f"{name}.cu:{loc}: block: [{b},0,0], thread: [{t},0,0] '{buf}' is {how} out of "
               f"bounds at index {INDEX.get(name, '-?[0-9]+')} ({count} elements")
        result(p.returncode == 1 and re.search(re.escape(msg).replace(re.escape("-?[0-9]+"), "-?[0-9]+"),
                                               p.stderr) and not files,
               f"{name} on {backend}: an index out of bounds fails the run with '{msg}', no "
               f"result written (exit {p.returncode}: {p.stderr[-300:]})")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    a = ap.parse_args()
    rng = np.random.default_rng(20)
    with tempfile.TemporaryDirectory() as tmp:
        for name in KERNELS:
            kernel(a.bin, tmp, name, rng)
    print(f"{counts['passed']} passed, {counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
