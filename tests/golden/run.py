"""Golden-file runner (docs/testing.md, "Golden files").

  run.py CUDA2HLO [corpus|err|local]...

local:  tests/golden/X.cu beside X.kir / X.loops / X.c / X.mlir: the emit kind follows
        the extension; flags from the file's cuda2hlo-test block (first launch) or a
        `// RUN-FLAGS:` first line. A file including <cuda_runtime.h> must give the same
        .kir with --cuda-path (the toolkit's headers) when a toolkit is installed.
corpus: tests/kernels/NAME.cu against tests/golden/corpus/NAME.kir, and NAME.loops where
        one exists (same flags rule); tests/kernels/race/*.cu and
        examples/oceananigans/ocean.cu must parse (--emit kir exits 0).
err:    tests/golden/err/X.cu (flags from `// RUN-FLAGS:`) must exit 1 with stderr equal
        to X.err, where every `PATH:` prefix of the input file is stripped, so lines read
        `LINE:COL: error: message` and line and column are checked.
UPDATE=1 rewrites expected files (review the diff). Prints `N passed, N failed, N skipped`.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import corpus  # noqa: E402

EMIT = {".kir": "kir", ".loops": "loops", ".c": "c", ".mlir": "stablehlo"}
UPDATE = os.environ.get("UPDATE") == "1"
counts = {"passed": 0, "failed": 0, "skipped": 0}


def flags_of(path):
    text = open(path).read()
    first = text.split("\n", 1)[0]
    if first.startswith("// RUN-FLAGS:"):
        return first[len("// RUN-FLAGS:"):].split()
    if "cuda2hlo-test" not in text:
        return []
    test = corpus.parse(path)
    if not test.launches:
        return []
    return corpus.converter_args(test, test.launches[0])


def check(name, got, expect_path):
    if UPDATE:
        with open(expect_path, "w") as f:
            f.write(got)
        counts["passed"] += 1
        return
    if not os.path.exists(expect_path):
        counts["skipped"] += 1
        return
    want = open(expect_path).read()
    if got == want:
        counts["passed"] += 1
        return
    counts["failed"] += 1
    print(f"FAIL {name}: output differs from {os.path.relpath(expect_path, ROOT)}")
    for i, (g, w) in enumerate(zip(got.split("\n"), want.split("\n"))):
        if g != w:
            print(f"  line {i + 1}:\n    want: {w}\n    got:  {g}")
            break


def run(tool, args):
    return subprocess.run([tool] + args, capture_output=True, text=True, cwd=ROOT)


def golden(tool, cu, expect_path, emit):
    name = os.path.relpath(cu, ROOT)
    if not UPDATE and not os.path.exists(expect_path):
        counts["skipped"] += 1
        return
    r = run(tool, ["--emit", emit] + flags_of(cu) + [os.path.relpath(cu, ROOT)])
    if r.returncode != 0:
        counts["failed"] += 1
        print(f"FAIL {name}: exit {r.returncode}\n{r.stderr}")
        return
    check(name, r.stdout, expect_path)
    cuda = os.environ.get("CUDA_PATH", "/usr/local/cuda")
    if emit == "kir" and "<cuda_runtime.h>" in open(cu).read() and os.path.isdir(cuda):
        # the bundled header and the toolkit's headers must give the same kernel IR
        t = run(tool, ["--emit", emit, "--cuda-path", cuda] + flags_of(cu) + [os.path.relpath(cu, ROOT)])
        check(name + " (--cuda-path)", t.stdout if t.returncode == 0 else t.stderr, expect_path)


def parses(tool, cu):
    rel = os.path.relpath(cu, ROOT)
    if not os.path.exists(cu):
        counts["skipped"] += 1
        return
    r = run(tool, ["--emit", "kir"] + flags_of(cu) + [rel])
    if r.returncode == 0 and r.stdout.startswith("kernel "):
        counts["passed"] += 1
    else:
        counts["failed"] += 1
        print(f"FAIL {rel}: --emit kir exit {r.returncode}\n{r.stderr}")


def error_case(tool, cu):
    rel = os.path.relpath(cu, ROOT)
    if not UPDATE and not os.path.exists(cu[:-3] + ".err"):   # awaiting its message
        counts["skipped"] += 1
        return
    flags = flags_of(cu)      # --emit kir unless the file names its stage (given once)
    r = run(tool, ([] if "--emit" in flags else ["--emit", "kir"]) + flags + [rel])
    if r.returncode != 1 or r.stdout:
        counts["failed"] += 1
        print(f"FAIL {rel}: want exit 1 and no output, got exit {r.returncode}\n{r.stderr}")
        return
    check(rel, r.stderr.replace(rel + ":", ""), cu[:-3] + ".err")


def main():
    tool = os.path.abspath(sys.argv[1])
    kinds = sys.argv[2:] or ["local", "corpus", "err"]
    if "local" in kinds:
        for f in sorted(os.listdir(HERE)):
            base, ext = os.path.splitext(f)
            if ext != ".cu":
                continue
            exps = [e for e in EMIT if os.path.exists(os.path.join(HERE, base + e))]
            for e in exps or ([".kir"] if UPDATE else []):   # UPDATE starts a new file at .kir
                golden(tool, os.path.join(HERE, f), os.path.join(HERE, base + e), EMIT[e])
    if "corpus" in kinds:
        for cu in corpus.corpus_files(os.path.join(ROOT, "tests", "kernels")):
            if os.path.dirname(cu) != os.path.join(ROOT, "tests", "kernels"):
                continue
            for ext in (".kir", ".loops"):   # .loops only where one exists
                exp = os.path.join(HERE, "corpus", os.path.basename(cu)[:-3] + ext)
                if ext == ".kir" or os.path.exists(exp):
                    golden(tool, cu, exp, EMIT[ext])
        # no golden, but the frontend must accept them: the racy corpus (refused later,
        # by the race checks) and the example model
        for cu in corpus.corpus_files(os.path.join(ROOT, "tests", "kernels")):
            if os.path.dirname(cu) != os.path.join(ROOT, "tests", "kernels"):
                parses(tool, cu)
        parses(tool, os.path.join(ROOT, "examples", "oceananigans", "ocean.cu"))
    if "err" in kinds:
        d = os.path.join(HERE, "err")
        for f in sorted(os.listdir(d)):
            if f.endswith(".cu"):
                error_case(tool, os.path.join(d, f))
    print(f"{counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
