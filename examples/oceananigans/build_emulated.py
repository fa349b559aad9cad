"""build_emulated.py OUT_EXE [FLAG ...]: the original CUDA model (main.cu with
ocean.cu) compiled as C++ for the CPU with the oracle's CUDA emulator
(tests/oracle/cuda_emu.h): the reference the raised model is compared with. Every FLAG
(-DNX=32, -DHALO=4, a configuration's -DOCEAN_...) goes to the compiler as given; the
headers beside ocean.cu (state.cuh, ...) are found by -I; the files of this folder that
main.cu and ocean.cu #include by name are inlined first (recursively), so that the
oracle's rewrite of kernel launches sees the launches in headers (split_explicit.cuh)."""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "oracle"))
import oracle  # noqa: E402


def inline_local(name):
    """The text of NAME (in this folder) with each `#include "X"` of a file of this folder
    replaced by its text, recursively, between #line markers."""
    with open(os.path.join(HERE, name)) as f:
        lines = f.read().split("\n")
    out = []
    for n, line in enumerate(lines, 1):
        m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
        if m and os.path.exists(os.path.join(HERE, m.group(1))):
            out += ['#line 1 "%s"' % m.group(1), inline_local(m.group(1)), '#line %d "%s"' % (n + 1, name)]
        else:
            out.append(line)
    return "\n".join(out)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    out, defs = argv[1], argv[2:]
    src = inline_local("main.cu")
    text, _ = oracle.prep(src)
    tu = ('#include "cuda_emu.h"\n' + oracle.DRIVER_SUPPORT + text +
          "\nint main(int argc, char **argv) { return cuemu_user_main(argc, argv); }\n")
    cpp = out + ".cpp"
    with open(cpp, "w") as f:
        f.write(tu)
    cmd = (["g++", "-std=c++17", "-O2", "-w", "-DOCEAN_PNG", "-DCUEMU_SERIAL", "-I", os.path.join(ROOT, "tests", "oracle", "include"),
            "-I", os.path.join(ROOT, "tests", "oracle"), "-I", HERE] + defs + [cpp, "-o", out, "-lpng"])
    return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv))
