#!/bin/sh
# scripts/hecbench-cc.sh BINDIR OUTDIR PROGRAM...: builds each HeCBench program
# (/work/hecbench/src/PROGRAM-cuda, read-only: copied to OUTDIR/PROGRAM-cuda first, the
# other programs linked beside it for the inputs some read from a sibling) with
# `make CC=cuda2hlo-cc NVCC=cuda2hlo-cc`, runs `make run` (the suite's default arguments)
# on $CUDA2HLO_BACKEND (default cpu) under a time limit ($TIMEOUT s, default 300) with
# CUDA2HLO_CUDART_STATS=1, and prints one line per program, RESULT PROGRAM REASON:
#   PASS     exit 0 and the output says PASS (and no FAIL)
#   FAIL     the output says FAIL (a wrong result: the program's own check)
#   RAN      exit 0, neither PASS nor FAIL printed
#   BUILD    cuda2hlo-cc, clang or the link failed (reason: the first error line)
#   RAISE    a launch was refused with a located diagnostic (reason: the diagnostic)
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
for s in "$src"/*-cuda; do [ -e "$out/${s##*/}" ] || ln -s "$s" "$out/${s##*/}"; done
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
    grep -v cuda2hlo-stats "$log" | grep -qi pass && why="PASS printed before;"
    why="$why $(grep cuda2hlo-stats "$log" | tail -1 | cut -c17-200)"
  elif grep -q "cuda2hlo: launch of kernel" "$log"; then r=RAISE why=$(first 'error:|cuda2hlo: launch' "$log")
  elif grep -q "is not implemented by libcuda2hlo_cudart" "$log"; then r=CRASH why=$(first 'not implemented' "$log")
  elif [ $rc != 0 ]; then r=CRASH why=$(grep -v -e '^make' -e cuda2hlo-stats "$log" | tail -1 | cut -c1-160)
  elif grep -v cuda2hlo-stats "$log" | grep -qi fail; then r=FAIL why=$(grep -v cuda2hlo-stats "$log" | grep -m1 -i fail | cut -c1-160)
  elif grep -v cuda2hlo-stats "$log" | grep -qi pass; then r=PASS
  else r=RAN
  fi
  echo "$r $p $why"
done | tee "$out/results.txt"
awk '{ n[$1]++ } END { s = ""; for (r in n) s = s " " r " " n[r]; print "summary:" s " of " NR }' "$out/results.txt"
