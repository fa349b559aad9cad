#!/usr/bin/env bash
# run.sh: the executor benchmark (docs/benchmarks.md), one command:
#   bench/run.sh [--small] [--hand]      REPS=10 (runs per backend), BUILD=build,
#                                        CUDA2HLO=BUILD/bin/cuda2hlo (the converter)
# Builds cuda2hlo, the runtime and the benchmark driver (bench_run.c) in BUILD (a
# Release build), converts the four CUDA kernels of bench/cuda/ with cuda2hlo --report
# (a module with a gather, scatter or while is not dense: reported and not timed),
# measures this machine's STREAM triad (stream_triad.c), then runs each converted
# module on interp, cpu and XLA CPU through PJRT (the xla-cpu-pjrt plugin: the session
# run with its copies, and XLA's execute alone) in one process, medians of REPS runs
# (interp: 5), and prints one table. --small: the same kernels at small sizes (a quick
# check of this script); --hand: also the hand-written modules of make_modules.py, as
# a second table. The load average is printed before and after: other work on the
# cores moves the figures.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$here/build}
case $build in /*) ;; *) build=$here/$build ;; esac
reps=${REPS:-10}
small="" hand=""
for a in "$@"; do
  case $a in --small) small=1 ;; --hand) hand=1 ;; *) echo "usage: bench/run.sh [--small] [--hand]" >&2; exit 2 ;; esac
done
py=$here/build/venv/bin/python
llvm=/usr/lib/llvm-22/lib
plugin=$(ls "$here"/build/venv/lib/python3*/site-packages/xla_plugins/xla_cpu_pjrt/xla_cpu_pjrt.so 2>/dev/null | head -1)
[ -n "$plugin" ] || { echo "run.sh: the xla-cpu-pjrt plugin is not installed in build/venv (make test installs it)" >&2; exit 1; }

mkdir -p "$build"
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release > "$build/bench.cmake.log" 2>&1 ||
  { cat "$build/bench.cmake.log"; exit 1; }
cmake --build "$build" -j2 --target cuda2hlo c2h_runtime c2h_pjrt > "$build/bench.build.log" 2>&1 ||
  { tail -30 "$build/bench.build.log"; exit 1; }
conv=${CUDA2HLO:-$build/bin/cuda2hlo}
out=$build/bench
mkdir -p "$out/modules"
cc -O2 -std=c17 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -I"$here/runtime/include" -I"$here/runtime/pjrt" \
  "$here/bench/bench_run.c" "$build/runtime/libc2h_runtime.a" "$build/runtime/pjrt/libc2h_pjrt.a" \
  "$build/src/hlo_emit/libc2h_hlo_emit.a" "$build/src/base/libc2h_base.a" \
  "$llvm/libLLVM-22.so" -Wl,-rpath,"$llvm" -pthread -ldl -lm -o "$out/bench_run"
cc -O3 -march=native -std=c17 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -pthread \
  "$here/bench/stream_triad.c" -o "$out/stream_triad"

if [ -n "$small" ]; then n=4096; j=64; l=16; m=64; else n=16777216; j=4096; l=256; m=1024; fi
# Converts bench/cuda/NAME.cu with the given flags; 0 when the module is dense.
convert() {
  local name=$1; shift
  "$conv" "$here/bench/cuda/$name.cu" "$@" --report -o "$out/modules/$name.mlir" \
    > "$out/modules/$name.report" 2>&1 || { cat "$out/modules/$name.report"; return 1; }
  local bad
  bad=$(awk '($1 == "gathers" || $1 == "scatters" || $1 == "whiles") && $2 != 0 { printf " %s %s", $1, $2 }' \
    "$out/modules/$name.report")
  if [ -n "$bad" ]; then
    echo "$name: not dense ($bad ); not timed. cuda2hlo --report says:"
    grep -E 'affine|store' "$out/modules/$name.report" | sed 's/^/    /'
    return 1
  fi
  echo "$name: converted dense ($(grep -c 'stablehlo\.' "$out/modules/$name.mlir") ops, 0 gathers/scatters/whiles)"
}

echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "XLA CPU plugin: $plugin"
echo "converter: $conv ($(git -C "$here" log -1 --format=%h 2>/dev/null || echo '?'))"
triad_line=$("$out/stream_triad" $([ -n "$small" ] && echo 16 || echo 256) 10)
echo "$triad_line"
triad=$(echo "$triad_line" | sed 's/.*median \([0-9.]*\) GB.*/\1/')

