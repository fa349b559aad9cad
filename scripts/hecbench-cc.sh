#!/bin/sh
# scripts/hecbench-cc.sh BINDIR OUTDIR PROGRAM...: builds each HeCBench program
# (/work/hecbench/src/PROGRAM-cuda, read-only: copied to OUTDIR/PROGRAM-cuda first, the
# other folders of src/ linked beside it for the inputs and headers some read from a
# sibling) with
# `make CC=cuda2hlo-cc NVCC=cuda2hlo-cc`, runs `make run` (the suite's default arguments)
# on $CUDA2HLO_BACKEND (default cpu) under a time limit ($TIMEOUT s, default 300) with
# CUDA2HLO_CUDART_STATS=1, and prints one line per program, RESULT PROGRAM REASON:
#   PASS     exit 0 and the output says PASS (and no FAIL)
#   FAIL     the output says FAIL (a wrong result: the program's own check)
#   RAN      exit 0, neither PASS nor FAIL printed
#   BUILD    cuda2hlo-cc, clang or the link failed (reason: the first error line)
#   OOM      stopped for memory: killed (SIGKILL, exit 137: the kernel's OOM killer), or
#            an allocation failed ('out of memory', 'Cannot allocate memory', bad_alloc;
#            e.g. under `ulimit -v`); checked before RAISE, whose launch line it may share
#   RAISE    a launch was refused with a located diagnostic (reason: the diagnostic)
#   INPUT    a non-zero exit after the program said it cannot open or find a file or
#            folder (an input the *-cuda folder does not hold: not ours), no launch refused
#   CRASH    another non-zero exit (reason: the last line of output)
#   TIMEOUT  the time limit (reason: "PASS printed before" when it was, and the last
#            cuda2hlo-stats line: per-launch run time of the kernel running then, or
#            "raising its module" when a raise was under way; none: no launch yet)
# then a summary line. Logs stay in OUTDIR/PROGRAM-cuda/{build,run}.log. Nothing of the
# suite is copied into this repository.
bin=$(cd "$1" && pwd) out=$2
shift 2
src=${HECBENCH:-/work/hecbench/src}
mkdir -p "$out"
# (every sibling: other programs, the -sycl/-hip folders some take their data from, and
# src/include, which some Makefiles name as ../include)
for s in "$src"/*; do [ -e "$out/${s##*/}" ] || ln -s "$s" "$out/${s##*/}"; done
oom='out of memory|Cannot allocate memory|bad_alloc|^Killed|^make.*(Killed|Error 137)$'
input='(cannot|could not|couldn.t|can.t|unable to|failed to|fail to|error:? failed to) (open|find|read|load)|No such file or directory'
# the program's output: without the stats lines and make's own (which name the folder)
out() { grep -v -e cuda2hlo-stats -e '^make\(\[[0-9]*\]\)\{0,1\}: ' "$1"; }
first() { grep -m1 -E "$1" "$2" | sed 's#^.*/##' | cut -c1-160; }
for p in "$@"; do
  d=$out/$p-cuda
  rm -rf "$d" && cp -r "$src/$p-cuda" "$d" && chmod -R u+w "$d"
  if ! make -C "$d" CC="$bin/cuda2hlo-cc" NVCC="$bin/cuda2hlo-cc" >"$d/build.log" 2>&1; then
    echo "BUILD $p $(first 'error' "$d/build.log")"; continue
  fi
  CUDA2HLO_CUDART_STATS=1 CUDA2HLO_CACHE_DIR=${CUDA2HLO_CACHE_DIR:-$out/cache} \
    timeout "${TIMEOUT:-300}" make -C "$d" CC="$bin/cuda2hlo-cc" NVCC="$bin/cuda2hlo-cc" run \
    >"$d/run.log" 2>&1
  rc=$?
  log=$d/run.log why=
  if [ $rc = 124 ]; then
    r=TIMEOUT
    out "$log" | grep -qi pass && why="PASS printed before;"
    why="$why $(grep cuda2hlo-stats "$log" | tail -1 | cut -c17-200)"
  elif [ $rc = 137 ] || grep -qE "$oom" "$log"; then
    r=OOM why=$(grep -v cuda2hlo-stats "$log" | grep -m1 -E "$oom" | cut -c1-160)
  elif grep -q "cuda2hlo: launch of kernel" "$log"; then r=RAISE why=$(first 'error:|cuda2hlo: launch' "$log")
  elif grep -q "is not implemented by libcuda2hlo_cudart" "$log"; then r=CRASH why=$(first 'not implemented' "$log")
  elif [ $rc != 0 ] && out "$log" | grep -qiE "$input"; then
    r=INPUT why=$(out "$log" | grep -m1 -iE "$input" | cut -c1-160)
  elif [ $rc != 0 ]; then r=CRASH why=$(grep -v -e '^make' -e cuda2hlo-stats "$log" | tail -1 | cut -c1-160)
  elif out "$log" | grep -qi fail; then r=FAIL why=$(out "$log" | grep -m1 -i fail | cut -c1-160)
  elif out "$log" | grep -qi pass; then r=PASS
  else r=RAN
  fi
  echo "$r $p $why"
done | tee "$out/results.txt"
awk '{ n[$1]++ } END { s = ""; for (r in n) s = s " " r " " n[r]; print "summary:" s " of " NR }' "$out/results.txt"
