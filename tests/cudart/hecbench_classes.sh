#!/bin/sh
# tests/cudart/hecbench_classes.sh BINDIR: scripts/hecbench-cc.sh's classes on small
# programs made here (Makefiles whose `run` prints what a program would; no compiler, no
# HeCBench file): each program's expected class is its name's prefix (before digits or '_').
set -u
bin=$1 root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
mk() {  # mk NAME RECIPE: a program whose `make run` runs RECIPE
  mkdir -p "$tmp/src/$1-cuda"
  printf 'main:\n\t@touch main\nrun: main\n\t@%s\n' "$2" > "$tmp/src/$1-cuda/Makefile"
}
mk pass 'echo PASS'
mk fail 'echo "FAIL at 3"'
mk ran 'echo done'
mk input1 'echo "Failed to open file genome.txt"; exit 1'
mk input2 'echo "Could not find a sub-directory with the name queries/"; exit 255'
mk oom1 'sh -c "kill -9 \$$$$"'
mk oom2 "echo \"cuda2hlo: launch of kernel 'k' (k.cu): cannot make the buffer of module parameter 'a' (out of memory)\" >&2; exit 1"
mk raise "echo \"cuda2hlo: launch of kernel 'k' (k.cu): k.cu:3:5: error: data race\" >&2; exit 1"
mk crash 'echo "Segmentation fault"; exit 139'
mk crash2 'echo "cannot open a file"; exit 0'
# neither word printed, in a folder whose name holds one (make names the folder: not the program's output)
mk ran_fail 'echo done'
mk ran_pass 'echo done'
names="pass fail ran input1 input2 oom1 oom2 raise crash crash2 ran_fail ran_pass"
HECBENCH=$tmp/src TIMEOUT=20 sh "$root/scripts/hecbench-cc.sh" "$bin" "$tmp/out" $names > "$tmp/log" 2>&1
cat "$tmp/log"
ok=1
for n in $names; do
  want=$(echo "$n" | sed 's/[0-9]*$//; s/_.*//' | tr a-z A-Z)
  [ "$want" = CRASH ] && [ "$n" = crash2 ] && want=RAN   # exit 0: not an input failure
  grep -q "^$want $n\( \|$\)" "$tmp/out/results.txt" || { echo "$n: expected $want"; ok=0; }
done
[ $ok = 1 ] && echo ok
[ $ok = 1 ]