# Runs one module on every backend; prints the raw lines, appends a table row to $rows.
rows=$out/rows.txt
: > "$rows"
run() {   # label, module, bytes or flops flag, value
  echo
  echo "== $1 (medians of $reps runs; interp: 5)"
  "$out/bench_run" "$2" --reps "$reps" --interp-reps 5 "$3" "$4" --xla-exec --plugin "$plugin" \
    interp cpu "pjrt:$plugin" | tee "$out/last.txt"
  awk -v label="$1" -v triad="$triad" '
    { key = $1; sub(/^pjrt:.*/, "pjrt", key)
      for (i = 1; i <= NF; i++) {
        if ($i == "median") t[key] = $(i + 1)
        if ($i == "GB/s" || $i == "GFLOP/s") { r[key] = $(i - 1); unit = $i }
        if ($i == "maxdiff") d[key] = $(i + 1)
        if (i > 1 && $i == "cpu") c[key] = $(i + 1)
      } }
    function ms(x) { return x >= 100 ? sprintf("%.0f", x) : x >= 10 ? sprintf("%.1f", x) : x >= 1 ? sprintf("%.2f", x) : sprintf("%.3f", x) }
    END {
      rate = unit == "GB/s" ? sprintf("%.1f GB/s (%.0f%%)", r["cpu"], 100 * r["cpu"] / triad) \
                            : sprintf("%.1f GFLOP/s", r["cpu"])
      xrate = unit == "GB/s" ? sprintf("%.1f GB/s (%.0f%%)", r["xla-exec"], 100 * r["xla-exec"] / triad) \
                             : sprintf("%.1f GFLOP/s", r["xla-exec"])
      printf "| %s | %s | %s | %s | %s | %s | %s | **%.2fx** | %.2fx | %s / %s | %s |\n", label, ms(t["interp"]),
        ms(t["cpu"]), ms(t["pjrt"]), ms(t["xla-exec"]), rate, xrate, t["xla-exec"] / t["cpu"], t["pjrt"] / t["cpu"],
        ms(c["cpu"]), ms(c["xla-exec"]), d["cpu"]
    }' "$out/last.txt" >> "$rows"
}

table() {
  echo
  echo "$1 (ms: medians of wall time; cpu/XLA: XLA's time over cpu's, above 1 = cpu faster;"
  echo "CPU ms: the process's CPU time per run, all threads; triad median $triad GB/s)"
  echo "| program | interp ms | cpu ms | XLA session ms | XLA execute ms | cpu | XLA execute | cpu/XLA execute | cpu/XLA session | CPU ms cpu / XLA execute | cpu maxdiff |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  cat "$rows"
}

echo
convert saxpy --grid $((n / 256)) --block 256 --size x=$n --size y=$n --set n=$n --set a=2.5 &&
  run "saxpy 2^$(awk -v n=$n 'BEGIN { print log(n) / log(2) }')" "$out/modules/saxpy.mlir" --bytes $((3 * 4 * n))
convert jacobi2d --grid $((j / 16)),$((j / 16)) --block 16,16 --size u=$((j * j)) --size v=$((j * j)) --set n=$j &&
  run "jacobi2d ${j}^2" "$out/modules/jacobi2d.mlir" --bytes $((2 * 4 * j * j))
convert laplacian3d --grid $(((l + 31) / 32)),$(((l + 7) / 8)),$l --block 32,8,1 --size u=$((l * l * l)) --size v=$((l * l * l)) \
  --set n=$l --set h2inv=1.0 &&
  run "laplacian3d ${l}^3" "$out/modules/laplacian3d.mlir" --bytes $((2 * 4 * l * l * l))
convert matmul --grid $((m / 16)),$((m / 16)) --block 16,16 --size A=$((m * m)) --size B=$((m * m)) \
  --size C=$((m * m)) --set n=$m &&
  run "matmul ${m}^2" "$out/modules/matmul.mlir" --flops $((2 * m * m * m))
table "Converted from CUDA (bench/cuda/)"

if [ -n "$hand" ]; then
  "$py" "$here/bench/make_modules.py" "$out/hand" $([ -n "$small" ] && echo --small)
  : > "$rows"
  run "add (hand-written)" "$out/hand/add.mlir" --bytes $((3 * 4 * n))
  run "jacobi2d (hand-written)" "$out/hand/jacobi2d.mlir" --bytes $((2 * 4 * j * j))
  run "laplacian3d (hand-written)" "$out/hand/laplacian3d.mlir" --bytes $((2 * 4 * l * l * l))
  run "matmul (hand-written dot_general)" "$out/hand/matmul.mlir" --flops $((2 * m * m * m))
  table "Hand-written modules (bench/make_modules.py; not the acceptance figures)"
fi
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
