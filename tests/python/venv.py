#!/usr/bin/env python3
"""venv.py BUILD_DIR SCRIPT [ARGS...]: run SCRIPT with a fresh venv's python in which
`pip install ./python` installed the cuda2hlo package (docs/python.md).

The venv is BUILD_DIR/pyenv, made once (`python -m venv`, no system site packages)
with numpy, jax[cpu]<0.11 (the newest jax for Python 3.11 and the project's pin),
matplotlib and setuptools>=70.1 (for the offline build of ./python) from PyPI, then
reused; ./python is reinstalled (pip install --no-build-isolation, offline) whenever
its files change. A lock serialises ctests that share the venv. Exit 77 (ctest SKIP)
when the venv cannot be made (no PyPI).
"""
import fcntl
import hashlib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REQUIREMENTS = ["numpy", "jax[cpu]<0.11", "matplotlib", "setuptools>=70.1"]


def source_hash():
    h = hashlib.sha256()
    pkg = os.path.join(ROOT, "python")
    for d, _, files in sorted(os.walk(pkg)):
        if "egg-info" in d or "__pycache__" in d or os.sep + "build" in d[len(pkg):]:
            continue
        for f in sorted(files):
            with open(os.path.join(d, f), "rb") as fh:
                h.update(f.encode() + b"\0" + fh.read())
    return h.hexdigest()


def pip(py, *args):
    r = subprocess.run([py, "-m", "pip", "--disable-pip-version-check", "-q", *args],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
    return r.returncode == 0


def ensure(build):
    env = os.path.join(build, "pyenv")
    py = os.path.join(env, "bin", "python")
    ready = os.path.join(env, ".requirements-installed")
    if not os.path.exists(ready):
        base = getattr(sys, "_base_executable", sys.executable)
        if subprocess.run([base, "-m", "venv", "--clear", env]).returncode != 0:
            return None, "python -m venv failed"
        if not pip(py, "install", *REQUIREMENTS):
            return None, "pip could not install " + " ".join(REQUIREMENTS) + " (no PyPI?)"
        open(ready, "w").close()
    stamp = os.path.join(env, ".cuda2hlo-source")
    want = source_hash()
    have = open(stamp).read() if os.path.exists(stamp) else ""
    if have != want:
        if not pip(py, "install", "--no-build-isolation", "--no-deps", "--force-reinstall",
                   os.path.join(ROOT, "python")):
            return None, "pip install ./python failed"
        with open(stamp, "w") as f:
            f.write(want)
    return py, None


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    build = os.path.abspath(argv[1])
    os.makedirs(build, exist_ok=True)
    with open(os.path.join(build, ".pyenv.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        py, why = ensure(build)
    if py is None:
        print(f"SKIP: {why}\n0 passed, 0 failed, 1 skipped")
        return 77
    # Run outside the checkout so that `import cuda2hlo` is the installed package.
    env = dict(os.environ, CUDA2HLO_ROOT=ROOT, CUDA2HLO_BUILD=build)
    env.pop("PYTHONPATH", None)
    return subprocess.run([py, os.path.abspath(argv[2])] + argv[3:], cwd=build, env=env).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv))
