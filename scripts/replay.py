"""replay.py: convert the whole test corpus to a folder, to diff a refactor's output.

Every tests/kernels/*.cu (and one level of subfolders) and tests/golden/*.cu that
carries a `/* cuda2hlo-test */` block is converted per launch (or once, for an
`entry:` test) with the flags tests/exec/run.py gives it (corpus.converter_args),
as --emit stablehlo. For launch L of FILE the folder gets FILE.L.mlir (the module,
when there is one) and FILE.L.log (the exit status and stderr, the --report text
included). A refactor that must not change output shows an empty
`diff -r BEFORE AFTER` (tinygrad's "process replay").

Usage: replay.py OUTDIR [--bin DIR] [-j N]
"""
import argparse
import multiprocessing
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import corpus  # noqa: E402


def jobs(out):
    files = corpus.corpus_files(os.path.join(ROOT, "tests", "kernels"))
    golden = os.path.join(ROOT, "tests", "golden")
    files += sorted(os.path.join(golden, f) for f in os.listdir(golden) if f.endswith(".cu"))
    for path in files:
        with open(path) as f:
            if "cuda2hlo-test" not in f.read():
                continue
        test = corpus.parse(path)
        name = os.path.relpath(path, ROOT).replace(os.sep, "_")
        launches = [None] if test.entry else list(enumerate(test.launches))
        for item in launches:
            li, launch = item if item else ("entry", None)
            yield path, corpus.converter_args(test, launch), os.path.join(out, f"{name}.{li}")


def convert(job):
    path, args, stem = job
    mlir = stem + ".mlir"
    r = subprocess.run([BIN, path] + args + ["--report", "-o", mlir],
                       capture_output=True, text=True, timeout=600)
    with open(stem + ".log", "w") as f:
        f.write(f"exit {r.returncode}\n{r.stderr}")


def main():
    global BIN
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("-j", type=int, default=1)
    a = ap.parse_args()
    BIN = os.path.join(a.bin, "cuda2hlo")
    os.makedirs(a.out, exist_ok=True)
    todo = list(jobs(a.out))
    with multiprocessing.Pool(a.j, initializer=_init, initargs=(BIN,)) as pool:
        pool.map(convert, todo)
    print(f"{len(todo)} conversions in {a.out}")


def _init(b):
    global BIN
    BIN = b


if __name__ == "__main__":
    main()
