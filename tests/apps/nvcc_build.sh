#!/bin/sh
# tests/apps/nvcc_build.sh CMAKE NVCC OUTDIR: the apps built as they are with NVIDIA's
# nvcc as CMAKE_CUDA_COMPILER (compiled and linked against the toolkit's cudart; not run:
# there is no GPU), so each program is CUDA that nvcc accepts, not only cuda2hlo-cc.
# Exit 77 (ctest: skipped) with a message when there is no nvcc at NVCC.
cmake=$1 nvcc=$2 out=$3 src=$(cd "$(dirname "$0")" && pwd)
if [ ! -x "$nvcc" ]; then
	echo "SKIP: no nvcc at $nvcc (set CUDA2HLO_CUDA_PATH to a CUDA toolkit)"
	exit 77
fi
rm -rf "$out"
"$cmake" -S "$src" -B "$out" -DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_BUILD_TYPE=Release >"$out.log" 2>&1 ||
	{ cat "$out.log"; echo "FAIL: configure with $nvcc"; exit 1; }
"$cmake" --build "$out" -j2 || { echo "FAIL: build with $nvcc"; exit 1; }
rc=0
while read -r app; do
	[ -x "$out/$app/$app" ] && echo "built $app" || { echo "FAIL: no $out/$app/$app"; rc=1; }
done <"$src/apps.txt"
exit $rc
