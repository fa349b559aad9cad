"""dense_xla.py: the raise strategy-2 goldens (tests/golden/smooth.mlir, dense_*.mlir) are
valid StableHLO and compute what their CUDA source says.

Independent of our converter and runtime: each golden module is parsed and verified by
jaxlib's MLIR parser (tests/lib/xla.py parse_mlir), compiled and run by XLA CPU on seeded
random inputs, and compared with a numpy formula written from the kernel's source. The
module must also be dense (no gather, scatter or while); smooth.mlir must have the shape
DESIGN.md gives (three slices of u, one dynamic_update_slice); dense_matvec.mlir and
dense_matmul.mlir contract with one dot_general and build no tensor of rank 3 (nothing of
size rows x cols x loop), dense_rowsum.mlir is a reduce, dense_rows.mlir reads rows
without concatenate. Whether cuda2hlo still
prints these goldens is tests/golden/run.py's job (ctest golden).
Prints `PASS|FAIL NAME: reason`, then `N passed, N failed`; exits 1 on a failure.
"""
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import xla  # noqa: E402


def smooth(u, v):
    w = v.copy()
    w[1:999] = np.float32(0.25) * u[:-2] + np.float32(0.5) * u[1:-1] + np.float32(0.25) * u[2:]
    return [w]


def stencil5(u, out):
    U, O = u.reshape(20, 24), out.reshape(20, 24).copy()
    # the launch covers rows j < 16 only (2 blocks of 8), so the interior is [1,16) x [1,23)
    O[1:16, 1:23] = np.float32(0.25) * (U[1:16, 0:22] + U[1:16, 2:24] + U[0:15, 1:23] + U[2:17, 1:23])
    return [O.reshape(-1)]


def periodic(u, v):
    return [np.roll(u, -1) - np.float32(2) * u + np.roll(u, 1)]


def boundary(a):
    A = a.reshape(20, 24).copy()
    for j in range(12):
        for i in range(24):
            if i == 0 or j == 0 or i == 23 or j == 11:
                A[j, i] = 2.0 if j == 0 else 1.0
    return [A.reshape(-1)]


def transpose(x, out):
    return [x.reshape(16, 24).T.reshape(-1).copy()]


def matvec(A, x, y):
    return [(A.reshape(100, 80).astype(np.float64) @ x.astype(np.float64)).astype(np.float32)]


def matmul(A, B, C):
    return [(A.reshape(48, 96).astype(np.float64) @ B.reshape(96, 40).astype(np.float64))
            .astype(np.float32).reshape(-1)]


def rowsum(m, s):
    return [(np.float64(2) * m.reshape(100, 100).astype(np.float64)).sum(axis=1).astype(np.float32)]


def rows(B, C):
    R = B.reshape(30, 40)
    acc = np.zeros(40, np.float32)
    for k in range(4):
        acc = acc + np.float32(2) * R[k]
    return [np.broadcast_to(acc, (50, 40)).reshape(-1).copy()]


CONTRACTIONS = ("dense_matvec", "dense_matmul")

CASES = [
    ("smooth", [1000, 1000], smooth),
    ("dense_stencil5", [480, 480], stencil5),
    ("dense_periodic", [100, 100], periodic),
    ("dense_boundary", [480], boundary),
    ("dense_transpose", [384, 384], transpose),
    ("dense_matvec", [8000, 80, 100], matvec),
    ("dense_matmul", [4608, 3840, 1920], matmul),
    ("dense_rowsum", [10000, 100], rowsum),
    ("dense_rows", [1200, 2000], rows),
]


def check(name, sizes, ref):
    text = open(os.path.join(HERE, name + ".mlir")).read()
    xla.parse_mlir(text)
    bad = re.findall(r"stablehlo\.(gather|scatter|while)\b", text)
    if bad:
        return f"not dense: {bad[0]}"
    if name == "smooth":
        ns, nd = len(re.findall(r"stablehlo\.slice %arg0", text)), text.count("dynamic_update_slice")
        if ns != 3 or nd != 1:
            return f"{ns} slices of u and {nd} dynamic_update_slice, DESIGN.md has 3 and 1"
    if name == "dense_rowsum" and '"stablehlo.reduce"' not in text and "stablehlo.reduce(" not in text:
        return "the accumulation loop is not a reduce"
    if name == "dense_rows" and "stablehlo.concatenate" in text:
        return "a row of the 30 x 40 view is read in pieces (concatenate)"
    if name in CONTRACTIONS:
        if text.count("stablehlo.dot_general") != 1:
            return "the contraction is not one dot_general"
        if re.search(r"tensor<\d+x\d+x\d+x", text):
            return "a tensor of rank 3 or more (the product before the sum)"
    rng = np.random.default_rng(7)
    ins = [rng.uniform(-1, 1, n).astype(np.float32) for n in sizes]
    got = xla.run_xla(text, ins)
    want = ref(*[x.copy() for x in ins])
    if len(got) != len(want):
        return f"{len(got)} results, want {len(want)}"
    for g, w in zip(got, want):
        if not np.allclose(g, w, rtol=1e-5, atol=1e-5):
            k = int(np.argmax(np.abs(g - w)))
            return f"result differs at [{k}]: got {g[k]} want {w[k]}"
    return None


def main():
    passed = failed = 0
    for name, sizes, ref in CASES:
        try:
            why = check(name, sizes, ref)
        except Exception as e:  # a parse or compile error is a failure of this case
            why = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
        if why:
            failed += 1
            print(f"FAIL {name}: {why}")
        else:
            passed += 1
            print(f"PASS {name}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
