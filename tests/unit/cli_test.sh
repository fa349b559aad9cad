#!/usr/bin/env bash
# cli_test.sh BIN: the command-line contract of DESIGN.md for both tools: --help documents
# the flags, bad usage is exit 2 with one line on stderr, a missing stage is exit 1.
bin=$1; pass=0; failn=0
check() {  # check NAME WANT_RC WANT_LINES(or -) CMD...
	local name=$1 want=$2 lines=$3; shift 3
	local err rc
	err=$("$@" 2>&1 >/dev/null); rc=$?
	if [ "$rc" != "$want" ] || { [ "$lines" != - ] && [ "$(printf '%s\n' "$err" | wc -l)" != "$lines" ]; }; then
		echo "FAIL $name: rc=$rc (want $want), stderr: $err"; failn=$((failn+1))
	else pass=$((pass+1)); fi
}
check help 0 - "$bin/cuda2hlo" --help
check help_mentions_alias 0 - grep -q "__restrict__" <("$bin/cuda2hlo" --help)
for f in --kernel --grid --block --size --set --emit --entry --report --cuda-path --bundled-cuda --list-kernels -p; do
	check "help_$f" 0 - grep -q -- "$f" <("$bin/cuda2hlo" --help)
done
check bad_flag 2 1 "$bin/cuda2hlo" --bogus k.cu
check bad_grid 2 1 "$bin/cuda2hlo" --grid 0 k.cu
check bad_emit 2 1 "$bin/cuda2hlo" --emit nope k.cu
check no_input 2 1 "$bin/cuda2hlo"
check missing_arg 2 1 "$bin/cuda2hlo" k.cu --size
# Outputs (src/base/output.c): never written through a planted symlink, never over an input.
t=$(mktemp -d); here=$(cd "$(dirname "$0")/../golden" && pwd)
cp "$here/smooth.cu" "$t/k.cu"; echo keep > "$t/victim"; ln -s victim "$t/out.mlir"; ln -s k.cu "$t/alias.cu"
kf="$t/k.cu --grid 4 --block 256 --size u=1000 --size v=1000 --set n=1000"
check output_replaces_symlink 0 - $bin/cuda2hlo $kf -o "$t/out.mlir"
check output_symlink_target_kept 0 - grep -qx keep "$t/victim"
check output_symlink_replaced 0 - test -f "$t/out.mlir" -a ! -L "$t/out.mlir"
check output_is_input 2 1 $bin/cuda2hlo $kf -o "$t/k.cu"
check output_is_input_by_link 2 1 $bin/cuda2hlo $kf -o "$t/alias.cu"
check output_input_kept 0 - grep -q __global__ "$t/k.cu"
check output_no_folder 1 1 $bin/cuda2hlo $kf -o "$t/none/x.mlir"
check output_no_temp_left 0 - test "$(ls -A "$t" | wc -l)" = 4
# 2000 nested parentheses (clang allows 2048) convert: the parse runs on a big stack.
python3 -c "print('__global__ void k(float *x) { x[threadIdx.x] = ' + '('*2000 + '1.0f' + ')'*2000 + '; }')" > "$t/deep.cu"
check nesting_2000_parens 0 - $bin/cuda2hlo "$t/deep.cu" --grid 1 --block 32 --size x=32 -o "$t/deep.mlir"
rm -f "$t/deep.cu" "$t/deep.mlir"
# --report names the strategy that raised each kernel and each one tried before (docs/report.md).
check report_strategy_affine 0 - grep -qx "  strategy affine" <($bin/cuda2hlo $kf --report -o "$t/r.mlir" 2>&1)
# A vote under a data-dependent guard (not every lane of the warp may run it) stays SIMT.
printf '__global__ void k(unsigned *s, const float *x) { if (x[threadIdx.x] > 0.0f) s[threadIdx.x] = __ballot_sync(0xffffffffu, x[threadIdx.x] > 0.5f); }\n' > "$t/at.cu"
at="$t/at.cu --grid 1 --block 32 --size s=32 --size x=32 --report -o $t/r.mlir"
check report_strategy_simt 0 - grep -qx "  strategy simt" <($bin/cuda2hlo $at 2>&1)
check report_tried 0 - grep -q "  tried affine: not applicable at 1:.*: a warp vote that not every thread of whole warps runs" <($bin/cuda2hlo $at 2>&1)
# A shfl_xor whose mask leaves its segment of 8 stays SIMT, the affine try naming it where it is.
printf '__global__ void k(float *s, const float *x) { s[threadIdx.x] = __shfl_xor_sync(0xffffffffu, x[threadIdx.x], 8, 8); }\n' > "$t/at.cu"
at="$t/at.cu --grid 1 --block 32 --size s=32 --size x=32 --report -o $t/r.mlir"
check report_tried_shfl_xor 0 - grep -q "  tried affine: not applicable at 1:.*: a shfl_xor whose lane mask leaves the segment" <($bin/cuda2hlo $at 2>&1)
# An atomicExch is kept in lane order: the affine try names it where it is.
printf '__global__ void k(int *s, const int *x) { atomicExch(s, x[threadIdx.x]); }\n' > "$t/at.cu"
at="$t/at.cu --grid 1 --block 32 --size s=1 --size x=32 --report -o $t/r.mlir"
check report_tried_exch 0 - grep -qx "  tried affine: not applicable at 1:43: an atomicExch/CAS/Inc/Dec (not commutative: kept in lane order)" <($bin/cuda2hlo $at 2>&1)
rm -f "$t/at.cu" "$t/r.mlir"
# A column loop (docs/report.md) that fails on a fact leaves the kernel to affine-unrolled:
# a store that does not move with k, a read at an index that depends on a carried value.
printf '__global__ void k(const float *x, float *o) { int i = threadIdx.x; float s = 0;\n for (int k = 0; k < 8; k++) { s += x[k * 32 + i]; o[i] = s; } }\n' > "$t/c1.cu"
c1="$t/c1.cu --grid 1 --block 32 --size x=256 --size o=32 --report -o $t/r.mlir"
check column_fixed_store 0 - grep -q "^  tried affine: not applicable at 2:.*: the store is not injective" <($bin/cuda2hlo $c1 2>&1)
check column_fixed_store_unrolled 0 - grep -qx "  strategy affine-unrolled" <($bin/cuda2hlo $c1 2>&1)
printf '__global__ void k(const float *x, const int *n, float *o) { int i = threadIdx.x; int j = i; float s = 0;\n for (int k = 0; k < 8; k++) { j = n[j]; s += x[j]; o[k * 32 + i] = s; } }\n' > "$t/c2.cu"
c2="$t/c2.cu --grid 1 --block 32 --size x=32 --size n=32 --size o=256 --report -o $t/r.mlir"
check column_carried_index 0 - grep -q "^  tried affine: not applicable at 2:.*: a column loop" <($bin/cuda2hlo $c2 2>&1)
check column_carried_index_unrolled 0 - grep -qx "  strategy affine-unrolled" <($bin/cuda2hlo $c2 2>&1)
printf '__global__ void k(const float *x, float *o) { int i = threadIdx.x; float s = 0;\n for (int k = 0; k < 100; k++) { s = s * 0.5f + x[k * 32 + i]; o[k * 32 + i] = s; } }\n' > "$t/c3.cu"
c3="$t/c3.cu --grid 1 --block 32 --size x=3200 --size o=3200 --report -o $t/r.mlir"
check column_loop_line 0 - grep -qx "  column loop at 2:2: a while over 100 iterations, carrying s" <($bin/cuda2hlo $c3 2>&1)
rm -f "$t/c1.cu" "$t/c2.cu" "$t/c3.cu" "$t/r.mlir"
check output_folder_failed 1 - $bin/cuda2hlo "$here/../kernels/atomic_return.cu" -o "$t/mods"
check output_folder_not_made 0 - test ! -e "$t/mods"
rm -rf "$t"
# --list-kernels: every kernel, template instances as launched, a template with no launch
# by its bare name; clang's errors in host code and other kernels do not stop it
golden=$(dirname "$0")/../golden
check_out() {  # check_out NAME WANT_STDOUT CMD...
	local name=$1 want=$2; shift 2
	local got; got=$("$@" 2>/dev/null)
	if [ "$got" != "$want" ]; then echo "FAIL $name: got '$got', want '$want'"; failn=$((failn+1)); else pass=$((pass+1)); fi
}
check_out list_instances "$(printf 'k<2>\nk<3>')" "$bin/cuda2hlo" --list-kernels "$golden/tmpl_host_template.cu"
check_out list_header_host "$(printf 'scale<2>\nscale<5>')" "$bin/cuda2hlo" --list-kernels "$(dirname "$0")/list/host_header.cu"
check_out list_kernel_pointer "$(printf 'scale<7>\nscale<5>\nunused')" "$bin/cuda2hlo" --list-kernels "$(dirname "$0")/list/kernel_pointer.cu"
check_out list_no_instance scale "$bin/cuda2hlo" --list-kernels "$golden/err/template_no_instance.cu"
check_out list_host_errors "$(printf 'scale\nbroken')" "$bin/cuda2hlo" --list-kernels "$golden/host_errors.cu"
# the bundled headers declare what whole programs use: with -v, clang's errors outside the
# kernels would be listed as warnings, and there must be none
kernels=$(dirname "$0")/../kernels
check_err() {  # check_err NAME WANT_STDERR CMD...
	local name=$1 want=$2; shift 2
	local got; got=$("$@" 2>&1 >/dev/null | grep -Ev '^cuda2hlo: [a-z_ ]+ [0-9.]+ s$')   # -v's stage times
	if [ "$got" != "$want" ]; then echo "FAIL $name: stderr '$got', want '$want'"; failn=$((failn+1)); else pass=$((pass+1)); fi
}
for f in app_host_main app_cg_profiler; do
	check_err "bundled_clean_$f" "" "$bin/cuda2hlo" -v --bundled-cuda --emit kir "$kernels/$f.cu"
