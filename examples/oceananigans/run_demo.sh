#!/usr/bin/env bash
# run_demo.sh BUILD: `make demo` for the ocean example (scripts/demo.sh calls it).
#  1. builds the emulated original (main.cu + ocean.cu on the CUDA emulator) at 64x64x16,
#  2. converts ocean.cu with `cuda2hlo --entry simulate`,
#  3. runs 200 steps on the bundled executor's default backend (cpu when it runs the
#     module, else interp) and on XLA CPU through jaxlib, from the emulated original's
#     step-0 state, and compares T, S, u, v, eta with the emulated original's 200 steps
#     (relative L2 at most 1e-9; the demo fails loudly otherwise),
#  4. continues on the bundled executor to DEMO_STEPS steps in all (the front breaks
#     into eddies), printing the energy table, and writes the PNG of surface temperature.
# Environment: DEMO_STEPS (total steps, default 5760 = 10 days of dt = 150 s: eddies),
# DEMO_EVERY (table period, 576), DEMO_BACKEND (force interp|cpu|pjrt), DEMO_XLA=0 (skip
# the XLA check), DEMO_DIR (work folder, default BUILD/demo-ocean), OCEAN_DT (150 s).
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
case $build in /*) ;; *) build=$root/$build ;; esac
steps=${DEMO_STEPS:-5760} every=${DEMO_EVERY:-576}
work=${DEMO_DIR:-$build/demo-ocean}
dt=${OCEAN_DT:-150}
export OCEAN_DT=$dt
py=$root/build/venv/bin/python
[ -x "$py" ] || py=python3
die() { echo "demo: FAILED: $*" >&2; exit 1; }
t() { date +%s.%N; }
el() { awk -v a="$1" -v b="$(t)" 'BEGIN { printf "%.1f", b - a }'; }
for tool in cuda2hlo ocean_run; do
  [ -x "$build/bin/$tool" ] || die "$build/bin/$tool is not built (make)"
done
mkdir -p "$work"
start=$(t)
echo "demo: the Oceananigans-style ocean model (examples/oceananigans), 64 x 64 x 16, dt = $dt s"

# 1-2: emulated original and conversion; 3: 200-step check on a backend.
# cpu (compiled loops) is the default; interp when cpu is not built or fails on the module.
backend=${DEMO_BACKEND:-cpu}
checks=$backend
[ "${DEMO_XLA:-1}" = 0 ] || checks="$checks,xla"
echo "demo: step 1-3: emulated original, conversion, 200 steps on $checks vs the emulated original"
bash "$here/check.sh" "$build" "$work" --grid 64,64,16 --steps 200 --backends "$checks" | tee "$work/check.log"
rc=${PIPESTATUS[0]}
if [ "$rc" -ne 0 ] && [ "$backend" = cpu ] && [ -z "${DEMO_BACKEND:-}" ] &&
   grep -q "^check: cpu: .*(exit [^0]" "$work/check.log"; then
  echo "demo: the cpu backend cannot run the module; falling back to interp"
  backend=interp
  OCEAN_MODULE=$work/ocean.mlir bash "$here/check.sh" "$build" "$work" --grid 64,64,16 --steps 200 \
    --backends interp | tee "$work/check2.log"
  rc=${PIPESTATUS[0]}
  if [ "${DEMO_XLA:-1}" != 0 ] && ! grep -q "^xla .*: OK" "$work/check.log"; then rc=1; fi
fi
[ "$rc" -eq 0 ] || die "the converted model does not match the emulated original (see above)"

# 4: the long run, from the checked 200-step state.
if [ "$steps" -gt 200 ]; then
  echo "demo: step 4: $((steps - 200)) more steps on $backend (to $steps, $(awk -v n="$steps" -v dt="$dt" 'BEGIN { printf "%.1f", n * dt / 86400 }') days)"
  "$build/bin/ocean_run" "$work/ocean.mlir" --init "$work/out-$backend" --first 0 \
    --dt "$dt" --steps "$((steps - 200))" --every "$every" --backend "$backend" --out "$work/final" \
    --start 200 --png "$work/surface_T.png" || die "the long run failed"
else
  "$build/bin/ocean_run" "$work/ocean.mlir" --init "$work/out-$backend" --first 0 --steps 0 \
    --png "$work/surface_T.png" >/dev/null || die "cannot write the PNG"
fi
echo "demo: surface temperature: $work/surface_T.png"
echo "demo: done in $(el "$start") s"
