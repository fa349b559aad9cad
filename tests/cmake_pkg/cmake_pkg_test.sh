#!/usr/bin/env bash
# cmake_pkg_test.sh BUILD SRC: `cmake --install BUILD` into a fresh prefix, then the
# project in SRC/project (outside the tree as far as CMake knows) finds the package,
# converts a kernel with cuda2hlo_add_module and runs it through cuda2hlo::runtime; the
# same program built with `pkg-config --cflags --libs cuda2hlo` runs too.
set -u
build=$1; src=$2; t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
step() { echo "== $*"; "$@" >"$t/log" 2>&1 || { cat "$t/log"; echo "FAIL: $*"; exit 1; }; }
step cmake --install "$build" --prefix "$t/prefix"
for f in bin/cuda2hlo bin/cuda2hlo-run lib/libcuda2hlo_runtime.so include/cuda2hlo_runtime.h \
         lib/cmake/cuda2hlo/cuda2hlo-config.cmake lib/pkgconfig/cuda2hlo.pc; do
	[ -e "$t/prefix/$f" ] || { echo "FAIL: $f not installed"; exit 1; }
done
step cmake -S "$src/project" -B "$t/b" -DCMAKE_PREFIX_PATH="$t/prefix"
step cmake --build "$t/b"
grep -q "tensor<1000xf32>" "$t/b/axpy_module.mlir" || { echo "FAIL: no module"; exit 1; }
step "$t/b/run_axpy"
export PKG_CONFIG_PATH="$t/prefix/lib/pkgconfig"
step sh -c "cc -o '$t/pc_axpy' '$src/project/run_axpy.c' -DMODULE_PATH='\"$t/b/axpy_module.mlir\"' \$(pkg-config --cflags --libs cuda2hlo)"
step "$t/pc_axpy"
# the installed tool runs from the prefix (its libraries found without the build tree)
step "$t/prefix/bin/cuda2hlo" "$src/project/axpy.cu" --kernel axpy --grid 4 --block 256 --size x=1000 \
	--size y=1000 --set n=1000 -o "$t/again.mlir"
cmp -s "$t/again.mlir" "$t/b/axpy_module.mlir" || { echo "FAIL: installed cuda2hlo differs"; exit 1; }
echo "cmake_pkg: all passed"
