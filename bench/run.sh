#!/usr/bin/env bash
# run.sh: the executor benchmark (docs/benchmarks.md), one command:
#   bench/run.sh [--small]          REPS=10 (runs per backend), BUILD=build/bench
# Builds the runtime in Release (BUILD), the benchmark driver (bench_run.c) and the
# STREAM triad (stream_triad.c), writes the four programs (make_modules.py), measures
# this machine's triad bandwidth, then runs each program on interp, cpu and XLA CPU
# through PJRT (the session run, with its copies, and XLA's execute alone) in one
# process, medians of REPS runs (interp: 5), and prints the ratios. The machine's load
# average is printed before and after: other work on the cores moves the figures.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$here/build/bench}
case $build in /*) ;; *) build=$here/$build ;; esac
reps=${REPS:-10}
small=""
[ "${1:-}" = "--small" ] && small=--small
py=$here/build/venv/bin/python
llvm=/usr/lib/llvm-22/lib

cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release > "$build.cmake.log" 2>&1 ||
  { cat "$build.cmake.log"; exit 1; }
cmake --build "$build" -j2 --target c2h_runtime c2h_pjrt > "$build.build.log" 2>&1 ||
  { tail -30 "$build.build.log"; exit 1; }
out=$build/bench
mkdir -p "$out"
cc -O2 -std=c17 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -I"$here/runtime/include" -I"$here/runtime/pjrt" \
  "$here/bench/bench_run.c" "$build/runtime/libc2h_runtime.a" "$build/runtime/pjrt/libc2h_pjrt.a" \
  "$build/src/hlo_emit/libc2h_hlo_emit.a" "$build/src/base/libc2h_base.a" \
  "$llvm/libLLVM-22.so" -Wl,-rpath,"$llvm" -pthread -ldl -lm -o "$out/bench_run"
cc -O3 -march=native -std=c17 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -pthread \
  "$here/bench/stream_triad.c" -o "$out/stream_triad"
"$py" "$here/bench/make_modules.py" "$out/modules" $small

echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
triad_line=$("$out/stream_triad" $([ -n "$small" ] && echo 16 || echo 256) 10)
echo "$triad_line"
triad=$(echo "$triad_line" | sed 's/.*median \([0-9.]*\) GB.*/\1/')

run() {   # name, bytes or flops flag, value
  echo
  echo "== $1 (medians of $reps runs; interp: 5)"
  "$out/bench_run" "$out/modules/$1.mlir" --reps "$reps" --interp-reps 5 "$2" "$3" --xla-exec interp cpu pjrt |
    tee "$out/$1.txt"
  awk -v triad="$triad" '
    { for (i = 1; i <= NF; i++) if ($i == "median") t[$1] = $(i + 1) }
    / GB\/s/ { for (i = 1; i <= NF; i++) if ($i == "GB/s") g[$1] = $(i - 1) }
    END {
      if (t["cpu"] && t["xla-exec"]) printf "   cpu / XLA execute: %.2fx faster", t["xla-exec"] / t["cpu"]
      if (t["cpu"] && t["pjrt"]) printf ";  cpu / XLA session run: %.2fx faster", t["pjrt"] / t["cpu"]
      if (t["cpu"] && t["interp"]) printf ";  cpu / interp: %.1fx faster", t["interp"] / t["cpu"]
      printf "\n"
      if (g["cpu"]) printf "   cpu at %.0f%% of the triad median (%.2f GB/s)", 100 * g["cpu"] / triad, triad
      if (g["xla-exec"]) printf ", XLA execute at %.0f%%", 100 * g["xla-exec"] / triad
      if (g["cpu"]) printf "\n"
    }' "$out/$1.txt"
}

if [ -n "$small" ]; then n=4096; j=64; l=16; m=64; else n=16777216; j=4096; l=256; m=1024; fi
run add --bytes $((3 * 4 * n))
run jacobi2d --bytes $((2 * 4 * j * j))
run laplacian3d --bytes $((2 * 4 * l * l * l))
run matmul --flops $((2 * m * m * m))
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
