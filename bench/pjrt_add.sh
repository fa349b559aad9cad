#!/usr/bin/env bash
# pjrt_add.sh: compile and run an element-wise add of 2^24 f32 through every installed
# CPU PJRT plugin (or the plugin given as $1) with c2h-pjrt-smoke, and print the times:
# compile, run (inputs to the device, execute, result back) and execute alone (inputs
# already on the device), medians of $REPS runs, and the execute bandwidth in GB/s
# (two arrays read, one written).   Usage: BUILD=build REPS=10 bench/pjrt_add.sh [PLUGIN]
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-build}
case $build in /*) ;; *) build=$here/$build ;; esac
tool=$build/bin/c2h-pjrt-smoke
py=$here/build/venv/bin/python
reps=${REPS:-10}
n=16777216
[ -x "$tool" ] || { echo "pjrt_add: $tool not built (make, or set BUILD)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/add.mlir" <<MLIR
func.func public @main(%a: tensor<${n}xf32>, %b: tensor<${n}xf32>) -> tensor<${n}xf32> {
  %0 = stablehlo.add %a, %b : tensor<${n}xf32>
  return %0 : tensor<${n}xf32>
}
MLIR
"$py" -c "
import numpy as np, sys
r = np.random.default_rng(1)
np.save(sys.argv[1] + '/a.npy', r.random($n, dtype=np.float32))
np.save(sys.argv[1] + '/b.npy', r.random($n, dtype=np.float32))" "$tmp"
if [ $# -ge 1 ]; then plugins=$1; else plugins=$("$tool" --list); fi
echo "add of 2^24 f32, medians of $reps runs, $(nproc) cores"
for p in $plugins; do
  line=$("$tool" --plugin "$p" --bench "$reps" --out "$tmp" "$tmp/add.mlir" "$tmp/a.npy" "$tmp/b.npy" 2>/dev/null)
  desc=$(echo "$line" | head -1)
  times=$(echo "$line" | grep '^compile')
  "$py" -c "
import numpy as np, sys
a, b, c = (np.load(sys.argv[1] + f) for f in ('/a.npy', '/b.npy', '/out0.npy'))
assert np.array_equal(c, a + b), 'wrong result'" "$tmp"
  ms=$(echo "$times" | sed 's/.*execute \([0-9.]*\) ms.*/\1/')
  gbs=$(awk -v ms="$ms" -v n=$n 'BEGIN { printf "%.1f", 3 * 4 * n / (ms * 1e6) }')
  echo "${desc%%,*}"
  echo "  $times; execute $gbs GB/s"
done
