#!/bin/sh
# scripts/hecbench-cc.sh BINDIR OUTDIR PROGRAM...: builds each HeCBench program
# (/work/hecbench/src/PROGRAM-cuda, read-only: copied to OUTDIR/PROGRAM-cuda first, the
# other programs linked beside it for the inputs some read from a sibling) with
# `make CC=cuda2hlo-cc`, runs `make run` (the suite's default arguments) on
# $CUDA2HLO_BACKEND under a time limit ($TIMEOUT s, default 300), and prints one line per
# program: PASS (exit 0 and the output says PASS), FAIL, RAN (exit 0, no PASS/FAIL printed),
# BUILD (cuda2hlo-cc or clang failed), RAISE (a launch was refused: cuda2hlo diagnostic),
# CRASH (other non-zero exit), TIMEOUT. Logs stay in OUTDIR/PROGRAM-cuda/{build,run}.log.
# Nothing of the suite is copied into this repository.
bin=$(cd "$1" && pwd) out=$2
shift 2
src=${HECBENCH:-/work/hecbench/src}
mkdir -p "$out"
for s in "$src"/*-cuda; do [ -e "$out/${s##*/}" ] || ln -s "$s" "$out/${s##*/}"; done
for p in "$@"; do
  d=$out/$p-cuda
  rm -rf "$d" && cp -r "$src/$p-cuda" "$d" && chmod -R u+w "$d"
  if ! make -C "$d" CC="$bin/cuda2hlo-cc" NVCC="$bin/cuda2hlo-cc" >"$d/build.log" 2>&1; then
    echo "BUILD $p"; continue
  fi
  CUDA2HLO_CACHE_DIR=${CUDA2HLO_CACHE_DIR:-$out/cache} timeout "${TIMEOUT:-300}" \
    make -C "$d" CC="$bin/cuda2hlo-cc" NVCC="$bin/cuda2hlo-cc" run >"$d/run.log" 2>&1
  rc=$?
  if [ $rc = 124 ]; then r=TIMEOUT
  elif grep -q "cuda2hlo: launch of kernel" "$d/run.log"; then r=RAISE
  elif [ $rc != 0 ]; then r=CRASH
  elif grep -qi "fail" "$d/run.log"; then r=FAIL
  elif grep -qi "pass" "$d/run.log"; then r=PASS
  else r=RAN
  fi
  echo "$r $p"
done
