#!/usr/bin/env bash
# batch_test.sh BIN: ahead-of-time conversion (docs/batch.md). Several files and -o DIR
# convert every kernel of every file and go on past a refusal; -p with no file is a batch
# over compile_commands.json, whose response files (nvcc's --options-file, @file) hold
# include paths; --set of a host variable makes a launch's grid known; -v prints stage
# timings. The kernels are written here; the modules run and are compared with numpy.
bin=$(cd "$1" && pwd); py=${2:-python3}; pass=0; failn=0
here=$(cd "$(dirname "$0")" && pwd)
ok() { pass=$((pass+1)); }
fail() { echo "FAIL $1"; failn=$((failn+1)); }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cp "$here"/*.cu "$t/"; mkdir -p "$t/sub/inc"; cp "$here/inc/params.h" "$t/sub/inc/"
cp "$here/scale_n.cu" "$t/sub/scale_n.cu"

# --set of a host variable: (n + 127) / 128 blocks of 128 for n = 1000 is 8
"$bin/cuda2hlo" "$t/scale_n.cu" -o "$t/none.mlir" 2>"$t/err"; rc=$?
[ $rc = 1 ] && grep -q "has no launch configuration" "$t/err" && [ ! -e "$t/none.mlir" ] && ok || fail "no_set_no_launch rc=$rc"
"$bin/cuda2hlo" "$t/scale_n.cu" --set n=1000 -o "$t/s.mlir" 2>"$t/err" && ok || fail "host_set: $(cat "$t/err")"
grep -q "tensor<1000xf32>" "$t/s.mlir" && ok || fail host_set_size_1000
"$bin/cuda2hlo" "$t/scale_n.cu" --set n=1000 --emit loops | grep -q "launch grid 8,1,1 block 128,1,1" && ok || fail host_set_grid_8
# the module computes x*a for every i < n, with n = 1000 inside the 1024 threads
"$py" - "$bin" "$t" <<'PY' && ok || fail host_set_runs
import numpy as np, subprocess, sys, os
b, t = sys.argv[1], sys.argv[2]
x = np.random.default_rng(1).standard_normal(1000).astype(np.float32)
np.save(t + "/x.npy", x); np.save(t + "/a.npy", np.float32(3))
subprocess.run([b + "/cuda2hlo-run", t + "/s.mlir", "--in", "x=" + t + "/x.npy", "--in", "a=" + t + "/a.npy",
                "--out", t + "/o"], check=True)
assert np.array_equal(np.load(t + "/o/x.npy"), x * np.float32(3))
PY

# -v: one line per stage with its time
"$bin/cuda2hlo" -v "$t/scale_n.cu" --set n=1000 -o "$t/s.mlir" 2>"$t/err"
for s in frontend loopify raise emit write; do
	grep -Eq "^cuda2hlo: $s +[0-9]+\.[0-9]{3} s$" "$t/err" && ok || fail "verbose_$s: $(cat "$t/err")"
done

# a batch: two files convert, one kernel is refused (no launch), the rest goes on
"$bin/cuda2hlo" "$t/scale_n.cu" "$t/sub/scale_n.cu" "$t/two.cu" --set n=1000 -j 2 -o "$t/out" >"$t/sum" 2>"$t/err"; rc=$?
[ $rc = 1 ] && ok || fail "batch_rc=$rc $(cat "$t/err")"
grep -q "^cuda2hlo: 3 files, 4 kernels: 3 converted (2 dense, 1 with SIMT stores), 1 refused; 0 files refused$" "$t/sum" && ok || fail "batch_summary: $(cat "$t/sum")"
grep -Eq "^refused +.*two\.cu +lonely +.*two\.cu:[0-9]+:[0-9]+: error: kernel 'lonely' has no launch configuration" "$t/sum" && ok || fail batch_reason
grep -Eq "^converted +.*two\.cu +gather +SIMT" "$t/sum" && ok || fail batch_simt
for m in scale_n/scale.mlir sub/scale_n/scale.mlir two/gather.mlir; do
	[ -f "$t/out/$m" ] && ok || fail "batch_module_$m"
done
[ "$(find "$t/out" -type f | wc -l)" = 3 ] && ok || fail "batch_only_converted: $(find "$t/out")"
cmp -s "$t/out/scale_n/scale.mlir" "$t/s.mlir" && ok || fail batch_same_as_single

# -p: the include folder is in nvcc's --options-file (as CMake writes it), then in @file
cd "$t/sub"
printf -- '-I"inc"\n' > inc.rsp
printf '[{"directory": "%s", "file": "k.cu", "command": "nvcc --options-file inc.rsp -c k.cu"}]\n' "$t/sub" > compile_commands.json
cp "$here/uses_header.cu" k.cu
"$bin/cuda2hlo" -p . k.cu -o k.mlir 2>"$t/err" && grep -q "tensor<64xf32>" k.mlir && ok || fail "options_file: $(cat "$t/err")"
printf '[{"directory": "%s", "file": "k.cu", "command": "clang++ @inc.rsp -c k.cu"}]\n' "$t/sub" > compile_commands.json
"$bin/cuda2hlo" -p compile_commands.json k.cu -o k2.mlir 2>"$t/err" && cmp -s k.mlir k2.mlir && ok || fail "at_file: $(cat "$t/err")"
rm inc.rsp
"$bin/cuda2hlo" -p . k.cu -o k3.mlir 2>"$t/err"; rc=$?
[ $rc = 1 ] && [ ! -e k3.mlir ] && grep -q "cannot read response file" "$t/err" && ok || fail "rsp_missing rc=$rc"
printf -- '-I"inc"\n' > inc.rsp
"$bin/cuda2hlo" -p . -o "$t/db" >"$t/sum" 2>"$t/err"; rc=$?
[ $rc = 0 ] && grep -q "^cuda2hlo: 1 files, 1 kernels: 1 converted (1 dense, 0 with SIMT stores), 0 refused" "$t/sum" &&
	cmp -s "$t/db/k/fill.mlir" k.mlir && ok || fail "compdb_batch rc=$rc: $(cat "$t/sum" "$t/err")"
echo "$pass passed, $failn failed"
[ $failn = 0 ]
