"""cache_test.py CUDA2HLO_RUN: the cpu backend's on-disk cache of compiled code (cache.c).

A module with two loop nests of the same form (so the JIT compiles one function for
both) runs through `cuda2hlo-run --backend cpu` with CUDA2HLO_CACHE_DIR set to a fresh
folder and CUDA2HLO_CPU_JIT_STATS=1 (which names the cache outcome on stderr). Checked,
with numpy computing every expected result: the first run compiles (miss) and writes
one entry, the second takes it (hit); an entry that is truncated, empty, garbage, has
one byte of its object or of its key flipped, or belongs to another key is ignored
(miss, correct results) and rewritten (the next run hits); CUDA2HLO_CACHE_DIR= (empty)
or `off` (as libcuda2hlo_cudart reads it) turns the cache off and writes nothing; a cache folder that cannot be created costs
the compile only. Closing line: N passed, N failed."""
import os
import subprocess
import sys
import tempfile

import numpy as np

RUN = sys.argv[1]
N = 1000
passed = failed = 0

MODULE = """func.func public @main(%a: tensor<1000xf32>, %b: tensor<1000xf32>) -> (tensor<1000xf32>, tensor<1000xf32>) {
  %0 = stablehlo.exponential %a : tensor<1000xf32>
  %1 = stablehlo.multiply %0, %b : tensor<1000xf32>
  %2 = stablehlo.exponential %b : tensor<1000xf32>
  %3 = stablehlo.multiply %2, %a : tensor<1000xf32>
  return %1, %3 : tensor<1000xf32>, tensor<1000xf32>
}
"""


def report(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL " + what)


def run(tmp, cache_dir):
    env = dict(os.environ, CUDA2HLO_CPU_JIT_STATS="1", CUDA2HLO_CACHE_DIR=cache_dir)
    out = os.path.join(tmp, "out")
    cmd = [RUN, os.path.join(tmp, "m.mlir"), "--backend", "cpu", "--out", out,
           "--in", "0=" + os.path.join(tmp, "a.npy"), "--in", "1=" + os.path.join(tmp, "b.npy")]
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, cwd=tmp)
    stats = [line for line in p.stderr.splitlines() if line.startswith("cpu jit:")]
    if p.returncode != 0 or len(stats) != 1:
        return None, "exit %d: %s" % (p.returncode, p.stderr.strip()[-300:])
    return [np.load(os.path.join(out, "result%d.npy" % k)) for k in (0, 1)], stats[0]


def expect(tmp, cache_dir, outcome, want, what):
    got, stats = run(tmp, cache_dir)
    if got is None:
        report(False, "%s: %s" % (what, stats))
        return
    ok = all(np.allclose(g, w, rtol=2e-6, atol=0) for g, w in zip(got, want))
    report(ok and ("cache " + outcome) in stats and "2 fusions, 1 distinct" in stats,
           "%s: want cache %s and the numpy results; got %s%s" % (what, outcome, stats, "" if ok else ", wrong values"))


def entries(d):
    return sorted(f for f in os.listdir(d)) if os.path.isdir(d) else []


def damage(path, how):
    data = bytearray(open(path, "rb").read())
    if how == "truncated":
        data = data[:len(data) // 2]
    elif how == "empty":
        data = b""
    elif how == "garbage":
        data = bytes(range(256)) * 4
    elif how == "object byte":
        data[-100] ^= 0x40
    elif how == "key byte":
        data[40] ^= 0x01
    with open(path, "wb") as f:
        f.write(data)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        rng = np.random.default_rng(7)
        a = rng.uniform(-2, 2, N).astype(np.float32)
        b = rng.uniform(-2, 2, N).astype(np.float32)
        np.save(os.path.join(tmp, "a.npy"), a)
        np.save(os.path.join(tmp, "b.npy"), b)
        with open(os.path.join(tmp, "m.mlir"), "w") as f:
            f.write(MODULE)
        want = [np.exp(a) * b, np.exp(b) * a]
        cache = os.path.join(tmp, "cache", "sub")   # created by the backend
        expect(tmp, cache, "miss", want, "first run")
        files = entries(cache)
        report(len(files) == 1 and files[0].startswith("cpu-") and files[0].endswith(".o"),
               "one entry cpu-*.o after the first run, got %s" % files)
        expect(tmp, cache, "hit", want, "second run")
        for how in ("truncated", "empty", "garbage", "object byte", "key byte"):
            damage(os.path.join(cache, files[0]), how)
            expect(tmp, cache, "miss", want, "entry with %s" % how)
            expect(tmp, cache, "hit", want, "the run after the entry with %s was rewritten" % how)
        report(entries(cache) == files, "no files but the entry left behind, got %s" % entries(cache))
        off = os.path.join(tmp, "off")
        expect(tmp, "", "off", want, "CUDA2HLO_CACHE_DIR empty")
        report(not os.path.exists(off), "nothing written with the cache off")
        expect(tmp, "off", "off", want, "CUDA2HLO_CACHE_DIR=off")
        report(not os.path.exists(off), "CUDA2HLO_CACHE_DIR=off writes nothing (no folder named off)")
        blocker = os.path.join(tmp, "afile")
        open(blocker, "w").close()
        expect(tmp, os.path.join(blocker, "cache"), "miss", want, "a cache folder that cannot be made")
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