done
# the toolkit's header names stand for the bundled set (a toolkit's vector_types.h in
# /usr/local/include must not be mixed in: "redefinition of 'char1'"); the guard macros are set
vt=$(mktemp -d)
printf '%s\n' '#include <vector_types.h>' '#include <driver_types.h>' '#include <cuda_runtime.h>' \
	'#ifndef __DRIVER_TYPES_H__' '#error no guard' '#endif' \
	'__global__ void k(float4 *y) { y[threadIdx.x].x = 1.0f; }' \
	'int main() { cudaDeviceProp p; cudaGetDeviceProperties(&p, 0); cudaThreadSynchronize();' \
	'  k<<<1, 32>>>(0); return p.major + p.multiProcessorCount; }' > "$vt/vt.cu"
check_err bundled_vector_types "" "$bin/cuda2hlo" -v --bundled-cuda --emit kir "$vt/vt.cu"
rm -rf "$vt"
# a header the bundled set lacks: parsed with the toolkit, when there is one
tk=${CUDA_PATH:-/usr/local/cuda}
if [ -r "$tk/include/cuda_runtime.h" ]; then
	got=$("$bin/cuda2hlo" -v --emit kir --grid 4 --block 256 "$golden/toolkit_headers.cu" 2>&1 >/dev/null)
	case $got in "cuda2hlo: note: parsing with the CUDA toolkit in '$tk': the file includes "*) pass=$((pass+1)) ;;
		*) echo "FAIL toolkit_fallback: stderr '$got'"; failn=$((failn+1)) ;; esac
	got=$("$bin/cuda2hlo" -v --bundled-cuda --emit kir --grid 4 --block 256 "$golden/toolkit_headers.cu" 2>&1 >/dev/null)
	case $got in *"parsing with the CUDA toolkit"*|"") echo "FAIL toolkit_bundled_forced: stderr '$got'"; failn=$((failn+1)) ;;
		*"'cub/cub.cuh' file not found (outside the converted code"*) pass=$((pass+1)) ;;
		*) echo "FAIL toolkit_bundled_forced: stderr '$got'"; failn=$((failn+1)) ;; esac
