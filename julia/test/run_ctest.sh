#!/bin/sh
# ctest julia_pkg: julia/test/runtests.jl with the checkout's build (CUDA2HLO_HOME=$1),
# or SKIP (77) with a message where there is no julia on PATH.
if ! command -v julia >/dev/null 2>&1; then
  echo "SKIP: no julia on PATH (Cuda2Hlo.jl has not been run: julia/README.md)"
  echo "0 passed, 0 failed, 1 skipped"
  exit 77
fi
here=$(cd "$(dirname "$0")/.." && pwd)
CUDA2HLO_HOME=$1 exec julia --project="$here" -e 'using Pkg; Pkg.instantiate(); Pkg.test()'
