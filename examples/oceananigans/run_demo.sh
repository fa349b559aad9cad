#!/usr/bin/env bash
# run_demo.sh BUILD: `make demo` for the ocean example (scripts/demo.sh calls it): the
# wind-driven baroclinic channel of channel.cuh (-DOCEAN_CASE=CHANNEL: split-explicit free
# surface, WENO vector-invariant momentum, WENO5 tracers, beta plane, wind stress, surface
# restoring, quadratic bottom drag; README.md "The baroclinic channel").
#  1. builds the emulated original (main.cu + ocean.cu on the CUDA emulator) at DEMO_GRID,
#  2. converts ocean.cu with `cuda2hlo --entry simulate`,
#  3. runs 200 steps on the bundled executor's default backend (cpu when it runs the
#     module, else interp) and on XLA CPU through jaxlib, from the emulated original's
#     step-0 state, and compares T, S, u, v, eta with the emulated original's 200 steps
#     (relative L2 at most 1e-9; the demo fails loudly otherwise),
#  4. continues on the bundled executor to DEMO_STEPS steps in all (the channel's
#     temperature gradient breaks into eddies), printing the energy table and saving the
#     series (step, days, kinetic energy, tracer content: WORK/series.csv) and the fields
#     (WORK/final/*.npy),
#  5. draws the pictures with plot.py (matplotlib): WORK/surface_T.png,
#     WORK/surface_speed.png, WORK/series.png.
# Environment: DEMO_GRID (NX,NY,NZ, default 64,64,16), DEMO_STEPS (total steps, default
# 2880 = 20 days of dt = 600 s), DEMO_EVERY (table and series period, 72), DEMO_BACKEND
# (force interp|cpu|pjrt), DEMO_XLA=0 (skip the XLA check), DEMO_CHECK_STEPS (200: the
# steps of the check), DEMO_DIR (work folder, default
# BUILD/demo-ocean), OCEAN_DT (600 s), DEMO_CFLAGS (the case, -DOCEAN_CASE=CHANNEL).
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
case $build in /*) ;; *) build=$root/$build ;; esac
steps=${DEMO_STEPS:-2880} every=${DEMO_EVERY:-72}
work=${DEMO_DIR:-$build/demo-ocean}
dt=${OCEAN_DT:-600}
grid=${DEMO_GRID:-64,64,16}
check_steps=${DEMO_CHECK_STEPS:-200}
cflags=${DEMO_CFLAGS:--DOCEAN_CASE=CHANNEL}
IFS=, read -r nx ny nz <<<"$grid"
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
echo "demo: the Oceananigans-style ocean model (examples/oceananigans), $cflags, $nx x $ny x $nz, dt = $dt s"

# 1-2: emulated original and conversion; 3: 200-step check on a backend.
# cpu (compiled loops) is the default; interp when cpu is not built or fails on the module.
backend=${DEMO_BACKEND:-cpu}
checks=$backend
[ "${DEMO_XLA:-1}" = 0 ] || checks="$checks,xla"
echo "demo: step 1-3: emulated original, conversion, $check_steps steps on $checks vs the emulated original"
bash "$here/check.sh" "$build" "$work" --grid "$grid" --steps "$check_steps" --backends "$checks" \
  --cflags "$cflags" | tee "$work/check.log"
rc=${PIPESTATUS[0]}
if [ "$rc" -ne 0 ] && [ "$backend" = cpu ] && [ -z "${DEMO_BACKEND:-}" ] &&
   grep -q "^check: cpu: .*(exit [^0]" "$work/check.log"; then
  echo "demo: the cpu backend cannot run the module; falling back to interp"
  backend=interp
  OCEAN_MODULE=$work/ocean.mlir bash "$here/check.sh" "$build" "$work" --grid "$grid" --steps "$check_steps" \
    --backends interp --cflags "$cflags" | tee "$work/check2.log"
  rc=${PIPESTATUS[0]}
  if [ "${DEMO_XLA:-1}" != 0 ] && ! grep -q "^xla .*: OK" "$work/check.log"; then rc=1; fi
fi
[ "$rc" -eq 0 ] || die "the converted model does not match the emulated original (see above)"

# 4: the long run, from the checked state; the series: the check run's rows (steps 0 and
# $check_steps) and the long run's after it.
series=$work/series.csv
cp "$work/series-$backend.csv" "$series" || die "the check wrote no series"
if [ "$steps" -gt "$check_steps" ]; then
  echo "demo: step 4: $((steps - check_steps)) more steps on $backend (to $steps, $(awk -v n="$steps" -v dt="$dt" 'BEGIN { printf "%.1f", n * dt / 86400 }') days)"
  "$build/bin/ocean_run" "$work/ocean.mlir" --init "$work/out-$backend" --first 0 \
    --nx "$nx" --ny "$ny" --nz "$nz" --dt "$dt" --steps "$((steps - check_steps))" --every "$every" \
    --backend "$backend" --out "$work/final" --start "$check_steps" --series "$work/series-long.csv" ||
    die "the long run failed"
  tail -n +3 "$work/series-long.csv" >>"$series"
else
  rm -rf "$work/final" && cp -r "$work/out-$backend" "$work/final"
fi

# 5: the pictures.
echo "demo: step 5: pictures (plot.py)"
"$py" "$here/plot.py" "$work/final" "$series" --grid "$grid" --out "$work" || die "plot.py failed"
for f in surface_T surface_speed series; do
  [ -s "$work/$f.png" ] || die "no $work/$f.png"
done
echo "demo: done in $(el "$start") s"
