"""header_time.py DIR [--every N] [--bin BIN] [--cuda DIR]: CPU time of cuda2hlo's parse
with each header choice against clang-22 -fsyntax-only (not a test; docs/benchmarks.md).

For every N-th .cu file under DIR (sorted; default every 25th), the CPU time (user+sys of
the child process, so a loaded machine's waiting does not count) of
  bundled:  cuda2hlo --bundled-cuda --emit kir FILE
  toolkit:  cuda2hlo --cuda-path CUDA --emit kir FILE
  clang:    clang-22 -x cuda --cuda-host-only -fsyntax-only --cuda-path=CUDA
            -Wno-unknown-cuda-version -isystem CUDA/include/cccl -std=c++17 FILE
  default:  cuda2hlo --emit kir FILE (bundled, the toolkit when the file needs it)
whatever their exit status (a refusal still parses the whole file). Prints one row per
file and the medians and ratios to clang.
"""
import argparse
import os
import resource
import statistics
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu(cmd):
    """CPU seconds of one run of cmd."""
    t0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
    t1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (t1.ru_utime - t0.ru_utime) + (t1.ru_stime - t0.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--every", type=int, default=25)
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "build", "bin", "cuda2hlo"))
    ap.add_argument("--cuda", default="/usr/local/cuda")
    a = ap.parse_args()
    files = sorted(os.path.join(d, n) for d, _, ns in os.walk(a.dir) for n in ns if n.endswith(".cu"))
    cuda = a.cuda
    ways = {
        "bundled": lambda f: [a.bin, "--bundled-cuda", "--emit", "kir", f],
        "toolkit": lambda f: [a.bin, "--cuda-path", cuda, "--emit", "kir", f],
        "default": lambda f: [a.bin, "--emit", "kir", f],
        "clang": lambda f: ["clang-22", "-x", "cuda", "--cuda-host-only", "-fsyntax-only",
                            f"--cuda-path={cuda}", "-Wno-unknown-cuda-version", "-isystem",
                            f"{cuda}/include/cccl", "-std=c++17", f],
    }
    rows = []
    print("| file | " + " | ".join(ways) + " |\n| --- |" + " --- |" * len(ways))
    for f in files[::a.every]:
        r = {w: cpu(c(f)) for w, c in ways.items()}
        rows.append(r)
        print(f"| {os.path.relpath(f, a.dir)} | " + " | ".join(f"{r[w]:.2f}" for w in ways) + " |",
              flush=True)
    print(f"\nfiles: {len(rows)} (every {a.every}th of {len(files)})")
    for w in ways:
        med = statistics.median(r[w] for r in rows)
        ratio = statistics.median(r[w] / max(r["clang"], 1e-3) for r in rows)
        print(f"{w}: median {med:.2f} s CPU, median ratio to clang {ratio:.2f}")


if __name__ == "__main__":
    main()
