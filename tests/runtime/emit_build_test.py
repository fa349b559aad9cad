"""Modules built with the tensor-IR builders compute what numpy computes, on XLA CPU,
from both the StableHLO and the HLO text; and the C checks (verifier table) pass.

    emit_build_test.py EMIT_BUILD_TEST

Closing line: N passed, N failed (the C program's counts plus these)."""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import xla  # noqa: E402


def smooth_ref(u, v):
    w = v.copy()
    w[1:999] = np.float32(0.25) * u[:998] + np.float32(0.5) * u[1:999] + np.float32(0.25) * u[2:]
    return [w]


def reduce_dot_ref(a, b):
    d = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    d[:, 2:] = 0
    return [a.max(axis=1), d]


def main():
    rng = np.random.default_rng(5)
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run([sys.argv[1], tmp], capture_output=True, text=True)
        print(r.stdout, end="")
        m = re.search(r"(\d+) passed, (\d+) failed", r.stdout)
        passed, failed = (int(m.group(1)), int(m.group(2))) if m else (0, 1)
        cases = [
            ("smooth", [rng.uniform(-1, 1, 1000).astype(np.float32),
                        rng.uniform(-1, 1, 1000).astype(np.float32)], smooth_ref, 1e-6),
            ("reduce_dot", [rng.uniform(-1, 1, (4, 3)).astype(np.float32),
                            rng.uniform(-1, 1, (3, 5)).astype(np.float32)], reduce_dot_ref, 1e-5),
        ]
        for name, inputs, ref, tol in cases:
            want = ref(*inputs)
            for kind in ("mlir", "hlo"):
                path = os.path.join(tmp, f"{name}.{kind}")
                if not os.path.exists(path):
                    failed += 1
                    print(f"FAIL {name}.{kind} not written")
                    continue
                text = open(path).read()
                got = xla.run_xla(text, inputs) if kind == "mlir" else xla.run_hlo(text, inputs)
                ok = len(got) == len(want) and all(
                    g.shape == w.shape and np.allclose(g, w, rtol=tol, atol=tol) for g, w in zip(got, want))
                passed += ok
                failed += not ok
                if not ok:
                    print(f"FAIL {name}.{kind}: XLA result differs from numpy")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
