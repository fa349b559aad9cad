#!/bin/sh
# interp_bench.sh [CUDA2HLO_RUN] [N]: interpreter throughput on 2^24 f32 elements.
#   add:     c = a + b                 (reads 2, writes 1 array of 64 MiB)
#   stencil: 5-point Laplacian update of a 4096x4096 grid the way cuda2hlo raises it
#            (5 slices, arithmetic, one dynamic_update_slice; reads 1, writes 1)
# GB/s counts the bytes of the inputs and outputs once per run (best of N runs).
# Build cuda2hlo-run with -DCMAKE_BUILD_TYPE=Release for meaningful figures.
set -e
RUN=${1:-build/bin/cuda2hlo-run}
N=${2:-5}
PY=${CUDA2HLO_PYTHON:-$(dirname "$0")/../build/venv/bin/python}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
"$PY" - "$T" <<'PYEOF'
import sys, numpy as np
d = sys.argv[1]
n = 1 << 24
rng = np.random.default_rng(0)
np.save(d + "/a.npy", rng.standard_normal(n, dtype=np.float32))
np.save(d + "/b.npy", rng.standard_normal(n, dtype=np.float32))
np.save(d + "/u.npy", rng.standard_normal((4096, 4096), dtype=np.float32))
V = "tensor<%dxf32>" % n
open(d + "/add.mlir", "w").write(
    "func.func public @main(%%a: %s {cuda2hlo.param = \"a\"}, %%b: %s {cuda2hlo.param = \"b\"}) -> (%s {cuda2hlo.param = \"c\"}) {\n"
    "  %%0 = stablehlo.add %%a, %%b : %s\n  return %%0 : %s\n}\n" % (V, V, V, V, V))
G, I = "tensor<4096x4096xf32>", "tensor<4094x4094xf32>"
sl = lambda name, r, c: "  %%%s = stablehlo.slice %%u [%d:%d, %d:%d] : (%s) -> %s\n" % (name, r, r + 4094, c, c + 4094, G, I)
open(d + "/stencil.mlir", "w").write(
    "func.func public @main(%%u: %s {cuda2hlo.param = \"u\"}) -> (%s {cuda2hlo.param = \"u\"}) {\n" % (G, G)
    + sl("n", 0, 1) + sl("s", 2, 1) + sl("w", 1, 0) + sl("e", 1, 2) + sl("c", 1, 1)
    + "  %%q = stablehlo.constant dense<2.500000e-01> : %s\n" % I
    + "  %%0 = stablehlo.add %%n, %%s : %s\n  %%1 = stablehlo.add %%w, %%e : %s\n" % (I, I)
    + "  %%2 = stablehlo.add %%0, %%1 : %s\n  %%3 = stablehlo.multiply %%q, %%2 : %s\n" % (I, I)
    + "  %%4 = stablehlo.subtract %%3, %%c : %s\n" % I
    + "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
    + "  %%5 = stablehlo.dynamic_update_slice %%u, %%4, %%one, %%one : (%s, %s, tensor<i32>, tensor<i32>) -> %s\n" % (G, I, G)
    + "  return %%5 : %s\n}\n" % G)
PYEOF
echo "add (2^24 f32):"
"$RUN" "$T/add.mlir" --in a="$T/a.npy" --in b="$T/b.npy" --bench "$N"
echo "5-point stencil (4096x4096 f32):"
"$RUN" "$T/stencil.mlir" --in u="$T/u.npy" --bench "$N"
