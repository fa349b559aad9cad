#!/usr/bin/env bash
# make demo (after setup and build): the Oceananigans-style ocean model in its baroclinic
# channel case (examples/oceananigans/channel.cuh) converted with `cuda2hlo --entry
# simulate`, checked against the emulated original for 200 steps on the bundled executor
# and on XLA CPU, then run 20 days until the channel is full of eddies, with the energy
# table, the series (CSV) and the pictures (PNG: surface temperature, surface speed, kinetic
# energy and tracer content). examples/oceananigans/run_demo.sh does the work; DEMO_GRID,
# DEMO_STEPS, DEMO_BACKEND, DEMO_XLA=0 tune it (see that script).
set -u
build=${1:-build}
cd "$(dirname "$0")/.." || exit 1
exec bash examples/oceananigans/run_demo.sh "$build"
