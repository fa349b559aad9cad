"""emu.py: build a small CUDA driver of the ocean model (tests/ocean/*.cu, which include
headers of examples/oceananigans) with the oracle's CUDA emulator (tests/oracle/cuda_emu.h)
and run it. Used by the physics checks in this folder."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OCEAN = os.path.join(ROOT, "examples", "oceananigans")
sys.path.insert(0, os.path.join(ROOT, "tests", "oracle"))
import oracle  # noqa: E402


# main() of the driver, with or without (argc, argv).
MAIN = r"""template <class F> static int emu_main(F f, int argc, char **argv) {
  if constexpr (std::is_invocable<F, int, char **>::value) return f(argc, argv);
  else return f();
}
int main(int argc, char **argv) { return emu_main(cuemu_user_main, argc, argv); }
"""


def build(cu, exe, defs=()):
    """Compile cu (its own main) to exe with the emulator; raises on a compiler error."""
    with open(cu) as f:
        src = oracle.inline_cu_includes(f.read(), cu)
    text, has_main = oracle.prep(src)
    assert has_main, f"{cu}: no main()"
    tu = ('#include "cuda_emu.h"\n' + oracle.DRIVER_SUPPORT + f'#line 1 "{cu}"\n' + text +
          "\n" + MAIN)
    cpp = exe + ".cpp"
    with open(cpp, "w") as f:
        f.write(tu)
    cmd = ["g++", "-std=c++17", "-O2", "-w", "-DCUEMU_SERIAL",
           "-I", os.path.join(ROOT, "tests", "oracle", "include"),
           "-I", os.path.join(ROOT, "tests", "oracle"), "-I", OCEAN, "-I", HERE,
           *defs, cpp, "-o", exe]
    subprocess.run(cmd, check=True)


def run(exe, args=()):
    """stdout of exe as text; raises when it fails."""
    return subprocess.run([exe, *map(str, args)], check=True, capture_output=True,
                          text=True).stdout
