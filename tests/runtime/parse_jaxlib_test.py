"""Every printed module parses in jaxlib's MLIR parser.

    parse_jaxlib_test.py PARSE_ROUNDTRIP CONFORMANCE_DIR

Runs `parse_roundtrip --out TMP` over the conformance files (parse, print, re-parse),
then parses each printed case with jaxlib (jax 0.10.2). The check dialect of the
conformance suite is not registered in jaxlib, so unregistered dialects are allowed (the
printer writes check ops in generic form). Closing line: N passed, N failed."""
import glob
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import xla  # noqa: E402


def main():
    tool, conf = sys.argv[1], sys.argv[2]
    files = sorted(glob.glob(os.path.join(conf, "*.mlir")))
    if not files:
        print(f"skipped: no conformance suite at {conf} (../shared beside the checkout)")
        print("0 passed, 0 failed, 1 skipped")
        return 77
    from jaxlib.mlir import ir
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([tool, "--out", tmp] + files, stdout=subprocess.DEVNULL, check=False)
        ctx = xla._context()
        ctx.allow_unregistered_dialects = True
        for path in sorted(glob.glob(os.path.join(tmp, "*.mlir"))):
            text = open(path).read()
            try:
                with ctx:
                    m = ir.Module.parse(text)
                    assert m.operation.verify()
                passed += 1
            except Exception as e:  # noqa: BLE001
                failed += 1
                print(f"FAIL {os.path.basename(path)}: {str(e)[:400]}")
    if passed == 0:
        failed += 1
        print("FAIL no printed module")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