fi
# a header found nowhere (missing.c): the kernel before its #include converts silently, the
# one after it converts with a located warning (its macro could change the kernel) and a note
mh=$(mktemp -d)
printf '%s\n' '__global__ void before(float *x) { x[threadIdx.x] *= 2.0f; }' '#include "no_such_lib.h"' \
	'__global__ void after(float *x) {' '#ifdef LIB_SCALE' '  x[threadIdx.x] *= LIB_SCALE;' '#else' \
	'  x[threadIdx.x] *= 3.0f;' '#endif' '}' > "$mh/mh.cu"
mhf="--emit kir --grid 1 --block 32 --size x=32"
check_err missing_header_before "" "$bin/cuda2hlo" $mhf --kernel before "$mh/mh.cu"
check missing_header_after 0 6 "$bin/cuda2hlo" $mhf --kernel after "$mh/mh.cu"
got=$("$bin/cuda2hlo" $mhf --kernel after "$mh/mh.cu" 2>&1 >/dev/null | grep -E '^[^ ]')
want="$mh/mh.cu:3:17: warning: kernel 'after' converted after an #include of 'no_such_lib.h', a header found nowhere and parsed as empty: a macro or an overload it declares could change the kernel's meaning
__global__ void after(float *x) {
$mh/mh.cu:2:10: note: 'no_such_lib.h' included here (-I DIR adds the folder that has it)
#include \"no_such_lib.h\""
if [ "$got" != "$want" ]; then echo "FAIL missing_header_warning: '$got'"; failn=$((failn+1)); else pass=$((pass+1)); fi
rm -rf "$mh"
if [ -x "$bin/cuda2hlo-run" ]; then
	check run_help 0 - "$bin/cuda2hlo-run" --help
	check run_bad_flag 2 1 "$bin/cuda2hlo-run" --bogus
	for f in --in --out --backend --bench --check; do
		check "run_help_$f" 0 - grep -q -- "$f" <("$bin/cuda2hlo-run" --help)
	done
fi
echo "$pass passed, $failn failed"
[ "$failn" = 0 ]
