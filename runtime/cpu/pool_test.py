"""pool_test.py CUDA2HLO_RUN: the cpu backend's buffer pool (exec.c) across while steps.

A while loop carries two 4 MiB f32 tensors and computes new ones every step (x' = x/2 +
1, y' = y + x: element-wise results, not updates in place), so every step needs two
new 4 MiB buffers. The same module runs for 4 and for 44 steps with
CUDA2HLO_CPU_PROFILE=1, whose closing lines count the buffers the backend's pool made:
the count must be the same for both runs and at most 6 (the two inputs' successors,
their next generation, a spare), i.e. steps reuse buffers instead of asking for fresh
pages; both results must equal numpy's float32 iteration exactly. Closing line: N
passed, N failed."""
import os
import subprocess
import sys
import tempfile

import numpy as np

RUN = sys.argv[1]
N = 1024 * 1024    # 4 MiB of f32
T = "tensor<%dxf32>" % N
I = "tensor<i32>"
passed = failed = 0


def module(steps):
    return "\n".join([
        "func.func public @main(%x: {0}, %y: {0}) -> ({0}, {0}) {{".format(T),
        "  %zero = stablehlo.constant dense<0> : " + I,
        "  %r:3 = stablehlo.while(%i = %zero, %a = %x, %b = %y) : {0}, {1}, {1}".format(I, T),
        "   cond {",
        "    %%lim = stablehlo.constant dense<%d> : %s" % (steps, I),
        "    %p = stablehlo.compare LT, %i, %lim : ({0}, {0}) -> tensor<i1>".format(I),
        "    stablehlo.return %p : tensor<i1>",
        "   } do {",
        "    %h = stablehlo.constant dense<5.000000e-01> : " + T,
        "    %one = stablehlo.constant dense<1.000000e+00> : " + T,
        "    %m = stablehlo.multiply %a, %h : " + T,
        "    %na = stablehlo.add %m, %one : " + T,
        "    %nb = stablehlo.add %b, %a : " + T,
        "    %inc = stablehlo.constant dense<1> : " + I,
        "    %ni = stablehlo.add %i, %inc : " + I,
        "    stablehlo.return %ni, %na, %nb : {0}, {1}, {1}".format(I, T),
        "   }",
        "  return %r#1, %r#2 : {0}, {0}".format(T),
        "}", ""])


def run(tmp, steps):
    path = os.path.join(tmp, "m%d.mlir" % steps)
    with open(path, "w") as f:
        f.write(module(steps))
    out = os.path.join(tmp, "out%d" % steps)
    cmd = [RUN, path, "--backend", "cpu", "--out", out,
           "--in", "0=" + os.path.join(tmp, "x.npy"), "--in", "1=" + os.path.join(tmp, "y.npy")]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, CUDA2HLO_CPU_PROFILE="1"))
    made = [line.split()[4] for line in p.stderr.splitlines() if line.startswith("cpu profile: buffer pool:")]
    if p.returncode != 0 or len(made) != 1:
        return None, None, (p.stderr.strip() or "no buffer pool line")[-300:]
    res = [np.load(os.path.join(out, "result%d.npy" % k)) for k in (0, 1)]
    return res, int(made[0]), None


def report(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL " + what)


def main():
    rng = np.random.default_rng(3)
    x = rng.uniform(-4, 4, N).astype(np.float32)
    y = rng.uniform(-4, 4, N).astype(np.float32)
    with tempfile.TemporaryDirectory() as tmp:
        np.save(os.path.join(tmp, "x.npy"), x)
        np.save(os.path.join(tmp, "y.npy"), y)
        made = {}
        for steps in (4, 44):
            got, made[steps], err = run(tmp, steps)
            if got is None:
                report(False, "%d steps: %s" % (steps, err))
                continue
            a, b = x.copy(), y.copy()
            for _ in range(steps):
                a, b = a * np.float32(0.5) + np.float32(1), b + a
            report(np.array_equal(got[0], a) and np.array_equal(got[1], b),
                   "%d steps: results differ from numpy" % steps)
        if None not in made.values():
            report(made[4] == made[44] and 2 <= made[44] <= 6,
                   "pool buffers made: %d for 4 steps, %d for 44" % (made[4], made[44]))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
