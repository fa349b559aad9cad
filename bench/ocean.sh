#!/usr/bin/env bash
# ocean.sh: the ocean model benchmark (docs/benchmarks.md, "The ocean model"), one command:
#   bench/ocean.sh [--quick]        BUILD=build, REPS=2 (interleaved rounds),
#                                   GRIDS=32x32x8,64x64x16,128x128x32,256x256x32
# Builds cuda2hlo and ocean_run in BUILD, measures this machine's STREAM triad
# (stream_triad.c), then runs bench/ocean_bench.py: per grid, converts the model
# (examples/oceananigans/ocean.cu, cuda2hlo --entry simulate) and times the cpu backend,
# XLA CPU (jaxlib), the emulated original and a native OpenMP build of the same CUDA
# source, interleaved, by CPU time (wait4); writes the table and the plot
# (docs/ocean_bench.png) into docs/benchmarks.md between its ocean.sh markers.
# --quick: 32x32x8 and 64x64x16 only, one round, docs untouched (a check of this script).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$here/build}
case $build in /*) ;; *) build=$here/$build ;; esac
reps=${REPS:-2}
grids=${GRIDS:-32x32x8,64x64x16,128x128x32,256x256x32}
doc="--doc $here/docs/benchmarks.md --png $here/docs/ocean_bench.png"
case ${1:-} in
  --quick) grids=32x32x8,64x64x16 reps=1 doc="" ;;
  "") ;;
  *) echo "usage: bench/ocean.sh [--quick]" >&2; exit 2 ;;
esac
py=$here/build/venv/bin/python
[ -x "$py" ] || { echo "ocean.sh: no Python venv at build/venv (make setup)" >&2; exit 1; }
[ -f "$build/CMakeCache.txt" ] || cmake -S "$here" -B "$build" > /dev/null
cmake --build "$build" -j2 --target cuda2hlo ocean_run > "$build/ocean-bench.build.log" 2>&1 ||
  { tail -30 "$build/ocean-bench.build.log"; exit 1; }
out=$build/ocean-bench
mkdir -p "$out"
cc -O3 -march=native -std=c17 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -pthread \
  "$here/bench/stream_triad.c" -o "$out/stream_triad"
echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
triad_line=$("$out/stream_triad" $([ -z "$doc" ] && echo 32 || echo 256) 10)
echo "$triad_line"
triad=$(echo "$triad_line" | sed 's/.*median \([0-9.]*\) GB.*/\1/')
exec "$py" "$here/bench/ocean_bench.py" --build "$build" --out "$out" --triad "$triad" \
  --triad-line "$triad_line" --grids "$grids" --reps "$reps" $doc
