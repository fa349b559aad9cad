#!/usr/bin/env python3
"""test_example.py: examples/python/fit_diffusivity.py runs (exit 0: the loss fell a
hundredfold) and writes a PNG (run by venv.py; ctest python_example)."""
import os
import subprocess
import sys

ROOT = os.environ["CUDA2HLO_ROOT"]
out = os.path.join(os.environ["CUDA2HLO_BUILD"], "python_example", "fit_diffusivity.png")
os.makedirs(os.path.dirname(out), exist_ok=True)
if os.path.exists(out):
    os.unlink(out)
r = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "python",
                                                 "fit_diffusivity.py"), "--out", out])
ok = r.returncode == 0 and os.path.exists(out) and open(out, "rb").read(8) == b"\x89PNG\r\n\x1a\n"
print(f"{out}: {'written' if ok else 'MISSING or run failed'}")
print(f"{int(ok)} passed, {int(not ok)} failed")
sys.exit(0 if ok else 1)
