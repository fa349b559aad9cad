"""runtime_divisor.py: kernels that divide thread indices by scalar parameters left unbound.

  runtime_divisor.py --bin BINDIR [--backend cpu]

Under cudart a scalar that changes from launch to launch stays a module input (a 0-d
tensor), so `i / n` and `i % n` divide by a value the cpu backend knows only when the
module runs: runtime/cpu/emit.c divides a 32-bit integer by such a value with a multiplier
computed once before the loops. Two kernels written here in the shapes of HeCBench's
bitonic-sort (a compare-exchange of i and i + seq_len/2 inside sequences of seq_len,
the direction from (i / seq_len) / two_power % 2) and concat (a gather from one of two
inputs by div/mod index arithmetic) are converted once with their scalars unbound and run
for many values (odd divisors, 1, sizes not a multiple of the vector width, negative
indices in the remainder), each result checked against numpy. The bitonic kernel runs a
whole sort (every launch of the network), so the final array is also np.sort's.
Prints `N passed, N failed`; exits 1 on any failure.
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

CMPX = r"""
__global__ void cmpx(int *a, int seq_len, int two_power) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int seq = i / seq_len;
  int half = seq_len / 2;
  int other = -1;
  if (i < seq * seq_len + half) other = i + half;
  bool up = ((seq / two_power) % 2) == 0;
  if (other != -1) {
    int x = a[i], y = a[other];
    if ((x > y && up) || (x < y && !up)) {
      a[i] = y;
      a[other] = x;
    }
  }
}
"""
JOIN = r"""
__global__ void join(const float *p, const float *q, float *z, int rows, int w, int na, int nb) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= rows * w * (na + nb)) return;
  int c = t % w, r = t / w;
  int k = r % (na + nb), b = r / (na + nb);
  const float *src = p;
  int n = na;
  if (k >= na) { k -= na; n = nb; src = q; }
  z[t] = src[(b * n + k) * w + c] + (float)((t - 77) % w);
}
"""
passed = failed = 0


def result(ok, what):
    global passed, failed
    passed += ok
    failed += not ok
    print(("PASS " if ok else "FAIL ") + what)


def convert(exe, tmp, name, text, args):
    src = os.path.join(tmp, name + ".cu")
    with open(src, "w") as f:
        f.write(text)
    mod = os.path.join(tmp, name + ".mlir")
    r = subprocess.run([exe, src, "--kernel", name, "--oob-check", "-o", mod] + args,
                       capture_output=True, text=True, timeout=300)
    return r, mod


def run(bindir, backend, tmp, mod, ins, out_name):
    out = os.path.join(tmp, "out")
    cmd = [os.path.join(bindir, "cuda2hlo-run"), mod, "--out", out, "--backend", backend]
    for k, v in ins.items():
        p = os.path.join(tmp, k + ".npy")
        np.save(p, v)
        cmd += ["--in", f"{k}={p}"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        print(r.stderr.strip()[-400:])
        return None
    return np.load(os.path.join(out, out_name + ".npy"))


def cmpx_want(a, seq_len, two_power):
    """The kernel's launch in numpy: pairs (i, i + half) for i in the first half of each
    sequence, swapped where out of the sequence's order."""
    a = a.copy()
    i = np.arange(a.size)
    seq, half = i // seq_len, seq_len // 2
    lo = i[i < seq * seq_len + half]
    hi = lo + half
    up = (seq[lo] // two_power) % 2 == 0
    x, y = a[lo], a[hi]
    swap = ((x > y) & up) | ((x < y) & ~up)
    a[lo[swap]], a[hi[swap]] = y[swap], x[swap]
    return a


def bitonic(bindir, backend, exe, tmp, rng):
    log_n, block = 9, 64
    n = 1 << log_n
    r, mod = convert(exe, tmp, "cmpx", CMPX, ["--grid", str(n // block), "--block", str(block),
                                             "--size", f"a={n}"])
    result(r.returncode == 0, f"cmpx converts with seq_len and two_power unbound (exit {r.returncode})")
    if r.returncode:
        print(r.stderr[-400:])
        return
    a = rng.integers(-2 ** 31, 2 ** 31 - 1, n, dtype=np.int32, endpoint=True)
    a[:4] = [-2 ** 31, 2 ** 31 - 1, 0, -1]
    start, bad, launches = a.copy(), None, 0
    for stage in range(log_n):
        for step in range(stage, -1, -1):
            seq_len, two_power = 2 ** (step + 1), 2 ** (stage - step)
            got = run(bindir, backend, tmp, mod, {"a": a, "seq_len": np.int32(seq_len),
                                                  "two_power": np.int32(two_power)}, "a")
            want = cmpx_want(a, seq_len, two_power)
            launches += 1
            if got is None or not np.array_equal(got, want):
                bad = (seq_len, two_power)
                break
            a = got
        if bad:
            break
    result(bad is None, f"cmpx: {launches} launches of the sort network match numpy" +
           (f" (first difference at seq_len={bad[0]}, two_power={bad[1]})" if bad else ""))
    result(bad is None and np.array_equal(a, np.sort(start)), "cmpx: the network sorts 2^9 ints")
    # odd divisors: sequence lengths that divide n + 1 (the last, short sequence's pairs
    # stay in bounds) and odd directions
    for seq_len, two_power in [(3, 1), (9, 5), (19, 3), (57, 1), (171, 2 ** 30), (1, 1),
                               (4, 3), (16, 7), (2, 2 ** 31 - 1)]:
        got = run(bindir, backend, tmp, mod, {"a": start, "seq_len": np.int32(seq_len),
                                              "two_power": np.int32(two_power)}, "a")
        result(got is not None and np.array_equal(got, cmpx_want(start, seq_len, two_power)),
               f"cmpx with seq_len={seq_len}, two_power={two_power} matches numpy")


def join_want(p, q, rows, w, na, nb, total):
    t = np.arange(total)
    c, r = t % w, t // w
    k, b = r % (na + nb), r // (na + nb)
    first = k < na
    z = np.where(first, p[np.where(first, (b * na + k) * w + c, 0)],
                 q[np.where(first, 0, (b * nb + k - na) * w + c)])
    # C's remainder has the dividend's sign (numpy's the divisor's)
    return z + np.fmod(t - 77, w).astype(np.float32)


def join(bindir, backend, exe, tmp, rng):
    total, block = 3 * 1021 + 5, 64   # not a multiple of the block or of a vector
    grid = (total + block - 1) // block
    r, mod = convert(exe, tmp, "join", JOIN, ["--grid", str(grid), "--block", str(block),
                                             "--size", "p=4000", "--size", "q=4000",
                                             "--size", f"z={grid * block}"])
    result(r.returncode == 0, f"join converts with its sizes unbound (exit {r.returncode})")
    if r.returncode:
        print(r.stderr[-400:])
        return
    p = rng.uniform(-1, 1, 4000).astype(np.float32)
    q = rng.uniform(-1, 1, 4000).astype(np.float32)
    for rows, w, na, nb in [(3, 1021, 1, 0), (1, 7, 300, 138), (6, 1, 37, 475), (2, 128, 3, 9),
                            (5, 13, 24, 23), (46, 3, 11, 11)]:
        z0 = np.full(grid * block, 9.5, np.float32)
        n = rows * w * (na + nb)
        got = run(bindir, backend, tmp, mod, {"p": p, "q": q, "z": z0, "rows": np.int32(rows),
                                              "w": np.int32(w), "na": np.int32(na),
                                              "nb": np.int32(nb)}, "z")
        want = z0.copy()
        want[:n] = join_want(p, q, rows, w, na, nb, n)
        result(got is not None and np.array_equal(got, want),
               f"join with rows={rows}, w={w}, na={na}, nb={nb} matches numpy")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--backend", default="cpu")
    a = ap.parse_args()
    exe = os.path.join(a.bin, "cuda2hlo")
    rng = np.random.default_rng(20)
    with tempfile.TemporaryDirectory() as tmp:
        bitonic(a.bin, a.backend, exe, tmp, rng)
        join(a.bin, a.backend, exe, tmp, rng)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
