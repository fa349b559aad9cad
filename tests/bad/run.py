#!/usr/bin/env python3
"""run.py: bad inputs must be refused cleanly (issue 14, docs/reliability.md).

Usage: run.py BIN_DIR [CASE...]      (default: every case file under tests/bad/)

A case is a file named *.mlir, *.cu or *.case (other files, e.g. .npy, are its data)
whose comment lines (`//` or `#`) hold:
  RUN: TOOL ARGS...     the command; TOOL is looked up in BIN_DIR. Substitutions:
                        %s the case file, %S its folder, %out a fresh output folder
  EXIT: N               the expected exit status (default 1)
  ERROR: REGEX          must match somewhere in stderr (re.search); repeatable
  TIMEOUT: SECONDS      default 60
  VMEM: KIB             run under that address-space limit (`ulimit -v`); skipped, and
                        said so, where ASAN_OPTIONS is set (a sanitizer build reserves
                        terabytes of address space)
The output folder starts with one file, `keep`; afterwards it must hold exactly that file,
unchanged: a refused input creates, truncates or replaces nothing. A death by a signal
(a crash, an abort, a sanitizer report) is always a failure. Closing line:
`N passed, N failed`; exit status 1 when anything failed.
"""
import os
import resource
import re
import shlex
import subprocess
import sys
import tempfile

KEEP = b"must stay as it is\n"
DIRECTIVE = re.compile(r"^\s*(?://|#)\s*(RUN|EXIT|ERROR|TIMEOUT|VMEM):\s?(.*?)\s*$")


def parse_case(path):
    case = {"run": None, "exit": 1, "errors": [], "timeout": 60, "vmem": None}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = DIRECTIVE.match(line)
            if not m:
                continue
            key, val = m.group(1), m.group(2)
            if key == "RUN":
                case["run"] = val
            elif key == "EXIT":
                case["exit"] = int(val)
            elif key == "ERROR":
                case["errors"].append(re.compile(val))
            elif key == "VMEM":
                case["vmem"] = int(val) * 1024
            else:
                case["timeout"] = float(val)
    return case


def command(case, path, bindir, out):
    words = []
    for w in shlex.split(case["run"]):
        w = w.replace("%out", out).replace("%S", os.path.dirname(path)).replace("%s", path)
        words.append(w)
    words[0] = os.path.join(bindir, words[0])
    return words


def run_case(path, bindir):
    """Returns None on success, else a one-line reason."""
    case = parse_case(path)
    if not case["run"]:
        return "no RUN: line"
    limit = None
    if case["vmem"]:
        if os.environ.get("ASAN_OPTIONS"):
            print("skipped %s: VMEM under a sanitizer build" % os.path.basename(path))
            return None
        limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (case["vmem"], case["vmem"]))
    with tempfile.TemporaryDirectory(prefix="bad-") as out:
        with open(os.path.join(out, "keep"), "wb") as f:
            f.write(KEEP)
        cmd = command(case, path, bindir, out)
        try:
            p = subprocess.run(cmd, capture_output=True, timeout=case["timeout"], cwd=out,
                               preexec_fn=limit)
        except subprocess.TimeoutExpired:
            return "timed out after %gs" % case["timeout"]
        err = p.stderr.decode("utf-8", "replace")
        if p.returncode < 0:
            return "killed by signal %d: %s" % (-p.returncode, err.strip()[-300:])
        if p.returncode != case["exit"]:
            return "exit %d, expected %d: %s" % (p.returncode, case["exit"], err.strip()[-300:])
        if "Sanitizer" in err:
            return "sanitizer report: " + err.strip()[-300:]
        for rx in case["errors"]:
            if not rx.search(err):
                return "stderr lacks /%s/: %s" % (rx.pattern, err.strip()[-300:])
        left = sorted(os.listdir(out))
        if left != ["keep"]:
            return "output folder holds %s" % left
        with open(os.path.join(out, "keep"), "rb") as f:
            if f.read() != KEEP:
                return "output folder's file 'keep' was changed"
    return None


def all_cases(root):
    for dirpath, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".mlir", ".cu", ".case")):
                yield os.path.join(dirpath, name)


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: run.py BIN_DIR [CASE...]")
    bindir = os.path.abspath(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    cases = [os.path.abspath(c) for c in sys.argv[2:]] or list(all_cases(here))
    passed = failed = 0
    for path in cases:
        why = run_case(path, bindir)
        if why is None:
            passed += 1
        else:
            failed += 1
            print("FAIL %s: %s" % (os.path.relpath(path, here), why))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
