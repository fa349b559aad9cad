#!/usr/bin/env bash
# convert_time.sh: conversion time per corpus kernel (docs/benchmarks.md, "Conversion
# time"). Not a test. For every tests/kernels/*.cu with launch lines (race/ and --entry
# files excluded), times the whole `cuda2hlo FILE <first launch's flags> -o X.mlir`
# process and `clang-22 -fsyntax-only` on the same file with the frontend's flags
# (-x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib, the bundled header: cuda_api.cuh as
# cuda_runtime.h, -include cuda_runtime.h, -std=c++17), best of REPS runs each (REPS=3);
# prints per kernel both times and the ratio, then median and max of each and of the
# ratio. BIN: the folder holding cuda2hlo (default build/raise-rel/bin, a Release build:
#   cmake -S . -B build/raise-rel -DCMAKE_BUILD_TYPE=Release && cmake --build build/raise-rel --target cuda2hlo)
# The load average is printed before and after: other work on the cores moves the figures.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$here/build/raise-rel/bin}
reps=${REPS:-3}
inc=$(mktemp -d)
trap 'rm -rf "$inc"' EXIT
cp "$here/src/frontend/cuda_api.cuh" "$inc/cuda_runtime.h"
cp "$here/src/frontend/cooperative_groups.cuh" "$inc/cooperative_groups.h"
for a in cuda.h device_launch_parameters.h cuda_runtime_api.h device_functions.h math_constants.h; do
  echo '#include <cuda_runtime.h>' > "$inc/$a"
done
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$here/build/venv/bin/python" - "$here" "$bin/cuda2hlo" "$inc" "$reps" <<'PY'
import os, statistics, subprocess, sys, time
here, exe, inc, reps = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
sys.path.insert(0, os.path.join(here, "tests", "lib"))
import corpus
clang = ["clang-22", "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-Wno-unknown-cuda-version",
         "-fsyntax-only", "-nocudainc", "-nocudalib", "-I" + inc, "-include",
         os.path.join(inc, "cuda_runtime.h"), "-std=c++17"]
out = os.path.join(inc, "out.mlir")

def best(cmd):
    t = []
    for _ in range(reps):
        t0 = time.perf_counter()
        r = subprocess.run(cmd, capture_output=True)
        t.append(time.perf_counter() - t0)
        if r.returncode != 0:
            return None
    return min(t)

rows = []
kdir = os.path.join(here, "tests", "kernels")
for name in sorted(os.listdir(kdir)):
    path = os.path.join(kdir, name)
    if not name.endswith(".cu"):
        continue
    test = corpus.parse(path)
    if not test.launches or test.entry or test.expect == "race":
        continue
    conv = best([exe, path] + corpus.converter_args(test, test.launches[0]) + ["-o", out])
    syn = best(clang + [path])
    if conv is None or syn is None:
        print(f"{name[:-3]:28s} skipped ({'cuda2hlo' if conv is None else 'clang'} failed)")
        continue
    rows.append((name[:-3], conv, syn))
    print(f"{name[:-3]:28s} cuda2hlo {conv*1e3:7.1f} ms  clang -fsyntax-only {syn*1e3:7.1f} ms  ratio {conv/syn:5.2f}")
c = [r[1] for r in rows]; s = [r[2] for r in rows]; q = [r[1] / r[2] for r in rows]
worst = max(rows, key=lambda r: r[1] / r[2])
print(f"{len(rows)} kernels, best of {reps}")
print(f"cuda2hlo: median {statistics.median(c)*1e3:.1f} ms, max {max(c)*1e3:.1f} ms ({max(rows, key=lambda r: r[1])[0]})")
print(f"clang-22 -fsyntax-only: median {statistics.median(s)*1e3:.1f} ms, max {max(s)*1e3:.1f} ms")
print(f"ratio per kernel: median {statistics.median(q):.2f}, max {max(q):.2f} ({worst[0]}); "
      f"ratio of medians {statistics.median(c)/statistics.median(s):.2f}")
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
