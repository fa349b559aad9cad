#!/usr/bin/env bash
# coverage.sh DIR [-j N] [--every N] [--resume LOG] [--build-flags] [-- CUDA2HLO_FLAGS...]: runs `cuda2hlo --emit kir` on every
# __global__ kernel of every .cu file under DIR (template kernels at the instances the
# file launches, as `cuda2hlo --list-kernels` names them) and prints per file and in
# total: kernels parsed, refused (grouped by diagnostic), crashed (a signal, or an exit
# status other than 0, 1, 2), and the files with no kernel. -j N: parallel jobs
# (default 2). --every N: a fixed sample, the 1st, (N+1)th, ... file in sorted order.
# --resume LOG: leave out the files an interrupted run's stderr LOG finished.
# --build-flags: add the -D/-U/-I/-std= flags of each file's own Makefile (`make -n -B`).
# CUDA2HLO=PATH picks the binary (default build/bin/cuda2hlo).
# Writes nothing but its report on stdout (docs/coverage.md holds a measured table);
# `coverage.sh --summarize LOG [TOP]` reads the stderr of a partial run.
here=$(cd "$(dirname "$0")/.." && pwd)
py=python3
[ -x "$here/build/venv/bin/python" ] && py="$here/build/venv/bin/python"
exec "$py" "$here/scripts/coverage.py" "$@"
