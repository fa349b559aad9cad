"""_paths.py: where the cuda2hlo binary and libcuda2hlo_runtime.so are.

Searched in this order (docs/python.md):
1. $CUDA2HLO_HOME: a build folder or install prefix holding bin/cuda2hlo and
   lib/libcuda2hlo_runtime.so;
2. the build folder recorded when the package was installed (`_build_dir.py`, written
   by setup.py: the checkout's build/ beside python/);
3. `cuda2hlo` on $PATH, with the library in ../lib beside it.
"""
import os
import shutil

try:
    from ._build_dir import BUILD_DIR
except ImportError:                     # running from the source tree
    BUILD_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), "build")


class NotFoundError(Exception):
    """The cuda2hlo binary or the runtime library cannot be found."""


def _homes():
    if os.environ.get("CUDA2HLO_HOME"):
        yield os.environ["CUDA2HLO_HOME"]
    yield BUILD_DIR
    exe = shutil.which("cuda2hlo")
    if exe:
        yield os.path.dirname(os.path.dirname(os.path.realpath(exe)))


def _find(rel, what):
    tried = []
    for home in _homes():
        p = os.path.join(home, rel)
        tried.append(p)
        if os.path.exists(p):
            return p
    raise NotFoundError(f"cannot find {what} (tried {', '.join(tried)}); build cuda2hlo "
                        f"(`make`) and set $CUDA2HLO_HOME to its build folder")


def binary():
    return _find(os.path.join("bin", "cuda2hlo"), "the cuda2hlo binary")


def runtime_library():
    return _find(os.path.join("lib", "libcuda2hlo_runtime.so"), "libcuda2hlo_runtime.so")
