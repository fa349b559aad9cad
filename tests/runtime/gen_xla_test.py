"""Random programs (gen_random.py) printed by our parser/printers run the same on XLA.

    gen_xla_test.py EMIT_TOOL [COUNT]

For each seed: XLA CPU runs the generated text (the reference); `emit_tool --stablehlo`
(runtime parser -> print_stablehlo.c) must give a module XLA runs to the same bits, and
`emit_tool --hlo` (print_hlo.c) must give HLO text that jaxlib's HLO parser reads and
XLA runs to the same bits. NaNs compare equal. Closing line: N passed, N failed."""
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
sys.path.insert(0, HERE)
import gen_random  # noqa: E402
import xla  # noqa: E402


def same(a, b):
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.dtype.kind == "f":
        return bool(np.all((a == b) | (np.isnan(a) & np.isnan(b))))
    return bool(np.array_equal(a, b))


def emit(tool, mode, path):
    r = subprocess.run([tool, mode, path], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"emit_tool {mode} failed: {r.stderr[:2000]}")
    return r.stdout


def check(tool, seed, tmp):
    text, inputs = gen_random.generate(seed)
    path = os.path.join(tmp, f"gen_{seed}.mlir")
    with open(path, "w") as f:
        f.write(text)
    ref = xla.run_xla(text, inputs)
    for mode in ("--stablehlo", "--hlo"):
        out = emit(tool, mode, path)
        got = xla.run_xla(out, inputs) if mode == "--stablehlo" else xla.run_hlo(out, inputs)
        if len(got) != len(ref) or not all(same(a, b) for a, b in zip(got, ref)):
            raise AssertionError(f"{mode}: results differ\n{out}")


def main():
    tool = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(count):
            try:
                check(tool, seed, tmp)
                passed += 1
            except Exception as e:  # noqa: BLE001
                failed += 1
                print(f"FAIL seed {seed}: {str(e)[:3000]}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
