"""host_runtime_test.py: --entry with a trip count left to run time (ctest host_runtime_trips).

tests/kernels/host_jacobi_swap.cu converted with `iters` NOT bound: a stablehlo.while whose
trip count is an argument, with a std::swap in its body, so where each buffer ends up
depends on the parity of the runtime trip count. Runs the one module with iters = 0, 1, 2,
3, 5 through cuda2hlo-run and compares both buffers with a numpy reference of the host
program (sweeps, swap by renaming). Also converts with --set iters=5 --unroll 8 and checks
that the module has no while and gives the same numbers. Exits 77 (SKIP) when cuda2hlo is
missing. Prints `N passed, N failed`; exits 1 on any failure.

Usage: host_runtime_test.py [--bin DIR]     (default $CUDA2HLO_BIN, else build/bin)
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC = os.path.join(ROOT, "tests", "kernels", "host_jacobi_swap.cu")
N = 1000


def reference(a, b, iters):
    """The caller's a and b after the host function (numpy, float32)."""
    x, y = a.copy(), b.copy()
    for _ in range(iters):
        y[0], y[-1] = x[0], x[-1]
        y[1:-1] = np.float32(0.25) * x[:-2] + np.float32(0.5) * x[1:-1] + np.float32(0.25) * x[2:]
        x, y = y, x
    return (x, y) if iters % 2 == 0 else (y, x)


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.environ.get("CUDA2HLO_BIN", os.path.join(ROOT, "build", "bin")))
    cfg = ap.parse_args(argv[1:])
    conv, run = os.path.join(cfg.bin, "cuda2hlo"), os.path.join(cfg.bin, "cuda2hlo-run")
    if not os.path.exists(conv) or not os.path.exists(run):
        print("SKIP host_runtime_trips: cuda2hlo or cuda2hlo-run not built\n0 passed, 0 failed, 1 skipped")
        return 77
    passed = failed = 0
    rng = np.random.default_rng(7)
    a = rng.uniform(-1, 1, N).astype(np.float32)
    b = np.zeros(N, np.float32)
    with tempfile.TemporaryDirectory() as d:
        np.save(f"{d}/a.npy", a)
        np.save(f"{d}/b.npy", b)
        base = [conv, SRC, "--entry", "jacobi_run", f"--size=a={N}", f"--size=b={N}", "--set", f"n={N}"]
        subprocess.run(base + ["-o", f"{d}/dyn.mlir"], check=True)
        subprocess.run(base + ["--set", "iters=5", "--unroll", "8", "-o", f"{d}/unr.mlir"], check=True)
        cases = [("dyn", it) for it in (0, 1, 2, 3, 5)] + [("unr", 5)]
        for mod, it in cases:
            out = f"{d}/out_{mod}_{it}"
            os.makedirs(out)
            cmd = [run, f"{d}/{mod}.mlir", "--in", f"a={d}/a.npy", "--in", f"b={d}/b.npy", "--out", out]
            if mod == "dyn":
                np.save(f"{d}/it{it}.npy", np.array(it, np.int32))
                cmd += ["--in", f"iters={d}/it{it}.npy"]
            r = subprocess.run(cmd, capture_output=True, text=True)
            want = reference(a, b, it)
            got = [np.load(f"{out}/{n}.npy") if os.path.exists(f"{out}/{n}.npy") else init
                   for n, init in (("a", a), ("b", b))]
            ok = r.returncode == 0 and all(np.allclose(g, w, rtol=1e-5, atol=1e-6) for g, w in zip(got, want))
            if mod == "unr":
                ok = ok and "stablehlo.while" not in open(f"{d}/unr.mlir").read()
            print(f"{'PASS' if ok else 'FAIL'} {mod} iters={it}" + ("" if ok else f": {r.stderr.strip()[:200]}"))
            passed += ok
            failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
