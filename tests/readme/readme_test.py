"""readme_test.py SRC BUILD: every command of README.md runs as written (ctest readme).

The README's fenced blocks say what they hold: ```sh (commands, run one by one with
bash; a line ending in a backslash goes on), ```python (run as one program), ```text
(pictures, not run). A block with no language is a failure, so no command escapes. The
commands run in a fresh folder holding links to the checkout's tests/, examples/,
python/ and scripts/ and to the build folder as build/, with HOME set to that folder
(so `~/x` stays inside it); each must exit 0. Skipped, with the reason printed:
SKIP below. Commands that need a GPU would be listed in GPU; the README has none.
"""
import os
import re
import subprocess
import sys
import tempfile

SKIP = {
    "make test": "it runs every ctest, this one included",
    "make demo": "ctest ocean_demo runs its script (run_demo.sh) at 16x16x4; it would rebuild the checkout",
}
GPU = {}


def blocks(text):
    """(language, [lines], line number) for every fenced block."""
    out, cur = [], None
    for no, line in enumerate(text.splitlines(), 1):
        m = re.match(r"^```(\w*)\s*$", line)
        if m and cur is None:
            cur = (m.group(1), [], no)
        elif line.startswith("```") and cur is not None:
            out.append(cur)
            cur = None
        elif cur is not None:
            cur[1].append(line)
    return out


def commands(lines):
    cmd = ""
    for line in lines:
        cmd += line[:-1] + " " if line.endswith("\\") else line
        if not line.endswith("\\"):
            if cmd.strip():
                yield cmd.strip()
            cmd = ""


def main():
    src, build = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    text = open(os.path.join(src, "README.md")).read()
    failed = passed = 0
    with tempfile.TemporaryDirectory(prefix="readme-") as t:
        for d in ("tests", "examples", "python", "scripts"):
            os.symlink(os.path.join(src, d), os.path.join(t, d))
        os.symlink(build, os.path.join(t, "build"))
        env = dict(os.environ, HOME=t, CUDA2HLO_HOME=build, PYTHONPATH=os.path.join(src, "python"))
        for lang, lines, no in blocks(text):
            if lang == "text":
                continue
            if lang == "python":
                runs = [("\n".join(lines), [os.path.join(build, "venv", "bin", "python"), "-c"])]
            elif lang == "sh":
                runs = [(c, ["bash", "-c"]) for c in commands(lines)]
            else:
                print(f"FAIL README.md:{no}: a block of '{lang or 'no language'}': say sh, python or text")
                failed += 1
                continue
            for cmd, how in runs:
                head = cmd.split("#")[0].strip()
                if head in SKIP or head in GPU:
                    print(f"SKIP {head}: {SKIP.get(head) or GPU.get(head)}")
                    continue
                p = subprocess.run(how + [cmd], cwd=t, env=env, capture_output=True, text=True, timeout=600)
                if p.returncode:
                    print(f"FAIL README.md:{no}: exit {p.returncode}: {cmd}\n{p.stdout[-2000:]}{p.stderr[-2000:]}")
                    failed += 1
                else:
                    print(f"PASS {cmd.splitlines()[0][:100]}")
                    passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
