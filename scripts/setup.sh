#!/usr/bin/env bash
# Idempotent set-up: installs what the build and the tests need and nothing else.
#   Debian packages with apt-get (only the missing ones), then a Python virtual
#   environment under build/venv with numpy and jax[cpu]<0.11.
# When everything is present this takes a few seconds.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
venv="$here/build/venv"
pkgs="clang-22 libclang-22-dev llvm-22-dev libpolly-22-dev libisl-dev libcmocka-dev
      mlir-22-tools cmake make gcc g++ pkg-config libpng-dev zlib1g-dev libzstd-dev
      libedit-dev libffi-dev libxml2-dev libcurl4-openssl-dev python3-venv valgrind
      libclang-rt-22-dev libomp-22-dev"

missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "setup: installing Debian packages:$missing"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends $missing
fi

py=python3
stamp="$venv/.cuda2hlo-ok"
if [ ! -f "$stamp" ]; then
  echo "setup: creating Python environment in $venv"
  mkdir -p "$here/build"
  "$py" -m venv "$venv"
  "$venv/bin/pip" install -q --upgrade pip
  "$venv/bin/pip" install -q numpy "jax[cpu]<0.11" matplotlib
  "$venv/bin/python" -c "import jax, jaxlib, numpy; print('setup: jax', jax.__version__)"
  touch "$stamp"
fi
# matplotlib draws the ocean demo's pictures (examples/oceananigans/plot.py, ctest
# ocean_demo); an environment made before it was on the line above gets it here.
"$venv/bin/python" -c "import matplotlib" 2>/dev/null || "$venv/bin/pip" install -q matplotlib

# CPU PJRT plugins for `--backend pjrt` (runtime/pjrt, docs/pjrt.md): lammps-jax-pjrt-cpu
# is XLA of jaxlib 0.11.2 (StableHLO 1.20, newer than jaxlib 0.10's 1.17); xla-cpu-pjrt
# (an older XLA, PJRT API 0.81) ships the official pjrt_c_api.h that runtime/pjrt's ABI
# check compares its declarations with.
if ! "$venv/bin/python" -c "import lammps_jax_pjrt_cpu, xla_plugins.xla_cpu_pjrt" 2>/dev/null; then
  echo "setup: installing CPU PJRT plugins"
  "$venv/bin/pip" install -q "lammps-jax-pjrt-cpu==0.11.2" "xla-cpu-pjrt==0.0.1"
fi
