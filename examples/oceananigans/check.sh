#!/usr/bin/env bash
# check.sh BUILD WORK [--grid NX,NY,NZ] [--steps N] [--backends interp,cpu,xla]
#          [--cflags "-DNAME=V ..."]
# The converted ocean model against the emulated original: builds the emulated model
# (build_emulated.py) at the grid with the extra compile flags of --cflags (a
# configuration: -DHALO=4, -DOCEAN_...; the same flags go to cuda2hlo and cuda2hlo-cc), saves its step-0 state and its state after N steps,
# converts ocean.cu with `cuda2hlo --entry simulate` (dt and scheme bound, nsteps and
# first left as runtime scalars), runs the module N steps from the step-0 state on each
# backend (interp and cpu through ocean_run, which also writes WORK/series-B.csv: step 0
# and step N of --series; xla through jaxlib with IEEE arithmetic:
# no FMA contraction, no reciprocal division, tests/lib/xla.py; xla-fast with XLA CPU's own
# defaults, bound 1e-9) and compares every field
# both save (relative L2: 0 on cpu, at most 1e-12 on xla, 1e-9 otherwise). The state's arrays and their lengths (cuda2hlo's
# --size) come from the emulated build's `--fields` (the list in state.cuh). Backend `cc` is the unmodified program instead: main.cu
# built with cuda2hlo-cc (each launch raised at run time, libcuda2hlo_cudart on cpu) and run
# N steps with the emulated run's arguments; it needs no conversion (docs/cudart.md). Exit 0 all pass, 1 a failure, 77 (SKIP) when cuda2hlo
# does not support --entry. Prints `N passed, N failed`.
# Environment: OCEAN_DT (the time step, default 150 s: main.cu's), OCEAN_MODULE=FILE reuses
# a converted module (skips the conversion; it must have been converted with that dt).
set -u
build=$1 work=$2
shift 2
grid=64,64,16 steps=200 backends=interp dt=${OCEAN_DT:-150} cflags=
while [ $# -gt 0 ]; do
  case $1 in
    --grid) grid=$2; shift 2 ;;
    --steps) steps=$2; shift 2 ;;
    --backends) backends=$2; shift 2 ;;
    --cflags) cflags=$2; shift 2 ;;
    *) echo "check.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
case $build in /*) ;; *) build=$root/$build ;; esac
py=${CUDA2HLO_PYTHON_BIN:-$root/build/venv/bin/python}
[ -x "$py" ] || py=python3
IFS=, read -r nx ny nz <<<"$grid"
mkdir -p "$work"
pass=0 fail=0
finish() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ] || exit 1; exit 0; }
note() { echo "check: $*"; }
t() { date +%s.%N; }
el() { awk -v a="$1" -v b="$(t)" 'BEGIN { printf "%.1f", b - a }'; }

defs="-DNX=$nx -DNY=$ny -DNZ=$nz $cflags"
t0=$(t)
if ! "$py" "$here/build_emulated.py" "$work/ocean-emu" $defs; then
  note "FAIL: the emulated build"; fail=$((fail + 1)); finish
fi
note "emulated original built ($(el "$t0") s)"
rm -rf "$work/init" "$work/ref"; mkdir -p "$work/init" "$work/ref"
"$work/ocean-emu" --dt "$dt" --steps 0 --save "$work/init" >/dev/null || { note "FAIL: emulated set-up"; fail=$((fail + 1)); finish; }
t0=$(t)
"$work/ocean-emu" --dt "$dt" --steps "$steps" --every "$steps" --save "$work/ref" | tail -1 || { note "FAIL: emulated run"; fail=$((fail + 1)); finish; }
e=$(el "$t0")
note "emulated original: $steps steps in $e s ($(awk -v e="$e" -v n="$steps" 'BEGIN { printf "%.1f", 1e3 * e / n }') ms/step)"

module=${OCEAN_MODULE:-$work/ocean.mlir}
if [ -z "${OCEAN_MODULE:-}" ] && [ "$backends" != cc ]; then
  sizes=$("$work/ocean-emu" --fields | awk '{ printf " --size %s=%s", $1, $2 }')
  t0=$(t)
  if ! "$build/bin/cuda2hlo" "$here/ocean.cu" $defs --entry simulate --set dt="$dt" --set scheme=1 \
       --report $sizes -o "$module" 2>"$work/convert.err"; then
    cat "$work/convert.err"
    if grep -qi "entry.*not \(supported\|built\)\|unknown option\|unrecognized" "$work/convert.err"; then
      note "SKIP: cuda2hlo cannot convert --entry yet"; exit 77
    fi
    note "FAIL: conversion"; fail=$((fail + 1)); finish
  fi
  note "converted with --entry simulate in $(el "$t0") s: $module ($(wc -c <"$module") bytes)"
  note "--report: $(grep -E '^  (gathers|scatters|whiles) ' "$work/convert.err" | sed 's/^  //' | paste -sd, -)"
fi

IFS=, read -ra list <<<"$backends"
for b in "${list[@]}"; do
  out="$work/out-$b"
  rm -rf "$out"
  t0=$(t)
  case $b in cpu) tol=0 ;; xla) tol=1e-12 ;; *) tol=1e-9 ;; esac
  if [ "$b" = xla ] || [ "$b" = xla-fast ]; then
    arith=ieee; [ "$b" = xla-fast ] && arith=fast
    "$py" "$here/ocean_check.py" xla "$module" "$work/init" "$steps" "$out" --arith "$arith"
  elif [ "$b" = cc ]; then
    mkdir -p "$out" && "$build/bin/cuda2hlo-cc" -O2 $defs "$here/main.cu" -o "$work/ocean-cc" &&
      CUDA2HLO_BACKEND=cpu CUDA2HLO_CACHE_DIR="$work/cache" "$work/ocean-cc" --dt "$dt" \
        --steps "$steps" --every "$steps" --save "$out" | sed 's/^/  /'
  else
    "$build/bin/ocean_run" "$module" --init "$work/init" --nx "$nx" --ny "$ny" --nz "$nz" \
      --dt "$dt" --steps "$steps" --every "$steps" --backend "$b" --out "$out" \
      --series "$work/series-$b.csv" | sed 's/^/  /'
  fi
  rc=${PIPESTATUS[0]}
  note "$b: $steps steps in $(el "$t0") s (exit $rc)"
  if [ "$rc" -eq 0 ] && "$py" "$here/ocean_check.py" compare "$work/ref" "$out" --tol "$tol" --label "$b ${nx}x${ny}x${nz} $steps steps"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
  fi
done
finish
