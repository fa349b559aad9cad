"""parts_test.py CUDA2HLO_RUN: the cpu backend compiles a big module in parts, on threads (jit.c).

A module of NFUS loop nests that differ in their constants (so the JIT has NFUS distinct
functions, far over one part's worth of IR) runs through `cuda2hlo-run --backend
cpu:threads=T` with CUDA2HLO_CPU_JIT_STATS=1 (which names the fusions, parts, threads
and cache outcome on stderr). Checked, with numpy computing every expected result: one
thread and four threads both cut the same several parts, the four-thread compile runs
on several threads, and both give the same bytes, close to numpy's; with a cache
folder the first run writes one entry per part (miss) and the second takes them all
(hit) with the same bytes. Closing line: N passed, N failed."""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

RUN = sys.argv[1]
N = 1000
NFUS = 200
passed = failed = 0


def module():
    lines = ["func.func public @main(%a: tensor<1000xf32>, %b: tensor<1000xf32>) -> ("
             + ", ".join(["tensor<1000xf32>"] * NFUS) + ") {"]
    for i in range(NFUS):
        c = 1.0 + i / 64.0
        lines += ["  %%c%d = stablehlo.constant dense<%.6e> : tensor<1000xf32>" % (i, c),
                  "  %%m%d = stablehlo.multiply %%a, %%c%d : tensor<1000xf32>" % (i, i),
                  "  %%s%d = stablehlo.sine %%m%d : tensor<1000xf32>" % (i, i),
                  "  %%d%d = stablehlo.divide %%b, %%c%d : tensor<1000xf32>" % (i, i),
                  "  %%e%d = stablehlo.maximum %%d%d, %%m%d : tensor<1000xf32>" % (i, i, i),
                  "  %%r%d = stablehlo.add %%s%d, %%e%d : tensor<1000xf32>" % (i, i, i)]
    lines += ["  return " + ", ".join("%%r%d" % i for i in range(NFUS)) + " : "
              + ", ".join(["tensor<1000xf32>"] * NFUS), "}", ""]
    return "\n".join(lines)


def report(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL " + what)


def run(tmp, backend, cache_dir, tag):
    env = dict(os.environ, CUDA2HLO_CPU_JIT_STATS="1", CUDA2HLO_CACHE_DIR=cache_dir)
    out = os.path.join(tmp, "out-" + tag)
    cmd = [RUN, os.path.join(tmp, "m.mlir"), "--backend", backend, "--out", out,
           "--in", "0=" + os.path.join(tmp, "a.npy"), "--in", "1=" + os.path.join(tmp, "b.npy")]
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    stats = [line for line in p.stderr.splitlines() if line.startswith("cpu jit:")]
    m = re.search(r"(\d+) fusions, (\d+) distinct, (\d+) parts on (\d+) threads; cache (\w+)",
                  stats[0]) if len(stats) == 1 else None
    if p.returncode != 0 or not m:
        report(False, "%s: exit %d: %s" % (tag, p.returncode, p.stderr.strip()[-300:]))
        return None, None
    got = [np.load(os.path.join(out, "result%d.npy" % k)) for k in range(NFUS)]
    return got, dict(fusions=int(m[1]), distinct=int(m[2]), parts=int(m[3]), threads=int(m[4]),
                     cache=m[5])


def same_bytes(x, y):
    return all(u.tobytes() == v.tobytes() for u, v in zip(x, y))


def main():
    with tempfile.TemporaryDirectory() as tmp:
        rng = np.random.default_rng(11)
        a = rng.uniform(-2, 2, N).astype(np.float32)
        b = rng.uniform(-2, 2, N).astype(np.float32)
        np.save(os.path.join(tmp, "a.npy"), a)
        np.save(os.path.join(tmp, "b.npy"), b)
        with open(os.path.join(tmp, "m.mlir"), "w") as f:
            f.write(module())
        want = []
        for i in range(NFUS):
            c = np.float32(1.0 + i / 64.0)
            want.append(np.sin((a * c).astype(np.float64)).astype(np.float32) + np.maximum(b / c, a * c))
        one, s1 = run(tmp, "cpu:threads=1", "", "t1")
        four, s4 = run(tmp, "cpu:threads=4", "", "t4")
        if one is None or four is None:
            print("%d passed, %d failed" % (passed, failed))
            return 1
        report(s1["distinct"] == NFUS and s1["parts"] > 1 and s1["threads"] == 1,
               "one thread: want %d distinct in several parts on 1 thread, got %s" % (NFUS, s1))
        report(s4["parts"] == s1["parts"] and s4["threads"] > 1,
               "four threads: want the same %d parts on several threads, got %s" % (s1["parts"], s4))
        report(all(np.allclose(g, w, rtol=1e-5, atol=1e-6) for g, w in zip(one, want)),
               "one thread: the numpy results")
        report(same_bytes(one, four), "four threads: the same bytes as one thread")
        cache = os.path.join(tmp, "cache")
        first, sf = run(tmp, "cpu:threads=4", cache, "c1")
        files = sorted(os.listdir(cache)) if os.path.isdir(cache) else []
        report(sf is not None and sf["cache"] == "miss" and len(files) == s1["parts"],
               "first cached run: want miss and %d entries, got %s, %s" % (s1["parts"], sf, files))
        again, sa = run(tmp, "cpu:threads=4", cache, "c2")
        report(sa is not None and sa["cache"] == "hit" and same_bytes(again, one),
               "second cached run: want every part a hit and the same bytes, got %s" % sa)
        report(first is not None and same_bytes(first, one), "first cached run: the same bytes")
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
