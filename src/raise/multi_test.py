"""multi_test.py: several kernels in one file (raise_write_modules).

  multi_test.py BINDIR

tests/golden/err/several_kernels.cu has two kernels. With -o DIR, cuda2hlo must write
DIR/scale.mlir and DIR/copy.mlir (and a template instance under its sanitised name),
each a module that cuda2hlo-run runs to numpy's answer (y * a; x); with -o FILE.mlir
it must exit 1 naming both kernels and leave no file. Prints `N passed, N failed`.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC = os.path.join(ROOT, "tests", "golden", "err", "several_kernels.cu")
FLAGS = ["--grid", "2", "--block", "64", "--size", "x=128", "--size", "y=128", "--set", "n=128"]
TEMPLATE = """template <int R> __global__ void shift(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + R < n) y[i] = x[i + R];
}
__global__ void neg(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = -y[i];
}
"""
counts = {"passed": 0, "failed": 0}


def result(ok, what):
    counts["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + what)


def run_module(bindir, mod, ins, tmp):
    args = [os.path.join(bindir, "cuda2hlo-run"), mod, "--out", os.path.join(tmp, "res")]
    for name, arr in ins.items():
        p = os.path.join(tmp, name + ".npy")
        np.save(p, arr)
        args += ["--in", f"{name}={p}"]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return np.load(os.path.join(tmp, "res", "y.npy"))


def main():
    bindir = sys.argv[1]
    exe = os.path.join(bindir, "cuda2hlo")
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, 128).astype(np.float32)
    y = rng.uniform(-1, 1, 128).astype(np.float32)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "mods")
        r = subprocess.run([exe, SRC] + FLAGS + ["-o", out], capture_output=True, text=True)
        result(r.returncode == 0 and sorted(os.listdir(out)) == ["copy.mlir", "scale.mlir"],
               f"-o DIR writes copy.mlir and scale.mlir (exit {r.returncode}: {r.stderr.strip()[:200]})")
        if r.returncode == 0:
            got = run_module(bindir, os.path.join(out, "scale.mlir"),
                             {"y": y, "a": np.array(2.5, np.float32)}, tmp)
            result(got is not None and np.allclose(got, y * np.float32(2.5)), "scale.mlir computes y * a")
            got = run_module(bindir, os.path.join(out, "copy.mlir"), {"x": x, "y": y}, tmp)
            result(got is not None and np.array_equal(got, x), "copy.mlir computes y = x")
        bad = os.path.join(tmp, "one.mlir")
        r = subprocess.run([exe, SRC] + FLAGS + ["-o", bad], capture_output=True, text=True)
        result(r.returncode == 1 and "'scale' and 'copy'" in r.stderr and not os.path.exists(bad),
               "-o FILE.mlir with two kernels is an error naming them")
        src = os.path.join(tmp, "tmpl.cu")
        with open(src, "w") as f:
            f.write(TEMPLATE)
        out2 = os.path.join(tmp, "mods2")
        r = subprocess.run([exe, src, "--kernel", "shift<3>", "--kernel", "neg"] + FLAGS +
                           ["-o", out2], capture_output=True, text=True)
        ok = r.returncode == 0 and sorted(os.listdir(out2)) == ["neg.mlir", "shift_3.mlir"]
        result(ok, "a template instance is written under its sanitised name (shift_3.mlir)")
        if ok:
            got = run_module(bindir, os.path.join(out2, "shift_3.mlir"), {"x": x, "y": y}, tmp)
            want = y.copy()
            want[:125] = x[3:]
            result(got is not None and np.array_equal(got, want), "shift_3.mlir computes y[i] = x[i + 3]")
    print(f"{counts['passed']} passed, {counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
