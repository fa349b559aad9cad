"""Records the checkout's build folder (../build, where `make` puts bin/cuda2hlo and
lib/libcuda2hlo_runtime.so) in the installed package as cuda2hlo/_build_dir.py, so an
installed cuda2hlo finds them without $CUDA2HLO_HOME (python/cuda2hlo/_paths.py)."""
import os

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


class BuildPy(build_py):
    def run(self):
        super().run()
        build = os.path.normpath(os.path.join(HERE, "..", "build"))
        out = os.path.join(self.build_lib, "cuda2hlo", "_build_dir.py")
        with open(out, "w", encoding="utf-8") as f:
            f.write(f"# written by setup.py at install time\nBUILD_DIR = {build!r}\n")


setup(cmdclass={"build_py": BuildPy})
