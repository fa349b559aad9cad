#!/usr/bin/env bash
# coverage_test.sh BIN: scripts/coverage.sh on tests/unit/coverage (two.cu: 3 kernels, one
# refused for device printf in a loop, and a template never instantiated, counted apart; none.cu: no
# kernel) gives those totals and that class, both from its report and from --summarize of
# its stderr (and of a log in the format before templates were counted apart); --every 2 takes every other file; a .cu
# file another includes is counted there; --build-flags takes a file's flags from its Makefile
# (and, where it builds with -dc, the program's other .cu files as --rdc-source).
bin=$1; here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && pwd); failn=0
t=$(mktemp -d)
CUDA2HLO="$bin/cuda2hlo" "$root/scripts/coverage.sh" "$here/coverage" -j 1 >"$t/out" 2>"$t/err"
want() {  # want FILE TEXT
	grep -qF -- "$2" "$1" || { echo "FAIL: '$2' not in $1:"; cat "$1"; failn=$((failn+1)); }
}
want "$t/out" "files: 2 .cu, 1 with no kernel, 0 whose kernels could not be listed"
want "$t/out" "kernels: 3, parsed 2 (66.7%), refused 1, crashed 0; templates never instantiated: 1"
want "$t/out" "| 1 | refused | device printf inside a loop cannot be translated | $here/coverage/two.cu:11:34 (talk) |"
want "$t/out" "| 1 | template | 'X' is a kernel template: name an instance, e.g. --kernel 'X' | $here/coverage/two.cu:20:39 (unused) |"
"$root/scripts/coverage.sh" --summarize "$t/err" >"$t/sum"
want "$t/sum" "kernels: 3, parsed 2 (66.7%), refused 1, crashed 0; templates never instantiated: 1"
want "$t/sum" "| 1 | refused | device printf inside a loop cannot be translated |"
# the stderr of a run before templates were counted apart: the template was a refusal
grep -v "templates$" "$t/err" | sed 's/^  template: /  refused: /' >"$t/old"
sed -n 's/ crashed, [0-9]* templates$/ crashed/p' "$t/err" | sed 's/1 refused/2 refused/' >>"$t/old"
"$root/scripts/coverage.sh" --summarize "$t/old" >"$t/oldsum"
want "$t/oldsum" "kernels: 3, parsed 2 (66.7%), refused 1, crashed 0; templates never instantiated: 1"
# --every 2: the 1st, 3rd, ... file in sorted order (none.cu of none.cu, two.cu)
CUDA2HLO="$bin/cuda2hlo" "$root/scripts/coverage.sh" "$here/coverage" -j 1 --every 2 >"$t/every" 2>/dev/null
want "$t/every" "files: 1 .cu, 1 with no kernel, 0 whose kernels could not be listed"
# --resume LOG leaves out the files LOG finished: here all of them
CUDA2HLO="$bin/cuda2hlo" "$root/scripts/coverage.sh" "$here/coverage" -j 1 --resume "$t/err" >"$t/resumed" 2>/dev/null
want "$t/resumed" "files: 0 .cu, 0 with no kernel, 0 whose kernels could not be listed"
# a .cu file that another file includes is measured there, not on its own
mkdir "$t/inc"
printf '#include "k.cu"\nint main() { return 0; }\n' >"$t/inc/main.cu"
printf '__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }\n' >"$t/inc/k.cu"
CUDA2HLO="$bin/cuda2hlo" "$root/scripts/coverage.sh" "$t/inc" -j 1 >"$t/inc.out" 2>/dev/null
want "$t/inc.out" "kernels: 1, parsed 1 (100.0%), refused 0, crashed 0; templates never instantiated: 0"
want "$t/inc.out" "included: k.cu (by main.cu; its kernels count there)"
# --build-flags: the kernel needs its Makefile's -DREAL=float and -I inc (refused without them)
CUDA2HLO="$bin/cuda2hlo" "$root/scripts/coverage.sh" "$here/coverage_flags" -j 1 >"$t/nf.out" 2>/dev/null
want "$t/nf.out" "kernels: 1, parsed 0 (0.0%), refused 1, crashed 0"
CUDA2HLO="$bin/cuda2hlo" "$root/scripts/coverage.sh" "$here/coverage_flags" -j 1 --build-flags >"$t/bf.out" 2>/dev/null
want "$t/bf.out" "kernels: 1, parsed 1 (100.0%), refused 0, crashed 0"
# --build-flags on a program built with -dc: a.cu's kernel calls b.cu's device function,
# found through --rdc-source b.cu (refused without it); b.cu needs nothing of a.cu
mkdir "$t/rdc"
printf '__device__ float twice(float x);\n__global__ void k(float *x) { x[threadIdx.x] = twice(x[threadIdx.x]); }\n' >"$t/rdc/a.cu"
printf '__device__ float twice(float x) { return 2.0f * x; }\n__global__ void other(float *x) { x[0] = twice(x[1]); }\n' >"$t/rdc/b.cu"
printf 'prog: a.o b.o\n\tnvcc a.o b.o -o prog\n%%.o: %%.cu\n\tnvcc -std=c++17 -dc $< -o $@\n' >"$t/rdc/Makefile"
CUDA2HLO="$bin/cuda2hlo" "$root/scripts/coverage.sh" "$t/rdc" -j 1 >"$t/rnf.out" 2>/dev/null
want "$t/rnf.out" "kernels: 2, parsed 1 (50.0%), refused 1, crashed 0"
CUDA2HLO="$bin/cuda2hlo" "$root/scripts/coverage.sh" "$t/rdc" -j 1 --build-flags >"$t/rbf.out" 2>/dev/null
want "$t/rbf.out" "kernels: 2, parsed 2 (100.0%), refused 0, crashed 0"
rm -rf "$t"
[ "$failn" = 0 ] && echo "coverage: all pass"
exit $((failn > 0))
